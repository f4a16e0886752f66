// Unit tests of js/i18n/words.js with a fake `t` that returns `key|JSON(params)`
// (the key alone without params), so each sentence is checked exactly; the
// moves, statuses, groups and errors come from the real engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const { boardLabel, describeError, describeGroup, describeMove, describeSkip, nameMove, narrate } = await import(
  '../../js/i18n/words.js'
);
const wasm = await engine();

/** @type {import('../../js/i18n/words.js').Translate} */
const t = (key, params) => (params === undefined ? key : `${key}|${JSON.stringify(params)}`);
/** A fake sentence, read back as its key and params. */
const said = (text) => {
  const bar = text.indexOf('|');
  return bar < 0 ? [text] : [text.slice(0, bar), JSON.parse(text.slice(bar + 1))];
};
const formatNumber = (n) => `#${n}`;

/** A 2x2 game after these tokens (pie rule off). */
function game2(tokens) {
  const game = new wasm.GameHandle(2, false);
  for (const token of tokens) game.play(token);
  return game;
}

const PLACE = 'move.place|{"color":"color.dark","piece":"piece.darkRound","at":"a1"}';

test('a move is a sentence per kind', () => {
  const game = new wasm.GameHandle(3, true);
  game.play('BCa1');
  game.play('swap');
  game.play('WSc3');
  assert.equal(describeMove(t, game.moveAt(0)), PLACE);
  assert.equal(describeMove(t, game.moveAt(1)), 'move.swap');
  assert.equal(describeMove(t, game.moveAt(2)), 'move.place|{"color":"color.light","piece":"piece.lightSquare","at":"c3"}');
  game.free();
  const changed = game2(['BCa1', 'WCb1', 'BSa2', 'WCb2', 'BFSa1']);
  assert.equal(
    describeMove(t, changed.moveAt(4)),
    'move.change|{"color":"color.dark","piece":"piecePlural.darkSquare","at":"a1"}',
  );
  changed.free();
  assert.equal(describeMove(t, null), '');
  assert.equal(describeMove(t, undefined), '');
  assert.equal(describeMove(t, { kind: 'pass', token: 'pass', color: 'dark' }), 'pass', 'an unknown kind: its token');
});

test('narrate says the move, then the win line or the skip', () => {
  const plain = new wasm.GameHandle(3, true);
  plain.play('BCa1');
  assert.deepEqual(narrate(t, plain.moveAt(0), plain.status(), 'WON'), [PLACE]);
  plain.free();

  // On 2x2, Dark's change fills the board and leaves Light no move: Light is skipped.
  const skip = game2(['BCa1', 'WCb1', 'BSa2', 'WCb2', 'BFSa1']);
  const st = skip.status();
  assert.deepEqual([st.skipped, st.toMove, st.winner], [true, 'dark', null]);
  const skipped = 'status.skipped|{"skipped":"color.light","color":"color.dark"}';
  assert.equal(describeSkip(t, st), skipped);
  assert.deepEqual(narrate(t, skip.moveAt(4), st, 'WON'), [
    'move.change|{"color":"color.dark","piece":"piecePlural.darkSquare","at":"a1"}',
    skipped,
  ]);
  skip.free();

  // The rules' example: Dark changes the light ring and wins.
  const win = wasm.GameHandle.fromPosition('sss/sCs/sss b', false);
  win.play('BFCa1');
  assert.equal(win.status().winner, 'dark');
  assert.deepEqual(narrate(t, win.moveAt(0), win.status(), 'WON'), [
    'move.change|{"color":"color.dark","piece":"piecePlural.darkRound","at":"a1"}',
    'WON',
  ]);
  win.free();

  const both = { toMove: 'light', winner: 'dark', skipped: true };
  assert.deepEqual(narrate(t, { kind: 'swap', token: 'swap', color: 'light' }, both, 'WON'), ['move.swap', 'WON'], 'a win, not a skip');
  assert.equal(
    describeSkip(t, { toMove: 'light' }),
    'status.skipped|{"skipped":"color.dark","color":"color.light"}',
  );
});

