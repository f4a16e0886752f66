// @ts-check
// The play page's boot: loads the engine and the words, makes the
// controller (ctrl.js) and its view (view.js), wires the page's controls to
// the controller's verbs, and opens the game. The board itself was drawn by
// first-board.js before this module, the engine and the words had loaded.
import { board, settings } from './first-board.js';
import { loadEngine } from '../../engine/engine.js';
import { AiClient } from '../../ai/client.js';
import { loadLanguage, preferredLanguage, setupLanguageSelect, translateDom } from '../../i18n/i18n.js';
import { keeper } from './store.js';
import { listenCandidates } from '../../panels/analysis.js';
import { listenGraph } from '../../panels/review.js';
import { listenBookMoves } from '../../panels/explorer.js';
import { registerOffline } from '../../lib/offline.js';
import { VERSION } from '../../lib/build.js';
import { beep } from '../../lib/sound.js';
import { $ } from '../../lib/dom.js';
import { listenKeys, pageKeys } from './shortcuts.js';
import { PlayView } from './view.js';
import { PlayCtrl } from './ctrl.js';

const boardEl = $('board');
const engineLoading = loadEngine();
const i18n = await loadLanguage(preferredLanguage());
document.documentElement.lang = i18n.locale;
translateDom(document, i18n.t);
const engine = await engineLoading;

const ctrl = new PlayCtrl({
  engine,
  settings,
  keeper,
  board,
  i18n,
  view: (c) => new PlayView(c),
  ai: () => new AiClient(),
  elements: { badge: $('badge'), host: $('board-area'), announcer: $('announcer'), clocks: $('clocks') },
  address: {
    hash: () => location.hash,
    forget: () => history.replaceState(null, '', location.href.split('#')[0]),
    base: () => location.href.split('#')[0],
  },
  beep,
  touch: () => matchMedia('(pointer: coarse)').matches,
});
const { session, boardView, analysis, explorer, steps, review, coach, links, clocks, t } = ctrl;

board.set({
  events: {
    hover: (point, event) => ctrl.hover(point, event),
    click: (point, button, event) => {
      boardEl.focus({ preventScroll: true, focusVisible: false });
      boardView.click(point, button, event);
    },
  },
});
window.addEventListener('keydown', (e) => {
  if (e.key === 'Shift') boardView.hover(board.hovered(), e);
});
window.addEventListener('keyup', (e) => {
  if (e.key === 'Shift') boardView.hover(board.hovered(), e);
});

setupLanguageSelect($('opt-lang'), i18n.lang, (lang) => ctrl.setLanguage(lang));
ctrl.newGameDialog.listen();

const jump = ctrl.command((/** @type {number} */ ply) => session.jump(ply));
const forward = ctrl.command(() => session.redo());
const undo = ctrl.command(() => ctrl.undo());
const setShape = (/** @type {'round' | 'square'} */ shape) => settings.set('shape', shape);
const step = ctrl.command((/** @type {1 | -1} */ dir) => steps.step(dir));

$('btn-undo').addEventListener('click', undo);
$('btn-redo').addEventListener('click', forward);
$('btn-swap').addEventListener('click', ctrl.command(() => session.play('swap')));
$('btn-random').addEventListener('click', ctrl.command(() => session.playRandom()));
$('btn-play').addEventListener('click', ctrl.command(() => boardView.play()));
$('btn-autoplay').addEventListener('click', () => ctrl.toggleAutoplay());
$('btn-stop').addEventListener('click', () => ctrl.pause());
$('btn-move-now').addEventListener('click', () => session.moveNow());
$('btn-resume').addEventListener('click', () => session.resume());
$('nav-first').addEventListener('click', () => jump(0));
$('nav-back').addEventListener('click', () => jump(session.status().ply - 1));
$('nav-forward').addEventListener('click', forward);
$('nav-last').addEventListener('click', () => jump(session.status().moves));
$('btn-promote').addEventListener('click', () => ctrl.promote());
$('btn-delete-move').addEventListener('click', () => ctrl.deleteMove());
for (const shape of /** @type {const} */ (['round', 'square'])) {
  $(`shape-${shape}`).addEventListener('click', () => setShape(shape));
  // A radio group: one Tab stop, the arrows choose (and move the focus along).
  $(`shape-${shape}`).addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) return;
    e.preventDefault();
    const other = shape === 'round' ? 'square' : 'round';
    setShape(other);
    $(`shape-${other}`).focus();
  });
}

