// Prints the worked example of docs/friend-links.md: a short 3×3 game as a
// friend link, its body field by field, one signed message and its
// SHA-256, and the players' fixed keys (with `d`, so a reader can
// re-sign). ECDSA signatures are randomised: every run prints other
// signature bytes, and so another text, which verifies all the same.
//   node scripts/friend-example.mjs
import { engine } from '../www/tests/unit/glue.mjs';

const wasm = await engine();
const { decodeLink, encodeLink, hex, signedBytes } = await import('../www/js/friends/codec.js');
const { linkOfText } = await import('../www/js/game/links.js');
const { signEvents, verifyLink } = await import('../www/js/friends/sign.js');
const { replay } = await import('../www/js/friends/replay.js');

const JWKS = {
  inviter: { d: 'oQiDVyHwDvBpFQBP1IJoqnWd35kwujKhZlSE1oKmblE', x: 'T8Iw4u_6DpJKQ6e8T2iV24Ce4KSEnY0YBms4-5FJTS0', y: 'AUv_Nb64ctjipv6HbPi6q_tKURPPRExK0hgn_yIvM3c' },
  guest: { d: '-kTe1fv1_LIFpo2wQHOx_QWkt_WOhyGS2sdtm7fZkDs', x: '5Iu9JPz1XmCuXTPgE0srAN86b6yvAjR7_z5P4SLRclU', y: 'u1K-n5h_5ltjk7GueuOYBfQBIL6oofeCXR8eHDmzO10' },
};
const importPrivate = (jwk) =>
  crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', ...jwk }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
const publicOf = (jwk) => new Uint8Array([...Buffer.from(jwk.x, 'base64url'), ...Buffer.from(jwk.y, 'base64url')]);

const created = 1767225600; // 2026-01-01 00:00:00 UTC
const game = {
  id: Uint8Array.from(Buffer.from('0123456789abcdef01234567', 'hex')),
  size: 3, pie: true, inviterSeat: 'first', days: 3, created,
  inviter: { name: 'Ann', key: publicOf(JWKS.inviter) }, guest: null,
  events: [
    { type: 'move', by: 0, code: 8, time: created + 120 }, // BCb2: point 4 (row 1, column 1), round
    { type: 'join', by: 1, name: 'Bo', key: publicOf(JWKS.guest), time: created + 3600 },
    { type: 'move', by: 1, code: 4095, time: created + 3700 }, // swap: Bo is Dark, Ann Light and to move
    { type: 'move', by: 0, code: 13, time: created + 90000 }, // WSa3: point 6, square
    { type: 'move', by: 1, code: 7, time: created + 90000 + 300 }, // BSa2: point 3, square
  ],
  sigs: [],
};
// Each player signs after their last event: Ann over events 1–4, Bo over all five.
const ann = await signEvents({ ...game, events: game.events.slice(0, 4) }, 0, await importPrivate(JWKS.inviter));
const link = await signEvents({ ...game, sigs: ann.sigs }, 1, await importPrivate(JWKS.guest));

const text = encodeLink(link);
const read = decodeLink(text);
const problem = await verifyLink(read);
if (problem) throw problem;
const { game: board, toMove, deadline } = replay(wasm, read);

/** The body's fields in order, as [name, bytes], walked with the decoded link's help. */
function fields(body) {
  const out = [];
  let at = 0;
  const take = (name, n) => out.push([name, body.subarray(at, (at += n))]);
  const varint = (name) => {
    let n = 1;
    while (body[at + n - 1] & 128) n++;
    take(name, n);
  };
  const identity = (who) => {
    take(`${who} name length`, 1);
    take(`${who} name`, body[at - 1]);
    take(`${who} key (x‖y)`, 64);
  };
  take('version', 1);
  take('id', 12);
  take('size', 1);
  take('flags', 1);
  take('created', 4);
  identity('inviter');
  varint('event count');
  read.events.forEach((e, k) => {
    take(`event ${k + 1} word (${e.type} by ${e.by ? 'guest' : 'inviter'}${e.type === 'move' ? `, code ${e.code}` : ''})`, 2);
    varint(`event ${k + 1} dt`);
    if (e.type === 'join') identity('guest');
  });
  take('signature count', 1);
  for (const { by } of read.sigs) {
    take(`signature by (${by ? 'guest' : 'inviter'})`, 1);
    varint('signature index');
    take('signature (r‖s)', 64);
    take('chain length', 1);
  }
  return out;
}

const body = Buffer.from(text, 'base64url');
const message = signedBytes(read, 5);
const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', message));
console.log('| field | hex |\n|---|---|');
for (const [name, bytes] of fields(body)) console.log(`| ${name} | \`${hex(bytes)}\` |`);
console.log(`\nbody: ${body.length} bytes; text: ${text.length} characters\n\n${linkOfText('https://example.org/federa/index.html', text)}\n`);
console.log(`signed message of Bo's signature (index 5), ${message.length} bytes:\n${hex(message)}\nSHA-256: ${hex(digest)}\n`);
console.log(`keys: ${JSON.stringify(JWKS, null, 2)}\ninviter key (64 bytes): ${hex(publicOf(JWKS.inviter))}\nguest key: ${hex(publicOf(JWKS.guest))}\n`);
console.log(`replayed: ${board.mainRecord()}; to move: ${toMove === 0 ? 'Ann' : 'Bo'}; deadline ${deadline} (${new Date((deadline ?? 0) * 1000).toISOString()})`);
board.free();
