// Temporary: screenshots of the play page's analysis, review (with a variation) and coach, and the embed's review.
import { serve } from './server.mjs';
import { launch } from './browser.mjs';
import path from 'node:path';
const DIST = path.resolve('dist');
const server = await serve(DIST, '/sub/federa/');
const [,, width = '1280', lang = 'en'] = process.argv;
const W = Number(width);
const browser = await launch({ viewport: { width: W, height: W < 500 ? 780 : 900 } });
const errors = [];
async function open(hash) {
  const page = await browser.context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.evaluate((l) => { localStorage.clear(); localStorage.setItem('federa.lang', l); }, lang);
  await page.goto(server.url + hash);
  await page.reload();
  await page.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa);
  return page;
}
const point = async (page, p, button = 'left') => {
  const at = await page.evaluate((q) => window.federa.pointPixel(q), p);
  await page.mouse.click(at.x, at.y, { button });
};
const sw = async (page) => page.evaluate(() => document.documentElement.scrollWidth);
const tag = `${W}-${lang}`;

// Analysis board, a candidate's line shown.
let page = await open('#' + new URLSearchParams({ r: '7x7 BCd4 WSc4 BSc3' }));
await page.click('#btn-analysis');
await page.waitForFunction(() => window.federa.analysis().done, null, { timeout: 20000 });
await page.hover('#candidate-list button.candidate');
await page.waitForTimeout(300);
await page.screenshot({ path: `/tmp/shot-analysis-${tag}.png`, fullPage: true });
console.log('analysis', await sw(page));
await page.close();

// A finished review, at the blunder, with a variation in the move list.
page = await open('#' + new URLSearchParams({ r: '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2', pie: '0' }));
await page.evaluate(() => window.federa.status());
await page.click('#nav-first');
await page.click('#nav-forward');
await point(page, 'c2');
await page.locator('#move-list .variation-row .mv').first().click();
await page.click('#btn-review');
await page.waitForFunction(() => !window.federa.review().state.running && window.federa.review().state.done > 0, null, { timeout: 60000 });
for (let k = 0; k < 9 && (await page.evaluate(() => window.federa.review().mistakeAt)) !== 9; k++) await page.click('#btn-next-mistake');
await page.waitForTimeout(300);
await page.screenshot({ path: `/tmp/shot-review-${tag}.png`, fullPage: true });
console.log('review', await sw(page));
await page.close();

// Coach after a blunder.
page = await open('#' + new URLSearchParams({ r: '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3', pie: '0' }));
await page.click('.settings summary');
await page.check('#opt-coach');
await point(page, 'b2');
await page.waitForSelector('#coach:not([hidden])', { timeout: 15000 });
await page.screenshot({ path: `/tmp/shot-coach-${tag}.png`, fullPage: true });
console.log('coach', await sw(page));
await page.close();

// The embed page's review mode.
page = await browser.context.newPage();
await page.goto(server.url + 'embed.html');
await page.evaluate((l) => localStorage.setItem('federa.lang', l), lang);
await page.reload();
await page.waitForTimeout(1500);
const el = page.locator('#demo-review');
await el.scrollIntoViewIfNeeded();
for (let k = 0; k < 4; k++) await el.locator('[data-action="btn.forward"]').click();
await page.waitForTimeout(300);
await el.screenshot({ path: `/tmp/shot-embed-${tag}.png` });
console.log('embed', await sw(page));
console.log('errors', errors);
await browser.close();
await server.close();
