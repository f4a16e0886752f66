// @ts-check
// The puzzles page: the site's puzzles (puzzles.txt, written by `federa
// puzzles`: each position's line to the win, its plies, rating and
// themes), each played out on a board in problem mode where the engine's
// solver judges every move (embed/proof-ctrl.js). The player's first
// attempt at each puzzle is rated (puzzles/progress.js, Glicko-2), and the
// next puzzle is chosen near their rating. The progress is kept in the
// browser (never dropped: an entry that does not read is kept under a
// backup key, store.js) and goes into the play page's backup file.
import { followPageLanguage, loadLanguage, preferredLanguage } from '../../i18n/i18n.js';
import { readEntry, safeStorage, writeEntry } from '../../lib/store.js';
import { describeError } from '../../i18n/words.js';
import { loadEngine } from '../../engine/engine.js';
import { readPuzzles, solvedLine } from './file.js';
import { NEW_PLAYER } from './glicko.js';
import { DIFFICULTIES, PROGRESS_KEY, THEMES, attemptAt, choose, progressOf, progressProblem, recordAttempt, solvedCount } from './progress.js';
import '../embed/element.js';
import { $ } from '../../lib/dom.js';

const storage = safeStorage();
/** A rating this unsure is shown with a question mark, as lichess does. */
const PROVISIONAL_RD = 110;
/** The history shows this many attempts, the latest first. */
const HISTORY = 50;

/**
 * @typedef {import('./file.js').Puzzle} Puzzle
 * @typedef {import('./progress.js').Progress} Progress
 */


