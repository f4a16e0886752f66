// Unit tests of the puzzle file as the page reads it (js/pages/puzzles/file.js through
// the engine's readPuzzles): every line of the site's file, in the page's
// order, and a bad line named with its number and problem, in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';

import { engine } from './glue.mjs';
import { thrown } from './thrown.mjs';

const wasm = await engine();
const { readPuzzles, solvedLine } = await import('../../js/pages/puzzles/file.js');
const { describeError } = await import('../../js/i18n/words.js');
const { loadLanguage } = await import('../../js/i18n/i18n.js');
const { t } = await loadLanguage('en');

test('every puzzle of the site’s file reads, as the file writes it, in its order', async () => {
  const text = await fs.readFile(new URL('../../puzzles.txt', import.meta.url), 'utf8');
  const lines = text.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  const puzzles = readPuzzles(wasm, text);
  assert.equal(puzzles.length, lines.length);
  puzzles.forEach((p, k) => {
    const [position, line, plies, rating, themes] = lines[k].split('\t');
    assert.deepEqual(
      [p.position, p.line.join(' '), String(p.plies), String(p.rating), p.themes.join(',') || '-'],
      [position, line, plies, rating, themes],
    );
    const game = wasm.GameHandle.fromPosition(p.position, false);
    assert.equal(game.status().size, p.size);
    game.free();
  });
});

test('the page offers as themes exactly those of the site’s file', async () => {
  const { THEMES } = await import('../../js/pages/puzzles/progress.js');
  const puzzles = readPuzzles(wasm, await fs.readFile(new URL('../../puzzles.txt', import.meta.url), 'utf8'));
  const used = new Set(puzzles.flatMap((p) => p.themes));
  assert.deepEqual([...used].sort(), THEMES.filter((name) => name !== 'any').sort());
});

test('a bad line is named by its number and its problem', () => {
  const good = 'sss/sCs/sss b 16\tBFCa1\t1\t1500\t-';
  const cases = [
    [`# a comment\n\n${good}\nsss/sCs/sss b 16\tBFCa1`, { index: 4, problem: 'fields', count: 2 }, 'Line 4 of the puzzle file should have five fields (position, line, plies, rating, themes) but has 2.'],
    [`${good}\nscs/cCc w 8\tWCb1\t1\t1500\t-`, { index: 2, problem: 'position' }, null],
    ['sss/sCs/sss b 16\tBXa1\t1\t1500\t-', { index: 1, problem: 'token', token: 'BXa1' }, 'Line 1 of the puzzle file: “BXa1” is not a move.'],
    ['sss/sCs/sss b 16\tWFCa1\t1\t1500\t-', { index: 1, problem: 'illegal' }, null],
    ['scs/cCc/s.s w 8\tWCb1\t1\t1500\t-', { index: 1, problem: 'unfinished' }, 'Line 1 of the puzzle file: the line does not end in a win for the side to move.'],
    ['sss/sCs/sss b 16\tBFCa1\tone\t1500\t-', { index: 1, problem: 'plies', found: 'one' }, 'Line 1 of the puzzle file: “one” is not a number of plies.'],
    ['sss/sCs/sss b 16\tBFCa1\t3\t1500\t-', { index: 1, problem: 'length', found: '3', count: 1 }, 'Line 1 of the puzzle file: 3 plies, but the line has 1 moves.'],
    ['sss/sCs/sss b 16\tBFCa1\t1\thigh\t-', { index: 1, problem: 'rating', found: 'high' }, 'Line 1 of the puzzle file: “high” is not a rating.'],
    ['sss/sCs/sss b 16\tBFCa1\t1\t1500\tzap', { index: 1, problem: 'theme', found: 'zap' }, 'Line 1 of the puzzle file: “zap” is not a theme.'],
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

test('the engine plays a puzzle out: the quickest win, the longest defence, and none for the loser', () => {
  const game = wasm.GameHandle.fromPosition('sss/sCs/sss b 16', false);
  assert.deepEqual(game.puzzleLine('dark', 3, 1000), ['BFCa1']);
  assert.equal(game.puzzleLine('light', 5, 1000), null);
  assert.equal(thrown(() => game.puzzleLine('blue', 3, 1000)).kind, 'color');
  assert.equal(thrown(() => game.puzzleLine('dark', 51, 1000)).kind, 'puzzleLimit');
  assert.equal(thrown(() => game.puzzleLine('dark', 3, 0.5)).kind, 'puzzleLimit');
  assert.equal(thrown(() => game.puzzleLine('dark', 3, 2_000_001)).kind, 'puzzleLimit');
  game.free();
  // The review's planted game: BSb2 is the only win, in 7 plies.
  const planted = wasm.GameHandle.fromRecord('3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3', false);
  const line = planted.puzzleLine('dark', 9, 100000);
  assert.equal(line.length, 7);
  assert.equal(line[0], 'BSb2');
  assert.equal(thrown(() => planted.puzzleLine('dark', 9, 3)).kind, 'tooHard');
  assert.equal(describeError(t, thrown(() => planted.puzzleLine('dark', 9, 3))), 'The solver gave up after 3 positions.');
  planted.free();
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
