// @ts-check
// Animation planning, pure: which cells animate from one board to the next,
// and how an animated cell looks at a given time. A new piece grows in; a
// changed one flips, rippling out from the point that was played.
import { parsePoint } from '../engine/points.js';

export const PLACE_MS = 120;
export const FLIP_MS = 250;
export const RIPPLE_MS = 35;

/**
 * @typedef {{ kind: 'place' | 'flip', start: number, from: number }} Anim
 * @typedef {{ piece: number, scale: number, sx: number, done: boolean }} Look
 */

/**
 * The animations from `before` to `after` (cells of an `size`×`size`
 * board) starting at `now`; `origin` is the point played, if any.
 * @param {ArrayLike<number>} before
 * @param {ArrayLike<number>} after
 * @param {number} size
 * @param {string | null} origin
 * @param {number} now
 * @returns {Map<number, Anim>}
 */
export function plan(before, after, size, origin, now) {
  /** @type {Map<number, Anim>} */
  const anims = new Map();
  if (before.length !== after.length || before.length !== size * size) return anims;
  const o = origin ? parsePoint(origin) : null;
  for (let i = 0; i < after.length; i++) {
    const from = before[i];
    const to = after[i];
    if (from === to || to === 0) continue;
    if (from === 0) {
      anims.set(i, { kind: 'place', start: now, from: 0 });
    } else {
      const steps = o ? Math.abs(o.col - (i % size)) + Math.abs(o.row - Math.floor(i / size)) : 0;
      anims.set(i, { kind: 'flip', start: now + steps * RIPPLE_MS, from });
    }
  }
  return anims;
}

/**
 * How a cell animated by `anim` towards `piece` looks at `now`: the piece
 * shown, its scale, its horizontal squeeze (the flip), and whether the
 * animation is over.
 * @param {Anim} anim
 * @param {number} piece
 * @param {number} now
 * @returns {Look}
 */
export function look(anim, piece, now) {
  if (anim.kind === 'place') {
    const t = Math.max(0, Math.min(1, (now - anim.start) / PLACE_MS));
    return { piece, scale: 1 - (1 - t) * (1 - t), sx: 1, done: t >= 1 };
  }
  const t = Math.max(0, Math.min(1, (now - anim.start) / FLIP_MS));
  return {
    piece: t < 0.5 ? anim.from : piece,
    scale: 1,
    sx: Math.max(0.02, Math.abs(Math.cos(t * Math.PI))),
    done: t >= 1,
  };
}
