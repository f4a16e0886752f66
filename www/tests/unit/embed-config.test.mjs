// Unit tests of js/game/embed-config.js (no browser): how each <federa-board>
// attribute reads (a bad value throws { name, value, expected }), the
// defaults of absent ones (and embed.d.ts's words on them), and which config
// changes start a fresh game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';

import './glue.mjs';
import { thrown } from './thrown.mjs';

const { ATTRIBUTES, DEFAULTS, GAME_KEYS, MODES, attributeName, configFromAttributes, gameChanged, parseRegion, withDefaults } = await import(
  '../../js/game/embed-config.js'
);
const { LEVELS } = await import('../../js/engine/facts.js');
const { languages } = await import('../../js/i18n/i18n.js');

/** A config read from these attributes only. */
const read = (attributes) => configFromAttributes((name) => (Object.hasOwn(attributes, name) ? attributes[name] : null));

const NAMES = [
  'size', 'record', 'position', 'mode', 'level', 'ai', 'interactive', 'download', 'hints', 'attackers', 'coordinates', 'pie',
  'highlight', 'arrows', 'labels', 'shade', 'region', 'expect', 'solution', 'proof', 'initialPly', 'caption', 'lang',
];
const BOOLEANS = ['interactive', 'download', 'hints', 'attackers', 'coordinates', 'pie'];

/** Each attribute's good values (text → value read) and bad ones (with what it expects). */
const CASES = {
  size: {
    good: [['2', 2], ['9', 9], ['13', 13], ['25', 25], ['07', 7]],
    bad: ['1', '0', '26', '99', '100', '', ' 9', '9 ', '9.0', '1e1', '+9', '-9', '0x9', 'nine'],
    expected: 'size',
  },
  record: { good: [['', ''], ['9x9 BCe5 WSd4', '9x9 BCe5 WSd4'], ['anything <b>', 'anything <b>']], bad: [] },
  position: { good: [['', ''], ['sss/sCs/sss b', 'sss/sCs/sss b']], bad: [] },
  mode: {
    good: MODES.map((m) => [m, m]),
    bad: ['', 'Play', 'PLAY', 'watch', 'two players', ' play', 'replay '],
    expected: 'mode',
  },
  level: {
    good: LEVELS.map((l) => [l, l]),
    bad: ['', 'Club', 'random', 'uct', '3', 'grandmaster'],
    expected: 'level',
  },
  ai: { good: [['dark', 'dark'], ['light', 'light']], bad: ['', 'Dark', 'black', 'white', 'random', 'both'], expected: 'color' },
  highlight: {
    good: [
      ['', []],
      ['e5', ['e5']],
      ['e5 c3', ['e5', 'c3']],
      ['e5,c3', ['e5', 'c3']],
      [' e5 ,  c3\n y25 ', ['e5', 'c3', 'y25']],
    ],
    bad: ['e5 z1', 'E5', 'e0', 'a26', 'e5;c3', 'e05'],
    expected: 'points',
  },
  expect: {
    good: [
      ['BCd4', ['BCd4']],
      ['Bd4 WFc3  WFSc3\tswap', ['Bd4', 'WFc3', 'WFSc3', 'swap']],
      [' BSy25 ', ['BSy25']],
    ],
    bad: ['', '   ', 'bcd4', 'BCz1', 'BCa0', 'BCa26', 'BXd4', 'BCd4x', 'Swap', 'BCd4, WCc3', 'd4'],
    expected: 'tokens',
  },
  arrows: {
    good: [['a1-c3', [['a1', 'c3']]], [' a1-c3, y25-a1 ', [['a1', 'c3'], ['y25', 'a1']]], ['', []]],
    bad: ['a1', 'a1-', 'a1-a1', 'a1-c3-e5', 'a0-b1', 'z1-a1', 'A1-b2', 'a1->b2'],
    expected: 'arrows',
  },
  labels: {
    good: [['a1:A', [['a1', 'A']]], ['c3:12 e5:xyz', [['c3', '12'], ['e5', 'xyz']]], ['', []]],
    bad: ['a1', 'a1:', 'a1:ABCD', 'a1:A:B', 'a1:<b>', 'z9:A', 'a1:Ä'],
    expected: 'labels',
  },
  shade: { good: [['a1 b1,c1', ['a1', 'b1', 'c1']], ['', []]], bad: ['a1 b', 'a26', 'a1-b1'], expected: 'points' },
  region: {
    good: [['a1-e5', 'a1-e5'], [' e5-a1 ', 'e5-a1'], ['c3-c3', 'c3-c3'], ['a1-y25', 'a1-y25']],
    bad: ['', 'a1', 'a1-', 'a1-e5-g7', 'a1 e5', 'a0-e5', 'a1-z5', 'A1-e5'],
    expected: 'region',
  },
  initialPly: { good: [['0', 0], ['3', 3], ['1000', 1000]], bad: ['', '-1', '1.5', '3 ', 'x', '12345'], expected: 'ply' },
  proof: { good: [['1', 1], ['7', 7], ['50', 50]], bad: ['', '0', '51', '3.5', ' 3', 'x'], expected: 'plies' },
  solution: { good: [['', ''], ['BFCa1 {Fills the board.} (BCb2?)', 'BFCa1 {Fills the board.} (BCb2?)']], bad: [] },
  caption: { good: [['', ''], ['A <i>caption</i>', 'A <i>caption</i>']], bad: [] },
  lang: { good: languages.map((l) => [l, l]), bad: ['', 'EN', 'en-US', 'de', ' en'], expected: 'lang' },
};
for (const name of BOOLEANS) {
  CASES[name] = {
    good: [['', true], ['true', true], ['false', false]],
    bad: ['TRUE', 'False', 'yes', 'no', '0', '1', 'on', name, ' true'],
    expected: 'boolean',
  };
}

