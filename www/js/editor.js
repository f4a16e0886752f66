// @ts-check
// The board editor: set up any position and mark it up for a diagram, by
// pointer, touch or keyboard. The engine says what the position is (won,
// who may change which group) and writes its position string; the editor
// writes the share link, the <federa-board> snippet and the images. The
// diagram being edited is kept in the browser (never dropped: an entry
// that does not read is kept under a backup key, and the page says so).
import { followPageLanguage, loadLanguage, preferredLanguage } from './i18n.js';
import { createBoard } from './board.js';
import { loadEngine } from './engine.js';
import { MAX_SIZE, MIN_SIZE, PIECE_CODES, pieceName } from './facts.js';
import { cursorKey, cursorStart } from './keys.js';
import { readEntry, safeStorage, writeEntry } from './store.js';
import { renderLost } from './panels/lost.js';
import { saveFile } from './save-file.js';
import { describeError } from './words.js';
import * as model from './editor-model.js';

export const EDITOR_KEY = 'federa.editor';
const storage = safeStorage();
const NOTES = { [EDITOR_KEY]: { lost: 'stored.diagramLost', full: 'stored.diagramFull' } };

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));

/** @typedef {Awaited<ReturnType<typeof loadEngine>>} Engine */
/** @typedef {import('./editor-model.js').Diagram} Diagram */

/**
 * What the engine says of a diagram.
 * @typedef {{ position: string, record: string, status: import('./types.js').Status,
 *   changes: Record<'dark' | 'light', string[][]>, named: Record<'dark' | 'light', string[]> }} Reading
 *
 * changes: the points of each group a colour could change; named: their
 * canonical points.
 */

/**
 * @param {Engine} engine
 * @param {Diagram} d
 * @returns {Reading}
 */
function read(engine, d) {
  const game = engine.GameHandle.fromCells(d.size, d.cells, d.toMove, d.plies, d.pie);
  try {
    return {
      position: game.position(),
      record: game.record(),
      status: game.status(),
      changes: { dark: game.changeableGroups('dark'), light: game.changeableGroups('light') },
      named: { dark: game.changeable('dark'), light: game.changeable('light') },
    };
  } finally {
    game.free();
  }
}

/**
 * Reads what the user pasted: a snippet, a record (its last position) or a
 * position string (which keep the pie rule and coordinates of `current`).
 * Throws the engine's error, the snippet's attribute problem, or a mark
 * off the board as `{ name, point }`.
 * @param {Engine} engine
 * @param {string} text
 * @param {Diagram} current
 * @returns {Diagram}
 */
