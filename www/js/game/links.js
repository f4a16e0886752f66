// @ts-check
// Every link the site writes, and how it reads back. A game's link opens
// the play page on that game in one of two forms, each with `&pie=0` when
// the pie rule is off:
//   index.html#g=<size>.<code>  the main line in the compact code below;
//   index.html#r=<record>       the annotated record (or a plain one): what
//                               the code cannot carry (variations, comments,
//                               glyphs, a review, a set-up start, tags).
// What a link carries is read by the engine when the link is opened, never
// trusted before.
//
// The compact code gives each move two base64url characters (12 bits): a
// placement is its point's index (row by row from the bottom) times two,
// plus one for a square; a change is CHANGE plus the index of a point of
// its group; the swap is SWAP. No colour is written: the engine knows who
// is to move, so the reader replays each move through it.
import { parsePoint } from '../engine/points.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** A change's codes come after every placement's (25 × 25 points, two shapes). */
const CHANGE = 2 * 25 * 25;
const SWAP = ALPHABET.length ** 2 - 1;

/**
 * A game a link carries: a record, or a board size and the code of its moves.
 * @typedef {{ record: string, pie: boolean } | { size: number, code: string, pie: boolean }} GameLink
 * @typedef {import('../engine/types.js').Game} Game
 * @typedef {import('../engine/engine.js').Engine} Engine
 */

/**
 * The play page's link to a game.
 * @param {string} page the play page's address (any hash is dropped)
 * @param {GameLink} game
 */
export function toLink(page, game) {
  const params = new URLSearchParams('record' in game ? { r: game.record } : { g: `${game.size}.${game.code}` });
  if (!game.pie) params.set('pie', '0');
  return page.split('#')[0] + '#' + params.toString();
}

/**
 * A parameter of a page's hash: `g` or `r` a game's (here), `f` a game by
 * link's (friend/codec.js), LIVE's a live invitation's or answer's.
 * @param {string} hash with or without its `#`
 * @param {string} name
 */
export const hashParam = (hash, name) => new URLSearchParams(hash.replace(/^#/, '')).get(name);

/**
 * The play page's link to the game by link whose text (friend/codec.js's
 * encodeLink) is `text`.
 * @param {string} page the play page's address (any hash is dropped)
 * @param {string} text
 */
export const linkOfText = (page, text) => `${page.split('#')[0]}#f=${text}`;

/**
 * The text of the game by link a hash carries (its `f` parameter), or null.
 * @param {string} hash `location.hash`, with or without its `#`
 */
export const textOfLink = (hash) => hashParam(hash, 'f');

/** The hash parameters of a live connection (friends/link-game-ctrl.js): an invitation's offer and time control, and its answer. */
export const LIVE = { offer: 'live', clock: 'clock', answer: 'answer' };

/**
 * The game a link's hash carries, or null when it carries none.
 * @param {string} hash `location.hash`, with or without its `#`
 * @returns {GameLink | null}
 */
export function fromLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const pie = params.get('pie') !== '0';
  const record = params.get('r');
  if (record) return { record, pie };
  const compact = params.get('g');
  if (compact === null) return null;
  const dot = compact.indexOf('.');
  // A size that is not a number is NaN, which the engine refuses by name.
  const size = /^\d+$/.test(compact.slice(0, dot)) ? Number(compact.slice(0, dot)) : NaN;
  return { size, code: dot < 0 ? '' : compact.slice(dot + 1), pie };
}

/**
 * The link form of `game`: the compact code when its main line is all it
 * holds (no variation, comment or glyph: its annotated record is its plain
 * one, so the code loses nothing of the game), else its annotated record,
 * the only form that keeps them. A set-up start has no code either. The
 * code leaves out the tags, which are the sharer's own (names, date); the
 * moves alone make the game.
 * @param {Engine} engine
 * @param {Game} game
 * @returns {GameLink}
 */
export function linkOf(engine, game) {
  const { size, pie, setUp } = game.status();
  const record = game.annotated();
  if (setUp || record !== game.mainRecord()) return { record, pie };
  return { size, code: encodeMoves(engine, game), pie };
}

/**
 * The compact code of `game`'s main line.
 * @param {Engine} engine
 * @param {Game} game
 */
export function encodeMoves(engine, game) {
  const { size, pie } = game.status();
  const main = engine.GameHandle.fromRecord(game.mainRecord(), pie);
  let code = '';
  for (let ply = 0; ply < main.moves().length; ply++) {
    const n = moveCode(main.moveAt(ply), size);
    code += ALPHABET[n >> 6] + ALPHABET[n & 63];
  }
  main.free();
  return code;
}

/**
 * A move's 12-bit code (the friend links carry it too).
 * @param {import('../engine/types.js').MoveInfo} move
 * @param {number} size
 */
export function moveCode(move, size) {
  if (move.kind === 'swap') return SWAP;
  const { col, row } = parsePoint(move.at ?? '') ?? { col: 0, row: 0 };
  const at = row * size + col;
  return move.kind === 'change' ? CHANGE + at : at * 2 + (move.piece?.endsWith('Square') ? 1 : 0);
}

/**
 * Whether a 12-bit number is a move's code on some board (a point past
 * this board's last is the engine's to refuse).
 * @param {number} n
 */
export const isMoveCode = (n) => n === SWAP || (n >= 0 && n < CHANGE + 25 * 25);

/**
 * Plays the move of code `n` in `game`, through the engine, which throws
 * its error for a move it refuses (nothing changes then).
 * @param {Game} game
 * @param {number} size
 * @param {number} n a move's code (`isMoveCode`)
 */
export function playCode(game, size, n) {
  // Past the board's last point the row is off the board, as the engine says.
  const point = n < CHANGE ? n >> 1 : n - CHANGE;
  const [col, row] = [point % size, Math.floor(point / size)];
  if (n === SWAP) game.play('swap');
  else if (n < CHANGE) game.place(col, row, n & 1 ? 'square' : 'round');
  else game.change(col, row);
}

/**
 * The error of a link that does not read (words.js words it).
 * @param {string} problem
 * @param {Record<string, unknown>} facts
 */
const linkError = (problem, facts = {}) => ({ kind: 'link', problem, ...facts });

/**
 * The game a link carries, read by the engine. Throws the first problem
 * (`kind: 'link'` for the code's own: its length, a character outside the
 * code, a code no move has, or a move the engine refuses, as `cause`);
 * nothing is made on error.
 * @param {Engine} engine
 * @param {GameLink} link
 * @returns {Game}
 */
export function linkGame(engine, link) {
  if ('record' in link) return engine.GameHandle.fromRecord(link.record, link.pie);
  const { size, code, pie } = link;
  if (code.length % 2 !== 0) throw linkError('length', { count: code.length });
  const game = new engine.GameHandle(size, pie);
  try {
    for (let k = 0; k < code.length; k += 2) {
      const index = k / 2 + 1;
      const [hi, lo] = [ALPHABET.indexOf(code[k]), ALPHABET.indexOf(code[k + 1])];
      if (hi < 0 || lo < 0) throw linkError('garbled', { index, text: code.slice(k, k + 2) });
      const n = hi * 64 + lo;
      if (!isMoveCode(n)) throw linkError('garbled', { index, text: code.slice(k, k + 2) });
      try {
        playCode(game, size, n);
      } catch (cause) {
        throw linkError('move', { index, cause });
      }
    }
  } catch (e) {
    game.free();
    throw e;
  }
  return game;
}
