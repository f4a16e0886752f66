// End-to-end tests that nothing breaks, nothing is lost and nothing gets in:
// stored entries that fail to read, an AI worker that fails or hangs, and
// the content security policy of every page. Service workers are blocked
// here, so every request reaches the test server (which can replace a file).
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';
import { clickPoint, newGame } from './play-page.mjs';
import { withPolicy } from '../../../scripts/csp.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
const SHOTS = path.resolve(here, '../../../target/screenshots');
const PREFIX = '/sub/federa/';
const PAGES = ['index.html', 'rules.html', 'embed.html', 'embed-frame.html'];

let server;
let browser;

// A page with an inline script of its own, given the policy as the build
// gives it: its script runs (allowed by its hash), an injected one does not.
const INLINE_PAGE = withPolicy(
  '<!doctype html>\n<html><head><meta charset="utf-8"><title>inline</title>\n' +
    `<link rel="icon" href="${PREFIX}icon.svg">` +
    '<script>window.inlineRan = true;</script></head><body></body></html>',
);
// Another site's page with a board on which the AI moves first.
const EMBED_AI_PAGE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>embed</title>\n' +
  `<link rel="icon" href="${PREFIX}icon.svg"><script type="module" src="${PREFIX}embed.js"></script></head>\n` +
  '<body><federa-board mode="play" size="5" ai="dark" level="novice" pie="false"></federa-board></body></html>';
let scratch;

before(async () => {
  await fs.mkdir(SHOTS, { recursive: true });
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-csp-'));
  await fs.writeFile(path.join(scratch, 'inline.html'), INLINE_PAGE);
  await fs.writeFile(path.join(scratch, 'embed-ai.html'), EMBED_AI_PAGE);
  server = await serve(DIST, PREFIX, { '/scratch/': scratch });
  browser = await launch({ serviceWorkers: 'block' });
});

// A test that fails half-way must not leave a broken worker for the next.
afterEach(() => server.overrides.clear());

