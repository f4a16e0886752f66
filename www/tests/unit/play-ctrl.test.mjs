// Unit tests of the play page's controller (js/pages/play/ctrl.js) under
// Node: the real engine and parts, memory storage, a fake board, a fake AI
// that answers when the test says, and a fake view that records what it is
// asked to draw and fails if the state it reads changes while it draws.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from './memory.mjs';

import { engine } from './glue.mjs';

const wasm = await engine();
// The clocks (play/clocks.js) time their ticks with window's timers.
globalThis.window ??= globalThis;
const { PlayCtrl } = await import('../../js/pages/play/ctrl.js');
const { DEFAULTS, SettingsStore } = await import('../../js/game/settings.js');
const { Keeper } = await import('../../js/lib/store.js');
const { HUMANS, againstAiAs } = await import('../../js/game/session.js');
const { linkOf, toLink } = await import('../../js/game/links.js');

/** Lets the promise callbacks run. */
const settle = () => new Promise(setImmediate);

/** Words as their key and facts, so a test reads what was said. */
const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

/** An element that takes whatever is drawn into it (the clocks' box, the board view's). */
function element() {
  return {
    hidden: false,
    textContent: '',
    title: '',
    classList: { toggle() {} },
    setAttribute() {},
    removeAttribute() {},
    querySelector: () => element(),
  };
}

/** An AI client whose requests wait until the test answers them. */
function fakeAi() {
  const asks = [];
  const ask = (type) => (request) => new Promise((resolve, reject) => asks.push({ type, request, resolve, reject }));
  return { asks, think: ask('think'), analyse: ask('analyse'), judge: ask('judge'), stop() {}, destroy() {}, busy: false };
}

/**
 * What the game shows and keeps: its annotated record, its line and the
 * ply shown.
 */
const snapshot = (ctrl) => {
  const game = ctrl.session.current;
  return JSON.stringify([game.annotated(), game.record(), game.tags(), ctrl.session.status().ply]);
};

/** Reads all the play view reads of the ctrl and its parts. */
function readAll(ctrl) {
  const { session } = ctrl;
  const game = session.current;
  const st = session.status();
  ctrl.turnLine(st);
  ctrl.playerName('dark', st, true);
  ctrl.playerName('light', st, true);
  game.board();
  game.lastMovePoints();
  game.changeableGroups();
  game.redoable();
  game.tree();
  session.humanToMove(st);
  session.aiWaiting(st);
  session.aiPlaysItself();
  const results = ctrl.steps.results();
  ctrl.steps.words(results);
  ctrl.steps.can(1, results);
  ctrl.steps.can(-1, results);
  ctrl.steps.shown(results);
  ctrl.coach.words();
  ctrl.coach.status();
  ctrl.analysis.shown();
  ctrl.explorer.shown();
  ctrl.explorer.pointedMove();
  ctrl.hint.mark();
  ctrl.links.verbs();
  ctrl.persist.lostWords();
  ctrl.archive.list();
}

/**
 * A view that records each draw (its name and arguments) and reads what
 * the page's view reads, failing if that read changed the game.
 */
function fakeView() {
  const drawn = [];
  const announced = [];
  let ctrl = null;
  /** A draw: it reads the state and must leave the game as it was. */
  const draw = (name, read = readAll) => (...args) => {
    drawn.push([name, ...args]);
    if (!ctrl.session.game) return;
    const before = snapshot(ctrl);
    read(ctrl);
    assert.equal(snapshot(ctrl), before, `${name} changed the game`);
  };
  const make = (c) => {
    ctrl = c;
    return {
      redraw: draw('redraw'),
      drawAnalysis: draw('analysis'),
      drawThinking: draw('thinking'),
      drawReview: draw('review'),
      drawCoach: draw('coach'),
      drawSelection: draw('selection'),
      drawMessage: draw('message', () => {}),
      drawLost: draw('lost', () => {}),
      drawGames: draw('games', () => {}),
      announce: (text) => announced.push(text),
      translate: draw('translate', () => {}),
    };
  };
  /** How many times `name` was drawn. */
  const count = (name) => drawn.filter(([n]) => n === name).length;
  return { make, drawn, announced, count };
}

/**
 * A ctrl over memory storage (`storage`, else a fresh one) with the
 * settings given, a fake board, AI and view.
 */
