// @ts-check
// The play page's controller, after lila's analyse ctrl: it makes the game
// session and the page's parts — the hint, the coach, the review's steps,
// the analysis board, the explorer, the stored game, the clocks, the list
// of games, the files, the dialogs and the link games — keeps the page's own
// state (the language, the note under the board, the review's waiting save,
// autoplay) and has a method for each of the page's verbs. State changes
// here and in the parts; the view only draws, when asked. It reaches the DOM
// only through the view and what it is handed, so a test under Node builds
// it with the real engine and a fake board and view. Rules are asked of the
// engine, never decided here.
import { otherColor, randomColor } from '../../engine/facts.js';
import { HUMANS, Session, againstAiAs } from '../../game/session.js';
import { readClock } from '../../game/clock.js';
import { Archive } from '../../game/archive.js';
import { fromLink, linkOfText, textOfLink } from '../../game/links.js';
import { loadLanguage } from '../../i18n/i18n.js';
import { describeError, describeSkip, nameMove, narrate } from '../../i18n/words.js';
import { AnalysisRunner } from '../../ai/analysis-runner.js';
import { ReviewRunner, annotate, reviewedGame } from '../../ai/review-runner.js';
import { BoardView } from '../../view/board-view.js';
import { Hint } from './hint.js';
import { Coach } from './coach.js';
import { ReviewSteps } from './review-steps.js';
import { AnalysisBoard } from './analysis-board.js';
import { Explorer } from './explorer.js';
import { Persist } from './persist.js';
import { ArchiveList } from './games.js';
import { Clocks } from './clocks.js';
import { Files } from './files.js';
import { LinkGames } from './link-games.js';
import { NewGameDialog } from './new-game.js';
import { SettingsPanel } from './settings-panel.js';

/**
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../engine/types.js').Status} Status
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../engine/types.js').EngineError} EngineError
 * @typedef {import('../../engine/facts.js').Color} Color
 * @typedef {import('../../game/session.js').Seats} Seats
 * @typedef {import('../../game/session.js').Seat} Seat
 * @typedef {import('../../lib/store.js').LostNote} LostNote
 * @typedef {{ origin: string | null } | null} Animate
 * @typedef {{
 *   redraw: (animate?: Animate) => void,
 *   drawAnalysis: () => void,
 *   drawThinking: () => void,
 *   drawReview: () => void,
 *   drawCoach: () => void,
 *   drawSelection: () => void,
 *   drawMessage: () => void,
 *   drawLost: () => void,
 *   drawGames: () => void,
 *   announce: (text: string) => void,
 *   translate: () => void,
 * }} View
 * What the ctrl asks of its view. `redraw` draws the page from the state;
 * the others draw one part alone, for what changes often or while the
 * reader points at the board (a redraw drops the pointer's ghost): the
 * analysis board, the AI's thinking, a review's progress, the coach's note,
 * a tap's selection and the note under the board; and, only when they
 * change, the notes on stored entries and the list of games (drawn anew,
 * they would take the focus from their buttons). `announce` speaks in the
 * live region; `translate` puts the page's fixed words in the language.
 * @typedef {{ hash: () => string, forget: () => void, base: () => string }} Address
 * The page's address: its hash; `forget` takes the hash off (a link is read
 * once); `base` is the address without its hash.
 * @typedef {{
 *   engine: import('../../engine/engine.js').Engine,
 *   settings: import('../../game/settings.js').SettingsStore,
 *   keeper: import('../../lib/store.js').Keeper,
 *   board: import('../../board/board.js').Board,
 *   i18n: import('../../i18n/i18n.js').I18n,
 *   view: (ctrl: PlayCtrl) => View,
 *   ai: () => import('../../ai/client.js').AiClient,
 *   elements: { badge: HTMLElement, host: HTMLElement, announcer: HTMLElement, clocks: HTMLElement },
 *   address: Address,
 *   beep: () => void,
 *   touch?: () => boolean,
 * }} Options
 * i18n: the language's words, loaded; view: makes the view, which reads
 * this ctrl; ai: a new AI client (each part asks a worker of its own);
 * elements: where the board view and the clocks draw; beep: the clocks'
 * low-time sound; touch: whether the reader's pointer is a finger (a first
 * visit is told how a tap plays).
 */

const AUTOPLAY_MS = 250;
const REVIEW_SAVE_MS = 1000;

