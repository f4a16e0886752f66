// End-to-end tests of the board editor (editor.html) in Chromium: what
// needs a browser. A position built by pointer, touch and keys through the
// page, the snippet pasted into another page drawing the same pixels, the
// SVG and PNG downloads, the form after a load, and the diagram kept over a
// reload. The controller's logic (strokes, arrows, labels, keys, history,
// the engine's reading, loading and its refusals, the report's words) is
// tested under Node in editor-ctrl.test.mjs.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { PHONE, launch } from './browser.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');

let server;
let browser;

before(async () => {
  server = await serve(DIST, '/sub/federa/');
  browser = await launch({ acceptDownloads: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/// A fresh editor page (storage cleared before its first script), with
/// every console error and uncaught exception noted in `problems`.
async function openEditor(problems, clear = true) {
  const page = await browser.context.newPage();
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  if (clear) {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('cleared')) {
        localStorage.clear();
        localStorage.setItem('federa.lang', 'en');
        sessionStorage.setItem('cleared', '1');
      }
    });
  }
  await page.goto(server.url + 'editor.html');
  await page.waitForSelector('html.editor-ready');
  return page;
}

const at = (page, point) => page.evaluate((p) => window.federa.pointPixel(p), point);

async function click(page, point, button = 'left') {
  const xy = await at(page, point);
  assert.ok(xy, `${point} is on the board`);
  await page.mouse.click(xy.x, xy.y, { button });
}

/// Presses the mouse at `from`, moves through `through` and lets go at the last.
async function drag(page, from, ...through) {
  const a = await at(page, from);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (const p of through) {
    const b = await at(page, p);
    await page.mouse.move(b.x, b.y, { steps: 4 });
  }
  await page.mouse.up();
}

/// Loads a position, record or snippet as the user would paste it.
async function load(page, text) {
  await page.fill('#load-text', text);
  await page.click('#btn-load');
}

const tool = (page, value) => page.check(`input[name="tool"][value="${value}"]`);
const report = (page) => page.locator('#report p').allInnerTexts();

test('a position built by clicks, drags and keys, with marks, gives its position, report, link and snippet', async () => {
  const problems = [];
  const page = await openEditor(problems);
  await page.selectOption('#size', '5');
  // Dark rounds by a click and by a drag along the bottom row.
  await click(page, 'a1');
  await drag(page, 'b1', 'c1', 'd1');
  // A click on a piece of the tool's kind takes it away.
  await click(page, 'd1');
  // Light squares by keys: the tool chosen with the arrow keys of the radio group.
  await page.focus('input[name="tool"][value="1"]');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('input[name="tool"]:checked').getAttribute('value'), '4');
  await page.focus('#board');
  // The cursor appears at the centre (c3); Enter uses the tool there.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  // Shift and an arrow paint as the cursor moves: d3, then e3.
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  // A number key puts its piece: a light round on e4, then taken away by Delete and put again.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('3');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('2');
  await page.keyboard.press('Delete');
  // Right-click erases, whatever the tool.
  await click(page, 'a1', 'right');
  assert.equal(await page.evaluate(() => window.federa.position()), '5/4c/2sss/5/.CC2 b 0');
  await tool(page, '1');
  await click(page, 'a1');
  assert.equal(await page.evaluate(() => window.federa.position()), '5/4c/2sss/5/CCC2 b 0');

  // Marks: a ring, an arrow by a drag, two labels counting on, and shade by a drag.
  await tool(page, 'highlight');
  await click(page, 'c3');
  await tool(page, 'arrow');
  await drag(page, 'a1', 'c3');
  await tool(page, 'label');
  await click(page, 'a5');
  await click(page, 'b5');
  await tool(page, 'shade');
  await drag(page, 'a2', 'b2', 'c2');
  await page.check('input[name="to-move"][value="light"]');
  await page.uncheck('#pie');
  await page.fill('#plies', '7');
  await page.dispatchEvent('#plies', 'change');

  const position = '5/4c/2sss/5/CCC2 w 7';
  assert.equal(await page.inputValue('#out-position'), position);
  const snippet = await page.inputValue('#out-snippet');
  assert.equal(
    snippet,
    `<script type="module" src="${server.url}embed.js"></script>\n` +
      `<federa-board mode="diagram" position="${position}" pie="false" highlight="c3" arrows="a1-c3" labels="a5:A b5:B" shade="a2 b2 c2"></federa-board>`,
  );
  assert.deepEqual(await report(page), [
    'Light to move.',
    'Dark could change no group.',
    'Light could change no group.',
    'Dark 3 pieces, Light 4 pieces, 18 empty points.',
  ]);
  // The link opens the play page on this position, pie off.
  const link = await page.inputValue('#out-link');
  const play = await browser.context.newPage();
  await play.goto(link);
  await play.waitForSelector('html.ready');
  assert.equal(await play.evaluate(() => window.federa.position()), position);
  assert.equal(await play.evaluate(() => window.federa.status().pie), false);
  await play.close();

  // Undo takes back the last edit (the plies), redo puts it again.
  await page.click('#btn-undo');
  assert.equal(await page.inputValue('#out-position'), '5/4c/2sss/5/CCC2 w 0');
  await page.keyboard.press('Control+y');
  assert.equal(await page.inputValue('#out-position'), position);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the snippet pasted into another page draws the pixels the editor draws', async () => {
  const problems = [];
  const page = await openEditor(problems);
  await load(
    page,
    '<federa-board mode="diagram" position="7/7/2cS3/2Cs3/1Ss4/7/7 b 6" highlight="d4" arrows="b3-d5" labels="f6:A g1:12" shade="a1 b1 c1"></federa-board>',
  );
  await page.mouse.move(0, 0);
  // Two frames: the board draws on the next one.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const side = await page.evaluate(() => document.querySelector('#board canvas').getBoundingClientRect().width);
  const snippet = await page.inputValue('#out-snippet');

  server.overrides.set(
    '/elsewhere/paste.html',
    `<!doctype html><meta charset="utf-8"><style>body { margin: 0 } federa-board { max-width: none; width: ${side}px }</style>\n${snippet}`,
  );
  const other = await browser.context.newPage();
  other.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await other.goto(server.origin + '/elsewhere/paste.html');
  await other.waitForFunction(() => document.querySelector('federa-board')?.shadowRoot?.querySelector('canvas'));
  await other.waitForFunction(() => performance.getEntriesByName('federa-board-drawn').length > 0);
  await other.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const theirs = await other.evaluate(() => document.querySelector('federa-board').shadowRoot.querySelector('canvas').toDataURL());
  // Compared in the editor's page: the pixels that differ by more than a rounding.
  server.overrides.set('/elsewhere/theirs.png', Buffer.from(theirs.split(',')[1], 'base64'));
  const { sizes, differ, total } = await page.evaluate(async (url) => {
    const mine = /** @type {HTMLCanvasElement} */ (document.querySelector('#board canvas'));
    const img = new Image();
    img.src = url;
    await img.decode();
    const copy = document.createElement('canvas');
    copy.width = img.naturalWidth;
    copy.height = img.naturalHeight;
    const ctx = copy.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const a = mine.getContext('2d').getImageData(0, 0, mine.width, mine.height).data;
    const b = ctx.getImageData(0, 0, copy.width, copy.height).data;
    let differ = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (Math.max(...[0, 1, 2, 3].map((k) => Math.abs(a[i + k] - b[i + k]))) > 2) differ++;
    }
    return { sizes: [mine.width, mine.height, copy.width, copy.height], differ, total: a.length / 4 };
  }, server.origin + '/elsewhere/theirs.png');
  assert.deepEqual(sizes.slice(2), sizes.slice(0, 2), 'the same size');
  assert.ok(total > 100_000, `a board of ${total} pixels`);
  assert.equal(differ, 0, `${differ} of ${total} pixels differ`);
  assert.deepEqual(problems, []);
  await other.close();
  await page.close();
});

