// End-to-end tests of live games (friends/link-game-ctrl.js) in headless
// Chromium: two players, each a browser of their own on one machine,
// connected directly (a WebRTC data channel with no ICE server, its offer
// and answer carried as the players would carry them: pasted, or opened in
// the same browser).
// A live 5×5 game from the invitation to the win with no link opened by
// hand; a rematch live; the connection cut mid-game and the game finished
// by links; live clocks on fake time (counts adopted, counts apart shown, a
// loss on time signed); a connection that cannot open; and a hostile page
// at the other end sending garbage, an illegal move, a move for the wrong
// side and an unsigned move, each refused with its message and nothing
// kept changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { T0, clockFaces, playerSuite, until } from './friend-page.mjs';
import '../unit/glue.mjs';
import en from '../../js/i18n/catalogues/en.js';
import ru from '../../js/i18n/catalogues/ru.js';

// links.js reads the engine's facts: glue.mjs first.
const { LIVE, hashParam, moveCode } = await import('../../js/game/links.js');
const words = { en, ru };

const { server, problems, facts, status, message, stored, open, move, pair, turn, shot, partShot, inPage, withEvents } = playerSuite();

const liveStatus = (page) => page.textContent('#live-status');

/** `page` offers a live connection with `clock` (a `[TimeControl]`, '' for none); returns the live invitation. */
async function offer(page, shotName = '', clock = '') {
  await page.selectOption('#live-clock', clock);
  await page.click('#live-start');
  await page.waitForFunction(() => document.querySelector('#live-link').value.includes('&live='));
  if (shotName) {
    // With its QR code, for a phone to read (still shown from an invitation before, or shown now).
    if ((await page.getAttribute('#live-qr-btn', 'aria-expanded')) !== 'true') await page.click('#live-qr-btn');
    await page.waitForSelector('#live-qr svg path');
    await shot(page, shotName);
  }
  return page.inputValue('#live-link');
}

/** Alice offers, Bob opens the invitation and answers, Alice pastes the answer: connected. */
async function connect(alice, bob, { suffix = '', lang = 'en', relay = false, clock = '' } = {}) {
  const invitation = await offer(alice, 'live-invitation' + suffix, clock);
  await open(bob, invitation);
  await bob.waitForFunction(() => document.querySelector('#live-link').value.includes('&answer='));
  if (lang === 'en') assert.equal(await bob.textContent('#live-send-text'), 'Send this answer back to Alice:');
  const answer = await bob.inputValue('#live-link');
  if (relay) {
    // Opened in another tab of Alice's browser, the answer goes to her waiting page.
    const tab = await alice.context().newPage();
    await tab.goto(answer);
    await tab.waitForFunction((text) => document.querySelector('#message').textContent === text, words[lang]['live.passed']);
    await tab.close();
  } else {
    await alice.fill('#live-answer-text', answer);
    await alice.click('#live-answer button[type="submit"]');
  }
  for (const [page, other] of [[alice, 'Bob'], [bob, 'Alice']]) {
    await until(page, (text) => document.querySelector('#live-status').textContent === text, openWords(lang, other, clock));
  }
}

test('one link to send at a time: a live invitation takes the place of the game\'s own link', async () => {
  const { alice } = await pair();
  await move(alice);
  assert.equal(await alice.isVisible('#friend-send'), true, 'the move\'s link to send');
  await offer(alice);
  assert.equal(await alice.isVisible('#live-send'), true);
  assert.equal(await alice.isVisible('#friend-send'), false, 'not beside the live invitation');
  assert.equal(await alice.locator('button:visible', { hasText: 'Copy the link' }).count(), 1);
});

test('a page reloaded mid live game says that its live connection ended, and the other page that it dropped', async () => {
  const { alice, bob } = await pair();
  await connect(alice, bob);
  await liveTurn(alice, bob);
  await bob.reload();
  await bob.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa.friend());
  await bob.waitForFunction(() => document.querySelector('#message').textContent !== '');
  assert.equal(
    await bob.textContent('#message'),
    'The live connection ended when this page was reloaded: the game goes on by links, or press Connect again to play live.',
  );
  await alice.waitForFunction(() => document.querySelector('#live-status').textContent.startsWith('The connection dropped'), null, { timeout: 5000 });
  // Said once: a reload after it has nothing to say.
  await bob.reload();
  await bob.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa.friend());
  assert.equal(await bob.textContent('#message'), '');
});

