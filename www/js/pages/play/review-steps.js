// @ts-check
// Next and previous mistake: after a review, steps through the marked
// moves, showing the position before each with the line the AI preferred.
import { nextMarked, reviewedGame } from '../../ai/review-runner.js';
import { percent } from '../../panels/analysis.js';

/** @typedef {import('./page.js').Page} Page */

export class ReviewSteps {
  /**
   * @param {Page} page
   * @param {import('../../ai/review-runner.js').ReviewRunner} review
   */
  constructor(page, review) {
    this.page = page;
    this.review = review;
    /** The marked move shown (its ply: the board shows the position before it). @type {number | null} */
    this.at = null;
  }

  /** The judgements of the game's moves, by ply − 1. */
  results() {
    return this.review.results(reviewedGame(this.page.session.current));
  }

  /** @param {import('../../engine/types.js').Status} st the position now shown */
  onPosition(st) {
    if (this.at !== null && st.ply !== this.at - 1) this.at = null;
  }

  /**
   * Where a step starts: the marked move shown, else the ply shown; at the
   * game's end (where a finished review leaves the board) Next starts from
   * the first move.
   * @param {1 | -1} step
   */
  from(step) {
    const st = this.page.session.status();
    return this.at ?? (step === 1 && st.ply === st.moves ? 0 : st.ply);
  }

  /**
   * Whether there is a marked move that way (1: after, −1: before).
   * @param {1 | -1} step
   */
  can(step, results = this.results()) {
    return nextMarked(results, this.from(step), step) !== null;
  }

  /**
   * Shows the next (1) or previous (−1) marked move.
   * @param {1 | -1} step
   */
  step(step) {
    const { session } = this.page;
    const ply = nextMarked(this.results(), this.from(step), step);
    if (ply === null) return;
    session.jump(ply - 1);
    this.at = ply;
    this.page.redraw();
    this.page.announce(this.words());
  }

  /** The judgement of the marked move shown, if any. */
  shown(results = this.results()) {
    return this.at === null ? null : (results[this.at - 1] ?? null);
  }

  /** What the review says of the marked move shown ('' with none). */
  words(results = this.results()) {
    const r = this.shown(results);
    if (!r || this.at === null) return '';
    const { t } = this.page;
    return t('review.at', {
      n: this.at,
      move: this.page.name(r.played),
      class: t('class.' + r.class),
      drop: percent(Math.max(0, r.before - r.after)),
      best: r.best[0] ? this.page.name(r.best[0]) : '',
    });
  }
}
