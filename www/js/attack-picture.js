// The attack table as a picture: the four piece types on the corners of a
// square; each arrow points from a piece to the groups it attacks. The sides
// form the cross-colour cycle, the diagonals the pairs within a colour.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  parent?.appendChild(node);
  return node;
}

let ids = 0;

export function attackPicture(t) {
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
  // The cross-colour cycle.
  arrow('darkRound', 'lightSquare');
  arrow('lightSquare', 'darkSquare');
  arrow('darkSquare', 'lightRound');
  arrow('lightRound', 'darkRound');
  // Each colour's pair attack each other.
  arrow('darkRound', 'darkSquare', true);
  arrow('lightRound', 'lightSquare', true);

  for (const [name, [x, y]] of Object.entries(corners)) {
    const dark = name.startsWith('dark');
    const style = { fill: dark ? '#1d1d22' : '#f7f2e4', stroke: dark ? '#000' : '#2a2a2a', 'stroke-width': 2 };
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
