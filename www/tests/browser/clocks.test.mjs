// End-to-end tests of the clocks at one screen and against the AI, in
// headless Chromium on Playwright's fake clock (paused: time moves only as
// the test moves it, no sleeps): Fischer's increment and a loss on time
// kept in the record, a pause, byo-yomi's periods against the AI, the
// low-time warning with its tenths, and the times kept over a reload. Screenshots at
// 1280 and 360 px, in English and Dutch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { T0, clockFaces as faces, playerSuite, until } from './friend-page.mjs';
import { clickPoint, newGame } from './play-page.mjs';

const { player, shot: fullShot } = playerSuite();

/** The play page in a browser of its own, its time paused a second after T0. */
const openPage = ({ phone = false, lang = 'en' } = {}) => player({ clock: T0, paused: true, phone, lang });


/** Moves the page's time on by `ms`; the clocks' next tick draws them then. */
const wait = (page, ms) => page.context().clock.fastForward(ms);

/** A screenshot once no animation runs (asked from here: the page's own frames wait on its paused time). */
async function shot(page, name) {
  await until(page, () => !window.federa.animating());
  await fullShot(page, name);
}

test('Fischer at one screen: the first move is free, the increment follows each move, and a side out of time loses', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'human', pie: false, clock: '60+1' });
  assert.ok(await page.isVisible('#clocks'));
  assert.deepEqual(await faces(page), ['1:00 | +1 s a move | ', '1:00 | +1 s a move | ']);
  await wait(page, 5000);
  await clickPoint(page, 'c3');
  assert.deepEqual(await faces(page), ['1:00 | +1 s a move | ', '1:00 | +1 s a move | running'], 'the first move cost nothing');
  await wait(page, 30_000);
  assert.deepEqual(await faces(page), ['1:00 | +1 s a move | ', '0:30 | +1 s a move | running']);
  await clickPoint(page, 'b2');
  assert.deepEqual(await faces(page), ['1:00 | +1 s a move | running', '0:31 | +1 s a move | ']);
  // A tap pauses both clocks; the time paused does not count; another tap goes on.
  await page.click('#clocks .clock.light');
  await wait(page, 10_000);
  assert.deepEqual(await faces(page), ['1:00 | paused: tap to go on | ', '0:31 | +1 s a move | ']);
  assert.equal(await page.getAttribute('#clocks .clock.dark', 'aria-pressed'), 'true');
  await page.keyboard.press('Enter');
  assert.deepEqual(await faces(page), ['1:00 | +1 s a move | running', '0:31 | +1 s a move | '], 'the focused clock, pressed again by keyboard');
  await wait(page, 50_600);
  assert.deepEqual(await faces(page), ['0:09.4 | +1 s a move | running low', '0:31 | +1 s a move | '], 'tenths and the warning under ten seconds');
  await shot(page, 'clocks-one-screen');
  await wait(page, 9400);
  assert.deepEqual(await faces(page), ['0:00.0 | out of time | low flagged', '0:31 | +1 s a move | ']);
  assert.equal(await page.textContent('#turn'), 'Light wins on time (second player)');
  const record = await page.evaluate(() => window.federa.annotated());
  assert.match(record, /\[TimeControl "60\+1"\]/);
  assert.match(record, /\[Result "W"\]/);
  assert.match(record, /\[Termination "time"\]/);
  // Over: no move is taken, and the clocks stand.
  await wait(page, 5000);
  assert.deepEqual(await faces(page), ['0:00.0 | out of time | low flagged', '0:31 | +1 s a move | ']);
});

test('a take-back hands the turn back without the increment, and a move after a pause is the mover\'s', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'human', pie: false, clock: '60+1' });
  await clickPoint(page, 'c3');
  await wait(page, 5000);
  await clickPoint(page, 'b2');
  await wait(page, 3000);
  assert.deepEqual(await faces(page), ['0:57 | +1 s a move | running', '0:56 | +1 s a move | ']);
  await page.click('#btn-undo');
  assert.deepEqual(await faces(page), ['0:57 | +1 s a move | ', '0:56 | +1 s a move | running'], 'Light to move again, its time running');
  await wait(page, 2000);
  await page.click('#clocks .clock.light');
  await wait(page, 30_000);
  await clickPoint(page, 'b3');
  assert.deepEqual(await faces(page), ['0:57 | +1 s a move | running', '0:55 | +1 s a move | '], 'the pause did not count, and Light had its increment');
});

test('byo-yomi against the AI: the periods, and the times kept over a reload', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light', pie: false, clock: '300/byo 5x20' });
  assert.deepEqual(await faces(page), ['5:00 | then 5 × 20 s | ', '5:00 | then 5 × 20 s | ']);
  await clickPoint(page, 'c3');
  await until(page, () => window.federa.status().ply === 2);
  // The AI answered at once on the paused time: its clock stands, the player's runs.
  assert.deepEqual(await faces(page), ['5:00 | then 5 × 20 s | running', '5:00 | then 5 × 20 s | ']);
  await wait(page, 310_000);
  assert.deepEqual(await faces(page), ['0:10 | 5 × 20 s left | running', '5:00 | then 5 × 20 s | '], 'main time spent, 10 s into the first period');
  await wait(page, 25_000);
  assert.deepEqual(await faces(page), ['0:05.0 | 4 × 20 s left | running', '5:00 | then 5 × 20 s | '], 'one period lost');
  await page.reload();
  await until(page, () => document.documentElement.classList.contains('ready') && window.federa);
  await wait(page, 100);
  assert.deepEqual(await faces(page), ['0:04.9 | 4 × 20 s left | running', '5:00 | then 5 × 20 s | '], 'the times kept over a reload');
  const legal = await page.evaluate(() => window.federa.legalMoves());
  await clickPoint(page, legal.find((m) => !m.includes('F')).replace(/^[BW][CS]/, ''));
  await until(page, () => window.federa.status().ply === 4);
  assert.deepEqual(await faces(page), ['0:20 | 4 × 20 s left | running', '5:00 | then 5 × 20 s | '], 'a move within the period keeps it whole');
  // A second on: the AI's piece has landed (its animation's frames run on the page's time).
  await wait(page, 1000);
  await shot(page, 'clocks-ai');
});

test('the clocks on a phone and in Dutch, at 1280 and 360 px', async () => {
  for (const [lang, phone] of [['nl', true], ['nl', false], ['en', true]]) {
    const page = await openPage({ phone, lang });
    await newGame(page, { size: 7, opponent: 'human', pie: false, clock: '600/byo 5x30' });
    await clickPoint(page, 'd4');
    await wait(page, 12_000);
    const then = lang === 'nl' ? 'daarna 5 × 30 s' : 'then 5 × 30 s';
    assert.deepEqual(await faces(page), [`10:00 | ${then} | `, `9:48 | ${then} | running`]);
    // The board's frames run on the page's time too.
    await wait(page, 1000);
    await shot(page, `clocks-${lang}${phone ? '-360' : ''}`);
  }
});
