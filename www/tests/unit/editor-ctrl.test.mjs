// Unit tests of js/pages/editor/ctrl.js (no browser) with the real engine: strokes,
// arrows, labels, keys at the cursor, undo and redo, resizing, the engine's
// reading (read once per game, once per stroke), loading and its refusals,
// the report's words, and the diagram kept through store.js's Keeper.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memory } from './memory.mjs';

import { engine } from './glue.mjs';

const { EditorCtrl, EDITOR_KEY } = await import('../../js/pages/editor/ctrl.js');
const { linkOf, snippetOf } = await import('../../js/pages/editor/io.js');
const { problemText, reportLines, toolNote } = await import('../../js/pages/editor/view.js');
const model = await import('../../js/pages/editor/model.js');
const { Keeper } = await import('../../js/lib/store.js');
const { fromLink } = await import('../../js/game/links.js');
const { loadLanguage } = await import('../../js/i18n/i18n.js');
const wasm = await engine();
const { t } = await loadLanguage('en');

/** The engine, counting its readings of a diagram (GameHandle.fromCells). */
function counting() {
  const count = { reads: 0 };
  class GameHandle extends wasm.GameHandle {
    static fromCells(...args) {
      count.reads++;
      return super.fromCells(...args);
    }
  }
  return { count, engine: { GameHandle } };
}

/**
 * A controller with the engine on a `size`×`size` board (from the default
 * board, so one edit is in the history), and a view's way of reading it:
 * what the engine says, on every change.
 */
function setUp({ size = 5, storage = memory(), engine: given = wasm } = {}) {
  const ctrl = new EditorCtrl({ keeper: new Keeper(storage), engine: given });
  const changes = { count: 0 };
  ctrl.on('change', () => {
    changes.count++;
    void ctrl.reading;
  });
  if (size !== ctrl.diagram.size) ctrl.resize(size);
  return { ctrl, storage, changes };
}

/** The engine's position string of what is shown. */
const position = (ctrl) => ctrl.reading.position;

/** A press of `pointer` at the first point, moved through the others, let go over the last. */
function drag(ctrl, pointer, ...points) {
  ctrl.begin(points[0], { pointer });
  for (const p of points.slice(1)) ctrl.extend(p);
  ctrl.end(pointer, points.at(-1));
}

const click = (ctrl, point, button = 0) => {
  ctrl.begin(point, { button, pointer: 1 });
  ctrl.end(1, point);
};

test('a click paints the tool’s piece, a click on it takes it away, a right click erases whatever the tool', () => {
  const { ctrl } = setUp();
  assert.equal(ctrl.tool, '1');
  click(ctrl, 'a1');
  assert.equal(position(ctrl), '5/5/5/5/C4 b 0');
  ctrl.setTool('4');
  click(ctrl, 'b1');
  assert.equal(position(ctrl), '5/5/5/5/Cs3 b 0');
  click(ctrl, 'b1');
  assert.equal(position(ctrl), '5/5/5/5/C4 b 0');
  ctrl.setTool('highlight');
  click(ctrl, 'a1', 2);
  assert.equal(position(ctrl), '5/5/5/5/5 b 0');
  assert.deepEqual(ctrl.diagram.highlight, [], 'a right click puts no mark');
  assert.equal(ctrl.pending, null);
});

test('a drag paints along its way as one history entry, shown at once and read when it ends', () => {
  const { ctrl } = setUp();
  const before = ctrl.past.length;
  ctrl.begin('a1', { pointer: 7 });
  ctrl.extend('b1');
  ctrl.extend('c1');
  assert.equal(ctrl.pending.kind, 'stroke');
  assert.equal(ctrl.pending.pointer, 7);
  assert.deepEqual([...ctrl.diagram.cells.slice(0, 5)], [1, 1, 1, 0, 0], 'the board shows every point painted so far');
  assert.equal(position(ctrl), '5/5/5/5/5 b 0', 'the reading is the one before the stroke');
  // Another pointer neither ends the stroke nor starts one.
  ctrl.end(8, 'c1');
  ctrl.begin('e5', { pointer: 8 });
  assert.equal(ctrl.pending?.kind, 'stroke');
  assert.equal(model.cellAt(ctrl.diagram, 'e5'), 0);
  ctrl.extend('d1');
  ctrl.end(7, 'd1');
  assert.equal(ctrl.pending, null);
  assert.equal(position(ctrl), '5/5/5/5/CCCC. b 0');
  assert.equal(ctrl.past.length, before + 1, 'one entry for the stroke');
  ctrl.undo();
  assert.equal(position(ctrl), '5/5/5/5/5 b 0');
  ctrl.redo();
  assert.equal(position(ctrl), '5/5/5/5/CCCC. b 0');
});