/** What a connected page's live status says, with the clocks of `clock` (a Fischer `[TimeControl]`, or ''). */
function openWords(lang, name, clock) {
  const open = words[lang]['live.open'].replace('{name}', name);
  if (!clock) return open;
  const [main, increment] = clock.split('+').map(Number);
  const tc = words[lang]['newGame.fischer'].replace('{minutes}', String(main / 60)).replace('{seconds}', String(increment));
  return `${open} ${words[lang]['live.clocks'].replace('{clock}', tc)}`;
}

/** The player of `page` moves, and the other page has it without a link opened. */
async function liveTurn(page, other) {
  const n = (await facts(page)).events;
  await move(page);
  await until(other, (n) => window.federa.friend()?.events === n, n + 1);
  assert.equal((await facts(other)).text, (await facts(page)).text, 'both pages hold the same game');
}

test('a live 5×5 game from the invitation to the win, a rematch live, and a cut connection finished by links', async () => {
  const { alice, bob } = await pair();
  await connect(alice, bob);
  assert.equal(await alice.isVisible('#friend-send'), false, 'connected: no link to send by hand');
  const pages = [alice, bob];
  for (let ply = 0; ply < 80; ply++) {
    const f = await facts(alice);
    if (f.result) break;
    await liveTurn(pages[f.toMove], pages[1 - f.toMove]);
    if (ply === 3) await shot(bob, 'live-game');
  }
  const end = await facts(alice);
  assert.ok(end.result, 'the game ended');
  assert.deepEqual((await facts(bob)).result, end.result);

  // The rematch reaches the other page over the connection.
  await alice.click('#btn-rematch');
  await bob.waitForFunction((id) => window.federa.friend()?.id !== id && window.federa.friend()?.events === 0, end.id);
  const rematch = await facts(bob);
  assert.equal(rematch.text, (await facts(alice)).text);
  assert.equal(await liveStatus(bob), 'Live: connected directly to Alice. Moves arrive at once.');
  const first = pages[rematch.toMove];
  await liveTurn(first, pages[1 - rematch.toMove]);

  // Bob's page goes away mid-game: Alice's says so, and the game goes on by links.
  const bobContext = bob.context();
  const kept = await facts(bob);
  await bob.close();
  // At once (a page left closes its channel), not after the seconds of silence a lost connection takes.
  await alice.waitForFunction(() => document.querySelector('#live-status').textContent.startsWith('The connection dropped'), null, { timeout: 5000 });
  await shot(alice, 'live-dropped');
  assert.ok(await alice.isVisible('#live-start'), 'a new invitation can connect it again');
  const bob2 = await bobContext.newPage();
  bob2.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await bob2.goto(server().url);
  await bob2.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa?.friend()?.id);
  assert.equal((await facts(bob2)).text, kept.text, 'the game kept in Bob\'s browser');
  const both = [alice, bob2];
  for (let ply = 0; ply < 80; ply++) {
    const f = await facts(alice);
    if (f.result) break;
    await turn(both[f.toMove], both[1 - f.toMove]);
  }
  assert.ok((await facts(alice)).result);
  assert.deepEqual((await facts(bob2)).result, (await facts(alice)).result);
});

/** What the two clocks of `page` show (clockFaces), then the note under them. */
const faces = async (page) => [
  ...(await clockFaces(page)),
  await page.evaluate(() => {
    const note = document.querySelector('#clocks .clock-note');
    return note.hidden ? '' : note.textContent;
  }),
];

