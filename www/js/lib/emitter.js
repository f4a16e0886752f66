// @ts-check
// The one event emitter of the web code: a controller's events by name,
// each with its detail's type.

/**
 * @template {Record<string, unknown>} E the events: name → detail
 */
export class Emitter {
  constructor() {
    /** @type {Map<keyof E, Set<(detail: any) => void>>} */
    this.listeners = new Map();
  }

  /**
   * Calls `fn` on each event of that name; returns a function that stops it.
   * @template {keyof E} K
   * @param {K} event
   * @param {(detail: E[K]) => void} fn
   * @returns {() => void}
   */
  on(event, fn) {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(fn);
    return () => set.delete(fn);
  }

  /**
   * @template {keyof E} K
   * @param {K} event
   * @param {E[K]} detail
   */
  emit(event, detail) {
    for (const fn of this.listeners.get(event) ?? []) fn(detail);
  }

  /** Every listener dropped. */
  clearListeners() {
    this.listeners.clear();
  }
}
