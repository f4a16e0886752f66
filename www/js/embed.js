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
// is the page's session (session.js); attributes read as embed-config.js
// says, and a bad one shows a message in the element instead of a board.
import { loadEngine } from './engine.js';
import { createBoard } from './board.js';
import { parsePoint } from './points.js';
import { AiClient } from './ai.js';
import { HUMANS, Session, againstAiAs } from './session.js';
import { attributeName, configFromAttributes, gameChanged, parseRegion, withDefaults } from './embed-config.js';
import { languages, loadLanguage, preferredLanguage } from './i18n.js';
import { boardLabel, describeError, describeMove, narrate } from './words.js';
import { clickShape, hideBadge, hoverShape, showHover } from './hover.js';
import { cursorKey, cursorStart } from './keys.js';
import { button } from './panels/lost.js';
import { GLYPH_CLASS, findRow, renderMoves } from './panels/moves.js';
import { listenGraph, renderGraph } from './panels/review.js';
import { ReviewRunner, annotate, reviewedGame } from './review.js';
import { Problem } from './problem.js';
import { saveFile } from './save-file.js';

/**
 * @typedef {import('./embed.js').EmbedConfig} EmbedConfig
 * @typedef {import('./types.js').Status} Status
 * @typedef {import('./types.js').MoveInfo} MoveInfo
 */

/**
 * The shadow root's styles: the shared colours and board styles, then the
 * embed's own. `onColours` runs once the colours have loaded (the canvas
 * reads them).
 * @param {() => void} [onColours]
 */
function styles(onColours) {
  /** @param {string} file */
  const link = (file) => {
    const element = document.createElement('link');
    element.rel = 'stylesheet';
    element.href = new URL('../' + file, import.meta.url).href;
    return element;
  };
  const palette = link('palette.css');
  if (onColours) palette.addEventListener('load', onColours);
  return [palette, link('board.css'), link('review.css'), link('embed.css')];
}

/** How long the board waits before it answers the reader's move in a problem. */
const ANSWER_MS = 400;

