// Unit tests of js/board/svg.js (no browser): the SVG diagram draws each
// piece, mark and annotation where the canvas does (geometry.js), in the
// palette's colours, and writes a label's text as text.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import './glue.mjs';

const { pictureSvg } = await import('../../js/board/svg.js');
const { layout, pixel } = await import('../../js/board/geometry.js');

/** Every colour is its name, so the output says which one was used. */
const colour = (name) => `[${name}]`;

const picture = {
  size: 3,
  // a1 a dark round, c3 a light square.
  cells: [1, 0, 0, 0, 0, 0, 0, 0, 4],
  lastMove: ['c3'],
  hints: [],
  marks: ['b2'],
  focus: null,
  ghost: { point: 'b1', piece: 2 },
  cursor: 'a3',
  coordinates: false,
  pieceSet: 'federa',
  arrows: [['a1', 'c3']],
  labels: [['b2', '<1>']],
  shade: ['a2'],
};

test('pieces, marks and annotations stand where the canvas draws them', () => {
  const svg = pictureSvg(picture, 300, colour);
  const g = layout(300, 3, false);
  const [ax, ay] = pixel(g, 0, 0).map((v) => String(Math.round(v * 100) / 100));
  assert.match(svg, new RegExp(`<circle cx="${ax}" cy="${ay}" r="[0-9.]+" fill="url\\(#dark\\)" stroke="\\[--piece-dark-edge\\]"`));
  assert.equal((svg.match(/<rect x=[^>]*fill="\[--piece-light\]"/g) ?? []).length, 1, 'the light square');
  assert.equal((svg.match(/fill="\[--last-move\]"/g) ?? []).length, 1);
  assert.equal((svg.match(/stroke="\[--mark\]"/g) ?? []).length, 1);
  assert.equal((svg.match(/fill="\[--shade\]"/g) ?? []).length, 1);
  assert.equal((svg.match(/stroke="\[--arrow\]"/g) ?? []).length, 1);
  assert.match(svg, /fill="\[--board-text\]"[^>]*>&#60;1&#62;<\/text>/, 'the label, escaped, in the board ink');
  assert.doesNotMatch(svg, /<text [^>]*>a<\/text>/, 'no coordinates when the picture has none');
  // What follows the pointer is not part of a diagram: one dark piece only.
  assert.equal((svg.match(/url\(#dark\)/g) ?? []).length, 1);
});

test('coordinates and the classic pieces', () => {
  const svg = pictureSvg({ ...picture, coordinates: true, pieceSet: 'classic' }, 300, colour);
  assert.equal((svg.match(/<text x="[0-9.]+" y="[0-9.]+">[abc]<\/text>/g) ?? []).length, 6);
  assert.match(svg, /fill="\[--classic-dark-round\]"/);
  assert.match(svg, /fill="\[--classic-light-square\]"/);
});
