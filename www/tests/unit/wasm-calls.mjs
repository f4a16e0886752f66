// Seeded random calls on the built wasm package (dist/, as the page loads
// it), run in a worker thread by wasm-api.test.mjs, so that a call that
// never returns fails that test by its time limit instead of hanging it.
// Every call must return a value or throw the engine's error object
// ({ kind, message }), never trap; a call that throws must leave the game's
// record and position as they were; whatever record a game writes must read
// back as the same game. Posts the counts of what it tried.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

export const CALLS = 6000;
export const ROUNDS = 1500;

async function loadEngine(dist) {
  // dist's glue is an ES module named .js; a copy named .mjs lets Node read it.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'federa-wasm-'));
  const glue = path.join(dir, 'federa-wasm.mjs');
  await fs.copyFile(path.join(dist, 'federa-wasm.js'), glue);
  const engine = await import(pathToFileURL(glue).href);
  await engine.default({ module_or_path: await fs.readFile(path.join(dist, 'federa-wasm_bg.wasm')) });
  await fs.rm(dir, { recursive: true, force: true });
  return engine;
}

/// mulberry32: a small seeded generator, the same sequence everywhere.
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n) => Math.floor(next() * n);
  const pick = (list) => list[below(list.length)];
  return { next, below, pick };
}

const ODD_NUMBERS = [NaN, Infinity, -Infinity, -1, -0, 0, 0.5, 1.5, 1e300, -1e300, 2 ** 53, 2 ** 32, 255, 256];
const ALPHABET = 'BWFCSabcdexyz0123456789 swap\n\t#[]"\\x/.-';

function inputs(rng) {
  const number = (n = 30) => (rng.next() < 0.3 ? rng.pick(ODD_NUMBERS) : rng.below(n + 4) - 2);
  const chars = (n, set) => Array.from({ length: n }, () => set[rng.below(set.length)]).join('');
  const unicode = (n) => Array.from({ length: n }, () => String.fromCharCode(rng.below(0x10000))).join('');
  const mutate = (text) => {
    if (!text) return text;
    const at = rng.below(text.length);
    switch (rng.below(4)) {
      case 0:
        return text.slice(0, at) + text.slice(at + 1);
      case 1:
        return text.slice(0, at) + chars(1, ALPHABET) + text.slice(at);
      case 2:
        return text.slice(0, at);
      default:
        return text + ' ' + chars(rng.below(6), ALPHABET);
    }
  };
  const string = (game) => {
    switch (rng.below(7)) {
      case 0:
        return chars(rng.below(12), ALPHABET);
      case 1:
        return unicode(rng.below(12));
      case 2:
        return mutate(rng.pick(game.legalMoves()) ?? 'swap');
      case 3:
        return mutate(game.record());
      case 4:
        return mutate(game.position());
      case 5:
        return rng.pick(['', ' ', 'swap', 'BCa1', 'WFc3', '2x2', '25x25', 'master', 'uct', 'random', 'novice']);
      default:
        return chars(rng.below(5000), ALPHABET);
    }
  };
  return { number, string, bool: () => rng.next() < 0.5 };
}

/// Runs `fn`; returns { value } or { error }, failing on a trap or on a
/// thrown value that is not the engine's error object.
function attempt(what, fn) {
  try {
    return { value: fn() };
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `${what} trapped: ${error}`);
    assert.equal(typeof error?.kind, 'string', `${what} threw ${error} without a kind`);
    assert.equal(typeof error?.message, 'string', `${what} threw an error without a message`);
    return { error };
  }
}

