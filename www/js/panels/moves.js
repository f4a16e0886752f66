// @ts-check
// The move list: the game's tree as the engine gives it (GameHandle.tree).
// The main line in numbered rows of a Dark and a Light move (after a swap
// Light's move opens a row of its own, as a chess game's black move may);
// each variation, indented below the move
// it is an alternative to, runs on one line with its own nested in
// parentheses. Every move shows its glyph and comment; the line shown is
// marked, its current move too; a click shows that move.
import { MARKED } from '../engine/facts.js';

/**
 * @typedef {import('../engine/types.js').Row} Row
 * @typedef {import('../engine/types.js').Tree} Tree
 */

/**
 * @param {HTMLOListElement} list
 * @param {Tree} tree
 * @param {import('../i18n/words.js').Translate} t
 * @param {(id: number) => void} onShow
 */
export function renderMoves(list, tree, t, onShow) {
  // A move chosen from the list keeps the focus there, on the move shown, though the list is drawn anew.
  const focused = list.contains(document.activeElement);
  list.textContent = '';
  const line = new Set(tree.line);
  /** @type {Map<number, string>} */
  const numbers = new Map();
  numberLine(tree.rows, null, null, t, numbers);
  /** @param {Row} row @param {boolean} numbered */
  const button = (row, numbered) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'mv';
    b.dataset.ply = String(row.ply);
    b.dataset.node = String(row.id);
    b.textContent = (numbered ? numbers.get(row.id) + ' ' : '') + shownToken(row, t);
    if (row.glyph) {
      const mark = document.createElement('span');
      // The glyph's meaning names its colour's class (facts.js's GLYPHS).
      const kind = row.glyphName;
      mark.className = `glyph-mark ${kind}`;
      mark.textContent = row.glyph;
      if (MARKED.includes(kind)) mark.title = t('class.' + kind);
      b.appendChild(mark);
    }
    if (line.has(row.id)) b.classList.add('on-line');
    if (row.id === tree.current) {
      b.classList.add('current');
      b.setAttribute('aria-current', 'step');
    }
    b.addEventListener('click', () => onShow(row.id));
    return b;
  };
  /** @param {Row} row */
  const comment = (row) => {
    const c = document.createElement('span');
    c.className = 'comment';
    c.textContent = row.comment;
    return c;
  };
  /** A variation on one line: the first move numbered, nested ones in parentheses. @param {Row[]} rows */
  const variation = (rows) => {
    const span = document.createElement('span');
    span.className = 'variation';
    rows.forEach((row, k) => {
      span.append(button(row, k === 0 || row.color === 'dark'), ' ');
      if (row.comment) span.append(comment(row), ' ');
      for (const v of row.variations) span.append('(', variation(v), ') ');
    });
    return span;
  };

  /** @type {HTMLLIElement | null} */
  let pair = null;
  /** Whether the row has its Light move (a Light move after it opens a row of its own). */
  let full = false;
  for (const row of tree.rows) {
    if (!pair || row.color === 'dark' || full) {
      pair = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = numbers.get(row.id) ?? '';
      pair.appendChild(num);
      // A row that starts with Light's move keeps the columns.
      if (row.color === 'light') pair.appendChild(document.createElement('span'));
      list.appendChild(pair);
    }
    pair.appendChild(button(row, false));
    full = row.color === 'light';
    if (!row.comment && row.variations.length === 0) continue;
    if (row.comment) {
      const li = document.createElement('li');
      li.className = 'note-row';
      // Under its own move: a comment on a pair's second move starts in
      // that move's column, not under the first move.
      if (pair.children.length > 2) li.classList.add('second');
      li.appendChild(comment(row));
      list.appendChild(li);
    }
    for (const v of row.variations) {
      const li = document.createElement('li');
      li.className = 'variation-row';
      li.appendChild(variation(v));
      list.appendChild(li);
    }
    // The main line goes on in a row of its own.
    pair = null;
  }
  // Keep the current move in view inside the list, never scrolling the page.
  const current = /** @type {HTMLElement | null} */ (list.querySelector('.current'));
  if (focused) current?.focus({ preventScroll: true });
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

/**
 * A move's token as the list shows it: its letters in the language's own
 * script (Т for Тёмные and К for a round in Russian: never a Cyrillic
 * letter beside a Latin one) and the swap in words; the record keeps B, W,
 * F, C, S and `swap`.
 * @param {Row} row
 * @param {import('../i18n/words.js').Translate} t
 */
function shownToken(row, t) {
  if (row.token === 'swap') return t('token.swap');
  const [, change, shape, point] = /** @type {RegExpMatchArray} */ (/^[BW](F?)([CS])(.+)$/.exec(row.token));
  return t('token.' + row.color) + (change ? t('token.change') : '') + t(shape === 'C' ? 'token.round' : 'token.square') + point;
}

/**
 * The numbers before the moves of a line and its variations, by node id:
 * a Dark move opens the next number (`3.`), a Light move takes the number
 * of the Dark move before it (`3…`), or the next one after a Light move
 * (Dark's turn there was skipped, its number spent). The line's first move
 * is numbered from its ply: Dark's at ply p opens ⌊p/2⌋ + 1, Light's is in
 * ⌈p/2⌉. A variation goes on from the number before the move it replaces.
 * @param {Row[]} rows
 * @param {number | null} n the number of the move before the line's first (null: none)
 * @param {'dark' | 'light' | null} prev that move's colour
 * @param {import('../i18n/words.js').Translate} t
 * @param {Map<number, string>} into
 */
function numberLine(rows, n, prev, t, into) {
  for (const row of rows) {
    const before = /** @type {const} */ ([n, prev]);
    if (n === null) n = row.color === 'dark' ? Math.floor(row.ply / 2) + 1 : Math.ceil(row.ply / 2);
    else if (row.color === 'dark' || prev === 'light') n += 1;
    into.set(row.id, t(row.color === 'dark' ? 'moves.number' : 'moves.numberSecond', { n }));
    for (const v of row.variations) numberLine(v, before[0], before[1], t, into);
    prev = row.color;
  }
}

/**
 * The row of node `id` in `rows` or their variations, if there is one.
 * @param {Row[]} rows
 * @param {number} id
 * @returns {Row | undefined}
 */
export function findRow(rows, id) {
  for (const row of rows) {
    if (row.id === id) return row;
    for (const v of row.variations) {
      const found = findRow(v, id);
      if (found) return found;
    }
  }
  return undefined;
}
