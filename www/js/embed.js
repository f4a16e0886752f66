// A live Federa board for any page: one script include and one element.
//
//   <script type="module" src="https://example.org/federa/embed.js"></script>
//   <federa-board size="9" mode="play" level="casual"></federa-board>
//
// or from JavaScript:
//
//   import { mount } from 'https://example.org/federa/js/embed.js';
//   const board = mount(document.querySelector('#here'), { size: 9, mode: 'two-players' });
//   board.on('move', ({ token, record }) => console.log(token));
//   board.set({ highlight: ['e5'] });
//   board.destroy();
//
// Everything lives in a shadow root, so no style leaks in or out.
// Attributes are parsed strictly and never evaluated; a bad one shows a
// message in the element instead of a board.
import { loadEngine } from './engine.js';
import { createBoard, parsePoint } from './board.js';
import { AiClient, LEVELS } from './ai.js';
import { catalogues, createI18n, preferredLanguage } from './i18n.js';
import { describeError, describeMove, describeSkip } from './words.js';
import { clickShape, hideBadge, hoverShape, showHover } from './hover.js';

const MODES = ['play', 'two-players', 'replay', 'diagram', 'try'];
const AI_MS = 1000;
// The shape of a move token (the engine checks the move itself).
const TOKEN = /^(?:swap|[BW]F?[CS]?([a-y][0-9]+))$/;
const isToken = (text) => {
  const m = TOKEN.exec(text);
  return m !== null && (m[1] === undefined || parsePoint(m[1]) !== null);
};

const BOOLEAN = (name) => ({
  name,
  parse(value) {
    if (value === '' || value === 'true') return true;
    if (value === 'false') return false;
    throw { name, value, expected: 'boolean' };
  },
});

/// How each attribute reads; a bad value throws { name, value, expected }.
const ATTRIBUTES = {
  size: {
    parse(value) {
      if (!/^[0-9]{1,2}$/.test(value) || Number(value) < 2 || Number(value) > 25) {
        throw { name: 'size', value, expected: 'size' };
      }
      return Number(value);
    },
  },
  record: { parse: (value) => value },
  position: { parse: (value) => value },
  mode: {
    parse(value) {
      if (!MODES.includes(value)) throw { name: 'mode', value, expected: 'mode' };
      return value;
    },
  },
  level: {
    parse(value) {
      if (!LEVELS.includes(value)) throw { name: 'level', value, expected: 'level' };
      return value;
    },
  },
  ai: {
    parse(value) {
      if (value !== 'dark' && value !== 'light') throw { name: 'ai', value, expected: 'color' };
      return value;
    },
  },
  interactive: BOOLEAN('interactive'),
  hints: BOOLEAN('hints'),
  attackers: BOOLEAN('attackers'),
  coordinates: BOOLEAN('coordinates'),
  pie: BOOLEAN('pie'),
  highlight: {
    parse(value) {
      const points = value.trim().split(/[\s,]+/).filter(Boolean);
      if (!points.every((p) => parsePoint(p) !== null)) throw { name: 'highlight', value, expected: 'points' };
      return points;
    },
  },
  expect: {
    parse(value) {
      const tokens = value.trim().split(/\s+/).filter(Boolean);
      if (!tokens.length || !tokens.every(isToken)) throw { name: 'expect', value, expected: 'tokens' };
      return tokens;
    },
  },
  caption: { parse: (value) => value },
  lang: {
    parse(value) {
      if (!catalogues[value]) throw { name: 'lang', value, expected: 'lang' };
      return value;
    },
  },
};

/// Reads an element's attributes into a config; throws on the first bad one.
function configFromAttributes(element) {
  const config = {};
  for (const [name, spec] of Object.entries(ATTRIBUTES)) {
    if (element.hasAttribute(name)) config[name] = spec.parse(element.getAttribute(name));
  }
  return config;
}

/// The shadow root's styles: the shared colours and board styles, then the
/// embed's own. `onColours` runs once the colours have loaded (the canvas
/// reads them).
function styles(onColours) {
  const link = (file) => {
    const element = document.createElement('link');
    element.rel = 'stylesheet';
    element.href = new URL('../' + file, import.meta.url).href;
    return element;
  };
  const palette = link('palette.css');
  if (onColours) palette.addEventListener('load', onColours);
  return [palette, link('board.css'), link('embed.css')];
}

