// @ts-check
// The link game shown on the play page and its live connection, in one
// owner (docs/friend-links.md; docs/play.md, Playing live). It signs the
// invitation, the join, each move and each verb with this browser's key;
// it checks every link received whole (check.js) and against the game kept
// under its id before anything is kept, replaying it once for both the
// facts and the game shown. It opens the connection (connection.js) for the
// game shown and closes it when the page leaves that game, answers a live
// invitation once its game is joined, receives each link that arrives over
// the connection as one opened by hand, and sends each link signed here.
// While connected with a time control the game has the page's clocks,
// started afresh by each connection, their counts sent with each link; only
// a loss on time is signed. No DOM and no words: the page gives it the
// engine, the archive and its ways to reopen an entry and to show a game,
// and listens to its events; the keys, the peer and the tabs' channel are
// given too (the page's by default), so that it runs under Node.
import { decodeLink, encodeLink, hex, signedBytes } from './codec.js';
import { signEvents, verifyLink } from './sign.js';
import { lastTime, replay } from './replay.js';
import { checkLink, guestOf, otherSeat, tagged } from './check.js';
import { identities, ownIdentity, sameBytes } from './identities.js';
import { LiveConnection } from './connection.js';
import { readMessage } from './peer.js';
import { LIVE, hashParam, linkOfText, moveCode } from '../game/links.js';
import { readClock } from '../game/clock.js';
import { Emitter } from '../lib/emitter.js';
import { isObject } from '../lib/objects.js';

/**
 * @typedef {import('./codec.js').FriendLink} FriendLink
 * @typedef {import('./codec.js').Event} Event
 * @typedef {import('./replay.js').Replay} Replay
 * @typedef {import('./identities.js').Identity} Identity
 * @typedef {import('./connection.js').PeerFactory} PeerFactory
 * @typedef {import('../engine/types.js').Game} Game
 * @typedef {import('../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../game/session.js').Seats} Seats
 * @typedef {import('../game/archive.js').Player} Player
 * @typedef {import('../game/archive.js').LinkFacts} LinkFacts
 * @typedef {{ link: FriendLink, facts: LinkFacts }} LinkGame the link game shown: its link, and its facts for this browser's player
 * @typedef {{ identities(): Promise<Identity[]>, ownIdentity(): Promise<Identity> }} IdentityStore
 * @typedef {{ list(): { id: string, kind: string }[], read(id: string): { value: any } | null, open(id: string): unknown }} Entries
 * the archive: its entries, one read, and a new one made the page's
 * @typedef {{ saved(): unknown, report(): { dark: number, light: number } | null,
 *   reconcile(reported: { dark: number, light: number }): void, on(event: 'ownFlag', fn: (detail: undefined) => void): () => void }} LiveClocks
 * the page's clocks, as a live game uses them
 * @typedef {{ postMessage(data: unknown): void, addEventListener(type: 'message', fn: (e: MessageEvent) => void): void }} Relay
 * @typedef {{ key: string, reason?: unknown, tone?: 'error' }} Note
 * words for the page to say: `key`, with `reason` (a problem) as its `reason` when given
 * @typedef {{ facts: LinkFacts | null, change: { save: boolean }, note: Note, theirMove: MoveInfo }} Events
 * facts: the link game shown is another, or moved on (null: none is), for
 * the page's entry to keep; change: what is shown changed (save: the game
 * on the board is as it was, and its entry is to be written again); note:
 * something to say
 */

/** The tabs' channel, where a page that opened an answer finds the page waiting for it. */
const CHANNEL = 'federa-live';

/** A link game's problem, as words.js words it. @param {string} problem @param {Record<string, unknown>} facts */
const refusal = (problem, facts = {}) => ({ kind: 'friendLink', problem, ...facts });

/**
 * The time of a new event: now, or the last event's if this clock is behind
 * (a link's times never go back).
 * @param {FriendLink} link
 * @param {number} now
 */
const stamp = (link, now) => Math.max(now, lastTime(link));

/** The other player. @param {Player} p @returns {Player} */
const other = (p) => (p === 0 ? 1 : 0);

/**
 * Whether two events are the same.
 * @param {Event} a
 * @param {Event} b
 */
