// Glicko-2 against the worked example of Glickman's paper.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEW_PLAYER, update } from '../../js/pages/puzzles/glicko.js';

test("the worked example of Glickman's paper", () => {
  const after = update({ rating: 1500, rd: 200, vol: 0.06 }, [
    { rating: 1400, rd: 30, score: 1 },
    { rating: 1550, rd: 100, score: 0 },
    { rating: 1700, rd: 300, score: 0 },
  ]);
  // The paper rounds its steps: r' = 1464.06, RD' = 151.52, σ' = 0.05999.
  const near = (/** @type {number} */ x, /** @type {number} */ y, /** @type {number} */ within) =>
    assert.ok(Math.abs(x - y) < within, `${x} is not ${y}`);
  near(after.rating, 1464.06, 0.02);
  near(after.rd, 151.52, 0.01);
  near(after.vol, 0.05999, 0.00001);
});

test('a solve raises a new player, a failure lowers, and the deviation shrinks', () => {
  const puzzle = { rating: 1500, rd: 60 };
  const won = update(NEW_PLAYER, [{ ...puzzle, score: 1 }]);
  const lost = update(NEW_PLAYER, [{ ...puzzle, score: 0 }]);
  assert.ok(won.rating > 1600 && won.rating < 1800, String(won.rating));
  assert.equal(Math.round(won.rating - 1500), Math.round(1500 - lost.rating));
  assert.ok(won.rd < NEW_PLAYER.rd);
});

test('with no games only the deviation grows, to at most 350', () => {
  const settled = { rating: 1700, rd: 50, vol: 0.06 };
  const idle = update(settled, []);
  assert.equal(idle.rating, 1700);
  assert.ok(idle.rd > 50 && idle.rd < 60, String(idle.rd));
  assert.equal(update(NEW_PLAYER, []).rd, 350);
});
