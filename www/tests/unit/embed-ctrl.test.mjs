// Unit tests of js/pages/embed/ctrl.js (no browser) with the real engine, a
// fake view, a fake board and a fake AI: a reader's move in two-players and
// play modes, `set` of a game key (a new game) and of a view key (the moves
// kept), the events told to listeners and to the page, a problem's events,
// `destroy` stopping everything, and the board's picture.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';

const wasm = await engine();
const { BoardCtrl } = await import('../../js/pages/embed/ctrl.js');
const { ANSWER_MS } = await import('../../js/pages/embed/problem-ctrl.js');
const { BoardView } = await import('../../js/view/board-view.js');
const { boardPicture } = await import('../../js/view/board-picture.js');
const { boardLabel } = await import('../../js/i18n/words.js');
const { t } = await (await import('../../js/i18n/i18n.js')).loadLanguage('en');

/** A board that keeps what it was set to. */
function fakeBoard() {
  return {
    sets: [],
    state: {},
    destroyed: false,
    set(config) {
      this.sets.push(config);
      Object.assign(this.state, config);
    },
    redraw() {},
    toSvg: () => '<svg></svg>',
    destroy() {
      this.destroyed = true;
    },
  };
}

/** A view that keeps what it was asked to show; its board view is the real one over a fake board. */
function fakeView() {
  const view = {
    said: [],
    bar: [],
    parts: null,
    events: [],
    shownFailed: false,
    destroyed: false,
    board: null,
    boardView: null,
    pageLanguage: () => 'en',
    setLanguage(locale) {
      view.locale = locale;
    },
    makeBoard(options) {
      view.board = fakeBoard();
      view.boardView = new BoardView({ ...options, board: view.board, badge: { hidden: true }, host: {}, announcer: {} });
      return { board: view.board, boardView: view.boardView };
    },
    failed(on) {
      view.shownFailed = on;
    },
    say(text, tone) {
      view.said.push({ text, tone });
    },
    clearBar() {
      view.bar = [];
    },
    add(_t, key) {
      view.bar.push(key);
      return { classList: { add() {} }, hidden: false, textContent: '', title: '' };
    },
    showRetry() {},
    render(_t, parts) {
      view.parts = parts;
    },
    download() {},
    dispatch(event, detail) {
      view.events.push([event, detail]);
    },
    destroy() {
      view.destroyed = true;
    },
  };
  return view;
}

/**
 * An AI that plays the first legal placement at once, or, `held`, answers
 * only when the test says (`answer`).
 */
function fakeAi({ held = false } = {}) {
  const ai = {
    asked: [],
    stopped: 0,
    destroyed: false,
    busy: false,
    answer: null,
    think(request) {
      ai.asked.push(request);
      const game = wasm.GameHandle.fromRecord(request.record, request.pie);
      const best = game.legalMoves().find((token) => token !== 'swap');
      game.free();
      if (!held) return Promise.resolve({ best });
      return new Promise((resolve) => {
        ai.answer = () => resolve({ best });
      });
    },
    stop() {
      ai.stopped++;
    },
    destroy() {
      ai.destroyed = true;
    },
  };
  return ai;
}

/** A controller on `config` with its fakes, its events as the listeners hear them, once the config is shown. */
async function setUp(config, { ai = fakeAi() } = {}) {
  const view = fakeView();
  const ctrl = new BoardCtrl({ view, config, engine, ai: () => ai });
  const heard = [];
  for (const event of ['move', 'end', 'solved', 'failed', 'explained', 'hint', 'gaveUp']) ctrl.on(event, (detail) => heard.push([event, detail]));
  await ctrl.ready;
  return { ctrl, view, ai, heard };
}

/** A mouse's click at `point` (the right button places a square). */
const click = (view, point, button = 0) => view.boardView.click(point, button, { pointerType: 'mouse', shiftKey: false });

/** The moves of a record. */
const moves = (record) => record.split('\n').at(-1).trim().split(' ').slice(1);

test('two players: a click plays the reader’s move, drawn, said and told to the listeners and to the page', async () => {
  const { ctrl, view, heard } = await setUp({ mode: 'two-players', size: 5 });
  assert.equal(ctrl.record(), '5x5');
  assert.equal(view.locale, 'en');
  assert.deepEqual(view.bar, ['btn.undo', 'btn.swap', 'shape.round', 'embed.reset']);
  assert.equal(view.board.state.size, 5);
  click(view, 'c3');
  assert.equal(ctrl.record(), '5x5 BCc3');
  assert.deepEqual(heard, [['move', { token: 'BCc3', record: '5x5 BCc3' }]]);
  assert.deepEqual(view.events, heard, 'the page hears the same, in the same order');
  assert.deepEqual(view.board.state.lastMove, ['c3']);
  assert.notEqual(view.board.state.cells[2 * 5 + 2], 0, 'a piece at c3');
  assert.equal(view.said.at(-1).tone, 'ok');
  assert.equal(view.parts.line, t('embed.toMove', { color: t('color.light') }));
  assert.equal(view.parts.swap, true, 'Light may swap');
  // Light's square, then Dark's undo takes back one move.
  click(view, 'd4', 2);
  assert.deepEqual(moves(ctrl.record()), ['BCc3', 'WSd4']);
  ctrl.session.undo();
  assert.deepEqual(moves(ctrl.record()), ['BCc3']);
});

