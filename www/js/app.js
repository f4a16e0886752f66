// @ts-check
// The play page: the game session (session.js) with the board view, the
// side panel, storage, files and keys around it. Rules are asked of the
// engine, never decided here. The board itself was drawn by first-board.js
// before this module, the engine and the words had loaded.
import { board, settings } from './first-board.js';
import { loadEngine } from './engine.js';
import { parsePoint } from './points.js';
import { AiClient } from './ai.js';
import { LEVELS, pieceCodeOf } from './facts.js';
import { HUMANS, Session, againstAiAs } from './session.js';
import { SIZES, isObject } from './settings.js';
import { loadLanguage, preferredLanguage, setupLanguageSelect, translateDom } from './i18n.js';
import { keepUnread, readEntry } from './store.js';
import { GAME_KEY, SETTINGS_KEY, fromHash, held, lose, losses, storage, whenNoted, writeJson } from './page-store.js';
import { attackPicture } from './attack-picture.js';
import { boardLabel, describeError, describeSkip, narrate } from './words.js';
import { clickShape, hideBadge, hoverShape, showHover } from './hover.js';
import { cursorKey, cursorStart } from './keys.js';
import { nodePaths, renderMoves } from './panels/moves.js';
import { renderLost } from './panels/lost.js';
import { saveFile } from './save-file.js';
import { AnalysisRunner, shownCandidates } from './analysis.js';
import { candidatesLayer, lineLayer, ownershipLayer } from './board/analysis.js';
import { listenCandidates, percent, renderAnalysisStatus, renderCandidates, renderEvalBar } from './panels/analysis.js';
import { ReviewRunner, annotate, isJudgement, markedPlies, nextMarked, reviewedGame, summarise } from './review.js';
import { darkChances, listenGraph, renderGraph, renderSummary } from './panels/review.js';
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
// The analysis board's own worker, beside the game AI's.
const analysis = new AnalysisRunner({ client: () => new AiClient(), onChange: () => renderAnalysis() });
/** The candidate move whose expected line is shown, if any. @type {string | null} */
let lineOf = null;
// Hints and the coach ask workers of their own, so neither replaces the
// analysis board's request or the other's.
const HINT_MS = 1500;
const COACH_MS = 1000;
const hints = new AiClient();
const coaching = new AiClient();
/** The hint shown: the ply it is for and its point (none for a swap). @type {{ ply: number, at: string | null } | null} */
let hint = null;
/** The move the coach's note is about (its ply). @type {number | null} */
let coachPly = null;
/** The coach's last judgement, note or not. @type {import('./types.js').Judgement | null} */
let judgedLast = null;
const review = new ReviewRunner({ client: () => new AiClient(), onChange: () => renderReview() });
/** The marked move shown (its ply: the board shows the position before it). @type {number | null} */
let mistakeAt = null;
/** @type {string | null} */
let cursor = null;
/** @type {{ text: string, tone: string } | null} */
let message = null;
let autoplay = 0;

session.on('change', ({ animate }) => update(animate));
session.on('move', ({ move, status, by }) => {
  message = null;
  // A move of the human's ends the note on the one before; the AI's reply
  // leaves it, since a take-back takes that reply back too.
  if (by === 'human') {
    hideCoach();
    if (settings.coach) coach(status.ply);
  }
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
    isObject(v) &&
    typeof v.record === 'string' &&
    (v.line === undefined || typeof v.line === 'string') &&
    (v.review === undefined || (Array.isArray(v.review) && v.review.every((r) => r === null || isJudgement(r))))
      ? null
      : { kind: 'unreadable' },
  );
  if (read.lost) lose(read.lost);
  if (!read.value) return null;
  try {
    const pie = read.value.pie !== false;
    const game = engine.GameHandle.fromRecord(read.value.record, pie);
    // The line shown, which may be a variation: its moves are the tree's.
    if (read.value.line) {
      const line = engine.GameHandle.fromRecord(read.value.line, pie);
      followLine(game, line.moves());
      line.free();
    }
    return { game, saved: read.value, text: read.text ?? '' };
  } catch (e) {
    lose({ ...keepUnread(storage, GAME_KEY, read.text ?? '', e), shown: read.value.record });
    return null;
  }
}

