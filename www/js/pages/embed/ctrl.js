// @ts-check
// An embedded board's controller, after chessground's and lila's ctrl
// objects: the board's state in its fields (the config as set, the engine
// and words once loaded, the session, the board, a problem's controller,
// the review) and what the reader and the page do as methods, with the
// board's events (embed.d.ts's BoardEvents). It draws the board, the
// picture of view/board-picture.js with the embed's marks; the view draws
// the rest (view.js's FrameView), and element.js makes both. No DOM of its
// own: it is unit-tested under Node with the real engine, a fake view and
// a fake board (tests/unit/embed-ctrl.test.mjs).
//
//   const ctrl = new BoardCtrl({ view, config: { size: 9, mode: 'play' } });
//   ctrl.on('move', ({ token }) => console.log(token));
//   await ctrl.ready;
import { loadEngine } from '../../engine/engine.js';
import { pieceCodeOf } from '../../engine/facts.js';
import { AiClient } from '../../ai/client.js';
import { ReviewRunner, annotate, reviewedGame } from '../../ai/review-runner.js';
import { lineLayer } from '../../board/analysis-layers.js';
import { loadLanguage } from '../../i18n/i18n.js';
import { describeError, describeMove, explainWrong, narrate } from '../../i18n/words.js';
import { Session } from '../../game/session.js';
import { gameKey, parseRegion, withDefaults } from '../../game/embed-config.js';
import { boardPicture } from '../../view/board-picture.js';
import { Emitter } from '../../lib/emitter.js';
import { modes } from './modes.js';
import { ProblemCtrl } from './problem-ctrl.js';
import { ProofCtrl } from './proof-ctrl.js';

/**
 * @typedef {import('../../embed.d.ts').EmbedConfig} EmbedConfig
 * @typedef {import('../../engine/engine.js').Engine} Engine
 * @typedef {import('../../engine/types.js').Status} Status
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../engine/types.js').EngineError} EngineError
 * @typedef {import('../../engine/types.js').Tree} Tree
 * @typedef {import('../../i18n/words.js').Translate} Translate
 * @typedef {import('../../board/board.js').Board} Board
 * @typedef {import('../../view/board-view.js').BoardView} BoardView
 * @typedef {{ [K in keyof import('../../embed.d.ts').BoardEvents]: import('../../embed.d.ts').BoardEvents[K] }} Events
 *   the board's events (an interface has no index signature, which Emitter asks)
 * @typedef {Omit<import('../../view/board-view.js').BoardViewOptions, 'board' | 'badge' | 'host' | 'announcer'>} BoardOptions
 *   what the board view is handed by the controller (the view adds the board and its elements)
 * @typedef {{ line: string, caption: string, swap: boolean,
 *   review: { on: boolean, tree: Tree, ply: number, jump: (id: number) => void } }} Parts
 *   what the view draws besides the board: the status line, the caption,
 *   whether the swap's button shows, and review mode's parts
 */

/**
 * What the controller asks of the page around the board (view.js's
 * FrameView; a fake in the tests).
 * @typedef {{
 *   pageLanguage(): string,
 *   setLanguage(locale: string): void,
 *   makeBoard(options: BoardOptions): { board: Board, boardView: BoardView },
 *   failed(on: boolean): void,
 *   say(text: string, tone: string): void,
 *   clearBar(): void,
 *   add(t: Translate, key: string, action: () => void): HTMLButtonElement,
 *   showRetry(): void,
 *   render(t: Translate, parts: Parts): void,
 *   download(svg: string): void,
 *   dispatch(event: string, detail: unknown): void,
 *   destroy(): void,
 * }} View
 *
 * pageLanguage: the language of the page around the board; makeBoard: the
 * board and its board view, made once the first game is; failed: whether
 * the board shows why its config cannot be shown instead of a game; add: a
 * button in the bar (clearBar empties and hides it); showRetry: the play
 * mode's button that asks the AI again; dispatch: the host's DOM event.
 */

/**
 * A wrong move's explanation (its line, the wrong move first) as numbered pieces.
 * @param {MoveInfo[]} line
 */
export function explanationLayer(line) {
  return lineLayer(line.map((m) => ({ point: m.at ?? '', piece: m.piece ? pieceCodeOf(m.piece) : 0, change: m.kind === 'change' })));
}

