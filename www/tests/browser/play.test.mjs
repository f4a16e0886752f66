// End-to-end tests of the play page in headless Chromium, against dist/
// served from a sub-path. Run after `trunk build` (scripts/test.sh does).
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
const SHOTS = path.resolve(here, '../../../target/screenshots');

let server;
let browser;
const problems = [];

before(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  server = await serve(DIST, '/sub/federa/');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/// A fresh page (empty storage) on the play page, watched for console errors
/// and for requests leaving the server's origin.
async function openPage(hash = '') {
  const page = await browser.context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(server.origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`request outside the origin: ${url}`);
    }
  });
  // Storage is cleared before the page's first script runs (once: a reload
  // keeps it), so that nothing of an earlier test's game is read or kept.
  await page.addInitScript(() => {
    if (sessionStorage.getItem('federa.test.cleared')) return;
    localStorage.clear();
    sessionStorage.setItem('federa.test.cleared', '1');
  });
  await page.goto(server.url + hash);
  await ready(page);
  return page;
}

async function ready(page) {
  await page.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa);
}

const status = (page) => page.evaluate(() => window.federa.status());
const record = (page) => page.evaluate(() => window.federa.record());
const annotated = (page) => page.evaluate(() => window.federa.annotated());

/// Pastes a record or position into the load dialog.
async function paste(page, text) {
  await page.click('#btn-paste');
  await page.fill('#paste-text', text);
  await page.click('#paste-form button[value="load"]');
}

async function shot(page, name) {
  // The board as it rests, not half-way through a flip.
  await page.waitForFunction(() => !window.federa.animating());
  await page.screenshot({ path: path.join(SHOTS, name + '.png') });
}

test('a whole game against the AI with real clicks, to the end', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light' });
  for (let turn = 0; turn < 200; turn++) {
    const st = await status(page);
    if (st.winner) break;
    const humanColor = st.swapped ? 'light' : 'dark';
    if (st.toMove !== humanColor) {
      await page.waitForFunction(
        (ply) => window.federa.status().ply > ply || window.federa.status().winner,
        st.ply,
      );
      continue;
    }
    const moves = await page.evaluate(() => window.federa.legalMoves());
    // Prefer a change when there is one, else a random placement.
    const change = moves.find((m) => m[1] === 'F');
    const move = change ?? moves.filter((m) => m !== 'swap')[turn % moves.filter((m) => m !== 'swap').length];
    const point = move.replace(/^[BW]F?[CS]/, '');
    const button = !change && move[1] === 'S' ? 'right' : 'left';
    await clickPoint(page, point, button);
    await page.waitForFunction((ply) => window.federa.status().ply > ply, st.ply);
  }
  const st = await status(page);
  assert.ok(st.winner, 'the game ended with a winner');
  assert.equal(st.empty, 0);
  assert.match(await page.textContent('#turn'), /wins/);
  await shot(page, 'game-over');
  // Stepped back, the game is still over: no Resign to rewrite its result.
  assert.equal(await page.isVisible('#btn-resign'), false);
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction((ply) => window.federa.status().ply === ply - 1, st.ply);
  assert.doesNotMatch(await page.textContent('#turn'), /wins/, 'the position before the last move');
  assert.equal(await page.isVisible('#btn-resign'), false, 'no Resign in a game over, an earlier position shown');
  assert.equal(await page.isVisible('#btn-rematch'), true);
  await page.close();
});

test('the shape choice is a radio group: one Tab stop, and the arrows choose without stepping through the game', async () => {
  const page = await openPage('#' + new URLSearchParams({ r: '5x5 BCc3 WSb2' }));
  await page.focus('#shape-round');
  const stops = await page.$$eval('#shape-round, #shape-square', (bs) => bs.map((b) => b.tabIndex));
  assert.deepEqual(stops, [0, -1]);
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#shape-square', 'aria-checked'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'shape-square');
  assert.deepEqual(await page.$$eval('#shape-round, #shape-square', (bs) => bs.map((b) => b.tabIndex)), [-1, 0]);
  assert.equal((await status(page)).ply, 2, 'the game shown stays where it was');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#shape-round', 'aria-checked'), 'true');
  await page.close();
});

