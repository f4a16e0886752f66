// @ts-check
// One game session, for the play page and for embedded boards: who plays
// each side, turning a click into a move through the engine, the AI's
// turns (a stale answer is never played), undo back to a human's turn, and
// events the view draws from. It holds no words and no DOM: the view
// narrates (words.js) and draws (board.js).
//
//   const session = new Session({ ai: new AiClient() });
//   session.on('change', ({ animate }) => draw());
//   session.load(game, { first: 'human', second: 'ai' }, 'club');
//   session.act('d4', 'round');
import { parsePoint } from '../engine/points.js';
import { Emitter } from '../lib/emitter.js';

/**
 * @typedef {import('../engine/types.js').Status} Status
 * @typedef {import('../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../engine/types.js').EngineError} EngineError
 * @typedef {import('../engine/types.js').Thought} Thought
 * @typedef {import('../engine/types.js').Game} Game
 * @typedef {import('../engine/types.js').Color} Color
 * @typedef {'human' | 'ai' | 'remote'} Seat
 * A `remote` seat is a player elsewhere (a game by link): nobody here moves for it.
 * @typedef {{ winner: Color, how: 'rules' | 'resign' | 'time' }} Outcome
 * @typedef {{ first: Seat, second: Seat }} Seats
 * @typedef {{
 *   think(request: { record: string, pie: boolean, player: string, ms: number, iterations: number },
 *     onProgress?: (info: Thought) => void): Promise<Thought | null>,
 *   stop(): void,
 *   destroy(): void,
 *   readonly busy: boolean,
 * }} Thinker
 * @typedef {{
 *   change: { animate: { origin: string | null } | null },
 *   move: { move: MoveInfo, status: Status, by: Seat },
 *   refused: { error: EngineError },
 *   thinking: { progress: Thought | null },
 *   aiFailed: { error: EngineError },
 * }} Events
 */

/** How long the AI thinks per move, unless told otherwise. */
export const AI_MS = 1000;
/** Two AIs playing each other pause between moves, so a watcher can follow. */
const WATCH_PAUSE_MS = 350;

/** @type {Seats} */
export const HUMANS = Object.freeze({ first: 'human', second: 'human' });

/**
 * The seats of a game against the AI, which plays `aiColor` at the start.
 * @param {Color} aiColor
 * @returns {Seats}
 */
export function againstAiAs(aiColor) {
  return aiColor === 'dark' ? { first: 'ai', second: 'human' } : { first: 'human', second: 'ai' };
}

/** @extends {Emitter<Events>} */
export class Session extends Emitter {
  /**
   * @param {{
   *   ai?: () => Thinker,
   *   thinkMs?: () => number,
   *   keepRedo?: boolean,
   *   check?: (move: MoveInfo) => EngineError | null,
   * }} options
   * `ai` makes the AI's thinker when it is first needed; `thinkMs` gives
   * the time of each of its moves as it is asked (AI_MS); `keepRedo` keeps
   * the undone moves for redo (else undo drops them); `check` may refuse a
   * legal move (a problem's wrong answer), which is then taken back.
   */
  constructor({ ai, thinkMs = () => AI_MS, keepRedo = true, check } = {}) {
    super();
    this.makeAi = ai;
    /** @type {Thinker | null} */
    this.ai = null;
    this.thinkMs = thinkMs;
    /** The time the AI was given for the move it thinks about, or last thought about. */
    this.aiMs = AI_MS;
    this.keepRedo = keepRedo;
    this.check = check;
    /** @type {Game | null} */
    this.game = null;
    /** @type {Seats} */
    this.seats = HUMANS;
    /** The AI's level, as `load` sets it. */
    this.level = '';
    /** Undo stops here (an embedded board's starting point). */
    this.startPly = 0;
    /** How the game ended outside the rules (a resignation, a loss on time), or null. @type {Outcome | null} */
    this.ended = null;
    /** The AI waits while paused (stopped by the player, or failed). */
    this.paused = false;
    /** The AI's last progress report while it thinks. @type {Thought | null} */
    this.progress = null;
    // Bumped by every change, so that an answer to an older position is dropped.
    this.generation = 0;
  }

  /**
   * Plays `game` from now on (the old one is freed), with these seats and
   * AI level; undo stops at `startPly`.
   * @param {Game} game
   * @param {Seats} seats
   * @param {string} level
   */
  load(game, seats, level, startPly = 0) {
    this.stopAi();
    if (this.game !== game) this.game?.free();
    this.game = game;
    this.seats = seats;
    this.level = level;
    this.startPly = startPly;
    this.paused = false;
    this.ended = /** @type {Outcome | null} */ (game.ended());
    this.changed(null);
  }