function ctrlOf({ settings = {}, storage = memory(), hash = '' } = {}) {
  const view = fakeView();
  const ai = fakeAi();
  const keeper = new Keeper(storage);
  const address = { hash: () => hash, forget: () => (hash = ''), base: () => 'https://federa.example/' };
  const ctrl = new PlayCtrl({
    engine: wasm,
    settings: new SettingsStore({ ...DEFAULTS, ...settings }, () => {}),
    keeper,
    board: { set() {} },
    i18n: { lang: 'en', locale: 'en', dir: 'ltr', t },
    view: view.make,
    ai: () => ai,
    elements: { badge: element(), host: element(), announcer: element(), clocks: element() },
    address,
    beep() {},
  });
  return { ctrl, view, ai, keeper, storage, address };
}

/** The stored entry of the current game. */
const storedEntry = ({ ctrl, storage }) => JSON.parse(storage.getItem(ctrl.archive.key(ctrl.archive.current)));

test('a new game takes the settings’ choices, in a new entry, drawn and kept', () => {
  const built = ctrlOf({ settings: { opponent: 'human', size: 7, pie: false } });
  const { ctrl, view } = built;
  assert.equal(ctrl.session.game, null);
  ctrl.newGame();
  const st = ctrl.session.status();
  assert.deepEqual([st.size, st.pie, st.ply], [7, false, 0]);
  assert.deepEqual(ctrl.session.seats, HUMANS);
  assert.equal(view.count('redraw'), 1);
  assert.equal(ctrl.archive.list().length, 1);
  assert.equal(storedEntry(built).record, ctrl.session.current.annotated());
  // The list of games is drawn as its archive changes.
  assert.ok(view.count('games') > 0);
  const first = ctrl.archive.current;
  ctrl.session.act('a1', 'round');
  ctrl.newGame();
  assert.notEqual(ctrl.archive.current, first);
  assert.deepEqual(ctrl.archive.list().map((s) => s.moves).sort(), [0, 1]);
});

test('a game against the AI turns the analysis off; the AI against itself gets no clock, and the session says it plays itself', () => {
  const { ctrl, ai } = ctrlOf({ settings: { opponent: 'ai', aiSide: 'dark', analysis: true, timeControl: '300+3', size: 9 } });
  ctrl.newGame();
  assert.equal(ctrl.settings.values.analysis, false);
  assert.deepEqual(ctrl.session.seats, againstAiAs('dark'));
  assert.equal(ctrl.session.aiPlaysItself(), false);
  assert.equal(ai.asks.at(-1).type, 'think');
  assert.deepEqual(ctrl.session.current.tags().find(([k]) => k === 'TimeControl'), ['TimeControl', '300+3']);

  ctrl.settings.set('opponent', 'watch');
  ctrl.newGame();
  assert.deepEqual(ctrl.session.seats, { first: 'ai', second: 'ai' });
  assert.equal(ctrl.session.aiPlaysItself(), true);
  assert.equal(ctrl.session.current.tags().find(([k]) => k === 'TimeControl'), undefined);
});

test('a rematch swaps the seats and keeps the size, the level and the time control, in a new entry', () => {
  const { ctrl, view, ai } = ctrlOf({ settings: { opponent: 'ai', aiSide: 'light', level: 'novice', timeControl: '300+3', size: 9 } });
  ctrl.newGame();
  assert.deepEqual(ctrl.session.seats, { first: 'human', second: 'ai' });
  const first = ctrl.archive.current;
  ctrl.session.act('e5', 'round');
  ctrl.rematch();
  assert.deepEqual(ctrl.session.seats, { first: 'ai', second: 'human' });
  assert.equal(ctrl.session.level, 'novice');
  const st = ctrl.session.status();
  assert.deepEqual([st.size, st.ply], [9, 0]);
  assert.deepEqual(ctrl.session.current.tags().find(([k]) => k === 'TimeControl'), ['TimeControl', '300+3']);
  assert.ok(ctrl.clocks.clock);
  assert.notEqual(ctrl.archive.current, first);
  assert.equal(view.announced.at(-1), t('message.newGame', { size: 9 }));
  // The AI plays first now.
  const { request } = ai.asks.at(-1);
  assert.deepEqual([request.record, request.player], ['[TimeControl "300+3"]\n9x9', 'novice']);
  // A game without a clock has a rematch without one.
  ctrl.settings.merge({ opponent: 'human', timeControl: '' });
  ctrl.newGame();
  ctrl.rematch();
  assert.equal(ctrl.session.current.tags().find(([k]) => k === 'TimeControl'), undefined);
  assert.equal(ctrl.clocks.clock, null);
});

