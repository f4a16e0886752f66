// Unit tests of js/game/session.js with the real engine and a fake AI thinker that
// answers on demand: seats, moves and refusals, the AI's turns (a stale
// answer is never played), undo, redo, pause, resume and failures.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const { AI_MS, HUMANS, Session, againstAiAs } = await import('../../js/game/session.js');
const wasm = await engine();

/** Lets the promise callbacks run (the fake's answers are promises). */
const settle = () => new Promise(setImmediate);

/** A search result whose best move is `best`. */
const thought = (best) => ({ best, win: 0.5, iterations: 100, millis: 10, pv: [best], proven: null });

/**
 * An AI thinker that answers only when told: each request is kept with its
 * `answer`, `fail` and `nothing` (the null of a stopped search). Unlike the
 * real client, `stop` does not settle the request, so a test can answer it
 * late, as a stale answer.
 */
class FakeThinker {
  constructor() {
    this.asks = [];
    this.stops = 0;
    this.destroyed = false;
    this.busy = false;
  }

  think(request, onProgress) {
    this.busy = true;
    return new Promise((resolve, reject) => {
      const ask = {
        request,
        onProgress,
        answer: (best) => this.settle(ask, () => resolve(thought(best))),
        nothing: () => this.settle(ask, () => resolve(null)),
        fail: (error) => this.settle(ask, () => reject(error)),
      };
      this.asks.push(ask);
    });
  }

  /** Ends `ask` (the thinker is free again if it was the last request) and lets the session react. */
  settle(ask, end) {
    if (this.asks.at(-1) === ask) this.busy = false;
    end();
    return settle();
  }

  get last() {
    return this.asks.at(-1);
  }

  stop() {
    this.stops++;
    this.busy = false;
  }

  destroy() {
    this.destroyed = true;
    this.busy = false;
  }
}

/**
 * A session on a new `size`×`size` game (or `game`), with these seats, a
 * fake thinker and the events it emits.
 */
function setUp({ seats = HUMANS, size = 5, pie = true, game, level = 'club', startPly = 0, ...options } = {}) {
  const fake = new FakeThinker();
  let made = 0;
  const session = new Session({
    ai: () => {
      made++;
      return fake;
    },
    ...options,
  });
  const events = [];
  for (const name of ['change', 'move', 'refused', 'thinking', 'aiFailed']) {
    session.on(name, (detail) => events.push([name, detail]));
  }
  session.load(game ?? new wasm.GameHandle(size, pie), seats, level, startPly);
  return { session, fake, events, made: () => made };
}

/** The events since the last call, and forgets them. */
function taken(events) {
  return events.splice(0, events.length);
}

/** The move tokens of the session's line, and where it stands. */
const line = (session) => ({ moves: session.current.moves(), ply: session.status().ply });

test('HUMANS and againstAiAs give the seats', () => {
  assert.deepEqual(HUMANS, { first: 'human', second: 'human' });
  assert.equal(Object.isFrozen(HUMANS), true);
  assert.deepEqual(againstAiAs('dark'), { first: 'ai', second: 'human' });
  assert.deepEqual(againstAiAs('light'), { first: 'human', second: 'ai' });
  assert.equal(AI_MS, 1000);
});

test('the first player plays Dark, and Light after a swap', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('light') });
  assert.deepEqual([session.seatOf('dark'), session.seatOf('light')], ['human', 'ai']);
  assert.equal(session.humanToMove(), true);
  assert.equal(session.againstAi(), true);
  assert.equal(session.act('c3', 'round'), true);
  assert.equal(session.humanToMove(), false);
  await fake.last.answer('swap');
  const st = session.status();
  assert.deepEqual([st.swapped, st.toMove, st.ply], [true, 'light', 2]);
  assert.deepEqual([session.seatOf('dark'), session.seatOf('light')], ['ai', 'human']);
  assert.equal(session.humanToMove(), true, 'the first player, now Light, is to move');
  assert.equal(fake.asks.length, 1);
  assert.equal(session.act('b2', 'square'), true);
  assert.equal(session.current.moveAt(2).piece, 'lightSquare', 'the human plays Light');
  assert.equal(fake.asks.length, 2, 'the AI now plays Dark');
  assert.equal(fake.last.request.record, '5x5 BCc3 swap WSb2');

  const seats = { first: 'human', second: 'ai' };
  const bare = new Session({});
  bare.seats = seats;
  assert.equal(bare.seatOf('dark', { seats: { dark: 'first', light: 'second' } }), 'human');
  assert.equal(bare.seatOf('light', { seats: { dark: 'first', light: 'second' } }), 'ai');
  assert.equal(bare.seatOf('dark', { seats: { dark: 'second', light: 'first' } }), 'ai');
  assert.equal(bare.seatOf('light', { seats: { dark: 'second', light: 'first' } }), 'human');
  bare.seats = HUMANS;
  assert.equal(bare.againstAi(), false);
  bare.seats = { first: 'ai', second: 'ai' };
  assert.equal(bare.againstAi(), false, 'two AIs are not a game against the AI');
});

