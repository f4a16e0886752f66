// Unit test of the pages' HTML as a crawler and a browser's tab read it
// before any script runs: each page its own title (the English one its
// script sets, from the catalogue) and a description.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import en from '../../js/i18n/catalogues/en.js';

const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('every page has its own title, the one its script writes in English, and a description', async () => {
  const titles = new Set();
  for (const page of ['index', 'puzzles', 'rules', 'editor', 'embed']) {
    const html = await fs.readFile(path.join(WWW, `${page}.html`), 'utf8');
    const title = html.match(/<title>([^<]*)<\/title>/)?.[1];
    const key = html.match(/<body[^>]*data-title="([^"]+)"/)?.[1] ?? 'app.title';
    assert.equal(title, en[key], `${page}.html's title`);
    titles.add(title);
    assert.match(html, /<meta name="description" content="[^"]{40,}">/, `${page}.html's description`);
  }
  assert.equal(titles.size, 5, 'no two pages share a title');
});