function sameEvent(a, b) {
  if (a.type !== b.type || a.by !== b.by || a.time !== b.time) return false;
  if (a.type === 'move' && b.type === 'move') return a.code === b.code;
  if (a.type === 'join' && b.type === 'join') return a.name === b.name && sameBytes(a.key, b.key);
  return true;
}

/**
 * The archive's id of a link game.
 * @param {FriendLink} link
 */
export const entryId = (link) => 'f' + hex(link.id);

/**
 * The facts of `link` for `me`, from its replay.
 * @param {FriendLink} link
 * @param {Player | null} me
 * @param {Replay} state
 * @returns {LinkFacts}
 */
function factsOf(link, me, state) {
  const mySeat = me === null ? null : me === 0 ? link.inviterSeat : otherSeat(link.inviterSeat);
  /** @type {Seats} */
  const seats = mySeat === null ? { first: 'remote', second: 'remote' } : /** @type {Seats} */ ({ [mySeat]: 'human', [otherSeat(mySeat)]: 'remote' });
  const last = link.events[link.events.length - 1];
  return {
    text: encodeLink(link),
    me,
    id: entryId(link),
    size: link.size,
    days: link.days,
    names: [link.inviter.name, guestOf(link)?.name ?? null],
    seats,
    mySeat,
    toMove: state.toMove,
    deadline: state.deadline,
    lastTime: state.lastTime,
    lastBy: last ? last.by : null,
    result: state.result,
    offer: state.offer?.by ?? null,
    joined: state.joined,
    events: link.events.length,
  };
}

/** @extends {Emitter<Events>} */
export class LinkGameCtrl extends Emitter {
  /**
   * @param {{ engine: Engine, archive: Entries, reopen: (id: string) => void,
   *   show: (game: Game, seats: Seats, clock: unknown) => void, clocks: LiveClocks,
   *   address: () => string, stun: () => string, now?: () => number,
   *   identities?: IdentityStore, peer?: PeerFactory, relay?: Relay | null }} parts
   * reopen: makes the entry `id` the page's again, with what it keeps
   * beside the game (its review); show: plays a game on the page, with the
   * clocks' times kept (or null); address: the play page's address; stun: a
   * STUN server, or ''; now: the time in seconds; identities: this browser's
   * keys; peer: makes a live connection's peer; relay: the tabs' channel
   * (null for none)
   */
  constructor(parts) {
    super();
    this.parts = parts;
    this.now = parts.now ?? (() => Math.floor(Date.now() / 1000));
    this.keys = parts.identities ?? { identities, ownIdentity };
    /** @type {LinkGame | null} */
    this.linkGame = null;
    /** Signing one after another, in the order asked. */
    this.queue = Promise.resolve();
    /** Whether this owner is opening its game's entry: the page's leave that sets off is no leave of the link game. */
    this.opening = false;
    this.connection = new LiveConnection({ stun: parts.stun, peer: parts.peer });
    /** The entry id of the game the connection plays. @type {string | null} */
    this.liveGame = null;
    /** The connection's time control, or null for none. @type {import('../game/clock.js').ClockControl | null} */
    this.tc = null;
    /** The entry id of the game whose clocks run (a rematch's start afresh). @type {string | null} */
    this.clockGame = null;
    /** The entry id of a game arriving over the connection, while it is read. @type {string | null} */
    this.incoming = null;
    /** The messages read so far, one after another. @type {Promise<void>} */
    this.reading = Promise.resolve();
    /**
     * A live invitation opened before its game was joined, the entry id of
     * its game and its clocks (`[TimeControl]`, null for none): answered
     * once it is joined.
     * @type {{ id: string, offer: string, clock: string | null } | null}
     */
    this.pending = null;
    this.relay = parts.relay === undefined ? (typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null) : parts.relay;
    /** Answers this page relayed, waiting for the tab that takes one to say so, by game id. @type {Map<string, (taken: boolean) => void>} */
    this.relayed = new Map();
    this.relay?.addEventListener('message', (e) => {
      const { id, answer, taken } = e.data ?? {};
      if (typeof id !== 'string') return;
      if (taken) this.relayed.get(id)?.(true);
      else if (typeof answer === 'string' && this.waitsFor(id)) {
        this.relay?.postMessage({ id, taken: true });
        this.accept(answer);
      }
    });
    this.connection.on('open', () => {
      // The game again, now with its clocks.
      this.clockGame = null;
      if (this.tc) this.refresh();
      // Each side says where it stands: the newer link wins, as by hand.
      const current = this.linkGame;
      if (current) this.connection.send({ link: current.facts.text, clock: null });
    });
    this.connection.on('drop', () => {
      // By links, the game has no clocks.
      if (this.tc) this.refresh();
    });
    this.connection.on('message', (data) => this.receiveLive(data));
    this.connection.on('change', () => this.emit('change', { save: false }));
    parts.clocks.on('ownFlag', () => this.verb('timeout'));
  }

