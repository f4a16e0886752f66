// @ts-check
// A game by link played live: the same signed game (play/friend.js), its
// links carried over a direct connection between the two browsers
// (live/peer.js) instead of by hand. Either player offers the connection:
// the live invitation is the game's link with the offer's code; the other
// page answers with a code (or a link carrying it) that the first pastes,
// or opens in the same browser, where it reaches the waiting page through a
// BroadcastChannel. Every link that arrives goes through Friends.receive,
// as a link opened by hand does: checked whole, refused with its reason,
// nothing kept changed. When the connection drops, the game goes on by
// links, and a new invitation connects it again. Loaded only when used.
// The invitation may carry a time control: while connected, the game has
// clocks (play/clock.js), started afresh by each connection, and each link
// sent carries this page's counts of both times. They are the
// connection's, not the signed game's: a drop stops them, and only a loss
// on time is signed (a timeout, by the player who ran out).
import { LivePeer, readMessage } from '../../friends/peer.js';
import { entryId } from './friend.js';
import { decodeLink, hex } from '../../friends/codec.js';
import { guestOf } from '../../friends/check.js';
import { renderLive } from '../../panels/live.js';
import { LIVE, hashParam, linkOfText } from '../../game/links.js';
import { drawQr } from '../../panels/friend.js';
import { describeError } from '../../i18n/words.js';
import { formatTimeControl, parseTimeControl } from '../../game/clock.js';
import { $ } from '../../lib/dom.js';

/** @typedef {import('../../friends/peer.js').LiveState} LiveState */

const CHANNEL = 'federa-live';
/**
 * How long the host's page waits for the connection once it has the
 * answer, in ms. A browser gives up on addresses it tries in vain after
 * about 15 s, but says nothing of addresses it will not try (a port it
 * blocks): those wait for this.
 */
const OPEN_MS = 30_000;

