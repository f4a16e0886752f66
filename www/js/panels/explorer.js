// @ts-check
// The opening explorer's panel, as lichess's: a line that says what the
// book holds here, then the book's moves, each a button with its games, a
// bar of Dark's and Light's wins among them, and the AI's chance for the
// mover. It renders what the page gives it; a click plays the move.
import { percent } from './analysis.js';
import { nameMove } from '../i18n/words.js';

/**
 * @typedef {{ token: string, games: number, darkWins: number, firstWins: number, chance: number | null }} BookEntry
 * @typedef {BookEntry & { info: MoveInfo }} BookMove
 * @typedef {(
 *   { kind: 'off' } | { kind: 'loading' } | { kind: 'none', size: number } |
 *   { kind: 'failed', error: unknown } | { kind: 'otherRules' } | { kind: 'out' } |
 *   { kind: 'moves', moves: BookMove[], games: number }
 * )} Shown
 *
 * none: no book for the board's size; otherRules: the book's games were
 * played with the pie rule and this game without it (or the other way);
 * out: the position is not in the book; moves: the book's moves from it,
 * most played first, and the games that reached it.
 * @typedef {import('../i18n/words.js').Translate} Translate
 * @typedef {import('../engine/types.js').MoveInfo} MoveInfo
 */

/**
 * The line above the moves.
 * @param {Shown} shown
 * @param {Translate} t
 * @param {(error: unknown) => string} describe an error in words
 */
export function explorerWords(shown, t, describe) {
  switch (shown.kind) {
    case 'off':
      return t('explorer.off');
    case 'loading':
      return t('explorer.loading');
    case 'none':
      return t('explorer.none', { size: shown.size });
    case 'failed':
      return t('explorer.failed', { reason: describe(shown.error) });
    case 'otherRules':
      return t('explorer.otherRules');
    case 'out':
      return t('explorer.out');
    case 'moves':
      return t('explorer.games', { count: shown.games });
  }
}

/**
 * A book move in words, for its button's label.
 * @param {BookMove} m
 * @param {string} name the move in words
 * @param {Translate} t
 */
export function bookMoveWords(m, name, t) {
  const shares = {
    move: name,
    count: m.games,
    dark: percent(m.darkWins / m.games),
    light: percent(1 - m.darkWins / m.games),
    first: percent(m.firstWins / m.games),
  };
  const games = t('explorer.moveGames', shares);
  return m.chance === null ? games : `${games} ${t('explorer.moveChance', { win: percent(m.chance) })}`;
}

/**
 * The book's moves as buttons, most played first. The same moves (the same
 * position) keep their buttons, so focus stays where it was.
 * @param {HTMLOListElement} list
 * @param {BookMove[]} moves
 * @param {Translate} t
 */
export function renderBookMoves(list, moves, t) {
  const key = moves.map((m) => `${m.token}:${m.games}`).join(' ');
  if (list.dataset.key === key && list.dataset.lang === document.documentElement.lang) return;
  list.dataset.key = key;
  list.dataset.lang = document.documentElement.lang;
  list.textContent = '';
  for (const m of moves) {
    const item = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'book-move';
    b.dataset.move = m.token;
    const words = bookMoveWords(m, nameMove(t, m.info), t);
    b.setAttribute('aria-label', words);
    b.title = words;
    const dark = percent(m.darkWins / m.games);
    b.append(
      shortName(m.info, t),
      part('games', String(m.games)),
      winBar(dark, t),
      part('chance', m.chance === null ? '–' : t('format.percent', { value: percent(m.chance) })),
    );
    item.appendChild(b);
    list.appendChild(item);
  }
}

/**
 * A move in few letters, as lichess names moves in a narrow column: a
 * placement as its piece and point, a change as an arrow, the piece the
 * group becomes and its point (the button's label has the words).
 * @param {import('../engine/types.js').MoveInfo} info
 * @param {Translate} t
 */
function shortName(info, t) {
  const name = part('mv', '');
  if (!info.piece || !info.at) {
    name.textContent = info.kind === 'swap' ? t('explorer.swap') : info.token;
    return name;
  }
  if (info.kind === 'change') name.append('↻ ');
  name.append(part(`piece-glyph ${info.piece}`, ''), info.at);
  return name;
}

/** @param {string} className @param {string} text */
function part(className, text) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

/**
 * Dark's and Light's shares of the games as one bar, each share's number
 * on it where it has the room.
 * @param {number} dark Dark's share, in percent
 * @param {Translate} t
 */
function winBar(dark, t) {
  const bar = part('bar', '');
  bar.setAttribute('aria-hidden', 'true');
  for (const [side, share] of /** @type {const} */ ([
    ['dark', dark],
    ['light', 100 - dark],
  ])) {
    const seg = part(side, share >= 35 ? t('format.percent', { value: share }) : '');
    seg.style.width = `${share}%`;
    bar.appendChild(seg);
  }
  return bar;
}

/**
 * Pointing at or focusing a move of `list` calls `show` with its token
 * (null when it leaves); a click (or Enter) plays it.
 * @param {HTMLOListElement} list
 * @param {{ show: (token: string | null) => void, play: (token: string) => void }} on
 */
export function listenBookMoves(list, on) {
  /** @param {Event} e */
  const tokenOf = (e) =>
    /** @type {HTMLElement | null} */ (/** @type {HTMLElement} */ (e.target).closest?.('button.book-move'))?.dataset.move ?? null;
  list.addEventListener('pointerover', (e) => {
    if (e.pointerType !== 'touch') on.show(tokenOf(e));
  });
  list.addEventListener('pointerleave', () => on.show(null));
  list.addEventListener('focusin', (e) => on.show(tokenOf(e)));
  list.addEventListener('focusout', () => on.show(null));
  list.addEventListener('click', (e) => {
    const token = tokenOf(e);
    if (token) on.play(token);
  });
}