  /** The facts of the link game shown, or null. */
  get facts() {
    return this.linkGame?.facts ?? null;
  }

  /** The link of the game shown, as the page's address. */
  url() {
    return this.linkGame ? linkOfText(this.parts.address(), this.linkGame.facts.text) : '';
  }

  /** The link game shown, if this browser plays in it. */
  mine() {
    const current = this.linkGame;
    return current && current.facts.me !== null ? current : null;
  }

  /**
   * The player of `seat` in the link game shown (0 the inviter, 1 the
   * guest), or null when none is.
   * @param {'first' | 'second'} seat
   * @returns {Player | null}
   */
  playerOf(seat) {
    const current = this.linkGame;
    return current ? (seat === current.link.inviterSeat ? 0 : 1) : null;
  }

  /**
   * Begins a game: its invitation, signed, made the page's game.
   * @param {{ size: number, pie: boolean, color: 'dark' | 'light', name: string, days: number }} choice
   */
  async create({ size, pie, color, name, days }) {
    const me = await this.keys.ownIdentity();
    /** @type {FriendLink} */
    const link = {
      id: crypto.getRandomValues(new Uint8Array(12)),
      size,
      pie,
      inviterSeat: color === 'dark' ? 'first' : 'second',
      days: /** @type {FriendLink['days']} */ (days),
      created: this.now(),
      inviter: { name, key: me.root },
      guest: null,
      events: [],
      sigs: [],
    };
    this.show(await signEvents(link, 0, me.key, me.chain), 0, false);
  }

  /**
   * A rematch of the game shown: a new game between the same players, the
   * colours swapped, this browser's player inviting (the other's name and
   * key already in it, so the game starts at once).
   */
  async rematch() {
    const current = this.mine();
    if (!current) return;
    const { link, facts } = current;
    const me = /** @type {Player} */ (facts.me);
    const mine = me === 0 ? link.inviter : guestOf(link);
    const theirs = me === 0 ? guestOf(link) : link.inviter;
    const identity = await this.identity(me, link);
    if (!mine || !theirs || !identity) return;
    /** @type {FriendLink} */
    const next = {
      id: crypto.getRandomValues(new Uint8Array(12)),
      size: link.size,
      pie: link.pie,
      inviterSeat: otherSeat(/** @type {'first' | 'second'} */ (facts.mySeat)),
      days: link.days,
      created: this.now(),
      inviter: mine,
      guest: theirs,
      events: [],
      sigs: [],
    };
    const signed = await signEvents(next, 0, identity.key, identity.chain);
    // Sent before it is shown: the connection follows it to the new game.
    this.forward(encodeLink(signed), entryId(signed), entryId(link));
    this.show(signed, 0, false);
  }

  /**
   * The identity kept here that plays `player` in `link`, or null.
   * @param {Player} player
   * @param {FriendLink} link
   */
  async identity(player, link) {
    const key = player === 0 ? link.inviter.key : guestOf(link)?.key;
    if (!key) return null;
    return (await this.keys.identities()).find((i) => sameBytes(i.root, key)) ?? null;
  }

  /**
   * Which player this browser is in `link` (the first of its identities
   * the link names), or null.
   * @param {FriendLink} link
   * @returns {Promise<Player | null>}
   */
  async whoAmI(link) {
    for (const p of /** @type {Player[]} */ ([0, 1])) if (await this.identity(p, link)) return p;
    return null;
  }

