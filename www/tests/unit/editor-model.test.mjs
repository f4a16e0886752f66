// Unit tests of js/pages/editor/model.js (no browser): the editor's edits, and
// a diagram written as a snippet and read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const m = await import('../../js/pages/editor/model.js');

/** The cells as rows from the top, `.` for empty and the code otherwise. */
const rows = (d) =>
  Array.from({ length: d.size }, (_, k) => {
    const row = d.size - 1 - k;
    return Array.from(d.cells.slice(row * d.size, (row + 1) * d.size), (c) => (c ? String(c) : '.')).join('');
  }).join('/');

test('painting puts a piece on each point given, erasing empties them, and the old diagram is kept', () => {
  const empty = m.emptyDiagram(3);
  const d = m.paint(empty, ['a1', 'b1', 'c3', 'z9'], 2);
  assert.equal(rows(d), '..2/.../22.');
  assert.equal(rows(empty), '.../.../...');
  assert.equal(m.cellAt(d, 'b1'), 2);
  assert.equal(m.cellAt(d, 'd4'), 0);
  assert.equal(rows(m.paint(d, ['b1'], 0)), '..2/.../2..');
});

test('fill covers the empty points only; clearing pieces keeps the marks, clearing marks keeps the pieces', () => {
  let d = m.paint(m.emptyDiagram(2), ['a1'], 4);
  d = m.setMark(d, 'highlight', 'b2', true);
  const filled = m.fill(d, 1);
  assert.equal(rows(filled), '11/41');
  assert.equal(rows(m.clearPieces(filled)), '../..');
  assert.deepEqual(m.clearPieces(filled).highlight, ['b2']);
  const bare = m.clearMarks(filled);
  assert.equal(rows(bare), '11/41');
  assert.deepEqual([bare.highlight, bare.arrows, bare.labels, bare.shade], [[], [], [], []]);
});

test('flip and rotate move the pieces and every mark together', () => {
  let d = m.paint(m.emptyDiagram(3), ['a1'], 1);
  d = m.paint(d, ['b1'], 3);
  d = m.setMark(d, 'highlight', 'a1', true);
  d = m.setMark(d, 'shade', 'c1', true);
  d = m.toggleArrow(d, 'a1', 'a3');
  d = m.setLabel(d, 'b1', 'A');
  const f = m.flip(d);
  assert.equal(rows(f), '.../.../.31');
  assert.deepEqual([f.highlight, f.shade, f.arrows, f.labels], [['c1'], ['a1'], [['c1', 'c3']], [['b1', 'A']]]);
  const r = m.rotate(d);
  // A quarter clockwise: the bottom row becomes the left column, top down.
  assert.equal(rows(r), '1../3../...');
  assert.deepEqual([r.highlight, r.shade, r.arrows, r.labels], [['a3'], ['a1'], [['a3', 'c3']], [['a2', 'A']]]);
  const four = m.rotate(m.rotate(m.rotate(r)));
  assert.equal(rows(four), rows(d));
  assert.deepEqual(four.arrows, d.arrows);
});

test('resizing keeps what lies on the new board and drops the rest', () => {
  let d = m.paint(m.emptyDiagram(4), ['a1', 'd4', 'b2'], 2);
  d = m.toggleArrow(d, 'a1', 'd4');
  d = m.toggleArrow(d, 'a1', 'b2');
  d = m.setLabel(d, 'c3', '1');
  d = m.setMark(d, 'shade', 'b1', true);
  const small = m.resize(d, 2);
  assert.equal(rows(small), '.2/2.');
  assert.deepEqual([small.arrows, small.labels, small.shade], [[['a1', 'b2']], [], ['b1']]);
  const big = m.resize(small, 5);
  assert.equal(rows(big), '...../...../...../.2.../2....');
});

test('marks toggle: a highlight on and off, an arrow drawn twice is gone, a label replaced or taken away', () => {
  let d = m.emptyDiagram(3);
  d = m.setMark(d, 'highlight', 'b2', true);
  d = m.setMark(d, 'highlight', 'b2', true);
  assert.deepEqual(d.highlight, ['b2']);
  assert.deepEqual(m.setMark(d, 'highlight', 'b2', false).highlight, []);
  d = m.toggleArrow(d, 'a1', 'c3');
  assert.deepEqual(d.arrows, [['a1', 'c3']]);
  assert.deepEqual(m.toggleArrow(d, 'c3', 'a1').arrows, [['a1', 'c3'], ['c3', 'a1']]);
  assert.deepEqual(m.toggleArrow(d, 'a1', 'c3').arrows, []);
  d = m.setLabel(d, 'a2', 'A');
  assert.deepEqual(m.setLabel(d, 'a2', 'B').labels, [['a2', 'B']]);
  assert.deepEqual(m.setLabel(d, 'a2', '').labels, []);
});

test('labels count on: letters, numbers, and the text kept where it does not count', () => {
  assert.deepEqual(['A', 'Y', 'Z', 'a', 'z', '1', '9', '99', '999', 'A1', 'AA'].map(m.nextLabel), [
    'B',
    'Z',
    'AA',
    'b',
    'aa',
    '2',
    '10',
    '100',
    '999',
    'A1',
    'AA',
  ]);
  assert.equal(m.isLabel('AB1'), true);
  assert.equal(m.isLabel('ABCD'), false);
  assert.equal(m.isLabel(''), false);
  assert.equal(m.isLabel('é'), false);
});

