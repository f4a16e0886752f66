// @ts-check
// A live Federa board for any page: one script include and one element.
//
//   <script type="module" src="https://example.org/federa/embed.js"></script>
//   <federa-board size="9" mode="play" level="casual"></federa-board>
//
// or from JavaScript (types in embed.d.ts):
//
//   import { mount } from 'https://example.org/federa/js/embed.js';
//   const board = mount(document.querySelector('#here'), { size: 9, mode: 'two-players' });
//   board.on('move', ({ token, record }) => console.log(token));
//   board.set({ highlight: ['e5'] });
//   board.destroy();
//
// Everything lives in a shadow root, so no style leaks in or out. The game
// is the page's session (session.js); attributes read as embed/config.js
// says, and a bad one shows a message in the element instead of a board.
// What each mode does is its object in embed/modes.js.
import { loadEngine } from '../../engine/engine.js';
import { createBoard } from '../../board/board.js';
import { AiClient } from '../../ai/client.js';
import { Session } from '../../game/session.js';
import { attributeName, configFromAttributes, gameKey, parseRegion, withDefaults } from '../../game/embed-config.js';
import { loadLanguage } from '../../i18n/i18n.js';
import { describeError, describeMove, explainWrong, narrate } from '../../i18n/words.js';
import { boardPicture } from '../../view/board-picture.js';
import { BoardView } from '../../view/board-view.js';
import { button } from '../../panels/lost.js';
import { listenGraph } from '../../panels/review.js';
import { ReviewRunner, annotate, reviewedGame } from '../../ai/review-runner.js';
import { saveFile } from '../../lib/save-file.js';
import { $ } from '../../lib/dom.js';
import { modes } from './modes.js';
import { ProblemCtrl } from './problem-ctrl.js';
import { ProofCtrl } from './proof-ctrl.js';
import { explanationLayer, frameElement, pageLanguage, renderReview, styles } from './view.js';

/**
 * @typedef {import('../../embed.js').EmbedConfig} EmbedConfig
 * @typedef {import('../../engine/types.js').Status} Status
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 */

/**
 * Puts a live board into `host` (in its shadow root) and returns its API.
 * @param {HTMLElement} host
 * @param {EmbedConfig} [initial]
 * @returns {import('../../embed.js').FederaBoardApi}
 */
