// Unit tests of the game clocks (js/game/clock.js) on a time the test gives:
// the time controls the engine reads for them, Fischer and byo-yomi arithmetic, a flag,
// a move too late, and a clock stopped and resumed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CLOCKS, Clock, clockControl, readClock, sideOfTotal, thinkMs, totalMs } from '../../js/game/clock.js';
import { engine } from './glue.mjs';

const wasm = await engine();

test('a time control\'s text is the engine\'s to read: none for \'\' and for days a move, the engine\'s error for one that does not read', () => {
  assert.equal(readClock(wasm, ''), null);
  assert.equal(readClock(wasm, '3d'), null, 'days a move: no clock keeps them');
  assert.deepEqual(readClock(wasm, '600+5'), { kind: 'fischer', main: 600, increment: 5 });
  assert.deepEqual(readClock(wasm, '600/byo 5x30'), { kind: 'byoyomi', main: 600, periods: 5, period: 30 });
  for (const text of ['0+0', '600', '600+5 ', '1e3+5']) {
    assert.throws(() => readClock(wasm, text), (e) => e.kind === 'timeControl' && e.found === text, text);
  }
  assert.deepEqual(clockControl({ kind: 'days', days: 3 }), null);
  assert.deepEqual(clockControl({ kind: 'fischer', main: 60, increment: 0 }), { kind: 'fischer', main: 60, increment: 0 });
});

test('Fischer: the mover\'s time runs, the increment comes after the move, and a side out of time is flagged', () => {
  const clock = new Clock({ kind: 'fischer', main: 60, increment: 2 });
  clock.start('dark', 1000);
  assert.deepEqual(clock.time('dark', 11000), { ms: 50000, periods: 0, byoyomi: false });
  assert.deepEqual(clock.time('light', 11000), { ms: 60000, periods: 0, byoyomi: false }, 'the waiting side\'s time stands');
  assert.equal(clock.press('light', 11000), true);
  assert.equal(clock.time('dark', 30000).ms, 52000, 'dark: 60 s − 10 s + 2 s');
  assert.equal(clock.time('light', 30000).ms, 41000);
  assert.equal(clock.flagged(70999), null);
  assert.equal(clock.flagged(71000), 'light', 'light\'s 60 s ran out');
  assert.equal(clock.running, null, 'the clock stops on the flag');
  assert.equal(clock.time('light', 90000).ms, 0);
  assert.equal(clock.press('dark', 72000), false, 'a move after the flag comes too late');
});

test('byo-yomi: the main time, then periods kept by a move within them and lost when they run out', () => {
  const clock = new Clock({ kind: 'byoyomi', main: 10, periods: 3, period: 5 });
  clock.start('dark', 0);
  assert.deepEqual(clock.time('dark', 9000), { ms: 1000, periods: 3, byoyomi: false });
  assert.deepEqual(clock.time('dark', 12000), { ms: 3000, periods: 3, byoyomi: true }, 'into the first period');
  clock.press('light', 12000);
  assert.deepEqual(clock.sides.dark, { ms: 5000, periods: 3, byoyomi: true }, 'a move within the period makes it whole');
  clock.press('dark', 13000);
  // Dark thinks 6 s: one period lost, 4 s left of the next.
  assert.deepEqual(clock.time('dark', 19000), { ms: 4000, periods: 2, byoyomi: true });
  clock.press('light', 19000);
  assert.deepEqual(clock.sides.dark, { ms: 5000, periods: 2, byoyomi: true });
  clock.press('dark', 20000);
  assert.deepEqual(clock.time('dark', 29999), { ms: 1, periods: 1, byoyomi: true }, 'two periods more, less a millisecond');
  assert.equal(clock.flagged(29999), null);
  assert.equal(clock.flagged(30000), 'dark', 'the last period ran out');
  assert.deepEqual(clock.sides.dark, { ms: 0, periods: 0, byoyomi: true });
});

test('a byo-yomi with no main time starts in its periods; a long think loses several periods at once', () => {
  const clock = new Clock({ kind: 'byoyomi', main: 0, periods: 5, period: 10 });
  assert.deepEqual(clock.sides.light, { ms: 10000, periods: 5, byoyomi: true });
  clock.start('light', 0);
  assert.deepEqual(clock.time('light', 35000), { ms: 5000, periods: 2, byoyomi: true });
  assert.equal(clock.flagged(49999), null);
  assert.equal(clock.flagged(50000), 'light');
});

