// Unit tests of js/engine/points.js (no browser): a1 to y25 read and write back,
// and anything else (another letter or case, row 0 or 26, spaces, leading
// zeros) is not a point.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { columnLetter, parsePoint, pointName } = await import('../../js/engine/points.js');

const LETTERS = 'abcdefghijklmnopqrstuvwxy';

test('every point from a1 to y25 reads as its column and row and back', () => {
  let count = 0;
  for (let col = 0; col < 25; col++) {
    for (let row = 0; row < 25; row++) {
      const name = LETTERS[col] + (row + 1);
      assert.equal(pointName(col, row), name);
      assert.deepEqual(parsePoint(name), { col, row });
      count++;
    }
    assert.equal(columnLetter(col), LETTERS[col]);
  }
  assert.equal(count, 625);
});

test('row numbers count from the bottom: a1 is column 0, row 0', () => {
  assert.deepEqual(parsePoint('a1'), { col: 0, row: 0 });
  assert.deepEqual(parsePoint('y25'), { col: 24, row: 24 });
  assert.deepEqual(parsePoint('c10'), { col: 2, row: 9 });
  assert.deepEqual(parsePoint('j19'), { col: 9, row: 18 });
});

test('anything else is not a point', () => {
  const bad = [
    'z1', 'a0', 'a26', 'y26', 'a99', 'A1', 'Y25', ' a1', 'a1 ', 'a01', 'a 1', 'a-1', 'a1.0', 'a+1',
    '', 'a', '1', '1a', 'aa1', 'a1a', 'a1\n', '\ta1', 'ａ1', 'a١',
  ];
  for (const name of bad) assert.equal(parsePoint(name), null, JSON.stringify(name));
});
