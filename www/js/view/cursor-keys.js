// @ts-check
// The keyboard cursor on the board, shared by the play page and embedded
// boards: arrows move it, Enter or Space acts at it, r and s place a round
// or a square, c changes the group under it, Escape hides it.
import { parsePoint, pointName } from '../engine/points.js';
import { inRegion, wholeBoard } from '../board/geometry.js';

/**
 * @typedef {{ cursor: string | null }
 *   | { act: 'round' | 'square' | 'chosen' | 'change', at: string }} CursorAction
 */

const STEPS = /** @type {Record<string, [number, number]>} */ ({
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
});

/**
 * What `key` does to the cursor on an `size`×`size` board (kept within the
 * `region` shown), or null if it is not a cursor key (with no cursor shown,
 * only Enter and Space are: they show it on `start`). `chosen` acts with
 * the shape the player chose.
 * @param {string} key
 * @param {string | null} cursor
 * @param {number} size
 * @param {string} start
 * @param {import('../board/geometry.js').Region} [region]
 * @returns {CursorAction | null}
 */
export function cursorKey(key, cursor, size, start, region = wholeBoard(size)) {
  const p = cursor ? parsePoint(cursor) : null;
  if (!cursor || !p) return key === 'Enter' || key === ' ' ? { cursor: start } : null;
  const step = STEPS[key];
  if (step) {
    const clamp = (/** @type {number} */ v, /** @type {number} */ lo, /** @type {number} */ hi) => Math.max(lo, Math.min(hi, v));
    return { cursor: pointName(clamp(p.col + step[0], region.c0, region.c1), clamp(p.row + step[1], region.r0, region.r1)) };
  }
  if (key === 'Escape') return { cursor: null };
  if (key === 'Enter' || key === ' ') return { act: 'chosen', at: cursor };
  if (key === 'r') return { act: 'round', at: cursor };
  if (key === 's') return { act: 'square', at: cursor };
  if (key === 'c') return { act: 'change', at: cursor };
  return null;
}

/**
 * Where the cursor first appears: on the last move if it is shown, else the
 * centre of what is shown.
 * @param {string[]} lastMove
 * @param {number} size
 * @param {import('../board/geometry.js').Region} [region]
 */
export function cursorStart(lastMove, size, region = wholeBoard(size)) {
  const last = lastMove[0] ? parsePoint(lastMove[0]) : null;
  if (last && inRegion(region, last.col, last.row)) return lastMove[0];
  return pointName(Math.ceil((region.c0 + region.c1) / 2), Math.ceil((region.r0 + region.r1) / 2));
}
