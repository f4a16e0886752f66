// @ts-check
// A direct connection to the other player's browser: one WebRTC data
// channel, its offer and answer carried as short codes (sdp.js) by the
// players themselves, so that no server signals. With no ICE server it
// opens between browsers that reach each other's host addresses (one
// network); a STUN server the player names adds each side's public address.
// What travels are the game's signed links (link-game-ctrl.js); a message is
// read by `readMessage`, which trusts nothing in it.
import { REFLEXIVE, describe, liveError, packDescription, sessionDescription, unpackDescription } from './sdp.js';

/** How long the browser may gather its addresses before the code is made, in ms. */
const GATHER_MS = 4000;
/** The longest message read: a link of a long game, with room to spare. */
const MAX_MESSAGE = 20_000;
/** The longest time a message's clock may give a side, in ms (100 days). */
const MAX_TIME = 100 * 86_400_000;

/**
 * A message from the other page: a game's link (its `f` text), with the
 * sender's clock times when the game has clocks.
 * @typedef {{ link: string, clock: { dark: number, light: number } | null }} LiveMessage
 */

/**
 * Where a live connection stands, as the play page shows it.
 * @typedef {'idle' | 'gathering' | 'offering' | 'answering' | 'open' | 'dropped' | 'failed'} LiveState
 */

/**
 * A message received, checked for its shape only (the link is checked as
 * any link is, link-game-ctrl.js). Throws `liveMessage` with the problem.
 * @param {unknown} data
 * @returns {LiveMessage}
 */
export function readMessage(data) {
  if (typeof data !== 'string') throw { kind: 'liveMessage', problem: 'binary' };
  if (data.length > MAX_MESSAGE) throw { kind: 'liveMessage', problem: 'tooLong', length: data.length };
  let value;
  try {
    value = JSON.parse(data);
  } catch {
    throw { kind: 'liveMessage', problem: 'json' };
  }
  // A clock's time in ms: no time control gives more than a few days.
  const time = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_TIME;
  const clockOk = value?.clock === null || (time(value?.clock?.dark) && time(value?.clock?.light) && Object.keys(value.clock).length === 2);
  if (typeof value !== 'object' || value === null || value.federa !== 1 || typeof value.link !== 'string' || !clockOk || Object.keys(value).length !== 3) {
    throw { kind: 'liveMessage', problem: 'shape' };
  }
  return { link: value.link, clock: value.clock };
}

/** @param {LiveMessage} message */
export const writeMessage = ({ link, clock }) => JSON.stringify({ federa: 1, link, clock });

export class LivePeer {
  /**
   * @param {{ stun: string, onOpen: () => void, onMessage: (data: unknown) => void, onClose: () => void }} parts
   * stun: a STUN server's URL, or '' for none
   */
  constructor({ stun, onOpen, onMessage, onClose }) {
    this.pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: stun }] : [] });
    // Negotiated: both sides make channel 0, so neither waits for the other's.
    this.channel = this.pc.createDataChannel('federa', { negotiated: true, id: 0 });
    this.channel.onopen = onOpen;
    this.channel.onmessage = (e) => onMessage(e.data);
    this.channel.onclose = onClose;
    this.pc.onconnectionstatechange = () => {
      if (this.pc.connectionState === 'failed' || this.pc.connectionState === 'closed') onClose();
    };
  }

  /** Whether the channel is open. */
  get open() {
    return this.channel.readyState === 'open';
  }

  /** The description once the browser has gathered its addresses (or given it the time it may). */
  async gathered() {
    const { pc } = this;
    if (pc.iceGatheringState !== 'complete') {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, GATHER_MS);
        pc.addEventListener('icegatheringstatechange', () => {
          if (pc.iceGatheringState === 'complete') {
            clearTimeout(timer);
            resolve(null);
          }
        });
      });
    }
    const d = describe(/** @type {RTCSessionDescription} */ (pc.localDescription).sdp, /** @type {'offer' | 'answer'} */ (pc.localDescription?.type));
    if (!d.candidates.length) throw liveError('noAddress');
    return packDescription(d);
  }

  /** The host's side: the offer's code. */
  async offer() {
    await this.pc.setLocalDescription(await this.pc.createOffer());
    return this.gathered();
  }

  /**
   * The guest's side: the answer's code to the host's offer.
   * @param {string} offerCode
   */
  async answer(offerCode) {
    // The host's addresses on its own network stay out of this side's
    // description: not trying them, this side cannot give up on them
    // (browsers do after about half a minute, often before a player has
    // carried the answer back); it answers the host's checks once the host
    // has the answer. A STUN server's addresses stay in: across networks
    // this side must send first, to open its own router to the host.
    const described = unpackDescription(offerCode, 'offer');
    const offer = { ...described, candidates: described.candidates.filter((c) => c.kind >= REFLEXIVE) };
    await this.pc.setRemoteDescription({ type: 'offer', sdp: sessionDescription(offer) });
    await this.pc.setLocalDescription(await this.pc.createAnswer());
    return this.gathered();
  }

  /**
   * The host's side: the guest's answer, after which the channel opens.
   * @param {string} answerCode
   */
  async accept(answerCode) {
    const d = unpackDescription(answerCode, 'answer');
    await this.pc.setRemoteDescription({ type: 'answer', sdp: sessionDescription(d) });
  }

  /** @param {LiveMessage} message */
  send(message) {
    try {
      if (this.open) this.channel.send(writeMessage(message));
    } catch {
      // The channel closing as it was sent: its close is said, and the game goes on by links.
    }
  }

  close() {
    this.channel.onclose = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
  }
}
