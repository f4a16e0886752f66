// Checks the message catalogues against the English reference: same keys in
// the same order, same {placeholders}, complete plural forms, nothing left
// untranslated, and Serbian written in Cyrillic only.
// Run: node --test --test-reporter=spec www/tests/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameAsEnglish } from '../same-as-english.mjs';

import './glue.mjs';

const { LEVELS } = await import('../../js/engine/facts.js');
const { createI18n, languages } = await import('../../js/i18n/i18n.js');
const { MODES } = await import('../../js/game/embed-config.js');
// Every language of the registry, by its code.
const all = Object.fromEntries(
  await Promise.all(languages.map(async (lang) => [lang, (await import(`../../js/i18n/catalogues/${lang}.js`)).default])),
);
const { en, sr, ...translations } = all;
Object.assign(translations, { sr });

const isPlural = (value) => typeof value === 'object' && value !== null;
const forms = (value) => (isPlural(value) ? Object.entries(value) : [[null, value]]);
const where = (lang, key, form) => `${lang} ${key}${form ? ` [${form}]` : ''}`;

function placeholders(text) {
  return new Set([...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
}

function union(sets) {
  return new Set(sets.flatMap((s) => [...s]));
}

const show = (set) => `{${[...set].sort().join('}, {')}}`;

// Keys that may (or must) read the same as in English.
const mayEqualEnglish = (lang, key) =>
  key.startsWith('language.') ||
  key.startsWith('meta.') ||
  sameAsEnglish(lang, key) ||
  // A bare placeholder pattern such as '{n}.' has no words to translate.
  forms(en[key]).every(([, text]) => !/\p{L}/u.test(String(text).replace(/\{\w+\}/g, '')));

// Latin text Serbian may keep, per key: notation, key caps, tag names, and in
// the embedding docs the attribute values, file names and API names that are
// code. Each entry is removed as a whole (not inside a longer word) before the
// rest is checked, so 'two-players' allows neither 'two' nor 'players' alone.
const LATIN_KEYS = new Set(['meta.locale', 'load.placeholder', 'language.en', 'language.nl']);
const COLORS = ['dark', 'light'];
const BOOLEANS = ['true', 'false'];
const LANGS = ['en', 'nl', 'ru', 'sr'];
const LATIN_WORDS = {
  'help.short': ['Enter', 'R', 'S', 'C'],
  'help.mouse': ['Shift'],
  'help.keyCursor': ['Enter'],
  'friend.qr': ['QR'],
  'friend.qrLabel': ['QR'],
  'live.where': ['STUN'],
  'live.stun': ['STUN'],
  'settings.stun': ['STUN'],
  'settings.stunBad': ['STUN', 'stun:host:port', 'stun:host'],
  'error.liveCode.noAddress': ['STUN'],
  'error.liveCode.unreachable': ['STUN'],
  'analysis.off': ['A'],
  'explorer.off': ['X'],
  'error.position.toMove': ['b', 'w'],
  'error.record.positionTag': ['Position'],
  'embed.expected.mode': MODES,
  'embed.expected.level': LEVELS,
  'embed.expected.color': COLORS,
  'embed.expected.boolean': BOOLEANS,
  'embed.expected.tokens': ['swap'],
  'embed.expected.lang': LANGS,
  'rules.place.task': ['Shift'],
  'embedPage.attr.mode': MODES,
  'embedPage.attr.level': ['play', ...LEVELS],
  'embedPage.attr.ai': COLORS,
  'embedPage.attr.interactive': BOOLEANS,
  'embedPage.attr.download': [...BOOLEANS, 'SVG'],
  'embed.downloadSvg': ['SVG'],
  'embedPage.attr.hints': BOOLEANS,
  'embedPage.attr.attackers': BOOLEANS,
  'embedPage.attr.expect': ['try'],
  'embedPage.attr.solution': ['problem'],
  'embedPage.attr.coordinates': BOOLEANS,
  'embedPage.attr.pie': BOOLEANS,
  'embedPage.attr.lang': LANGS,
  'embedPage.js': ['JavaScript', 'mount(element, config)', 'set', 'on', 'destroy'],
  'embedPage.iframe': ['iframe'],
  'embedPage.hostingText': ['dist/', '.wasm', 'application/wasm'],
  'editor.keys': ['Enter', 'Shift', 'Delete', 'Ctrl+Z'],
  'editor.copyByHand': ['Ctrl+C'],
  'editor.downloadSvg': ['SVG'],
  'editor.downloadPng': ['PNG'],
  'editor.loadHelp': ['<federa-board>'],
  'editor.noElement': ['<federa-board>'],
};
const BOARD_SIZE = /\b\d+x\d+\b/g; // 13x13
const POINT = /\b[a-z]\d{1,2}\b/g; // d4
const MOVE_TOKEN = /\b[BW](?:F[CS]?|[CS])[a-y]\d{1,2}\b/g; // BCd4, WFSc3

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/// The text without the allowed code, each entry only where it stands alone.
function withoutCode(text, allowed) {
  for (const code of [...allowed].sort((a, b) => b.length - a.length)) {
    text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(code)}(?![\\p{L}\\p{N}])`, 'gu'), ' ');
  }
  return text;
}

for (const [lang, catalogue] of Object.entries(translations)) {
  test(`${lang}: has exactly the keys of en.js, in the same order`, () => {
    const keys = Object.keys(catalogue);
    const wanted = Object.keys(en);
    const problems = [
      ...wanted.filter((k) => !(k in catalogue)).map((k) => `${lang} ${k}: missing`),
      ...keys.filter((k) => !(k in en)).map((k) => `${lang} ${k}: not in en.js`),
    ];
    if (problems.length === 0) {
      const at = wanted.findIndex((k, i) => keys[i] !== k);
      if (at >= 0) problems.push(`${lang} ${keys[at]}: out of order, en.js has ${wanted[at]} here`);
    }
    assert.deepEqual(problems, []);
  });

  test(`${lang}: keeps the placeholders of every English message`, () => {
    const problems = [];
    for (const [key, english] of Object.entries(en)) {
      const value = catalogue[key];
      if (value === undefined) continue; // reported by the key check
      const englishForms = forms(english).map(([, text]) => placeholders(text));
      const wanted = union(englishForms);
      const countOptional = englishForms.some((s) => !s.has('count'));
      if (isPlural(english) && !isPlural(value)) {
        problems.push(`${where(lang, key)}: English has plural forms, this is a plain string`);
        continue;
      }
      if (isPlural(value) && !isPlural(english) && !wanted.has('count')) {
        // A plain English message gets no count, so nothing could pick a form.
        problems.push(`${where(lang, key)}: plural forms, but English has no {count} to choose them`);
      }
      for (const [form, text] of forms(value)) {
        if (typeof text !== 'string') {
          problems.push(`${where(lang, key, form)}: not a string`);
          continue;
        }
        const got = placeholders(text);
        const missing = [...wanted].filter((p) => !got.has(p) && !(p === 'count' && countOptional));
        const extra = [...got].filter((p) => !wanted.has(p));
        if (missing.length || extra.length) {
          problems.push(`${where(lang, key, form)}: has ${show(got)}, English has ${show(wanted)}`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });

  test(`${lang}: translates every message that has words`, () => {
    const problems = Object.keys(en)
      .filter((key) => key in catalogue && !mayEqualEnglish(lang, key))
      .filter((key) => JSON.stringify(catalogue[key]) === JSON.stringify(en[key]))
      .map((key) => `${lang} ${key}: same as English`);
    assert.deepEqual(problems, []);
  });
}

for (const [lang, catalogue] of Object.entries(all)) {
  test(`${lang}: every plural message has the forms ${catalogue['meta.locale']} needs`, () => {
    const needed = new Intl.PluralRules(catalogue['meta.locale']).resolvedOptions().pluralCategories;
    const known = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
    const problems = [];
    for (const [key, value] of Object.entries(catalogue)) {
      if (!isPlural(value)) continue;
      for (const category of needed) {
        if (typeof value[category] !== 'string') problems.push(`${lang} ${key}: no '${category}' form`);
      }
      for (const category of Object.keys(value)) {
        if (!known.has(category) && !/^=\d+$/.test(category)) {
          problems.push(`${lang} ${key}: unknown plural form '${category}'`);
        }
      }
    }
    assert.deepEqual(problems, []);
  });
}

// The number of empty points is not shown, so only exactly one may read as
// one point: in ru and sr, 21 and 101 take the `one` category, yet are many.
test('a group with one empty neighbour reads as one, with 21 or 101 as many', () => {
  for (const lang of Object.keys(all)) {
    const { t } = createI18n(lang, all[lang]);
    const text = (count) => t('error.notEnclosed', { count, at: 'c3', points: 'the points' });
    assert.notEqual(text(1), text(2), `${lang}: one point`);
    for (const count of [2, 5, 11, 21, 22, 25, 101]) {
      assert.equal(text(count), text(2), `${lang}: ${count} points`);
    }
  }
});

test('sr: is written in Cyrillic', () => {
  const problems = [];
  for (const [key, value] of Object.entries(sr)) {
    if (LATIN_KEYS.has(key)) continue;
    const allowed = LATIN_WORDS[key] ?? [];
    for (const [form, text] of forms(value)) {
      const bare = String(text).replace(/\{\w+\}/g, ' ').replace(BOARD_SIZE, ' ').replace(MOVE_TOKEN, ' ').replace(POINT, ' ');
      const latin = withoutCode(bare, allowed).match(/\p{Script=Latin}+/gu) ?? [];
      if (latin.length) problems.push(`${where('sr', key, form)}: Latin ${latin.map((w) => `'${w}'`).join(', ')}`);
    }
  }
  assert.deepEqual(problems, []);
});

// The badge over a hovered group names who attacks it and how many, in
// words; the bare "2 : 1" of before left a newcomer guessing.
test('a group’s badge says in words how many pieces of each colour attack it', async () => {
  const { describeGroup } = await import('../../js/i18n/words.js');
  const info = { darkAttackers: ['a2', 'b1'], lightAttackers: ['c2'], intoDark: 'darkRound', intoLight: 'lightRound', refusal: null };
  const expected = {
    en: 'Attackers: Dark 2, Light 1',
    nl: 'Aanvallers: Donker 2, Licht 1',
    ru: 'Претендуют: Тёмные 2, Светлые 1',
    sr: 'Претендују: Тамни 2, Светли 1',
  };
  for (const lang of Object.keys(all)) {
    const { t, locale } = createI18n(lang, all[lang]);
    const number = (n) => new Intl.NumberFormat(locale).format(n);
    assert.equal(describeGroup(t, number, info, 'dark').head, expected[lang], lang);
  }
});

/** How many leading letters `a` and `b` share, ignoring case. */
function sharedStart(a, b) {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let k = 0;
  while (k < x.length && x[k] === y[k]) k++;
  return k;
}

// Undo, redo and take back sit near Cancel (the review's, an embedded
// board's bar): no word of one may share a stem with a word of the other,
// as Russian's "Отменить" and "Отмена" did.
test('the undo, redo and take-back labels cannot be mistaken for cancel', () => {
  const problems = [];
  for (const [lang, catalogue] of Object.entries(all)) {
    const cancel = String(catalogue['btn.cancel']).split(/\s+/);
    for (const key of ['btn.undo', 'btn.redo', 'btn.takeBack']) {
      for (const word of String(catalogue[key]).split(/\s+/)) {
        const near = cancel.find((c) => sharedStart(word, c) >= Math.min(4, word.length, c.length));
        if (near) problems.push(`${lang}: ${key} “${catalogue[key]}” beside btn.cancel “${catalogue['btn.cancel']}”`);
      }
    }
  }
  assert.deepEqual(problems, []);
});