test('the attributes are the config keys of embed.d.ts', () => {
  assert.deepEqual(Object.keys(ATTRIBUTES), NAMES);
  assert.deepEqual(Object.keys(CASES).sort(), [...NAMES].sort(), 'every attribute has cases here');
});

test('each attribute reads its good values', () => {
  for (const [name, { good }] of Object.entries(CASES)) {
    for (const [text, value] of good) {
      assert.deepEqual(ATTRIBUTES[name](text), value, `${name}=${JSON.stringify(text)}`);
      assert.deepEqual(read({ [attributeName(name)]: text })[name], value, `${name}=${JSON.stringify(text)} in a config`);
    }
  }
});

test('a bad value throws exactly { name, value, expected }', () => {
  for (const [name, { bad, expected }] of Object.entries(CASES)) {
    // The problem names the attribute as written: `initial-ply`.
    const attribute = attributeName(name);
    for (const value of bad) {
      assert.deepStrictEqual(thrown(() => ATTRIBUTES[name](value)), { name: attribute, value, expected }, `${name}=${value}`);
      assert.deepStrictEqual(
        thrown(() => read({ [attribute]: value })),
        { name: attribute, value, expected },
        `${attribute}=${value} in a config`,
      );
    }
  }
});

test('the first bad attribute (in the order of ATTRIBUTES) is the one reported', () => {
  assert.deepStrictEqual(thrown(() => read({ lang: 'xx', size: '1', pie: 'no' })), {
    name: 'size',
    value: '1',
    expected: 'size',
  });
});

test('an absent attribute reads as undefined, and withDefaults then gives its default', () => {
  const none = read({});
  assert.deepEqual(Object.keys(none), NAMES);
  for (const name of NAMES) assert.equal(none[name], undefined, name);
  const full = withDefaults(none);
  assert.deepStrictEqual(full, { ...DEFAULTS, mode: 'two-players', interactive: true });
  assert.deepStrictEqual(withDefaults({}), full);
  assert.equal(Object.isFrozen(DEFAULTS), true);
});

/** Each key of embed.d.ts's EmbedConfig with its doc comment, in order, the comment's ` * ` leaders gone. */
function documentedKeys() {
  const types = fs.readFileSync(new URL('../../js/embed.d.ts', import.meta.url), 'utf8');
  const body = /export interface EmbedConfig \{\n([\s\S]*?)\n\}/.exec(types)[1];
  return [...body.matchAll(/\/\*\*([\s\S]*?)\*\/\s*(\w+)\?:/g)].map(([, doc, name]) => ({
    name,
    doc: doc.replace(/\n\s*\*\s?/g, ' ').trim(),
  }));
}

test('embed.d.ts documents every attribute, each default as `@default` and exactly the defaults of DEFAULTS', () => {
  const keys = documentedKeys();
  assert.deepEqual(keys.map((k) => k.name), NAMES);
  const stated = {};
  for (const { name, doc } of keys) {
    const tag = /@default (.*)$/.exec(doc);
    if (tag) stated[name] = JSON.parse(tag[1]);
    // A default that depends on the rest is said in words, never as a value elsewhere in the text.
    else assert.doesNotMatch(doc.replaceAll('(default: ', ''), /default/, name);
  }
  assert.deepStrictEqual(stated, { ...DEFAULTS });
  const inWords = keys.filter((k) => k.doc.includes('(default: ')).map((k) => k.name);
  assert.deepEqual(inWords, ['mode', 'interactive', 'region', 'lang']);
  for (const name of inWords) assert.equal(Object.hasOwn(DEFAULTS, name), false, name);
});

test('embed.d.ts names the game keys as GAME_KEYS', () => {
  const types = fs.readFileSync(new URL('../../js/embed.d.ts', import.meta.url), 'utf8').replace(/\n\s*\*\s?/g, ' ');
  const named = /A game key \(([^)]*)\)/.exec(types)[1].split(', ');
  assert.deepEqual(named, [...GAME_KEYS]);
});