function load(engine, text, current) {
  const trimmed = text.trim();
  const snippet = trimmed.startsWith('<') || /<federa-board/i.test(trimmed);
  const s = snippet ? model.readSnippet(trimmed) : null;
  const pie = s ? s.pie : current.pie;
  const game = s
    ? s.position
      ? engine.GameHandle.fromPosition(s.position, pie)
      : s.record
        ? engine.GameHandle.fromRecord(s.record, pie)
        : new engine.GameHandle(s.size ?? 9, pie)
    : /^(\[|[0-9]+x[0-9]+)/.test(trimmed)
      ? engine.GameHandle.fromRecord(trimmed, pie)
      : engine.GameHandle.fromPosition(trimmed, pie);
  try {
    const st = game.status();
    const { position, record, size, ...marks } = s ?? { pie, coordinates: current.coordinates };
    /** @type {Diagram} */
    const d = { ...model.emptyDiagram(st.size), ...marks, cells: Uint8Array.from(game.board()), toMove: st.toMove, plies: st.plies };
    const off = model.markOffBoard(d);
    if (off) throw { ...off, size: st.size };
    return d;
  } finally {
    game.free();
  }
}

async function start() {
  let { t } = await loadLanguage(preferredLanguage());
  const stored = readEntry(storage, EDITOR_KEY, (v) => {
    try {
      model.fromStored(v, { min: MIN_SIZE, max: MAX_SIZE });
      return null;
    } catch (reason) {
      return reason;
    }
  });
  /** @type {import('./panels/lost.js').LostNote[]} */
  const losses = stored.lost ? [stored.lost] : [];
  // Nothing is saved over an entry that did not read and could not be
  // copied, until its note is closed.
  let hold = Boolean(stored.lost && !stored.lost.backup);
  let full = false;

  /** @type {Diagram} */
  let diagram = stored.value ? model.fromStored(stored.value, { min: MIN_SIZE, max: MAX_SIZE }) : model.emptyDiagram(9);
  /** @type {Diagram[]} */
  const past = [];
  /** @type {Diagram[]} */
  const future = [];
  /** @type {Engine | null} */
  let engine = null;
  /** @type {Reading | null} */
  let reading = null;
  /** @type {string | null} */
  let cursor = null;
  /** The arrow tool's first point, while it waits for the second. @type {string | null} */
  let arrowFrom = null;
  /** What the tool last had to say (a label it refused). */
  let note = '';
  /**
   * The pointer's stroke: the pointer, what it does at each point (none
   * for an arrow, drawn where it is let go), and the diagram before it.
   * @type {{ pointer: number, at: ((d: Diagram, point: string) => Diagram) | null, before: Diagram } | null}
   */
  let stroke = null;

  const boardEl = $('board');
  const board = createBoard(boardEl, {
    events: {
      click: (point, button, event) => {
        if (!stroke) begin(point, button, true, event.pointerId);
      },
      hover: (point, event) => {
        if (point && stroke?.at && /** @type {PointerEvent} */ (event).buttons) setDiagram(stroke.at(diagram, point));
      },
    },
  });
  /** @returns {string} */
  const tool = () => /** @type {HTMLInputElement} */ (document.querySelector('input[name="tool"]:checked')).value;
  const labelText = () => input('label-text').value.trim();

  /**
   * The arrow tool's first point, while it waits for the second: a dashed
   * ring in the arrows' colour (an overlay, so never in the images).
   * @type {import('./board/layers.js').Layer}
   */
  const arrowStart = (ctx, view) => {
    const xy = arrowFrom && view.at(arrowFrom);
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

  /** Every way of seeing the diagram: the board, the controls, the report and the outputs. */
  function render() {
    reading = engine ? read(engine, diagram) : null;
    const d = diagram;
    board.set({
      size: d.size,
      cells: d.cells,
      marks: d.highlight,
      overlays: arrowFrom ? [arrowStart] : [],
      arrows: d.arrows,
      labels: d.labels,
      shade: d.shade,
      coordinates: d.coordinates,
      hints: reading && input('show-changes').checked ? reading.changes[reading.status.toMove] : [],
      cursor,
      lastMove: [],
      label: t('editor.board'),
    });
    /** @type {HTMLSelectElement} */ ($('size')).value = String(d.size);
    input('coordinates').checked = d.coordinates;
    input('pie').checked = d.pie;
    input('plies').value = String(d.plies);
    for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="to-move"]'))) {
      r.checked = r.value === d.toMove;
    }
    $('btn-undo').toggleAttribute('disabled', !past.length);
    $('btn-redo').toggleAttribute('disabled', !future.length);
    $('tool-note').textContent = arrowFrom ? t('editor.arrowFrom', { at: arrowFrom }) : note;
    renderReport();
    renderOutputs();
  }

  /** The notes on the stored diagram (only when they change: the box is an alert). */
  function renderNotes() {
    renderLost($('lost'), losses, NOTES, t, {
      copy: (text) => copy(text, null),
      close(lost) {
        losses.splice(losses.indexOf(lost), 1);
        hold = false;
        save();
        renderNotes();
      },
    });
  }

  function renderReport() {
    const box = $('report');
    if (!reading) {
      box.textContent = t('editor.loading');
      return;
    }
    const st = reading.status;
    const lines = [
      st.winner ? t('editor.won', { color: t('color.' + st.winner) }) : t('editor.toMoveIs', { color: t('color.' + st.toMove) }),
    ];
    if (st.skipped) lines.push(t('status.skipped', { skipped: t('color.' + diagram.toMove), color: t('color.' + st.toMove) }));
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
    box.replaceChildren(
      ...lines.map((line) => {
        const p = document.createElement('p');
        p.textContent = line;
        return p;
      }),
    );
  }

  function renderOutputs() {
    const ready = Boolean(reading);
    for (const id of ['copy-position', 'copy-link', 'copy-snippet', 'btn-svg', 'btn-png', 'btn-load']) {
      $(id).toggleAttribute('disabled', !ready);
    }
    if (!reading) return;
    input('out-position').value = reading.position;
    const link = shareLink(reading);
    input('out-link').value = link;
    /** @type {HTMLAnchorElement} */ ($('open-link')).href = link;
    /** @type {HTMLTextAreaElement} */ ($('out-snippet')).value = snippetOf(reading);
  }

  /** @param {Reading} r */
  function shareLink(r) {
    const params = new URLSearchParams({ r: r.record });
    if (!diagram.pie) params.set('pie', '0');
    return new URL('./', location.href).href + '#' + params.toString();
  }

  /** @param {Reading} r */
  const snippetOf = (r) => model.snippet(diagram, r.position, new URL('embed.js', location.href).href);

  /** Keeps the diagram; a browser with no room for it is noted once. */
  function save() {
    if (hold || writeEntry(storage, EDITOR_KEY, model.toStored(diagram)) || full || !storage) return;
    full = true;
    losses.push({ key: EDITOR_KEY, full: true });
    renderNotes();
  }

  /**
   * Shows `next` (during a stroke: its history entry is made when it ends).
   * @param {Diagram} next
   */
  function setDiagram(next) {
    diagram = next;
    render();
  }

  /**
   * An edit: the diagram before it goes into the history.
   * @param {Diagram} next
   * @param {Diagram} [before]
   */
  function commit(next, before = diagram) {
    diagram = next;
    note = '';
    if (JSON.stringify(model.toStored(before)) !== JSON.stringify(model.toStored(next))) {
      past.push(before);
      future.length = 0;
    }
    render();
    save();
  }

  /**
   * What a stroke started at `point` with the current tool does at each
   * point it passes (the first point decides: painting a point that holds
   * the piece already erases, a mark on a marked point takes marks away).
   * @param {string} point
   * @param {number} button
   * @param {boolean} toggle whether a point that holds the tool's piece or mark is cleared
   */
  function strokeAt(point, button, toggle) {
    const t0 = tool();
    if (button === 2 || t0 === 'erase') return (/** @type {Diagram} */ d, /** @type {string} */ p) => model.paint(d, [p], 0);
    if (t0 === 'highlight' || t0 === 'shade') {
      const on = !toggle || !diagram[t0].includes(point);
      return (/** @type {Diagram} */ d, /** @type {string} */ p) => model.setMark(d, t0, p, on);
    }
    const code = Number(t0);
    const paint = toggle && model.cellAt(diagram, point) === code ? 0 : code;
    return (/** @type {Diagram} */ d, /** @type {string} */ p) => model.paint(d, [p], paint);
  }

  /**
   * The tool's action at a point, by pointer (`button`) or key: a piece or
   * a mark starts a stroke, an arrow waits for its second point, a label
   * is put at once.
   * @param {string} point
   * @param {number} button
   * @param {boolean} toggle see strokeAt
   * @param {number} [pointer] the pointer that draws the stroke (none for a key)
   */
  function begin(point, button, toggle, pointer = -1) {
    if (!model.onBoard(diagram, point)) return;
    const t0 = tool();
    if (t0 === 'arrow' && button !== 2) {
      if (arrowFrom && arrowFrom !== point) {
        const from = arrowFrom;
        arrowFrom = null;
        commit(model.toggleArrow(diagram, from, point));
      } else {
        arrowFrom = arrowFrom === point ? null : point;
        // A drag from here to another point draws the arrow too.
        stroke = { pointer, at: null, before: diagram };
        render();
      }
      return;
    }
    if (t0 === 'label' && button !== 2) {
      const has = diagram.labels.some(([p]) => p === point);
      const text = labelText();
      if (!has && !model.isLabel(text)) {
        note = t('editor.badLabel', { text });
        render();
        return;
      }
      commit(model.setLabel(diagram, point, has ? '' : text));
      if (!has) input('label-text').value = model.nextLabel(text);
      return;
    }
    const at = strokeAt(point, button, toggle);
    stroke = { pointer, at, before: diagram };
    setDiagram(at(diagram, point));
  }

  /**
   * The stroke's end: its edits become one history entry; an arrow's is
   * drawn to where the pointer was let go.
   * @param {PointerEvent} event
   */
  function end(event) {
    if (!stroke || (stroke.pointer !== -1 && event.pointerId !== stroke.pointer)) return;
    const { before, at } = stroke;
    stroke = null;
    if (at) {
      commit(diagram, before);
      return;
    }
    const over = board.hovered();
    if (arrowFrom && over && over !== arrowFrom && event.type === 'pointerup') begin(over, 0, true);
  }
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);

  /**
   * Applies the tool at the keyboard's cursor, as one stroke.
   * @param {string} point
   * @param {boolean} toggle see strokeAt
   */
  function actAt(point, toggle) {
    begin(point, 0, toggle);
    if (stroke?.at) commit(diagram, stroke.before);
    stroke = null;
  }

  /** Says what is under the cursor, for a screen reader. */
  function announce() {
    if (!cursor) return;
    const piece = pieceName(model.cellAt(diagram, cursor));
    $('announcer').textContent = `${cursor}: ${piece ? t('piece.' + piece) : t('board.empty')}`;
  }

  boardEl.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const n = diagram.size;
    const centre = cursorStart([], n);
    if (!cursor && e.key.startsWith('Arrow')) {
      cursor = centre;
    } else if (cursor && /^[0-4]$/.test(e.key)) {
      commit(model.paint(diagram, [cursor], Number(e.key)));
    } else if (cursor && (e.key === 'Delete' || e.key === 'Backspace')) {
      commit(model.paint(diagram, [cursor], 0));
    } else {
      const action = cursorKey(e.key, cursor, n, centre);
      if (!action || e.key === 'r' || e.key === 's' || e.key === 'c') return;
      if ('cursor' in action) {
        cursor = action.cursor;
        // Shift and an arrow paint the point the cursor moves to.
        if (cursor && e.shiftKey && e.key.startsWith('Arrow') && tool() !== 'arrow' && tool() !== 'label') actAt(cursor, false);
      } else {
        actAt(action.at, true);
      }
    }
    e.preventDefault();
    render();
    announce();
  });
  boardEl.addEventListener('blur', () => {
    cursor = null;
    render();
  });

  /**
   * Goes back (undo) or forward (redo) one edit: the diagram from one
   * history, the one shown onto the other. A stroke under way ends here,
   * and the cursor and an arrow's first point go if the board shrank.
   * @param {Diagram[]} from
   * @param {Diagram[]} to
   */
  function step(from, to) {
    const next = from.pop();
    if (!next) return;
    stroke = null;
    to.push(diagram);
    diagram = next;
    if (cursor && !model.onBoard(diagram, cursor)) cursor = null;
    if (arrowFrom && !model.onBoard(diagram, arrowFrom)) arrowFrom = null;
    render();
    save();
  }
  const undo = () => step(past, future);
  const redo = () => step(future, past);
  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', redo);
  document.addEventListener('keydown', (e) => {
    const target = /** @type {HTMLElement} */ (e.target);
    if (e.key === 'Escape' && arrowFrom) {
      arrowFrom = null;
      render();
      return;
    }
    if (!(e.ctrlKey || e.metaKey) || target.matches('input[type="text"], input[type="number"], textarea')) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && e.shiftKey)) redo();
    else return;
    e.preventDefault();
  });

  const size = /** @type {HTMLSelectElement} */ ($('size'));
  for (let n = MIN_SIZE; n <= MAX_SIZE; n++) size.append(new Option(`${n}×${n}`, String(n)));
  size.addEventListener('change', () => {
    cursor = null;
    arrowFrom = null;
    commit(model.resize(diagram, Number(size.value)));
  });
  input('coordinates').addEventListener('change', () => commit({ ...diagram, coordinates: input('coordinates').checked }));
  input('pie').addEventListener('change', () => commit({ ...diagram, pie: input('pie').checked }));
  input('plies').addEventListener('change', () => {
    const plies = Number(input('plies').value);
    if (Number.isInteger(plies) && plies >= 0 && plies <= 9999) commit({ ...diagram, plies });
    else render();
  });
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="to-move"]'))) {
    r.addEventListener('change', () => commit({ ...diagram, toMove: r.value === 'light' ? 'light' : 'dark' }));
  }
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[name="tool"]'))) {
    r.addEventListener('change', () => {
      arrowFrom = null;
      note = '';
      render();
    });
  }
  input('show-changes').addEventListener('change', render);
  $('btn-clear').addEventListener('click', () => commit(model.clearPieces(diagram)));
  $('btn-clear-marks').addEventListener('click', () => commit(model.clearMarks(diagram)));
  $('btn-fill').addEventListener('click', () => {
    const code = Number(tool());
    if (PIECE_CODES.includes(code)) {
      commit(model.fill(diagram, code));
    } else {
      note = t('editor.fillNeedsPiece');
      render();
    }
  });
  $('btn-flip').addEventListener('click', () => commit(model.flip(diagram)));
  $('btn-rotate').addEventListener('click', () => commit(model.rotate(diagram)));

  /**
   * Copies `text`, or selects `field` so it can be copied by hand.
   * @param {string} text
   * @param {HTMLInputElement | HTMLTextAreaElement | null} field
   */
  async function copy(text, field) {
    try {
      await navigator.clipboard.writeText(text);
      $('copy-note').textContent = t('editor.copied');
    } catch {
      field?.select();
      $('copy-note').textContent = t('editor.copyByHand');
    }
  }
  $('copy-position').addEventListener('click', () => copy(input('out-position').value, input('out-position')));
  $('copy-link').addEventListener('click', () => copy(input('out-link').value, input('out-link')));
  const snippetField = /** @type {HTMLTextAreaElement} */ ($('out-snippet'));
  $('copy-snippet').addEventListener('click', () => copy(snippetField.value, snippetField));

  const imageSide = () => Number(/** @type {HTMLSelectElement} */ ($('png-size')).value);
  $('btn-svg').addEventListener('click', () => {
    const svg = board.toSvg({ side: imageSide(), coordinates: diagram.coordinates });
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), 'federa-diagram.svg');
  });
  $('btn-png').addEventListener('click', async () => {
    saveFile(await board.toPng({ side: imageSide(), coordinates: diagram.coordinates }), 'federa-diagram.png');
  });

  $('btn-load').addEventListener('click', () => {
    const text = /** @type {HTMLTextAreaElement} */ ($('load-text')).value;
    const error = $('load-error');
    if (!engine) return;
    try {
      const next = load(engine, text, diagram);
      error.hidden = true;
      cursor = null;
      arrowFrom = null;
      commit(next);
    } catch (/** @type {any} */ e) {
      error.hidden = false;
      error.textContent = problemText(e);
    }
  });

  /** @param {any} e what `load` threw */
  function problemText(e) {
    if (e?.kind) return describeError(t, e);
    if (e && 'expected' in e) {
      return e.name === 'federa-board'
        ? t('editor.noElement')
        : t('editor.badAttribute', { name: e.name, value: e.value, expected: t('embed.expected.' + e.expected) });
    }
    if (e && 'point' in e) return t('editor.markOffBoard', e);
    return describeError(t, e);
  }

  followPageLanguage((i18n) => {
    t = i18n.t;
    render();
    renderNotes();
  });
  render();
  renderNotes();
  engine = await loadEngine();
  render();
  document.documentElement.classList.add('editor-ready');
  // For the end-to-end tests and the curious: the diagram, read-only.
  Object.assign(window, {
    federa: {
      position: () => reading?.position,
      snippet: () => reading && snippetOf(reading),
      diagram: () => model.toStored(diagram),
      /** Where a point is on screen, in client coordinates. @param {string} name */
      pointPixel(name) {
        const at = board.pointPixel(name);
        const rect = board.canvas.getBoundingClientRect();
        return at && { x: rect.left + at.x, y: rect.top + at.y };
      },
    },
  });
}

start();
