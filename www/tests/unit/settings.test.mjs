// Unit tests of js/game/settings.js (no browser): stored settings pass the check
// only if every known key holds one of its values; unknown and inherited
// keys are ignored, and what is not an object is unreadable.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { CHOICES, DEFAULTS, SIZES, settingsProblem } = await import('../../js/game/settings.js');
const { LEVELS } = await import('../../js/engine/facts.js');

/** Settings as the page stores them: through JSON. */
const stored = (value) => JSON.parse(JSON.stringify(value));

test('the defaults and every good value of each setting pass', () => {
  assert.equal(settingsProblem(DEFAULTS), null);
  assert.equal(settingsProblem(stored(DEFAULTS)), null);
  assert.equal(settingsProblem({}), null, 'a setting left out takes its default');
  assert.deepEqual(SIZES, [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
  for (const size of SIZES) assert.equal(settingsProblem({ ...DEFAULTS, size }), null, `size ${size}`);
  for (const name of ['pie', 'coordinates', 'hints']) {
    for (const v of [true, false]) assert.equal(settingsProblem({ ...DEFAULTS, [name]: v }), null, `${name} ${v}`);
  }
  assert.deepEqual(CHOICES.level, LEVELS);
  assert.deepEqual(CHOICES.thinkMs, [1000, 3000, 10000]);
  assert.equal(DEFAULTS.thinkMs, 1000);
  for (const [name, values] of Object.entries(CHOICES)) {
    for (const v of values) assert.equal(settingsProblem(stored({ ...DEFAULTS, [name]: v })), null, `${name} ${v}`);
  }
});

test('each bad value is named, with the value as JSON', () => {
  const bad = {
    size: [4, 22, 2, 25, 0, -13, 13.5, '13', null, true, [13], { n: 13 }],
    pie: ['true', 1, 0, null, 'yes'],
    coordinates: ['false', 0, null],
    hints: [1, 'false', []],
    opponent: ['robot', 'AI', '', null, 0],
    level: ['uct', 'random', 'Club', 3, null],
    aiSide: ['both', 'Light', true],
    pieceSet: ['modern', ''],
    shape: ['triangle', 'Round', 1],
    thinkMs: [2000, '1000', 0, -1000, 1000.5, null],
  };
  for (const [name, values] of Object.entries(bad)) {
    for (const v of values) {
      assert.deepStrictEqual(
        settingsProblem(stored({ ...DEFAULTS, [name]: v })),
        { kind: 'setting', name, value: JSON.stringify(v) },
        `${name} ${JSON.stringify(v)}`,
      );
    }
  }
  assert.deepStrictEqual(settingsProblem({ size: 9, level: 'uct' }), { kind: 'setting', name: 'level', value: '"uct"' });
  assert.deepStrictEqual(settingsProblem({ shape: 'round', pie: 'no' }), { kind: 'setting', name: 'pie', value: '"no"' });
});

test('the first bad key in the stored order is the one reported', () => {
  assert.deepStrictEqual(settingsProblem({ shape: 'hex', size: 3 }), { kind: 'setting', name: 'shape', value: '"hex"' });
  assert.deepStrictEqual(settingsProblem({ size: 3, shape: 'hex' }), { kind: 'setting', name: 'size', value: '3' });
});

test('what is not an object is unreadable', () => {
  for (const value of [null, undefined, 13, 'size', true, [], [DEFAULTS], () => DEFAULTS]) {
    assert.deepStrictEqual(settingsProblem(value), { kind: 'unreadable' }, String(value));
  }
});

test('keys every object inherits are not settings', () => {
  for (const name of ['toString', 'valueOf', 'constructor', 'hasOwnProperty', 'isPrototypeOf', '__proto__']) {
    const value = JSON.parse(`{"size": 13, ${JSON.stringify(name)}: "nonsense"}`);
    assert.ok(Object.hasOwn(value, name), `${name} is an own key`);
    assert.equal(settingsProblem(value), null, name);
  }
  assert.equal(settingsProblem(JSON.parse('{"__proto__": {"size": 3}}')), null, 'not read through a prototype');
  const bare = Object.assign(Object.create(null), { size: 13, level: 'club' });
  assert.equal(settingsProblem(bare), null, 'an object without a prototype');
  assert.deepStrictEqual(settingsProblem(Object.assign(Object.create(null), { size: 3 })), {
    kind: 'setting',
    name: 'size',
    value: '3',
  });
});

test('unknown keys are ignored', () => {
  assert.equal(settingsProblem({ ...DEFAULTS, theme: 'dark', volume: 11, size2: 'x' }), null);
  assert.equal(settingsProblem({ Size: 3, SHAPE: 'hex' }), null, 'keys are case-sensitive');
});
