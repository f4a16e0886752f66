// @ts-check
// Notes on stored entries that failed to read (see store.js): what and why,
// where a copy is kept, and the text to copy.
import { describeError } from '../i18n/words.js';

/** @typedef {import('../lib/store.js').LostNote} LostNote */

/**
 * A button with translated text.
 * @param {import('../i18n/words.js').Translate} t
 * @param {string} key
 * @param {() => void} onClick
 */
export function button(t, key, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = t(key);
  b.dataset.action = key;
  b.addEventListener('click', onClick);
  return b;
}

/**
 * @param {import('../i18n/words.js').Translate} t
 * @param {any} reason
 */
function lostReason(t, reason) {
  if (reason?.kind === 'unreadable') return t('stored.unreadable');
  if (reason?.kind === 'setting') return t('stored.badSetting', reason);
  return describeError(t, reason);
}

/**
 * @param {HTMLElement} box
 * @param {LostNote[]} losses
 * @param {Record<string, { lost: string, full: string }>} words what the notes on each stored key say when
 *   it could not be read and when there is no room to keep it (by default, the settings' and the game's)
 * @param {import('../i18n/words.js').Translate} t
 * @param {{ copy(text: string): void, close(lost: LostNote): void }} actions
 */
export function renderLost(box, losses, words, t, actions) {
  box.hidden = losses.length === 0;
  box.replaceChildren(
    ...losses.map((lost) => {
      const what = document.createElement('p');
      const entry = document.createElement('div');
      entry.className = 'lost-entry';
      if (lost.full) {
        what.textContent = t(words[lost.key]?.full ?? 'stored.full');
        entry.append(what, button(t, 'btn.close', () => actions.close(lost)));
        return entry;
      }
      what.textContent = t(words[lost.key]?.lost ?? 'stored.settingsLost', { reason: lostReason(t, lost.reason) });
      const where = document.createElement('p');
      where.textContent = lost.backup ? t('stored.kept', { backup: lost.backup }) : t('stored.notKept');
      const text = document.createElement('textarea');
      text.readOnly = true;
      text.rows = 3;
      text.spellcheck = false;
      text.value = lost.shown ?? lost.text ?? '';
      text.setAttribute('aria-label', t(lost.shown ? 'stored.record' : 'stored.text'));
      const row = document.createElement('div');
      row.className = 'row';
      row.append(
        button(t, 'btn.copyText', () => actions.copy(text.value)),
        button(t, 'btn.close', () => actions.close(lost)),
      );
      entry.append(what, where, text, row);
      return entry;
    }),
  );
}