test('a stroke begun on the tool’s piece erases along its way; a cancelled stroke keeps what it painted', () => {
  const { ctrl } = setUp();
  drag(ctrl, 1, 'a1', 'b1', 'c1', 'd1');
  // From b1 (a dark round): b1 and c1 are cleared, the empty c2 stays empty.
  drag(ctrl, 1, 'b1', 'c1', 'c2');
  assert.equal(position(ctrl), '5/5/5/5/C2C. b 0');
  ctrl.begin('e1', { pointer: 2 });
  ctrl.extend('e2');
  ctrl.end(2, null, true);
  assert.equal(position(ctrl), '5/5/5/4C/C2CC b 0');
  ctrl.undo();
  assert.equal(position(ctrl), '5/5/5/5/C2C. b 0');
  ctrl.undo();
  assert.equal(position(ctrl), '5/5/5/5/CCCC. b 0');
});

test('a ring or shade stroke marks along its way, and one begun on a mark takes marks away', () => {
  const { ctrl } = setUp();
  ctrl.setTool('shade');
  drag(ctrl, 1, 'a2', 'b2', 'c2');
  assert.deepEqual(ctrl.diagram.shade, ['a2', 'b2', 'c2']);
  drag(ctrl, 1, 'b2', 'c2', 'd2');
  assert.deepEqual(ctrl.diagram.shade, ['a2']);
  ctrl.setTool('highlight');
  click(ctrl, 'c3');
  click(ctrl, 'd3');
  click(ctrl, 'c3');
  assert.deepEqual(ctrl.diagram.highlight, ['d3']);
  assert.equal(position(ctrl), '5/5/5/5/5 b 0', 'marks are no pieces');
});

test('an arrow by click and click, by a drag, and taken away by drawing it again', () => {
  const { ctrl } = setUp();
  ctrl.setTool('arrow');
  const entries = ctrl.past.length;
  click(ctrl, 'a1');
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'a1', pointer: null });
  assert.deepEqual(ctrl.diagram.arrows, [], 'the first point is no part of the diagram');
  assert.equal(ctrl.past.length, entries);
  assert.equal(toolNote(t, ctrl), 'The arrow starts at a1: choose where it points.');
  click(ctrl, 'c3');
  assert.deepEqual(ctrl.diagram.arrows, [['a1', 'c3']]);
  assert.equal(ctrl.pending, null);
  assert.equal(toolNote(t, ctrl), '');

  ctrl.begin('b1', { pointer: 3 });
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'b1', pointer: 3 });
  // A second pointer while the first is held starts nothing.
  ctrl.begin('e5', { pointer: 4 });
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'b1', pointer: 3 });
  ctrl.end(3, 'd4');
  assert.deepEqual(ctrl.diagram.arrows, [['a1', 'c3'], ['b1', 'd4']]);
  assert.equal(ctrl.pending, null);
  drag(ctrl, 1, 'a1', 'c3');
  assert.deepEqual(ctrl.diagram.arrows, [['b1', 'd4']]);
  assert.equal(ctrl.past.length, entries + 3);
});

