// Unit tests of the game archive (js/game/archive.js) and the play page's
// snapshot in it (js/pages/play/persist.js), with the real engine and a fake
// storage: entries made, kept and listed; New game's fresh entry; rename,
// delete and its undo; the one game of earlier versions moved in without
// loss; links that open, continue or add a game without replacing any; the
// export's tags; and entries that do not read, kept and noted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from './memory.mjs';

import { engine } from './glue.mjs';

const wasm = await engine();
const { HUMANS, Session, againstAiAs } = await import('../../js/game/session.js');
const { Keeper } = await import('../../js/lib/store.js');
const { Archive, CURRENT_KEY, ENTRY_PREFIX, archiveTags } = await import('../../js/game/archive.js');
const { Persist } = await import('../../js/pages/play/persist.js');
const { GAME_KEY } = await import('../../js/pages/play/store.js');
const { encodeMoves } = await import('../../js/game/links.js');

/** The page's storage parts over `storage`, on a clock the test moves. */
function parts(storage = memory()) {
  const keeper = new Keeper(storage);
  let clock = Date.UTC(2026, 11, 2, 12);
  const archive = new Archive(keeper, () => (clock += 1000));
  const session = new Session({});
  const restored = [];
  const review = { find: () => null, restore: (...args) => restored.push(args) };
  const persist = new Persist({ engine: wasm, keeper, archive, review, session });
  return { storage, keeper, archive, session, persist, restored };
}

/** Plays `record` in the session as a new entry and saves it. */
function play(p, record, seats = HUMANS, level = 'club') {
  p.archive.begin();
  p.session.load(wasm.GameHandle.fromRecord(record, true), seats, level);
  p.persist.save();
  return p.archive.current;
}

const entryKeys = (storage) => [...storage.map.keys()].filter((k) => k.startsWith(ENTRY_PREFIX));

test('each game is an entry: New game begins another, the list survives a reload, and an empty game is not kept', () => {
  const p = parts();
  const first = play(p, '5x5 BCa1 WCb2 BCc3', againstAiAs('light'));
  const second = play(p, '7x7 BCd4');
  assert.notEqual(first, second);
  assert.equal(entryKeys(p.storage).length, 2);
  assert.deepEqual(p.archive.list().map((s) => s.id), [second, first], 'the one last saved first');
  // A reload: a new Archive over the same storage finds both, and the current one.
  const again = parts(p.storage);
  assert.equal(again.archive.current, second);
  const listed = again.archive.list();
  assert.deepEqual(listed.map((s) => [s.size, s.moves]), [[7, 1], [5, 3]]);
  assert.deepEqual(listed[1].players, { dark: 'human', light: 'ai' });
  // A new game with no move is dropped when another begins.
  again.archive.begin();
  again.session.load(new wasm.GameHandle(9, true), HUMANS, 'club');
  again.persist.save();
  assert.equal(entryKeys(p.storage).length, 3);
  again.archive.begin();
  assert.equal(entryKeys(p.storage).length, 2);
  assert.equal(JSON.parse(p.storage.getItem(CURRENT_KEY)), again.archive.current);
});

test('rename, delete and undo; the current game cannot be deleted from under the page', () => {
  const p = parts();
  const first = play(p, '5x5 BCa1 WCb2');
  play(p, '5x5 BCc3');
  p.archive.rename(first, '  Against Ann  ');
  assert.equal(parts(p.storage).archive.summaries.get(first).name, 'Against Ann', 'the name is kept, trimmed');
  const text = p.storage.getItem(ENTRY_PREFIX + first);
  const deleted = p.archive.remove(first);
  assert.equal(p.storage.getItem(ENTRY_PREFIX + first), null);
  assert.equal(p.archive.list().length, 1);
  assert.ok(p.archive.restore(deleted));
  assert.equal(p.storage.getItem(ENTRY_PREFIX + first), text, 'put back exactly');
  assert.equal(p.archive.list().length, 2);
  p.archive.rename(first, '');
  assert.equal(p.archive.summaries.get(first).name, null, 'an empty name takes it away');
});

