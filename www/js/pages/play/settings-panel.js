// @ts-check
// The Settings panel: its boxes and choices show the settings as they are,
// and each change goes through the settings store (which saves it and tells
// the page). A STUN server that does not read is refused and the box put back.
import { $ } from '../../lib/dom.js';
import { STUN, THINK_MS } from '../../game/settings.js';

/** The yes/no settings and their boxes. */
const BOXES = /** @type {const} */ ([
  ['opt-coordinates', 'coordinates'],
  ['opt-hints', 'hints'],
  ['opt-coach', 'coach'],
  ['opt-confirm', 'confirmTap'],
  ['opt-sound', 'sound'],
]);

export class SettingsPanel {
  /** @param {import('./page.js').Page} page */
  constructor(page) {
    this.page = page;
  }

  /** Fills the choices, listens to the panel's controls, and shows each change of the settings. */
  listen() {
    const { settings, t, say } = this.page;
    settings.on('change', () => this.sync());
    for (const [id, name] of BOXES) $(id).addEventListener('change', () => settings.set(name, $(id).checked));
    $('opt-pieces').addEventListener('change', () => settings.set('pieceSet', $('opt-pieces').value));
    for (const ms of THINK_MS) $('opt-think').add(new Option('', String(ms)));
    $('opt-think').addEventListener('change', () => settings.set('thinkMs', Number($('opt-think').value)));
    $('opt-stun').addEventListener('change', () => {
      const stun = $('opt-stun').value.trim();
      if (stun === '' || STUN.test(stun)) settings.set('stun', stun);
      else {
        $('opt-stun').value = settings.values.stun;
        say(t('settings.stunBad'), 'error');
      }
    });
    this.sync();
  }

  /** The boxes and choices, as the settings are. */
  sync() {
    const { values } = this.page.settings;
    for (const [id, name] of BOXES) $(id).checked = values[name];
    $('opt-stun').value = values.stun;
    $('opt-pieces').value = values.pieceSet;
    $('opt-think').value = String(values.thinkMs);
  }

  /** The choices' words in the language shown. */
  translate() {
    const { t } = this.page;
    for (const option of $('opt-think').options) option.textContent = t('settings.thinkOption', { count: Number(option.value) / 1000 });
  }
}
