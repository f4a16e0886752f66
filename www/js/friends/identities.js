// @ts-check
// The keys this browser signs its moves in link games with (friend/sign.js),
// kept in IndexedDB. Each identity is a P-256 key pair whose private half
// is non-extractable: no script can read it, not even ours. Its public
// half, the `root`, is what the games' links name the player by. An
// identity moves to another device by a handover (docs/friend-links.md):
// the backup file carries a new key, extractable only until it is stored
// there, certified by the key it hands over from.
import { handover } from './sign.js';

const DB = 'federa-keys';
const STORE = 'identities';
const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' };

/**
 * @typedef {{ key: Uint8Array, cert: Uint8Array }} Handover
 * @typedef {{ root: Uint8Array, pub: Uint8Array, key: CryptoKey, chain: Handover[], own: boolean }} Identity
 * root: the public key the games name (64 bytes, x‖y); pub: the key that
 * signs here (the root, or the chain's last key); key: its private half.
 * @typedef {{ root: string, chain: { key: string, cert: string }[], pkcs8: string }} Portable
 * An identity in a backup file, in base64.
 */

/** @param {Uint8Array} bytes */
export const toBase64 = (bytes) => btoa(String.fromCharCode(...bytes));
/** @param {string} text */
export const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
/** @param {Uint8Array} a @param {Uint8Array} b */
export const sameBytes = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** @returns {Promise<IDBDatabase>} */
function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Runs `fn` on the store in one transaction.
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} fn
 * @returns {Promise<T>}
 */
async function withStore(mode, fn) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const request = fn(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

/** @param {CryptoKey} key */
async function rawPublic(key) {
  return new Uint8Array(await crypto.subtle.exportKey('raw', key)).slice(1);
}

/** Every identity kept here, this browser's own first. @returns {Promise<Identity[]>} */
export async function identities() {
  const all = /** @type {Identity[]} */ (await withStore('readonly', (s) => s.getAll()));
  return all.sort((a, b) => Number(b.own) - Number(a.own));
}

/** This browser's own identity, made at its first use. */
export async function ownIdentity() {
  const own = (await identities()).find((i) => i.own);
  if (own) return own;
  const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey(ALGORITHM, false, ['sign', 'verify']));
  const pub = await rawPublic(pair.publicKey);
  /** @type {Identity} */
  const identity = { root: pub, pub, key: pair.privateKey, chain: [], own: true };
  await withStore('readwrite', (s) => s.add(identity));
  return identity;
}

/**
 * The identity kept here whose root is `root`, or null.
 * @param {Uint8Array} root
 */
export async function identityOf(root) {
  return (await identities()).find((i) => sameBytes(i.root, root)) ?? null;
}

/**
 * Every identity kept here, handed over to a new key each for a backup
 * file: the new key's private half goes into the file, certified by the
 * key that signs here now.
 * @returns {Promise<Portable[]>}
 */
export async function portable() {
  const out = [];
  for (const identity of await identities()) {
    const pair = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']));
    const key = await rawPublic(pair.publicKey);
    const cert = await handover(identity.key, identity.pub, key);
    const pkcs8 = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
    out.push({
      root: toBase64(identity.root),
      chain: [...identity.chain, { key, cert }].map((h) => ({ key: toBase64(h.key), cert: toBase64(h.cert) })),
      pkcs8: toBase64(pkcs8),
    });
  }
  return out;
}

/**
 * Keeps the identities of a backup file that this browser lacks (its
 * private keys stored non-extractable); returns how many were new. Throws
 * on a malformed item, keeping none of them.
 * @param {unknown} items
 */
export async function adopt(items) {
  if (!Array.isArray(items)) throw new Error('not a list');
  const have = await identities();
  /** @type {Identity[]} */
  const fresh = [];
  for (const item of items) {
    const root = fromBase64(item.root);
    if (have.some((i) => sameBytes(i.root, root)) || fresh.some((i) => sameBytes(i.root, root))) continue;
    const chain = item.chain.map((/** @type {{ key: string, cert: string }} */ h) => ({ key: fromBase64(h.key), cert: fromBase64(h.cert) }));
    if (chain.length === 0 || chain.some((/** @type {Handover} */ h) => h.key.length !== 64 || h.cert.length !== 64)) throw new Error('bad chain');
    const key = await crypto.subtle.importKey('pkcs8', fromBase64(item.pkcs8), ALGORITHM, false, ['sign']);
    fresh.push({ root, pub: chain[chain.length - 1].key, key, chain, own: false });
  }
  for (const identity of fresh) await withStore('readwrite', (s) => s.add(identity));
  return fresh.length;
}
