// @ts-check
// The player's puzzle progress, as the browser keeps it: a Glicko-2 rating
// (glicko.js), each puzzle's first attempt (only the first counts: a
// solve is a win against the puzzle's rating, a wrong move, a hint or a
// look at the solution a loss), the difficulty and theme chosen and the
// puzzle shown. The next puzzle is the one not yet tried whose rating is
// nearest to the player's, moved by the difficulty. Pure: the page stores
// what these return.
import { NEW_PLAYER, update } from './glicko.js';
import { isObject } from '../../lib/objects.js';

export const PROGRESS_KEY = 'federa.puzzles';

/** How far from the player's rating each difficulty looks, as lichess offers. */
export const DIFFICULTIES = /** @type {const} */ ({ easiest: -600, easier: -300, normal: 0, harder: 300, hardest: 600 });

/** The themes a player may ask for (the puzzle file's names), or any. */
export const THEMES = /** @type {const} */ (['any', 'quiet', 'enclosure', 'race', 'edge']);

/**
 * A puzzle's rating is its starting one, from the AI's levels: this sure
 * of it, in the player's update.
 */
export const PUZZLE_RD = 80;

/**
 * @typedef {import('./glicko.js').Rating} Rating
 * @typedef {{ position: string, plies: number, rating: number, themes: string[] }} PuzzleRef
 * @typedef {{ position: string, score: 0 | 1, puzzle: number, rating: number, at: number }} Attempt
 *   rating: the player's after the attempt; puzzle: the puzzle's rating
 * @typedef {{
 *   version: 2, rating: Rating, attempts: Attempt[], solvedBefore: string[],
 *   difficulty: keyof typeof DIFFICULTIES, theme: typeof THEMES[number], current: string | null,
 * }} Progress
 *   solvedBefore: the positions solved before ratings (an older page's list, kept)
 */

/** @returns {Progress} */
export function freshProgress() {
  return { version: 2, rating: { ...NEW_PLAYER }, attempts: [], solvedBefore: [], difficulty: 'normal', theme: 'any', current: null };
}

const isNumber = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
const isRating = (/** @type {any} */ r) => isObject(r) && isNumber(r.rating) && isNumber(r.rd) && Number(r.rd) > 0 && isNumber(r.vol) && Number(r.vol) > 0;
const isAttempt = (/** @type {any} */ a) =>
  isObject(a) && typeof a.position === 'string' && (a.score === 0 || a.score === 1) && isNumber(a.puzzle) && isNumber(a.rating) && isNumber(a.at);

/**
 * Why a stored value is not progress (null if it is): for readEntry.
 * An older page's list of solved positions is progress too.
 * @param {unknown} value
 */
export function progressProblem(value) {
  if (Array.isArray(value)) return value.every((p) => typeof p === 'string') ? null : { kind: 'unreadable' };
  const v = /** @type {any} */ (value);
  const ok =
    isObject(v) &&
    v.version === 2 &&
    isRating(v.rating) &&
    Array.isArray(v.attempts) &&
    v.attempts.every(isAttempt) &&
    Array.isArray(v.solvedBefore) &&
    v.solvedBefore.every((/** @type {unknown} */ p) => typeof p === 'string') &&
    typeof v.difficulty === 'string' &&
    Object.hasOwn(DIFFICULTIES, v.difficulty) &&
    /** @type {readonly unknown[]} */ (THEMES).includes(v.theme) &&
    (v.current === null || typeof v.current === 'string');
  return ok ? null : { kind: 'unreadable' };
}

/**
 * Progress from a stored value that passed `progressProblem` (none: fresh).
 * @param {unknown} value
 * @returns {Progress}
 */
export function progressOf(value) {
  if (value == null) return freshProgress();
  if (Array.isArray(value)) return { ...freshProgress(), solvedBefore: [...value] };
  return /** @type {Progress} */ (value);
}

/**
 * The attempt at `position`, if the player tried it.
 * @param {Progress} progress
 * @param {string} position
 */
export const attemptAt = (progress, position) => progress.attempts.find((a) => a.position === position) ?? null;

/**
 * Progress after a first attempt at `puzzle` (none after a later one).
 * @param {Progress} progress
 * @param {PuzzleRef} puzzle
 * @param {0 | 1} score 1: solved
 * @param {number} now
 * @returns {Progress}
 */
export function recordAttempt(progress, puzzle, score, now) {
  if (attemptAt(progress, puzzle.position)) return progress;
  const rating = update(progress.rating, [{ rating: puzzle.rating, rd: PUZZLE_RD, score }]);
  const attempt = { position: puzzle.position, score, puzzle: puzzle.rating, rating: rating.rating, at: now };
  return { ...progress, rating, attempts: [...progress.attempts, attempt] };
}

/**
 * How many of `puzzles` the player solved: at the first try, or before
 * ratings (an older page's list); puzzles no longer in the set are not
 * counted.
 * @param {PuzzleRef[]} puzzles
 * @param {Progress} progress
 */
export function solvedCount(puzzles, progress) {
  const solved = new Set([...progress.attempts.filter((a) => a.score === 1).map((a) => a.position), ...progress.solvedBefore]);
  return puzzles.filter((p) => solved.has(p.position)).length;
}

/**
 * Which of two players' progress to keep when a backup comes in: the one
 * with more attempts (a rating is the sum of its attempts: two are not
 * merged); this browser's on a tie.
 * @param {Progress} here
 * @param {Progress} there
 */
export const kept = (here, there) => (there.attempts.length > here.attempts.length ? there : here);

/**
 * The rating the next puzzle is chosen near.
 * @param {Progress} progress
 */
export const target = (progress) => progress.rating.rating + DIFFICULTIES[progress.difficulty];

/**
 * The index of the next puzzle: of those not tried (nor solved before)
 * with the theme asked for, the one rated nearest to the target (the
 * first in the file of equals), other than `leaving` (the one the player
 * moves on from, tried or not); null when none is left.
 * @param {PuzzleRef[]} puzzles
 * @param {Progress} progress
 * @param {string | null} [leaving]
 * @returns {number | null}
 */
export function choose(puzzles, progress, leaving = null) {
  const tried = new Set([...progress.attempts.map((a) => a.position), ...progress.solvedBefore]);
  const aim = target(progress);
  let best = null;
  for (let i = 0; i < puzzles.length; i++) {
    const p = puzzles[i];
    if (tried.has(p.position) || p.position === leaving || (progress.theme !== 'any' && !p.themes.includes(progress.theme))) continue;
    if (best === null || Math.abs(p.rating - aim) < Math.abs(puzzles[best].rating - aim)) best = i;
  }
  return best;
}
