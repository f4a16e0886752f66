// @ts-check
// Friend links: a game between two browsers carried whole in a link,
// `<play page>#f=<base64url of the body>`, every event signed by its
// author (docs/friend-links.md is the spec). This module is the bytes
// alone, pure and synchronous: the text, the body's layout, and the
// messages the players sign. sign.js checks the signatures, replay.js
// the game.
import { MAX_NAME, nameProblem } from './names.js';
import { isMoveCode } from '../game/links.js';
import { DAYS } from '../engine/facts.js';

const VERSION = 1;
const ID_BYTES = 12;
const KEY_BYTES = 64;
const SIG_BYTES = 64;
const MAX_TEXT = 16000;
const MAX_SIGS = 2;
const MAX_CHAIN = 4;
const MAX_U32 = 2 ** 32 - 1;
/** The event kinds two by two, the inviter's even and the guest's odd; then the join. */
const VERBS = /** @type {const} */ (['move', 'resign', 'offer', 'accept', 'decline', 'claim']);
const JOIN = 12;
/** A resign's mark: the resigner's time ran out. */
const TIMEOUT = 1;
const FLAG = { pie: 1, second: 2, guest: 32, unused: 0xc0 };
const GAME_TAG = 'federa-game-v1\n';
const HANDOVER_TAG = 'federa-handover-v1\n';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * @typedef {0 | 1} Player 0: the inviter, 1: the guest.
 * @typedef {{ name: string, key: Uint8Array }} Identity a name and a P-256 public key (x‖y).
 * @typedef {{ type: 'move', by: Player, code: number, time: number }
 *   | { type: 'resign' | 'timeout' | 'offer' | 'accept' | 'decline' | 'claim', by: Player, time: number }
 *   | { type: 'join', by: 1, name: string, key: Uint8Array, time: number }} Event
 *   time: unix seconds. A move's code is links.js's. A timeout: the
 *   player's time ran out in a live game's clock (a resign marked 1).
 * @typedef {{ key: Uint8Array, cert: Uint8Array }} Handover a new device key, certified by the one before.
 * @typedef {{ by: Player, index: number, sig: Uint8Array, chain: Handover[] }} Sig
 *   index: the number of events it covers (0: the header alone).
 * @typedef {{
 *   id: Uint8Array, size: number, pie: boolean, inviterSeat: 'first' | 'second',
 *   days: typeof DAYS[number], created: number, inviter: Identity, guest: Identity | null,
 *   events: Event[], sigs: Sig[],
 * }} FriendLink guest: the header's, for a rematch (else the join brings it).
 */

/**
 * Every way a friend link is refused, with its facts. `at` is a character
 * index (alphabet) or a byte offset in the body; `index` an event's number,
 * from 1; `player` 0 for the inviter, 1 for the guest; `eventKind` the
 * kind of an event (not `kind`, which every error's family takes).
 * @typedef {{ kind: 'friendLink' } & (
 *   | { problem: 'tooLong', length: number }
 *   | { problem: 'alphabet', at: number }
 *   | { problem: 'padding' }
 *   | { problem: 'truncated', at: number, what: string }
 *   | { problem: 'version', version: number }
 *   | { problem: 'size', size: number }
 *   | { problem: 'flags', flags: number }
 *   | { problem: 'timeControl', timeControl: number }
 *   | { problem: 'name', at: number }
 *   | { problem: 'varint', at: number }
 *   | { problem: 'kind', index: number, eventKind: number }
 *   | { problem: 'garbled', index: number }
 *   | { problem: 'join', index: number }
 *   | { problem: 'sigCount', count: number }
 *   | { problem: 'sigBy', by: number }
 *   | { problem: 'sigDuplicate', by: Player }
 *   | { problem: 'sigIndex', by: Player, index: number }
 *   | { problem: 'chainLength', by: Player, count: number }
 *   | { problem: 'trailing', at: number }
 *   | { problem: 'unwritable', field: string }
 *   | { problem: 'unsigned', player: Player, index: number }
 *   | { problem: 'signer', player: Player, index: number }
 *   | { problem: 'forged', player: Player }
 *   | { problem: 'handover', player: Player }
 *   | { problem: 'early', index: number }
 *   | { problem: 'afterEnd', index: number }
 *   | { problem: 'wrongPlayer', index: number, player: Player, toMove: Player }
 *   | { problem: 'move', index: number, cause: unknown }
 *   | { problem: 'offer', index: number }
 *   | { problem: 'accept', index: number }
 *   | { problem: 'decline', index: number }
 *   | { problem: 'claim', index: number, reason: 'noClock' | 'toMove' | 'notJoined' | 'early' }
 *   | { problem: 'timeout', index: number }
 * )} FriendLinkError
 * The decoder's (tooLong … trailing), encodeLink's (unwritable: the
 * FriendLink given has no text), sign.js's (unsigned … handover) and
 * replay.js's (early … claim).
 */

