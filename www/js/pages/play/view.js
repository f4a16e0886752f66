// @ts-check
// The play page drawn from its state (ctrl.js's, and its parts'): the
// players and the turn, the board, the controls, the AI's thinking, the
// analysis board, the explorer, the review and the move list, the coach's
// note, the note under the board, the notes on stored entries and the list
// of games. It draws and nothing else: it reads the state and changes none
// of it, and draws when the ctrl asks (`redraw`, or one part alone).
import { pieceCode, pieceCodeOf, pieceName } from '../../engine/facts.js';
import { parsePoint } from '../../engine/points.js';
import { touchFirst, translateDom } from '../../i18n/i18n.js';
import { shownCandidates } from '../../ai/analysis-runner.js';
import { candidatesLayer, hintLayer, lineLayer, ownershipLayer } from '../../board/analysis-layers.js';
import { percent, renderAnalysisStatus, renderCandidates, renderEvalBar } from '../../panels/analysis.js';
import { darkChances, renderGraph, renderSummary } from '../../panels/review.js';
import { renderMoves } from '../../panels/moves.js';
import { renderLost } from '../../panels/lost.js';
import { renderArchive, renderDeleted } from '../../panels/games.js';
import { markedPlies, reviewedGame, summarise } from '../../ai/review-runner.js';
import { describeError } from '../../i18n/words.js';
import { boardPicture } from '../../view/board-picture.js';
import { attackPicture } from '../../view/attack-picture.js';
import { darkChance } from './analysis-board.js';
import { explorerWords, renderBookMoves } from '../../panels/explorer.js';
import { $ } from '../../lib/dom.js';

/**
 * @typedef {import('../../engine/types.js').Status} Status
 * @typedef {import('./ctrl.js').PlayCtrl} PlayCtrl
 * @typedef {import('./ctrl.js').Animate} Animate
 * @typedef {import('./ctrl.js').View} View
 */

/** @implements {View} */
export class PlayView {
  /** @param {PlayCtrl} ctrl read only when drawing (it is still being made) */
  constructor(ctrl) {
    this.ctrl = ctrl;
  }

  /** The note under the board. */
  drawMessage() {
    const { message } = this.ctrl;
    $('message').textContent = message?.text ?? '';
    $('message').className = 'message ' + (message?.tone ?? '');
  }

  /**
   * Says `text` in the live region (the board view's).
   * @param {string} text
   */
  announce(text) {
    this.ctrl.boardView.announce(text);
  }

  /** The page's fixed words, the attack picture and the dialogs' choices, in the language. */
  translate() {
    const { t, i18n, engine, newGameDialog, settingsPanel, links } = this.ctrl;
    document.documentElement.lang = i18n.locale;
    document.title = t('app.title');
    translateDom(document, t);
    $('attack-picture').replaceChildren(attackPicture(t, engine.attacks));
    newGameDialog.translate();
    settingsPanel.translate();
    links.translate();
  }

  /**
   * Draws the page from the state.
   * @param {Animate} [animate]
   */
  redraw(animate = null) {
    const { session, settings, board, boardView, t } = this.ctrl;
    const game = session.current;
    const st = session.status();
    const line = this.ctrl.turnLine(st);
    this.drawStatus(st, line);
    board.set({
      ...boardPicture(game, st, {
        t,
        line,
        hints: settings.values.hints && session.humanToMove(st),
        cursor: boardView.cursor,
        coordinates: settings.values.coordinates,
        interactive: true,
        animate,
      }),
      pieceSet: settings.values.pieceSet,
    });
    boardView.showSelected();
    this.drawSelection();
    this.drawReview();
    $('nav-first').disabled = st.ply === 0;
    $('nav-back').disabled = st.ply === 0;
    $('nav-forward').disabled = st.ply === st.moves && !game.redoable();
    $('nav-last').disabled = st.ply === st.moves;
    this.drawControls(st);
    this.drawThinking();
    this.drawCoach();
    this.drawAnalysis();
    this.drawExplorer();
    // The link game's panel, drawn by its part.
    this.ctrl.links.render();
  }

  /**
   * @param {Status} st
   * @param {string} line
   */
  drawStatus(st, line) {
    const { session, t } = this.ctrl;
    const over = session.outcome(st) !== null;
    for (const color of /** @type {const} */ (['dark', 'light'])) {
      $(`player-${color}-name`).textContent = this.ctrl.playerName(color, st, true);
      $(`player-${color}-count`).textContent = t('status.pieces', { count: st[color] });
      $(`player-${color}`).classList.toggle('to-move', !over && st.toMove === color);
    }
    $('turn').textContent = line;
    $('turn').className = over ? 'turn over' : 'turn';
    $('swap-note').hidden = !st.swapped;
    $('swap-note').textContent = st.swapped ? t('status.swapped') : '';
    $('empty-count').textContent = t('status.empty', { count: st.empty });
    this.drawMessage();
  }

  /** @param {Status} st */
  drawControls(st) {
    const { session, settings, t } = this.ctrl;
    const human = session.humanToMove(st);
    const autoplay = Boolean(this.ctrl.autoplay);
    const friend = this.ctrl.links.verbs();
    // Over at the main line's end, also while an earlier position or a variation is shown.
    const over = session.over(st);
    $('btn-swap').hidden = !(st.swapAvailable && human);
    // In a game by link a take-back is asked for (the link game's panel).
    $('btn-undo').hidden = session.remote();
    $('btn-redo').hidden = session.remote();
    $('btn-undo').disabled = st.ply === 0;
    $('btn-redo').disabled = st.ply === st.moves && !session.current.redoable();
    $('btn-resign').hidden = friend ? !friend.resign : over || session.aiPlaysItself() || st.moves === 0;
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
    for (const shape of ['round', 'square']) {
      const checked = settings.values.shape === shape;
      $(`shape-${shape}`).setAttribute('aria-checked', String(checked));
      $(`shape-${shape}`).tabIndex = checked ? 0 : -1;
    }
  }