function games(engine) {
  const rng = generator(20261201);
  const { number, string, bool } = inputs(rng);
  let game = new engine.GameHandle(5, true);
  let pie = true;
  const counts = { calls: 0, rejected: 0, legal: 0 };
  // A time control's object, its fields perhaps out of range, missing or not numbers; or not an object.
  const timeControl = () => {
    if (rng.next() < 0.1) return rng.pick([null, undefined, 5, string(game)]);
    const tc = { kind: rng.pick(['fischer', 'byoyomi', 'days', string(game)]) };
    for (const [field, most] of [['main', 90000], ['increment', 4000], ['periods', 120], ['period', 4000], ['days', 40]]) {
      if (rng.next() < 0.9) tc[field] = rng.next() < 0.1 ? string(game) : number(most);
    }
    return tc;
  };
  const methods = [
    ['play legal', () => game.play(rng.pick(game.legalMoves()) ?? 'swap')],
    ['play', () => game.play(string(game))],
    ['place', () => game.place(number(), number(), rng.pick(['round', 'square', string(game)]))],
    ['change', () => game.change(number(), number())],
    ['undo', () => game.undo()],
    ['redo', () => game.redo()],
    ['jump', () => game.jump(number(60))],
    ['truncate', () => game.truncate()],
    ['endLine', () => game.endLine()],
    ['goTo', () => game.goTo(number(60))],
    ['promote', () => game.promote(number(60))],
    ['deleteMove', () => game.deleteMove(number(60))],
    ['annotate', () => game.annotate(number(60), number(2), rng.pick(['fine', 'mistake', 'blunder', string(game)]), string(game))],
    ['groupAt', () => game.groupAt(number(), number())],
    ['moveAt', () => game.moveAt(number(60))],
    ['setTag', () => game.setTag(string(game), string(game))],
    ['read', () => [game.status(), game.board(), game.moves(), game.changeable(), game.changeableGroups(), game.lastMovePoints(), game.tags(), game.tree(), game.redoable(), game.mainRecord()]],
    ['changeableGroups of', () => game.changeableGroups(rng.pick(['dark', 'light', string(game)]))],
    ['changeable of', () => game.changeable(rng.pick(['dark', 'light', string(game)]))],
    // A small search limit: a 5×5 board may need many positions.
    ['puzzleLine', () => game.puzzleLine(rng.pick(['dark', 'light', string(game)]), number(8), rng.pick([0, 1, 500, 2000, number(3000)]))],
    ['end', () => game.end(rng.pick(['dark', 'light', string(game)]), rng.pick(['resign', 'time', 'normal', string(game)]))],
    ['setTimeControl', () => game.setTimeControl(timeControl())],
    ['readTimeControl', () => engine.readTimeControl(rng.pick([string(game), `${number(90000)}+${number(4000)}`, `${number(700)}/byo ${number(120)}x${number(4000)}`, `${number(40)}d`]))],
    ['ended and timeControl', () => [game.ended(), game.timeControl()]],
  ];
  const makers = [
    ['new', () => [new engine.GameHandle(number(), bool()), null]],
    ['fromRecord', () => { const p = bool(); return [engine.GameHandle.fromRecord(string(game), p), p]; }],
    ['fromPosition', () => { const p = bool(); return [engine.GameHandle.fromPosition(string(game), p), p]; }],
    ['fromCells', () => {
      const p = bool();
      // The board's own cells (perhaps cut short or with a code out of range), or random bytes.
      const cells = rng.next() < 0.7 ? Uint8Array.from(game.board()) : Uint8Array.from({ length: rng.below(700) }, () => rng.below(7));
      if (cells.length && rng.next() < 0.2) cells[rng.below(cells.length)] = rng.below(256);
      const size = rng.next() < 0.7 ? game.status().size : number();
      const toMove = rng.pick(['dark', 'light', string(game)]);
      return [engine.GameHandle.fromCells(size, rng.next() < 0.1 ? cells.subarray(1) : cells, toMove, number(9), p), p];
    }],
  ];
  for (let k = 0; k < CALLS; k++) {
    counts.calls++;
    if (rng.next() < 0.05) {
      const [name, make] = rng.pick(makers);
      const got = attempt(name, make);
      if (got.error) {
        counts.rejected++;
        continue;
      }
      game.free();
      [game, pie] = got.value;
      pie ??= game.status().pie;
      continue;
    }
    const [name, call] = rng.below(3) === 0 ? methods[0] : rng.pick(methods);
    const before = { record: game.record(), position: game.position(), status: game.status(), tree: game.annotated() };
    const got = attempt(name, call);
    // A refusal throws, or returns false (a step or node that is not there).
    if (got.error || got.value === false) {
      counts.rejected++;
      assert.equal(game.annotated(), before.tree, `${name} rejected, tree unchanged`);
      assert.equal(game.record(), before.record, `${name} rejected, record unchanged`);
      assert.equal(game.position(), before.position, `${name} rejected, position unchanged`);
      assert.deepEqual(game.status(), before.status, `${name} rejected, status unchanged`);
    } else if (name === 'play legal' && !before.status.winner) {
      counts.legal++;
    }
    if (game.status().winner || rng.next() < 0.01) game.truncate();
    const reread = attempt('fromRecord(record)', () => engine.GameHandle.fromRecord(game.record(), pie));
    assert.ok(reread.value, `the record ${JSON.stringify(game.record())} reads back`);
    assert.equal(reread.value.record(), game.record());
    reread.value.free();
    const tree = attempt('fromRecord(annotated)', () => engine.GameHandle.fromRecord(game.annotated(), pie));
    assert.ok(tree.value, `the tree ${JSON.stringify(game.annotated())} reads back`);
    assert.equal(tree.value.annotated(), game.annotated());
    tree.value.free();
  }
  game.free();
  return counts;
}

