// @ts-check
// The New game dialog: its choices filled from the settings when it opens,
// the rows each opponent needs, and what Start begins (a game here, or a
// game by link with a friend). The choices are saved as the settings for
// the next game.
import { $ } from '../../lib/dom.js';
import { DAYS, LEVELS, randomColor } from '../../engine/facts.js';
import { NAME_LENGTH, SIZES } from '../../game/settings.js';
import { nameProblem } from '../../friends/names.js';
import { CLOCKS } from '../../game/clock.js';
import { clockName } from '../../panels/clock-faces.js';

/**
 * @typedef {{ size: number, pie: boolean, color: import('../../engine/facts.js').Color, name: string, days: number }} FriendGame
 */

export class NewGameDialog {
  /**
   * @param {import('./page.js').Page} page
   * @param {{ start: () => void, startFriend: (game: FriendGame) => void }} parts
   * start: a game with the settings as saved; startFriend: a game by link
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
  }

  /** Fills the choices and listens to the dialog's controls. */
  listen() {
    const { settings } = this.page;
    for (const n of SIZES) $('new-size').add(new Option(String(n), String(n)));
    for (const l of LEVELS) {
      const o = new Option(l, l);
      o.dataset.i18n = 'level.' + l;
      $('new-level').add(o);
    }
    for (const n of DAYS) $('new-days').add(new Option('', String(n)));
    for (const tc of CLOCKS) $('new-clock').add(new Option('', tc));
    $('new-name').maxLength = NAME_LENGTH;
    $('new-name').addEventListener('input', () => $('new-name').setCustomValidity(''));
    $('btn-new').addEventListener('click', () => this.open());
    $('new-opponent').addEventListener('change', () => this.sync());
    $('new-game-form').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      if (/** @type {HTMLButtonElement | null} */ (e.submitter)?.value !== 'start') return;
      const size = Number($('new-size').value);
      const pie = $('new-pie').checked;
      if ($('new-opponent').value === 'friend') {
        const name = $('new-name').value.trim();
        const problem = nameProblem(name);
        if (problem) {
          e.preventDefault();
          // The dialog stays open, saying why (an empty name the field itself asks for).
          $('new-name').setCustomValidity(problem === 'empty' ? '' : this.page.t('friend.name.' + problem));
          $('new-name').reportValidity();
          $('new-name').focus();
          return;
        }
        const chosen = $('new-color').value;
        settings.merge({ size, pie, playerName: name });
        this.parts.startFriend({ size, pie, color: chosen === 'random' ? randomColor() : chosen, name, days: Number($('new-days').value) });
        return;
      }
      settings.merge({
        size,
        level: $('new-level').value,
        opponent: $('new-opponent').value,
        aiSide: $('new-side').value,
        pie,
        timeControl: $('new-clock').value,
      });
      this.parts.start();
      this.page.announce(this.page.t('message.newGame', { size }));
    });
  }

  /** Opens the dialog with the settings' choices. */
  open() {
    const { values } = this.page.settings;
    $('new-size').value = String(values.size);
    $('new-level').value = values.level;
    $('new-opponent').value = values.opponent;
    $('new-side').value = values.aiSide;
    $('new-pie').checked = values.pie;
    $('new-name').value = values.playerName;
    $('new-clock').value = values.timeControl;
    this.sync();
    $('new-game').showModal();
  }

  /** The rows the chosen opponent needs. */
  sync() {
    const opponent = $('new-opponent').value;
    $('new-side-row').hidden = opponent !== 'ai';
    $('new-level-row').hidden = opponent === 'human' || opponent === 'friend';
    $('new-clock-row').hidden = opponent === 'friend' || opponent === 'watch';
    for (const id of ['new-name-row', 'new-color-row', 'new-days-row']) $(id).hidden = opponent !== 'friend';
    $('new-name').required = opponent === 'friend';
  }

  /** The choices' words in the language shown. */
  translate() {
    const { t } = this.page;
    for (const option of $('new-size').options) option.textContent = t('newGame.sizeOption', { n: Number(option.value) });
    for (const option of $('new-clock').options) option.textContent = clockName(t, option.value);
    for (const option of $('new-days').options) option.textContent = option.value === '0' ? t('newGame.daysNone') : t('newGame.daysOption', { count: Number(option.value) });
  }
}
