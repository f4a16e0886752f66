// Unit tests of the play page's parts (js/play/) and the settings store
// and keeper they use, with the real engine and fake AI clients that
// answer on demand: each part owns its state and speaks only through the
// page it is handed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from './memory.mjs';

import { engine } from './glue.mjs';

const wasm = await engine();
const { HUMANS, Session, againstAiAs } = await import('../../js/game/session.js');
const { DEFAULTS, SettingsStore } = await import('../../js/game/settings.js');
const { Keeper } = await import('../../js/lib/store.js');
const { Hint } = await import('../../js/pages/play/hint.js');
const { Coach } = await import('../../js/pages/play/coach.js');
const { ReviewSteps } = await import('../../js/pages/play/review-steps.js');
const { Persist } = await import('../../js/pages/play/persist.js');
const { pageKeys } = await import('../../js/pages/play/shortcuts.js');
const { Archive } = await import('../../js/game/archive.js');
const analysisModule = await import('../../js/pages/play/analysis-board.js');
const { nameMove } = await import('../../js/i18n/words.js');

/** Lets the promise callbacks run. */
const settle = () => new Promise(setImmediate);

/** Words as their key and facts, so a test reads what was said. */
const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

/**
 * A page with a session on `record` (or a new 5×5 game), the settings, and
 * what the parts said and how often they asked for a redraw.
 */
function pageOf({ record, seats = HUMANS, settings = {} } = {}) {
  const session = new Session({});
  const game = record ? wasm.GameHandle.fromRecord(record, true) : new wasm.GameHandle(5, true);
  session.load(game, seats, 'club');
  const said = [];
  const announced = [];
  let redraws = 0;
  let saves = 0;
  const page = {
    session,
    settings: new SettingsStore({ ...DEFAULTS, ...settings }, () => {}),
    t,
    say: (text, tone = 'info') => said.push([text, tone]),
    announce: (text) => announced.push(text),
    redraw: () => redraws++,
    save: () => saves++,
    name: (move) => nameMove(t, typeof move === 'string' ? wasm.moveInfo(move) : move),
  };
  return { page, session, said, announced, redraws: () => redraws, saves: () => saves };
}

/** A move token in the words the parts say it in. */
const named = (token) => nameMove(t, wasm.moveInfo(token));

/** A client whose requests wait until the test answers them. */
function fakeClient() {
  const asks = [];
  const ask = (type) => (request) =>
    new Promise((resolve, reject) => asks.push({ type, request, resolve, reject }));
  return { asks, analyse: ask('analyse'), judge: ask('judge'), destroy() {}, stop() {}, busy: false };
}

/** A judgement of move `ply` of class `cls`. */
const judgement = (ply, played, cls, player = 'dark') => ({
  ply,
  played,
  player,
  before: 0.6,
  after: cls === 'fine' ? 0.6 : 0.3,
  dark: 0.3,
  class: cls,
  best: [{ token: 'BCc3', kind: 'place', color: 'dark', at: 'c3', piece: 'darkRound' }],
  accuracy: 50,
});

test('the settings store saves and tells its listeners on every change, and only then', () => {
  const saved = [];
  const store = new SettingsStore({ ...DEFAULTS }, (values) => saved.push(values));
  const told = [];
  const stop = store.on('change', (changed) => told.push(changed));
  store.set('hints', true);
  store.merge({ size: 9, pie: false });
  assert.equal(store.values.hints, true);
  assert.equal(store.values.size, 9);
  assert.deepEqual(told, [{ hints: true }, { size: 9, pie: false }]);
  assert.deepEqual(saved.map((v) => [v.hints, v.size, v.pie]), [[true, 13, true], [true, 9, false]]);
  assert.throws(() => {
    'use strict';
    store.values.size = 5;
  }, TypeError);
  stop();
  store.set('coach', true);
  assert.equal(told.length, 2);
});

