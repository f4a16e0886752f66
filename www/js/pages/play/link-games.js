// @ts-check
// The play page's games by link: the signed game (play/friend.js) and its
// direct connection (play/live.js), both loaded at the first link game
// opened or begun; the panel's controls; the link (or live invitation, or
// answer) the page was opened with. The page hands it the way to show a
// game; it holds no game of its own.
import { $ } from '../../lib/dom.js';
import { NAME_LENGTH } from '../../game/settings.js';
import { LIVE, hashParam } from '../../game/links.js';
import { CLOCKS } from '../../game/clock.js';
import { clockName } from '../../panels/clock-faces.js';

/**
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../game/session.js').Seats} Seats
 * @typedef {import('./friend.js').Friends} Friends
 */

/** How often the time left to move is drawn again, in ms. */
const DEADLINE_MS = 30_000;

export class LinkGames {
  /**
   * @param {import('./page.js').Page} page
   * @param {{ engine: import('../../engine/engine.js').Engine,
   *   archive: import('../../game/archive.js').Archive, persist: import('./persist.js').Persist,
   *   clocks: import('./clocks.js').Clocks,
   *   show: (game: Game, seats: Seats, level: string, clock?: unknown) => void,
   *   copyText: (text: string, done: string) => void,
   *   command: (action: () => unknown) => () => void, locale: () => string }} parts
   * show: plays a game on the page (with the clock's times kept, if any);
   * copyText: copies to the clipboard and says `done`; command: a reader's
   * action, which clears the note under the board first; locale: the
   * language's locale, for dates
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    /** The link games' part, once loaded. @type {Friends | null} */
    this.friends = null;
    /** @type {Promise<Friends> | null} */
    this.loading = null;
    /** A link game played over a direct connection, loaded with the link games' part. @type {import('./live.js').Live | null} */
    this.live = null;
    /**
     * A live invitation opened before its game was joined, the entry id of
     * its game and its clocks (`[TimeControl]`, null for none): answered
     * once it is joined.
     * @type {{ id: string, offer: string, clock: string | null } | null}
     */
    this.pendingOffer = null;
    /** Whether the link's QR code is shown. */
    this.qrShown = false;
  }

  /** The link games' part, loaded at its first use. */
  load() {
    this.loading ??= Promise.all([import('./friend.js'), import('./live.js')]).then(([{ Friends }, { Live }]) => {
      const { engine, archive, persist, clocks, show } = this.parts;
      const { settings } = this.page;
      const address = () => location.href.split('#')[0];
      const friends = new Friends(this.page, {
        engine,
        archive,
        persist,
        // A live game's clocks go on as its game is made anew.
        open: (game, seats) => show(game, seats, settings.values.level, this.live?.clockOf(game) ?? null),
        address,
      });
      this.friends = friends;
      this.live = new Live(this.page, { friends, clocks, address, stun: () => settings.values.stun });
      return friends;
    });
    return this.loading;
  }

  /**
   * A stored link game opened: its moves come from its link, unless
   * another game was opened meanwhile (resolves once they have).
   * @param {unknown} stored the entry's `friend`
   * @param {string} level
   */
  async open(stored, level) {
    const f = await this.load();
    if (this.parts.persist.friend !== stored) return;
    const adopted = f.adopt(stored);
    if (adopted) this.parts.show(adopted.game, adopted.seats, level);
  }

  /**
   * The page opened with a game's link (`text`, from `hash`): checked whole
   * and kept, else refused with its reason and nothing kept changed (it
   * throws). A live invitation is answered once the game is joined; an
   * answer goes to the page waiting for it.
   * @param {string} text
   * @param {string} hash
   */
  async receive(text, hash) {
    const f = await this.load();
    const { t, say } = this.page;
    const [offer, answer] = [hashParam(hash, LIVE.offer), hashParam(hash, LIVE.answer)];
    const { older } = await f.receive(text);
    const live = this.live;
    if (answer && live) {
      // An answer to a live invitation of this browser: this page's, or another tab's waiting for it.
      if (live.waitsFor(f.held?.facts.id ?? null)) live.accept(answer);
      else say(t((await live.relayAnswer(text, answer)) ? 'live.passed' : 'live.notWaiting'));
    } else if (offer && f.held) {
      this.pendingOffer = { id: f.held.facts.id, offer, clock: hashParam(hash, LIVE.clock) };
      if (f.held.facts.me === null) say(t('live.joinFirst'));
      this.render();
    } else if (older) say(t('friend.older'));
  }

  /**
   * Begins a game by link.
   * @param {{ size: number, pie: boolean, color: import('../../engine/facts.js').Color, name: string, days: number }} options
   */
  create(options) {
    this.load().then((f) => f.create(options));
  }

  /**
   * A seat's player's name in the link game shown (marked "(you)" if
   * asked), or null in any other game.
   * @param {'first' | 'second'} seat
   * @param {boolean} marked
   */
  seatName(seat, marked) {
    return this.friends?.seatName(seat, marked) ?? null;
  }

  /** What the player here may do in the link game shown, or null in any other game. */
  verbs() {
    return this.friends?.held ? this.friends.verbs() : null;
  }

  /**
   * The player here moved in the link game shown: the move is signed into its next link.
   * @param {import('../../engine/types.js').MoveInfo} move
   */
  onMove(move) {
    this.friends?.onMove(move);
  }

  /** The link game shown, its facts and its link, or null. */
  shown() {
    const f = this.friends;
    return f?.held ? { ...f.held.facts, url: f.url() } : null;
  }

  /** Another game becomes the page's: none of this one's stays shown. */
  leave() {
    this.parts.persist.friend = null;
    this.friends?.clear();
    this.qrShown = false;
  }

  /**
   * The player here resigns the link game shown; false if none is.
   * @returns {boolean}
   */
  resign() {
    if (!this.friends?.held) return false;
    this.friends.verb('resign');
    return true;
  }

  /**
   * A rematch of the link game shown, with the same friend; false if none is.
   * @returns {boolean}
   */
  rematch() {
    if (!this.friends?.held) return false;
    this.friends.rematch();
    return true;
  }

  /** The link game's panel, drawn by its part once loaded. */
  render() {
    const { friends, live } = this;
    if (friends?.held) {
      friends.render({ locale: this.parts.locale(), qr: this.qrShown, canShare: typeof navigator.share === 'function' });
      live?.render();
      // A live invitation of this game, opened by one of its players: answered at once.
      const pending = this.pendingOffer;
      if (pending && live && friends.held.facts.id === pending.id && friends.held.facts.me !== null) {
        this.pendingOffer = null;
        live.answer(pending.offer, pending.clock);
      }
    } else {
      $('friend').hidden = true;
      // Another game than a link game is played here: no connection plays it.
      live?.close();
      this.pendingOffer = null;
    }
  }

  /** The live clock's choices in the language shown. */
  translate() {
    for (const option of $('live-clock').options) option.textContent = clockName(this.page.t, option.value);
  }

  /** The panel's controls. */
  listen() {
    const { copyText, command } = this.parts;
    const { t, settings } = this.page;
    const url = () => this.friends?.url() ?? '';
    $('friend-copy').addEventListener('click', () => copyText(url(), t('message.linkCopied')));
    $('friend-share').addEventListener('click', () => {
      navigator.share({ url: url(), title: t('friend.shareTitle') }).catch(() => {});
    });
    $('friend-link').addEventListener('focus', () => $('friend-link').select());
    $('friend-qr-btn').addEventListener('click', () => {
      this.qrShown = !this.qrShown;
      this.render();
      if (this.qrShown) this.friends?.drawQr($('friend-qr'));
    });
    $('friend-join').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      const name = $('friend-join-name').value.trim();
      if (!name) return;
      settings.set('playerName', name);
      this.friends?.join(name);
    });
    $('friend-join-name').maxLength = NAME_LENGTH;
    for (const verb of /** @type {const} */ (['offer', 'accept', 'decline', 'claim'])) {
      $(`friend-${verb}`).addEventListener('click', command(() => this.friends?.verb(verb)));
    }
    $('friend-remind').addEventListener('click', () => this.friends?.remind());
    // The clocks a live invitation offers are the setting's: the choice shows it (render) and sets it.
    for (const tc of CLOCKS) $('live-clock').add(new Option('', tc));
    $('live-clock').addEventListener('change', () => settings.set('liveClock', $('live-clock').value));
    $('live-start').addEventListener('click', command(() => this.live?.host(settings.values.liveClock)));
    $('live-copy').addEventListener('click', () => copyText($('live-link').value, t('message.linkCopied')));
    $('live-qr-btn').addEventListener('click', () => this.live?.toggleQr());
    $('live-link').addEventListener('focus', () => $('live-link').select());
    $('live-answer').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      const text = $('live-answer-text').value.trim();
      if (!text) return;
      $('live-answer-text').value = '';
      this.live?.accept(text);
    });
    // The time left, and whether a win on time may be claimed, as the clock goes.
    window.setInterval(() => {
      if (this.friends?.held?.facts.deadline) this.render();
    }, DEADLINE_MS);
  }
}
