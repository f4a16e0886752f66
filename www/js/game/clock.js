// @ts-check
// Game clocks, pure: Fischer (a main time, and an increment after each
// move) and byo-yomi (a main time, then periods of a few seconds each: a
// move within a period keeps it, a period run out is lost, and the last one
// lost loses the game). Time is given to every call (milliseconds, any
// origin), so that a test drives it and a page uses performance.now().
// A time control is the engine's object (its `[TimeControl]` read and
// written by the core): these clocks keep those in seconds, not days a move.

/**
 * @typedef {import('../engine/types.js').TimeControl} TimeControl
 * A time control a clock keeps, in seconds.
 * @typedef {Exclude<TimeControl, { kind: 'days' }>} ClockControl
 * @typedef {'dark' | 'light'} Color
 * A side's time: `ms` left of the main time, or of the period under way;
 * `periods` the byo-yomi periods left (0 in Fischer); `byoyomi` whether the
 * main time is spent.
 * @typedef {{ ms: number, periods: number, byoyomi: boolean }} SideTime
 */

/** The time controls the new-game dialog offers ('' for none), as `[TimeControl]` texts the engine reads: Fischer, then byo-yomi. */
export const CLOCKS = ['', '60+1', '180+2', '300+3', '600+5', '900+10', '300/byo 5x20', '600/byo 5x30', '1200/byo 5x30'];

/**
 * The time control of a `[TimeControl]` text (one of CLOCKS, a live
 * invitation's), as the engine reads it: null for '' and for days a move;
 * a text that is not a time control throws the engine's error.
 * @param {{ readTimeControl(text: string): TimeControl }} engine
 * @param {string} text
 * @returns {ClockControl | null}
 */
export function readClock(engine, text) {
  return text ? clockControl(engine.readTimeControl(text)) : null;
}

/**
 * The time control `tc` if a clock keeps it (not days a move), else null.
 * @param {TimeControl | null} tc
 * @returns {ClockControl | null}
 */
export function clockControl(tc) {
  return tc && tc.kind !== 'days' ? tc : null;
}

/**
 * What a player that must not lose on time may spend on a move with `time`
 * left, in ms: a twentieth of the main time and most of the increment, or
 * within its byo-yomi period most of the period; never more than half of
 * what is left, and never under 50 ms.
 * @param {ClockControl} tc
 * @param {SideTime} time
 */
export function thinkMs(tc, time) {
  // Never more than half of what is left (with byo-yomi's main time, of what is left with a period).
  if (tc.kind === 'fischer') return Math.max(50, Math.min(time.ms / 20 + tc.increment * 800, time.ms / 2));
  if (time.byoyomi) return Math.max(50, time.ms * 0.6);
  return Math.max(50, Math.min(time.ms / 20 + tc.period * 600, (time.ms + tc.period * 1000) / 2));
}

/**
 * A side's time as one figure, in ms: what is left of the main time and of
 * every period left (a live game's message carries it). One figure says it
 * all, since no period is lost while main time is left.
 * @param {ClockControl} tc
 * @param {SideTime} side
 */
export function totalMs(tc, side) {
  if (tc.kind === 'fischer') return side.ms;
  const periods = side.byoyomi ? side.periods - 1 : side.periods;
  return side.ms + Math.max(0, periods) * tc.period * 1000;
}

/**
 * The side's time a total of `totalMs` stands for, as it is between turns
 * (a byo-yomi period under way is whole again).
 * @param {ClockControl} tc
 * @param {number} total
 * @returns {SideTime}
 */
export function sideOfTotal(tc, total) {
  if (tc.kind === 'fischer') return { ms: total, periods: 0, byoyomi: false };
  const periodMs = tc.period * 1000;
  if (total > tc.periods * periodMs) return { ms: total - tc.periods * periodMs, periods: tc.periods, byoyomi: false };
  const periods = Math.max(0, Math.ceil(total / periodMs));
  return { ms: periods ? total - (periods - 1) * periodMs : 0, periods, byoyomi: true };
}

/**
 * Two clocks, one running at a time. `press` ends the running side's turn;
 * `flagged` says whose time ran out, once it has (the clock stops there).
 */
