// The puzzle progress kept in the browser: what reads, the first attempt
// rated, and the next puzzle chosen near the rating.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import './glue.mjs';

const { attemptAt, choose, freshProgress, progressOf, progressProblem, recordAttempt, solvedCount, target } = await import('../../js/pages/puzzles/progress.js');

const puzzle = (/** @type {string} */ position, /** @type {number} */ rating, themes = /** @type {string[]} */ ([])) => ({
  position,
  plies: 3,
  rating,
  themes,
});

test("an older page's list of solved positions reads, and is kept", () => {
  assert.equal(progressProblem(['a b 1', 'c w 2']), null);
  const p = progressOf(['a b 1']);
  assert.deepEqual(p.solvedBefore, ['a b 1']);
  assert.equal(p.rating.rating, 1500);
  assert.equal(choose([puzzle('a b 1', 1500), puzzle('z b 1', 1500)], p), 1, 'a puzzle solved before is not offered');
});

test('anything else is refused whole', () => {
  for (const bad of [[1], {}, { ...freshProgress(), version: 3 }, { ...freshProgress(), difficulty: 'brutal' },
    { ...freshProgress(), attempts: [{ position: 'x', score: 2, puzzle: 1500, rating: 1500, at: 0 }] },
    { ...freshProgress(), rating: { rating: 1500, rd: -1, vol: 0.06 } }, 'text']) {
    assert.deepEqual(progressProblem(bad), { kind: 'unreadable' }, JSON.stringify(bad));
  }
  assert.equal(progressProblem(freshProgress()), null);
  assert.equal(progressProblem(JSON.parse(JSON.stringify(recordAttempt(freshProgress(), puzzle('p', 1500), 1, 5)))), null);
});

test('only the first attempt at a puzzle is rated', () => {
  const p = puzzle('p', 1500);
  const won = recordAttempt(freshProgress(), p, 1, 1000);
  assert.ok(won.rating.rating > 1600, String(won.rating.rating));
  assert.deepEqual(attemptAt(won, 'p'), { position: 'p', score: 1, puzzle: 1500, rating: won.rating.rating, at: 1000 });
  assert.equal(recordAttempt(won, p, 0, 2000), won, 'a second try changes nothing');
  const lost = recordAttempt(freshProgress(), p, 0, 1000);
  assert.ok(lost.rating.rating < 1400, String(lost.rating.rating));
});

test('the solved count is of the set shown: first tries solved and older solved lists, once each, none gone from the set', () => {
  const set = [puzzle('a b 1', 1500), puzzle('b b 1', 1500), puzzle('c b 1', 1500), puzzle('d b 1', 1500)];
  let p = { ...freshProgress(), solvedBefore: ['a b 1', 'gone b 1'] };
  p = recordAttempt(p, set[0], 1, 1);
  p = recordAttempt(p, set[1], 1, 2);
  p = recordAttempt(p, set[2], 0, 3);
  p = recordAttempt(p, puzzle('gone w 2', 1500), 1, 4);
  assert.equal(solvedCount(set, p), 2);
});

test('the next puzzle is the untried one nearest the rating, moved by the difficulty, with the theme asked', () => {
  const puzzles = [puzzle('a', 900), puzzle('b', 1450, ['race']), puzzle('c', 1550), puzzle('d', 2100, ['race', 'edge'])];
  const p = freshProgress();
  assert.equal(choose(puzzles, p), 1, '1450 and 1550 are as near to 1500: the first in the file');
  assert.equal(choose(puzzles, p, 'b'), 2, 'not the one left untried');
  assert.equal(choose(puzzles, { ...p, difficulty: 'hardest' }), 3);
  assert.equal(target({ ...p, difficulty: 'easiest' }), 900);
  assert.equal(choose(puzzles, { ...p, difficulty: 'easiest' }), 0);
  assert.equal(choose(puzzles, { ...p, theme: 'edge' }), 3);
  const tried = recordAttempt(p, puzzles[1], 1, 0);
  assert.equal(choose(puzzles, { ...tried, rating: { ...tried.rating, rating: 1500 } }), 2);
  assert.equal(choose(puzzles, { ...p, theme: 'quiet' }), null, 'none left');
});

test("a backup's progress replaces this browser's only if it holds more attempts", async () => {
  const { kept } = await import('../../js/pages/puzzles/progress.js');
  const here = recordAttempt(freshProgress(), puzzle('p', 1500), 1, 0);
  const there = recordAttempt(recordAttempt(freshProgress(), puzzle('q', 1500), 0, 0), puzzle('r', 1500), 1, 1);
  assert.equal(kept(here, there), there);
  assert.equal(kept(there, here), there);
  assert.equal(kept(here, recordAttempt(freshProgress(), puzzle('s', 1500), 0, 0)), here, 'a tie keeps this browser’s');
});