test('clicking an enclosed group changes it', async () => {
  const page = await openPage();
  await paste(page, 'scs/cCc/sS. w');
  await clickPoint(page, 'c1', 'right');
  // Dark has no move on the full board and is skipped: Light again.
  let st = await status(page);
  assert.equal(st.toMove, 'light');
  assert.equal(st.skipped, true);
  assert.match(await page.textContent('#turn'), /skipped/);
  await clickPoint(page, 'b2');
  assert.match(await record(page), /WSc1 WFCb2$/);
  st = await status(page);
  assert.equal(st.dark, 1);
  // Light's two moves in a row: the second takes the next number, Dark's skipped turn between them.
  assert.deepEqual(await page.$$eval('#move-list li .num', (nums) => nums.map((n) => n.textContent)), ['1…', '2…']);
  await shot(page, 'after-change');
  await page.close();
});

test('an illegal change explains why', async () => {
  const page = await openPage();
  await paste(page, 'scs/cCc/sS. b');
  const before = await record(page);
  await clickPoint(page, 'b2');
  const message = await page.textContent('#message');
  assert.match(message, /outnumbered/);
  assert.match(message, /your attackers 1, your opponent’s 3/);
  assert.equal(await record(page), before, 'nothing changed');
  // Hovering shows the counts and the reason.
  const at = await page.evaluate(() => window.federa.pointPixel('b2'));
  await page.mouse.move(at.x, at.y);
  await page.waitForSelector('#badge:not([hidden])');
  assert.match(await page.textContent('#badge'), /^Attackers: Dark 1, Light 3 /);
  await shot(page, 'illegal-change');
  await page.close();
});

test('the second player may swap sides after the first move', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human' });
  await clickPoint(page, 'd4');
  await page.click('#btn-swap');
  assert.equal(await record(page), '7x7 BCd4 swap');
  const st = await status(page);
  assert.equal(st.swapped, true);
  assert.equal(st.toMove, 'light');
  assert.ok(await page.isVisible('#swap-note'));
  assert.match(await page.textContent('#player-dark-name'), /second player/);
  assert.match(await page.textContent('#player-light-name'), /first player/);
  await page.close();
});

test('undo and redo, and the move list', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human', pie: false });
  for (const p of ['d4', 'c3', 'e5']) await clickPoint(page, p);
  assert.equal(await record(page), '7x7 BCd4 WCc3 BCe5');
  await page.click('#btn-undo');
  await page.click('#btn-undo');
  assert.equal((await status(page)).ply, 1);
  await page.click('#btn-redo');
  assert.equal((await status(page)).ply, 2);
  await page.click('.move-list button[data-ply="3"]');
  assert.equal((await status(page)).ply, 3);
  // By the keyboard: Enter on a move shows it, and the focus stays on it in the list drawn anew.
  await page.focus('.move-list button[data-ply="1"]');
  await page.keyboard.press('Enter');
  assert.equal((await status(page)).ply, 1);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.ply), '1');
  await page.click('#nav-first');
  assert.equal((await status(page)).ply, 0);
  // Playing at an earlier ply starts a new line; the old one stays as a variation.
  await clickPoint(page, 'a1');
  assert.equal(await record(page), '7x7 BCa1');
  assert.equal(await annotated(page), '7x7 BCa1 (BCd4 WCc3 BCe5)');
  await page.close();
});

