// What the search's `quickest` (the exact solver's quickest line once a win
// is proved, within 1,000 positions) can cost in wasm: the solver asked for
// the side to move's line within 15 plies and 1,000 positions on the first
// 400 positions of the shipped puzzles, timed under Node. Needs dist/.
// Usage: node scripts/quickest-cost.mjs
import fs from 'node:fs';
import { engine } from '../www/tests/unit/glue.mjs';

const wasm = await engine();
const lines = fs
  .readFileSync(new URL('../www/puzzles.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));
const times = [];
for (const line of lines.slice(0, 400)) {
  const position = line.split('\t')[0];
  const game = wasm.GameHandle.fromPosition(position, false);
  const side = position.split(' ')[1] === 'b' ? 'dark' : 'light';
  const start = performance.now();
  try {
    game.puzzleLine(side, 15, 1000);
  } catch (error) {
    if (error.kind !== 'tooHard') throw error;
  }
  times.push(performance.now() - start);
  game.free();
}
times.sort((a, b) => a - b);
const ms = (x) => `${x.toFixed(2)} ms`;
console.log(`median ${ms(times[times.length >> 1])}, 90th percentile ${ms(times[Math.floor(times.length * 0.9)])}, most ${ms(times.at(-1))}`);