test('play: the reader moves, then the AI at its level; a reader’s click is refused on the AI’s turn', async () => {
  const { ctrl, view, ai, heard } = await setUp({ mode: 'play', size: 5, level: 'club' });
  assert.deepEqual(view.bar, ['btn.undo', 'btn.swap', 'btn.resume', 'shape.round', 'embed.reset']);
  assert.equal(ai.asked.length, 0, 'Dark is the reader’s');
  const answered = new Promise((resolve) => ctrl.on('move', (detail) => detail.token[0] === 'W' && resolve(detail)));
  click(view, 'c3');
  assert.equal(ai.asked.length, 1);
  assert.equal(ai.asked[0].player, 'club');
  assert.equal(ai.asked[0].record, '5x5 BCc3');
  const { token, record } = await answered;
  assert.deepEqual(moves(record), ['BCc3', token]);
  assert.deepEqual(heard.map(([event, d]) => [event, d.token]), [['move', 'BCc3'], ['move', token]]);
  assert.deepEqual(view.board.state.lastMove, [ctrl.session.current.moveAt(1).at]);
  // The AI is light by default; with `ai: dark` it moves first.
  const dark = await setUp({ mode: 'play', size: 5, ai: 'dark' }, { ai: fakeAi({ held: true }) });
  assert.deepEqual(dark.ai.asked.map((r) => [r.record, r.player]), [['5x5', 'casual']], 'at the default level');
  click(dark.view, 'c3');
  assert.equal(dark.ctrl.record(), '5x5', 'not the reader’s turn');
  const played = new Promise((resolve) => dark.ctrl.on('move', resolve));
  dark.ai.answer();
  assert.equal((await played).token[0], 'B');
  assert.equal(moves(dark.ctrl.record()).length, 1);
});

test('set: a game key makes a new game; a view key keeps the reader’s moves and redraws', async () => {
  const { ctrl, view, heard } = await setUp({ mode: 'two-players', size: 5 });
  click(view, 'c3');
  const board = view.board;
  ctrl.set({ highlight: ['a1'], caption: 'A corner', coordinates: false, hints: true });
  await ctrl.ready;
  assert.equal(ctrl.record(), '5x5 BCc3', 'the moves stay');
  assert.equal(view.board, board, 'the same board');
  assert.deepEqual(board.state.marks, ['a1']);
  assert.equal(board.state.coordinates, false);
  assert.equal(view.parts.caption, 'A corner');
  ctrl.set({ size: 7 });
  await ctrl.ready;
  assert.equal(ctrl.record(), '7x7', 'a new game');
  assert.equal(board.state.size, 7);
  assert.deepEqual(board.state.marks, ['a1'], 'the view keys stay');
  ctrl.set({ highlight: undefined, mode: 'replay', record: '5x5 BCa1 WCb2' });
  await ctrl.ready;
  assert.equal(ctrl.session.status().ply, 0, 'a replay opens at the start');
  assert.deepEqual(view.bar, ['btn.first', 'btn.back', 'btn.forward', 'btn.last']);
  assert.deepEqual(board.state.marks, [], 'back to its default');
  assert.equal(board.state.interactive, true, 'a replay is not played on, but its groups show their attackers');
  click(view, 'c3');
  assert.equal(ctrl.record(), '5x5 BCa1 WCb2', 'nor does a click play');
  assert.equal(heard.length, 1, 'only the first move was told');
});

test('a config that cannot be shown says why; a good one set after it shows its game', async () => {
  const { ctrl, view } = await setUp({ position: 'not a position' });
  assert.equal(ctrl.failed, true);
  assert.equal(view.shownFailed, true);
  assert.equal(view.said.at(-1).tone, 'error');
  assert.equal(ctrl.record(), null);
  assert.equal(view.board, null, 'no board');
  ctrl.set({ position: undefined, size: 5, region: 'a1-e9' });
  await ctrl.ready;
  assert.equal(ctrl.failed, true, 'the region does not fit');
  assert.match(view.said.at(-1).text, /a1-e9/);
  ctrl.set({ region: 'a1-c3' });
  await ctrl.ready;
  assert.equal(ctrl.failed, false);
  assert.equal(view.shownFailed, false);
  assert.deepEqual(view.said.at(-1), { text: '', tone: '' }, 'the message goes');
  assert.equal(ctrl.record(), '5x5');
  assert.deepEqual(view.board.state.region, { c0: 0, r0: 0, c1: 2, r1: 2 });
});

