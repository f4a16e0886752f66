// @ts-check
// The embed's problem mode with `proof` (a number of plies): the engine's
// puzzle solver judges instead of a written solution. A reader's move is
// right if it still wins within the plies left (any such move: the solver
// says which do); the board answers with the defence that holds out
// longest; the problem is solved when the game is won. A wrong move is
// refused at once and explained when the worker's solver has looked
// (explain.js): the line by which the other side then wins, or by which
// it wins too slowly, as numbered pieces.
import { ANSWER_MS } from './problem-ctrl.js';
import { solverLine } from '../../ai/explain.js';
import { PROOF_PLIES } from '../../game/embed-config.js';

/** The positions the solver may search for a step of the line. */
export const STEP_NODES = 1_000_000;
/** How much longer than the plies left an explanation's line may be. */
const EXPLAIN_PLIES = 8;

/**
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../engine/types.js').EngineError} EngineError
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../engine/facts.js').Color} Color
 * @typedef {import('../../engine/engine.js').Engine} Engine
 * @typedef {{ explain(request: { position: string, side: Color, plies: number }):
 *   Promise<import('../../ai/explain.js').Explanation | null> }} Explainer
 * What a wrong move did: the other side wins after it, or it wins but
 * not within the reader's `moves` left, each by the numbered line (the
 * wrong move first); or neither shows within the search (`holds`, also
 * what is said until the explanation comes).
 * @typedef {import('../../engine/types.js').Why} Why
 */

export class ProofCtrl {
  /**
   * Throws `noWin` if the side to move does not win within `plies`, or
   * `tooHard` if the solver cannot tell.
   * @param {Engine} engine
   * @param {Game} game the problem's position
   * @param {number} plies the plies within which the reader must win
   * @param {Explainer} explainer the worker that explains wrong moves
   */
  constructor(engine, game, plies, explainer) {
    this.engine = engine;
    this.explainer = explainer;
    const st = game.status();
    this.side = st.toMove;
    this.plies = plies;
    this.startPly = st.ply;
    this.solved = false;
    /** Whether the reader asked for the solution (it plays itself out). */
    this.shown = false;
    /** The point of the hint shown, if any, until the position changes. @type {string | null} */
    this.hinted = null;
    /** The last wrong move's explanation, until the board moves on. @type {Why | null} */
    this.why = null;
    /** The explanation on its way from the worker, if any. @type {Promise<Why | null> | null} */
    this.explaining = null;
    /**
     * The line from the position on the board: the reader's quickest win
     * and the board's longest defence (kept up to date by each move).
     * @type {string[]}
     */
    this.next = this.lineFrom(game, plies);
  }

  /**
   * The reader's winning line from `game`'s position within `plies`.
   * @param {Game} game
   * @param {number} plies
   * @returns {string[]}
   */
  lineFrom(game, plies) {
    const line = solverLine(this.engine, game.position(), this.side, plies, STEP_NODES);
    if (line === 'tooHard') throw { kind: 'tooHard', count: STEP_NODES };
    if (!line) throw { kind: 'noWin', color: this.side, count: plies };
    return line;
  }

  /** The plies the reader has left in `game`'s position. @param {Game} game */
  left(game) {
    return this.plies - (game.status().ply - this.startPly);
  }

  /** @param {MoveInfo} move */
  readerMoved(move) {
    return move.color === this.side;
  }

  /** The reader's moves in the line from the position on the board. */
  movesLeft() {
    const mark = this.side === 'dark' ? 'B' : 'W';
    return this.next.filter((token) => token[0] === mark).length;
  }

  /**
   * The session's check: a reader's move that does not win within the
   * plies left is refused (`wrongAnswer` with its `why`, explained later in
   * `explaining`); one the solver cannot judge is refused as `unjudged`.
   * @param {MoveInfo} move
   * @param {Game} game the game with the move played (it is taken back if refused)
   * @returns {EngineError | null}
   */
  check(move, game) {
    if (!this.readerMoved(move) || this.shown) return null;
    const left = this.left(game);
    const line = solverLine(this.engine, game.position(), this.side, left, STEP_NODES);
    if (line === 'tooHard') return { kind: 'unjudged', token: move.token, count: STEP_NODES };
    if (line) {
      this.next = line;
      return null;
    }
    /** @type {Why} */
    const why = { kind: 'holds', move, line: [], moves: this.movesLeft() };
    this.why = why;
    const info = (/** @type {string} */ t) => /** @type {MoveInfo} */ (this.engine.moveInfo(t));
    const plies = Math.min(left + 1 + EXPLAIN_PLIES, PROOF_PLIES);
    this.explaining = this.explainer.explain({ position: game.position(), side: this.side, plies }).then(
      (found) => {
        if (this.why !== why || !found || found.kind === 'holds') return null;
        this.why = { ...why, kind: found.kind, line: [move, ...found.line.map(info)] };
        return this.why;
      },
      () => null,
    );
    return { kind: 'wrongAnswer', comment: '', token: move.token, why };
  }

  /** A move was played: what was shown of the position before goes. */
  moved() {
    this.why = null;
    this.explaining = null;
    this.hinted = null;
  }

  /** After a right move: whether that solved it. */
  followed() {
    this.solved = this.next.length === 0;
    return this.solved && !this.shown;
  }

  /** Whether the reader may move in the position with status `st`. */
  readerToMove(/** @type {import('../../engine/types.js').Status} */ st) {
    return !this.solved && !this.shown && st.toMove === this.side;
  }

  /** No author's comments: the solver's line has none. */
  lastComment() {
    return '';
  }

  /**
   * The reader's next right move's point (the quickest win), shown until
   * the position changes; null if it is not the reader's turn.
   * @param {Game} game
   */
  hint(game) {
    if (!this.readerToMove(game.status()) || !this.next.length) return null;
    this.hinted = this.engine.moveInfo(this.next[0]).at ?? null;
    return this.hinted;
  }

  /**
   * The board's answers for the other side (the longest defence), each
   * after a pause to see the move before, until it is the reader's turn or
   * the game is won, unless the game moved on meanwhile.
   * @param {import('../../game/session.js').Session} session
   * @param {() => boolean} current whether this problem is still the one shown
   */
  answerLater(session, current) {
    const ply = session.status().ply;
    setTimeout(() => {
      if (!current() || !session.game) return;
      const st = session.status();
      const [answer] = this.next;
      if (st.ply !== ply || st.winner || st.toMove === this.side || !answer) return;
      this.next = this.next.slice(1);
      session.play(answer);
      // The reader may have no move: the board answers again.
      if (!this.readerToMove(session.status())) this.answerLater(session, current);
    }, ANSWER_MS);
  }

  /**
   * Plays the solution out from where the game is, a move at a time (the
   * reader gave up: solving it no longer counts).
   * @param {import('../../game/session.js').Session} session
   * @param {() => boolean} current
   */
  showSolution(session, current) {
    if (!session.game || this.solved) return;
    const line = this.next;
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
