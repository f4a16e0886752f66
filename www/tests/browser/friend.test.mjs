// End-to-end tests of link games (friends/link-game-ctrl.js), in
// headless Chromium: each player a browser of their own (separate storage
// and keys), the links carried between them as a player would send them.
// A whole 5×5 game from the invitation to the win and both players' lists;
// take-back, resignation and rematch; every tampering the link must show,
// refused with its reason and nothing stored changed; a backup restored in a
// third browser that plays on, and a tampered backup refused whole; a game
// by link in an embedded board; days a move on a fake clock, with a claim of
// a win on time; the screens on a phone and in Russian.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { T0, playerSuite } from './friend-page.mjs';
import { clickPoint } from './play-page.mjs';
import '../unit/glue.mjs';
import en from '../../js/i18n/catalogues/en.js';
import ru from '../../js/i18n/catalogues/ru.js';

// The codec reads the engine's facts: glue.mjs first.
const { decodeLink, encodeLink, hex } = await import('../../js/friends/codec.js');

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = path.resolve(here, '../../../target/screenshots');

const { server, player, facts, status, message, stored, invite, open, join, nextLink, move, pair, turn, shot, inPage, withEvents } = playerSuite();

test('a whole 5×5 game by links: the invitation, the join, moves both ways, the win, and both lists', async () => {
  const alice = await player();
  const bob = await player();
  const invitation = await invite(alice);
  assert.match(invitation, /\/sub\/federa\/(index\.html)?#f=[A-Za-z0-9_-]+$/);
  assert.equal(await alice.textContent('#friend-send-text'), 'Send this invitation to your friend:');
  assert.equal(await alice.inputValue('#friend-link'), invitation);
  await alice.click('#friend-qr-btn');
  await alice.waitForSelector('#friend-qr svg path');
  await shot(alice, 'friend-invitation');

  await open(bob, invitation);
  assert.match(await bob.textContent('#friend-join-text'), /^Alice invites you to a game on 5 × 5/);
  assert.equal((await facts(bob)).me, null, 'a visitor only watches until they join');
  await join(bob, 'Bob');
  assert.equal(await bob.textContent('#friend-send-text'), 'Send this link to Alice:');
  await open(alice, (await facts(bob)).url);
  assert.equal(await alice.textContent('#friend-status'), 'Your move.');
  assert.equal(await alice.textContent('#player-dark-name'), 'Alice (you)');
  assert.equal(await alice.textContent('#player-light-name'), 'Bob');
  assert.equal(await alice.textContent('#turn'), 'Dark to move (Alice)', 'the turn line names the player bare');

  const pages = [alice, bob];
  for (let ply = 0; ply < 80; ply++) {
    const f = await facts(alice);
    if (f.result) break;
    const mover = pages[f.toMove];
    await turn(mover, pages[1 - f.toMove]);
    if (ply === 4) await shot(bob, 'friend-game');
    if (ply === 0) {
      // On the friend's turn a tap here says whose turn it is, by name.
      const empty = (await alice.evaluate(() => window.federa.legalMoves())).find((m) => /^[BW]C[a-e][1-5]$/.test(m)).slice(2);
      await clickPoint(alice, empty);
      assert.equal(await message(alice), 'Wait: it is Bob’s turn.');
    }
  }
  const end = await facts(alice);
  assert.ok(end.result, 'the game ended');
  assert.equal(end.result.how, 'rules');
  assert.deepEqual((await facts(bob)).result, end.result);
  const st = await status(bob);
  assert.ok(st.winner, 'the board shows the win');
  assert.equal(await bob.textContent('#friend-status'), `${end.names[end.result.winner]} won.`);
  assert.ok(await alice.isVisible('#btn-rematch'));

  // Both lists: the game with the other player, its moves and its result.
  for (const [page, other] of [[alice, 'Bob'], [bob, 'Alice']]) {
    const games = await page.evaluate(() => window.federa.games());
    assert.equal(games.length, 1);
    assert.equal(games[0].kind, 'friend');
    assert.equal(games[0].moves, st.moves);
    assert.equal(await page.textContent('#archive-list .game-title'), `With ${other}`);
    assert.match(await page.textContent('#archive-list .game-facts'), /won/);
    assert.equal(await page.locator('#archive-list .game-thumb canvas').count(), 1, 'a picture of the board');
  }
  await shot(alice, 'friend-list');
  // A reload opens the game kept, from its link.
  await bob.reload();
  await bob.waitForFunction(() => window.federa?.friend()?.result);
  assert.deepEqual((await facts(bob)).result, end.result);
});

test('take-back asked and allowed, resignation, and a rematch with the colours swapped', async () => {
  const { alice, bob } = await pair();
  await turn(alice, bob);
  await turn(bob, alice);
  // Alice asks to take back her move; Bob's is taken back with it.
  await alice.click('#friend-offer');
  await open(bob, await nextLink(alice, (await facts(bob)).events + 1));
  assert.equal(await bob.textContent('#friend-offered'), 'Alice asks to take back their last move.');
  await bob.click('#friend-accept');
  await bob.waitForFunction(() => window.federa.status().moves === 0);
  await open(alice, (await facts(bob)).url);
  assert.equal((await status(alice)).moves, 0);
  assert.equal(await alice.textContent('#friend-status'), 'Your move.');
  // The list says whose move it is, in bold for the player to move.
  assert.equal(await alice.textContent('#archive-list .game-facts strong'), 'Your move.');
  assert.equal(await bob.locator('#archive-list .game-facts strong').count(), 0);

  await turn(alice, bob);
  await bob.click('#btn-resign');
  await bob.click('#btn-resign-yes');
  await bob.waitForFunction(() => window.federa.friend()?.result);
  await open(alice, (await facts(bob)).url);
  assert.equal(await alice.textContent('#friend-status'), 'Bob resigned: Alice won.');
  assert.match(await alice.textContent('#turn'), /^Dark wins: Light resigned/);
  assert.match(await alice.evaluate(() => window.federa.annotated()), /\[Termination "resign"\]/);

  // The rematch: a new game, Bob (Light before) now Dark and to move.
  await alice.click('#btn-rematch');
  await alice.waitForFunction(() => window.federa.friend() && !window.federa.friend().result);
  const rematch = await facts(alice);
  await open(bob, rematch.url);
  const theirs = await facts(bob);
  assert.equal(theirs.me, 1);
  assert.equal(theirs.joined, true, 'both players are known: the game starts at once');
  assert.equal(await bob.textContent('#friend-status'), 'Your move.');
  assert.equal(await bob.textContent('#player-dark-name'), 'Bob (you)');
  assert.equal((await bob.evaluate(() => window.federa.games())).length, 2);
});

/** `f` with one more move, by `by`, of `code`, signed by this browser's own key (whoever's turn it is). */
const withMove = (page, f, by, code) => withEvents(page, f, [{ type: 'move', by, code }], { signer: by });

test('a tampered link is refused with its reason, and nothing kept changes', async () => {
  const { alice, bob } = await pair();
  const first = await turn(alice, bob);
  const second = await turn(bob, alice);
  const text = (url) => new URL(url).hash.slice('#f='.length);
  const address = second.split('#')[0];

  /** Opens `f` in Alice's page: refused with `words`, storage as it was. */
  async function refused(f, words) {
    const before = await stored(alice);
    await open(alice, `${address}#f=${f}`);
    assert.match(await message(alice), words);
    assert.equal(await stored(alice), before, 'nothing stored changed');
    assert.equal((await facts(alice)).text, text(second), 'the game kept is shown');
  }

  // Bob plays another move in place of his (signed, but not what Alice saw).
  const other = await withMove(bob, text(first), 1, 3);
  await refused(other, /^This link was refused, and nothing kept has changed: event 3 differs from the game kept here: a move the other player had sent was changed\.$/);
  await shot(alice, 'friend-refused');

  // Alice (signing for herself) makes a move on Bob's turn: Bob's page refuses it.
  const forBob = await withMove(alice, text(first), 0, 10);
  const bobBefore = await stored(bob);
  await open(bob, `${address}#f=${forBob}`);
  assert.match(await message(bob), /: move 3 was made by Alice, but it was the other player’s turn\.$/);
  assert.equal(await stored(bob), bobBefore);

  // Bob's signature taken away; Bob's signature changed; the game's id changed.
  const parts = await inPage(alice, async (f) => {
    const { codec } = window.linkTools;
    const link = codec.decodeLink(f);
    const flipped = link.sigs.map((s) => (s.by === 1 ? { ...s, sig: s.sig.map((b, i) => (i === 5 ? b ^ 1 : b)) } : s));
    const id = link.id.map((b, i) => (i === 0 ? b ^ 1 : b));
    return {
      unsigned: codec.encodeLink({ ...link, sigs: link.sigs.filter((s) => s.by === 0) }),
      forged: codec.encodeLink({ ...link, sigs: flipped }),
      otherId: codec.encodeLink({ ...link, id }),
    };
  }, text(second));
  await refused(parts.unsigned, /: event 1 has no signature of Bob, who made it\.$/);
  await refused(parts.forged, /: the signature of Bob does not match the game: a move, the game’s id or the signature was changed\.$/);
  await refused(parts.otherId, /: it holds the signed moves of a game kept here, under another game’s id\.$/);
  // Cut short, and garbled.
  await refused(text(second).slice(0, 40), /: the link is cut short \(it ends at byte \d+\)\.$/);
  await refused(text(second).slice(0, 20) + '*' + text(second).slice(21), /: the link holds a character that no game’s link has \(at 20\)\.$/);
  // An older link opens the game kept.
  await open(alice, first);
  assert.equal(await message(alice), 'This link is older than the game kept here, so the game kept is shown.');
  assert.equal((await facts(alice)).text, text(second));
});

/** A link's text with the guest's signature changed in one bit. */
function forgedByGuest(text) {
  const link = decodeLink(text);
  link.sigs = link.sigs.map((s) => (s.by === 1 ? { ...s, sig: s.sig.map((b, i) => (i === 5 ? b ^ 1 : b)) } : s));
  return encodeLink(link);
}

test('a backup made in one browser is restored in a third, which plays on', async () => {
  const { alice, bob } = await pair();
  await turn(alice, bob);
  await turn(bob, alice);
  const [download] = await Promise.all([alice.waitForEvent('download'), alice.click('#btn-backup')]);
  const file = await download.path();
  const carol = await player();
  await carol.setInputFiles('#backup-input', file);
  await carol.waitForFunction(() => window.federa.games().some((g) => g.kind === 'friend'));
  assert.match(await message(carol), /^1 game restored; 0 kept/);
  await carol.click('#archive-list button.game-title');
  await carol.waitForFunction(() => window.federa.friend()?.me === 0);
  // Carol's browser signs for Alice now, through the handover in the file.
  const url = await turn(carol, bob);
  assert.equal((await facts(bob)).events, (await facts(carol)).events);
  assert.ok(url);
  // Restoring again changes nothing: the game here is newer.
  await carol.setInputFiles('#backup-input', file);
  await carol.waitForFunction(() => /kept/.test(document.querySelector('#message').textContent) && /^0 games/.test(document.querySelector('#message').textContent));
  assert.equal((await facts(carol)).events, (await facts(bob)).events);

  // A file whose link game was tampered with (Bob's signature changed) is
  // refused whole: a fourth browser keeps nothing of it, not even its keys.
  const backup = JSON.parse(await fs.readFile(file, 'utf8'));
  const index = backup.games.findIndex((g) => g.kind === 'friend');
  backup.games[index].friend.text = forgedByGuest(backup.games[index].friend.text);
  const hostile = path.join(SHOTS, 'friend-hostile-backup.json');
  await fs.writeFile(hostile, JSON.stringify(backup));
  const dave = await player();
  const before = await stored(dave);
  await dave.setInputFiles('#backup-input', hostile);
  await dave.waitForFunction(() => document.querySelector('#message').textContent !== '');
  assert.equal(
    await message(dave),
    `The backup was not restored: its game ${index + 1}, played by link, does not check: the signature of Bob does not match the game: a move, the game’s id or the signature was changed.`,
  );
  assert.equal(await stored(dave), before, 'nothing stored changed');
  assert.deepEqual(await dave.evaluate(async () => (await import(location.href.split('#')[0].replace(/[^/]*$/, '') + 'js/friends/identities.js')).identities().then((ids) => ids.length)), 0, 'no key adopted');
});

test('an embedded board shows a game by link, checked, with its players, and says why a tampered one is not shown', async () => {
  const { alice, bob } = await pair();
  await turn(alice, bob);
  const url = await turn(bob, alice);
  const [address, text] = url.split('#f=');
  const tampered = `${address}#f=${forgedByGuest(text)}`;
  const page = await alice.context().newPage();
  await page.goto(server().url + 'embed.html');
  await page.waitForFunction(() => document.documentElement.classList.contains('ready'));
  await page.evaluate(
    ([good, bad]) => {
      const board = (id, record) => {
        const element = document.createElement('federa-board');
        element.id = id;
        element.setAttribute('mode', 'replay');
        element.setAttribute('record', record);
        document.body.append(element);
      };
      board('linked', good);
      board('broken', bad);
    },
    [url, tampered],
  );
  await page.waitForFunction(() => document.getElementById('linked').api?.record() && document.getElementById('broken').shadowRoot?.querySelector('.failed'));
  const record = await page.evaluate(() => document.getElementById('linked').api.record());
  const game = hex(decodeLink(text).id);
  assert.ok(record.startsWith(`[Dark "Alice"]\n[Light "Bob"]\n[Game "${game}"]\n5x5 `), 'the players and the game named');
  assert.equal(record, await alice.evaluate(() => window.federa.record()), 'every move, as the players have it');
  assert.match(await page.evaluate(() => document.getElementById('broken').shadowRoot.querySelector('.message').textContent), /: the signature of Bob does not match the game: a move, the game’s id or the signature was changed\.$/);
  await page.close();
});

test('days a move on a fake clock: the time left, a reminder, and a claim of a win on time', async () => {
  const { alice, bob } = await pair({ clock: T0, days: 1 });
  await turn(alice, bob);
  assert.equal(await bob.textContent('#friend-status'), 'Your move. Due in 24 hours.');
  assert.ok(await bob.isVisible('#friend-honour'));
  const [download] = await Promise.all([bob.waitForEvent('download'), bob.click('#friend-remind')]);
  const ics = await fs.readFile(await download.path(), 'utf8');
  assert.match(ics, /BEGIN:VEVENT[\s\S]*SUMMARY:Federa: your move against Alice/);
  assert.match(ics, /DTEND:20261204T12000\dZ/);
  assert.equal(await alice.isVisible('#friend-claim'), false, 'no claim while Bob has time');
  await alice.context().clock.fastForward('25:00:00');
  await alice.waitForSelector('#friend-claim:not([hidden])');
  await alice.click('#friend-claim');
  await alice.waitForFunction(() => window.federa.friend()?.result);
  await open(bob, (await facts(alice)).url);
  assert.equal(await bob.textContent('#friend-status'), 'Bob ran out of time: Alice won.');
  assert.match(await bob.evaluate(() => window.federa.annotated()), /\[Termination "time"\]/);
});

test('a name a link cannot carry is refused with its reason, nothing joined; a name that would turn the line around is isolated', async () => {
  const alice = await player();
  const bob = await player();
  await invite(alice);
  await open(bob, (await facts(alice)).url);
  await bob.waitForSelector('#friend-join:not([hidden])');
  for (const [name, words] of [['名'.repeat(14), en['friend.name.tooLong']], ['Bob\tthe builder', en['friend.name.control']]]) {
    await bob.evaluate((n) => {
      /** @type {HTMLInputElement} */ (document.getElementById('friend-join-name')).value = n;
    }, name);
    await bob.click('#friend-join button[type="submit"]');
    assert.equal(await message(bob), words);
    assert.equal((await facts(bob)).me, null, 'not joined');
  }
  // An override in the name: the turn line keeps its own order around it.
  const hostile = 'Eve\u202eexe.gnp';
  await join(bob, hostile);
  await open(alice, (await facts(bob)).url);
  await move(alice);
  assert.equal(await alice.textContent('#turn'), `Light to move (\u2068${hostile}\u2069)`);
});

test('the invitation, a game, the list and a refused link, on a phone and in Russian', async () => {
  for (const [lang, phone] of [['en', true], ['ru', false], ['ru', true]]) {
    const options = { lang, phone };
    const suffix = `${lang === 'en' ? '' : '-' + lang}${phone ? '-360' : ''}`;
    const alice = await player(options);
    const bob = await player(options);
    await invite(alice, { size: 7 });
    await alice.click('#friend-qr-btn');
    await alice.waitForSelector('#friend-qr svg path');
    await shot(alice, 'friend-invitation' + suffix);
    await open(bob, (await facts(alice)).url);
    if (phone) {
      // What the invitation asks is brought into view at once: the name and Join.
      await bob.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const bottom = await bob.evaluate(() => document.querySelector('#friend-join button[type="submit"]').getBoundingClientRect().bottom);
      assert.ok(bottom <= 740, `Join is in view (its bottom at ${bottom} px)`);
    }
    const guest = lang === 'ru' ? 'Борис' : 'Bob';
    await join(bob, guest);
    await open(alice, (await facts(bob)).url);
    await turn(alice, bob);
    const url = await turn(bob, alice);
    await turn(alice, bob);
    await shot(bob, 'friend-game' + suffix);
    await alice.locator('#archive-list').scrollIntoViewIfNeeded();
    await shot(alice, 'friend-list' + suffix);
    const [address, text] = url.split('#f=');
    const before = await stored(bob);
    await open(bob, `${address}#f=${forgedByGuest(text)}`);
    assert.equal(await stored(bob), before);
    const words = { en, ru }[lang];
    const reason = words['error.friendLink.forged'].replace('{player}', guest);
    assert.equal(await message(bob), words['friend.refused'].replace('{reason}', reason));
    await shot(bob, 'friend-refused' + suffix);
  }
});