test('a variation is shown, promoted and deleted, and survives a reload and a share link', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human', pie: false });
  for (const p of ['d4', 'c3', 'e5']) await clickPoint(page, p);
  await page.click('#nav-first');
  await clickPoint(page, 'a1');
  await clickPoint(page, 'b2');
  const tree = '7x7 BCa1 (BCd4 WCc3 BCe5) WCb2';
  assert.equal(await annotated(page), tree);
  assert.deepEqual(await page.locator('#move-list .variation-row .mv').allTextContents(), ['1. BCd4', 'WCc3', '2. BCe5']);
  assert.ok(await page.isDisabled('#btn-promote'), 'the main line is shown');
  // Into the variation: its moves become the line shown.
  await page.locator('#move-list .variation-row .mv', { hasText: 'WCc3' }).click();
  assert.equal(await record(page), '7x7 BCd4 WCc3 BCe5');
  assert.equal((await status(page)).ply, 2);
  assert.equal(await page.getAttribute('#move-list .variation-row .mv.current', 'data-ply'), '2');
  await page.reload();
  await ready(page);
  assert.equal(await annotated(page), tree, 'the tree is kept');
  assert.equal(await record(page), '7x7 BCd4 WCc3 BCe5', 'and the line shown');
  assert.equal((await status(page)).ply, 2);
  await page.click('#btn-share');
  const hash = await page.evaluate(() => location.hash);
  const linked = await openPage(hash);
  assert.equal(await annotated(linked), tree, 'a share link carries the whole tree');
  await linked.close();
  await page.click('#btn-promote');
  assert.equal(await annotated(page), '7x7 BCd4 (BCa1 WCb2) WCc3 BCe5');
  await page.locator('#move-list .variation-row .mv', { hasText: 'WCb2' }).click();
  await page.click('#btn-delete-move');
  assert.equal(await annotated(page), '7x7 BCd4 (BCa1) WCc3 BCe5');
  assert.equal(await record(page), '7x7 BCa1', 'the line shown ends before the deleted move');
  await page.close();
});

test('resign and rematch at one screen and against the AI, the colours swapped', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'human', pie: false });
  assert.equal(await page.isVisible('#btn-resign'), false, 'nothing to resign before a move');
  await clickPoint(page, 'c3');
  // At one screen the side to move resigns.
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes');
  assert.equal(await page.textContent('#turn'), 'Dark wins: Light resigned (first player)');
  assert.match(await annotated(page), /\[Result "B"\][\s\S]*\[Termination "resign"\]/);
  assert.equal(await page.isVisible('#btn-resign'), false);
  await page.click('#btn-rematch');
  let st = await status(page);
  assert.equal(st.moves, 0);
  assert.equal(await page.textContent('#turn'), 'Dark to move (first player)');
  assert.equal((await page.evaluate(() => window.federa.games())).length, 2, 'the resigned game is kept in the list');

  // Against the AI the player resigns, whoever is to move; the rematch gives them the other colour.
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light', pie: false });
  await clickPoint(page, 'c3');
  await page.waitForFunction(() => window.federa.status().ply === 2);
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes');
  assert.equal(await page.textContent('#turn'), 'Light wins: Dark resigned (AI, Novice)');
  await page.click('#btn-rematch');
  // The AI now plays Dark and moves first.
  await page.waitForFunction(() => window.federa.status().ply === 1);
  st = await status(page);
  assert.equal(st.toMove, 'light');
  assert.equal(await page.textContent('#player-light-name'), 'you');
  await page.close();
});

test('undo against the AI takes back to your previous move', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light', pie: false });
  await clickPoint(page, 'c3');
  await page.waitForFunction(() => window.federa.status().ply === 2);
  await page.click('#btn-undo');
  const st = await status(page);
  assert.equal(st.ply, 0);
  assert.equal(st.toMove, 'dark');
  await page.close();
});

test('save to a file and load it back', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human' });
  for (const p of ['d4', 'c3', 'e5', 'b2']) await clickPoint(page, p);
  const saved = await record(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-download')]);
  const file = path.join(SHOTS, 'saved-record.txt');
  await download.saveAs(file);
  // The record with the archive's tags: who played, the day, no result yet.
  const text = (await fs.readFile(file, 'utf8')).trim();
  assert.match(text, /^\[Dark "Human"\]\n\[Light "Human"\]\n\[Date "\d{4}\.\d\d\.\d\d"\]\n/);
  assert.ok(text.endsWith('\n' + saved), text);
  await newGame(page, { size: 9, opponent: 'human' });
  await page.setInputFiles('#file-input', file);
  await page.waitForFunction((r) => window.federa.record() === r, text);
  // A pasted record that does not read is refused with its reason.
  await page.click('#btn-paste');
  await page.fill('#paste-text', '7x7 BCd4 BCd5');
  await page.click('#paste-form button[value="load"]');
  assert.match(await page.textContent('#paste-error'), /Move 2, BCd5, is illegal/);
  await page.click('#paste-form button[value="cancel"]');
  assert.equal(await record(page), text);
  await page.close();
});

