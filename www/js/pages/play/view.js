// @ts-check
// The play page drawn from its state: the players and the turn, the
// controls, the AI's thinking, the analysis board, the review and the
// coach's note, and the note under the board. It renders and nothing else:
// the state is the session's and the parts' (hint, coach, review steps,
// analysis board), and changes reach it as a redraw.
import { otherColor, pieceCode, pieceCodeOf, pieceName } from '../../engine/facts.js';
import { parsePoint } from '../../engine/points.js';
import { touchFirst } from '../../i18n/i18n.js';
import { shownCandidates } from '../../ai/analysis-runner.js';
import { candidatesLayer, hintLayer, lineLayer, ownershipLayer } from '../../board/analysis-layers.js';
import { percent, renderAnalysisStatus, renderCandidates, renderEvalBar } from '../../panels/analysis.js';
import { darkChances, renderGraph, renderSummary } from '../../panels/review.js';
import { renderMoves } from '../../panels/moves.js';
import { renderLost } from '../../panels/lost.js';
import { annotate, markedPlies, reviewedGame, summarise } from '../../ai/review-runner.js';
import { boardLabel, describeError, describeSkip } from '../../i18n/words.js';
import { darkChance } from './analysis-board.js';
import { explorerWords, renderBookMoves } from '../../panels/explorer.js';
import { $ } from '../../lib/dom.js';

/**
 * @typedef {import('../../engine/types.js').Status} Status
 * @typedef {import('../../engine/facts.js').Color} Color
 * @typedef {import('../../panels/lost.js').LostNote} LostNote
 */


export class PlayView {
  /**
   * @param {{
   *   page: import('./page.js').Page,
   *   board: import('../../board/board.js').Board,
   *   boardView: import('../../view/board-view.js').BoardView,
   *   hint: import('./hint.js').Hint,
   *   coach: import('./coach.js').Coach,
   *   steps: import('./review-steps.js').ReviewSteps,
   *   analysis: import('./analysis-board.js').AnalysisBoard,
   *   explorer: import('./explorer.js').Explorer,
   *   review: import('../../ai/review-runner.js').ReviewRunner,
   *   keeper: import('../../lib/store.js').Keeper,
   *   autoplaying: () => boolean,
   *   showNode: (id: number) => void,
   *   lostActions: { copy: (text: string) => void, close: (lost: LostNote) => void },
   *   lostWords: () => Record<string, { lost: string, full: string }>,
   *   seatName: (seat: 'first' | 'second', marked: boolean) => string | null,
   *   friendVerbs: () => import('../../friends/check.js').Verbs | null,
   *   renderFriend: () => void,
   * }} parts
   * lostWords: what the notes on each stored key say (play/persist.js's);
   * seatName: a seat's player's name in a game by link; friendVerbs: what
   * the player here may do in one (null in any other game); renderFriend:
   * draws its panel
   */
  constructor(parts) {
    this.parts = parts;
    /** The note under the board, until the reader's next action. @type {{ text: string, tone: string } | null} */
    this.message = null;
  }

  /**
   * Shows a note under the board.
   * @param {string} text
   * @param {string} tone
   */
  say(text, tone = 'info') {
    this.message = { text, tone };
    this.renderMessage();
  }

  clearMessage() {
    this.message = null;
  }

  renderMessage() {
    $('message').textContent = this.message?.text ?? '';
    $('message').className = 'message ' + (this.message?.tone ?? '');
  }

  /**
   * Draws everything from the state.
   * @param {{ origin: string | null } | null} animate
   */
  update(animate = null) {
    const { page, board, boardView } = this.parts;
    const { session, settings, t } = page;
    const game = session.current;
    const st = session.status();
    const line = this.turnLine(st);
    const cells = game.board();
    this.renderStatus(st, line);
    board.set({
      size: st.size,
      cells,
      lastMove: game.lastMovePoints(),
      hints: settings.values.hints && session.humanToMove(st) ? game.changeableGroups() : [],
      focus: null,
      ghost: null,
      cursor: boardView.cursor,
      coordinates: settings.values.coordinates,
      pieceSet: settings.values.pieceSet,
      interactive: true,
      label: boardLabel(t, cells, st.size, line, st.ply > 0 ? game.moveAt(st.ply - 1) : null),
      animate,
    });
    boardView.showSelected();
    this.renderSelection();
    this.renderReview();
    $('nav-first').disabled = st.ply === 0;
    $('nav-back').disabled = st.ply === 0;
    $('nav-forward').disabled = st.ply === st.moves && !game.redoable();
    $('nav-last').disabled = st.ply === st.moves;
    this.renderControls(st);
    this.renderThinking();
    this.renderCoach();
    this.renderAnalysis();
    this.renderExplorer();
    this.parts.renderFriend();
  }

