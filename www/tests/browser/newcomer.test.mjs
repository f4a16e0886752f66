// End-to-end tests of a newcomer's first hour on the play page, in headless
// Chromium against dist/: a phone's taps that look before they act, words
// instead of move tokens, hints one can follow, reviews that give the same
// marks twice and step from the end, page-wide keys, auto-play, and a page
// that does not move under the reader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { PHONE, launch } from './browser.mjs';
import { clickPoint, newGame } from './play-page.mjs';
import { tapIn } from './embed-page.mjs';
import { engine } from '../unit/glue.mjs';

const { createI18n } = await import('../../js/i18n/i18n.js');
const { nameMove } = await import('../../js/i18n/words.js');
const { PIECE_CODES, pieceName } = await import('../../js/engine/facts.js');

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
/** A move token as records write it: a newcomer never reads one outside the move list. */
const TOKEN = /\b(?:[BW]F?[CS][a-y]\d{1,2}|swap)\b/;

let server;
/** @type {Map<string, Awaited<ReturnType<typeof launch>>>} */
const browsers = new Map();
const problems = [];

before(async () => {
  server = await serve(DIST, '/sub/federa/');
});

after(async () => {
  for (const b of browsers.values()) await b.close();
  await server?.close();
  assert.deepEqual(problems, []);
});

/** A browser of this kind (desktop, phone, Russian), launched once. */
async function browserOf(kind) {
  if (!browsers.has(kind)) {
    const options = { phone: PHONE, ruPhone: { ...PHONE, locale: 'ru-RU' }, ru: { locale: 'ru-RU' }, desktop: {} }[kind];
    browsers.set(kind, await launch(options));
  }
  return /** @type {Awaited<ReturnType<typeof launch>>} */ (browsers.get(kind));
}

/** A fresh page (empty storage) of the site, watched for console errors. */
async function openPage(kind = 'desktop', file = '', hash = '') {
  const page = await (await browserOf(kind)).context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    if (sessionStorage.getItem('federa.test.cleared')) return;
    localStorage.clear();
    sessionStorage.setItem('federa.test.cleared', '1');
  });
  await page.goto(server.url + file + hash);
  await page.waitForFunction(() => document.documentElement.classList.contains('ready'));
  if (!file) await page.waitForFunction(() => window.federa);
  return page;
}

const status = (page) => page.evaluate(() => window.federa.status());

/** Taps a point of the board with a finger. */
async function tap(page, point) {
  await page.locator('#board').scrollIntoViewIfNeeded();
  const at = await page.evaluate((p) => window.federa.pointPixel(p), point);
  assert.ok(at, `point ${point} is on the board`);
  await page.touchscreen.tap(at.x, at.y);
}

/** The point a legal move of the side to move acts on (a placement if there is one). */
async function someMovePoint(page) {
  const moves = await page.evaluate(() => window.federa.legalMoves());
  const token = moves.find((m) => !m.includes('F') && m !== 'swap') ?? moves.find((m) => m !== 'swap');
  return token.replace(/^[BW]F?[CS]/, '');
}

/**
 * The longest hint (in characters) the page can say in `lang` on a 9×9 board:
 * every kind of move and piece, at a corner point, judged at 100%.
 */
async function longestHint(lang) {
  const { t } = createI18n(lang, (await import(`../../js/i18n/catalogues/${lang}.js`)).default);
  const moves = [
    { kind: 'swap', token: 'swap' },
    ...PIECE_CODES.map(pieceName).flatMap((piece) => ['place', 'change'].map((kind) => ({ kind, piece, at: 'i9', token: '' }))),
  ];
  const hints = moves.map((move) => t('hint.move', { move: nameMove(t, /** @type {any} */ (move)), win: 100 }));
  return hints.reduce((a, b) => (b.length > a.length ? b : a));
}

async function reviewAndWait(page) {
  await page.click('#btn-review');
  await page.waitForFunction(() => {
    const { state } = window.federa.review();
    return !state.running && state.done === state.total && state.total > 0;
  }, null, { timeout: 120000 });
}

