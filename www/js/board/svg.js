// @ts-check
// The board as an SVG image (a diagram to keep or print): the canvas's
// picture, from the same geometry and colours, without what follows the
// pointer (the hovered group, the ghost, the cursor). Pure: the colours
// come from `colour`, as for the canvas's layers.
import { columnLetter, parsePoint } from '../points.js';
import { pieceOf } from '../facts.js';
import { PIECE_DIAMETER, SQUARE_SIDE, layout, pixel } from './geometry.js';
import { arrowShape, labelInk } from './layers.js';

/** @param {string} text */
const escape = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** @param {number} v */
const n = (v) => String(Math.round(v * 100) / 100);

/**
 * @param {import('./layers.js').Picture} picture
 * @param {number} side the image's width and height, in pixels
 * @param {(name: string) => string} colour a palette colour by its name (`--board`)
 * @returns {string}
 */
export function pictureSvg(picture, side, colour) {
  const g = layout(side, picture.size, picture.coordinates);
  /** @param {string} name */
  const at = (name) => {
    const p = parsePoint(name);
    return p && p.col < g.n && p.row < g.n ? pixel(g, p.col, p.row) : null;
  };
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(side)}" height="${n(side)}" viewBox="0 0 ${n(side)} ${n(side)}">`,
    `<defs><radialGradient id="dark" cx="0.33" cy="0.3" r="0.65"><stop offset="0" stop-color="${colour('--piece-dark-shine')}"/>` +
      `<stop offset="0.45" stop-color="${colour('--piece-dark')}"/><stop offset="1" stop-color="${colour('--piece-dark-deep')}"/></radialGradient></defs>`,
    `<rect width="${n(side)}" height="${n(side)}" fill="${colour('--board')}"/>`,
  ];
  const lines = [];
  for (let k = 0; k < g.n; k++) {
    const [x0, y0] = pixel(g, k, 0);
    const [x1, y1] = pixel(g, k, g.n - 1);
    lines.push(`M${n(x0)} ${n(y0)}V${n(y1)}`);
    const [a, b] = pixel(g, 0, k);
    const [c] = pixel(g, g.n - 1, k);
    lines.push(`M${n(a)} ${n(b)}H${n(c)}`);
  }
  out.push(`<path d="${lines.join('')}" stroke="${colour('--board-line')}" stroke-width="${n(Math.max(1, g.cell / 36))}" fill="none"/>`);
  if (picture.coordinates) {
    const off = g.cell * 0.78;
    const text = [];
    for (let k = 0; k < g.n; k++) {
      const [x, top] = pixel(g, k, g.n - 1);
      const [, bottom] = pixel(g, k, 0);
      const [left, y] = pixel(g, 0, k);
      const [right] = pixel(g, g.n - 1, k);
      for (const [tx, ty, label] of /** @type {[number, number, string][]} */ ([
        [x, top - off, columnLetter(k)],
        [x, bottom + off, columnLetter(k)],
        [left - off, y, String(k + 1)],
        [right + off, y, String(k + 1)],
      ])) {
        text.push(`<text x="${n(tx)}" y="${n(ty)}">${label}</text>`);
      }
    }
    out.push(
      `<g fill="${colour('--board-text')}" font-family="system-ui, sans-serif" font-size="${n(g.cell * 0.36)}" text-anchor="middle" dominant-baseline="central">${text.join('')}</g>`,
    );
  }
  for (const name of picture.shade) {
    const xy = at(name);
    if (xy) out.push(`<rect x="${n(xy[0] - g.cell / 2)}" y="${n(xy[1] - g.cell / 2)}" width="${n(g.cell)}" height="${n(g.cell)}" fill="${colour('--shade')}"/>`);
  }
  for (let i = 0; i < picture.cells.length; i++) {
    const piece = pieceOf(picture.cells[i]);
    if (!piece) continue;
    const [x, y] = pixel(g, i % picture.size, Math.floor(i / picture.size));
    const fill =
      picture.pieceSet === 'classic'
        ? colour(`--classic-${piece.color}-${piece.shape}`)
        : piece.color === 'dark'
          ? 'url(#dark)'
          : colour('--piece-light');
    const stroke = `fill="${fill}" stroke="${colour(`--piece-${piece.color}-edge`)}" stroke-width="${n(Math.max(1, g.cell / 22))}"`;
    if (piece.shape === 'round') {
      out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n((PIECE_DIAMETER * g.cell) / 2)}" ${stroke}/>`);
    } else {
      const s = SQUARE_SIDE * g.cell;
      out.push(`<rect x="${n(x - s / 2)}" y="${n(y - s / 2)}" width="${n(s)}" height="${n(s)}" rx="${n(s * 0.12)}" ${stroke}/>`);
    }
  }
  for (const name of picture.lastMove) {
    const xy = at(name);
    if (xy) out.push(`<circle cx="${n(xy[0])}" cy="${n(xy[1])}" r="${n(g.cell * 0.11)}" fill="${colour('--last-move')}"/>`);
  }
  for (const name of picture.marks) {
    const xy = at(name);
    if (xy) {
      out.push(
        `<circle cx="${n(xy[0])}" cy="${n(xy[1])}" r="${n(g.cell * 0.5)}" fill="none" stroke="${colour('--mark')}" stroke-width="${n(Math.max(2, g.cell / 11))}"/>`,
      );
    }
  }
  for (const [from, to] of picture.arrows) {
    const a = at(from);
    const b = at(to);
    if (!a || !b) continue;
    const { shaft, head, width } = arrowShape(g, a, b);
    out.push(
      `<line x1="${n(shaft[0][0])}" y1="${n(shaft[0][1])}" x2="${n(shaft[1][0])}" y2="${n(shaft[1][1])}" stroke="${colour('--arrow')}" stroke-width="${n(width)}" stroke-linecap="round"/>`,
      `<polygon points="${head.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${colour('--arrow')}"/>`,
    );
  }
  for (const [name, text] of picture.labels) {
    const xy = at(name);
    if (!xy) continue;
    out.push(
      `<text x="${n(xy[0])}" y="${n(xy[1])}" fill="${colour(labelInk(picture, name))}" font-family="system-ui, sans-serif" font-weight="700" font-size="${n(g.cell * 0.42)}" text-anchor="middle" dominant-baseline="central">${escape(text)}</text>`,
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