test('the record’s tags: players, date, result and level where the record has none of its own', () => {
  const p = parts();
  // The AI moves first, the human swaps: at the end the human plays Dark, and Dark wins.
  const id = play(p, '3x3 BSc2 swap WCa1 BCc3 WSb1 BCb2 WCa2 BSb3 WCa3 BSc1 WFCb1 BFSb2 BFSa1', againstAiAs('dark'), 'strong');
  assert.deepEqual(archiveTags(p.archive.summaries.get(id)), [
    ['Dark', 'Human'],
    ['Light', 'AI strong'],
    ['Date', '2026.12.02'],
    ['Result', 'B'],
    ['Level', 'strong'],
  ]);
  const named = play(p, '[Dark "Ann"]\n[Date "2020.01.01"]\n5x5 BCa1', HUMANS);
  assert.deepEqual(archiveTags(p.archive.summaries.get(named)), [['Light', 'Human']]);
  const file = p.archive.exportAll((entry, tags) => {
    const g = wasm.GameHandle.fromRecord(entry.record, entry.pie !== false);
    for (const [k, v] of tags) g.setTag(k, v);
    return g.annotated();
  });
  const records = file.split('\n\n');
  assert.equal(records.length, 2);
  assert.match(records[0], /\[Dark "Human"\]\n\[Light "AI strong"\]\n\[Date "2026\.12\.02"\]\n/);
  assert.match(records[0], /\[Result "B"\]\n\[Level "strong"\]\n3x3 BSc2 swap/);
  assert.match(records[1], /^\[Dark "Ann"\]\n\[Date "2020\.01\.01"\]\n\[Light "Human"\]\n5x5 BCa1$/);
});

test('the game of an earlier version moves into the archive without loss, and stays put with no room', () => {
  const old = parts();
  old.session.load(wasm.GameHandle.fromRecord('5x5 BCa1 WCb2 BCc3', true), againstAiAs('light'), 'casual');
  old.session.jump(2);
  old.persist.save();
  const snapshot = old.storage.getItem(ENTRY_PREFIX + old.archive.current);
  const { id, kind, name, created, updated, ...legacy } = JSON.parse(snapshot);
  const text = JSON.stringify(legacy);

  const p = parts(memory({ [GAME_KEY]: text }));
  const { opened } = p.persist.open(null, 'novice');
  assert.deepEqual([opened.game.moves(), opened.game.status().ply, opened.level], [['BCa1', 'WCb2', 'BCc3'], 2, 'casual']);
  assert.deepEqual(opened.seats, againstAiAs('light'));
  assert.equal(p.storage.getItem(GAME_KEY), null, 'moved, not copied');
  const moved = JSON.parse(p.storage.getItem(ENTRY_PREFIX + p.archive.current));
  for (const [key, value] of Object.entries(legacy)) assert.deepEqual(moved[key], value, key);
  assert.equal(p.keeper.losses.length, 0);

  // A full browser: the old game stays where it was.
  const full = parts(memory({ [GAME_KEY]: text }, { room: 'old' }));
  assert.equal(full.persist.open(null, 'novice').opened, null);
  assert.equal(full.storage.getItem(GAME_KEY), text);
  // One that does not read is kept under a backup key and noted.
  const bad = parts(memory({ [GAME_KEY]: '{"record": "5x5 BCa1 BCb2"}' }));
  assert.equal(bad.persist.open(null, 'novice').opened, null);
  assert.equal(bad.keeper.losses.length, 1);
  assert.equal(bad.storage.getItem(bad.keeper.losses[0].backup), '{"record": "5x5 BCa1 BCb2"}');
  assert.equal(bad.storage.getItem(GAME_KEY), null);
});