test('act places on an empty point: a move event, then a change that animates from it', () => {
  const { session, events, made } = setUp();
  assert.deepEqual(taken(events), [['change', { animate: null }]], 'loading draws');
  assert.equal(session.act('c3', 'square'), true);
  const move = { kind: 'place', color: 'dark', piece: 'darkSquare', at: 'c3', token: 'BSc3' };
  assert.deepEqual(taken(events), [
    ['move', { move, status: session.status(), by: 'human' }],
    ['change', { animate: { origin: 'c3' } }],
  ]);
  assert.equal(session.act('b2', 'round'), true);
  assert.equal(session.current.moveAt(1).token, 'WCb2');
  assert.deepEqual([...session.current.board()].filter(Boolean), [3, 2]);
  assert.equal(made(), 0, 'no AI is made for two humans');
});

test('act changes the group at an occupied point, whatever the shape', () => {
  const { session, events } = setUp({ size: 2, pie: false });
  for (const token of ['BCa1', 'WCb1', 'BSa2', 'WCb2']) assert.equal(session.play(token), true, token);
  taken(events);
  assert.equal(session.act('a1', 'round'), true);
  const move = { kind: 'change', color: 'dark', piece: 'darkSquare', at: 'a1', token: 'BFSa1' };
  assert.deepEqual(taken(events), [
    ['move', { move, status: session.status(), by: 'human' }],
    ['change', { animate: { origin: 'a1' } }],
  ]);
  assert.deepEqual([...session.current.board()], [2, 3, 2, 3]);
});

test('an illegal move is refused with the engine’s error, and nothing changes', () => {
  const { session, events } = setUp({ size: 2, pie: false });
  session.act('a1', 'round');
  const twin = new wasm.GameHandle(2, false);
  twin.play('BCa1');
  const cases = [
    [() => session.act('a1', 'square'), () => twin.change(0, 0)], // not enclosed
    [() => session.act('c3', 'round'), () => twin.place(2, 2, 'round')], // off this board
    [() => session.play('BCb2'), () => twin.play('BCb2')], // Light is to move
    [() => session.play('nonsense'), () => twin.play('nonsense')],
    [() => session.play('swap'), () => twin.play('swap')], // the pie rule is off
  ];
  for (const [act, same] of cases) {
    taken(events);
    const error = thrown(same);
    assert.equal(typeof error.kind, 'string');
    assert.equal(act(), false);
    assert.deepStrictEqual(taken(events), [['refused', { error }]]);
    assert.deepEqual(line(session), { moves: ['BCa1'], ply: 1 });
  }
  assert.equal(session.act('z1', 'round'), false, 'not a point');
  assert.deepEqual(taken(events), []);
  twin.free();
});

test('on the AI’s turn act is refused with notYourTurn; after a win nothing is said', () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('dark') });
  taken(events);
  assert.equal(session.act('c3', 'round'), false);
  assert.deepStrictEqual(taken(events), [['refused', { error: { kind: 'notYourTurn' } }]]);
  assert.equal(session.play('BCc3'), false);
  assert.equal(session.playRandom(() => 0), false);
  assert.deepEqual(line(session), { moves: [], ply: 0 });
  assert.equal(fake.asks.length, 1);

  // The rules' example: Dark changes the light ring and wins.
  const won = setUp({ game: wasm.GameHandle.fromPosition('sss/sCs/sss b', false) });
  assert.equal(won.session.act('b1', 'round'), true);
  assert.equal(won.session.status().winner, 'dark');
  assert.equal(won.session.humanToMove(), false);
  taken(won.events);
  assert.equal(won.session.act('b1', 'round'), false);
  assert.deepEqual(taken(won.events), []);
});