/** @extends {Emitter<Events>} */
export class BoardCtrl extends Emitter {
  /**
   * Shows `config` once the engine and the words have loaded (`ready`).
   * @param {{ view: View, config?: EmbedConfig, engine?: () => Promise<Engine>, ai?: () => AiClient }} options
   * engine: loads the engine (engine.js's loadEngine); ai: a client of an
   * AI worker, for the AI's moves, a review and a wrong move's explanation
   */
  constructor({ view, config = {}, engine = loadEngine, ai = () => new AiClient() }) {
    super();
    this.view = view;
    this.loadEngine = engine;
    this.makeAi = ai;
    /** The config as set (the defaults are filled in as it is read: `full()`). @type {EmbedConfig} */
    this.config = { ...config };
    /** The game key of the config the game was made from (null: none made). @type {string | null} */
    this.made = null;
    /** @type {Engine | null} */
    this.engine = null;
    /** @type {import('../../i18n/i18n.js').I18n | null} */
    this.i18n = null;
    /** The board and its board view, made with the first game. @type {Board | null} */
    this.board = null;
    /** @type {BoardView | null} */
    this.boardView = null;
    this.destroyed = false;
    /** Whether the board shows why its config cannot be shown instead of a game. */
    this.failed = false;
    /** The shape a tap places (a mouse chooses with its buttons). @type {'round' | 'square'} */
    this.shape = 'round';
    /** Problem mode's state. @type {ProblemCtrl | ProofCtrl | null} */
    this.problem = null;
    /** The worker that explains a wrong move of a `proof` problem, once one is shown. @type {AiClient | null} */
    this.explaining = null;
    /** The part of the board shown (all of it when null). @type {import('../../board/geometry.js').Region | null} */
    this.region = null;
    /** How many messages were said: a late explanation does not replace a newer one. */
    this.said = 0;
    /**
     * A link game's records, by the link given as `record`: read (and its
     * signatures checked) once, then shown as a record.
     * @type {Map<string, { record: string, pie: boolean } | { error: unknown }>}
     */
    this.linkRecords = new Map();
    /** @type {Translate} */
    this.t = (key, params) => this.i18n?.t(key, params) ?? key;
    this.session = new Session({ ai, keepRedo: false, check: (move) => this.mode().check(this.modeCtx(), move) });
    this.session.on('change', ({ animate }) => {
      // A selection belongs to the position it was made in.
      if (this.boardView) this.boardView.selected = null;
      this.update(animate);
    });
    this.session.on('move', (event) => this.moved(event));
    this.session.on('refused', ({ error }) => this.refused(error));
    this.session.on('aiFailed', ({ error }) => {
      this.say(this.t('message.aiFailed', { reason: describeError(this.t, error) }), 'error');
      this.view.showRetry();
    });
    // Review mode, for a record without evaluations: the AI judges its moves
    // when the reader asks, into the game's tree.
    this.review = new ReviewRunner({ client: ai, onChange: () => this.annotateReview() });
    /** The apply under way, if any (changes come in bursts: one apply per burst). @type {Promise<void> | null} */
    this.pending = null;
    /** The first apply. */
    this.drawn = this.schedule();
  }

  /**
   * Tells the listeners, then the page (the host's `federa-<event>`).
   * @template {keyof Events} K
   * @param {K} event
   * @param {Events[K]} detail
   */
  emit(event, detail) {
    super.emit(event, detail);
    this.view.dispatch(event, detail);
  }

  /** The config with its defaults. */
  full() {
    return withDefaults(this.config);
  }

  mode() {
    return modes[this.full().mode];
  }

  /** What the mode is handed. @returns {import('./modes.js').ModeCtx} */
  modeCtx() {
    return {
      session: this.session,
      t: this.t,
      cfg: this.full(),
      review: this.review,
      problem: this.problem,
      add: (key, action) => this.view.add(this.t, key, action),
      reset: () => {
        this.made = null;
        this.apply();
      },
      hint: () => this.showHint(),
      giveUp: () => this.giveUp(),
      shapeToggle: () => this.shapeToggle(),
    };
  }

  /**
   * Merges `next` over the config as set: a game key starts its game
   * afresh; any other key redraws the view and keeps the reader's moves. A
   * key set to `undefined` returns to its default.
   * @param {EmbedConfig} next
   */
  set(next) {
    this.config = { ...this.config, ...next };
    this.schedule();
  }

  /** Resolves once the board shows its config as last set (or has shown its error). */
  get ready() {
    return this.pending ?? this.drawn;
  }

