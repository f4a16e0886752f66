// @ts-check
// The move list: numbered pairs of tokens, each with its glyph once the game
// is reviewed; a click jumps to that ply.
import { GLYPHS } from './review.js';

/**
 * @param {HTMLOListElement} list
 * @param {string[]} tokens the game's moves
 * @param {number} ply the ply shown
 * @param {import('../words.js').Translate} t
 * @param {(ply: number) => void} onJump
 * @param {(string | undefined)[]} [classes] each move's class, from a review
 */
export function renderMoves(list, tokens, ply, t, onJump, classes = []) {
  list.textContent = '';
  for (let k = 0; k < tokens.length; k += 2) {
    const row = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = t('moves.number', { n: k / 2 + 1 });
    row.appendChild(num);
    for (const j of [k, k + 1]) {
      if (j >= tokens.length) break;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv';
      b.textContent = tokens[j];
      b.dataset.ply = String(j + 1);
      const glyph = GLYPHS[classes[j] ?? ''];
      if (glyph) {
        const mark = document.createElement('span');
        mark.className = `glyph-mark ${classes[j]}`;
        mark.textContent = glyph;
        mark.title = t('class.' + classes[j]);
        b.appendChild(mark);
      }
      if (j + 1 === ply) {
        b.classList.add('current');
        b.setAttribute('aria-current', 'step');
      }
      b.addEventListener('click', () => onJump(j + 1));
      row.appendChild(b);
    }
    list.appendChild(row);
  }
  // Keep the current move in view inside the list, never scrolling the page.
  const current = /** @type {HTMLElement | null} */ (list.querySelector('.current'));
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}
