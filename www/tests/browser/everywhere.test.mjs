// End-to-end tests of Federa beyond the play page: offline use and updates,
// embedded boards (on another path of the site, in an iframe, with bad
// attributes), the interactive rules page, and the four languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch, launchOwn } from './browser.mjs';
import { clickPoint, newGame } from './play-page.mjs';
import { boardsReady, clickIn, messageIn as message, recordIn as recordOf } from './embed-page.mjs';
import { sameAsEnglish } from '../same-as-english.mjs';
import en from '../../js/i18n/catalogues/en.js';
import ru from '../../js/i18n/catalogues/ru.js';
import nl from '../../js/i18n/catalogues/nl.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
const SHOTS = path.resolve(here, '../../../target/screenshots');
const LANGUAGES = ['en', 'nl', 'ru', 'sr'];

let server;
let browser;
const problems = [];

before(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  server = await serve(DIST, '/sub/federa/', { '/elsewhere/': path.join(here, '../fixtures') });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/// Notes in `into` every console error, uncaught exception and request
/// outside `origin` of the page.
function watch(page, origin, into = problems) {
  page.on('console', (m) => {
    if (m.type() === 'error') into.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => into.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      into.push(`request outside the origin: ${url}`);
    }
  });
  return page;
}

/// Opens one of Federa's pages (or, with `ours` false, another site's page).
async function open(url, lang = 'en', ours = true) {
  const page = watch(await browser.context.newPage(), server.origin);
  await page.addInitScript((l) => localStorage.setItem('federa.lang', l), lang);
  await page.goto(url);
  if (ours) await page.waitForFunction(() => document.documentElement.classList.contains('ready'));
  return page;
}

test('two embedded boards on another part of the site, and a bad attribute', async () => {
  const page = await open(`${server.origin}/elsewhere/two-boards.html`, 'en', false);
  await boardsReady(page);
  // The still diagram: a board, its caption, no controls, no moves.
  const still = await page.evaluate(() => {
    const root = document.querySelector('#still').shadowRoot;
    return {
      canvas: Boolean(root.querySelector('canvas')),
      caption: root.querySelector('.caption').textContent,
      bar: root.querySelector('.bar').hidden,
      font: getComputedStyle(root.querySelector('.caption')).fontFamily,
    };
  });
  assert.ok(still.canvas);
  assert.equal(still.caption, 'A corner group');
  assert.equal(still.bar, true);
  assert.doesNotMatch(still.font, /Comic/, 'page styles do not leak in');
  await clickIn(page, '#still', 'c3');
  assert.equal(await recordOf(page, '#still'), '[Position "5/5/5/c4/Cc3 b 0"]\n5x5', 'a diagram takes no moves');
  // The playable board accepts a move.
  await clickIn(page, '#live', 'd4');
  assert.equal(await recordOf(page, '#live'), '7x7 BCd4');
  assert.match(await message(page, '#live'), /Dark placed a dark round piece at d4/);
  // The bad attribute: a message in the element; the page goes on.
  const bad = await page.evaluate(() => document.querySelector('#bad').shadowRoot.textContent);
  assert.match(bad, /size attribute is “99”; it takes/);
  assert.match(bad, /2 to 25/);
  assert.equal(await page.textContent('#after'), 'Text after.');
  await page.screenshot({ path: path.join(SHOTS, 'embed-two-boards.png'), fullPage: true });
  await page.close();
});

/// The shadow root's text of `part` (a CSS selector) in the board `selector`.
const partText = (page, selector, part) =>
  page.evaluate(([sel, p]) => document.querySelector(sel).shadowRoot.querySelector(p).textContent, [selector, part]);

test('an embedded board keeps the reader\'s moves when only its view changes, and starts afresh when its game does', async () => {
  const page = await open(`${server.origin}/elsewhere/two-boards.html`, 'en', false);
  await boardsReady(page);
  await clickIn(page, '#live', 'd4');
  assert.equal(await recordOf(page, '#live'), '7x7 BCd4');
  // Attributes of the view, then the language: the move stays.
  await page.evaluate(() => {
    const board = document.querySelector('#live');
    board.setAttribute('highlight', 'a1 b2');
    board.setAttribute('coordinates', 'false');
    board.setAttribute('caption', 'After one move');
    board.setAttribute('lang', 'nl');
  });
  const toMove = nl['embed.toMove'].replace('{color}', nl['color.light']);
  await page.waitForFunction((text) => document.querySelector('#live').shadowRoot.querySelector('.status').textContent === text, toMove);
  assert.equal(await recordOf(page, '#live'), '7x7 BCd4');
  assert.equal(await partText(page, '#live', '.caption'), 'After one move');
  // The same through the API.
  await page.evaluate(() => document.querySelector('#live').api.set({ hints: true, attackers: false }));
  await page.evaluate(() => document.querySelector('#live').api.ready);
  assert.equal(await recordOf(page, '#live'), '7x7 BCd4');
  // A key of the game: a new game.
  await page.evaluate(() => document.querySelector('#live').setAttribute('size', '5'));
  await page.waitForFunction(() => document.querySelector('#live').api.record() === '5x5');
  await page.close();
});

