// @ts-check
// The coach: after each of the human's moves, when the setting is on, the
// AI judges it in a worker of its own; a mistake or a blunder gets a note
// offering to take it back (with the AI's reply to it). A judgement under
// way is never replaced (a player moving faster than the AI judges would
// hear nothing): moves made meanwhile wait, and the latest is judged next.
import { percent } from '../../panels/analysis.js';
import { JUDGE_ITERATIONS } from '../../ai/review-runner.js';

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../../engine/types.js').Judgement} Judgement
 */

export class Coach {
  /**
   * @param {Page} page
   * @param {{ judge: import('../../ai/client.js').AiClient['judge'] }} client
   * @param {() => void} render draws the note again (only it)
   */
  constructor(page, client, render) {
    this.page = page;
    this.client = client;
    this.render = render;
    /** The move the note is about (its ply) and its judgement. @type {{ ply: number, judged: Judgement } | null} */
    this.note = null;
    /** The last judgement, note or not. @type {Judgement | null} */
    this.last = null;
    /** The move being judged (its ply), if any. @type {number | null} */
    this.judging = null;
    /** The latest move of the human's to judge once the one under way is judged. @type {number | null} */
    this.waiting = null;
  }

  /**
   * The human played move number `ply`: the note on the move before ends,
   * and the coach judges this one if it is on.
   * @param {number} ply
   */
  onHumanMove(ply) {
    this.hide();
    if (!this.page.settings.values.coach) return;
    if (this.judging === null) this.judge(ply);
    else this.waiting = ply;
  }

  /** @param {import('../../engine/types.js').Status} st the position now shown */
  onPosition(st) {
    if (this.note && st.ply < this.note.ply) this.hide();
  }

  hide() {
    this.note = null;
  }

  /** Another game: nothing judged of it yet. */
  reset() {
    this.hide();
    this.last = null;
    this.judging = null;
    this.waiting = null;
  }

  /**
   * Has the AI judge move number `ply`; a mistake or a blunder gets a note.
   * @param {number} ply
   */
  async judge(ply) {
    const { session } = this.page;
    const game = session.current;
    const st = session.status();
    /** @type {Judgement | null} */
    let judged = null;
    this.judging = ply;
    this.render();
    try {
      judged = await this.client.judge({ record: game.record(), pie: st.pie, ply, ms: 0, iterations: JUDGE_ITERATIONS });
    } catch {
      // A coach that cannot judge says nothing: the game goes on.
      judged = null;
    }
    if (this.judging !== ply) return;
    this.judging = null;
    const next = this.waiting;
    this.waiting = null;
    const kept = judged && session.current === game && game.moveAt(ply - 1)?.token === judged.played ? judged : null;
    if (kept) this.last = kept;
    if (next !== null && session.current === game && this.page.settings.values.coach) this.judge(next);
    else this.render();
    // A note offers to take the move back only while it is the human's latest.
    if (!kept || next !== null || (kept.class !== 'mistake' && kept.class !== 'blunder')) return;
    this.note = { ply, judged: kept };
    this.render();
    this.page.announce(this.words());
  }

  /**
   * The coach's line while it is on, so that one sees it works: judging,
   * or its verdict on the last move it judged ('' when off).
   */
  status() {
    const { settings, t } = this.page;
    if (!settings.values.coach) return '';
    if (this.judging !== null) return t('coach.judging');
    if (!this.last) return t('coach.on');
    return t('coach.last', { move: this.page.name(this.last.played), class: t('class.' + this.last.class) });
  }

  /** The note's words ('' with no note). */
  words() {
    if (!this.note) return '';
    const { judged } = this.note;
    return this.page.t('coach.' + judged.class, {
      move: this.page.name(judged.played),
      before: percent(judged.before),
      after: percent(judged.after),
      best: judged.best[0] ? this.page.name(judged.best[0]) : '',
    });
  }

  /** Takes back the move the note is about (and the AI's reply to it). */
  takeBack() {
    const ply = this.note?.ply ?? null;
    this.hide();
    this.render();
    if (ply === null) return;
    const { session } = this.page;
    while (session.status().ply >= ply && session.undo());
    this.page.announce(this.page.t('message.undone'));
  }
}
