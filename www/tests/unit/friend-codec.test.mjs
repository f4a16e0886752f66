// Unit tests of js/friend/ (codec, signatures, replay) with the real
// engine and Node's WebCrypto: links round-trip over seeded random games
// on every size, a long game's link stays short, every refusal has its
// case, and thousands of changed characters and random texts are refused
// by name, never accepted as another game and never thrown as anything
// else.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { engine } from './glue.mjs';
import { random } from './random.mjs';

const wasm = await engine();
const { DAYS } = await import('../../js/engine/facts.js');
const { decodeLink, encodeLink, handoverBytes, hex, signedBytes } = await import('../../js/friends/codec.js');
const { handover, importPublic, signEvents, verifyLink } = await import('../../js/friends/sign.js');
const { replay } = await import('../../js/friends/replay.js');
const { linkOfText, moveCode, playCode, textOfLink } = await import('../../js/game/links.js');

const PAGE = 'https://example.org/federa/index.html';
const DAY = 86400;


const int = (next, n) => Math.floor(next() * n);
const randomBytes = (next, n) => Uint8Array.from({ length: n }, () => int(next, 256));
const bodyOf = (text) => new Uint8Array(Buffer.from(text, 'base64url'));
const textOf = (bytes) => Buffer.from(bytes).toString('base64url');

/** A name of 1 to 40 bytes, some of them not ASCII, spaces only inside. */
function randomName(next) {
  const chars = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.éüßøЖ漢字🙂  '];
  let name = '';
  for (let k = 1 + int(next, 24); k > 0; k--) {
    const c = chars[int(next, chars.length)];
    if (Buffer.byteLength(name + c) <= 40) name += c;
  }
  return name.trim() || 'x';
}

/** A key pair and its public key's 64 bytes. */
async function keyPair() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
  const key = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)).slice(1);
  return { privateKey: pair.privateKey, key };
}

/** A signer handing its identity over `length` times: the last key signs, with the chain. */
async function handedOver(first, length) {
  let current = first;
  const chain = [];
  for (let k = 0; k < length; k++) {
    const next = await keyPair();
    chain.push({ key: next.key, cert: await handover(current.privateKey, current.key, next.key) });
    current = next;
  }
  return { privateKey: current.privateKey, key: first.key, chain };
}

/** The error `f` throws, which must be a friend link's. */
function refusal(f) {
  try {
    f();
  } catch (e) {
    assert.equal(e?.kind, 'friendLink', `not a friend link's error: ${e?.stack ?? JSON.stringify(e)}`);
    return e;
  }
  assert.fail('no error');
}

/** A new link's header (no event, no signature). */
function header(next, { size, pie = true, inviterSeat = 'first', days = 0, inviter, guest = null }) {
  return { id: randomBytes(next, 12), size, pie, inviterSeat, days, created: 1_700_000_000 + int(next, 1e8), inviter, guest, events: [], sigs: [] };
}

/**
 * Random events that the rules allow, after `link`'s header: the join
 * (unless the guest is known; the inviter may move first), moves the
 * engine's own, take-back offers accepted or declined or dropped by a
 * move, and an end by resignation, a claim on time or a timeout, or none.
 */
function randomEvents(next, link, { plies, guest, verbs = 0.15, dt = () => 1 + int(next, 3600), end = true }) {
  const events = [];
  let time = link.created;
  const at = (seconds = dt()) => (time += seconds);
  let game = new wasm.GameHandle(link.size, link.pie);
  const standing = [];
  let joined = link.guest !== null;
  const toMove = () => {
    const { seats, toMove: color } = game.status();
    return seats[color] === link.inviterSeat ? 0 : 1;
  };
  const join = () => {
    events.push({ type: 'join', by: 1, name: guest.name, key: guest.key, time: at() });
    joined = true;
  };
  for (let k = 0; k < plies && !game.status().winner; k++) {
    if (!joined && (toMove() === 1 || next() < 0.5)) join();
    if (joined && next() < verbs) {
      const offerer = int(next, 2);
      if (standing.some((m) => m.by === offerer)) {
        events.push({ type: 'offer', by: offerer, time: at() });
        const answer = next();
        if (answer < 0.4) {
          events.push({ type: 'accept', by: 1 - offerer, time: at() });
          while (standing.pop().by !== offerer);
          game.free();
          game = new wasm.GameHandle(link.size, link.pie);
          for (const m of standing) playCode(game, link.size, m.code);
        } else if (answer < 0.7) events.push({ type: 'decline', by: 1 - offerer, time: at() });
      }
    }
    const legal = game.legalMoves();
    // Changes and the swap are rare among the legal moves: pick one often when there is one.
    const rare = legal.filter((m) => m.includes('F') || m === 'swap');
    const pool = rare.length && next() < 0.5 ? rare : legal;
    const by = toMove();
    game.play(pool[int(next, pool.length)]);
    const move = { type: 'move', by, code: moveCode(game.moveAt(game.moves().length - 1), link.size), time: at() };
    events.push(move);
    standing.push(move);
  }
  if (!joined && next() < 0.5) join();
  if (end && !game.status().winner && next() < 0.6) {
    // A claim by the player waiting, past the deadline; a live clock run out; or a resignation.
    const end = next();
    if (link.days && joined && end < 0.4) events.push({ type: 'claim', by: 1 - toMove(), time: at(link.days * DAY + int(next, DAY)) });
    else if (joined && end < 0.6) events.push({ type: 'timeout', by: toMove(), time: at() });
    else events.push({ type: 'resign', by: joined ? int(next, 2) : 0, time: at() });
  }
  const moves = game.moves();
  game.free();
  return { events, moves };
}

