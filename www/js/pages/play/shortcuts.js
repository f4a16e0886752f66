// @ts-check
// The play page's keys beside the board cursor's (board-view.js): moving
// through the game, the shape, hints, analysis, the opening explorer, the
// review's marked moves
// (see the help panel). A key with Ctrl, Alt or Meta is the browser's.

/**
 * @typedef {{
 *   jump: (ply: number) => void, forward: () => void, undo: () => void, redo: () => void,
 *   setShape: (shape: 'round' | 'square') => void, toggleHints: () => void, help: () => void,
 *   toggleAnalysis: () => void, step: (step: 1 | -1) => void, toggleOwnership: () => void,
 *   evaluation: () => void, toggleExplorer: () => void,
 * }} Actions
 */

/**
 * What each page key does.
 * @param {Actions} a
 * @param {import('../../game/session.js').Session} session
 * @param {() => 'round' | 'square'} shape the shape chosen
 * @returns {Record<string, () => void>}
 */
export function pageKeys(a, session, shape) {
  return {
    ArrowLeft: () => a.jump(session.status().ply - 1),
    ArrowRight: a.forward,
    Home: () => a.jump(0),
    ArrowUp: () => a.jump(0),
    End: () => a.jump(session.status().moves),
    ArrowDown: () => a.jump(session.status().moves),
    u: a.undo,
    Backspace: a.undo,
    y: a.redo,
    q: () => a.setShape('round'),
    w: () => a.setShape('square'),
    t: () => a.setShape(shape() === 'round' ? 'square' : 'round'),
    h: a.toggleHints,
    '?': a.help,
    a: a.toggleAnalysis,
    n: () => a.step(1),
    p: () => a.step(-1),
    o: a.toggleOwnership,
    e: a.evaluation,
    x: a.toggleExplorer,
  };
}

/**
 * Whether a key pressed in `target` is the reader's typing (a field, a
 * list, a dialog, or anywhere while a dialog is open), not a command.
 * @param {EventTarget | null} target
 */
export function typing(target) {
  const el = /** @type {Element | null} */ (target);
  const field = el?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog');
  return Boolean(field) || Boolean(el?.ownerDocument?.querySelector('dialog[open]'));
}

/**
 * The page's keys that work wherever the focus is: the review's steps, the
 * analysis and the help. The others (moving through the game, undo, the
 * shape) act on the game, so they are the board's: a key pressed on a
 * button or the page is not taken as a move back.
 */
const EVERYWHERE = new Set(['n', 'p', 'a', 'o', 'e', 'x', 'h', '?']);

/**
 * Listens for keys: on the board the cursor's first, then the page's; a few
 * of the page's (EVERYWHERE) also anywhere on the page (`root`) but while
 * typing or in a dialog, so N, P or A work wherever the focus is.
 * @param {HTMLElement} element the board
 * @param {import('../../view/board-view.js').BoardView} boardView
 * @param {Record<string, () => void>} keys
 * @param {Document | HTMLElement} root
 */
export function listenKeys(element, boardView, keys, root) {
  /** @param {KeyboardEvent} e @param {boolean} onBoard */
  const pageKey = (e, onBoard) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (!onBoard && (!EVERYWHERE.has(e.key) || typing(e.target))) return;
    const action = keys[e.key];
    if (!action) return;
    action();
    e.preventDefault();
  };
  element.addEventListener('keydown', (e) => {
    if (boardView.key(e)) e.preventDefault();
    else pageKey(e, true);
  });
  element.addEventListener('blur', () => boardView.blur());
  root.addEventListener('keydown', (e) => {
    if (!element.contains(/** @type {Node} */ (e.target))) pageKey(/** @type {KeyboardEvent} */ (e), false);
  });
}