test('an embedded board\'s removed attribute returns to its default', async () => {
  const page = await open(`${server.origin}/elsewhere/two-boards.html`, 'en', false);
  await boardsReady(page);
  await page.evaluate(() => document.querySelector('#still').removeAttribute('caption'));
  await page.evaluate(() => document.querySelector('#still').api.ready);
  assert.equal(await page.evaluate(() => document.querySelector('#still').shadowRoot.querySelector('.caption').hidden), true);
  assert.equal(await partText(page, '#still', '.caption'), '');
  // Not interactive, then the attribute removed: the board takes moves again.
  const applied = () => page.evaluate(() => document.querySelector('#live').api.ready);
  await page.evaluate(() => document.querySelector('#live').setAttribute('interactive', 'false'));
  await applied();
  await clickIn(page, '#live', 'c3');
  assert.equal(await recordOf(page, '#live'), '7x7');
  await page.evaluate(() => document.querySelector('#live').removeAttribute('interactive'));
  await applied();
  await clickIn(page, '#live', 'c3');
  assert.equal(await recordOf(page, '#live'), '7x7 BCc3');
  await page.close();
});

test('an embedded board plays by keyboard, and names itself and its live region on the board', async () => {
  const page = await open(`${server.origin}/elsewhere/two-boards.html`, 'en', false);
  await boardsReady(page);
  const names = await page.evaluate(() => {
    const root = document.querySelector('#live').shadowRoot;
    const board = root.querySelector('.board');
    return {
      role: board.getAttribute('role'),
      name: board.getAttribute('aria-label'),
      focusable: board.tabIndex,
      canvas: root.querySelector('.board canvas').getAttribute('aria-label'),
      live: root.querySelector('.board-host .announcer').getAttribute('aria-live'),
    };
  });
  assert.deepEqual(names, {
    role: 'application',
    name: en['board.application'],
    focusable: 0,
    canvas: `${en['board.label'].replaceAll('{size}', '7')}. ${en['embed.toMove'].replace('{color}', en['color.dark'])}`,
    live: 'polite',
  });
  await page.evaluate(() => document.querySelector('#live').shadowRoot.querySelector('.board').focus());
  await page.keyboard.press('Enter'); // the cursor, at the centre: d4
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(
    (said) => document.querySelector('#live').shadowRoot.querySelector('.announcer').textContent === said,
    `d5: ${en['board.empty']}`,
  );
  await page.keyboard.press('r');
  assert.equal(await recordOf(page, '#live'), '7x7 BCd5');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('s');
  assert.equal(await recordOf(page, '#live'), '7x7 BCd5 WSe5');
  assert.match(await message(page, '#live'), /^Light placed a light square piece at e5/);
  await page.close();
});

test('the embed\'s review mode shows an annotated record\'s graph, glyphs and comments, and reviews a plain one', async () => {
  const page = await open(server.url + 'embed.html');
  await boardsReady(page);
  const review = page.locator('#demo-review');
  const text = (selector) => review.locator(selector).first().textContent();
  assert.equal(await text('.comment'), 'A short game on 5x5.', 'the game\'s comment at the start');
  assert.equal(await review.locator('.graph circle.graph-mark.inaccuracy').count(), 1);
  assert.equal(await text('.move-list .mv[data-ply="4"] .glyph-mark.inaccuracy'), '?!');
  const heights = await review.locator('.move-list .mv').evaluateAll((moves) => moves.map((m) => m.getBoundingClientRect().height));
  assert.ok(heights.length > 0 && heights.every((h) => h >= 24), `every move a target of 24 px or more (${heights.join(', ')})`);
  assert.equal(await review.locator('[data-action="btn.review"]').count(), 0, 'every move has its evaluation');
  for (let k = 0; k < 4; k++) await review.locator('[data-action="btn.forward"]').click();
  assert.match(await text('.status'), /Move 4 of 5/);
  assert.equal(await text('p.comment'), 'Too far from the fight.');
  await review.locator('.move-list .variation .mv').click();
  assert.equal(await text('p.comment'), 'Close to Dark.', 'a variation\'s comment');
  // A plain record: the reader has the AI review it.
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<federa-board id="plain" mode="review" pie="false" record="3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2"></federa-board>',
    ),
  );
  await boardsReady(page);
  const plain = page.locator('#plain');
  await plain.locator('[data-action="btn.review"]').click();
  await plain.locator('.move-list .mv[data-ply="9"] .glyph-mark.blunder').waitFor({ timeout: 30000 });
  await page.waitForFunction(() => !document.querySelector('#plain').shadowRoot.querySelector('[data-action="btn.cancel"]'));
  assert.ok((await plain.locator('.graph circle.graph-mark.blunder').count()) >= 1);
  assert.equal(await plain.locator('[data-action="btn.review"]').count(), 0, 'reviewed');
  assert.match(await page.evaluate(() => document.querySelector('#plain').api.record()), /^3x3 BSa1/);
  await page.close();
});

// A comment is read as being about the move above its start: the move it
// annotates, also when that move is the second of its row.
test('the embed\'s review demo shows each comment under the move it annotates, at 1280 and 360 px', async () => {
  for (const width of [1280, 360]) {
    const page = await open(server.url + 'embed.html');
    await page.setViewportSize({ width, height: 800 });
    await boardsReady(page);
    const placed = await page.evaluate(() => {
      const list = document.querySelector('#demo-review').shadowRoot.querySelector('.move-list');
      const buttons = [...list.querySelectorAll(':scope > li > .mv')].map((b) => ({ ply: b.dataset.ply, box: b.getBoundingClientRect() }));
      return [...list.querySelectorAll(':scope > li.note-row .comment')].map((c) => {
        const box = c.getBoundingClientRect();
        // The lowest row of moves above the comment, and in it the move
        // over the comment's first letters.
        const above = buttons.filter((b) => b.box.bottom <= box.top + 1);
        const row = Math.max(...above.map((b) => b.box.bottom));
        const over = above.find((b) => b.box.bottom === row && b.box.left <= box.left + 4 && box.left + 4 < b.box.right);
        return [c.textContent, over?.ply ?? null];
      });
    });
    assert.deepEqual(placed, [['The centre.', '1'], ['Too far from the fight.', '4']], `${width} px`);
    await page.close();
  }
});