/** The link signed as the rules want: each player over the events up to their last, the inviter always. */
async function signAll(link, signers) {
  const sigs = [];
  for (const by of [0, 1]) {
    const last = link.events.findLastIndex((e) => e.by === by) + 1;
    if (by === 1 && last === 0) continue;
    const prefix = { ...link, events: link.events.slice(0, last), sigs: [] };
    const { privateKey, chain = [] } = signers[by];
    sigs.push(...(await signEvents(prefix, by, privateKey, chain)).sigs);
  }
  return { ...link, sigs };
}

/** Random bytes where signatures go: the codec does not look into them. */
function fakeSigs(next, link) {
  const players = [0, ...(link.events.some((e) => e.by === 1) ? [1] : [])];
  return players.map((by) => ({
    by,
    index: link.events.findLastIndex((e) => e.by === by) + 1,
    sig: randomBytes(next, 64),
    chain: Array.from({ length: int(next, 5) }, () => ({ key: randomBytes(next, 64), cert: randomBytes(next, 64) })),
  }));
}

/** A random link of `size`: its header's options, its events and fake signatures. */
function randomLink(next, size, plies = 1 + int(next, size * size)) {
  const identity = () => ({ name: randomName(next), key: randomBytes(next, 64) });
  const rematch = next() < 0.25;
  const link = header(next, {
    size,
    pie: next() < 0.7,
    inviterSeat: next() < 0.5 ? 'first' : 'second',
    days: DAYS[int(next, DAYS.length)],
    inviter: identity(),
    guest: rematch ? identity() : null,
  });
  const { events, moves } = randomEvents(next, link, { plies, guest: identity() });
  const full = { ...link, events };
  return { link: { ...full, sigs: fakeSigs(next, full) }, moves };
}

test('links round-trip, text and object, on every size with random legal games, verbs, joins, rematches and chains', () => {
  const seen = { links: 0, move: 0, change: 0, swap: 0, join: 0, offer: 0, accept: 0, decline: 0, resign: 0, timeout: 0, claim: 0, rematch: 0, chain: 0 };
  let longest = 0;
  for (let size = 2; size <= 25; size++) {
    for (let seed = 1; seed <= 3; seed++) {
      const next = random(size * 100 + seed);
      // The last seed of the big boards plays to the end: the longest games there are.
      const { link, moves } = randomLink(next, size, size >= 20 && seed === 3 ? Infinity : undefined);
      const text = encodeLink(link);
      const url = linkOfText(PAGE, text);
      assert.equal(textOfLink(new URL(url).hash), text);
      const back = decodeLink(textOfLink(new URL(url).hash));
      assert.deepEqual(back, link, `size ${size}, seed ${seed}`);
      assert.equal(encodeLink(back), text);
      // The events are the rules' own: the replay ends on the same moves.
      const played = replay(wasm, back);
      assert.deepEqual(played.game.moves(), moves, `size ${size}, seed ${seed}: the moves standing`);
      played.game.free();
      seen.links++;
      seen.rematch += link.guest ? 1 : 0;
      seen.chain += link.sigs.reduce((n, s) => n + s.chain.length, 0);
      for (const e of link.events) {
        seen[e.type]++;
        if (e.type === 'move' && e.code >= 1250) seen[e.code === 4095 ? 'swap' : 'change']++;
      }
      longest = Math.max(longest, link.events.length);
    }
  }
  for (const [what, n] of Object.entries(seen)) assert.ok(n > 3, `${what}: ${n}`);
  assert.ok(longest > 1000, `the longest game has ${longest} events`);
});

test('a 13×13 game of 220 moves, with real times, names and signatures, has a link of at most 2,000 characters', async (t) => {
  const next = random(2026);
  const [inviter, guest] = [await keyPair(), await keyPair()];
  const names = ['Annabel Lee-Whitmore', 'Bartholomew Quimby_2'];
  assert.deepEqual(names.map((n) => n.length), [20, 20]);
  let events;
  let link;
  for (let tries = 0; !events; tries++) {
    link = header(next, { size: 13, days: 3, inviter: { name: names[0], key: inviter.key } });
    const game = randomEvents(next, link, { plies: 220, guest: { name: names[1], key: guest.key }, verbs: 0, end: false, dt: () => 60 + int(next, 2 * DAY - 60) });
    if (game.moves.length === 220) events = game.events;
    assert.ok(tries < 50, 'a random game that lasts 220 moves');
  }
  const signed = await signAll({ ...link, events }, [inviter, guest]);
  assert.equal(await verifyLink(decodeLink(encodeLink(signed))), null);
  const url = linkOfText(PAGE, encodeLink(signed));
  t.diagnostic(`220 moves on 13×13: a link of ${url.length} characters`);
  assert.ok(url.length <= 2000, `${url.length} characters`);
  const played = replay(wasm, signed);
  assert.equal(played.game.moves().length, 220);
  assert.equal(played.deadline, played.turnSince + 3 * DAY);
  played.game.free();
});