async function start() {
  // The language page.js picks (it sets the lang attribute a moment later).
  let { t } = await loadLanguage(preferredLanguage());
  /** @type {Puzzle[]} */
  let puzzles;
  try {
    const response = await fetch(new URL('../../../puzzles.txt', import.meta.url));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const engine = await loadEngine();
    puzzles = readPuzzles(engine, await response.text());
  } catch (/** @type {any} */ error) {
    const reason = error?.kind ? describeError(t, error) : String(error?.message ?? error);
    $('puzzle-count').textContent = t('puzzles.loadFailed', { reason });
    return;
  }
  const numberOf = new Map(puzzles.map((p, i) => [p.position, i]));
  const read = readEntry(storage, PROGRESS_KEY, progressProblem);
  // An entry that did not read and could not be copied aside is not
  // written over.
  const writable = !read.lost || read.lost.backup !== null;
  /** @type {Progress} */
  let progress = progressOf(read.value);
  const save = () => writable && writeEntry(storage, PROGRESS_KEY, progress);

  const currentIndex = () => {
    const at = progress.current === null ? undefined : numberOf.get(progress.current);
    return at ?? choose(puzzles, progress);
  };
  /** The puzzle shown: its index, and whether its result is being shown. */
  let shown = currentIndex();

  const ratingText = (/** @type {import('./glicko.js').Rating} */ r) =>
    `${Math.round(r.rating)}${r.rd > PROVISIONAL_RD ? '?' : ''}`;

  function showRating() {
    $('puzzle-rating').textContent = ratingText(progress.rating);
    $('puzzle-rating').title = t('puzzles.deviation', { rd: Math.round(progress.rating.rd) });
    $('puzzle-provisional').textContent = progress.rating.rd > PROVISIONAL_RD ? t('puzzles.provisional') : '';
    $('puzzle-count').textContent = solvedLine(t, solvedCount(puzzles, progress), puzzles.length);
  }

  function showHistory() {
    const list = $('puzzle-history');
    const items = [];
    const attempts = progress.attempts;
    for (let k = attempts.length - 1; k >= Math.max(0, attempts.length - HISTORY); k--) {
      const a = attempts[k];
      const before = k > 0 ? attempts[k - 1].rating : NEW_PLAYER.rating;
      const change = Math.round(a.rating) - Math.round(before);
      const li = document.createElement('li');
      const n = numberOf.get(a.position);
      const name = n === undefined ? t('puzzles.gone') : t('puzzles.title', { n: n + 1 });
      li.textContent = t(a.score ? 'puzzles.historySolved' : 'puzzles.historyMissed', {
        name,
        puzzle: String(a.puzzle),
        rating: String(Math.round(a.rating)),
        change: signed(change),
      });
      li.className = change >= 0 ? 'up' : 'down';
      items.push(li);
    }
    list.replaceChildren(...items);
    $('puzzle-no-history').hidden = items.length > 0;
  }

  const signed = (/** @type {number} */ n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

  /** The result line of the puzzle shown, once it has been attempted; before, what a hint costs. */
  function showResult() {
    const p = shown === null ? null : puzzles[shown];
    const attempt = p ? attemptAt(progress, p.position) : null;
    $('puzzle-tip').hidden = !p;
    $('puzzle-tip').textContent = [t('puzzles.shapeTip'), attempt ? '' : t('puzzles.missTip')].filter(Boolean).join(' ');
    const line = $('puzzle-result');
    line.hidden = !attempt;
    if (!p || !attempt) return;
    const k = progress.attempts.indexOf(attempt);
    const before = k > 0 ? progress.attempts[k - 1].rating : NEW_PLAYER.rating;
    // Ratings are written plain (2460, not 2,460), as rating lists do.
    const params = { puzzle: String(p.rating), rating: String(Math.round(attempt.rating)), change: signed(Math.round(attempt.rating) - Math.round(before)) };
    line.textContent = t(attempt.score ? 'puzzles.resultSolved' : 'puzzles.resultMissed', params);
    line.classList.toggle('won', attempt.score === 1);
    $('puzzle-about').textContent = about(p, true);
  }

  /**
   * What the puzzle asks, and once attempted its rating and themes.
   * @param {Puzzle} p
   * @param {boolean} attempted
   */
  function about(p, attempted) {
    const color = t('color.' + (p.position.split(' ')[1] === 'b' ? 'dark' : 'light'));
    // The solver's moves of the line (an automatic skip gives one two in a row).
    const moves = p.line.filter((token) => token[0] === p.line[0][0]).length;
    const ask = t('puzzles.about', { size: p.size, color, count: moves });
    if (!attempted) return ask;
    const themes = p.themes.map((name) => t('puzzles.themes.' + name)).join(', ');
    return [ask, t('puzzles.rated', { rating: String(p.rating) }), themes].filter(Boolean).join(' · ');
  }

  /** Records the first attempt at the puzzle shown. @param {0 | 1} score */
  function attempted(score) {
    if (shown === null) return;
    const p = puzzles[shown];
    progress = recordAttempt(progress, p, score, Date.now());
    save();
    showRating();
    showHistory();
    showResult();
  }

  function show() {
    $('puzzle-title').textContent = shown === null ? t('puzzles.noneLeft') : t('puzzles.title', { n: shown + 1 });
    const board = $('puzzle-board');
    if (shown === null) {
      $('puzzle-about').textContent = t(progress.theme === 'any' ? 'puzzles.noneLeftAboutAll' : 'puzzles.noneLeftAbout');
      board.replaceChildren();
      $('puzzle-result').hidden = true;
      $('puzzle-tip').hidden = true;
      return;
    }
    const p = puzzles[shown];
    $('puzzle-about').textContent = about(p, Boolean(attemptAt(progress, p.position)));
    const el = document.createElement('federa-board');
    el.setAttribute('mode', 'problem');
    el.setAttribute('position', p.position);
    el.setAttribute('proof', String(p.plies));
    el.setAttribute('pie', 'false');
    el.addEventListener('federa-solved', () => attempted(1));
    for (const miss of ['federa-failed', 'federa-hint', 'federa-gaveUp']) el.addEventListener(miss, () => attempted(0));
    board.replaceChildren(el);
    showResult();
  }

  function fillSelects() {
    const difficulty = /** @type {HTMLSelectElement} */ ($('puzzle-difficulty'));
    difficulty.replaceChildren(
      ...Object.keys(DIFFICULTIES).map((d) => new Option(t('puzzles.difficulties.' + d), d, false, d === progress.difficulty)),
    );
    const theme = /** @type {HTMLSelectElement} */ ($('puzzle-theme'));
    theme.replaceChildren(...THEMES.map((name) => new Option(t('puzzles.themes.' + name), name, false, name === progress.theme)));
  }

  $('puzzle-difficulty').addEventListener('change', (/** @type {Event} */ e) => {
    progress = { ...progress, difficulty: /** @type {any} */ (/** @type {HTMLSelectElement} */ (e.target).value) };
    save();
  });
  $('puzzle-theme').addEventListener('change', (/** @type {Event} */ e) => {
    progress = { ...progress, theme: /** @type {any} */ (/** @type {HTMLSelectElement} */ (e.target).value) };
    save();
  });
  $('puzzle-next').addEventListener('click', () => {
    // The puzzle shown is left: a next visit starts on a new one.
    const leaving = progress.current;
    progress = { ...progress, current: null };
    shown = choose(puzzles, progress, leaving);
    progress = { ...progress, current: shown === null ? null : puzzles[shown].position };
    save();
    show();
  });

  progress = { ...progress, current: shown === null ? null : puzzles[shown].position };
  save();
  const render = () => {
    fillSelects();
    showRating();
    showHistory();
    show();
  };
  render();
  followPageLanguage((i18n) => {
    t = i18n.t;
    render();
  });
  document.documentElement.classList.add('puzzles-ready');
}

start();
