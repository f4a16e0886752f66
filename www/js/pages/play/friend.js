// @ts-check
// A game with a friend elsewhere, carried by links (docs/friend-links.md):
// the invitation, the join, each move and each verb (resign, take-back,
// a claim of a win on time) appended to the link and signed with this
// browser's key (friend/keys.js), and every link received checked before
// anything is kept: its text and structure (friend/codec.js), its
// signatures (friend/sign.js), its moves replayed through the engine
// (friend/replay.js), and against the game stored under its id. The play
// page loads this part only when a link game is opened or begun.
import { decodeLink, encodeLink, hex, signedBytes } from '../../friends/codec.js';
import { signEvents, verifyLink } from '../../friends/sign.js';
import { lastTime, replay } from '../../friends/replay.js';
import { checkLink, guestOf, otherSeat, tagged } from '../../friends/check.js';
import { identities, ownIdentity, sameBytes } from '../../friends/identities.js';
import { linkOfText, moveCode } from '../../game/links.js';
import { drawQr, reminder, renderFriend } from '../../panels/friend.js';
import { opponentName } from '../../panels/friend-status.js';
import { saveFile } from '../../lib/save-file.js';
import { isObject } from '../../lib/objects.js';
import { describeError } from '../../i18n/words.js';

/**
 * @typedef {import('../../friends/codec.js').FriendLink} FriendLink
 * @typedef {import('../../friends/codec.js').Event} Event
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../game/session.js').Seats} Seats
 * @typedef {import('../../engine/engine.js').Engine} Engine
 * @typedef {import('../../game/archive.js').Player} Player
 * @typedef {import('../../game/archive.js').LinkFacts} Facts
 */

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

