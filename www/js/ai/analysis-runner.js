// @ts-check
// The analysis board's engine side, after lila's ceval: it follows the
// position on the board, asks a worker of its own for an analysis of it, and
// keeps what it found. A position analysed before shows at once from the
// cache; a new one replaces the running request (whose late answers are
// ignored). It knows no rules and draws nothing: `onChange` hears each
// analysis so far and the final one.

/**
 * @typedef {import('../engine/types.js').Analysis} Analysis
 * @typedef {import('../engine/types.js').EngineError} EngineError
 * @typedef {{ record: string, pie: boolean, ply: number, position: string }} Spot
 *   the record and ply to analyse; `position` (the position string) and
 *   `pie` name it in the cache
 * @typedef {{
 *   analyse: (request: import('./client.js').AnalysisRequest, onProgress?: (a: Analysis) => void) => Promise<Analysis | null>,
 *   stop: () => void,
 * }} Client
 * @typedef {{ analysis: Analysis | null, done: boolean, error: EngineError | null }} Shown
 */

/** How long a position is analysed, in milliseconds. */
export const ANALYSIS_MS = 6000;
/** Positions the cache keeps (the oldest go first). */
const CACHE_SIZE = 500;

export class AnalysisRunner {
  /**
   * @param {{ client: () => Client, ms?: number, onChange: (shown: Shown) => void }} options
   */
  constructor({ client, ms = ANALYSIS_MS, onChange }) {
    this.makeClient = client;
    /** @type {Client | null} */
    this.client = null;
    this.ms = ms;
    this.onChange = onChange;
    /** @type {string | null} The position followed now. */
    this.key = null;
    /** @type {Map<string, Analysis>} */
    this.cache = new Map();
    /** @type {Shown} */
    this.shown = { analysis: null, done: false, error: null };
  }

  /**
   * Analyses `spot` (if it is not the one followed already), or stops with
   * `null`.
   * @param {Spot | null} spot
   */
  follow(spot) {
    const key = spot && `${spot.pie ? 'pie' : 'no pie'} ${spot.position}`;
    if (key === this.key) return;
    this.key = key;
    this.client?.stop();
    if (!spot || !key) {
      this.show({ analysis: null, done: false, error: null });
      return;
    }
    const cached = this.cache.get(key);
    if (cached) {
      this.show({ analysis: cached, done: true, error: null });
      return;
    }
    this.show({ analysis: null, done: false, error: null });
    this.client ??= this.makeClient();
    const request = { record: spot.record, pie: spot.pie, ply: spot.ply, ms: this.ms, iterations: 0 };
    this.client
      .analyse(request, (a) => {
        if (this.key === key) this.show({ analysis: a, done: false, error: null });
      })
      .then(
        (a) => {
          if (!a) return;
          this.remember(key, a);
          if (this.key === key) this.show({ analysis: a, done: true, error: null });
        },
        (/** @type {EngineError} */ error) => {
          if (this.key === key) this.show({ analysis: this.shown.analysis, done: true, error });
        },
      );
  }

  /** Stops following: the running request ends, the cache stays. */
  stop() {
    this.follow(null);
  }

  /**
   * @param {string} key
   * @param {Analysis} analysis
   */
  remember(key, analysis) {
    this.cache.delete(key);
    this.cache.set(key, analysis);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(/** @type {string} */ (this.cache.keys().next().value));
  }

  /** @param {Shown} shown */
  show(shown) {
    this.shown = shown;
    this.onChange(shown);
  }
}

/**
 * The candidates worth drawing: at most `most`, best first, the best always,
 * and each other visited at least 3% as often as all of them together or a
 * third as often as the most visited (in a wide opening no move gets 3% of
 * the visits, yet the runners-up are searched as well as the best).
 * @param {Analysis} analysis
 * @param {number} [most]
 */
export function shownCandidates(analysis, most = 6) {
  const total = analysis.candidates.reduce((sum, c) => sum + c.visits, 0);
  const top = analysis.candidates.reduce((max, c) => Math.max(max, c.visits), 0);
  const enough = Math.min(0.03 * total, top / 3);
  return analysis.candidates.filter((c, k) => k === 0 || c.visits >= enough).slice(0, most);
}