test('a visit on a phone: a first tap looks, a second plays, to the end of a game and its review', async () => {
  const page = await openPage('phone');
  // A first visit: a board a finger can play on, what a tap does said at once, and no room kept for an evaluation bar that is off.
  assert.equal((await status(page)).size, 9);
  assert.equal(await page.textContent('#message'), 'Tap a point to see what a move there would do, then tap it again or press Play.');
  assert.equal(await page.isVisible('#message'), true);
  const gap = await page.evaluate(() => document.getElementById('board').getBoundingClientRect().top - document.getElementById('board-area').getBoundingClientRect().top);
  assert.ok(gap < 4, `the board at the top of its area (${gap} px below)`);
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light', pie: false });
  assert.equal(await page.isVisible('#btn-play'), true);
  assert.equal(await page.isDisabled('#btn-play'), true);
  // The first tap shows the move and plays nothing.
  await tap(page, 'c3');
  assert.equal((await status(page)).ply, 0);
  assert.equal(await page.evaluate(() => window.federa.selected()), 'c3');
  assert.equal(await page.textContent('#btn-play'), 'Play: dark round at c3');
  // A tap elsewhere moves the selection; the shape switch changes what it would place.
  await tap(page, 'b2');
  assert.equal((await status(page)).ply, 0);
  await page.tap('#shape-square');
  assert.equal(await page.textContent('#btn-play'), 'Play: dark square at b2');
  await page.tap('#btn-play');
  await page.waitForFunction(() => window.federa.status().ply >= 2);
  assert.match(await page.evaluate(() => window.federa.record()), /^5x5 BSb2 W/);
  assert.equal(await page.evaluate(() => window.federa.selected()), null);
  await page.tap('#shape-round');
  // Then on to the end, each move by two taps on its point.
  for (let guard = 0; guard < 80 && !(await status(page)).winner; guard++) {
    await page.waitForFunction(() => {
      const st = window.federa.status();
      return st.winner || st.toMove === 'dark';
    });
    if ((await status(page)).winner) break;
    const at = await someMovePoint(page);
    const before = (await status(page)).ply;
    await tap(page, at);
    assert.equal((await status(page)).ply, before, `the first tap on ${at} plays nothing`);
    await tap(page, at);
    await page.waitForFunction((n) => window.federa.status().ply > n, before);
  }
  assert.ok((await status(page)).winner, 'the game ended');
  await reviewAndWait(page);
  // The review leaves the board at the end; Next mistake starts from the first move.
  const marked = await page.evaluate(() => window.federa.review().results.filter((r) => r && r.class !== 'fine').length);
  assert.equal(await page.isDisabled('#btn-next-mistake'), marked === 0);
  if (marked > 0) {
    await page.tap('#btn-next-mistake');
    assert.ok((await page.evaluate(() => window.federa.review().mistakeAt)) > 0);
    const note = await page.textContent('#review-note');
    assert.doesNotMatch(note, TOKEN);
    assert.match(note, /% of the win chance lost/);
  }
  await page.close();
});

/** Whether the element is wholly inside the window, as the reader sees it now. */
const inView = (page, selector) =>
  page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }, selector);

for (const kind of ['phone', 'desktop']) {
  test(`a review's next mistake keeps the board in view, and the button in reach (${kind})`, async () => {
    // Dark's last move, BCb2, throws away the win BSb2 had.
    const page = await openPage(kind, '', '#' + new URLSearchParams({ r: '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2', pie: '0' }));
    await reviewAndWait(page);
    await page.click('#nav-first');
    // The reader goes down to the review's buttons once; from there on, no scrolling.
    await page.locator('#btn-next-mistake').scrollIntoViewIfNeeded();
    for (let k = 0; k < 9 && (await page.evaluate(() => window.federa.review().mistakeAt)) !== 9; k++) {
      assert.ok(await inView(page, '#btn-next-mistake'), `Next mistake in view before step ${k + 1}`);
      await page.click('#btn-next-mistake');
      assert.ok(await inView(page, '#board'), `the board in view after step ${k + 1}`);
    }
    assert.equal(await page.evaluate(() => window.federa.review().mistakeAt), 9);
    assert.ok(await inView(page, '#review-note'), 'the mistake\'s words in view');
    await page.close();
  });
}

