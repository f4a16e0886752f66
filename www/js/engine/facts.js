// @ts-check
// Facts of the rules and the AI, as the wasm package states them: piece
// codes, board sizes, levels, a review's move classes and the glyphs. They come from enums in its JavaScript
// glue, which need no instantiated engine, so the page can draw a stored
// board before the engine has loaded.
import { AiLevel, BoardSize, Cell, Glyph, MoveClass } from '../../federa-wasm.js';

/** @typedef {'dark' | 'light'} Color */
/** @typedef {'round' | 'square'} Shape */

/** The other colour. @param {Color} c @returns {Color} */
export const otherColor = (c) => (c === 'dark' ? 'light' : 'dark');

/** A colour by the toss of a coin. @returns {Color} */
export const randomColor = () => (Math.random() < 0.5 ? 'dark' : 'light');
/** @typedef {'darkRound' | 'darkSquare' | 'lightRound' | 'lightSquare'} PieceName */

/**
 * An enum's names in the order of their values (the glue maps both ways).
 * @param {Record<string, string | number>} e
 */
const names = (e) =>
  Object.keys(e)
    .filter((k) => typeof e[k] === 'number')
    .sort((a, b) => Number(e[a]) - Number(e[b]));

/** @param {Record<string, string | number>} e */
const lowerNames = (e) => names(e).map((n) => n.toLowerCase());

/** The AI's levels, weakest first (the engine's names). */
export const LEVELS = lowerNames(AiLevel);
/** The smallest and largest board sizes the rules allow, and a new game's. */
export const MIN_SIZE = BoardSize.Smallest;
export const MAX_SIZE = BoardSize.Largest;
export const DEFAULT_SIZE = BoardSize.Default;
/** The time controls of a game by link: days a move (0: none), in the order docs/friend-links.md numbers them. */
export const DAYS = /** @type {const} */ ([0, 1, 2, 3, 5, 7, 14]);

/** A reviewed move's classes, best first: `fine`, then those a review marks. */
export const MOVE_CLASSES = lowerNames(MoveClass);
/** The classes a review marks, worst last. */
export const MARKED = MOVE_CLASSES.slice(1);
/** What the glyphs of an annotated record mean, best first (a move list row's `glyphName`). */
export const GLYPHS = lowerNames(Glyph);

/** @type {PieceName[]} The pieces, by cell code minus one. */
const PIECES = /** @type {PieceName[]} */ (
  names(Cell)
    .filter((n) => n !== 'Empty')
    .map((n) => n[0].toLowerCase() + n.slice(1))
);

/**
 * The name of a board cell's piece, e.g. `darkRound`, or null if empty.
 * @param {number} code
 * @returns {PieceName | null}
 */
export function pieceName(code) {
  return PIECES[code - 1] ?? null;
}

/**
 * The cell code of a piece of this colour and shape.
 * @param {Color} color
 * @param {Shape} shape
 */
export function pieceCode(color, shape) {
  return PIECES.indexOf(/** @type {PieceName} */ (color + (shape === 'round' ? 'Round' : 'Square'))) + 1;
}

/**
 * The cell code of a piece by name (0 for none).
 * @param {PieceName | string | null | undefined} name
 */
export function pieceCodeOf(name) {
  return PIECES.indexOf(/** @type {PieceName} */ (name)) + 1;
}

/**
 * The colour and shape of a cell's piece, or null if empty.
 * @param {number} code
 * @returns {{ color: Color, shape: Shape } | null}
 */
export function pieceOf(code) {
  const name = pieceName(code);
  if (!name) return null;
  return { color: name.startsWith('dark') ? 'dark' : 'light', shape: name.endsWith('Round') ? 'round' : 'square' };
}

/** Every piece's cell code, in code order. */
export const PIECE_CODES = PIECES.map((_, k) => k + 1);

/** Every cell code: empty, then the pieces. */
export const CELL_CODES = [0, ...PIECE_CODES];

const CELL_TEXT = new RegExp(`^[${CELL_CODES.join('')}]*$`);

/**
 * A `size`×`size` board's cells from their stored text (one cell code per
 * point, row by row from the bottom), or null if the text is not that.
 * @param {unknown} text
 * @param {number} size
 * @returns {Uint8Array | null}
 */
export function cellsFromText(text, size) {
  return typeof text === 'string' && text.length === size * size && CELL_TEXT.test(text) ? Uint8Array.from(text, Number) : null;
}