  /**
   * What the player of `color` is called; `marked`: in a label beside the
   * board, where this browser's player of a link game is marked as such.
   * @param {Color} color
   * @param {Status} st
   * @param {boolean} [marked]
   */
  playerName(color, st, marked = false) {
    const { session, t } = this.parts.page;
    const named = this.parts.seatName(st.seats[color], marked);
    if (named) return named;
    if (session.seatOf(color, st) === 'ai') return t('seat.ai', { level: t('level.' + session.level) });
    if (session.againstAi()) return t('seat.you');
    return t('seat.' + st.seats[color]);
  }

  /** @param {Status} st */
  wonLine(st) {
    const { session, t } = this.parts.page;
    const outcome = session.outcome(st);
    if (!outcome) return '';
    const { winner, how } = outcome;
    const loser = otherColor(winner);
    const key = how === 'resign' ? 'status.wonResign' : how === 'time' ? 'status.wonTime' : 'status.won';
    return t(key, { color: t('color.' + winner), player: this.playerName(winner, st), loser: t('color.' + loser) });
  }

  /**
   * Whose turn it is, who won, or who was just skipped.
   * @param {Status} st
   */
  turnLine(st) {
    const { session, t } = this.parts.page;
    if (session.outcome(st)) return this.wonLine(st);
    if (st.skipped) return describeSkip(t, st);
    return t('status.toMove', { color: t('color.' + st.toMove), player: this.playerName(st.toMove, st) });
  }

  /**
   * @param {Status} st
   * @param {string} line
   */
  renderStatus(st, line) {
    const { session, t } = this.parts.page;
    const over = session.outcome(st) !== null;
    for (const color of /** @type {const} */ (['dark', 'light'])) {
      $(`player-${color}-name`).textContent = this.playerName(color, st, true);
      $(`player-${color}-count`).textContent = t('status.pieces', { count: st[color] });
      $(`player-${color}`).classList.toggle('to-move', !over && st.toMove === color);
    }
    $('turn').textContent = line;
    $('turn').className = over ? 'turn over' : 'turn';
    $('swap-note').hidden = !st.swapped;
    $('swap-note').textContent = st.swapped ? t('status.swapped') : '';
    $('empty-count').textContent = t('status.empty', { count: st.empty });
    this.renderMessage();
  }

  renderControls(st = this.parts.page.session.status()) {
    const { session, settings, t } = this.parts.page;
    const human = session.humanToMove(st);
    const autoplay = this.parts.autoplaying();
    const friend = this.parts.friendVerbs();
    const over = session.outcome(st) !== null;
    $('btn-swap').hidden = !(st.swapAvailable && human);
    // In a game by link a take-back is asked for (the link game's panel).
    $('btn-undo').hidden = session.remote();
    $('btn-redo').hidden = session.remote();
    $('btn-undo').disabled = st.ply === 0;
    $('btn-redo').disabled = st.ply === st.moves && !session.current.redoable();
    const watching = session.seats.first === 'ai' && session.seats.second === 'ai';
    $('btn-resign').hidden = friend ? !friend.resign : over || watching || st.moves === 0;
    $('btn-rematch').hidden = friend ? !friend.rematch : !over;
    if ($('btn-resign').hidden) $('resign-confirm').hidden = true;
    // Random moves are for a game at one screen, never played for a player facing the AI.
    // Nor for a player whose friend plays elsewhere: a hint there would be the AI's move, not theirs.
    $('btn-random').hidden = session.againstAi() || session.remote();
    $('btn-autoplay').hidden = session.againstAi() || session.remote();
    $('btn-hint').hidden = session.remote();
    $('btn-random').disabled = !human;
    $('btn-hint').disabled = !human;
    $('btn-autoplay').textContent = t(autoplay ? 'btn.stopAutoplay' : 'btn.autoplay');
    $('btn-autoplay').setAttribute('aria-pressed', String(autoplay));
    $('btn-resume').hidden = !session.aiWaiting(st);
    for (const shape of ['round', 'square']) $(`shape-${shape}`).setAttribute('aria-checked', String(settings.values.shape === shape));
  }

  renderThinking() {
    const { session, t } = this.parts.page;
    const thinking = session.thinking;
    $('thinking').hidden = !thinking;
    if (!thinking) return;
    const p = session.progress;
    $('thinking-text').textContent = p
      ? t('ai.progress', { count: p.iterations, move: this.parts.page.name(p.best), win: Math.round(p.win * 100) })
      : t('ai.starting');
    const bar = $('thinking-bar');
    bar.value = p ? Math.min(session.aiMs, p.millis) : 0;
    bar.max = session.aiMs;
    $('btn-move-now').disabled = !p;
  }

  renderCoach() {
    const { coach } = this.parts;
    const words = coach.words();
    $('coach-text').textContent = words;
    $('coach').hidden = !words;
    const status = coach.status();
    // A live region: written only when it says something new.
    if ($('coach-status').textContent !== status) $('coach-status').textContent = status;
    $('coach-status').hidden = !status;
  }