test('on a phone a puzzle whose answer is a square is solved by taps: the shape button, then the point; what a hint costs is said first', async () => {
  const file = await fs.readFile(path.join(DIST, 'puzzles.txt'), 'utf8');
  const [position, moves] = file
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .find(([, m]) => /^[BW]S[a-y]\d+ /.test(m));
  const line = moves.split(' ');
  const page = await openPage('phone', 'puzzles.html');
  await page.evaluate((current) => {
    const fresh = { version: 2, rating: { rating: 1500, rd: 350, vol: 0.06 }, attempts: [], solvedBefore: [], difficulty: 'normal', theme: 'any', current };
    localStorage.setItem('federa.puzzles', JSON.stringify(fresh));
  }, position);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains('puzzles-ready') && document.querySelector('#puzzle-board federa-board')?.api);
  assert.match(await page.textContent('#puzzle-tip'), /right-click places a square\. On your first try, Hint and Show solution count as a miss\.$/);
  const board = '#puzzle-board federa-board';
  const toggle = page.locator(`${board} button[data-action^="shape."]`);
  const played = () => page.evaluate((sel) => document.querySelector(sel).api.record().split('\n').at(-1).trim().split(' ').length - 1, board);
  for (let k = 0; k < line.length; k++) {
    const token = line[k];
    if (token[0] === line[0][0]) {
      if (token[1] !== 'F') {
        const shape = token[1] === 'S' ? '■ Square' : '● Round';
        if ((await toggle.textContent()) !== shape) await toggle.tap();
        assert.equal(await toggle.textContent(), shape);
      }
      // A frame after the board's answer is drawn, a first tap looks and a second plays.
      const point = token.match(/[a-y]\d+$/)[0];
      for (let n = 0; n < 2; n++) {
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await tapIn(page, board, point);
      }
    }
    await page.waitForFunction(([sel, n]) => document.querySelector(sel).api.record().split('\n').at(-1).trim().split(' ').length - 1 === n, [board, k + 1]);
  }
  assert.equal(await played(), line.length);
  await page.waitForFunction(() => !document.getElementById('puzzle-result').hidden);
  assert.match(await page.textContent('#puzzle-result'), /^Solved at the first try: /);
  assert.doesNotMatch(await page.textContent('#puzzle-tip'), /miss/, 'tried: no more to say about a miss');
  await page.close();
});

test('the new-game dialog fits a phone in Russian: no list past its edge', async () => {
  const page = await openPage('ruPhone');
  await page.tap('#btn-new');
  await page.waitForSelector('dialog[open]');
  const past = await page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    const edge = dialog.getBoundingClientRect().right;
    return [...dialog.querySelectorAll('select, input, button')].filter((e) => e.getBoundingClientRect().right > edge).map((e) => e.id || e.textContent);
  });
  assert.deepEqual(past, []);
  // The dialog is named by its heading.
  assert.equal(await page.evaluate(() => document.getElementById(document.querySelector('dialog[open]').getAttribute('aria-labelledby'))?.textContent), 'Новая партия');
  await page.close();
});

test('on a phone a group\'s badge covers none of what it counts: the group and its attackers', async () => {
  // A dark round in the middle, four light rounds around it.
  const record = '[Position "9/9/9/4c4/3cCc3/4c4/9/9/9 b 0"]\n9x9';
  const page = await openPage('phone', '', '#r=' + encodeURIComponent(record));
  await tap(page, 'e5');
  assert.equal(await page.isVisible('#badge'), true);
  const game = (await engine()).GameHandle.fromRecord(record, true);
  const group = game.groupAt(4, 4);
  game.free();
  const counted = [...group.points, ...group.darkAttackers, ...group.lightAttackers];
  assert.equal(counted.length, 5);
  const covered = await page.evaluate((points) => {
    const r = document.getElementById('badge').getBoundingClientRect();
    return points.filter((p) => {
      const at = window.federa.pointPixel(p);
      return at.x >= r.left && at.x <= r.right && at.y >= r.top && at.y <= r.bottom;
    });
  }, counted);
  assert.deepEqual(covered, []);
  await page.close();
});

