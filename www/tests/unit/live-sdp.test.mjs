// Unit tests of the live codes (js/friends/sdp.js): Chromium's own offer and
// answer (fixtures/sdp, from two headless browsers on one machine) to a
// code and back, its length, every kind of candidate, and codes refused
// with their problem; and the messages of a live connection (js/friends/peer.js),
// read for their shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import './glue.mjs';

const { describe, packDescription, unpackDescription, sessionDescription } = await import('../../js/friends/sdp.js');
const { readMessage, writeMessage } = await import('../../js/friends/peer.js');
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = (name) => fs.readFile(path.join(here, '../fixtures/sdp', name), 'utf8');

test('Chromium\'s offer and answer go to a short code and back, and the description written back holds what the browser said', async (t) => {
  for (const type of ['offer', 'answer']) {
    const sdp = await fixture(`chromium-${type}.sdp`);
    const d = describe(sdp, type);
    assert.equal(d.candidates.length, 2);
    assert.ok(d.candidates.every((c) => c.kind === 0 && c.address.endsWith('.local')));
    const code = packDescription(d);
    t.diagnostic(`${type}: a code of ${code.length} characters (the description: ${sdp.length})`);
    assert.ok(code.length <= 140, `${code.length} characters`);
    assert.deepEqual(unpackDescription(code, type), d);
    const back = sessionDescription(d);
    for (const key of ['ice-ufrag', 'ice-pwd', 'fingerprint']) {
      assert.equal(back.match(new RegExp(`a=${key}:.*`))[0], sdp.match(new RegExp(`a=${key}:.*`))[0].trim(), key);
    }
    assert.deepEqual(describe(back, type), d, 'the description written back reads as the same');
  }
});

test('every kind of candidate round-trips; TCP, relay, other components and addresses the code cannot carry are left out', () => {
  const sdp = [
    'a=ice-ufrag:abcd',
    'a=ice-pwd:0123456789abcdefghij+/',
    `a=fingerprint:sha-256 ${Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':')}`,
    'a=candidate:1 1 udp 2113937151 192.168.1.20 50000 typ host',
    'a=candidate:2 1 udp 2113937151 fe80::1:2ff:fe33:4455 50001 typ host',
    'a=candidate:3 1 udp 1677729535 203.0.113.7 61000 typ srflx raddr 0.0.0.0 rport 0',
    'a=candidate:4 1 udp 1677729535 2001:db8::7 61001 typ srflx raddr :: rport 0',
    'a=candidate:5 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active',
    'a=candidate:6 1 udp 41885439 198.51.100.1 3478 typ relay raddr 0.0.0.0 rport 0',
    'a=candidate:7 2 udp 2113937151 192.168.1.20 50002 typ host',
    'a=candidate:8 1 udp 2113937151 ::ffff:192.168.1.20 50003 typ host',
    'a=candidate:9 1 udp 2113937151 1:2:3:4:5:6:7:8:9 50004 typ host',
    'a=candidate:10 1 udp 2113937151 300.1.1.1 50005 typ host',
    'a=candidate:11 1 udp 2113937151 fe80::1%eth0 50006 typ host',
  ].join('\r\n');
  const d = describe(sdp, 'offer');
  assert.deepEqual(
    d.candidates.map((c) => [c.kind, c.port]),
    [[1, 50000], [2, 50001], [3, 61000], [4, 61001]],
  );
  const back = unpackDescription(packDescription(d), 'offer');
  assert.deepEqual(back.candidates.map((c) => c.address), ['192.168.1.20', 'fe80:0:0:0:1:2ff:fe33:4455', '203.0.113.7', '2001:db8:0:0:0:0:0:7']);
});

test('a code that is not one is refused with its problem', async () => {
  const code = packDescription(describe(await fixture('chromium-offer.sdp'), 'offer'));
  const refused = (text, want) => {
    try {
      unpackDescription(text, want);
    } catch (e) {
      assert.equal(e.kind, 'liveCode');
      return e.problem;
    }
    return null;
  };
  assert.equal(refused(code, 'answer'), 'type', 'an offer where an answer was wanted');
  assert.equal(refused(code.slice(0, 32), 'offer'), 'truncated');
  assert.equal(refused(code + 'AAAA', 'offer'), 'trailing');
  assert.equal(refused(code.slice(0, 10) + '*' + code.slice(11), 'offer'), 'alphabet');
  assert.equal(refused('B' + code.slice(1), 'offer'), 'version');
  assert.equal(refused('', 'offer'), 'truncated');
  assert.equal(refused(` ${code}\n`, 'offer'), null, 'spaces around a pasted code are no part of it');
  assert.throws(() => describe('v=0\r\n', 'offer'), { kind: 'liveCode', problem: 'sdp' });
  const sdp = await fixture('chromium-offer.sdp');
  assert.throws(() => describe(sdp.replace(/a=ice-pwd:.*/, 'a=ice-pwd:short'), 'offer'), { kind: 'liveCode', problem: 'sdp' }, 'a password ICE does not allow');
  assert.throws(() => describe(sdp.replace(/(a=fingerprint:sha-256 [0-9A-F:]*):[0-9A-F]{2}/, '$1'), 'offer'), { kind: 'liveCode', problem: 'sdp' }, 'a fingerprint of 31 bytes');
});

test('a live message reads back as written, and one of another shape, too long or with a clock that no game has is refused', () => {
  const message = { link: 'AQID', clock: { dark: 299_500, light: 303_000 } };
  assert.deepEqual(readMessage(writeMessage(message)), message);
  assert.deepEqual(readMessage(writeMessage({ link: 'AQID', clock: null })), { link: 'AQID', clock: null });
  const problem = (data) => {
    try {
      readMessage(data);
    } catch (e) {
      return e;
    }
    assert.fail(`read ${data}`);
  };
  assert.deepEqual(problem(new ArrayBuffer(4)), { kind: 'liveMessage', problem: 'binary' });
  assert.deepEqual(problem('x'.repeat(20_001)), { kind: 'liveMessage', problem: 'tooLong', length: 20_001 });
  assert.deepEqual(problem('{"federa":1,'), { kind: 'liveMessage', problem: 'json' });
  const shapes = [
    { federa: 2, link: 'AQID', clock: null },
    { federa: 1, link: 3, clock: null },
    { federa: 1, link: 'AQID' },
    { federa: 1, link: 'AQID', clock: null, more: 1 },
    { federa: 1, link: 'AQID', clock: { dark: -1, light: 0 } },
    { federa: 1, link: 'AQID', clock: { dark: 1e300, light: 0 } },
    { federa: 1, link: 'AQID', clock: { dark: 1, light: 1, byo: 1 } },
    { federa: 1, link: 'AQID', clock: { dark: '1', light: 1 } },
    null,
    [1, 2, 3],
  ];
  for (const value of shapes) assert.deepEqual(problem(JSON.stringify(value)), { kind: 'liveMessage', problem: 'shape' }, JSON.stringify(value));
});
