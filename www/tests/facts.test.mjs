// Unit tests of js/facts.js against the real engine (the wasm package): the
// levels are the names the AI accepts, the size range is the engine's, and
// the piece codes are the codes of the engine's boards.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const { LEVELS, MAX_SIZE, MIN_SIZE, PIECE_CODES, pieceCode, pieceName, pieceOf } = await import('../js/facts.js');
const wasm = await engine();

test('the levels are the names the AI accepts, weakest first', () => {
  assert.deepEqual(LEVELS, ['novice', 'casual', 'club', 'strong', 'master']);
  for (const level of LEVELS) new wasm.Ai(level, 1).free();
  const error = thrown(() => new wasm.Ai('nope', 1));
  assert.equal(error.kind, 'player');
  // The engine's own list of levels, in its order.
  assert.match(error.message, new RegExp(`a level \\(${LEVELS.join(', ')}\\)`));
  for (const name of ['Club', 'CLUB', 'club ', '']) assert.equal(thrown(() => new wasm.Ai(name, 1)).kind, 'player', name);
});

test('the size range is the engine’s', () => {
  assert.deepEqual([MIN_SIZE, MAX_SIZE], [2, 25]);
  for (const n of [MIN_SIZE, MAX_SIZE]) {
    const game = new wasm.GameHandle(n, true);
    assert.equal(game.status().size, n);
    assert.equal(game.board().length, n * n);
    game.free();
  }
  for (const n of [MIN_SIZE - 1, MAX_SIZE + 1]) assert.equal(thrown(() => new wasm.GameHandle(n, true)).kind, 'size', `${n}`);
});

test('pieceCode and pieceName/pieceOf go both ways', () => {
  assert.deepEqual(PIECE_CODES, [1, 2, 3, 4]);
  const seen = new Set();
  for (const color of ['dark', 'light']) {
    for (const shape of ['round', 'square']) {
      const code = pieceCode(color, shape);
      assert.ok(PIECE_CODES.includes(code), `${color} ${shape}`);
      assert.deepEqual(pieceOf(code), { color, shape });
      assert.equal(pieceName(code), color + (shape === 'round' ? 'Round' : 'Square'));
      seen.add(code);
    }
  }
  assert.equal(seen.size, 4, 'four pieces, four codes');
  for (const code of PIECE_CODES) {
    const { color, shape } = pieceOf(code);
    assert.equal(pieceCode(color, shape), code);
  }
  for (const code of [0, 5, -1, 1.5, NaN]) {
    assert.equal(pieceName(code), null, `${code}`);
    assert.equal(pieceOf(code), null, `${code}`);
  }
});

test('the board codes of a real game are pieceCode’s', () => {
  const game = new wasm.GameHandle(3, false);
  // a1 dark round, c1 light square, a3 dark square, c3 light round.
  const moves = [
    [0, 0, 'round', 'dark'],
    [2, 0, 'square', 'light'],
    [0, 2, 'square', 'dark'],
    [2, 2, 'round', 'light'],
  ];
  for (const [ply, [col, row, shape, color]] of moves.entries()) {
    game.place(col, row, shape);
    const cells = game.board();
    const code = cells[row * 3 + col];
    assert.equal(code, pieceCode(color, shape), `${color} ${shape}`);
    assert.equal(game.moveAt(ply).piece, pieceName(code), 'the engine names the piece as pieceName does');
  }
  assert.deepEqual([...game.board()], [
    pieceCode('dark', 'round'), 0, pieceCode('light', 'square'),
    0, 0, 0,
    pieceCode('dark', 'square'), 0, pieceCode('light', 'round'),
  ]);
  assert.deepEqual(
    Object.fromEntries(PIECE_CODES.map((code) => [pieceName(code), wasm.Cell[code]])),
    { darkRound: 'DarkRound', darkSquare: 'DarkSquare', lightRound: 'LightRound', lightSquare: 'LightSquare' },
  );
  game.free();
});

test('a changed group takes the code of the piece it became', () => {
  const game = new wasm.GameHandle(2, false);
  for (const token of ['BCa1', 'WCb1', 'BSa2', 'WCb2']) game.play(token);
  game.change(0, 0);
  const move = game.moveAt(4);
  assert.equal(move.kind, 'change');
  assert.equal(game.board()[0], pieceCode('dark', 'square'));
  assert.equal(pieceName(game.board()[0]), move.piece);
  game.free();
});