test('a share link opens the game, and a reload restores it', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human' });
  for (const p of ['d4', 'c3']) await clickPoint(page, p);
  await page.click('#btn-share');
  const url = page.url();
  assert.match(url, /#g=7\.[A-Za-z0-9_-]{4}$/, 'a game with no annotations gets the compact form');
  const saved = await record(page);
  const other = await browser.context.newPage();
  await other.goto(url);
  await ready(other);
  assert.equal(await record(other), saved);
  await other.close();
  // Reload without the link: the stored game comes back.
  await clickPoint(page, 'e5');
  const longer = await record(page);
  await page.goto(server.url);
  await ready(page);
  assert.equal(await record(page), longer);
  // A link's record wins over the stored game.
  await page.goto(url);
  await page.reload();
  await ready(page);
  assert.equal(await record(page), saved);
  await page.close();
});

test('several moves by keyboard only', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human', pie: false });
  await page.focus('#board');
  await page.keyboard.press('Enter'); // cursor at the centre, d4
  await page.keyboard.press('r');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('s');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('t'); // toggle to square
  await page.keyboard.press('Enter');
  assert.equal(await record(page), '7x7 BCd4 WSc4 BSc3');
  await page.keyboard.press('Escape');
  await page.keyboard.press('ArrowLeft');
  assert.equal((await status(page)).ply, 2);
  await page.keyboard.press('End');
  assert.equal((await status(page)).ply, 3);
  await page.keyboard.press('u');
  assert.equal((await status(page)).ply, 2);
  // The announcement is written on the next frame (so that a repeated one
  // is read again).
  await page.waitForFunction((said) => document.getElementById('announcer').textContent === said, en['message.undone']);
  await shot(page, 'keyboard');
  await page.close();
});

// How long the main thread's tasks take is a budget (www/tests/budgets.mjs
// reports the longest), not a test's: here, that the page answers at all.
test('the page stays responsive while the AI thinks', async () => {
  const page = await openPage();
  await newGame(page, { size: 13, opponent: 'ai', level: 'master', side: 'dark' });
  await page.waitForSelector('#thinking:not([hidden])');
  // The search runs in its worker: the page draws frames and shows the
  // search's progress before the AI's move comes (checked in one go).
  const framed = await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.federa.status().ply)))),
  );
  assert.equal(framed, 0, 'two frames drawn during the search');
  await page.waitForFunction(
    () => /search iterations/.test(document.querySelector('#thinking-text').textContent) && window.federa.status().ply === 0,
  );
  await shot(page, 'thinking');
  await page.waitForFunction(() => window.federa.status().ply === 1, null, { timeout: 10000 });
  await page.close();
});

test('stop and new game cancel the search at once: its worker is ended, so no move of it can come', async () => {
  const page = await openPage();
  /** Resolves when a worker of the page next ends. */
  const ends = [];
  page.on('worker', (worker) => worker.on('close', () => ends.splice(0).forEach((resolve) => resolve())));
  const nextEnd = () => new Promise((resolve) => ends.push(resolve));
  await newGame(page, { size: 13, opponent: 'ai', level: 'master', side: 'dark' });
  await page.waitForSelector('#thinking:not([hidden])');
  let ended = nextEnd();
  await page.click('#btn-stop');
  assert.ok(await page.isHidden('#thinking'));
  await ended;
  assert.equal((await status(page)).ply, 0, 'the stopped search never played');
  await page.click('#btn-resume');
  await page.waitForSelector('#thinking:not([hidden])');
  ended = nextEnd();
  await newGame(page, { size: 7, opponent: 'human' });
  await ended;
  assert.equal((await status(page)).ply, 0, 'the old search was ignored');
  await page.close();
});

