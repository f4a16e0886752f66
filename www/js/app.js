// @ts-check
// The play page: wires the game session (session.js) to the board, the
// view (play/view.js) and the page's parts, each owning its own state —
// the hint, the coach, the review's steps, the analysis board, the stored
// game (play/persist.js) and the keys. Rules are asked of the engine, never
// decided here. The board itself was drawn by first-board.js before this
// module, the engine and the words had loaded.
import { board, settings } from './first-board.js';
import { loadEngine } from './engine.js';
import { AiClient } from './ai.js';
import { DAYS, LEVELS } from './facts.js';
import { HUMANS, Session, againstAiAs } from './session.js';
import { NAME_LENGTH, SIZES, STUN } from './settings.js';
import { loadLanguage, preferredLanguage, setupLanguageSelect, translateDom } from './i18n.js';
import { keeper } from './page-store.js';
import { LIVE, fromLink, hashParam, linkOf, linkOfText, textOfLink, toLink } from './links.js';
import { attackPicture } from './attack-picture.js';
import { describeError, nameMove, narrate } from './words.js';
import { BoardView } from './board-view.js';
import { saveFile } from './save-file.js';
import { AnalysisRunner } from './analysis.js';
import { listenCandidates } from './panels/analysis.js';
import { ReviewRunner, reviewedGame } from './review.js';
import { listenGraph } from './panels/review.js';
import { registerOffline } from './offline.js';
import { VERSION } from './build.js';
import { Hint } from './play/hint.js';
import { Coach } from './play/coach.js';
import { ReviewSteps } from './play/review-steps.js';
import { AnalysisBoard } from './play/analysis-board.js';
import { Persist } from './play/persist.js';
import { Archive } from './archive.js';
import { ArchiveList } from './play/archive.js';
import { listenKeys, pageKeys } from './play/keys.js';
import { $, PlayView } from './play/view.js';
import { Clocks } from './play/clock.js';
import { CLOCKS } from './clock.js';
import { clockName } from './panels/clock.js';
import { beep } from './sound.js';

/**
 * @typedef {import('./types.js').Game} Game
 * @typedef {import('./session.js').Seats} Seats
 */

const AUTOPLAY_MS = 250;
const REVIEW_SAVE_MS = 1000;
const boardEl = $('board');
const engineLoading = loadEngine();
let i18n = await loadLanguage(preferredLanguage());
const t = /** @type {import('./words.js').Translate} */ ((key, params) => i18n.t(key, params));
document.documentElement.lang = i18n.locale;
translateDom(document, t);
const engine = await engineLoading;

const session = new Session({ ai: () => new AiClient() });
/** @type {import('./play/page.js').Page} */
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
const hint = new Hint(page, new AiClient(), () => analysis.shown());
const coach = new Coach(page, new AiClient(), () => view.renderCoach());
const steps = new ReviewSteps(page, review);
const archive = new Archive(keeper);
const persist = new Persist({ engine, keeper, archive, review, session });
const clocks = new Clocks(page, { box: $('clocks'), beep: () => settings.values.sound && beep() });
// A live game's clocks are its connection's: a reload finds none.
persist.clock = () => (session.remote() ? null : clocks.saved());
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
/** The part for games by link with a friend (play/friend.js), loaded when one is first opened or begun. @type {import('./play/friend.js').Friends | null} */
let friends = null;
/** @type {Promise<import('./play/friend.js').Friends> | null} */
let friendsLoading = null;
/** A link game played over a direct connection (play/live.js), loaded with the link games' part. @type {import('./play/live.js').Live | null} */
let live = null;
/** A live invitation opened before its game was joined, the entry id of its game and its clocks (`[TimeControl]`, null for none): answered once it is joined. @type {{ id: string, offer: string, clock: string | null } | null} */
let pendingOffer = null;
/** Whether the link's QR code is shown. */
let qrShown = false;
const view = new PlayView({
  page,
  board,
  boardView,
  hint,
  coach,
  steps,
  analysis,
  review,
  keeper,
  autoplaying: () => Boolean(autoplay),
  showNode: (id) => command(() => session.jumpToNode(id))(),
  lostActions: { copy: (text) => copyText(text, t('message.textCopied')), close: dismissLost },
  lostWords: () => persist.lostWords(),
  seatName: (seat, marked) => friends?.seatName(seat, marked) ?? null,
  friendVerbs: () => (friends?.held ? friends.verbs() : null),
  renderFriend: () => renderFriend(),
});
// Before another game becomes the current entry: the review's waiting save
// is written into the game it judged, and the review stops.
archive.onLeave = () => {
  persist.friend = null;
  friends?.clear();
  qrShown = false;
  if (reviewSave) {
    clearTimeout(reviewSave);
    reviewSave = 0;
    persist.save();
  }
  review.cancel();
};
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

