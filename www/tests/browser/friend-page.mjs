// What the end-to-end tests of players in browsers of their own do
// (friend.test.mjs, live.test.mjs, clocks.test.mjs): the site served from a
// sub-path, each player a browser with its own storage and keys on the play
// page, watched for console errors, page errors and requests outside the
// origin, and the links carried between them as a player would send them.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch, PHONE } from './browser.mjs';
import { clickPoint } from './play-page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.resolve(here, '../../../dist');
const SHOTS = path.resolve(here, '../../../target/screenshots');
/** 2026-12-03 12:00 UTC, a fake clock's start. */
export const T0 = Date.UTC(2026, 11, 3, 12);

/**
 * Waits until `condition` holds in the page, asking from here: the page's
 * own timers and animation frames, which waitForFunction polls on, wait on
 * a paused fake time.
 * @param {import('playwright-core').Page} page
 * @param {(arg: any) => unknown} condition
 * @param {unknown} [arg]
 */
export async function until(page, condition, arg, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await page.evaluate(condition, arg))) {
    assert.ok(Date.now() < end, `waited ${ms} ms for ${condition}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * What the two clocks of `page` show: [dark, light], each its time, its line and its state.
 * @param {import('playwright-core').Page} page
 */
export const clockFaces = (page) =>
  page.evaluate(() =>
    ['dark', 'light'].map((c) => {
      const el = document.querySelector(`#clocks .clock.${c}`);
      const state = ['running', 'low', 'flagged'].filter((k) => el.classList.contains(k)).join(' ');
      return `${el.querySelector('.clock-time').textContent} | ${el.querySelector('.clock-extra').textContent} | ${state}`;
    }),
  );

/**
 * The test file's site and players: served before its tests, every
 * browser closed after them, and no problem noted on any page.
 */
export function playerSuite() {
  /** @type {{ url: string, origin: string, close(): Promise<void> } | undefined} */
  let site;
  /** @type {string[]} */
  const problems = [];
  /** @type {{ close(): Promise<void> }[]} */
  const browsers = [];
  before(async () => {
    await fs.mkdir(SHOTS, { recursive: true });
    site = await serve(DIST, '/sub/federa/');
  });
  after(async () => {
    for (const b of browsers) await b.close();
    await site?.close();
    assert.deepEqual(problems, []);
  });
  const server = () => /** @type {NonNullable<typeof site>} */ (site);
  return { server, problems, ...friendPages({ server, problems, browsers, shots: SHOTS }) };
}

/**
 * The helpers for players of the site `server()` serves, each console
 * error, page error and request outside its origin noted in `problems`,
 * each browser kept in `browsers` for the caller to close, screenshots
 * written into `shots`.
 * @param {{ server: () => { url: string, origin: string }, problems: string[], browsers: { close(): Promise<void> }[], shots: string }} where
 */
