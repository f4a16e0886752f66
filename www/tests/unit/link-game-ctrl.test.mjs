// Unit tests of the link game's owner (js/friends/link-game-ctrl.js) and of
// the play page's side of it (js/pages/play/link-games.js), under Node: the
// real engine, archive and snapshot over a fake storage, keys in memory, and
// fake WebRTC peers that reach each other within this process. A link
// received is replayed once; invitation, join, moves, take-back and
// resignation between two players; a live invitation opened before the join
// is answered by the join; the connection carries the moves, and leave()
// closes it (the owner's own opening of an entry does not); a render
// changes no state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from './memory.mjs';

import { engine } from './glue.mjs';

const wasm = await engine();
const { Session } = await import('../../js/game/session.js');
const { DEFAULTS, SettingsStore } = await import('../../js/game/settings.js');
const { Keeper } = await import('../../js/lib/store.js');
const { Archive } = await import('../../js/game/archive.js');
const { Persist } = await import('../../js/pages/play/persist.js');
const { Emitter } = await import('../../js/lib/emitter.js');
const { LinkGames } = await import('../../js/pages/play/link-games.js');
const { writeMessage } = await import('../../js/friends/peer.js');
const { hashParam } = await import('../../js/game/links.js');

/** Words as their key and facts, so a test reads what was said. */
const t = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key);

/** The page's address. */
const ADDRESS = 'https://federa.test/play/';

/** The link's `f` text of a link game's url. */
const fOf = (url) => hashParam(url.slice(url.indexOf('#')), 'f');

/** This browser's keys, kept in memory instead of IndexedDB. */
function keyStore() {
  const held = [];
  return {
    identities: async () => [...held],
    async ownIdentity() {
      if (!held.length) {
        const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify']);
        const root = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)).slice(1);
        held.push({ root, pub: root, key: pair.privateKey, chain: [], own: true });
      }
      return held[0];
    },
  };
}

/**
 * Fake WebRTC peers in one process: an offer's code reaches the peer that
 * answers it, the answer's the offerer, and then both channels open; a
 * message, an opening or a close reaches the other end a task later, as
 * over a network.
 */
function network() {
  const peers = [];
  const byCode = new Map();
  const inFlight = new Set();
  const later = (fn) => {
    const arrived = new Promise((resolve) =>
      setImmediate(() => {
        fn();
        resolve();
      }),
    );
    inFlight.add(arrived);
    arrived.then(() => inFlight.delete(arrived));
  };
  const factory = ({ onOpen, onMessage, onClose }) => {
    const peer = {
      other: null,
      closed: false,
      async offer() {
        const code = `offer${peers.indexOf(peer)}`;
        byCode.set(code, peer);
        return code;
      },
      async answer(code) {
        peer.other = byCode.get(code);
        peer.other.other = peer;
        const mine = `answer${peers.indexOf(peer)}`;
        byCode.set(mine, peer);
        return mine;
      },
      async accept(code) {
        if (!peer.other || byCode.get(code) !== peer.other) throw { kind: 'liveCode', problem: 'length', length: code.length };
        later(() => {
          for (const p of [peer, peer.other]) if (!p.closed) onOpenOf.get(p)();
        });
      },
      send(message) {
        const other = peer.other;
        later(() => {
          if (!other.closed) onMessageOf.get(other)(writeMessage(message));
        });
      },
      close() {
        if (peer.closed) return;
        peer.closed = true;
        const other = peer.other;
        if (other) later(() => !other.closed && onCloseOf.get(other)());
      },
    };
    onOpenOf.set(peer, onOpen);
    onMessageOf.set(peer, onMessage);
    onCloseOf.set(peer, onClose);
    peers.push(peer);
    return peer;
  };
  const onOpenOf = new Map();
  const onMessageOf = new Map();
  const onCloseOf = new Map();
  /** Waits until everything sent has arrived. */
  async function settled() {
    while (inFlight.size) await Promise.all(inFlight);
  }
  return { factory, peers, settled };
}

/**
 * The engine the owner is given, counting the games its replays begin
 * (each replay begins one, and one more for each take-back in the link).
 */
function countingEngine() {
  const count = { games: 0 };
  class GameHandle extends wasm.GameHandle {
    constructor(...args) {
      super(...args);
      count.games++;
    }
  }
  return { engine: { ...wasm, GameHandle }, count };
}

/**
 * A player's play page, as far as the link games go: the session, the
 * archive and the snapshot over a storage of its own, its keys, its clocks
 * (a fake: the counts another page sent, kept), and the page's side of the
 * link games wired as the page wires it. `now` is the time in seconds.
 */
