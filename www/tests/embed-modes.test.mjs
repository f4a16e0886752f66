// Unit tests of the embed's modes (js/embed/modes.js) and problem mode's
// state (js/embed/problem-ctrl.js) with the real engine: each mode's seats,
// buttons, status line and check, and a problem solved move by move.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';

const wasm = await engine();
const { modes } = await import('../js/embed/modes.js');
const { ProblemCtrl } = await import('../js/embed/problem-ctrl.js');
const { Session } = await import('../js/session.js');
const { withDefaults } = await import('../js/embed-config.js');

const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

/** A mode's context on `record` (or a new 5×5 game), and the buttons it adds. */
function ctxOf({ record, config = {}, problem = null, running = false } = {}) {
  const session = new Session({});
  session.load(record ? wasm.GameHandle.fromRecord(record, true) : new wasm.GameHandle(5, true), { first: 'human', second: 'human' }, 'casual');
  const buttons = [];
  const ctx = {
    session,
    t,
    cfg: withDefaults(config),
    review: { state: { running }, start() {}, cancel() {} },
    problem,
    add: (key) => {
      buttons.push(key);
      return { classList: { add() {} }, hidden: false };
    },
    reset() {},
    hint() {},
    shapeToggle: () => buttons.push('shape'),
  };
  return { ctx, buttons, session };
}

test('each mode has its own buttons', () => {
  const bars = {};
  for (const [name, mode] of Object.entries(modes)) {
    const { ctx, buttons } = ctxOf({ record: '5x5 BCa1 WCb2 {[%eval 0.4]}' });
    mode.bar(ctx);
    bars[name] = buttons;
  }
  assert.deepEqual(bars, {
    play: ['btn.undo', 'btn.swap', 'btn.resume', 'shape', 'embed.reset'],
    'two-players': ['btn.undo', 'btn.swap', 'shape', 'embed.reset'],
    try: ['btn.undo', 'btn.swap', 'shape', 'embed.reset'],
    replay: ['btn.first', 'btn.back', 'btn.forward', 'btn.last'],
    // One move has no evaluation: the review may be asked for.
    review: ['btn.first', 'btn.back', 'btn.forward', 'btn.last', 'btn.review'],
    diagram: [],
    problem: ['btn.hint', 'embed.reset'],
  });
  const running = ctxOf({ record: '5x5 BCa1', running: true });
  modes.review.bar(running.ctx);
  assert.deepEqual(running.buttons.at(-1), 'btn.cancel');
  const judged = ctxOf({ record: '5x5 BCa1 {[%eval 0.5]}' });
  modes.review.bar(judged.ctx);
  assert.equal(judged.buttons.includes('btn.review'), false);
});

test('who plays, where the game opens and what the status says', () => {
  assert.deepEqual(modes.play.seats(withDefaults({ ai: 'dark' })), { first: 'ai', second: 'human' });
  assert.deepEqual(modes['two-players'].seats(withDefaults({})), { first: 'human', second: 'human' });
  assert.deepEqual(Object.entries(modes).filter(([, m]) => m.opensAtStart).map(([n]) => n), ['replay', 'review']);
  assert.deepEqual(Object.entries(modes).filter(([, m]) => m.showsReview || m.solves).map(([n]) => n), ['review', 'problem']);
  const { ctx, session } = ctxOf({ record: '5x5 BCa1 WCb2' });
  assert.equal(modes.replay.status(ctx, session.status()), 'embed.replayPly {"ply":2,"count":2}');
  assert.equal(modes.play.status(ctx, session.status()), 'embed.toMove {"color":"color.dark"}');
  assert.equal(modes.diagram.status(ctx, session.status()), '');
});

test('try mode refuses a move it does not expect, and calls the expected one right', () => {
  const { ctx, session } = ctxOf({ config: { mode: 'try', expect: ['BCc3'] } });
  const move = (token) => {
    session.current.play(token);
    const m = session.current.moveAt(0);
    session.current.undo();
    return m;
  };
  assert.deepEqual(modes.try.check(ctx, move('BCa1')), { kind: 'notExpected', move: move('BCa1') });
  assert.equal(modes.try.check(ctx, move('BCc3')), null);
  assert.equal(modes.try.right(ctx), true);
  assert.equal(modes.try.right(ctxOf({ config: { mode: 'try' } }).ctx), false);
  assert.equal(modes['two-players'].check(ctx, move('BCa1')), null);
});

test('a problem judges the reader’s moves, answers for the other side and is solved at the solution’s end', () => {
  const start = wasm.GameHandle.fromPosition('5/5/5/5/5 b 0', false);
  const problem = ProblemCtrl.of(wasm, start, 'BCc3 {centre} (BCa1? {a corner}) WCb2 BCd4', false);
  start.free();
  assert.equal(problem.side, 'dark');
  const { ctx } = ctxOf({ problem });
  assert.equal(modes.problem.status(ctx, null), 'problem.toFind {"color":"color.dark"}');
  const dark = (token) => ({ color: 'dark', token });
  assert.deepEqual(modes.problem.check(ctx, dark('BCa1')), { kind: 'wrongAnswer', comment: 'a corner', token: 'BCa1' });
  assert.deepEqual(modes.problem.check(ctx, dark('BCe5')), { kind: 'wrongAnswer', comment: '', token: 'BCe5' });
  assert.equal(problem.hint(), 'c3');
  assert.equal(modes.problem.check(ctx, dark('BCc3')), null);
  assert.equal(problem.lastComment(), 'centre');
  assert.equal(problem.followed(), false);
  // The board's own answer is not judged.
  assert.equal(modes.problem.check(ctx, { color: 'light', token: 'WCe5' }), null);
  assert.equal(problem.problem.answer()?.token, 'WCb2');
  assert.equal(modes.problem.check(ctx, dark('BCd4')), null);
  assert.equal(problem.followed(), true);
  assert.equal(problem.readerToMove({ toMove: 'dark' }), false);
  assert.equal(modes.problem.status(ctx, null), 'problem.solved');
});

test('a solution that does not read is the engine’s error', () => {
  const start = wasm.GameHandle.fromPosition('5/5/5/5/5 b 0', false);
  assert.throws(() => ProblemCtrl.of(wasm, start, 'WCc3', false), (e) => e.kind === 'record' && e.problem === 'illegal');
  start.free();
});
