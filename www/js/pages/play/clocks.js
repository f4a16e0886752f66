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
// In a live game (friends/link-game-ctrl.js) each page runs its own clocks
// and sends its counts with each link: the other page adopts its player's
// own count when the two agree within a margin, and shows them when they do
// not. There is no pause, and each page records its own player's loss on
// time: the clocks say so (`ownFlag`), and the link game signs it.
import { otherColor } from '../../engine/facts.js';
import { Clock, clockControl, thinkMs, totalMs } from '../../game/clock.js';
import { clockText, renderClocks } from '../../panels/clock-faces.js';
import { Emitter } from '../../lib/emitter.js';

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../../engine/types.js').Status} Status
 * @typedef {import('../../game/clock.js').SideTime} SideTime
 * @typedef {'dark' | 'light'} Color
 * @typedef {{ sides: { dark: SideTime, light: SideTime }, running: Color | null, since: number,
 *   flag: Color | null, paused: Color | null, seen?: { ply: number, toMove: Color } }} SavedClock
 *   seen: the position the clock last counted, to press it for a move made since
 */

/** How often a running clock is drawn, in ms (tenths show under ten seconds). */
const TICK_MS = 100;
/** A side's time under which its clock warns, in ms. */
const LOW_MS = 10_000;
/** How far two pages' counts of a side's time may be apart before the page says so, in ms. */
const MARGIN_MS = 2000;

/**
 * A saved clock, if it reads as one.
 * @param {any} v
 * @returns {SavedClock | null}
 */
function savedClock(v) {
  const side = (/** @type {any} */ s) =>
    s && Number.isFinite(s.ms) && s.ms >= 0 && Number.isInteger(s.periods) && s.periods >= 0 && typeof s.byoyomi === 'boolean';
  const color = (/** @type {any} */ c) => c === null || c === 'dark' || c === 'light';
  const seen = (/** @type {any} */ p) => p === undefined || (Number.isInteger(p?.ply) && p.ply >= 0 && color(p.toMove) && p.toMove !== null);
  return v && side(v.sides?.dark) && side(v.sides?.light) && color(v.running) && color(v.flag) && color(v.paused ?? null) && seen(v.seen) && Number.isFinite(v.since)
    ? v
    : null;
}

/**
 * ownFlag: this page's player ran out of time in a game with a player
 * elsewhere, who waits for the loss to be signed.
 * @extends {Emitter<{ ownFlag: undefined }>}
 */
export class Clocks extends Emitter {
  /**
   * @param {Page} page
   * @param {{ box: HTMLElement, now?: () => number, beep: () => void }} parts
   * box: the clocks' section; now: the time (ms); beep: the low-time sound (the page's setting decides)
   */
  constructor(page, parts) {
    super();
    this.page = page;
    this.parts = parts;
    this.now = parts.now ?? Date.now;
    /** The game's clock, or null for a game without one. @type {Clock | null} */
    this.clock = null;
    /** The position last seen (its ply and side to move), to tell a move from a take-back. @type {{ ply: number, toMove: 'dark' | 'light' } | null} */
    this.seen = null;
    /** The sides warned of low time this turn. @type {Set<string>} */
    this.warned = new Set();
    /** The side whose clock a pause stopped, or null. @type {Color | null} */
    this.paused = null;
    /** A side whose time the other page counts differently, by more than the margin. @type {{ color: Color, theirs: number, ours: number } | null} */
    this.apart = null;
    this.timer = 0;
  }

  /**
   * The clock of a game about to be played: its time control's, at the
   * times `saved` kept, or at the start.
   * @param {import('../../engine/types.js').Game} game
   * @param {unknown} saved the entry's `clock`
   */
  load(game, saved) {
    const tc = clockControl(game.timeControl());
    window.clearTimeout(this.timer);
    this.clock = null;
    this.paused = null;
    this.apart = null;
    this.warned.clear();
    const st = game.status();
    this.seen = { ply: st.ply, toMove: st.toMove };
    this.parts.box.hidden = !tc;
    if (!tc) return;
    const kept = savedClock(saved);
    if (kept?.seen) this.seen = kept.seen;
    const clock = new Clock(tc, kept?.sides);
    if (kept) Object.assign(clock, { running: kept.running, since: kept.since, flag: kept.flag });
    this.paused = kept?.paused ?? null;
    this.clock = clock;
  }

