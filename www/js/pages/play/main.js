// @ts-check
// The play page: wires the game session (session.js) to the board, the
// view (play/view.js) and the page's parts, each owning its own state —
// the hint, the coach, the review's steps, the analysis board, the stored
// game (play/persist.js) and the keys. Rules are asked of the engine, never
// decided here. The board itself was drawn by first-board.js before this
// module, the engine and the words had loaded.
import { board, settings } from './first-board.js';
import { loadEngine } from '../../engine/engine.js';
import { AiClient } from '../../ai/client.js';
import { otherColor, randomColor } from '../../engine/facts.js';
import { HUMANS, Session, againstAiAs } from '../../game/session.js';
import { loadLanguage, preferredLanguage, setupLanguageSelect, translateDom } from '../../i18n/i18n.js';
import { keeper } from './store.js';
import { fromLink, linkOfText, textOfLink } from '../../game/links.js';
import { attackPicture } from '../../view/attack-picture.js';
import { describeError, nameMove, narrate } from '../../i18n/words.js';
import { BoardView } from '../../view/board-view.js';
import { AnalysisRunner } from '../../ai/analysis-runner.js';
import { listenCandidates } from '../../panels/analysis.js';
import { ReviewRunner, reviewedGame } from '../../ai/review-runner.js';
import { listenGraph } from '../../panels/review.js';
import { registerOffline } from '../../lib/offline.js';
import { VERSION } from '../../lib/build.js';
import { Hint } from './hint.js';
import { Coach } from './coach.js';
import { ReviewSteps } from './review-steps.js';
import { AnalysisBoard } from './analysis-board.js';
import { Explorer } from './explorer.js';
import { listenBookMoves } from '../../panels/explorer.js';
import { Persist } from './persist.js';
import { Archive } from '../../game/archive.js';
import { ArchiveList } from './games.js';
import { listenKeys, pageKeys } from './shortcuts.js';
import { $ } from '../../lib/dom.js';
import { PlayView } from './view.js';
import { Clocks } from './clocks.js';
import { Files } from './files.js';
import { LinkGames } from './link-games.js';
import { NewGameDialog } from './new-game.js';
import { SettingsPanel } from './settings-panel.js';
import { beep } from '../../lib/sound.js';

/**
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../game/session.js').Seats} Seats
 */

const AUTOPLAY_MS = 250;
const REVIEW_SAVE_MS = 1000;
const boardEl = $('board');
const engineLoading = loadEngine();
let i18n = await loadLanguage(preferredLanguage());
const t = /** @type {import('../../i18n/words.js').Translate} */ ((key, params) => i18n.t(key, params));
document.documentElement.lang = i18n.locale;
translateDom(document, t);
const engine = await engineLoading;