function player(net, now = () => 1_800_000_000) {
  const storage = memory();
  const keeper = new Keeper(storage);
  const archive = new Archive(keeper);
  const session = new Session({});
  const persist = new Persist({ engine: wasm, keeper, archive, review: { find: () => null, restore() {} }, session });
  const said = [];
  const page = {
    session,
    settings: new SettingsStore({ ...DEFAULTS }, () => {}),
    t,
    say: (text, tone = 'info') => said.push([text, tone]),
    announce() {},
    redraw() {},
    save: () => persist.save(),
    name: (move) => move.token ?? String(move),
  };
  const reconciled = [];
  const clocks = Object.assign(new Emitter(), { saved: () => null, report: () => ({ dark: 1000, light: 2000 }), reconcile: (r) => reconciled.push(r) });
  const { engine: counted, count } = countingEngine();
  const links = new LinkGames(page, {
    engine: counted,
    archive,
    persist,
    clocks,
    show: (game, seats, level) => session.load(game, seats, level),
    copyText() {},
    command: (action) => () => action(),
    locale: () => 'en',
    services: { identities: keyStore(), peer: net.factory, relay: null, address: () => ADDRESS, now },
  });
  // As the page wires them: the snapshot written at each change, a move
  // here signed, and the link game left before another entry opens.
  session.on('change', () => persist.save());
  session.on('move', ({ move, by }) => {
    if (by === 'human' && session.remote()) links.onMove(move);
  });
  archive.on('leave', () => links.leave());
  return { links, session, archive, persist, storage, said, reconciled, clocks, count, ctrl: () => links.ctrl };
}

/** Plays the first legal move on `p`'s board and waits for it to be signed. */
async function move(p) {
  const token = p.session.current.legalMoves()[0];
  assert.ok(p.session.play(token), `${token} played`);
  await p.ctrl().queue;
}

/** `p` reads the link `url`, as opened in its page's address bar. */
const open = (p, url) => p.links.receive(fOf(url), url.slice(url.indexOf('#')));

/** Alice invites, Bob opens the invitation and joins, and Alice reads his join. */
async function pair(net) {
  const alice = player(net);
  const bob = player(net);
  await alice.links.create({ size: 5, pie: false, color: 'dark', name: 'Alice', days: 0 });
  await open(bob, alice.links.shown().url);
  await bob.ctrl().join('Bob');
  await open(alice, bob.links.shown().url);
  return { alice, bob };
}

test('a link received is replayed once, for its facts and for the game shown, and kept with the page\'s entry', async () => {
  const net = network();
  const alice = player(net);
  const bob = player(net);
  await alice.links.create({ size: 5, pie: false, color: 'dark', name: 'Alice', days: 0 });
  const invitation = alice.links.shown().url;
  assert.ok(invitation.startsWith(`${ADDRESS}#f=`));

  const before = bob.count.games;
  await open(bob, invitation);
  assert.equal(bob.count.games - before, 1, 'one replay of the link received');
  const facts = bob.links.shown();
  assert.equal(facts.text, fOf(invitation));
  assert.equal(facts.me, null, 'a visitor watches until they join');
  assert.deepEqual(bob.session.seats, { first: 'remote', second: 'remote' });
  // The entry keeps the link game's facts (persist.friend, from the owner's event).
  assert.equal(bob.persist.friend, bob.ctrl().facts);
  assert.equal(bob.archive.list()[0].kind, 'friend');
  assert.equal(bob.archive.list()[0].friend.text, facts.text);

  // The same link again: nothing to check or show anew.
  const again = bob.count.games;
  await open(bob, invitation);
  assert.equal(bob.count.games, again);

  // The join, signed here: one replay; Alice's reading of it: one.
  const joining = bob.count.games;
  await bob.ctrl().join('Bob');
  assert.equal(bob.count.games - joining, 1);
  const reading = alice.count.games;
  await open(alice, bob.links.shown().url);
  assert.equal(alice.count.games - reading, 1);
  assert.equal(alice.links.shown().joined, true);
});

