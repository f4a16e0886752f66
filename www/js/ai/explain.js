// @ts-check
// The engine's puzzle solver as the problem mode with `proof` asks it: a
// side's quickest winning line from a position, and why a wrong move is
// wrong (the line by which the other side then wins, or by which the move
// wins but too slowly). The explanation may look at twice EXPLAIN_NODES
// positions, so it runs in the AI's worker (worker.js), off the page's
// thread.

import { otherColor } from '../engine/facts.js';

/** The positions each of an explanation's two searches may look at. */
export const EXPLAIN_NODES = 200_000;

/**
 * @typedef {import('../engine/facts.js').Color} Color
 * @typedef {{ kind: 'theyWin' | 'slower' | 'holds', line: string[] }} Explanation
 * @typedef {import('../engine/engine.js').Engine} Solving
 */

/**
 * The solver's line by which `color` wins from `position` within `plies`;
 * null if it does not, `tooHard` if the solver could not tell within
 * `nodes` positions.
 * @param {Solving} engine
 * @param {string} position
 * @param {Color} color
 * @param {number} plies
 * @param {number} nodes
 * @returns {string[] | null | 'tooHard'}
 */
export function solverLine(engine, position, color, plies, nodes) {
  if (plies < 0) return null;
  const at = engine.GameHandle.fromPosition(position, false);
  try {
    return at.puzzleLine(color, plies, nodes) ?? null;
  } catch (/** @type {any} */ error) {
    if (error?.kind === 'tooHard') return 'tooHard';
    throw error;
  } finally {
    at.free();
  }
}

/**
 * Why the move that led to `position` was wrong for `side`: the other
 * side's winning line from there, else `side`'s own slower one, each
 * within `plies`; `holds` if the solver shows neither.
 * @param {Solving} engine
 * @param {string} position the position after the wrong move
 * @param {Color} side the reader's colour
 * @param {number} plies
 * @returns {Explanation}
 */
export function explainLine(engine, position, side, plies) {
  /** @type {[Explanation['kind'], Color][]} */
  const tries = [
    ['theyWin', otherColor(side)],
    ['slower', side],
  ];
  for (const [kind, color] of tries) {
    const line = solverLine(engine, position, color, plies, EXPLAIN_NODES);
    if (Array.isArray(line)) return { kind, line };
  }
  return { kind: 'holds', line: [] };
}
