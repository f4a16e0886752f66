// @ts-check
// The play page's keys beside the board cursor's (board-view.js): moving
// through the game, the shape, hints, analysis, the review's marked moves
// (see the help panel). A key with Ctrl, Alt or Meta is the browser's.

/**
 * @typedef {{
 *   jump: (ply: number) => void, forward: () => void, undo: () => void, redo: () => void,
 *   setShape: (shape: 'round' | 'square') => void, toggleHints: () => void, help: () => void,
 *   toggleAnalysis: () => void, step: (step: 1 | -1) => void, toggleOwnership: () => void,
 *   evaluation: () => void,
 * }} Actions
 */

/**
 * What each page key does.
 * @param {Actions} a
 * @param {import('../session.js').Session} session
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
  };
}

/**
 * Whether a key pressed in `target` is the reader's typing (a field, a
 * list, a dialog's form), not a command.
 * @param {EventTarget | null} target
 */
export function typing(target) {
  const el = /** @type {Element | null} */ (target);
  return Boolean(el?.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog'));
}

/** Keys that scroll the page when the board has no focus, so only the board's. */
const BOARD_ONLY = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End']);

/**
 * Listens for keys: on the board the cursor's first, then the page's; the
 * page's also anywhere on the page (`root`) but while typing, so N, P or A
 * work wherever the focus is.
 * @param {HTMLElement} element the board
 * @param {import('../board-view.js').BoardView} boardView
 * @param {Record<string, () => void>} keys
 * @param {Document | HTMLElement} root
 */
export function listenKeys(element, boardView, keys, root) {
  /** @param {KeyboardEvent} e @param {boolean} onBoard */
  const pageKey = (e, onBoard) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    if (!onBoard && (BOARD_ONLY.has(e.key) || typing(e.target))) return;
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