/**
 * A friend link's error (words come from the catalogue, by `problem`).
 * @param {FriendLinkError['problem']} problem
 * @param {Record<string, unknown>} facts
 * @returns {FriendLinkError}
 */
export const friendError = (problem, facts = {}) =>
  /** @type {FriendLinkError} */ ({ kind: 'friendLink', problem, ...facts });

/** @param {Uint8Array} bytes lower-case hex, as a game's id is shown. */
export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');


// ---- text ↔ bytes: base64url, no padding, one text for each body.

const VALUE = new Map(Array.from(ALPHABET, (c, i) => [c, i]));

/**
 * Bytes as base64url text, no padding (also the live codes', live/sdp.js).
 * @param {Uint8Array} bytes
 */
export function textOfBytes(bytes) {
  let text = '';
  for (let k = 0; k < bytes.length; k += 3) {
    const n = (bytes[k] << 16) | ((bytes[k + 1] ?? 0) << 8) | (bytes[k + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - k) * 8) / 6));
    for (let c = 0; c < chars; c++) text += ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return text;
}

/**
 * The body a text carries; refuses any text that is not the one encoding
 * of its bytes (so a changed character never reads as the same body):
 * FriendLinkError tooLong, alphabet or padding.
 * @param {string} text
 */
export function bytesOfText(text) {
  if (text.length > MAX_TEXT) throw friendError('tooLong', { length: text.length });
  const values = [];
  for (let at = 0; at < text.length; at++) {
    const v = VALUE.get(text[at]);
    if (v === undefined) throw friendError('alphabet', { at });
    values.push(v);
  }
  const rest = text.length % 4;
  const unused = rest === 2 ? 15 : rest === 3 ? 3 : 0;
  if (rest === 1 || (values[text.length - 1] & unused) !== 0) throw friendError('padding');
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  for (let k = 0, bits = 0, acc = 0, out = 0; k < values.length; k++) {
    acc = ((acc << 6) | values[k]) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out++] = (acc >> bits) & 0xff;
    }
  }
  return bytes;
}

// ---- writing

/** Bytes as they are written; every check of the writer throws 'unwritable'. */
class Writer {
  /** @type {number[]} */
  bytes = [];

  /**
   * @param {boolean} ok
   * @param {string} field
   */
  static must(ok, field) {
    if (!ok) throw friendError('unwritable', { field });
  }

  /**
   * @param {number} n
   * @param {string} field
   */
  u8(n, field) {
    Writer.must(Number.isInteger(n) && n >= 0 && n <= 255, field);
    this.bytes.push(n);
  }

  /**
   * @param {Uint8Array} bytes
   * @param {number} length
   * @param {string} field
   */
  fixed(bytes, length, field) {
    Writer.must(bytes instanceof Uint8Array && bytes.length === length, field);
    this.bytes.push(...bytes);
  }

  /**
   * Unsigned LEB128.
   * @param {number} n
   * @param {string} field
   */
  varint(n, field) {
    Writer.must(Number.isInteger(n) && n >= 0 && n <= MAX_U32, field);
    for (; n >= 128; n = Math.floor(n / 128)) this.bytes.push((n % 128) | 128);
    this.bytes.push(n);
  }

  /**
   * @param {string} name
   * @param {string} field
   */
  name(name, field) {
    const bytes = new TextEncoder().encode(name);
    // A lone surrogate would be written as U+FFFD and read back as another name.
    Writer.must(validName(name) && new TextDecoder().decode(bytes) === name && bytes.length <= MAX_NAME, field);
    this.u8(bytes.length, field);
    this.bytes.push(...bytes);
  }

  /**
   * @param {Identity} who
   * @param {string} field
   */
  identity(who, field) {
    this.name(who.name, `${field}.name`);
    this.fixed(who.key, KEY_BYTES, `${field}.key`);
  }
}

/** @param {string} name */
const validName = (name) => name === name.trim() && nameProblem(name) === null;

/**
 * @param {Writer} out
 * @param {FriendLink} link
 */
function writeHeader(out, link) {
  const timeControl = DAYS.indexOf(link.days);
  Writer.must(timeControl >= 0, 'days');
  Writer.must(link.inviterSeat === 'first' || link.inviterSeat === 'second', 'inviterSeat');
  out.u8(VERSION, 'version');
  out.fixed(link.id, ID_BYTES, 'id');
  Writer.must(link.size >= 2 && link.size <= 25, 'size');
  out.u8(link.size, 'size');
  const guest = link.guest ? FLAG.guest : 0;
  out.u8((link.pie ? FLAG.pie : 0) | (link.inviterSeat === 'second' ? FLAG.second : 0) | (timeControl << 2) | guest, 'flags');
  Writer.must(Number.isInteger(link.created) && link.created >= 0 && link.created <= MAX_U32, 'created');
  out.bytes.push(link.created >>> 24, (link.created >>> 16) & 255, (link.created >>> 8) & 255, link.created & 255);
  out.identity(link.inviter, 'inviter');
  if (link.guest) out.identity(link.guest, 'guest');
}