test('the Settings panel: a box changes its setting, kept over a reload; a STUN server that does not read is refused and the box put back', async () => {
  const page = await openPage();
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.querySelector('details.settings')).open = true;
  });
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('federa.settings') ?? '{}'));
  assert.equal(await page.isChecked('#opt-coordinates'), true);
  await page.uncheck('#opt-coordinates');
  assert.equal((await stored()).coordinates, false);
  await page.fill('#opt-stun', 'stun:stun.example.org:3478');
  await page.locator('#opt-stun').blur();
  assert.equal((await stored()).stun, 'stun:stun.example.org:3478');
  await page.fill('#opt-stun', 'http://example.org');
  await page.locator('#opt-stun').blur();
  assert.equal(await page.textContent('#message'), en['settings.stunBad']);
  assert.equal(await page.inputValue('#opt-stun'), 'stun:stun.example.org:3478', 'the box put back');
  assert.equal((await stored()).stun, 'stun:stun.example.org:3478', 'the setting unchanged');
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#opt-coordinates'), false, 'kept over a reload');
  assert.equal(await page.inputValue('#opt-stun'), 'stun:stun.example.org:3478');
  await page.close();
});

test('the AI thinks for the time the settings give, kept over a reload, and less when its clock runs low', async () => {
  const page = await openPage();
  // Each think asked of a worker, as the page asks it.
  await page.addInitScript(() => {
    const post = Worker.prototype.postMessage;
    window.thinks = [];
    Worker.prototype.postMessage = function (message, ...rest) {
      if (message?.type === 'think') window.thinks.push({ player: message.player, ms: message.ms });
      return post.call(this, message, ...rest);
    };
  });
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.querySelector('details.settings')).open = true;
  });
  assert.equal(await page.inputValue('#opt-think'), '1000');
  assert.deepEqual(await page.$$eval('#opt-think option', (os) => os.map((o) => o.textContent)), ['1 second', '3 seconds', '10 seconds']);
  await page.selectOption('#opt-think', '3000');
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('#opt-think'), '3000', 'kept over a reload');
  await newGame(page, { size: 5, opponent: 'ai', level: 'master', side: 'dark' });
  await page.waitForFunction(() => window.thinks.length === 1);
  assert.deepEqual(await page.evaluate(() => window.thinks), [{ player: 'master', ms: 3000 }]);
  await page.click('#btn-stop');
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.querySelector('details.settings')).open = true;
  });
  await page.selectOption('#opt-think', '10000');
  await page.locator('details.settings').screenshot({ path: path.join(SHOTS, 'think-setting.png') });
  // With one minute and 1 s a move on its clock (the first move free), a twentieth of it and most of the increment.
  await newGame(page, { size: 5, opponent: 'ai', level: 'master', side: 'dark', clock: '60+1' });
  await page.waitForFunction(() => window.thinks.length === 2);
  assert.deepEqual((await page.evaluate(() => window.thinks))[1], { player: 'master', ms: 3800 });
  await page.close();
});

