// Unit tests of js/board/geometry.js (no browser): every point's pixel leads
// back to the point on every board size, a pixel out of reach or off the
// board gives null, and coordinates widen the margin.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { aspect, coordinateLabels, drawnArea, gridLines, layout, pixel, pointAt, shown } = await import('../../js/board/geometry.js');
const { pointName } = await import('../../js/engine/points.js');

// 344 px: the canvas on a 360 px phone, where a 13x13 point is 24 px apart.
const SIDES = [100, 344, 517, 800];
const SIZES = Array.from({ length: 24 }, (_, k) => k + 2);

/** Every layout under test: each size, with and without coordinates, at a few canvas sides. */
function* layouts() {
  for (const side of SIDES) {
    for (const n of SIZES) {
      for (const coordinates of [false, true]) yield layout(side, n, coordinates);
    }
  }
}

test('the board and its margins fill the canvas exactly', () => {
  for (const g of layouts()) {
    assert.ok(Math.abs(g.cell * (g.n - 1 + 2 * g.pad) - g.side) < 1e-9, `${g.n}x${g.n} on ${g.side}px`);
    const [left, top] = pixel(g, 0, g.n - 1);
    const [right, bottom] = pixel(g, g.n - 1, 0);
    assert.ok(Math.abs(left - g.pad * g.cell) < 1e-9 && Math.abs(top - left) < 1e-9);
    assert.ok(Math.abs(g.side - right - left) < 1e-9 && Math.abs(bottom - right) < 1e-9);
  }
});

test('row 0 is at the bottom and column 0 at the left', () => {
  const g = layout(500, 9, true);
  const [x0, y0] = pixel(g, 0, 0);
  const [x1, y1] = pixel(g, 1, 1);
  assert.ok(y0 > y1, 'a1 is below b2');
  assert.ok(x0 < x1, 'a1 is left of b2');
  assert.ok(Math.abs(x1 - x0 - g.cell) < 1e-9 && Math.abs(y0 - y1 - g.cell) < 1e-9, 'one cell apart');
});

test('for every size 2..25 the pixel of every point leads back to it', () => {
  for (const g of layouts()) {
    for (let col = 0; col < g.n; col++) {
      for (let row = 0; row < g.n; row++) {
        const [x, y] = pixel(g, col, row);
        assert.equal(pointAt(g, x, y), pointName(col, row), `${g.n}x${g.n} ${g.pad} ${g.side}px`);
      }
    }
  }
});

test('a pixel within reach of a point gives it; one just beyond reach gives null', () => {
  const near = [
    [0.47, 0],
    [-0.47, 0],
    [0, 0.47],
    [0, -0.47],
    [0.33, 0.33],
    [-0.33, 0.33],
  ];
  const beyond = [
    [0.49, 0],
    [-0.49, 0],
    [0, 0.49],
    [0, -0.49],
    [0.35, 0.35],
    [0.35, -0.35],
  ];
  for (const g of layouts()) {
    for (const [col, row] of [
      [0, 0],
      [g.n - 1, g.n - 1],
      [Math.floor(g.n / 2), g.n - 1],
    ]) {
      const [x, y] = pixel(g, col, row);
      for (const [dx, dy] of near) {
        assert.equal(pointAt(g, x + dx * g.cell, y + dy * g.cell), pointName(col, row), `${g.n} ${dx},${dy}`);
      }
      for (const [dx, dy] of beyond) {
        assert.equal(pointAt(g, x + dx * g.cell, y + dy * g.cell), null, `${g.n} ${dx},${dy}`);
      }
    }
  }
});

test('a pixel off the board gives null', () => {
  for (const g of layouts()) {
    const last = g.n - 1;
    const off = [
      pixel(g, -1, 0),
      pixel(g, 0, -1),
      pixel(g, g.n, last),
      pixel(g, last, g.n),
      pixel(g, -1, -1),
      pixel(g, g.n, g.n),
      [0, 0],
      [g.side, g.side],
      [-g.side, g.side / 2],
      [g.side / 2, 3 * g.side],
    ];
    for (const [x, y] of off) assert.equal(pointAt(g, x, y), null, `${g.n}x${g.n} at ${x},${y}`);
  }
});

test('the margin is wider with coordinates, so the cells are smaller', () => {
  for (const side of SIDES) {
    for (const n of SIZES) {
      const plain = layout(side, n, false);
      const marked = layout(side, n, true);
      assert.ok(marked.pad > plain.pad, 'in cells');
      assert.ok(marked.cell < plain.cell);
      assert.ok(pixel(marked, 0, 0)[0] > pixel(plain, 0, 0)[0], 'in pixels');
      assert.deepEqual([plain.side, plain.n, marked.side, marked.n], [side, n, side, n]);
    }
  }
});

test('a region shows its points only, with square cells, and its picture as wide and high as the part', () => {
  // c2-g4 of a 9x9 board: five columns, three rows.
  const region = { c0: 2, r0: 1, c1: 6, r1: 3 };
  for (const coordinates of [false, true]) {
    const g = layout(400, 9, coordinates, region);
    assert.ok(Math.abs(g.side / g.height - aspect(region, coordinates)) < 1e-9);
    assert.ok(Math.abs(g.cell * (4 + 2 * g.pad) - 400) < 1e-9);
    const [left, top] = pixel(g, 2, 3);
    assert.ok(Math.abs(left - g.pad * g.cell) < 1e-9 && Math.abs(top - g.pad * g.cell) < 1e-9, 'c4 is the top-left point');
    for (let col = 0; col < 9; col++) {
      for (let row = 0; row < 9; row++) {
        const inside = col >= 2 && col <= 6 && row >= 1 && row <= 3;
        const [x, y] = pixel(g, col, row);
        assert.equal(shown(g, col, row), inside);
        assert.equal(pointAt(g, x, y), inside ? pointName(col, row) : null, `${pointName(col, row)}`);
      }
    }
  }
});

test('a region is cut a little more than half a cell beyond the lines where the board goes on, and its lines run into the cut', () => {
  const g = layout(400, 9, false, { c0: 0, r0: 1, c1: 4, r1: 8 });
  const [x, y, w, h] = drawnArea(g);
  // The left and top are the board's edges: the margin is kept.
  assert.equal(x, 0);
  assert.equal(y, 0);
  const [right, bottom] = pixel(g, 4, 1);
  assert.ok(Math.abs(x + w - (right + 0.56 * g.cell)) < 1e-9 && Math.abs(y + h - (bottom + 0.56 * g.cell)) < 1e-9);
  // A ring on the last line shown (radius half a cell) is inside; the nearest hidden piece (0.58 away) is not.
  assert.ok(right + 0.5 * g.cell < x + w && right + 0.58 * g.cell > x + w);
  const lines = gridLines(g);
  assert.equal(lines.length, 5 + 8);
  const [, , , firstColumnEnd] = lines[0];
  assert.ok(Math.abs(firstColumnEnd - (bottom + 0.56 * g.cell)) < 1e-9, 'a column runs on below row 2');
  const [, firstColumnStart] = lines[0];
  assert.ok(Math.abs(firstColumnStart - pixel(g, 0, 8)[1]) < 1e-9, 'and stops at the top edge');
  const whole = layout(400, 9, false);
  assert.deepEqual(drawnArea(whole), [0, 0, 400, 400]);
  assert.deepEqual(
    coordinateLabels(layout(400, 9, true, { c0: 1, r0: 0, c1: 2, r1: 0 })).map(([, , t]) => t),
    ['b', 'b', 'c', 'c', '1', '1'],
  );
});
