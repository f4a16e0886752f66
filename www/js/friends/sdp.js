// @ts-check
// A WebRTC data channel's offer or answer as a short code, and back. Of the
// session description only what differs between two connections travels:
// the ICE credentials, the DTLS fingerprint and the UDP candidates (a host
// address, as an mDNS name or an IP, or a STUN server's reflexive one); the
// rest is the one description every data channel of this page has, written
// back around them.
//
//   code := version:u8 flags:u8 ufrag:str pwd:str fingerprint:32 count:u8 candidate*
//   str  := length:u8 ascii
//   candidate := kind:u8 address port:u16
//
// kind: 0 a host by mDNS name (a UUID, 16 bytes, then `.local`), 1 a host
// IPv4 (4 bytes), 2 a host IPv6 (16), 3 a reflexive IPv4, 4 a reflexive
// IPv6. flags: 1 for an answer. The code is base64url, as the game's links.
import { bytesOfText, textOfBytes } from './codec.js';

const VERSION = 1;
const MAX_CANDIDATES = 8;
/** ICE's limits (RFC 8839): a ufrag of 4 to 256 characters, a password of 22 to 256. */
const ICE_CHAR = /^[A-Za-z0-9+/]+$/;

/**
 * @typedef {{ type: 'offer' | 'answer', ufrag: string, pwd: string, fingerprint: Uint8Array,
 *   candidates: { kind: number, address: string, port: number }[] }} Described
 */

/** @param {string} problem @param {object} [facts] */
export const liveError = (problem, facts = {}) => ({ kind: 'liveCode', problem, ...facts });

const KIND = { mdns: 0, host4: 1, host6: 2, srflx4: 3, srflx6: 4 };
/** The first kind of a reflexive candidate (a STUN server's address): the kinds from it on are. */
export const REFLEXIVE = KIND.srflx4;
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** A plain IPv6 address (groups of hex, at most one `::`; no embedded IPv4, no zone), which the code carries as 16 bytes. */
const IPV6 = /^(?=.*:)(?!.*::.*::)[0-9a-fA-F:]{2,39}$/;

/**
 * The parts of a description that travel. Throws `liveCode` `sdp` when the
 * browser's description lacks one (nothing this page can send).
 * @param {string} sdp
 * @param {'offer' | 'answer'} type
 * @returns {Described}
 */
export function describe(sdp, type) {
  const lines = sdp.split(/\r?\n/);
  const value = (/** @type {string} */ key) => lines.find((l) => l.startsWith(`a=${key}:`))?.slice(key.length + 3) ?? null;
  const ufrag = value('ice-ufrag');
  const pwd = value('ice-pwd');
  const fp = value('fingerprint');
  if (!ufrag || !pwd || !fp?.startsWith('sha-256 ')) throw liveError('sdp');
  const fingerprint = Uint8Array.from(fp.slice(8).split(':'), (h) => parseInt(h, 16));
  // Only what the code can carry and read back.
  const iceOk = (/** @type {string} */ v, /** @type {number} */ min) => ICE_CHAR.test(v) && v.length >= min && v.length <= 255;
  if (fingerprint.length !== 32 || fingerprint.some(Number.isNaN) || !iceOk(ufrag, 4) || !iceOk(pwd, 22)) throw liveError('sdp');
  /** @type {Described['candidates']} */
  const candidates = [];
  for (const line of lines) {
    // a=candidate:<foundation> <component> <protocol> <priority> <address> <port> typ <type> …
    const parts = line.startsWith('a=candidate:') ? line.split(' ') : [];
    if (parts.length < 8 || parts[1] !== '1' || parts[2].toLowerCase() !== 'udp') continue;
    const [address, port, type] = [parts[4], Number(parts[5]), parts[7]];
    const v6 = address.includes(':');
    const kind = type === 'host' ? (UUID.test(address) ? KIND.mdns : v6 ? KIND.host6 : KIND.host4) : type === 'srflx' ? (v6 ? KIND.srflx6 : KIND.srflx4) : -1;
    if (kind < 0 || (kind !== KIND.mdns && (v6 ? !IPV6.test(address) : !IPV4.test(address) || address.split('.').some((n) => Number(n) > 255)))) continue;
    if (!Number.isInteger(port) || port < 1 || port > 65535 || (v6 && kind !== KIND.mdns && !ipv6Bytes(address))) continue;
    if (candidates.length < MAX_CANDIDATES) candidates.push({ kind, address, port });
  }
  return { type, ufrag, pwd, fingerprint, candidates };
}

/** @param {string} address a plain IPv6 address (IPV6's), possibly with `::` */
function ipv6Bytes(address) {
  const [head, tail = null] = address.split('::');
  const groups = (/** @type {string} */ s) => (s ? s.split(':') : []);
  const h = groups(head);
  const t = tail === null ? [] : groups(tail);
  if (h.length + t.length > (tail === null ? 8 : 7) || [...h, ...t].some((g) => g.length > 4)) return null;
  const all = tail === null ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  const bytes = new Uint8Array(16);
  if (all.length !== 8) return null;
  all.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 255;
  });
  return bytes;
}