test('a problem refuses a wrong move with its author\'s text, answers the right ones, gives a hint and reports solved', async () => {
  const page = await open(server.url + 'embed.html');
  await boardsReady(page);
  await page.evaluate(() => {
    window.events = [];
    const board = document.querySelector('#demo-problem');
    for (const name of ['solved', 'failed', 'hint']) board.addEventListener(`federa-${name}`, (e) => window.events.push([name, e.detail]));
  });
  const record = () => page.evaluate(() => document.querySelector('#demo-problem').api.record());
  const start = await record();
  // A round at b2 is the author's wrong answer: taken back, with its text.
  await clickIn(page, '#demo-problem', 'b2');
  assert.equal(await message(page, '#demo-problem'), 'A round here throws the win away. Try again.');
  assert.equal(await record(), start, 'taken back');
  // The hint rings the next right move's point.
  await page.locator('#demo-problem [data-action="btn.hint"]').click();
  assert.equal(await message(page, '#demo-problem'), 'Hint: the move is at b2.');
  // The solution: the reader plays Dark, the board answers for Light.
  const line = [['b2', 'right'], ['c2'], ['c3'], ['a1']];
  for (const [k, [point, button]] of line.entries()) {
    await clickIn(page, '#demo-problem', point, button);
    // The board's answer for Light follows each right move but the last.
    if (k < line.length - 1) {
      await page.waitForFunction(
        (n) => document.querySelector('#demo-problem').api.record().split('\n').at(-1).split(' ').length === n,
        1 + 2 * (k + 1),
      );
    }
  }
  assert.match(await record(), / BSb2 WFSa1 BFSc2 WFCa3 BFSc3 WFSa2 BFCa1$/);
  assert.match(await message(page, '#demo-problem'), /^Solved! Every point is dark\./);
  const events = await page.evaluate(() => window.events.map(([name, detail]) => [name, detail.token ?? detail.at ?? null]));
  assert.deepEqual(events, [['failed', 'BCb2'], ['hint', 'b2'], ['solved', null]]);
  await page.close();
});

/// The puzzles of the page's file, as fields.
async function puzzleFile() {
  const text = await fs.readFile(path.join(DIST, 'puzzles.txt'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line, index) => {
      const [position, moves, plies, rating, themes] = line.split('\t');
      return { index, position, line: moves.split(' '), plies: Number(plies), rating: Number(rating), themes };
    });
}

