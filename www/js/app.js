// @ts-check
// The play page: the game session (session.js) with the board view, the
// side panel, storage, files and keys around it. Rules are asked of the
// engine, never decided here. The board itself was drawn by first-board.js
// before this module, the engine and the words had loaded.
import { board, settings } from './first-board.js';
import { loadEngine } from './engine.js';
import { parsePoint } from './points.js';
import { AiClient } from './ai.js';
import { LEVELS } from './facts.js';
import { HUMANS, Session, againstAiAs } from './session.js';
import { SIZES, isObject } from './settings.js';
import { loadLanguage, preferredLanguage, setupLanguageSelect, translateDom } from './i18n.js';
import { keepUnread, readEntry } from './store.js';
import { GAME_KEY, SETTINGS_KEY, fromHash, held, lose, losses, storage, whenNoted, writeJson } from './page-store.js';
import { attackPicture } from './attack-picture.js';
import { boardLabel, describeError, describeSkip, narrate } from './words.js';
import { clickShape, hideBadge, hoverShape, showHover } from './hover.js';
import { cursorKey, cursorStart } from './keys.js';
import { renderMoves } from './panels/moves.js';
import { renderLost } from './panels/lost.js';
import { registerOffline } from './offline.js';
import { VERSION } from './build.js';

/**
 * @typedef {import('./types.js').Status} Status
 * @typedef {import('./types.js').Game} Game
 * @typedef {import('./session.js').Seats} Seats
 * @typedef {import('./panels/lost.js').LostNote} LostNote
 */

/**
 * A page element by id (index.html holds them all).
 * @param {string} id
 * @returns {any}
 */
const $ = (id) => document.getElementById(id);
const AUTOPLAY_MS = 250;
const boardEl = $('board');
board.set({ events: { hover: onHover, click: onClick } });
whenNoted(showLost);
const engineLoading = loadEngine();
let i18n = await loadLanguage(preferredLanguage());
const t = /** @type {import('./words.js').Translate} */ ((key, params) => i18n.t(key, params));
document.documentElement.lang = i18n.locale;
translateDom(document, t);
const engine = await engineLoading;

const session = new Session({ ai: () => new AiClient() });
/** @type {string | null} */
let cursor = null;
/** @type {{ text: string, tone: string } | null} */
let message = null;
let autoplay = 0;

