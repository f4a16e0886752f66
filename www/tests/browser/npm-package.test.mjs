// The npm package `federa-board` (scripts/npm-pack.mjs): its tarball
// installs into an empty project, and a page there mounts a board from it,
// and shows the element, in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../../..');

let scratch;
let server;
let browser;

before(async () => {
  const tarball = execFileSync('node', [path.join(ROOT, 'scripts/npm-pack.mjs')]).toString().trim();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-npm-'));
  await fs.writeFile(path.join(scratch, 'package.json'), JSON.stringify({ name: 'scratch', private: true }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: scratch });
  await fs.writeFile(
    path.join(scratch, 'index.html'),
    `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>scratch</title><link rel="icon" href="data:,">
<script type="importmap">{ "imports": { "federa-board": "./node_modules/federa-board/js/embed.js" } }</script>
</head><body>
<div id="here"></div>
<federa-board id="element" mode="diagram" position="5/5/5/c4/Cc3 b"></federa-board>
<script type="module">
  import { mount } from 'federa-board';
  window.board = mount(document.getElementById('here'), { mode: 'two-players', size: 5 });
</script>
</body></html>`,
  );
  server = await serve(scratch, '/');
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

test('the package installs from its tarball, with its types, and a page mounts a board from it', async () => {
  const installed = path.join(scratch, 'node_modules/federa-board');
  const manifest = JSON.parse(await fs.readFile(path.join(installed, 'package.json'), 'utf8'));
  assert.equal(manifest.exports['.'].default, './js/embed.js');
  await fs.access(path.join(installed, manifest.types));
  await fs.access(path.join(installed, 'federa-wasm_bg.wasm'));
  await fs.access(path.join(installed, 'README.md'));

  const page = await browser.context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));
  await page.goto(server.url);
  await page.waitForFunction(() => window.board);
  await page.evaluate(() => window.board.ready);
  await page.waitForFunction(() =>
    ['#here', '#element'].every((id) => document.querySelector(id).shadowRoot?.querySelector('canvas')),
  );
  // A click on c3 of the mounted 5×5 board plays there.
  const box = await page.locator('#here canvas').boundingBox();
  const cell = box.width / (4 + 2.3);
  await page.mouse.click(box.x + (1.15 + 2) * cell, box.y + (1.15 + 2) * cell);
  await page.waitForFunction(() => window.board.record() !== '5x5');
  assert.equal(await page.evaluate(() => window.board.record()), '5x5 BCc3');
  assert.deepEqual(problems, []);
  await page.close();
});
