// @ts-check
// The review graph's picture as plain shapes, in the pixels of the box it
// is drawn in (so its text is never stretched): Dark's win chance after
// each move over a 0/50/100% scale, move numbers below, the ply on the
// board as a line, marked moves as dots of their class. No DOM here:
// panels/review.js turns the shapes into SVG elements.
import { MARKED } from '../engine/facts.js';

/**
 * @typedef {[name: string, attributes: Record<string, string | number>, text?: string]} Shape
 * @typedef {{ left: number, right: number, top: number, bottom: number }} Plot
 */

// Room for the title above, the percentages on the left and the move
// numbers below, in pixels.
const TITLE = 17;
const SCALE = 36;
const NUMBERS = 17;
const END = 8;
/** The least room between two move numbers, in pixels. */
const NUMBER_GAP = 30;
/** Move-number steps, each a round number. */
const STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500];

/**
 * Where the curve is drawn in a `width`×`height` box.
 * @param {number} width
 * @param {number} height
 * @returns {Plot}
 */
export const plotOf = (width, height) => ({ left: SCALE, right: width - END, top: TITLE, bottom: height - NUMBERS });

/**
 * The x of ply `ply` of `plies`.
 * @param {Plot} p
 * @param {number} ply
 * @param {number} plies
 */
const xOf = (p, ply, plies) => p.left + (plies ? (ply / plies) * (p.right - p.left) : 0);

/**
 * The y of a chance of Dark's, 0 at the bottom and 1 at the top.
 * @param {Plot} p
 * @param {number} chance
 */
const yOf = (p, chance) => p.bottom - chance * (p.bottom - p.top);

/**
 * The ply under the x `x` of a `width`×`height` box showing `plies` plies.
 * @param {number} x
 * @param {number} width
 * @param {number} height
 * @param {number} plies
 */
export function plyAt(x, width, height, plies) {
  const p = plotOf(width, height);
  return Math.max(0, Math.min(plies, Math.round(((x - p.left) / (p.right - p.left)) * plies)));
}

/**
 * The move numbers to write below a plot `span` pixels wide showing
 * `plies` plies: multiples of the smallest round step that leaves them
 * NUMBER_GAP apart.
 * @param {number} plies
 * @param {number} span
 */
export function moveNumbers(plies, span) {
  if (!plies) return [];
  const step = STEPS.find((s) => (s / plies) * span >= NUMBER_GAP) ?? plies;
  const out = [];
  for (let n = step; n <= plies; n += step) out.push(n);
  return out;
}

/**
 * The graph's shapes.
 * @param {{
 *   chances: (number | null)[], classes: (string | undefined)[], ply: number,
 *   width: number, height: number, title: string, percent: (value: number) => string,
 * }} graph Dark's chance at each ply from 0 (null where unknown), each
 *   move's class, the ply on the board, the box's size, the scale's title
 *   and how a percentage is written
 * @returns {Shape[]}
 */
export function graphShapes({ chances, classes, ply, width, height, title, percent }) {
  const p = plotOf(width, height);
  const plies = chances.length - 1;
  /** @type {Shape[]} */
  const shapes = [['rect', { class: 'graph-light', x: p.left, y: p.top, width: p.right - p.left, height: p.bottom - p.top }]];
  // The area under the curve, in runs of judged plies.
  /** @type {[number, number][]} */
  let run = [];
  const flush = () => {
    if (run.length > 1) {
      const points = run.map(([x, y]) => `${x},${y}`).join(' ');
      const [first, last] = [run[0][0], run[run.length - 1][0]];
      shapes.push(['polygon', { class: 'graph-dark', points: `${first},${p.bottom} ${points} ${last},${p.bottom}` }]);
      shapes.push(['polyline', { class: 'graph-line', points }]);
    }
    run = [];
  };
  chances.forEach((c, k) => {
    if (c === null) flush();
    else run.push([xOf(p, k, plies), yOf(p, c)]);
  });
  flush();
  shapes.push(['rect', { class: 'graph-frame', x: p.left, y: p.top, width: p.right - p.left, height: p.bottom - p.top }]);
  const mid = yOf(p, 0.5);
  shapes.push(['line', { class: 'graph-half', x1: p.left, y1: mid, x2: p.right, y2: mid }]);
  for (const chance of [1, 0.5, 0]) {
    shapes.push(['text', { class: 'graph-scale', x: p.left - 4, y: yOf(p, chance) }, percent(chance * 100)]);
  }
  for (const n of moveNumbers(plies, p.right - p.left)) {
    const x = xOf(p, n, plies);
    shapes.push(['line', { class: 'graph-tick', x1: x, y1: p.bottom, x2: x, y2: p.bottom + 3 }]);
    shapes.push(['text', { class: 'graph-number', x, y: height - 4 }, String(n)]);
  }
  shapes.push(['text', { class: 'graph-title', x: p.left, y: TITLE - 5 }, title]);
  const now = xOf(p, ply, plies);
  shapes.push(['line', { class: 'graph-now', x1: now, y1: p.top, x2: now, y2: p.bottom }]);
  classes.forEach((c, k) => {
    const dark = chances[k + 1];
    if (!MARKED.includes(/** @type {any} */ (c)) || dark === null || dark === undefined) return;
    shapes.push(['circle', { class: `graph-mark ${c}`, cx: xOf(p, k + 1, plies), cy: yOf(p, dark), r: 3.5 }]);
  });
  return shapes;
}
