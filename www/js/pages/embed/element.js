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
// Everything lives in a shadow root, so no style leaks in or out. The board
// is its controller (ctrl.js: the config, the session, the board), drawn
// by view.js; attributes read as game/embed-config.js says, and a bad one
// shows a message in the element instead of a board. What each mode does
// is its object in modes.js.
import { attributeName, configFromAttributes } from '../../game/embed-config.js';
import { loadLanguage } from '../../i18n/i18n.js';
import { listenGraph } from '../../panels/review.js';
import { BoardCtrl } from './ctrl.js';
import { FrameView, pageLanguage, styles } from './view.js';

/**
 * Puts a live board into `host` (in its shadow root) and returns its API:
 * the controller (ctrl.js) drawn by the frame's view (view.js).
 * @param {HTMLElement} host
 * @param {import('../../embed.d.ts').EmbedConfig} [initial]
 * @returns {import('../../embed.d.ts').FederaBoardApi}
 */
export function mount(host, initial = {}) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const view = new FrameView(host, root, () => ctrl.board?.redraw());
  const ctrl = new BoardCtrl({ view, config: initial });
  // The graph is the main line's: a click goes to its move there.
  listenGraph(view.graph, () => ctrl.mainLinePlies(), (ply) => ctrl.jumpOnMainLine(ply));
  return {
    set: (config) => ctrl.set(config),
    on: (event, fn) => ctrl.on(event, fn),
    record: () => ctrl.record(),
    toSvg: (options) => ctrl.toSvg(options),
    get ready() {
      return ctrl.ready;
    },
    destroy: () => ctrl.destroy(),
  };
}

/** `<federa-board>`: attributes as in game/embed-config.js; any change re-reads them. */
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