after(async () => {
  await browser?.close();
  await server?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

/// A page watched for errors (kept in `page.problems`).
async function newPage() {
  const page = await browser.context.newPage();
  page.problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => page.problems.push(`page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) page.problems.push(`${r.status()} for ${r.url()}`);
  });
  return page;
}

async function ready(page) {
  await page.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa);
}

/// The play page (at `hash`) opened once with `entries` in its storage, and
/// nothing else.
async function openWith(entries, page = null, hash = '') {
  page ??= await newPage();
  await page.goto(server.url + hash);
  await ready(page);
  await page.evaluate((e) => {
    localStorage.clear();
    for (const [key, text] of Object.entries(e)) localStorage.setItem(key, text);
  }, entries);
  await page.reload();
  await ready(page);
  return page;
}

const stored = (page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

/// The stored keys that start with `prefix`.
const keysLike = (all, prefix) => Object.keys(all).filter((k) => k.startsWith(prefix));

test('a stored game that no longer reads is kept, shown, and only then replaced', async () => {
  const planted = JSON.stringify({ record: '7x7 BCd4 BCd5', pie: true, seats: { first: 'human', second: 'human' } });
  const page = await openWith({ 'federa.game': planted });
  await page.waitForSelector('#lost:not([hidden])');
  const note = await page.textContent('#lost');
  const what = await page.textContent('#lost .lost-entry p');
  assert.equal(what, 'Your saved game could not be read, so a new game has started. Move 2, BCd5, is illegal: It is Light’s turn.');
  const all = await stored(page);
  const backups = keysLike(all, 'federa.game.unread-');
  assert.equal(backups.length, 1, 'one backup copy');
  assert.equal(all[backups[0]], planted, 'the backup holds the stored text exactly');
  assert.match(note, new RegExp(`kept in this browser under “${backups[0].replace(/[.]/g, '\\.')}”`));
  assert.equal(await page.inputValue('#lost textarea'), '7x7 BCd4 BCd5', 'the record is there to copy');
  assert.equal((await page.evaluate(() => window.federa.status())).ply, 0, 'a new game');
  assert.equal(all['federa.game'], undefined, 'kept under its backup key only');
  assert.equal(JSON.parse(all[`federa.archive.${JSON.parse(all['federa.archive'])}`]).record, '13x13', 'the new game is stored');
  await page.screenshot({ path: path.join(SHOTS, 'lost-game.png') });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.locator('#lost').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'lost-game-360.png') });
  // Closed, the note stays closed; the copy stays.
  await page.click('#lost button:has-text("Close")');
  assert.ok(await page.isHidden('#lost'));
  await page.reload();
  await ready(page);
  assert.ok(await page.isHidden('#lost'));
  assert.equal((await stored(page))[backups[0]], planted);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('stored settings that do not read are kept and the defaults used', async () => {
  const planted = '{"size": 99, "coordinates": false}';
  const page = await openWith({ 'federa.settings': planted });
  await page.waitForSelector('#lost:not([hidden])');
  assert.equal(
    await page.textContent('#lost .lost-entry p'),
    'Your saved settings could not be read, so the default settings are used. The setting “size” holds 99, which this version does not know.',
  );
  const all = await stored(page);
  const backups = keysLike(all, 'federa.settings.unread-');
  assert.equal(backups.length, 1);
  assert.equal(all[backups[0]], planted);
  assert.equal(await page.inputValue('#lost textarea'), planted);
  assert.equal((await page.evaluate(() => window.federa.status())).size, 13, 'the default size');
  assert.equal(JSON.parse(all['federa.settings']).size, 13, 'the defaults took its place');
  // Once kept, it is not kept again on the next visit.
  await page.reload();
  await ready(page);
  assert.ok(await page.isHidden('#lost'));
  assert.equal(keysLike(await stored(page), 'federa.settings.unread-').length, 1);
  // Text that is not JSON at all is named as such.
  await openWith({ 'federa.settings': '{"size": 9,' }, page);
  assert.equal(
    await page.textContent('#lost .lost-entry p'),
    'Your saved settings could not be read, so the default settings are used. The text is not in a form this version reads.',
  );
  // Keys that every object has are not settings, and do not trip the check.
  await openWith({ 'federa.settings': '{"toString": 1, "__proto__": {"size": 5}, "constructor": "x"}' }, page);
  assert.ok(await page.isHidden('#lost'));
  assert.equal((await page.evaluate(() => window.federa.status())).size, 13);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a link of another game is a new entry beside the stored one, which moves into the list untouched', async () => {
  const link = '#r=' + encodeURIComponent('5x5 BCc3');
  const mine = JSON.stringify({ record: '7x7 BCd4 WCc3', pie: true });
  const page = await openWith({ 'federa.game': mine }, null, link);
  assert.equal(await page.evaluate(() => window.federa.record()), '5x5 BCc3');
  assert.ok(await page.isHidden('#lost'), 'nothing replaced, nothing noted');
  const games = () => page.evaluate(() => window.federa.games().map((g) => [g.size, g.moves]));
  assert.deepEqual(await games(), [[5, 1], [7, 2]]);
  // The same link again adds nothing.
  await page.reload();
  await ready(page);
  assert.deepEqual(await games(), [[5, 1], [7, 2]]);
  // A link followed on the page keeps the game played on, too.
  await clickPoint(page, 'a1');
  await page.evaluate(() => {
    location.hash = 'r=' + encodeURIComponent('5x5 BCe5');
  });
  await page.waitForFunction(() => window.federa.record() === '5x5 BCe5');
  assert.deepEqual(await games(), [[5, 1], [5, 2], [7, 2]]);
  assert.ok(await page.isHidden('#lost'));
  // A stored game that does not read is kept, and said so.
  await openWith({ 'federa.game': '{"record": 7}' }, page, link);
  assert.match(await page.textContent('#lost .lost-entry p'), /^Your saved game could not be read/);
  const [kept] = keysLike(await stored(page), 'federa.game.unread-');
  assert.equal((await stored(page))[kept], '{"record": 7}');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('with no room for a backup, the stored game is left alone until the note is closed', async () => {
  const page = await newPage();
  // A browser whose storage has no room for a backup copy.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (this.getItem(key) === null && key.includes('.unread-')) throw new DOMException('full', 'QuotaExceededError');
      return setItem.call(this, key, value);
    };
  });
  const planted = '{"record": "5x5 BCa1 WCa1"}';
  await openWith({ 'federa.game': planted }, page);
  await page.waitForSelector('#lost:not([hidden])');
  assert.match(await page.textContent('#lost'), /no room for a copy: the stored text stays as it is, and nothing new is saved in its place, until you close this note/);
  assert.equal(await page.inputValue('#lost textarea'), '5x5 BCa1 WCa1');
  await page.click('#btn-new');
  await page.click('#new-game-form button[value="start"]');
  assert.equal((await stored(page))['federa.game'], planted, 'not overwritten while the note is open');
  await page.click('#lost button:has-text("Close")');
  const after = await stored(page);
  assert.equal(after['federa.game'], undefined, 'let go once closed');
  assert.equal(JSON.parse(after[`federa.archive.${JSON.parse(after['federa.archive'])}`]).record, '13x13', 'the new game is kept');
  assert.deepEqual(page.problems, []);
  await page.close();
});

/// Starts a 5×5 game in which the AI (novice) moves first.
const aiMovesFirst = (page) => newGame(page, { size: 5, opponent: 'ai', level: 'novice', side: 'dark' });

const WORKER = `${PREFIX}js/ai/worker.js`;

test('a worker that stops answering is noticed, replaced, and the AI then moves', async () => {
  const page = await openWith({});
  // Loads, says it is ready, then never answers.
  server.overrides.set(WORKER, "self.postMessage({ type: 'ready' }); self.onmessage = () => {};");
  const started = Date.now();
  await aiMovesFirst(page);
  await page.waitForSelector('#message.error', { timeout: 15000 });
  const waited = Date.now() - started;
  assert.equal(
    await page.textContent('#message'),
    'The AI could not move: it gave no answer within 5 seconds. A new engine starts when you try again.',
  );
  assert.ok(waited >= 4500 && waited < 12000, `noticed after its time and margin (${waited} ms)`);
  assert.ok(await page.isHidden('#thinking'));
  server.overrides.delete(WORKER);
  await page.click('#btn-resume');
  await page.waitForFunction(() => window.federa.status().ply === 1);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a worker that fails is noticed at once, replaced, and the AI then moves', async () => {
  const page = await openWith({});
  server.overrides.set(WORKER, "throw new Error('broken on purpose');");
  const started = Date.now();
  await aiMovesFirst(page);
  await page.waitForSelector('#message.error');
  assert.ok(Date.now() - started < 3000, 'noticed without waiting for the time');
  assert.equal(
    await page.textContent('#message'),
    'The AI could not move: its engine stopped working. A new one starts when you try again.',
  );
  await page.screenshot({ path: path.join(SHOTS, 'worker-failed.png') });
  server.overrides.delete(WORKER);
  await page.click('#btn-resume');
  await page.waitForFunction(() => window.federa.status().ply === 1);
  // The human answers and the fresh worker moves again.
  const move = await page.evaluate(() => window.federa.legalMoves().find((m) => m.startsWith('WC')));
  await clickPoint(page, move.slice(2));
  await page.waitForFunction(() => window.federa.status().ply === 3);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('an embedded board whose worker fails says so and lets the reader ask again', async () => {
  const page = await newPage();
  server.overrides.set(WORKER, "throw new Error('broken on purpose');");
  await page.goto(server.origin + '/scratch/embed-ai.html');
  const board = page.locator('federa-board');
  await board.locator('.message.error').waitFor();
  assert.equal(
    await board.locator('.message').textContent(),
    'The AI could not move: its engine stopped working. A new one starts when you try again.',
  );
  await page.screenshot({ path: path.join(SHOTS, 'embed-worker-failed.png') });
  server.overrides.delete(WORKER);
  const moved = page.evaluate(
    () => new Promise((resolve) => document.querySelector('federa-board').addEventListener('federa-move', (e) => resolve(e.detail.record))),
  );
  await board.locator('button.retry').click();
  assert.match(await moved, /^5x5 B[CS][a-e][1-5]$/, 'the AI placed its first piece');
  assert.ok(await board.locator('button.retry').isHidden());
  assert.deepEqual(page.problems, []);
  await page.close();
});

for (const file of [...PAGES.map((p) => PREFIX + p), '/scratch/inline.html']) {
  test(`${file} has a strict policy that refuses an injected inline script`, async () => {
    const page = await newPage();
    await page.goto(server.origin + file);
    const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
    assert.match(policy, /default-src 'none'/);
    assert.match(policy, /script-src 'self' 'wasm-unsafe-eval'(?: 'sha256-[A-Za-z0-9+/=]+')*;/);
    assert.match(policy, /style-src 'self';/);
    assert.doesNotMatch(policy, /unsafe-inline|https?:|\*/);
    const outcome = await page.evaluate(
      () =>
        new Promise((resolve) => {
          document.addEventListener('securitypolicyviolation', (e) => resolve({ refused: e.violatedDirective }), {
            once: true,
          });
          const script = document.createElement('script');
          script.textContent = 'window.injected = true;';
          document.body.append(script);
          setTimeout(() => resolve({ ran: window.injected === true }), 2000);
        }),
    );
    assert.deepEqual(outcome, { refused: 'script-src-elem' });
    assert.equal(await page.evaluate(() => window.injected), undefined);
    if (file.startsWith('/scratch/')) {
      assert.equal(await page.evaluate(() => window.inlineRan), true, 'the page\'s own inline script ran');
      assert.match(policy, /'sha256-/);
    } else {
      // The page itself works under the policy: its boards draw.
      await page.waitForFunction(() =>
        [...document.querySelectorAll('federa-board')].every((b) => b.shadowRoot?.querySelector('canvas, .failed, .problem')),
      );
      await page.waitForFunction(() => document.documentElement.classList.contains('ready') || !document.querySelector('#board'));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    }
    // Chromium reports the refusal on the console, once; nothing else may be refused.
    const refusals = page.problems.filter((p) => /Executing inline script violates/.test(p));
    assert.equal(refusals.length, 1, 'the injected script alone was refused');
    assert.deepEqual(page.problems.filter((p) => !refusals.includes(p)), []);
    await page.close();
  });
}

test('records and link fragments are shown as text, never as markup', async () => {
  const page = await openWith({});
  // No spaces, so it stays one token in the error message.
  const attack = '<svg/onload=window.attacked=1>';
  await page.goto(server.url + '#r=' + encodeURIComponent(`7x7 ${attack}`));
  await ready(page);
  const message = await page.textContent('#message');
  assert.match(message, /The link holds no valid game/);
  assert.ok(message.includes(attack), 'the fragment appears as typed');
  await page.click('#btn-paste');
  await page.fill('#paste-text', `5x5 BCa1 ${attack}`);
  await page.click('#paste-form button[value="load"]');
  assert.ok((await page.textContent('#paste-error')).includes(attack));
  assert.equal(await page.locator('svg[onload]').count(), 0, 'no element was made from the text');
  assert.equal(await page.evaluate(() => window.attacked), undefined);
  assert.deepEqual(page.problems, []);
  await page.close();
});
