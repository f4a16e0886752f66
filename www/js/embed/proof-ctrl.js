// @ts-check
// The embed's problem mode with `proof` (a number of plies): the engine's
// puzzle solver judges instead of a written solution. A reader's move is
// right if it still wins within the plies left (any such move: the solver
// says which do); the board answers with the defence that holds out
// longest; the problem is solved when the game is won. A wrong move is
// explained from the solver: the line by which the other side then wins,
// or by which it wins too slowly, as numbered pieces.
import { ANSWER_MS } from './problem-ctrl.js';

/** The positions the solver may search for a step of the line. */
export const STEP_NODES = 1_000_000;
/** And for the explanation of a wrong move (it may find nothing). */
export const EXPLAIN_NODES = 200_000;
/** How much longer than the plies left an explanation's line may be. */
const EXPLAIN_PLIES = 8;

/**
 * @typedef {import('../types.js').MoveInfo} MoveInfo
 * @typedef {import('../types.js').EngineError} EngineError
 * @typedef {import('../types.js').Game} Game
 * @typedef {import('../facts.js').Color} Color
 * @typedef {Awaited<ReturnType<typeof import('../engine.js').loadEngine>>} Engine
 * What a wrong move did: the other side wins after it, or it wins but
 * not within the plies left, each by the numbered line (the wrong move
 * first); or neither shows within the search.
 * @typedef {{ kind: 'theyWin' | 'slower' | 'holds', move: MoveInfo, line: MoveInfo[], plies: number }} Why
 */

/** @param {Color} c */
const other = (c) => (c === 'dark' ? 'light' : 'dark');

export class ProofCtrl {
  /**
   * @param {Engine} engine
   * @param {Game} game the problem's position
   * @param {number} plies the plies within which the reader must win
   */
  constructor(engine, game, plies) {
    this.engine = engine;
    const st = game.status();
    this.side = st.toMove;
    this.plies = plies;
    this.startPly = st.ply;
    this.solved = false;
    /** Whether the reader asked for the solution (it plays itself out). */
    this.shown = false;
    /** The point of the hint shown, if any. @type {string | null} */
    this.hinted = null;
    /** The last wrong move's explanation, until the board moves on. @type {Why | null} */
    this.why = null;
    /** The line from the position after the reader's last right move. @type {string[]} */
    this.next = [];
  }

  /** The plies the reader has left in `game`'s position. @param {Game} game */
  left(game) {
    return this.plies - (game.status().ply - this.startPly);
  }

  /**
   * The solver's line from `game`'s position after `token` (none: as it is)
   * when `color` wins within `plies`, or null.
   * @param {Game} game
   * @param {string | null} token
   * @param {Color} color
   * @param {number} plies
   * @param {number} nodes
   * @returns {string[] | null}
   */
  lineAfter(game, token, color, plies, nodes) {
    const at = this.engine.GameHandle.fromPosition(game.position(), false);
    try {
      if (token) at.play(token);
      return plies < 0 ? null : at.puzzleLine(color, plies, nodes);
    } catch (/** @type {any} */ error) {
      if (error?.kind === 'tooHard') return null;
      throw error;
    } finally {
      at.free();
    }
  }

  /** @param {MoveInfo} move */
  readerMoved(move) {
    return move.color === this.side;
  }

  /**
   * The session's check: a reader's move that does not win within the
   * plies left is refused, with the solver's explanation (`why`).
   * @param {MoveInfo} move
   * @param {Game} game the game with the move played (it is taken back if refused)
   * @returns {EngineError | null}
   */
  check(move, game) {
    if (!this.readerMoved(move) || this.shown) return null;
    const left = this.left(game);
    const line = this.lineAfter(game, null, this.side, left, STEP_NODES);
    if (line) {
      this.next = line;
      this.why = null;
      return null;
    }
    this.why = this.explain(move, game, left + 1);
    return { kind: 'wrongAnswer', comment: '', token: move.token, why: this.why };
  }

  /**
   * Why `move` is wrong when it left `game` with `plies` left before it.
   * @param {MoveInfo} move
   * @param {Game} game the game with the move played
   * @param {number} plies
   * @returns {Why}
   */
  explain(move, game, plies) {
    const info = (/** @type {string} */ t) => /** @type {MoveInfo} */ (this.engine.moveInfo(t));
    // No further than the engine is asked (50 plies).
    const reach = Math.min(plies + EXPLAIN_PLIES, 50);
    const theirs = this.lineAfter(game, null, other(this.side), reach, EXPLAIN_NODES);
    if (theirs) return { kind: 'theyWin', move, line: [move, ...theirs.map(info)], plies };
    const mine = this.lineAfter(game, null, this.side, reach, EXPLAIN_NODES);
    if (mine) return { kind: 'slower', move, line: [move, ...mine.map(info)], plies };
    return { kind: 'holds', move, line: [], plies };
  }

  /** After a right move: whether that solved it. */
  followed() {
    this.solved = this.next.length === 0;
    return this.solved && !this.shown;
  }

  /** Whether the reader may move in the position with status `st`. */
  readerToMove(/** @type {import('../types.js').Status} */ st) {
    return !this.solved && !this.shown && st.toMove === this.side;
  }

  /** No author's comments: the solver's line has none. */
  lastComment() {
    return '';
  }

  /**
   * The next right move's point (the quickest win), shown until the
   * position changes; null if none.
   * @param {Game} game
   */
  hint(game) {
    const line = this.lineAfter(game, null, this.side, this.left(game), STEP_NODES);
    this.hinted = line?.length ? (this.engine.moveInfo(line[0]).at ?? null) : null;
    return this.hinted;
  }

  /**
   * The board's answer for the other side (the longest defence), after a
   * pause to see the reader's move, unless the game moved on meanwhile.
   * @param {import('../session.js').Session} session
   * @param {() => boolean} current whether this problem is still the one shown
   */
  answerLater(session, current) {
    const ply = session.status().ply;
    const [answer] = this.next;
    setTimeout(() => {
      const st = session.status();
      if (!current() || !session.game || st.ply !== ply || st.toMove === this.side || !answer) return;
      this.next = this.next.slice(1);
      session.play(answer);
    }, ANSWER_MS);
  }

  /**
   * Plays the solution out from where the game is, a move at a time (the
   * reader gave up: solving it no longer counts).
   * @param {import('../session.js').Session} session
   * @param {() => boolean} current
   */
  showSolution(session, current) {
    if (!session.game || this.solved) return;
    const line = this.lineAfter(session.current, null, this.side, this.left(session.current), STEP_NODES) ?? [];
    this.shown = true;
    this.why = null;
    const step = (/** @type {number} */ k) => {
      if (!current() || k >= line.length) return;
      session.play(line[k]);
      setTimeout(() => step(k + 1), ANSWER_MS);
    };
    step(0);
  }
}
