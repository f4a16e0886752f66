// After Trunk builds the web game: copies the one npm package the pages
// load (uqr, the QR encoder), puts the content security policy into
// every page (scripts/csp.mjs), lists every module a page's script imports
// as a modulepreload link (so they load side by side, not one level of
// imports after another), minifies the JavaScript (terser: the sources'
// comments are for their readers, not for a phone's download), stamps the
// build's version (a hash of every file) into js/lib/build.js, and writes the
// service worker with that version and the list of files to keep for
// offline play.
// Run by Trunk as a post-build hook (see Trunk.toml), or: node scripts/postbuild.mjs dist
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPolicy } from './csp.mjs';
import { imports } from './modules.mjs';
import { minify } from 'terser';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? 'dist');
// Not worth keeping offline: the worker itself, Node's module marker, and
// the type declarations (for those who build on the embed).
const SKIP = new Set(['sw.js', 'js/package.json']);
const skipped = (rel) => SKIP.has(rel) || rel.endsWith('.d.ts');
// The opening books are part of the build's version but are kept only once
// the explorer first asks for one (sw.js), not at install.
const atInstall = (rel) => !rel.startsWith('book/');

async function files(dir, prefix = '') {
  const out = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) out.push(...(await files(path.join(dir, entry.name), rel + '/')));
    else if (!skipped(rel)) out.push(rel);
  }
  return out.sort();
}

// The QR encoder the play page loads when a link game's link is shown as a
// QR code: the npm package uqr (package.json pins it), with its licence.
const uqr = path.join(here, '../node_modules/uqr');
await fs.mkdir(path.join(root, 'js/vendor'), { recursive: true });
await fs.copyFile(path.join(uqr, 'dist/index.mjs'), path.join(root, 'js/vendor/uqr.js'));
await fs.copyFile(path.join(uqr, 'LICENSE'), path.join(root, 'js/vendor/uqr.LICENSE.txt'));

const assets = await files(root);

/// The page with a modulepreload link for each module its scripts import,
/// in the order they run, ahead of its other preloads (the engine's wasm
/// is needed only after the first board is drawn).
async function withPreloads(html, rel) {
  const links = [];
  for (const [, src] of html.matchAll(/<script type="module" src="([^"]+)"/g)) {
    const entry = path.posix.join(path.posix.dirname(rel), src);
    for (const dep of [entry, ...(await imports(root, entry))]) {
      const href = path.posix.relative(path.posix.dirname(rel), dep);
      if (!html.includes(`href="${href}"`)) links.push(`<link rel="modulepreload" href="${href}">`);
    }
  }
  const at = html.includes('<link rel="preload"') ? '<link rel="preload"' : '</head>';
  return html.replace(at, [...new Set(links), at].join('\n'));
}

for (const rel of assets.filter((f) => f.endsWith('.html'))) {
  const file = path.join(root, rel);
  const html = await withPreloads(await fs.readFile(file, 'utf8'), rel);
  await fs.writeFile(file, withPolicy(html, rel));
}
for (const rel of assets.filter((f) => f.endsWith('.js'))) {
  const file = path.join(root, rel);
  const { code } = await minify(await fs.readFile(file, 'utf8'), { module: true, format: { comments: false } });
  await fs.writeFile(file, code + '\n');
}
const lines = [];
for (const rel of assets) {
  if (rel === 'js/lib/build.js') continue;
  const body = await fs.readFile(path.join(root, rel));
  lines.push(`${rel} ${crypto.createHash('sha256').update(body).digest('hex')}`);
}
const version = crypto.createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 12);

await fs.writeFile(
  path.join(root, 'js/lib/build.js'),
  `// Written by scripts/postbuild.mjs.\nexport const VERSION = '${version}';\n`,
);
const template = await fs.readFile(path.join(here, '../www/sw.js'), 'utf8');
const urls = ['./', ...assets.filter(atInstall).map((f) => './' + f)];
await fs.writeFile(
  path.join(root, 'sw.js'),
  template.replace("'__VERSION__'", `'${version}'`).replace('__ASSETS__', JSON.stringify(urls, null, 2)),
);
console.log(`postbuild: version ${version}, ${urls.length} files for offline use`);