test('a diagram written as a snippet reads back with the same marks', () => {
  let d = { ...m.emptyDiagram(5), pie: false, coordinates: false };
  d = m.setMark(d, 'highlight', 'a1', true);
  d = m.setMark(d, 'shade', 'b1', true);
  d = m.setMark(d, 'shade', 'a2', true);
  d = m.toggleArrow(d, 'b2', 'a1');
  d = m.setLabel(d, 'b1', '1');
  d = m.setLabel(d, 'e5', 'A');
  const html = m.snippet(d, '5/5/5/c4/Cc3 b 3', 'https://example.org/federa/embed.js');
  assert.equal(
    html,
    '<script type="module" src="https://example.org/federa/embed.js"></script>\n' +
      '<federa-board mode="diagram" position="5/5/5/c4/Cc3 b 3" pie="false" coordinates="false" highlight="a1" ' +
      'arrows="b2-a1" labels="b1:1 e5:A" shade="b1 a2"></federa-board>',
  );
  assert.deepEqual(m.readSnippet(html), {
    position: '5/5/5/c4/Cc3 b 3',
    record: undefined,
    size: undefined,
    pie: false,
    coordinates: false,
    highlight: ['a1'],
    arrows: [['b2', 'a1']],
    labels: [['b1', '1'], ['e5', 'A']],
    shade: ['b1', 'a2'],
  });
});

test('a snippet reads in any attribute quoting, with character references, and the first element counts', () => {
  const read = m.readSnippet(
    `<p>x</p><FEDERA-BOARD Position='3/3/3 w' highlight=b2 coordinates labels="a1:&#65;"></FEDERA-BOARD><federa-board position="x">`,
  );
  assert.equal(read.position, '3/3/3 w');
  assert.deepEqual(read.highlight, ['b2']);
  assert.equal(read.coordinates, true);
  assert.deepEqual(read.labels, [['a1', 'A']]);
  assert.equal(read.pie, true);
});

test('a snippet with no element or a bad attribute is refused with the attribute named', () => {
  assert.throws(() => m.readSnippet('<div position="3/3/3 b"></div>'), { name: 'federa-board', expected: 'element' });
  assert.throws(() => m.readSnippet('<federa-boardx position="3/3/3 b">'), { name: 'federa-board' });
  assert.throws(() => m.readSnippet('<federa-board arrows="a1-a1">'), { name: 'arrows', value: 'a1-a1', expected: 'arrows' });
  assert.throws(() => m.readSnippet('<federa-board labels="a1:ABCD">'), { name: 'labels' });
  assert.throws(() => m.readSnippet('<federa-board pie="maybe">'), { name: 'pie', expected: 'boolean' });
});

test('a mark off the board is found, and flipping or rotating keeps only the marks on it', () => {
  let d = m.emptyDiagram(3);
  d = { ...d, highlight: ['b2', 'e5'], arrows: [['a1', 'd1']], labels: [['c3', 'A'], ['a9', 'B']] };
  assert.deepEqual(m.markOffBoard(d), { name: 'highlight', point: 'e5' });
  assert.deepEqual(m.markOffBoard({ ...d, highlight: ['b2'] }), { name: 'arrows', point: 'd1' });
  assert.equal(m.markOffBoard(m.resize(d, 3)), null);
  const f = m.flip(d);
  assert.deepEqual([f.highlight, f.arrows, f.labels], [['b2'], [], [['a3', 'A']]]);
  assert.equal(m.markOffBoard(m.rotate(d)), null);
  assert.equal(m.onBoard(d, 'c3'), true);
  assert.equal(m.onBoard(d, 'd3'), false);
});

test('a diagram kept in the browser reads back as it was, and anything else is refused', () => {
  let d = m.paint({ ...m.emptyDiagram(4), toMove: 'light', plies: 5, pie: false, coordinates: false }, ['a1', 'd4'], 3);
  d = m.toggleArrow(m.setLabel(m.setMark(d, 'shade', 'b2', true), 'c3', '12'), 'a1', 'd4');
  const kept = JSON.parse(JSON.stringify(m.toStored(d)));
  assert.equal(kept.cells, '3000000000000003');
  const back = m.fromStored(kept, { min: 2, max: 25 });
  assert.deepEqual(m.toStored(back), m.toStored(d));
  assert.ok(back.cells instanceof Uint8Array);
  const sizes = { min: 2, max: 25 };
  for (const bad of [
    null,
    'x',
    { ...kept, size: 1, cells: '0' },
    { ...kept, cells: kept.cells.slice(1) },
    { ...kept, cells: kept.cells.replace('3', '5') },
    { ...kept, toMove: 'black' },
    { ...kept, plies: -1 },
    { ...kept, plies: 1.5 },
    { ...kept, pie: 'yes' },
    { ...kept, highlight: ['z9'] },
    { ...kept, highlight: ['e5'] },
    { ...kept, arrows: [['a1', 'a1']] },
    { ...kept, arrows: [['a1']] },
    { ...kept, labels: [['a1', 'ABCD']] },
    { ...kept, shade: 'b2' },
  ]) {
    assert.throws(() => m.fromStored(bad, sizes), { kind: 'unreadable' }, JSON.stringify(bad));
  }
});
