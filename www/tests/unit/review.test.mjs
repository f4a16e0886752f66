// Unit tests of js/ai/review-runner.js (the game review's runner and its helpers)
// with a fake worker client that judges on demand: moves are judged in
// order, a cancelled review resumes where it stopped, judgements follow the
// moves up to them, and a failure ends the review.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';

const { ReviewRunner, markedPlies, nextMarked, reviewedGame, summarise } = await import('../../js/ai/review-runner.js');
const wasm = await engine();

const settle = () => new Promise(setImmediate);

/** A judgement of move `ply` of class `cls`. */
const judgement = (ply, cls = 'fine', player = ply % 2 ? 'dark' : 'light') => ({
  ply,
  played: `M${ply}`,
  player,
  before: 0.5,
  after: cls === 'fine' ? 0.5 : 0.2,
  dark: 0.5,
  class: cls,
  best: [],
  accuracy: cls === 'fine' ? 100 : 40,
});

class FakeClient {
  constructor() {
    this.asks = [];
    this.stops = 0;
  }

  judge(request) {
    return new Promise((resolve, reject) => this.asks.push({ request, resolve, reject }));
  }

  stop() {
    this.stops++;
  }
}

function setUp() {
  const client = new FakeClient();
  let changes = 0;
  const runner = new ReviewRunner({ client: () => client, iterations: 50, onChange: () => changes++ });
  return { runner, client, changes: () => changes };
}

const game = (tokens) => ({ record: `5x5 ${tokens.join(' ')}`, pie: true, tokens, start: 'pie 5' });

test('every move is judged in order, with its own ply', async () => {
  const { runner, client } = setUp();
  const g = game(['BCc3', 'WSb3', 'BCc2']);
  const done = runner.start(g);
  for (let ply = 1; ply <= 3; ply++) {
    await settle();
    assert.deepEqual(client.asks[ply - 1].request, { record: g.record, pie: true, ply, ms: 0, iterations: 50 });
    assert.equal(runner.state.done, ply - 1);
    client.asks[ply - 1].resolve(judgement(ply, ply === 2 ? 'blunder' : 'fine'));
  }
  await done;
  assert.deepEqual(runner.state, { running: false, done: 3, total: 3, error: null });
  assert.deepEqual(runner.results(g).map((r) => r.class), ['fine', 'blunder', 'fine']);
});

test('a cancelled review keeps what it judged and resumes from the first move left', async () => {
  const { runner, client } = setUp();
  const g = game(['BCc3', 'WSb3', 'BCc2']);
  runner.start(g);
  await settle();
  client.asks[0].resolve(judgement(1));
  await settle();
  runner.cancel();
  assert.equal(client.stops, 1);
  assert.equal(runner.state.running, false);
  client.asks[1].resolve(judgement(2)); // a late answer of the stopped request
  await settle();
  assert.equal(runner.results(g)[1], undefined, 'ignored');
  runner.start(g);
  await settle();
  assert.equal(client.asks[2].request.ply, 2);
  assert.equal(runner.state.done, 1);
});

test('a judgement follows the moves up to it: a later change keeps the earlier ones', async () => {
  const { runner, client } = setUp();
  const g = game(['BCc3', 'WSb3']);
  const done = runner.start(g);
  await settle();
  client.asks[0].resolve(judgement(1));
  await settle();
  client.asks[1].resolve(judgement(2));
  await done;
  const changed = game(['BCc3', 'WCd4']);
  assert.deepEqual(runner.results(changed).map((r) => r?.ply), [1, undefined]);
  const elsewhere = { ...changed, start: 'pie 7' };
  assert.deepEqual(runner.results(elsewhere), [undefined, undefined], 'another board, another game');
});

test('a failure ends the review and is kept in its state', async () => {
  const { runner, client } = setUp();
  const done = runner.start(game(['BCc3']));
  await settle();
  client.asks[0].reject({ kind: 'workerStuck', seconds: 5 });
  await done;
  assert.deepEqual(runner.state, { running: false, done: 0, total: 1, error: { kind: 'workerStuck', seconds: 5 } });
});

test('marked moves, stepping between them, and the summary per player', () => {
  const results = [judgement(1), judgement(2, 'mistake'), undefined, judgement(4, 'inaccuracy'), judgement(5, 'blunder')];
  assert.deepEqual(markedPlies(results), [2, 4, 5]);
  assert.equal(nextMarked(results, 0, 1), 2);
  assert.equal(nextMarked(results, 2, 1), 4);
  assert.equal(nextMarked(results, 5, 1), null);
  assert.equal(nextMarked(results, 5, -1), 4);
  assert.equal(nextMarked(results, 2, -1), null);
  const dark = summarise(results, 'dark');
  assert.deepEqual(dark.counts, { inaccuracy: 0, mistake: 0, blunder: 1 });
  assert.equal(dark.moves, 2);
  assert.equal(dark.accuracy, 70);
  assert.deepEqual(summarise([], 'light'), { counts: { inaccuracy: 0, mistake: 0, blunder: 0 }, accuracy: 100, moves: 0 });
});

test('a reviewed game starts from its size, pie rule and set-up position, as the engine states them', () => {
  const plain = wasm.GameHandle.fromRecord('5x5 BCa1', true);
  const noPie = wasm.GameHandle.fromRecord('5x5 BCa1', false);
  const setUp = wasm.GameHandle.fromRecord('[Position "5/5/5/5/4C w 1"]\n5x5 WCa1', true);
  assert.deepEqual(
    [plain, noPie, setUp].map((g) => reviewedGame(g).start),
    ['pie 5 ', 'no pie 5 ', 'pie 5 5/5/5/5/4C w 1'],
  );
  assert.deepEqual(reviewedGame(setUp).tokens, ['WCa1']);
  for (const g of [plain, noPie, setUp]) g.free();
});
