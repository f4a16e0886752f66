// Unit tests of js/board/anim.js (no browser): which cells animate from one
// board to the next (a new piece grows in, a changed one flips in a ripple
// from the point played) and how an animated cell looks over time.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { FLIP_MS, PLACE_MS, RIPPLE_MS, look, plan } = await import('../../js/board/anim.js');

const NOW = 1000;
// Cell codes: 1 dark round, 2 dark square, 3 light round, 4 light square.
// Boards run row by row from the bottom: index = row * size + col.

test('a new piece is a place starting now', () => {
  const before = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const after = [0, 0, 0, 0, 1, 0, 0, 0, 0];
  assert.deepEqual([...plan(before, after, 3, 'b2', NOW)], [[4, { kind: 'place', start: NOW, from: 0 }]]);
});

test('a changed piece flips, delayed by RIPPLE_MS per Manhattan step from the origin', () => {
  // A 4x4 ring of light squares around b2: every cell but b2 turns dark round, b2 is placed.
  const before = Array(16).fill(4);
  before[5] = 0;
  const after = Array(16).fill(1);
  const anims = plan(before, after, 4, 'b2', NOW);
  assert.equal(anims.size, 16);
  assert.deepEqual(anims.get(5), { kind: 'place', start: NOW, from: 0 });
  for (let i = 0; i < 16; i++) {
    if (i === 5) continue;
    const steps = Math.abs((i % 4) - 1) + Math.abs(Math.floor(i / 4) - 1);
    assert.deepEqual(anims.get(i), { kind: 'flip', start: NOW + steps * RIPPLE_MS, from: 4 }, `cell ${i}`);
  }
  // The far corner d4 is 2 + 2 steps away, a1 one diagonal (2 steps), b1 one step.
  assert.equal(anims.get(15)?.start, NOW + 4 * RIPPLE_MS);
  assert.equal(anims.get(0)?.start, NOW + 2 * RIPPLE_MS);
  assert.equal(anims.get(1)?.start, NOW + RIPPLE_MS);
});

test('the ripple counts columns plus rows from the origin, across the whole board', () => {
  // 5x5, origin e1 (col 4, row 0): a flip at a5 (col 0, row 4) is 8 steps away.
  const before = Array(25).fill(0);
  const after = Array(25).fill(0);
  before[20] = 3;
  after[20] = 2;
  before[4] = 0;
  after[4] = 2;
  const anims = plan(before, after, 5, 'e1', NOW);
  assert.deepEqual(
    [...anims].sort((a, b) => a[0] - b[0]),
    [
      [4, { kind: 'place', start: NOW, from: 0 }],
      [20, { kind: 'flip', start: NOW + 8 * RIPPLE_MS, from: 3 }],
    ],
  );
});

test('without an origin every flip starts now', () => {
  const anims = plan([1, 2, 3, 4], [2, 2, 4, 3], 2, null, NOW);
  assert.deepEqual(
    [...anims],
    [
      [0, { kind: 'flip', start: NOW, from: 1 }],
      [2, { kind: 'flip', start: NOW, from: 3 }],
      [3, { kind: 'flip', start: NOW, from: 4 }],
    ],
  );
});

test('removed pieces and unchanged cells do not animate', () => {
  // An undo: the pieces go back to empty, the others stay.
  assert.equal(plan([1, 2, 3, 4], [0, 0, 3, 4], 2, 'a1', NOW).size, 0);
  assert.equal(plan([1, 2, 3, 4], [1, 2, 3, 4], 2, 'a1', NOW).size, 0);
  assert.equal(plan([0, 0, 0, 0], [0, 0, 0, 0], 2, null, NOW).size, 0);
  assert.deepEqual([...plan(new Uint8Array([1, 0, 3, 0]), new Uint8Array([0, 2, 3, 0]), 2, 'b1', NOW)], [
    [1, { kind: 'place', start: NOW, from: 0 }],
  ]);
});

test('boards of mismatched lengths give no animations', () => {
  assert.equal(plan([0, 0, 0, 0], [1, 1, 1], 2, 'a1', NOW).size, 0, 'before and after differ');
  assert.equal(plan([0, 0, 0], [1, 1, 1], 2, 'a1', NOW).size, 0, 'neither is 2x2');
  assert.equal(plan([0, 0, 0, 0], [1, 1, 1, 1], 3, 'a1', NOW).size, 0, 'a 2x2 board said to be 3x3');
  assert.equal(plan(Array(9).fill(0), Array(4).fill(1), 2, 'a1', NOW).size, 0, 'a new board size');
  assert.equal(plan([], [], 0, null, NOW).size, 0);
});

test('a place grows from nothing to full size over PLACE_MS', () => {
  const anim = { kind: 'place', start: NOW, from: 0 };
  assert.deepEqual(look(anim, 3, NOW - 50), { piece: 3, scale: 0, sx: 1, done: false }, 'before its start');
  assert.deepEqual(look(anim, 3, NOW), { piece: 3, scale: 0, sx: 1, done: false });
  assert.deepEqual(look(anim, 3, NOW + PLACE_MS / 2), { piece: 3, scale: 0.75, sx: 1, done: false });
  assert.deepEqual(look(anim, 3, NOW + PLACE_MS), { piece: 3, scale: 1, sx: 1, done: true });
  assert.deepEqual(look(anim, 3, NOW + 10 * PLACE_MS), { piece: 3, scale: 1, sx: 1, done: true });
});

test('a flip shows the old piece before half-time and the new one after, squeezed in between', () => {
  const anim = { kind: 'flip', start: NOW + 2 * RIPPLE_MS, from: 4 };
  const at = (ms) => look(anim, 1, anim.start + ms);
  assert.deepEqual(at(-2 * RIPPLE_MS), { piece: 4, scale: 1, sx: 1, done: false }, 'waiting for the ripple');
  assert.deepEqual(at(0), { piece: 4, scale: 1, sx: 1, done: false });
  const early = at(FLIP_MS / 4);
  assert.equal(early.piece, 4);
  assert.ok(Math.abs(early.sx - Math.SQRT1_2) < 1e-12, `sx ${early.sx}`);
  assert.equal(at(FLIP_MS / 2 - 1).piece, 4, 'just before half-time');
  assert.deepEqual(at(FLIP_MS / 2), { piece: 1, scale: 1, sx: 0.02, done: false }, 'edge on, never quite zero');
  const late = at((3 * FLIP_MS) / 4);
  assert.equal(late.piece, 1);
  assert.ok(Math.abs(late.sx - Math.SQRT1_2) < 1e-12, `sx ${late.sx}`);
  assert.equal(late.done, false);
  assert.deepEqual(at(FLIP_MS), { piece: 1, scale: 1, sx: 1, done: true });
  assert.deepEqual(at(5 * FLIP_MS), { piece: 1, scale: 1, sx: 1, done: true });
});

test('every look of a flip stays visible and in range', () => {
  const anim = { kind: 'flip', start: NOW, from: 2 };
  for (let ms = -10; ms <= FLIP_MS + 10; ms++) {
    const { piece, scale, sx, done } = look(anim, 3, NOW + ms);
    assert.equal(scale, 1);
    assert.ok(sx >= 0.02 && sx <= 1, `sx ${sx} at ${ms}`);
    assert.equal(piece, ms < FLIP_MS / 2 ? 2 : 3, `piece at ${ms}`);
    assert.equal(done, ms >= FLIP_MS, `done at ${ms}`);
  }
});
