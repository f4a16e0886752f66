// @ts-check
// The page's side of the AI worker, after lichess's simple engine: one search
// (a move, an analysis or a puzzle's explanation) at a time, a new request
// replaces the old one, progress per report, and a hard stop by terminating
// the worker (a fresh one is started for the next request). Answers to replaced or stopped requests are ignored. A worker that
// fails (an error, a trap in the wasm) or gives no answer in time is dropped,
// the request is rejected with a `workerFailed` or `workerStuck` error, and
// the next request starts a fresh worker.

/// How long past its time a search may take to answer before its worker
/// counts as stuck.
const MARGIN_MS = 4000;
/// The time allowed to a search with an iteration budget only.
const UNTIMED_MS = 60000;
/// How long a new worker may take to load the engine (a slow phone, a cold
/// cache) before it counts as stuck.
const STARTUP_MS = 20000;

/**
 * @typedef {import('../engine/types.js').Thought} Thought
 * @typedef {import('../engine/types.js').Analysis} Analysis
 * @typedef {import('../engine/types.js').Judgement} Judgement
 * @typedef {import('../engine/types.js').EngineError} EngineError
 * @typedef {{ id: number, resolve: (info: any) => void, reject: (error: EngineError) => void,
 *   onProgress?: (info: any) => void, timer: number }} Job
 * @typedef {{ record: string, pie: boolean, player: string, ms: number, iterations: number, seed?: number }} Request
 * @typedef {{ record: string, pie: boolean, ply: number, ms: number, iterations: number, seed?: number }} AnalysisRequest
 */

/** The blob: module that starts a worker of another origin's script, by its URL. @type {Map<string, string>} */
const starters = new Map();

/**
 * A module worker running `url`. A page may start a worker only from its
 * own origin: an embedded board on another site's page starts a blob:
 * module of that page's origin, which imports the script by its absolute
 * URL (so the script's host must allow other sites: CORS). The worker's
 * own imports and the wasm are then found from the script's URL.
 * @param {URL} url
 */
export function moduleWorker(url) {
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  let starter = starters.get(url.href);
  if (!starter) {
    starter = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' }));
    starters.set(url.href, starter);
  }
  return new Worker(starter, { type: 'module' });
}

export class AiClient {
  constructor() {
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {Promise<void> | null} */
    this.ready = null;
    /** @type {Job | null} */
    this.current = null;
    this.nextId = 1;
  }

  /** @returns {Promise<void>} */
  start() {
    if (this.worker && this.ready) return this.ready;
    const worker = moduleWorker(new URL('./worker.js', import.meta.url));
    this.worker = worker;
    /** @type {Promise<void>} */
    const ready = new Promise((resolve, reject) => {
      worker.onerror = (e) => {
        if (this.worker !== worker) return;
        console.warn('The AI worker failed:', e.message || 'no details');
        const error = { kind: 'workerFailed' };
        reject(error);
        this.fail(error);
      };
      worker.onmessageerror = () => {
        if (this.worker === worker) this.fail({ kind: 'workerFailed' });
      };
      worker.onmessage = (event) => {
        if (this.worker !== worker) return;
        const msg = event.data;
        if (msg?.type === 'ready') {
          resolve();
          return;
        }
        const job = this.current;
        if (!job || msg?.id !== job.id) return; // stale
        if (msg.type === 'progress') job.onProgress?.(msg.info);
        else if (msg.type === 'result') this.finish(job).resolve(msg.info);
        else if (msg.type === 'error') {
          // A trap leaves the wasm in no state to search again.
          if (msg.error?.kind === 'internal') this.drop();
          this.finish(job).reject(msg.error);
        }
      };
    });
    ready.catch(() => {});
    this.ready = ready;
    return ready;
  }

  /**
   * Asks for a move: resolves with { best, win, iterations, millis, pv }, or
   * with null if the request was stopped or replaced; rejects with the
   * engine's error, or `workerFailed` / `workerStuck`.
   * @param {Request} request
   * @param {(info: Thought) => void} [onProgress]
   * @returns {Promise<Thought | null>}
   */
  think({ record, pie, player, ms, iterations, seed }, onProgress) {
    return this.request({ type: 'think', record, pie, player, ms, iterations, seed }, ms, onProgress);
  }

  /**
   * Asks for an analysis of the record's position after `ply` moves (see
   * the worker): resolves with it, or with null if stopped or replaced;
   * `onProgress` hears the analysis so far.
   * @param {AnalysisRequest} request
   * @param {(info: Analysis) => void} [onProgress]
   * @returns {Promise<Analysis | null>}
   */
  analyse({ record, pie, ply, ms, iterations, seed }, onProgress) {
    return this.request({ type: 'analyse', record, pie, ply, ms, iterations, seed }, ms, onProgress);
  }

  /**
   * Asks how good the record's move number `ply` was (see the worker):
   * resolves with the judgement, or with null if stopped or replaced. Its
   * time is spent twice, on the positions before and after the move.
   * @param {AnalysisRequest} request
   * @returns {Promise<Judgement | null>}
   */
  judge({ record, pie, ply, ms, iterations, seed }) {
    return this.request({ type: 'judge', record, pie, ply, ms, iterations, seed }, 2 * ms, undefined);
  }

  /**
   * Asks why a puzzle's wrong move was wrong (embed/explain.js's
   * explainLine, in the worker): resolves with the explanation, or with
   * null if stopped or replaced.
   * @param {{ position: string, side: import('../engine/facts.js').Color, plies: number }} request
   * @returns {Promise<import('./explain.js').Explanation | null>}
   */
  explain({ position, side, plies }) {
    return this.request({ type: 'explain', position, side, plies }, 0, undefined);
  }

  /**
   * Sends `message` to the worker as the one current request.
   * @template T
   * @param {Record<string, unknown>} message
   * @param {number} ms the search's own time (0: an iteration budget)
   * @param {((info: T) => void) | undefined} onProgress
   * @returns {Promise<T | null>}
   */
  request(message, ms, onProgress) {
    this.stop();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      /** @type {Job} */
      const job = { id, resolve, reject, onProgress, timer: 0 };
      this.current = job;
      // Stuck if it does not start in time, or does not answer in its own.
      const deadline = (/** @type {number} */ allowed) => {
        clearTimeout(job.timer);
        job.timer = window.setTimeout(() => {
          if (this.current === job) this.fail({ kind: 'workerStuck', seconds: Math.round(allowed / 1000) });
        }, allowed);
      };
      deadline(STARTUP_MS);
      let ready;
      try {
        ready = this.start();
      } catch {
        this.fail({ kind: 'workerFailed' });
        return;
      }
      ready.then(
        () => {
          if (this.current !== job || !this.worker) return;
          deadline((ms || UNTIMED_MS) + MARGIN_MS);
          this.worker.postMessage({ ...message, id });
        },
        () => {},
      );
    });
  }

  /// Whether a search is running.
  get busy() {
    return this.current !== null;
  }

  /// Stops the running search at once (its promise resolves with null).
  stop() {
    if (!this.current) return;
    const job = this.finish(this.current);
    this.drop();
    job.resolve(null);
  }

  destroy() {
    this.stop();
    this.drop();
  }

  /// Ends `job` as the current request and returns it.
  /** @param {Job} job */
  finish(job) {
    clearTimeout(job.timer);
    if (this.current === job) this.current = null;
    return job;
  }

  /// Drops the worker (the next request starts a fresh one) and rejects the
  /// request it was serving with `error`.
  /** @param {EngineError} error */
  fail(error) {
    this.drop();
    if (this.current) this.finish(this.current).reject(error);
  }

  drop() {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }
}
