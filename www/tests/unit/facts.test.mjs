// Unit tests of js/engine/facts.js against the real engine (the wasm package): the
// levels are the names the AI accepts, the size range is the engine's, and
// the piece codes are the codes of the engine's boards.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const { CELL_CODES, DEFAULT_SIZE, GLYPHS, LEVELS, MARKED, MAX_SIZE, MIN_SIZE, MOVE_CLASSES, PIECE_CODES, cellsFromText, pieceCode, pieceName, pieceOf } =
  await import('../../js/engine/facts.js');
const wasm = await engine();
const settingsModule = await import('../../js/game/settings.js');

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

test('a new game is the engine’s default size', () => {
  assert.equal(DEFAULT_SIZE, 13);
  const { DEFAULTS } = settingsModule;
  assert.equal(DEFAULTS.size, DEFAULT_SIZE);
});

test('move classes are the review’s names, and the glyphs’ meanings the move list’s', () => {
  assert.deepEqual(MOVE_CLASSES, ['fine', 'inaccuracy', 'mistake', 'blunder']);
  assert.deepEqual(MARKED, ['inaccuracy', 'mistake', 'blunder']);
  assert.deepEqual(GLYPHS, ['brilliant', 'good', 'interesting', 'inaccuracy', 'mistake', 'blunder']);
  // Every glyph of an annotated record comes back with its meaning.
  const game = wasm.GameHandle.fromRecord('3x3 BCa1!! WCb1! BCc1!? WCa2?! BCb2? WCc2??', true);
  const rows = game.tree().rows;
  game.free();
  assert.deepEqual(rows.map((r) => [r.glyph, r.glyphName]), [['!!', 'brilliant'], ['!', 'good'], ['!?', 'interesting'], ['?!', 'inaccuracy'], ['?', 'mistake'], ['??', 'blunder']]);
  // A class the review writes into the tree is one of these names.
  const judged = wasm.GameHandle.fromRecord('3x3 BCa1 WCb1', true);
  for (const c of MOVE_CLASSES) assert.equal(judged.annotate(1, 0.5, c, ''), true, c);
  assert.equal(judged.annotate(1, 0.5, 'good', ''), false);
  judged.free();
});

test('stored cells read back only as a board of their size’s cell codes', () => {
  assert.deepEqual(CELL_CODES, [0, 1, 2, 3, 4]);
  assert.deepEqual(cellsFromText('0123', 2), Uint8Array.from([0, 1, 2, 3]));
  for (const [text, size] of [['01234', 2], ['0125', 2], ['012', 2], ['01 3', 2], [1234, 2], [null, 2], ['', 1]]) {
    assert.equal(cellsFromText(text, size), null, JSON.stringify(text));
  }
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
