// @ts-check
// The board editor's controller: the diagram being edited and all that
// editing it needs — the history, the keyboard cursor, the tool, the label
// to put next, the tool's note and what a pointer or key has under way —
// with its edits as methods and a `change` event. No DOM and no engine but
// the one handed to it, so it is unit-tested under Node with the real
// engine (tests/editor-ctrl.test.mjs); view.js draws it.
//
//   const ctrl = new EditorCtrl({ keeper: new Keeper(safeStorage()) });
//   ctrl.on('change', draw);
//   ctrl.attach(await loadEngine());
import * as model from './model.js';
import { DEFAULTS } from '../../game/embed-config.js';
import { CELL_CODES, MAX_SIZE, MIN_SIZE, PIECE_CODES } from '../../engine/facts.js';
import { cursorKey, cursorStart } from '../../view/cursor-keys.js';
import { readEntry } from '../../lib/store.js';
import { readText } from './io.js';
import { Emitter } from '../../lib/emitter.js';

/** Where the diagram being edited is kept. */
export const EDITOR_KEY = 'federa.editor';

const SIZES = { min: MIN_SIZE, max: MAX_SIZE };
/** The keys that put a cell's code at the cursor (0 erases). */
const CELL_KEYS = CELL_CODES.map(String);

/** @typedef {import('./model.js').Diagram} Diagram */
/** @typedef {Pick<import('../../engine/engine.js').Engine, 'GameHandle'>} Engine */

/**
 * What the engine says of a diagram.
 * @typedef {{ position: string, record: string, status: import('../../engine/types.js').Status,
 *   changes: Record<'dark' | 'light', string[][]>, named: Record<'dark' | 'light', string[]> }} Reading
 *
 * changes: the points of each group a colour could change; named: their
 * canonical points.
 */

/**
 * A tool, as the page's radio buttons give it: a piece's cell code ('1' to
 * '4'), or 'erase', 'highlight', 'shade', 'arrow' or 'label'.
 * @typedef {string} Tool
 */

/**
 * What is under way, one thing at a time: a stroke — the pointer drawing
 * it, what it does at each point it passes and the diagram before it (its
 * one history entry is made when it ends) — or an arrow waiting for its
 * second point, with the pointer still pressed on its first (a drag ends
 * the arrow where it is let go), null once let go or for a key.
 * @typedef {{ kind: 'stroke', pointer: number, at: (d: Diagram, point: string) => Diagram, before: Diagram }
 *   | { kind: 'arrow', from: string, pointer: number | null }} Pending
 */

/**
 * What the tool last had to say: a label it refused, or a fill with no piece chosen.
 * @typedef {{ kind: 'badLabel', text: string } | { kind: 'fillNeedsPiece' }} Note
 */

/**
 * What the engine says of `d` (one GameHandle, freed at once).
 * @param {Engine} engine
 * @param {Diagram} d
 * @returns {Reading}
 */
