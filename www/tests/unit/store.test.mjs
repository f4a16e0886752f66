// Unit tests of js/lib/store.js (no browser): an entry that fails to read is
// copied under a new key, never over an earlier copy, before anything else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from './memory.mjs';
import { keepUnread, readEntry, writeEntry } from '../../js/lib/store.js';

const NOW = Date.UTC(2026, 11, 1, 9, 30);

test('a missing entry reads as null and a good one as its value', () => {
  assert.deepEqual(readEntry(memory(), 'k'), { value: null, text: null });
  assert.deepEqual(readEntry(memory({ k: '{"a":1}' }), 'k'), { value: { a: 1 }, text: '{"a":1}' });
  assert.deepEqual(readEntry(null, 'k'), { value: null, text: null });
});

test('text that is not JSON is kept under a backup key, exactly', () => {
  const storage = memory({ k: '{"size": 9,' });
  const { lost } = readEntry(storage, 'k');
  assert.equal(lost.key, 'k');
  assert.deepEqual(lost.reason, { kind: 'unreadable' });
  assert.equal(lost.text, '{"size": 9,');
  assert.match(lost.backup, /^k\.unread-\d{4}-\d\d-\d\dT/);
  assert.equal(storage.getItem(lost.backup), '{"size": 9,');
  assert.equal(storage.getItem('k'), '{"size": 9,', 'the entry itself is left for the caller');
});

test('a value the check refuses is kept with the check’s reason', () => {
  const storage = memory({ k: '[1]' });
  const { lost } = readEntry(storage, 'k', (v) => (Array.isArray(v) ? { kind: 'list' } : null));
  assert.deepEqual(lost.reason, { kind: 'list' });
  assert.equal(storage.getItem(lost.backup), '[1]');
});

test('a second copy at the same moment never replaces the first', () => {
  const storage = memory();
  const first = keepUnread(storage, 'k', 'one', null, NOW);
  const second = keepUnread(storage, 'k', 'two', null, NOW);
  const third = keepUnread(storage, 'k', 'three', null, NOW);
  assert.equal(first.backup, 'k.unread-2026-12-01T09:30:00.000Z');
  assert.equal(second.backup, 'k.unread-2026-12-01T09:30:00.000Z-2');
  assert.equal(third.backup, 'k.unread-2026-12-01T09:30:00.000Z-3');
  assert.deepEqual([...storage.map.values()], ['one', 'two', 'three']);
});

test('with no room for a copy the backup is null and nothing is written', () => {
  const storage = memory({ k: 'x' }, { room: 'old' });
  const { lost } = readEntry(storage, 'k');
  assert.equal(lost.backup, null);
  assert.deepEqual([...storage.map.keys()], ['k']);
});

test('writeEntry says whether the browser kept the value', () => {
  const storage = memory();
  assert.equal(writeEntry(storage, 'k', { a: 1 }), true);
  assert.equal(storage.getItem('k'), '{"a":1}');
  assert.equal(writeEntry(memory({}, { room: 'old' }), 'k', 1), false);
  assert.equal(writeEntry(null, 'k', 1), false);
});
