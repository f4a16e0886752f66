// @ts-check
// The board as an SVG image (a diagram to keep or print): the canvas's
// picture, from the same geometry and colours, without what follows the
// pointer (the hovered group, the ghost, the cursor). Pure: the colours
// come from `colour`, as for the canvas's layers.
import { parsePoint } from '../engine/points.js';
import { pieceOf } from '../engine/facts.js';
import { PIECE_DIAMETER, SQUARE_SIDE, coordinateLabels, drawnArea, gridLines, layout, pixel, shown } from './geometry.js';
import { arrowShape, labelInk } from './layers.js';

/** @param {string} text */
const escape = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** @param {number} v */
const n = (v) => String(Math.round(v * 100) / 100);

/**
 * @param {import('./layers.js').Picture & { region?: import('./geometry.js').Region }} picture
 * @param {number} side the image's width in pixels (its height follows the region shown)
 * @param {(name: string) => string} colour a palette colour by its name (`--board`)
 * @returns {string}
 */
export function pictureSvg(picture, side, colour) {
  const g = layout(side, picture.size, picture.coordinates, picture.region);
  /** @param {string} name */
  const at = (name) => {
    const p = parsePoint(name);
    return p && shown(g, p.col, p.row) ? pixel(g, p.col, p.row) : null;
  };
  const [w, h] = [n(side), n(g.height)];
  const [ax, ay, aw, ah] = drawnArea(g).map(n);
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<defs><radialGradient id="dark" cx="0.33" cy="0.3" r="0.65"><stop offset="0" stop-color="${colour('--piece-dark-shine')}"/>` +
      `<stop offset="0.45" stop-color="${colour('--piece-dark')}"/><stop offset="1" stop-color="${colour('--piece-dark-deep')}"/></radialGradient>` +
      `<clipPath id="shown"><rect x="${ax}" y="${ay}" width="${aw}" height="${ah}"/></clipPath></defs>`,
    `<rect width="${w}" height="${h}" fill="${colour('--board')}"/>`,
  ];
  const lines = gridLines(g).map(([x0, y0, x1, y1]) => `M${n(x0)} ${n(y0)}L${n(x1)} ${n(y1)}`);
  out.push(`<path d="${lines.join('')}" stroke="${colour('--board-line')}" stroke-width="${n(Math.max(1, g.cell / 36))}" fill="none"/>`);
  if (picture.coordinates) {
    const text = coordinateLabels(g).map(([x, y, label]) => `<text x="${n(x)}" y="${n(y)}">${label}</text>`);
    out.push(
      `<g fill="${colour('--board-text')}" font-family="system-ui, sans-serif" font-size="${n(g.cell * 0.36)}" text-anchor="middle" dominant-baseline="central">${text.join('')}</g>`,
    );
  }
  // What the canvas clips to the region shown.
  out.push('<g clip-path="url(#shown)">');
  for (const name of picture.shade) {
    const xy = at(name);
    if (xy) out.push(`<rect x="${n(xy[0] - g.cell / 2)}" y="${n(xy[1] - g.cell / 2)}" width="${n(g.cell)}" height="${n(g.cell)}" fill="${colour('--shade')}"/>`);
  }
  for (let i = 0; i < picture.cells.length; i++) {
    const piece = pieceOf(picture.cells[i]);
    const [col, row] = [i % picture.size, Math.floor(i / picture.size)];
    if (!piece || !shown(g, col, row)) continue;
    const [x, y] = pixel(g, col, row);
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
  out.push('</g>', '</svg>');
  return out.join('\n');
}
