// @ts-check
// What an embedded board draws besides the board (its controller, ctrl.js,
// draws that): the shadow root's styles and frame, the language it speaks,
// the message, the bar, the status and caption, review mode's graph, move
// list and comment, and the host's events. FrameView draws what the
// controller hands it and keeps no state of the game.
import { languages, preferredLanguage } from '../../i18n/i18n.js';
import { findRow, renderMoves } from '../../panels/moves.js';
import { renderGraph } from '../../panels/review.js';
import { button } from '../../panels/lost.js';
import { createBoard } from '../../board/board.js';
import { BoardView } from '../../view/board-view.js';
import { saveFile } from '../../lib/save-file.js';
import { $ } from '../../lib/dom.js';

/**
 * @typedef {import('../../i18n/words.js').Translate} Translate
 * @typedef {import('./ctrl.js').View} View
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

/** @implements {View} */
export class FrameView {
  /**
   * Fills `root`, the shadow root of `host`, with the styles and the frame.
   * @param {HTMLElement} host
   * @param {ShadowRoot} root
   * @param {() => void} onColours runs once the colours have loaded (the board is drawn anew)
   */
  constructor(host, root, onColours) {
    this.host = host;
    this.root = root;
    root.replaceChildren(...styles(onColours));
    this.frame = frameElement();
    root.appendChild(this.frame);
    /** @type {HTMLElement} */
    this.boardElement = $('board', root);
    /** @type {SVGSVGElement} */
    this.graph = $('graph', root);
  }

  pageLanguage() {
    return pageLanguage(this.host);
  }

  /** @param {string} locale */
  setLanguage(locale) {
    this.frame.lang = locale;
  }

  /**
   * The board in the frame and its board view, which hears the pointer and
   * the keys on it.
   * @param {import('./ctrl.js').BoardOptions} options
   */
  makeBoard(options) {
    const element = this.boardElement;
    const board = createBoard(element, {
      events: {
        hover: (point, event) => boardView.hover(point, event),
        click: (point, which, event) => boardView.click(point, which, event),
      },
    });
    const boardView = new BoardView({ ...options, board, badge: $('badge', this.root), host: $('board-host', this.root), announcer: $('announcer', this.root) });
    element.addEventListener('keydown', (e) => {
      if (boardView.key(e)) e.preventDefault();
    });
    element.addEventListener('blur', () => boardView.blur());
    return { board, boardView };
  }

  /** @param {boolean} on */
  failed(on) {
    this.frame.classList.toggle('failed', on);
  }

  /**
   * @param {string} text
   * @param {string} tone
   */
  say(text, tone) {
    const message = $('message', this.root);
    message.textContent = text;
    message.className = 'message ' + tone;
  }

  clearBar() {
    const bar = $('bar', this.root);
    bar.replaceChildren();
    bar.hidden = true;
  }

  /**
   * @param {Translate} t
   * @param {string} key
   * @param {() => void} action
   * @returns {HTMLButtonElement}
   */
  add(t, key, action) {
    const bar = $('bar', this.root);
    bar.hidden = false;
    return bar.appendChild(button(t, key, action));
  }

  showRetry() {
    const retry = $('bar', this.root).querySelector('.retry');
    if (retry) retry.hidden = false;
  }

  /**
   * @param {Translate} t
   * @param {import('./ctrl.js').Parts} parts
   */
  render(t, { line, caption, swap, review }) {
    this.boardElement.setAttribute('aria-label', t('board.application'));
    const status = $('status', this.root);
    status.textContent = line;
    status.hidden = !line;
    $('caption', this.root).textContent = caption;
    $('caption', this.root).hidden = !caption;
    const swapButton = $('bar', this.root).querySelector('.swap');
    if (swapButton) swapButton.hidden = !swap;
    renderReview(this.root, { ...review, t });
  }

  /** @param {string} svg */
  download(svg) {
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), 'federa-diagram.svg', this.frame);
  }

  /**
   * The host's `federa-<event>`, which leaves the shadow root.
   * @param {string} event
   * @param {unknown} detail
   */
  dispatch(event, detail) {
    this.host.dispatchEvent(new CustomEvent('federa-' + event, { detail, bubbles: true, composed: true }));
  }

  destroy() {
    this.root.replaceChildren();
  }
}