test('an arrow’s first point goes by a click on it, Escape, another tool; a cancelled drag leaves it waiting', () => {
  const { ctrl } = setUp();
  ctrl.setTool('arrow');
  click(ctrl, 'b2');
  click(ctrl, 'b2');
  assert.equal(ctrl.pending, null);
  click(ctrl, 'b2');
  assert.equal(ctrl.cancel(), true);
  assert.equal(ctrl.pending, null);
  assert.equal(ctrl.cancel(), false, 'nothing left to cancel');
  ctrl.begin('b2', { pointer: 5 });
  ctrl.end(5, 'd4', true);
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'b2', pointer: null });
  assert.deepEqual(ctrl.diagram.arrows, []);
  // Let go on the first point: it waits too.
  ctrl.setTool('arrow');
  assert.equal(ctrl.pending, null, 'choosing a tool forgets it');
  ctrl.begin('c2', { pointer: 5 });
  ctrl.end(5, 'c2');
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'c2', pointer: null });
  ctrl.setTool('1');
  assert.equal(ctrl.pending, null);
  // A right click with the arrow tool erases and leaves no first point.
  click(ctrl, 'a1');
  ctrl.setTool('arrow');
  click(ctrl, 'a1', 2);
  assert.equal(position(ctrl), '5/5/5/5/5 b 0');
  assert.equal(ctrl.pending, null);
  assert.deepEqual(ctrl.diagram.arrows, []);
});

test('labels count on; one that cannot be a label is refused with a note and changes nothing', () => {
  const { ctrl } = setUp();
  ctrl.setTool('label');
  click(ctrl, 'a5');
  click(ctrl, 'b5');
  assert.deepEqual(ctrl.diagram.labels, [['a5', 'A'], ['b5', 'B']]);
  assert.equal(ctrl.labelText, 'C');
  click(ctrl, 'a5');
  assert.deepEqual(ctrl.diagram.labels, [['b5', 'B']], 'a label clicked again goes');
  assert.equal(ctrl.labelText, 'C');
  ctrl.setLabelText(' Z ');
  click(ctrl, 'c1');
  assert.equal(ctrl.labelText, 'AA');
  const entries = ctrl.past.length;
  const kept = model.toStored(ctrl.diagram);
  ctrl.setLabelText('!!');
  click(ctrl, 'd1');
  assert.deepEqual(ctrl.note, { kind: 'badLabel', text: '!!' });
  assert.equal(toolNote(t, ctrl), '“!!” cannot be a label: use one to three letters or digits.');
  assert.deepEqual(model.toStored(ctrl.diagram), kept);
  assert.equal(ctrl.past.length, entries);
  // A label already there is taken away whatever the text, and the note goes.
  click(ctrl, 'b5');
  assert.deepEqual(ctrl.diagram.labels, [['c1', 'Z']]);
  assert.equal(ctrl.note, null);
  assert.equal(ctrl.labelText, '!!');
});

test('keys at the cursor: arrows move it, Enter uses the tool, Shift paints, digits put pieces, Delete erases', () => {
  const { ctrl } = setUp();
  ctrl.setTool('4');
  assert.equal(ctrl.key('Enter'), true, 'Enter shows the cursor');
  assert.equal(ctrl.cursor, 'c3');
  ctrl.key('Escape');
  assert.equal(ctrl.cursor, null);
  assert.equal(ctrl.key('ArrowUp'), true);
  assert.equal(ctrl.cursor, 'c3', 'the first arrow shows the cursor at the centre');
  assert.equal(position(ctrl), '5/5/5/5/5 b 0');
  ctrl.key('Enter');
  ctrl.key('ArrowRight', true);
  ctrl.key('ArrowRight', true);
  assert.equal(ctrl.cursor, 'e3');
  assert.equal(position(ctrl), '5/5/2sss/5/5 b 0');
  // Shift paints, never erases; Enter on the tool's piece takes it away.
  ctrl.key('ArrowLeft', true);
  assert.equal(position(ctrl), '5/5/2sss/5/5 b 0');
  ctrl.key('Enter');
  assert.equal(position(ctrl), '5/5/2s.s/5/5 b 0');
  ctrl.key('Enter');
  ctrl.key('ArrowUp');
  ctrl.key('ArrowRight');
  ctrl.key('3');
  assert.equal(position(ctrl), '5/4c/2sss/5/5 b 0');
  ctrl.key('ArrowLeft');
  ctrl.key('2');
  assert.equal(position(ctrl), '5/3Sc/2sss/5/5 b 0');
  ctrl.key('Delete');
  assert.equal(position(ctrl), '5/4c/2sss/5/5 b 0');
  ctrl.key('1');
  ctrl.key('0');
  ctrl.key('Backspace');
  assert.equal(position(ctrl), '5/4c/2sss/5/5 b 0');
  // Not the editor's: r, s and c (the play page's), a digit that is no cell code, any other key.
  const shown = model.toStored(ctrl.diagram);
  for (const key of ['r', 's', 'c', '5', '9', 'x', 'Tab']) assert.equal(ctrl.key(key), false, key);
  assert.deepEqual(model.toStored(ctrl.diagram), shown);
  // The cursor stays on the board; Shift with the label tool does not label.
  for (let k = 0; k < 6; k++) ctrl.key('ArrowUp');
  assert.equal(ctrl.cursor, 'd5');
  ctrl.setTool('label');
  ctrl.key('ArrowLeft', true);
  assert.deepEqual(ctrl.diagram.labels, []);
  ctrl.blur();
  assert.equal(ctrl.cursor, null);
});