session.on('change', ({ animate }) => update(animate));
session.on('move', ({ move, status }) => {
  message = null;
  const words = narrate(t, move, status, wonLine(status));
  // The turn line shows a win; a skip also gets a note of its own.
  if (status.skipped && !status.winner) message = { text: words.slice(1).join(' '), tone: 'info' };
  announce(words.join(' '));
});
session.on('refused', ({ error }) => {
  const text = error.kind === 'notYourTurn' ? t('message.notYourTurn') : describeError(t, error);
  showMessage(text, 'error');
  announce(text);
});
session.on('thinking', () => renderThinking());
session.on('aiFailed', ({ error }) => {
  showMessage(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
  renderControls(session.status());
});

window.addEventListener('keydown', (e) => {
  if (e.key === 'Shift') onHover(board.hovered(), e);
});
window.addEventListener('keyup', (e) => {
  if (e.key === 'Shift') onHover(board.hovered(), e);
});

// ---- Stored entries ----

function saveSettings() {
  writeJson(SETTINGS_KEY, settings);
}

/**
 * The stored game as { game, saved, text }, or null; an entry that does
 * not read is kept and noted on the way.
 * @returns {{ game: Game, saved: any, text: string } | null}
 */
function storedGame() {
  if (held.has(GAME_KEY)) return null;
  const read = readEntry(storage, GAME_KEY, (v) =>
    isObject(v) && typeof v.record === 'string' ? null : { kind: 'unreadable' },
  );
  if (read.lost) lose(read.lost);
  if (!read.value) return null;
  try {
    const game = engine.GameHandle.fromRecord(read.value.record, read.value.pie !== false);
    return { game, saved: read.value, text: read.text ?? '' };
  } catch (e) {
    lose({ ...keepUnread(storage, GAME_KEY, read.text ?? '', e), shown: read.value.record });
    return null;
  }
}

/// Opens the game of the link, else the stored one, else a new one. A link
/// that replaces a different stored game keeps that game under a backup key.
function restore() {
  const linked = fromHash();
  const stored = storedGame();
  let badLink = null;
  if (linked) {
    try {
      const g = engine.GameHandle.fromRecord(linked.record, linked.pie);
      // (A game with no moves is not worth keeping.)
      if (stored && stored.game.record() !== g.record() && stored.game.moves().length > 0) {
        lose({ ...keepUnread(storage, GAME_KEY, stored.text, { kind: 'replaced' }), shown: stored.saved.record });
      }
      stored?.game.free();
      setGame(g, HUMANS, settings.level);
      showLost();
      return;
    } catch (e) {
      badLink = t('load.badLink', { reason: describeError(t, e) });
    }
  }
  if (stored) {
    const { game: g, saved } = stored;
    if (Number.isInteger(saved.ply)) g.jump(saved.ply);
    const seated = ['first', 'second'].every((seat) => ['human', 'ai'].includes(saved.seats?.[seat]));
    setGame(g, seated ? saved.seats : HUMANS, LEVELS.includes(saved.level) ? saved.level : settings.level);
  } else {
    newGame();
  }
  // After the game is set, which clears the message.
  if (badLink) showMessage(badLink, 'error');
  showLost();
}

function newGame() {
  const side = settings.aiSide === 'random' ? (Math.random() < 0.5 ? 'dark' : 'light') : settings.aiSide;
  /** @type {Seats} */
  const seats =
    settings.opponent === 'human'
      ? HUMANS
      : settings.opponent === 'watch'
        ? { first: 'ai', second: 'ai' }
        : againstAiAs(side);
  setGame(new engine.GameHandle(settings.size, settings.pie), seats, settings.level);
}

/**
 * @param {Game} g
 * @param {Seats} seats
 * @param {string} level
 */
function setGame(g, seats, level) {
  stopAutoplay();
  cursor = null;
  message = null;
  session.load(g, seats, level);
}

// ---- Drawing the page ----

/** @param {{ origin: string | null } | null} animate */
function update(animate = null) {
  const game = session.current;
  const st = session.status();
  const line = turnLine(st);
  const cells = game.board();
  renderStatus(st, line);
  board.set({
    size: st.size,
    cells,
    lastMove: game.lastMovePoints(),
    hints: settings.hints && session.humanToMove(st) ? game.changeableGroups() : [],
    focus: null,
    ghost: null,
    cursor,
    coordinates: settings.coordinates,
    pieceSet: settings.pieceSet,
    interactive: true,
    label: boardLabel(t, cells, st.size, line, st.ply > 0 ? game.moveAt(st.ply - 1) : null),
    animate,
  });
  hideBadge($('badge'));
  renderMoves($('move-list'), game.moves(), st.ply, t, (ply) => jump(ply));
  $('nav-first').disabled = st.ply === 0;
  $('nav-back').disabled = st.ply === 0;
  $('nav-forward').disabled = st.ply === st.moves;
  $('nav-last').disabled = st.ply === st.moves;
  renderControls(st);
  renderThinking();
  const { seats, level } = session;
  writeJson(GAME_KEY, {
    record: game.record(),
    pie: st.pie,
    seats,
    level,
    ply: st.ply,
    size: st.size,
    cells: Array.from(cells).join(''),
  });
}

/**
 * @param {import('./facts.js').Color} color
 * @param {Status} st
 */
function playerName(color, st) {
  const seat = session.seatOf(color, st);
  if (seat === 'ai') return t('seat.ai', { level: t('level.' + session.level) });
  if (session.againstAi()) return t('seat.you');
  const first = (color === 'dark') !== st.swapped;
  return t(first ? 'seat.first' : 'seat.second');
}

/** @param {Status} st */
function wonLine(st) {
  return st.winner ? t('status.won', { color: t('color.' + st.winner), player: playerName(st.winner, st) }) : '';
}

/**
 * Whose turn it is, who won, or who was just skipped.
 * @param {Status} st
 */
function turnLine(st) {
  if (st.winner) return wonLine(st);
  if (st.skipped) return describeSkip(t, st);
  return t('status.toMove', { color: t('color.' + st.toMove), player: playerName(st.toMove, st) });
}

/**
 * @param {Status} st
 * @param {string} line
 */
function renderStatus(st, line) {
  for (const color of /** @type {const} */ (['dark', 'light'])) {
    $(`player-${color}-name`).textContent = playerName(color, st);
    $(`player-${color}-count`).textContent = t('status.pieces', { count: st[color] });
    $(`player-${color}`).classList.toggle('to-move', !st.winner && st.toMove === color);
  }
  $('turn').textContent = line;
  $('turn').className = st.winner ? 'turn over' : 'turn';
  $('swap-note').hidden = !st.swapped;
  $('swap-note').textContent = st.swapped ? t('status.swapped') : '';
  $('empty-count').textContent = t('status.empty', { count: st.empty });
  $('message').textContent = message?.text ?? '';
  $('message').className = 'message ' + (message?.tone ?? '');
}

/** @param {Status} st */
function renderControls(st) {
  const human = session.humanToMove(st);
  $('btn-swap').hidden = !(st.swapAvailable && human);
  $('btn-undo').disabled = st.ply === 0;
  $('btn-redo').disabled = st.ply === st.moves;
  $('btn-random').disabled = !human;
  $('btn-autoplay').textContent = t(autoplay ? 'btn.stopAutoplay' : 'btn.autoplay');
  $('btn-autoplay').setAttribute('aria-pressed', String(Boolean(autoplay)));
  $('btn-resume').hidden = !session.aiWaiting(st);
  for (const shape of ['round', 'square']) $(`shape-${shape}`).setAttribute('aria-checked', String(settings.shape === shape));
}

function renderThinking() {
  const thinking = session.thinking;
  $('thinking').hidden = !thinking;
  if (!thinking) return;
  const p = session.progress;
  $('thinking-text').textContent = p
    ? t('ai.progress', { count: p.iterations, move: p.best, win: Math.round(p.win * 100) })
    : t('ai.starting');
  const bar = $('thinking-bar');
  bar.value = p ? Math.min(session.aiMs, p.millis) : 0;
  bar.max = session.aiMs;
  $('btn-move-now').disabled = !p;
}

function showLost() {
  renderLost($('lost'), losses, GAME_KEY, t, {
    copy: (text) => copyText(text, t('message.textCopied')),
    close: dismissLost,
  });
}

/** @param {LostNote} lost */
function dismissLost(lost) {
  losses.splice(losses.indexOf(lost), 1);
  if (held.delete(lost.key)) {
    if (lost.key === GAME_KEY) update();
    else saveSettings();
  }
  showLost();
}

/**
 * @param {string} text
 * @param {string} tone
 */
function showMessage(text, tone = 'info') {
  message = { text, tone };
  $('message').textContent = text;
  $('message').className = 'message ' + tone;
}

/** @param {string} text */
function announce(text) {
  const el = $('announcer');
  el.textContent = '';
  // A fresh text node, so screen readers read repeated messages too.
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

// ---- Hover and clicks ----

function hoverView() {
  const st = session.status();
  return {
    game: session.current,
    status: st,
    board,
    badge: $('badge'),
    host: boardEl,
    t,
    locale: i18n.locale,
    canPlace: session.humanToMove(st),
    showGroup: true,
  };
}

/**
 * @param {string | null} point
 * @param {Event} event
 */
function onHover(point, event) {
  if (!session.game) return;
  showHover(hoverView(), point, hoverShape(event));
}

/**
 * @param {string} point
 * @param {number} button
 * @param {PointerEvent} event
 */
function onClick(point, button, event) {
  if (!session.game) return;
  boardEl.focus({ preventScroll: true, focusVisible: false });
  message = null;
  session.act(point, clickShape(event, button, settings.shape));
}

// ---- Commands ----

/** @param {number} ply */
function jump(ply) {
  message = null;
  session.jump(ply);
}

function undo() {
  message = null;
  if (session.undo()) announce(t('message.undone'));
}

function toggleAutoplay() {
  if (autoplay) {
    stopAutoplay();
  } else {
    autoplay = window.setInterval(() => {
      const st = session.status();
      if (st.winner) stopAutoplay();
      else session.playRandom();
    }, AUTOPLAY_MS);
  }
  renderControls(session.status());
}

function stopAutoplay() {
  clearInterval(autoplay);
  autoplay = 0;
}

/** @param {'round' | 'square'} shape */
function setShape(shape) {
  settings.shape = shape;
  saveSettings();
  renderControls(session.status());
  if (cursor) showCursor();
}

// ---- Save, load, share ----

/** @param {string} text */
function loadText(text) {
  const trimmed = text.trim();
  try {
    return engine.GameHandle.fromRecord(trimmed, settings.pie);
  } catch (recordError) {
    try {
      return engine.GameHandle.fromPosition(trimmed, settings.pie);
    } catch {
      throw recordError;
    }
  }
}

/** @param {string} text */
function loadInto(text) {
  setGame(loadText(text), HUMANS, settings.level);
  announce(t('message.loaded'));
}

/**
 * @param {string} text
 * @param {string} done
 */
async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    showMessage(done, 'info');
  } catch {
    // No clipboard here: show the text to copy by hand.
    $('paste-text').value = text;
    openPaste(t('load.copyByHand'));
  }
}

