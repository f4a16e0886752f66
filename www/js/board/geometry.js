// @ts-check
// Where things are on the board's canvas: pure arithmetic, in CSS pixels
// from the canvas's top-left corner.
import { pointName } from '../points.js';

export const PIECE_DIAMETER = 0.84;
// Same area as the circle: side = d * sqrt(pi) / 2.
export const SQUARE_SIDE = (PIECE_DIAMETER * Math.sqrt(Math.PI)) / 2;
// How near a point a pointer must be, in cells, to act on it.
const REACH = 0.48;

/**
 * @typedef {{ side: number, n: number, pad: number, cell: number }} Geometry
 */

/**
 * The layout of an `n`×`n` board drawn in a square of `side` pixels: the
 * margin (wider with coordinates) and the spacing of the lines.
 * @param {number} side
 * @param {number} n
 * @param {boolean} coordinates
 * @returns {Geometry}
 */
export function layout(side, n, coordinates) {
  const pad = coordinates ? 1.15 : 0.7;
  return { side, n, pad, cell: side / (n - 1 + 2 * pad) };
}

/**
 * The centre of the point at `col`, `row` (row 0 at the bottom).
 * @param {Geometry} g
 * @param {number} col
 * @param {number} row
 * @returns {[number, number]}
 */
export function pixel(g, col, row) {
  return [(g.pad + col) * g.cell, (g.pad + (g.n - 1 - row)) * g.cell];
}

/**
 * The point within reach of the pixel (x, y), or null.
 * @param {Geometry} g
 * @param {number} x
 * @param {number} y
 * @returns {string | null}
 */
export function pointAt(g, x, y) {
  const fx = x / g.cell - g.pad;
  const fy = y / g.cell - g.pad;
  const col = Math.round(fx);
  const fromTop = Math.round(fy);
  if (col < 0 || fromTop < 0 || col >= g.n || fromTop >= g.n) return null;
  if (Math.hypot(fx - col, fy - fromTop) > REACH) return null;
  return pointName(col, g.n - 1 - fromTop);
}