export function mount(host, initial = {}) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren(...styles(() => board?.redraw()));
  const frame = frameElement();
  root.appendChild(frame);
  const boardEl = /** @type {HTMLElement} */ ($('board', root));
  /** @type {Map<string, Set<(detail: any) => void>>} */
  const listeners = new Map();
  /**
   * @param {string} event
   * @param {unknown} detail
   */
  const emit = (event, detail) => {
    for (const fn of listeners.get(event) ?? []) fn(detail);
    host.dispatchEvent(new CustomEvent('federa-' + event, { detail, bubbles: true, composed: true }));
  };

  /** The config as set (the defaults are filled in as it is read: `full()`). */
  let config = { ...initial };
  const full = () => withDefaults(config);
  /** The game key of the config the game was made from (null: none made). @type {string | null} */
  let made = null;
  /** @type {import('../../i18n/i18n.js').I18n | null} */
  let i18n = null;
  const t = /** @type {import('../../i18n/words.js').Translate} */ ((key, params) => i18n?.t(key, params) ?? key);
  /** @type {Awaited<ReturnType<typeof loadEngine>> | null} */
  let engine = null;
  /** @type {import('../../board/board.js').Board | null} */
  let board = null;
  /** @type {BoardView | null} */
  let boardView = null;
  let destroyed = false;
  // The shape a tap places (a mouse chooses with its buttons).
  /** @type {'round' | 'square'} */
  let shape = 'round';
  /** Problem mode's state. @type {ProblemCtrl | ProofCtrl | null} */
  let problem = null;
  /** The worker that explains a wrong move of a `proof` problem, once one is shown. @type {AiClient | null} */
  let explaining = null;
  const explainer = () => {
    explaining ??= new AiClient();
    // Loaded while the reader thinks.
    explaining.start().catch(() => {});
    return explaining;
  };
  /** The part of the board shown (all of it when null). @type {import('../../board/geometry.js').Region | null} */
  let region = null;
  /** How many messages were said: a late explanation does not replace a newer one. */
  let said = 0;

  const mode = () => modes[full().mode];
  /** What the mode is handed. @returns {import('./modes.js').ModeCtx} */
  const modeCtx = () => ({
    session,
    t,
    cfg: full(),
    review,
    problem,
    add: (key, action) => $('bar', root).appendChild(button(t, key, action)),
    reset: () => {
      made = null;
      apply();
    },
    hint: showHint,
    giveUp,
    shapeToggle,
  });

  const session = new Session({ ai: () => new AiClient(), keepRedo: false, check: (move) => mode().check(modeCtx(), move) });
  session.on('change', ({ animate }) => {
    // A selection belongs to the position it was made in.
    if (boardView) boardView.selected = null;
    update(animate);
  });
  // Review mode, for a record without evaluations: the AI judges its moves
  // when the reader asks, into the game's tree.
  const review = new ReviewRunner({ client: () => new AiClient(), onChange: () => annotateReview() });
  function annotateReview() {
    if (!session.game) return;
    annotate(session.current, review.results(reviewedGame(session.current)));
    buildBar();
    update(null);
  }
  // The graph is the main line's: a click goes to its move there.
  listenGraph(
    /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('graph', root))),
    () => session.game?.tree().rows.length ?? 0,
    (ply) => (ply === 0 ? session.jump(0) : session.jumpToNode(session.current.tree().rows[ply - 1].id)),
  );
  session.on('move', ({ move, status }) => {
    const words = narrate(t, move, status, t('embed.won', { color: t('color.' + status.winner) }));
    if (mode().right(modeCtx())) words.unshift(t('embed.right'));
    const record = session.current.record();
    const solution = problem;
    solution?.moved();
    if (solution?.shown) {
      say(words.join(' '), status.winner ? 'win' : 'ok');
    } else if (solution && solution.readerMoved(move)) {
      const solved = solution.followed();
      say([t(solved ? 'problem.solved' : 'embed.right'), solution.lastComment(), ...words].filter(Boolean).join(' '), solved ? 'win' : 'ok');
      if (solved) emit('solved', { record });
      else solution.answerLater(session, () => solution === problem);
    } else {
      say(words.join(' '), status.winner ? 'win' : 'ok');
    }
    emit('move', { token: move.token, record });
    if (status.winner) emit('end', { winner: status.winner, record });
  });
  session.on('refused', ({ error }) => {
    if (error.kind === 'notYourTurn') return;
    if (error.kind === 'wrongAnswer') {
      const why = /** @type {import('./proof-ctrl.js').Why | undefined} */ (error.why);
      const comment = why ? explainWrong(t, why) : String(error.comment ?? '');
      const wrong = (/** @type {string} */ text) => say(text ? `${text} ${t('problem.tryAgain')}` : t('problem.wrong'), 'error');
      wrong(comment);
      emit('failed', { token: error.token, comment });
      update(null);
      // The solver's explanation follows from the worker, unless the board has said anything since (a move, a hint, another problem).
      const solving = problem;
      const saidThen = said;
      if (solving instanceof ProofCtrl) {
        solving.explaining?.then((explained) => {
          if (!explained || destroyed || said !== saidThen) return;
          const words = explainWrong(t, explained);
          wrong(words);
          emit('explained', { token: error.token, comment: words });
          update(null);
        });
      }
      return;
    }
    say(
      error.kind === 'notExpected'
        ? t('embed.notThisOne', { move: describeMove(t, /** @type {MoveInfo} */ (error.move)) })
        : describeError(t, error),
      'error',
    );
  });
  session.on('aiFailed', ({ error }) => {
    say(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
    const retry = $('bar', root).querySelector('.retry');
    if (retry) /** @type {HTMLElement} */ (retry).hidden = false;
  });

  // Changes come in bursts (the page sets a board's language and caption
  // together, often before the engine has loaded): one apply per burst.
  /** @type {Promise<void> | null} */
  let pending = null;
  function schedule() {
    pending ??= loadEngine().then(async (e) => {
      engine = e;
      // A language set while its words load (the page often sets it at once) is loaded too.
      let lang;
      do {
        lang = config.lang ?? pageLanguage(host);
        i18n = await loadLanguage(lang);
      } while (lang !== (config.lang ?? pageLanguage(host)));
      pending = null;
      if (!destroyed) apply();
    });
    return pending;
  }
  const drawn = schedule();

  /**
   * A link game's records, by the link given as `record`: read (and its
   * signatures checked) once, then shown as a record.
   * @type {Map<string, { record: string, pie: boolean } | { error: unknown }>}
   */
  const linkRecords = new Map();

  /**
   * The link game's record of `link` (a play page's `#f=` link), once read;
   * until then null, and the game is shown when it has been.
   * @param {string} link
   */
  function linkRecord(link) {
    const read = linkRecords.get(link);
    if (read) return read;
    import('../../friends/check.js')
      .then(({ recordOfLink }) => recordOfLink(/** @type {NonNullable<typeof engine>} */ (engine), link))
      .catch((error) => ({ error }))
      .then((result) => {
        linkRecords.set(link, result);
        if (!destroyed) apply();
      });
    return null;
  }

  /** @param {string} text */
  function fail(text) {
    frame.classList.add('failed');
    say(text, 'error');
  }

  /**
   * Takes the config's region if it reads and fits a board of `size`;
   * otherwise shows why and returns false.
   * @param {number} size
   */
  function fitRegion(size) {
    const given = full().region;
    const part = typeof given === 'string' ? parseRegion(given) : null;
    if (given !== undefined && !part) {
      fail(t('embed.badAttribute', { name: 'region', value: String(given), expected: t('embed.expected.region') }));
      return false;
    }
    if (part && (part.c1 >= size || part.r1 >= size)) {
      fail(t('embed.badRegion', { region: given, size }));
      return false;
    }
    region = part;
    return true;
  }

  /** A game that cannot be shown: the AI stops and nothing is made. */
  function unmade() {
    session.stopAi();
    made = null;
  }

  function apply() {
    const cfg = full();
    frame.lang = i18n?.locale ?? 'en';
    if (made === gameKey(config) && session.game) {
      // The region is a view key: the game stays, whether it fits or not.
      if (!fitRegion(session.status().size)) return;
      if (frame.classList.contains('failed')) {
        frame.classList.remove('failed');
        say('', '');
      }
      buildBar();
      show();
      return;
    }
    const e = /** @type {NonNullable<typeof engine>} */ (engine);
    // A game by link in place of a record: shown once its link is checked.
    const linked = cfg.record?.includes('#f=') ? linkRecord(cfg.record) : undefined;
    if (linked === null) return;
    let fresh;
    try {
      if (linked && 'error' in linked) throw linked.error;
      if (linked) fresh = e.GameHandle.fromRecord(linked.record, linked.pie);
      else if (cfg.record) fresh = e.GameHandle.fromRecord(cfg.record, cfg.pie);
      else if (cfg.position) fresh = e.GameHandle.fromPosition(cfg.position, cfg.pie);
      else fresh = new e.GameHandle(cfg.size, cfg.pie);
    } catch (error) {
      unmade();
      fail(t('embed.badGame', { reason: describeError(t, error) }));
      return;
    }
    if (!fitRegion(fresh.status().size)) {
      fresh.free();
      unmade();
      return;
    }
    const opensAt = cfg.initialPly ?? (mode().opensAtStart ? 0 : null);
    if (opensAt !== null) fresh.jump(Math.min(opensAt, fresh.status().moves));
    problem = null;
    if (mode().solves) {
      try {
        problem = cfg.proof ? new ProofCtrl(e, fresh, cfg.proof, explainer()) : ProblemCtrl.of(e, fresh, cfg.solution ?? '', cfg.pie);
      } catch (error) {
        fresh.free();
        unmade();
        fail(t(cfg.proof ? 'embed.badProof' : 'embed.badSolution', { reason: describeError(t, error) }));
        return;
      }
    }
    frame.classList.remove('failed');
    made = gameKey(config);
    review.cancel();
    board ??= createBoard(boardEl, { events: { hover: onHover, click: onClick } });
    boardView ??= new BoardView({
      board,
      session,
      badge: $('badge', root),
      host: $('board-host', root),
      announcer: $('announcer', root),
      t,
      locale: () => i18n?.locale ?? 'en',
      canPlace: readerToMove,
      showGroup: () => full().attackers,
      shape: () => shape,
      region: () => region,
      say,
      act: (at, how) => {
        if (readerToMove()) session.act(at, how);
      },
      // An embedded board has no settings: a tap always looks first.
      confirm: () => true,
    });
    say('', '');
    boardView.cursor = null;
    session.load(fresh, mode().seats(cfg), cfg.level, fresh.status().ply);
    // After the game is loaded: review mode's bar depends on its record.
    buildBar();
  }

  /** Redraws what the view keys say (the game is kept). */
  function show() {
    session.level = full().level;
    update(null);
    session.maybeAi();
  }

  function buildBar() {
    const bar = $('bar', root);
    bar.replaceChildren();
    const ctx = modeCtx();
    mode().bar(ctx);
    if (ctx.cfg.download) ctx.add('embed.downloadSvg', downloadSvg);
    bar.hidden = !bar.children.length;
  }

  /** The button that switches the shape a tap places. */
  function shapeToggle() {
    const glyph = { round: '●', square: '■' };
    const toggle = modeCtx().add('shape.' + shape, () => {
      shape = shape === 'round' ? 'square' : 'round';
      toggle.textContent = `${glyph[shape]} ${t('shape.' + shape)}`;
    });
    toggle.textContent = `${glyph[shape]} ${t('shape.' + shape)}`;
    toggle.title = t('shape.label');
  }

  /** Saves the board as an SVG file (the `download` attribute's button). */
  function downloadSvg() {
    const svg = board?.toSvg();
    if (!svg) return;
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), 'federa-diagram.svg', frame);
  }

  /** @param {Status} st */
  function statusLine(st) {
    if (review.state.running) return t('review.progress', { done: review.state.done, count: review.state.total });
    return mode().status(modeCtx(), st);
  }

  /** Whether the reader may move now. */
  function readerToMove(st = session.status()) {
    if (problem && !problem.readerToMove(st)) return false;
    return full().interactive && session.humanToMove(st);
  }

  /** Problem mode: rings the next right move's point and says so. */
  function showHint() {
    const at = session.game && readerToMove() ? (problem?.hint(session.current) ?? null) : null;
    if (!at) return;
    say(t('problem.hint', { at }), 'ok');
    emit('hint', { at });
    update(null);
  }

  /** Problem mode with `proof`: the solution plays itself out. */
  function giveUp() {
    const solving = problem;
    if (!(solving instanceof ProofCtrl) || solving.solved || solving.shown) return;
    emit('gaveUp', {});
    solving.showSolution(session, () => solving === problem);
    update(null);
  }

  /** @param {{ origin: string | null } | null} animate */
  function update(animate) {
    if (!board || !session.game) return;
    const cfg = full();
    const game = session.current;
    const st = session.status();
    const line = statusLine(st);
    board.set({
      ...boardPicture(game, st, {
        t,
        line,
        hints: cfg.hints && readerToMove(st),
        cursor: boardView?.cursor ?? null,
        coordinates: cfg.coordinates,
        interactive: cfg.interactive || cfg.attackers,
        animate,
      }),
      marks: problem?.hinted ? [...cfg.highlight, problem.hinted] : cfg.highlight,
      arrows: cfg.arrows ?? [],
      labels: cfg.labels ?? [],
      shade: cfg.shade ?? [],
      overlays: problem?.why?.line.length ? [explanationLayer(problem.why.line)] : [],
      region,
    });
    boardEl.setAttribute('aria-label', t('board.application'));
    boardView?.showSelected();
    $('status', root).textContent = line;
    $('status', root).hidden = !line;
    $('caption', root).textContent = cfg.caption;
    $('caption', root).hidden = !cfg.caption;
    const swap = /** @type {HTMLElement | null} */ ($('bar', root).querySelector('.swap'));
    if (swap) swap.hidden = !(st.swapAvailable && readerToMove(st));
    renderReview(root, { on: mode().showsReview, tree: session.current.tree(), ply: st.ply, t, jump: (id) => session.jumpToNode(id) });
  }

  /**
   * @param {string | null} point
   * @param {Event} event
   */
  function onHover(point, event) {
    boardView?.hover(point, event);
  }

  /**
   * @param {string} point
   * @param {number} which
   * @param {PointerEvent} event
   */
  function onClick(point, which, event) {
    boardView?.click(point, which, event);
  }

  boardEl.addEventListener('keydown', (e) => {
    if (boardView?.key(e)) e.preventDefault();
  });
  boardEl.addEventListener('blur', () => boardView?.blur());

  /**
   * @param {string} text
   * @param {string} tone
   */
  function say(text, tone) {
    said++;
    $('message', root).textContent = text;
    $('message', root).className = 'message ' + tone;
  }

  return {
    /**
     * Merges `next` over the current config: a game key (record,
     * position, size, pie, mode, ai) starts its game afresh; any other
     * key redraws the view and keeps the reader's moves. A key set to
     * `undefined` returns to its default.
     * @param {EmbedConfig} next
     */
    set(next) {
      config = { ...config, ...next };
      schedule();
    },
    /**
     * Calls `fn` on `move` ({ token, record }), `end` ({ winner, record }),
     * and in problem mode `solved` ({ record }), `failed` ({ token,
     * comment }), `explained` ({ token, comment }), `hint` ({ at }) and
     * `gaveUp` ({}); returns a function that stops it.
     * @param {'move' | 'end' | 'solved' | 'failed' | 'explained' | 'hint' | 'gaveUp'} event
     * @param {(detail: any) => void} fn
     */
    on(event, fn) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(fn);
      return () => set.delete(fn);
    },
    /** The current record. */
    record: () => session.game?.record() ?? null,
    /**
     * The board as an SVG image (a diagram, with the marks and annotations),
     * `side` pixels wide; null before the board is drawn.
     * @param {{ side?: number, coordinates?: boolean }} [options]
     */
    toSvg: (options) => board?.toSvg(options) ?? null,
    /** Resolves once the board shows its config as last set (or has shown its error). */
    get ready() {
      return pending ?? drawn;
    },
    destroy() {
      destroyed = true;
      explaining?.destroy();
      review.destroy();
      session.destroy();
      board?.destroy();
      root.replaceChildren();
    },
  };
}