/**
 * Events 1 to `count`, each as it is signed.
 * @param {Writer} out
 * @param {FriendLink} link
 * @param {number} count
 */
function writeEvents(out, link, count) {
  let time = link.created;
  let joined = link.guest !== null;
  for (const [k, event] of link.events.slice(0, count).entries()) {
    const field = `events[${k}]`;
    const verb = VERBS.indexOf(/** @type {typeof VERBS[number]} */ (event.type === 'timeout' ? 'resign' : event.type));
    Writer.must(event.by === 0 || event.by === 1, `${field}.by`);
    if (event.type === 'join') Writer.must(event.by === 1 && !joined, field);
    else Writer.must(verb >= 0 && (event.type !== 'move' || isMoveCode(event.code)), field);
    const kind = event.type === 'join' ? JOIN : verb * 2 + event.by;
    const word = (kind << 12) | (event.type === 'move' ? event.code : event.type === 'timeout' ? TIMEOUT : 0);
    out.bytes.push(word >> 8, word & 255);
    out.varint(event.time - time, `${field}.time`);
    time = event.time;
    if (event.type === 'join') {
      joined = true;
      out.identity(event, field);
    }
  }
}

/**
 * The text of a link, to go after `#f=` (links.js's linkOfText). Throws 'unwritable'
 * {field} for a link with no text: a field out of its range, times going
 * backwards, a second join, a signature past the events…
 * @param {FriendLink} link
 */
export function encodeLink(link) {
  const out = new Writer();
  writeHeader(out, link);
  out.varint(link.events.length, 'events');
  writeEvents(out, link, link.events.length);
  Writer.must(link.sigs.length <= MAX_SIGS, 'sigs');
  Writer.must(new Set(link.sigs.map((s) => s.by)).size === link.sigs.length, 'sigs');
  out.u8(link.sigs.length, 'sigs');
  for (const [k, sig] of link.sigs.entries()) {
    const field = `sigs[${k}]`;
    out.u8(sig.by, `${field}.by`);
    Writer.must(sig.by <= 1 && sig.index <= link.events.length, `${field}.index`);
    out.varint(sig.index, `${field}.index`);
    out.fixed(sig.sig, SIG_BYTES, `${field}.sig`);
    Writer.must(sig.chain.length <= MAX_CHAIN, `${field}.chain`);
    out.u8(sig.chain.length, `${field}.chain`);
    for (const { key, cert } of sig.chain) {
      out.fixed(key, KEY_BYTES, `${field}.chain`);
      out.fixed(cert, SIG_BYTES, `${field}.chain`);
    }
  }
  return textOfBytes(Uint8Array.from(out.bytes));
}

/**
 * The message a signature covering `count` events signs: the tag, the
 * header, then those events exactly as the body has them (no count).
 * @param {FriendLink} link
 * @param {number} count
 */
export function signedBytes(link, count) {
  const out = new Writer();
  out.bytes.push(...new TextEncoder().encode(GAME_TAG));
  writeHeader(out, link);
  Writer.must(Number.isInteger(count) && count >= 0 && count <= link.events.length, 'index');
  writeEvents(out, link, count);
  return Uint8Array.from(out.bytes);
}

/**
 * The message a handover certificate signs: the tag, the key handed over
 * and the key it is handed to.
 * @param {Uint8Array} prevKey
 * @param {Uint8Array} newKey
 */
export function handoverBytes(prevKey, newKey) {
  const tag = new TextEncoder().encode(HANDOVER_TAG);
  const bytes = new Uint8Array(tag.length + 2 * KEY_BYTES);
  bytes.set(tag);
  bytes.set(prevKey, tag.length);
  bytes.set(newKey, tag.length + KEY_BYTES);
  return bytes;
}

// ---- reading

/** The body, read front to back; each read says what it wanted if the body ends. */
class Reader {
  at = 0;

  /** @param {Uint8Array} bytes */
  constructor(bytes) {
    this.bytes = bytes;
  }

  /**
   * A copy of the next `n` bytes (a decoded link shares nothing with the text's).
   * @param {number} n
   * @param {string} what
   */
  take(n, what) {
    if (this.at + n > this.bytes.length) throw friendError('truncated', { at: this.at, what });
    this.at += n;
    return this.bytes.slice(this.at - n, this.at);
  }