/**
 * The code of a description.
 * @param {Described} d
 */
export function packDescription(d) {
  /** @type {number[]} */
  const out = [VERSION, d.type === 'answer' ? 1 : 0];
  const str = (/** @type {string} */ s) => out.push(s.length, ...Array.from(s, (c) => c.charCodeAt(0)));
  str(d.ufrag);
  str(d.pwd);
  out.push(...d.fingerprint, d.candidates.length);
  for (const c of d.candidates) {
    out.push(c.kind);
    if (c.kind === KIND.mdns) out.push(...Array.from(c.address.replace('.local', '').replaceAll('-', '').match(/../g) ?? [], (h) => parseInt(h, 16)));
    else if (c.kind === KIND.host4 || c.kind === KIND.srflx4) out.push(...c.address.split('.').map(Number));
    // describe keeps only the IPv6 addresses that read.
    else out.push(.../** @type {Uint8Array} */ (ipv6Bytes(c.address)));
    out.push(c.port >> 8, c.port & 255);
  }
  return textOfBytes(Uint8Array.from(out));
}

/**
 * The description a code carries. Throws `liveCode` with the problem:
 * the text's (alphabet, padding, tooLong), `truncated`, `version`, `type`
 * (an offer where an answer was wanted, or the other way), `ice`, `kind`,
 * `trailing`.
 * @param {string} code
 * @param {'offer' | 'answer'} want
 * @returns {Described}
 */
export function unpackDescription(code, want) {
  let bytes;
  try {
    bytes = bytesOfText(code.trim());
  } catch (error) {
    throw liveError(/** @type {any} */ (error).problem);
  }
  let at = 0;
  const take = (/** @type {number} */ n) => {
    if (at + n > bytes.length) throw liveError('truncated');
    const part = bytes.subarray(at, at + n);
    at += n;
    return part;
  };
  const u8 = () => take(1)[0];
  const str = () => String.fromCharCode(...take(u8()));
  if (u8() !== VERSION) throw liveError('version');
  const flags = u8();
  if (flags > 1) throw liveError('version');
  const type = flags ? 'answer' : 'offer';
  if (type !== want) throw liveError('type', { type });
  const ufrag = str();
  const pwd = str();
  if (!ICE_CHAR.test(ufrag) || !ICE_CHAR.test(pwd) || ufrag.length < 4 || pwd.length < 22) throw liveError('ice');
  const fingerprint = Uint8Array.from(take(32));
  const count = u8();
  if (count > MAX_CANDIDATES) throw liveError('kind');
  /** @type {Described['candidates']} */
  const candidates = [];
  for (let k = 0; k < count; k++) {
    const kind = u8();
    let address;
    if (kind === KIND.mdns) {
      const h = Array.from(take(16), (b) => b.toString(16).padStart(2, '0')).join('');
      address = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
    } else if (kind === KIND.host4 || kind === KIND.srflx4) address = Array.from(take(4)).join('.');
    else if (kind === KIND.host6 || kind === KIND.srflx6) {
      const b = take(16);
      address = Array.from({ length: 8 }, (_, i) => ((b[i * 2] << 8) | b[i * 2 + 1]).toString(16)).join(':');
    } else throw liveError('kind');
    const p = take(2);
    candidates.push({ kind, address, port: (p[0] << 8) | p[1] });
  }
  if (at !== bytes.length) throw liveError('trailing');
  return { type, ufrag, pwd, fingerprint, candidates };
}

/**
 * The session description of `d`, as this page's data channel has it.
 * @param {Described} d
 */
export function sessionDescription(d) {
  const fp = Array.from(d.fingerprint, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':');
  const candidates = d.candidates.map((c, i) => {
    const reflexive = c.kind === KIND.srflx4 || c.kind === KIND.srflx6;
    const priority = (reflexive ? 1677729535 : 2113937151) - i;
    return `a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${reflexive ? 'srflx raddr 0.0.0.0 rport 0' : 'host'}`;
  });
  const sid = Array.from(d.fingerprint.subarray(0, 6), (b) => String(b % 10)).join('') + '1';
  return [
    'v=0',
    `o=- ${sid} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'c=IN IP4 0.0.0.0',
    ...candidates,
    // An answer's addresses are all there are: with none reachable, the
    // host's browser says the connection failed (an offer's are not, since
    // the guest leaves out the host's own and waits for its checks).
    ...(d.type === 'answer' ? ['a=end-of-candidates'] : []),
    `a=ice-ufrag:${d.ufrag}`,
    `a=ice-pwd:${d.pwd}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fp}`,
    `a=setup:${d.type === 'offer' ? 'actpass' : 'active'}`,
    'a=mid:0',
    'a=sctp-port:5000',
    'a=max-message-size:262144',
    '',
  ].join('\r\n');
}