  /**
   * Ends the game outside the rules: `winner` wins, the other side having
   * resigned or run out of time. The engine's record keeps it (its Result
   * and Termination tags), so it reads back ended. Once the game is over
   * the engine refuses: `refused` says why, and nothing changes.
   * @param {Color} winner
   * @param {'resign' | 'time'} how
   * @returns {boolean} whether the game ended here
   */
  end(winner, how) {
    try {
      this.current.end(winner, how);
    } catch (error) {
      this.emit('refused', { error: /** @type {EngineError} */ (error) });
      return false;
    }
    this.stopAi();
    this.ended = { winner, how };
    this.changed(null);
    return true;
  }

  /**
   * How the game ended, if it has: by the rules (a win on the board) or
   * as `end` ended it.
   * @returns {Outcome | null}
   */
  outcome(st = this.status()) {
    return this.ended ?? (st.winner ? { winner: st.winner, how: 'rules' } : null);
  }

  /**
   * Whether the game is over, whichever line or position is shown: ended
   * outside the rules, or its main line ends in a win on the board.
   * @param {Status} [st]
   */
  over(st = this.status()) {
    return this.ended !== null || st.mainWinner !== null;
  }

  /** @returns {Game} */
  get current() {
    if (!this.game) throw new Error('the session has no game yet');
    return this.game;
  }

  /** @returns {Status} */
  status() {
    return this.current.status();
  }

  /**
   * Who plays `color` (the engine's status says which seat plays it).
   * @param {Color} color
   * @returns {Seat}
   */
  seatOf(color, st = this.status()) {
    return this.seats[st.seats[color]];
  }

  /**
   * Whether a human is to move (false once the game is over). Where a
   * player elsewhere shares the game, only at its line's end: the line is
   * both players', so no move starts a variation.
   */
  humanToMove(st = this.status()) {
    if (st.winner || this.ended || this.seatOf(st.toMove, st) !== 'human') return false;
    return st.ply === st.moves || !this.remote();
  }

  /** Whether a player elsewhere plays a seat (a game by link). */
  remote() {
    return this.seats.first === 'remote' || this.seats.second === 'remote';
  }

  /** Whether the AI plays both sides (a game to watch). */
  aiPlaysItself() {
    return this.seats.first === 'ai' && this.seats.second === 'ai';
  }

  /** Whether one side is the AI and the other a human. */
  againstAi() {
    return (this.seats.first === 'ai') !== (this.seats.second === 'ai');
  }

  /**
   * The human to move places a piece of `shape` at an empty `point`, or
   * changes the group at an occupied one. False if it was not a human's
   * turn or the engine refused (a `refused` event says why).
   * @param {string} point
   * @param {'round' | 'square'} shape
   */
  act(point, shape) {
    const p = parsePoint(point);
    if (!p) return false;
    if (!this.humanToMove()) {
      if (!this.status().winner) this.emit('refused', { error: { kind: 'notYourTurn' } });
      return false;
    }
    const game = this.current;
    const occupied = game.groupAt(p.col, p.row) !== null;
    return this.attempt(() => (occupied ? game.change(p.col, p.row) : game.place(p.col, p.row, shape)), point);
  }

  /**
   * Plays a move token for the human to move (`swap`, for one).
   * @param {string} token
   */
  play(token) {
    if (!this.humanToMove()) return false;
    return this.attempt(() => this.current.play(token), null);
  }

  /**
   * Plays a random legal move for the human to move.
   * @param {() => number} random
   */
  playRandom(random = Math.random) {
    if (!this.humanToMove()) return false;
    const moves = this.current.legalMoves();
    if (!moves.length) return false;
    return this.play(moves[Math.floor(random() * moves.length)]);
  }

  /**
   * @param {() => void} move
   * @param {string | null} origin
   */
  attempt(move, origin) {
    const game = this.current;
    try {
      move();
    } catch (error) {
      this.emit('refused', { error: /** @type {EngineError} */ (error) });
      return false;
    }
    const played = game.moveAt(this.status().ply - 1);
    const refusal = this.check?.(played) ?? null;
    if (refusal) {
      game.undo();
      game.truncate();
      this.emit('refused', { error: refusal });
      return false;
    }
    this.emit('move', { move: played, status: this.status(), by: 'human' });
    this.changed({ origin: origin ?? played.at ?? null });
    return true;
  }