test('the analysis board shows candidates, a line on hover, ownership and the evaluation', async () => {
  const page = await openPage('#' + new URLSearchParams({ r: '7x7 BCd4 WSc4 BSc3' }));
  assert.ok(await page.isHidden('#eval-bar'), 'off by default');
  await page.click('#btn-analysis');
  assert.equal(await page.getAttribute('#btn-analysis', 'aria-pressed'), 'true');
  await page.waitForSelector('#candidate-list button.candidate');
  // The board answers while the worker analyses: a click plays a move.
  await clickPoint(page, 'a1');
  assert.equal(await record(page), '7x7 BCd4 WSc4 BSc3 WCa1');
  // The worker's answer for the new position (6 s), then all of it is stable.
  await page.waitForFunction(() => window.federa.analysis().done, null, { timeout: 15000 });
  const shown = await page.evaluate(() => window.federa.analysis());
  assert.equal(shown.on, true);
  const best = shown.analysis.candidates[0];
  // Named in words, not as its token.
  const words = { darkRound: 'dark round', darkSquare: 'dark square' }[best.line[0].piece];
  assert.equal(await page.textContent('#candidate-list button.candidate .mv'), `${words} at ${best.line[0].at}`);
  // Its name for a screen reader holds the words it shows, in their order (no aria-label in their place).
  const named = await page.$eval('#candidate-list button.candidate', (b) => ({
    label: b.getAttribute('aria-label'),
    name: b.textContent.replace(/\s+/g, ' ').trim(),
    shown: [...b.children].filter((c) => !c.classList.contains('sr-only')).map((c) => c.textContent.trim()),
  }));
  assert.equal(named.label, null);
  assert.equal(named.name, `${named.shown[0]} ${named.shown[1]} for the side to move, ${named.shown[2]} ${best.visits === 1 ? 'simulation' : 'simulations'}`);
  const legal = await page.evaluate(() => window.federa.legalMoves());
  assert.ok(legal.includes(best.move), `${best.move} is legal`);
  // The bar shows Dark's chance (Dark is to move: the mover's chance).
  await page.waitForSelector('#eval-bar:not([hidden])');
  const value = Number(await page.getAttribute('#eval-bar', 'aria-valuenow'));
  assert.ok(value >= 0 && value <= 100, `${value}`);
  // Hovering the first candidate shows its line; leaving hides it.
  await page.hover('#candidate-list button.candidate');
  await page.waitForFunction(() => window.federa.analysis().line !== null);
  const line = await page.evaluate(() => window.federa.analysis().line);
  assert.equal(line, await page.getAttribute('#candidate-list button.candidate', 'data-move'));
  await shot(page, 'analysis-line');
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => window.federa.analysis().line === null);
  // The same by keyboard: focus shows it.
  await page.focus('#candidate-list button.candidate');
  await page.waitForFunction(() => window.federa.analysis().line !== null);
  await page.focus('#board');
  await page.keyboard.press('o');
  assert.equal(await page.isChecked('#opt-ownership'), true);
  assert.equal((await page.evaluate(() => window.federa.analysis())).underlays, true);
  await page.keyboard.press('e');
  await page.waitForFunction(() => /Dark's chance of winning: \d+%/.test(document.getElementById('announcer').textContent));
  await shot(page, 'analysis');
  // A candidate's click plays it; going back shows the earlier analysis at once
  // (once it has finished: only a finished analysis is kept).
  await page.waitForFunction(() => window.federa.analysis().done, null, { timeout: 15000 });
  assert.equal((await page.evaluate(() => window.federa.analysis())).error, null, 'finished, not failed: only a finished analysis is kept');
  const played = await page.getAttribute('#candidate-list button.candidate', 'data-move');
  await page.click('#candidate-list button.candidate');
  assert.equal(await record(page), `7x7 BCd4 WSc4 BSc3 WCa1 ${played}`);
  await page.click('#nav-back');
  const back = await page.evaluate(() => window.federa.analysis());
  assert.equal(back.done, true, 'from the cache');
  assert.equal(back.analysis.candidates[0].move, played);
  // Off again: the bar and the list go.
  await page.click('#btn-analysis');
  assert.ok(await page.isHidden('#eval-bar'));
  assert.ok(await page.isHidden('#candidate-list'));
  await page.close();
});

test('a new game against the AI starts with the analysis off', async () => {
  const page = await openPage();
  await newGame(page, { size: 7, opponent: 'human' });
  await page.click('#btn-analysis');
  await page.waitForSelector('#eval-bar:not([hidden])');
  await newGame(page, { size: 7, opponent: 'ai', level: 'novice', side: 'light' });
  assert.equal(await page.getAttribute('#btn-analysis', 'aria-pressed'), 'false');
  assert.ok(await page.isHidden('#eval-bar'));
  await page.close();
});

