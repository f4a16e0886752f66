// The wasm API under seeded random calls (www/tests/wasm-calls.mjs says
// what each call must do). Each suite runs in a worker thread with a time
// limit: a call that never returns (a search without end) fails the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CALLS, ROUNDS } from './wasm-calls.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
// Each suite takes about a second; a stuck call is found after this.
const LIMIT_MS = 60000;

function run(suite) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./wasm-calls.mjs', import.meta.url), { workerData: { suite, dist: DIST } });
    const timer = setTimeout(() => {
      worker.terminate();
      reject(new Error(`${suite}: a call did not return within ${LIMIT_MS / 1000} s`));
    }, LIMIT_MS);
    worker.once('message', (counts) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(counts);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

test(`${CALLS} seeded random calls on games keep every rejected call harmless`, async () => {
  const counts = await run('games');
  console.log(`wasm API: ${counts.calls} calls, ${counts.rejected} rejected, ${counts.legal} legal moves played`);
  assert.ok(counts.rejected > CALLS / 4, 'many calls were rejected');
  assert.ok(counts.legal > CALLS / 10, 'many legal moves were played');
});

test(`${ROUNDS} rounds of seeded random calls on the AI and the benchmarks never trap or hang`, async () => {
  const counts = await run('searches');
  console.log(`AI and benchmarks: ${counts.rounds} rounds, ${counts.thought} searches, ${counts.rejected} calls rejected`);
  assert.ok(counts.thought > ROUNDS / 10, `${counts.thought} searches ran`);
  assert.ok(counts.rejected > ROUNDS / 2, `${counts.rejected} calls were rejected`);
});
