// @ts-check
// Point names (a1 to y25): column letter, then row number from the bottom.

const LETTERS = 'abcdefghijklmnopqrstuvwxy';

/** @typedef {{ col: number, row: number }} Coord */

/**
 * The name of the point at 0-based `col` and `row`.
 * @param {number} col
 * @param {number} row
 */
export function pointName(col, row) {
  return LETTERS[col] + (row + 1);
}

/**
 * A point's name (a1 to y25) as its column and row, or null.
 * @param {string} name
 * @returns {Coord | null}
 */
export function parsePoint(name) {
  const m = /^([a-y])([1-9]|1[0-9]|2[0-5])$/.exec(name);
  return m ? { col: LETTERS.indexOf(m[1]), row: Number(m[2]) - 1 } : null;
}

/**
 * The column letter of a 0-based column.
 * @param {number} col
 */
export function columnLetter(col) {
  return LETTERS[col];
}
