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
 * Listens for keys on the board: the cursor's first, then the page's.
 * @param {HTMLElement} element
 * @param {import('../board-view.js').BoardView} boardView
 * @param {Record<string, () => void>} keys
 */
export function listenKeys(element, boardView, keys) {
  element.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (!boardView.key(e)) {
      const action = keys[e.key];
      if (!action) return;
      action();
    }
    e.preventDefault();
  });
  element.addEventListener('blur', () => boardView.blur());
}