test('the AI is asked when it is its turn, and its answer is played', async () => {
  const { session, fake, events, made } = setUp({ seats: againstAiAs('dark'), thinkMs: () => 250, level: 'strong' });
  assert.equal(made(), 1);
  assert.equal(fake.asks.length, 1);
  assert.deepStrictEqual(fake.last.request, { record: '5x5', pie: true, player: 'strong', ms: 250, iterations: 0 });
  assert.deepEqual(taken(events), [
    ['change', { animate: null }],
    ['thinking', { progress: null }],
  ]);
  assert.equal(session.thinking, true);
  assert.equal(session.aiWaiting(), false, 'thinking, not waiting');

  await fake.last.answer('BSc3');
  const move = { kind: 'place', color: 'dark', piece: 'darkSquare', at: 'c3', token: 'BSc3' };
  assert.deepEqual(taken(events), [
    ['move', { move, status: session.status(), by: 'ai' }],
    ['change', { animate: { origin: 'c3' } }],
  ]);
  assert.equal(session.thinking, false);
  assert.equal(session.humanToMove(), true);
  assert.equal(fake.asks.length, 1, 'not asked on the human’s turn');

  assert.equal(session.act('b2', 'round'), true);
  assert.equal(fake.asks.length, 2);
  assert.deepStrictEqual(fake.last.request, {
    record: '5x5 BSc3 WCb2',
    pie: true,
    player: 'strong',
    ms: 250,
    iterations: 0,
  });
  assert.deepEqual(taken(events).map(([name]) => name), ['move', 'change', 'thinking']);
  await fake.last.answer('BCa1');
  assert.deepEqual(line(session), { moves: ['BSc3', 'WCb2', 'BCa1'], ply: 3 });
  assert.equal(made(), 1, 'one thinker for the whole game');

  const plain = setUp({ seats: againstAiAs('dark'), pie: false, size: 9 });
  assert.deepStrictEqual(plain.fake.last.request, { record: '9x9', pie: false, player: 'club', ms: AI_MS, iterations: 0 });
});

test('an answer of null (a stopped search) plays nothing', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('dark') });
  await fake.last.nothing();
  assert.deepEqual(line(session), { moves: [], ply: 0 });
  assert.equal(session.paused, false);
});

test('a stale answer, to a position the player undid, is not played', async () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  const ask = fake.last;
  assert.equal(session.undo(), true);
  assert.equal(fake.stops, 1);
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 0 });
  taken(events);
  ask.onProgress?.(thought('WCa1'));
  await ask.answer('WCa1');
  assert.deepEqual(taken(events), [], 'no progress, no move');
  assert.equal(session.progress, null);
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 0 });
  assert.equal(fake.asks.length, 1, 'the human is to move');
});

test('a stale answer, to a position the player jumped from, is not played', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  await fake.last.answer('WCa1');
  session.act('e5', 'round');
  const ask = fake.last;
  assert.equal(ask.request.record, '5x5 BCc3 WCa1 BCe5');
  assert.equal(session.jump(1), true);
  assert.equal(session.aiWaiting(), true, 'the AI is to move at ply 1, but the line goes on');
  await ask.answer('WCb2');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCa1', 'BCe5'], ply: 1 });
  assert.equal(fake.asks.length, 2, 'not asked again while the line goes on');
  assert.equal(session.jump(3), true);
  assert.equal(fake.asks.length, 3, 'asked again at the end of the line');
  await fake.last.answer('WSb2');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCa1', 'BCe5', 'WSb2'], ply: 4 });
});

test('only the answer to the latest request is played', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('dark') });
  const first = fake.last;
  session.pause();
  session.resume();
  assert.equal(fake.asks.length, 2);
  assert.equal(fake.last.request.record, '5x5');
  await first.answer('BCa1');
  assert.deepEqual(line(session), { moves: [], ply: 0 });
  await fake.last.answer('BCe5');
  assert.deepEqual(line(session), { moves: ['BCe5'], ply: 1 });

  // A new game while the AI thinks about the old one.
  session.act('d4', 'round');
  const old = fake.last;
  session.load(new wasm.GameHandle(5, true), againstAiAs('dark'), 'club');
  assert.equal(fake.last.request.record, '5x5');
  await old.answer('BCa1');
  assert.deepEqual(line(session), { moves: [], ply: 0 });
});