  /** The clock's times for the game's entry, or null. @returns {SavedClock | null} */
  saved() {
    const { clock } = this;
    return clock ? { sides: clock.sides, running: clock.running, since: clock.since, flag: clock.flag, paused: this.paused, seen: this.seen ?? undefined } : null;
  }

  /** Both sides' times now, as totals (a live game's message), or null with no clock. */
  report() {
    const { clock } = this;
    if (!clock) return null;
    const now = this.now();
    return { dark: totalMs(clock.tc, clock.time('dark', now)), light: totalMs(clock.tc, clock.time('light', now)) };
  }

  /**
   * The other page's counts of both sides' times (totals, as `report`
   * makes them): its player's own adopted where the two agree within the
   * margin (the time the message took is not the mover's), and a side
   * counted further apart shown.
   * @param {{ dark: number, light: number }} reported
   */
  reconcile(reported) {
    const { clock } = this;
    const { session } = this.page;
    const st = session.status();
    if (!clock || session.outcome(st)) return;
    const now = this.now();
    this.apart = null;
    for (const color of /** @type {Color[]} */ (['dark', 'light'])) {
      const ours = totalMs(clock.tc, clock.time(color, now));
      if (Math.abs(reported[color] - ours) > MARGIN_MS) this.apart = { color, theirs: reported[color], ours };
      else if (session.seatOf(color, st) === 'remote') clock.adopt(color, reported[color], now, st.toMove);
    }
    this.tick();
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
    this.tick();
  }

  /**
   * The AI's time for the move it is to make: `most`, or less when its
   * clock runs low.
   * @param {number} most
   */
  aiTime(most) {
    const { clock } = this;
    const { session } = this.page;
    const st = session.status();
    if (!clock || session.outcome(st) || session.seatOf(st.toMove, st) !== 'ai') return most;
    return Math.min(most, thinkMs(clock.tc, clock.time(st.toMove, this.now())));
  }

  /** A tap on a clock: pauses both, or starts the paused one again. */
  toggle() {
    const { clock } = this;
    // A clock another page also runs cannot stop at one end.
    if (!clock || clock.flag || this.page.session.outcome() || this.page.session.remote()) return;
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

  /**
   * A side's time ran out: the other wins on time. With a player
   * elsewhere, each page signs its own player's loss, and waits for the
   * other's.
   */
  timeUp() {
    const flag = this.clock?.flag;
    const { session } = this.page;
    if (!flag || session.outcome()) return;
    if (!session.remote()) session.end(otherColor(flag), 'time');
    else if (session.seatOf(flag) === 'human') this.emit('ownFlag', undefined);
  }

  /** What the clocks' note says: the other page's count apart from this one's, or a time up by this count alone. */
  note() {
    const { t, session } = this.page;
    const flag = this.clock?.flag;
    if (flag && !session.outcome() && session.seatOf(flag) === 'remote') return t('clock.theirFlag', { color: t('color.' + flag) });
    const apart = this.apart;
    return apart ? t('clock.apart', { color: t('color.' + apart.color), theirs: clockText(apart.theirs), ours: clockText(apart.ours) }) : '';
  }

  /** Draws the clocks, checks for a flag, and comes back while one runs. */
  tick() {
    window.clearTimeout(this.timer);
    const { clock } = this;
    const { box } = this.parts;
    box.hidden = clock === null;
    if (!clock) return;
    const now = this.now();
    if (clock.running && clock.flagged(now)) this.timeUp();
    // Ended on time, the game has drawn the clocks already.
    if (this.clock !== clock) return;
    const running = clock.running;
    const time = { dark: clock.time('dark', now), light: clock.time('light', now) };
    // Low: the last seconds that are not given back (a byo-yomi's last period, or Fischer's time).
    const low = (/** @type {'dark' | 'light'} */ c) => time[c].ms < LOW_MS && (clock.tc.kind === 'fischer' || (time[c].byoyomi && time[c].periods <= 1));
    if (running && low(running) && !this.warned.has(running)) {
      this.warned.add(running);
      this.parts.beep();
    }
    renderClocks(box, { t: this.page.t, tc: clock.tc, time, running, low: { dark: low('dark'), light: low('light') }, flag: clock.flag, paused: this.paused,
      pausable: !this.page.session.remote(), note: this.note() });
    if (running) this.timer = window.setTimeout(() => this.tick(), TICK_MS);
  }
}