  /**
   * The page opened with a link (`text`, its `f` parameter, from `hash`):
   * received (`receiveLink`), then its live parameters: an answer to this
   * browser's live invitation goes to the page waiting for it (this one,
   * or another tab's); a live invitation is answered once its game is
   * joined. Throws the link's first problem; nothing kept changes then.
   * @param {string} text
   * @param {string} hash
   */
  async receive(text, hash) {
    const [offer, answer] = [hashParam(hash, LIVE.offer), hashParam(hash, LIVE.answer)];
    const { older } = await this.receiveLink(text);
    const current = this.linkGame;
    if (answer) {
      if (this.waitsFor(current?.facts.id ?? null)) this.accept(answer);
      else this.emit('note', { key: (await this.relayAnswer(text, answer)) ? 'live.passed' : 'live.notWaiting' });
    } else if (offer && current) {
      this.pending = { id: current.facts.id, offer, clock: hashParam(hash, LIVE.clock) };
      if (current.facts.me === null) this.emit('note', { key: 'live.joinFirst' });
      else this.answerPending();
    } else if (older) this.emit('note', { key: 'friend.older' });
  }

  /**
   * A link received (opened, pasted, or over the connection): checked
   * whole before anything is kept, then made the page's game. Throws the
   * first problem (`kind: 'friendLink'`); nothing stored changes then. A
   * link older than the game stored under its id opens the stored game
   * (`older` says so).
   * @param {string} text the link's `f` parameter
   * @returns {Promise<{ older: boolean }>}
   */
  async receiveLink(text) {
    // The game shown, as it is shown: nothing to check again or to show anew.
    if (this.linkGame && text === this.linkGame.facts.text) return { older: false };
    let checked;
    try {
      checked = await checkLink(this.parts.engine, text);
    } catch (problem) {
      // A known game's signed moves under another id: say so.
      if (/** @type {any} */ (problem)?.problem === 'forged') {
        const link = decodeLink(text);
        if (!this.storedLink(entryId(link)) && (await this.knownUnder(link))) throw refusal('otherId');
      }
      throw problem;
    }
    const { link, state } = checked;
    const id = entryId(link);
    const stored = this.storedLink(id);
    /** The stored game, when the link is older or holds the same moves: it is the newer (it may hold more signatures). @type {FriendLink | null} */
    let newer = null;
    /** @type {Player | null} */
    let me;
    try {
      if (stored) {
        if (!sameBytes(signedBytes(stored, 0), signedBytes(link, 0))) throw refusal('header');
        const common = Math.min(stored.events.length, link.events.length);
        for (let k = 0; k < common; k++) {
          if (!sameEvent(stored.events[k], link.events[k])) throw refusal('changed', { index: k + 1 });
        }
        const sameMoves = link.events.length === stored.events.length && encodeLink(link) !== this.storedText(id);
        if (link.events.length < stored.events.length || sameMoves) newer = stored;
      }
      me = await this.whoAmI(newer ?? link);
    } catch (problem) {
      state.game.free();
      throw problem;
    }
    if (newer) {
      state.game.free();
      this.show(newer, me, true);
      return { older: link.events.length < newer.events.length };
    }
    this.show(link, me, Boolean(stored), state);
    return { older: false };
  }

  /**
   * A stored game whose players are `link`'s and under whose id `link`'s
   * signatures verify: the same moves, their id changed.
   * @param {FriendLink} link
   */
  async knownUnder(link) {
    for (const s of this.parts.archive.list()) {
      const stored = s.kind === 'friend' ? this.storedLink(s.id) : null;
      if (!stored || !sameBytes(stored.inviter.key, link.inviter.key)) continue;
      if ((await verifyLink({ ...link, id: stored.id })) === null) return stored;
    }
    return null;
  }

  /** @param {string} id */
  storedText(id) {
    const friend = this.parts.archive.read(id)?.value.friend;
    return isObject(friend) && typeof friend.text === 'string' ? friend.text : null;
  }

  /**
   * The link game stored under `id`, or null.
   * @param {string} id
   */
  storedLink(id) {
    const text = this.storedText(id);
    if (text === null) return null;
    try {
      return decodeLink(text);
    } catch {
      return null;
    }
  }

