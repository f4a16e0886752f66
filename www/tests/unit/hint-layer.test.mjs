// Unit tests of the hint's and the line's board layers (js/board/analysis-layers.js)
// on a canvas context that records what it is asked to draw: the hint's ring
// has its own shape, and a change outlines its group instead of a ghost
// piece; a line's numbers, several on a point played on again.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { hintLayer, lineLayer } = await import('../../js/board/analysis-layers.js');
const { pieceCodeOf } = await import('../../js/engine/facts.js');

/** Draws `mark`'s layer; returns the context's calls by name and the pieces drawn. */
function draw(mark) {
  const calls = [];
  const ctx = new Proxy(
    {},
    {
      get: (_, name) => (name in Object.prototype ? undefined : (...args) => calls.push(String(name))),
      set: () => true,
    },
  );
  const pieces = [];
  const view = {
    g: { cell: 20, n: 5, pad: 1, region: { c0: 0, r1: 4 } },
    colour: () => '#000',
    at: (point) => (point === 'z9' ? null : [50, 50]),
    piece: (code) => pieces.push(code),
  };
  hintLayer(mark)(/** @type {any} */ (ctx), /** @type {any} */ (view));
  return { calls, pieces };
}

test('a square hint is ringed by a square, a round one by a circle, each over a ghost of its piece', () => {
  const square = draw({ point: 'd4', piece: pieceCodeOf('darkSquare'), group: [] });
  assert.ok(square.calls.includes('rect'));
  assert.ok(!square.calls.includes('arc'));
  assert.deepEqual(square.pieces, [pieceCodeOf('darkSquare')]);
  const round = draw({ point: 'd4', piece: pieceCodeOf('lightRound'), group: [] });
  assert.ok(round.calls.includes('arc'));
  assert.ok(!round.calls.includes('rect'));
  assert.deepEqual(round.pieces, [pieceCodeOf('lightRound')]);
});

test('a change hint outlines its group and draws no ghost piece; a point off the board draws nothing', () => {
  const change = draw({ point: 'b3', piece: pieceCodeOf('lightSquare'), group: ['b3', 'a3'] });
  assert.deepEqual(change.pieces, []);
  assert.ok(change.calls.includes('lineTo') && change.calls.includes('rect'));
  assert.deepEqual(draw({ point: 'z9', piece: pieceCodeOf('darkRound'), group: [] }).calls, []);
});

test('a line numbers its moves, and a point played on again shows its last piece with each of its numbers', () => {
  const texts = [];
  const ctx = new Proxy(
    {},
    {
      get: (_, name) => (name in Object.prototype ? undefined : name === 'fillText' ? (text) => texts.push(text) : () => {}),
      set: () => true,
    },
  );
  const pieces = [];
  const view = { g: { cell: 20 }, colour: () => '#000', at: () => [50, 50], piece: (code) => pieces.push(code) };
  const dark = pieceCodeOf('darkRound');
  const light = pieceCodeOf('lightSquare');
  const line = [
    { point: 'b2', piece: dark, change: false },
    { point: 'c3', piece: light, change: false },
    { point: 'b2', piece: light, change: true },
    { point: 'd4', piece: dark, change: false },
    { point: 'b2', piece: dark, change: true },
  ];
  lineLayer(line)(/** @type {any} */ (ctx), /** @type {any} */ (view));
  assert.deepEqual(texts, ['2', '4', '1,3,5']);
  assert.deepEqual(pieces, [light, dark, dark]);
});