test('an arrow by keys: Enter at its first point, then at its second', () => {
  const { ctrl } = setUp();
  ctrl.setTool('arrow');
  ctrl.key('ArrowUp');
  ctrl.key('Enter');
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'c3', pointer: null });
  ctrl.key('ArrowRight', true);
  assert.deepEqual(ctrl.diagram.arrows, [], 'Shift and an arrow draw no arrow');
  ctrl.key('Enter');
  assert.deepEqual(ctrl.diagram.arrows, [['c3', 'd3']]);
  assert.equal(ctrl.pending, null);
});

test('undo and redo go one edit at a time; an edit that changes nothing is no step, a new edit drops the redo', () => {
  const { ctrl } = setUp({ size: 3 });
  assert.equal(ctrl.canUndo, true, 'the resize');
  assert.equal(ctrl.canRedo, false);
  drag(ctrl, 1, 'a1', 'b1');
  drag(ctrl, 1, 'a3', 'b3', 'c3');
  ctrl.clearMarks();
  ctrl.setToMove('dark');
  assert.equal(ctrl.past.length, 3);
  ctrl.undo();
  assert.equal(position(ctrl), '3/3/CC. b 0');
  ctrl.undo();
  assert.equal(position(ctrl), '3/3/3 b 0');
  assert.equal(ctrl.canRedo, true);
  ctrl.redo();
  assert.equal(position(ctrl), '3/3/CC. b 0');
  ctrl.setToMove('light');
  assert.equal(ctrl.canRedo, false);
  ctrl.redo();
  assert.equal(position(ctrl), '3/3/CC. w 0');
  ctrl.undo();
  ctrl.undo();
  ctrl.undo();
  assert.equal(ctrl.diagram.size, 9);
  assert.equal(ctrl.canUndo, false);
  ctrl.undo();
  assert.equal(ctrl.diagram.size, 9);
});

test('resizing drops the cursor and an arrow’s first point; undo drops them only when they are off the board', () => {
  const { ctrl } = setUp({ size: 3 });
  ctrl.resize(5);
  ctrl.key('ArrowUp');
  for (const key of ['ArrowUp', 'ArrowUp', 'ArrowRight', 'ArrowRight']) ctrl.key(key);
  assert.equal(ctrl.cursor, 'e5');
  ctrl.setTool('arrow');
  ctrl.key('Enter');
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'e5', pointer: null });
  ctrl.undo();
  assert.equal(ctrl.diagram.size, 3);
  assert.equal(ctrl.cursor, null);
  assert.equal(ctrl.pending, null);
  ctrl.redo();
  ctrl.key('Enter');
  assert.equal(ctrl.cursor, 'c3');
  ctrl.key('Enter');
  ctrl.undo();
  assert.equal(ctrl.cursor, 'c3', 'on the 3×3 board too');
  assert.deepEqual(ctrl.pending, { kind: 'arrow', from: 'c3', pointer: null });
  ctrl.redo();
  ctrl.resize(4);
  assert.equal(ctrl.cursor, null);
  assert.equal(ctrl.pending, null);
  // Marks off the new board go with it.
  ctrl.setTool('highlight');
  click(ctrl, 'd4');
  click(ctrl, 'a1');
  ctrl.resize(3);
  assert.deepEqual(ctrl.diagram.highlight, ['a1']);
});

