// Packs the embeddable board as the npm package `federa-board`, from the
// built site (run scripts/build-web.sh first): the element and `mount`
// (js/embed.js and every module it or the AI's worker imports, the
// catalogues), their types, the styles, and the wasm package beside them,
// laid out as in dist/ so that every relative URL holds. Writes
// target/npm/federa-board-<version>.tgz and prints its path.
// Usage: node scripts/npm-pack.mjs [dist]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { imports } from './modules.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(ROOT, 'dist'));
const out = path.join(ROOT, 'target/npm');
const dir = path.join(out, 'federa-board');

const version = (await fs.readFile(path.join(ROOT, 'Cargo.toml'), 'utf8')).match(/^version = "([^"]+)"/m)?.[1];
if (!version) throw new Error('no workspace version in Cargo.toml');

const modules = new Set(['js/embed.js', 'js/ai/worker.js']);
for (const entry of [...modules]) for (const dep of await imports(dist, entry)) modules.add(dep);
const catalogues = (await fs.readdir(path.join(dist, 'js/i18n/catalogues'))).map((f) => `js/i18n/catalogues/${f}`);
const files = [
  ...[...modules].filter((m) => m.startsWith('js/')),
  ...catalogues,
  'js/embed.d.ts',
  'js/package.json',
  'embed.js',
  'palette.css',
  'board.css',
  'review.css',
  'embed.css',
  'federa-wasm.js',
  'federa-wasm.d.ts',
  'federa-wasm_bg.wasm',
].sort();

await fs.rm(dir, { recursive: true, force: true });
for (const rel of files) {
  await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
  await fs.copyFile(path.join(dist, rel), path.join(dir, rel));
}
for (const license of ['LICENSE-MIT', 'LICENSE-APACHE']) await fs.copyFile(path.join(ROOT, license), path.join(dir, license));
await fs.copyFile(path.join(ROOT, 'www/npm/README.md'), path.join(dir, 'README.md'));
const manifest = {
  name: 'federa-board',
  version,
  description: 'A live board of the game Federa for any web page: play, replay, review and diagrams, with its AI in a worker',
  license: 'MIT OR Apache-2.0',
  type: 'module',
  exports: {
    '.': { types: './js/embed.d.ts', default: './js/embed.js' },
    './embed.js': './embed.js',
  },
  types: './js/embed.d.ts',
  // Importing it defines <federa-board>.
  sideEffects: true,
  keywords: ['federa', 'board-game', 'web-component', 'wasm'],
};
await fs.writeFile(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: dir }).toString());
console.log(path.join(out, packed[0].filename));