test('a problem tells a wrong move, a hint, the board’s answer and the solution found', async (context) => {
  const { ctrl, view, heard } = await setUp({
    mode: 'problem',
    position: '5/5/5/5/5 b 0',
    pie: false,
    solution: 'BCc3 {centre} (BCa1? {a corner}) WCb2 BCd4',
  });
  context.mock.timers.enable({ apis: ['setTimeout'] });
  assert.deepEqual(view.bar, ['shape.round', 'btn.hint', 'embed.reset']);
  click(view, 'a1');
  assert.equal(ctrl.record(), '5x5', 'taken back');
  assert.deepEqual(heard.at(-1), ['failed', { token: 'BCa1', comment: 'a corner' }]);
  assert.equal(view.said.at(-1).tone, 'error');
  ctrl.showHint();
  assert.deepEqual(heard.at(-1), ['hint', { at: 'c3' }]);
  assert.deepEqual(view.board.state.marks, ['c3'], 'the hint is ringed');
  click(view, 'c3');
  assert.deepEqual(view.board.state.marks, [], 'the ring goes with the position');
  context.mock.timers.tick(ANSWER_MS);
  assert.deepEqual(moves(ctrl.record()), ['BCc3', 'WCb2'], 'the board answered');
  click(view, 'd4');
  const record = ctrl.record();
  assert.deepEqual(heard.map(([event]) => event), ['failed', 'hint', 'move', 'move', 'solved', 'move']);
  assert.deepEqual(heard.at(-2), ['solved', { record }]);
  assert.equal(view.parts.line, '', 'the message says it is solved, the line above nothing more');
  assert.equal(view.said.findLast((m) => m.tone === 'win')?.text.startsWith(t('problem.solved')), true);
  assert.equal(ctrl.readerToMove(), false, 'solved: nothing more to play');
  assert.deepEqual(view.events, heard);
});

test('the end of a game is told with its winner', async () => {
  const line = 'BCa3 WFSa2 BFSa5 WFCd4 BFCa4 WFSb3 WFCa3 WFCa1 BFSa1'.split(' ');
  const { ctrl, heard } = await setUp({ position: 'CScCC/SSsCS/.cscc/Sssss/ssCsC b 28', pie: false });
  for (const token of line) assert.equal(ctrl.session.play(token), true, token);
  assert.equal(heard.length, line.length + 1);
  assert.deepEqual(heard.at(-1), ['end', { winner: 'dark', record: ctrl.record() }]);
  assert.equal(ctrl.session.status().winner, 'dark');
});

test('a listener stops when its function is called', async () => {
  const { ctrl, view } = await setUp({ size: 5 });
  const tokens = [];
  const stop = ctrl.on('move', ({ token }) => tokens.push(token));
  click(view, 'a1');
  stop();
  click(view, 'b2');
  assert.deepEqual(tokens, ['BCa1']);
  assert.equal(view.events.length, 2, 'the page hears every move');
});

test('destroy stops the AI, the board, the view and the events, and a later set does nothing', async () => {
  const ai = fakeAi({ held: true });
  const { ctrl, view, heard } = await setUp({ mode: 'play', size: 5, ai: 'dark' }, { ai });
  assert.equal(ai.asked.length, 1, 'the AI thinks');
  const board = view.board;
  const sets = board.sets.length;
  ctrl.destroy();
  assert.equal(ai.destroyed, true);
  assert.equal(ai.stopped > 0, true);
  assert.equal(board.destroyed, true);
  assert.equal(view.destroyed, true);
  assert.equal(ctrl.session.game, null);
  assert.equal(ctrl.record(), null);
  // The AI's answer comes too late: nothing is played or told.
  ai.answer();
  await new Promise(setImmediate);
  ctrl.set({ size: 7 });
  await ctrl.ready;
  assert.deepEqual(heard, []);
  assert.deepEqual(view.events, []);
  assert.equal(board.sets.length, sets, 'nothing drawn');
  assert.equal(ctrl.record(), null);
});

test('the board’s picture: the position shown, its last move, the hints when asked, the cursor and the words', () => {
  const game = wasm.GameHandle.fromRecord('5x5 BCa1 WCb2', true);
  const st = game.status();
  const options = { t, line: 'Dark to move', hints: false, cursor: 'c3', coordinates: false, interactive: true, animate: null };
  const picture = boardPicture(game, st, options);
  assert.deepEqual(
    { ...picture, cells: [...picture.cells] },
    {
      size: 5,
      cells: [...game.board()],
      lastMove: ['b2'],
      hints: [],
      focus: null,
      ghost: null,
      cursor: 'c3',
      coordinates: false,
      interactive: true,
      label: boardLabel(t, game.board(), 5, 'Dark to move', game.moveAt(1)),
      animate: null,
    },
  );
  assert.match(picture.label, /Dark to move/);
  assert.deepEqual(boardPicture(game, st, { ...options, hints: true }).hints, game.changeableGroups());
  game.free();
});
