// The play page: wires the engine (wasm), the board view, the AI worker and
// the side panel. Rules are asked of the engine, never decided here.
import { loadEngine } from './engine.js';
import { createBoard, parsePoint, pointName } from './board.js';
import { AiClient, LEVELS } from './ai.js';
import { createI18n, preferredLanguage, setupLanguageSelect, translateDom } from './i18n.js';
import { keepUnread, readEntry, safeStorage, writeEntry } from './store.js';
import { attackPicture } from './attack-picture.js';
import { describeError, describeMove, describeSkip, pieceName } from './words.js';
import { clickShape, hideBadge, hoverShape, showHover } from './hover.js';
import { registerOffline } from './offline.js';
import { VERSION } from './build.js';

const storage = safeStorage();
const $ = (id) => document.getElementById(id);

const SIZES = Array.from({ length: 17 }, (_, k) => k + 5);
const AI_MS = 1000;
const WATCH_PAUSE_MS = 350;
const AUTOPLAY_MS = 250;

const defaults = {
  size: 13,
  pie: true,
  opponent: 'ai',
  level: 'club',
  aiSide: 'light',
  coordinates: true,
  hints: false,
  pieceSet: 'federa',
  shape: 'round',
};
const CHOICES = {
  opponent: ['ai', 'human', 'watch'],
  level: LEVELS,
  aiSide: ['light', 'dark', 'random'],
  pieceSet: ['federa', 'classic'],
  shape: ['round', 'square'],
};

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

const GAME_KEY = 'federa.game';
const SETTINGS_KEY = 'federa.settings';
// Stored entries that failed to read (see store.js), shown until dismissed.
const losses = [];
// Keys not to write while the player has not copied what failed to read
// there (the browser had no room for a backup copy).
const held = new Set();
const settings = { ...defaults, ...readSettings() };

let i18n = createI18n(preferredLanguage());
const t = (key, params) => i18n.t(key, params);
// Words first, while the engine loads.
document.documentElement.lang = i18n.locale;
translateDom(document, t);
const engine = await loadEngine();

// The game and who plays it: seats are the first player (Dark at the start)
// and the second; after a swap the first player plays Light.
let game = null;
let seats = { first: 'human', second: 'ai' };
let level = settings.level;
let paused = false;
let cursor = null;
let generation = 0;
let autoplay = 0;
let lastProgress = null;
let message = null;

const ai = new AiClient();
const boardEl = $('board');
const board = createBoard(boardEl, {
  coordinates: settings.coordinates,
  pieceSet: settings.pieceSet,
  events: { hover: onHover, click: onClick },
});
window.addEventListener('keydown', (e) => {
  if (e.key === 'Shift') onHover(board.hovered(), e);
});
window.addEventListener('keyup', (e) => {
  if (e.key === 'Shift') onHover(board.hovered(), e);
});

// ---- Starting ----

/// Why stored settings are unusable, or null: every known key must hold one
/// of its values (unknown keys are kept as they are).
function settingsProblem(value) {
  if (!isObject(value)) return { kind: 'unreadable' };
  for (const [name, v] of Object.entries(value)) {
    if (!Object.hasOwn(defaults, name)) continue;
    const ok =
      name === 'size'
        ? SIZES.includes(v)
        : typeof defaults[name] === 'boolean'
          ? typeof v === 'boolean'
          : CHOICES[name].includes(v);
    if (!ok) return { kind: 'setting', name, value: JSON.stringify(v) };
  }
  return null;
}

function readSettings() {
  const read = readEntry(storage, SETTINGS_KEY, settingsProblem);
  if (!read.lost) return read.value ?? {};
  lose(read.lost);
  // Kept under its backup key: the defaults may take its place at once.
  if (read.lost.backup) writeEntry(storage, SETTINGS_KEY, defaults);
  return {};
}

/// Notes an entry that failed to read (or was replaced), so the page shows
/// it; with no backup copy, the entry is not written over until the note
/// is closed.
function lose(lost) {
  losses.push(lost);
  if (!lost.backup) held.add(lost.key);
}

let full = false;