  /** The current record, or null before there is a game. */
  record() {
    return this.session.game?.record() ?? null;
  }

  /**
   * The board as an SVG image; null before the board is drawn.
   * @param {{ side?: number, coordinates?: boolean }} [options]
   */
  toSvg(options) {
    return this.board?.toSvg(options) ?? null;
  }

  /** Applies the config once the engine and the words are loaded. */
  schedule() {
    this.pending ??= this.loadEngine().then(async (engine) => {
      this.engine = engine;
      // A language set while its words load (the page often sets it at once) is loaded too.
      let lang;
      do {
        lang = this.config.lang ?? this.view.pageLanguage();
        this.i18n = await loadLanguage(lang);
      } while (lang !== (this.config.lang ?? this.view.pageLanguage()));
      this.pending = null;
      if (!this.destroyed) this.apply();
    });
    return this.pending;
  }

  /**
   * The link game's record of `link` (a play page's `#f=` link), once read;
   * until then null, and the game is shown when it has been.
   * @param {string} link
   */
  linkRecord(link) {
    const read = this.linkRecords.get(link);
    if (read) return read;
    import('../../friends/check.js')
      .then(({ recordOfLink }) => recordOfLink(/** @type {Engine} */ (this.engine), link))
      .catch((error) => ({ error }))
      .then((result) => {
        this.linkRecords.set(link, result);
        if (!this.destroyed) this.apply();
      });
    return null;
  }

  /** @param {string} text */
  fail(text) {
    this.failed = true;
    this.view.failed(true);
    this.say(text, 'error');
  }

  /**
   * Takes the config's region if it reads and fits a board of `size`;
   * otherwise shows why and returns false.
   * @param {number} size
   */
  fitRegion(size) {
    const given = this.full().region;
    const part = typeof given === 'string' ? parseRegion(given) : null;
    if (given !== undefined && !part) {
      this.fail(this.t('embed.badAttribute', { name: 'region', value: String(given), expected: this.t('embed.expected.region') }));
      return false;
    }
    if (part && (part.c1 >= size || part.r1 >= size)) {
      this.fail(this.t('embed.badRegion', { region: given, size }));
      return false;
    }
    this.region = part;
    return true;
  }

  /** A game that cannot be shown: the AI stops and nothing is made. */
  unmade() {
    this.session.stopAi();
    this.made = null;
  }

  /** Shows the config: its game made afresh if a game key changed, else the view redrawn. */
  apply() {
    const { session, t } = this;
    const cfg = this.full();
    this.view.setLanguage(this.i18n?.locale ?? 'en');
    if (this.made === gameKey(this.config) && session.game) {
      // The region is a view key: the game stays, whether it fits or not.
      if (!this.fitRegion(session.status().size)) return;
      if (this.failed) {
        this.failed = false;
        this.view.failed(false);
        this.say('', '');
      }
      this.buildBar();
      this.show();
      return;
    }
    const e = /** @type {Engine} */ (this.engine);
    // A game by link in place of a record: shown once its link is checked.
    const linked = cfg.record?.includes('#f=') ? this.linkRecord(cfg.record) : undefined;
    if (linked === null) return;
    let fresh;
    try {
      if (linked && 'error' in linked) throw linked.error;
      if (linked) fresh = e.GameHandle.fromRecord(linked.record, linked.pie);
      else if (cfg.record) fresh = e.GameHandle.fromRecord(cfg.record, cfg.pie);
      else if (cfg.position) fresh = e.GameHandle.fromPosition(cfg.position, cfg.pie);
      else fresh = new e.GameHandle(cfg.size, cfg.pie);
    } catch (error) {
      this.unmade();
      this.fail(t('embed.badGame', { reason: describeError(t, error) }));
      return;
    }
    if (!this.fitRegion(fresh.status().size)) {
      fresh.free();
      this.unmade();
      return;
    }
    const opensAt = cfg.initialPly ?? (this.mode().opensAtStart ? 0 : null);
    if (opensAt !== null) fresh.jump(Math.min(opensAt, fresh.status().moves));
    this.problem = null;
    if (this.mode().solves) {
      try {
        this.problem = cfg.proof
          ? new ProofCtrl(e, fresh, cfg.proof, this.explainer())
          : ProblemCtrl.of(e, fresh, cfg.solution ?? '', cfg.pie);
      } catch (error) {
        fresh.free();
        this.unmade();
        this.fail(t(cfg.proof ? 'embed.badProof' : 'embed.badSolution', { reason: describeError(t, error) }));
        return;
      }
    }
    this.failed = false;
    this.view.failed(false);
    this.made = gameKey(this.config);
    this.review.cancel();
    const boardView = this.boardView ?? this.makeBoard();
    this.say('', '');
    boardView.cursor = null;
    session.load(fresh, this.mode().seats(cfg), cfg.level, fresh.status().ply);
    // After the game is loaded: review mode's bar depends on its record;
    // drawn again, so that the new bar's buttons (Swap sides) follow the game.
    this.buildBar();
    this.update(null);
  }