  /**
   * A stored link game made the page's game again: the link is the game,
   * so its moves are replayed from it (the record beside it may hold a
   * move whose signing did not finish). Null if it does not read.
   * @param {unknown} stored the entry's `friend`
   * @returns {{ game: Game, seats: Seats } | null}
   */
  adopt(stored) {
    const text = /** @type {any} */ (stored)?.text;
    const me = /** @type {any} */ (stored)?.me;
    try {
      const link = decodeLink(String(text));
      const state = replay(this.parts.engine, link);
      const facts = factsOf(link, me === 0 || me === 1 ? me : null, state);
      this.setLinkGame({ link, facts });
      return { game: tagged(state.game, link, state), seats: facts.seats };
    } catch {
      return null;
    }
  }

  /**
   * The one place the link game shown changes: a game other than the
   * connection's ends the connection (a rematch sent over it, or arriving
   * over it, does not), and a live invitation of another game is dropped.
   * @param {LinkGame | null} linkGame
   */
  setLinkGame(linkGame) {
    const id = linkGame?.facts.id ?? null;
    if (id === null || (id !== this.liveGame && id !== this.incoming)) this.close();
    if (this.pending && this.pending.id !== id) this.pending = null;
    this.linkGame = linkGame;
    this.emit('facts', linkGame?.facts ?? null);
  }

  /**
   * Makes `link` the page's game: its entry opened (its review kept), the
   * moves replayed (or their replay given), the players named in the
   * record's tags.
   * @param {FriendLink} link
   * @param {Player | null} me
   * @param {boolean} known whether an entry holds it already
   * @param {Replay} state
   */
  show(link, me, known, state = replay(this.parts.engine, link)) {
    const id = entryId(link);
    this.opening = true;
    try {
      if (known) this.parts.reopen(id);
      else this.parts.archive.open(id);
    } finally {
      this.opening = false;
    }
    const facts = factsOf(link, me, state);
    const shown = this.linkGame?.facts.id === facts.id ? this.linkGame.link.events.length : null;
    this.setLinkGame({ link, facts });
    const game = tagged(state.game, link, state);
    this.parts.show(game, facts.seats, this.clockOf(game));
    // The other player's move, arrived in this link: said in words, as the AI's are.
    const st = /** @type {import('../engine/types.js').Status} */ (game.status());
    const last = st.moves > 0 ? /** @type {MoveInfo | null} */ (game.moveAt(st.moves - 1)) : null;
    const arrived = shown !== null && link.events.length === shown + 1 ? link.events[shown] : null;
    if (arrived?.type === 'move' && st.ply === st.moves && last && facts.seats[st.seats[last.color]] === 'remote') {
      this.emit('theirMove', last);
    }
  }

  /** The game shown made the page's again (the connection's clocks came or went). */
  refresh() {
    const current = this.linkGame;
    if (current) this.show(current.link, current.facts.me, true);
  }

  /** Another game becomes the page's: no link game is shown, and no connection plays. */
  leave() {
    if (!this.opening) this.setLinkGame(null);
  }

  /**
   * Appends an event by this browser's player, signs the link and keeps
   * it. A move is already on the page's board; any other event (a
   * take-back) may change the moves, so the game is shown anew.
   * @param {(link: FriendLink, me: Player) => Event} make
   * @param {boolean} anew
   */
  append(make, anew) {
    const current = this.linkGame;
    if (!current || current.facts.me === null) return Promise.resolve();
    const me = current.facts.me;
    this.queue = this.queue
      .then(async () => {
        const identity = await this.identity(me, current.link);
        if (!identity) throw refusal('noKey');
        const link = { ...current.link, events: [...current.link.events, make(current.link, me)] };
        const signed = await signEvents(link, me, identity.key, identity.chain);
        if (this.linkGame !== current) return;
        // Replayed as a received link is, so that we never keep or send what the other side refuses.
        const state = replay(this.parts.engine, signed);
        if (anew) this.show(signed, me, true, state);
        else {
          const facts = factsOf(signed, me, state);
          state.game.free();
          this.setLinkGame({ link: signed, facts });
          this.emit('change', { save: true });
        }
        // Kept first: then sent.
        this.forward(encodeLink(signed), current.facts.id, current.facts.id);
      })
      .catch((e) => this.emit('note', { key: 'friend.failed', reason: e, tone: 'error' }));
    return this.queue;
  }

