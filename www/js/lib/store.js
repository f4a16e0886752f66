// @ts-check
// What the browser keeps between visits. Nothing stored is dropped silently:
// an entry that no longer reads is copied under a backup key before anything
// may replace it, and the caller tells the player (see `Lost`).
import { Emitter } from './emitter.js';

/**
 * An entry that failed to read: where it was, where its copy is kept (null
 * when the browser had no room for one), its text, and why. (The page adds
 * `shown`, the part worth copying, such as a game's record.)
 * @typedef {{ key: string, backup: string | null, text: string, reason: unknown }} Lost
 */

/**
 * The storage, or null where the browser forbids it: the browser's
 * (`localStorage`), or the tab's own (`sessionStorage`).
 * @param {'localStorage' | 'sessionStorage'} [kind]
 * @returns {Storage | null}
 */
export function safeStorage(kind = 'localStorage') {
  try {
    return globalThis[kind] ?? null;
  } catch {
    return null;
  }
}

/**
 * Reads the JSON entry `key`. `check(value)` returns null if the value is
 * usable, else the reason it is not. Returns `{ value, text }` (value null
 * when there is no entry), or `{ lost }` once a bad entry has been kept.
 * @param {Storage | null} storage
 * @param {string} key
 * @param {(value: any) => unknown} check
 * @returns {{ value: any, text: string, lost?: undefined } | { value: null, text: null, lost?: undefined } | { lost: Lost, value?: undefined, text?: undefined }}
 */
export function readEntry(storage, key, check = () => null) {
  /** @type {string | null} */
  let text = null;
  try {
    text = storage?.getItem(key) ?? null;
  } catch {
    return { value: null, text: null };
  }
  if (text === null) return { value: null, text: null };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { lost: keepUnread(storage, key, text, { kind: 'unreadable' }) };
  }
  let reason;
  try {
    reason = check(value);
  } catch (error) {
    // A check that cannot cope with what it finds refuses it.
    console.warn(`Stored ${key} not understood:`, error);
    reason = { kind: 'unreadable' };
  }
  if (reason) return { lost: keepUnread(storage, key, text, reason) };
  return { value, text };
}

/**
 * Copies `text` (which stood at `key` and failed to read for `reason`) to a
 * new key beside it, never over an earlier copy. Returns the `Lost` record.
 * @param {Storage | null} storage
 * @param {string} key
 * @param {string} text
 * @param {unknown} reason
 * @returns {Lost}
 */
export function keepUnread(storage, key, text, reason, now = Date.now()) {
  /** @type {string | null} */
  let backup = `${key}.unread-${new Date(now).toISOString()}`;
  try {
    if (!storage) throw new Error('no storage');
    for (let n = 2; storage.getItem(backup) !== null; n++) {
      backup = `${key}.unread-${new Date(now).toISOString()}-${n}`;
    }
    storage.setItem(backup, text);
  } catch {
    backup = null;
  }
  return { key, backup, text, reason };
}

/**
 * Writes `value` as JSON at `key`; false if the browser refused.
 * @param {Storage | null} storage
 * @param {string} key
 * @param {unknown} value
 */
export function writeEntry(storage, key, value) {
  try {
    storage?.setItem(key, JSON.stringify(value));
    return Boolean(storage);
  } catch {
    return false;
  }
}

/**
 * Removes the entry at `key` (one whose text is kept elsewhere, or that the
 * player deleted); a storage that refuses keeps it.
 * @param {Storage | null} storage
 * @param {string} key
 */
export function removeEntry(storage, key) {
  try {
    storage?.removeItem(key);
  } catch {
    // Kept, it reads again on the next visit.
  }
}

/**
 * An entry the page could not read or had to replace (a `Lost`,
 * with `shown`, the part worth copying), or the note that storage is full.
 * @typedef {{ key: string, full?: boolean, backup?: string | null, text?: string,
 *   reason?: any, shown?: string }} LostNote
 */

/**
 * A page's stored entries with its notes on them: an entry that failed to
 * read is noted until the player closes the note, and
 * with no backup copy its key is held (not written) meanwhile; a browser
 * with no room is noted once. A note added by a write is a `note` event.
 *
 *   const keeper = new Keeper(safeStorage());
 *   keeper.on('note', () => showNotes(keeper.losses));
 *   keeper.write('federa.game', game);
 * @extends {Emitter<{ note: undefined }>}
 */
export class Keeper extends Emitter {
  /** @param {Storage | null} storage */
  constructor(storage) {
    super();
    this.storage = storage;
    /** The notes shown, oldest first. @type {LostNote[]} */
    this.losses = [];
    /** Keys not to write while their note is open. @type {Set<string>} */
    this.held = new Set();
    this.full = false;
  }

  /**
   * Notes an entry that failed to read.
   * @param {LostNote} lost
   */
  lose(lost) {
    this.losses.push(lost);
    if (!lost.backup) this.held.add(lost.key);
  }

  /**
   * Writes `value` as JSON at `key`, unless the key is held.
   * @param {string} key
   * @param {unknown} value
   */
  write(key, value) {
    if (this.held.has(key) || writeEntry(this.storage, key, value) || this.full || !this.storage) return;
    this.full = true;
    this.losses.push({ key, full: true });
    this.emit('note', undefined);
  }

  /**
   * Closes a note; true if its key was held (the caller writes it now).
   * @param {LostNote} lost
   */
  close(lost) {
    this.losses.splice(this.losses.indexOf(lost), 1);
    return this.held.delete(lost.key);
  }
}
