// @ts-check
// The play page's settings: their defaults, the values each may take, and
// the check a stored copy must pass before the page trusts it.
import { DEFAULT_SIZE, LEVELS } from '../engine/facts.js';
import { CLOCKS } from './clock.js';
import { Emitter } from '../lib/emitter.js';
import { isObject } from '../lib/objects.js';
import { AI_MS } from './session.js';

/** The AI's time for a move the settings offer, in ms: the master level thinks all of it, the others stop at their iterations. */
export const THINK_MS = [AI_MS, 3000, 10000];

/** The board sizes the new-game dialog offers (the rules allow more). */
export const SIZES = Array.from({ length: 17 }, (_, k) => k + 5);

/**
 * @typedef {{
 *   size: number, pie: boolean, opponent: 'ai' | 'human' | 'watch', level: string,
 *   aiSide: 'light' | 'dark' | 'random', coordinates: boolean, hints: boolean,
 *   pieceSet: 'federa' | 'classic', shape: 'round' | 'square', analysis: boolean, ownership: boolean, explorer: boolean,
 *   coach: boolean, confirmTap: boolean, playerName: string, timeControl: string, liveClock: string, sound: boolean, stun: string,
 *   thinkMs: number,
 * }} Settings
 *
 * confirmTap: on a touch screen a first tap selects, a second plays;
 * playerName: the name last given for a game by link; timeControl: the
 * clock of a new game at one screen or against the AI (clock.js's CLOCKS);
 * liveClock: the clocks a live invitation offers;
 * sound: the clock's low-time warning is heard; stun: a STUN server for
 * live games across networks ('' for none: the page contacts no other host);
 * thinkMs: the AI's time for a move (THINK_MS), less when its clock runs low.
 */

/** @type {Readonly<Settings>} */
export const DEFAULTS = Object.freeze({
  size: DEFAULT_SIZE,
  pie: true,
  opponent: 'ai',
  level: 'club',
  aiSide: 'light',
  coordinates: true,
  hints: false,
  pieceSet: 'federa',
  shape: 'round',
  analysis: false,
  ownership: false,
  explorer: false,
  coach: false,
  confirmTap: true,
  playerName: '',
  timeControl: '',
  liveClock: '300+3',
  sound: true,
  stun: '',
  thinkMs: AI_MS,
});

/** A STUN server's URL as the setting takes it: `stun:host` or `stun:host:port`. */
export const STUN = /^stuns?:[A-Za-z0-9.-]{1,253}(:\d{1,5})?$/;

/** The longest name a player gives for a game by link. */
export const NAME_LENGTH = 20;

/** The values of each setting that is neither a size nor a yes/no. */
export const CHOICES = /** @type {Record<string, readonly unknown[]>} */ ({
  opponent: ['ai', 'human', 'watch'],
  level: LEVELS,
  aiSide: ['light', 'dark', 'random'],
  pieceSet: ['federa', 'classic'],
  shape: ['round', 'square'],
  timeControl: CLOCKS,
  liveClock: CLOCKS,
  thinkMs: THINK_MS,
});

/**
 * Why stored settings are unusable, or null: every known key must hold one
 * of its values (unknown keys are kept as they are; keys every object
 * inherits, such as `toString`, are not settings).
 * @param {unknown} value
 * @returns {{ kind: 'unreadable' } | { kind: 'setting', name: string, value: string } | null}
 */
export function settingsProblem(value) {
  if (!isObject(value)) return { kind: 'unreadable' };
  for (const [name, v] of Object.entries(value)) {
    if (!Object.hasOwn(DEFAULTS, name)) continue;
    const fallback = DEFAULTS[/** @type {keyof Settings} */ (name)];
    const ok =
      name === 'size'
        ? SIZES.includes(/** @type {number} */ (v))
        : name === 'playerName'
          ? typeof v === 'string' && v.length <= NAME_LENGTH
          : name === 'stun'
            ? typeof v === 'string' && (v === '' || STUN.test(v))
          : typeof fallback === 'boolean'
            ? typeof v === 'boolean'
            : CHOICES[name].includes(v);
    if (!ok) return { kind: 'setting', name, value: JSON.stringify(v) };
  }
  return null;
}

/**
 * The settings in use: read through `values`, changed only through `set`
 * (or `merge`), which saves them and tells every listener.
 *
 *   const settings = new SettingsStore(readSettings(), (values) => keeper.write(SETTINGS_KEY, values));
 *   settings.on('change', (changed) => { if ('analysis' in changed) redraw(); });
 *   settings.set('analysis', true);
 */
/** @extends {Emitter<{ change: Partial<Settings> }>} */
export class SettingsStore extends Emitter {
  /**
   * @param {Settings} values
   * @param {(values: Readonly<Settings>) => void} save
   */
  constructor(values, save) {
    super();
    /** @type {Readonly<Settings>} */
    this.values = Object.freeze({ ...values });
    this.save = save;
  }

  /**
   * @template {keyof Settings} K
   * @param {K} key
   * @param {Settings[K]} value
   */
  set(key, value) {
    this.merge(/** @type {Partial<Settings>} */ ({ [key]: value }));
  }

  /**
   * Changes several settings at once (one save, one notice).
   * @param {Partial<Settings>} changed
   */
  merge(changed) {
    this.values = Object.freeze({ ...this.values, ...changed });
    this.save(this.values);
    this.emit('change', changed);
  }

  /** Saves the settings as they are (after a note on the stored ones is closed). */
  resave() {
    this.save(this.values);
  }
}