test('the keeper holds a key with no backup until its note is closed, and notes a full browser once', () => {
  const storage = memory();
  const keeper = new Keeper(storage);
  let notes = 0;
  keeper.on('note', () => notes++);
  keeper.lose({ key: 'k', backup: null, text: 'x', reason: { kind: 'unreadable' } });
  keeper.write('k', 1);
  assert.equal(storage.getItem('k'), null);
  assert.equal(keeper.close(keeper.losses[0]), true);
  keeper.write('k', 1);
  assert.equal(storage.getItem('k'), '1');
  assert.equal(keeper.losses.length, 0);

  const full = new Keeper(memory({}, { room: 'none' }));
  full.on('note', () => notes++);
  full.write('a', 1);
  full.write('b', 2);
  assert.deepEqual(full.losses, [{ key: 'a', full: true }]);
  assert.equal(notes, 1);
});

test('a hint rings the AI’s move, counts in the Hints tag, and goes when the position changes', async () => {
  const { page, session, said, announced, saves } = pageOf();
  const client = fakeClient();
  const hint = new Hint(page, client, () => null);
  const asked = hint.ask();
  assert.deepEqual(said.at(-1), ['hint.looking', 'info']);
  assert.equal(client.asks.length, 1);
  client.asks[0].resolve({ candidates: [{ move: 'BCc3', win: 0.55, line: [wasm.moveInfo('BCc3')], points: [] }] });
  await asked;
  assert.deepEqual(hint.mark(), { point: 'c3', piece: 'darkRound', group: [] });
  assert.deepEqual(session.current.tags().find(([k]) => k === 'Hints'), ['Hints', '1']);
  // The count is kept at once, not at the next move.
  assert.equal(saves(), 1);
  assert.equal(announced.at(-1), t('hint.move', { move: named('BCc3'), win: 55 }));
  session.act('a1', 'round');
  hint.onPosition();
  assert.equal(hint.mark(), null);
});

test('a hint that comes after the game moved on is not shown', async () => {
  const { page, session } = pageOf();
  const client = fakeClient();
  const hint = new Hint(page, client, () => null);
  const asked = hint.ask();
  session.act('a1', 'round');
  client.asks[0].resolve({ candidates: [{ move: 'WCc3', win: 0.5, line: [wasm.moveInfo('WCc3')], points: [] }] });
  await asked;
  assert.equal(hint.mark(), null);
  assert.equal(session.current.tags().find(([k]) => k === 'Hints'), undefined);
});

test('a hint uses the analysis board’s finished analysis instead of asking', async () => {
  const { page } = pageOf();
  const client = fakeClient();
  const hint = new Hint(page, client, () => ({ candidates: [{ move: 'BCb2', win: 0.6, line: [wasm.moveInfo('BCb2')], points: [] }] }));
  await hint.ask();
  assert.equal(client.asks.length, 0);
  assert.deepEqual(hint.mark(), { point: 'b2', piece: 'darkRound', group: [] });
});

test('a square hint is shown as a square, chooses the square, and is said in words', async () => {
  const { page, announced } = pageOf();
  assert.equal(page.settings.values.shape, 'round');
  const hint = new Hint(page, fakeClient(), () => ({ candidates: [{ move: 'BSd4', win: 0.6, line: [wasm.moveInfo('BSd4')], points: [] }] }));
  await hint.ask();
  assert.deepEqual(hint.mark(), { point: 'd4', piece: 'darkSquare', group: [] });
  assert.equal(page.settings.values.shape, 'square');
  assert.equal(announced.at(-1), t('hint.move', { move: named('BSd4'), win: 60 }));
});

test('a hint to change a group marks the group, and leaves the shape chosen', async () => {
  const { page } = pageOf({ record: '3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1' });
  const change = wasm.moveInfo('WFSb3');
  const hint = new Hint(page, fakeClient(), () => ({ candidates: [{ move: 'WFSb3', win: 0.9, line: [change], points: ['b3'] }] }));
  await hint.ask();
  assert.deepEqual(hint.mark(), { point: 'b3', piece: 'lightSquare', group: ['b3'] });
  assert.equal(page.settings.values.shape, 'round');
});