/**
 * Shows the line of `moves` in `game`, whose tree holds them (the moves of
 * its tree are played again, so no new one is made).
 * @param {Game} game
 * @param {string[]} moves
 */
function followLine(game, moves) {
  game.jump(0);
  for (const token of moves) game.play(token);
}

/// Opens the game of the link, else the stored one, else a new one. A link
/// that replaces a different stored game keeps that game under a backup key.
function restore() {
  const linked = fromHash();
  const stored = storedGame();
  let badLink = null;
  let atLink = false;
  if (linked) {
    try {
      const g = engine.GameHandle.fromRecord(linked.record, linked.pie);
      // The stored game holds every move of the link's (a reload, or the
      // game played on from it): it stays, with its review and variations.
      const has = new Set(stored ? nodePaths(stored.game.tree().rows).map((p) => p.join(' ')) : []);
      const holds =
        stored &&
        reviewedGame(stored.game).start === reviewedGame(g).start &&
        nodePaths(g.tree().rows).every((p) => has.has(p.join(' ')));
      if (!holds) {
        // (A game with no moves is not worth keeping.)
        if (stored && stored.game.tree().rows.length > 0) {
          lose({ ...keepUnread(storage, GAME_KEY, stored.text, { kind: 'replaced' }), shown: stored.saved.record });
        }
        stored?.game.free();
        setGame(g, HUMANS, settings.level);
        showLost();
        return;
      }
      // The stored tree, at the end of the link's line.
      followLine(stored.game, g.moves());
      g.free();
      atLink = true;
    } catch (e) {
      badLink = t('load.badLink', { reason: describeError(t, e) });
    }
  }
  if (stored) {
    const { game: g, saved } = stored;
    if (!atLink && Number.isInteger(saved.ply)) g.jump(saved.ply);
    const seated = ['first', 'second'].every((seat) => ['human', 'ai'].includes(saved.seats?.[seat]));
    if (saved.review) review.restore(reviewedGame(g).start, nodePaths(g.tree().rows), saved.review);
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
  // No analysis in a new game against the AI unless the player turns it on.
  if (seats.first === 'ai' || seats.second === 'ai') setAnalysis(false);
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
  hint = null;
  hideCoach();
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
  if (hint && hint.ply !== st.ply) hint = null;
  if (coachPly !== null && st.ply < coachPly) hideCoach();
  if (mistakeAt !== null && st.ply !== mistakeAt - 1) mistakeAt = null;
  board.set({
    size: st.size,
    cells,
    lastMove: game.lastMovePoints(),
    marks: hint?.at ? [hint.at] : [],
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
  const tree = renderReview();
  $('nav-first').disabled = st.ply === 0;
  $('nav-back').disabled = st.ply === 0;
  $('nav-forward').disabled = st.ply === st.moves && !game.redoable();
  $('nav-last').disabled = st.ply === st.moves;
  renderControls(st);
  renderThinking();
  lineOf = null;
  analysis.follow(
    settings.analysis && !st.winner
      ? { record: game.record(), pie: st.pie, ply: st.ply, position: game.position() }
      : null,
  );
  renderAnalysis();
  const { seats, level } = session;
  const { start } = reviewedGame(game);
  writeJson(GAME_KEY, {
    record: game.annotated(),
    line: game.record(),
    // Each node's judgement, in nodePaths' order (the variations' too).
    review: nodePaths(tree.rows).map((moves) => review.find(start, moves) ?? null),
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
  $('btn-redo').disabled = st.ply === st.moves && !session.current.redoable();
  $('btn-random').disabled = !human;
  $('btn-hint').disabled = !human;
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

/** The analysis board: the bar, the panel's status and list, the overlays. */
function renderAnalysis() {
  const on = settings.analysis;
  const st = session.status();
  const { analysis: found, done, error } = analysis.shown;
  const a = on ? found : null;
  $('btn-analysis').setAttribute('aria-pressed', String(on));
  $('opt-ownership').checked = settings.ownership;
  $('analysis-status').hidden = !on;
  const dark = st.winner ? Number(st.winner === 'dark') : a && darkChance(a, st);
  renderEvalBar($('eval-bar'), on ? dark : null, t);
  const candidates = a && !st.winner ? shownCandidates(a) : [];
  $('candidate-list').hidden = candidates.length === 0;
  renderCandidates($('candidate-list'), candidates, t);
  if (on) {
    const winner = a?.proven == null ? null : a.proven === (st.toMove === 'dark') ? 'dark' : 'light';
    renderAnalysisStatus(
      $('analysis-status'),
      { analysis: a, done, error },
      {
        over: st.winner ? t('analysis.over') : null,
        proven: winner && t('analysis.proven', { color: t('color.' + winner) }),
        failed: error && t('analysis.failed', { reason: describeError(t, error) }),
      },
      t,
    );
  }
  const most = candidates[0]?.visits || 1;
  const marks = candidates
    .filter((c) => c.line[0]?.at)
    .map((c, k) => ({
      point: /** @type {string} */ (c.line[0].at),
      piece: pieceCodeOf(c.line[0].piece),
      group: c.points,
      label: String(percent(c.win)),
      strength: c.visits / most,
      best: k === 0,
    }));
  const line =
    candidates.find((c) => c.move === lineOf)?.line ?? (mistakeAt === null ? null : review.results(reviewedGame(session.current))[mistakeAt - 1]?.best);
  board.set({
    underlays: a && settings.ownership ? [ownershipLayer(a.ownership)] : [],
    overlays: line
      ? [lineLayer(line.filter((m) => m.at).map((m) => ({ point: /** @type {string} */ (m.at), piece: pieceCodeOf(m.piece), change: m.kind === 'change' })))]
      : marks.length
        ? [candidatesLayer(marks)]
        : [],
  });
}

/**
 * Dark's chance of winning by an analysis of the position with status `st`
 * (its `win` is the side to move's).
 * @param {import('./types.js').Analysis} a
 * @param {Status} st
 */
function darkChance(a, st) {
  return st.toMove === 'dark' ? a.win : 1 - a.win;
}

/**
 * Shows the expected line of the candidate `move` (none with null).
 * @param {string | null} move
 */
function showLine(move) {
  if (move === lineOf) return;
  lineOf = move;
  renderAnalysis();
}

/**
 * The candidate played at `point` (the best of them), for a pointer on the
 * board.
 * @param {string | null} point
 */
function candidateAt(point) {
  const a = settings.analysis ? analysis.shown.analysis : null;
  if (!a || !point) return null;
  return shownCandidates(a).find((c) => c.line[0]?.at === point || c.points.includes(point))?.move ?? null;
}

/** @param {boolean} on */
function setAnalysis(on) {
  settings.analysis = on;
  saveSettings();
}

function toggleAnalysis() {
  setAnalysis(!settings.analysis);
  if (session.game) update();
  announce(t(settings.analysis ? 'analysis.on' : 'analysis.off'));
}

function toggleOwnership() {
  settings.ownership = !settings.ownership;
  saveSettings();
  renderAnalysis();
}

/** What the evaluation says, for the live region. */
function evaluationWords() {
  const a = settings.analysis ? analysis.shown.analysis : null;
  if (!settings.analysis) return t('analysis.off');
  const st = session.status();
  if (st.winner) return t('analysis.over');
  if (!a) return t('analysis.starting');
  const best = a.candidates[0];
  return [t('analysis.eval', { win: percent(darkChance(a, st)) }), best ? t('analysis.candidate', { move: best.move, win: percent(best.win), count: best.visits }) : '']
    .join('. ')
    .trim();
}

/** Asks the AI for the move it would play, marks it and says it. */
async function askHint() {
  const st = session.status();
  const game = session.current;
  if (!session.humanToMove(st)) return;
  showMessage(t('hint.looking'));
  const running = settings.analysis ? analysis.shown.analysis : null;
  let found = running?.candidates.length ? running : null;
  try {
    found ??= await hints.analyse({ record: game.record(), pie: st.pie, ply: st.ply, ms: HINT_MS, iterations: 0 });
  } catch (error) {
    showMessage(t('hint.failed', { reason: describeError(t, /** @type {any} */ (error)) }), 'error');
    return;
  }
  const best = found?.candidates[0];
  // Nothing to show if it was stopped, or the game moved on meanwhile.
  if (!best || session.current !== game || session.status().ply !== st.ply) return;
  hint = { ply: st.ply, at: best.line[0]?.at ?? null };
  const used = Number(/** @type {[string, string][]} */ (game.tags()).find(([key]) => key === 'Hints')?.[1] ?? 0);
  game.setTag('Hints', String((Number.isInteger(used) ? used : 0) + 1));
  update();
  const words = t('hint.move', { move: best.move, win: percent(best.win) });
  showMessage(words);
  announce(words);
}

/**
 * Has the AI judge the human's move number `ply`; a mistake or a blunder
 * gets a note offering to take it back.
 * @param {number} ply
 */
async function coach(ply) {
  const game = session.current;
  const st = session.status();
  /** @type {import('./types.js').Judgement | null} */
  let judged = null;
  try {
    judged = await coaching.judge({ record: game.record(), pie: st.pie, ply, ms: COACH_MS, iterations: 0 });
  } catch {
    // A coach that cannot judge says nothing: the game goes on.
    return;
  }
  if (!judged || session.current !== game || game.moveAt(ply - 1)?.token !== judged.played) return;
  judgedLast = judged;
  if (judged.class !== 'mistake' && judged.class !== 'blunder') return;
  coachPly = ply;
  $('coach-text').textContent = t('coach.' + judged.class, {
    move: judged.played,
    before: percent(judged.before),
    after: percent(judged.after),
    best: judged.best[0]?.token ?? '',
  });
  $('coach').hidden = false;
  announce($('coach-text').textContent);
}

function hideCoach() {
  coachPly = null;
  $('coach').hidden = true;
}

/** Takes back the move the coach spoke of (and the AI's reply to it). */
function takeBack() {
  const ply = coachPly;
  hideCoach();
  if (ply === null) return;
  while (session.status().ply >= ply && session.undo());
  announce(t('message.undone'));
}

/**
 * The review's parts: the buttons, progress, graph, table, glyphs and note;
 * returns the game's tree as drawn (the judgements written into it).
 */
function renderReview() {
  const st = session.status();
  const game = reviewedGame(session.current);
  const results = review.results(game);
  const judged = results.filter(Boolean).length;
  const { running, done, total, error } = review.state;
  $('btn-review').hidden = running;
  $('btn-review').disabled = game.tokens.length === 0;
  $('btn-review-cancel').hidden = !running;
  const bar = $('review-bar');
  bar.hidden = !running;
  bar.max = total || 1;
  bar.value = done;
  const status = $('review-status');
  status.textContent = running
    ? t('review.progress', { done, count: total })
    : error
      ? t('review.failed', { reason: describeError(t, error) })
      : judged === game.tokens.length
        ? t('review.done', { count: judged })
        : t('review.stopped', { done: judged, count: game.tokens.length });
  status.hidden = !running && !error && judged === 0;
  for (const id of ['review-graph-box', 'review-table', 'review-steps']) $(id).hidden = judged === 0;
  annotate(session.current, results);
  const tree = session.current.tree();
  renderMoves($('move-list'), tree, t, (id) => showNode(id));
  const onMain = tree.rows.some((/** @type {{ id: number }} */ r) => r.id === tree.current);
  $('btn-promote').disabled = tree.current === null || onMain;
  $('btn-delete-move').disabled = tree.current === null;
  if (judged === 0) {
    $('review-note').hidden = true;
    return tree;
  }
  renderGraph($('review-graph'), darkChances(results), results.map((r) => r?.class), st.ply, t);
  renderSummary($('review-summary'), /** @type {const} */ (['dark', 'light']).map((color) => ({ color, ...summarise(results, color) })), t);
  const from = mistakeAt ?? st.ply;
  $('btn-prev-mistake').disabled = nextMarked(results, from, -1) === null;
  $('btn-next-mistake').disabled = nextMarked(results, from, 1) === null;
  const note = $('review-note');
  const r = mistakeAt === null ? null : results[mistakeAt - 1];
  note.textContent = r
    ? t('review.at', {
        n: /** @type {number} */ (mistakeAt),
        move: r.played,
        class: t('class.' + r.class),
        drop: percent(Math.max(0, r.before - r.after)),
        best: r.best[0]?.token ?? '',
      })
    : markedPlies(results).length === 0 && !running
      ? t('review.noneMarked')
      : '';
  note.hidden = !note.textContent;
  return tree;
}

/**
 * Shows the next (1) or previous (−1) marked move: the position before it,
 * with the line the AI preferred.
 * @param {1 | -1} step
 */
function stepMistake(step) {
  const results = review.results(reviewedGame(session.current));
  const ply = nextMarked(results, mistakeAt ?? session.status().ply, step);
  if (ply === null) return;
  jump(ply - 1);
  mistakeAt = ply;
  renderAnalysis();
  renderReview();
  announce($('review-note').textContent);
}

function showLost() {
  renderLost($('lost'), losses, { [GAME_KEY]: { lost: 'stored.gameLost', full: 'stored.full' } }, t, {
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
    host: $('board-area'),
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
  showLine(candidateAt(point));
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

/** @param {number} id a node of the game's tree */
function showNode(id) {
  message = null;
  session.jumpToNode(id);
}

function forward() {
  message = null;
  session.redo();
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
  const params = new URLSearchParams({ r: session.current.annotated() });
  if (!session.status().pie) params.set('pie', '0');
  return location.href.split('#')[0] + '#' + params.toString();
}

function download() {
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
  saveFile(new Blob([session.current.annotated() + '\n'], { type: 'text/plain' }), `federa-${stamp}.txt`);
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
  ArrowRight: forward,
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
  a: toggleAnalysis,
  n: () => stepMistake(1),
  p: () => stepMistake(-1),
  o: toggleOwnership,
  e: () => announce(evaluationWords()),
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
  $('nav-forward').addEventListener('click', forward);
  $('nav-last').addEventListener('click', () => jump(session.status().moves));
  $('btn-promote').addEventListener('click', () => {
    const { current } = session.current.tree();
    if (current !== null && session.promote(current)) announce(t('message.promoted'));
  });
  $('btn-delete-move').addEventListener('click', () => {
    const { current } = session.current.tree();
    if (current !== null && session.deleteMove(current)) announce(t('message.deleted'));
  });
  for (const shape of /** @type {const} */ (['round', 'square'])) {
    $(`shape-${shape}`).addEventListener('click', () => setShape(shape));
  }

  $('btn-analysis').addEventListener('click', toggleAnalysis);
  $('btn-hint').addEventListener('click', askHint);
  $('btn-review').addEventListener('click', () => review.start(reviewedGame(session.current)));
  $('btn-review-cancel').addEventListener('click', () => review.cancel());
  $('btn-prev-mistake').addEventListener('click', () => stepMistake(-1));
  $('btn-next-mistake').addEventListener('click', () => stepMistake(1));
  listenGraph($('review-graph'), () => session.current.moves().length, (ply) => jump(ply));
  $('btn-take-back').addEventListener('click', takeBack);
  $('btn-keep').addEventListener('click', hideCoach);
  $('opt-ownership').addEventListener('change', toggleOwnership);
  listenCandidates($('candidate-list'), {
    show: showLine,
    play: (move) => {
      message = null;
      session.play(move);
    },
  });

  $('btn-copy').addEventListener('click', () => copyText(session.current.mainRecord(), t('message.copied')));
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
    ['opt-coach', 'coach'],
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
    /** The review's judgements of the moves, and the marked move shown. */
    review: () => ({ results: review.results(reviewedGame(session.current)), state: review.state, mistakeAt }),
    /** The coach's last judgement. */
    judged: () => judgedLast,
    /** The analysis board: what it shows now. */
    analysis: () => ({
      on: settings.analysis,
      done: analysis.shown.done,
      analysis: analysis.shown.analysis,
      line: lineOf,
      underlays: settings.analysis && settings.ownership && analysis.shown.analysis !== null,
    }),
  },
});
