// @ts-check
// What the play page keeps in the browser: its settings and its game. An
// entry that fails to read is kept under a backup key (store.js) and noted
// in `losses` until the player closes the note; with no room for a backup,
// its key is `held` (not written) until then.
import { readEntry, safeStorage, writeEntry } from './store.js';
import { DEFAULTS, isObject, settingsProblem } from './settings.js';

/** @typedef {import('./panels/lost.js').LostNote} LostNote */

export const storage = safeStorage();
export const GAME_KEY = 'federa.game';
export const SETTINGS_KEY = 'federa.settings';

/** Entries that failed to read, shown until closed. @type {LostNote[]} */
export const losses = [];
/** Keys not to write while their note is open. @type {Set<string>} */
export const held = new Set();
let full = false;
let onNote = () => {};

/**
 * Calls `fn` whenever a note is added once the page is up.
 * @param {() => void} fn
 */
export function whenNoted(fn) {
  onNote = fn;
}

/**
 * Notes an entry that failed to read (or was replaced).
 * @param {LostNote} lost
 */
export function lose(lost) {
  losses.push(lost);
  if (!lost.backup) held.add(lost.key);
}

/**
 * Writes `value` at `key`, unless the key is held; a browser with no room
 * (or that forbids storage) is noted once.
 * @param {string} key
 * @param {unknown} value
 */
export function writeJson(key, value) {
  if (held.has(key) || writeEntry(storage, key, value) || full || !storage) return;
  full = true;
  losses.push({ key, full: true });
  onNote();
}

/** The stored settings over the defaults (bad ones noted, and replaced by the defaults). */
export function readSettings() {
  const read = readEntry(storage, SETTINGS_KEY, settingsProblem);
  if (!read.lost) return { ...DEFAULTS, ...(read.value ?? {}) };
  lose(read.lost);
  // Kept under its backup key: the defaults may take its place at once.
  if (read.lost.backup) writeEntry(storage, SETTINGS_KEY, DEFAULTS);
  return { ...DEFAULTS };
}

/** The game of the page's link (`#r=<record>&pie=0`), or null. */
export function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const record = params.get('r');
  if (!record) return null;
  return { record, pie: params.get('pie') !== '0' };
}

/**
 * The stored game's cells, to draw before the engine has loaded: an empty
 * board of the settings' size when nothing is stored, nothing when the
 * entry does not read or a link is about to replace it.
 * @param {import('./settings.js').Settings} settings
 * @returns {{ size: number, cells: Uint8Array } | {}}
 */
export function preview(settings) {
  if (fromHash()) return {};
  let saved = null;
  try {
    saved = JSON.parse(storage?.getItem(GAME_KEY) ?? 'null');
  } catch {
    return {};
  }
  if (saved === null) return { size: settings.size, cells: new Uint8Array(settings.size * settings.size) };
  const { size, cells } = isObject(saved) ? saved : {};
  if (typeof size !== 'number' || typeof cells !== 'string' || cells.length !== size * size || !/^[0-4]*$/.test(cells)) {
    return {};
  }
  return { size, cells: Uint8Array.from(cells, Number) };
}