function friendPages({ server, problems, browsers, shots }) {
  /**
   * A player: a browser of their own on the play page; with `clock`, its
   * time faked from then on (`paused`: moving only as the test moves it,
   * from a second later).
   * @param {{ clock?: number, paused?: boolean, phone?: boolean, lang?: string }} options
   */
  async function player({ clock, paused = false, phone, lang } = {}) {
    const browser = await launch({ acceptDownloads: true, ...(phone ? PHONE : {}) });
    browsers.push(browser);
    if (clock !== undefined) await browser.context.clock.install({ time: clock });
    if (clock !== undefined && paused) await browser.context.clock.pauseAt(clock + 1000);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    if (lang) await page.addInitScript((l) => localStorage.setItem('federa.lang', l), lang);
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (r) => {
      const url = r.url();
      if (!url.startsWith(server().origin) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.push(`request outside the origin: ${url}`);
    });
    await page.goto(server().url);
    await page.waitForFunction(() => document.documentElement.classList.contains('ready') && window.federa);
    return page;
  }

  const facts = (page) => page.evaluate(() => window.federa.friend());
  const status = (page) => page.evaluate(() => window.federa.status());
  const message = (page) => page.textContent('#message');
  /** Everything the page keeps in local storage. */
  const stored = (page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));

  /** Starts a game by link through the New game dialog; returns the invitation. */
  async function invite(page, { name = 'Alice', color = 'dark', size = 5, days = 0, pie = false } = {}) {
    await page.click('#btn-new');
    await page.selectOption('#new-size', String(size));
    await page.selectOption('#new-opponent', 'friend');
    await page.fill('#new-name', name);
    await page.selectOption('#new-color', color);
    await page.selectOption('#new-days', String(days));
    await page.setChecked('#new-pie', pie);
    await page.click('#new-game-form button[value="start"]');
    await page.waitForFunction(() => window.federa.friend()?.url);
    return (await facts(page)).url;
  }

  /**
   * Opens a link in `page` as its player would (the address bar, no reload)
   * and waits until the page has read it.
   */
  async function open(page, url) {
    const text = new URLSearchParams(new URL(url).hash.slice(1)).get('f');
    await page.evaluate((u) => {
      // The note under the board is the page's answer to this link, once it comes.
      document.querySelector('#message').textContent = '';
      location.href = u;
    }, url);
    // Read: the game shown is the link's, or a note says why it is not.
    await page.waitForFunction((text) => window.federa.friend()?.text === text || document.querySelector('#message').textContent !== '', text);
  }

  /** Joins the invitation shown, as `name`. */
  async function join(page, name) {
    await page.waitForSelector('#friend-join:not([hidden])');
    await page.fill('#friend-join-name', name);
    await page.click('#friend-join button[type="submit"]');
    await page.waitForFunction(() => window.federa.friend()?.me === 1);
  }

  /** The link after this page's latest change, once it is signed. */
  async function nextLink(page, events) {
    await page.waitForFunction((n) => window.federa.friend()?.text && window.federa.friend().lastBy === window.federa.friend().me && window.federa.friend().events === n, events);
    return (await facts(page)).url;
  }

  /**
   * Plays a move with a click: a change when there is one (the game ends
   * sooner), else the first placement on offer.
   */
  async function move(page) {
    const legal = await page.evaluate(() => window.federa.legalMoves());
    const token = legal.find((m) => m.includes('F')) ?? legal[0];
    if (!token.includes('F')) await page.click(token[1] === 'S' ? '#shape-square' : '#shape-round');
    const before = (await status(page)).moves;
    await clickPoint(page, token.replace(/^[BW]F?[CS]/, ''));
    await until(page, (n) => window.federa.status().moves > n, before);
  }

  /** Alice invites, Bob joins, and Alice reads Bob's join: both at the start. */
  async function pair(options = {}) {
    const alice = await player(options);
    const bob = await player(options);
    const invitation = await invite(alice, options);
    await open(bob, invitation);
    await join(bob, 'Bob');
    await open(alice, (await facts(bob)).url);
    return { alice, bob };
  }

  /** The player of `page` moves and the other reads the link. */
  async function turn(page, other) {
    const n = (await facts(page)).events;
    await move(page);
    const url = await nextLink(page, n + 1);
    await open(other, url);
    assert.equal((await facts(other)).text, (await facts(page)).text, 'the other side holds the same game');
    return url;
  }

  async function shot(page, name) {
    await page.waitForFunction(() => !window.federa.animating());
    await page.screenshot({ path: path.join(shots, name + '.png'), fullPage: true });
  }

  /** A screenshot of the part of the page that `selector` shows, as it is now (a page on paused time draws no frame). */
  async function partShot(page, selector, name) {
    const clip = await page.evaluate((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return { x: r.x, y: r.y + window.scrollY, width: r.width, height: r.height };
    }, selector);
    await page.screenshot({ path: path.join(shots, name + '.png'), fullPage: true, clip });
  }

  /**
   * Runs `fn` in `page` (whose code reaches the link game's modules as
   * `window.linkTools`: codec, sign, keys, links, peer, sdp) on `arg`.
   * @template A, R
   * @param {import('playwright-core').Page} page
   * @param {(arg: A) => R | Promise<R>} fn
   * @param {A} [arg]
   */
  async function inPage(page, fn, arg) {
    await page.evaluate(async () => {
      if (window.linkTools) return;
      const base = location.href.split('#')[0].replace(/[^/]*$/, '') + 'js/';
      const [codec, sign, keys, links, peer, sdp] = await Promise.all(
        ['friends/codec.js', 'friends/sign.js', 'friends/identities.js', 'game/links.js', 'friends/peer.js', 'friends/sdp.js'].map((m) => import(base + m)),
      );
      window.linkTools = { codec, sign, keys, links, peer, sdp };
    });
    return page.evaluate(fn, arg);
  }

  /**
   * `f` with the events `added` (each given the time of `f`'s last), signed
   * with this browser's key as player `signer` (whoever's turn it is);
   * `unsigned`: with the signatures `f` had instead.
   * @param {import('playwright-core').Page} page
   * @param {string} f
   * @param {object[]} added
   * @param {{ signer: 0 | 1, unsigned?: boolean }} how
   */
  function withEvents(page, f, added, { signer, unsigned = false }) {
    return inPage(
      page,
      async ({ f, added, signer, unsigned }) => {
        const { codec, sign, keys } = window.linkTools;
        const link = codec.decodeLink(f);
        const me = (await keys.identities())[0];
        const time = link.events[link.events.length - 1].time;
        const events = [...link.events, ...added.map((e) => ({ ...e, time }))];
        const signed = await sign.signEvents({ ...link, events }, signer, me.key, me.chain);
        return codec.encodeLink(unsigned ? { ...signed, sigs: link.sigs } : signed);
      },
      { f, added, signer, unsigned },
    );
  }

  return { player, facts, status, message, stored, invite, open, join, nextLink, move, pair, turn, shot, partShot, inPage, withEvents };
}