test('on a phone a tap on a group shows it and its badge, and a candidate of the analysis is played only by a second tap', async () => {
  const page = await openPage('phone', '', '#r=' + encodeURIComponent('3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1'));
  await tap(page, 'b3');
  assert.equal((await status(page)).ply, 9);
  assert.equal(await page.isVisible('#badge'), true);
  assert.match(await page.textContent('#badge .tail'), /^Light may change this group/);
  assert.equal(await page.textContent('#message'), '');
  assert.equal(await page.textContent('#btn-play'), 'Play: changing the group at b3 to light squares');
  // The analysis board's candidate: the first tap shows its line, the second plays it.
  await page.tap('#btn-analysis');
  await page.waitForSelector('#candidate-list button.candidate');
  await page.waitForFunction(() => window.federa.analysis().done);
  const first = page.locator('#candidate-list button.candidate').first();
  assert.doesNotMatch(await first.textContent(), TOKEN);
  await first.tap();
  assert.equal((await status(page)).ply, 9);
  assert.notEqual(await page.evaluate(() => window.federa.analysis().line), null);
  await first.tap();
  await page.waitForFunction(() => window.federa.status().ply === 10);
  await page.close();
});

test('with confirmation turned off a tap plays at once', async () => {
  const page = await openPage('phone');
  await newGame(page, { size: 5, opponent: 'human' });
  await page.tap('.settings summary');
  await page.setChecked('#opt-confirm', false);
  assert.equal(await page.isVisible('#btn-play'), false);
  await tap(page, 'c3');
  assert.equal((await status(page)).ply, 1);
  await page.close();
});

test('the rules page on a phone says tap, and a tap on a piece shows its group instead of trying to change it', async () => {
  const page = await openPage('phone', 'rules.html');
  assert.match(await page.textContent('[data-i18n="rules.groups.task"]'), /^Tap a piece/);
  assert.match(await page.textContent('[data-i18n="rules.place.task"]'), /tap a point/);
  assert.doesNotMatch(await page.textContent('[data-i18n="rules.place.task"]'), /click/);
  // A tap on a dark round of the groups lesson's board: its group and badge, no move, no refusal.
  const board = '#groups federa-board';
  await page.waitForFunction((sel) => document.querySelector(sel)?.shadowRoot?.querySelector('canvas'), board);
  const before = await page.evaluate((sel) => document.querySelector(sel).api.record(), board);
  const box = await page.evaluate((sel) => {
    const element = document.querySelector(sel);
    element.scrollIntoView({ block: 'center' });
    const rect = element.shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { x: rect.x, y: rect.y, width: rect.width };
  }, board);
  // The board's geometry with coordinates shown: 1.15 cells of margin; b4 of 5×5.
  const cell = box.width / (5 - 1 + 2 * 1.15);
  await page.touchscreen.tap(box.x + (1.15 + 1) * cell, box.y + (1.15 + 5 - 1 - 3) * cell);
  const shown = await page.evaluate((sel) => {
    const root = document.querySelector(sel).shadowRoot;
    return { badge: !root.querySelector('.badge').hidden, message: root.querySelector('.message').textContent, record: document.querySelector(sel).api.record() };
  }, board);
  assert.deepEqual(shown, { badge: true, message: '', record: before });
  const desktop = await openPage('desktop', 'rules.html');
  assert.match(await desktop.textContent('[data-i18n="rules.place.task"]'), /left click/);
  await desktop.close();
  await page.close();
});

