// @ts-check
// The analysis board's layers: the ownership wash (an underlay), the
// candidate moves and the expected line (overlays). They draw what the page
// hands them, read from the engine's analysis; they know no rules.
import { parsePoint } from '../engine/points.js';
import { pieceOf } from '../engine/facts.js';
import { pixel } from './geometry.js';
import { outline } from './layers.js';

/**
 * A candidate on the board: the piece its move places (or turns a group
 * into), where, the group a change turns (empty for a placement), its
 * label (the mover's win chance), how strongly to draw it (0 to 1, by
 * visits) and whether it is the best.
 * @typedef {{ point: string, piece: number, group: string[], label: string, strength: number, best: boolean }} CandidateMark
 * One move of the expected line, numbered from 1 in order.
 * @typedef {{ point: string, piece: number, change: boolean }} LineMark
 * @typedef {import('./layers.js').Layer} Layer
 */

/**
 * A wash over each point toward the colour likely to own it, stronger as
 * the share is surer (`shares`: Dark's share of each point, a1, b1, … row
 * by row from the bottom).
 * @param {ArrayLike<number>} shares
 * @returns {Layer}
 */
export function ownershipLayer(shares) {
  return (ctx, { g, colour }) => {
    const h = g.cell / 2;
    const dark = colour('--own-dark');
    const light = colour('--own-light');
    ctx.save();
    for (let i = 0; i < shares.length && i < g.n * g.n; i++) {
      const sure = Math.abs(shares[i] - 0.5) * 2;
      if (sure < 0.1) continue;
      const [x, y] = pixel(g, i % g.n, Math.floor(i / g.n));
      ctx.globalAlpha = 0.7 * sure;
      ctx.fillStyle = shares[i] > 0.5 ? dark : light;
      ctx.fillRect(x - h, y - h, g.cell, g.cell);
    }
    ctx.restore();
  };
}

/**
 * Centred text on a point, in the ink that reads on `piece` (0: on the
 * bare board).
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./layers.js').View} view
 * @param {string} text
 * @param {number} piece
 * @param {number} x
 * @param {number} y
 */
function label(ctx, { g, colour }, text, piece, x, y) {
  const color = pieceOf(piece)?.color;
  ctx.save();
  // Longer labels (two moves at one point) in smaller letters, to fit the point.
  ctx.font = `700 ${Math.round(g.cell * 0.34 * Math.min(1, 2.4 / text.length))}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colour(color === 'dark' ? '--ink-on-dark' : color === 'light' ? '--ink-on-light' : '--board-text');
  ctx.fillText(text, x, y);
  ctx.restore();
}

/**
 * The candidate moves: translucent pieces (a change as its group's
 * outline), opacity by visits, the best ringed, each labelled.
 * @param {CandidateMark[]} marks
 * @returns {Layer}
 */
export function candidatesLayer(marks) {
  return (ctx, view) => {
    const { g, colour, at, piece } = view;
    for (const m of marks) {
      const xy = at(m.point);
      if (!xy) continue;
      const alpha = 0.3 + 0.45 * m.strength;
      if (m.group.length) {
        ctx.save();
        ctx.globalAlpha = alpha;
        outline(ctx, view, m.group, colour('--candidate-change'), false, Math.max(2, g.cell / 9));
        ctx.restore();
      } else {
        piece(m.piece, xy[0], xy[1], 0.92, 1, alpha);
      }
      if (m.best) {
        ctx.save();
        ctx.strokeStyle = colour('--accent');
        ctx.lineWidth = Math.max(2, g.cell / 12);
        ctx.beginPath();
        ctx.arc(xy[0], xy[1], g.cell * 0.47, 0, Math.PI * 2);
        ctx.stroke();
        ctx.restore();
      }
      label(ctx, view, m.label, m.group.length ? 0 : m.piece, xy[0], xy[1]);
    }
  };
}

/**
 * The expected line: numbered ghost pieces (a change as the piece its group
 * becomes, ringed, at the group's point).
 * @param {LineMark[]} marks
 * @returns {Layer}
 */
export function lineLayer(marks) {
  // A point played on again (a group changed twice, or a piece placed and
  // then changed) shows its last move with every number played there.
  /** @type {Map<string, number[]>} */
  const numbers = new Map();
  marks.forEach((m, k) => numbers.set(m.point, [...(numbers.get(m.point) ?? []), k + 1]));
  return (ctx, view) => {
    const { g, colour, at, piece } = view;
    marks.forEach((m, k) => {
      const xy = at(m.point);
      const here = numbers.get(m.point) ?? [];
      if (!xy || !parsePoint(m.point) || here.at(-1) !== k + 1) return;
      piece(m.piece, xy[0], xy[1], 0.92, 1, m.change ? 0.85 : 0.62);
      if (m.change) {
        ctx.save();
        ctx.strokeStyle = colour('--candidate-change');
        ctx.lineWidth = Math.max(2, g.cell / 12);
        ctx.setLineDash([g.cell * 0.12, g.cell * 0.08]);
        ctx.beginPath();
        ctx.arc(xy[0], xy[1], g.cell * 0.47, 0, Math.PI * 2);
        ctx.stroke();
        ctx.restore();
      }
      label(ctx, view, here.join(','), m.piece, xy[0], xy[1]);
    });
  };
}

/**
 * The hint: a ghost of the piece it places, ringed in the piece's own
 * shape (a square hint in a square), or a change's group outlined with
 * the ring at its point.
 * @param {{ point: string, piece: number, group: string[] }} mark
 * @returns {Layer}
 */
export function hintLayer(mark) {
  return (ctx, view) => {
    const { g, colour, at, piece } = view;
    const xy = at(mark.point);
    if (!xy) return;
    if (mark.group.length) outline(ctx, view, mark.group, colour('--mark'), false, Math.max(2, g.cell / 10));
    else piece(mark.piece, xy[0], xy[1], 0.92, 1, 0.45);
    ctx.save();
    ctx.strokeStyle = colour('--mark');
    ctx.lineWidth = Math.max(2, g.cell / 11);
    ctx.beginPath();
    const r = g.cell * 0.5;
    if (pieceOf(mark.piece)?.shape === 'square') ctx.rect(xy[0] - r, xy[1] - r, 2 * r, 2 * r);
    else ctx.arc(xy[0], xy[1], r, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  };
}
