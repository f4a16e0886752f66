// @ts-check
// The game review's panel parts: the win-chance graph (Dark's chance after
// each move, the current ply as a line, marked moves as dots in their
// glyph's colour; a click or a drag jumps there) and the per-player table.
import { MARKED } from '../facts.js';

/**
 * @typedef {import('../types.js').Judgement} Judgement
 * @typedef {import('../words.js').Translate} Translate
 */

const SVG = 'http://www.w3.org/2000/svg';
/** The graph's drawing size (it is scaled to its box). */
const W = 300;
const H = 80;

/**
 * @param {string} name
 * @param {Record<string, string | number>} attributes
 */
function svg(name, attributes) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
  return el;
}

/**
 * Dark's chance at each ply from 0, from the judgements (a hole where a move
 * is not judged yet).
 * @param {(Judgement | undefined)[]} results
 * @returns {(number | null)[]}
 */
export function darkChances(results) {
  // Before the first move, the first mover (Dark then) had its `before`.
  const start = results[0] ? results[0].before : null;
  return [start, ...results.map((r) => (r ? r.dark : null))];
}

/**
 * The x of ply `ply` of `plies`, and back.
 * @param {number} ply
 * @param {number} plies
 */
const xOf = (ply, plies) => (plies ? (ply / plies) * W : 0);

/**
 * Draws the graph into `graph` (an <svg>).
 * @param {SVGSVGElement} graph
 * @param {(number | null)[]} chances Dark's chance at each ply from 0 (null where unknown)
 * @param {(string | undefined)[]} classes each move's class
 * @param {number} ply the ply on the board
 * @param {Translate} t
 */
export function renderGraph(graph, chances, classes, ply, t) {
  const plies = chances.length - 1;
  graph.setAttribute('viewBox', `0 0 ${W} ${H}`);
  graph.setAttribute('preserveAspectRatio', 'none');
  graph.replaceChildren();
  graph.appendChild(svg('rect', { class: 'graph-light', x: 0, y: 0, width: W, height: H }));
  // The area under the curve, in runs of judged plies.
  /** @type {[number, number][]} */
  let run = [];
  const flush = () => {
    if (run.length > 1) {
      const points = run.map(([x, y]) => `${x},${y}`).join(' ');
      const [first, last] = [run[0][0], run[run.length - 1][0]];
      graph.appendChild(svg('polygon', { class: 'graph-dark', points: `${first},${H} ${points} ${last},${H}` }));
      graph.appendChild(svg('polyline', { class: 'graph-line', points }));
    }
    run = [];
  };
  chances.forEach((c, k) => {
    if (c === null) flush();
    else run.push([xOf(k, plies), H - c * H]);
  });
  flush();
  graph.appendChild(svg('line', { class: 'graph-half', x1: 0, y1: H / 2, x2: W, y2: H / 2 }));
  graph.appendChild(svg('line', { class: 'graph-now', x1: xOf(ply, plies), y1: 0, x2: xOf(ply, plies), y2: H }));
  /** @param {string | undefined} c */
  const isMarked = (c) => MARKED.includes(/** @type {any} */ (c));
  classes.forEach((c, k) => {
    const dark = chances[k + 1];
    if (!isMarked(c) || dark === null) return;
    graph.appendChild(svg('circle', { class: `graph-mark ${c}`, cx: xOf(k + 1, plies), cy: H - dark * H, r: 3.2 }));
  });
  const marked = classes.filter(isMarked).length;
  graph.setAttribute('aria-label', t('review.graph', { count: marked }));
}

/**
 * Makes a click or a drag on the graph call `jump` with the ply under it.
 * @param {SVGSVGElement} graph
 * @param {() => number} plies how many plies the graph shows now
 * @param {(ply: number) => void} jump
 */
export function listenGraph(graph, plies, jump) {
  /** @param {PointerEvent} e */
  const at = (e) => {
    const box = graph.getBoundingClientRect();
    const n = plies();
    if (!n || !box.width) return;
    jump(Math.max(0, Math.min(n, Math.round(((e.clientX - box.left) / box.width) * n))));
  };
  graph.addEventListener('pointerdown', (e) => {
    graph.setPointerCapture(e.pointerId);
    at(e);
  });
  graph.addEventListener('pointermove', (e) => {
    if (e.buttons & 1) at(e);
  });
}

/**
 * The per-player table: marked moves of each class and the accuracy.
 * @param {HTMLTableSectionElement} body
 * @param {{ color: 'dark' | 'light', counts: Record<string, number>, accuracy: number, moves: number }[]} rows
 * @param {Translate} t
 */
export function renderSummary(body, rows, t) {
  body.replaceChildren(
    ...rows.map(({ color, counts, accuracy, moves }) => {
      const tr = document.createElement('tr');
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = t('color.' + color);
      tr.appendChild(th);
      for (const c of MARKED) {
        const td = document.createElement('td');
        td.textContent = String(counts[c]);
        tr.appendChild(td);
      }
      const td = document.createElement('td');
      td.textContent = moves ? t('format.percent', { value: Math.round(accuracy) }) : '–';
      tr.appendChild(td);
      return tr;
    }),
  );
}
