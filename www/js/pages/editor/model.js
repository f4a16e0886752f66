// @ts-check
// The board editor's diagram: the pieces on each point, who is to move,
// the pie rule and the author's marks, with the edits the editor offers.
// Pure data, no rules: the engine reads the diagram (GameHandle.fromCells)
// and says what the position is. Every edit returns a new diagram.
//
// The diagram travels as a <federa-board> snippet: the editor writes one,
// reads one back (its attributes through the embed's own grammar), and
// keeps the one being edited in the browser.
import { parsePoint, pointName } from '../../engine/points.js';
import { ATTRIBUTES, configFromAttributes } from '../../game/embed-config.js';
import { cellsFromText } from '../../engine/facts.js';

/**
 * The most moves a diagram may say were played before it: the editor's
 * field is four digits wide (the engine would take up to 2³² − 1).
 */
export const MAX_PLIES = 9999;

/**
 * @typedef {{
 *   size: number,
 *   cells: Uint8Array,
 *   toMove: import('../../engine/facts.js').Color,
 *   plies: number,
 *   pie: boolean,
 *   coordinates: boolean,
 *   highlight: string[],
 *   arrows: [string, string][],
 *   labels: [string, string][],
 *   shade: string[],
 * }} Diagram
 *
 * cells: `size`×`size` cell codes (facts.js), row by row from the bottom;
 * plies: the moves played before (the swap needs 1); the marks as the
 * embed's attributes have them.
 */

/**
 * An empty board, Dark to move.
 * @param {number} size
 * @returns {Diagram}
 */
export function emptyDiagram(size) {
  return {
    size,
    cells: new Uint8Array(size * size),
    toMove: 'dark',
    plies: 0,
    pie: true,
    coordinates: true,
    highlight: [],
    arrows: [],
    labels: [],
    shade: [],
  };
}

/**
 * @param {Diagram} d
 * @param {string} point
 */
function indexOf(d, point) {
  const p = parsePoint(point);
  return p && p.col < d.size && p.row < d.size ? p.row * d.size + p.col : -1;
}

/**
 * Whether `point` is on the diagram's board.
 * @param {Diagram} d
 * @param {string} point
 */
export const onBoard = (d, point) => indexOf(d, point) >= 0;

/**
 * The first mark that is not on the board, as the attribute that holds it
 * and the point, or null.
 * @param {Diagram} d
 * @returns {{ name: string, point: string } | null}
 */
export function markOffBoard(d) {
  /** @type {[string, string[]][]} */
  const marks = [
    ['highlight', d.highlight],
    ['arrows', d.arrows.flat()],
    ['labels', d.labels.map(([p]) => p)],
    ['shade', d.shade],
  ];
  for (const [name, points] of marks) {
    const point = points.find((p) => !onBoard(d, p));
    if (point) return { name, point };
  }
  return null;
}

/**
 * The diagram with `code` (0 erases) on each of `points` (those off the
 * board are ignored).
 * @param {Diagram} d
 * @param {string[]} points
 * @param {number} code
 * @returns {Diagram}
 */
export function paint(d, points, code) {
  const cells = Uint8Array.from(d.cells);
  for (const point of points) {
    const i = indexOf(d, point);
    if (i >= 0) cells[i] = code;
  }
  return { ...d, cells };
}

/**
 * The code at a point (0 for empty or off the board).
 * @param {Diagram} d
 * @param {string} point
 */
export function cellAt(d, point) {
  const i = indexOf(d, point);
  return i >= 0 ? d.cells[i] : 0;
}

/**
 * Every empty point given `code`.
 * @param {Diagram} d
 * @param {number} code
 */
export const fill = (d, code) => ({ ...d, cells: d.cells.map((c) => c || code) });

/**
 * No pieces left (the marks stay).
 * @param {Diagram} d
 */
export const clearPieces = (d) => ({ ...d, cells: new Uint8Array(d.size * d.size) });

/**
 * No marks left (the pieces stay).
 * @param {Diagram} d
 * @returns {Diagram}
 */
export const clearMarks = (d) => ({ ...d, highlight: [], arrows: [], labels: [], shade: [] });

/**
 * The diagram with every point moved by `move` (its column and row on an
 * N×N board to the new ones), pieces and marks alike.
 * @param {Diagram} d
 * @param {(col: number, row: number, n: number) => [number, number]} move
 * @returns {Diagram}
 */