test('a side skipped moves again at once, a take-back switches the clock without the increment, and a stopped clock keeps its times', () => {
  const clock = new Clock({ kind: 'fischer', main: 30, increment: 5 });
  clock.start('dark', 0);
  clock.press('dark', 4000);
  assert.equal(clock.running, 'dark', 'light had no move: dark again');
  assert.equal(clock.time('dark', 4000).ms, 31000);
  clock.start('light', 6000);
  assert.equal(clock.sides.dark.ms, 29000, 'no increment for a side whose move was taken back');
  clock.stop(8000);
  assert.equal(clock.running, null);
  assert.equal(clock.time('light', 60000).ms, 28000, 'a stopped clock keeps its times');
  assert.equal(clock.press('dark', 61000, 'light'), true, 'a move after a pause: the mover named');
  assert.equal(clock.sides.light.ms, 33000, 'its time stood during the pause, and the increment came');
  assert.equal(clock.time('dark', 62000).ms, 28000);
  const resumed = new Clock(clock.tc, clock.sides);
  assert.deepEqual(resumed.sides, clock.sides, 'a clock resumed from its times');
});

test('every time control the dialog offers reads, and a player spends a share of its time that keeps it within the clock', () => {
  for (const text of CLOCKS.slice(1)) assert.notEqual(readClock(wasm, text), null, text);
  const fischer = { kind: 'fischer', main: 60, increment: 1 };
  assert.equal(thinkMs(fischer, { ms: 60_000, periods: 0, byoyomi: false }), 3800, 'a twentieth of 60 s and 0.8 of the increment');
  assert.equal(thinkMs(fischer, { ms: 1000, periods: 0, byoyomi: false }), 500, 'never more than half of what is left');
  assert.equal(thinkMs({ kind: 'fischer', main: 10, increment: 0 }, { ms: 200, periods: 0, byoyomi: false }), 50, 'never under 50 ms');
  const byo = { kind: 'byoyomi', main: 300, periods: 5, period: 20 };
  assert.equal(thinkMs(byo, { ms: 300_000, periods: 5, byoyomi: false }), 27_000);
  assert.equal(thinkMs(byo, { ms: 2000, periods: 5, byoyomi: false }), 11_000, 'the main time nearly out: half of it and the period');
  assert.equal(thinkMs(byo, { ms: 10_000, periods: 2, byoyomi: true }), 6000, 'in a period: most of what is left of it');
});

test('a side\'s time as one figure reads back as the same time between turns, in Fischer and byo-yomi', () => {
  const fischer = { kind: 'fischer', main: 60, increment: 2 };
  assert.equal(totalMs(fischer, { ms: 41500, periods: 0, byoyomi: false }), 41500);
  assert.deepEqual(sideOfTotal(fischer, 41500), { ms: 41500, periods: 0, byoyomi: false });
  const byo = { kind: 'byoyomi', main: 10, periods: 3, period: 5 };
  // 4 s of main time and three periods; then the periods alone, each whole between turns.
  for (const side of [{ ms: 4000, periods: 3, byoyomi: false }, { ms: 5000, periods: 3, byoyomi: true }, { ms: 5000, periods: 1, byoyomi: true }]) {
    assert.deepEqual(sideOfTotal(byo, totalMs(byo, side)), side);
  }
  assert.equal(totalMs(byo, { ms: 4000, periods: 3, byoyomi: false }), 19000);
  assert.equal(totalMs(byo, { ms: 2000, periods: 2, byoyomi: true }), 7000, 'two seconds of this period and one period more');
  assert.deepEqual(sideOfTotal(byo, 0), { ms: 0, periods: 0, byoyomi: true });
});

test('another page\'s count of a side\'s time is adopted, and a side flagged by this count moves on when the other says it had time', () => {
  const clock = new Clock({ kind: 'fischer', main: 60, increment: 0 });
  clock.start('dark', 0);
  clock.press('light', 20000);
  // Dark's page counted 19.6 s for its move (this page saw the move 0.4 s late).
  clock.adopt('dark', 40400, 20000, 'light');
  assert.equal(clock.time('dark', 30000).ms, 40400);
  assert.equal(clock.time('light', 30000).ms, 50000, 'the side to move runs on');
  // Light runs out here at 80 s; its own page sent its move at 79.9 s by its count.
  assert.equal(clock.flagged(80000), 'light');
  assert.equal(clock.press('dark', 80300), false);
  clock.adopt('light', 100, 80300, 'dark');
  assert.equal(clock.flag, null);
  assert.equal(clock.running, 'dark');
  assert.equal(clock.time('dark', 90300).ms, 30400);
  assert.equal(clock.time('light', 90300).ms, 100);
});
