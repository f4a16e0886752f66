// @ts-check
// The site's puzzle file as the puzzles page shows it: the engine reads
// every line (`readPuzzles`, the format `federa puzzles` writes), and the
// page takes the quickest wins first, then the smaller boards.

/**
 * @typedef {{ position: string, answer: string, plies: number, size: number }} Puzzle
 */

/**
 * The puzzles of a puzzle file, quickest wins first (then smaller boards);
 * throws the engine's error naming the first line that does not read.
 * @param {{ readPuzzles(text: string): any }} engine
 * @param {string} text
 * @returns {Puzzle[]}
 */
export function readPuzzles(engine, text) {
  return /** @type {Puzzle[]} */ (engine.readPuzzles(text)).sort((a, b) => a.plies - b.plies || a.size - b.size);
}
