// @ts-check
// A link game's direct connection to the other player's page (docs/play.md,
// Playing live): where it stands, and the link to send. Either player offers
// it: the live invitation is the game's link with the offer's code; the
// other page answers with a code (or a link carrying it) that the first
// pastes. The peer (peer.js) is made by a factory, so that the connection
// runs under Node with a fake one. Which game it plays and what arrives over
// it are the link game's (link-game-ctrl.js): here, only the connection.
import { LivePeer } from './peer.js';
import { Emitter } from '../lib/emitter.js';
import { LIVE, hashParam } from '../game/links.js';

/**
 * @typedef {import('./peer.js').LiveState} LiveState
 * @typedef {import('./peer.js').LiveMessage} LiveMessage
 * @typedef {{ offer(): Promise<string>, answer(offerCode: string): Promise<string>, accept(answerCode: string): Promise<void>,
 *   send(message: LiveMessage): void, close(): void }} Peer
 * @typedef {(parts: { stun: string, onOpen: () => void, onMessage: (data: unknown) => void, onClose: () => void }) => Peer} PeerFactory
 * @typedef {{ change: undefined, open: undefined, drop: undefined, message: unknown }} Events
 * change: where it stands changed; open: the channel opened; drop: an open
 * channel closed; message: what the other page sent, unread
 */

/**
 * How long the host's page waits for the connection once it has the
 * answer, in ms. A browser gives up on addresses it tries in vain after
 * about 15 s, but says nothing of addresses it will not try (a port it
 * blocks): those wait for this.
 */
const OPEN_MS = 30_000;

/** @param {ConstructorParameters<typeof LivePeer>[0]} parts */
const realPeer = (parts) => new LivePeer(parts);

/** @extends {Emitter<Events>} */
export class LiveConnection extends Emitter {
  /**
   * @param {{ stun: () => string, peer?: PeerFactory }} parts
   * stun: a STUN server's URL, or '' for none; peer: makes the WebRTC peer
   */
  constructor({ stun, peer = realPeer }) {
    super();
    this.stun = stun;
    this.makePeer = peer;
    /** @type {LiveState} */
    this.state = 'idle';
    /** The link to send: a live invitation, or an answer. */
    this.sent = '';
    /** Why the connection could not open. @type {unknown} */
    this.problem = null;
    /** @type {Peer | null} */
    this.peer = null;
    /** The wait for the connection to open once the answer is in. */
    this.timer = 0;
  }

  /** A new peer, the old one closed. */
  fresh() {
    this.close();
    this.problem = null;
    const peer = this.makePeer({
      stun: this.stun(),
      onOpen: () => {
        if (this.peer !== peer) return;
        clearTimeout(this.timer);
        this.state = 'open';
        this.sent = '';
        this.emit('open', undefined);
        this.emit('change', undefined);
      },
      onMessage: (data) => {
        if (this.peer === peer) this.emit('message', data);
      },
      onClose: () => {
        // The channel closes, then the connection fails: one drop, said once.
        if (this.peer !== peer) return;
        if (this.state !== 'open') {
          // The browsers tried every address they had, and none reached the other.
          this.fail({ kind: 'liveCode', problem: 'unreachable' });
          return;
        }
        this.state = 'dropped';
        peer.close();
        this.peer = null;
        this.emit('drop', undefined);
        this.emit('change', undefined);
      },
    });
    this.peer = peer;
    return peer;
  }

  /**
   * The connection could not open: why, kept to be shown.
   * @param {unknown} error
   */
  fail(error) {
    this.peer?.close();
    this.peer = null;
    clearTimeout(this.timer);
    this.state = 'failed';
    this.problem = error;
    this.emit('change', undefined);
  }

  /**
   * A new peer's code made (`make`), and `link` carrying it under `param`
   * (and `more`) made the link to send; then `state`.
   * @param {(peer: Peer) => Promise<string>} make
   * @param {string} link the game's link
   * @param {string} param
   * @param {LiveState} state
   * @param {string} more the link's parameters after the code
   */
  async negotiate(make, link, param, state, more) {
    const peer = this.fresh();
    this.state = 'gathering';
    this.emit('change', undefined);
    let code;
    try {
      code = await make(peer);
    } catch (error) {
      if (this.peer === peer) this.fail(error);
      return;
    }
    // Closed, or made anew, meanwhile.
    if (this.peer !== peer) return;
    this.sent = `${link}&${param}=${code}${more}`;
    this.state = state;
    this.emit('change', undefined);
  }

  /**
   * This player offers a connection: the live invitation to send, `link`
   * with the offer's code and then `more`.
   * @param {string} link
   * @param {string} more
   */
  host(link, more) {
    return this.negotiate((peer) => peer.offer(), link, LIVE.offer, 'offering', more);
  }

  /**
   * This player answers the other's live invitation: the answer to send back, `link` with its code.
   * @param {string} link
   * @param {string} offerCode
   */
  answer(link, offerCode) {
    return this.negotiate((peer) => peer.answer(offerCode), link, LIVE.answer, 'answering', '');
  }

  /**
   * The other player's answer (its code or its link), after which the
   * channel opens. Throws a wrong answer's problem: the invitation stands,
   * as the right one may come.
   * @param {string} text
   */
  async accept(text) {
    const peer = this.peer;
    if (this.state !== 'offering' || !peer) return;
    const code = text.includes('#') ? (hashParam(text.slice(text.indexOf('#')), LIVE.answer) ?? '') : text;
    await peer.accept(code);
    if (this.peer !== peer || this.state !== 'offering') return;
    this.state = 'answering';
    this.sent = '';
    this.timer = setTimeout(() => {
      if (this.peer === peer && this.state === 'answering') this.fail({ kind: 'liveCode', problem: 'unreachable' });
    }, OPEN_MS);
    this.emit('change', undefined);
  }

  /**
   * Sends `message` if the channel is open.
   * @param {LiveMessage} message
   */
  send(message) {
    if (this.state === 'open') this.peer?.send(message);
  }

  /** Ends the connection, whatever it stood at. */
  close() {
    this.peer?.close();
    this.peer = null;
    clearTimeout(this.timer);
    this.state = 'idle';
    this.sent = '';
  }
}