/// Opens the puzzles page with `progress` stored (once: a reload keeps
/// what the page stored since).
async function openPuzzles(progress, lang = 'en', width = 1280) {
  const page = watch(await browser.context.newPage(), server.origin);
  await page.setViewportSize({ width, height: 860 });
  await page.addInitScript(
    ([l, p]) => {
      localStorage.setItem('federa.lang', l);
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('federa.puzzles', p);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [lang, JSON.stringify(progress)],
  );
  await page.goto(server.url + 'puzzles.html');
  await page.waitForFunction(() => document.documentElement.classList.contains('puzzles-ready'));
  await boardsReady(page);
  return page;
}

const PUZZLE_BOARD = '#puzzle-board federa-board';

/// The mouse button that plays `token`: the right one places a square, a
/// click on a group changes it.
const buttonFor = (token) => (token[1] === 'S' ? 'right' : 'left');

/// Plays the reader's moves of `line` (the board answers the others),
/// from its move `from` until `upTo` of them are on the board.
async function playLine(page, line, reader, upTo = line.length, from = 0) {
  for (let k = from; k < upTo; k++) {
    const token = line[k];
    if (token[0] === reader) {
      const point = token.match(/[a-y][0-9]+$/)[0];
      await clickIn(page, PUZZLE_BOARD, point, buttonFor(token));
    }
    await page.waitForFunction(
      ([sel, n]) => document.querySelector(sel).api.record().split('\n').at(-1).trim().split(' ').length === n,
      [PUZZLE_BOARD, 1 + k + 1],
    );
  }
}

/// The page's own explanation of the wrong move `token` (kind and words),
/// worked out from the engine as the board does, the worker's search run
/// here.
const explanation = (page, position, token, plies, lang = 'en') =>
  page.evaluate(
    async ([position, token, plies, lang]) => {
      const at = (file) => import(new URL(`js/${file}`, location.href).href);
      const { loadEngine } = await at('engine/engine.js');
      const { ProofCtrl } = await at('pages/embed/proof-ctrl.js');
      const { explainLine } = await at('ai/explain.js');
      const { explainWrong } = await at('i18n/words.js');
      const { loadLanguage } = await at('i18n/i18n.js');
      const engine = await loadEngine();
      const explainer = { explain: (r) => Promise.resolve(explainLine(engine, r.position, r.side, r.plies)) };
      const game = engine.GameHandle.fromPosition(position, false);
      const ctrl = new ProofCtrl(engine, game, plies, explainer);
      game.play(token);
      const error = ctrl.check(game.moveAt(0), game);
      const why = (await ctrl.explaining) ?? error.why;
      game.free();
      const { t } = await loadLanguage(lang);
      return { kind: why.kind, words: explainWrong(t, why), tryAgain: t('problem.tryAgain') };
    },
    [position, token, plies, lang],
  );

/// Waits until the board's message says `text`.
const messageSays = (page, selector, text) =>
  page.waitForFunction(([sel, text]) => document.querySelector(sel).shadowRoot.querySelector('.message').textContent === text, [selector, text]);

const FRESH = { version: 2, rating: { rating: 1500, rd: 350, vol: 0.06 }, attempts: [], solvedBefore: [], difficulty: 'normal', theme: 'any', current: null };

test('a puzzle solved by keyboard alone: Tab to the board, the cursor to the answer, its key, then Tab to the next puzzle', async () => {
  const puzzles = await puzzleFile();
  // A one-ply puzzle whose answer is a change (c at the cursor).
  const one = puzzles.find((p) => p.plies === 1 && p.line[0][1] === 'F');
  assert.ok(one, 'the file has one');
  const page = await openPuzzles({ ...FRESH, current: one.position });
  /** Whether the focus is on the puzzle's board. */
  const onBoard = () => page.evaluate((sel) => document.activeElement === document.querySelector(sel) && document.querySelector(sel).shadowRoot.activeElement?.classList.contains('board'), PUZZLE_BOARD);
  let tabs = 0;
  while (!(await onBoard()) && tabs < 40) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  assert.ok(await onBoard(), `the board is reached by Tab (${tabs} presses)`);
  const size = one.position.split('/').length;
  const centre = Math.ceil((size - 1) / 2);
  const [, letter, row] = one.line[0].match(/([a-y])([0-9]+)$/);
  const col = letter.charCodeAt(0) - 97;
  await page.keyboard.press('Enter');
  for (let k = centre; k < col; k++) await page.keyboard.press('ArrowRight');
  for (let k = centre; k > col; k--) await page.keyboard.press('ArrowLeft');
  for (let k = centre; k < Number(row) - 1; k++) await page.keyboard.press('ArrowUp');
  for (let k = centre; k > Number(row) - 1; k--) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('c');
  await page.waitForFunction(() => !document.getElementById('puzzle-result').hidden);
  assert.match(await message(page, PUZZLE_BOARD), /^Solved!/);
  while ((await page.evaluate(() => document.activeElement?.id)) !== 'puzzle-next' && tabs < 80) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  await page.keyboard.press('Enter');
  await page.waitForFunction((title) => document.getElementById('puzzle-title').textContent !== title, `Puzzle ${one.index + 1}`);
  await page.close();
});

test('a puzzle plays out to the win, a wrong move is explained and taken back, and the rating follows, over a reload', async () => {
  const { update } = await import('../../js/pages/puzzles/glicko.js');
  const puzzles = await puzzleFile();
  // A puzzle that needs three of the reader's moves, and one to miss.
  const long = puzzles.find((p) => p.plies === 5 && p.line.filter((t) => t[0] === p.line[0][0]).length === 3);
  const miss = puzzles.find((p) => p.plies >= 3 && p !== long);
  assert.ok(long && miss, 'the file has both');
  const page = await openPuzzles({ ...FRESH, current: long.position });
  assert.equal(await page.textContent('#puzzle-title'), `Puzzle ${long.index + 1}`);
  const color = long.position.split(' ')[1] === 'b' ? 'Dark' : 'Light';
  const size = long.position.split('/').length;
  assert.equal(await page.textContent('#puzzle-about'), `${size}×${size} · ${color} to move: win within 3 of your moves.`);
  assert.equal(await page.textContent('#puzzle-rating'), '1500?');
  assert.equal(await page.textContent('#puzzle-provisional'), '(the ? says it is provisional: a few more puzzles will settle it)');
  // The reader's moves; the board answers each with the longest defence.
  await playLine(page, long.line, long.line[0][0]);
  assert.match(await message(page, PUZZLE_BOARD), /^Solved!/);
  const won = update({ rating: 1500, rd: 350, vol: 0.06 }, [{ rating: long.rating, rd: 80, score: 1 }]);
  const up = Math.round(won.rating) - 1500;
  assert.equal(
    await page.textContent('#puzzle-result'),
    `Solved at the first try: the puzzle is rated ${long.rating}; your rating is now ${Math.round(won.rating)} (+${up}).`,
  );
  assert.equal(await page.textContent('#puzzle-rating'), `${Math.round(won.rating)}?`);
  await page.close();

  // Another puzzle: a wrong first move is refused with the solver's reason.
  const second = await openPuzzles({ ...FRESH, rating: won, attempts: [{ position: long.position, score: 1, puzzle: long.rating, rating: won.rating, at: 1 }], current: miss.position });
  const wrongToken = await second.evaluate(
    async ([position, answer]) => {
      const { loadEngine } = await import(new URL('js/engine/engine.js', location.href).href);
      const engine = await loadEngine();
      const game = engine.GameHandle.fromPosition(position, false);
      const moves = game.legalMoves().filter((t) => t !== answer);
      game.free();
      return moves[0];
    },
    [miss.position, miss.line[0]],
  );
  const why = await explanation(second, miss.position, wrongToken, miss.plies);
  assert.notEqual(why.kind, 'holds', 'an explanation with its line');
  const before = await recordOf(second, PUZZLE_BOARD);
  const point = wrongToken.match(/[a-y][0-9]+$/)[0];
  await second.evaluate((sel) => {
    document.querySelector(sel).addEventListener('federa-explained', (e) => {
      window.explained = /** @type {CustomEvent} */ (e).detail;
    });
  }, PUZZLE_BOARD);
  await clickIn(second, PUZZLE_BOARD, point, buttonFor(wrongToken));
  await second.waitForFunction(() => !document.getElementById('puzzle-result').hidden);
  // Refused at once; the worker's explanation follows, said and sent as an event.
  await messageSays(second, PUZZLE_BOARD, `${why.words} Try again.`);
  assert.deepEqual(await second.evaluate(() => window.explained), { token: wrongToken, comment: why.words });
  assert.equal(await recordOf(second, PUZZLE_BOARD), before, 'the wrong move is taken back');
  const lost = update(won, [{ rating: miss.rating, rd: 80, score: 0 }]);
  const down = Math.round(won.rating) - Math.round(lost.rating);
  assert.equal(
    await second.textContent('#puzzle-result'),
    `Missed at the first try: the puzzle is rated ${miss.rating}; your rating is now ${Math.round(lost.rating)} (−${down}). You may still play it out.`,
  );
  await second.reload();
  await second.waitForFunction(() => document.documentElement.classList.contains('puzzles-ready'));
  assert.equal(await second.textContent('#puzzle-title'), `Puzzle ${miss.index + 1}`, 'the same puzzle after a reload');
  assert.equal(await second.textContent('#puzzle-rating'), `${Math.round(lost.rating)}?`);
  assert.deepEqual(
    await second.$$eval('#puzzle-history li', (items) => items.map((li) => li.textContent)),
    [
      `✗ Puzzle ${miss.index + 1} (${miss.rating}): ${Math.round(lost.rating)} (−${down})`,
      `✓ Puzzle ${long.index + 1} (${long.rating}): ${Math.round(won.rating)} (+${up})`,
    ],
  );
  const stored = await second.evaluate(() => JSON.parse(localStorage.getItem('federa.puzzles')));
  assert.deepEqual(stored.attempts.map((a) => a.score), [1, 0]);
  await second.close();
});

test('the puzzles page in two languages and on a phone: in progress, solved, a wrong move explained', async () => {
  const puzzles = await puzzleFile();
  const long = puzzles.find((p) => p.plies === 5 && p.line.filter((t) => t[0] === p.line[0][0]).length === 3);
  for (const [lang, width, suffix] of [['en', 1280, ''], ['en', 360, '-360'], ['ru', 1280, '-ru'], ['ru', 360, '-ru-360']]) {
    const page = await openPuzzles({ ...FRESH, current: long.position }, lang, width);
    await playLine(page, long.line, long.line[0][0], 2);
    await page.screenshot({ path: path.join(SHOTS, `puzzle-progress${suffix}.png`), fullPage: true });
    await playLine(page, long.line, long.line[0][0], long.line.length, 2);
    await page.waitForFunction(() => !document.getElementById('puzzle-result').hidden);
    await page.screenshot({ path: path.join(SHOTS, `puzzle-solved${suffix}.png`), fullPage: true });
    await page.click('#puzzle-next');
    await boardsReady(page);
    const next = await page.evaluate((sel) => document.querySelector(sel).getAttribute('position'), PUZZLE_BOARD);
    const wrong = await page.evaluate(async (position) => {
      const { loadEngine } = await import(new URL('js/engine/engine.js', location.href).href);
      const engine = await loadEngine();
      const game = engine.GameHandle.fromPosition(position, false);
      const file = await (await fetch('puzzles.txt')).text();
      const answer = file.split('\n').find((l) => l.startsWith(position + '\t')).split('\t')[1].split(' ')[0];
      const moves = game.legalMoves().filter((t) => t !== answer);
      game.free();
      return moves[0];
    }, next);
    const plies = await page.evaluate((sel) => Number(document.querySelector(sel).getAttribute('proof')), PUZZLE_BOARD);
    const why = await explanation(page, next, wrong, plies, lang);
    await clickIn(page, PUZZLE_BOARD, wrong.match(/[a-y][0-9]+$/)[0], buttonFor(wrong));
    await page.waitForFunction(() => !document.getElementById('puzzle-result').hidden);
    await messageSays(page, PUZZLE_BOARD, `${why.words} ${why.tryAgain}`);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(SHOTS, `puzzle-wrong${suffix}.png`), fullPage: true });
    await page.close();
  }
});

