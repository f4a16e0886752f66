// The page's side of the AI worker, after lichess's simple engine: one search
// at a time, a new request replaces the old one, progress per report, and a
// hard stop by terminating the worker (a fresh one is started for the next
// request). Answers to replaced or stopped requests are ignored.

/// The AI's levels, weakest first (the engine's names).
export const LEVELS = ['novice', 'casual', 'club', 'strong', 'master'];

export class AiClient {
  constructor() {
    this.worker = null;
    this.ready = null;
    this.current = null;
    this.nextId = 1;
  }

  start() {
    if (this.worker) return this.ready;
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.ready = new Promise((resolve, reject) => {
      this.worker.onerror = (e) => reject(e);
      this.worker.onmessage = (event) => {
        const msg = event.data;
        if (msg.type === 'ready') {
          resolve();
          return;
        }
        const job = this.current;
        if (!job || msg.id !== job.id) return; // stale
        if (msg.type === 'progress') job.onProgress?.(msg.info);
        else if (msg.type === 'result') {
          this.current = null;
          job.resolve(msg.info);
        } else if (msg.type === 'error') {
          this.current = null;
          job.reject(msg.error);
        }
      };
    });
    return this.ready;
  }

  /// Asks for a move: resolves with { best, win, iterations, millis, pv }, or
  /// with null if the request was stopped or replaced.
  async think({ record, pie, player, ms, iterations, seed }, onProgress) {
    this.stop();
    await this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.current = { id, resolve, reject, onProgress };
      this.worker.postMessage({ type: 'think', id, record, pie, player, ms, iterations, seed });
    });
  }

  /// Whether a search is running.
  get busy() {
    return this.current !== null;
  }

  /// Stops the running search at once (its promise resolves with null).
  stop() {
    if (!this.current) return;
    const job = this.current;
    this.current = null;
    this.worker.terminate();
    this.worker = null;
    this.ready = null;
    job.resolve(null);
  }

  destroy() {
    this.stop();
    this.worker?.terminate();
    this.worker = null;
  }
}