  /**
   * A move this browser's player made on the board.
   * @param {MoveInfo} move
   */
  onMove(move) {
    const size = this.linkGame?.link.size ?? 0;
    return this.append((link, by) => ({ type: 'move', by, code: moveCode(move, size), time: stamp(link, this.now()) }), false);
  }

  /**
   * Joins the game shown as its guest, under `name`; a live invitation of
   * it opened before is answered then.
   * @param {string} name
   */
  async join(name) {
    const current = this.linkGame;
    if (!current || current.facts.me !== null || current.facts.joined) return;
    const me = await this.keys.ownIdentity();
    const link = { ...current.link, events: [...current.link.events, /** @type {Event} */ ({ type: 'join', by: 1, name, key: me.root, time: stamp(current.link, this.now()) })] };
    const signed = await signEvents(link, 1, me.key, me.chain);
    if (this.linkGame !== current) return;
    this.show(signed, 1, true);
    this.forward(encodeLink(signed), current.facts.id, current.facts.id);
    this.answerPending();
  }

  /**
   * A verb of this browser's player.
   * @param {'resign' | 'timeout' | 'offer' | 'accept' | 'decline' | 'claim'} type
   */
  verb(type) {
    return this.append((link, by) => /** @type {Event} */ ({ type, by, time: stamp(link, this.now()) }), true);
  }

  /** What this browser's player may do now. @returns {import('./check.js').Verbs} */
  verbs() {
    const current = this.linkGame;
    const none = { resign: false, offer: false, answer: false, claim: false, rematch: false, remind: false };
    if (!current || current.facts.me === null) return none;
    const { facts } = current;
    const me = current.facts.me;
    const over = facts.result !== null;
    const playing = !over && facts.joined;
    const mine = current.link.events.some((e) => e.type === 'move' && e.by === me);
    return {
      resign: playing,
      offer: playing && facts.offer === null && mine,
      answer: playing && facts.offer === other(me),
      claim: playing && facts.toMove === other(me) && facts.deadline !== null && this.now() >= facts.deadline,
      rematch: over && facts.names[1] !== null,
      remind: playing && facts.deadline !== null,
    };
  }

  // ---- The live connection ----

  /** Where the connection stands, and the connection's time control (null for none). */
  live() {
    const { state, sent, problem } = this.connection;
    return { state, sent, problem, clock: this.tc };
  }

  /**
   * A new connection for the game shown, begun by `start` with the game's link.
   * @param {(link: string) => Promise<void>} start
   */
  connect(start) {
    const current = this.mine();
    if (!current) return Promise.resolve();
    this.liveGame = current.facts.id;
    return start(linkOfText(this.parts.address(), current.facts.text));
  }

  /**
   * This player offers a connection: the live invitation to send.
   * @param {string} clock the connection's `[TimeControl]` (one of CLOCKS), or '' for no clocks
   */
  host(clock) {
    this.tc = readClock(this.parts.engine, clock);
    const more = this.tc ? `&${LIVE.clock}=${encodeURIComponent(clock)}` : '';
    return this.connect((link) => this.connection.host(link, more));
  }

  /**
   * This player answers the other's live invitation (the game shown is its
   * game, joined): the answer to send back.
   * @param {string} offer
   * @param {string | null} clock the invitation's `[TimeControl]`, or null for no clocks
   */
  answer(offer, clock) {
    try {
      this.tc = clock === null ? null : readClock(this.parts.engine, clock);
    } catch {
      this.tc = null;
    }
    if (clock !== null && !this.tc) {
      this.connection.fail({ kind: 'liveCode', problem: 'clock' });
      return Promise.resolve();
    }
    return this.connect((link) => this.connection.answer(link, offer));
  }