function writeJson(key, value) {
  if (held.has(key) || writeEntry(storage, key, value) || full || !storage) return;
  // Said once: the browser has no room (or forbids storage) from now on.
  full = true;
  losses.push({ key, full: true });
  renderLost();
}

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const record = params.get('r');
  if (!record) return null;
  return { record, pie: params.get('pie') !== '0' };
}

const HUMANS = { first: 'human', second: 'human' };

/// The stored game as { game, saved, text }, or null; an entry that does
/// not read is kept and noted on the way.
function storedGame() {
  if (held.has(GAME_KEY)) return null;
  const read = readEntry(storage, GAME_KEY, (v) =>
    isObject(v) && typeof v.record === 'string' ? null : { kind: 'unreadable' },
  );
  if (read.lost) lose(read.lost);
  if (!read.value) return null;
  try {
    const game = engine.GameHandle.fromRecord(read.value.record, read.value.pie !== false);
    return { game, saved: read.value, text: read.text };
  } catch (e) {
    lose({ ...keepUnread(storage, GAME_KEY, read.text, e), shown: read.value.record });
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
      setGame(g, HUMANS);
      renderLost();
      return;
    } catch (e) {
      badLink = t('load.badLink', { reason: describeError(t, e) });
    }
  }
  if (stored) {
    const { game: g, saved } = stored;
    if (Number.isInteger(saved.ply)) g.jump(saved.ply);
    level = LEVELS.includes(saved.level) ? saved.level : settings.level;
    const seated = ['first', 'second'].every((seat) => ['human', 'ai'].includes(saved.seats?.[seat]));
    setGame(g, seated ? saved.seats : HUMANS);
  } else {
    newGame();
  }
  // After the game is set, which clears the message.
  if (badLink) showMessage(badLink, 'error');
  renderLost();
}

function newGame() {
  const side =
    settings.aiSide === 'random' ? (Math.random() < 0.5 ? 'dark' : 'light') : settings.aiSide;
  const s =
    settings.opponent === 'human'
      ? HUMANS
      : settings.opponent === 'watch'
        ? { first: 'ai', second: 'ai' }
        : side === 'dark'
          ? { first: 'ai', second: 'human' }
          : { first: 'human', second: 'ai' };
  level = settings.level;
  setGame(new engine.GameHandle(settings.size, settings.pie), s);
}

function setGame(g, s) {
  stopAi();
  stopAutoplay();
  game?.free();
  game = g;
  seats = s;
  paused = false;
  cursor = null;
  message = null;
  update({ fresh: true });
}

// ---- Who plays ----

function status() {
  return game.status();
}

/// 'human' or 'ai', for the player of a colour.
function seatOf(color, st = status()) {
  const first = (color === 'dark') !== st.swapped;
  return first ? seats.first : seats.second;
}

function humanToMove(st = status()) {
  return !st.winner && seatOf(st.toMove, st) === 'human';
}

function againstAi() {
  return (seats.first === 'ai') !== (seats.second === 'ai');
}

// ---- Drawing the page ----

function update({ fresh = false, animate = null } = {}) {
  generation++;
  const st = status();
  const n = st.size;
  const line = turnLine(st);
  renderStatus(st, line);
  board.set({
    size: n,
    cells: game.board(),
    lastMove: game.lastMovePoints(),
    hints: settings.hints && humanToMove(st) ? game.changeableGroups() : [],
    focus: null,
    ghost: null,
    cursor,
    coordinates: settings.coordinates,
    pieceSet: settings.pieceSet,
    interactive: true,
    label: boardLabel(st, line),
    animate: fresh ? null : animate,
  });
  hideBadge($('badge'));
  renderMoves(st);
  renderControls(st);
  writeJson(GAME_KEY, { record: game.record(), pie: st.pie, seats, level, ply: st.ply });
  maybeAi();
}

function playerName(color, st) {
  const seat = seatOf(color, st);
  if (seat === 'ai') return t('seat.ai', { level: t('level.' + level) });
  if (againstAi()) return t('seat.you');
  const first = (color === 'dark') !== st.swapped;
  return t(first ? 'seat.first' : 'seat.second');
}

/// Whose turn it is, who won, or who was just skipped.
function turnLine(st) {
  if (st.winner) return t('status.won', { color: t('color.' + st.winner), player: playerName(st.winner, st) });
  if (st.skipped) return describeSkip(t, st);
  return t('status.toMove', { color: t('color.' + st.toMove), player: playerName(st.toMove, st) });
}