test('the engine reads each game once: not for marks, cursor moves or the steps of a stroke', () => {
  const { count, engine: counted } = counting();
  const { ctrl, changes } = setUp({ engine: counted });
  assert.equal(count.reads, 1, 'the resized board (the first was never shown)');
  const seen = changes.count;
  ctrl.key('ArrowUp');
  ctrl.key('ArrowRight');
  ctrl.key('ArrowRight');
  ctrl.setTool('highlight');
  click(ctrl, 'c3');
  ctrl.setTool('arrow');
  click(ctrl, 'a1');
  click(ctrl, 'b2');
  ctrl.setTool('label');
  click(ctrl, 'e5');
  ctrl.setCoordinates(false);
  ctrl.setShowChanges(true);
  assert.deepEqual(ctrl.hints, []);
  assert.ok(changes.count > seen + 10, 'each was a change the view read');
  assert.equal(count.reads, 1, 'cursor moves, marks and the view’s options read nothing');

  ctrl.setTool('1');
  ctrl.begin('a1', { pointer: 1 });
  for (const p of ['b1', 'c1', 'd1', 'e1']) ctrl.extend(p);
  assert.equal(count.reads, 1, 'no reading during the stroke');
  ctrl.end(1, 'e1');
  assert.equal(count.reads, 2, 'a stroke of five points reads once');
  assert.equal(position(ctrl), '5/5/5/5/CCCCC b 0');
  assert.equal(count.reads, 2);
  ctrl.setTool('erase');
  drag(ctrl, 1, 'a5', 'b5', 'c5');
  assert.equal(count.reads, 2, 'erasing empty points changes no game');
  ctrl.undo();
  assert.equal(position(ctrl), '5/5/5/5/5 b 0');
  assert.equal(count.reads, 3);
  ctrl.setPlies(3);
  ctrl.setPie(false);
  ctrl.setToMove('light');
  assert.equal(count.reads, 6, 'the plies, the pie rule and the side to move are the game’s');
  assert.equal(ctrl.reading, ctrl.reading);
});

test('with no engine yet nothing is read; attaching one reads the diagram', () => {
  const { count, engine: counted } = counting();
  const ctrl = new EditorCtrl({ keeper: new Keeper(memory()) });
  let changes = 0;
  ctrl.on('change', () => changes++);
  assert.equal(ctrl.reading, null);
  assert.deepEqual(ctrl.hints, []);
  assert.equal(ctrl.load('3/3/3 b'), false);
  assert.equal(ctrl.diagram.size, 9);
  ctrl.attach(counted);
  assert.equal(changes, 1);
  assert.equal(position(ctrl), '9/9/9/9/9/9/9/9/9 b 0');
  assert.equal(count.reads, 1);
});

test('the report says who could change which group, and that a full one-colour board is won', () => {
  const { ctrl } = setUp();
  assert.equal(ctrl.load('sCc/c.C/SsS b 8'), true);
  assert.deepEqual(reportLines(t, ctrl.reading, ctrl.diagram), [
    'Dark to move.',
    'Dark could change 1 group: c1.',
    'Light could change 2 groups: a1, a3.',
    'Dark 4 pieces, Light 4 pieces, 1 empty point.',
  ]);
  ctrl.setShowChanges(true);
  assert.deepEqual(ctrl.hints, ctrl.reading.changes.dark);
  assert.ok(ctrl.hints.flat().includes('c1'));
  ctrl.setToMove('light');
  assert.deepEqual(ctrl.hints, ctrl.reading.changes.light);
  assert.equal(ctrl.hints.length, 2);
  ctrl.setShowChanges(false);
  assert.deepEqual(ctrl.hints, []);
  ctrl.load('CC/CC w 4');
  assert.deepEqual(reportLines(t, ctrl.reading, ctrl.diagram), [
    'Dark has won: every point is taken, all by Dark.',
    'Dark 4 pieces, Light 0 pieces, 0 empty points.',
  ]);
});

test('rotate, flip, fill and clear move and put the pieces; fill needs a piece', () => {
  const { ctrl } = setUp();
  ctrl.load('3/3/Sc. b');
  ctrl.rotate();
  assert.equal(position(ctrl), 'S2/c2/3 b 0');
  ctrl.flip();
  assert.equal(position(ctrl), '2S/2c/3 b 0');
  ctrl.setTool('shade');
  const entries = ctrl.past.length;
  ctrl.fill();
  assert.deepEqual(ctrl.note, { kind: 'fillNeedsPiece' });
  assert.equal(toolNote(t, ctrl), 'Choose a piece to fill the empty points with.');
  assert.equal(ctrl.past.length, entries);
  ctrl.setTool('2');
  assert.equal(ctrl.note, null, 'another tool, no note');
  ctrl.fill();
  assert.equal(position(ctrl), 'SSS/SSc/SSS b 0');
  ctrl.clearPieces();
  assert.equal(position(ctrl), '3/3/3 b 0');
});