test('the SVG opens as an image and the PNG has the chosen size', async () => {
  const problems = [];
  const page = await openEditor(problems);
  await load(page, '<federa-board position="3/1c1/C2 b" labels="b2:7" coordinates="false"></federa-board>');
  await page.selectOption('#png-size', '256');
  // An arrow begun and not finished is the editor's, not the diagram's.
  await tool(page, 'arrow');
  await click(page, 'a3');
  assert.equal(await page.locator('#tool-note').innerText(), 'The arrow starts at a3: choose where it points.');
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#btn-svg')]);
  assert.equal(svgDownload.suggestedFilename(), 'federa-diagram.svg');
  const svg = await fs.readFile(await svgDownload.path(), 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256"/);
  assert.doesNotMatch(svg, />a</, 'no coordinates');
  assert.match(svg, />7<\/text>/);
  assert.doesNotMatch(svg, /<circle [^>]*fill="none"/, 'no ring at a3');
  server.overrides.set('/elsewhere/diagram.svg', svg);
  const image = await page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, server.origin + '/elsewhere/diagram.svg');
  assert.deepEqual(image, [256, 256]);

  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('#btn-png')]);
  assert.equal(pngDownload.suggestedFilename(), 'federa-diagram.png');
  const png = await fs.readFile(await pngDownload.path());
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [256, 256], 'the width and height in the IHDR chunk');
  // Escape drops the arrow's first point; the PNG is the same without it.
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#tool-note').innerText(), '');
  const [again] = await Promise.all([page.waitForEvent('download'), page.click('#btn-png')]);
  assert.ok(png.equals(await fs.readFile(await again.path())), 'the pending arrow was not in the PNG');
  // Ctrl+Z in a text field is the field's own undo, not the diagram's.
  const before = await page.inputValue('#out-position');
  await page.focus('#label-text');
  await page.keyboard.press('Control+z');
  assert.equal(await page.inputValue('#out-position'), before);
  assert.deepEqual(problems, []);
  await page.close();
});

