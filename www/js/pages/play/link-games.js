// @ts-check
// The play page's link games: the page's side of their owner
// (friends/link-game-ctrl.js), which it loads with the panels
// (panels/friend.js, panels/live.js) at the first link game opened or
// begun. It hands the owner the page's ways to reopen an entry and to show a
// game, keeps the owner's facts of the link game with the page's entry
// (persist.friend, written here only), says the owner's notes, draws the
// panel from the owner's state, and holds the panel's controls. It decides
// nothing of the game or of its connection.
import { $ } from '../../lib/dom.js';
import { NAME_LENGTH } from '../../game/settings.js';
import { nameProblem } from '../../friends/names.js';
import { CLOCKS, readClock } from '../../game/clock.js';
import { clockName } from '../../panels/clock-faces.js';
import { opponentName } from '../../panels/friend-status.js';
import { saveFile } from '../../lib/save-file.js';
import { safeStorage } from '../../lib/store.js';
import { describeError, describeMove } from '../../i18n/words.js';

/**
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../game/session.js').Seats} Seats
 * @typedef {import('../../friends/link-game-ctrl.js').LinkGameCtrl} LinkGameCtrl
 * @typedef {ConstructorParameters<typeof import('../../friends/link-game-ctrl.js').LinkGameCtrl>[0]} CtrlParts
 * @typedef {{ friend: typeof import('../../panels/friend.js'), live: typeof import('../../panels/live.js') }} Panels
 */

/** How often the time left to move is drawn again, in ms. */
const DEADLINE_MS = 30_000;

/** Where a tab notes the link game whose live connection it left (sessionStorage: the tab's own). */
const LIVE_LEFT_KEY = 'federa.liveLeft';

