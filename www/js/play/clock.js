// @ts-check
// The play page's clocks (clock.js), for a game whose record has a
// `[TimeControl]` of seconds (`300+3`, `600/byo 5x30`): at one screen and
// against the AI. The side to move's time runs from the first move on
// (the first move is free, as on lichess); each move at the line's end
// presses the clock, a take-back hands the turn back without the
// increment, and the game ends on time when a side's time runs out. The
// AI thinks within its clock. A tap on either clock pauses both, and
// another (or the next move) starts them again. The times are kept with the
// game, so that a reload finds them as they were (the time away counts: a
// clock does not stop for a closed tab, only for a pause).
import { Clock, parseTimeControl, thinkMs } from '../clock.js';
import { renderClocks } from '../panels/clock.js';
import { AI_MS } from '../session.js';

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../types.js').Status} Status
 * @typedef {import('../clock.js').SideTime} SideTime
 * @typedef {{ sides: { dark: SideTime, light: SideTime }, running: 'dark' | 'light' | null, since: number,
 *   flag: 'dark' | 'light' | null, paused: 'dark' | 'light' | null }} SavedClock
 */

/** How often a running clock is drawn, in ms (tenths show under ten seconds). */
const TICK_MS = 100;
/** A side's time under which its clock warns, in ms. */
const LOW_MS = 10_000;

/**
 * A saved clock, if it reads as one.
 * @param {any} v
 * @returns {SavedClock | null}
 */
function savedClock(v) {
  const side = (/** @type {any} */ s) =>
    s && Number.isFinite(s.ms) && s.ms >= 0 && Number.isInteger(s.periods) && s.periods >= 0 && typeof s.byoyomi === 'boolean';
  const color = (/** @type {any} */ c) => c === null || c === 'dark' || c === 'light';
  return v && side(v.sides?.dark) && side(v.sides?.light) && color(v.running) && color(v.flag) && color(v.paused ?? null) && Number.isFinite(v.since) ? v : null;
}

export class Clocks {
  /**
   * @param {Page} page
   * @param {{ box: HTMLElement, now?: () => number, beep: () => void }} parts
   * box: the clocks' section; now: the time (ms); beep: the low-time sound (the page's setting decides)
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    this.now = parts.now ?? Date.now;
    /** The game's clock, or null for a game without one. @type {Clock | null} */
    this.clock = null;
    /** The position last seen (its ply and side to move), to tell a move from a take-back. @type {{ ply: number, toMove: 'dark' | 'light' } | null} */
    this.seen = null;
    /** The sides warned of low time this turn. @type {Set<string>} */
    this.warned = new Set();
    /** The side whose clock a pause stopped, or null. @type {'dark' | 'light' | null} */
    this.paused = null;
    this.timer = 0;
  }

  /**
   * The clock of a game about to be played: its time control's, at the
   * times `saved` kept, or at the start.
   * @param {import('../types.js').Game} game
   * @param {unknown} saved the entry's `clock`
   */
  load(game, saved) {
    const tag = /** @type {[string, string][]} */ (game.tags()).find(([key]) => key === 'TimeControl')?.[1];
    const tc = tag ? parseTimeControl(tag) : null;
    window.clearTimeout(this.timer);
    this.clock = null;
    this.paused = null;
    this.warned.clear();
    const st = game.status();
    this.seen = { ply: st.ply, toMove: st.toMove };
    if (!tc) return;
    const kept = savedClock(saved);
    const clock = new Clock(tc, kept?.sides);
    if (kept) Object.assign(clock, { running: kept.running, since: kept.since, flag: kept.flag });
    this.paused = kept?.paused ?? null;
    this.clock = clock;
  }

  /** The clock's times for the game's entry, or null. @returns {SavedClock | null} */
  saved() {
    const { clock } = this;
    return clock ? { sides: clock.sides, running: clock.running, since: clock.since, flag: clock.flag, paused: this.paused } : null;
  }

  /**
   * The session moved on: one move more at the line's end presses the
   * clock (the mover's, also when a pause had stopped it), a step back (a
   * take-back) hands the turn back without the increment, and an end stops
   * it. A redo plays its move again, and counts as one.
   * @param {Status} st
   */
  onPosition(st) {
    const { clock } = this;
    const { session } = this.page;
    if (!clock) return;
    const now = this.now();
    const over = session.outcome(st) !== null;
    const last = this.seen;
    this.seen = { ply: st.ply, toMove: st.toMove };
    if (over) {
      clock.stop(now);
      this.paused = null;
    } else if (last && st.ply === last.ply + 1 && st.ply === st.moves) {
      const mover = this.paused ?? (st.ply === 1 ? null : last.toMove);
      this.paused = null;
      if (!clock.press(st.toMove, now, mover)) this.timeUp();
      this.warned.delete(st.toMove);
    } else if (last && st.ply < last.ply) {
      this.paused = null;
      if (st.ply === 0) clock.stop(now);
      else clock.start(st.toMove, now);
    }
    // The AI thinks within its time.
    if (!over && session.seatOf(st.toMove, st) === 'ai') session.aiMs = Math.min(AI_MS, thinkMs(clock.tc, clock.time(st.toMove, now)));
    else session.aiMs = AI_MS;
    this.tick();
  }

  /** A tap on a clock: pauses both, or starts the paused one again. */
  toggle() {
    const { clock } = this;
    if (!clock || clock.flag || this.page.session.outcome()) return;
    const now = this.now();
    if (this.paused) {
      clock.start(this.paused, now);
      this.paused = null;
    } else if (clock.running) {
      this.paused = clock.running;
      clock.stop(now);
    } else return;
    this.page.save();
    this.tick();
  }

  /** A side's time ran out: the other wins on time. */
  timeUp() {
    const flag = this.clock?.flag;
    if (flag && !this.page.session.outcome()) this.page.session.end(flag === 'dark' ? 'light' : 'dark', 'time');
  }

  /** Draws the clocks, checks for a flag, and comes back while one runs. */
  tick() {
    window.clearTimeout(this.timer);
    const { clock } = this;
    const { box } = this.parts;
    box.hidden = clock === null;
    if (!clock) return;
    const now = this.now();
    const running = clock.running;
    if (running && clock.flagged(now)) {
      this.timeUp();
      return;
    }
    const time = { dark: clock.time('dark', now), light: clock.time('light', now) };
    // Low: the last seconds that are not given back (a byo-yomi's last period, or Fischer's time).
    const low = (/** @type {'dark' | 'light'} */ c) => time[c].ms < LOW_MS && (clock.tc.kind === 'fischer' || (time[c].byoyomi && time[c].periods <= 1));
    if (running && low(running) && !this.warned.has(running)) {
      this.warned.add(running);
      this.parts.beep();
    }
    renderClocks(box, { t: this.page.t, tc: clock.tc, time, running, low: { dark: low('dark'), light: low('light') }, flag: clock.flag, paused: this.paused });
    if (running) this.timer = window.setTimeout(() => this.tick(), TICK_MS);
  }
}