test('resigning at one screen ends the game for the side to move; against the AI, for the human', () => {
  const built = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  const { ctrl, view } = built;
  ctrl.newGame();
  ctrl.session.act('a1', 'round');
  assert.equal(ctrl.session.status().toMove, 'light');
  const redraws = view.count('redraw');
  ctrl.resign();
  assert.deepEqual(ctrl.session.ended, { winner: 'dark', how: 'resign' });
  assert.deepEqual(ctrl.session.current.tags().filter(([k]) => k === 'Result' || k === 'Termination'), [['Result', 'B'], ['Termination', 'resign']]);
  assert.equal(view.count('redraw'), redraws + 1);
  assert.equal(storedEntry(built).result, 'B');
  assert.equal(ctrl.wonLine(ctrl.session.status()), t('status.wonResign', { color: 'color.dark', player: 'seat.first', loser: 'color.light' }));

  // The AI (Dark) is to move, and still the human (Light) is the one who resigns.
  const against = ctrlOf({ settings: { opponent: 'ai', aiSide: 'dark', size: 5 } }).ctrl;
  against.newGame();
  assert.equal(against.session.status().toMove, 'dark');
  against.resign();
  assert.deepEqual(against.session.ended, { winner: 'dark', how: 'resign' });
});

test('a game over is not resigned after the fact: the engine refuses, the page says why, and nothing changes', () => {
  const built = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  const { ctrl } = built;
  ctrl.newGame();
  ctrl.session.act('a1', 'round');
  ctrl.resign();
  const refusals = [];
  ctrl.session.on('refused', ({ error }) => refusals.push(error));
  const before = snapshot(ctrl);
  // Stepped back to Light's turn, the resignation stands: the record has ended.
  ctrl.session.current.jump(0);
  ctrl.resign();
  assert.deepEqual(
    refusals.map(({ kind, problem, color, how }) => ({ kind, problem, color, how })),
    [{ kind: 'end', problem: 'ended', color: 'dark', how: 'resign' }],
  );
  assert.equal(ctrl.message?.tone, 'error');
  assert.match(ctrl.message?.text ?? '', /^error\.end\.ended \{.*"color":"color\.dark"/);
  ctrl.session.current.jump(1);
  assert.equal(snapshot(ctrl), before);
  assert.deepEqual(ctrl.session.ended, { winner: 'dark', how: 'resign' });
  assert.equal(storedEntry(built).result, 'B');
});

test('a change is drawn once, animated from its point, after the parts heard it; a setting is drawn too', () => {
  const { ctrl, view } = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  ctrl.newGame();
  ctrl.boardView.selected = 'c3';
  const before = view.drawn.length;
  ctrl.session.act('b2', 'square');
  const after = view.drawn.slice(before).filter(([name]) => name === 'redraw');
  assert.deepEqual(after, [['redraw', { origin: 'b2' }]]);
  // A tap's selection belongs to the position it was made in.
  assert.equal(ctrl.boardView.selected, null);
  /** The draws since the last look, but the list of games (drawn as each change is kept). */
  const seen = view.drawn.length;
  const since = () => view.drawn.splice(seen).filter(([name]) => name !== 'games');
  ctrl.session.undo();
  assert.deepEqual(since(), [['redraw', null]]);

  ctrl.settings.set('hints', true);
  assert.deepEqual(since(), [['redraw', null]]);
  // Ownership is the analysis board's alone.
  ctrl.settings.set('ownership', true);
  assert.deepEqual(since(), [['analysis']]);
  // A note said is drawn alone, and the reader's next action takes it away.
  ctrl.say('hello');
  assert.deepEqual(since(), [['message']]);
  assert.deepEqual(ctrl.message, { text: 'hello', tone: 'info' });
  ctrl.command(() => ctrl.session.act('c3', 'round'))();
  assert.equal(ctrl.message, null);
});

test('the review’s judgements are written into the tree once a change, by the ctrl, before the review is drawn, and kept at its end', async () => {
  const built = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  const { ctrl, view, ai } = built;
  ctrl.newGame();
  ctrl.session.act('a1', 'round');
  ctrl.session.act('b2', 'round');
  const game = ctrl.session.current;
  const written = [];
  const annotate = game.annotate.bind(game);
  game.annotate = (ply, ...rest) => {
    written.push(ply);
    return annotate(ply, ...rest);
  };
  // What each draw of the review finds written since the one before, and the tree's glyphs then.
  const atDraws = [];
  const drawReview = ctrl.view.drawReview;
  ctrl.view.drawReview = () => {
    atDraws.push([written.splice(0), game.tree().rows.map((r) => r.glyphName ?? '')]);
    drawReview();
  };
  ctrl.startReview();
  assert.deepEqual(atDraws, [[[], ['', '']]]);
  const judgement = (ply, played, cls, best) => ({
    ply, played, player: ply % 2 ? 'dark' : 'light', before: 0.6, after: cls === 'fine' ? 0.6 : 0.3, dark: 0.4, class: cls, accuracy: 50,
    best: [{ token: best, kind: 'place', color: ply % 2 ? 'dark' : 'light', at: best.slice(2), piece: 'darkRound' }],
  });
  ai.asks.find((a) => a.type === 'judge' && a.request.ply === 1).resolve(judgement(1, 'BCa1', 'mistake', 'BCc3'));
  await settle();
  ai.asks.find((a) => a.type === 'judge' && a.request.ply === 2).resolve(judgement(2, 'WCb2', 'fine', 'WCb2'));
  await settle();
  assert.equal(ctrl.review.state.running, false);
  // Started, judged the first, judged the second, finished: each judgement known is written once a change.
  assert.deepEqual(atDraws.map(([plies]) => plies), [[], [1], [1, 2], [1, 2]]);
  assert.equal(atDraws[1][1][0], 'mistake');
  // Drawing again writes nothing.
  ctrl.redraw();
  ctrl.view.drawReview();
  assert.deepEqual(written, []);
  // Its end is kept at once: the judgements and the record with them.
  const entry = storedEntry(built);
  assert.deepEqual(entry.review.map((r) => r?.class ?? null), ['mistake', 'fine']);
  assert.equal(entry.record, game.annotated());
  assert.match(entry.record, /\[%eval/);
  assert.ok(view.count('review') >= 4);
});

test('another game opened while a review runs: its waiting save is written into the game it judged, and the review stops', async () => {
  const built = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  const { ctrl, ai, storage } = built;
  ctrl.newGame();
  ctrl.session.act('a1', 'round');
  ctrl.session.act('b2', 'round');
  const judged = ctrl.archive.current;
  ctrl.startReview();
  ai.asks.find((a) => a.type === 'judge').resolve({
    ply: 1, played: 'BCa1', player: 'dark', before: 0.5, after: 0.5, dark: 0.5, class: 'fine', accuracy: 90,
    best: [{ token: 'BCa1', kind: 'place', color: 'dark', at: 'a1', piece: 'darkRound' }],
  });
  await settle();
  assert.equal(ctrl.review.state.running, true);
  // A save waits (at most one a second while the review runs).
  assert.notEqual(ctrl.reviewSave, 0);
  assert.equal(JSON.parse(storage.getItem(ctrl.archive.key(judged))).review[0], null);
  ctrl.newGame();
  assert.equal(ctrl.reviewSave, 0);
  assert.equal(ctrl.review.state.running, false);
  assert.equal(JSON.parse(storage.getItem(ctrl.archive.key(judged))).review[0].class, 'fine');
  assert.notEqual(ctrl.archive.current, judged);
});

test('the page opens the address’s game, else the stored one, else a new one', async () => {
  const storage = memory();
  const first = ctrlOf({ storage, settings: { opponent: 'human', size: 5 } });
  await first.ctrl.restore();
  assert.equal(first.ctrl.session.status().size, 5);
  first.ctrl.session.act('a1', 'round');
  first.ctrl.session.act('b2', 'round');
  first.ctrl.session.jump(1);

  const again = ctrlOf({ storage: memory(Object.fromEntries(storage.map)) });
  await again.ctrl.restore();
  assert.equal(again.ctrl.session.current.mainRecord(), '5x5 BCa1 WCb2');
  assert.equal(again.ctrl.session.status().ply, 1);
  assert.equal(again.ctrl.archive.current, first.ctrl.archive.current);

  const linked = wasm.GameHandle.fromRecord('7x7 BCd4', true);
  const hash = toLink('https://federa.example/', linkOf(wasm, linked)).split('#')[1];
  linked.free();
  const byLink = ctrlOf({ storage: memory(Object.fromEntries(storage.map)), hash: '#' + hash });
  await byLink.ctrl.restore();
  assert.equal(byLink.ctrl.session.current.mainRecord(), '7x7 BCd4');
  assert.equal(byLink.ctrl.archive.list().length, 2);

  const bad = ctrlOf({ storage: memory(Object.fromEntries(storage.map)), hash: '#r=nonsense' });
  await bad.ctrl.restore();
  assert.equal(bad.ctrl.session.current.mainRecord(), '5x5 BCa1 WCb2');
  assert.equal(bad.ctrl.message?.tone, 'error');
  assert.match(bad.ctrl.message?.text ?? '', /^load\.badLink/);
});

test('a note on storage is drawn when the keeper adds one, and closed through the ctrl', () => {
  const { ctrl, view, keeper } = ctrlOf({ storage: memory({}, { room: 'none' }), settings: { opponent: 'human', size: 5 } });
  ctrl.newGame();
  assert.equal(keeper.losses.length, 1);
  assert.ok(view.count('lost') >= 1);
  const drawn = view.count('lost');
  ctrl.closeNote(keeper.losses[0]);
  assert.equal(keeper.losses.length, 0);
  assert.equal(view.count('lost'), drawn + 1);
});

test('autoplay is for a game at one screen only, and another game stops it', () => {
  const { ctrl } = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  ctrl.newGame();
  ctrl.toggleAutoplay();
  assert.ok(ctrl.autoplay);
  ctrl.newGame();
  assert.equal(ctrl.autoplay, 0);
  ctrl.settings.set('opponent', 'ai');
  ctrl.newGame();
  ctrl.toggleAutoplay();
  assert.equal(ctrl.autoplay, 0);
});

test('another language: the view translates the page and draws it again', async () => {
  const { ctrl, view } = ctrlOf({ settings: { opponent: 'human', size: 5 } });
  ctrl.newGame();
  const redraws = view.count('redraw');
  await ctrl.setLanguage('ru');
  assert.equal(ctrl.i18n.lang, 'ru');
  assert.equal(ctrl.t('color.dark'), 'Тёмные');
  assert.equal(view.count('translate'), 1);
  assert.equal(view.count('redraw'), redraws + 1);
});

/**
 * A page for the view to draw into, with no browser: every element,
 * canvas and style is one object that takes whatever is written and reads
 * as nothing.
 */
function blankPage() {
  const blank = new Proxy(function () {}, {
    get: (_, key) => {
      if (key === Symbol.toPrimitive) return () => 0;
      if (key === Symbol.iterator) return function* () {};
      // Not a promise.
      if (key === 'then') return undefined;
      return blank;
    },
    set: () => true,
    apply: () => blank,
    construct: () => blank,
  });
  const globals = { document: blank, getComputedStyle: () => blank, ResizeObserver: blank, Path2D: blank, requestAnimationFrame: () => 0 };
  const before = Object.fromEntries(Object.keys(globals).map((k) => [k, globalThis[k]]));
  Object.assign(globalThis, globals);
  return () => Object.assign(globalThis, before);
}

test('the page’s view draws without writing into the game', async () => {
  const { PlayView } = await import('../../js/pages/play/view.js');
  const restore = blankPage();
  try {
    const ai = fakeAi();
    const ctrl = new PlayCtrl({
      engine: wasm,
      settings: new SettingsStore({ ...DEFAULTS, opponent: 'human', size: 5, analysis: true, explorer: true, hints: true }, () => {}),
      keeper: new Keeper(memory()),
      board: { set() {} },
      i18n: { lang: 'en', locale: 'en', dir: 'ltr', t },
      view: (c) => new PlayView(c),
      ai: () => ai,
      elements: { badge: element(), host: element(), announcer: element(), clocks: element() },
      address: { hash: () => '', forget() {}, base: () => '' },
      beep() {},
    });
    ctrl.newGame();
    ctrl.session.act('a1', 'round');
    ctrl.session.act('b2', 'round');
    ctrl.startReview();
    ai.asks.find((a) => a.type === 'judge').resolve({
      ply: 1, played: 'BCa1', player: 'dark', before: 0.6, after: 0.3, dark: 0.3, class: 'blunder', accuracy: 20,
      best: [{ token: 'BCc3', kind: 'place', color: 'dark', at: 'c3', piece: 'darkRound' }],
    });
    await settle();
    ctrl.review.cancel();
    const game = ctrl.session.current;
    let writes = 0;
    for (const name of ['annotate', 'setTag', 'play', 'jump', 'goTo', 'undo', 'endLine', 'truncate']) {
      const method = game[name].bind(game);
      game[name] = (...args) => {
        writes++;
        return method(...args);
      };
    }
    const before = snapshot(ctrl);
    ctrl.view.redraw({ origin: 'b2' });
    for (const draw of ['drawAnalysis', 'drawThinking', 'drawReview', 'drawCoach', 'drawSelection', 'drawMessage', 'drawLost', 'drawGames']) ctrl.view[draw]();
    assert.equal(writes, 0);
    assert.equal(snapshot(ctrl), before);
    // The judgement is in the tree, written there by the ctrl.
    assert.equal(game.tree().rows[0].glyphName, 'blunder');
  } finally {
    restore();
  }
});
