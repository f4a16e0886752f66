// End-to-end test of the boards on another site's page: the game served
// by one origin (with and without CORS), a blog post on another that
// loads embed.js from it. With CORS every board works, the AI's worker
// included; without it the browser refuses the script, and each element
// shows its own words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';
import { boardsReady, clickIn, messageIn, recordIn } from './embed-page.mjs';
import { engine } from '../unit/glue.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
const FALLBACK = 'A Federa board: its host must allow other sites (CORS) for it to load here.';
/** A planted blunder to review: Dark's last move throws away the win. */
const REVIEWED = '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2';

let withCors;
let without;
let blog;
let browser;

/** The site's first puzzle that asks for three plies: its position and answer. */
async function puzzle() {
  const text = await fs.readFile(path.join(DIST, 'puzzles.txt'), 'utf8');
  const [position, line, plies] = text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .find((fields) => fields[2] === '3');
  return { position, answer: line.split(' ')[0], plies: Number(plies) };
}

/** A blog post that loads the boards from `site` (embed.js's folder), each element holding its own words. */
function post(site, p) {
  const board = (attributes) => `<federa-board ${attributes}>${FALLBACK}</federa-board>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A post on another site</title><link rel="icon" href="data:,">
<script type="module" src="${site}embed.js"></script></head>
<body>
<h1>Federa on my blog</h1>
${board('id="play" mode="play" size="5" level="novice" ai="light" pie="false"')}
${board(`id="problem" mode="problem" position="${p.position}" proof="${p.plies}" pie="false"`)}
${board(`id="review" mode="review" pie="false" record="${REVIEWED}"`)}
${board('id="diagram" mode="diagram" position="5/5/5/c4/Cc3 b" caption="A corner"')}
</body>
</html>`;
}

before(async () => {
  withCors = await serve(DIST, '/federa/', {}, { cors: true });
  without = await serve(DIST, '/federa/');
  blog = await serve(here, '/blog/');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  for (const s of [withCors, without, blog]) await s?.close();
});

test('from a host that allows other sites, every board on another site\'s page works: the AI answers, a problem explains, a review reviews', async () => {
  const p = await puzzle();
  blog.overrides.set('/blog/post.html', post(withCors.url, p));
  const page = await browser.context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.goto(`${blog.origin}/blog/post.html`);
  assert.notEqual(new URL(withCors.origin).port, new URL(blog.origin).port, 'two origins');
  await boardsReady(page);
  for (const id of ['play', 'problem', 'review', 'diagram']) {
    assert.equal(await page.evaluate((id) => Boolean(document.getElementById(id).shadowRoot.querySelector('canvas')), id), true, `${id} drawn`);
  }

  // The AI, in a worker started for another site's page, answers a move.
  await clickIn(page, '#play', 'c3');
  await page.waitForFunction(() => document.getElementById('play').api.record().split('\n').at(-1).trim().split(' ').length === 3, null, { timeout: 20000 });

  // A wrong move on the problem is refused, and the worker explains it.
  const wasm = await engine();
  const game = wasm.GameHandle.fromPosition(p.position, false);
  const wrong = game.legalMoves().find((t) => t !== p.answer && t !== 'swap');
  game.free();
  await page.evaluate(() => {
    document.getElementById('problem').addEventListener('federa-explained', (e) => {
      window.explained = /** @type {CustomEvent} */ (e).detail;
    });
  });
  const before = await recordIn(page, '#problem');
  await clickIn(page, '#problem', wrong.match(/[a-y]\d+$/)[0], wrong[1] === 'S' ? 'right' : 'left');
  await page.waitForFunction(() => window.explained, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.explained.token), wrong);
  assert.match(await messageIn(page, '#problem'), /Try again\.$/);
  assert.equal(await recordIn(page, '#problem'), before, 'the wrong move taken back');

  // The review's AI judges every move.
  await page.locator('#review [data-action="btn.review"]').click();
  await page.waitForFunction(() => !document.getElementById('review').shadowRoot.querySelector('[data-action="btn.review"], [data-action="btn.cancel"]'), null, {
    timeout: 30000,
  });
  assert.ok(await page.locator('#review .graph circle.graph-mark').count() >= 1, 'the planted blunder marked');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a board in the dark scheme on a white page keeps its words readable: its own background under them', async () => {
  blog.overrides.set('/blog/white.html', post(withCors.url, await puzzle()).replace('<body>', '<body style="background: #fff; color: #000">'));
  const page = await browser.context.newPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${blog.origin}/blog/white.html`);
  await boardsReady(page);
  const ratio = await page.evaluate(() => {
    const root = document.getElementById('play').shadowRoot;
    const rgb = (c) => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const text = lum(rgb(getComputedStyle(root.querySelector('.status')).color));
    // What shows under the words: the frame's own background, or where it has none, the page's.
    const own = getComputedStyle(root.querySelector('.frame')).backgroundColor;
    const back = lum(rgb(own === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.body).backgroundColor : own));
    return (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
  });
  assert.ok(ratio >= 4.5, `the status line's contrast ${ratio.toFixed(2)}:1`);
  await page.close();
});

test('from a host that does not, each board on another site\'s page shows its own words, never a blank', async () => {
  blog.overrides.set('/blog/bare.html', post(without.url, await puzzle()));
  const page = await browser.context.newPage();
  // A module script runs (or fails) before the page's load event.
  await page.goto(`${blog.origin}/blog/bare.html`, { waitUntil: 'load' });
  assert.equal(await page.evaluate(() => customElements.get('federa-board')), undefined, 'the script refused');
  for (const id of ['play', 'problem', 'review', 'diagram']) {
    assert.equal(await page.locator(`#${id}`).innerText(), FALLBACK);
    assert.ok(await page.locator(`#${id}`).isVisible());
  }
  await page.close();
});