function shareUrl() {
  const params = new URLSearchParams({ r: session.current.record() });
  if (!session.status().pie) params.set('pie', '0');
  return location.href.split('#')[0] + '#' + params.toString();
}

function download() {
  const blob = new Blob([session.current.record() + '\n'], { type: 'text/plain' });
  const a = document.createElement('a');
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  a.href = URL.createObjectURL(blob);
  a.download = `federa-${stamp}.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** @param {string} [title] */
function openPaste(title) {
  $('paste-title').textContent = title ?? t('load.pasteTitle');
  $('paste-error').textContent = '';
  $('paste-dialog').showModal();
}

// ---- Keyboard ----

function showCursor() {
  board.set({ cursor });
  if (!cursor) return;
  const shown = showHover(hoverView(), cursor, settings.shape);
  announce(
    shown ? `${cursor}: ${t('piece.' + shown.info.piece)}. ${shown.words.tail}` : `${cursor}: ${t('board.empty')}`,
  );
}

/**
 * Acts at the cursor: `change` only changes (an empty point gets a note).
 * @param {string} at
 * @param {'round' | 'square' | 'chosen' | 'change'} how
 */
function actAt(at, how) {
  const p = /** @type {import('./points.js').Coord} */ (parsePoint(at));
  message = null;
  if (how === 'change' && session.current.groupAt(p.col, p.row) === null) {
    showMessage(t('message.nothingToChange', { at }), 'error');
  } else {
    session.act(at, how === 'chosen' || how === 'change' ? settings.shape : how);
  }
  showCursor();
}

/** The page's keys beside the cursor's (see the help panel). */
const PAGE_KEYS = /** @type {Record<string, () => void>} */ ({
  ArrowLeft: () => jump(session.status().ply - 1),
  ArrowRight: () => jump(session.status().ply + 1),
  Home: () => jump(0),
  ArrowUp: () => jump(0),
  End: () => jump(session.status().moves),
  ArrowDown: () => jump(session.status().moves),
  u: undo,
  Backspace: undo,
  y: () => session.redo(),
  q: () => setShape('round'),
  w: () => setShape('square'),
  t: () => setShape(settings.shape === 'round' ? 'square' : 'round'),
  h: () => {
    settings.hints = !settings.hints;
    $('opt-hints').checked = settings.hints;
    saveSettings();
    update();
  },
  '?': () => {
    $('help').open = true;
  },
});

/** @param {KeyboardEvent} e */
function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const st = session.status();
  const action = cursorKey(e.key, cursor, st.size, cursorStart(session.current.lastMovePoints(), st.size));
  if (action && 'act' in action) {
    actAt(action.at, action.act);
  } else if (action) {
    cursor = action.cursor;
    if (cursor) {
      showCursor();
    } else {
      board.set({ cursor: null, focus: null, ghost: null });
      hideBadge($('badge'));
    }
  } else if (PAGE_KEYS[e.key]) {
    PAGE_KEYS[e.key]();
  } else {
    return;
  }
  e.preventDefault();
}

// ---- Language ----

/** @param {string} lang */
async function applyLanguage(lang) {
  i18n = await loadLanguage(lang);
  document.documentElement.lang = i18n.locale;
  document.title = t('app.title');
  translateDom(document, t);
  $('attack-picture').replaceChildren(attackPicture(t, engine.attacks));
  showLost();
  for (const option of $('new-size').options) option.textContent = t('newGame.sizeOption', { n: Number(option.value) });
  if (session.game) update();
}

// ---- Wiring ----

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
    sizeSelect.value = String(settings.size);
    levelSelect.value = settings.level;
    $('new-opponent').value = settings.opponent;
    $('new-side').value = settings.aiSide;
    $('new-pie').checked = settings.pie;
    syncNewGameForm();
    $('new-game').showModal();
  });
  $('new-opponent').addEventListener('change', syncNewGameForm);
  $('new-game-form').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
    if (/** @type {HTMLButtonElement | null} */ (e.submitter)?.value !== 'start') return;
    settings.size = Number(sizeSelect.value);
    settings.level = levelSelect.value;
    settings.opponent = $('new-opponent').value;
    settings.aiSide = $('new-side').value;
    settings.pie = $('new-pie').checked;
    saveSettings();
    newGame();
    announce(t('message.newGame', { size: settings.size }));
  });

  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', () => session.redo());
  $('btn-swap').addEventListener('click', () => session.play('swap'));
  $('btn-random').addEventListener('click', () => session.playRandom());
  $('btn-autoplay').addEventListener('click', toggleAutoplay);
  $('btn-stop').addEventListener('click', () => {
    session.pause();
    renderControls(session.status());
  });
  $('btn-move-now').addEventListener('click', () => session.moveNow());
  $('btn-resume').addEventListener('click', () => session.resume());
  $('nav-first').addEventListener('click', () => jump(0));
  $('nav-back').addEventListener('click', () => jump(session.status().ply - 1));
  $('nav-forward').addEventListener('click', () => jump(session.status().ply + 1));
  $('nav-last').addEventListener('click', () => jump(session.status().moves));
  for (const shape of /** @type {const} */ (['round', 'square'])) {
    $(`shape-${shape}`).addEventListener('click', () => setShape(shape));
  }

  $('btn-copy').addEventListener('click', () => copyText(session.current.record(), t('message.copied')));
  $('btn-download').addEventListener('click', download);
  $('btn-share').addEventListener('click', () => {
    const url = shareUrl();
    history.replaceState(null, '', url);
    copyText(url, t('message.linkCopied'));
  });
  $('btn-load').addEventListener('click', () => $('file-input').click());
  $('file-input').addEventListener('change', async () => {
    const file = $('file-input').files[0];
    $('file-input').value = '';
    if (!file) return;
    try {
      loadInto(await file.text());
    } catch (e) {
      showMessage(t('load.failed', { reason: describeError(t, e) }), 'error');
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
  ])) {
    const box = $(id);
    box.checked = settings[name];
    box.addEventListener('change', () => {
      settings[name] = box.checked;
      saveSettings();
      update();
    });
  }
  const pieces = $('opt-pieces');
  pieces.value = settings.pieceSet;
  pieces.addEventListener('change', () => {
    settings.pieceSet = pieces.value;
    saveSettings();
    update();
  });

  boardEl.addEventListener('keydown', onBoardKey);
  boardEl.addEventListener('blur', () => {
    if (cursor) {
      cursor = null;
      board.set({ cursor: null });
    }
  });
  window.addEventListener('hashchange', () => {
    if (fromHash()) restore();
  });
}

function syncNewGameForm() {
  const opponent = $('new-opponent').value;
  $('new-side-row').hidden = opponent !== 'ai';
  $('new-level-row').hidden = opponent === 'human';
}

setupControls();
await applyLanguage(i18n.lang);
restore();
registerOffline(() => showMessage(t('offline.updated')));
document.documentElement.classList.add('ready');
// For the end-to-end tests and the curious: the game's state, read-only.
Object.assign(window, {
  federa: {
    build: VERSION,
    record: () => session.current.record(),
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
  },
});