  /** @param {string} what */
  u8(what) {
    return this.take(1, what)[0];
  }

  /**
   * Unsigned LEB128: at most 5 bytes, at most 2^32 − 1, no needless zero group.
   * @param {string} what
   */
  varint(what) {
    const at = this.at;
    let value = 0;
    for (let k = 0; k < 5; k++) {
      const byte = this.u8(what);
      value += (byte & 127) * 128 ** k;
      if (byte < 128) {
        if ((k > 0 && byte === 0) || value > MAX_U32) break;
        return value;
      }
    }
    throw friendError('varint', { at });
  }

  name() {
    const at = this.at;
    const length = this.u8('name');
    if (length === 0 || length > MAX_NAME) throw friendError('name', { at });
    const bytes = this.take(length, 'name');
    let name = '';
    try {
      // Fatal: invalid UTF-8 is refused, not replaced; a BOM is kept, as it was written.
      name = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      throw friendError('name', { at });
    }
    if (!validName(name)) throw friendError('name', { at });
    return name;
  }

  /** @returns {Identity} */
  identity() {
    return { name: this.name(), key: this.take(KEY_BYTES, 'key') };
  }
}

/**
 * The link a text carries (links.js's textOfLink). Throws the first problem met,
 * reading front to back (FriendLinkError, tooLong … trailing); the
 * signatures and the game are not checked here (sign.js, replay.js).
 * @param {string} text
 * @returns {FriendLink}
 */
export function decodeLink(text) {
  const read = new Reader(bytesOfText(text));
  const version = read.u8('version');
  if (version !== VERSION) throw friendError('version', { version });
  const id = read.take(ID_BYTES, 'id');
  const size = read.u8('size');
  if (size < 2 || size > 25) throw friendError('size', { size });
  const flags = read.u8('flags');
  if (flags & FLAG.unused) throw friendError('flags', { flags });
  const timeControl = (flags >> 2) & 7;
  if (timeControl >= DAYS.length) throw friendError('timeControl', { timeControl });
  const created = read.take(4, 'created').reduce((n, b) => n * 256 + b, 0);
  const inviter = read.identity();
  const guest = flags & FLAG.guest ? read.identity() : null;

  /** @type {Event[]} */
  const events = [];
  const count = read.varint('events');
  let time = created;
  let joined = guest !== null;
  for (let index = 1; index <= count; index++) {
    const [hi, lo] = read.take(2, 'event');
    const [kind, data] = [hi >> 4, ((hi & 15) << 8) | lo];
    if (kind > JOIN) throw friendError('kind', { index, eventKind: kind });
    const resign = kind >> 1 === VERBS.indexOf('resign');
    if (kind < 2 ? !isMoveCode(data) : data !== 0 && !(resign && data === TIMEOUT)) throw friendError('garbled', { index });
    if (kind === JOIN && joined) throw friendError('join', { index });
    time += read.varint('time');
    const by = /** @type {Player} */ (kind & 1);
    if (kind === JOIN) {
      joined = true;
      events.push({ type: 'join', by: 1, ...read.identity(), time });
    } else if (kind < 2) events.push({ type: 'move', by, code: data, time });
    else if (resign && data === TIMEOUT) events.push({ type: 'timeout', by, time });
    else events.push({ type: /** @type {Exclude<Event['type'], 'move' | 'join'>} */ (VERBS[kind >> 1]), by, time });
  }

  /** @type {Sig[]} */
  const sigs = [];
  const sigCount = read.u8('signatures');
  if (sigCount > MAX_SIGS) throw friendError('sigCount', { count: sigCount });
  for (let k = 0; k < sigCount; k++) {
    const by = read.u8('signer');
    if (by > 1) throw friendError('sigBy', { by });
    if (sigs.some((s) => s.by === by)) throw friendError('sigDuplicate', { by });
    const index = read.varint('index');
    if (index > events.length) throw friendError('sigIndex', { by, index });
    const sig = read.take(SIG_BYTES, 'signature');
    const length = read.u8('chain');
    if (length > MAX_CHAIN) throw friendError('chainLength', { by, count: length });
    const chain = Array.from({ length }, () => ({ key: read.take(KEY_BYTES, 'chain key'), cert: read.take(SIG_BYTES, 'certificate') }));
    sigs.push({ by: /** @type {Player} */ (by), index, sig, chain });
  }
  if (read.at < read.bytes.length) throw friendError('trailing', { at: read.at });

  const inviterSeat = flags & FLAG.second ? 'second' : 'first';
  return { id, size, pie: (flags & FLAG.pie) !== 0, inviterSeat, days: DAYS[timeControl], created, inviter, guest, events, sigs };
}