test('the coach judges a human move only when it is on, and notes mistakes, not fine moves', async () => {
  const off = pageOf();
  const idle = fakeClient();
  new Coach(off.page, idle, () => {}).onHumanMove(1);
  assert.equal(idle.asks.length, 0);

  const { page, session, announced } = pageOf({ settings: { coach: true } });
  const client = fakeClient();
  const coach = new Coach(page, client, () => {});
  session.act('a1', 'round');
  coach.onHumanMove(1);
  client.asks[0].resolve(judgement(1, 'BCa1', 'fine'));
  await settle();
  assert.equal(coach.words(), '');
  assert.equal(coach.last?.class, 'fine');

  session.act('b2', 'round');
  coach.onHumanMove(2);
  client.asks[1].resolve(judgement(2, 'WCb2', 'mistake', 'light'));
  await settle();
  assert.equal(coach.words(), t('coach.mistake', { move: named('WCb2'), before: 60, after: 30, best: named('BCc3') }));
  assert.equal(announced.at(-1), coach.words());
  // Going back before the move ends the note.
  session.jump(1);
  coach.onPosition(session.status());
  assert.equal(coach.words(), '');
});

test('a player faster than the coach: the judgement under way is not replaced, the latest move is judged next, and the ones between are skipped', async () => {
  const { page, session } = pageOf({ settings: { coach: true } });
  const client = fakeClient();
  const coach = new Coach(page, client, () => {});
  for (const [ply, point] of [[1, 'a1'], [2, 'b2'], [3, 'c3']]) {
    session.act(point, 'round');
    coach.onHumanMove(ply);
  }
  assert.deepEqual(client.asks.map((a) => a.request.ply), [1], 'one judgement at a time');
  assert.equal(coach.status(), t('coach.judging'));
  client.asks[0].resolve(judgement(1, 'BCa1', 'blunder'));
  await settle();
  assert.equal(coach.words(), '', 'no note for a move the player has gone past');
  assert.equal(coach.last?.class, 'blunder', 'its verdict is said');
  assert.deepEqual(client.asks.map((a) => a.request.ply), [1, 3], 'then the latest move, move 2 skipped');
  client.asks[1].resolve(judgement(3, 'BCc3', 'mistake'));
  await settle();
  assert.equal(coach.status(), t('coach.last', { move: named('BCc3'), class: t('class.mistake') }));
  assert.equal(coach.words(), t('coach.mistake', { move: named('BCc3'), before: 60, after: 30, best: named('BCc3') }));
});

test('the coach’s take-back undoes the noted move and the AI’s reply', async () => {
  const { page, session } = pageOf({ record: '5x5 BCa1 WCb2', seats: againstAiAs('light'), settings: { coach: true } });
  const client = fakeClient();
  const coach = new Coach(page, client, () => {});
  coach.judge(1);
  client.asks[0].resolve(judgement(1, 'BCa1', 'blunder'));
  await settle();
  assert.notEqual(coach.words(), '');
  coach.takeBack();
  assert.equal(session.status().ply, 0);
  assert.equal(coach.words(), '');
});

test('review steps go from marked move to marked move, showing the position before each', () => {
  const { page, session, announced } = pageOf({ record: '5x5 BCa1 WCb2 BCc3 WCd4' });
  const results = [judgement(1, 'BCa1', 'fine'), judgement(2, 'WCb2', 'mistake', 'light'), judgement(3, 'BCc3', 'fine'), judgement(4, 'WCd4', 'blunder', 'light')];
  const review = { results: () => results };
  const steps = new ReviewSteps(page, review);
  session.jump(0);
  assert.equal(steps.can(-1), false);
  assert.equal(steps.can(1), true);
  steps.step(1);
  assert.equal(session.status().ply, 1);
  assert.equal(steps.at, 2);
  assert.equal(announced.at(-1), t('review.at', { n: 2, move: named('WCb2'), class: 'class.mistake', drop: 30, best: named('BCc3') }));
  steps.step(1);
  assert.equal([session.status().ply, steps.at].join(), '3,4');
  assert.equal(steps.can(1), false);
  steps.step(-1);
  assert.equal(steps.at, 2);
  // Moving elsewhere leaves the marked move.
  session.jump(3);
  steps.onPosition(session.status());
  assert.equal(steps.at, null);
  assert.equal(steps.words(), '');
  // At the game's end, where a finished review leaves the board, Next starts from the first move.
  session.jump(4);
  assert.equal(steps.can(1), true);
  steps.step(1);
  assert.equal([session.status().ply, steps.at].join(), '1,2');
});

