// @ts-check
// The board editor's page: draws the controller's state — the board, the
// form, the report, the outputs and the notes — on each of its events, and
// turns the page's events into its methods. The words are here, the state
// is the controller's (the form is never read back but in its own events).
import { createBoard } from '../../board/board.js';
import { MAX_PLIES, cellAt } from './model.js';
import { MAX_SIZE, MIN_SIZE, pieceName } from '../../engine/facts.js';
import { followPageLanguage } from '../../i18n/i18n.js';
import { renderLost } from '../../panels/lost.js';
import { describeError } from '../../i18n/words.js';
import { EDITOR_KEY } from './ctrl.js';
import { copyText, linkOf, savePng, saveSvg, snippetOf } from './io.js';
import { $ } from '../../lib/dom.js';

/** @typedef {import('../../i18n/words.js').Translate} Translate */
/** @typedef {import('./ctrl.js').EditorCtrl} EditorCtrl */

const NOTES = { [EDITOR_KEY]: { lost: 'stored.diagramLost', full: 'stored.diagramFull' } };

/**
 * The report's lines: who is to move or has won, the skipped turn, the
 * swap, who could change which group, and the counts.
 * @param {Translate} t
 * @param {import('./ctrl.js').Reading} reading
 * @param {import('./model.js').Diagram} d
 */
export function reportLines(t, reading, d) {
  const st = reading.status;
  const lines = [st.winner ? t('editor.won', { color: t('color.' + st.winner) }) : t('editor.toMoveIs', { color: t('color.' + st.toMove) })];
  if (st.skipped) lines.push(t('status.skipped', { skipped: t('color.' + d.toMove), color: t('color.' + st.toMove) }));
  if (st.swapAvailable) lines.push(t('editor.swapAvailable'));
  if (!st.winner) {
    for (const color of /** @type {const} */ (['dark', 'light'])) {
      const groups = reading.named[color];
      lines.push(
        groups.length
          ? t('editor.changes', { color: t('color.' + color), count: groups.length, points: groups.join(', ') })
          : t('editor.noChanges', { color: t('color.' + color) }),
      );
    }
  }
  lines.push(
    t('editor.counts', {
      dark: t('status.pieces', { count: st.dark }),
      light: t('status.pieces', { count: st.light }),
      empty: t('status.empty', { count: st.empty }),
    }),
  );
  return lines;
}

/**
 * What the tool has to say: the arrow's first point while it waits, else
 * the tool's note.
 * @param {Translate} t
 * @param {EditorCtrl} ctrl
 */
export function toolNote(t, ctrl) {
  if (ctrl.pending?.kind === 'arrow') return t('editor.arrowFrom', { at: ctrl.pending.from });
  if (ctrl.note?.kind === 'badLabel') return t('editor.badLabel', { text: ctrl.note.text });
  if (ctrl.note?.kind === 'fillNeedsPiece') return t('editor.fillNeedsPiece');
  return '';
}

/**
 * Why a load was refused (the controller's `loadProblem`), in words.
 * @param {Translate} t
 * @param {any} e
 */
export function problemText(t, e) {
  if (e?.kind) return describeError(t, e);
  if (e && 'expected' in e) {
    return e.name === 'federa-board'
      ? t('editor.noElement')
      : t('editor.badAttribute', { name: e.name, value: e.value, expected: t('embed.expected.' + e.expected) });
  }
  if (e && 'point' in e) return t('editor.markOffBoard', e);
  return describeError(t, e);
}

/**
 * The arrow's first point, while it waits for the second: a dashed ring in
 * the arrows' colour (an overlay, so never in the images).
 * @param {EditorCtrl} ctrl
 * @returns {import('../../board/layers.js').Layer}
 */