test('a diagram\'s arrows, labels and shading are in its SVG image, which opens as an image; initial-ply opens a record there', async () => {
  const page = await open(server.url + 'embed.html');
  await boardsReady(page);
  const svg = await page.evaluate(() => document.querySelector('#demo-diagram').api.toSvg({ side: 300 }));
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300"/);
  assert.equal((svg.match(/<line /g) ?? []).length, 1, 'one arrow');
  assert.equal((svg.match(/<polygon /g) ?? []).length, 1, 'its head');
  assert.deepEqual([...svg.matchAll(/font-weight="700"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]), ['1', '2'], 'the labels');
  assert.equal((svg.match(/<circle [^>]*fill="none"/g) ?? []).length, 1, 'the highlight ring');
  assert.match(svg, />a<\/text>/, 'coordinates by default');
  assert.doesNotMatch(await page.evaluate(() => document.querySelector('#demo-diagram').api.toSvg({ coordinates: false })), />a<\/text>/);
  // The download button saves the same image.
  const [file] = await Promise.all([page.waitForEvent('download'), page.locator('#demo-diagram [data-action="embed.downloadSvg"]').click()]);
  assert.equal(file.suggestedFilename(), 'federa-diagram.svg');
  const saved = await fs.readFile(await file.path(), 'utf8');
  assert.match(saved, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((saved.match(/<line /g) ?? []).length, 1, 'with its arrow');
  // It opens as an image (a page of its own: no content security policy).
  const viewer = await browser.context.newPage();
  await viewer.setContent(`<img id="diagram" src="data:image/svg+xml,${encodeURIComponent(svg)}">`);
  await viewer.waitForFunction(() => document.getElementById('diagram').complete);
  assert.deepEqual(await viewer.evaluate(() => [document.getElementById('diagram').naturalWidth, document.getElementById('diagram').naturalHeight]), [300, 300]);
  await viewer.close();
  await page.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<federa-board id="at3" record="3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3" initial-ply="3"></federa-board>'),
  );
  await boardsReady(page);
  assert.equal(await page.evaluate(() => document.querySelector('#at3').shadowRoot.querySelector('.status').textContent), 'Move 3 of 10');
  await page.evaluate(() => document.querySelector('#at3').setAttribute('initial-ply', 'three'));
  await page.waitForFunction(() => document.querySelector('#at3').shadowRoot.querySelector('.problem'));
  assert.match(await page.evaluate(() => document.querySelector('#at3').shadowRoot.textContent), /initial-ply attribute is “three”/);
  await page.close();
});

