// Runs the search benchmark of `federa bench --search` compiled to wasm,
// under Node. Usage: node search.mjs <wasm-bindgen nodejs output> [size] [seconds]
import { createRequire } from 'node:module';
import path from 'node:path';

const [dir, size = '13', seconds = '5'] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(dir, 'federa_wasm.js'));

// Warm up, so the engine's tiers have compiled the module.
wasm.benchSearch(Number(size), 300, 1);
const r = wasm.benchSearch(Number(size), Number(seconds) * 1000, 1);
console.log(
  `${size}x${size} wasm search: ${Math.round(r.iterations / (r.millis / 1000))} iterations/s ` +
    `(${r.iterations} iterations in ${(r.millis / 1000).toFixed(2)} s); best ${r.best} (${(100 * r.win).toFixed(1)}%)`,
);