/** The part for link games, loaded at its first use. */
function loadFriends() {
  friendsLoading ??= Promise.all([import('./play/friend.js'), import('./play/live.js')]).then(([{ Friends }, { Live }]) => {
    const address = () => location.href.split('#')[0];
    friends = new Friends(page, {
      engine,
      archive,
      persist,
      // A live game's clocks go on as its game is made anew.
      open: (game, seats) => setGame(game, seats, settings.values.level, live?.clockOf(game) ?? null),
      address,
    });
    live = new Live(page, { friends, clocks, address, stun: () => settings.values.stun });
    return friends;
  });
  return friendsLoading;
}

/**
 * A stored game opened: a link game's moves come from its link (resolves
 * once they have).
 * @param {import('./play/persist.js').Opened} opened
 */
async function openGame(opened) {
  setGame(opened.game, opened.seats, opened.level, opened.clock);
  if (!opened.friend) return;
  const stored = opened.friend;
  await loadFriends().then((f) => {
    // Unless another game was opened meanwhile.
    if (persist.friend !== stored) return;
    const adopted = f.adopt(stored);
    if (adopted) setGame(adopted.game, adopted.seats, opened.level);
  });
}

/** The link game's panel, drawn by its part once loaded. */
function renderFriend() {
  if (friends?.held) {
    friends.render({ locale: i18n.locale, qr: qrShown, canShare: typeof navigator.share === 'function' });
    live?.render();
    // A live invitation of this game, opened by one of its players: answered at once.
    if (pendingOffer && live && friends.held.facts.id === pendingOffer.id && friends.held.facts.me !== null) {
      const { offer, clock } = pendingOffer;
      pendingOffer = null;
      live.answer(offer, clock);
    }
  } else {
    $('friend').hidden = true;
    // Another game than a link game is played here: no connection plays it.
    live?.close();
    pendingOffer = null;
  }
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
keeper.onNote = () => view.renderLost();

session.on('change', ({ animate }) => {
  const st = session.status();
  // A tap's selection belongs to the position it was made in.
  boardView.selected = null;
  hint.onPosition();
  coach.onPosition(st);
  clocks.onPosition(st);
  steps.onPosition(st);
  analysis.follow();
  view.update(animate);
  // After the view, which writes the review's judgements into the game's tree.
  persist.save();
});
session.on('move', ({ move, status, by }) => {
  view.clearMessage();
  // A move here in a game by link is signed and goes into its next link.
  if (by === 'human' && session.remote()) friends?.onMove(move);
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
settings.on((changed) => {
  syncOptions();
  // A new analysis setting follows (or stops following) the position.
  if ('analysis' in changed && session.game) analysis.follow();
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
 * The `f` parameter of a link game's link in `hash`, or null.
 * @param {string} hash
 */

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
    const f = await loadFriends();
    const [offer, answer] = [hashParam(hash, LIVE.offer), hashParam(hash, LIVE.answer)];
    try {
      const { older } = await f.receive(text);
      if (answer && live) {
        // An answer to a live invitation of this browser: this page's, or another tab's waiting for it.
        if (live.waitsFor(f.held?.facts.id ?? null)) live.accept(answer);
        else view.say(t((await live.relayAnswer(text, answer)) ? 'live.passed' : 'live.notWaiting'));
      } else if (offer && f.held) {
        pendingOffer = { id: f.held.facts.id, offer, clock: hashParam(hash, LIVE.clock) };
        if (f.held?.facts.me === null) view.say(t('live.joinFirst'));
        renderFriend();
      } else if (older) view.say(t('friend.older'));
      view.renderLost();
      return;
    } catch (error) {
      // The game shown stays (nothing is written); on arrival, the one kept opens.
      if (!session.game) await openStored();
      view.say(t('friend.refused', { reason: describeError(t, error) }), 'error');
      view.renderLost();
      return;
    }
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
  const side = aiSide === 'random' ? (Math.random() < 0.5 ? 'dark' : 'light') : aiSide;
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
  if (friends?.held) {
    friends.verb('resign');
    return;
  }
  const st = session.status();
  const loser = session.againstAi() ? (session.seatOf('dark', st) === 'human' ? 'dark' : 'light') : st.toMove;
  session.end(loser === 'dark' ? 'light' : 'dark', 'resign');
}

/** A new game of the same kind with the colours swapped (a link game's with the same friend). */
function rematch() {
  if (friends?.held) {
    friends.rematch();
    return;
  }
  const { seats, level } = session;
  const { size, pie } = session.status();
  const timeControl = /** @type {[string, string][]} */ (session.current.tags()).find(([key]) => key === 'TimeControl')?.[1];
  archive.begin();
  const game = new engine.GameHandle(size, pie);
  if (timeControl) game.setTag('TimeControl', timeControl);
  setGame(game, { first: seats.second, second: seats.first }, level);
  boardView.announce(t('message.newGame', { size }));
}

/** @param {import('./panels/lost.js').LostNote} lost */
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

// ---- Save, load, share ----

/** @param {string} text */
function loadInto(text) {
  const game = engine.GameHandle.fromText(text, settings.values.pie);
  archive.begin();
  setGame(game, HUMANS, settings.values.level);
  boardView.announce(t('message.loaded'));
}

/**
 * @param {string} text
 * @param {string} done
 */
async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    view.say(done, 'info');
  } catch {
    // No clipboard here: show the text to copy by hand.
    $('paste-text').value = text;
    openPaste(t('load.copyByHand'));
  }
}

function download() {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  // With the archive's tags (players, date, result, level), as an export of all games has them.
  const text = games.tagged({ record: session.current.annotated(), pie: session.status().pie }, games.currentTags());
  saveFile(new Blob([text + '\n'], { type: 'text/plain' }), `federa-${stamp}.txt`);
}

/** @param {string} [title] */
function openPaste(title) {
  $('paste-title').textContent = title ?? t('load.pasteTitle');
  $('paste-error').textContent = '';
  $('paste-dialog').showModal();
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
  for (const option of $('new-size').options) option.textContent = t('newGame.sizeOption', { n: Number(option.value) });
  for (const option of [...$('new-clock').options, ...$('live-clock').options]) option.textContent = clockName(t, option.value);
  for (const option of $('new-days').options) option.textContent = option.value === '0' ? t('newGame.daysNone') : t('newGame.daysOption', { count: Number(option.value) });
  clocks.tick();
  redraw();
}

// ---- Wiring ----

/** The settings' boxes, as the settings are. */
function syncOptions() {
  const { values } = settings;
  $('opt-coordinates').checked = values.coordinates;
  $('opt-hints').checked = values.hints;
  $('opt-coach').checked = values.coach;
  $('opt-confirm').checked = values.confirmTap;
  $('opt-sound').checked = values.sound;
  $('opt-stun').value = values.stun;
  $('live-clock').value = values.liveClock;
  $('opt-pieces').value = values.pieceSet;
}

function setupControls() {
  const sizeSelect = $('new-size');
  for (const n of SIZES) sizeSelect.add(new Option(String(n), String(n)));
  const levelSelect = $('new-level');
  for (const l of LEVELS) {
    const o = new Option(l, l);
    o.dataset.i18n = 'level.' + l;
    levelSelect.add(o);
  }
  setupLanguageSelect($('opt-lang'), i18n.lang, applyLanguage);

  $('btn-new').addEventListener('click', () => {
    const { values } = settings;
    sizeSelect.value = String(values.size);
    levelSelect.value = values.level;
    $('new-opponent').value = values.opponent;
    $('new-side').value = values.aiSide;
    $('new-pie').checked = values.pie;
    $('new-name').value = values.playerName;
    $('new-clock').value = values.timeControl;
    syncNewGameForm();
    $('new-game').showModal();
  });
  $('new-opponent').addEventListener('change', syncNewGameForm);
  for (const n of DAYS) $('new-days').add(new Option('', String(n)));
  for (const tc of CLOCKS) $('new-clock').add(new Option('', tc));
  for (const tc of CLOCKS) $('live-clock').add(new Option('', tc));
  $('new-name').maxLength = NAME_LENGTH;
  $('new-game-form').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
    if (/** @type {HTMLButtonElement | null} */ (e.submitter)?.value !== 'start') return;
    if ($('new-opponent').value === 'friend') {
      const name = $('new-name').value.trim();
      if (!name) {
        e.preventDefault();
        $('new-name').focus();
        return;
      }
      const chosen = $('new-color').value;
      const color = chosen === 'random' ? (Math.random() < 0.5 ? 'dark' : 'light') : chosen;
      settings.merge({ size: Number(sizeSelect.value), pie: $('new-pie').checked, playerName: name });
      loadFriends().then((f) => f.create({ size: settings.values.size, pie: settings.values.pie, color, name, days: Number($('new-days').value) }));
      return;
    }
    settings.merge({
      size: Number(sizeSelect.value),
      level: levelSelect.value,
      opponent: $('new-opponent').value,
      aiSide: $('new-side').value,
      pie: $('new-pie').checked,
      timeControl: $('new-clock').value,
    });
    newGame();
    boardView.announce(t('message.newGame', { size: settings.values.size }));
  });

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

  $('btn-copy').addEventListener('click', () => copyText(session.current.mainRecord(), t('message.copied')));
  $('btn-download').addEventListener('click', download);
  $('btn-share').addEventListener('click', () => {
    const url = toLink(location.href, linkOf(engine, session.current));
    history.replaceState(null, '', url);
    copyText(url, t('message.linkCopied'));
  });
  $('btn-export-all').addEventListener('click', () => games.exportAll());
  $('btn-backup').addEventListener('click', () => import('./play/backup.js').then((b) => b.backUp(archive)));
  $('btn-restore').addEventListener('click', () => $('backup-input').click());
  $('backup-input').addEventListener('change', async () => {
    const file = $('backup-input').files[0];
    $('backup-input').value = '';
    if (!file) return;
    const { restoreBackup } = await import('./play/backup.js');
    try {
      const count = await restoreBackup(archive, engine, await file.text());
      if (count.current && archive.current) games.reopen(archive.current);
      const said = t('archive.restoredFile', { count: count.games, kept: count.kept });
      view.say(count.puzzles ? `${said} ${t('archive.restoredPuzzles')}` : said, 'info');
    } catch (error) {
      view.say(t('archive.restoreFailed', { reason: describeError(t, error) }), 'error');
    }
    games.render();
  });
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
  setupFriendPanel();
  $('btn-load').addEventListener('click', () => $('file-input').click());
  $('file-input').addEventListener('change', async () => {
    const file = $('file-input').files[0];
    $('file-input').value = '';
    if (!file) return;
    try {
      loadInto(await file.text());
    } catch (e) {
      view.say(t('load.failed', { reason: describeError(t, e) }), 'error');
    }
  });
  $('btn-paste').addEventListener('click', () => {
    $('paste-text').value = '';
    openPaste();
  });
  $('paste-form').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
    if (/** @type {HTMLButtonElement | null} */ (e.submitter)?.value !== 'load') return;
    try {
      loadInto($('paste-text').value);
    } catch (error) {
      e.preventDefault();
      $('paste-error').textContent = describeError(t, error);
    }
  });

  for (const [id, name] of /** @type {const} */ ([
    ['opt-coordinates', 'coordinates'],
    ['opt-hints', 'hints'],
    ['opt-coach', 'coach'],
    ['opt-confirm', 'confirmTap'],
    ['opt-sound', 'sound'],
  ])) {
    $(id).addEventListener('change', () => settings.set(name, $(id).checked));
  }
  $('opt-pieces').addEventListener('change', () => settings.set('pieceSet', $('opt-pieces').value));
  $('opt-stun').addEventListener('change', () => {
    const stun = $('opt-stun').value.trim();
    if (stun === '' || STUN.test(stun)) settings.set('stun', stun);
    else {
      $('opt-stun').value = settings.values.stun;
      view.say(t('settings.stunBad'), 'error');
    }
  });
  syncOptions();

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