test('live clocks: each page counts both, adopts the mover\'s own count within the margin, shows counts further apart, and the player out of time signs the loss', async () => {
  const { alice, bob } = await pair({ clock: T0 });
  await connect(alice, bob, { clock: '60+1' });
  // From here each browser's time moves only as the test moves it.
  const T1 = T0 + 10 * 60_000;
  for (const page of [alice, bob]) await page.context().clock.pauseAt(T1);
  const on = (page, ms) => page.context().clock.fastForward(ms);
  assert.deepEqual(await faces(alice), ['1:00 | +1 s a move | ', '1:00 | +1 s a move | ', '']);

  await liveTurn(alice, bob);
  assert.deepEqual(await faces(bob), ['1:00 | +1 s a move | ', '1:00 | +1 s a move | running', ''], 'the first move is free');
  // Bob thinks 10 s; his move reaches Alice's page 1.5 s later by her time: she takes his count.
  await on(alice, 11_500);
  await on(bob, 10_000);
  assert.deepEqual((await faces(alice))[1], '0:48 | +1 s a move | running');
  await liveTurn(bob, alice);
  assert.deepEqual(await faces(bob), ['1:00 | +1 s a move | running', '0:51 | +1 s a move | ', '']);
  assert.deepEqual(await faces(alice), ['1:00 | +1 s a move | running', '0:51 | +1 s a move | ', ''], 'Bob\'s own count of his time, 1.5 s apart from hers');

  // Alice thinks 5 s, and Bob's page sees no time go by: 5 s apart, beyond the margin, and said.
  await on(alice, 5000);
  await liveTurn(alice, bob);
  assert.deepEqual(await faces(alice), ['0:56 | +1 s a move | ', '0:51 | +1 s a move | running', '']);
  assert.deepEqual(await faces(bob), ['1:01 | +1 s a move | ', '0:51 | +1 s a move | running', 'The other page counts 0:56 for Dark; this page 1:01.']);
  await partShot(bob, '#clocks', 'live-clocks-apart');

  // Bob's time runs out by Alice's clock first: her page waits for his to sign it.
  await on(alice, 53_000);
  await until(alice, () => document.querySelector('#clocks .clock.light').classList.contains('flagged'));
  assert.deepEqual(await faces(alice), [
    '0:56 | +1 s a move | ',
    '0:00.0 | out of time | low flagged',
    'Light’s time is up by this page’s clock: the game ends when the other page records it.',
  ]);
  await partShot(alice, '#clocks', 'live-clocks-their-flag');
  assert.equal((await facts(alice)).result, null);
  // Then by his own: his page signs the loss, and hers has it at once.
  await on(bob, 53_000);
  await until(alice, () => window.federa.friend()?.result !== null);
  for (const page of [alice, bob]) {
    assert.deepEqual((await facts(page)).result, { winner: 0, how: 'time' });
    assert.equal(await page.textContent('#friend-status'), 'Bob ran out of time: Alice won.');
    const record = await page.evaluate(() => window.federa.record());
    assert.match(record, /\[TimeControl "60\+1"\]/);
    assert.match(record, /\[Termination "time"\]/);
    assert.match(record, /\[Result "B"\]/);
  }
  assert.equal((await facts(alice)).text, (await facts(bob)).text);
  assert.deepEqual((await faces(alice)).slice(0, 2), ['0:56 | +1 s a move | ', '0:00.0 | out of time | low flagged'], 'the clocks stop on the loss');
});

test('a take-back asked and allowed, and a resignation, over the connection', async () => {
  const { alice, bob } = await pair();
  await connect(alice, bob);
  await liveTurn(alice, bob);
  await liveTurn(bob, alice);
  // Alice asks; Bob's page has the question at once, and his answer comes back.
  await alice.click('#friend-offer');
  await bob.waitForFunction(() => document.querySelector('#friend-offered').textContent === 'Alice asks to take back their last move.');
  await bob.click('#friend-accept');
  await alice.waitForFunction(() => window.federa.status().moves === 0);
  assert.equal(await alice.textContent('#friend-status'), 'Your move.');
  await liveTurn(alice, bob);
  await bob.click('#btn-resign');
  await bob.click('#btn-resign-yes');
  await alice.waitForFunction(() => window.federa.friend()?.result);
  assert.equal(await alice.textContent('#friend-status'), 'Bob resigned: Alice won.');
  assert.equal((await facts(alice)).text, (await facts(bob)).text);
});

test('after a drop, Connect again makes a new invitation that connects the same game', async () => {
  const { alice, bob } = await pair();
  await connect(alice, bob);
  await liveTurn(alice, bob);
  const context = bob.context();
  await bob.close();
  await alice.waitForFunction(() => document.querySelector('#live-status').textContent.startsWith('The connection dropped'));
  assert.equal(await alice.textContent('#live-start'), 'Connect again');
  const again = await context.newPage();
  again.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await again.goto(server().url);
  await again.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa?.friend()?.id);
  await connect(alice, again);
  await liveTurn(again, alice);
  assert.equal((await facts(alice)).events, 3, 'the join and a move each, on one game');
});