test('loading back a written snippet restores everything; a bad one is refused with its attribute named and changes nothing', async () => {
  const problems = [];
  const page = await openEditor(problems);
  const given =
    '<federa-board mode="diagram" position="4/.s2/2C./4 w 3" pie="false" coordinates="false" highlight="b3" arrows="a1-c2" labels="d4:Z" shade="a4 b4"></federa-board>';
  await load(page, given);
  const written = await page.inputValue('#out-snippet');
  assert.equal(written.split('\n')[1], given);
  assert.equal(await page.isChecked('#pie'), false);
  assert.equal(await page.isChecked('#coordinates'), false);
  assert.equal(await page.isChecked('input[name="to-move"][value="light"]'), true);
  assert.equal(await page.inputValue('#plies'), '3');
  assert.equal(await page.getAttribute('#plies', 'max'), '9999', 'the field takes what the diagram may say (MAX_PLIES)');

  // Each refusal's words are tested in editor-ctrl.test.mjs; here, that the page shows one.
  await load(page, '<federa-board position="4/.s2/2C./4 w" arrows="a1-a1">');
  assert.equal(
    await page.locator('#load-error').innerText(),
    'The snippet’s arrows attribute is “a1-a1”; it takes arrows from a point to another, such as a1-c3 b2-b4.',
  );
  assert.equal(await page.inputValue('#out-snippet'), written, 'nothing changed');
  await load(page, given);
  assert.equal(await page.isHidden('#load-error'), true, 'a load that reads hides the refusal');

  // The diagram is kept over a reload.
  await page.reload();
  await page.waitForSelector('html.editor-ready');
  assert.equal(await page.inputValue('#out-snippet'), written);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a stored diagram that does not read is kept under a backup key, and the page says so', async () => {
  const problems = [];
  const page = await browser.context.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('planted')) {
      localStorage.clear();
      localStorage.setItem('federa.lang', 'en');
      localStorage.setItem('federa.editor', JSON.stringify({ snippet: '<federa-board position="3/3 b">' }));
      sessionStorage.setItem('planted', '1');
    }
  });
  await page.goto(server.url + 'editor.html');
  await page.waitForSelector('html.editor-ready');
  const note = await page.locator('#lost').innerText();
  assert.match(note, /Your saved diagram could not be read/);
  const backups = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('federa.editor.unread-')));
  assert.equal(backups.length, 1);
  assert.equal(
    await page.evaluate((k) => localStorage.getItem(k), backups[0]),
    JSON.stringify({ snippet: '<federa-board position="3/3 b">' }),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a touch screen a tap paints and a drag paints along its way, not scrolling the page', async () => {
  const touch = await launch(PHONE);
  try {
    const page = await touch.context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    await page.addInitScript(() => localStorage.clear());
    await page.goto(server.url + 'editor.html');
    await page.waitForSelector('html.editor-ready');
    await page.selectOption('#size', '5');
    const tap = await at(page, 'a1');
    await page.touchscreen.tap(tap.x, tap.y);
    const client = await page.context().newCDPSession(page);
    const scrolled = await page.evaluate(() => window.scrollY);
    const points = [];
    for (const p of ['b3', 'c3', 'd3', 'd4']) points.push(await at(page, p));
    const touchAt = (type, p) => client.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
    await touchAt('touchStart', points[0]);
    for (const p of points.slice(1)) {
      const last = points[points.indexOf(p) - 1];
      // Through the points between, as a finger goes.
      for (const f of [0.25, 0.5, 0.75, 1]) await touchAt('touchMove', { x: last.x + (p.x - last.x) * f, y: last.y + (p.y - last.y) * f });
    }
    await touchAt('touchEnd', null);
    assert.equal(await page.evaluate(() => window.federa.position()), '5/3C./.CCC./5/C4 b 0');
    assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'the page did not scroll');
    // A stroke the browser cancels keeps what it painted, as a step of its own.
    const e1 = await at(page, 'e1');
    const e2 = await at(page, 'e2');
    await touchAt('touchStart', e1);
    for (const f of [0.25, 0.5, 0.75, 1]) await touchAt('touchMove', { x: e1.x, y: e1.y + (e2.y - e1.y) * f });
    await touchAt('touchCancel', null);
    assert.equal(await page.evaluate(() => window.federa.position()), '5/3C./.CCC./4C/C3C b 0');
    // One stroke, one undo.
    await page.click('#btn-undo');
    assert.equal(await page.evaluate(() => window.federa.position()), '5/3C./.CCC./5/C4 b 0');
    await page.click('#btn-undo');
    assert.equal(await page.evaluate(() => window.federa.position()), '5/5/5/5/C4 b 0');
    assert.deepEqual(problems, []);
  } finally {
    await touch.close();
  }
});
