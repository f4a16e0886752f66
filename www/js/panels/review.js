// @ts-check
// The game review's panel parts: the win-chance graph (its shapes from
// panels/graph.js; a click or a drag jumps to the ply under the pointer)
// and the per-player table.
import { MARKED } from '../engine/facts.js';
import { graphShapes, plyAt } from './graph.js';

/**
 * @typedef {import('../engine/types.js').Judgement} Judgement
 * @typedef {import('../i18n/words.js').Translate} Translate
 */

const SVG = 'http://www.w3.org/2000/svg';
/** The graph's size while its box has none (hidden), in pixels. */
const W = 300;
const H = 140;

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

/** @param {SVGSVGElement} graph */
function sizeOf(graph) {
  const box = graph.getBoundingClientRect();
  return { width: Math.round(box.width) || W, height: Math.round(box.height) || H };
}

/** What draws each graph again when its box changes size. */
const redraws = new WeakMap();
/** Watches the graphs' boxes (made at the first graph drawn). @type {ResizeObserver | undefined} */
let resized;

/**
 * Draws the graph into `graph` (an <svg>), in its box's pixels, and again
 * whenever the box changes size.
 * @param {SVGSVGElement} graph
 * @param {(number | null)[]} chances Dark's chance at each ply from 0 (null where unknown)
 * @param {(string | undefined)[]} classes each move's class
 * @param {number} ply the ply on the board
 * @param {Translate} t
 */
export function renderGraph(graph, chances, classes, ply, t) {
  const { width, height } = sizeOf(graph);
  graph.setAttribute('viewBox', `0 0 ${width} ${height}`);
  const percent = (/** @type {number} */ value) => t('format.percent', { value });
  const shapes = graphShapes({ chances, classes, ply, width, height, title: t('review.graphTitle'), percent });
  graph.replaceChildren(
    ...shapes.map(([name, attributes, text]) => {
      const el = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, String(v));
      if (text !== undefined) el.textContent = text;
      return el;
    }),
  );
  const marked = classes.filter((c) => MARKED.includes(/** @type {any} */ (c))).length;
  graph.setAttribute('aria-label', t('review.graph', { count: marked }));
  if (!redraws.has(graph)) {
    resized ??= new ResizeObserver((entries) => {
      for (const entry of entries) redraws.get(entry.target)?.();
    });
    resized.observe(graph);
  }
  redraws.set(graph, () => {
    const now = sizeOf(graph);
    if (now.width !== width || now.height !== height) renderGraph(graph, chances, classes, ply, t);
  });
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
    jump(plyAt(e.clientX - box.left, box.width, box.height, n));
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