test('a hint marks the AI\'s move, says it, and the record notes it', async () => {
  const page = await openPage();
  await newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'light' });
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint: /.test(document.getElementById('message').textContent));
  const said = await page.textContent('#message');
  // Said in words: the piece and the point the board shows.
  const { point, piece } = await page.evaluate(() => window.federa.hint());
  const words = { darkRound: 'dark round', darkSquare: 'dark square' }[piece];
  assert.match(said, new RegExp(`^Hint: ${words} at ${point} \\(the AI gives it \\d+%\\)\\.$`));
  assert.match(await record(page), /^\[Hints "1"\]\n5x5$/);
  await shot(page, 'hint');
  await page.close();
});

test('the coach offers to take back a blunder, and taking it back restores the position', async () => {
  // Dark to move: BSb2 wins, BCb2 (a left click at b2) throws the win away.
  const before = '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3';
  const page = await openPage('#' + new URLSearchParams({ r: before, pie: '0' }));
  await page.click('.settings summary');
  await page.check('#opt-coach');
  await clickPoint(page, 'b2');
  assert.equal(await record(page), before + ' BCb2');
  await page.waitForSelector('#coach:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#coach-text'), /^Your move \(dark round at b2\) was a blunder, the AI judges: .* It preferred dark square at b2\.$/);
  await shot(page, 'coach');
  await page.click('#btn-take-back');
  assert.equal((await status(page)).ply, 8, 'back before the blunder');
  assert.ok(await page.isHidden('#coach'));
  // A good move gets no note.
  await clickPoint(page, 'b2', 'right');
  assert.equal(await record(page), before + ' BSb2');
  await page.waitForFunction(() => window.federa.judged()?.played === 'BSb2', null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.federa.judged().class), 'fine');
  assert.ok(await page.isHidden('#coach'));
  await page.close();
});

test('a review draws the graph, marks a planted blunder, and next mistake shows the better line', async () => {
  // Dark's last move, BCb2, throws away the win BSb2 had (the solver knows).
  const game = '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2';
  const page = await openPage('#' + new URLSearchParams({ r: game, pie: '0' }));
  assert.ok(await page.isHidden('#review-graph-box'));
  await page.click('#btn-review');
  await page.waitForFunction(() => !window.federa.review().state.running && window.federa.review().state.done === 9, null, {
    timeout: 30000,
  });
  // Kept as soon as it is done: a reload before anything else shows it.
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent('#review-status'), 'Reviewed: 9 moves.');
  const { results } = await page.evaluate(() => window.federa.review());
  assert.equal(results[8].class, 'blunder');
  assert.equal(results[8].best[0].token, 'BSb2');
  assert.equal(await page.textContent('#review-status'), 'Reviewed: 9 moves.');
  assert.equal(await page.textContent('#move-list button[data-ply="9"] .glyph-mark.blunder'), '??');
  assert.ok((await page.locator('#review-graph circle.graph-mark.blunder').count()) >= 1);
  assert.match(await page.getAttribute('#review-graph', 'aria-label'), /^Dark's chance of winning after each move; \d+ moves? marked$/);
  // From the start, next mistake steps through the marked moves to move 9.
  await page.click('#nav-first');
  for (let k = 0; k < 9 && (await page.evaluate(() => window.federa.review().mistakeAt)) !== 9; k++) {
    await page.click('#btn-next-mistake');
  }
  assert.equal(await page.evaluate(() => window.federa.review().mistakeAt), 9);
  assert.equal((await status(page)).ply, 8, 'the position before the blunder');
  assert.match(await page.textContent('#review-note'), /^Move 9, dark round at b2: blunder, \d+% of the win chance lost\. The AI preferred dark square at b2\.$/);
  assert.ok(await page.isDisabled('#btn-next-mistake'));
  await shot(page, 'review');
  // A click on the graph's left edge goes to the start.
  const box = await page.locator('#review-graph').boundingBox();
  await page.mouse.click(box.x + 1, box.y + box.height / 2);
  assert.equal((await status(page)).ply, 0);
  // The review is kept with the game, and written into its annotated record.
  const kept = await annotated(page);
  assert.ok(kept.startsWith('3x3 BSa1'), kept);
  assert.ok(kept.endsWith(' BCb2?? {[%eval 0] [%best BSb2]}'), kept);
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent('#review-status'), 'Reviewed: 9 moves.');
  assert.deepEqual(await page.evaluate(() => window.federa.review().results), results);
  await page.close();
});