test('the plies are a whole number from 0 to MAX_PLIES', () => {
  const { ctrl } = setUp({ size: 2 });
  assert.equal(model.MAX_PLIES, 9999);
  assert.equal(ctrl.setPlies(model.MAX_PLIES), true);
  assert.equal(position(ctrl), `2/2 b ${model.MAX_PLIES}`);
  for (const bad of [model.MAX_PLIES + 1, -1, 2.5, NaN]) {
    assert.equal(ctrl.setPlies(bad), false, String(bad));
    assert.equal(ctrl.diagram.plies, model.MAX_PLIES);
  }
  assert.equal(ctrl.setPlies(0), true);
  assert.equal(position(ctrl), '2/2 b 0');
});

test('a position keeps the pie rule and coordinates; a record gives its last position; a snippet restores everything', () => {
  const { ctrl } = setUp();
  ctrl.setPie(false);
  ctrl.setCoordinates(false);
  ctrl.key('ArrowUp');
  ctrl.setTool('arrow');
  ctrl.key('Enter');
  ctrl.load('sCc/c.C/SsS b 8');
  assert.equal(position(ctrl), 'sCc/c.C/SsS b 8');
  assert.deepEqual([ctrl.diagram.pie, ctrl.diagram.coordinates], [false, false]);
  assert.deepEqual([ctrl.cursor, ctrl.pending], [null, null], 'loading drops the cursor and the arrow’s first point');

  // The engine tells a record (its first word a size or a tag) from a position.
  ctrl.load('5x5 BCc3 WCa1 BSe5');
  assert.equal(position(ctrl), '4S/5/2C2/5/c4 w 3');
  const { record } = ctrl.reading;
  ctrl.load('3/3/3 b');
  ctrl.load(record);
  assert.equal(position(ctrl), '4S/5/2C2/5/c4 w 3');

  const given =
    '<federa-board mode="diagram" position="4/.s2/2C./4 w 3" pie="false" coordinates="false" highlight="b3" arrows="a1-c2" labels="d4:Z" shade="a4 b4"></federa-board>';
  ctrl.setPie(true);
  ctrl.setCoordinates(true);
  ctrl.load(given);
  const page = 'https://example.org/sub/editor.html';
  assert.equal(snippetOf(ctrl.diagram, ctrl.reading, page), `<script type="module" src="https://example.org/sub/embed.js"></script>\n${given}`);
  assert.deepEqual([ctrl.diagram.pie, ctrl.diagram.coordinates, ctrl.diagram.toMove, ctrl.diagram.plies], [false, false, 'light', 3]);
  // The link opens the play page beside the editor on this position, pie off.
  const link = linkOf(ctrl.diagram, ctrl.reading, page + '?x#old');
  assert.ok(link.startsWith('https://example.org/sub/#'), link);
  assert.deepEqual(fromLink(new URL(link).hash), { record: ctrl.reading.record, pie: false });
  // A snippet with neither gives the embed's empty board.
  ctrl.load('<federa-board highlight="a1"></federa-board>');
  assert.equal(position(ctrl), '9/9/9/9/9/9/9/9/9 b 0');
  assert.deepEqual(ctrl.diagram.highlight, ['a1']);
  assert.equal(ctrl.loadProblem, null);
});