test('given values win over the defaults', () => {
  const config = read({ size: '13', level: 'master', ai: 'dark', hints: '', attackers: 'false', coordinates: 'false' });
  const full = withDefaults(config);
  assert.deepEqual(
    [full.size, full.level, full.ai, full.hints, full.attackers, full.coordinates, full.pie],
    [13, 'master', 'dark', true, false, false, true],
  );
  assert.equal(full.expect, undefined, 'a key without a default stays out');
  assert.equal('expect' in full, false);
});

test('a record without a mode is replayed, and replays, reviews and diagrams are not interactive', () => {
  assert.equal(withDefaults({ record: '9x9 BCe5' }).mode, 'replay');
  assert.equal(withDefaults({ record: '9x9 BCe5' }).interactive, false);
  assert.equal(withDefaults(read({ record: '9x9 BCe5' })).mode, 'replay');
  assert.equal(withDefaults({ record: '' }).mode, 'two-players', 'an empty record is none');
  assert.equal(withDefaults({ record: '9x9 BCe5', mode: 'play' }).mode, 'play');
  assert.equal(withDefaults({ position: 'sss/sCs/sss b' }).mode, 'two-players');
  const interactive = Object.fromEntries(MODES.map((mode) => [mode, withDefaults({ mode }).interactive]));
  assert.deepEqual(interactive, { play: true, 'two-players': true, replay: false, review: false, diagram: false, try: true, problem: true });
  assert.equal(withDefaults({ mode: 'diagram', interactive: true }).interactive, true, 'unless told otherwise');
  assert.equal(withDefaults({ mode: 'play', interactive: false }).interactive, false);
  assert.equal(withDefaults({ record: '9x9 BCe5', interactive: true }).interactive, true);
});

test('a game key changing starts a fresh game', () => {
  assert.deepEqual(GAME_KEYS, ['record', 'position', 'size', 'pie', 'mode', 'ai', 'solution', 'proof', 'initialPly']);
  const base = { size: 9, record: '9x9 BCe5', mode: 'play' };
  const changes = {
    record: { record: '9x9 BCe5 WSd4' },
    position: { position: 'sss/sCs/sss b' },
    size: { size: 11 },
    pie: { pie: false },
    mode: { mode: 'two-players' },
    ai: { ai: 'dark' },
    solution: { solution: 'BCe4' },
    proof: { proof: 3 },
    initialPly: { initialPly: 0 },
  };
  for (const [key, change] of Object.entries(changes)) {
    assert.equal(gameChanged(base, { ...base, ...change }), true, key);
    assert.equal(gameChanged({ ...base, ...change }, base), true, `${key} back`);
  }
  assert.equal(gameChanged({}, { record: '9x9 BCe5' }), true, 'a record added (and so a replay)');
  assert.equal(gameChanged({ record: '9x9 BCe5' }, {}), true, 'a record removed');
  assert.equal(gameChanged({ size: 9 }, { size: undefined, record: undefined, pie: false }), true);
});

test('a view key changing keeps the game', () => {
  const base = { size: 9, record: '9x9 BCe5', mode: 'play' };
  const changes = {
    highlight: { highlight: ['e5', 'c3'] },
    hints: { hints: true },
    attackers: { attackers: false },
    coordinates: { coordinates: false },
    caption: { caption: 'A caption' },
    lang: { lang: 'nl' },
    level: { level: 'master' },
    interactive: { interactive: false },
    region: { region: 'a1-c3' },
  };
  for (const [key, change] of Object.entries(changes)) {
    assert.equal(gameChanged(base, { ...base, ...change }), false, key);
    assert.equal(gameChanged({ ...base, ...change }, base), false, `${key} back`);
  }
  assert.equal(gameChanged(base, { ...base }), false, 'nothing');
  assert.equal(gameChanged(read({ highlight: 'e5' }), read({ highlight: 'e5' })), false, 'equal arrays read twice');
});

test('a key going from undefined to its default value keeps the game', () => {
  const defaults = { size: 9, pie: true, mode: 'two-players', ai: 'light', level: 'casual', hints: false };
  for (const [key, value] of Object.entries(defaults)) {
    assert.equal(gameChanged({}, { [key]: value }), false, key);
    assert.equal(gameChanged({ [key]: undefined }, { [key]: value }), false, `${key} from undefined`);
    assert.equal(gameChanged({ [key]: value }, { [key]: undefined }), false, `${key} to undefined`);
  }
  assert.equal(gameChanged({ record: '9x9 BCe5' }, { record: '9x9 BCe5', mode: 'replay' }), false, 'the default mode of a record');
  assert.equal(gameChanged(read({}), withDefaults(read({}))), false, 'a config and its filled-in copy');
});

test('a region reads from any two opposite corners as the columns and rows between them', () => {
  assert.deepEqual(parseRegion('a1-e5'), { c0: 0, r0: 0, c1: 4, r1: 4 });
  assert.deepEqual(parseRegion('e5-a1'), parseRegion('a1-e5'));
  assert.deepEqual(parseRegion('a5-e1'), parseRegion('a1-e5'));
  assert.deepEqual(parseRegion('g4-g4'), { c0: 6, r0: 3, c1: 6, r1: 3 });
  assert.equal(parseRegion('a1-e'), null);
});