test('the board label lists the pieces by kind, each in point order, then the last move', () => {
  // Rows from the bottom: a1 b1 c1 / a2 b2 c2 / a3 b3 c3.
  const cells = [4, 0, 1, 3, 1, 0, 2, 1, 4];
  const last = { kind: 'place', color: 'dark', piece: 'darkRound', at: 'b3', token: 'BCb3' };
  const move = 'move.place|{"color":"color.dark","piece":"piece.darkRound","at":"b3"}';
  assert.equal(
    boardLabel(t, cells, 3, 'TURN', last),
    [
      'board.label|{"size":3}',
      'TURN',
      'piecePlural.darkRound: c1 b2 b3',
      'piecePlural.darkSquare: a3',
      'piecePlural.lightRound: a2',
      'piecePlural.lightSquare: a1 c3',
      `board.lastMove|${JSON.stringify({ move })}`,
    ].join('. '),
  );
  assert.equal(boardLabel(t, new Uint8Array(9), 3, 'TURN', null), 'board.label|{"size":3}. TURN', 'an empty board');
  assert.equal(boardLabel(t, [0, 0, 0, 3], 2, '', null), 'board.label|{"size":2}. piecePlural.lightRound: b2', 'no turn');
});

test('the board label of a real game', () => {
  const game = new wasm.GameHandle(5, true);
  for (const token of ['BCc3', 'swap', 'WSe5', 'BSa1', 'WCb1']) game.play(token);
  assert.equal(
    boardLabel(t, game.board(), 5, 'TURN', game.moveAt(4)),
    'board.label|{"size":5}. TURN. piecePlural.darkRound: c3. piecePlural.darkSquare: a1. ' +
      'piecePlural.lightRound: b1. piecePlural.lightSquare: e5. ' +
      `board.lastMove|${JSON.stringify({ move: 'move.place|{"color":"color.light","piece":"piece.lightRound","at":"b1"}' })}`,
  );
  game.free();
});

test('an engine error is a sentence with its facts in words', () => {
  const game = game2(['BCa1']);
  const occupied = thrown(() => game.place(0, 0, 'square'));
  assert.equal(
    describeError(t, occupied),
    'error.occupied|{"kind":"occupied","message":"a1 is occupied by a dark round piece","at":"a1","piece":"piece.darkRound"}',
  );
  const notEnclosed = thrown(() => game.change(0, 0));
  assert.deepEqual(said(describeError(t, notEnclosed)), [
    'error.notEnclosed',
    { ...notEnclosed, points: 'b1, a2' },
  ]);
  assert.equal(notEnclosed.points.length, 2);
  const turn = thrown(() => game.play('BSb2'));
  assert.equal(turn.kind, 'notYourTurn');
  assert.deepEqual(said(describeError(t, turn)), ['error.notYourTurn', { ...turn, color: 'color.light' }]);
  game.free();
  assert.equal(describeError(t, { kind: 'notYourTurn' }), 'error.notYourTurn|{"kind":"notYourTurn"}');
});

test('a record or position error names its problem and gives its cause as the reason', () => {
  const illegal = thrown(() => wasm.GameHandle.fromRecord('3x3 BCa1 BCb1', true));
  assert.deepEqual([illegal.kind, illegal.problem, illegal.cause.kind], ['record', 'illegal', 'notYourTurn']);
  const reason = describeError(t, illegal.cause);
  assert.deepEqual(said(reason), ['error.notYourTurn', { ...illegal.cause, color: 'color.light' }]);
  assert.deepEqual(said(describeError(t, illegal)), ['error.record.illegal', { ...illegal, reason }]);

  const size = thrown(() => wasm.GameHandle.fromRecord('30x30', true));
  assert.deepEqual(said(describeError(t, size)), ['error.record.size', { ...size, reason: '' }]);
  const fields = thrown(() => wasm.GameHandle.fromPosition('ss/s', true));
  assert.deepEqual(said(describeError(t, fields)), ['error.position.fields', { ...fields, reason: '' }]);
});

test('anything else thrown is unexpected, with its message', () => {
  assert.equal(describeError(t, new Error('boom')), 'error.unexpected|{"message":"boom"}');
  assert.equal(describeError(t, 'text'), 'error.unexpected|{"message":"text"}');
  assert.equal(describeError(t, null), 'error.unexpected|{"message":"null"}');
  assert.equal(describeError(t, undefined), 'error.unexpected|{"message":"undefined"}');
  assert.equal(describeError(t, { message: 'no kind' }), 'error.unexpected|{"message":"no kind"}');
  assert.equal(describeError(t, { kind: '', message: 'empty kind' }), 'error.unexpected|{"message":"empty kind"}');
});

