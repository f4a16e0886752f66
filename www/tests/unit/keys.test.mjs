// Unit tests of js/view/cursor-keys.js (no browser): what each key does to the board's
// keyboard cursor, clamped at the edges, and where the cursor first appears.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { cursorKey, cursorStart } = await import('../../js/view/cursor-keys.js');

test('each key does exactly its action at a cursor in the middle', () => {
  const at = (key) => cursorKey(key, 'c3', 5, 'a1');
  assert.deepEqual(at('ArrowUp'), { cursor: 'c4' });
  assert.deepEqual(at('ArrowDown'), { cursor: 'c2' });
  assert.deepEqual(at('ArrowLeft'), { cursor: 'b3' });
  assert.deepEqual(at('ArrowRight'), { cursor: 'd3' });
  assert.deepEqual(at('Escape'), { cursor: null });
  assert.deepEqual(at('Enter'), { act: 'chosen', at: 'c3' });
  assert.deepEqual(at(' '), { act: 'chosen', at: 'c3' });
  assert.deepEqual(at('r'), { act: 'round', at: 'c3' });
  assert.deepEqual(at('s'), { act: 'square', at: 'c3' });
  assert.deepEqual(at('c'), { act: 'change', at: 'c3' });
});

test('keys that are not cursor keys give null', () => {
  for (const key of ['R', 'S', 'C', 'x', 'Tab', 'Shift', 'Home', 'PageUp', 'Spacebar', 'arrowup', '', 'Enter ']) {
    assert.equal(cursorKey(key, 'c3', 5, 'a1'), null, JSON.stringify(key));
  }
});

test('the arrows stop at the edges of the board', () => {
  assert.deepEqual(cursorKey('ArrowLeft', 'a1', 5, 'c3'), { cursor: 'a1' });
  assert.deepEqual(cursorKey('ArrowDown', 'a1', 5, 'c3'), { cursor: 'a1' });
  assert.deepEqual(cursorKey('ArrowUp', 'a1', 5, 'c3'), { cursor: 'a2' });
  assert.deepEqual(cursorKey('ArrowRight', 'e5', 5, 'c3'), { cursor: 'e5' });
  assert.deepEqual(cursorKey('ArrowUp', 'e5', 5, 'c3'), { cursor: 'e5' });
  assert.deepEqual(cursorKey('ArrowLeft', 'e5', 5, 'c3'), { cursor: 'd5' });
  assert.deepEqual(cursorKey('ArrowRight', 'a5', 5, 'c3'), { cursor: 'b5' });
  assert.deepEqual(cursorKey('ArrowUp', 'y25', 25, 'm13'), { cursor: 'y25' });
  assert.deepEqual(cursorKey('ArrowRight', 'y24', 25, 'm13'), { cursor: 'y24' });
  assert.deepEqual(cursorKey('ArrowUp', 'y24', 25, 'm13'), { cursor: 'y25' });
  // The smallest board.
  assert.deepEqual(cursorKey('ArrowRight', 'a1', 2, 'b2'), { cursor: 'b1' });
  assert.deepEqual(cursorKey('ArrowRight', 'b1', 2, 'b2'), { cursor: 'b1' });
  assert.deepEqual(cursorKey('ArrowUp', 'b1', 2, 'b2'), { cursor: 'b2' });
  assert.deepEqual(cursorKey('ArrowUp', 'b2', 2, 'b2'), { cursor: 'b2' });
});

test('with no cursor, Enter and Space show it at the start and every other key gives null', () => {
  assert.deepEqual(cursorKey('Enter', null, 9, 'e5'), { cursor: 'e5' });
  assert.deepEqual(cursorKey(' ', null, 9, 'd4'), { cursor: 'd4' });
  for (const key of ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Escape', 'r', 's', 'c', 'x']) {
    assert.equal(cursorKey(key, null, 9, 'e5'), null, key);
  }
  // A cursor that is not a point counts as none.
  assert.deepEqual(cursorKey('Enter', 'z9', 9, 'e5'), { cursor: 'e5' });
  assert.equal(cursorKey('ArrowUp', '', 9, 'e5'), null);
});

test('the cursor first appears on the last move, else at the centre', () => {
  assert.equal(cursorStart(['d4'], 9), 'd4');
  assert.equal(cursorStart(['b2', 'c2', 'b3'], 9), 'b2', 'the first point of a change');
  assert.equal(cursorStart([], 9), 'e5');
  assert.equal(cursorStart([], 13), 'g7');
  assert.equal(cursorStart([], 25), 'm13');
  assert.equal(cursorStart([], 3), 'b2');
  assert.equal(cursorStart([], 2), 'b2');
  assert.equal(cursorStart([], 4), 'c3');
});

test('with part of the board shown, the cursor stays in it and starts in it', () => {
  // a1-e5 of a 13x13 board.
  const region = { c0: 0, r0: 0, c1: 4, r1: 4 };
  assert.deepEqual(cursorKey('ArrowRight', 'e3', 13, 'c3', region), { cursor: 'e3' });
  assert.deepEqual(cursorKey('ArrowUp', 'c5', 13, 'c3', region), { cursor: 'c5' });
  assert.deepEqual(cursorKey('ArrowLeft', 'a2', 13, 'c3', region), { cursor: 'a2' });
  assert.deepEqual(cursorKey('ArrowLeft', 'b2', 13, 'c3', region), { cursor: 'a2' });
  assert.equal(cursorStart(['g7'], 13, region), 'c3', 'the last move is hidden');
  assert.equal(cursorStart(['b4'], 13, region), 'b4');
  assert.equal(cursorStart([], 13, { c0: 8, r0: 9, c1: 12, r1: 12 }), 'k12');
});