export class Live {
  /**
   * @param {import('./page.js').Page} page
   * @param {{ friends: import('./friend.js').Friends, clocks: import('./clocks.js').Clocks, address: () => string, stun: () => string }} parts
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    /** @type {LiveState} */
    this.state = 'idle';
    /** The entry id of the game the connection plays. @type {string | null} */
    this.gameId = null;
    /** The link to send: a live invitation, or an answer. */
    this.sent = '';
    /** Why the connection could not open. @type {unknown} */
    this.problem = null;
    /** The connection's time control, or null for none. @type {import('../../game/clock.js').TimeControl | null} */
    this.tc = null;
    /** The entry id of the game whose clocks run (a rematch's start afresh). @type {string | null} */
    this.clockGame = null;
    /** @type {LivePeer | null} */
    this.peer = null;
    /** The entry id of a game arriving over the connection, while it is read. @type {string | null} */
    this.incoming = null;
    /** The messages read so far, one after another. @type {Promise<void>} */
    this.reading = Promise.resolve();
    /** Whether the QR code of the link to send is shown, and the link it was drawn for. */
    this.qr = false;
    this.drawn = '';
    this.relay = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    /** Answers this page relayed, waiting for the tab that takes one to say so, by game id. @type {Map<string, (taken: boolean) => void>} */
    this.relayed = new Map();
    if (this.relay) {
      this.relay.onmessage = (e) => {
        const { id, answer, taken } = e.data ?? {};
        if (typeof id !== 'string') return;
        if (taken) this.relayed.get(id)?.(true);
        else if (typeof answer === 'string' && this.waitsFor(id)) {
          this.relay?.postMessage({ id, taken: true });
          this.accept(answer);
        }
      };
    }
    parts.friends.onSigned = (text, id, from) => this.send(text, id, from);
    parts.clocks.on('ownFlag', () => parts.friends.verb('timeout'));
  }

  /** The link game shown, if this browser plays in it. */
  mine() {
    const held = this.parts.friends.held;
    return held && held.facts.me !== null ? held : null;
  }

  /** Whether the connection plays the game shown. */
  here() {
    const held = this.parts.friends.held;
    return held !== null && held.facts.id === this.gameId;
  }

  /** A new connection, the old one closed. */
  fresh() {
    this.peer?.close();
    this.problem = null;
    this.gameId = this.parts.friends.held?.facts.id ?? null;
    const peer = new LivePeer({
      stun: this.parts.stun(),
      onOpen: () => {
        if (this.peer !== peer) return;
        this.state = 'open';
        this.sent = '';
        // The game again, now with its clocks.
        this.clockGame = null;
        if (this.tc) this.parts.friends.refresh();
        // Each side says where it stands: the newer link wins, as by hand.
        const held = this.parts.friends.held;
        if (held) peer.send({ link: held.facts.text, clock: null });
        this.page.redraw();
      },
      onMessage: (data) => {
        if (this.peer === peer) this.receive(data);
      },
      onClose: () => {
        // The channel closes, then the connection fails: one drop, said once.
        if (this.peer !== peer || this.state === 'failed' || this.state === 'dropped') return;
        if (this.state !== 'open') {
          // The browsers tried every address they had, and none reached the other.
          this.fail({ kind: 'liveCode', problem: 'unreachable' });
          return;
        }
        this.state = 'dropped';
        peer.close();
        // By links, the game has no clocks.
        if (this.tc) this.parts.friends.refresh();
        this.page.redraw();
      },
    });
    this.peer = peer;
    return peer;
  }

  /** @param {unknown} error */
  fail(error) {
    this.state = 'failed';
    this.problem = error;
    this.peer?.close();
    this.peer = null;
    this.page.redraw();
  }

  /**
   * This player offers a connection: the live invitation to send.
   * @param {string} clock the connection's `[TimeControl]`, or '' for no clocks
   */
  host(clock) {
    this.tc = parseTimeControl(clock);
    const param = this.tc ? `&${LIVE.clock}=${encodeURIComponent(formatTimeControl(this.tc))}` : '';
    return this.negotiate((peer) => peer.offer(), LIVE.offer, 'offering', param);
  }

  /**
   * A new connection's code made (`make`), and the game's link carrying it
   * under `param` (and `more`) made the link to send; then `state`.
   * @param {(peer: LivePeer) => Promise<string>} make
   * @param {string} param
   * @param {LiveState} state
   * @param {string} [more] the link's parameters after the code
   */
  async negotiate(make, param, state, more = '') {
    const held = this.mine();
    if (!held) return;
    const peer = this.fresh();
    this.state = 'gathering';
    this.page.redraw();
    try {
      const code = await make(peer);
      if (this.peer !== peer) return;
      this.sent = `${linkOfText(this.parts.address(), held.facts.text)}&${param}=${code}${more}`;
      this.state = state;
    } catch (error) {
      this.fail(error);
      return;
    }
    this.page.redraw();
  }

  /**
   * The other player's answer, pasted (its code or its link) or relayed.
   * @param {string} text
   */
  async accept(text) {
    if (this.state !== 'offering' || !this.peer) return;
    const code = text.includes('#') ? (hashParam(text.slice(text.indexOf('#')), LIVE.answer) ?? '') : text;
    const peer = this.peer;
    try {
      await peer.accept(code);
      this.state = 'answering';
      this.sent = '';
      setTimeout(() => {
        if (this.peer === peer && this.state === 'answering') this.fail({ kind: 'liveCode', problem: 'unreachable' });
      }, OPEN_MS);
    } catch (error) {
      // A wrong answer leaves the invitation standing: the right one may come.
      this.page.say(this.page.t('live.failed', { reason: describeError(this.page.t, error) }), 'error');
      return;
    }
    this.page.redraw();
  }

  /**
   * This player answers the other's live invitation (the game shown is its
   * game, joined): the answer to send back.
   * @param {string} offer
   * @param {string | null} clock the invitation's `[TimeControl]`, or null for no clocks
   */
  answer(offer, clock) {
    this.tc = clock === null ? null : parseTimeControl(clock);
    if (clock !== null && !this.tc) {
      this.fail({ kind: 'liveCode', problem: 'clock' });
      return Promise.resolve();
    }
    return this.negotiate((peer) => peer.answer(offer), LIVE.answer, 'answering');
  }

  /**
   * The clocks' times for `game` as it is made anew (a move arrived, a
   * take-back): connected with a time control, the game carries it, and
   * the clocks go on from where they stood (afresh for a new game); else
   * none.
   * @param {import('../../engine/types.js').Game} game
   */
  clockOf(game) {
    const held = this.parts.friends.held;
    if (this.state !== 'open' || !this.tc || !held || (held.facts.id !== this.gameId && held.facts.id !== this.incoming)) return null;
    game.setTag('TimeControl', formatTimeControl(this.tc));
    const kept = this.clockGame === held.facts.id ? this.parts.clocks.saved() : null;
    this.clockGame = held.facts.id;
    return kept;
  }

  /**
   * Whether this page waits for the answer to its live invitation of the
   * game with entry id `id`.
   * @param {string | null} id
   */
  waitsFor(id) {
    return this.state === 'offering' && id !== null && id === this.gameId;
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
  send(text, id, from) {
    if (this.state !== 'open' || from !== this.gameId) return;
    this.gameId = id;
    // A new game's clocks start afresh: the old one's times are not its.
    this.peer?.send({ link: text, clock: id === from ? this.parts.clocks.report() : null });
  }

  /**
   * What the other page sent: a link, checked as any link is.
   * @param {unknown} data
   */
  receive(data) {
    // One after another, in the order they came: each is checked against the game as the last left it.
    this.reading = this.reading.then(() => this.read(data));
    return this.reading;
  }

  /** @param {unknown} data */
  async read(data) {
    const { t } = this.page;
    const { friends } = this.parts;
    try {
      const { link: text, clock } = readMessage(data);
      const link = decodeLink(text);
      const id = entryId(link);
      const held = friends.held;
      const same = id === this.gameId;
      // Only this game, or once it is over a rematch between its two players.
      if (!same && !(held?.facts.result && this.samePlayers(link))) throw { kind: 'liveMessage', problem: 'otherGame' };
      this.incoming = id;
      const { older } = await friends.receive(text);
      this.gameId = id;
      // Counted against the game the link left (a rematch's clocks start
      // afresh), and only with a link that is not behind the game kept.
      if (same && clock && !older) this.parts.clocks.reconcile(clock);
    } catch (error) {
      this.page.say(t('live.refused', { reason: describeError(t, error) }), 'error');
    } finally {
      this.incoming = null;
    }
  }

  /**
   * Whether `link`'s game is between the players of the game shown.
   * @param {import('../../friends/codec.js').FriendLink} link
   */
  samePlayers(link) {
    const held = this.parts.friends.held;
    if (!held) return false;
    const keys = (/** @type {import('../../friends/codec.js').FriendLink} */ l) => [l.inviter.key, guestOf(l)?.key].map((k) => (k ? hex(k) : '')).sort().join();
    return keys(link) === keys(held.link);
  }

  /** Ends the connection (another game opened, or the page leaves). */
  close() {
    this.peer?.close();
    this.peer = null;
    this.state = 'idle';
    this.sent = '';
  }

  /** Shows or hides the QR code of the link to send. */
  toggleQr() {
    this.qr = !this.qr;
    this.render();
  }

  /** Draws the live part of the link game's panel. */
  render() {
    const held = this.parts.friends.held;
    const facts = held?.facts ?? null;
    // Another game opened here ends the connection; a rematch arriving over it does not.
    if (this.state !== 'idle' && !this.here() && this.incoming !== facts?.id) this.close();
    renderLive({
      t: this.page.t,
      state: this.state,
      facts,
      sent: this.sent,
      problem: this.problem === null ? '' : describeError(this.page.t, this.problem),
      stun: this.parts.stun(),
      clock: this.tc ? formatTimeControl(this.tc) : '',
      choice: this.page.settings.values.liveClock,
      canStart: facts !== null && facts.me !== null && !facts.result,
      qr: this.qr && this.sent !== '',
    });
    if (this.qr && this.sent && this.drawn !== this.sent) {
      this.drawn = this.sent;
      drawQr($('live-qr'), this.sent, this.page.t('friend.qrLabel'));
    }
  }
}
