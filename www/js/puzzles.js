// @ts-check
// The puzzles page: the site's puzzles (puzzles.txt, written by `federa
// puzzles` and read by the engine: position, the only winning move, the
// plies its win takes), from the quickest wins to the longest, each on a
// board in problem mode. The
// puzzles the player solved are kept in the browser (never dropped: an
// entry that does not read is kept under a backup key, store.js).
import { followPageLanguage, loadLanguage, preferredLanguage } from './i18n.js';
import { readEntry, safeStorage, writeEntry } from './store.js';
import { describeError } from './words.js';
import { loadEngine } from './engine.js';
import { readPuzzles, solvedLine } from './puzzle-file.js';
import './embed.js';

export const SOLVED_KEY = 'federa.puzzles';
const storage = safeStorage();

/** @typedef {import('./puzzle-file.js').Puzzle} Puzzle */

/** The positions of the puzzles solved, as stored. */
function readSolved() {
  const read = readEntry(storage, SOLVED_KEY, (v) =>
    Array.isArray(v) && v.every((p) => typeof p === 'string') ? null : { kind: 'unreadable' },
  );
  return new Set(read.value ?? []);
}

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

async function start() {
  // The language page.js picks (it sets the lang attribute a moment later).
  let { t } = await loadLanguage(preferredLanguage());
  /** @type {Puzzle[]} */
  let puzzles;
  try {
    const response = await fetch(new URL('../puzzles.txt', import.meta.url));
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    const engine = await loadEngine();
    puzzles = readPuzzles(engine, await response.text());
  } catch (/** @type {any} */ error) {
    const reason = error?.kind ? describeError(t, error) : String(error?.message ?? error);
    $('puzzle-count').textContent = t('puzzles.loadFailed', { reason });
    return;
  }
  const solved = readSolved();
  const firstUnsolved = (/** @type {number} */ from) => {
    for (let k = 0; k < puzzles.length; k++) {
      const i = (from + k) % puzzles.length;
      if (!solved.has(puzzles[i].position)) return i;
    }
    return null;
  };
  let at = firstUnsolved(0) ?? 0;

  function show() {
    const p = puzzles[at];
    $('puzzle-title').textContent = t('puzzles.count', { n: at + 1, count: puzzles.length });
    $('puzzle-about').textContent = t('puzzles.about', { size: p.size, plies: t(`puzzles.plies.${p.plies}`) });
    $('puzzle-before').hidden = !solved.has(p.position);
    const board = document.createElement('federa-board');
    board.setAttribute('mode', 'problem');
    board.setAttribute('position', p.position);
    board.setAttribute('solution', p.answer);
    board.setAttribute('pie', 'false');
    board.addEventListener('federa-solved', () => {
      solved.add(p.position);
      writeEntry(storage, SOLVED_KEY, [...solved]);
      count();
    });
    $('puzzle-board').replaceChildren(board);
    count();
  }

  function count() {
    $('puzzle-count').textContent = solvedLine(t, solved.size, puzzles.length);
    $('puzzle-unsolved').toggleAttribute('disabled', firstUnsolved(at + 1) === null || firstUnsolved(at + 1) === at);
  }

  $('puzzle-previous').addEventListener('click', () => {
    at = (at + puzzles.length - 1) % puzzles.length;
    show();
  });
  $('puzzle-next').addEventListener('click', () => {
    at = (at + 1) % puzzles.length;
    show();
  });
  $('puzzle-unsolved').addEventListener('click', () => {
    at = firstUnsolved(at + 1) ?? at;
    show();
  });
  show();
  followPageLanguage((i18n) => {
    t = i18n.t;
    show();
  });
  document.documentElement.classList.add('puzzles-ready');
}

start();