$('btn-analysis').addEventListener('click', () => analysis.toggle());
$('btn-explorer').addEventListener('click', () => explorer.toggle());
listenBookMoves(/** @type {HTMLOListElement} */ ($('explorer-moves')), {
  show: (token) => ctrl.pointBookMove(token),
  play: ctrl.command((/** @type {string} */ move) => session.play(move)),
});
$('btn-hint').addEventListener('click', () => ctrl.hint.ask());
$('btn-review').addEventListener('click', () => ctrl.startReview());
$('btn-review-cancel').addEventListener('click', () => review.cancel());
$('btn-prev-mistake').addEventListener('click', () => step(-1));
$('btn-next-mistake').addEventListener('click', () => step(1));
listenGraph($('review-graph'), () => session.current.moves().length, jump);
$('btn-take-back').addEventListener('click', () => coach.takeBack());
$('btn-keep').addEventListener('click', () => ctrl.keepMove());
$('opt-ownership').addEventListener('change', () => analysis.toggleOwnership());
listenCandidates($('candidate-list'), {
  show: (move) => analysis.showLine(move),
  play: ctrl.command((/** @type {string} */ move) => session.play(move)),
  confirm: () => settings.values.confirmTap,
});

ctrl.files.listen();
$('btn-resign').addEventListener('click', () => {
  $('resign-confirm').hidden = false;
  $('btn-resign-no').focus();
});
$('btn-resign-yes').addEventListener(
  'click',
  ctrl.command(() => {
    $('resign-confirm').hidden = true;
    ctrl.resign();
  }),
);
$('btn-resign-no').addEventListener('click', () => {
  $('resign-confirm').hidden = true;
  $('btn-resign').focus();
});
$('btn-rematch').addEventListener('click', ctrl.command(() => ctrl.rematch()));
links.listen();
for (const face of document.querySelectorAll('#clocks .clock')) face.addEventListener('click', () => clocks.toggle());

ctrl.settingsPanel.listen();

listenKeys(
  boardEl,
  boardView,
  pageKeys(
    {
      jump,
      forward,
      undo,
      redo: forward,
      setShape,
      toggleHints: () => settings.set('hints', !settings.values.hints),
      help: () => {
        $('help').open = true;
      },
      toggleAnalysis: () => analysis.toggle(),
      toggleExplorer: () => explorer.toggle(),
      step,
      toggleOwnership: () => analysis.toggleOwnership(),
      evaluation: () => ctrl.evaluation(),
    },
    session,
    () => settings.values.shape,
  ),
  document,
);
window.addEventListener('hashchange', () => ctrl.addressChanged());
// A page closed or left ends its live connection at once: the other page
// hears the channel close, instead of noticing the silence seconds later.
window.addEventListener('pagehide', () => links.leavePage());

await ctrl.setLanguage(i18n.lang);
await ctrl.restore();
registerOffline(() => ctrl.say(t('offline.updated')));
document.documentElement.classList.add('ready');
// For the end-to-end tests and the curious: the game's state, read-only.
Object.assign(window, {
  federa: {
    build: VERSION,
    record: () => session.current.record(),
    annotated: () => session.current.annotated(),
    status: () => session.status(),
    position: () => session.current.position(),
    legalMoves: () => session.current.legalMoves(),
    /** Where a point is on screen, in client coordinates. @param {string} name */
    pointPixel(name) {
      const at = board.pointPixel(name);
      const rect = board.canvas.getBoundingClientRect();
      return at && { x: rect.left + at.x, y: rect.top + at.y };
    },
    animating: () => board.animating(),
    /** The games kept, the one last saved first. */
    games: () => ctrl.archive.list(),
    /** The link game shown: its facts and link, or null. */
    friend: () => links.shown(),
    /** The review's judgements of the moves, and the marked move shown. */
    review: () => ({ results: steps.results(), state: review.state, mistakeAt: steps.at }),
    /** The coach's last judgement. */
    judged: () => coach.last,
    /** The hint shown on the board, and the point a tap selected. */
    hint: () => ctrl.hint.mark(),
    selected: () => boardView.selected,
    /** The analysis board: what it shows now. */
    analysis: () => ({
      on: settings.values.analysis,
      done: analysis.runner.shown.done,
      error: analysis.runner.shown.error,
      analysis: analysis.runner.shown.analysis,
      line: analysis.lineOf,
      underlays: settings.values.analysis && settings.values.ownership && analysis.runner.shown.analysis !== null,
    }),
    /** The opening explorer: what it shows now. */
    explorer: () => explorer.shown(),
  },
});