test('undo against the AI goes back to the human’s turn', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  await fake.last.answer('WCa1');
  session.act('e5', 'round');
  await fake.last.answer('WSb2');
  assert.equal(session.status().ply, 4);
  assert.equal(session.undo(), true);
  assert.deepEqual([session.status().ply, session.humanToMove()], [2, true], 'past the AI’s move to the human’s');
  assert.equal(session.undo(), true);
  assert.equal(session.status().ply, 0);
  assert.equal(session.undo(), false, 'nothing before the start');
  assert.equal(fake.asks.length, 2, 'the AI is not asked on the human’s turn');

  // While the AI thinks: back to the move the human made.
  session.jump(4);
  session.act('a5', 'square');
  assert.equal(fake.asks.length, 3);
  const stops = fake.stops;
  assert.equal(session.undo(), true);
  assert.equal(fake.stops, stops + 1, 'the search is stopped');
  assert.deepEqual([session.status().ply, session.humanToMove(), session.thinking], [4, true, false]);
});

test('undoing the AI’s swap goes back two moves, to the first player as Dark', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  await fake.last.answer('swap');
  assert.equal(session.undo(), true);
  assert.deepEqual(line(session), { moves: ['BCc3', 'swap'], ply: 0 });
  assert.equal(session.seatOf(session.status().toMove), 'human');
});

test('undo back to the start with the AI to move lets it play afresh', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('dark') });
  await fake.last.answer('BCc3');
  session.act('b2', 'round');
  assert.equal(fake.asks.length, 2);
  assert.equal(session.undo(), true);
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCb2'], ply: 1 }, 'the human’s move undone, kept for redo');
  assert.equal(session.undo(), true);
  assert.deepEqual(line(session), { moves: [], ply: 0 }, 'the line ends at the start');
  assert.equal(fake.asks.length, 3);
  assert.equal(fake.last.request.record, '5x5');
  await fake.last.answer('BCe5');
  assert.deepEqual(line(session), { moves: ['BCe5'], ply: 1 });
  assert.equal(session.current.annotated(), '5x5 BCe5 (BCc3 WCb2)');
});

test('undo never goes before startPly', async () => {
  const game = wasm.GameHandle.fromRecord('5x5 BCc3 WCa1 BSe5', true);
  const { session, events } = setUp({ game, startPly: 2 });
  assert.equal(session.undo(), true);
  assert.equal(session.status().ply, 2);
  taken(events);
  assert.equal(session.undo(), false);
  assert.deepEqual(taken(events), [], 'nothing to draw');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCa1', 'BSe5'], ply: 2 });

  // Against the AI: the human's turn at startPly is as far back as it goes.
  const ai = setUp({ game: wasm.GameHandle.fromRecord('5x5 BCc3 WCa1', true), seats: againstAiAs('dark'), startPly: 1 });
  assert.equal(ai.fake.asks.length, 1, 'the AI is to move at ply 2');
  assert.equal(ai.session.undo(), true);
  assert.deepEqual(line(ai.session), { moves: ['BCc3', 'WCa1'], ply: 1 });
  assert.equal(ai.session.undo(), false);
  assert.equal(ai.session.status().ply, 1);
});

test('keepRedo: false drops the undone moves; keepRedo: true keeps them for redo', () => {
  for (const keepRedo of [false, true]) {
    const { session } = setUp({ keepRedo });
    for (const point of ['c3', 'b2', 'd4']) session.act(point, 'round');
    assert.equal(session.undo(), true);
    const st = session.status();
    assert.equal(st.ply, 2);
    assert.equal(st.moves, keepRedo ? 3 : 2, `keepRedo ${keepRedo}`);
    assert.equal(session.redo(), keepRedo);
    assert.equal(session.status().ply, keepRedo ? 3 : 2);
  }
});

test('keepRedo: false against the AI drops both moves undone', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('light'), keepRedo: false });
  session.act('c3', 'round');
  await fake.last.answer('WCa1');
  session.act('e5', 'round');
  await fake.last.answer('WSb2');
  assert.equal(session.undo(), true);
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCa1'], ply: 2 });
  assert.equal(session.status().moves, session.status().ply);
  assert.equal(session.current.annotated(), '5x5 BCc3 WCa1', 'the tree drops them too');
});

test('in a finished game a new move at an earlier ply is a variation; the game stays the main line', () => {
  const won = '3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2 WFCa3 BFCb1 WFCb1 BFSb1';
  const { session } = setUp({ game: wasm.GameHandle.fromRecord(won, false) });
  assert.equal(session.status().winner, 'dark');
  assert.equal(session.over(), true);
  session.jump(1);
  assert.deepEqual([session.status().winner, session.status().mainWinner, session.over()], [null, 'dark', true], 'over, an earlier position shown');
  session.act('c2', 'round');
  assert.equal(session.current.annotated(), won.replace('BSa1 WCc3', 'BSa1 WCc3 (WCc2)'));
  assert.equal(session.current.mainRecord(), won);
  assert.deepEqual(line(session), { moves: ['BSa1', 'WCc2'], ply: 2 });
  assert.equal(session.over(), true, 'over, a variation shown');
  assert.equal(setUp({ game: wasm.GameHandle.fromRecord('3x3 BSa1', false) }).session.over(), false);
});