function renderStatus(st, line) {
  for (const color of ['dark', 'light']) {
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

function renderMoves(st) {
  const list = $('move-list');
  list.textContent = '';
  const tokens = game.moves();
  for (let k = 0; k < tokens.length; k += 2) {
    const row = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = t('moves.number', { n: k / 2 + 1 });
    row.appendChild(num);
    for (const j of [k, k + 1]) {
      if (j >= tokens.length) break;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv';
      b.textContent = tokens[j];
      b.dataset.ply = String(j + 1);
      if (j + 1 === st.ply) {
        b.classList.add('current');
        b.setAttribute('aria-current', 'step');
      }
      b.addEventListener('click', () => jump(j + 1));
      row.appendChild(b);
    }
    list.appendChild(row);
  }
  // Keep the current move in view inside the list, never scrolling the page.
  const current = list.querySelector('.current');
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  $('nav-first').disabled = st.ply === 0;
  $('nav-back').disabled = st.ply === 0;
  $('nav-forward').disabled = st.ply === st.moves;
  $('nav-last').disabled = st.ply === st.moves;
}

function renderControls(st) {
  const human = humanToMove(st);
  $('btn-swap').hidden = !(st.swapAvailable && human);
  $('btn-undo').disabled = st.ply === 0;
  $('btn-redo').disabled = st.ply === st.moves;
  $('btn-random').disabled = !human;
  $('btn-autoplay').textContent = t(autoplay ? 'btn.stopAutoplay' : 'btn.autoplay');
  $('btn-autoplay').setAttribute('aria-pressed', String(Boolean(autoplay)));
  const aiTurn = !st.winner && !human;
  $('btn-resume').hidden = !(aiTurn && (paused || st.ply !== st.moves) && !ai.busy);
  for (const shape of ['round', 'square']) {
    const b = $(`shape-${shape}`);
    b.setAttribute('aria-checked', String(settings.shape === shape));
  }
}

function boardLabel(st, turn) {
  const groups = { darkRound: [], darkSquare: [], lightRound: [], lightSquare: [] };
  const cells = game.board();
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]) groups[pieceName(cells[i])].push(pointName(i % st.size, Math.floor(i / st.size)));
  }
  const parts = [t('board.label', { size: st.size })];
  parts.push(turn);
  for (const [name, points] of Object.entries(groups)) {
    if (points.length) parts.push(`${t('piecePlural.' + name)}: ${points.join(' ')}`);
  }
  const last = st.ply > 0 ? game.moveAt(st.ply - 1) : null;
  if (last) parts.push(t('board.lastMove', { move: describeMove(t, last) }));
  return parts.join('. ');
}

// ---- Stored entries that failed to read ----

function lostReason(reason) {
  if (reason?.kind === 'unreadable') return t('stored.unreadable');
  if (reason?.kind === 'setting') return t('stored.badSetting', reason);
  return describeError(t, reason);
}

function button(key, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = t(key);
  b.addEventListener('click', onClick);
  return b;
}

/// One note per entry that failed to read: what and why, where its copy
/// is kept, and its text to copy.
function renderLost() {
  const box = $('lost');
  box.hidden = losses.length === 0;
  box.replaceChildren(
    ...losses.map((lost) => {
      const what = document.createElement('p');
      const entry = document.createElement('div');
      entry.className = 'lost-entry';
      if (lost.full) {
        what.textContent = t('stored.full');
        entry.append(what, button('btn.close', () => dismissLost(lost)));
        return entry;
      }
      what.textContent =
        lost.reason?.kind === 'replaced'
          ? t('stored.replaced')
          : t(lost.key === GAME_KEY ? 'stored.gameLost' : 'stored.settingsLost', { reason: lostReason(lost.reason) });
      const where = document.createElement('p');
      where.textContent = lost.backup ? t('stored.kept', { backup: lost.backup }) : t('stored.notKept');
      const text = document.createElement('textarea');
      text.readOnly = true;
      text.rows = 3;
      text.spellcheck = false;
      text.value = lost.shown ?? lost.text;
      text.setAttribute('aria-label', t(lost.shown ? 'stored.record' : 'stored.text'));
      const row = document.createElement('div');
      row.className = 'row';
      row.append(
        button('btn.copyText', () => copyText(text.value, t('message.textCopied'))),
        button('btn.close', () => dismissLost(lost)),
      );
      entry.append(what, where, text, row);
      return entry;
    }),
  );
}

