// @ts-check
// Where things are on the board's canvas: pure arithmetic, in CSS pixels
// from the canvas's top-left corner.
import { columnLetter, pointName } from '../engine/points.js';

export const PIECE_DIAMETER = 0.84;
// Same area as the circle: side = d * sqrt(pi) / 2.
export const SQUARE_SIDE = (PIECE_DIAMETER * Math.sqrt(Math.PI)) / 2;
// How near a point a pointer must be, in cells, to act on it.
const REACH = 0.48;

/**
 * The part of the board shown: columns `c0`..`c1` and rows `r0`..`r1`
 * (0-based, inclusive).
 * @typedef {{ c0: number, r0: number, c1: number, r1: number }} Region
 *
 * `side` is the canvas's width and `height` its height, in CSS pixels;
 * `n` the board's size; `pad` the margin and `cell` the spacing of the
 * lines; `region` the points shown (the whole board but for a region).
 * @typedef {{ side: number, height: number, n: number, pad: number, cell: number, region: Region }} Geometry
 */

/**
 * The whole of an `n`×`n` board as a region.
 * @param {number} n
 * @returns {Region}
 */
export const wholeBoard = (n) => ({ c0: 0, r0: 0, c1: n - 1, r1: n - 1 });

/** The margin around the outer lines, in cells (wider with coordinates). @param {boolean} coordinates */
const padOf = (coordinates) => (coordinates ? 1.15 : 0.7);

// How far beyond a region's outer lines it is drawn, in cells, where the
// board goes on: past a ring or the cursor on the edge line (0.5 and a
// stroke), short of a hidden piece one line further (0.58 away).
const CUT = 0.56;

/**
 * The width over the height of a region's picture.
 * @param {Region} region
 * @param {boolean} coordinates
 */
export function aspect(region, coordinates) {
  const pad = padOf(coordinates);
  return (region.c1 - region.c0 + 2 * pad) / (region.r1 - region.r0 + 2 * pad);
}

/**
 * The layout of an `n`×`n` board (or of its `region`) drawn `side` pixels
 * wide: the margin (wider with coordinates), the spacing of the lines and
 * the height that keeps the cells square.
 * @param {number} side
 * @param {number} n
 * @param {boolean} coordinates
 * @param {Region} [region]
 * @returns {Geometry}
 */
export function layout(side, n, coordinates, region = wholeBoard(n)) {
  const pad = padOf(coordinates);
  const cell = side / (region.c1 - region.c0 + 2 * pad);
  return { side, height: cell * (region.r1 - region.r0 + 2 * pad), n, pad, cell, region };
}

/**
 * Whether the point at `col`, `row` is in the region.
 * @param {Region} r
 * @param {number} col
 * @param {number} row
 */
export function inRegion(r, col, row) {
  return col >= r.c0 && col <= r.c1 && row >= r.r0 && row <= r.r1;
}

/**
 * Whether the point at `col`, `row` is shown.
 * @param {Geometry} g
 * @param {number} col
 * @param {number} row
 */
export const shown = (g, col, row) => inRegion(g.region, col, row);

/**
 * The centre of the point at `col`, `row` (row 0 at the bottom).
 * @param {Geometry} g
 * @param {number} col
 * @param {number} row
 * @returns {[number, number]}
 */
export function pixel(g, col, row) {
  return [(g.pad + col - g.region.c0) * g.cell, (g.pad + (g.region.r1 - row)) * g.cell];
}

/**
 * The rectangle the pieces and marks are drawn in: the canvas, cut a little
 * beyond the outer lines on the sides where a region stops short of the
 * board's edge (so no piece of the hidden part shows).
 * @param {Geometry} g
 * @returns {[number, number, number, number]} x, y, width, height
 */
export function drawnArea(g) {
  const { c0, r0, c1, r1 } = g.region;
  const [left, top] = pixel(g, c0, r1);
  const [right, bottom] = pixel(g, c1, r0);
  const h = g.cell * CUT;
  const x0 = c0 > 0 ? left - h : 0;
  const y0 = r1 < g.n - 1 ? top - h : 0;
  const x1 = c1 < g.n - 1 ? right + h : g.side;
  const y1 = r0 > 0 ? bottom + h : g.height;
  return [x0, y0, x1 - x0, y1 - y0];
}

/**
 * The point within reach of the pixel (x, y), or null (also for a point
 * the region hides).
 * @param {Geometry} g
 * @param {number} x
 * @param {number} y
 * @returns {string | null}
 */
export function pointAt(g, x, y) {
  const fx = x / g.cell - g.pad;
  const fy = y / g.cell - g.pad;
  const col = Math.round(fx) + g.region.c0;
  const row = g.region.r1 - Math.round(fy);
  if (!shown(g, col, row)) return null;
  if (Math.hypot(fx - Math.round(fx), fy - Math.round(fy)) > REACH) return null;
  return pointName(col, row);
}

/**
 * The grid's lines as segments [x0, y0, x1, y1]: one per column and row
 * shown, running on to the cut where the region stops short of the edge.
 * @param {Geometry} g
 * @returns {[number, number, number, number][]}
 */
export function gridLines(g) {
  const [ax, ay, aw, ah] = drawnArea(g);
  const { c0, r0, c1, r1 } = g.region;
  const [left, top] = pixel(g, c0, r1);
  const [right, bottom] = pixel(g, c1, r0);
  const x0 = c0 > 0 ? ax : left;
  const x1 = c1 < g.n - 1 ? ax + aw : right;
  const y0 = r1 < g.n - 1 ? ay : top;
  const y1 = r0 > 0 ? ay + ah : bottom;
  /** @type {[number, number, number, number][]} */
  const lines = [];
  for (let col = c0; col <= c1; col++) {
    const [x] = pixel(g, col, 0);
    lines.push([x, y0, x, y1]);
  }
  for (let row = r0; row <= r1; row++) {
    const [, y] = pixel(g, 0, row);
    lines.push([x0, y, x1, y]);
  }
  return lines;
}

/**
 * The coordinates around the picture: each column's letter above and
 * below, each row's number left and right, as [x, y, text].
 * @param {Geometry} g
 * @returns {[number, number, string][]}
 */
export function coordinateLabels(g) {
  const { c0, r0, c1, r1 } = g.region;
  const off = g.cell * 0.78;
  const [left, top] = pixel(g, c0, r1);
  const [right, bottom] = pixel(g, c1, r0);
  /** @type {[number, number, string][]} */
  const out = [];
  for (let col = c0; col <= c1; col++) {
    const [x] = pixel(g, col, 0);
    const letter = columnLetter(col);
    out.push([x, top - off, letter], [x, bottom + off, letter]);
  }
  for (let row = r0; row <= r1; row++) {
    const [, y] = pixel(g, 0, row);
    out.push([left - off, y, String(row + 1)], [right + off, y, String(row + 1)]);
  }
  return out;
}
