// Unit tests of js/game/links.js with the real engine: the compact code of a
// game's moves round-trips over seeded random legal games (placements,
// changes, swaps, every size), a 112-move game's link stays short, and a
// garbled, cut or illegal code is refused with its reason, making nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { random } from './random.mjs';
import en from '../../js/i18n/catalogues/en.js';

const wasm = await engine();
const { encodeMoves, fromLink, linkGame, linkOf, toLink } = await import('../../js/game/links.js');
const { createI18n } = await import('../../js/i18n/i18n.js');
const { describeError } = await import('../../js/i18n/words.js');

const i18n = createI18n('en', en);
const t = (key, params) => i18n.t(key, params);
const PAGE = 'https://example.org/federa/index.html';


/** A game of up to `plies` random legal moves, the engine's own. */
function randomGame(size, pie, plies, next) {
  const game = new wasm.GameHandle(size, pie);
  for (let k = 0; k < plies && !game.status().winner; k++) {
    const legal = game.legalMoves();
    // Changes and the swap are rare among the legal moves: pick one often when there is one.
    const rare = legal.filter((m) => m.includes('F') || m === 'swap');
    const pool = rare.length && next() < 0.5 ? rare : legal;
    game.play(pool[Math.floor(next() * pool.length)]);
  }
  return game;
}

/** The error `f` throws. */
function thrown(f) {
  try {
    f();
  } catch (e) {
    return e;
  }
  assert.fail('no error');
}

test('the compact code round-trips seeded random legal games on every size, through the link', () => {
  const kinds = { place: 0, change: 0, swap: 0 };
  for (let seed = 1; seed <= 60; seed++) {
    const next = random(seed);
    const size = 2 + Math.floor(next() * 24);
    const pie = next() < 0.7;
    const game = randomGame(size, pie, 1 + Math.floor(next() * 3 * size * size), next);
    const link = linkOf(wasm, game);
    assert.ok('code' in link, `seed ${seed}: a plain game gets the compact form`);
    assert.equal(link.code.length, 2 * game.moves().length, `seed ${seed}: two characters a move`);
    const url = toLink(PAGE, link);
    assert.match(url, /#g=\d+\.[A-Za-z0-9_-]*(&pie=0)?$/);
    const back = linkGame(wasm, fromLink(new URL(url).hash));
    assert.deepEqual(back.moves(), game.moves(), `seed ${seed}: the same moves`);
    assert.equal(back.mainRecord(), game.mainRecord());
    assert.equal(back.status().pie, pie);
    for (let ply = 0; ply < game.moves().length; ply++) kinds[game.moveAt(ply).kind]++;
    back.free();
    game.free();
  }
  assert.ok(kinds.change > 20 && kinds.swap > 5 && kinds.place > 1000, `every kind of move was coded: ${JSON.stringify(kinds)}`);
});

test('a 112-move game’s link is under 300 characters, and a review or variation keeps the record form', () => {
  const next = random(7);
  let game;
  for (let tries = 0; !game; tries++) {
    const g = randomGame(13, true, 112, next);
    if (g.moves().length === 112) game = g;
    else g.free();
    assert.ok(tries < 50, 'a random game that lasts 112 moves');
  }
  const url = toLink('http://127.0.0.1:8080/federa/index.html', linkOf(wasm, game));
  assert.ok(url.length < 300, `${url.length} characters`);
  const record = toLink(PAGE, { record: game.annotated(), pie: true });
  assert.ok(record.length > 2 * url.length, `the record form is ${record.length} characters`);
  // With a variation, only the record form keeps the whole tree.
  game.jump(111);
  game.play(game.legalMoves().find((m) => m !== game.moves()[111]) ?? game.legalMoves()[0]);
  const annotated = linkOf(wasm, game);
  assert.ok('record' in annotated);
  assert.equal(linkGame(wasm, fromLink(new URL(toLink(PAGE, annotated)).hash)).annotated(), game.annotated());
  // So does a set-up start.
  const setUp = wasm.GameHandle.fromPosition('3/3/3 w 4', true);
  assert.ok('record' in linkOf(wasm, setUp));
});

test('fromLink reads both forms and the pie flag; a hash with neither is no game', () => {
  assert.deepEqual(fromLink('#g=9.AAAC&pie=0'), { size: 9, code: 'AAAC', pie: false });
  assert.deepEqual(fromLink('g=13.'), { size: 13, code: '', pie: true });
  assert.deepEqual(fromLink('#r=5x5%20BCc3'), { record: '5x5 BCc3', pie: true });
  assert.equal(fromLink('#x=1'), null);
  assert.equal(fromLink(''), null);
  assert.equal(encodeMoves(wasm, wasm.GameHandle.fromRecord('5x5 BCa1 swap', true)), 'AA__');
});

test('a garbled, cut or illegal code is refused with its reason, and nothing is made', () => {
  const read = (hash) => thrown(() => linkGame(wasm, fromLink(hash)));
  const cut = read('#g=5.AAA');
  assert.deepEqual([cut.kind, cut.problem, cut.count], ['link', 'length', 3]);
  assert.equal(describeError(t, cut), 'The link’s code is 3 characters long, but each move takes two: the link is cut short or garbled.');
  const garbled = read('#g=5.AAA*');
  assert.deepEqual([garbled.problem, garbled.index, garbled.text], ['garbled', 2, 'A*']);
  assert.equal(describeError(t, garbled), 'Move 2 of the link’s code, “A*”, is not a move of the code.');
  // Above every change's code and below the swap's: no move.
  assert.equal(read('#g=5._-').problem, 'garbled');
  // Point 30 of a 5×5 board is off it; the engine says so.
  const off = read('#g=5.A8');
  assert.deepEqual([off.problem, off.index, off.cause.kind], ['move', 1, 'offBoard']);
  assert.equal(describeError(t, off), 'Move 1 of the link cannot be played: That point is not on the 5 × 5 board.');
  // A swap as the first move, a swap with the pie rule off, a point taken twice.
  assert.equal(read('#g=5.__').cause.kind !== undefined, true);
  assert.equal(read('#g=5.AA__&pie=0').index, 2);
  const twice = read('#g=5.AAAA');
  assert.equal(twice.index, 2);
  assert.match(describeError(t, twice), /^Move 2 of the link cannot be played: /);
  // A size the engine does not have, or none.
  assert.match(describeError(t, read('#g=99.AA')), /Board sizes go from 2 to 25/);
  assert.match(describeError(t, read('#g=AAAA')), /Board sizes go from 2 to 25/);
});