/** The link game panel's controls. */
function setupFriendPanel() {
  const url = () => friends?.url() ?? '';
  $('friend-copy').addEventListener('click', () => copyText(url(), t('message.linkCopied')));
  $('friend-share').addEventListener('click', () => {
    navigator.share({ url: url(), title: t('friend.shareTitle') }).catch(() => {});
  });
  $('friend-link').addEventListener('focus', () => $('friend-link').select());
  $('friend-qr-btn').addEventListener('click', () => {
    qrShown = !qrShown;
    renderFriend();
    if (qrShown) friends?.drawQr($('friend-qr'));
  });
  $('friend-join').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    const name = $('friend-join-name').value.trim();
    if (!name) return;
    settings.set('playerName', name);
    friends?.join(name);
  });
  $('friend-join-name').maxLength = NAME_LENGTH;
  for (const verb of /** @type {const} */ (['offer', 'accept', 'decline', 'claim'])) {
    $(`friend-${verb}`).addEventListener('click', command(() => friends?.verb(verb)));
  }
  $('friend-remind').addEventListener('click', () => friends?.remind());
  $('live-start').addEventListener('click', command(() => live?.host($('live-clock').value)));
  $('live-clock').addEventListener('change', () => settings.set('liveClock', $('live-clock').value));
  for (const face of document.querySelectorAll('#clocks .clock')) face.addEventListener('click', () => clocks.toggle());
  $('live-copy').addEventListener('click', () => copyText($('live-link').value, t('message.linkCopied')));
  $('live-qr-btn').addEventListener('click', () => live?.toggleQr());
  $('live-link').addEventListener('focus', () => $('live-link').select());
  $('live-answer').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
    e.preventDefault();
    const text = $('live-answer-text').value.trim();
    if (!text) return;
    $('live-answer-text').value = '';
    live?.accept(text);
  });
  // The time left, and whether a win on time may be claimed, as the clock goes.
  window.setInterval(() => {
    if (friends?.held?.facts.deadline) renderFriend();
  }, 30_000);
}

function syncNewGameForm() {
  const opponent = $('new-opponent').value;
  $('new-side-row').hidden = opponent !== 'ai';
  $('new-level-row').hidden = opponent === 'human' || opponent === 'friend';
  $('new-clock-row').hidden = opponent === 'friend' || opponent === 'watch';
  for (const id of ['new-name-row', 'new-color-row', 'new-days-row']) $(id).hidden = opponent !== 'friend';
  $('new-name').required = opponent === 'friend';
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
    friend: () => (friends?.held ? { ...friends.held.facts, url: friends.url() } : null),
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
      analysis: analysis.runner.shown.analysis,
      line: analysis.lineOf,
      underlays: settings.values.analysis && settings.values.ownership && analysis.runner.shown.analysis !== null,
    }),
  },
});
