// @ts-check
// The two clocks (play/clock.js): each side's time in large figures that
// keep their width (no jump as they count), tenths under ten seconds, a
// byo-yomi's periods left under it; the running clock in the accent colour,
// a low one in the warning colour, a flag and a pause marked. Each face is
// a button: a tap pauses both clocks, another starts them again.

/**
 * @typedef {import('../words.js').Translate} Translate
 * @typedef {import('../clock.js').SideTime} SideTime
 * @typedef {import('../clock.js').TimeControl} TimeControl
 * @typedef {'dark' | 'light'} Color
 */

/** @param {number} n */
const two = (n) => String(n).padStart(2, '0');

/**
 * A time as a clock shows it: `1:02:03`, `4:05`, and under ten seconds
 * `0:09.4`. Never more than is left: the figures round down.
 * @param {number} ms
 */
export function clockText(ms) {
  const left = Math.max(0, ms);
  if (left < 10_000) return `0:0${Math.floor(left / 1000)}.${Math.floor((left % 1000) / 100)}`;
  const total = Math.floor(left / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * Draws the clocks.
 * @param {HTMLElement} box
 * @param {{ t: Translate, tc: TimeControl, time: Record<Color, SideTime>, running: Color | null,
 *   low: Record<Color, boolean>, flag: Color | null, paused: Color | null }} state
 * paused: the side whose clock a pause stopped
 */
export function renderClocks(box, { t, tc, time, running, low, flag, paused }) {
  for (const color of /** @type {Color[]} */ (['dark', 'light'])) {
    const clock = /** @type {HTMLElement} */ (box.querySelector(`.clock.${color}`));
    const side = time[color];
    clock.classList.toggle('running', running === color);
    clock.classList.toggle('low', low[color]);
    clock.classList.toggle('flagged', flag === color);
    /** @type {HTMLElement} */ (clock.querySelector('.clock-time')).textContent = clockText(side.ms);
    clock.classList.toggle('paused', paused === color);
    clock.setAttribute('aria-pressed', String(paused !== null));
    /** The line under the time: the flag or pause, else what the time control gives next. */
    const extra = () => {
      if (flag === color) return t('clock.flagged');
      if (paused === color) return t('clock.paused');
      if (tc.kind === 'fischer') return t('clock.increment', { seconds: tc.increment });
      if (!side.byoyomi) return t('clock.then', { count: tc.periods, seconds: tc.period });
      return t(side.periods === 1 ? 'clock.lastPeriod' : 'clock.periods', { count: side.periods, seconds: tc.period });
    };
    /** @type {HTMLElement} */ (clock.querySelector('.clock-extra')).textContent = extra();
  }
}