export class Clock {
  /**
   * @param {ClockControl} tc
   * @param {{ dark?: SideTime, light?: SideTime }} [times] where the sides stand (a game resumed); else the start
   */
  constructor(tc, times = {}) {
    this.tc = tc;
    const start = () => ({ ms: tc.main * 1000, periods: tc.kind === 'byoyomi' ? tc.periods : 0, byoyomi: false });
    /** @type {Record<Color, SideTime>} */
    this.sides = { dark: { ...(times.dark ?? start()) }, light: { ...(times.light ?? start()) } };
    // A byo-yomi clock with no main time starts in its periods.
    for (const side of Object.values(this.sides)) if (tc.kind === 'byoyomi' && side.ms <= 0 && !side.byoyomi) Object.assign(side, this.period(side));
    /** The side whose time runs, or null. @type {Color | null} */
    this.running = null;
    /** When `running`'s time was last counted. */
    this.since = 0;
    /** The side whose time ran out. @type {Color | null} */
    this.flag = null;
  }

  /**
   * A side entering its periods (or its next): a whole period.
   * @param {SideTime} side
   * @returns {SideTime}
   */
  period(side) {
    const tc = /** @type {Extract<TimeControl, { kind: 'byoyomi' }>} */ (this.tc);
    return { ms: tc.period * 1000, periods: side.periods, byoyomi: true };
  }

  /**
   * `color`'s time as it stands at `now`, without changing the clock.
   * @param {Color} color
   * @param {number} now
   * @returns {SideTime}
   */
  time(color, now) {
    const side = this.sides[color];
    if (this.running !== color) return { ...side };
    return this.spend(side, now - this.since);
  }

  /**
   * `side` after `elapsed` ms more of its turn: the main time spent first,
   * then the periods, each run out lost; `ms` 0 with no period left when
   * the time is over.
   * @param {SideTime} side
   * @param {number} elapsed
   * @returns {SideTime}
   */
  spend(side, elapsed) {
    if (elapsed < side.ms) return { ...side, ms: side.ms - elapsed };
    if (this.tc.kind === 'fischer') return { ...side, ms: 0 };
    // Into the periods: the main time (or the period under way) is gone.
    const periodMs = this.tc.period * 1000;
    let over = elapsed - side.ms;
    let periods = side.byoyomi ? side.periods - 1 : side.periods;
    const lost = Math.floor(over / periodMs);
    periods -= lost;
    over -= lost * periodMs;
    if (periods <= 0) return { ms: 0, periods: 0, byoyomi: true };
    return { ms: periodMs - over, periods, byoyomi: true };
  }

  /**
   * Whose time has run out at `now` (the clock stops on it), or null.
   * @param {number} now
   */
  flagged(now) {
    if (this.flag === null && this.running !== null && this.time(this.running, now).ms <= 0) {
      this.sides[this.running] = this.time(this.running, now);
      this.flag = this.running;
      this.running = null;
    }
    return this.flag;
  }

  /**
   * Starts `color`'s time at `now` (the first move's side, or a side after a
   * take-back), stopping the other's without the move's increment.
   * @param {Color} color
   * @param {number} now
   */
  start(color, now) {
    if (this.flagged(now) !== null) return;
    if (this.running) this.sides[this.running] = this.time(this.running, now);
    this.running = color;
    this.since = now;
  }

  /**
   * `mover` moved at `now` (by default the running side; a side a pause
   * had stopped, or none for a first move, which is free): its time
   * counted, its increment added (or its period made whole again), and
   * `next` (the side to move now: the other, or the same one after the
   * other is skipped) started. False when the mover's time had already run
   * out (the move came too late).
   * @param {Color} next
   * @param {number} now
   * @param {Color | null} [mover]
   */
  press(next, now, mover = this.running) {
    if (this.flagged(now) !== null) return false;
    if (mover) {
      const side = this.time(mover, now);
      if (this.tc.kind === 'fischer') side.ms += this.tc.increment * 1000;
      this.sides[mover] = side.byoyomi ? this.period(side) : side;
    }
    this.running = next;
    this.since = now;
    return true;
  }

  /**
   * Another count of `color`'s time, as a total (totalMs), made `color`'s
   * at `now`: a live game's other page, counting its player's own time.
   * A side whose time had run out by this count is given to move again
   * (`next`, the side to move, runs) once the other count says it had not.
   * @param {Color} color
   * @param {number} total
   * @param {number} now
   * @param {Color} next
   */
  adopt(color, total, now, next) {
    this.sides[color] = sideOfTotal(this.tc, total);
    if (this.running === color) this.since = now;
    if (this.flag === color && total > 0) {
      this.flag = null;
      this.running = next;
      this.since = now;
    }
  }

  /**
   * Stops the clock at `now` (the game is over), keeping the times.
   * @param {number} now
   */
  stop(now) {
    if (this.running && this.flagged(now) === null) this.sides[this.running] = this.time(this.running, now);
    this.running = null;
  }
}