function searches(engine) {
  const rng = generator(7);
  const { number, string, bool } = inputs(rng);
  const game = new engine.GameHandle(5, true);
  let rejected = 0;
  let thought = 0;
  for (let k = 0; k < ROUNDS; k++) {
    // Out of range, but never a long search: 1e300 ms is a legal request.
    const budget = () => rng.pick([0, 1, 2, 3, NaN, Infinity, -Infinity, -1, 0.5]);
    const ai = attempt('new Ai', () => new engine.Ai(rng.next() < 0.7 ? rng.pick(['novice', 'casual', 'uct', 'random', 'master', '3']) : string(game), number()));
    if (ai.error) {
      rejected++;
      continue;
    }
    const record = rng.next() < 0.7 ? game.record() : string(game);
    const pie = bool();
    const got = attempt('think', () => ai.value.think(record, pie, budget(), rng.pick([0, 1, 5, 20, NaN, Infinity, -Infinity, -3, 0.5]), () => bool()));
    if (got.error) rejected++;
    else {
      thought++;
      // A move of the game the search was given.
      const searched = engine.GameHandle.fromRecord(record, pie);
      assert.ok(searched.legalMoves().includes(got.value.best), `${got.value.best} is legal after ${record}`);
      searched.free();
    }
    ai.value.free();
    const analyst = new engine.Analyst(number());
    const plies = [0, 1, 2, 9, NaN, Infinity, -1, 0.5, 1e300];
    const analysed = attempt('analyse', () => analyst.analyse(record, pie, rng.pick(plies), budget(), rng.pick([0, 1, 5, 20, NaN, -3]), () => bool()));
    if (analysed.error) rejected++;
    else assert.ok(Array.isArray(analysed.value.candidates) && Array.isArray(analysed.value.ownership), 'an analysis has candidates and ownership');
    const judged = attempt('judge', () => analyst.judge(record, pie, rng.pick(plies), budget(), rng.pick([0, 1, 5, NaN])));
    if (judged.error) rejected++;
    else assert.ok(['fine', 'inaccuracy', 'mistake', 'blunder'].includes(judged.value.class), `a class: ${judged.value.class}`);
    analyst.free();
    const bench = attempt('bench', () => engine.benchSearch(number(26), budget(), number()));
    if (bench.error) rejected++;
    if (rng.next() < 0.5) attempt('play', () => game.play(rng.pick(game.legalMoves()) ?? 'swap'));
    if (game.status().winner) game.jump(0);
  }
  game.free();
  return { rounds: ROUNDS, thought, rejected };
}

if (parentPort) {
  const engine = await loadEngine(workerData.dist);
  parentPort.postMessage(workerData.suite === 'games' ? games(engine) : searches(engine));
}
