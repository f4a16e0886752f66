// Unit tests of the puzzle file as the page reads it (js/puzzle-file.js through
// the engine's readPuzzles): every line of the site's file, in the page's
// order, and a bad line named with its number and problem, in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const wasm = await engine();
const { readPuzzles, solvedLine } = await import('../js/puzzle-file.js');
const { describeError } = await import('../js/words.js');
const { loadLanguage } = await import('../js/i18n.js');
const { t } = await loadLanguage('en');

test('every puzzle of the site’s file reads, as the file writes it, quickest first', async () => {
  const text = await fs.readFile(new URL('../puzzles.txt', import.meta.url), 'utf8');
  const lines = text.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  const puzzles = readPuzzles(wasm, text);
  assert.equal(puzzles.length, lines.length);
  const fields = new Set(lines.map((line) => line.split('\t').slice(0, 3).join('\t')));
  for (const p of puzzles) {
    assert.ok(fields.has(`${p.position}\t${p.answer}\t${p.plies}`), p.position);
    const game = wasm.GameHandle.fromPosition(p.position, false);
    assert.equal(game.status().size, p.size);
    game.free();
  }
  for (let k = 1; k < puzzles.length; k++) {
    const [a, b] = [puzzles[k - 1], puzzles[k]];
    assert.ok(a.plies < b.plies || (a.plies === b.plies && a.size <= b.size), `${k}`);
  }
});

test('a bad line is named by its number and its problem', () => {
  const good = 'scs/cCc/s.s w 8\tWCb1\t1';
  const cases = [
    [`# a comment\n\n${good}\nscs/cCc/s.s w 8\tWCb1`, { index: 4, problem: 'fields', count: 2 }, 'Line 4 of the puzzle file should have three fields (position, move, plies) but has 2.'],
    [`${good}\nscs/cCc w 8\tWCb1\t1`, { index: 2, problem: 'position' }, null],
    [`scs/cCc/s.s w 8\tWXb1\t1`, { index: 1, problem: 'token', token: 'WXb1' }, 'Line 1 of the puzzle file: “WXb1” is not a move.'],
    [`scs/cCc/s.s w 8\tWCa1\t1`, { index: 1, problem: 'illegal' }, null],
    [`scs/cCc/s.s w 8\tWCb1\tone`, { index: 1, problem: 'plies', found: 'one' }, 'Line 1 of the puzzle file: “one” is not a number of plies.'],
  ];
  for (const [text, facts, words] of cases) {
    const error = thrown(() => readPuzzles(wasm, text));
    assert.equal(error.kind, 'puzzle', text);
    for (const [k, v] of Object.entries(facts)) assert.equal(error[k], v, `${k} of ${text}`);
    const said = describeError(t, error);
    if (words) assert.equal(said, words);
    else assert.match(said, new RegExp(`^Line ${facts.index} of the puzzle file: the (position does not read|move is illegal): \\S`));
  }
});

// The noun goes with the number of puzzles in English and Dutch ("1 of 371
// puzzles"), and after Russian "из" and Serbian "од" takes the genitive
// that number asks for (371 задачи, 372 задач; 371 задатка, 375 задатака).
test('the solved count agrees with the number of puzzles in every language', async () => {
  const expected = {
    en: [[1, 371, 'Solved: 1 of 371 puzzles.'], [0, 1, 'Solved: 0 of 1 puzzle.'], [5, 372, 'Solved: 5 of 372 puzzles.']],
    nl: [[1, 371, 'Opgelost: 1 van 371 puzzels.'], [0, 1, 'Opgelost: 0 van 1 puzzel.'], [5, 372, 'Opgelost: 5 van 372 puzzels.']],
    ru: [
      [1, 371, 'Решено: 1 из 371 задачи.'],
      [2, 372, 'Решено: 2 из 372 задач.'],
      [5, 375, 'Решено: 5 из 375 задач.'],
      [21, 411, 'Решено: 21 из 411 задач.'],
    ],
    sr: [
      [1, 371, 'Решено: 1 од 371 задатка.'],
      [2, 372, 'Решено: 2 од 372 задатка.'],
      [5, 375, 'Решено: 5 од 375 задатака.'],
      [21, 411, 'Решено: 21 од 411 задатака.'],
    ],
  };
  for (const [lang, cases] of Object.entries(expected)) {
    const { t } = await loadLanguage(lang);
    for (const [solved, total, line] of cases) assert.equal(solvedLine(t, solved, total), line, lang);
    assert.equal(solvedLine(t, 371, 371), t('puzzles.allSolved'), lang);
  }
});