/** A Persist over a fresh keeper and archive, on a session. */
function persistOf(session, entries = {}) {
  const storage = memory(entries);
  const keeper = new Keeper(storage);
  const archive = new Archive(keeper);
  const restored = [];
  const review = { find: () => null, restore: (...args) => restored.push(args) };
  return { persist: new Persist({ engine: wasm, keeper, archive, review, session }), archive, storage, keeper, restored };
}

test('the snapshot opens again as the same game, line, ply, seats and level', () => {
  const { session } = pageOf({ record: '5x5 BCa1 WCb2 BCc3', seats: againstAiAs('light') });
  session.jump(2);
  const { persist, archive, storage } = persistOf(session);
  persist.save();
  const saved = JSON.parse(storage.getItem(archive.key(archive.current)));
  assert.equal(saved.cells.length, 25);
  const again = persistOf(new Session({}), Object.fromEntries(storage.map));
  const { opened, linkError } = again.persist.open(null, 'novice');
  assert.equal(linkError, null);
  assert.deepEqual(opened.game.moves(), ['BCa1', 'WCb2', 'BCc3']);
  assert.equal(opened.game.status().ply, 2);
  assert.deepEqual(opened.seats, againstAiAs('light'));
  assert.equal(opened.level, 'club');
  assert.equal(again.restored.length, 1);
});

test('the page keys move through the game, switch the shape and reach every part', () => {
  const { session } = pageOf({ record: '5x5 BCa1 WCb2 BCc3' });
  const calls = [];
  const note = (name) => (...args) => calls.push([name, ...args]);
  const keys = pageKeys(
    {
      jump: note('jump'),
      forward: note('forward'),
      undo: note('undo'),
      redo: note('redo'),
      setShape: note('shape'),
      toggleHints: note('hints'),
      help: note('help'),
      toggleAnalysis: note('analysis'),
      step: note('step'),
      toggleOwnership: note('ownership'),
      evaluation: note('evaluation'),
    },
    session,
    () => 'round',
  );
  for (const key of ['ArrowLeft', 'Home', 'End', 't', 'n', 'p', 'y', 'Backspace']) keys[key]();
  assert.deepEqual(calls, [['jump', 2], ['jump', 0], ['jump', 3], ['shape', 'square'], ['step', 1], ['step', -1], ['redo'], ['undo']]);
  assert.equal(keys.x, undefined);
});

test('the analysis board follows the position only when on, and a line shown redraws only the analysis', () => {
  const { page, session, announced, redraws } = pageOf({ record: '5x5 BCa1' });
  const followed = [];
  const runner = { shown: { analysis: null, done: false, error: null }, follow: (spot) => followed.push(spot) };
  let rendered = 0;
  const { AnalysisBoard } = analysisModule;
  const board = new AnalysisBoard(page, runner, () => rendered++);
  board.follow();
  assert.deepEqual(followed, [null]);
  board.toggle();
  assert.equal(page.settings.values.analysis, true);
  assert.equal(announced.at(-1), 'analysis.on');
  board.follow();
  assert.deepEqual(followed.at(-1), { record: '5x5 BCa1', pie: true, ply: 1, position: session.current.position() });
  runner.shown = {
    analysis: { win: 0.3, candidates: [{ move: 'WCb2', visits: 9, win: 0.7, line: [wasm.moveInfo('WCb2')], points: [] }], ownership: [] },
    done: true,
    error: null,
  };
  assert.equal(board.candidateAt('b2'), 'WCb2');
  assert.equal(board.candidateAt('c3'), null);
  board.showLine('WCb2');
  board.showLine('WCb2');
  assert.equal(board.lineOf, 'WCb2');
  assert.equal(rendered, 1);
  assert.equal(redraws(), 0);
  assert.equal(board.words(), `analysis.eval {"win":70}. ${t('analysis.candidate', { move: named('WCb2'), win: 70, count: 9 })}`);
  // A new position shows no line yet.
  board.follow();
  assert.equal(board.lineOf, null);
});