  /** The board and its board view, which ask the controller who may act and how. */
  makeBoard() {
    const { board, boardView } = this.view.makeBoard({
      session: this.session,
      t: this.t,
      locale: () => this.i18n?.locale ?? 'en',
      canPlace: (st) => this.readerToMove(st),
      showGroup: () => this.full().attackers,
      shape: () => this.shape,
      region: () => this.region,
      say: (text, tone) => this.say(text, tone),
      act: (at, how) => {
        if (this.readerToMove()) this.session.act(at, how);
      },
      // An embedded board has no settings: a tap always looks first.
      confirm: () => true,
    });
    this.board = board;
    this.boardView = boardView;
    return boardView;
  }

  /** The worker that explains a `proof` problem's wrong moves, loaded while the reader thinks. */
  explainer() {
    this.explaining ??= this.makeAi();
    this.explaining.start().catch(() => {});
    return this.explaining;
  }

  /** Redraws what the view keys say (the game is kept). */
  show() {
    this.session.level = this.full().level;
    this.update(null);
    this.session.maybeAi();
  }

  buildBar() {
    this.view.clearBar();
    const ctx = this.modeCtx();
    this.mode().bar(ctx);
    if (ctx.cfg.download) ctx.add('embed.downloadSvg', () => this.downloadSvg());
  }

  /** The button that switches the shape a tap places. */
  shapeToggle() {
    const { t } = this;
    const glyph = { round: '●', square: '■' };
    const toggle = this.view.add(t, 'shape.' + this.shape, () => {
      this.shape = this.shape === 'round' ? 'square' : 'round';
      toggle.textContent = `${glyph[this.shape]} ${t('shape.' + this.shape)}`;
    });
    toggle.textContent = `${glyph[this.shape]} ${t('shape.' + this.shape)}`;
    toggle.title = t('shape.label');
  }

  /** Saves the board as an SVG file (the `download` attribute's button). */
  downloadSvg() {
    const svg = this.board?.toSvg();
    if (svg) this.view.download(svg);
  }

  /** @param {Status} st */
  statusLine(st) {
    const { review, t } = this;
    if (review.state.running) return t('review.progress', { done: review.state.done, count: review.state.total });
    return this.mode().status(this.modeCtx(), st);
  }

  /** Whether the reader may move now. */
  readerToMove(st = this.session.status()) {
    if (this.problem && !this.problem.readerToMove(st)) return false;
    return this.full().interactive && this.session.humanToMove(st);
  }

  /** Problem mode: rings the next right move's point and says so. */
  showHint() {
    const { session } = this;
    const at = session.game && this.readerToMove() ? (this.problem?.hint(session.current) ?? null) : null;
    if (!at) return;
    this.say(this.t('problem.hint', { at }), 'ok');
    this.emit('hint', { at });
    this.update(null);
  }

  /** Problem mode with `proof`: the solution plays itself out. */
  giveUp() {
    const solving = this.problem;
    if (!(solving instanceof ProofCtrl) || solving.solved || solving.shown) return;
    this.emit('gaveUp', {});
    solving.showSolution(this.session, () => solving === this.problem);
    this.update(null);
  }

  /** The review's judgements into the game's tree, and the bar and board anew. */
  annotateReview() {
    const { session } = this;
    if (!session.game) return;
    annotate(session.current, this.review.results(reviewedGame(session.current)));
    this.buildBar();
    this.update(null);
  }

  /** How many plies the review's graph shows: the main line's. */
  mainLinePlies() {
    return this.session.game?.tree().rows.length ?? 0;
  }

  /**
   * Shows the main line's position after `ply` plies (a click on the graph).
   * @param {number} ply
   */
  jumpOnMainLine(ply) {
    const { session } = this;
    if (ply === 0) session.jump(0);
    else session.jumpToNode(session.current.tree().rows[ply - 1].id);
  }

