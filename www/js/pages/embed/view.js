// @ts-check
// What an embedded board draws besides the board: its shadow root's styles
// and frame, the language it speaks, review mode's graph, move list and
// comment, and a wrong move's explanation as numbered pieces. Functions of
// what they are handed: the state is mount's (embed.js).
import { languages, preferredLanguage } from '../../i18n/i18n.js';
import { findRow, renderMoves } from '../../panels/moves.js';
import { renderGraph } from '../../panels/review.js';
import { lineLayer } from '../../board/analysis-layers.js';
import { pieceCodeOf } from '../../engine/facts.js';
import { $ } from '../../lib/dom.js';

/**
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../i18n/words.js').Translate} Translate
 */

/**
 * The shadow root's styles: the shared colours and board styles, then the
 * embed's own. `onColours` runs once the colours have loaded (the canvas
 * reads them).
 * @param {() => void} [onColours]
 */
export function styles(onColours) {
  /** @param {string} file */
  const link = (file) => {
    const element = document.createElement('link');
    element.rel = 'stylesheet';
    element.href = new URL('../../../' + file, import.meta.url).href;
    return element;
  };
  const palette = link('palette.css');
  if (onColours) palette.addEventListener('load', onColours);
  return [palette, link('board.css'), link('review.css'), link('embed.css')];
}

/**
 * The frame of an embedded board: the board, its status, bar, message and
 * review parts, each with an id (ids are the shadow root's own, so boards
 * on one page do not collide) and a class for the styles.
 */
export function frameElement() {
  const frame = document.createElement('div');
  frame.className = 'frame';
  frame.innerHTML = `
    <div class="board-host" id="board-host"><div class="board" id="board" tabindex="0" role="application"></div>
      <div class="badge" id="badge" hidden><span class="head"></span> <span class="tail"></span></div>
      <p class="announcer sr-only" id="announcer" aria-live="polite" aria-atomic="true"></p></div>
    <p class="status" id="status"></p>
    <p class="comment" id="comment" hidden></p>
    <div class="bar" id="bar"></div>
    <p class="message" id="message" role="status"></p>
    <div class="review" id="review" hidden><svg class="graph" id="graph" role="img"></svg><ol class="move-list" id="move-list"></ol></div>
    <p class="caption" id="caption"></p>`;
  return frame;
}

/**
 * The language of the page around `host`, if the site speaks it; else the reader's.
 * @param {Element} host
 */
export function pageLanguage(host) {
  const tag = (host.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().split('-')[0];
  return languages.includes(tag) ? tag : preferredLanguage();
}

/**
 * A wrong move's explanation (its line, the wrong move first) as numbered pieces.
 * @param {MoveInfo[]} line
 */
export function explanationLayer(line) {
  return lineLayer(line.map((m) => ({ point: m.at ?? '', piece: m.piece ? pieceCodeOf(m.piece) : 0, change: m.kind === 'change' })));
}

/**
 * Review mode's parts: the graph and the move list from the game's tree,
 * and the comment of the move shown (the game's at the start); hidden in
 * the other modes.
 * @param {ShadowRoot} root the board's shadow root
 * @param {{ on: boolean, tree: import('../../engine/types.js').Tree, ply: number, t: Translate, jump: (id: number) => void }} review
 */
export function renderReview(root, { on, tree, ply, t, jump }) {
  $('review', root).hidden = !on;
  const shown = tree.current === null ? tree.comment : (findRow(tree.rows, tree.current)?.comment ?? '');
  $('comment', root).textContent = on ? shown : '';
  $('comment', root).hidden = !on || !shown;
  if (!on) return;
  const rows = tree.rows;
  const graph = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('graph', root)));
  // The graph's marker: the last move shown that is on the main line.
  let onMain = 0;
  while (onMain < ply && tree.line[onMain] === rows[onMain]?.id) onMain++;
  renderGraph(graph, [null, ...rows.map((r) => r.eval)], rows.map((r) => r.glyphName), onMain, t);
  renderMoves(/** @type {HTMLOListElement} */ ($('move-list', root)), tree, t, jump);
}