test('another move at an earlier ply keeps the old line as a variation, which can be shown, promoted and deleted', () => {
  const { session } = setUp({});
  for (const p of ['c3', 'b2', 'd4']) session.act(p, 'round');
  session.jump(1);
  session.act('e5', 'square');
  const game = session.current;
  assert.equal(game.annotated(), '5x5 BCc3 WSe5 (WCb2 BCd4)', 'the line played last is the main line');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WSe5'], ply: 2 });
  const tree = game.tree();
  assert.deepEqual(
    tree.rows.map((/** @type {any} */ r) => [r.ply, r.token, r.variations.map((v) => v.map((m) => m.token))]),
    [
      [1, 'BCc3', []],
      [2, 'WSe5', [['WCb2', 'BCd4']]],
    ],
  );
  const old = tree.rows[1].variations[0][1];
  assert.equal(session.jumpToNode(old.id), true);
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCb2', 'BCd4'], ply: 3 });
  assert.equal(session.jumpToNode(999), false, 'no such node');
  assert.equal(session.promote(old.id), true);
  assert.equal(game.annotated(), '5x5 BCc3 WCb2 (WSe5) BCd4');
  assert.equal(game.mainRecord(), '5x5 BCc3 WCb2 BCd4');
  assert.equal(session.promote(old.id), false, 'already the main line');
  assert.equal(session.deleteMove(tree.rows[1].variations[0][0].id), true);
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 1 }, 'the line shown ends before the deleted move');
  assert.equal(game.annotated(), '5x5 BCc3 WSe5');
  assert.equal(session.redo(), true, 'redo follows the tree');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WSe5'], ply: 2 });
});

test('a move that check() refuses is taken back and refused with its reason', () => {
  const seen = [];
  const wrong = { kind: 'wrongMove', token: 'BCc3' };
  const { session, events } = setUp({
    check: (move) => {
      seen.push(move);
      return move.at === 'c3' ? wrong : null;
    },
  });
  taken(events);
  assert.equal(session.act('c3', 'round'), false);
  assert.deepStrictEqual(taken(events), [['refused', { error: wrong }]]);
  assert.deepEqual(line(session), { moves: [], ply: 0 });
  assert.equal(session.status().moves, 0, 'nothing left to redo');
  assert.equal(session.current.annotated(), '5x5', 'nor in the tree');
  assert.deepEqual(seen, [{ kind: 'place', color: 'dark', piece: 'darkRound', at: 'c3', token: 'BCc3' }]);
  assert.equal(session.act('b2', 'square'), true);
  assert.deepEqual(taken(events).map(([name]) => name), ['move', 'change']);
  assert.deepEqual(line(session), { moves: ['BSb2'], ply: 1 });
});

test('an AI error pauses it: no new request until resume()', async () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('dark') });
  taken(events);
  const error = { kind: 'workerFailed' };
  await fake.last.fail(error);
  assert.deepStrictEqual(taken(events), [
    ['aiFailed', { error }],
    ['thinking', { progress: null }],
  ]);
  assert.equal(session.paused, true);
  assert.equal(session.aiWaiting(), true);
  assert.equal(session.jump(0), true, 'a redraw');
  session.maybeAi();
  assert.equal(fake.asks.length, 1, 'not asked again');
  assert.equal(session.act('c3', 'round'), false, 'still the AI’s turn');
  session.resume();
  assert.equal(session.paused, false);
  assert.equal(fake.asks.length, 2);
  await fake.last.answer('BCc3');
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 1 });
});

test('an illegal move from the AI pauses it with the engine’s error', async () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  taken(events);
  const twin = wasm.GameHandle.fromRecord('5x5 BCc3', true);
  const error = thrown(() => twin.play('WCc3'));
  await fake.last.answer('WCc3');
  assert.deepStrictEqual(taken(events), [
    ['aiFailed', { error }],
    ['change', { animate: null }],
  ]);
  assert.equal(session.paused, true);
  assert.equal(session.aiWaiting(), true);
  assert.equal(fake.asks.length, 1);
  session.resume();
  assert.equal(fake.asks.length, 2);
  twin.free();
});