// The AI's time a move is the setting's, less when its clock runs low.
const session = new Session({ ai: () => new AiClient(), thinkMs: () => clocks.aiTime(settings.values.thinkMs) });
/** @type {import('./page.js').Page} */
const page = {
  session,
  settings,
  t,
  say: (text, tone) => view.say(text, tone),
  announce: (text) => boardView.announce(text),
  redraw: () => redraw(),
  save: () => persist.save(),
  name: (move) => nameMove(t, typeof move === 'string' ? engine.moveInfo(move) : move),
};
/** A save of the review's judgements waiting, while a review runs. */
let reviewSave = 0;
const review = new ReviewRunner({
  client: () => new AiClient(),
  onChange: () => {
    view.renderReview();
    // A save writes the whole game, so while a review runs its judgements
    // are saved at most once a second; its end is saved at once.
    if (!review.state.running) {
      clearTimeout(reviewSave);
      reviewSave = 0;
      persist.save();
    } else if (!reviewSave) {
      reviewSave = window.setTimeout(() => {
        reviewSave = 0;
        persist.save();
      }, REVIEW_SAVE_MS);
    }
  },
});
// The analysis board's own worker, beside the game AI's; hints and the
// coach ask workers of their own, so none replaces another's request.
const analysis = new AnalysisBoard(
  page,
  new AnalysisRunner({ client: () => new AiClient(), onChange: () => view.renderAnalysis() }),
  () => view.renderAnalysis(),
);
const explorer = new Explorer(page, engine, () => view.renderExplorer());
const hint = new Hint(page, new AiClient(), () => analysis.shown());
const coach = new Coach(page, new AiClient(), () => view.renderCoach());
const steps = new ReviewSteps(page, review);
const archive = new Archive(keeper);
const clocks = new Clocks(page, { box: $('clocks'), beep: () => settings.values.sound && beep() });
// A live game's clocks are its connection's: a reload finds none.
const persist = new Persist({ engine, keeper, archive, review, session, clock: () => (session.remote() ? null : clocks.saved()) });
const boardView = new BoardView({
  board,
  session,
  badge: $('badge'),
  host: $('board-area'),
  announcer: $('announcer'),
  t,
  locale: () => i18n.locale,
  canPlace: (st) => session.humanToMove(st),
  showGroup: () => true,
  shape: () => settings.values.shape,
  say: (text, tone) => view.say(text, tone),
  act: (at, shape) => command(() => session.act(at, shape))(),
  confirm: () => settings.values.confirmTap,
  onSelect: (point) => {
    analysis.showLine(analysis.candidateAt(point));
    view.renderSelection();
  },
});
let autoplay = 0;
const settingsPanel = new SettingsPanel(page);
const newGameDialog = new NewGameDialog(page, { start: newGame, startFriend: (game) => links.create(game) });
const links = new LinkGames(page, { engine, archive, persist, clocks, show: setGame, copyText, command, locale: () => i18n.locale });
const view = new PlayView({
  page,
  board,
  boardView,
  hint,
  coach,
  steps,
  analysis,
  explorer,
  review,
  keeper,
  autoplaying: () => Boolean(autoplay),
  showNode: (id) => command(() => session.jumpToNode(id))(),
  lostActions: { copy: (text) => copyText(text, t('message.textCopied')), close: dismissLost },
  lostWords: () => persist.lostWords(),
  seatName: (seat, marked) => links.seatName(seat, marked),
  friendVerbs: () => links.verbs(),
  renderFriend: () => links.render(),
});
// Before another game becomes the current entry: the review's waiting save
// is written into the game it judged, and the review stops.
archive.on('leave', () => {
  links.leave();
  if (reviewSave) {
    clearTimeout(reviewSave);
    reviewSave = 0;
    persist.save();
  }
  review.cancel();
});
const games = new ArchiveList(page, {
  engine,
  archive,
  persist,
  list: $('archive-list'),
  note: $('archive-note'),
  locale: () => i18n.locale,
  open: (opened) => openGame(opened),
  lost: () => view.renderLost(),
  copyLink: (text) => copyText(linkOfText(location.href.split('#')[0], text), t('message.linkCopied')),
});
const files = new Files(page, { engine, archive, games, show: setGame });

/**
 * A stored game opened: a link game's moves come from its link (resolves
 * once they have).
 * @param {import('./persist.js').Opened} opened
 */
async function openGame(opened) {
  setGame(opened.game, opened.seats, opened.level, opened.clock);
  if (opened.friend) await links.open(opened.friend, opened.level);
}

/**
 * A reader's action: the note under the board is about the one before.
 * @template {unknown[]} A
 * @param {(...args: A) => unknown} action
 * @returns {(...args: A) => void}
 */
function command(action) {
  return (...args) => {
    view.clearMessage();
    action(...args);
  };
}

function redraw() {
  if (session.game) view.update();
}

board.set({
  events: {
    hover: (point, event) => {
      boardView.hover(point, event);
      analysis.showLine(analysis.candidateAt(point));
    },
    click: (point, button, event) => {
      boardEl.focus({ preventScroll: true, focusVisible: false });
      boardView.click(point, button, event);
    },
  },
});
keeper.on('note', () => view.renderLost());

