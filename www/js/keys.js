// @ts-check
// The keyboard cursor on the board, shared by the play page and embedded
// boards: arrows move it, Enter or Space acts at it, r and s place a round
// or a square, c changes the group under it, Escape hides it.
import { parsePoint, pointName } from './points.js';

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
 * What `key` does to the cursor on an `size`×`size` board, or null if it is
 * not a cursor key (with no cursor shown, only Enter and Space are: they
 * show it on `start`). `chosen` acts with the shape the player chose.
 * @param {string} key
 * @param {string | null} cursor
 * @param {number} size
 * @param {string} start
 * @returns {CursorAction | null}
 */
export function cursorKey(key, cursor, size, start) {
  const p = cursor ? parsePoint(cursor) : null;
  if (!cursor || !p) return key === 'Enter' || key === ' ' ? { cursor: start } : null;
  const step = STEPS[key];
  if (step) {
    const clamp = (/** @type {number} */ v) => Math.max(0, Math.min(size - 1, v));
    return { cursor: pointName(clamp(p.col + step[0]), clamp(p.row + step[1])) };
  }
  if (key === 'Escape') return { cursor: null };
  if (key === 'Enter' || key === ' ') return { act: 'chosen', at: cursor };
  if (key === 'r') return { act: 'round', at: cursor };
  if (key === 's') return { act: 'square', at: cursor };
  if (key === 'c') return { act: 'change', at: cursor };
  return null;
}

/**
 * Where the cursor first appears: on the last move, else the centre.
 * @param {string[]} lastMove
 * @param {number} size
 */
export function cursorStart(lastMove, size) {
  const mid = Math.floor(size / 2);
  return lastMove[0] ?? pointName(mid, mid);
}
