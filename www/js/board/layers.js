// @ts-check
// The board's drawing layers, bottom to top. A layer is a function of the
// canvas context and the frame's view: what the board was set to, the
// geometry, the colours and the time. Overlays (candidate moves, the
// expected line) and underlays (the ownership wash, under the pieces) are
// layers too, given in the board's `overlays` and `underlays`.
import { parsePoint, pointName } from '../engine/points.js';
import { pieceOf } from '../engine/facts.js';
import { PIECE_DIAMETER, SQUARE_SIDE, coordinateLabels, gridLines, pixel } from './geometry.js';
import { look } from './anim.js';

/**
 * @typedef {import('./geometry.js').Geometry} Geometry
 * @typedef {import('./anim.js').Anim} Anim
 * @typedef {{
 *   points: string[], dark?: string[], light?: string[]
 * }} Focus
 * @typedef {{
 *   size: number, cells: ArrayLike<number>, lastMove: string[], hints: string[][],
 *   marks: string[], focus: Focus | null, ghost: { point: string, piece: number } | null,
 *   cursor: string | null, coordinates: boolean, pieceSet: 'federa' | 'classic',
 *   arrows: [string, string][], labels: [string, string][], shade: string[],
 * }} Picture
 * @typedef {{
 *   picture: Picture, g: Geometry, colour: (name: string) => string,
 *   now: number, anims: Map<number, Anim>,
 *   at: (point: string) => [number, number] | null,
 *   piece: (code: number, x: number, y: number, scale?: number, sx?: number, alpha?: number) => void,
 * }} View
 * @typedef {(ctx: CanvasRenderingContext2D, view: View) => void} Layer
 */

/** @type {Layer} */
function grid(ctx, { picture, g, colour }) {
  ctx.fillStyle = colour('--board');
  ctx.fillRect(0, 0, g.side, g.height);
  ctx.strokeStyle = colour('--board-line');
  ctx.lineWidth = Math.max(1, g.cell / 36);
  ctx.beginPath();
  for (const [x0, y0, x1, y1] of gridLines(g)) {
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
  }
  ctx.stroke();
  if (!picture.coordinates) return;
  ctx.fillStyle = colour('--board-text');
  ctx.font = `${Math.round(g.cell * 0.36)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const [x, y, text] of coordinateLabels(g)) ctx.fillText(text, x, y);
}

/**
 * Strokes the outer edges of the union of the points' cells.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {string[]} points
 * @param {string} color
 * @param {boolean} dashed
 * @param {number} width
 */
export function outline(ctx, { g }, points, color, dashed, width) {
  const set = new Set(points);
  const h = g.cell / 2;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  if (dashed) ctx.setLineDash([g.cell * 0.16, g.cell * 0.12]);
  ctx.beginPath();
  for (const name of points) {
    const p = parsePoint(name);
    if (!p) continue;
    const [x, y] = pixel(g, p.col, p.row);
    /** @param {number} dc @param {number} dr */
    const open = (dc, dr) => p.col + dc < 0 || p.row + dr < 0 || !set.has(pointName(p.col + dc, p.row + dr));
    if (open(0, 1)) { ctx.moveTo(x - h, y - h); ctx.lineTo(x + h, y - h); }
    if (open(0, -1)) { ctx.moveTo(x - h, y + h); ctx.lineTo(x + h, y + h); }
    if (open(-1, 0)) { ctx.moveTo(x - h, y - h); ctx.lineTo(x - h, y + h); }
    if (open(1, 0)) { ctx.moveTo(x + h, y - h); ctx.lineTo(x + h, y + h); }
  }
  ctx.stroke();
  ctx.restore();
}

/** @type {Layer} */
function hints(ctx, view) {
  for (const group of view.picture.hints) {
    outline(ctx, view, group, view.colour('--hint'), true, Math.max(1.5, view.g.cell / 16));
  }
}

/**
 * Draws a piece centred at (x, y); `sx` squeezes its width (the flip).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Geometry} g
 * @param {(name: string) => string} colour
 * @param {'federa' | 'classic'} set
 * @param {number} code
 * @param {number} x
 * @param {number} y
 */
export function drawPiece(ctx, g, colour, set, code, x, y, scale = 1, sx = 1, alpha = 1) {
  const piece = pieceOf(code);
  if (!piece) return;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, y);
  ctx.scale(sx * scale, scale);
  const path = new Path2D();
  const r = (PIECE_DIAMETER * g.cell) / 2;
  if (piece.shape === 'round') {
    path.arc(0, 0, r, 0, Math.PI * 2);
  } else {
    const s = SQUARE_SIDE * g.cell;
    path.roundRect(-s / 2, -s / 2, s, s, s * 0.12);
  }
  if (set === 'classic') {
    ctx.fillStyle = colour(`--classic-${piece.color}-${piece.shape}`);
  } else if (piece.color === 'dark') {
    // A lit dark piece: a highlight up and to the left.
    const grad = ctx.createRadialGradient(-r * 0.35, -r * 0.4, r * 0.05, 0, 0, r * 1.1);
    grad.addColorStop(0, colour('--piece-dark-shine'));
    grad.addColorStop(0.45, colour('--piece-dark'));
    grad.addColorStop(1, colour('--piece-dark-deep'));
    ctx.fillStyle = grad;
  } else {
    ctx.fillStyle = colour('--piece-light');
  }
  ctx.fill(path);
  ctx.lineWidth = Math.max(1, g.cell / 22);
  ctx.strokeStyle = colour(`--piece-${piece.color}-edge`);
  ctx.stroke(path);
  ctx.restore();
}

/** @type {Layer} */
function pieces(_ctx, { picture, g, now, anims, piece }) {
  const n = picture.size;
  for (let i = 0; i < picture.cells.length; i++) {
    const code = picture.cells[i];
    const [x, y] = pixel(g, i % n, Math.floor(i / n));
    const anim = anims.get(i);
    if (!anim) {
      if (code) piece(code, x, y);
      continue;
    }
    const seen = look(anim, code, now);
    piece(seen.piece, x, y, seen.scale, seen.sx);
    if (seen.done) anims.delete(i);
  }
}

/** @type {Layer} */
function lastMove(ctx, { picture, g, colour, at }) {
  ctx.fillStyle = colour('--last-move');
  for (const name of picture.lastMove) {
    const xy = at(name);
    if (!xy) continue;
    ctx.beginPath();
    ctx.arc(xy[0], xy[1], g.cell * 0.11, 0, Math.PI * 2);
    ctx.fill();
  }
}

/** @type {Layer} */
function marks(ctx, { picture, g, colour, at }) {
  ctx.save();
  ctx.strokeStyle = colour('--mark');
  ctx.lineWidth = Math.max(2, g.cell / 11);
  for (const name of picture.marks) {
    const xy = at(name);
    if (!xy) continue;
    ctx.beginPath();
    ctx.arc(xy[0], xy[1], g.cell * 0.5, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * An arrow's shaft and head, from (x1, y1) to (x2, y2), stopping short of
 * the point's centre: the same figure on the canvas and in the SVG.
 * @param {Geometry} g
 * @param {[number, number]} from
 * @param {[number, number]} to
 */
export function arrowShape(g, [x1, y1], [x2, y2]) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  const head = g.cell * 0.34;
  const tip = /** @type {[number, number]} */ ([x2 - ux * g.cell * 0.18, y2 - uy * g.cell * 0.18]);
  const base = /** @type {[number, number]} */ ([tip[0] - ux * head, tip[1] - uy * head]);
  const wing = head * 0.6;
  return {
    shaft: /** @type {[[number, number], [number, number]]} */ ([[x1, y1], base]),
    head: /** @type {[number, number][]} */ ([tip, [base[0] - uy * wing, base[1] + ux * wing], [base[0] + uy * wing, base[1] - ux * wing]]),
    width: Math.max(2, g.cell / 9),
  };
}

/**
 * The ink of a label at a point: on a piece, the piece's; else the board's.
 * @param {Picture} picture
 * @param {string} name
 */
export function labelInk(picture, name) {
  const p = parsePoint(name);
  const piece = p ? pieceOf(picture.cells[p.row * picture.size + p.col]) : null;
  return piece ? `--ink-on-${piece.color}` : '--board-text';
}

/** @type {Layer} */
function shade(ctx, { picture, g, colour, at }) {
  ctx.fillStyle = colour('--shade');
  for (const name of picture.shade) {
    const xy = at(name);
    if (xy) ctx.fillRect(xy[0] - g.cell / 2, xy[1] - g.cell / 2, g.cell, g.cell);
  }
}

/** @type {Layer} */
function annotations(ctx, { picture, g, colour, at }) {
  ctx.save();
  for (const [from, to] of picture.arrows) {
    const a = at(from);
    const b = at(to);
    if (!a || !b) continue;
    const { shaft, head, width } = arrowShape(g, a, b);
    ctx.strokeStyle = ctx.fillStyle = colour('--arrow');
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(...shaft[0]);
    ctx.lineTo(...shaft[1]);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(...head[0]);
    ctx.lineTo(...head[1]);
    ctx.lineTo(...head[2]);
    ctx.fill();
  }
  ctx.font = `700 ${Math.round(g.cell * 0.42)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const [name, text] of picture.labels) {
    const xy = at(name);
    if (!xy) continue;
    ctx.fillStyle = colour(labelInk(picture, name));
    ctx.fillText(text, xy[0], xy[1]);
  }
  ctx.restore();
}

