// @ts-check
// The play page's settings: their defaults, the values each may take, and
// the check a stored copy must pass before the page trusts it.
import { LEVELS } from './facts.js';

/** The board sizes the new-game dialog offers (the rules allow more). */
export const SIZES = Array.from({ length: 17 }, (_, k) => k + 5);

/**
 * @typedef {{
 *   size: number, pie: boolean, opponent: 'ai' | 'human' | 'watch', level: string,
 *   aiSide: 'light' | 'dark' | 'random', coordinates: boolean, hints: boolean,
 *   pieceSet: 'federa' | 'classic', shape: 'round' | 'square', analysis: boolean, ownership: boolean,
 *   coach: boolean,
 * }} Settings
 */

/** @type {Readonly<Settings>} */
export const DEFAULTS = Object.freeze({
  size: 13,
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
  coach: false,
});

/** The values of each setting that is neither a size nor a yes/no. */
export const CHOICES = /** @type {Record<string, readonly unknown[]>} */ ({
  opponent: ['ai', 'human', 'watch'],
  level: LEVELS,
  aiSide: ['light', 'dark', 'random'],
  pieceSet: ['federa', 'classic'],
  shape: ['round', 'square'],
});

/** @param {unknown} v @returns {v is Record<string, unknown>} */
export const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

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
        : typeof fallback === 'boolean'
          ? typeof v === 'boolean'
          : CHOICES[name].includes(v);
    if (!ok) return { kind: 'setting', name, value: JSON.stringify(v) };
  }
  return null;
}
