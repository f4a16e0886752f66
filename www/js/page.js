// The rules and embed pages: language (chosen from the browser, switchable,
// remembered), translated text, and the boards' language.
import { createI18n, preferredLanguage, setupLanguageSelect, translateDom } from './i18n.js';
import { attackPicture } from './attack-picture.js';
import './embed.js';
import { registerOffline } from './offline.js';

function apply(lang) {
  const { t, locale } = createI18n(lang);
  document.documentElement.lang = locale;
  translateDom(document, t);
  document.title = t(document.body.dataset.title);
  for (const board of document.querySelectorAll('federa-board')) {
    board.setAttribute('lang', lang);
  }
  for (const holder of document.querySelectorAll('[data-attack-picture]')) holder.replaceChildren(attackPicture(t));
  for (const code of document.querySelectorAll('code[data-example]')) {
    const example = document.getElementById(code.dataset.example).cloneNode(false);
    for (const attr of ['lang', 'id', 'data-i18n-caption']) example.removeAttribute(attr);
    code.textContent = example.outerHTML;
  }
}

const initial = preferredLanguage();
setupLanguageSelect(document.getElementById('lang'), initial, apply);
apply(initial);
registerOffline();
document.documentElement.classList.add('ready');