/** `<federa-board>`: attributes as in embed/config.js; any change re-reads them. */
export class FederaBoard extends HTMLElement {
  static observedAttributes = Object.keys(configFromAttributes(() => null)).map(attributeName);

  constructor() {
    super();
    /** @type {ReturnType<typeof mount> | null} */
    this.api = null;
  }

  connectedCallback() {
    this.render();
  }

  attributeChangedCallback() {
    if (this.isConnected && this.api) this.render();
  }

  disconnectedCallback() {
    this.api?.destroy();
    this.api = null;
  }

  render() {
    let config;
    try {
      config = configFromAttributes((name) => this.getAttribute(name));
    } catch (problem) {
      this.showProblem(/** @type {import('../../game/embed-config.js').AttributeProblem} */ (problem));
      return;
    }
    if (this.api) this.api.set(config);
    else this.api = mount(this, config);
  }

  /** @param {import('../../game/embed-config.js').AttributeProblem} problem */
  async showProblem({ name, value, expected }) {
    this.api?.destroy();
    this.api = null;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const { t } = await loadLanguage(pageLanguage(this));
    const p = document.createElement('p');
    p.className = 'message error problem';
    p.setAttribute('role', 'alert');
    p.textContent = t('embed.badAttribute', { name, value, expected: t('embed.expected.' + expected) });
    root.replaceChildren(...styles(), p);
  }
}

if (!customElements.get('federa-board')) customElements.define('federa-board', FederaBoard);
