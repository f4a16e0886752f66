// A tap on a phone in headless Chromium (touch events, a 360 px viewport at
// a phone's pixel ratio): what the page says about a group names the point
// tapped, not the group's first point in board order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { PHONE, launch } from './browser.mjs';
import { newGame } from './play-page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');

let server;
let browser;

before(async () => {
  server = await serve(DIST, '/sub/federa/');
  browser = await launch({ ...PHONE, deviceScaleFactor: 2.625 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('a tap on f9 of a 13x13 board at 360 px is about f9, also when its group starts at g8', async () => {
  const page = await browser.context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa);
  await newGame(page, { size: 13, opponent: 'human', pie: false });
  const tap = async (point) => {
    await page.locator('#board').scrollIntoViewIfNeeded();
    const at = await page.evaluate((p) => window.federa.pointPixel(p), point);
    assert.ok(at, point);
    await page.touchscreen.tap(at.x, at.y);
  };
  // Dark's rounds f9, g9 and g8 make one group (g8 first in board order),
  // not enclosed; Light plays far away.
  const moves = ['f9', 'a1', 'g9', 'a2', 'g8', 'a3'];
  // Each by two taps: the first selects, the second plays.
  for (const [k, point] of moves.entries()) {
    await tap(point);
    await tap(point);
    await page.waitForFunction((n) => window.federa.status().ply === n, k + 1);
  }
  assert.equal(await page.evaluate(() => window.federa.record()), '13x13 BCf9 WCa1 BCg9 WCa2 BCg8 WCa3');
  // Dark taps f9 again: the first tap shows the group's badge, whose words
  // name f9.
  await tap('f9');
  const said = await page.waitForFunction(() => {
    const badge = document.querySelector('.badge');
    const words = [document.getElementById('message')?.textContent ?? '', badge && !badge.hidden ? badge.textContent : ''];
    return words.find((w) => w.includes('The group at')) ?? null;
  });
  const text = await said.jsonValue();
  assert.match(text, /The group at f9 /);
  assert.doesNotMatch(text, /g8/);
  await page.close();
});
