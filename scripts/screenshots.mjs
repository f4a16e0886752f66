// Screenshots of every page, to compare two builds by eye: each page at
// 1280 and 360 px, in the light and the dark scheme, in English and in
// Russian, as whole-page PNGs named page-width-scheme-lang.png.
//   node scripts/screenshots.mjs <dist> <folder>
import fs from 'node:fs/promises';
import path from 'node:path';
import { serve } from '../www/tests/browser/server.mjs';
import { launch } from '../www/tests/browser/browser.mjs';

const [dist, out] = process.argv.slice(2);
if (!dist || !out) throw new Error('usage: node scripts/screenshots.mjs <dist> <folder>');
const PAGES = ['index.html', 'puzzles.html', 'rules.html', 'editor.html', 'embed.html'];
const WIDTHS = [1280, 360];
const SCHEMES = ['light', 'dark'];
const LANGS = ['en', 'ru'];

await fs.mkdir(out, { recursive: true });
const server = await serve(path.resolve(dist), '/federa/');
try {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      for (const colorScheme of SCHEMES) {
        const phone = width < 600;
        const browser = await launch({
          viewport: { width, height: phone ? 740 : 860 },
          hasTouch: phone,
          isMobile: phone,
          locale: lang,
          colorScheme,
        });
        try {
          for (const page of PAGES) {
            const tab = await browser.context.newPage();
            await tab.goto(server.url + page);
            await tab.waitForFunction(() => document.documentElement.classList.contains('ready'));
            // The boards draw on the next frames.
            await tab.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
            const name = `${page.replace('.html', '')}-${width}-${colorScheme}-${lang}.png`;
            await tab.screenshot({ path: path.join(out, name), fullPage: true });
            await tab.close();
          }
        } finally {
          await browser.close();
        }
      }
    }
  }
} finally {
  await server.close();
}
console.log(`${PAGES.length * WIDTHS.length * SCHEMES.length * LANGS.length} screenshots in ${out}`);
