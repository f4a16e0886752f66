// @ts-check
// The AI's worker: searches off the main thread. Messages in:
//   { type: 'think', id, record, pie, player, ms, iterations, seed }
//   { type: 'analyse', id, record, pie, ply, ms, iterations, seed }  the
//     analysis board's search (candidates, ownership) of the record's
//     position after `ply` moves; positions analysed before come from the
//     worker's cache
//   { type: 'judge', id, record, pie, ply, ms, iterations, seed }  the class
//     of the record's move number `ply` (1 for the first), from analyses of
//     the positions before and after it
//   { type: 'explain', id, position, side, plies }  why the move that led to
//     `position` was wrong for `side`, from the puzzle solver (embed/explain.js)
//   { type: 'bench', id, size, ms }  the search benchmark of `federa bench --search`
// Messages out:
//   { type: 'ready' } once the engine is loaded,
//   { type: 'progress', id, info } about every 100 ms,
//   { type: 'result', id, info } or { type: 'error', id, error }.
// The page stops a search by terminating the worker.
import { loadEngine } from '../engine/engine.js';
import { explainLine } from './explain.js';

const engine = await loadEngine();
/** @type {InstanceType<typeof engine.Ai> | null} */
let ai = null;
let aiKey = '';
/** @type {InstanceType<typeof engine.Analyst> | null} */
let analyst = null;

/** @param {any} msg */
function answer(msg) {
  const progress = (/** @type {unknown} */ info) => {
    self.postMessage({ type: 'progress', id: msg.id, info });
    return true;
  };
  if (msg.type === 'explain') return explainLine(engine, msg.position, msg.side, msg.plies);
  if (msg.type === 'analyse' || msg.type === 'judge') {
    analyst ??= new engine.Analyst(msg.seed ?? 1);
    return msg.type === 'judge'
      ? analyst.judge(msg.record, msg.pie, msg.ply, msg.ms ?? 0, msg.iterations ?? 0)
      : analyst.analyse(msg.record, msg.pie, msg.ply, msg.ms ?? 0, msg.iterations ?? 0, progress);
  }
  const key = `${msg.player}/${msg.seed ?? 0}`;
  if (!ai || aiKey !== key) {
    ai?.free();
    ai = new engine.Ai(msg.player, msg.seed ?? Date.now() % 1e9);
    aiKey = key;
  }
  return ai.think(msg.record, msg.pie, msg.ms ?? 0, msg.iterations ?? 0, progress);
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg?.type === 'bench') {
    self.postMessage({ type: 'result', id: msg.id, info: engine.benchSearch(msg.size, msg.ms, 1) });
    return;
  }
  if (!['think', 'analyse', 'judge', 'explain'].includes(msg?.type)) return;
  try {
    self.postMessage({ type: 'result', id: msg.id, info: answer(msg) });
  } catch (/** @type {any} */ error) {
    self.postMessage({ type: 'error', id: msg.id, error: error?.kind ? error : { kind: 'internal', message: String(error) } });
  }
};
self.postMessage({ type: 'ready' });