session.on('change', ({ animate }) => {
  const st = session.status();
  // A tap's selection belongs to the position it was made in.
  boardView.selected = null;
  hint.onPosition();
  coach.onPosition(st);
  clocks.onPosition(st);
  steps.onPosition(st);
  analysis.follow();
  explorer.follow();
  view.update(animate);
  // After the view, which writes the review's judgements into the game's tree.
  persist.save();
});
session.on('move', ({ move, status, by }) => {
  view.clearMessage();
  // A move here in a game by link is signed and goes into its next link.
  if (by === 'human' && session.remote()) links.onMove(move);
  // A move of the human's ends the note on the one before; the AI's reply
  // leaves it, since a take-back takes that reply back too.
  if (by === 'human') coach.onHumanMove(status.ply);
  const words = narrate(t, move, status, view.wonLine(status));
  // The turn line shows a win; a skip also gets a note of its own.
  if (status.skipped && !status.winner) view.say(words.slice(1).join(' '));
  boardView.announce(words.join(' '));
});
session.on('refused', ({ error }) => {
  const text = error.kind === 'notYourTurn' ? t('message.notYourTurn') : describeError(t, error);
  view.say(text, 'error');
  boardView.announce(text);
});
session.on('thinking', () => view.renderThinking());
session.on('aiFailed', ({ error }) => {
  view.say(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
  view.renderControls();
});
settings.on('change', (changed) => {
  settingsPanel.sync();
  // A new analysis setting follows (or stops following) the position.
  if ('analysis' in changed && session.game) analysis.follow();
  if ('explorer' in changed && session.game) explorer.follow();
  // Ownership is the analysis board's alone: the pointer's ghost and group stay.
  if (Object.keys(changed).every((k) => k === 'ownership')) view.renderAnalysis();
  else redraw();
  if ('shape' in changed && boardView.cursor) boardView.showCursor();
  if ('shape' in changed && boardView.selected) {
    boardView.showSelected();
    view.renderSelection();
  }
});

window.addEventListener('keydown', (e) => {
  if (e.key === 'Shift') boardView.hover(board.hovered(), e);
});
window.addEventListener('keyup', (e) => {
  if (e.key === 'Shift') boardView.hover(board.hovered(), e);
});

// ---- The game ----

/**
 * Opens the game of the link, else the stored one, else a new one. A link
 * game's link is checked whole first; one refused opens the stored game
 * with the reason, and changes nothing kept.
 */
async function restore() {
  const text = textOfLink(location.hash);
  const hash = location.hash;
  if (text !== null) {
    // Read once: a reload opens the game kept, not the link again.
    history.replaceState(null, '', location.href.split('#')[0]);
    try {
      await links.receive(text, hash);
    } catch (error) {
      // The game shown stays (nothing is written); on arrival, the one kept opens.
      if (!session.game) await openStored();
      view.say(t('friend.refused', { reason: describeError(t, error) }), 'error');
    }
    view.renderLost();
    return;
  }
  const { opened, linkError } = persist.open(fromLink(location.hash), settings.values.level);
  if (opened) await openGame(opened);
  else newGame();
  // After the game is set, which clears the message.
  if (linkError) view.say(t('load.badLink', { reason: describeError(t, /** @type {any} */ (linkError)) }), 'error');
  view.renderLost();
}

/** Opens the current entry's game (a new one if there is none). */
async function openStored() {
  const { opened } = persist.open(null, settings.values.level);
  if (opened) await openGame(opened);
  else newGame();
}

function newGame() {
  const { aiSide, opponent, size, pie, level, timeControl } = settings.values;
  const side = aiSide === 'random' ? randomColor() : aiSide;
  /** @type {Seats} */
  const seats = opponent === 'human' ? HUMANS : opponent === 'watch' ? { first: 'ai', second: 'ai' } : againstAiAs(side);
  // No analysis in a new game against the AI unless the player turns it on.
  if (seats.first === 'ai' || seats.second === 'ai') settings.set('analysis', false);
  archive.begin();
  const game = new engine.GameHandle(size, pie);
  // A clock for a game played here (not for the AI against itself).
  if (timeControl && opponent !== 'watch') game.setTag('TimeControl', timeControl);
  setGame(game, seats, level);
}

/**
 * @param {Game} g
 * @param {Seats} seats
 * @param {string} level
 * @param {unknown} [clock] the clock's times the game's entry kept
 */
function setGame(g, seats, level, clock = null) {
  stopAutoplay();
  clocks.load(g, clock);
  boardView.cursor = null;
  view.clearMessage();
  hint.clear();
  coach.reset();
  session.load(g, seats, level);
}

/** The player here resigns: at one screen the side to move, against the AI the human. */
function resign() {
  $('resign-confirm').hidden = true;
  if (links.resign()) return;
  const st = session.status();
  const loser = session.againstAi() ? (session.seatOf('dark', st) === 'human' ? 'dark' : 'light') : st.toMove;
  session.end(otherColor(loser), 'resign');
}

/** A new game of the same kind with the colours swapped (a link game's with the same friend). */
function rematch() {
  if (links.rematch()) return;
  const { seats, level } = session;
  const { size, pie } = session.status();
  const timeControl = /** @type {[string, string][]} */ (session.current.tags()).find(([key]) => key === 'TimeControl')?.[1];
  archive.begin();
  const game = new engine.GameHandle(size, pie);
  if (timeControl) game.setTag('TimeControl', timeControl);
  setGame(game, { first: seats.second, second: seats.first }, level);
  boardView.announce(t('message.newGame', { size }));
}

/** @param {import('../../panels/lost.js').LostNote} lost */
function dismissLost(lost) {
  if (keeper.close(lost) && !persist.release(lost.key)) settings.resave();
  view.renderLost();
}

/** Random moves for both sides, in a game at one screen only (never for a player facing the AI). */
function toggleAutoplay() {
  if (autoplay) {
    stopAutoplay();
  } else if (!session.againstAi()) {
    autoplay = window.setInterval(() => {
      if (session.status().winner || !session.playRandom()) stopAutoplay();
    }, AUTOPLAY_MS);
  }
  view.renderControls();
}

function stopAutoplay() {
  if (!autoplay) return;
  clearInterval(autoplay);
  autoplay = 0;
  view.renderControls();
}

/**
 * @param {string} text
 * @param {string} done
 */
function copyText(text, done) {
  files.copy(text, done);
}

// ---- Language ----

/** @param {string} lang */
async function applyLanguage(lang) {
  i18n = await loadLanguage(lang);
  document.documentElement.lang = i18n.locale;
  document.title = t('app.title');
  translateDom(document, t);
  $('attack-picture').replaceChildren(attackPicture(t, engine.attacks));
  view.renderLost();
  games.render();
  newGameDialog.translate();
  settingsPanel.translate();
  links.translate();
  clocks.tick();
  redraw();
}

// ---- Wiring ----

function setupControls() {
  setupLanguageSelect($('opt-lang'), i18n.lang, applyLanguage);

  newGameDialog.listen();

  const jump = command((/** @type {number} */ ply) => session.jump(ply));
  const forward = command(() => session.redo());
  const undo = command(() => {
    if (session.undo()) boardView.announce(t('message.undone'));
  });
  const setShape = (/** @type {'round' | 'square'} */ shape) => settings.set('shape', shape);
  const step = command((/** @type {1 | -1} */ dir) => steps.step(dir));

  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', forward);
  $('btn-swap').addEventListener('click', command(() => session.play('swap')));
  $('btn-random').addEventListener('click', command(() => session.playRandom()));
  $('btn-play').addEventListener('click', command(() => boardView.play()));
  $('btn-autoplay').addEventListener('click', toggleAutoplay);
  $('btn-stop').addEventListener('click', () => {
    session.pause();
    view.renderControls();
  });
  $('btn-move-now').addEventListener('click', () => session.moveNow());
  $('btn-resume').addEventListener('click', () => session.resume());
  $('nav-first').addEventListener('click', () => jump(0));
  $('nav-back').addEventListener('click', () => jump(session.status().ply - 1));
  $('nav-forward').addEventListener('click', forward);
  $('nav-last').addEventListener('click', () => jump(session.status().moves));
  $('btn-promote').addEventListener('click', () => {
    const { current } = session.current.tree();
    if (current !== null && session.promote(current)) boardView.announce(t('message.promoted'));
  });
  $('btn-delete-move').addEventListener('click', () => {
    const { current } = session.current.tree();
    if (current !== null && session.deleteMove(current)) boardView.announce(t('message.deleted'));
  });
  for (const shape of /** @type {const} */ (['round', 'square'])) {
    $(`shape-${shape}`).addEventListener('click', () => setShape(shape));
  }

  $('btn-analysis').addEventListener('click', () => analysis.toggle());
  $('btn-explorer').addEventListener('click', () => explorer.toggle());
  listenBookMoves(/** @type {HTMLOListElement} */ ($('explorer-moves')), {
    show: (token) => {
      explorer.pointed = token;
      view.renderAnalysis();
    },
    play: command((/** @type {string} */ move) => session.play(move)),
  });
  $('btn-hint').addEventListener('click', () => hint.ask());
  $('btn-review').addEventListener('click', () => review.start(reviewedGame(session.current)));
  $('btn-review-cancel').addEventListener('click', () => review.cancel());
  $('btn-prev-mistake').addEventListener('click', () => step(-1));
  $('btn-next-mistake').addEventListener('click', () => step(1));
  listenGraph($('review-graph'), () => session.current.moves().length, jump);
  $('btn-take-back').addEventListener('click', () => coach.takeBack());
  $('btn-keep').addEventListener('click', () => {
    coach.hide();
    view.renderCoach();
  });
  $('opt-ownership').addEventListener('change', () => analysis.toggleOwnership());
  listenCandidates($('candidate-list'), {
    show: (move) => analysis.showLine(move),
    play: command((/** @type {string} */ move) => session.play(move)),
    confirm: () => settings.values.confirmTap,
  });

  files.listen();
  $('btn-resign').addEventListener('click', () => {
    $('resign-confirm').hidden = false;
    $('btn-resign-no').focus();
  });
  $('btn-resign-yes').addEventListener('click', command(resign));
  $('btn-resign-no').addEventListener('click', () => {
    $('resign-confirm').hidden = true;
    $('btn-resign').focus();
  });
  $('btn-rematch').addEventListener('click', command(rematch));
  links.listen();
  for (const face of document.querySelectorAll('#clocks .clock')) face.addEventListener('click', () => clocks.toggle());

  settingsPanel.listen();

  listenKeys(
    boardEl,
    boardView,
    pageKeys(
      {
        jump,
        forward,
        undo,
        redo: forward,
        setShape,
        toggleHints: () => settings.set('hints', !settings.values.hints),
        help: () => {
          $('help').open = true;
        },
        toggleAnalysis: () => analysis.toggle(),
        toggleExplorer: () => explorer.toggle(),
        step,
        toggleOwnership: () => analysis.toggleOwnership(),
        evaluation: () => boardView.announce(analysis.words()),
      },
      session,
      () => settings.values.shape,
    ),
    document,
  );
  window.addEventListener('hashchange', () => {
    if (fromLink(location.hash) || textOfLink(location.hash) !== null) restore();
  });
}

setupControls();
await applyLanguage(i18n.lang);
await restore();
registerOffline(() => view.say(t('offline.updated')));
document.documentElement.classList.add('ready');
// For the end-to-end tests and the curious: the game's state, read-only.
Object.assign(window, {
  federa: {
    build: VERSION,
    record: () => session.current.record(),
    annotated: () => session.current.annotated(),
    status: () => session.status(),
    position: () => session.current.position(),
    legalMoves: () => session.current.legalMoves(),
    /** Where a point is on screen, in client coordinates. @param {string} name */
    pointPixel(name) {
      const at = board.pointPixel(name);
      const rect = board.canvas.getBoundingClientRect();
      return at && { x: rect.left + at.x, y: rect.top + at.y };
    },
    animating: () => board.animating(),
    /** The games kept, the one last saved first. */
    games: () => archive.list(),
    /** The link game shown: its facts and link, or null. */
    friend: () => links.shown(),
    /** The review's judgements of the moves, and the marked move shown. */
    review: () => ({ results: steps.results(), state: review.state, mistakeAt: steps.at }),
    /** The coach's last judgement. */
    judged: () => coach.last,
    /** The hint shown on the board, and the point a tap selected. */
    hint: () => hint.mark(),
    selected: () => boardView.selected,
    /** The analysis board: what it shows now. */
    analysis: () => ({
      on: settings.values.analysis,
      done: analysis.runner.shown.done,
      error: analysis.runner.shown.error,
      analysis: analysis.runner.shown.analysis,
      line: analysis.lineOf,
      underlays: settings.values.analysis && settings.values.ownership && analysis.runner.shown.analysis !== null,
    }),
    /** The opening explorer: what it shows now. */
    explorer: () => explorer.shown(),
  },
});