/** Valid signed links of several kinds, for the mutations and the refusals. */
async function signedLinks() {
  const next = random(99);
  const [ann, bo] = [await keyPair(), await keyPair()];
  const guest = { name: 'Bo', key: bo.key };
  const invitation = header(next, { size: 9, days: 2, inviter: { name: 'Ann', key: ann.key } });
  const mid = { ...header(next, { size: 7, days: 1, inviterSeat: 'second', inviter: { name: 'Ann Ångström', key: ann.key } }) };
  mid.events = randomEvents(next, mid, { plies: 30, guest, verbs: 0.3, end: false }).events;
  let finished;
  for (let seed = 1; !finished; seed++) {
    const more = random(seed);
    const link = header(more, { size: 9, days: 7, inviter: { name: 'Ann', key: ann.key } });
    const game = randomEvents(more, link, { plies: Infinity, guest, verbs: 0.05 });
    if (game.events.some((e) => e.type === 'accept')) finished = { ...link, events: game.events };
  }
  const rematch = header(next, { size: 5, pie: false, inviter: { name: 'Ann', key: ann.key }, guest });
  rematch.events = randomEvents(next, rematch, { plies: 20, guest, verbs: 0.2 }).events;
  const [annOver, boOver] = [await handedOver(ann, 2), await handedOver(bo, 1)];
  return {
    ann,
    bo,
    links: {
      invitation: await signAll(invitation, [ann]),
      mid: await signAll(mid, [ann, bo]),
      finished: await signAll(finished, [ann, bo]),
      handedOver: await signAll(rematch, [annOver, boOver]),
    },
  };
}

const fixtures = signedLinks();

/** Decodes, verifies and replays a text: null when it is a game, else its problem. Anything else thrown fails. */
async function check(text) {
  let link;
  try {
    link = decodeLink(text);
  } catch (e) {
    assert.equal(e?.kind, 'friendLink', `decodeLink threw ${e?.stack ?? JSON.stringify(e)}`);
    return e;
  }
  const problem = await verifyLink(link);
  if (problem) return problem;
  try {
    replay(wasm, link).game.free();
  } catch (e) {
    assert.equal(e?.kind, 'friendLink', `replay threw ${e?.stack ?? JSON.stringify(e)}`);
    return e;
  }
  return null;
}

test('the signed links verify and replay', async () => {
  const { links } = await fixtures;
  for (const [name, link] of Object.entries(links)) {
    const text = encodeLink(link);
    assert.deepEqual(decodeLink(text), link, name);
    assert.equal(await check(text), null, name);
  }
  const done = replay(wasm, links.finished);
  assert.notEqual(done.result, null);
  assert.equal(done.toMove, null);
  assert.equal(done.deadline, null);
  done.game.free();
  assert.equal(links.handedOver.sigs.map((s) => s.chain.length).join(), '2,1');
});

test('thousands of single-character changes to signed links are each refused by name', async (t) => {
  const { links } = await fixtures;
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const next = random(5);
  const problems = {};
  let changes = 0;
  for (const [name, link] of Object.entries(links)) {
    const text = encodeLink(link);
    const original = bodyOf(text);
    // Each position changed to three other characters at random.
    for (let pass = 0; pass < 3; pass++) {
      for (let at = 0; at < text.length; at++) {
        const others = ALPHABET.replace(text[at], '');
        const changed = text.slice(0, at) + others[int(next, others.length)] + text.slice(at + 1);
        changes++;
        const problem = await check(changed);
        assert.ok(problem, `${name}: a change at ${at} was accepted as a game`);
        // Canonical texts: no other text reads as the same bytes.
        assert.ok(problem.problem === 'padding' || !Buffer.from(bodyOf(changed)).equals(Buffer.from(original)));
        problems[problem.problem] = (problems[problem.problem] ?? 0) + 1;
      }
    }
  }
  t.diagnostic(`${changes} changed characters, refused as ${JSON.stringify(problems)}`);
  assert.ok(changes >= 5000);
  for (const p of ['forged', 'truncated', 'padding', 'handover']) assert.ok(problems[p] > 0, p);
});

test('random texts and random bodies are refused by name, never thrown as anything else', async (t) => {
  const { links } = await fixtures;
  const valid = Object.values(links).map((l) => bodyOf(encodeLink(l)));
  const next = random(11);
  const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const problems = {};
  let count = 0;
  const decoded = [];
  const read = (text) => {
    count++;
    try {
      decoded.push(decodeLink(text));
    } catch (e) {
      assert.equal(e?.kind, 'friendLink', `decodeLink threw ${e?.stack ?? JSON.stringify(e)} for ${text}`);
      problems[e.problem] = (problems[e.problem] ?? 0) + 1;
    }
  };
  for (let k = 0; k < 8000; k++) {
    // Texts, mostly of the alphabet; a few characters outside it.
    const length = int(next, 400);
    let text = '';
    for (let c = 0; c < length; c++) text += next() < 0.002 ? String.fromCharCode(int(next, 0x3000)) : CHARS[int(next, 64)];
    read(text);
  }
  for (let k = 0; k < 8000; k++) {
    // Bodies of random bytes, the first mostly the version.
    const bytes = randomBytes(next, int(next, 300));
    if (bytes.length && next() < 0.8) bytes[0] = 1;
    read(textOf(bytes));
  }
  for (let k = 0; k < 8000; k++) {
    // A valid body cut, with random bytes after, or with a few bytes changed: deep in the structure.
    const body = valid[int(next, valid.length)];
    const bytes = next() < 0.5 ? Uint8Array.from([...body.slice(0, int(next, body.length)), ...randomBytes(next, int(next, 80))]) : body.slice();
    for (let n = 1 + int(next, 3); n > 0; n--) bytes[int(next, bytes.length)] = int(next, 256);
    read(textOf(bytes));
  }
  // What decodes is then verified and replayed: refusals by name there too.
  for (const link of decoded) {
    const problem = await verifyLink(link);
    if (problem) continue;
    try {
      replay(wasm, link).game.free();
    } catch (e) {
      assert.equal(e?.kind, 'friendLink', `replay threw ${e?.stack ?? JSON.stringify(e)}`);
    }
  }
  t.diagnostic(`${count} random inputs: ${decoded.length} decoded, the rest refused as ${JSON.stringify(problems)}`);
  assert.ok(count >= 20000);
  assert.ok(Object.keys(problems).length >= 12, Object.keys(problems).join());
});

