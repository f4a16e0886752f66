// @ts-check
// The board's part of a view, shared by the play page and embedded boards:
// what the pointer or the keyboard cursor is over (hover.js), the cursor
// and its keys (keys.js), the words a screen reader hears, and the note
// when the cursor asks to change an empty point. The view says who may act
// and how an action is played; this says nothing of the rules.
import { parsePoint } from '../engine/points.js';
import { clickShape, hideBadge, hoverShape, showHover } from './hover.js';
import { cursorKey, cursorStart } from './cursor-keys.js';

/**
 * @typedef {import('./hover.js').HoverView} HoverView
 * @typedef {import('../board/geometry.js').Region} Region
 * @typedef {{
 *   board: import('../board/board.js').Board,
 *   session: import('../game/session.js').Session,
 *   badge: HTMLElement, host: HTMLElement, announcer: HTMLElement,
 *   t: import('../i18n/words.js').Translate, locale: () => string,
 *   canPlace: (st: import('../engine/types.js').Status) => boolean,
 *   showGroup: () => boolean,
 *   shape: () => 'round' | 'square',
 *   region?: () => Region | null,
 *   say: (text: string, tone: string) => void,
 *   act: (at: string, shape: 'round' | 'square') => void,
 *   confirm: () => boolean,
 *   onSelect?: (point: string | null) => void,
 * }} BoardViewOptions
 *
 * canPlace: whether the reader may place now (a ghost shows); shape: what
 * a tap or Enter places; say: a note beside the board; act: plays at a
 * point (a click, or a key at the cursor); confirm: whether a tap only
 * selects, to be played by a second tap (lichess's and OGS's "confirm
 * move"); onSelect: hears the point a tap selected (null: none).
 */

export class BoardView {
  /** @param {BoardViewOptions} options */
  constructor(options) {
    this.o = options;
    /** The keyboard cursor's point, if shown. @type {string | null} */
    this.cursor = null;
    /**
     * The point a first tap selected: its ghost, or its group and badge,
     * show until a second tap there (or `play`) acts. A finger cannot
     * hover, so this is how a touch screen looks before it acts.
     * @type {string | null}
     */
    this.selected = null;
  }

  /** @returns {HoverView} */
  hoverView() {
    const { session, board, badge, host, t } = this.o;
    const st = session.status();
    return {
      game: session.current,
      status: st,
      board,
      badge,
      host,
      t,
      locale: this.o.locale(),
      canPlace: this.o.canPlace(st),
      showGroup: this.o.showGroup(),
    };
  }

  /**
   * Shows what is under the pointer (null: nothing).
   * @param {string | null} point
   * @param {Event | null} event
   */
  hover(point, event) {
    // A finger's moves and its lifting are not hovers: a tap selects.
    if (/** @type {any} */ (event)?.pointerType === 'touch') return;
    if (this.o.session.game) showHover(this.hoverView(), point, hoverShape(event));
  }

  /**
   * A click or a tap at `point`: acts with the shape the pointer chooses
   * (a mouse's button or Shift; a tap places the shape chosen). With
   * confirmation on, a tap on another point than the one selected only
   * selects it.
   * @param {string} point
   * @param {number} button
   * @param {PointerEvent} event
   */
  click(point, button, event) {
    if (!this.o.session.game) return;
    if (event.pointerType === 'touch' && this.o.confirm() && this.selected !== point) {
      this.select(point);
      return;
    }
    this.select(null);
    this.o.act(point, clickShape(event, button, this.o.shape()));
  }

  /**
   * Selects `point` (null: none), shows it and says what is there.
   * @param {string | null} point
   */
  select(point) {
    if (point === this.selected) return;
    this.selected = point;
    if (point) {
      this.announce(this.words(point, showHover(this.hoverView(), point, this.o.shape())));
    } else {
      this.o.board.set({ focus: null, ghost: null });
      this.hideBadge();
    }
    this.o.onSelect?.(point);
  }

  /** After a redraw, which drops the ghost and the group: the selection again. */
  showSelected() {
    if (this.selected) showHover(this.hoverView(), this.selected, this.o.shape());
    else this.hideBadge();
  }

  /** Plays at the selected point (the page's Play button). */
  play() {
    const at = this.selected;
    if (!at) return;
    this.select(null);
    this.o.act(at, this.o.shape());
  }

  /** Hides the badge (a redraw drops the focus and the ghost). */
  hideBadge() {
    hideBadge(this.o.badge);
  }

  /** Shows the cursor (or its absence) and says what is under it. */
  showCursor() {
    const { board } = this.o;
    board.set({ cursor: this.cursor });
    if (!this.cursor) {
      board.set({ focus: null, ghost: null });
      this.hideBadge();
      return;
    }
    this.announce(this.words(this.cursor, showHover(this.hoverView(), this.cursor, this.o.shape())));
  }

  /**
   * What is at `point` in words, from what showHover showed there.
   * @param {string} point
   * @param {ReturnType<typeof showHover>} shown
   */
  words(point, shown) {
    const { t } = this.o;
    return shown ? `${point}: ${t('piece.' + shown.info.piece)}. ${shown.words.tail}` : `${point}: ${t('board.empty')}`;
  }

  /** The board lost the focus: the cursor goes. */
  blur() {
    if (!this.cursor) return;
    this.cursor = null;
    this.o.board.set({ cursor: null });
  }

  /**
   * A key on the board: moves the cursor or acts at it. False if it is not
   * a cursor key (the view may give it a meaning of its own).
   * @param {KeyboardEvent} e
   */
  key(e) {
    const { session } = this.o;
    if (!session.game || e.ctrlKey || e.metaKey || e.altKey) return false;
    const st = session.status();
    const region = this.o.region?.() ?? undefined;
    const action = cursorKey(e.key, this.cursor, st.size, cursorStart(session.current.lastMovePoints(), st.size, region), region);
    if (!action) return false;
    if ('act' in action) this.actAt(action.at, action.act);
    else this.cursor = action.cursor;
    this.showCursor();
    return true;
  }

  /**
   * Acts at the cursor: `change` only changes (an empty point gets a note).
   * @param {string} at
   * @param {'round' | 'square' | 'chosen' | 'change'} how
   */
  actAt(at, how) {
    const p = /** @type {import('../engine/points.js').Coord} */ (parsePoint(at));
    if (how === 'change' && this.o.session.current.groupAt(p.col, p.row) === null) {
      this.o.say(this.o.t('message.nothingToChange', { at }), 'error');
    } else {
      this.o.act(at, how === 'round' || how === 'square' ? how : this.o.shape());
    }
  }

  /**
   * Says `text` in the live region.
   * @param {string} text
   */
  announce(text) {
    const el = this.o.announcer;
    el.textContent = '';
    // A fresh text node, so screen readers read repeated messages too.
    requestAnimationFrame(() => {
      el.textContent = text;
    });
  }
}