test('a link the archive holds opens that entry quietly, a reply that continues it updates it, any other is a new entry', () => {
  const p = parts();
  const mine = play(p, '5x5 BCa1 WCb2 BCc3', againstAiAs('light'), 'club');
  const other = play(p, '7x7 BCd4');
  const before = entryKeys(p.storage).length;
  // Held: a link of the first game (fewer moves), while another is current.
  let { opened, linkError } = p.persist.open({ record: '5x5 BCa1 WCb2', pie: true }, 'novice');
  assert.equal(linkError, null);
  assert.equal(p.archive.current, mine);
  assert.deepEqual([opened.game.moves(), opened.game.status().ply], [['BCa1', 'WCb2'], 2]);
  assert.deepEqual(opened.seats, againstAiAs('light'));
  assert.equal(p.keeper.losses.length, 0, 'no note');
  p.session.load(opened.game, opened.seats, opened.level);
  // Continued: the reply's game takes the entry's place, the entry stays one.
  const reply = wasm.GameHandle.fromRecord('5x5 BCa1 WCb2 BCc3 WCd4', true);
  ({ opened } = p.persist.open({ size: 5, code: encodeMoves(wasm, reply), pie: true }, 'novice'));
  assert.equal(p.archive.current, mine);
  assert.deepEqual(opened.game.moves(), ['BCa1', 'WCb2', 'BCc3', 'WCd4']);
  assert.deepEqual(opened.seats, againstAiAs('light'));
  p.session.load(opened.game, opened.seats, opened.level);
  p.persist.save();
  assert.equal(entryKeys(p.storage).length, before);
  assert.equal(p.archive.summaries.get(mine).moves, 4);
  // Unknown: a new entry; nothing replaced, nothing noted.
  ({ opened } = p.persist.open({ record: '5x5 BCe5', pie: true }, 'novice'));
  assert.ok(![mine, other].includes(p.archive.current));
  assert.deepEqual(opened.seats, HUMANS);
  p.session.load(opened.game, opened.seats, opened.level);
  p.persist.save();
  assert.equal(entryKeys(p.storage).length, before + 1);
  assert.equal(p.keeper.losses.length, 0);
  // A bad link is named and changes nothing: the current game opens.
  const current = p.archive.current;
  const result = p.persist.open({ size: 5, code: 'AAA', pie: true }, 'novice');
  assert.equal(result.linkError.problem, 'length');
  assert.equal(p.archive.current, current);
  assert.deepEqual(result.opened.game.moves(), ['BCe5']);
  assert.equal(entryKeys(p.storage).length, before + 1);
});

test('an entry that does not read is kept under a backup key, noted, and leaves the list', () => {
  const good = parts();
  const id = play(good, '5x5 BCa1');
  const storage = memory({
    ...Object.fromEntries(good.storage.map),
    [ENTRY_PREFIX + 'zz1']: '{"id": "zz1", "created": 1, "record": "5x5 BCa1 BCb2"}',
    [ENTRY_PREFIX + 'zz2']: 'not json',
  });
  const p = parts(storage);
  assert.equal(p.keeper.losses.length, 1, 'not JSON: noted on reading the list');
  assert.deepEqual(p.archive.list().map((s) => s.id).sort(), [id, 'zz1'].sort());
  // Reopened, the record the engine refuses is kept and noted too.
  assert.equal(p.persist.reopen('zz1', 'club'), null);
  assert.equal(p.keeper.losses.length, 2);
  assert.deepEqual(p.archive.list().map((s) => s.id), [id]);
  for (const lost of p.keeper.losses) assert.equal(storage.getItem(lost.backup), lost.text);
  assert.equal(storage.getItem(p.keeper.losses[1].backup), '{"id": "zz1", "created": 1, "record": "5x5 BCa1 BCb2"}');
  assert.deepEqual(
    Object.values(p.persist.lostWords()).map((w) => w.lost),
    ['stored.gameLost', 'archive.lost', 'archive.lost'],
  );
});

test('a reply of moves only goes on from the stored game and keeps its comments; a set-up position with no move is kept', () => {
  const p = parts();
  const mine = play(p, '5x5 BCa1 WCb2');
  // The player comments on a move after sharing the game.
  p.session.current.jump(1);
  const annotated = wasm.GameHandle.fromText('5x5 BCa1 {my plan} WCb2!?', true);
  p.session.load(annotated, HUMANS, 'club');
  p.persist.save();
  const reply = wasm.GameHandle.fromRecord('5x5 BCa1 WCb2 BCc3', true);
  const { opened } = p.persist.open({ size: 5, code: encodeMoves(wasm, reply), pie: true }, 'novice');
  assert.equal(p.archive.current, mine);
  assert.equal(opened.game.annotated(), '5x5 BCa1 {my plan} WCb2!? BCc3');
  // A set-up position (its Position tag) with no move stays when another game begins.
  const setUp = play(p, '[Position "5/5/2C2/5/5 w"]\n5x5');
  p.archive.begin();
  assert.ok(p.archive.summaries.has(setUp));
});