/** A 13×13 record of 112 random legal moves, played by the engine under Node. */
async function longRecord() {
  const wasm = await engine();
  for (let seed = 1; ; seed++) {
    const game = new wasm.GameHandle(13, true);
    let x = seed;
    while (game.moves().length < 112 && !game.status().winner) {
      const legal = game.legalMoves();
      x = (x * 1103515245 + 12345) % 2147483648;
      game.play(legal[x % legal.length]);
    }
    if (game.moves().length === 112) return game.mainRecord();
  }
}

test('the archive: two games listed, reopened, renamed, deleted and put back, kept over a reload; links of its games open quietly', async () => {
  const page = await openPage();
  const titles = () => page.locator('#archive-list .game-title').allTextContents();
  await newGame(page, { size: 7, opponent: 'human' });
  for (const p of ['d4', 'c3', 'e5']) await clickPoint(page, p);
  const first = await record(page);
  await newGame(page, { size: 5, opponent: 'human' });
  await clickPoint(page, 'c3');
  assert.equal(await page.locator('#archive-list .game').count(), 2, 'New game began another entry');
  assert.deepEqual(await titles(), ['Human – Human', 'Human – Human']);
  assert.match(await page.textContent('#archive-list .game.current .game-facts'), /^5 × 5 · 1 move · in play · /);
  // Reopen the first.
  await page.click('#archive-list .game:not(.current) button[data-action="open"]');
  assert.equal(await record(page), first);
  assert.match(await page.textContent('#archive-list .game.current .game-facts'), /^7 × 7 · 3 moves/);
  // Rename the other, then delete it and put it back.
  const other = page.locator('#archive-list .game:not(.current)');
  await other.locator('button[data-action="archive.rename"]').click();
  assert.equal(await page.inputValue('#archive-list .game-rename input'), 'Human – Human', 'the box holds the title shown');
  await page.fill('#archive-list .game-rename input', 'Practice');
  await page.keyboard.press('Enter');
  assert.deepEqual(await titles(), ['Human – Human', 'Practice']);
  await other.locator('button[data-action="archive.delete"]').click();
  assert.equal(await page.locator('#archive-list .game').count(), 1);
  assert.equal(await page.textContent('#archive-note span'), 'Deleted “Practice”.');
  await page.click('#archive-note button[data-action="archive.undo"]');
  assert.ok(await page.isHidden('#archive-note'));
  assert.deepEqual(await titles(), ['Human – Human', 'Practice']);
  // A reload keeps the list, its names and the game played.
  await page.reload();
  await ready(page);
  assert.deepEqual(await titles(), ['Human – Human', 'Practice']);
  assert.equal(await record(page), first);
  // A link of a game the archive holds opens it, with no note: not in red, no backup.
  await page.click('#btn-share');
  const link = page.url();
  await clickPoint(page, 'b2');
  await page.goto(server.url);
  await page.goto(link);
  await ready(page);
  assert.equal(await record(page), first, 'shown at the link’s end');
  assert.ok(await page.isHidden('#lost'), 'no note on a replaced game');
  assert.notEqual(await page.getAttribute('#message', 'class'), 'message error');
  assert.equal(await page.locator('#archive-list .game').count(), 2, 'no new entry');
  assert.match(await page.textContent('#archive-list .game.current .game-facts'), /^7 × 7 · 4 moves/, 'the move played on is kept');
  // A 112-move game's link is short.
  await paste(page, await longRecord());
  await page.click('#btn-share');
  const short = page.url();
  console.log(`a 112-move game's link: ${short.length} characters (${new URL(short).hash.length} in its hash)`);
  assert.match(short, /#g=13\./);
  assert.ok(short.length < 300, `${short.length} characters`);
  assert.equal(await page.locator('#archive-list .game').count(), 3, 'a loaded game is an entry of its own');
  await page.close();
});

test('no console errors and no requests outside the origin', () => {
  assert.deepEqual(problems, []);
});