function dismissLost(lost) {
  losses.splice(losses.indexOf(lost), 1);
  if (held.delete(lost.key)) {
    if (lost.key === GAME_KEY) update();
    else saveSettings();
  }
  renderLost();
}

function showMessage(text, tone = 'info') {
  message = { text, tone };
  $('message').textContent = text;
  $('message').className = 'message ' + tone;
}

function announce(text) {
  const el = $('announcer');
  el.textContent = '';
  // A fresh text node, so screen readers read repeated messages too.
  requestAnimationFrame(() => {
    el.textContent = text;
  });
}

// ---- Hover, badge and clicks ----

function hoverView() {
  const st = status();
  return {
    game,
    status: st,
    board,
    badge: $('badge'),
    host: boardEl,
    t,
    locale: i18n.locale,
    canPlace: humanToMove(st),
    showGroup: true,
  };
}

function onHover(point, event) {
  if (!game) return;
  showHover(hoverView(), point, hoverShape(event));
}

function onClick(point, button, event) {
  boardEl.focus({ preventScroll: true, focusVisible: false });
  act(point, clickShape(event, button, settings.shape));
}

/// Places at an empty point or changes the group at an occupied one.
function act(point, shape) {
  const st = status();
  if (!humanToMove(st)) {
    if (!st.winner) showMessage(t('message.notYourTurn'), 'error');
    return;
  }
  const p = parsePoint(point);
  const occupied = game.groupAt(p.col, p.row) !== null;
  try {
    if (occupied) game.change(p.col, p.row);
    else game.place(p.col, p.row, shape);
  } catch (e) {
    showMessage(describeError(t, e), 'error');
    announce(describeError(t, e));
    return;
  }
  afterMove(point);
}

function afterMove(origin) {
  const st = status();
  const last = game.moveAt(st.ply - 1);
  message = null;
  const words = [describeMove(t, last)];
  if (st.winner) words.push(t('status.won', { color: t('color.' + st.winner), player: playerName(st.winner, st) }));
  else if (st.skipped) words.push(describeSkip(t, st));
  const text = words.join(' ');
  // The turn line shows a win; a skip also gets a note of its own.
  if (st.skipped && !st.winner) message = { text: words.slice(1).join(' '), tone: 'info' };
  announce(text);
  update({ animate: { origin: origin ?? last?.at ?? null } });
}

// ---- The AI ----