test('a hint in Russian is said in words, drawn in its own shape, and chooses that shape', async () => {
  const page = await openPage('ru', '', '#r=' + encodeURIComponent('5x5 BCc3 WSb3'));
  await page.click('#btn-hint');
  await page.waitForFunction(() => window.federa.hint() !== null, null, { timeout: 20000 });
  const hinted = await page.evaluate(() => window.federa.hint());
  const message = await page.textContent('#message');
  assert.match(message, /^Подсказка: /);
  assert.doesNotMatch(message, TOKEN);
  assert.doesNotMatch(message, /\b[BW]\b/);
  // The move list keeps tokens, with the colour's letter in Russian.
  const row = await page.$$eval('#move-list > li:first-child > *', (cells) => cells.map((c) => c.textContent.trim()));
  assert.deepEqual(row, ['1.', 'ТКc3', 'СКвb3']);
  if (hinted.group.length === 0) {
    const shape = hinted.piece.endsWith('Square') ? 'square' : 'round';
    assert.equal(await page.getAttribute(`#shape-${shape}`, 'aria-checked'), 'true');
  }
  await page.close();
});

test('after a swap the move list’s rows keep Dark in the first column', async () => {
  const page = await openPage('desktop', '', '#r=' + encodeURIComponent('5x5 BCc3 swap WSb3 BCc2 WCd4'));
  const rows = await page.$$eval('#move-list > li', (lis) => lis.map((li) => [...li.children].map((c) => c.textContent.trim())));
  assert.deepEqual(rows, [
    ['1.', 'BCc3', 'swap'],
    ['2…', '', 'WSb3'],
    ['3.', 'BCc2', 'WCd4'],
  ]);
  await page.close();
});

test('a game reviewed twice gets the same marks, and the coach judges a move as the review does', async () => {
  const game = '5x5 BCc3 WSb3 BCd2 WSb2 BSc4 WCd4 BCb4 WSd3 BSc2 WCe3';
  const marks = [];
  for (let k = 0; k < 2; k++) {
    const page = await openPage('desktop', '', '#r=' + encodeURIComponent(game));
    await reviewAndWait(page);
    marks.push(await page.evaluate(() => window.federa.review().results.map((r) => [r.class, Math.round(r.before * 1000), Math.round(r.after * 1000)])));
    await page.close();
  }
  assert.equal(marks[0].length, 10);
  assert.deepEqual(marks[1], marks[0]);
  // The coach on the same moves, played at one screen.
  const page = await openPage('desktop');
  await newGame(page, { size: 5, opponent: 'human', pie: true });
  await page.click('.settings summary');
  await page.setChecked('#opt-coach', true);
  assert.equal(await page.textContent('#coach-status'), 'Coach on: each of your moves will be judged.');
  const tokens = game.split(' ').slice(1);
  for (const [k, token] of tokens.slice(0, 4).entries()) {
    await clickPoint(page, token.slice(2), token[1] === 'S' ? 'right' : 'left');
    await page.waitForFunction((ply) => window.federa.judged()?.ply === ply, k + 1, { timeout: 20000 });
    const judged = await page.evaluate(() => window.federa.judged());
    assert.deepEqual([judged.class, Math.round(judged.before * 1000), Math.round(judged.after * 1000)], marks[0][k], `move ${k + 1}`);
  }
  assert.match(await page.textContent('#coach-status'), /^Coach: /);
  assert.doesNotMatch(await page.textContent('#coach-status'), TOKEN);
  await page.close();
});

test('the coach on a phone: its note on a blunder is under the board in view, and its verdict in the error colour', async () => {
  // Dark's next move, a round at b2, throws away the win a square there keeps.
  const page = await openPage('phone', '', '#' + new URLSearchParams({ r: '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3', pie: '0' }));
  await page.click('.settings summary');
  await page.setChecked('#opt-coach', true);
  await page.evaluate(() => scrollTo(0, 0));
  await page.tap('#shape-round');
  await tap(page, 'b2');
  await tap(page, 'b2');
  await page.waitForFunction(() => window.federa.judged()?.ply === 9, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.federa.judged().class), 'blunder');
  await page.waitForSelector('#coach:not([hidden])');
  const bottom = await page.evaluate(() => document.getElementById('btn-take-back').getBoundingClientRect().bottom);
  assert.ok(bottom <= 740, `Take it back in view (its bottom at ${bottom} px)`);
  const colours = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--error)';
    document.body.append(probe);
    const error = getComputedStyle(probe).color;
    probe.remove();
    return { status: getComputedStyle(document.getElementById('coach-status')).color, error };
  });
  assert.equal(colours.status, colours.error, 'a blunder is said in the error colour');
  await page.close();
});