export class Friends {
  /**
   * @param {import('./page.js').Page} page
   * @param {{ engine: Engine, archive: import('../../game/archive.js').Archive, persist: import('./persist.js').Persist,
   *   open: (game: Game, seats: Seats) => void, address: () => string, now?: () => number }} parts
   * open: plays a game on the page; address: the play page's address; now:
   * the time in seconds
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    this.now = parts.now ?? (() => Math.floor(Date.now() / 1000));
    /** The link game shown, or null. @type {{ link: FriendLink, facts: Facts } | null} */
    this.held = null;
    /** Signing one after another, in the order asked. */
    this.queue = Promise.resolve();
    /**
     * Called with each link this browser's player signs (a move, a verb, a
     * join or a rematch), the entry id of its game and of the game it
     * follows (another for a rematch): once it is kept, but a rematch's
     * before it is shown (the connection follows it to the new game).
     * @type {(text: string, id: string, from: string) => void}
     */
    this.onSigned = () => {};
  }

  /** The link of the game shown, as the page's address. */
  url() {
    return this.held ? linkOfText(this.parts.address(), this.held.facts.text) : '';
  }

  /**
   * Begins a game: its invitation, signed, made the page's game.
   * @param {{ size: number, pie: boolean, color: 'dark' | 'light', name: string, days: number }} choice
   */
  async create({ size, pie, color, name, days }) {
    const me = await ownIdentity();
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
    await this.show(await signEvents(link, 0, me.key, me.chain), 0, false);
  }

  /**
   * A rematch of the game shown: a new game between the same players, the
   * colours swapped, this browser's player inviting (the other's name and
   * key already in it, so the game starts at once).
   */
  async rematch() {
    const held = this.held;
    if (!held || held.facts.me === null) return;
    const { link, facts } = held;
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
    this.onSigned(encodeLink(signed), entryId(signed), entryId(link));
    await this.show(signed, 0, false);
  }

  /**
   * The identity kept here that plays `player` in `link`, or null.
   * @param {Player} player
   * @param {FriendLink} link
   */
  async identity(player, link) {
    const key = player === 0 ? link.inviter.key : guestOf(link)?.key;
    if (!key) return null;
    return (await identities()).find((i) => sameBytes(i.root, key)) ?? null;
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
   * A link received (the page's address, or pasted): checked whole before
   * anything is kept, then made the page's game. Throws the first problem
   * (`kind: 'friendLink'`); nothing stored changes then. A link older than
   * the game stored under its id opens the stored game (`older` says so).
   * @param {string} text the link's `f` parameter
   * @returns {Promise<{ older: boolean }>}
   */
  async receive(text) {
    // The game shown, as it is shown: nothing to check again or to show anew.
    if (this.held && text === this.held.facts.text) return { older: false };
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
    checked.state.game.free();
    const { link } = checked;
    const id = entryId(link);
    const stored = this.storedLink(id);
    if (stored) {
      if (!sameBytes(signedBytes(stored, 0), signedBytes(link, 0))) throw refusal('header');
      const common = Math.min(stored.events.length, link.events.length);
      for (let k = 0; k < common; k++) {
        if (!sameEvent(stored.events[k], link.events[k])) throw refusal('changed', { index: k + 1 });
      }
      if (link.events.length < stored.events.length || (link.events.length === stored.events.length && encodeLink(link) !== this.storedText(id))) {
        // Older, or the same moves: the stored game is the newer (it may hold more signatures).
        await this.show(stored, await this.whoAmI(stored), true);
        return { older: link.events.length < stored.events.length };
      }
    }
    await this.show(link, await this.whoAmI(link), Boolean(stored));
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
      const facts = this.factsOf(link, me === 0 || me === 1 ? me : null);
      const state = replay(this.parts.engine, link);
      this.held = { link, facts };
      this.parts.persist.friend = facts;
      return { game: tagged(state.game, link, state), seats: facts.seats };
    } catch {
      return null;
    }
  }

  /** The page's game is not a link game. */
  clear() {
    this.held = null;
  }

  /**
   * The facts of `link` for `me`.
   * @param {FriendLink} link
   * @param {Player | null} me
   * @returns {Facts}
   */
  factsOf(link, me) {
    const state = replay(this.parts.engine, link);
    state.game.free();
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

  /**
   * Makes `link` the page's game: its entry opened (its review kept), the
   * moves replayed, the players named in the record's tags.
   * @param {FriendLink} link
   * @param {Player | null} me
   * @param {boolean} known whether an entry holds it already
   */
  async show(link, me, known) {
    const { archive, persist, engine } = this.parts;
    const id = entryId(link);
    if (known) persist.reopen(id, this.page.settings.values.level)?.game.free();
    else archive.open(id);
    const facts = this.factsOf(link, me);
    this.held = { link, facts };
    persist.friend = facts;
    const state = replay(engine, link);
    this.parts.open(tagged(state.game, link, state), facts.seats);
  }

  /** Makes the game held the page's again (a live connection's clocks came or went). */
  refresh() {
    const held = this.held;
    if (held) this.show(held.link, held.facts.me, true);
  }

  /**
   * Appends an event by this browser's player, signs the link and keeps
   * it. A move is already on the page's board; any other event (a
   * take-back) may change the moves, so the game is replayed onto it.
   * @param {(link: FriendLink, me: Player) => Event} make
   * @param {boolean} replayed
   */
  append(make, replayed) {
    const held = this.held;
    if (!held || held.facts.me === null) return Promise.resolve();
    const me = /** @type {Player} */ (held.facts.me);
    this.queue = this.queue
      .then(async () => {
        const identity = await this.identity(me, held.link);
        if (!identity) throw refusal('noKey');
        const link = { ...held.link, events: [...held.link.events, make(held.link, me)] };
        // Checked as a received link is, so that we never send what the other side refuses.
        replay(this.parts.engine, link).game.free();
        const signed = await signEvents(link, me, identity.key, identity.chain);
        if (this.held !== held) return;
        if (replayed) {
          await this.show(signed, me, true);
        } else {
          this.held = { link: signed, facts: this.factsOf(signed, me) };
          this.parts.persist.friend = this.held.facts;
          this.page.save();
          this.page.redraw();
        }
        // Kept first: then sent.
        this.onSigned(encodeLink(signed), held.facts.id, held.facts.id);
      })
      .catch((e) => this.page.say(this.page.t('friend.failed', { reason: describeError(this.page.t, e) }), 'error'));
    return this.queue;
  }

  /**
   * A move this browser's player made on the board.
   * @param {MoveInfo} move
   */
  onMove(move) {
    const size = this.held?.link.size ?? 0;
    return this.append((link, by) => ({ type: 'move', by, code: moveCode(move, size), time: stamp(link, this.now()) }), false);
  }

  /**
   * Joins the game shown as its guest, under `name`.
   * @param {string} name
   */
  async join(name) {
    const held = this.held;
    if (!held || held.facts.me !== null || held.facts.joined) return;
    const me = await ownIdentity();
    const link = { ...held.link, events: [...held.link.events, /** @type {Event} */ ({ type: 'join', by: 1, name, key: me.root, time: stamp(held.link, this.now()) })] };
    replay(this.parts.engine, link).game.free();
    const signed = await signEvents(link, 1, me.key, me.chain);
    await this.show(signed, 1, true);
    this.onSigned(encodeLink(signed), held.facts.id, held.facts.id);
  }

  /**
   * A verb of this browser's player.
   * @param {'resign' | 'timeout' | 'offer' | 'accept' | 'decline' | 'claim'} type
   */
  verb(type) {
    return this.append((link, by) => /** @type {Event} */ ({ type, by, time: stamp(link, this.now()) }), true);
  }

  /** What this browser's player may do now. @returns {import('../../friends/check.js').Verbs} */
  verbs() {
    const facts = this.held?.facts;
    const none = { resign: false, offer: false, answer: false, claim: false, rematch: false, remind: false };
    if (!facts || facts.me === null) return none;
    const me = facts.me;
    const over = facts.result !== null;
    const playing = !over && facts.joined;
    const mine = this.held?.link.events.some((e) => e.type === 'move' && e.by === me) ?? false;
    return {
      resign: playing,
      offer: playing && facts.offer === null && mine,
      answer: playing && facts.offer === other(me),
      claim: playing && facts.toMove === other(me) && facts.deadline !== null && this.now() >= facts.deadline,
      rematch: over && facts.names[1] !== null,
      remind: playing && facts.deadline !== null,
    };
  }

  /**
   * The name of the player of `seat`, this browser's marked as such when
   * `marked` (a label, not a sentence, where the mark's brackets would nest);
   * null when the page's game is not a link game.
   * @param {'first' | 'second'} seat
   * @param {boolean} marked
   */
  seatName(seat, marked) {
    const facts = this.held?.facts;
    if (!facts) return null;
    const { t } = this.page;
    const player = seat === (this.held?.link.inviterSeat ?? 'first') ? 0 : 1;
    const name = facts.names[player] ?? t('friend.noGuest');
    return marked && player === facts.me ? t('friend.you', { name }) : name;
  }

  /**
   * Draws the panel.
   * @param {{ locale: string, qr: boolean, canShare: boolean }} shown
   */
  render({ locale, qr, canShare }) {
    renderFriend({ t: this.page.t, locale, now: this.now(), facts: this.held?.facts ?? null, verbs: this.verbs(), url: this.url(), canShare, qr });
  }

  /** @param {HTMLElement} box */
  drawQr(box) {
    return drawQr(box, this.url(), this.page.t('friend.qrLabel'));
  }

  /** Saves a calendar reminder of the move's deadline. */
  remind() {
    const facts = this.held?.facts;
    if (!facts || facts.deadline === null) return;
    const { t } = this.page;
    const title = t('friend.reminderTitle', { name: opponentName(t, facts) });
    const text = reminder({ title, description: this.url(), deadline: facts.deadline, uid: `${facts.id}-${this.held?.link.events.length}`, now: this.now() });
    saveFile(new Blob([text], { type: 'text/calendar' }), `federa-${facts.id}.ics`);
  }
}