export function read(engine, d) {
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
 * The part of a diagram the engine reads: diagrams alike in it read alike.
 * @param {Diagram} d
 */
const gameKey = (d) => `${d.size} ${d.toMove} ${d.plies} ${d.pie} ${d.cells.join('')}`;

/**
 * The piece a tool paints, or 0 for a tool that is not a piece.
 * @param {Tool} tool
 */
const pieceOfTool = (tool) => (PIECE_CODES.includes(Number(tool)) ? Number(tool) : 0);

/** @param {unknown} v a stored diagram: why it does not read, or null */
function storedProblem(v) {
  try {
    model.fromStored(v, SIZES);
    return null;
  } catch (reason) {
    return reason;
  }
}

const same = (/** @type {Diagram} */ a, /** @type {Diagram} */ b) =>
  JSON.stringify(model.toStored(a)) === JSON.stringify(model.toStored(b));

/** @extends {Emitter<{ change: void, notes: void }>} */
export class EditorCtrl extends Emitter {
  /**
   * Starts from the diagram kept under EDITOR_KEY (one that does not read
   * is noted in the keeper and an empty board shown).
   * @param {{ keeper: import('../../lib/store.js').Keeper, engine?: Engine | null }} options
   */
  constructor({ keeper, engine = null }) {
    super();
    this.keeper = keeper;
    const stored = readEntry(keeper.storage, EDITOR_KEY, storedProblem);
    if (stored.lost) keeper.lose(stored.lost);
    /** @type {Diagram} */
    this.diagram = stored.value ? model.fromStored(stored.value, SIZES) : model.emptyDiagram(DEFAULTS.size);
    /** Diagrams to go back to, the latest last. @type {Diagram[]} */
    this.past = [];
    /** Diagrams undone, to go forward to. @type {Diagram[]} */
    this.future = [];
    /** @type {string | null} */
    this.cursor = null;
    /** @type {Tool} */
    this.tool = String(PIECE_CODES[0]);
    /** The label the label tool puts next. */
    this.labelText = 'A';
    /** @type {Note | null} */
    this.note = null;
    /** @type {Pending | null} */
    this.pending = null;
    /** Whether the board outlines the groups the side to move may change. */
    this.showChanges = false;
    /** What the last load refused (the engine's error, a snippet's attribute problem, a mark off the board), or null. @type {any} */
    this.loadProblem = null;
    /** @type {Engine | null} */
    this.engine = engine;
    /** @type {{ key: string, reading: Reading } | null} */
    this.cached = null;
    keeper.on('note', () => this.emit('notes', undefined));
  }

  /**
   * The engine has loaded: the diagram can be read.
   * @param {Engine} engine
   */
  attach(engine) {
    this.engine = engine;
    this.cached = null;
    this.emit('change', undefined);
  }

  /**
   * What the engine says of the diagram (null before it has loaded). Read
   * once per game part; during a stroke, what it said before the stroke,
   * so a stroke is read once, when it ends.
   * @returns {Reading | null}
   */
  get reading() {
    if (!this.engine) return null;
    const d = this.pending?.kind === 'stroke' ? this.pending.before : this.diagram;
    const key = gameKey(d);
    if (this.cached?.key !== key) this.cached = { key, reading: read(this.engine, d) };
    return this.cached.reading;
  }

  /** The groups the board outlines: those the side to move may change, when asked for. */
  get hints() {
    const r = this.showChanges ? this.reading : null;
    return r ? r.changes[r.status.toMove] : [];
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /** The notes on the stored diagram (store.js's Keeper). */
  get losses() {
    return this.keeper.losses;
  }

  /**
   * An edit: the diagram before it goes into the history (unless nothing
   * changed), the note goes, and the diagram is kept.
   * @param {Diagram} next
   * @param {Diagram} [before]
   */
  commit(next, before = this.diagram) {
    this.diagram = next;
    this.note = null;
    if (!same(before, next)) {
      this.past.push(before);
      this.future.length = 0;
    }
    this.emit('change', undefined);
    this.save();
  }

  /** Keeps the diagram in the browser (the keeper notes a browser with no room). */
  save() {
    this.keeper.write(EDITOR_KEY, model.toStored(this.diagram));
  }

  /**
   * Closes a note on the stored diagram; the diagram shown is kept from now on.
   * @param {import('../../panels/lost.js').LostNote} lost
   */
  closeNote(lost) {
    this.keeper.close(lost);
    this.save();
    this.emit('notes', undefined);
  }

  /** @param {Tool} tool */
  setTool(tool) {
    this.tool = tool;
    if (this.pending?.kind === 'arrow') this.pending = null;
    this.note = null;
    this.emit('change', undefined);
  }

  /** @param {string} text the label to put next */
  setLabelText(text) {
    this.labelText = text.trim();
    this.emit('change', undefined);
  }

  /** @param {boolean} on */
  setShowChanges(on) {
    this.showChanges = on;
    this.emit('change', undefined);
  }

  /**
   * The tool's action at a point, by a pointer pressed there or by a key:
   * a piece, the eraser or a mark paints (a stroke while the pointer is
   * held, at once for a key), an arrow waits for its second point, a label
   * is put at once. Button 2 (a right click) erases whatever the tool.
   * Nothing starts while a pointer is held.
   * @param {string} point
   * @param {{ button?: number, pointer?: number | null, toggle?: boolean }} [how] pointer: the one
   *   pressed (null for a key); toggle: whether a point that holds the tool's piece or mark is
   *   cleared (a click's and Enter's way, not Shift and an arrow's)
   */
  begin(point, { button = 0, pointer = null, toggle = true } = {}) {
    if (!model.onBoard(this.diagram, point) || (this.pending && this.pending.pointer !== null)) return;
    const erase = button === 2;
    if (this.tool === 'arrow' && !erase) {
      this.arrowAt(point, pointer);
      return;
    }
    if (this.tool === 'label' && !erase) {
      this.labelAt(point);
      return;
    }
    const at = this.strokeAt(point, erase, toggle);
    if (pointer === null) {
      this.commit(at(this.diagram, point));
      return;
    }
    this.pending = { kind: 'stroke', pointer, at, before: this.diagram };
    this.diagram = at(this.diagram, point);
    this.emit('change', undefined);
  }

  /**
   * What a stroke started at `point` does at each point it passes (the
   * first point decides: painting a point that holds the piece already
   * erases, a mark on a marked point takes marks away).
   * @param {string} point
   * @param {boolean} erase
   * @param {boolean} toggle
   * @returns {(d: Diagram, point: string) => Diagram}
   */
  strokeAt(point, erase, toggle) {
    const tool = this.tool;
    if (tool === 'highlight' || tool === 'shade') {
      if (!erase) {
        const on = !toggle || !this.diagram[tool].includes(point);
        return (d, p) => model.setMark(d, tool, p, on);
      }
    }
    const code = erase ? 0 : pieceOfTool(tool);
    const paint = toggle && model.cellAt(this.diagram, point) === code ? 0 : code;
    return (d, p) => model.paint(d, [p], paint);
  }

  /**
   * The arrow tool at a point: the arrow from the first point waiting is
   * drawn (or taken away if it is there), the same point again forgets
   * it, and any other point becomes the first.
   * @param {string} point
   * @param {number | null} pointer
   */
  arrowAt(point, pointer) {
    const from = this.pending?.kind === 'arrow' ? this.pending.from : null;
    if (from && from !== point) {
      this.pending = null;
      this.commit(model.toggleArrow(this.diagram, from, point));
      return;
    }
    this.pending = from === point ? null : { kind: 'arrow', from: point, pointer };
    this.emit('change', undefined);
  }

  /**
   * The label tool at a point: a label there is taken away, else the next
   * label is put (and the one after it comes next) or refused with a note.
   * @param {string} point
   */
  labelAt(point) {
    const has = this.diagram.labels.some(([p]) => p === point);
    const text = this.labelText;
    if (!has && !model.isLabel(text)) {
      this.note = { kind: 'badLabel', text };
      this.emit('change', undefined);
      return;
    }
    if (!has) this.labelText = model.nextLabel(text);
    this.commit(model.setLabel(this.diagram, point, has ? '' : text));
  }

  /**
   * The stroke's pointer passed over `point` while pressed: the stroke
   * does its work there too.
   * @param {string} point
   */
  extend(point) {
    const p = this.pending;
    if (p?.kind !== 'stroke' || !model.onBoard(this.diagram, point)) return;
    this.diagram = p.at(this.diagram, point);
    this.emit('change', undefined);
  }

  /**
   * A pointer was let go over `over` (null off the board), or the browser
   * cancelled it: its stroke's edits become one history entry (a cancelled
   * stroke keeps what it painted); an arrow dragged from its first point to
   * another is drawn, else the first point waits for a click.
   * @param {number} pointer
   * @param {string | null} [over]
   * @param {boolean} [cancelled]
   */
  end(pointer, over = null, cancelled = false) {
    const p = this.pending;
    if (!p || p.pointer !== pointer) return;
    if (p.kind === 'stroke') {
      this.pending = null;
      this.commit(this.diagram, p.before);
      return;
    }
    this.pending = { ...p, pointer: null };
    if (!cancelled && over && over !== p.from) this.begin(over);
    else this.emit('change', undefined);
  }

  /**
   * Forgets the arrow's first point (Escape). Returns whether there was one.
   */
  cancel() {
    if (this.pending?.kind !== 'arrow') return false;
    this.pending = null;
    this.emit('change', undefined);
    return true;
  }

  /**
   * A key on the board (without Ctrl, Alt or Meta): arrows move the cursor
   * (shown at the centre first; with Shift they paint where it goes, for a
   * piece, the eraser or a mark), Enter or Space use the tool at it, a cell
   * code's digit puts that piece there (0 erases), as do Delete and
   * Backspace, Escape hides it. Returns whether the key was the board's.
   * @param {string} key
   * @param {boolean} [shift]
   */
  key(key, shift = false) {
    const d = this.diagram;
    const centre = cursorStart([], d.size);
    if (!this.cursor && key.startsWith('Arrow')) {
      this.cursor = centre;
    } else if (this.cursor && CELL_KEYS.includes(key)) {
      this.commit(model.paint(d, [this.cursor], Number(key)));
    } else if (this.cursor && (key === 'Delete' || key === 'Backspace')) {
      this.commit(model.paint(d, [this.cursor], 0));
    } else {
      const action = cursorKey(key, this.cursor, d.size, centre);
      // r, s and c are the play page's (a round, a square, a change).
      if (!action || ('act' in action && action.act !== 'chosen')) return false;
      if ('cursor' in action) {
        this.cursor = action.cursor;
        const paints = this.tool !== 'arrow' && this.tool !== 'label';
        if (this.cursor && shift && key.startsWith('Arrow') && paints) this.begin(this.cursor, { toggle: false });
      } else {
        this.begin(action.at);
      }
    }
    this.emit('change', undefined);
    return true;
  }

  /** The board lost the focus: the cursor goes. */
  blur() {
    this.cursor = null;
    this.emit('change', undefined);
  }

  undo() {
    this.step(this.past, this.future);
  }

  redo() {
    this.step(this.future, this.past);
  }

  /**
   * Goes back or forward one edit: the diagram from one history, the one
   * shown onto the other. A stroke under way ends here, and the cursor and
   * an arrow's first point go if they are off the board.
   * @param {Diagram[]} from
   * @param {Diagram[]} to
   */
  step(from, to) {
    const next = from.pop();
    if (!next) return;
    to.push(this.diagram);
    this.diagram = next;
    const p = this.pending;
    if (p?.kind === 'arrow' && model.onBoard(next, p.from)) this.pending = { ...p, pointer: null };
    else this.pending = null;
    if (this.cursor && !model.onBoard(next, this.cursor)) this.cursor = null;
    this.emit('change', undefined);
    this.save();
  }

  /** @param {number} size */
  resize(size) {
    this.cursor = null;
    this.pending = null;
    this.commit(model.resize(this.diagram, size));
  }

  /** @param {boolean} on */
  setCoordinates(on) {
    this.commit({ ...this.diagram, coordinates: on });
  }

  /** @param {boolean} on */
  setPie(on) {
    this.commit({ ...this.diagram, pie: on });
  }

  /** @param {import('../../engine/facts.js').Color} color */
  setToMove(color) {
    this.commit({ ...this.diagram, toMove: color });
  }

  /**
   * The moves played before the diagram: a whole number up to MAX_PLIES,
   * else refused (false, and the view shows the old number again).
   * @param {number} plies
   */
  setPlies(plies) {
    if (!Number.isInteger(plies) || plies < 0 || plies > model.MAX_PLIES) {
      this.emit('change', undefined);
      return false;
    }
    this.commit({ ...this.diagram, plies });
    return true;
  }

  /** Every empty point given the tool's piece (a note when the tool is no piece). */
  fill() {
    const code = pieceOfTool(this.tool);
    if (code) {
      this.commit(model.fill(this.diagram, code));
      return;
    }
    this.note = { kind: 'fillNeedsPiece' };
    this.emit('change', undefined);
  }

  clearPieces() {
    this.commit(model.clearPieces(this.diagram));
  }

  clearMarks() {
    this.commit(model.clearMarks(this.diagram));
  }

  flip() {
    this.commit(model.flip(this.diagram));
  }

  rotate() {
    this.commit(model.rotate(this.diagram));
  }

  /**
   * Loads a pasted position, record or snippet (io.js's readText) as an
   * edit; what it refuses is kept as `loadProblem` and the diagram stays.
   * Returns whether it loaded.
   * @param {string} text
   */
  load(text) {
    if (!this.engine) return false;
    let next;
    try {
      next = readText(this.engine, text, this.diagram);
    } catch (problem) {
      this.loadProblem = problem;
      this.emit('change', undefined);
      return false;
    }
    this.loadProblem = null;
    this.cursor = null;
    this.pending = null;
    this.commit(next);
    return true;
  }
}
