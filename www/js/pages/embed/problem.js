// @ts-check
// A problem's solution (the embed's mode="problem"): the author's line or
// lines from the problem's position, as an annotated record's moves. At the
// reader's turn a move is right if the solution has it there with no `?`
// or `??` glyph; the board answers with the solution's first such move for
// the other side; the problem is solved when the solution has no move after
// the reader's. A wrong move gets the author's comment on it, if any.
//
//   const problem = new Problem(solutionGame);
//   problem.judge('BFCa1') // { right: true, solved: true, comment: '' }
/**
 * @typedef {import('../../engine/types.js').Row} Row
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {{ right: true, solved: boolean, comment: string } | { right: false, comment: string }} Verdict
 */

/** @param {Row} row */
const wrong = (row) => row.glyphName === 'mistake' || row.glyphName === 'blunder';

export class Problem {
  /** @param {Game} solution the problem's position with the solution as its tree */
  constructor(solution) {
    /** @type {Row[]} */
    this.rows = solution.tree().rows;
    /** The solution's node reached (null: the start). @type {number | null} */
    this.at = null;
  }

  /** The solution's moves from where the game is. */
  next() {
    return childrenOf(this.rows, this.at);
  }

  /**
   * Judges the reader's move (and, if right, follows it).
   * @param {string} token
   * @returns {Verdict}
   */
  judge(token) {
    const row = this.next().find((r) => r.token === token);
    if (!row || wrong(row)) return { right: false, comment: row?.comment ?? '' };
    this.at = row.id;
    return { right: true, solved: this.next().length === 0, comment: row.comment };
  }

  /** The other side's answer, followed; null if the solution has none. */
  answer() {
    const row = this.next().find((r) => !wrong(r));
    if (!row) return null;
    this.at = row.id;
    return row;
  }

  /** The point of the next right move (a hint), or null. */
  hint() {
    return this.next().find((r) => !wrong(r))?.at ?? null;
  }
}

/**
 * The moves after node `id` (null: the start) in `rows`, the main one first.
 * @param {Row[]} rows a line of the tree (the main line at the top)
 * @param {number | null} id
 * @returns {Row[]}
 */
export function childrenOf(rows, id) {
  /** @param {Row | undefined} next */
  const from = (next) => (next ? [next, ...next.variations.map((v) => v[0])] : []);
  if (id === null) return from(rows[0]);
  for (let k = 0; k < rows.length; k++) {
    if (rows[k].id === id) return from(rows[k + 1]);
    for (const v of rows[k].variations) {
      const found = childrenOf(v, id);
      if (found.length || v.some((r) => r.id === id)) return found;
    }
  }
  return [];
}