  /**
   * A move was played: said, judged by a problem (which may answer it), and told.
   * @param {{ move: MoveInfo, status: Status }} event
   */
  moved({ move, status }) {
    const { t } = this;
    const words = narrate(t, move, status, t('embed.won', { color: t('color.' + status.winner) }));
    if (this.mode().right(this.modeCtx())) words.unshift(t('embed.right'));
    const record = this.session.current.record();
    const solution = this.problem;
    solution?.moved();
    if (solution?.shown) {
      this.say(words.join(' '), status.winner ? 'win' : 'ok');
    } else if (solution && solution.readerMoved(move)) {
      const solved = solution.followed();
      const said = [t(solved ? 'problem.solved' : 'embed.right'), solution.lastComment(), ...words];
      this.say(said.filter(Boolean).join(' '), solved ? 'win' : 'ok');
      if (solved) this.emit('solved', { record });
      else solution.answerLater(this.session, () => solution === this.problem);
    } else {
      this.say(words.join(' '), status.winner ? 'win' : 'ok');
    }
    this.emit('move', { token: move.token, record });
    if (status.winner) this.emit('end', { winner: status.winner, record });
  }

  /**
   * A move was refused: said, and in problem mode told as `failed` (a
   * proof problem's explanation follows as `explained`).
   * @param {EngineError} error
   */
  refused(error) {
    const { t } = this;
    if (error.kind === 'notYourTurn') return;
    if (error.kind !== 'wrongAnswer') {
      const move = /** @type {MoveInfo} */ (error.move);
      this.say(error.kind === 'notExpected' ? t('embed.notThisOne', { move: describeMove(t, move) }) : describeError(t, error), 'error');
      return;
    }
    const why = /** @type {import('./proof-ctrl.js').Why | undefined} */ (error.why);
    const comment = why ? explainWrong(t, why) : String(error.comment ?? '');
    const token = String(error.token);
    const wrong = (/** @type {string} */ text) => this.say(text ? `${text} ${t('problem.tryAgain')}` : t('problem.wrong'), 'error');
    wrong(comment);
    this.emit('failed', { token, comment });
    this.update(null);
    // The solver's explanation follows from the worker, unless the board has said anything since (a move, a hint, another problem).
    const solving = this.problem;
    const saidThen = this.said;
    if (!(solving instanceof ProofCtrl)) return;
    solving.explaining?.then((explained) => {
      if (!explained || this.destroyed || this.said !== saidThen) return;
      const words = explainWrong(t, explained);
      wrong(words);
      this.emit('explained', { token, comment: words });
      this.update(null);
    });
  }

  /**
   * Draws the board: the game's picture with the config's marks and a
   * problem's hint and explanation; the view draws the rest.
   * @param {{ origin: string | null } | null} animate
   */
  update(animate) {
    const { board, boardView, session, problem } = this;
    if (!board || !boardView || !session.game) return;
    const cfg = this.full();
    const game = session.current;
    const st = session.status();
    const line = this.statusLine(st);
    board.set({
      ...boardPicture(game, st, {
        t: this.t,
        line,
        hints: cfg.hints && this.readerToMove(st),
        cursor: boardView.cursor,
        coordinates: cfg.coordinates,
        interactive: cfg.interactive || cfg.attackers,
        animate,
      }),
      marks: problem?.hinted ? [...cfg.highlight, problem.hinted] : cfg.highlight,
      arrows: cfg.arrows ?? [],
      labels: cfg.labels ?? [],
      shade: cfg.shade ?? [],
      overlays: problem?.why?.line.length ? [explanationLayer(problem.why.line)] : [],
      region: this.region,
    });
    boardView.showSelected();
    this.view.render(this.t, {
      line,
      caption: cfg.caption,
      swap: st.swapAvailable && this.readerToMove(st),
      review: { on: this.mode().showsReview, tree: game.tree(), ply: st.ply, jump: (id) => session.jumpToNode(id) },
    });
  }

  /**
   * @param {string} text
   * @param {string} tone
   */
  say(text, tone) {
    this.said++;
    this.view.say(text, tone);
  }

  /** Removes the board and stops its AI, its review and a problem's answers. */
  destroy() {
    this.destroyed = true;
    this.explaining?.destroy();
    this.review.destroy();
    this.session.destroy();
    // A problem's answers and a solution playing out wait for it: they stop.
    this.problem = null;
    this.board?.destroy();
    this.view.destroy();
    this.clearListeners();
  }
}