test('invitation, join, moves both ways, a take-back asked and allowed, and a resignation', async () => {
  const net = network();
  const { alice, bob } = await pair(net);
  assert.equal(alice.links.seatName('first', true), 'friend.you {"name":"Alice"}');
  assert.equal(alice.links.seatName('second', false), 'Bob');
  assert.deepEqual(alice.session.seats, { first: 'human', second: 'remote' });
  assert.deepEqual(bob.session.seats, { first: 'remote', second: 'human' });
  assert.equal(bob.links.verbs().offer, false, 'nothing to take back before a move of one\'s own');

  await move(alice);
  const early = alice.links.shown().url;
  assert.equal(alice.links.shown().events, 2, 'the join and the move');
  assert.equal(alice.archive.list()[0].friend.events, 2, 'the entry written with the signed move');
  await open(bob, alice.links.shown().url);
  assert.equal(bob.session.status().moves, 1);
  await move(bob);
  await open(alice, bob.links.shown().url);
  assert.equal(alice.session.status().moves, 2);
  assert.equal(alice.links.shown().text, bob.links.shown().text);
  // Bob's move, arrived, is said in words on Alice's page; Bob's own page says nothing of it.
  const bobs = alice.session.current.moveAt(1);
  assert.equal(bobs.color, 'light');
  assert.deepEqual(alice.said.at(-1), [t('move.place', { color: 'color.light', piece: 'piece.' + bobs.piece, at: bobs.at }), 'info']);
  assert.notDeepEqual(bob.said.at(-1)?.[0], alice.said.at(-1)[0]);

  // Alice asks to take back her move; Bob allows it, which takes his back too.
  assert.equal(alice.links.verbs().offer, true);
  await alice.ctrl().verb('offer');
  await open(bob, alice.links.shown().url);
  assert.equal(bob.links.shown().offer, 0);
  assert.equal(bob.links.verbs().answer, true);
  await bob.ctrl().verb('accept');
  assert.equal(bob.session.status().moves, 0);
  await open(alice, bob.links.shown().url);
  assert.equal(alice.session.status().moves, 0);
  assert.equal(alice.links.shown().toMove, 0);

  await move(alice);
  await open(bob, alice.links.shown().url);
  assert.equal(bob.links.resign(), true);
  await bob.ctrl().queue;
  assert.deepEqual(bob.links.shown().result, { winner: 0, how: 'resign' });
  await open(alice, bob.links.shown().url);
  assert.deepEqual(alice.links.shown().result, { winner: 0, how: 'resign' });
  assert.equal(alice.session.current.tags().find(([k]) => k === 'Termination')?.[1], 'resign');
  assert.equal(alice.links.verbs().rematch, true);

  // An older link opens the game kept, and says so.
  const kept = bob.links.shown().text;
  await open(bob, early);
  assert.deepEqual(bob.said.at(-1), ['friend.older', 'info']);
  assert.equal(bob.links.shown().text, kept);
});

test('a live invitation opened before the join is answered when the join happens, not before', async () => {
  const net = network();
  const alice = player(net);
  const bob = player(net);
  await alice.links.create({ size: 5, pie: false, color: 'dark', name: 'Alice', days: 0 });
  // Alice connects before Bob has joined: her live invitation carries the game's link.
  await alice.ctrl().host('60+1');
  const invitation = alice.ctrl().live().sent;
  assert.match(invitation, /&live=offer\d+&clock=60%2B1$/);
  assert.equal(alice.ctrl().live().state, 'offering');

  await open(bob, invitation);
  assert.deepEqual(bob.said.at(-1), ['live.joinFirst', 'info']);
  assert.equal(bob.ctrl().live().state, 'idle', 'no answer before the join');
  assert.equal(net.peers.length, 1, 'only Alice\'s peer');

  await bob.ctrl().join('Bob');
  assert.equal(net.peers.length, 2, 'the join answers the invitation');
  await when(bob, (ctrl) => ctrl.live().state === 'answering' && ctrl.live().sent !== '');
  const answer = bob.ctrl().live().sent;
  assert.match(answer, /&answer=answer1$/);
  assert.equal(fOf(answer), bob.links.shown().text, 'the answer carries the game joined');
});

/** Resolves once `condition` holds of `p`'s owner: now, or at one of its changes. */
function when(p, condition) {
  return new Promise((resolve) => {
    if (condition(p.ctrl())) return resolve();
    const stop = p.ctrl().on('change', () => {
      if (!condition(p.ctrl())) return;
      stop();
      resolve();
    });
  });
}

/** Alice offers, Bob answers, Alice takes his answer: connected, both waited for. */
async function connect(net, alice, bob, clock = '') {
  await alice.ctrl().host(clock);
  await open(bob, alice.ctrl().live().sent);
  await when(bob, (ctrl) => ctrl.live().sent !== '');
  await alice.ctrl().accept(bob.ctrl().live().sent);
  await net.settled();
  await Promise.all([alice.ctrl().reading, bob.ctrl().reading]);
  assert.equal(alice.ctrl().live().state, 'open');
  assert.equal(bob.ctrl().live().state, 'open');
}

