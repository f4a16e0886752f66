// @ts-check
// The coach: after each of the human's moves, when the setting is on, the
// AI judges it in a worker of its own; a mistake or a blunder gets a note
// offering to take it back (with the AI's reply to it).
import { percent } from '../panels/analysis.js';

/** How long the coach thinks about a move. */
const COACH_MS = 1000;

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../types.js').Judgement} Judgement
 */

export class Coach {
  /**
   * @param {Page} page
   * @param {{ judge: import('../ai.js').AiClient['judge'] }} client
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
  }

  /**
   * The human played move number `ply`: the note on the move before ends,
   * and the coach judges this one if it is on.
   * @param {number} ply
   */
  onHumanMove(ply) {
    this.hide();
    if (this.page.settings.values.coach) this.judge(ply);
  }

  /** @param {import('../types.js').Status} st the position now shown */
  onPosition(st) {
    if (this.note && st.ply < this.note.ply) this.hide();
  }

  hide() {
    this.note = null;
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
    try {
      judged = await this.client.judge({ record: game.record(), pie: st.pie, ply, ms: COACH_MS, iterations: 0 });
    } catch {
      // A coach that cannot judge says nothing: the game goes on.
      return;
    }
    if (!judged || session.current !== game || game.moveAt(ply - 1)?.token !== judged.played) return;
    this.last = judged;
    if (judged.class !== 'mistake' && judged.class !== 'blunder') return;
    this.note = { ply, judged };
    this.render();
    this.page.announce(this.words());
  }

  /** The note's words ('' with no note). */
  words() {
    if (!this.note) return '';
    const { judged } = this.note;
    return this.page.t('coach.' + judged.class, {
      move: judged.played,
      before: percent(judged.before),
      after: percent(judged.after),
      best: judged.best[0]?.token ?? '',
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