  /**
   * The Play button of a tap's selection: what playing it would do, shown
   * on touch screens while confirmation is on (space kept, so nothing
   * moves when it comes and goes).
   */
  renderSelection() {
    const { page, boardView } = this.parts;
    const { session, settings, t } = page;
    const button = $('btn-play');
    const at = boardView.selected;
    const st = session.status();
    const move = at && session.humanToMove(st) ? this.selectedMove(at, st) : null;
    button.hidden = !settings.values.confirmTap || !touchFirst();
    button.disabled = !move;
    button.textContent = move ? t('btn.play', { move: page.name(move) }) : t('btn.playNone');
    button.title = button.textContent;
  }

  /**
   * The move a tap on `at` would play, if it may be played.
   * @param {string} at
   * @param {Status} st
   * @returns {import('../../engine/types.js').MoveInfo | null}
   */
  selectedMove(at, st) {
    const { session, settings } = this.parts.page;
    const p = parsePoint(at);
    const info = p && session.current.groupAt(p.col, p.row);
    if (!info) return { token: '', kind: 'place', color: st.toMove, at, piece: pieceName(pieceCode(st.toMove, settings.values.shape)) ?? undefined };
    if (info.refusal) return null;
    return { token: '', kind: 'change', color: st.toMove, at, piece: st.toMove === 'dark' ? info.intoDark : info.intoLight };
  }

  /** The analysis board: the bar, the panel's status and list, the overlays. */
  renderAnalysis() {
    const { page, board, analysis, explorer, steps, hint } = this.parts;
    const { session, settings, t } = page;
    const on = settings.values.analysis;
    const st = session.status();
    const { done, error } = analysis.runner.shown;
    const a = analysis.shown();
    $('btn-analysis').setAttribute('aria-pressed', String(on));
    $('opt-ownership').checked = settings.values.ownership;
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
    const pointed = explorer.pointedMove();
    const line = pointed ? [pointed] : (candidates.find((c) => c.move === analysis.lineOf)?.line ?? steps.shown()?.best);
    const hinted = hint.mark();
    board.set({
      underlays: a && settings.values.ownership ? [ownershipLayer(a.ownership)] : [],
      overlays: [
        ...(line
          ? [lineLayer(line.filter((m) => m.at).map((m) => ({ point: /** @type {string} */ (m.at), piece: pieceCodeOf(m.piece), change: m.kind === 'change' })))]
          : marks.length
            ? [candidatesLayer(marks)]
            : []),
        ...(hinted ? [hintLayer({ ...hinted, piece: pieceCodeOf(hinted.piece) })] : []),
      ],
    });
  }

  /** The opening explorer: its toggle, its line and the book's moves. */
  renderExplorer() {
    const { page, explorer } = this.parts;
    const { t } = page;
    const shown = explorer.shown();
    $('btn-explorer').setAttribute('aria-pressed', String(explorer.on));
    $('explorer-status').hidden = shown.kind === 'off';
    $('explorer-status').textContent = explorerWords(shown, t, (error) => describeError(t, error));
    const moves = shown.kind === 'moves' ? shown.moves : [];
    $('explorer-box').hidden = moves.length === 0;
    renderBookMoves(/** @type {HTMLOListElement} */ ($('explorer-moves')), moves, t);
  }

  /**
   * The review's parts: the buttons, progress, graph, table, glyphs and
   * note, and the move list (the judgements written into the game's tree).
   */
  renderReview() {
    const { page, review, steps } = this.parts;
    const { session, t } = page;
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
    renderMoves($('move-list'), tree, t, this.parts.showNode);
    const onMain = tree.rows.some((/** @type {{ id: number }} */ r) => r.id === tree.current);
    $('btn-promote').disabled = tree.current === null || onMain;
    $('btn-delete-move').disabled = tree.current === null;
    if (judged === 0) {
      $('review-note').hidden = true;
      return;
    }
    renderGraph($('review-graph'), darkChances(results), results.map((r) => r?.class), st.ply, t);
    renderSummary($('review-summary'), /** @type {const} */ (['dark', 'light']).map((color) => ({ color, ...summarise(results, color) })), t);
    $('btn-prev-mistake').disabled = !steps.can(-1, results);
    $('btn-next-mistake').disabled = !steps.can(1, results);
    const note = $('review-note');
    note.textContent = steps.words(results) || (markedPlies(results).length === 0 && !running ? t('review.noneMarked') : '');
    note.hidden = !note.textContent;
  }

  /** The notes on stored entries. */
  renderLost() {
    const { keeper, page, lostActions, lostWords } = this.parts;
    renderLost($('lost'), keeper.losses, lostWords(), page.t, lostActions);
  }
}
