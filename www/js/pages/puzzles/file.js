// @ts-check
// The site's puzzle file as the puzzles page shows it: the engine reads
// every line (`readPuzzles`, the format `federa puzzles` writes), in the
// file's order.

/**
 * @typedef {{ position: string, line: string[], plies: number, rating: number, themes: string[], size: number }} Puzzle
 */

/**
 * The puzzles of a puzzle file, in its order; throws the engine's error
 * naming the first line that does not read.
 * @param {{ readPuzzles(text: string): any }} engine
 * @param {string} text
 * @returns {Puzzle[]}
 */
export function readPuzzles(engine, text) {
  return /** @type {Puzzle[]} */ (engine.readPuzzles(text));
}

/**
 * The line saying how many of the `total` puzzles the player solved. Its
 * noun goes with `total` ("1 of 371 puzzles"), so that is the plural's count.
 * @param {import('../../i18n/words.js').Translate} t
 * @param {number} solved
 * @param {number} total
 */
export function solvedLine(t, solved, total) {
  return solved >= total ? t('puzzles.allSolved') : t('puzzles.solved', { solved, count: total });
}
