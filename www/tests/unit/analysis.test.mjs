// Unit tests of js/ai/analysis-runner.js (the analysis board's runner) with a fake
// worker client that answers on demand: progress and results reach the page
// for the position followed only, a position seen before answers from the
// cache, stopping ends the request, and failures are shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { AnalysisRunner, shownCandidates } = await import('../../js/ai/analysis-runner.js');

const settle = () => new Promise(setImmediate);

/** An analysis whose candidates have these moves and visits. */
const analysis = (...visits) => ({
  win: 0.5,
  proven: null,
  candidates: visits.map(([move, n]) => ({ move, visits: n, win: 0.5, proven: null, line: [], points: [] })),
  ownership: [],
  simulations: 10,
  iterations: 10,
  millis: 5,
});

class FakeClient {
  constructor() {
    this.asks = [];
    this.stops = 0;
  }

  analyse(request, onProgress) {
    return new Promise((resolve, reject) => this.asks.push({ request, onProgress, resolve, reject }));
  }

  stop() {
    this.stops++;
  }
}

function runner() {
  const client = new FakeClient();
  const heard = [];
  const r = new AnalysisRunner({ client: () => client, ms: 100, onChange: (shown) => heard.push(shown) });
  return { r, client, heard };
}

const spot = (ply) => ({ record: '5x5 BCc3 WSb3', pie: true, ply, position: `position ${ply}` });

test('progress and the result of the position followed are shown', async () => {
  const { r, client, heard } = runner();
  r.follow(spot(1));
  assert.deepEqual(client.asks[0].request, { record: '5x5 BCc3 WSb3', pie: true, ply: 1, ms: 100, iterations: 0 });
  assert.deepEqual(heard.at(-1), { analysis: null, done: false, error: null });
  const partial = analysis(['WSb3', 3]);
  client.asks[0].onProgress(partial);
  assert.deepEqual(heard.at(-1), { analysis: partial, done: false, error: null });
  const final = analysis(['WSb3', 9]);
  client.asks[0].resolve(final);
  await settle();
  assert.deepEqual(heard.at(-1), { analysis: final, done: true, error: null });
});

test('a new position replaces the request, and the old one is never shown', async () => {
  const { r, client, heard } = runner();
  r.follow(spot(1));
  r.follow(spot(2));
  assert.equal(client.stops, 1, 'a new position stops what ran');
  client.asks[0].onProgress(analysis(['WSb3', 3]));
  client.asks[0].resolve(analysis(['WSb3', 9]));
  await settle();
  assert.deepEqual(heard.at(-1), { analysis: null, done: false, error: null });
  // Following the same position again asks nothing new.
  r.follow(spot(2));
  assert.equal(client.asks.length, 2);
});

test('a position analysed before answers at once from the cache', async () => {
  const { r, client, heard } = runner();
  r.follow(spot(1));
  const final = analysis(['WSb3', 9]);
  client.asks[0].resolve(final);
  await settle();
  r.follow(spot(2));
  r.follow(spot(1));
  assert.equal(client.asks.length, 2, 'no third request');
  assert.deepEqual(heard.at(-1), { analysis: final, done: true, error: null });
  // An unfinished analysis is not cached.
  r.follow(spot(2));
  assert.equal(client.asks.length, 3);
});

test('stop ends the request and shows nothing; a failure is shown with what was found', async () => {
  const { r, client, heard } = runner();
  r.follow(spot(1));
  r.stop();
  assert.deepEqual(heard.at(-1), { analysis: null, done: false, error: null });
  r.follow(spot(3));
  const partial = analysis(['BCd4', 2]);
  client.asks[1].onProgress(partial);
  client.asks[1].reject({ kind: 'workerStuck', seconds: 10 });
  await settle();
  assert.deepEqual(heard.at(-1), { analysis: partial, done: true, error: { kind: 'workerStuck', seconds: 10 } });
});

test('the candidates shown: the best always, others with 3% of the visits or a third of the most, at most six', () => {
  const a = analysis(['a', 50], ['b', 30], ['c', 3], ['d', 2], ['e', 15]);
  assert.deepEqual(shownCandidates(a).map((c) => c.move), ['a', 'b', 'c', 'e']);
  // A wide opening: 100 moves of 9 visits, none of the others has 3% of the 998.
  const wide = analysis(['a', 36], ['b', 29], ['c', 20], ['d', 12], ...Array.from({ length: 100 }, (_, k) => [`x${k}`, 9]));
  assert.deepEqual(shownCandidates(wide).map((c) => c.move), ['a', 'b', 'c', 'd']);
  const many = analysis(...Array.from({ length: 9 }, (_, k) => [String(k), 10]));
  assert.equal(shownCandidates(many).length, 6);
  assert.deepEqual(shownCandidates(analysis(['x', 0])).map((c) => c.move), ['x']);
});
