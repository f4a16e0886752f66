import { serve } from './server.mjs';
import { launch } from './browser.mjs';
import path from 'node:path';
const DIST = path.resolve('dist');
const server = await serve(DIST, '/sub/federa/');
const [,, what = 'embed', width = '1280', lang = 'en'] = process.argv;
const browser = await launch({ viewport: { width: Number(width), height: 900 } });
const page = await browser.context.newPage();
page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
page.on('pageerror', (e) => console.log('page error:', e.message));
const url = server.url + (what === 'embed' ? 'embed.html' : '');
await page.goto(url);
await page.evaluate((l) => localStorage.setItem('federa.lang', l), lang);
await page.reload();
await page.waitForTimeout(1500);
if (what === 'embed') {
  const el = page.locator('#demo-review');
  await el.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  // Step to move 4 (the inaccuracy).
  for (let k = 0; k < 4; k++) await el.locator('.bar button:nth-child(3)').click();
  await page.waitForTimeout(400);
  await el.screenshot({ path: `/tmp/shot-embed-${width}-${lang}.png` });
  console.log(await page.evaluate(() => document.documentElement.scrollWidth));
}
await browser.close();
await server.close();
