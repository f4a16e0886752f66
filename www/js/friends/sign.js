// @ts-check
// The signatures of a friend link (docs/friend-links.md): ECDSA P-256 over
// SHA-256 through WebCrypto, the same in Node 20 and the browsers. The
// page makes and keeps the keys; this module only signs and checks.
import { friendError, handoverBytes, signedBytes } from './codec.js';

/**
 * @typedef {import('./codec.js').FriendLink} FriendLink
 * @typedef {import('./codec.js').FriendLinkError} FriendLinkError
 * @typedef {import('./codec.js').Handover} Handover
 * @typedef {import('./codec.js').Player} Player
 */

const CURVE = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };

/**
 * A public key from its 64 bytes (x‖y, the raw export without its 0x04).
 * Rejects for bytes that are no point of the curve.
 * @param {Uint8Array} key64
 */
export function importPublic(key64) {
  const raw = new Uint8Array(1 + key64.length);
  raw[0] = 4;
  raw.set(key64, 1);
  return crypto.subtle.importKey('raw', raw, CURVE, true, ['verify']);
}

/**
 * @param {CryptoKey} privateKey
 * @param {Uint8Array<ArrayBuffer>} message
 */
const sign = async (privateKey, message) => new Uint8Array(await crypto.subtle.sign(SIGNING, privateKey, message));

/**
 * Whether `sig` is `key64`'s signature of `message`; a key that is no
 * point is no signer.
 * @param {Uint8Array} key64
 * @param {Uint8Array} sig
 * @param {Uint8Array<ArrayBuffer>} message
 */
async function verifies(key64, sig, message) {
  try {
    // A copy: WebCrypto's types want bytes of a plain ArrayBuffer.
    return await crypto.subtle.verify(SIGNING, await importPublic(key64), new Uint8Array(sig), message);
  } catch {
    return false;
  }
}

/**
 * The certificate handing a player's identity over from `prevKey` (whose
 * private key signs) to `newKey`, a new device's.
 * @param {CryptoKey} prevPrivateKey
 * @param {Uint8Array} prevKey
 * @param {Uint8Array} newKey
 */
export const handover = (prevPrivateKey, prevKey, newKey) => sign(prevPrivateKey, handoverBytes(prevKey, newKey));

/**
 * `link` with player `by`'s signature replaced by one covering every event
 * (made by `privateKey`: the identity's key, or the last of `chain`'s).
 * @param {FriendLink} link
 * @param {Player} by
 * @param {CryptoKey} privateKey
 * @param {Handover[]} chain
 * @returns {Promise<FriendLink>}
 */
export async function signEvents(link, by, privateKey, chain = []) {
  const index = link.events.length;
  const sig = await sign(privateKey, signedBytes(link, index));
  const sigs = [...link.sigs.filter((s) => s.by !== by), { by, index, sig, chain }].sort((a, b) => a.by - b.by);
  return { ...link, sigs };
}

/**
 * Null when the link is signed as it must be, else the first problem:
 * first what needs no cryptography ('unsigned': an event, or the
 * invitation, its author's signature does not cover; 'signer': a
 * signature ending on the other player's event, or the guest's with no
 * event of theirs), then each signature's chain ('handover') and the
 * signature itself ('forged'), the inviter's first.
 * @param {FriendLink} link
 * @returns {Promise<FriendLinkError | null>}
 */
export async function verifyLink(link) {
  const sigOf = (/** @type {Player} */ player) => link.sigs.find((s) => s.by === player);
  if (!sigOf(0)) return friendError('unsigned', { player: 0, index: 0 });
  for (const [k, event] of link.events.entries()) {
    if ((sigOf(event.by)?.index ?? -1) <= k) return friendError('unsigned', { player: event.by, index: k + 1 });
  }
  for (const { by, index } of link.sigs) {
    const last = index === 0 ? 0 : link.events[index - 1]?.by;
    if (last !== by) return friendError('signer', { player: by, index });
  }
  // The guest's identity is the rematch header's or the join's; with neither, nothing it signs verifies.
  const guestKey = link.guest?.key ?? link.events.flatMap((e) => (e.type === 'join' ? [e.key] : []))[0];
  for (const { by, index, sig, chain } of [...link.sigs].sort((a, b) => a.by - b.by)) {
    let key = by === 0 ? link.inviter.key : guestKey;
    if (!key) return friendError('forged', { player: by });
    for (const step of chain) {
      if (!(await verifies(key, step.cert, handoverBytes(key, step.key)))) return friendError('handover', { player: by });
      key = step.key;
    }
    if (!(await verifies(key, sig, signedBytes(link, index)))) return friendError('forged', { player: by });
  }
  return null;
}