export class LinkGames {
  /**
   * @param {import('./page.js').Page} page
   * @param {{ engine: import('../../engine/engine.js').Engine,
   *   archive: import('../../game/archive.js').Archive, persist: import('./persist.js').Persist,
   *   clocks: import('./clocks.js').Clocks,
   *   show: (game: Game, seats: Seats, level: string, clock?: unknown) => void,
   *   copyText: (text: string, done: string) => void,
   *   command: (action: () => unknown) => () => void, locale: () => string,
   *   services?: Partial<Pick<CtrlParts, 'identities' | 'peer' | 'relay' | 'address' | 'now'>> }} parts
   * show: plays a game on the page (with the clock's times kept, if any);
   * copyText: copies to the clipboard and says `done`; command: a reader's
   * action, which clears the note under the board first; locale: the
   * language's locale, for dates; services: what the owner is given in
   * place of the page's own (the tests')
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    /** The link games' owner, once loaded. @type {LinkGameCtrl | null} */
    this.ctrl = null;
    /** @type {Panels | null} */
    this.panels = null;
    /** @type {Promise<LinkGameCtrl> | null} */
    this.loading = null;
    /** Whether the link's QR code is shown. */
    this.qrShown = false;
    /** Whether the QR code of the live link to send is shown, and the link it was drawn for. */
    this.liveQr = false;
    this.liveDrawn = '';
  }

  /** The link games' owner and panels, loaded at their first use. */
  load() {
    this.loading ??= Promise.all([import('../../friends/link-game-ctrl.js'), import('../../panels/friend.js'), import('../../panels/live.js')]).then(
      ([{ LinkGameCtrl }, friend, live]) => {
        const { engine, archive, persist, clocks, show } = this.parts;
        const { settings } = this.page;
        const ctrl = new LinkGameCtrl({
          engine,
          archive,
          clocks,
          reopen: (id) => persist.reopen(id, settings.values.level)?.game.free(),
          show: (game, seats, clock) => show(game, seats, settings.values.level, clock),
          address: () => location.href.split('#')[0],
          stun: () => settings.values.stun,
          ...this.parts.services,
        });
        ctrl.on('facts', (facts) => this.keep(facts));
        ctrl.on('change', ({ save }) => {
          if (save) this.page.save();
          this.page.redraw();
        });
        ctrl.on('theirMove', (move) => this.page.say(describeMove(this.page.t, move)));
        ctrl.on('note', ({ key, reason, tone }) => {
          const { t, say } = this.page;
          say(t(key, reason === undefined ? undefined : { reason: describeError(t, reason) }), tone);
        });
        this.ctrl = ctrl;
        this.panels = { friend, live };
        return ctrl;
      },
    );
    return this.loading;
  }

  /**
   * What the page's entry keeps of its link game (null: its game is not
   * one): the one place that writes it.
   * @param {import('../../game/archive.js').LinkFacts | null} facts
   */
  keep(facts) {
    this.parts.persist.friend = facts;
  }

  /**
   * A stored link game opened: its moves come from its link, unless
   * another game was opened meanwhile (resolves once they have).
   * @param {unknown} stored the entry's `friend`
   * @param {string} level
   */
  async open(stored, level) {
    const ctrl = await this.load();
    if (this.parts.persist.friend !== stored) return;
    const adopted = ctrl.adopt(stored);
    if (!adopted) return;
    this.parts.show(adopted.game, adopted.seats, level);
    // This tab left the game's live connection (a reload): say that it ended.
    const left = safeStorage('sessionStorage')?.getItem(LIVE_LEFT_KEY);
    safeStorage('sessionStorage')?.removeItem(LIVE_LEFT_KEY);
    if (left !== null && left === ctrl.linkGame?.facts.id) this.page.say(this.page.t('live.endedByReload'));
  }

  /**
   * The page goes away: a live connection open now is closed at once (the
   * other page hears it), and noted in the tab for the page that follows.
   */
  leavePage() {
    const ctrl = this.ctrl;
    if (!ctrl) return;
    const id = ctrl.linkGame?.facts.id;
    if (ctrl.live().state === 'open' && id) safeStorage('sessionStorage')?.setItem(LIVE_LEFT_KEY, id);
    ctrl.close();
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
    const ctrl = await this.load();
    await ctrl.receive(text, hash);
  }

  /**
   * Begins a game by link.
   * @param {{ size: number, pie: boolean, color: import('../../engine/facts.js').Color, name: string, days: number }} options
   */
  create(options) {
    return this.load().then((ctrl) => ctrl.create(options));
  }

  /**
   * A seat's player's name in the link game shown (this browser's marked as
   * such when `marked`: a label, not a sentence, where the mark's brackets
   * would nest), or null in any other game.
   * @param {'first' | 'second'} seat
   * @param {boolean} marked
   */
  seatName(seat, marked) {
    const ctrl = this.ctrl;
    const facts = ctrl?.facts;
    if (!ctrl || !facts) return null;
    const { t } = this.page;
    const player = ctrl.playerOf(seat) ?? 0;
    const name = facts.names[player] ?? t('friend.noGuest');
    return marked && player === facts.me ? t('friend.you', { name }) : name;
  }

  /** What the player here may do in the link game shown, or null in any other game. */
  verbs() {
    return this.ctrl?.facts ? this.ctrl.verbs() : null;
  }

  /**
   * The player here moved in the link game shown: the move is signed into its next link.
   * @param {import('../../engine/types.js').MoveInfo} move
   */
  onMove(move) {
    this.ctrl?.onMove(move);
  }

  /** The link game shown, its facts and its link, or null. */
  shown() {
    const facts = this.ctrl?.facts;
    return facts ? { ...facts, url: this.ctrl?.url() ?? '' } : null;
  }

  /** Another game becomes the page's: none of this one's stays shown, and its connection ends. */
  leave() {
    this.qrShown = false;
    this.keep(null);
    this.ctrl?.leave();
  }

  /**
   * The player here resigns the link game shown; false if none is.
   * @returns {boolean}
   */
  resign() {
    if (!this.ctrl?.facts) return false;
    this.ctrl.verb('resign');
    return true;
  }

  /**
   * A rematch of the link game shown, with the same friend; false if none is.
   * @returns {boolean}
   */
  rematch() {
    if (!this.ctrl?.facts) return false;
    this.ctrl.rematch();
    return true;
  }

  /** Draws the link game's panel from the owner's state. */
  render() {
    const { ctrl, panels } = this;
    const facts = ctrl?.facts ?? null;
    if (!ctrl || !panels || !facts) {
      $('friend').hidden = true;
      return;
    }
    const { t, settings } = this.page;
    const live = ctrl.live();
    panels.friend.renderLinkGame({
      t,
      locale: this.parts.locale(),
      now: ctrl.now(),
      facts,
      verbs: ctrl.verbs(),
      url: ctrl.url(),
      canShare: typeof navigator.share === 'function',
      qr: this.qrShown,
      // While a live invitation or answer is the link to send, the game's own link is not offered beside it.
      livePending: live.sent !== '' && live.state !== 'open',
    });
    const qr = this.liveQr && live.sent !== '';
    panels.live.renderLive({
      t,
      state: live.state,
      facts,
      sent: live.sent,
      problem: live.problem === null ? '' : describeError(t, live.problem),
      stun: settings.values.stun,
      clock: live.clock,
      choice: settings.values.liveClock,
      canStart: facts.me !== null && !facts.result,
      qr,
    });
    if (qr && this.liveDrawn !== live.sent) {
      this.liveDrawn = live.sent;
      panels.friend.drawQr($('live-qr'), live.sent, t('friend.qrLabel'));
    }
  }

  /** Saves a calendar reminder of the move's deadline. */
  remind() {
    const facts = this.ctrl?.facts;
    if (!this.ctrl || !this.panels || !facts || facts.deadline === null) return;
    const { t } = this.page;
    const title = t('friend.reminderTitle', { name: opponentName(t, facts) });
    const text = this.panels.friend.reminder({ title, description: this.ctrl.url(), deadline: facts.deadline, uid: `${facts.id}-${facts.events}`, now: this.ctrl.now() });
    saveFile(new Blob([text], { type: 'text/calendar' }), `federa-${facts.id}.ics`);
  }

  /** The other player's name in the link game shown. */
  opponent() {
    const facts = this.ctrl?.facts;
    return facts ? opponentName(this.page.t, facts) : '';
  }

  /** The live clock's choices in the language shown. */
  translate() {
    for (const option of $('live-clock').options) option.textContent = clockName(this.page.t, readClock(this.parts.engine, option.value));
  }

  /** The panel's controls. */
  listen() {
    const { copyText, command } = this.parts;
    const { t, settings } = this.page;
    const url = () => this.ctrl?.url() ?? '';
    $('friend-copy').addEventListener('click', () => copyText(url(), t('message.linkCopied')));
    $('friend-share').addEventListener('click', () => {
      navigator.share({ url: url(), title: t('friend.shareTitle') }).catch(() => {});
    });
    $('friend-link').addEventListener('focus', () => $('friend-link').select());
    $('friend-qr-btn').addEventListener('click', () => {
      this.qrShown = !this.qrShown;
      this.render();
      if (this.qrShown) this.panels?.friend.drawQr($('friend-qr'), url(), t('friend.qrLabel'));
    });
    $('friend-join').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      const name = $('friend-join-name').value.trim();
      if (!name) return;
      const problem = nameProblem(name);
      if (problem) {
        this.page.say(t('friend.name.' + problem), 'error');
        $('friend-join-name').focus();
        return;
      }
      settings.set('playerName', name);
      this.ctrl?.join(name);
    });
    $('friend-join-name').maxLength = NAME_LENGTH;
    for (const verb of /** @type {const} */ (['offer', 'accept', 'decline', 'claim'])) {
      $(`friend-${verb}`).addEventListener('click', command(() => this.ctrl?.verb(verb)));
    }
    $('friend-remind').addEventListener('click', () => this.remind());
    // The clocks a live invitation offers are the setting's: the choice shows it (render) and sets it.
    for (const tc of CLOCKS) $('live-clock').add(new Option('', tc));
    $('live-clock').addEventListener('change', () => settings.set('liveClock', $('live-clock').value));
    $('live-start').addEventListener('click', command(() => this.ctrl?.host(settings.values.liveClock)));
    $('live-copy').addEventListener('click', () => copyText($('live-link').value, t('message.linkCopied')));
    $('live-qr-btn').addEventListener('click', () => {
      this.liveQr = !this.liveQr;
      this.render();
    });
    $('live-link').addEventListener('focus', () => $('live-link').select());
    $('live-answer').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      const text = $('live-answer-text').value.trim();
      if (!text) return;
      $('live-answer-text').value = '';
      this.ctrl?.accept(text);
    });
    // The time left, and whether a win on time may be claimed, as the clock goes.
    window.setInterval(() => {
      if (this.ctrl?.facts?.deadline) this.render();
    }, DEADLINE_MS);
  }
}