function transform(d, move) {
  const n = d.size;
  const cells = new Uint8Array(n * n);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const [c, r] = move(col, row, n);
      cells[r * n + c] = d.cells[row * n + col];
    }
  }
  /** @param {string} point */
  const at = (point) => {
    const p = /** @type {import('../../engine/points.js').Coord} */ (parsePoint(point));
    return pointName(...move(p.col, p.row, n));
  };
  // Marks are kept on the board (a mark elsewhere would have no point to move to).
  const kept = resize(d, n);
  return {
    ...d,
    cells,
    highlight: kept.highlight.map(at),
    shade: kept.shade.map(at),
    arrows: kept.arrows.map(([a, b]) => [at(a), at(b)]),
    labels: kept.labels.map(([p, text]) => [at(p), text]),
  };
}

/** Mirrored left to right. @param {Diagram} d */
export const flip = (d) => transform(d, (col, row, n) => [n - 1 - col, row]);

/** Turned a quarter clockwise. @param {Diagram} d */
export const rotate = (d) => transform(d, (col, row, n) => [row, n - 1 - col]);

/**
 * The diagram on a board of another size: what lies on the new board (from
 * a1 up and right) stays, the rest goes.
 * @param {Diagram} d
 * @param {number} size
 * @returns {Diagram}
 */
export function resize(d, size) {
  const cells = new Uint8Array(size * size);
  for (let row = 0; row < Math.min(size, d.size); row++) {
    for (let col = 0; col < Math.min(size, d.size); col++) cells[row * size + col] = d.cells[row * d.size + col];
  }
  /** @param {string} point */
  const on = (point) => {
    const p = parsePoint(point);
    return p !== null && p.col < size && p.row < size;
  };
  return {
    ...d,
    size,
    cells,
    highlight: d.highlight.filter(on),
    shade: d.shade.filter(on),
    arrows: d.arrows.filter(([a, b]) => on(a) && on(b)),
    labels: d.labels.filter(([p]) => on(p)),
  };
}

/**
 * A point's highlight or shade turned on (`on`) or off.
 * @param {Diagram} d
 * @param {'highlight' | 'shade'} kind
 * @param {string} point
 * @param {boolean} on
 * @returns {Diagram}
 */
export function setMark(d, kind, point, on) {
  const rest = d[kind].filter((p) => p !== point);
  return { ...d, [kind]: on ? [...rest, point] : rest };
}

/**
 * The arrow from `from` to `to` added, or taken away if it is there.
 * @param {Diagram} d
 * @param {string} from
 * @param {string} to
 * @returns {Diagram}
 */
export function toggleArrow(d, from, to) {
  const rest = d.arrows.filter(([a, b]) => a !== from || b !== to);
  return { ...d, arrows: rest.length < d.arrows.length ? rest : [...rest, [from, to]] };
}

/**
 * The point's label set to `text`, or taken away if `text` is empty.
 * @param {Diagram} d
 * @param {string} point
 * @param {string} text
 * @returns {Diagram}
 */
export function setLabel(d, point, text) {
  const rest = d.labels.filter(([p]) => p !== point);
  return { ...d, labels: text ? [...rest, [point, text]] : rest };
}

/**
 * The label that follows `text` (A, B, … Z, AA; 1, 2, …), for labelling
 * points in turn; the same text when it does not count.
 * @param {string} text
 */
export function nextLabel(text) {
  if (/^[0-9]{1,3}$/.test(text)) return Number(text) < 999 ? String(Number(text) + 1) : text;
  if (/^[A-Y]$|^[a-y]$/.test(text)) return String.fromCharCode(text.charCodeAt(0) + 1);
  if (text === 'Z') return 'AA';
  if (text === 'z') return 'aa';
  return text;
}

/** The label grammar's test (embed/config.js). @param {string} text */
export const isLabel = (text) => {
  try {
    ATTRIBUTES.labels(`a1:${text}`);
    return true;
  } catch {
    return false;
  }
};

/**
 * The attributes of the diagram's <federa-board>, in a stable order, with
 * the defaults left out. `position` is the engine's position string.
 * @param {Diagram} d
 * @param {string} position
 * @returns {[string, string][]}
 */
export function attributes(d, position) {
  /** @type {[string, string][]} */
  const out = [
    ['mode', 'diagram'],
    ['position', position],
  ];
  if (!d.pie) out.push(['pie', 'false']);
  if (!d.coordinates) out.push(['coordinates', 'false']);
  if (d.highlight.length) out.push(['highlight', d.highlight.join(' ')]);
  if (d.arrows.length) out.push(['arrows', d.arrows.map((a) => a.join('-')).join(' ')]);
  if (d.labels.length) out.push(['labels', d.labels.map((l) => l.join(':')).join(' ')]);
  if (d.shade.length) out.push(['shade', d.shade.join(' ')]);
  return out;
}

