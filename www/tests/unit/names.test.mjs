// Unit tests of what a game by link can carry of a player's name
// (js/friends/names.js) and of names set apart in a sentence (i18n.js's
// isolate): an override inside a name turns nothing around outside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_NAME, nameProblem } from '../../js/friends/names.js';
import { createI18n, isolate } from '../../js/i18n/i18n.js';
import en from '../../js/i18n/catalogues/en.js';

test('a name fits a link in 40 bytes of UTF-8 with no control character', () => {
  assert.equal(MAX_NAME, 40);
  assert.equal(nameProblem('Alice'), null);
  assert.equal(nameProblem('名'.repeat(13)), null, '39 bytes');
  assert.equal(nameProblem('名'.repeat(14)), 'tooLong', '42 bytes, though 14 characters');
  assert.equal(nameProblem('a'.repeat(40)), null);
  assert.equal(nameProblem('a'.repeat(41)), 'tooLong');
  assert.equal(nameProblem('Al\tice'), 'control');
  assert.equal(nameProblem('Al\u007fice'), 'control');
  assert.equal(nameProblem(''), 'empty');
});

test('a name with right-to-left letters or bidirectional controls is isolated in a sentence; any other is left as it is', () => {
  const { t } = createI18n('en', en);
  const hostile = 'Eve\u202eexe.gnp';
  assert.equal(isolate(hostile), `\u2068${hostile}\u2069`);
  assert.equal(t('friend.sendTo', { name: hostile }), en['friend.sendTo'].replace('{name}', `\u2068${hostile}\u2069`));
  assert.equal(isolate('שרה'), '\u2068שרה\u2069');
  for (const plain of ['Bob', 'Борис', '名前', 'Zoë']) assert.equal(isolate(plain), plain);
  assert.equal(t('friend.sendTo', { name: 'Bob' }), en['friend.sendTo'].replace('{name}', 'Bob'));
});