test('an error kind without words falls back to the unexpected error', () => {
  const words = { 'error.unexpected': 'Unexpected: {message}' };
  /** A catalogue's t: the key itself when it has no words. */
  const lookup = (key, params) =>
    (words[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => String(params?.[name] ?? ''));
  assert.equal(describeError(lookup, { kind: 'novel', message: 'new to us' }), 'Unexpected: new to us');
  assert.equal(describeError(t, { kind: 'novel', message: 'm' }), 'error.novel|{"kind":"novel","message":"m"}');
});

test('a group’s badge: how many of each colour attack it, the mover’s first, and whether the mover may change it', () => {
  // Dark to move on 2x2: a1 (dark round) is attacked by a2 (dark) and b1 (light), a tie Dark owns.
  const game = game2(['BCa1', 'WCb1', 'BSa2', 'WCb2']);
  assert.deepEqual(describeGroup(t, formatNumber, game.groupAt(0, 0), 'dark'), {
    head: 'badge.attackers|{"mover":"color.dark","mine":"#1","opponent":"color.light","theirs":"#1"}',
    tail: 'badge.mayChange|{"color":"color.dark","piece":"piece.darkSquare"}',
    ok: true,
  });
  // The light group b1-b2 is attacked by a2 only: Dark may change it, 1 : 0.
  assert.deepEqual(describeGroup(t, formatNumber, game.groupAt(1, 0), 'dark'), {
    head: 'badge.attackers|{"mover":"color.dark","mine":"#1","opponent":"color.light","theirs":"#0"}',
    tail: 'badge.mayChange|{"color":"color.dark","piece":"piece.darkSquare"}',
    ok: true,
  });
  game.undo();
  // Light to move: the same 1 : 1 tie is not Light's.
  const info = game.groupAt(0, 0);
  assert.equal(info.refusal.kind, 'tieNotYours');
  assert.deepEqual(describeGroup(t, formatNumber, info, 'light'), {
    head: 'badge.attackers|{"mover":"color.light","mine":"#1","opponent":"color.dark","theirs":"#1"}',
    tail: describeError(t, info.refusal),
    ok: false,
  });
  game.free();

  const counts = {
    piece: 'lightSquare', points: ['b2'], enclosed: true, emptyNeighbours: [], darkAttackers: ['a2', 'b1'],
    lightAttackers: ['c2'], changer: 'dark', intoDark: 'darkRound', intoLight: 'lightRound', refusal: null,
  };
  assert.equal(describeGroup(t, formatNumber, counts, 'dark').head, 'badge.attackers|{"mover":"color.dark","mine":"#2","opponent":"color.light","theirs":"#1"}');
  assert.equal(describeGroup(t, formatNumber, counts, 'light').head, 'badge.attackers|{"mover":"color.light","mine":"#1","opponent":"color.dark","theirs":"#2"}');
  assert.equal(
    describeGroup(t, formatNumber, counts, 'light').tail,
    'badge.mayChange|{"color":"color.light","piece":"piece.lightRound"}',
  );
});

test('a move is named in the catalogue’s words, never as its token, in English and in Russian', async () => {
  const { createI18n } = await import('../../js/i18n/i18n.js');
  const en = createI18n('en', (await import('../../js/i18n/catalogues/en.js')).default);
  const ru = createI18n('ru', (await import('../../js/i18n/catalogues/ru.js')).default);
  const name = (i18n, token) => nameMove((key, params) => i18n.t(key, params), wasm.moveInfo(token));
  assert.equal(name(en, 'BSd7'), 'dark square at d7');
  assert.equal(name(en, 'WFCc7'), 'changing the group at c7 to light rounds');
  assert.equal(name(en, 'swap'), 'swapping sides');
  assert.equal(name(ru, 'BSd7'), 'тёмная квадратная фишка на d7');
  assert.equal(name(ru, 'WFCd1'), 'превращение группы на d1 в светлые круглые фишки');
  assert.equal(name(ru, 'swap'), 'обмен цветами');
  // The review's note counts the win chance, not "points" (the board's intersections).
  assert.match(en.t('review.at', { n: 3, move: 'x', class: 'mistake', drop: 9, best: 'y' }), /9% of the win chance/);
});