test('an answer carried back after 40 seconds still connects: the answering side does not give up waiting', async () => {
  const { alice, bob } = await pair();
  const invitation = await offer(alice);
  await open(bob, invitation);
  await bob.waitForFunction(() => document.querySelector('#live-link').value.includes('&answer='));
  const answer = await bob.inputValue('#live-link');
  // Not a wait for something to happen: the time a player takes is what is tested
  // (a browser gives up on addresses it tries in vain after about 30 s).
  await new Promise((resolve) => setTimeout(resolve, 40_000));
  assert.equal(await liveStatus(bob), '', 'the answering side still waits: no failure said');
  assert.ok(await bob.isVisible('#live-send'), 'its answer still offered');
  await alice.fill('#live-answer-text', answer);
  await alice.click('#live-answer button[type="submit"]');
  for (const [page, other] of [[alice, 'Bob'], [bob, 'Alice']]) {
    await page.waitForFunction((text) => document.querySelector('#live-status').textContent === text, `Live: connected directly to ${other}. Moves arrive at once.`);
  }
});

/**
 * A page in Bob's browser (his keys) that answers Alice's live invitation
 * itself and sends what the test gives it: the other end as a hostile page.
 */
async function hostile(bob, invitation) {
  const page = await bob.context().newPage();
  await page.goto(server().url);
  await page.waitForFunction(() => document.documentElement.classList.contains('ready'));
  const code = hashParam(invitation.slice(invitation.indexOf('#')), LIVE.offer);
  const answer = await inPage(
    page,
    (code) => {
      window.hostile = new window.linkTools.peer.LivePeer({ stun: '', onOpen() {}, onMessage() {}, onClose() {} });
      return window.hostile.answer(code);
    },
    code,
  );
  return { page, answer };
}

test('answers whose addresses cannot be reached: the page says the browsers could not reach each other, and the game goes on by links', async () => {
  const { alice, bob } = await pair();
  /**
   * Alice's live invitation answered by a page of Bob's browser whose one
   * address is `port` of this machine, where no one answers; the answering
   * page gone before Alice pastes it.
   */
  async function unreachable(port) {
    const invitation = await offer(alice);
    const { page: evil, answer } = await hostile(bob, invitation);
    const code = await inPage(
      evil,
      ({ code, port }) => {
        const { sdp } = window.linkTools;
        window.hostile.close();
        return sdp.packDescription({ ...sdp.unpackDescription(code, 'answer'), candidates: [{ kind: 1, address: '127.0.0.1', port }] });
      },
      { code: answer, port },
    );
    await evil.close();
    await alice.fill('#live-answer-text', code);
    await alice.click('#live-answer button[type="submit"]');
    // Past the invitation's state (no status) and the wait for the connection.
    await alice.waitForFunction(() => !['', 'Waiting for the connection to open…'].includes(document.querySelector('#live-status').textContent), null, { timeout: 60_000 });
    assert.equal(
      await liveStatus(alice),
      'The connection could not open: the two browsers could not reach each other. On two networks, name a STUN server in the settings; behind some firewalls only links get through, and the game goes on by links.',
    );
    assert.equal(await message(alice), '');
    assert.equal(await alice.textContent('#live-start'), 'Connect again', 'a new invitation may try again');
  }
  // A port the browser tries in vain (it gives up after some 15 s), then one it will not try at all (the page gives up after 30 s).
  await unreachable(40_917);
  await unreachable(9);
  await turn(alice, bob);
});

/** A placement of a round piece at `point` in a 5×5 link. */
const placeCode = (point) => moveCode({ kind: 'place', at: point, piece: 'lightRound' }, 5);