/** @param {string} text */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The HTML that shows the diagram on any page: the include and the element.
 * @param {Diagram} d
 * @param {string} position
 * @param {string} scriptUrl where embed.js is served
 */
export function snippet(d, position, scriptUrl) {
  const attrs = attributes(d, position)
    .map(([k, v]) => ` ${k}="${escape(v)}"`)
    .join('');
  return `<script type="module" src="${escape(scriptUrl)}"></script>\n<federa-board${attrs}></federa-board>`;
}

const ENTITIES = /** @type {Record<string, string>} */ ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' });

/**
 * The attributes of the first <federa-board> tag in `html` (names in lower
 * case, character references decoded), or null if there is none.
 * @param {string} html
 * @returns {Map<string, string> | null}
 */
export function tagAttributes(html) {
  const start = /<federa-board(?=[\s/>])/i.exec(html);
  if (!start) return null;
  const attrs = new Map();
  const re = /\s*([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*\/?>/gy;
  re.lastIndex = start.index + start[0].length;
  for (let m = re.exec(html); m && m[1]; m = re.exec(html)) {
    const raw = m[2] ?? m[3] ?? m[4] ?? '';
    const value = raw.replace(/&(#[0-9]+|[a-z]+);/gi, (whole, name) =>
      name[0] === '#' ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name.toLowerCase()] ?? whole),
    );
    if (!attrs.has(m[1].toLowerCase())) attrs.set(m[1].toLowerCase(), value);
  }
  return attrs;
}

/**
 * What a snippet says: its board (a position or a record, for the engine
 * to read) and the marks, read with the embed's grammar. Throws the
 * embed's `{ name, value, expected }` on a bad attribute, and
 * `{ name: 'federa-board' }` when there is no element.
 * @param {string} html
 */
export function readSnippet(html) {
  const attrs = tagAttributes(html);
  if (!attrs) throw { name: 'federa-board', value: html.slice(0, 40), expected: 'element' };
  const config = configFromAttributes((name) => attrs.get(name) ?? null);
  return {
    position: config.position,
    record: config.record,
    size: config.size,
    pie: config.pie ?? true,
    coordinates: config.coordinates ?? true,
    highlight: config.highlight ?? [],
    arrows: /** @type {[string, string][]} */ (config.arrows ?? []),
    labels: /** @type {[string, string][]} */ (config.labels ?? []),
    shade: config.shade ?? [],
  };
}

/**
 * The diagram as the browser keeps it (JSON; read back by `fromStored`
 * without the engine, so the page shows it at once).
 * @param {Diagram} d
 */
export const toStored = (d) => ({ ...d, cells: Array.from(d.cells).join('') });

/**
 * A kept diagram, or a `{ kind: 'unreadable' }` thrown for anything that is
 * not one (a wrong size, a cell code, a mark off the board, a bad label).
 * @param {any} v
 * @param {{ min: number, max: number }} sizes the board sizes there are
 * @returns {Diagram}
 */
export function fromStored(v, sizes) {
  const points = (/** @type {unknown} */ list) => Array.isArray(list) && list.every((p) => typeof p === 'string' && parsePoint(p));
  const pairs = (/** @type {unknown} */ list, /** @type {(pair: any[]) => boolean} */ ok) =>
    Array.isArray(list) && list.every((pair) => Array.isArray(pair) && pair.length === 2 && ok(pair));
  const fine =
    v !== null &&
    typeof v === 'object' &&
    Number.isInteger(v.size) &&
    v.size >= sizes.min &&
    v.size <= sizes.max &&
    cellsFromText(v.cells, v.size) !== null &&
    (v.toMove === 'dark' || v.toMove === 'light') &&
    Number.isInteger(v.plies) &&
    v.plies >= 0 &&
    v.plies <= MAX_PLIES &&
    typeof v.pie === 'boolean' &&
    typeof v.coordinates === 'boolean' &&
    points(v.highlight) &&
    points(v.shade) &&
    pairs(v.arrows, (pair) => points(pair) && pair[0] !== pair[1]) &&
    pairs(v.labels, ([p, text]) => points([p]) && typeof text === 'string' && isLabel(text));
  if (!fine) throw { kind: 'unreadable' };
  /** @type {Diagram} */
  const d = {
    size: v.size,
    cells: /** @type {Uint8Array} */ (cellsFromText(v.cells, v.size)),
    toMove: v.toMove,
    plies: v.plies,
    pie: v.pie,
    coordinates: v.coordinates,
    highlight: v.highlight,
    arrows: v.arrows,
    labels: v.labels,
    shade: v.shade,
  };
  if (markOffBoard(d)) throw { kind: 'unreadable' };
  return d;
}
