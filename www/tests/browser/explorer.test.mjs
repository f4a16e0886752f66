// End-to-end tests of the opening explorer in headless Chromium, against
// dist/ served from a sub-path: the book's moves from the position on the
// board (the same as the book read natively by the engine here), a click or
// Enter plays one, and the explorer says when a position is out of the
// book, when a size has none, when the rules differ and when a book does
// not read. Run after `trunk build` (scripts/test.sh does).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';
import { clickPoint, newGame } from './play-page.mjs';
import en from '../../js/i18n/catalogues/en.js';
import { engine } from '../unit/glue.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
const wasm = await engine();
const book9 = new wasm.OpeningBook(await fs.readFile(path.join(DIST, 'book/9x9.txt'), 'utf8'));

let server;
let browser;
const problems = [];

before(async () => {
  server = await serve(DIST, '/sub/federa/');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  assert.deepEqual(problems, []);
});

async function openPage() {
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // Each test starts from empty storage: the explorer off.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('federa.test.cleared')) return;
    localStorage.clear();
    sessionStorage.setItem('federa.test.cleared', '1');
  });
  await page.goto(server.url);
  await page.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa);
  return page;
}

/** The book's moves from the game of `record`, as the engine here reads the book. */
function bookMoves(record) {
  const game = wasm.GameHandle.fromRecord(record, true);
  try {
    return book9.moves(game);
  } finally {
    game.free();
  }
}

const shownMoves = (page) =>
  page.$$eval('#explorer-moves button.book-move', (bs) => bs.map((b) => ({ token: b.dataset.move, label: b.getAttribute('aria-label') })));
const record = (page) => page.evaluate(() => window.federa.record());
const statusLine = (page) => page.textContent('#explorer-status');

test("the explorer shows the book's moves from the position on the board, and a click or Enter plays one", async () => {
  const page = await openPage();
  await newGame(page, { size: 9, opponent: 'human' });
  await page.click('#btn-explorer');
  await page.waitForSelector('#explorer-moves button.book-move');
  const first = bookMoves(await record(page));
  assert.ok(first.length > 1, 'the book opens with several moves');
  const shown = await shownMoves(page);
  assert.deepEqual(
    shown.map((m) => m.token),
    first.map((m) => m.token),
  );
  const games = first.reduce((sum, m) => sum + m.games, 0);
  assert.equal(await statusLine(page), en['explorer.games'].other.replace('{count}', String(games)));
  const top = first[0];
  assert.match(shown[0].label, new RegExp(`: ${top.games} games; Dark won ${Math.round((100 * top.darkWins) / top.games)}%`));

  await page.click(`#explorer-moves button[data-move="${top.token}"]`);
  await page.waitForFunction((n) => window.federa.status().ply === n, 1);
  assert.equal(await record(page), `9x9 ${top.token}`);
  const second = bookMoves(await record(page));
  assert.ok(second.length > 0, 'the book goes on after its most played move');
  await page.waitForFunction(
    (tokens) => [...document.querySelectorAll('#explorer-moves button.book-move')].map((b) => b.dataset.move).join(' ') === tokens,
    second.map((m) => m.token).join(' '),
  );

  // By keyboard: the second move of the list, focused and played with Enter.
  const reply = second[second.length > 1 ? 1 : 0].token;
  await page.focus(`#explorer-moves button[data-move="${reply}"]`);
  await page.keyboard.press('Enter');
  await page.waitForFunction((n) => window.federa.status().ply === n, 2);
  assert.equal(await record(page), `9x9 ${top.token} ${reply}`);

  // X turns the explorer off and on from anywhere on the page.
  await page.keyboard.press('x');
  await page.waitForFunction(() => window.federa.explorer().kind === 'off');
  assert.equal(await page.isHidden('#explorer-box'), true);
  await page.keyboard.press('x');
  await page.waitForFunction(() => window.federa.explorer().kind !== 'off');
  await page.close();
});

test('out of the book, on a size with no book and under other rules, the explorer says so', async () => {
  const page = await openPage();
  await newGame(page, { size: 9, opponent: 'human' });
  await page.click('#btn-explorer');
  await page.waitForSelector('#explorer-moves button.book-move');
  // After the book's most played first move, a light round the book's
  // games never answered with (nor any image of it under the board's
  // symmetries: the book would find those).
  const top = bookMoves('9x9')[0].token;
  await page.click(`#explorer-moves button[data-move="${top}"]`);
  await page.waitForFunction((n) => window.federa.status().ply === n, 1);
  const legal = await page.evaluate(() => window.federa.legalMoves());
  const away = legal.find((m) => m.startsWith('WC') && bookMoves(`9x9 ${top} ${m}`).length === 0);
  assert.ok(away, 'some reply is out of the book');
  await clickPoint(page, away.slice(2));
  await page.waitForFunction((n) => window.federa.status().ply === n, 2);
  assert.equal(await statusLine(page), en['explorer.out']);
  assert.equal(await page.isHidden('#explorer-box'), true);

  await newGame(page, { size: 11, opponent: 'human' });
  assert.equal(await statusLine(page), en['explorer.none'].replaceAll('{size}', '11'));

  await newGame(page, { size: 9, opponent: 'human', pie: false });
  assert.equal(await statusLine(page), en['explorer.otherRules']);
  await page.close();
});

test('a book that does not read is named with its damaged line, and the game goes on', async () => {
  server.overrides.set('/sub/federa/book/7x7.txt', 'federa-book 1 7x7 pie\nnot a line of a book\n');
  try {
    const page = await openPage();
    await newGame(page, { size: 7, opponent: 'human' });
    await page.click('#btn-explorer');
    await page.waitForFunction(() => window.federa.explorer().kind === 'failed');
    assert.equal(
      await statusLine(page),
      en['explorer.failed'].replace('{reason}', en['error.book'].replace('{index}', '2')),
    );
    await clickPoint(page, 'd4');
    await page.waitForFunction((n) => window.federa.status().ply === n, 1);
    await page.close();
  } finally {
    server.overrides.clear();
  }
});
