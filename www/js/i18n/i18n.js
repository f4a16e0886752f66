// @ts-check
// Message catalogues: one per language, every visible string comes from here.
// A message is a string with {name} placeholders, or an object of plural
// forms (zero, one, two, few, many, other) chosen by its `count` parameter
// with the language's own plural rules; an exact form such as `=1` comes
// first (for a message that does not show its number, where Russian 21
// takes `one` but must not read as a single thing). Numbers are formatted for the
// language too.
import { safeStorage } from '../lib/store.js';

/**
 * @typedef {Record<string, string | Record<string, string>>} Catalogue
 * @typedef {{ lang: string, t: import('./words.js').Translate, locale: string, dir: string }} I18n
 */

/** Each language's catalogue, loaded when first needed. */
const LOADERS = /** @type {Record<string, () => Promise<{ default: Catalogue }>>} */ ({
  en: () => import('./catalogues/en.js'),
  nl: () => import('./catalogues/nl.js'),
  ru: () => import('./catalogues/ru.js'),
  sr: () => import('./catalogues/sr.js'),
});

/** The languages, in the order the language menus list them. */
export const languages = Object.keys(LOADERS);

/** @type {Map<string, Promise<I18n>>} */
const loaded = new Map();

/**
 * The words of `lang` (English for a language we do not have), once its
 * catalogue has loaded.
 * @param {string} lang
 * @returns {Promise<I18n>}
 */
export function loadLanguage(lang) {
  const known = Object.hasOwn(LOADERS, lang) ? lang : 'en';
  let words = loaded.get(known);
  if (!words) {
    words = LOADERS[known]().then((m) => createI18n(known, m.default));
    loaded.set(known, words);
  }
  return words;
}

/**
 * Calls `apply` with the words of the page's language each time it changes
 * (page.js sets the lang attribute of the static pages).
 * @param {(i18n: I18n) => void} apply
 */
export function followPageLanguage(apply) {
  new MutationObserver(async () => {
    const lang = document.documentElement.lang;
    const i18n = await loadLanguage(lang);
    // A later change of language has its own call.
    if (document.documentElement.lang === lang) apply(i18n);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

const STORAGE_KEY = 'federa.lang';

/**
 * The language to use: the one chosen before, else the browser's first
 * supported one, else English.
 */
export function preferredLanguage(storage = safeStorage()) {
  let saved = null;
  try {
    saved = storage?.getItem(STORAGE_KEY);
  } catch {
    // A browser that refuses to read storage: the language is the browser's.
  }
  if (saved && languages.includes(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (languages.includes(base)) return base;
  }
  return 'en';
}

/** @param {string} lang */
export function rememberLanguage(lang, storage = safeStorage()) {
  try {
    storage?.setItem(STORAGE_KEY, lang);
  } catch {
    // Storage may be full or forbidden; the choice then lasts this visit.
  }
}

/**
 * Fills a <select> with the languages (their names translated by
 * translateDom), shows `current`, and on a choice remembers it and calls
 * `onChange(lang)`.
 * @param {HTMLSelectElement} select
 * @param {string} current
 * @param {(lang: string) => void} onChange
 */
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

/** Right-to-left letters and the bidirectional controls. */
const BIDI = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * A value put into a sentence (a player's name above all), set apart by
 * Unicode's first-strong isolate when it holds right-to-left letters or
 * bidirectional controls: an override in a name ("Eve\u202eexe.gnp") then
 * turns nothing around outside it, and an Arabic or Hebrew name reads in
 * its own direction without carrying the punctuation after it.
 * @param {string} text
 */
export function isolate(text) {
  return BIDI.test(text) ? `\u2068${text}\u2069` : text;
}

/**
 * The words of `lang` from its catalogue `messages` (every catalogue has
 * every key: the tests check it). A missing key reads as itself.
 * @param {string} lang
 * @param {Catalogue} messages
 * @returns {I18n}
 */
export function createI18n(lang, messages) {
  const locale = String(messages['meta.locale']);
  const plurals = new Intl.PluralRules(locale);
  const numbers = new Intl.NumberFormat(locale);
  /** @param {unknown} value */
  const format = (value) => (typeof value === 'number' ? numbers.format(value) : isolate(String(value)));
  /** @type {import('./words.js').Translate} */
  function t(key, params = {}) {
    const entry = messages[key];
    if (entry === undefined) return key;
    let message;
    if (typeof entry === 'object') {
      const count = Number(params.count ?? 0);
      message = entry['=' + count] ?? entry[plurals.select(count)] ?? entry.other;
    } else {
      message = entry;
    }
    return message.replace(/\{(\w+)\}/g, (whole, name) =>
      params[name] === undefined ? whole : format(params[name]),
    );
  }
  return { lang, t, locale, dir: String(messages['meta.dir'] ?? 'ltr') };
}

/** Whether the reader's main pointer is a finger, whose words say "tap", not "click". */
export function touchFirst() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

/**
 * Fills every element with data-i18n (text; data-i18n-touch instead on a
 * touch screen, for words that follow the reader's input),
 * data-i18n-aria-label, data-i18n-title, data-i18n-placeholder or
 * data-i18n-caption (a <federa-board>'s caption) under `root`.
 * @param {ParentNode} root
 * @param {import('./words.js').Translate} t
 */
export function translateDom(root, t) {
  const touch = touchFirst();
  for (const el of root.querySelectorAll('[data-i18n]')) {
    const { i18n, i18nTouch } = /** @type {HTMLElement} */ (el).dataset;
    el.textContent = t((touch && i18nTouch) || i18n || '');
  }
  for (const attr of ['aria-label', 'title', 'placeholder', 'caption']) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) {
      el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`) ?? ''));
    }
  }
}
