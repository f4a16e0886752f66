// @ts-check
// What the board shows under the pointer (or the keyboard cursor): a ghost
// of the piece a click would place on an empty point, or the group on an
// occupied one with its attackers marked and a badge saying what the side
// to move may do with it. Shared by the play page and embedded boards.
import { parsePoint } from '../engine/points.js';
import { pieceCode } from '../engine/facts.js';
import { describeGroup } from '../i18n/words.js';

/**
 * @typedef {{
 *   game: import('../engine/types.js').Game, status: import('../engine/types.js').Status,
 *   board: import('../board/board.js').Board, badge: HTMLElement, host: HTMLElement,
 *   t: import('../i18n/words.js').Translate, locale: string, canPlace: boolean, showGroup: boolean,
 * }} HoverView
 * @typedef {{ head: string, tail: string, ok: boolean }} BadgeWords
 */

/**
 * Shows what is at `point` (null: nothing). `shape` is what a click would
 * place, or null (no ghost). Returns the group's info and the badge's
 * words, or null on an empty point.
 * @param {HoverView} view
 * @param {string | null} point
 * @param {'round' | 'square' | null} shape
 * @returns {{ info: import('../engine/types.js').GroupInfo, words: BadgeWords } | null}
 */
export function showHover(view, point, shape) {
  const { game, board, badge } = view;
  if (!point) {
    board.set({ focus: null, ghost: null });
    hideBadge(badge);
    return null;
  }
  const st = view.status;
  const p = parsePoint(point);
  const info = p && game.groupAt(p.col, p.row);
  if (!info || view.showGroup === false) {
    const ghost = !info && view.canPlace && shape ? { point, piece: pieceCode(st.toMove, shape) } : null;
    board.set({ focus: null, ghost });
    hideBadge(badge);
    return null;
  }
  board.set({ ghost: null, focus: { points: info.points, dark: info.darkAttackers, light: info.lightAttackers } });
  /** @param {number} n */
  const number = (n) => new Intl.NumberFormat(view.locale).format(n);
  const words = describeGroup(view.t, number, info, st.toMove);
  showBadge(badge, view.host, board, point, [...info.points, ...info.darkAttackers, ...info.lightAttackers], words);
  return { info, words };
}

/**
 * The badge beside the group: above all that it counts (the group and its
 * attackers) where there is room, else below them, so that it covers none
 * of them; where neither fits, above the point (below it near the top).
 * @param {HTMLElement} badge
 * @param {HTMLElement} host
 * @param {import('../board/board.js').Board} board
 * @param {string} point
 * @param {string[]} counted the group's points and its attackers'
 * @param {BadgeWords} words
 */
function showBadge(badge, host, board, point, counted, { head, tail, ok }) {
  const at = board.pointPixel(point);
  if (!at) return;
  /** @type {HTMLElement} */ (badge.querySelector('.head')).textContent = head;
  /** @type {HTMLElement} */ (badge.querySelector('.tail')).textContent = tail;
  badge.classList.toggle('ok', ok);
  badge.hidden = false;
  const canvas = board.canvas.getBoundingClientRect();
  const box = host.getBoundingClientRect();
  // Centred on the point, but kept inside the board near its sides.
  const half = badge.offsetWidth / 2;
  const x = Math.min(Math.max(canvas.left - box.left + at.x, half), box.width - half);
  const top = canvas.top - box.top;
  const ys = counted.map((p) => board.pointPixel(p)?.y).filter((y) => y !== undefined).map((y) => top + /** @type {number} */ (y));
  const gap = at.cell * 0.7;
  const [highest, lowest] = [Math.min(...ys), Math.max(...ys)];
  const y = top + at.y;
  let below;
  let anchor;
  if (highest - gap - badge.offsetHeight >= 0) [below, anchor] = [false, highest - gap];
  else if (lowest + gap + badge.offsetHeight <= box.height) [below, anchor] = [true, lowest + gap];
  else [below, anchor] = y < box.height * 0.25 ? [true, y + gap] : [false, y - gap];
  badge.classList.toggle('below', below);
  badge.style.left = `${Math.round(x)}px`;
  badge.style.top = `${Math.round(anchor)}px`;
}

/**
 * The shape a pointer's ghost shows: none for touch (a finger does not
 * hover), a square with Shift, a round otherwise.
 * @param {any} event a pointer or key event, or null
 * @returns {'round' | 'square' | null}
 */
export function hoverShape(event) {
  return event?.pointerType === 'touch' ? null : event?.shiftKey ? 'square' : 'round';
}

/**
 * The shape a click places: a tap or a pen places the chosen `tapShape`;
 * a mouse places a square with the right button or Shift, a round otherwise.
 * @param {PointerEvent} event
 * @param {number} button
 * @param {'round' | 'square'} tapShape
 * @returns {'round' | 'square'}
 */
export function clickShape(event, button, tapShape) {
  if (event.pointerType === 'touch' || event.pointerType === 'pen') return tapShape;
  return button === 2 || event.shiftKey ? 'square' : 'round';
}

/** @param {HTMLElement} badge */
export function hideBadge(badge) {
  badge.hidden = true;
}