test('a region shows only its part of the board, in the canvas, the SVG and the keyboard, and one off the board is refused', async () => {
  const page = await open(server.url + 'embed.html');
  await boardsReady(page);
  // The demo: a1-g6 of a 13x13 game, seven columns and six rows, coordinates on.
  const canvas = await page.evaluate(() => {
    const c = document.querySelector('#demo-region').shadowRoot.querySelector('canvas');
    return [c.width, c.height];
  });
  assert.ok(Math.abs(canvas[0] / canvas[1] - (6 + 2.3) / (5 + 2.3)) < 0.01, `the canvas is ${canvas.join('x')}`);
  const regionSvg = await page.evaluate(() => document.querySelector('#demo-region').api.toSvg({ side: 300 }));
  assert.match(regionSvg, new RegExp(`^<svg xmlns="http://www.w3.org/2000/svg" width="300" height="${Math.round((300 * 7.3) / 8.3 * 100) / 100}"`));
  // Two pieces inside a1-c3, two outside; the SVG has the two inside and the coordinates of its part only.
  await page.evaluate(() =>
    document.body.insertAdjacentHTML('beforeend', '<federa-board id="part" mode="two-players" record="9x9 BCa1 WSc3 BCe5 WSi9" region="c3-a1"></federa-board>'),
  );
  await boardsReady(page);
  const svg = await page.evaluate(() => document.querySelector('#part').api.toSvg({ side: 300 }));
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300"/);
  assert.equal((svg.match(/<circle [^>]*fill="url\(#dark\)"/g) ?? []).length, 1, 'the dark round at a1, not e5');
  assert.equal((svg.match(/<rect [^>]*rx=/g) ?? []).length, 1, 'the light square at c3, not i9');
  const letters = [...svg.matchAll(/<text x="[^"]+" y="[^"]+">([a-z])<\/text>/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(letters)], ['a', 'b', 'c']);
  // The keyboard's cursor stays in the part shown.
  await page.locator('#part').evaluate((el) => el.shadowRoot.querySelector('.board').focus());
  for (const key of ['Enter', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowUp', 'ArrowUp', 'ArrowUp']) await page.keyboard.press(key);
  // Enter shows the cursor at the centre of the part (b2); three steps right and up stop at c3, its light square.
  await page.waitForFunction(
    () => document.querySelector('#part').shadowRoot.querySelector('.announcer').textContent.startsWith('c3: light square.'),
  );
  // The region is a view: a move played (a dark round at b2) stays when it changes.
  for (const key of ['ArrowLeft', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  await page.waitForFunction(() => document.querySelector('#part').api.record().endsWith('BCb2'));
  await page.evaluate(() => document.querySelector('#part').setAttribute('region', 'a1-e5'));
  await boardsReady(page);
  assert.equal(await page.evaluate(() => document.querySelector('#part').api.record()), '9x9 BCa1 WSc3 BCe5 WSi9 BCb2');
  await page.evaluate(() => document.querySelector('#part').setAttribute('region', 'a1-j10'));
  await page.waitForFunction(() => document.querySelector('#part').shadowRoot.querySelector('.failed'));
  assert.match(
    await page.evaluate(() => document.querySelector('#part').shadowRoot.textContent),
    /its region a1-j10 is not on the 9×9 board/,
  );
  // Back on the board: the game is still there.
  await page.evaluate(() => document.querySelector('#part').setAttribute('region', 'a1-c3'));
  await page.waitForFunction(() => !document.querySelector('#part').shadowRoot.querySelector('.failed'));
  assert.equal(await page.evaluate(() => document.querySelector('#part').api.record()), '9x9 BCa1 WSc3 BCe5 WSi9 BCb2');
  await page.evaluate(() => document.querySelector('#part').setAttribute('region', 'a1-j'));
  await page.waitForFunction(() => document.querySelector('#part').shadowRoot.querySelector('.problem'));
  assert.match(await page.evaluate(() => document.querySelector('#part').shadowRoot.textContent), /region attribute is “a1-j”/);
  // From JavaScript, a region that does not read is refused too.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div id="mounted"></div>'));
  const refused = await page.evaluate(async () => {
    const { mount } = await import('./js/embed.js');
    const api = mount(document.getElementById('mounted'), { mode: 'diagram', size: 5, region: 'bogus' });
    await api.ready;
    return document.getElementById('mounted').shadowRoot.textContent;
  });
  assert.match(refused, /its region attribute is “bogus”/);
  await page.close();
});

test('the embed page shows every mode, and a board inside an iframe works', async () => {
  const page = await open(server.url + 'embed.html');
  await boardsReady(page);
  for (const id of ['demo-play', 'demo-two', 'demo-replay', 'demo-review', 'demo-diagram', 'demo-try', 'demo-problem']) {
    const ok = await page.evaluate((i) => Boolean(document.getElementById(i).shadowRoot.querySelector('canvas')), id);
    assert.ok(ok, `${id} shows a board`);
  }
  // The copy-paste examples show the real markup.
  assert.match(await page.textContent('code[data-example="demo-play"]'), /<federa-board mode="play" size="7"/);
  // Replay steps through the record.
  await page.evaluate(() =>
    document.querySelector('#demo-replay').shadowRoot.querySelector('[data-action="btn.forward"]').click(),
  );
  const status = await page.evaluate(() => document.querySelector('#demo-replay').shadowRoot.querySelector('.status').textContent);
  assert.match(status, /Move 1 of 10/);
  // Playing against the AI: it answers.
  await clickIn(page, '#demo-play', 'd4');
  await page.waitForFunction(() => document.querySelector('#demo-play').api.record().split(' ').length >= 3);
  assert.match(await page.textContent('code[data-example="demo-bad"]'), /mode="chess"/);
  assert.match(await page.evaluate(() => document.querySelector('#demo-bad').shadowRoot.textContent), /mode attribute is “chess”/);
  // The iframe's board.
  const frame = page.frameLocator('iframe.frame-demo');
  await frame.locator('federa-board').waitFor();
  const handle = await page.$('iframe.frame-demo');
  await handle.scrollIntoViewIfNeeded();
  const inner = await handle.contentFrame();
  await inner.waitForFunction(() => document.querySelector('federa-board')?.shadowRoot?.querySelector('canvas'));
  await inner.waitForFunction(() => document.querySelector('federa-board').api?.record());
  const box = await handle.boundingBox();
  const rect = await inner.evaluate(() => {
    const r = document.querySelector('federa-board').shadowRoot.querySelector('canvas').getBoundingClientRect();
    return { x: r.x, y: r.y, w: r.width };
  });
  const cell = rect.w / (4 + 2.3);
  await page.mouse.click(box.x + rect.x + (1.15 + 2) * cell, box.y + rect.y + (1.15 + 2) * cell);
  assert.equal(await inner.evaluate(() => document.querySelector('federa-board').api.record()), '5x5 BCc3');
  await page.close();
});

/// Each rules diagram, what to do on it, and what it must answer.
const LESSONS = [
  { id: '#placing federa-board', act: ['point', 'b2'], says: /Dark placed a dark round piece at b2/ },
  { id: '#groups federa-board', act: ['point', 'b4'], says: /not enclosed/ },
  { id: '#enclosed federa-board', act: ['point', 'a2'], says: /Right\..*Light placed a light round piece at a2/ },
  { id: '#change federa-board', act: ['point', 'c3'], says: /Right\..*Light changed the group at c3 into light rounds/ },
  { id: '#not-enclosed federa-board', act: ['point', 'c3'], says: /not enclosed: it still touches the empty point d2/ },
  { id: '#tie federa-board:nth-child(1)', act: ['point', 'c3'], says: /A tie, 2 attackers each: only the owner/ },
  { id: '#tie federa-board:nth-child(2)', act: ['point', 'c3'], says: /Right\..*Dark changed the group at c3 into dark squares/ },
  { id: '#no-attackers federa-board', act: ['point', 'c3'], says: /Nobody attacks the group at c3/ },
  { id: '#pie federa-board', act: ['swap'], says: /Right\..*Light swapped sides/ },
  { id: '#skip federa-board', act: ['point', 'c1', 'right'], says: /Right\..*Dark has no legal move and is skipped/ },
  { id: '#winning federa-board', act: ['point', 'b1'], says: /Right\..*Dark wins!/ },
];

test('every rules diagram renders and answers the reader as its text says', async () => {
  const page = await open(server.url + 'rules.html');
  await boardsReady(page);
  const count = await page.evaluate(() => document.querySelectorAll('federa-board').length);
  assert.equal(count, LESSONS.length);
  assert.ok(await page.$('[data-attack-picture] svg'), 'the attack picture is drawn');
  for (const lesson of LESSONS) {
    const failed = await page.evaluate((sel) => Boolean(document.querySelector(sel).shadowRoot.querySelector('.failed')), lesson.id);
    assert.equal(failed, false, `${lesson.id} renders`);
    // Swap sides is offered where the engine says a swap is a move, and nowhere else.
    const shown = await page.evaluate((sel) => {
      const button = document.querySelector(sel).shadowRoot.querySelector('.swap');
      return Boolean(button && !button.hidden);
    }, lesson.id);
    assert.equal(shown, lesson.act[0] === 'swap', `${lesson.id}: Swap sides ${shown ? 'shown' : 'hidden'}`);
    if (lesson.act[0] === 'swap') {
      await page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelector('.swap').click(), lesson.id);
    } else {
      await clickIn(page, lesson.id, lesson.act[1], lesson.act[2]);
    }
    assert.match(await message(page, lesson.id), lesson.says, lesson.id);
  }
  // An exercise refuses a legal move it did not ask for, and changes nothing.
  await page.evaluate(() => document.querySelector('#change federa-board').shadowRoot.querySelector('[data-action="embed.reset"]').click());
  await page.waitForFunction(() => document.querySelector('#change federa-board').api.record().endsWith('5x5'));
  await clickIn(page, '#change federa-board', 'a1');
  assert.match(await message(page, '#change federa-board'), /not what this exercise asks/);
  assert.match(await recordOf(page, '#change federa-board'), /5x5$/);
  await page.close();
});

/// The visible text of every translated element, by key.
function visibleTexts(page) {
  return page.evaluate(() => {
    const out = {};
    for (const el of document.querySelectorAll('[data-i18n]')) {
      if (el.closest('[hidden]') || el.closest('dialog:not([open])')) continue;
      out[el.dataset.i18n] = el.textContent;
    }
    return out;
  });
}

test('each language translates every visible string of every page', async () => {
  for (const pagePath of ['', 'rules.html', 'embed.html', 'puzzles.html', 'editor.html']) {
    const english = await open(server.url + pagePath, 'en');
    if (pagePath) await boardsReady(english);
    const reference = await visibleTexts(english);
    await english.close();
    assert.ok(Object.keys(reference).length > 10);
    for (const lang of LANGUAGES) {
      const page = await open(server.url + pagePath, lang);
      if (pagePath) await boardsReady(page);
      const texts = await visibleTexts(page);
      for (const [key, text] of Object.entries(texts)) {
        assert.notEqual(text.trim(), '', `${lang} ${pagePath || 'index'}: ${key} is empty`);
        assert.notEqual(text, key, `${lang} ${pagePath || 'index'}: ${key} is not translated`);
        if (lang !== 'en' && !key.startsWith('language.') && !sameAsEnglish(lang, key) && en[key] !== undefined) {
          assert.notEqual(text, reference[key], `${lang} ${pagePath || 'index'}: ${key} is still English`);
        }
      }
      assert.equal(await page.evaluate(() => document.documentElement.lang.split('-')[0]), lang);
      const name = `${pagePath.replace('.html', '') || 'play'}-${lang}`;
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
      await page.close();
    }
  }
});

test('switching the language changes the page without a reload and is remembered', async () => {
  const page = await open(server.url + 'rules.html', 'en');
  await boardsReady(page);
  const before = await page.textContent('h1');
  let reloaded = false;
  page.on('framenavigated', () => (reloaded = true));
  await page.selectOption('#lang', 'ru');
  // Its catalogue loads on demand; the page says so in its lang attribute.
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  assert.equal(await page.textContent('h1'), ' ' + ru['rules.pageTitle']);
  assert.notEqual(await page.textContent('h1'), before);
  assert.equal(reloaded, false);
  assert.equal(await page.evaluate(() => localStorage.getItem('federa.lang')), 'ru');
  const boardLang = await page.evaluate(() => document.querySelector('federa-board').getAttribute('lang'));
  assert.equal(boardLang, 'ru');
  await page.close();
});

test('after one visit the game is installable and plays offline, and a new build is picked up', async () => {
  // A copy of the build, so a "new build" can be made without touching dist/.
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-dist-'));
  await fs.cp(DIST, copy, { recursive: true });
  const site = await serve(copy, '/project/federa/');
  // A browser of its own: Chromium installs no app from an incognito context.
  const own = await launchOwn();
  try {
    const page = await own.context.newPage();
    page.on('pageerror', (e) => problems.push(`offline page error: ${e.message}`));
    await page.goto(site.url);
    await page.waitForFunction(() => window.federa);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // Installable: Chromium finds nothing missing in the manifest, its icons
    // or the service worker.
    const cdp = await own.context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, []);
    const first = await page.evaluate(() => window.federa.build);
    assert.match(first, /^[0-9a-f]{12}$/);

    await own.context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.federa);
    await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light' });
    await clickPoint(page, 'c3');
    await page.waitForFunction(() => window.federa.status().ply === 2, null, { timeout: 15000 });
    await page.screenshot({ path: path.join(SHOTS, 'offline.png') });
    await own.context.setOffline(false);

    // A new build: one file changes, the post-build step stamps a new version.
    await fs.appendFile(path.join(copy, 'js/i18n/words.js'), '\n// a new build\n');
    execFileSync('node', [path.resolve(here, '../../../scripts/postbuild.mjs'), copy]);
    const second = (await fs.readFile(path.join(copy, 'js/lib/build.js'), 'utf8')).match(/'([0-9a-f]{12})'/)[1];
    assert.notEqual(second, first);
    await page.reload();
    await page.waitForFunction((v) => window.federa?.build === v, second, { timeout: 20000 });
    // The new build says it arrived (after the reload that brought it in).
    assert.equal(await page.textContent('#message'), en['offline.updated']);
  } finally {
    await own.close();
    await site.close();
    await fs.rm(copy, { recursive: true, force: true });
  }
});

test('the watch on the pages notes a console error, an uncaught exception and a request outside the origin', async () => {
  // Another origin (another port) serving a file that exists, fetched
  // without CORS: the browser itself logs nothing about it.
  const other = await serve(DIST, '/other/');
  const caught = [];
  const page = watch(await browser.context.newPage(), server.origin, caught);
  try {
    await page.goto(`${server.origin}/elsewhere/two-boards.html`);
    await boardsReady(page);
    const outside = `${other.origin}/other/icon.svg`;
    const seen = Promise.all([
      page.waitForEvent('console', (m) => m.type() === 'error'),
      page.waitForEvent('pageerror'),
      page.waitForEvent('requestfinished', (r) => r.url() === outside),
    ]);
    await page.evaluate((url) => {
      console.error('an injected error');
      setTimeout(() => {
        throw new Error('an injected exception');
      });
      fetch(url, { mode: 'no-cors' });
    }, outside);
    await seen;
    assert.deepEqual(caught.sort(), [
      'console: an injected error',
      'page error: an injected exception',
      `request outside the origin: ${outside}`,
    ]);
  } finally {
    await page.close();
    await other.close();
  }
});

// Its own visit to each page, so that it checks something when run alone;
// `problems` also holds what every other test's pages did.
test('no console errors and no requests outside the origin', async () => {
  for (const pagePath of ['', 'rules.html', 'embed.html']) {
    const page = await open(server.url + pagePath);
    await boardsReady(page);
    await page.close();
  }
  assert.deepEqual(problems, []);
});
