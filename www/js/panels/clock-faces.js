// @ts-check
// The two clocks (play/clock.js): each side's time in large figures that
// keep their width (no jump as they count), tenths under ten seconds, a
// byo-yomi's periods left under it; the running clock in the accent colour,
// a low one in the warning colour, a flag and a pause marked. Each face is
// a button: a tap pauses both clocks, another starts them again (but in a
// live game, whose clocks the other page runs too). A note
// under them says where a live game's two pages count apart.
/**
 * @typedef {import('../i18n/words.js').Translate} Translate
 * @typedef {import('../game/clock.js').SideTime} SideTime
 * @typedef {import('../game/clock.js').ClockControl} ClockControl
 * @typedef {'dark' | 'light'} Color
 */

/**
 * A time control's name, as the dialogs offer it.
 * @param {Translate} t
 * @param {ClockControl | null} tc null for none
 */
export function clockName(t, tc) {
  if (!tc) return t('newGame.clockNone');
  if (tc.kind === 'fischer') return t('newGame.fischer', { minutes: tc.main / 60, seconds: tc.increment });
  return t('newGame.byoyomi', { minutes: tc.main / 60, count: tc.periods, seconds: tc.period });
}

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
 * @param {{ t: Translate, tc: ClockControl, time: Record<Color, SideTime>, running: Color | null,
 *   low: Record<Color, boolean>, flag: Color | null, paused: Color | null, pausable: boolean, note: string }} state
 * paused: the side whose clock a pause stopped; note: '' for none
 */
export function renderClocks(box, { t, tc, time, running, low, flag, paused, pausable, note }) {
  const noteEl = /** @type {HTMLElement} */ (box.querySelector('.clock-note'));
  noteEl.textContent = note;
  noteEl.hidden = !note;
  for (const color of /** @type {Color[]} */ (['dark', 'light'])) {
    const clock = /** @type {HTMLElement} */ (box.querySelector(`.clock.${color}`));
    const side = time[color];
    clock.classList.toggle('running', running === color);
    clock.classList.toggle('low', low[color]);
    clock.classList.toggle('flagged', flag === color);
    /** @type {HTMLElement} */ (clock.querySelector('.clock-time')).textContent = clockText(side.ms);
    clock.classList.toggle('paused', paused === color);
    clock.title = pausable ? t('clock.pauseTitle') : '';
    if (pausable) clock.setAttribute('aria-pressed', String(paused !== null));
    else clock.removeAttribute('aria-pressed');
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
