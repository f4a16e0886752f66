// @ts-check
// The analysis board's part of the play page: on or off (a setting), the
// position it follows (AnalysisRunner, in a worker of its own), the
// candidate whose expected line is shown, and its words for the live
// region.
import { shownCandidates } from '../../ai/analysis-runner.js';
import { percent } from '../../panels/analysis.js';

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../../engine/types.js').Analysis} Analysis
 * @typedef {import('../../engine/types.js').Status} Status
 */

/**
 * Dark's chance of winning by an analysis of the position with status `st`
 * (its `win` is the side to move's).
 * @param {Analysis} a
 * @param {Status} st
 */
export function darkChance(a, st) {
  return st.toMove === 'dark' ? a.win : 1 - a.win;
}

export class AnalysisBoard {
  /**
   * @param {Page} page
   * @param {import('../../ai/analysis-runner.js').AnalysisRunner} runner
   * @param {() => void} render draws the analysis board again (only it: the
   *   pointer's ghost and group stay while a line is shown)
   */
  constructor(page, runner, render) {
    this.page = page;
    this.runner = runner;
    this.render = render;
    /** The candidate move whose expected line is shown, if any. @type {string | null} */
    this.lineOf = null;
  }

  get on() {
    return this.page.settings.values.analysis;
  }

  /** The analysis shown, if the board is on and one has come. */
  shown() {
    return this.on ? this.runner.shown.analysis : null;
  }

  /** Follows the position shown (a new position shows no line yet). */
  follow() {
    const { session } = this.page;
    const game = session.current;
    const st = session.status();
    this.lineOf = null;
    this.runner.follow(this.on && !st.winner ? { record: game.record(), pie: st.pie, ply: st.ply, position: game.position() } : null);
  }

  /**
   * Shows the expected line of the candidate `move` (none with null).
   * @param {string | null} move
   */
  showLine(move) {
    if (move === this.lineOf) return;
    this.lineOf = move;
    this.render();
  }

  /**
   * The candidate played at `point` (the best of them), for a pointer on
   * the board.
   * @param {string | null} point
   */
  candidateAt(point) {
    const a = this.shown();
    if (!a || !point) return null;
    return shownCandidates(a).find((c) => c.line[0]?.at === point || c.points.includes(point))?.move ?? null;
  }

  toggle() {
    this.page.settings.set('analysis', !this.on);
    this.page.announce(this.page.t(this.on ? 'analysis.on' : 'analysis.off'));
  }

  toggleOwnership() {
    this.page.settings.set('ownership', !this.page.settings.values.ownership);
  }

  /** What the evaluation says, for the live region. */
  words() {
    const { t, session } = this.page;
    if (!this.on) return t('analysis.off');
    const a = this.shown();
    const st = session.status();
    if (st.winner) return t('analysis.over');
    if (!a) return t('analysis.starting');
    const best = a.candidates[0];
    return [
      t('analysis.eval', { win: percent(darkChance(a, st)) }),
      best ? t('analysis.candidate', { move: this.page.name(best.line[0] ?? best.move), win: percent(best.win), count: best.visits }) : '',
    ]
      .join('. ')
      .trim();
  }
}
