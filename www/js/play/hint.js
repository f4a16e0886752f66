// @ts-check
// The hint: the move the AI would play, asked of a worker of its own (so it
// replaces neither the analysis board's request nor the coach's), ringed on
// the board until the position changes. Each hint counts in the game's
// `Hints` tag.
import { describeError } from '../words.js';
import { percent } from '../panels/analysis.js';

/** How long the AI looks for a hint. */
const HINT_MS = 1500;

/** @typedef {import('./page.js').Page} Page */

export class Hint {
  /**
   * @param {Page} page
   * @param {{ analyse: import('../ai.js').AiClient['analyse'] }} client
   * @param {() => import('../types.js').Analysis | null} running the analysis board's finished analysis, if shown
   */
  constructor(page, client, running) {
    this.page = page;
    this.client = client;
    this.running = running;
    /** The hint shown: the ply it is for and its point (none for a swap). @type {{ ply: number, at: string | null } | null} */
    this.shown = null;
  }

  /** The points to ring. */
  marks() {
    return this.shown?.at ? [this.shown.at] : [];
  }

  /** @param {import('../types.js').Status} st the position now shown */
  onPosition(st) {
    if (this.shown && this.shown.ply !== st.ply) this.shown = null;
  }

  clear() {
    this.shown = null;
  }

  /** Asks the AI for the move it would play, rings it and says it. */
  async ask() {
    const { session, t } = this.page;
    const st = session.status();
    const game = session.current;
    if (!session.humanToMove(st)) return;
    this.page.say(t('hint.looking'));
    const running = this.running();
    let found = running?.candidates.length ? running : null;
    try {
      found ??= await this.client.analyse({ record: game.record(), pie: st.pie, ply: st.ply, ms: HINT_MS, iterations: 0 });
    } catch (error) {
      this.page.say(t('hint.failed', { reason: describeError(t, /** @type {any} */ (error)) }), 'error');
      return;
    }
    const best = found?.candidates[0];
    // Nothing to show if it was stopped, or the game moved on meanwhile.
    if (!best || session.current !== game || session.status().ply !== st.ply) return;
    this.shown = { ply: st.ply, at: best.line[0]?.at ?? null };
    const used = Number(/** @type {[string, string][]} */ (game.tags()).find(([key]) => key === 'Hints')?.[1] ?? 0);
    game.setTag('Hints', String((Number.isInteger(used) ? used : 0) + 1));
    this.page.save();
    this.page.redraw();
    const words = t('hint.move', { move: best.move, win: percent(best.win) });
    this.page.say(words);
    this.page.announce(words);
  }
}
