// @ts-check
// The rules and embed pages: language (chosen from the browser, switchable,
// remembered), translated text, and the boards' language.
import { loadLanguage, preferredLanguage, setupLanguageSelect, translateDom } from '../i18n/i18n.js';
import { attackPicture } from '../view/attack-picture.js';
import { loadEngine } from '../engine/engine.js';
import './embed/element.js';
import { registerOffline } from '../lib/offline.js';
import { $ } from '../lib/dom.js';

/** @param {string} lang */
async function apply(lang) {
  const { t, locale } = await loadLanguage(lang);
  document.documentElement.lang = locale;
  translateDom(document, t);
  document.title = t(document.body.dataset.title ?? 'app.title');
  for (const board of document.querySelectorAll('federa-board')) {
    board.setAttribute('lang', lang);
  }
  const holders = document.querySelectorAll('[data-attack-picture]');
  if (holders.length) {
    const { attacks } = await loadEngine();
    for (const holder of holders) holder.replaceChildren(attackPicture(t, attacks));
  }
  for (const code of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('code[data-example]'))) {
    const example = /** @type {HTMLElement} */ ($(code.dataset.example ?? '')).cloneNode(false);
    for (const attr of ['lang', 'id', 'data-i18n-caption']) /** @type {HTMLElement} */ (example).removeAttribute(attr);
    code.textContent = /** @type {HTMLElement} */ (example).outerHTML;
  }
}

const initial = preferredLanguage();
setupLanguageSelect($('lang'), initial, apply);
await apply(initial);
registerOffline();
document.documentElement.classList.add('ready');
