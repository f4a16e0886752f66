// @ts-check
// What the play page keeps in the browser: its settings and its games (the
// archive, archive.js), with the notes on entries that failed to read
// (store.js's Keeper). GAME_KEY is where earlier versions kept their one game.
import { Keeper, readEntry, safeStorage, writeEntry } from '../../lib/store.js';
import { DEFAULTS, settingsProblem } from '../../game/settings.js';
import { isObject } from '../../lib/objects.js';
import { cellsFromText } from '../../engine/facts.js';
import { fromLink } from '../../game/links.js';
import { CURRENT_KEY, ENTRY_PREFIX } from '../../game/archive.js';

export const keeper = new Keeper(safeStorage());
export const GAME_KEY = 'federa.game';
export const SETTINGS_KEY = 'federa.settings';

/** The stored settings over the defaults (bad ones noted, and replaced by the defaults). */
export function readSettings() {
  const read = readEntry(keeper.storage, SETTINGS_KEY, settingsProblem);
  if (!read.lost) return { ...DEFAULTS, ...(read.value ?? firstVisit()) };
  keeper.lose(read.lost);
  // Kept under its backup key: the defaults may take its place at once.
  if (read.lost.backup) writeEntry(keeper.storage, SETTINGS_KEY, DEFAULTS);
  return { ...DEFAULTS };
}

/**
 * A first visit's settings besides the defaults: on a phone's screen a 9×9
 * board, whose points a finger tells apart (13×13's are 24 px apart at
 * 360 px). Kept once the player changes a setting.
 */
function firstVisit() {
  return typeof matchMedia === 'function' && matchMedia('(max-width: 600px)').matches ? { size: 9 } : {};
}

/**
 * The stored game's cells, to draw before the engine has loaded: an empty
 * board of the settings' size when nothing is stored, nothing when the
 * entry does not read.
 * @param {import('../../game/settings.js').Settings} settings
 * @returns {{ size: number, cells: Uint8Array } | {}}
 */
export function preview(settings) {
  if (fromLink(location.hash)) return {};
  const { storage } = keeper;
  let saved = null;
  try {
    const id = JSON.parse(storage?.getItem(CURRENT_KEY) ?? 'null');
    // An earlier version's game, until it moves into the archive; else the current entry.
    saved = JSON.parse(storage?.getItem(GAME_KEY) ?? (typeof id === 'string' ? storage?.getItem(ENTRY_PREFIX + id) : null) ?? 'null');
  } catch {
    return {};
  }
  if (saved === null) return { size: settings.size, cells: new Uint8Array(settings.size * settings.size) };
  const { size, cells } = isObject(saved) ? saved : {};
  const read = typeof size === 'number' ? cellsFromText(cells, size) : null;
  return read ? { size, cells: read } : {};
}
