// Unit tests of js/panels/graph.js (no browser): the review graph has a
// 50% midline, a 0/50/100% scale for Dark's win chance, move numbers along
// the bottom that never crowd, the ply shown as a line and marked moves as
// dots of their class, all in the box's pixels.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { graphShapes, moveNumbers, plotOf, plyAt } = await import('../../js/panels/graph.js');

const percent = (value) => `${value}%`;
const named = (shapes, cls) => shapes.filter(([, a]) => String(a.class).split(' ').includes(cls));
/** Ten plies: Dark's chance, with a mistake at ply 3 and a blunder at 8. */
const graph = (width, height, ply = 4) =>
  graphShapes({
    chances: [0.5, 0.55, 0.5, 0.3, 0.35, 0.4, 0.45, 0.5, 0.9, 0.85, 0.95],
    classes: ['fine', 'fine', 'mistake', 'fine', 'good', 'fine', 'fine', 'blunder', 'fine', 'fine'],
    ply,
    width,
    height,
    title: 'Dark wins',
    percent,
  });

for (const [width, height] of [[325, 144], [338, 120]]) {
  test(`at ${width}×${height} px: a midline and a 0/50/100% scale`, () => {
    const shapes = graph(width, height);
    const p = plotOf(width, height);
    assert.ok(p.bottom - p.top >= 80, 'the curve has room');
    const [half] = named(shapes, 'graph-half');
    assert.deepEqual(half[1], { class: 'graph-half', x1: p.left, y1: (p.top + p.bottom) / 2, x2: p.right, y2: (p.top + p.bottom) / 2 });
    const scale = named(shapes, 'graph-scale').map(([, a, text]) => [text, a.y]);
    assert.deepEqual(scale, [['100%', p.top], ['50%', (p.top + p.bottom) / 2], ['0%', p.bottom]]);
    assert.ok(named(shapes, 'graph-scale').every(([, a]) => a.x < p.left), 'left of the curve');
    assert.deepEqual(named(shapes, 'graph-title').map(([, , text]) => text), ['Dark wins']);
  });

  test(`at ${width}×${height} px: move numbers below, the ply shown, the marked moves`, () => {
    const shapes = graph(width, height);
    const p = plotOf(width, height);
    const x = (ply) => p.left + (ply / 10) * (p.right - p.left);
    const numbers = named(shapes, 'graph-number');
    // 28 px a ply: every other move is numbered.
    assert.deepEqual(numbers.map(([, , text]) => text), ['2', '4', '6', '8', '10']);
    for (const [, a, text] of numbers) {
      assert.equal(a.x, x(Number(text)));
      assert.ok(a.y > p.bottom && a.y <= height, 'below the curve, inside the box');
    }
    const [now] = named(shapes, 'graph-now');
    assert.equal(now[1].x1, x(4));
    assert.equal(now[1].x2, x(4));
    const marks = named(shapes, 'graph-mark').map(([, a]) => [a.class, a.cx, a.cy]);
    const y = (chance) => p.bottom - chance * (p.bottom - p.top);
    assert.deepEqual(marks, [['graph-mark mistake', x(3), y(0.3)], ['graph-mark blunder', x(8), y(0.9)]]);
  });
}

test('move numbers are round and at least 30 px apart, however long the game', () => {
  for (const plies of [1, 7, 40, 112, 337, 881]) {
    for (const span of [290, 420]) {
      const numbers = moveNumbers(plies, span);
      assert.ok(numbers.length >= 1, `${plies} plies`);
      const step = numbers[0];
      assert.ok([1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].includes(step) || step === plies, `${plies}: step ${step}`);
      assert.ok((step / plies) * span >= 30, `${plies} plies on ${span} px: ${step}`);
      assert.ok(numbers.every((n, k) => n === step * (k + 1) && n <= plies));
    }
  }
  assert.deepEqual(moveNumbers(112, 290), [20, 40, 60, 80, 100]);
  assert.deepEqual(moveNumbers(0, 290), []);
});

test('a pointer over the graph picks the ply under it, the ends at the plot\'s edges', () => {
  const p = plotOf(325, 144);
  assert.equal(plyAt(p.left, 325, 144, 10), 0);
  assert.equal(plyAt(p.right, 325, 144, 10), 10);
  assert.equal(plyAt(p.left + (p.right - p.left) * 0.42, 325, 144, 10), 4);
  assert.equal(plyAt(0, 325, 144, 10), 0);
  assert.equal(plyAt(325, 325, 144, 10), 10);
});

test('unjudged plies leave holes in the curve', () => {
  const shapes = graphShapes({
    chances: [0.5, 0.6, null, 0.4, 0.45], classes: [], ply: 0, width: 300, height: 140, title: '', percent,
  });
  assert.equal(named(shapes, 'graph-dark').length, 2);
  assert.equal(named(shapes, 'graph-line').length, 2);
});