function maybeAi() {
  const st = status();
  if (st.winner || humanToMove(st) || paused || st.ply !== st.moves || ai.busy) {
    renderThinking(st);
    return;
  }
  const asked = generation;
  const record = game.record();
  const started = performance.now();
  lastProgress = null;
  renderThinking(st, true);
  ai.think({ record, pie: st.pie, player: level, ms: AI_MS, iterations: 0 }, (info) => {
    if (asked !== generation) return;
    lastProgress = info;
    renderThinking(status(), true);
  })
    .then(async (info) => {
      if (!info || asked !== generation) return;
      if (seats.first === 'ai' && seats.second === 'ai') {
        const wait = WATCH_PAUSE_MS - (performance.now() - started);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        if (asked !== generation) return;
      }
      playAiMove(info.best);
    })
    .catch((error) => {
      if (asked !== generation) return;
      paused = true;
      showMessage(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
      renderControls(status());
      renderThinking(status());
    });
}

function playAiMove(token) {
  try {
    game.play(token);
  } catch (e) {
    paused = true;
    showMessage(t('message.aiFailed', { reason: describeError(t, e) }), 'error');
    update();
    return;
  }
  const st = status();
  afterMove(game.moveAt(st.ply - 1)?.at ?? null);
}

function renderThinking(st, thinking = ai.busy) {
  const box = $('thinking');
  box.hidden = !thinking;
  if (!thinking) return;
  const p = lastProgress;
  $('thinking-text').textContent = p
    ? t('ai.progress', {
        count: p.iterations,
        move: p.best,
        win: Math.round(p.win * 100),
      })
    : t('ai.starting');
  const bar = $('thinking-bar');
  bar.value = p ? Math.min(AI_MS, p.millis) : 0;
  bar.max = AI_MS;
  $('btn-move-now').disabled = !p;
}

function stopAi() {
  generation++;
  ai.stop();
  lastProgress = null;
  $('thinking').hidden = true;
}

// ---- Commands ----

function jump(ply) {
  stopAi();
  if (game.jump(ply)) {
    message = null;
    update();
  }
}

function undo() {
  stopAi();
  const st = status();
  if (st.ply === 0) return;
  game.undo();
  if (againstAi()) {
    // Back to the human's previous turn.
    while (status().ply > 0 && !humanToMove()) game.undo();
    if (!humanToMove()) game.truncate();
  }
  paused = false;
  message = null;
  announce(t('message.undone'));
  update();
}

function redo() {
  stopAi();
  if (game.redo()) {
    message = null;
    update();
  }
}

function swap() {
  try {
    game.play('swap');
  } catch (e) {
    showMessage(describeError(t, e), 'error');
    return;
  }
  afterMove(null);
}

function randomMove() {
  const st = status();
  if (!humanToMove(st)) return false;
  const moves = game.legalMoves();
  if (!moves.length) return false;
  game.play(moves[Math.floor(Math.random() * moves.length)]);
  afterMove(null);
  return true;
}

function toggleAutoplay() {
  if (autoplay) {
    stopAutoplay();
  } else {
    autoplay = setInterval(() => {
      const st = status();
      if (st.winner) stopAutoplay();
      else if (humanToMove(st)) randomMove();
    }, AUTOPLAY_MS);
  }
  renderControls(status());
}

function stopAutoplay() {
  clearInterval(autoplay);
  autoplay = 0;
}

function setShape(shape) {
  settings.shape = shape;
  saveSettings();
  renderControls(status());
  if (cursor) showCursor();
}

function saveSettings() {
  writeJson(SETTINGS_KEY, settings);
}

// ---- Save, load, share ----

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

function loadInto(text) {
  const g = loadText(text);
  setGame(g, HUMANS);
  announce(t('message.loaded'));
}

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
  const params = new URLSearchParams({ r: game.record() });
  if (!status().pie) params.set('pie', '0');
  return location.href.split('#')[0] + '#' + params.toString();
}

function download() {
  const blob = new Blob([game.record() + '\n'], { type: 'text/plain' });
  const a = document.createElement('a');
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  a.href = URL.createObjectURL(blob);
  a.download = `federa-${stamp}.txt`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

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
    shown
      ? `${cursor}: ${t('piece.' + shown.info.piece)}. ${shown.words.tail}`
      : `${cursor}: ${t('board.empty')}`,
  );
}

function onBoardKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const st = status();
  const n = st.size;
  const key = e.key;
  if (cursor) {
    const p = parsePoint(cursor);
    const moves = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
    if (moves[key]) {
      const [dc, dr] = moves[key];
      cursor = pointName(Math.max(0, Math.min(n - 1, p.col + dc)), Math.max(0, Math.min(n - 1, p.row + dr)));
      showCursor();
      e.preventDefault();
      return;
    }
    if (key === 'Escape') {
      cursor = null;
      board.set({ cursor: null, focus: null, ghost: null });
      hideBadge($('badge'));
      e.preventDefault();
      return;
    }
    if (key === 'Enter' || key === ' ') {
      act(cursor, settings.shape);
      showCursor();
      e.preventDefault();
      return;
    }
    if (key === 'r' || key === 's' || key === 'c') {
      if (key === 'c') {
        const info = game.groupAt(p.col, p.row);
        if (info) act(cursor, settings.shape);
        else showMessage(t('message.nothingToChange', { at: cursor }), 'error');
      } else {
        act(cursor, key === 'r' ? 'round' : 'square');
      }
      showCursor();
      e.preventDefault();
      return;
    }
  } else if (key === 'Enter' || key === ' ') {
    const last = game.lastMovePoints();
    const mid = Math.floor(n / 2);
    cursor = last[0] ?? pointName(mid, mid);
    showCursor();
    e.preventDefault();
    return;
  } else if (key === 'ArrowLeft') {
    jump(st.ply - 1);
    e.preventDefault();
    return;
  } else if (key === 'ArrowRight') {
    jump(st.ply + 1);
    e.preventDefault();
    return;
  } else if (key === 'Home' || key === 'ArrowUp') {
    jump(0);
    e.preventDefault();
    return;
  } else if (key === 'End' || key === 'ArrowDown') {
    jump(st.moves);
    e.preventDefault();
    return;
  }
  if (key === 'u' || key === 'Backspace') {
    undo();
    e.preventDefault();
  } else if (key === 'y') {
    redo();
    e.preventDefault();
  } else if (key === 'q') {
    setShape('round');
  } else if (key === 'w') {
    setShape('square');
  } else if (key === 't') {
    setShape(settings.shape === 'round' ? 'square' : 'round');
  } else if (key === 'h') {
    settings.hints = !settings.hints;
    $('opt-hints').checked = settings.hints;
    saveSettings();
    update();
  } else if (key === '?') {
    $('help').open = true;
  }
}