test('a hostile page at the other end: garbage, an illegal move, a move for the wrong side, an unsigned move and a game not asked for, each refused and nothing kept changed', async () => {
  const { alice, bob } = await pair();
  await turn(alice, bob);
  const invitation = await offer(alice);
  const { page: evil, answer } = await hostile(bob, invitation);
  await alice.fill('#live-answer-text', answer);
  await alice.click('#live-answer button[type="submit"]');
  await alice.waitForFunction(() => document.querySelector('#live-status').textContent.startsWith('Live:'));
  await evil.waitForFunction(() => window.hostile.open);
  const f = (await facts(alice)).text;
  const before = await stored(alice);
  const moves = (await status(alice)).moves;

  /** Sends `data` from the hostile page: Alice's page refuses it with `words`, and nothing changes. */
  async function refused(data, words) {
    await alice.evaluate(() => {
      document.querySelector('#message').textContent = '';
    });
    await evil.evaluate((data) => window.hostile.channel.send(data), data);
    await alice.waitForFunction(() => document.querySelector('#message').textContent !== '');
    assert.equal(await message(alice), `Your friend’s page sent something this page refuses, and nothing has changed: ${words}`);
    assert.equal(await stored(alice), before, 'nothing stored changed');
    assert.equal((await facts(alice)).text, f, 'the game shown is as it was');
    assert.equal((await status(alice)).moves, moves);
  }
  const sent = (link) => JSON.stringify({ federa: 1, link, clock: null });

  await refused('{"federa": 1, "link": ', 'a message that does not read.');
  await refused(JSON.stringify({ federa: 1, link: f, clock: null, extra: true }), 'a message that is not a game’s link.');
  await refused(sent('AAAA'), 'the link is of a version this page does not know (0).');
  // Alice's move stands on a point; Bob places there too.
  const taken = (await alice.evaluate(() => window.federa.record())).split(/\s+/).at(-1).replace(/^[BW]F?[CS]/, '');
  await refused(sent(await withEvents(evil, f, [{ type: 'move', by: 1, code: placeCode(taken) }], { signer: 1 })), `move 3 cannot be played: ${taken} already holds a dark round piece.`);
  // Two moves of Bob's in a row; then a move of his he did not sign.
  const free = taken === 'e5' ? 'e4' : 'e5';
  const twice = [{ type: 'move', by: 1, code: placeCode(free) }, { type: 'move', by: 1, code: placeCode(free === 'e5' ? 'd5' : 'd4') }];
  await refused(sent(await withEvents(evil, f, twice, { signer: 1 })), 'move 4 was made by Bob, but it was the other player’s turn.');
  await refused(sent(await withEvents(evil, f, twice.slice(0, 1), { signer: 1, unsigned: true })), 'event 3 has no signature of Bob, who made it.');
  // A new game between the same two, signed by Bob, while this one goes on: no rematch was asked for.
  const other = await inPage(evil, async (f) => {
    const { codec, sign, keys } = window.linkTools;
    const game = codec.decodeLink(f);
    const me = (await keys.identities())[0];
    const join = game.events.find((e) => e.type === 'join');
    const link = {
      ...game,
      id: crypto.getRandomValues(new Uint8Array(12)),
      inviterSeat: 'first',
      inviter: { name: join.name, key: me.root },
      guest: game.inviter,
      events: [],
      sigs: [],
    };
    return codec.encodeLink(await sign.signEvents(link, 0, me.key, me.chain));
  }, f);
  await refused(sent(other), 'a link of a game other than this one.');
  await evil.close();
});

test('the live invitation, a live game with clocks and a dropped connection, on a phone and in Russian', async () => {
  for (const [lang, phone] of [['en', true], ['ru', false], ['ru', true]]) {
    const suffix = `${lang === 'en' ? '' : '-' + lang}${phone ? '-360' : ''}`;
    const { alice, bob } = await pair({ lang, phone });
    await connect(alice, bob, { suffix, lang, relay: !phone, clock: '300+3' });
    await liveTurn(alice, bob);
    await liveTurn(bob, alice);
    assert.ok(await bob.isVisible('#clocks'), 'a live game with clocks');
    await shot(bob, 'live-game' + suffix);
    await bob.close();
    await alice.waitForFunction((text) => document.querySelector('#live-status').textContent === text, words[lang]['live.dropped']);
    assert.equal(await alice.isVisible('#clocks'), false, 'by links, the game has no clocks');
    assert.doesNotMatch(await alice.evaluate(() => window.federa.record()), /TimeControl/);
    await shot(alice, 'live-dropped' + suffix);
  }
});
