// @ts-check
// The attack table as a picture: the four piece types on the corners of a
// square; each arrow points from a piece to the groups it attacks, as the
// engine's attack table says. The sides form the cross-colour cycle, the
// diagonals the pairs within a colour.
import { PIECE_CODES, pieceName } from '../engine/facts.js';

const NS = 'http://www.w3.org/2000/svg';

/**
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 * @param {Element} [parent]
 */
function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

let ids = 0;

/**
 * @param {import('../i18n/words.js').Translate} t
 * @param {(attacker: number, group: number) => boolean} attacks the engine's table, by cell code
 */
export function attackPicture(t, attacks) {
  const id = `arrow-${++ids}`;
  const svg = el('svg', { viewBox: '0 0 320 290', class: 'attack-picture', role: 'img' });
  el('title', {}, svg).textContent = t('attack.title');
  const defs = el('defs', {}, svg);
  const marker = el(
    'marker',
    { id, viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' },
    defs,
  );
  el('path', { d: 'M0,0 L10,5 L0,10 z', fill: 'currentColor' }, marker);

  const corners = {
    darkRound: [70, 85],
    lightSquare: [250, 85],
    darkSquare: [250, 215],
    lightRound: [70, 215],
  };
  const r = 26;
  /**
   * @param {keyof typeof corners} from
   * @param {keyof typeof corners} to
   * @param {boolean} both
   */
  const arrow = (from, to, both) => {
    const [x1, y1] = corners[from];
    const [x2, y2] = corners[to];
    const len = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const gap = r + 8;
    el(
      'line',
      {
        x1: x1 + ux * gap,
        y1: y1 + uy * gap,
        x2: x2 - ux * gap,
        y2: y2 - uy * gap,
        stroke: 'currentColor',
        'stroke-width': 2.5,
        'marker-end': `url(#${id})`,
        ...(both ? { 'marker-start': `url(#${id})` } : {}),
      },
      svg,
    );
  };
  // One arrow per attack; a pair that attack each other share a two-headed one.
  for (const a of PIECE_CODES) {
    for (const g of PIECE_CODES) {
      if (a === g || !attacks(a, g) || (attacks(g, a) && g < a)) continue;
      const name = (/** @type {number} */ code) => /** @type {keyof typeof corners} */ (pieceName(code));
      arrow(name(a), name(g), attacks(g, a));
    }
  }

  for (const [name, [x, y]] of Object.entries(corners)) {
    const dark = name.startsWith('dark');
    // Coloured by class from palette.css (the policy allows no inline style).
    const style = { class: dark ? 'piece dark' : 'piece light', 'stroke-width': 2 };
    if (name.endsWith('Round')) el('circle', { cx: x, cy: y, r, ...style }, svg);
    else {
      const s = r * Math.sqrt(Math.PI);
      el('rect', { x: x - s / 2, y: y - s / 2, width: s, height: s, rx: s * 0.12, ...style }, svg);
    }
    // Labels outside the square, clear of the arrows.
    const labelY = y < 150 ? y - r - 12 : y + r + 24;
    const label = el('text', { x, y: labelY, 'text-anchor': 'middle', 'font-size': 14, fill: 'currentColor' }, svg);
    label.textContent = t('piece.' + name);
  }
  const figure = document.createElement('figure');
  figure.className = 'attack-figure';
  figure.appendChild(svg);
  const caption = document.createElement('figcaption');
  caption.textContent = t('attack.caption');
  figure.appendChild(caption);
  return figure;
}