/** @param {Element} host */
function pageLanguage(host) {
  const tag = (host.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().split('-')[0];
  return languages.includes(tag) ? tag : preferredLanguage();
}

/**
 * Puts a live board into `host` (in its shadow root) and returns its API.
 * @param {HTMLElement} host
 * @param {EmbedConfig} [initial]
 * @returns {import('./embed.js').FederaBoardApi}
 */
export function mount(host, initial = {}) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren(...styles(() => board?.redraw()));
  const frame = document.createElement('div');
  frame.className = 'frame';
  frame.innerHTML = `
    <div class="board-host"><div class="board" tabindex="0" role="application"></div>
      <div class="badge" hidden><span class="head"></span> <span class="tail"></span></div>
      <p class="announcer sr-only" aria-live="polite" aria-atomic="true"></p></div>
    <p class="status"></p>
    <p class="comment" hidden></p>
    <div class="bar"></div>
    <p class="message" role="status"></p>
    <div class="review" hidden><svg class="graph" role="img"></svg><ol class="move-list"></ol></div>
    <p class="caption"></p>`;
  root.appendChild(frame);
  /** @param {string} selector @returns {HTMLElement} */
  const $ = (selector) => /** @type {HTMLElement} */ (frame.querySelector(selector));
  const boardEl = $('.board');
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

  let config = { ...initial };
  /** The config the board shows, defaults filled in. */
  let cfg = withDefaults(config);
  /** @type {import('./i18n.js').I18n | null} */
  let i18n = null;
  const t = /** @type {import('./words.js').Translate} */ ((key, params) => i18n?.t(key, params) ?? key);
  /** @type {Awaited<ReturnType<typeof loadEngine>> | null} */
  let engine = null;
  /** @type {import('./board.js').Board | null} */
  let board = null;
  let destroyed = false;
  // The shape a tap places (a mouse chooses with its buttons).
  /** @type {'round' | 'square'} */
  let shape = 'round';
  /** @type {string | null} */
  let cursor = null;
  /** The config the game was made from, to tell a game change from a view change. @type {EmbedConfig | null} */
  let made = null;

  /** Problem mode: the solution, and whether it is solved. @type {Problem | null} */
  let problem = null;
  let solved = false;
  /** @type {string | null} */
  let hinted = null;
  /** The part of the board shown (all of it when null). @type {import('./board/geometry.js').Region | null} */
  let region = null;
  /** @param {MoveInfo} move */
  function check(move) {
    if (cfg.mode === 'try' && cfg.expect && !cfg.expect.includes(move.token)) return { kind: 'notExpected', move };
    // The board's own answers were followed already.
    if (!problem || move.color !== problemSide) return null;
    const verdict = problem.judge(move.token);
    return verdict.right ? null : { kind: 'wrongAnswer', comment: verdict.comment, token: move.token };
  }
  const session = new Session({ ai: () => new AiClient(), keepRedo: false, check });
  session.on('change', ({ animate }) => update(animate));
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
    /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('.graph'))),
    () => session.game?.tree().rows.length ?? 0,
    (ply) => (ply === 0 ? session.jump(0) : session.jumpToNode(session.current.tree().rows[ply - 1].id)),
  );
  session.on('move', ({ move, status }) => {
    const words = narrate(t, move, status, t('embed.won', { color: t('color.' + status.winner) }));
    if (cfg.mode === 'try' && cfg.expect) words.unshift(t('embed.right'));
    const record = session.current.record();
    if (problem && readerMoved(move)) {
      solved = problem.next().length === 0;
      say([t(solved ? 'problem.solved' : 'embed.right'), lastComment(), ...words].filter(Boolean).join(' '), solved ? 'win' : 'ok');
      if (solved) emit('solved', { record });
      else answerLater();
    } else {
      say(words.join(' '), status.winner ? 'win' : 'ok');
    }
    emit('move', { token: move.token, record });
    if (status.winner) emit('end', { winner: status.winner, record });
  });
  session.on('refused', ({ error }) => {
    if (error.kind === 'notYourTurn') return;
    if (error.kind === 'wrongAnswer') {
      const comment = String(error.comment ?? '');
      say(comment ? `${comment} ${t('problem.tryAgain')}` : t('problem.wrong'), 'error');
      emit('failed', { token: error.token, comment });
      return;
    }
    say(
      error.kind === 'notExpected'
        ? t('embed.notThisOne', { move: describeMove(t, /** @type {MoveInfo} */ (error.move)) })
        : describeError(t, error),
      'error',
    );
  });

  /** Whether `move` was the reader's (in problem mode the board plays the other side). @param {MoveInfo} move */
  function readerMoved(move) {
    return move.color === problemSide;
  }
  /** @type {string | null} */
  let problemSide = null;

  /** The author's comment on the solution's move just followed. */
  function lastComment() {
    return problem?.at == null ? '' : (findRow(problem.rows, problem.at)?.comment ?? '');
  }

  /** The board's answer for the other side, after a pause to see the reader's move. */
  function answerLater() {
    const solution = problem;
    const ply = session.status().ply;
    setTimeout(() => {
      // Unless the board was reset (or the game changed) meanwhile.
      if (solution !== problem || !session.game || session.status().ply !== ply) return;
      const row = problem?.answer();
      if (row) session.play(row.token);
    }, ANSWER_MS);
  }
  session.on('aiFailed', ({ error }) => {
    say(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
    const retry = frame.querySelector('.bar .retry');
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
    const given = cfg.region;
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

  function apply() {
    cfg = withDefaults(config);
    frame.lang = i18n?.locale ?? 'en';
    if (made && session.game && !gameChanged(made, config)) {
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
    let fresh;
    try {
      if (cfg.record) fresh = e.GameHandle.fromRecord(cfg.record, cfg.pie);
      else if (cfg.position) fresh = e.GameHandle.fromPosition(cfg.position, cfg.pie);
      else fresh = new e.GameHandle(cfg.size, cfg.pie);
    } catch (error) {
      session.stopAi();
      made = null;
      fail(t('embed.badGame', { reason: describeError(t, error) }));
      return;
    }
    if (!fitRegion(fresh.status().size)) {
      fresh.free();
      session.stopAi();
      made = null;
      return;
    }
    problem = null;
    solved = false;
    hinted = null;
    if (cfg.mode === 'problem') {
      try {
        const st = fresh.status();
        const head = `[Position "${fresh.position()}"]\n${st.size}x${st.size}`;
        const solution = e.GameHandle.fromRecord(`${head} ${cfg.solution ?? ''}`, cfg.pie);
        problem = new Problem(solution);
        solution.free();
        problemSide = st.toMove;
      } catch (error) {
        fresh.free();
        session.stopAi();
        made = null;
        fail(t('embed.badSolution', { reason: describeError(t, error) }));
        return;
      }
    }
    frame.classList.remove('failed');
    made = { ...config };
    if (cfg.mode === 'replay' || cfg.mode === 'review') fresh.jump(Math.min(cfg.initialPly ?? 0, fresh.status().moves));
    else if (cfg.initialPly !== undefined) fresh.jump(Math.min(cfg.initialPly, fresh.status().moves));
    review.cancel();
    board ??= createBoard(boardEl, { events: { hover: onHover, click: onClick } });
    say('', '');
    cursor = null;
    const seats = cfg.mode === 'play' ? againstAiAs(cfg.ai) : HUMANS;
    session.load(fresh, seats, cfg.level, fresh.status().ply);
    // After the game is loaded: review mode's bar depends on its record.
    buildBar();
  }

  /** Redraws what the view keys say (the game is kept). */
  function show() {
    session.level = cfg.level;
    update(null);
    session.maybeAi();
  }

  function buildBar() {
    const bar = $('.bar');
    bar.replaceChildren();
    /**
     * @param {string} key
     * @param {() => void} action
     */
    const add = (key, action) => bar.appendChild(button(t, key, action));
    if (cfg.mode === 'replay' || cfg.mode === 'review') {
      add('btn.first', () => session.jump(0));
      add('btn.back', () => session.jump(session.status().ply - 1));
      add('btn.forward', () => session.jump(session.status().ply + 1));
      add('btn.last', () => session.jump(session.status().moves));
      const rows = session.game?.tree().rows ?? [];
      if (cfg.mode === 'review' && rows.some((/** @type {{ eval: number | null }} */ r) => r.eval === null)) {
        if (review.state.running) add('btn.cancel', () => review.cancel());
        else add('btn.review', () => review.start(reviewedGame(session.current)));
      }
    } else if (cfg.mode === 'problem') {
      add('btn.hint', showHint);
      add('embed.reset', () => {
        made = null;
        apply();
      });
    } else if (cfg.mode !== 'diagram') {
      add('btn.undo', () => session.undo());
      add('btn.swap', () => session.play('swap')).classList.add('swap');
      // Shown when the AI could not move (its worker failed): asks again.
      if (cfg.mode === 'play') {
        const retry = add('btn.resume', () => {
          retry.hidden = true;
          session.resume();
        });
        retry.classList.add('retry');
        retry.hidden = true;
      }
      const glyph = { round: '●', square: '■' };
      const toggle = add('shape.' + shape, () => {
        shape = shape === 'round' ? 'square' : 'round';
        toggle.textContent = `${glyph[shape]} ${t('shape.' + shape)}`;
      });
      toggle.textContent = `${glyph[shape]} ${t('shape.' + shape)}`;
      toggle.title = t('shape.label');
      add('embed.reset', () => {
        made = null;
        apply();
      });
    }
    if (cfg.download) add('embed.downloadSvg', downloadSvg);
    bar.hidden = !bar.children.length;
  }

  /** Saves the board as an SVG file (the `download` attribute's button). */
  function downloadSvg() {
    const svg = board?.toSvg();
    if (!svg) return;
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), 'federa-diagram.svg', frame);
  }

  /** @param {Status} st */
  function statusLine(st) {
    /** @param {string | null} c */
    const color = (c) => t('color.' + c);
    if (review.state.running) return t('review.progress', { done: review.state.done, count: review.state.total });
    if (cfg.mode === 'replay' || cfg.mode === 'review') return t('embed.replayPly', { ply: st.ply, count: st.moves });
    if (cfg.mode === 'diagram') return '';
    if (cfg.mode === 'problem') return solved ? t('problem.solved') : t('problem.toFind', { color: color(problemSide) });
    if (st.winner) return t('embed.won', { color: color(st.winner) });
    return t('embed.toMove', { color: color(st.toMove) });
  }

  /** Whether the reader may move now. */
  function readerToMove(st = session.status()) {
    if (problem && (solved || st.toMove !== problemSide)) return false;
    return cfg.interactive && session.humanToMove(st);
  }

  /** Problem mode: rings the next right move's point and says so. */
  function showHint() {
    hinted = problem?.hint() ?? null;
    if (!hinted) return;
    say(t('problem.hint', { at: hinted }), 'ok');
    emit('hint', { at: hinted });
    update(null);
  }

  /** @param {{ origin: string | null } | null} animate */
  function update(animate) {
    if (!board || !session.game) return;
    const game = session.current;
    const st = session.status();
    const line = statusLine(st);
    const cells = game.board();
    board.set({
      size: st.size,
      cells,
      lastMove: game.lastMovePoints(),
      hints: cfg.hints && readerToMove(st) ? game.changeableGroups() : [],
      marks: hinted ? [...cfg.highlight, hinted] : cfg.highlight,
      arrows: cfg.arrows ?? [],
      labels: cfg.labels ?? [],
      shade: cfg.shade ?? [],
      region,
      focus: null,
      ghost: null,
      cursor,
      coordinates: cfg.coordinates,
      interactive: cfg.interactive || cfg.attackers,
      label: boardLabel(t, cells, st.size, line, st.ply > 0 ? game.moveAt(st.ply - 1) : null),
      animate,
    });
    boardEl.setAttribute('aria-label', t('board.application'));
    hideBadge($('.badge'));
    $('.status').textContent = line;
    $('.status').hidden = !line;
    $('.caption').textContent = cfg.caption;
    $('.caption').hidden = !cfg.caption;
    const swap = /** @type {HTMLElement | null} */ (frame.querySelector('.bar .swap'));
    if (swap) swap.hidden = !(st.swapAvailable && readerToMove(st));
    showReview(st);
  }

  /**
   * Review mode's parts: the graph and the move list from the game's tree,
   * and the comment of the move shown (the game's at the start).
   * @param {Status} st
   */
  function showReview(st) {
    const on = cfg.mode === 'review';
    $('.review').hidden = !on;
    /** @type {import('./panels/moves.js').Tree} */
    const tree = session.current.tree();
    const shown = tree.current === null ? tree.comment : (findRow(tree.rows, tree.current)?.comment ?? '');
    $('.comment').textContent = on ? shown : '';
    $('.comment').hidden = !on || !shown;
    if (!on) return;
    const rows = tree.rows;
    const graph = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('.graph')));
    // The graph's marker: the last move shown that is on the main line.
    let onMain = 0;
    while (onMain < st.ply && tree.line[onMain] === rows[onMain]?.id) onMain++;
    renderGraph(graph, [null, ...rows.map((r) => r.eval)], rows.map((r) => GLYPH_CLASS[r.glyph]), onMain, t);
    renderMoves(/** @type {HTMLOListElement} */ ($('.move-list')), tree, t, (id) => session.jumpToNode(id));
  }

  function hoverView() {
    const st = session.status();
    return {
      game: session.current,
      status: st,
      board: /** @type {import('./board.js').Board} */ (board),
      badge: $('.badge'),
      host: $('.board-host'),
      t,
      locale: i18n?.locale ?? 'en',
      canPlace: readerToMove(st),
      showGroup: cfg.attackers,
    };
  }

  /**
   * @param {string | null} point
   * @param {Event} event
   */
  function onHover(point, event) {
    if (session.game) showHover(hoverView(), point, hoverShape(event));
  }

  /**
   * @param {string} point
   * @param {number} which
   * @param {PointerEvent} event
   */
  function onClick(point, which, event) {
    if (!session.game || !readerToMove()) return;
    session.act(point, clickShape(event, which, shape));
  }

  /** @param {KeyboardEvent} e */
  function onKey(e) {
    if (!session.game || !board || e.ctrlKey || e.metaKey || e.altKey) return;
    const st = session.status();
    const shownPart = region ?? undefined;
    const action = cursorKey(e.key, cursor, st.size, cursorStart(session.current.lastMovePoints(), st.size, shownPart), shownPart);
    if (!action) return;
    e.preventDefault();
    if ('act' in action) {
      const p = /** @type {import('./points.js').Coord} */ (parsePoint(action.at));
      const occupied = session.current.groupAt(p.col, p.row) !== null;
      if (action.act === 'change' && !occupied) say(t('message.nothingToChange', { at: action.at }), 'error');
      else if (readerToMove()) session.act(action.at, action.act === 'round' || action.act === 'square' ? action.act : shape);
    } else {
      cursor = action.cursor;
    }
    board.set({ cursor });
    const shown = cursor ? showHover(hoverView(), cursor, readerToMove() ? shape : null) : showHover(hoverView(), null, null);
    if (cursor) {
      announce(shown ? `${cursor}: ${t('piece.' + shown.info.piece)}. ${shown.words.tail}` : `${cursor}: ${t('board.empty')}`);
    }
  }
  boardEl.addEventListener('keydown', onKey);
  boardEl.addEventListener('blur', () => {
    cursor = null;
    board?.set({ cursor: null });
  });

  /**
   * @param {string} text
   * @param {string} tone
   */
  function say(text, tone) {
    $('.message').textContent = text;
    $('.message').className = 'message ' + tone;
  }

  /** @param {string} text */
  function announce(text) {
    const el = $('.announcer');
    el.textContent = '';
    requestAnimationFrame(() => {
      el.textContent = text;
    });
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
     * comment }) and `hint` ({ at }); returns a function that stops it.
     * @param {'move' | 'end' | 'solved' | 'failed' | 'hint'} event
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
      review.destroy();
      session.destroy();
      board?.destroy();
      root.replaceChildren();
    },
  };
}

/** `<federa-board>`: attributes as in embed-config.js; any change re-reads them. */
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
      this.showProblem(/** @type {import('./embed-config.js').AttributeProblem} */ (problem));
      return;
    }
    if (this.api) this.api.set(config);
    else this.api = mount(this, config);
  }

  /** @param {import('./embed-config.js').AttributeProblem} problem */
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