test('a load refused names the problem exactly and changes nothing', () => {
  const { ctrl } = setUp();
  ctrl.load('<federa-board position="4/.s2/2C./4 w" arrows="a1-c2"></federa-board>');
  const kept = model.toStored(ctrl.diagram);
  const entries = ctrl.past.length;
  for (const [bad, problem, words] of [
    [
      '<federa-board position="4/.s2/2C./4 w" arrows="a1-a1">',
      { name: 'arrows', value: 'a1-a1', expected: 'arrows' },
      'The snippet’s arrows attribute is “a1-a1”; it takes arrows from a point to another, such as a1-c3 b2-b4.',
    ],
    [
      '<div position="3/3/3 b">',
      { name: 'federa-board', value: '<div position="3/3/3 b">', expected: 'element' },
      'There is no <federa-board> element in this code.',
    ],
    [
      '<federa-board position="3/3/3 b" highlight="e5">',
      { name: 'highlight', point: 'e5', size: 3 },
      'The snippet’s highlight attribute has e5, which is not on the 3×3 board.',
    ],
    [
      '4/1s2/2C1 w',
      { kind: 'position', message: 'field 1 (rows): row 3 has 4 cells, but the board is 3x3', count: 4, size: 3, problem: 'rowLength', row: 3 },
      'Row 3 does not have 3 cells.',
    ],
    [' ', { kind: 'record', message: 'the record has no size token (such as 13x13)', problem: 'missingSize' }, null],
  ]) {
    assert.equal(ctrl.load(bad), false, bad);
    assert.deepEqual(ctrl.loadProblem, problem);
    if (words) assert.equal(problemText(t, ctrl.loadProblem), words);
    assert.deepEqual(model.toStored(ctrl.diagram), kept, 'nothing changed');
    assert.equal(ctrl.past.length, entries);
  }
  ctrl.load('3/3/3 b');
  assert.equal(ctrl.loadProblem, null, 'a load that reads clears the problem');
});

test('the diagram is kept at each edit and read back by the next page', () => {
  const storage = memory();
  const { ctrl } = setUp({ storage });
  ctrl.setTool('3');
  drag(ctrl, 1, 'a1', 'a2');
  ctrl.setTool('label');
  click(ctrl, 'e5');
  assert.equal(storage.getItem(EDITOR_KEY), JSON.stringify(model.toStored(ctrl.diagram)));
  ctrl.begin('b1', { pointer: 1 });
  assert.equal(storage.getItem(EDITOR_KEY), JSON.stringify(model.toStored(ctrl.diagram)), 'labels are put at once');
  const next = new EditorCtrl({ keeper: new Keeper(storage), engine: wasm });
  assert.deepEqual(model.toStored(next.diagram), model.toStored(ctrl.diagram));
  assert.equal(position(next), '5/5/5/c4/c4 b 0');
  assert.deepEqual(next.losses, []);
});

test('a stored diagram that does not read is backed up and noted; with no room for the copy it is not written over until the note is closed', () => {
  const bad = JSON.stringify({ snippet: '<federa-board position="3/3 b">' });
  const storage = memory({ [EDITOR_KEY]: bad });
  const { ctrl } = setUp({ storage });
  assert.equal(ctrl.losses.length, 1);
  const [lost] = ctrl.losses;
  assert.deepEqual(lost.reason, { kind: 'unreadable' });
  assert.equal(storage.getItem(lost.backup), bad);
  assert.equal(ctrl.diagram.size, 5, 'an empty board, resized');
  assert.equal(storage.getItem(EDITOR_KEY), JSON.stringify(model.toStored(ctrl.diagram)), 'its copy is kept: edits are written');

  const held = memory({ [EDITOR_KEY]: bad }, { room: 'old' });
  const second = new EditorCtrl({ keeper: new Keeper(held), engine: wasm });
  let notes = 0;
  second.on('notes', () => notes++);
  assert.equal(second.losses[0].backup, null);
  second.resize(4);
  assert.equal(held.getItem(EDITOR_KEY), bad, 'held while its note is open');
  second.closeNote(second.losses[0]);
  assert.deepEqual(second.losses, []);
  assert.equal(notes, 1);
  assert.equal(held.getItem(EDITOR_KEY), JSON.stringify(model.toStored(second.diagram)));
});

test('a browser with no room is noted once', () => {
  const { ctrl } = setUp({ storage: memory({}, { room: 'none' }) });
  let notes = 0;
  ctrl.on('notes', () => notes++);
  assert.deepEqual(ctrl.losses, [{ key: EDITOR_KEY, full: true }], 'the resize found no room');
  ctrl.flip();
  ctrl.rotate();
  assert.equal(notes, 0);
  assert.equal(ctrl.losses.length, 1);
});
