// @ts-check
// Game review: the AI judges every move of the game, one after another, in a
// worker of its own (the worker's cache lets each position be analysed once
// for the two moves around it). The review can be cancelled and resumed:
// what was judged is kept, keyed by the moves up to it, so a later change of
// the game keeps the judgements of the moves before the change.
import { MARKED, MOVE_CLASSES } from '../engine/facts.js';

/**
 * @typedef {import('../engine/types.js').Judgement} Judgement
 * @typedef {import('../engine/types.js').EngineError} EngineError
 * @typedef {{
 *   judge: (request: import('./client.js').AnalysisRequest) => Promise<Judgement | null>,
 *   stop: () => void,
 *   destroy: () => void,
 * }} Client
 * @typedef {{ record: string, pie: boolean, tokens: string[], start: string }} Reviewed
 *   the game: its record, pie rule and moves; `start` names its start (the
 *   size, the pie rule, a set-up position) in the keys of the judgements
 * @typedef {{ running: boolean, done: number, total: number, error: EngineError | null }} ReviewState
 */

/**
 * Search iterations per position judged (a move the search hardly looked
 * at gets half as many again, searched through it): an iteration budget,
 * not a time, so that a game reviewed twice, or a move the coach judged,
 * gets the same marks on any machine. About 250 ms a position in a
 * browser's worker on 13×13.
 */
export const JUDGE_ITERATIONS = 2000;

export class ReviewRunner {
  /**
   * @param {{ client: () => Client, iterations?: number, onChange: () => void }} options
   */
  constructor({ client, iterations = JUDGE_ITERATIONS, onChange }) {
    this.makeClient = client;
    /** @type {Client | null} */
    this.client = null;
    this.iterations = iterations;
    this.onChange = onChange;
    /** @type {Map<string, Judgement>} by the moves up to the judged one */
    this.judged = new Map();
    /** @type {ReviewState} */
    this.state = { running: false, done: 0, total: 0, error: null };
    this.run = 0;
  }

  /**
   * The judgements of `game`'s moves that are known, in order (a hole
   * where a move is not judged yet).
   * @param {Reviewed} game
   * @returns {(Judgement | undefined)[]}
   */
  results(game) {
    return game.tokens.map((_, k) => this.judged.get(key(game, k + 1)));
  }

  /**
   * Reviews every move of `game` not judged yet, in order.
   * @param {Reviewed} game
   */
  async start(game) {
    const run = ++this.run;
    this.client ??= this.makeClient();
    const total = game.tokens.length;
    const missing = () => this.results(game).findIndex((r) => !r);
    this.state = { running: true, done: this.results(game).filter(Boolean).length, total, error: null };
    this.onChange();
    for (let k = missing(); k >= 0 && run === this.run; k = missing()) {
      let judged;
      try {
        judged = await this.client.judge({ record: game.record, pie: game.pie, ply: k + 1, ms: 0, iterations: this.iterations });
      } catch (/** @type {any} */ error) {
        if (run === this.run) this.finish({ error });
        return;
      }
      if (run !== this.run || !judged) return;
      this.judged.set(key(game, k + 1), judged);
      this.state = { ...this.state, done: this.state.done + 1 };
      this.onChange();
    }
    if (run === this.run) this.finish({ error: null });
  }

  /**
   * The judgement of the last of `moves` (played from `start`), if known.
   * @param {string} start
   * @param {string[]} moves
   */
  find(start, moves) {
    return this.judged.get([start, ...moves].join(' '));
  }

  /**
   * Takes back judgements kept in the browser: `results[k]` judges the last
   * of `lines[k]` (moves from `start`), or is null.
   * @param {string} start
   * @param {string[][]} lines
   * @param {(Judgement | null)[]} results
   */
  restore(start, lines, results) {
    results.forEach((r, k) => {
      const moves = lines[k];
      if (r && moves && r.played === moves.at(-1)) this.judged.set([start, ...moves].join(' '), r);
    });
  }

  /** Stops the review and its worker for good (an embedded board that goes). */
  destroy() {
    this.cancel();
    this.client?.destroy();
    this.client = null;
  }

  /** Stops the review; what was judged stays. */
  cancel() {
    if (!this.state.running) return;
    this.run++;
    this.client?.stop();
    this.finish({ error: null });
  }

  /** @param {{ error: EngineError | null }} end */
  finish({ error }) {
    this.state = { ...this.state, running: false, error };
    this.onChange();
  }
}

/**
 * Writes the judgements of the line shown into the game's tree (its
 * `[%eval]`, glyphs and `[%best]`), where the move list, the annotated
 * record and the embed's review mode read them.
 * @param {import('../engine/types.js').Game} game
 * @param {(Judgement | undefined)[]} results
 */
export function annotate(game, results) {
  results.forEach((r, k) => {
    const best = r?.best[0]?.token;
    if (r) game.annotate(k + 1, r.dark, r.class, best && best !== r.played ? best : '');
  });
}

/**
 * The line shown of a game handle, as the review sees it.
 * @param {import('../engine/types.js').Game} game
 * @returns {Reviewed}
 */
export function reviewedGame(game) {
  const st = game.status();
  const setUp = st.setUp ? game.startPosition() : '';
  return { record: game.record(), pie: st.pie, tokens: game.moves(), start: `${st.pie ? 'pie' : 'no pie'} ${st.size} ${setUp}` };
}

/**
 * The key of the judgement of `game`'s move number `ply`.
 * @param {Reviewed} game
 * @param {number} ply
 */
const key = (game, ply) => [game.start, ...game.tokens.slice(0, ply)].join(' ');

/**
 * Whether `value` reads as a judgement (one kept in the browser).
 * @param {any} value
 * @returns {value is Judgement}
 */
export function isJudgement(value) {
  const number = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
  return (
    typeof value === 'object' &&
    value !== null &&
    ['ply', 'before', 'after', 'dark', 'accuracy'].every((k) => number(value[k])) &&
    typeof value.played === 'string' &&
    ['dark', 'light'].includes(value.player) &&
    MOVE_CLASSES.includes(value.class) &&
    Array.isArray(value.best) &&
    value.best.every((/** @type {any} */ m) => typeof m === 'object' && m !== null && typeof m.token === 'string')
  );
}

/**
 * The plies of the marked moves, in order.
 * @param {(Judgement | undefined)[]} results
 */
export function markedPlies(results) {
  return results.flatMap((r, k) => (r && MARKED.includes(r.class) ? [k + 1] : []));
}

/**
 * The next (step 1) or previous (step −1) marked ply from `ply`, or null.
 * @param {(Judgement | undefined)[]} results
 * @param {number} ply the mistake's ply shown now (the board shows the
 *   position before it), or the ply on the board
 * @param {1 | -1} step
 */
export function nextMarked(results, ply, step) {
  const plies = markedPlies(results);
  return (step > 0 ? plies.find((p) => p > ply) : plies.reverse().find((p) => p < ply)) ?? null;
}

/**
 * Per player (the colour played from that move on): moves of each class and
 * the mean accuracy.
 * @param {(Judgement | undefined)[]} results
 * @param {'dark' | 'light'} player
 */
export function summarise(results, player) {
  const mine = /** @type {Judgement[]} */ (results.filter((r) => r && r.player === player));
  /** @type {Record<string, number>} */
  const counts = Object.fromEntries(MARKED.map((c) => [c, 0]));
  for (const r of mine) if (r.class in counts) counts[r.class]++;
  const accuracy = mine.length ? mine.reduce((sum, r) => sum + r.accuracy, 0) / mine.length : 100;
  return { counts, accuracy, moves: mine.length };
}