  /** The live invitation opened before the join, answered if its game is shown and joined. */
  answerPending() {
    const pending = this.pending;
    const current = this.mine();
    if (!pending || !current || current.facts.id !== pending.id) return;
    this.pending = null;
    this.answer(pending.offer, pending.clock);
  }

  /**
   * The other player's answer, pasted (its code or its link) or relayed; a
   * wrong one is said, and the invitation stands.
   * @param {string} text
   */
  async accept(text) {
    try {
      await this.connection.accept(text);
    } catch (error) {
      this.emit('note', { key: 'live.failed', reason: error, tone: 'error' });
    }
  }

  /**
   * The clocks' times for `game` as it is made anew (a move arrived, a
   * take-back): connected with a time control, the game carries it, and
   * the clocks go on from where they stood (afresh for a new game); else
   * none.
   * @param {Game} game
   */
  clockOf(game) {
    const current = this.linkGame;
    if (this.connection.state !== 'open' || !this.tc || !current || (current.facts.id !== this.liveGame && current.facts.id !== this.incoming)) return null;
    game.setTimeControl(this.tc);
    const kept = this.clockGame === current.facts.id ? this.parts.clocks.saved() : null;
    this.clockGame = current.facts.id;
    return kept;
  }

  /**
   * Whether this page waits for the answer to its live invitation of the
   * game with entry id `id`.
   * @param {string | null} id
   */
  waitsFor(id) {
    return this.connection.state === 'offering' && id !== null && id === this.liveGame;
  }

  /**
   * A link opened here that carries an answer, for the page of this
   * browser that waits for it: resolves true once that page has taken it,
   * false when none has within a second.
   * @param {string} f the link's `f` text
   * @param {string} answer
   */
  relayAnswer(f, answer) {
    const relay = this.relay;
    if (!relay) return Promise.resolve(false);
    const id = entryId(decodeLink(f));
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), 1000);
      const done = (/** @type {boolean} */ taken) => {
        clearTimeout(timer);
        this.relayed.delete(id);
        resolve(taken);
      };
      this.relayed.set(id, done);
      relay.postMessage({ id, answer });
    });
  }

  /**
   * A link this browser's player signed: to the other page, if connected
   * for its game (or for the game a rematch follows, which it plays now).
   * @param {string} text
   * @param {string} id its game's entry id
   * @param {string} from the game it follows
   */
  forward(text, id, from) {
    if (this.connection.state !== 'open' || from !== this.liveGame) return;
    this.liveGame = id;
    // A new game's clocks start afresh: the old one's times are not its.
    this.connection.send({ link: text, clock: id === from ? this.parts.clocks.report() : null });
  }

  /**
   * What the other page sent: a link, checked as any link is.
   * @param {unknown} data
   */
  receiveLive(data) {
    // One after another, in the order they came: each is checked against the game as the last left it.
    this.reading = this.reading.then(() => this.readLive(data));
    return this.reading;
  }

  /** @param {unknown} data */
  async readLive(data) {
    try {
      const { link: text, clock } = readMessage(data);
      const link = decodeLink(text);
      const id = entryId(link);
      const same = id === this.liveGame;
      // Only this game, or once it is over a rematch between its two players.
      if (!same && !(this.linkGame?.facts.result && this.samePlayers(link))) throw { kind: 'liveMessage', problem: 'otherGame' };
      this.incoming = id;
      const { older } = await this.receiveLink(text);
      this.liveGame = id;
      // Counted against the game the link left (a rematch's clocks start
      // afresh), and only with a link that is not behind the game kept.
      if (same && clock && !older) this.parts.clocks.reconcile(clock);
    } catch (error) {
      this.emit('note', { key: 'live.refused', reason: error, tone: 'error' });
    } finally {
      this.incoming = null;
    }
  }

  /**
   * Whether `link`'s game is between the players of the game shown.
   * @param {FriendLink} link
   */
  samePlayers(link) {
    const current = this.linkGame;
    if (!current) return false;
    const keys = (/** @type {FriendLink} */ l) => [l.inviter.key, guestOf(l)?.key].map((k) => (k ? hex(k) : '')).sort().join();
    return keys(link) === keys(current.link);
  }

  /** Ends the connection. */
  close() {
    this.connection.close();
    this.liveGame = null;
  }
}
