// @ts-check
// The embed's problem mode: the solution (problem.js) from the problem's
// position, the side the reader plays, whether it is solved, the hint
// shown, and the board's answers for the other side.
import { Problem } from './problem.js';
import { findRow } from '../../panels/moves.js';

/** How long the board waits before it answers the reader's move. */
export const ANSWER_MS = 400;

/**
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../engine/types.js').EngineError} EngineError
 * @typedef {import('../../engine/types.js').Game} Game
 */

export class ProblemCtrl {
  /**
   * @param {Problem} problem
   * @param {import('../../engine/facts.js').Color} side the reader's colour
   */
  constructor(problem, side) {
    this.problem = problem;
    this.side = side;
    this.solved = false;
    /** The point of the hint shown, if any. @type {string | null} */
    this.hinted = null;
    /** A written solution explains a wrong move by its comment only. */
    this.why = null;
    /** Nor can it be played out on request. */
    this.shown = false;
  }

  /**
   * The problem of a position (the game), with the solution's moves after
   * it; throws the engine's error if the solution does not read.
   * @param {import('../../engine/engine.js').Engine} engine
   * @param {Game} game the problem's position
   * @param {string} solution the solution's moves, as an annotated record's
   * @param {boolean} pie
   */
  static of(engine, game, solution, pie) {
    const solved = engine.GameHandle.fromPositionAndMoves(game.position(), solution, pie);
    try {
      return new ProblemCtrl(new Problem(solved), game.status().toMove);
    } finally {
      solved.free();
    }
  }

  /**
   * Whether `move` was the reader's (the board plays the other side).
   * @param {MoveInfo} move
   */
  readerMoved(move) {
    return move.color === this.side;
  }

  /**
   * The session's check: a reader's move the solution does not have is
   * refused, with the author's comment.
   * @param {MoveInfo} move
   * @param {Game} _game the game with the move played (the solution knows its own)
   * @returns {EngineError | null}
   */
  check(move, _game) {
    // The board's own answers were followed already.
    if (!this.readerMoved(move)) return null;
    const verdict = this.problem.judge(move.token);
    return verdict.right ? null : { kind: 'wrongAnswer', comment: verdict.comment, token: move.token };
  }

  /** A move was played: the hint of the position before goes. */
  moved() {
    this.hinted = null;
  }

  /** After a right move: whether that solved it. */
  followed() {
    this.solved = this.problem.next().length === 0;
    return this.solved;
  }

  /** Whether the reader may move in the position with status `st`. */
  readerToMove(/** @type {import('../../engine/types.js').Status} */ st) {
    return !this.solved && st.toMove === this.side;
  }

  /** The author's comment on the solution's move just followed. */
  lastComment() {
    return this.problem.at == null ? '' : (findRow(this.problem.rows, this.problem.at)?.comment ?? '');
  }

  /**
   * The next right move's point, shown until the position changes; null if none.
   * @param {Game} _game
   */
  hint(_game) {
    this.hinted = this.problem.hint();
    return this.hinted;
  }

  /**
   * The board's answer for the other side, after a pause to see the
   * reader's move, unless the game moved on meanwhile.
   * @param {import('../../game/session.js').Session} session
   * @param {() => boolean} current whether this problem is still the one shown
   */
  answerLater(session, current) {
    const ply = session.status().ply;
    setTimeout(() => {
      if (!current() || !session.game || session.status().ply !== ply) return;
      const row = this.problem.answer();
      if (row) session.play(row.token);
    }, ANSWER_MS);
  }
}