function pageLanguage(host) {
  const tag = (host.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().split('-')[0];
  return catalogues[tag] ? tag : preferredLanguage();
}

/// Puts a live board into `host` (in its shadow root) and returns its API.
export function mount(host, config = {}) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  root.replaceChildren(...styles(() => board?.redraw()));
  const frame = document.createElement('div');
  frame.className = 'frame';
  frame.innerHTML = `
    <div class="board-host"><div class="board" tabindex="0"></div>
      <div class="badge" hidden><span class="head"></span> <span class="tail"></span></div></div>
    <p class="status"></p>
    <div class="bar"></div>
    <p class="message" role="status" aria-live="polite"></p>
    <p class="caption"></p>`;
  root.appendChild(frame);
  const $ = (selector) => frame.querySelector(selector);
  const listeners = new Map();
  const emit = (event, detail) => {
    for (const fn of listeners.get(event) ?? []) fn(detail);
    host.dispatchEvent(new CustomEvent('federa-' + event, { detail, bubbles: true, composed: true }));
  };

  let cfg = {};
  let i18n = createI18n('en');
  const t = (key, params) => i18n.t(key, params);
  let engine = null;
  let game = null;
  let board = null;
  let ai = null;
  let generation = 0;
  let destroyed = false;
  // The shape a tap places (a mouse chooses with its buttons).
  let shape = 'round';
  // Undo stops at the board's starting point (the end of its record).
  let startPly = 0;

  const settled = loadEngine().then((e) => {
    engine = e;
  });
  // Changes come in bursts (the page sets a board's language and caption
  // together, often before the engine has loaded): one apply per burst.
  let pending = null;
  function schedule() {
    pending ??= settled.then(() => {
      pending = null;
      if (!destroyed) apply(config);
    });
    return pending;
  }
  const drawn = schedule();

  function fail(text) {
    frame.classList.add('failed');
    $('.message').textContent = text;
    $('.message').className = 'message error';
  }

  function apply(next) {
    cfg = {
      mode: next.record && !next.mode ? 'replay' : 'two-players',
      level: 'casual',
      ai: 'light',
      hints: false,
      attackers: true,
      coordinates: true,
      pie: true,
      highlight: [],
      caption: '',
      ...next,
    };
    cfg.interactive ??= cfg.mode !== 'diagram' && cfg.mode !== 'replay';
    i18n = createI18n(cfg.lang ?? pageLanguage(host));
    frame.lang = i18n.locale;
    frame.classList.remove('failed');
    stopAi();
    let fresh;
    try {
      if (cfg.record) fresh = engine.GameHandle.fromRecord(cfg.record, cfg.pie);
      else if (cfg.position) fresh = engine.GameHandle.fromPosition(cfg.position, cfg.pie);
      else fresh = new engine.GameHandle(cfg.size ?? 9, cfg.pie);
    } catch (error) {
      fail(t('embed.badGame', { reason: describeError(t, error) }));
      return;
    }
    game?.free();
    game = fresh;
    if (cfg.mode === 'replay') game.jump(0);
    startPly = game.status().ply;
    board ??= createBoard($('.board'), { events: { hover: onHover, click: onClick } });
    buildBar();
    $('.caption').textContent = cfg.caption;
    $('.caption').hidden = !cfg.caption;
    $('.message').textContent = '';
    $('.message').className = 'message';
    $('.board').setAttribute('aria-label', t('board.label', { size: game.status().size }));
    update();
  }

  function buildBar() {
    const bar = $('.bar');
    bar.replaceChildren();
    const button = (key, action) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t(key);
      b.dataset.action = key;
      b.addEventListener('click', action);
      bar.appendChild(b);
      return b;
    };
    if (cfg.mode === 'replay') {
      button('btn.first', () => step(() => game.jump(0)));
      button('btn.back', () => step(() => game.undo()));
      button('btn.forward', () => step(() => game.redo()));
      button('btn.last', () => step(() => game.jump(game.status().moves)));
    } else if (cfg.mode !== 'diagram') {
      button('btn.undo', () => {
        stopAi();
        const back = () => game.status().ply > startPly && game.undo();
        back();
        if (cfg.mode === 'play') while (!humanToMove() && back());
        game.truncate();
        update();
      });
      button('btn.swap', () => attempt(() => game.play('swap'), null)).classList.add('swap');
      // Shown when the AI could not move (its worker failed): asks again.
      if (cfg.mode === 'play') {
        const retry = button('btn.resume', () => maybeAi());
        retry.classList.add('retry');
        retry.hidden = true;
      }
      const glyph = { round: '●', square: '■' };
      const toggle = button('shape.' + shape, () => {
        shape = shape === 'round' ? 'square' : 'round';
        toggle.textContent = `${glyph[shape]} ${t('shape.' + shape)}`;
      });
      toggle.textContent = `${glyph[shape]} ${t('shape.' + shape)}`;
      toggle.title = t('shape.label');
      button('embed.reset', () => apply(config));
    }
    bar.hidden = !bar.children.length;
  }

  function step(move) {
    move();
    update();
  }

  function humanToMove(st = game.status()) {
    if (st.winner) return false;
    if (cfg.mode !== 'play') return cfg.interactive;
    // The AI's colour changes sides with the swap, like a player.
    const aiColor = st.swapped ? (cfg.ai === 'dark' ? 'light' : 'dark') : cfg.ai;
    return st.toMove !== aiColor;
  }

  function update({ animate = null } = {}) {
    generation++;
    const st = game.status();
    board.set({
      size: st.size,
      cells: game.board(),
      lastMove: game.lastMovePoints(),
      hints: cfg.hints && humanToMove(st) ? game.changeableGroups() : [],
      marks: cfg.highlight,
      focus: null,
      ghost: null,
      coordinates: cfg.coordinates,
      interactive: cfg.interactive || cfg.attackers,
      animate,
    });
    hideBadge($('.badge'));
    const color = (c) => t('color.' + c);
    let line;
    if (cfg.mode === 'replay') line = t('embed.replayPly', { ply: st.ply, count: st.moves });
    else if (cfg.mode === 'diagram') line = '';
    else if (st.winner) line = t('embed.won', { color: color(st.winner) });
    else line = t('embed.toMove', { color: color(st.toMove) });
    $('.status').textContent = line;
    $('.status').hidden = !line;
    const swap = $('.bar .swap');
    if (swap) swap.hidden = !(st.swapAvailable && humanToMove(st));
    maybeAi();
  }

  function onHover(point, event) {
    if (!game) return;
    const st = game.status();
    showHover(
      {
        game,
        status: st,
        board,
        badge: $('.badge'),
        host: $('.board-host'),
        t,
        locale: i18n.locale,
        canPlace: cfg.interactive && humanToMove(st),
        showGroup: cfg.attackers,
      },
      point,
      hoverShape(event),
    );
  }

  function onClick(point, button, event) {
    if (!cfg.interactive || !humanToMove()) return;
    const p = parsePoint(point);
    const occupied = game.groupAt(p.col, p.row) !== null;
    const chosen = clickShape(event, button, shape);
    attempt(() => (occupied ? game.change(p.col, p.row) : game.place(p.col, p.row, chosen)), point);
  }

  /// Tries a move; explains a refusal, or the move and what followed.
  function attempt(play, origin) {
    try {
      play();
    } catch (error) {
      say(describeError(t, error), 'error');
      return;
    }
    const st = game.status();
    const move = game.moveAt(st.ply - 1);
    if (cfg.mode === 'try' && cfg.expect && !cfg.expect.includes(move.token)) {
      game.undo();
      game.truncate();
      say(t('embed.notThisOne', { move: describeMove(t, move) }), 'error');
      return;
    }
    const words = [describeMove(t, move)];
    if (cfg.mode === 'try' && cfg.expect) words.unshift(t('embed.right'));
    if (st.winner) words.push(t('embed.won', { color: t('color.' + st.winner) }));
    else if (st.skipped) words.push(describeSkip(t, st));
    say(words.join(' '), st.winner ? 'win' : 'ok');
    emit('move', { token: move.token, record: game.record() });
    if (st.winner) emit('end', { winner: st.winner, record: game.record() });
    update({ animate: { origin: origin ?? move.at } });
  }

  function say(text, tone) {
    $('.message').textContent = text;
    $('.message').className = 'message ' + tone;
  }

  function maybeAi() {
    const st = game.status();
    const retry = $('.bar .retry');
    if (retry) retry.hidden = true;
    if (cfg.mode !== 'play' || st.winner || humanToMove(st)) return;
    ai ??= new AiClient();
    const asked = generation;
    ai.think({ record: game.record(), pie: st.pie, player: cfg.level, ms: AI_MS, iterations: 0 })
      .then((info) => {
        if (!info || asked !== generation || destroyed) return;
        attempt(() => game.play(info.best), null);
      })
      .catch((error) => {
        if (asked !== generation) return;
        say(t('message.aiFailed', { reason: describeError(t, error) }), 'error');
        retry.hidden = false;
      });
  }

  function stopAi() {
    generation++;
    ai?.stop();
  }

  return {
    /// Replaces the config by `config` merged over the current one.
    set(next) {
      config = { ...config, ...next };
      schedule();
    },
    /// Calls `fn` on `move` ({ token, record }) or `end` ({ winner, record }).
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, []);
      listeners.get(event).push(fn);
      return () => listeners.set(event, listeners.get(event).filter((f) => f !== fn));
    },
    /// The current record.
    record: () => game?.record() ?? null,
    /// Resolves once the board is drawn (or has shown its error).
    ready: drawn,
    destroy() {
      destroyed = true;
      stopAi();
      ai?.destroy();
      board?.destroy();
      game?.free();
      root.replaceChildren();
    },
  };
}

/// `<federa-board>`: attributes as in ATTRIBUTES; any change re-reads them.
export class FederaBoard extends HTMLElement {
  static observedAttributes = Object.keys(ATTRIBUTES);

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
      config = configFromAttributes(this);
    } catch (problem) {
      this.showProblem(problem);
      return;
    }
    if (this.api) this.api.set(config);
    else this.api = mount(this, config);
  }

  showProblem({ name, value, expected }) {
    this.api?.destroy();
    this.api = null;
    const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    const lang = pageLanguage(this);
    const t = createI18n(lang).t;
    const p = document.createElement('p');
    p.className = 'message error problem';
    p.setAttribute('role', 'alert');
    p.textContent = t('embed.badAttribute', { name, value, expected: t('embed.expected.' + expected) });
    root.replaceChildren(...styles(), p);
  }
}

if (!customElements.get('federa-board')) customElements.define('federa-board', FederaBoard);