test('over the connection each move arrives by itself; leave() closes it, and the owner\'s own entries do not', async () => {
  const net = network();
  const { alice, bob } = await pair(net);
  await connect(net, alice, bob, '60+1');
  assert.match(alice.session.current.tags().find(([k]) => k === 'TimeControl')?.[1] ?? '', /^60\+1$/, 'connected with clocks, the game has them');

  await move(alice);
  await net.settled();
  await bob.ctrl().reading;
  assert.equal(bob.session.status().moves, 1, 'the move arrived');
  assert.equal(bob.links.shown().text, alice.links.shown().text);
  assert.deepEqual(bob.reconciled, [{ dark: 1000, light: 2000 }], 'with Alice\'s counts of the clocks');

  // A take-back shows the game anew: the owner reopens its own entry, and the connection stays.
  await move(bob);
  await net.settled();
  await alice.ctrl().reading;
  await alice.ctrl().verb('offer');
  await net.settled();
  await bob.ctrl().reading;
  await bob.ctrl().verb('accept');
  await net.settled();
  await alice.ctrl().reading;
  assert.equal(alice.session.status().moves, 0);
  assert.equal(alice.ctrl().live().state, 'open');

  // Bob's own clock runs out: the owner signs his loss on time, and it reaches Alice.
  await move(alice);
  await net.settled();
  await bob.ctrl().reading;
  bob.clocks.emit('ownFlag', undefined);
  await bob.ctrl().queue;
  await net.settled();
  await alice.ctrl().reading;
  assert.deepEqual(alice.links.shown().result, { winner: 0, how: 'time' });

  // A rematch sent over the connection: a new entry, the connection follows it.
  await alice.ctrl().rematch();
  await net.settled();
  await bob.ctrl().reading;
  assert.equal(bob.links.shown().text, alice.links.shown().text, 'the rematch arrived');
  assert.equal(alice.ctrl().live().state, 'open');
  assert.equal(bob.ctrl().live().state, 'open');

  // Alice's page opens another game: the link game is left, the connection closed, and Bob's page sees it drop.
  alice.archive.begin();
  assert.equal(alice.links.shown(), null);
  assert.equal(alice.persist.friend, null);
  assert.equal(alice.ctrl().live().state, 'idle');
  assert.equal(net.peers[0].closed, true);
  await net.settled();
  assert.equal(bob.ctrl().live().state, 'dropped');
  assert.equal(bob.links.shown().events, 0, 'Bob\'s game stays');
});

/** A fake element of the page: what the panels' renders set. */
function element() {
  return {
    hidden: true,
    textContent: '',
    value: '',
    classList: { toggle() {} },
    setAttribute() {},
    /** How often it was brought into view. */
    scrolled: 0,
    scrollIntoView() {
      this.scrolled += 1;
    },
  };
}

/** What the owner, the page's side and the storage hold: all a render could change. */
function state(p) {
  const ctrl = p.ctrl();
  return JSON.stringify({
    facts: ctrl.facts,
    live: ctrl.live(),
    pending: ctrl.pending,
    liveGame: ctrl.liveGame,
    friend: p.persist.friend,
    storage: [...p.storage.map.entries()],
    said: p.said,
    peer: ctrl.connection.peer && { closed: ctrl.connection.peer.closed },
  });
}

test('a render reads the state and draws: it answers no invitation and closes no connection', async () => {
  const elements = {};
  globalThis.document = { getElementById: (id) => (elements[id] ??= element()) };
  globalThis.navigator ??= {};
  // The frame a shown form waits for before it is scrolled into view, at once here.
  globalThis.requestAnimationFrame ??= (/** @type {() => void} */ draw) => draw();
  const net = network();
  const alice = player(net);
  const bob = player(net);
  await alice.links.create({ size: 5, pie: false, color: 'dark', name: 'Alice', days: 0 });
  await alice.ctrl().host('');
  await open(bob, alice.ctrl().live().sent);

  // Bob's page holds a live invitation he has not joined: drawn, it stays unanswered.
  const pending = state(bob);
  bob.links.render();
  assert.equal(state(bob), pending);
  assert.notEqual(bob.ctrl().pending, null);
  assert.equal(elements.friend.hidden, false);
  assert.equal(elements['friend-join'].hidden, false, 'the join form shown');
  assert.equal(elements['friend-join'].scrolled, 1, 'and brought into view as it appears');
  assert.equal(elements['live-clock'].value, '300+3', 'the clock choice shows the setting');

  // Connected: Alice's page, drawn, keeps it so; her panel says so.
  await bob.ctrl().join('Bob');
  await when(bob, (ctrl) => ctrl.live().sent !== '');
  await alice.ctrl().accept(bob.ctrl().live().sent);
  await net.settled();
  await Promise.all([alice.ctrl().reading, bob.ctrl().reading]);
  const connected = state(alice);
  alice.links.render();
  assert.equal(state(alice), connected);
  assert.equal(elements['live-status'].textContent, 'live.open {"name":"Bob"}');

  // With no link game held, the panel hides and nothing else happens.
  alice.archive.begin();
  const none = state(alice);
  alice.links.render();
  assert.equal(state(alice), none);
  assert.equal(elements.friend.hidden, true);
  delete globalThis.document;
});
