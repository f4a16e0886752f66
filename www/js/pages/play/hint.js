// @ts-check
// The hint: the move the AI would play, asked of a worker of its own (so it
// replaces neither the analysis board's request nor the coach's), shown on
// the board in its own shape (a change as its group) until the position
// changes, and said in words. A placement also chooses its shape, so a tap
// or Enter plays what was hinted. Each hint counts in the game's `Hints`
// tag.
import { describeError } from '../../i18n/words.js';
import { percent } from '../../panels/analysis.js';
import { pieceCodeOf, pieceOf } from '../../engine/facts.js';

/** How long the AI looks for a hint. */
const HINT_MS = 1500;

/** @typedef {import('./page.js').Page} Page */

export class Hint {
  /**
   * @param {Page} page
   * @param {{ analyse: import('../../ai/client.js').AiClient['analyse'] }} client
   * @param {() => import('../../engine/types.js').Analysis | null} running the analysis board's finished analysis, if shown
   */
  constructor(page, client, running) {
    this.page = page;
    this.client = client;
    this.running = running;
    /**
     * The hint shown: the position it is for (a variation's move at the
     * same ply is another position), the move, and the group a change turns.
     * @type {{ position: string, move: import('../../engine/types.js').MoveInfo | null, points: string[] } | null}
     */
    this.shown = null;
  }

  /**
   * What the board shows of the hint: its point, the piece it places (or
   * its group becomes) and the group a change turns; null for none or a
   * swap.
   * @returns {{ point: string, piece: import('../../engine/facts.js').PieceName, group: string[] } | null}
   */
  mark() {
    const move = this.shown?.move;
    if (!move?.at || !move.piece) return null;
    return { point: move.at, piece: move.piece, group: this.shown?.points ?? [] };
  }

  /** The position shown changed (or not): a hint for another one goes. */
  onPosition() {
    if (this.shown && this.shown.position !== this.page.session.current.position()) this.shown = null;
  }

  clear() {
    this.shown = null;
  }

  /** Asks the AI for the move it would play, rings it and says it. */
  async ask() {
    const { session, t } = this.page;
    const st = session.status();
    const game = session.current;
    const position = game.position();
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
    if (!best || session.current !== game || game.position() !== position) return;
    const move = best.line[0] ?? null;
    this.shown = { position, move, points: best.points ?? [] };
    const placed = move?.kind === 'place' ? pieceOf(pieceCodeOf(move.piece)) : null;
    if (placed) this.page.settings.set('shape', placed.shape);
    const used = Number(/** @type {[string, string][]} */ (game.tags()).find(([key]) => key === 'Hints')?.[1] ?? 0);
    game.setTag('Hints', String((Number.isInteger(used) ? used : 0) + 1));
    this.page.save();
    this.page.redraw();
    const words = t('hint.move', { move: this.page.name(move ?? best.move), win: percent(best.win) });
    this.page.say(words);
    this.page.announce(words);
  }
}
