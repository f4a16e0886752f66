// @ts-check
// The analysis board's panel parts: the evaluation bar beside the board, and
// the status line and candidate list in the side panel. They render what the
// page gives them; the page decides what pointing at a candidate does.
import { nameMove } from '../i18n/words.js';

/**
 * @typedef {import('../engine/types.js').Analysis} Analysis
 * @typedef {import('../engine/types.js').Candidate} Candidate
 * @typedef {import('../i18n/words.js').Translate} Translate
 */

/** A chance as a whole percentage. @param {number} x */
export const percent = (x) => Math.round(100 * x);

/**
 * The evaluation bar: Dark's share from the bottom (from the left when the
 * bar lies above the board), the number on it; hidden with `dark` null.
 * @param {HTMLElement} bar
 * @param {number | null} dark Dark's chance of winning, 0 to 1
 * @param {Translate} t
 */
export function renderEvalBar(bar, dark, t) {
  bar.hidden = dark === null;
  if (dark === null) return;
  const value = percent(dark);
  bar.style.setProperty('--dark-share', `${value}%`);
  bar.setAttribute('aria-valuenow', String(value));
  bar.setAttribute('aria-label', t('analysis.eval', { win: value }));
  /** @type {HTMLElement} */ (bar.querySelector('.eval-value')).textContent = String(value);
  bar.classList.toggle('light-ahead', value < 50);
}

/**
 * The line under the analysis toggle: how far it got, or why it stopped.
 * @param {HTMLElement} line
 * @param {import('../ai/analysis-runner.js').Shown} shown
 * @param {{ over: string | null, proven: string | null, failed: string | null }} words
 * @param {Translate} t
 */
export function renderAnalysisStatus(line, shown, words, t) {
  const a = shown.analysis;
  line.textContent =
    words.over ??
    words.failed ??
    (a
      ? [t(shown.done ? 'analysis.done' : 'analysis.running', { count: a.iterations }), words.proven ?? ''].join(' ').trim()
      : t('analysis.starting'));
}

/**
 * The candidate moves as buttons, best first: the move, the mover's win
 * chance and the simulations. While the moves stay the same (a running
 * analysis) the buttons stay and only their numbers change, so pointing
 * and focus are kept.
 * @param {HTMLOListElement} list
 * @param {Candidate[]} candidates
 * @param {Translate} t
 */
export function renderCandidates(list, candidates, t) {
  const buttons = /** @type {HTMLButtonElement[]} */ ([...list.querySelectorAll('button.candidate')]);
  const same = buttons.length === candidates.length && buttons.every((b, k) => b.dataset.move === candidates[k].move);
  if (!same) {
    list.textContent = '';
    buttons.length = 0;
    for (const c of candidates) {
      const item = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'candidate';
      b.dataset.move = c.move;
      // The name a screen reader hears is the visible words, the rest said between them (sr-only).
      for (const part of ['mv', 'win', 'sr-only for', 'visits', 'sr-only of']) {
        const span = document.createElement('span');
        span.className = part;
        b.appendChild(span);
      }
      item.appendChild(b);
      list.appendChild(item);
      buttons.push(b);
    }
  }
  candidates.forEach((c, k) => {
    const b = buttons[k];
    const name = c.line[0] ? nameMove(t, c.line[0]) : c.move;
    b.title = t('analysis.candidate', { move: name, win: percent(c.win), count: c.visits });
    const [move, win, forMover, visits, simulations] = /** @type {HTMLElement[]} */ ([...b.children]);
    move.textContent = name;
    win.textContent = ` ${t('format.percent', { value: percent(c.win) })}`;
    forMover.textContent = ` ${t('analysis.forMover')} `;
    visits.textContent = t('analysis.visits', { count: c.visits });
    simulations.textContent = ` ${t('analysis.simulations', { count: c.visits })}`;
  });
}

/**
 * Pointing at or focusing a candidate of `list` calls `show` with its move
 * (null when it leaves); a click calls `play`. A tap, while `confirm()`,
 * first only shows the candidate's line (a finger cannot point without
 * touching): a second tap on it plays it.
 * @param {HTMLOListElement} list
 * @param {{ show: (move: string | null) => void, play: (move: string) => void, confirm: () => boolean }} on
 */
export function listenCandidates(list, on) {
  /** The candidate a tap chose, if the last tap chose one. @type {string | null} */
  let tapped = null;
  /** @param {Event} e */
  const moveOf = (e) =>
    /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest?.('button.candidate'))?.dataset.move ?? null;
  list.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'touch') on.show(moveOf(e));
  });
  list.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'touch') on.show(null);
  });
  list.addEventListener('focusin', (e) => on.show(moveOf(e)));
  list.addEventListener('focusout', () => on.show(null));
  list.addEventListener('click', (e) => {
    const move = moveOf(e);
    if (!move) return;
    if (/** @type {PointerEvent} */ (e).pointerType === 'touch' && on.confirm() && tapped !== move) {
      tapped = move;
      on.show(move);
      return;
    }
    tapped = null;
    on.play(move);
  });
}