test('the text: too long, outside the alphabet, padded or with stray bits, or cut', async () => {
  const { links } = await fixtures;
  const text = encodeLink(links.mid);
  assert.deepEqual(refusal(() => decodeLink('A'.repeat(16001))), { kind: 'friendLink', problem: 'tooLong', length: 16001 });
  assert.equal(refusal(() => decodeLink('A'.repeat(16000))).problem, 'version');
  assert.deepEqual(refusal(() => decodeLink(text.slice(0, 5) + '=' + text.slice(6))), { kind: 'friendLink', problem: 'alphabet', at: 5 });
  assert.equal(refusal(() => decodeLink(text + '==')).problem, 'alphabet');
  assert.equal(refusal(() => decodeLink(text.slice(0, 7) + '+' + text.slice(8))).at, 7);
  // One character more, or a last character with bits it cannot carry.
  assert.equal(refusal(() => decodeLink('AQAB' + 'A')).problem, 'padding');
  assert.equal(refusal(() => decodeLink('AB')).problem, 'padding');
  assert.equal(refusal(() => decodeLink('AQ')).problem, 'truncated');
  // Every cut of the body is 'truncated', where it ends.
  const body = bodyOf(text);
  for (let length = 0; length < body.length; length++) {
    const cut = refusal(() => decodeLink(textOf(body.slice(0, length))));
    assert.equal(cut.problem, 'truncated', `cut at ${length}`);
    assert.ok(cut.at <= length && typeof cut.what === 'string');
  }
  // Every cut of the text is refused too.
  for (let length = 0; length < text.length; length++) assert.match(refusal(() => decodeLink(text.slice(0, length))).problem, /^(truncated|padding)$/);
  assert.equal(textOfLink('#x=1'), null);
  assert.equal(textOfLink(''), null);
  assert.equal(linkOfText(PAGE + '#g=5.AA', 'AQ'), `${PAGE}#f=AQ`);
});

/** A body written by hand: bytes, numbers for single bytes. */
const bytesOf = (...parts) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'number' ? [p] : [...p])));
const KEY = new Uint8Array(64).fill(7);
const SIG = new Uint8Array(64).fill(9);
const ID = new Uint8Array(12).fill(1);
/** version 1, the id, size 5, pie on, created 0x65000000, inviter "Ann": 87 bytes. */
const HEAD = (flags = 1, size = 5) => bytesOf(1, ID, size, flags, [0x65, 0, 0, 0], 3, Buffer.from('Ann'), KEY);
const SIGS = bytesOf(1, 0, 0, SIG, 0);
const decodeBytes = (...parts) => decodeLink(textOf(bytesOf(...parts)));