test('a stale failure is ignored', async () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  const ask = fake.last;
  session.undo();
  taken(events);
  await ask.fail({ kind: 'workerStuck', seconds: 5 });
  assert.deepEqual(taken(events), []);
  assert.equal(session.paused, false);
});

test('pause stops the AI and keeps it waiting; resume asks it again', async () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('dark') });
  const ask = fake.last;
  taken(events);
  session.pause();
  assert.equal(fake.stops, 1);
  assert.deepEqual(taken(events), [['thinking', { progress: null }]]);
  assert.deepEqual([session.paused, session.thinking, session.aiWaiting()], [true, false, true]);
  await ask.answer('BCc3');
  assert.deepEqual(line(session), { moves: [], ply: 0 }, 'the stopped search’s answer is dropped');
  session.jump(0);
  assert.equal(fake.asks.length, 1, 'paused');
  session.resume();
  assert.deepEqual([session.paused, session.thinking, session.aiWaiting()], [false, true, false]);
  assert.equal(fake.asks.length, 2);
  await fake.last.answer('BCe5');
  assert.deepEqual(line(session), { moves: ['BCe5'], ply: 1 });
});

test('resume from an earlier position ends the line there and asks the AI; the tree keeps the old line', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  await fake.last.answer('WCa1');
  session.act('e5', 'round');
  await fake.last.answer('WSb2');
  session.jump(1);
  assert.equal(session.aiWaiting(), true);
  assert.equal(fake.asks.length, 2);
  session.resume();
  assert.equal(fake.asks.length, 3);
  assert.equal(fake.last.request.record, '5x5 BCc3');
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 1 });
  await fake.last.answer('WSd4');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WSd4'], ply: 2 });
  assert.equal(session.current.annotated(), '5x5 BCc3 WSd4 (WCa1 BCe5 WSb2)', 'the old line kept as a variation');
});

test('moveNow plays the best move found so far; the later answer is dropped', async () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('light') });
  session.act('c3', 'round');
  const ask = fake.last;
  taken(events);
  const progress = thought('WCa1');
  ask.onProgress(progress);
  assert.deepStrictEqual(session.progress, progress);
  assert.deepStrictEqual(taken(events), [['thinking', { progress }]]);
  session.moveNow();
  assert.equal(fake.stops, 1);
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCa1'], ply: 2 });
  assert.deepEqual(taken(events).map(([name]) => name), ['move', 'change']);
  assert.equal(session.progress, null);
  await ask.answer('WSb2');
  assert.deepEqual(line(session), { moves: ['BCc3', 'WCa1'], ply: 2 });
});

test('moveNow before any progress leaves the AI thinking', async () => {
  const { session, fake } = setUp({ seats: againstAiAs('dark') });
  session.moveNow();
  assert.equal(session.thinking, true);
  await fake.last.answer('BCc3');
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 1 });
  session.moveNow();
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 1 }, 'on the human’s turn: nothing');
});

test('a step that goes nowhere leaves the AI thinking', async () => {
  // At the end of the line, redo and a jump past it do nothing: the search goes on.
  const { session, fake } = setUp({ seats: againstAiAs('dark') });
  assert.equal(session.redo(), false);
  assert.equal(session.jump(1), false);
  assert.equal(session.jump(-1), false);
  assert.equal(session.undo(), false, 'at the start');
  assert.deepEqual([session.thinking, session.aiWaiting(), fake.stops, fake.asks.length], [true, false, 0, 1]);
  await fake.last.answer('BCc3');
  assert.deepEqual(line(session), { moves: ['BCc3'], ply: 1 });
});

test('load frees the old game and destroy frees everything', () => {
  const { session, fake, events } = setUp({ seats: againstAiAs('dark') });
  const old = session.current;
  const game = new wasm.GameHandle(3, true);
  session.load(game, HUMANS, 'club');
  assert.throws(() => old.status(), 'the old game is freed');
  session.load(game, HUMANS, 'novice');
  assert.equal(game.status().size, 3, 'the same game is kept');
  taken(events);
  session.destroy();
  assert.equal(fake.destroyed, true);
  assert.equal(session.game, null);
  assert.throws(() => game.status(), 'freed');
  assert.throws(() => session.status(), /no game/);
  assert.deepEqual(taken(events), [], 'no listeners left');
});