  /**
   * Takes back the last move; against the AI, back to the human's previous
   * turn (never before the start); never in a game by link.
   */
  undo() {
    // Between players elsewhere a take-back is asked for, not taken.
    if (this.remote()) return false;
    const game = this.current;
    const back = () => this.status().ply > this.startPly && game.undo();
    // Nothing to undo: a thinking AI goes on (once stopped, nothing would ask it again).
    if (!back()) return false;
    this.stopAi();
    if (this.againstAi()) {
      while (!this.humanToMove() && back());
      // Back at the start with the AI to move: it plays afresh from here
      // (what it played stays in the tree, as a variation once it differs).
      if (!this.humanToMove()) game.endLine();
    }
    if (!this.keepRedo) game.truncate();
    this.paused = false;
    this.changed(null);
    return true;
  }

  redo() {
    return this.goTo(() => this.current.redo());
  }

  /** @param {number} ply */
  jump(ply) {
    return this.goTo(() => this.current.jump(ply));
  }

  /**
   * Shows the move with node `id` of the game's tree, on its line.
   * @param {number} id
   */
  jumpToNode(id) {
    return this.goTo(() => this.current.goTo(id));
  }

  /**
   * Moves the variation holding node `id` one place up (to the main line
   * from the first place below it).
   * @param {number} id
   */
  promote(id) {
    if (!this.current.promote(id)) return false;
    this.emit('change', { animate: null });
    return true;
  }

  /**
   * Deletes the move with node `id` and all after it (the line shown ends
   * before it if it went through it).
   * @param {number} id
   */
  deleteMove(id) {
    return this.goTo(() => this.current.deleteMove(id));
  }

  /** @param {() => boolean} step */
  goTo(step) {
    if (!step()) return false;
    this.stopAi();
    this.changed(null);
    return true;
  }

  /** Stops the AI and keeps it waiting until `resume`. */
  pause() {
    this.stopAi();
    this.paused = true;
    this.emit('thinking', { progress: null });
  }

  /** Lets the AI move again, from the position shown (the line ends here; the tree keeps the later moves). */
  resume() {
    this.paused = false;
    this.current.endLine();
    this.changed(null);
  }

  /** Whether the AI is to move but waits (paused, or the position shown is not the last). */
  aiWaiting(st = this.status()) {
    return !st.winner && !this.ended && this.seatOf(st.toMove, st) === 'ai' && (this.paused || st.ply !== st.moves) && !this.ai?.busy;
  }

  /** Plays the best move the AI has found so far. */
  moveNow() {
    const best = this.progress?.best;
    if (!best) return;
    this.stopAi();
    this.aiPlays(best);
  }

  get thinking() {
    return Boolean(this.ai?.busy);
  }

  /** @param {{ origin: string | null } | null} animate */
  changed(animate) {
    this.generation++;
    this.emit('change', { animate });
    this.maybeAi();
  }

  maybeAi() {
    const st = this.status();
    if (st.winner || this.ended || this.seatOf(st.toMove, st) !== 'ai' || this.paused || st.ply !== st.moves || this.ai?.busy) return;
    if (!this.makeAi) return;
    this.ai ??= this.makeAi();
    const asked = this.generation;
    const started = performance.now();
    const watching = this.aiPlaysItself();
    this.progress = null;
    this.aiMs = this.thinkMs();
    const request = { record: this.current.record(), pie: st.pie, player: this.level, ms: this.aiMs, iterations: 0 };
    const answer = this.ai.think(request, (info) => {
      if (asked !== this.generation) return;
      this.progress = info;
      this.emit('thinking', { progress: info });
    });
    this.emit('thinking', { progress: null });
    answer
      .then(async (info) => {
        if (!info || asked !== this.generation) return;
        const wait = watching ? WATCH_PAUSE_MS - (performance.now() - started) : 0;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (asked === this.generation) this.aiPlays(info.best);
      })
      .catch((/** @type {EngineError} */ error) => {
        if (asked !== this.generation) return;
        this.paused = true;
        this.emit('aiFailed', { error });
        this.emit('thinking', { progress: null });
      });
  }

  /** @param {string} token */
  aiPlays(token) {
    const game = this.current;
    try {
      game.play(token);
    } catch (error) {
      this.paused = true;
      this.emit('aiFailed', { error: /** @type {EngineError} */ (error) });
      this.changed(null);
      return;
    }
    const played = game.moveAt(this.status().ply - 1);
    this.emit('move', { move: played, status: this.status(), by: 'ai' });
    this.changed({ origin: played.at ?? null });
  }

  stopAi() {
    this.generation++;
    this.progress = null;
    this.ai?.stop();
  }

  destroy() {
    this.stopAi();
    this.ai?.destroy();
    this.game?.free();
    this.game = null;
    this.clearListeners();
  }
}
