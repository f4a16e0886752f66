// Measures the web build's budgets (not a test: figures vary with the
// machine): gzipped sizes, time to the first drawn board, the AI's search
// speed inside its worker in Chromium against the native build, the
// longest main-thread task during an analysis, and the time of a 13x13 game
// review with its longest main-thread task.
// Usage (after scripts/build-web.sh and cargo build --release): node www/tests/budgets.mjs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serve } from './browser/server.mjs';
import { launch, launchOwn } from './browser/browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../dist');
const FEDERA = path.resolve(here, '../../target/release/federa');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = async (file) => zlib.gzipSync(await fs.readFile(file), { level: 9 }).length;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** A page's init script: `window.longest` is its longest main-thread task (over 50 ms) since it was last set to 0. */
const watchLongTasks = () => {
  window.longest = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.longest = Math.max(window.longest, e.duration);
  }).observe({ type: 'longtask', buffered: false });
};
/** What `watchLongTasks` saw, in words (the observer reports only tasks over 50 ms). */
const longestSaid = (ms) => (ms ? `${ms.toFixed(0)} ms` : 'none over 50 ms');

const server = await serve(DIST, '/sub/federa/');
const browser = await launch();
try {
  console.log(`wasm: ${kb((await fs.stat(path.join(DIST, 'federa-wasm_bg.wasm'))).size)}, gzipped ${kb(await gz(path.join(DIST, 'federa-wasm_bg.wasm')))}`);

  // First load: every file the play page fetches, on a fresh profile.
  const fetched = new Set();
  const page = await browser.context.newPage();
  page.on('request', (r) => fetched.add(new URL(r.url()).pathname));
  await page.goto(server.url);
  await page.waitForFunction(() => window.federa);
  await page.waitForTimeout(500);
  let pageBytes = 0;
  for (const p of fetched) {
    if (!p.startsWith('/sub/federa/')) continue;
    const rel = p.slice('/sub/federa/'.length) || 'index.html';
    pageBytes += await gz(path.join(DIST, rel)).catch(() => 0);
  }
  console.log(`first load of the play page: ${fetched.size} files, ${kb(pageBytes)} gzipped`);
  let all = 0;
  for (const rel of JSON.parse((await fs.readFile(path.join(DIST, 'sw.js'), 'utf8')).match(/const ASSETS = (\[[\s\S]*?\]);/)[1])) {
    if (rel !== './') all += await gz(path.join(DIST, rel));
  }
  console.log(`everything kept for offline use (fetched after the page is up): ${kb(all)} gzipped`);

  // Time from navigation to the first drawn board as a first visit sees
  // it: each load in a browser of its own, with a fresh profile (nothing
  // cached, no service worker); median of five.
  const times = [];
  for (let k = 0; k < 5; k++) {
    const fresh = await launchOwn();
    try {
      const p = await fresh.context.newPage();
      await p.goto(server.url);
      await p.waitForFunction(() => performance.getEntriesByName('federa-board-drawn').length);
      times.push(await p.evaluate(() => performance.getEntriesByName('federa-board-drawn')[0].startTime));
    } finally {
      await fresh.close();
    }
  }
  console.log(
    `first board drawn (fresh profile, from navigation) after ${times.map((t) => t.toFixed(0)).join(', ')} ms; median ${median(times).toFixed(0)} ms`,
  );

  // The AI's search inside its worker, against the native build, alternating.
  const worker = [];
  const native = [];
  for (let k = 0; k < 5; k++) {
    const r = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const w = new Worker(new URL('js/ai/worker.js', location.href), { type: 'module' });
          // A short search first, as the Node benchmark does, so that the
          // engine's optimising tier has compiled the module.
          w.onmessage = (e) => {
            if (e.data.type === 'ready') w.postMessage({ type: 'bench', id: 1, size: 13, ms: 300 });
            else if (e.data.id === 1) w.postMessage({ type: 'bench', id: 2, size: 13, ms: 5000 });
            else {
              w.terminate();
              resolve(e.data.info);
            }
          };
        }),
    );
    worker.push(r.iterations / (r.millis / 1000));
    const line = execFileSync(FEDERA, ['bench', '--search', '--size', '13', '--seconds', '5']).toString();
    native.push(Number(line.match(/: (\d+) iterations/)[1]));
  }
  const w = median(worker);
  const n = median(native);
  console.log(
    `13x13 search, median of 5: in Chromium's worker ${w.toFixed(0)} iterations/s, native ${n} iterations/s, native/worker = ${(n / w).toFixed(2)}`,
  );

  // The longest main-thread task while the analysis board works (its
  // search runs in the worker; the page draws each report of it).
  const analysing = await browser.context.newPage();
  await analysing.addInitScript(watchLongTasks);
  await analysing.goto(server.url + '#' + new URLSearchParams({ r: '9x9 BCe5 WSd4' }));
  await analysing.waitForFunction(() => window.federa);
  await analysing.evaluate(() => {
    window.longest = 0;
    document.getElementById('btn-analysis').click();
  });
  await analysing.waitForFunction(() => window.federa.analysis().done, null, { timeout: 60000, polling: 500 });
  console.log(`analysis board, 9x9: longest main-thread task during one analysis ${longestSaid(await analysing.evaluate(() => window.longest))}`);
  await analysing.close();

  // A review of a 13x13 game at the default budget: the game is the
  // strongest level against itself at 200 iterations a move (seeded), up to
  // 220 moves; the review runs on the play page, which watches its
  // main-thread tasks.
  const record = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const w = new Worker(new URL('js/ai/worker.js', location.href), { type: 'module' });
        let record = '13x13';
        let n = 0;
        const ask = () => w.postMessage({ type: 'think', id: n, record, pie: true, player: 'master', ms: 0, iterations: 200, seed: 5 });
        w.onmessage = (e) => {
          if (e.data.type === 'ready') return ask();
          if (e.data.type === 'progress') return;
          if (e.data.type === 'result') {
            record += ' ' + e.data.info.best;
            if (++n < 220) return ask();
          }
          w.terminate();
          resolve(record);
        };
      }),
  );
  const moves = record.split(' ').length - 1;
  const reviewer = await browser.context.newPage();
  await reviewer.addInitScript(watchLongTasks);
  await reviewer.goto(server.url + '#' + new URLSearchParams({ r: record }));
  await reviewer.waitForFunction(() => window.federa);
  // The observer sees a long task: one of 80 ms, planted.
  const planted = await reviewer.evaluate(async () => {
    const end = performance.now() + 80;
    while (performance.now() < end);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return window.longest;
  });
  if (planted <= 50) throw new Error(`the long-task observer missed a planted task (${planted} ms)`);
  const started = Date.now();
  await reviewer.evaluate(() => {
    window.longest = 0;
    document.getElementById('btn-review').click();
  });
  await reviewer.waitForFunction(() => window.federa.review().state.done === window.federa.status().moves && !window.federa.review().state.running, null, {
    timeout: 600000,
    polling: 500,
  });
  const seconds = (Date.now() - started) / 1000;
  const longest = await reviewer.evaluate(() => window.longest);
  console.log(
    `review of a 13x13 game of ${moves} moves at the default budget: ${seconds.toFixed(1)} s; longest main-thread task during it ${longestSaid(longest)} (a planted one was seen: ${planted.toFixed(0)} ms)`,
  );
} finally {
  await browser.close();
  await server.close();
}