const arrowStart = (ctrl) => (ctx, view) => {
  const xy = ctrl.pending?.kind === 'arrow' && view.at(ctrl.pending.from);
  if (!xy) return;
  ctx.save();
  ctx.strokeStyle = view.colour('--arrow');
  ctx.lineWidth = Math.max(2, view.g.cell / 14);
  ctx.setLineDash([view.g.cell * 0.12, view.g.cell * 0.08]);
  ctx.beginPath();
  ctx.arc(xy[0], xy[1], view.g.cell * 0.46, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
};

/**
 * Shows `ctrl` on editor.html and wires the page to it; `t` gives the
 * words (the page's language may change later). Returns the board.
 * @param {EditorCtrl} ctrl
 * @param {Translate} t
 */
export function mountView(ctrl, t) {
  const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));
  const radios = (/** @type {string} */ name) =>
    /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll(`input[name="${name}"]`));

  const boardEl = $('board');
  const ring = arrowStart(ctrl);
  const board = createBoard(boardEl, {
    events: {
      click: (point, button, event) => ctrl.begin(point, { button, pointer: event.pointerId }),
      hover: (point, event) => {
        if (point && /** @type {PointerEvent} */ (event).buttons) ctrl.extend(point);
      },
    },
  });
  const size = /** @type {HTMLSelectElement} */ ($('size'));
  for (let n = MIN_SIZE; n <= MAX_SIZE; n++) size.append(new Option(`${n}×${n}`, String(n)));
  input('plies').max = String(MAX_PLIES);
  const labelText = input('label-text');
  const snippetField = /** @type {HTMLTextAreaElement} */ ($('out-snippet'));

  /** Every way of seeing the diagram: the board, the form, the report and the outputs. */
  function render() {
    const d = ctrl.diagram;
    const reading = ctrl.reading;
    board.set({
      size: d.size,
      cells: d.cells,
      marks: d.highlight,
      overlays: ctrl.pending?.kind === 'arrow' ? [ring] : [],
      arrows: d.arrows,
      labels: d.labels,
      shade: d.shade,
      coordinates: d.coordinates,
      hints: ctrl.hints,
      cursor: ctrl.cursor,
      lastMove: [],
      label: t('editor.board'),
    });
    size.value = String(d.size);
    input('coordinates').checked = d.coordinates;
    input('pie').checked = d.pie;
    input('plies').value = String(d.plies);
    for (const r of radios('to-move')) r.checked = r.value === d.toMove;
    for (const r of radios('tool')) r.checked = r.value === ctrl.tool;
    // Only when it differs, so the caret stays where the user types.
    if (labelText.value.trim() !== ctrl.labelText) labelText.value = ctrl.labelText;
    input('show-changes').checked = ctrl.showChanges;
    $('btn-undo').toggleAttribute('disabled', !ctrl.canUndo);
    $('btn-redo').toggleAttribute('disabled', !ctrl.canRedo);
    $('tool-note').textContent = toolNote(t, ctrl);
    const error = $('load-error');
    error.hidden = ctrl.loadProblem === null;
    error.textContent = ctrl.loadProblem === null ? '' : problemText(t, ctrl.loadProblem);
    const box = $('report');
    if (reading) {
      box.replaceChildren(
        ...reportLines(t, reading, d).map((line) => {
          const p = document.createElement('p');
          p.textContent = line;
          return p;
        }),
      );
    } else {
      box.textContent = t('editor.loading');
    }
    for (const id of ['copy-position', 'copy-link', 'copy-snippet', 'btn-svg', 'btn-png', 'btn-load']) {
      $(id).toggleAttribute('disabled', !reading);
    }
    if (!reading) return;
    input('out-position').value = reading.position;
    const link = linkOf(d, reading, location.href);
    input('out-link').value = link;
    /** @type {HTMLAnchorElement} */ ($('open-link')).href = link;
    snippetField.value = snippetOf(d, reading, location.href);
  }

  /** The notes on the stored diagram (only when they change: the box is an alert). */
  function renderNotes() {
    renderLost($('lost'), ctrl.losses, NOTES, t, {
      copy: (text) => copy(text, null),
      close: (lost) => ctrl.closeNote(lost),
    });
  }

  /**
   * Copies `text`, or selects `field` so it can be copied by hand.
   * @param {string} text
   * @param {HTMLInputElement | HTMLTextAreaElement | null} field
   */
  async function copy(text, field) {
    const copied = await copyText(text);
    if (!copied) field?.select();
    $('copy-note').textContent = t(copied ? 'editor.copied' : 'editor.copyByHand');
  }

  /** Says what is under the cursor, for a screen reader. */
  function announce() {
    if (!ctrl.cursor) return;
    const piece = pieceName(cellAt(ctrl.diagram, ctrl.cursor));
    $('announcer').textContent = `${ctrl.cursor}: ${piece ? t('piece.' + piece) : t('board.empty')}`;
  }

  /** @param {PointerEvent} e */
  const end = (e) => ctrl.end(e.pointerId, board.hovered(), e.type === 'pointercancel');
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  boardEl.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !ctrl.key(e.key, e.shiftKey)) return;
    e.preventDefault();
    announce();
  });
  boardEl.addEventListener('blur', () => ctrl.blur());
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      ctrl.cancel();
      return;
    }
    // Ctrl+Z in a text field is the field's own undo.
    const target = /** @type {HTMLElement} */ (e.target);
    if (!(e.ctrlKey || e.metaKey) || target.matches('input[type="text"], input[type="number"], textarea')) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) ctrl.undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) ctrl.redo();
    else return;
    e.preventDefault();
  });

  $('btn-undo').addEventListener('click', () => ctrl.undo());
  $('btn-redo').addEventListener('click', () => ctrl.redo());
  size.addEventListener('change', () => ctrl.resize(Number(size.value)));
  input('coordinates').addEventListener('change', () => ctrl.setCoordinates(input('coordinates').checked));
  input('pie').addEventListener('change', () => ctrl.setPie(input('pie').checked));
  input('plies').addEventListener('change', () => ctrl.setPlies(Number(input('plies').value)));
  for (const r of radios('to-move')) r.addEventListener('change', () => ctrl.setToMove(r.value === 'light' ? 'light' : 'dark'));
  for (const r of radios('tool')) r.addEventListener('change', () => ctrl.setTool(r.value));
  labelText.addEventListener('input', () => ctrl.setLabelText(labelText.value));
  input('show-changes').addEventListener('change', () => ctrl.setShowChanges(input('show-changes').checked));
  $('btn-clear').addEventListener('click', () => ctrl.clearPieces());
  $('btn-clear-marks').addEventListener('click', () => ctrl.clearMarks());
  $('btn-fill').addEventListener('click', () => ctrl.fill());
  $('btn-flip').addEventListener('click', () => ctrl.flip());
  $('btn-rotate').addEventListener('click', () => ctrl.rotate());

  $('copy-position').addEventListener('click', () => copy(input('out-position').value, input('out-position')));
  $('copy-link').addEventListener('click', () => copy(input('out-link').value, input('out-link')));
  $('copy-snippet').addEventListener('click', () => copy(snippetField.value, snippetField));
  const imageSide = () => Number(/** @type {HTMLSelectElement} */ ($('png-size')).value);
  $('btn-svg').addEventListener('click', () => saveSvg(board, ctrl.diagram, imageSide()));
  $('btn-png').addEventListener('click', () => savePng(board, ctrl.diagram, imageSide()));
  $('btn-load').addEventListener('click', () => ctrl.load(/** @type {HTMLTextAreaElement} */ ($('load-text')).value));

  ctrl.on('change', render);
  ctrl.on('notes', renderNotes);
  followPageLanguage((i18n) => {
    t = i18n.t;
    render();
    renderNotes();
  });
  render();
  renderNotes();
  return board;
}