  /** The AI's thinking: its progress and best move so far. */
  drawThinking() {
    const { session, t } = this.ctrl;
    const thinking = session.thinking;
    $('thinking').hidden = !thinking;
    if (!thinking) return;
    const p = session.progress;
    $('thinking-text').textContent = p
      ? t('ai.progress', { count: p.iterations, move: this.ctrl.name(p.best), win: Math.round(p.win * 100) })
      : t('ai.starting');
    const bar = $('thinking-bar');
    bar.value = p ? Math.min(session.aiMs, p.millis) : 0;
    bar.max = session.aiMs;
    $('btn-move-now').disabled = !p;
  }

  /** The coach's note and its line. */
  drawCoach() {
    const { coach } = this.ctrl;
    const words = coach.words();
    $('coach-text').textContent = words;
    $('coach').hidden = !words;
    const status = coach.status();
    // A live region: written only when it says something new.
    if ($('coach-status').textContent !== status) $('coach-status').textContent = status;
    $('coach-status').hidden = !status;
    // Its verdict's colour: a blunder is not said in the green of a fine move (federa.css).
    $('coach-status').dataset.verdict = coach.judging === null && coach.last ? coach.last.class : '';
  }

  /**
   * The Play button of a tap's selection: what playing it would do, shown
   * on touch screens while confirmation is on (space kept, so nothing
   * moves when it comes and goes).
   */
  drawSelection() {
    const { session, settings, boardView, t } = this.ctrl;
    const button = $('btn-play');
    const at = boardView.selected;
    const st = session.status();
    const move = at && session.humanToMove(st) ? this.selectedMove(at, st) : null;
    button.hidden = !settings.values.confirmTap || !touchFirst();
    button.disabled = !move;
    button.textContent = move ? t('btn.play', { move: this.ctrl.name(move) }) : t('btn.playNone');
    button.title = button.textContent;
  }

  /**
   * The move a tap on `at` would play, if it may be played.
   * @param {string} at
   * @param {Status} st
   * @returns {import('../../engine/types.js').MoveInfo | null}
   */
  selectedMove(at, st) {
    const { session, settings } = this.ctrl;
    const p = parsePoint(at);
    const info = p && session.current.groupAt(p.col, p.row);
    if (!info) return { token: '', kind: 'place', color: st.toMove, at, piece: pieceName(pieceCode(st.toMove, settings.values.shape)) ?? undefined };
    if (info.refusal) return null;
    return { token: '', kind: 'change', color: st.toMove, at, piece: st.toMove === 'dark' ? info.intoDark : info.intoLight };
  }

  /** The analysis board: the bar, the panel's status and list, the overlays. */
  drawAnalysis() {
    const { session, settings, board, analysis, explorer, steps, hint, t } = this.ctrl;
    const on = settings.values.analysis;
    const st = session.status();
    const { done, error } = analysis.runner.shown;
    const a = analysis.shown();
    $('btn-analysis').setAttribute('aria-pressed', String(on));
    $('opt-ownership').checked = settings.values.ownership;
    $('analysis-status').hidden = !on;
    const dark = st.winner ? Number(st.winner === 'dark') : a && darkChance(a, st);
    renderEvalBar($('eval-bar'), on ? dark : null, t);
    $('board-area').classList.toggle('analysing', on);
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
  drawExplorer() {
    const { explorer, t } = this.ctrl;
    const shown = explorer.shown();
    $('btn-explorer').setAttribute('aria-pressed', String(explorer.on));
    $('explorer-status').hidden = shown.kind === 'off';
    $('explorer-status').textContent = explorerWords(shown, t, (error) => describeError(t, error));
    const moves = shown.kind === 'moves' ? shown.moves : [];
    $('explorer-box').hidden = moves.length === 0;
    renderBookMoves(/** @type {HTMLOListElement} */ ($('explorer-moves')), moves, t);
  }

  /**
   * The review's parts: the buttons, progress, graph, table and note, and
   * the move list (with the judgements the ctrl wrote into the game's tree).
   */
  drawReview() {
    const { session, review, steps, t } = this.ctrl;
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
    // On a phone the board stays on top while the steps below are used (federa.css).
    document.body.classList.toggle('reviewing', judged > 0);
    const tree = session.current.tree();
    renderMoves($('move-list'), tree, t, (id) => this.ctrl.showNode(id));
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
  drawLost() {
    const { keeper, persist, t } = this.ctrl;
    renderLost($('lost'), keeper.losses, persist.lostWords(), t, {
      copy: (text) => this.ctrl.copyText(text, t('message.textCopied')),
      close: (lost) => this.ctrl.closeNote(lost),
    });
  }

  /** The list of games, and the note of a deletion with its undo. */
  drawGames() {
    const { archive, games, settings, i18n, t } = this.ctrl;
    const list = $('archive-list');
    const computed = getComputedStyle(list);
    const look = { pieceSet: settings.values.pieceSet, colour: (/** @type {string} */ name) => computed.getPropertyValue(name).trim() };
    renderArchive(list, archive.list(), { t, locale: i18n.locale, current: archive.current, renaming: games.renaming, look }, {
      open: (id) => games.reopen(id),
      rename: (id) => games.rename(id),
      named: (id, name) => games.named(id, name),
      remove: (id) => games.remove(id),
      resend: (id) => games.resend(id),
    });
    renderDeleted($('archive-note'), games.deleted?.title ?? null, t, () => games.undo());
  }
}
