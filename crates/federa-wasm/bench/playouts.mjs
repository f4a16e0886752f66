// Runs the random-playout benchmark of `federa bench` compiled to wasm, under
// Node. Usage: node playouts.mjs <path to wasm-bindgen nodejs output> [size] [seconds]
import { createRequire } from 'node:module';
import path from 'node:path';

const [dir, size = '13', seconds = '5'] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const wasm = require(path.resolve(dir, 'federa_wasm.js'));

const n = Number(size);
const budget = Number(seconds) * 1000;
let games = 0;
let moves = 0;
let changes = 0;
let seed = 1;
// Warm up, so the engine's tiers have compiled the module.
wasm.benchPlayouts(n, 64, 0);
const started = performance.now();
while (performance.now() - started < budget) {
  const s = wasm.benchPlayouts(n, 64, seed++);
  games += s.games;
  moves += s.moves;
  changes += s.changes;
}
const secs = (performance.now() - started) / 1000;
console.log(
  `${n}x${n} wasm: ${Math.round(games / secs)} playouts/s (${games} games in ${secs.toFixed(2)} s), ` +
    `mean length ${(moves / games).toFixed(1)} moves, mean ${(changes / games).toFixed(1)} changes per game`,
);
