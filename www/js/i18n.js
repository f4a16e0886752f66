// Message catalogues: one per language, every visible string comes from here.
// A message is a string with {name} placeholders, or an object of plural
// forms (zero, one, two, few, many, other) chosen by its `count` parameter
// with the language's own plural rules; an exact form such as `=1` comes
// first (for a message that does not show its number, where Russian 21
// takes `one` but must not read as a single thing). Numbers are formatted for the
// language too.
import en from './i18n/en.js';
import nl from './i18n/nl.js';
import ru from './i18n/ru.js';
import sr from './i18n/sr.js';
import { safeStorage } from './store.js';

export const catalogues = { en, nl, ru, sr };
export const languages = Object.keys(catalogues);

const STORAGE_KEY = 'federa.lang';

/// The language to use: the one chosen before, else the browser's first
/// supported one, else English.
export function preferredLanguage(storage = safeStorage()) {
  let saved = null;
  try {
    saved = storage?.getItem(STORAGE_KEY);
  } catch {
    // A browser that refuses to read storage: the language is the browser's.
  }
  if (saved && catalogues[saved]) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (catalogues[base]) return base;
  }
  return 'en';
}

export function rememberLanguage(lang, storage = safeStorage()) {
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage may be full or forbidden; the choice then lasts this visit.
  }
}

/// Fills a <select> with the languages (their names translated by
/// translateDom), shows `current`, and on a choice remembers it and calls
/// `onChange(lang)`.
export function setupLanguageSelect(select, current, onChange) {
  for (const lang of languages) {
    const option = new Option(lang, lang);
    option.dataset.i18n = 'language.' + lang;
    select.add(option);
  }
  select.value = current;
  select.addEventListener('change', () => {
    rememberLanguage(select.value);
    onChange(select.value);
  });
}

export function createI18n(lang) {
  const messages = catalogues[lang] ?? en;
  const plurals = new Intl.PluralRules(messages['meta.locale']);
  const numbers = new Intl.NumberFormat(messages['meta.locale']);
  const format = (value) => (typeof value === 'number' ? numbers.format(value) : String(value));
  function t(key, params = {}) {
    let message = messages[key] ?? en[key];
    if (message === undefined) return key;
    if (typeof message === 'object') {
      const count = Number(params.count ?? 0);
      message = message['=' + count] ?? message[plurals.select(count)] ?? message.other;
    }
    return message.replace(/\{(\w+)\}/g, (whole, name) =>
      params[name] === undefined ? whole : format(params[name]),
    );
  }
  return { lang, t, locale: messages['meta.locale'], dir: messages['meta.dir'] ?? 'ltr' };
}

/// Fills every element with data-i18n (text), data-i18n-aria-label,
/// data-i18n-title, data-i18n-placeholder or data-i18n-caption (a
/// <federa-board>'s caption) under `root`.
export function translateDom(root, t) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const attr of ['aria-label', 'title', 'placeholder', 'caption']) {
    const data = 'i18n' + attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase());
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.dataset[data]));
  }
}