// ---- Language ----

function applyLanguage(lang) {
  i18n = createI18n(lang);
  document.documentElement.lang = i18n.locale;
  document.title = t('app.title');
  translateDom(document, t);
  $('attack-picture').replaceChildren(attackPicture(t));
  renderLost();
  for (const option of $('new-size').options) option.textContent = t('newGame.sizeOption', { n: Number(option.value) });
  if (game) update();
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
  $('new-game-form').addEventListener('submit', (e) => {
    if (e.submitter?.value !== 'start') return;
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
  $('btn-redo').addEventListener('click', redo);
  $('btn-swap').addEventListener('click', swap);
  $('btn-random').addEventListener('click', randomMove);
  $('btn-autoplay').addEventListener('click', toggleAutoplay);
  $('btn-stop').addEventListener('click', () => {
    stopAi();
    paused = true;
    renderControls(status());
  });
  $('btn-move-now').addEventListener('click', () => {
    const best = lastProgress?.best;
    stopAi();
    if (best) playAiMove(best);
  });
  $('btn-resume').addEventListener('click', () => {
    paused = false;
    game.truncate();
    update();
  });
  $('nav-first').addEventListener('click', () => jump(0));
  $('nav-back').addEventListener('click', () => jump(status().ply - 1));
  $('nav-forward').addEventListener('click', () => jump(status().ply + 1));
  $('nav-last').addEventListener('click', () => jump(status().moves));
  for (const shape of ['round', 'square']) $(`shape-${shape}`).addEventListener('click', () => setShape(shape));

  $('btn-copy').addEventListener('click', () => copyText(game.record(), t('message.copied')));
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
  $('paste-form').addEventListener('submit', (e) => {
    if (e.submitter?.value !== 'load') return;
    try {
      loadInto($('paste-text').value);
    } catch (error) {
      e.preventDefault();
      $('paste-error').textContent = describeError(t, error);
    }
  });

  const coords = $('opt-coordinates');
  coords.checked = settings.coordinates;
  coords.addEventListener('change', () => {
    settings.coordinates = coords.checked;
    saveSettings();
    update();
  });
  const hints = $('opt-hints');
  hints.checked = settings.hints;
  hints.addEventListener('change', () => {
    settings.hints = hints.checked;
    saveSettings();
    update();
  });
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
applyLanguage(i18n.lang);
restore();
registerOffline(() => showMessage(t('offline.updated')));
requestAnimationFrame(() => performance.mark('federa-board-drawn'));
document.documentElement.classList.add('ready');
// For the end-to-end tests and the curious: the game's state, read-only.
window.federa = {
  build: VERSION,
  record: () => game.record(),
  status: () => game.status(),
  position: () => game.position(),
  legalMoves: () => game.legalMoves(),
  /// Where a point is on screen, in client coordinates.
  pointPixel(name) {
    const at = board.pixelOf(name);
    const rect = board.canvas.getBoundingClientRect();
    return at && { x: rect.left + at.x, y: rect.top + at.y };
  },
  animating: () => board.animating(),
};