/** @type {Layer} */
function focus(ctx, view) {
  const { picture, g, colour, at } = view;
  const f = picture.focus;
  if (!f) return;
  outline(ctx, view, f.points, colour('--focus'), false, Math.max(2, g.cell / 10));
  for (const color of /** @type {const} */ (['dark', 'light'])) {
    for (const name of f[color] ?? []) {
      const xy = at(name);
      if (!xy) continue;
      ctx.beginPath();
      ctx.arc(xy[0] + g.cell * 0.26, xy[1] - g.cell * 0.26, g.cell * 0.13, 0, Math.PI * 2);
      ctx.fillStyle = colour(`--attacker-${color}`);
      ctx.fill();
      ctx.lineWidth = Math.max(1, g.cell / 28);
      ctx.strokeStyle = colour(`--attacker-${color}-edge`);
      ctx.stroke();
    }
  }
}

/** @type {Layer} */
function ghost(_ctx, { picture, at, piece }) {
  const gh = picture.ghost;
  const xy = gh && at(gh.point);
  if (gh && xy) piece(gh.piece, xy[0], xy[1], 1, 1, 0.42);
}

/** @type {Layer} */
function cursor(ctx, { picture, g, colour, at }) {
  const xy = picture.cursor && at(picture.cursor);
  if (!xy) return;
  const h = g.cell * 0.5;
  ctx.save();
  ctx.strokeStyle = colour('--cursor');
  ctx.lineWidth = Math.max(2, g.cell / 12);
  ctx.strokeRect(xy[0] - h, xy[1] - h, 2 * h, 2 * h);
  ctx.restore();
}

/** The board itself, under the underlays (the ownership wash). */
export const GROUND = [grid];
/** Below the overlays: what is on the board. */
export const BELOW = [hints, shade, pieces, lastMove, marks, annotations];
/** Above the overlays: what follows the pointer and the keyboard. */
export const ABOVE = [focus, ghost, cursor];