test('N, P and A work wherever the focus is but in a field', async () => {
  const page = await openPage('desktop', '', '#r=' + encodeURIComponent('3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2'));
  await reviewAndWait(page);
  await page.click('h1');
  await page.keyboard.press('n');
  assert.ok((await page.evaluate(() => window.federa.review().mistakeAt)) > 0);
  const was = (await page.evaluate(() => window.federa.analysis())).on;
  await page.keyboard.press('a');
  assert.equal((await page.evaluate(() => window.federa.analysis())).on, !was);
  // Typed into a field, the letter is the reader's.
  await page.click('#btn-paste');
  await page.keyboard.type('a');
  assert.equal((await page.evaluate(() => window.federa.analysis())).on, !was);
  await page.close();
});

test('auto-play is for a game at one screen: hidden against the AI, and its button resets when the game ends', async () => {
  const page = await openPage('desktop');
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light' });
  assert.equal(await page.isHidden('#btn-autoplay'), true);
  assert.equal(await page.isHidden('#btn-random'), true);
  await newGame(page, { size: 5, opponent: 'human' });
  await page.click('#btn-autoplay');
  assert.equal(await page.textContent('#btn-autoplay'), 'Stop auto-play');
  await page.waitForFunction(() => window.federa.status().winner, null, { timeout: 60000 });
  await page.waitForFunction(() => document.getElementById('btn-autoplay').textContent === 'Auto-play');
  assert.equal(await page.getAttribute('#btn-autoplay', 'aria-pressed'), 'false');
  await page.close();
});

for (const kind of ['desktop', 'phone', 'ruPhone']) {
  test(`nothing moves under the reader (${kind}): a hint, an error, a tap's selection, the analysis board's value`, async () => {
    const page = await openPage(kind);
    await newGame(page, { size: 9, opponent: 'human' });
    // Where the board and the buttons are on the page (not in the viewport, which may scroll).
    const at = () =>
      page.evaluate(() => {
        const where = (id) => {
          const r = document.getElementById(id).getBoundingClientRect();
          return [r.x + scrollX, r.y + scrollY, r.width];
        };
        return { board: where('board'), controls: where('btn-new') };
      });
    const still = await at();
    await page.click('#btn-hint');
    await page.waitForFunction(() => window.federa.hint() !== null, null, { timeout: 20000 });
    assert.deepEqual(await at(), still, 'after a hint');
    // Which hint the timed search finds varies: the longest one must fit too.
    const longest = await longestHint(kind === 'ruPhone' ? 'ru' : 'en');
    await page.evaluate((text) => {
      /** @type {HTMLElement} */ (document.getElementById('message')).textContent = text;
    }, longest);
    assert.deepEqual(await at(), still, `after the longest hint, ${longest}`);
    // An error: changing an empty point by the keyboard cursor.
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('c');
    assert.notEqual(await page.textContent('#message'), '');
    assert.deepEqual(await at(), still, 'after an error');
    if (kind !== 'desktop') {
      await tap(page, 'a1');
      assert.notEqual(await page.evaluate(() => window.federa.selected()), null);
      await page.evaluate(() => scrollTo(0, 0));
      assert.deepEqual(await at(), still, 'with a point selected');
    }
    // The analysis turned on: on a phone the evaluation bar takes its room
    // above the board at the press (none is kept while it is off); its value,
    // arriving later, moves nothing.
    await page.click('#btn-analysis');
    const on = await at();
    if (kind === 'desktop') assert.deepEqual(on, still, 'the bar beside the board');
    await page.waitForSelector('#eval-bar:not([hidden])');
    assert.deepEqual(await at(), on, 'with the analysis board on');
    await page.close();
  });
}