export class PlayCtrl {
  /** @param {Options} options */
  constructor({ engine, settings, keeper, board, i18n, view, ai, elements, address, beep, touch = () => false }) {
    this.engine = engine;
    this.touch = touch;
    this.settings = settings;
    this.keeper = keeper;
    this.board = board;
    this.address = address;
    this.i18n = i18n;
    /** The note under the board, until the reader's next action. @type {{ text: string, tone: string } | null} */
    this.message = null;
    /** The timer of a save of the review's judgements waiting while a review runs (0: none). */
    this.reviewSave = 0;
    /** The timer of the random moves autoplay plays for both sides (0: off). */
    this.autoplay = 0;
    // Made first: the view reads the ctrl only when it is asked to draw.
    this.view = view(this);
    /** @type {import('../../i18n/words.js').Translate} */
    this.t = (key, params) => this.i18n.t(key, params);
    const { t } = this;

    // The clocks and the session read each other (the AI thinks within its
    // clock; a clock runs on the session's moves), so each asks for the other
    // only when it needs it.
    const session = new Session({ ai, thinkMs: () => this.clocks.aiTime(settings.values.thinkMs) });
    this.session = session;
    const archive = new Archive(keeper);
    this.archive = archive;
    this.review = new ReviewRunner({ client: ai, onChange: () => this.onReview() });
    const persist = new Persist({
      engine,
      keeper,
      archive,
      review: this.review,
      session,
      // A live game's clocks are its connection's: a reload finds none.
      clock: () => (session.remote() ? null : this.clocks.saved()),
    });
    this.persist = persist;
    /** @type {import('./page.js').Page} */
    const page = {
      session,
      settings,
      t,
      say: (text, tone) => this.say(text, tone),
      announce: (text) => this.view.announce(text),
      redraw: () => this.redraw(),
      save: () => persist.save(),
      name: (move) => this.name(move),
    };
    this.page = page;
    const clocks = new Clocks(page, { box: elements.clocks, beep: () => settings.values.sound && beep() });
    this.clocks = clocks;
    // The analysis board's own worker, beside the game AI's; hints and the
    // coach ask workers of their own, so none replaces another's request.
    this.analysis = new AnalysisBoard(page, new AnalysisRunner({ client: ai, onChange: () => this.view.drawAnalysis() }), () => this.view.drawAnalysis());
    this.explorer = new Explorer(page, engine, () => this.redraw());
    this.hint = new Hint(page, ai(), () => this.analysis.shown());
    this.coach = new Coach(page, ai(), () => this.view.drawCoach());
    this.steps = new ReviewSteps(page, this.review);
    this.boardView = new BoardView({
      board,
      session,
      badge: elements.badge,
      host: elements.host,
      announcer: elements.announcer,
      t,
      locale: () => this.i18n.locale,
      canPlace: (st) => session.humanToMove(st),
      showGroup: () => true,
      shape: () => settings.values.shape,
      say: (text, tone) => this.say(text, tone),
      act: (at, shape) => this.command(() => session.act(at, shape))(),
      confirm: () => settings.values.confirmTap,
      onSelect: (point) => this.select(point),
    });
    this.games = new ArchiveList(page, {
      engine,
      archive,
      persist,
      open: (opened) => this.openGame(opened),
      lost: () => this.view.drawLost(),
      copyLink: (text) => this.copyText(linkOfText(address.base(), text), t('message.linkCopied')),
      draw: () => this.view.drawGames(),
    });
    this.files = new Files(page, { engine, archive, games: this.games, show: (game, seats, level) => this.setGame(game, seats, level) });
    this.links = new LinkGames(page, {
      engine,
      archive,
      persist,
      clocks,
      show: (game, seats, level, clock) => this.setGame(game, seats, level, clock),
      copyText: (text, done) => this.copyText(text, done),
      command: (action) => this.command(action),
      locale: () => this.i18n.locale,
    });
    this.settingsPanel = new SettingsPanel(page);
    this.newGameDialog = new NewGameDialog(page, { start: () => this.newGame(), startFriend: (game) => this.links.create(game) });

    // Before another game becomes the current entry: the review's waiting save
    // is written into the game it judged, and the review stops.
    archive.on('leave', () => {
      this.links.leave();
      if (this.reviewSave) this.saveReview();
      this.review.cancel();
    });
    keeper.on('note', () => this.view.drawLost());
    session.on('change', ({ animate }) => this.onChange(animate));
    session.on('move', (moved) => this.onMove(moved));
    session.on('refused', ({ error }) => {
      const text = error.kind === 'notYourTurn' ? this.notYourTurn() : describeError(t, error);
      this.say(text, 'error');
      this.view.announce(text);
    });
    session.on('thinking', () => this.view.drawThinking());
    session.on('aiFailed', ({ error }) => {
      this.say(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
      this.redraw();
    });
    settings.on('change', (changed) => this.onSettings(changed));
  }

  // ---- Drawing and speaking ----

  /** Draws the page again from the state (once there is a game). */
  redraw(/** @type {Animate} */ animate = null) {
    if (this.session.game) this.view.redraw(animate);
  }

  /**
   * Shows a note under the board, until the reader's next action.
   * @param {string} text
   * @param {string} tone
   */
  say(text, tone = 'info') {
    this.message = { text, tone };
    this.view.drawMessage();
  }

  clearMessage() {
    this.message = null;
  }

  /**
   * A reader's action: the note under the board is about the one before.
   * @template {unknown[]} A
   * @param {(...args: A) => unknown} action
   * @returns {(...args: A) => void}
   */
  command(action) {
    return (...args) => {
      this.clearMessage();
      action(...args);
    };
  }

  /**
   * A move (its engine description or its token) in words.
   * @param {MoveInfo | string} move
   */
  name(move) {
    return nameMove(this.t, typeof move === 'string' ? this.engine.moveInfo(move) : move);
  }

  /**
   * What the player of `color` is called; `marked`: in a label beside the
   * board, where this browser's player of a link game is marked as such.
   * @param {Color} color
   * @param {Status} st
   * @param {boolean} [marked]
   */
  playerName(color, st, marked = false) {
    const { session, t } = this;
    const named = this.links.seatName(st.seats[color], marked);
    if (named) return named;
    if (session.seatOf(color, st) === 'ai') return t('seat.ai', { level: t('level.' + session.level) });
    if (session.againstAi()) return t('seat.you');
    return t('seat.' + st.seats[color]);
  }

  /** Why a move here must wait: whose turn it is, the AI's or the friend's by name. */
  notYourTurn() {
    const { session, t } = this;
    const st = session.status();
    return session.seatOf(st.toMove, st) === 'remote' ? t('message.friendsTurn', { name: this.links.opponent() }) : t('message.notYourTurn');
  }

  /**
   * Who won and how ('' while the game goes on).
   * @param {Status} st
   */
  wonLine(st) {
    const { session, t } = this;
    const outcome = session.outcome(st);
    if (!outcome) return '';
    const { winner, how } = outcome;
    const loser = otherColor(winner);
    const key = how === 'resign' ? 'status.wonResign' : how === 'time' ? 'status.wonTime' : 'status.won';
    return t(key, { color: t('color.' + winner), player: this.playerName(winner, st), loser: t('color.' + loser) });
  }

  /**
   * Whose turn it is, who won, or who was just skipped.
   * @param {Status} st
   */
  turnLine(st) {
    const { session, t } = this;
    if (session.outcome(st)) return this.wonLine(st);
    if (st.skipped) return describeSkip(t, st);
    return t('status.toMove', { color: t('color.' + st.toMove), player: this.playerName(st.toMove, st) });
  }

  // ---- What the page hears ----

  /**
   * The session's position changed: each part hears it, the review's
   * judgements go into the tree, the page is drawn and the game kept.
   * @param {Animate} animate
   */
  onChange(animate) {
    const st = this.session.status();
    // A tap's selection belongs to the position it was made in.
    this.boardView.selected = null;
    this.hint.onPosition();
    this.coach.onPosition(st);
    this.clocks.onPosition(st);
    this.steps.onPosition(st);
    this.analysis.follow();
    this.explorer.follow();
    this.annotate();
    this.redraw(animate);
    this.persist.save();
  }

  /**
   * A move was played: a link game's is signed, the coach judges the
   * human's, and it is said.
   * @param {{ move: MoveInfo, status: Status, by: Seat }} moved
   */
  onMove({ move, status, by }) {
    this.clearMessage();
    // A move here in a game by link is signed and goes into its next link.
    if (by === 'human' && this.session.remote()) this.links.onMove(move);
    // A move of the human's ends the note on the one before; the AI's reply
    // leaves it, since a take-back takes that reply back too.
    if (by === 'human') this.coach.onHumanMove(status.ply);
    const words = narrate(this.t, move, status, this.wonLine(status));
    // The AI's move is said in words (the reader sees its mark, and may not
    // see what it changed); after the reader's own, a skip gets a note.
    if (by === 'ai') this.say(words.join(' '));
    else if (status.skipped && !status.winner) this.say(words.slice(1).join(' '));
    this.view.announce(words.join(' '));
  }

  /** The review judged a move, or started or stopped: its judgements go into the tree, and are kept. */
  onReview() {
    this.annotate();
    this.view.drawReview();
    // A save writes the whole game, so while a review runs its judgements
    // are saved at most once a second; its end is saved at once.
    if (!this.review.state.running) this.saveReview();
    else if (!this.reviewSave) this.reviewSave = setTimeout(() => this.saveReview(), REVIEW_SAVE_MS);
  }

  /** Writes the game with the review's judgements now (no save waits after). */
  saveReview() {
    clearTimeout(this.reviewSave);
    this.reviewSave = 0;
    this.persist.save();
  }

  /**
   * Writes the review's judgements of the line shown into the game's tree,
   * where the move list, the annotated record and the embed read them.
   */
  annotate() {
    annotate(this.session.current, this.steps.results());
  }

  /** @param {Partial<import('../../game/settings.js').Settings>} changed */
  onSettings(changed) {
    if (!this.session.game) return;
    // A new analysis setting follows (or stops following) the position.
    if ('analysis' in changed) this.analysis.follow();
    if ('explorer' in changed) this.explorer.follow();
    // Ownership is the analysis board's alone: the pointer's ghost and group stay.
    if (Object.keys(changed).every((k) => k === 'ownership')) this.view.drawAnalysis();
    else this.redraw();
    if ('shape' in changed && this.boardView.cursor) this.boardView.showCursor();
    if ('shape' in changed && this.boardView.selected) {
      this.boardView.showSelected();
      this.view.drawSelection();
    }
  }

  /**
   * The pointer is over `point` (null: off the board): what is there shows,
   * and a candidate played there shows its line.
   * @param {string | null} point
   * @param {Event | null} event
   */
  hover(point, event) {
    this.boardView.hover(point, event);
    this.analysis.showLine(this.analysis.candidateAt(point));
  }

  /**
   * A tap selected `point` (null: none): a candidate played there shows its
   * line, and the Play button what it would play.
   * @param {string | null} point
   */
  select(point) {
    this.analysis.showLine(this.analysis.candidateAt(point));
    this.view.drawSelection();
  }

  // ---- The game ----

  /**
   * Opens the game of the address's link, else the stored one, else a new
   * one. A link game's link is checked whole first; one refused opens the
   * stored game with the reason, and changes nothing kept.
   */
  async restore() {
    const { t } = this;
    const hash = this.address.hash();
    const text = textOfLink(hash);
    if (text !== null) {
      // Read once: a reload opens the game kept, not the link again.
      this.address.forget();
      try {
        await this.links.receive(text, hash);
      } catch (error) {
        // The game shown stays (nothing is written); on arrival, the one kept opens.
        if (!this.session.game) await this.openStored();
        this.say(t('friend.refused', { reason: describeError(t, error) }), 'error');
      }
      this.view.drawLost();
      return;
    }
    const { opened, linkError } = this.persist.open(fromLink(hash), this.settings.values.level);
    if (opened) await this.openGame(opened);
    else {
      this.newGame();
      // No game kept: a first visit, whose first tap would only look.
      if (this.touch()) this.say(t('message.firstTap'));
    }
    // After the game is set, which clears the message.
    if (linkError) this.say(t('load.badLink', { reason: describeError(t, /** @type {any} */ (linkError)) }), 'error');
    this.view.drawLost();
  }

  /** The address changed: a game's link in it opens. */
  addressChanged() {
    const hash = this.address.hash();
    if (fromLink(hash) || textOfLink(hash) !== null) this.restore();
  }

  /** Opens the current entry's game (a new one if there is none). */
  async openStored() {
    const { opened } = this.persist.open(null, this.settings.values.level);
    if (opened) await this.openGame(opened);
    else this.newGame();
  }

  /**
   * A stored game opened: a link game's moves come from its link (resolves
   * once they have).
   * @param {import('./persist.js').Opened} opened
   */
  async openGame(opened) {
    this.setGame(opened.game, opened.seats, opened.level, opened.clock);
    if (opened.friend) await this.links.open(opened.friend, opened.level);
  }

  /** A new game with the settings' choices. */
  newGame() {
    const { aiSide, opponent, size, pie, level, timeControl } = this.settings.values;
    const side = aiSide === 'random' ? randomColor() : aiSide;
    /** @type {Seats} */
    const seats = opponent === 'human' ? HUMANS : opponent === 'watch' ? { first: 'ai', second: 'ai' } : againstAiAs(side);
    // No analysis in a new game against the AI unless the player turns it on.
    if (seats.first === 'ai' || seats.second === 'ai') this.settings.set('analysis', false);
    // A clock for a game played here (not for the AI against itself).
    this.startGame(size, pie, seats, level, opponent === 'watch' ? null : readClock(this.engine, timeControl));
  }

  /** A new game of the same kind with the colours swapped (a link game's with the same friend). */
  rematch() {
    if (this.links.rematch()) return;
    const { seats, level } = this.session;
    const { size, pie } = this.session.status();
    this.startGame(size, pie, { first: seats.second, second: seats.first }, level, this.session.current.timeControl());
    this.view.announce(this.t('message.newGame', { size }));
  }

  /**
   * The step a new game and a rematch share: a new entry, and a new game in it.
   * @param {number} size
   * @param {boolean} pie
   * @param {Seats} seats
   * @param {string} level
   * @param {import('../../engine/types.js').TimeControl | null} timeControl its clock's, null for none
   */
  startGame(size, pie, seats, level, timeControl) {
    this.archive.begin();
    const game = new this.engine.GameHandle(size, pie);
    if (timeControl) game.setTimeControl(timeControl);
    this.setGame(game, seats, level);
  }

  /**
   * Plays `game` on the page.
   * @param {Game} game
   * @param {Seats} seats
   * @param {string} level
   * @param {unknown} [clock] the clock's times the game's entry kept
   */
  setGame(game, seats, level, clock = null) {
    this.stopAutoplay();
    this.clocks.load(game, clock);
    this.boardView.cursor = null;
    this.clearMessage();
    this.hint.clear();
    this.coach.reset();
    this.session.load(game, seats, level);
  }

  /** The player here resigns: at one screen the side to move, against the AI the human. */
  resign() {
    if (this.links.resign()) return;
    const { session } = this;
    const st = session.status();
    const loser = session.againstAi() ? (session.seatOf('dark', st) === 'human' ? 'dark' : 'light') : st.toMove;
    session.end(otherColor(loser), 'resign');
  }

  undo() {
    if (this.session.undo()) this.view.announce(this.t('message.undone'));
  }

  /** Moves the variation of the move shown one place up. */
  promote() {
    const { current } = this.session.current.tree();
    if (current !== null && this.session.promote(current)) this.view.announce(this.t('message.promoted'));
  }

  /** Deletes the move shown and all after it. */
  deleteMove() {
    const { current } = this.session.current.tree();
    if (current !== null && this.session.deleteMove(current)) this.view.announce(this.t('message.deleted'));
  }

  /**
   * Shows the move with node `id` of the game's tree (a click in the move list).
   * @param {number} id
   */
  showNode(id) {
    this.clearMessage();
    this.session.jumpToNode(id);
  }

  /** Stops the AI, which waits until it is resumed. */
  pause() {
    this.session.pause();
    this.redraw();
  }

  /** Random moves for both sides, in a game at one screen only (never for a player facing the AI). */
  toggleAutoplay() {
    if (this.autoplay) {
      this.stopAutoplay();
    } else if (!this.session.againstAi()) {
      this.autoplay = setInterval(() => {
        if (this.session.status().winner || !this.session.playRandom()) this.stopAutoplay();
      }, AUTOPLAY_MS);
    }
    this.redraw();
  }

  stopAutoplay() {
    if (!this.autoplay) return;
    clearInterval(this.autoplay);
    this.autoplay = 0;
    this.redraw();
  }

  /** Reviews the line shown. */
  startReview() {
    this.review.start(reviewedGame(this.session.current));
  }

  /** The coach's note is closed, its move kept. */
  keepMove() {
    this.coach.hide();
    this.view.drawCoach();
  }

  /**
   * A book move of the explorer is pointed at (null: none): the board shows it.
   * @param {string | null} token
   */
  pointBookMove(token) {
    this.explorer.pointed = token;
    this.view.drawAnalysis();
  }

  /** Says what the evaluation says, in the live region. */
  evaluation() {
    this.view.announce(this.analysis.words());
  }

  /**
   * Closes a note on a stored entry; a key it held is written now.
   * @param {LostNote} lost
   */
  closeNote(lost) {
    if (this.keeper.close(lost) && !this.persist.release(lost.key)) this.settings.resave();
    this.view.drawLost();
  }

  /**
   * Copies `text` and says `done` (with no clipboard, shows it to copy by hand).
   * @param {string} text
   * @param {string} done
   */
  copyText(text, done) {
    this.files.copy(text, done);
  }

  /**
   * Shows the page in another language.
   * @param {string} lang
   */
  async setLanguage(lang) {
    this.i18n = await loadLanguage(lang);
    this.view.translate();
    this.view.drawLost();
    this.view.drawGames();
    this.clocks.tick();
    this.redraw();
  }
}
