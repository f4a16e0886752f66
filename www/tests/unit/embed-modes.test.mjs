// Unit tests of the embed's modes (js/pages/embed/modes.js) and problem mode's
// state (js/pages/embed/problem-ctrl.js) with the real engine: each mode's seats,
// buttons, status line and check, and a problem solved move by move.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const wasm = await engine();
const { modes } = await import('../../js/pages/embed/modes.js');
const { ANSWER_MS, ProblemCtrl } = await import('../../js/pages/embed/problem-ctrl.js');
const { ProofCtrl } = await import('../../js/pages/embed/proof-ctrl.js');
const { explainLine } = await import('../../js/ai/explain.js');
const { Session } = await import('../../js/game/session.js');
const { withDefaults } = await import('../../js/game/embed-config.js');
const { describeError } = await import('../../js/i18n/words.js');
const { t: english } = await (await import('../../js/i18n/i18n.js')).loadLanguage('en');

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
    problem: ['shape', 'btn.hint', 'embed.reset'],
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
  assert.equal(modes.problem.status(ctx, null), '', 'solved: the message says so');
});

test('a solution that does not read is the engine’s error', () => {
  const start = wasm.GameHandle.fromPosition('5/5/5/5/5 b 0', false);
  assert.throws(() => ProblemCtrl.of(wasm, start, 'WCc3', false), (e) => e.kind === 'record' && e.problem === 'illegal');
  start.free();
});

/// A 5×5 puzzle where Dark wins in 9 plies and Light, with no move after
/// Dark's fourth, moves three times in a row in its longest defence.
const SKIPPED = 'CScCC/SSsCS/.cscc/Sssss/ssCsC b 28';
const SKIPPED_LINE = 'BCa3 WFSa2 BFSa5 WFCd4 BFCa4 WFSb3 WFCa3 WFCa1 BFSa1'.split(' ');

/** A `proof` problem on `position` in a session, the board answering as embed.js has it. */
function proofOf(position, plies, explainer = { explain: () => Promise.resolve(null) }) {
  const game = wasm.GameHandle.fromPosition(position, false);
  const ctrl = new ProofCtrl(wasm, game, plies, explainer);
  const session = new Session({ check: (move) => ctrl.check(move, session.current) });
  session.load(game, { first: 'human', second: 'human' }, 'casual');
  const refused = [];
  session.on('refused', ({ error }) => refused.push(error));
  session.on('move', ({ move }) => {
    ctrl.moved();
    if (ctrl.readerMoved(move) && !ctrl.followed()) ctrl.answerLater(session, () => true);
  });
  const record = () => session.current.record().split('\n').at(-1).trim().split(' ').slice(1);
  return { ctrl, session, refused, record };
}

test('a proof problem answers with the longest defence, several moves in a row when the reader has none, to the win', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { ctrl, session, record } = proofOf(SKIPPED, 9);
  assert.deepEqual(ctrl.next, SKIPPED_LINE, 'the solver’s line from the start');
  for (const token of SKIPPED_LINE.filter((tk) => tk[0] === 'B')) {
    assert.equal(ctrl.readerToMove(session.status()), true, `${token} after ${record().join(' ')}`);
    assert.equal(session.play(token), true, token);
    // Each answer waits its own pause.
    for (let k = 0; k < 3; k++) t.mock.timers.tick(ANSWER_MS);
  }
  assert.deepEqual(record(), SKIPPED_LINE);
  assert.equal(session.status().winner, 'dark');
  assert.equal(ctrl.solved, true);
});

test('a proof problem’s hint is the reader’s next winning move, gone once a move is played, and none while the board answers', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { ctrl, session } = proofOf(SKIPPED, 9);
  assert.equal(ctrl.hint(session.current), 'a3');
  assert.equal(ctrl.hinted, 'a3');
  session.play('BCa3');
  assert.equal(ctrl.hinted, null, 'the ring goes with the position');
  assert.equal(ctrl.hint(session.current), null, 'Light to move: nothing to hint');
  t.mock.timers.tick(ANSWER_MS);
  assert.equal(ctrl.hint(session.current), 'a5');
});

test('a proof problem refuses a wrong move at once and explains it with the worker’s line', async () => {
  const asked = [];
  const explainer = { explain: (request) => (asked.push(request), Promise.resolve(explainLine(wasm, request.position, request.side, request.plies))) };
  const { ctrl, session, refused, record } = proofOf(SKIPPED, 9, explainer);
  const wrong = wasm.GameHandle.fromPosition(SKIPPED, false).legalMoves().find((tk) => tk !== 'BCa3');
  assert.equal(session.play(wrong), false);
  assert.deepEqual(record(), [], 'taken back');
  const [error] = refused;
  assert.equal(error.kind, 'wrongAnswer');
  assert.deepEqual({ kind: error.why.kind, moves: error.why.moves, line: error.why.line }, { kind: 'holds', moves: 4, line: [] });
  const after = wasm.GameHandle.fromPosition(SKIPPED, false);
  after.play(wrong);
  assert.deepEqual(asked, [{ position: after.position(), side: 'dark', plies: 17 }]);
  const expected = explainLine(wasm, after.position(), 'dark', 17);
  after.free();
  const why = await ctrl.explaining;
  assert.notEqual(expected.kind, 'holds', 'the solver sees why');
  assert.equal(why.kind, expected.kind);
  assert.deepEqual(why.line.map((m) => m.token), [wrong, ...expected.line]);
  assert.equal(ctrl.why, why);
});

test('a proof problem whose side does not win within its plies is refused as set', () => {
  const game = wasm.GameHandle.fromPosition(SKIPPED, false);
  const error = thrown(() => new ProofCtrl(wasm, game, 7, { explain: () => Promise.resolve(null) }));
  assert.deepEqual(error, { kind: 'noWin', color: 'dark', count: 7 });
  assert.equal(describeError(english, error), 'Dark does not win by force within 7 plies.');
  game.free();
});
