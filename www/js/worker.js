// @ts-check
// The AI's worker: searches off the main thread. Messages in:
//   { type: 'think', id, record, pie, player, ms, iterations }
//   { type: 'bench', id, size, ms }  the search benchmark of `federa bench --search`
// Messages out:
//   { type: 'ready' } once the engine is loaded,
//   { type: 'progress', id, info } about every 100 ms,
//   { type: 'result', id, info } or { type: 'error', id, error }.
// The page stops a search by terminating the worker.
import { loadEngine } from './engine.js';

const engine = await loadEngine();
/** @type {InstanceType<typeof engine.Ai> | null} */
let ai = null;
let aiKey = '';

self.onmessage = (event) => {
  const msg = event.data;
  if (msg?.type === 'bench') {
    self.postMessage({ type: 'result', id: msg.id, info: engine.benchSearch(msg.size, msg.ms, 1) });
    return;
  }
  if (msg?.type !== 'think') return;
  try {
    const key = `${msg.player}/${msg.seed ?? 0}`;
    if (!ai || aiKey !== key) {
      ai?.free();
      ai = new engine.Ai(msg.player, msg.seed ?? Date.now() % 1e9);
      aiKey = key;
    }
    const progress = (/** @type {unknown} */ info) => {
      self.postMessage({ type: 'progress', id: msg.id, info });
      return true;
    };
    const info = ai.think(msg.record, msg.pie, msg.ms ?? 0, msg.iterations ?? 0, progress);
    self.postMessage({ type: 'result', id: msg.id, info });
  } catch (/** @type {any} */ error) {
    self.postMessage({ type: 'error', id: msg.id, error: error?.kind ? error : { kind: 'internal', message: String(error) } });
  }
};
self.postMessage({ type: 'ready' });