test('the header: version, size, flags, time control, names', () => {
  const ok = decodeBytes(HEAD(), 0, SIGS);
  assert.deepEqual({ ...ok, id: hex(ok.id), inviter: ok.inviter.name }, {
    id: '010101010101010101010101', size: 5, pie: true, inviterSeat: 'first', days: 0, created: 0x65000000,
    inviter: 'Ann', guest: null, events: [], sigs: [{ by: 0, index: 0, sig: SIG, chain: [] }],
  });
  assert.deepEqual(decodeBytes(HEAD(2 | (6 << 2)), 0, SIGS).days, 14);
  assert.equal(decodeBytes(HEAD(2), 0, SIGS).inviterSeat, 'second');
  const bad = (head) => refusal(() => decodeBytes(head, 0, SIGS));
  assert.deepEqual(bad(bytesOf(2, HEAD().slice(1))), { kind: 'friendLink', problem: 'version', version: 2 });
  assert.deepEqual(bad(HEAD(1, 26)), { kind: 'friendLink', problem: 'size', size: 26 });
  assert.equal(bad(HEAD(1, 1)).problem, 'size');
  assert.deepEqual(bad(HEAD(0x41)), { kind: 'friendLink', problem: 'flags', flags: 0x41 });
  assert.equal(bad(HEAD(0x81)).problem, 'flags');
  assert.deepEqual(bad(HEAD(1 | (7 << 2))), { kind: 'friendLink', problem: 'timeControl', timeControl: 7 });
  // The guest's flag wants the guest's name and key after the inviter's.
  assert.deepEqual(bad(HEAD(32)), { kind: 'friendLink', problem: 'name', at: 87 });
  const named = (name) => refusal(() => decodeBytes(HEAD().slice(0, 19), name.length, name, KEY, 0, SIGS));
  for (const name of [[], new Uint8Array(41).fill(65), [0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [65, 10], [65, 0x7f], [32, 65], [65, 32], [0x41, 0xe2, 0x80]]) {
    assert.deepEqual(named(bytesOf(name)), { kind: 'friendLink', problem: 'name', at: 19 }, `name ${bytesOf(name)}`);
  }
  assert.equal(decodeBytes(HEAD().slice(0, 19), 40, new Uint8Array(40).fill(65), KEY, 0, SIGS).inviter.name, 'A'.repeat(40));
  assert.equal(decodeBytes(HEAD().slice(0, 19), 4, Buffer.from('🙂'), KEY, 0, SIGS).inviter.name, '🙂');
});

test('the events and signatures: varints, kinds, codes, joins, counts, trailing bytes', () => {
  const bad = (...parts) => refusal(() => decodeBytes(...parts));
  const resign = [0x20, 0];
  // Non-minimal, too long or too big varints.
  assert.deepEqual(bad(HEAD(), 0x80, 0, SIGS), { kind: 'friendLink', problem: 'varint', at: 87 });
  assert.equal(bad(HEAD(), 1, resign, 0x81, 0x80, 0x80, 0x80, 0x80, 0, SIGS).problem, 'varint');
  assert.equal(bad(HEAD(), 1, resign, 0xff, 0xff, 0xff, 0xff, 0x10, SIGS).problem, 'varint');
  assert.equal(decodeBytes(HEAD(), 1, resign, 0xff, 0xff, 0xff, 0xff, 0x0f, bytesOf(1, 0, 1, SIG, 0)).events[0].time, 0x65000000 + 2 ** 32 - 1);
  assert.equal(bad(HEAD(), 1, resign, 0x80).problem, 'truncated');
  // Kinds past the join, codes no move has, data on a verb.
  assert.deepEqual(bad(HEAD(), 1, [0xd0, 0], 0, SIGS), { kind: 'friendLink', problem: 'kind', index: 1, eventKind: 13 });
  assert.equal(bad(HEAD(), 1, [0xf0, 0], 0, SIGS).eventKind, 15);
  assert.deepEqual(bad(HEAD(), 1, [0x07, 0x53], 0, SIGS), { kind: 'friendLink', problem: 'garbled', index: 1 });
  // A resign marked 1 is a timeout; no other mark, and no mark on another verb.
  assert.deepEqual(decodeBytes(HEAD(), 1, [0x20, 1], 0, bytesOf(1, 0, 1, SIG, 0)).events[0], { type: 'timeout', by: 0, time: 0x65000000 });
  assert.deepEqual(bad(HEAD(), 1, [0x20, 2], 0, SIGS), { kind: 'friendLink', problem: 'garbled', index: 1 });
  assert.deepEqual(bad(HEAD(), 1, [0x40, 1], 0, SIGS), { kind: 'friendLink', problem: 'garbled', index: 1 });
  assert.equal(bad(HEAD(), 2, [0, 0], 0, [0x1f, 0xfe], 0, SIGS).index, 2);
  assert.equal(bad(HEAD(), 1, [0x30, 3], 0, SIGS).problem, 'garbled');
  assert.equal(bad(HEAD(), 1, [0xc0, 5], 0, SIGS).problem, 'garbled');
  const moves = decodeBytes(HEAD(), 3, [0x07, 0x52], 0, [0x1f, 0xff], 0, [0x04, 0xe2], 0, bytesOf(1, 0, 1, SIG, 0)).events;
  assert.deepEqual(moves.map((e) => [e.type, e.by, e.code]), [['move', 0, 1874], ['move', 1, 4095], ['move', 0, 1250]]);
  // One join, and none when the header has the guest.
  const join = bytesOf(0xc0, 0, 0, 2, Buffer.from('Bo'), KEY);
  assert.equal(decodeBytes(HEAD(), 1, join, 1, 1, 1, SIG, 0).events[0].name, 'Bo');
  assert.deepEqual(bad(HEAD(), 2, join, join, 0, SIGS), { kind: 'friendLink', problem: 'join', index: 2 });
  assert.deepEqual(bad(HEAD(33), 2, Buffer.from('Bo'), KEY, 1, join, 0, SIGS), { kind: 'friendLink', problem: 'join', index: 1 });
  // Signatures: at most two, one each, covering no more events than there are, chains of four.
  assert.deepEqual(bad(HEAD(), 0, 3), { kind: 'friendLink', problem: 'sigCount', count: 3 });
  assert.deepEqual(bad(HEAD(), 0, 2, 0, 0, SIG, 0, 0, 0, SIG, 0), { kind: 'friendLink', problem: 'sigDuplicate', by: 0 });
  assert.deepEqual(bad(HEAD(), 0, 1, 2, 0, SIG, 0), { kind: 'friendLink', problem: 'sigBy', by: 2 });
  assert.deepEqual(bad(HEAD(), 0, 1, 0, 1, SIG, 0), { kind: 'friendLink', problem: 'sigIndex', by: 0, index: 1 });
  assert.deepEqual(bad(HEAD(), 0, 1, 0, 0, SIG, 5), { kind: 'friendLink', problem: 'chainLength', by: 0, count: 5 });
  assert.equal(decodeBytes(HEAD(), 0, 1, 0, 0, SIG, 4, ...Array(8).fill(KEY)).sigs[0].chain.length, 4);
  assert.deepEqual(bad(HEAD(), 0, 1, 0, 0, SIG, 1, KEY), { kind: 'friendLink', problem: 'truncated', at: 88 + 68 + 64, what: 'certificate' });
  assert.deepEqual(bad(HEAD(), 0, SIGS, 0), { kind: 'friendLink', problem: 'trailing', at: 88 + 68 });
  assert.deepEqual(bad(HEAD(), 0), { kind: 'friendLink', problem: 'truncated', at: 88, what: 'signatures' });
});

test('encodeLink refuses a link it cannot write', async () => {
  const { links } = await fixtures;
  const { mid } = links;
  const field = (link) => refusal(() => encodeLink(link)).field;
  const events = mid.events.slice();
  events[3] = { ...events[3], time: events[2].time - 1 };
  assert.equal(field({ ...mid, events }), 'events[3].time');
  assert.equal(field({ ...mid, inviter: { ...mid.inviter, name: 'é'.repeat(21) } }), 'inviter.name');
  for (const name of ['', ' Ann', 'Ann\n', '\ud800']) assert.equal(field({ ...mid, inviter: { ...mid.inviter, name } }), 'inviter.name');
  assert.equal(field({ ...mid, inviter: { ...mid.inviter, key: KEY.slice(1) } }), 'inviter.key');
  assert.equal(field({ ...mid, size: 26 }), 'size');
  assert.equal(field({ ...mid, days: 4 }), 'days');
  assert.equal(field({ ...mid, id: ID.slice(1) }), 'id');
  assert.equal(field({ ...mid, created: -1 }), 'created');
  assert.equal(field({ ...mid, events: [...mid.events, { type: 'move', by: 0, code: 2000, time: 2e9 }] }), `events[${mid.events.length}]`);
  assert.equal(field({ ...mid, events: [...mid.events, { type: 'join', by: 1, name: 'Cy', key: KEY, time: 2e9 }] }), `events[${mid.events.length}]`);
  assert.equal(field({ ...mid, sigs: [...mid.sigs, mid.sigs[0]] }), 'sigs');
  assert.equal(field({ ...mid, sigs: [{ ...mid.sigs[0], index: mid.events.length + 1 }] }), 'sigs[0].index');
  assert.equal(field({ ...mid, sigs: [{ ...mid.sigs[0], chain: Array(5).fill({ key: KEY, cert: SIG }) }] }), 'sigs[0].chain');
});

/** The problem verifyLink finds, after a trip through the text. */
const verified = async (link) => verifyLink(decodeLink(encodeLink(link)));

test('signatures: changed moves and ids, wrong and missing signers, forgeries, handovers', async () => {
  const { ann, bo, links } = await fixtures;
  const { mid } = links;
  // A changed early placement (its shape): both signatures cover it; the inviter's is checked first.
  const at = mid.events.findIndex((e, k) => k > 2 && e.type === 'move' && e.code < 1250);
  const changed = mid.events.slice();
  changed[at] = { ...changed[at], code: changed[at].code ^ 1 };
  assert.deepEqual(await verified({ ...mid, events: changed }), { kind: 'friendLink', problem: 'forged', player: 0 });
  // A changed id, a changed time, a changed name.
  assert.equal((await verified({ ...mid, id: ID })).problem, 'forged');
  assert.equal((await verified({ ...mid, created: mid.created - 1 })).problem, 'forged');
  assert.equal((await verified({ ...mid, inviter: { ...mid.inviter, name: 'Eve' } })).problem, 'forged');
  // The last event changed: only its author's signature covers it.
  const last = mid.events.at(-1);
  const lastChanged = { ...mid, events: [...mid.events.slice(0, -1), { ...last, time: last.time + 1 }] };
  assert.deepEqual(await verified(lastChanged), { kind: 'friendLink', problem: 'forged', player: last.by });
  // A signature's bytes changed, or made by another key.
  const flipped = mid.sigs.map((s) => (s.by === 1 ? { ...s, sig: s.sig.map((b, k) => (k === 40 ? b ^ 1 : b)) } : s));
  assert.deepEqual(await verified({ ...mid, sigs: flipped }), { kind: 'friendLink', problem: 'forged', player: 1 });
  const eve = await keyPair();
  assert.deepEqual(await verified(await signEvents(mid, mid.events.at(-1).by, eve.privateKey)), { kind: 'friendLink', problem: 'forged', player: mid.events.at(-1).by });
  // A key that is no point of the curve verifies nothing; it does not throw.
  assert.equal((await verified({ ...mid, inviter: { ...mid.inviter, key: KEY } })).problem, 'forged');
  await assert.rejects(importPublic(KEY));
  // A missing signature: the guest's, then the inviter's.
  assert.deepEqual(await verified({ ...mid, sigs: mid.sigs.filter((s) => s.by === 0) }), {
    kind: 'friendLink', problem: 'unsigned', player: 1, index: mid.events.findIndex((e) => e.by === 1) + 1,
  });
  assert.deepEqual(await verified({ ...links.invitation, sigs: [] }), { kind: 'friendLink', problem: 'unsigned', player: 0, index: 0 });
  // A move passed off as the inviter's, signed by the guest: the inviter's signature does not cover it.
  const passedOff = { ...mid, events: [...mid.events, { type: 'move', by: 0, code: 0, time: last.time + 5 }] };
  assert.deepEqual(await verified(await signEvents(passedOff, 1, bo.privateKey)), {
    kind: 'friendLink', problem: 'unsigned', player: 0, index: passedOff.events.length,
  });
  // A signature that ends on the other player's event.
  const guestLast = { ...mid, events: [...mid.events, { type: 'resign', by: 1, time: last.time + 5 }] };
  const bothSign = await signEvents(await signEvents(guestLast, 1, bo.privateKey), 0, ann.privateKey);
  assert.deepEqual(await verified(bothSign), { kind: 'friendLink', problem: 'signer', player: 0, index: guestLast.events.length });
  // A guest's signature with no event of the guest's.
  const rematch = { ...links.invitation, guest: { name: 'Bo', key: bo.key } };
  assert.equal(await verified(await signEvents(rematch, 0, ann.privateKey)), null);
  assert.deepEqual(await verified(await signEvents(await signEvents(rematch, 0, ann.privateKey), 1, bo.privateKey)), {
    kind: 'friendLink', problem: 'signer', player: 1, index: 0,
  });
  // The guest's signature with no key of theirs: no join, no header's guest.
  const noJoin = { ...links.invitation, events: [{ type: 'resign', by: 1, time: links.invitation.created }] };
  assert.deepEqual(await verified(await signEvents(await signEvents(noJoin, 1, bo.privateKey), 0, ann.privateKey)), {
    kind: 'friendLink', problem: 'signer', player: 0, index: 1,
  });
  assert.deepEqual(await verified(await signEvents({ ...noJoin, sigs: links.invitation.sigs }, 1, bo.privateKey)), { kind: 'friendLink', problem: 'forged', player: 1 });
  // Handovers: a bad certificate, a chain cut, a signature by the old key.
  const { handedOver } = links;
  const badCert = handedOver.sigs.map((s) => (s.by === 0 ? { ...s, chain: [s.chain[0], { ...s.chain[1], cert: s.chain[0].cert }] } : s));
  assert.deepEqual(await verified({ ...handedOver, sigs: badCert }), { kind: 'friendLink', problem: 'handover', player: 0 });
  const cut = handedOver.sigs.map((s) => (s.by === 1 ? { ...s, chain: [] } : s));
  assert.deepEqual(await verified({ ...handedOver, sigs: cut }), { kind: 'friendLink', problem: 'forged', player: 1 });
  const swapped = handedOver.sigs.map((s) => (s.by === 0 ? { ...s, chain: s.chain.slice().reverse() } : s));
  assert.deepEqual(await verified({ ...handedOver, sigs: swapped }), { kind: 'friendLink', problem: 'handover', player: 0 });
  // The handover's message, as the doc has it.
  assert.equal(Buffer.from(handoverBytes(KEY, SIG)).toString('latin1'), 'federa-handover-v1\n' + '\x07'.repeat(64) + '\x09'.repeat(64));
  assert.equal(Buffer.from(signedBytes(links.invitation, 0).slice(0, 15)).toString(), 'federa-game-v1\n');
});

/** A joined game on `size` with the given events after the join (times one minute apart). */
async function game(events, { size = 5, days = 0, pie = true, inviterSeat = 'first' } = {}) {
  const { ann, bo } = await fixtures;
  const link = header(random(1), { size, days, pie, inviterSeat, inviter: { name: 'Ann', key: ann.key } });
  const all = [{ type: 'join', by: 1, name: 'Bo', key: bo.key }, ...events].map((e, k) => ({ time: link.created + 60 * (k + 1), ...e }));
  return { ...link, events: all };
}
const move = (by, code, time) => ({ type: 'move', by, code, ...(time === undefined ? {} : { time }) });
const verb = (type, by, time) => ({ type, by, ...(time === undefined ? {} : { time }) });
/** Replays, returning the result without the game (freed). */
function played(link) {
  const { game, ...rest } = replay(wasm, link);
  rest.moves = game.moves();
  game.free();
  return rest;
}
const replayed = (link) => refusal(() => replay(wasm, link));

test('replay: turns, joins, the engine’s refusals, a win by the rules', async () => {
  const { ann } = await fixtures;
  // A move for the player not to move, signed by that player: only the replay sees it.
  const twice = await signAll(await game([move(0, 0), move(0, 2)]), [ann, (await fixtures).bo]);
  assert.equal(await verified(twice), null);
  assert.deepEqual(replayed(twice), { kind: 'friendLink', problem: 'wrongPlayer', index: 3, player: 0, toMove: 1 });
  // The second seat moves first as Light? No: the first seat is Dark and moves first.
  assert.deepEqual(replayed(await game([move(0, 0)], { inviterSeat: 'second' })), { kind: 'friendLink', problem: 'wrongPlayer', index: 2, player: 0, toMove: 1 });
  // After a swap the first seat is Light, and to move again.
  assert.deepEqual(played(await game([move(0, 0), move(1, 4095), move(0, 2)])).moves, ['BCa1', 'swap', 'WCb1']);
  // The engine refuses: an occupied point, a swap with the pie rule off, a point off the board.
  const occupied = replayed(await game([move(0, 0), move(1, 1)]));
  assert.deepEqual([occupied.problem, occupied.index, typeof occupied.cause.kind], ['move', 3, 'string']);
  assert.equal(replayed(await game([move(0, 0), move(1, 4095)], { pie: false })).problem, 'move');
  assert.equal(replayed(await game([move(0, 2 * 25)])).cause.kind, 'offBoard');
  // A guest event before the join, and a move of the inviter's before it.
  const link = await game([]);
  assert.deepEqual(replayed({ ...link, events: [move(1, 0, link.created)] }), { kind: 'friendLink', problem: 'early', index: 1 });
  const before = played({ ...link, events: [move(0, 0, link.created + 1)] });
  assert.deepEqual([before.joined, before.toMove, before.turnSince], [false, 1, link.created + 1]);
  // A 3×3 game to its end: the engine's winner, by the rules; nothing after.
  const next = random(3);
  const small = await game([], { size: 3, days: 1, inviterSeat: 'second' });
  small.events = randomEvents(next, small, { plies: Infinity, guest: { name: 'Bo', key: KEY }, verbs: 0 }).events;
  const end = played(small);
  assert.deepEqual([end.toMove, end.deadline, end.offer], [null, null, null]);
  const w = new wasm.GameHandle(3, true);
  for (const t of end.moves) w.play(t);
  const { winner, seats } = w.status();
  w.free();
  assert.deepEqual(end.result, { winner: seats[winner] === 'second' ? 0 : 1, how: 'rules' });
  assert.deepEqual(replayed({ ...small, events: [...small.events, verb('resign', 0, 2e9)] }), { kind: 'friendLink', problem: 'afterEnd', index: small.events.length + 1 });
});

test('replay: take-backs of one and two plies, and their refusals', async () => {
  // The guest takes back the guest's own last move: one ply.
  const one = played(await game([move(0, 0), move(1, 2), verb('offer', 1), verb('accept', 0)]));
  assert.deepEqual([one.moves, one.toMove, one.offer], [['BCa1'], 1, null]);
  // The guest takes back after the inviter's answer: two plies.
  const two = played(await game([move(0, 0), move(1, 2), move(0, 4), verb('offer', 1), verb('accept', 0)]));
  assert.deepEqual([two.moves, two.toMove], [['BCa1'], 1]);
  // After a take-back, the turn starts at the acceptance.
  const link = await game([move(0, 0), move(1, 2), verb('offer', 1), verb('accept', 0)], { days: 1 });
  assert.equal(played(link).turnSince, link.events.at(-1).time);
  // Pending, declined, dropped by a move.
  assert.deepEqual(played(await game([move(0, 0), verb('offer', 0)])).offer, { by: 0 });
  assert.equal(played(await game([move(0, 0), verb('offer', 0), verb('decline', 1)])).offer, null);
  assert.equal(played(await game([move(0, 0), verb('offer', 0), move(1, 2)])).offer, null);
  // Refused: an offer with no move of the offerer's, a second offer, answers with no offer of the other's.
  assert.deepEqual(replayed(await game([move(0, 0), verb('offer', 1)])), { kind: 'friendLink', problem: 'offer', index: 3 });
  assert.equal(replayed(await game([move(0, 0), verb('offer', 0), verb('offer', 0)])).problem, 'offer');
  assert.deepEqual(replayed(await game([move(0, 0), verb('offer', 0), verb('accept', 0)])), { kind: 'friendLink', problem: 'accept', index: 4 });
  assert.deepEqual(replayed(await game([move(0, 0), verb('decline', 1)])), { kind: 'friendLink', problem: 'decline', index: 3 });
  assert.equal(replayed(await game([move(0, 0), verb('offer', 0), move(1, 2), verb('accept', 1)])).problem, 'accept');
});

test('replay: resignation and claims on time, before and after the deadline', async () => {
  const resigned = await game([move(0, 0), verb('resign', 1)]);
  assert.deepEqual(played(resigned).result, { winner: 0, how: 'resign' });
  assert.deepEqual(replayed({ ...resigned, events: [...resigned.events, move(1, 2, 2e9)] }), { kind: 'friendLink', problem: 'afterEnd', index: 4 });
  // The guest is to move after the inviter's move at `t`; the inviter may claim from t + 3 days.
  const base = await game([move(0, 0)], { days: 3 });
  const t = base.events.at(-1).time;
  const ongoing = played(base);
  assert.deepEqual([ongoing.turnSince, ongoing.deadline, ongoing.lastTime, ongoing.toMove], [t, t + 3 * DAY, t, 1]);
  const claim = (by, time, link = base) => ({ ...link, events: [...link.events, verb('claim', by, time)] });
  assert.deepEqual(replayed(claim(0, t + 3 * DAY - 1)), { kind: 'friendLink', problem: 'claim', index: 3, reason: 'early' });
  assert.deepEqual(played(claim(0, t + 3 * DAY)).result, { winner: 0, how: 'time' });
  assert.equal(replayed(claim(1, t + 9 * DAY)).reason, 'toMove');
  assert.equal(replayed(claim(0, t + 9 * DAY, await game([move(0, 0)]))).reason, 'noClock');
  // Before the join, no clock runs.
  const invited = { ...base, events: [move(0, 0, base.created)] };
  assert.equal(played(invited).deadline, null);
  assert.equal(replayed(claim(0, t + 9 * DAY, invited)).reason, 'notJoined');
  assert.equal(replayed(claim(1, t + 9 * DAY, claim(0, t + 3 * DAY))).problem, 'afterEnd');
});

test('replay: a timeout loses on time, and only the player to move\'s clock can run out', async () => {
  const base = await game([move(0, 0)]);
  const timeout = (by) => ({ ...base, events: [...base.events, verb('timeout', by)] });
  assert.deepEqual(played(timeout(1)).result, { winner: 0, how: 'time' });
  assert.deepEqual(replayed(timeout(0)), { kind: 'friendLink', problem: 'timeout', index: 3 });
});

test('the worked example of docs/friend-links.md verifies', async () => {
  const { readFile } = await import('node:fs/promises');
  const doc = await readFile(new URL('../../../docs/friend-links.md', import.meta.url), 'utf8');
  const link = decodeLink(textOfLink(new URL(/https:\S+#f=[\w-]{100,}/.exec(doc)[0]).hash));
  assert.equal(await verifyLink(link), null);
  const { game, toMove, deadline } = replay(wasm, link);
  assert.deepEqual([game.mainRecord(), toMove, deadline], ['3x3 BCb2 swap WSa3 BSa2', 0, 1767575100]);
  game.free();
  const message = signedBytes(link, 5);
  const shown = /signed message \(\d+ bytes\)[^]*?\n\n((?: {4}[0-9a-f]+\n)+)/.exec(doc)[1].replace(/\s/g, '');
  assert.equal(hex(message), shown);
  const digest = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', message)));
  assert.match(doc, new RegExp(`SHA-256 is \`${digest}\``));
});
