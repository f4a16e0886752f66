// @ts-check
// The list of the games kept (archive.js): each game's title (its name, or
// its players), which opens it, a small picture of the board where it was
// left, its facts (size, moves, result, time control, review, when last
// played; for a link game whose move it is, in bold when it is the
// player's, and the time left) and its Rename and Delete (the game
// being played has no opening title and no Delete); a form in place of the
// title while a game is renamed; and the note of a deletion with its undo.
import { LEVELS } from '../engine/facts.js';
import { stillBoard } from '../board/board.js';
import { button } from './lost.js';
import { friendStatus, opponentName, relativeTime } from './friend-status.js';

/**
 * @typedef {import('../game/archive.js').Summary} Summary
 * @typedef {import('../i18n/words.js').Translate} Translate
 * @typedef {{ open(id: string): void, rename(id: string): void, named(id: string, name: string | null): void,
 *   remove(id: string): void, resend(id: string): void }} Actions
 * named: the name typed (null when the rename is cancelled).
 * @typedef {{ pieceSet: 'federa' | 'classic', colour: (name: string) => string }} Look
 */

/** A thumbnail's side, in pixels. */
const THUMB = 44;

/**
 * Who played `color`: the record's own tag (a name, as written), else the
 * seat's words.
 * @param {Translate} t
 * @param {Summary} s
 * @param {'dark' | 'light'} color
 */
function player(t, s, color) {
  const own = s.tags.find(([key]) => key === (color === 'dark' ? 'Dark' : 'Light'))?.[1];
  if (own) return own;
  if (s.players[color] === 'human') return t('archive.human');
  return LEVELS.includes(s.level) ? t('archive.ai', { level: t('level.' + s.level) }) : t('archive.aiPlayer');
}

/**
 * A game's title: its name, or its players.
 * @param {Translate} t
 * @param {Summary} s
 */
export function gameTitle(t, s) {
  if (s.name) return s.name;
  if (s.friend) return s.friend.me === null ? t('archive.watched', { inviter: s.friend.names[0], guest: s.friend.names[1] ?? t('friend.noGuest') }) : t('archive.withFriend', { name: opponentName(t, s.friend) });
  return t('archive.versus', { dark: player(t, s, 'dark'), light: player(t, s, 'light') });
}

/**
 * A game's facts, in one line: text, and for a link game whose move it is
 * the player's, that part in bold.
 * @param {Translate} t
 * @param {string} locale
 * @param {Summary} s
 * @returns {(string | HTMLElement)[]}
 */
function gameFacts(t, locale, s, now = Date.now() / 1000) {
  const time = s.tags.find(([key]) => key === 'TimeControl')?.[1];
  if (s.friend) {
    // A link game: whose move and the time left, and when the last move (or the invitation) came.
    const status = friendStatus(t, locale, s.friend, now);
    const yours = s.friend.toMove !== null && s.friend.toMove === s.friend.me;
    const strong = document.createElement('strong');
    strong.textContent = status;
    return [
      `${t('archive.size', { size: s.size })} · ${t('archive.moves', { count: s.moves })} · `,
      yours ? strong : status,
      ` · ${t(s.friend.events ? 'archive.lastMove' : 'archive.invited', { when: relativeTime(locale, s.friend.lastTime - now) })}`,
    ];
  }
  return [
    [
      t('archive.size', { size: s.size }),
      t('archive.moves', { count: s.moves }),
      s.result ? t(s.result === 'B' ? 'archive.darkWon' : 'archive.lightWon') : t('archive.inPlay'),
      time ? t('archive.timeControl', { time }) : '',
      s.reviewed ? t('archive.reviewed') : '',
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(s.updated),
    ]
      .filter(Boolean)
      .join(' · '),
  ];
}

/**
 * The thumbnails of the last render, by game and what they show: a canvas
 * is kept while its game's board and look stay as they were.
 * @type {Map<string, HTMLCanvasElement>}
 */
let thumbnails = new Map();

/**
 * The board where a game was left, small (an empty box when the entry
 * keeps no board).
 * @param {Summary} s
 * @param {Look} look
 * @param {Map<string, HTMLCanvasElement>} drawn this render's thumbnails, which `s`'s joins
 */
function thumbnail(s, look, drawn) {
  const box = document.createElement('span');
  box.className = 'game-thumb';
  box.setAttribute('aria-hidden', 'true');
  // Its room kept whether or not there is a board to draw.
  box.style.width = box.style.height = THUMB + 'px';
  if (!s.cells) return box;
  const key = `${s.id} ${s.size} ${s.cells} ${look.pieceSet} ${look.colour('--board')} ${look.colour('--piece-dark')}`;
  const canvas = thumbnails.get(key) ?? stillBoard(s.size, Array.from(s.cells, Number), THUMB, look);
  drawn.set(key, canvas);
  box.append(canvas);
  return box;
}

/**
 * The form that renames a game: its name in a box, Save and Cancel.
 * @param {Translate} t
 * @param {Summary} s
 * @param {string} typed what the box held before this render
 * @param {Actions} actions
 */
function renameForm(t, s, typed, actions) {
  const form = document.createElement('form');
  form.className = 'game-rename';
  const input = document.createElement('input');
  input.type = 'text';
  input.maxLength = 80;
  input.value = typed;
  input.setAttribute('aria-label', t('archive.nameLabel'));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') actions.named(s.id, null);
  });
  const save = document.createElement('button');
  save.type = 'submit';
  save.className = 'primary';
  save.textContent = t('archive.save');
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    actions.named(s.id, input.value);
  });
  form.append(input, save, button(t, 'btn.cancel', () => actions.named(s.id, null)));
  return form;
}

/**
 * Draws the list.
 * @param {HTMLElement} list an `<ol>`
 * @param {Summary[]} games
 * @param {{ t: Translate, locale: string, current: string | null, renaming: string | null, look: Look }} state
 * @param {Actions} actions
 */
export function renderArchive(list, games, { t, locale, current, renaming, look }, actions) {
  /** @type {Map<string, HTMLCanvasElement>} */
  const drawn = new Map();
  const box = /** @type {HTMLInputElement | null} */ (list.querySelector('.game-rename input'));
  const typed = box?.value;
  const refocus = box !== null && document.activeElement === box;
  list.replaceChildren(
    ...games.map((s) => {
      const item = document.createElement('li');
      item.className = 'game' + (s.id === current ? ' current' : '');
      item.dataset.id = s.id;
      const title = gameTitle(t, s);
      const facts = document.createElement('span');
      facts.className = 'game-facts';
      facts.append(...gameFacts(t, locale, s));
      const body = document.createElement('div');
      body.className = 'game-body';
      item.append(thumbnail(s, look, drawn), body);
      const actionsRow = document.createElement('div');
      actionsRow.className = 'row game-actions';
      if (s.id === renaming) {
        body.append(renameForm(t, s, typed ?? gameTitle(t, s), actions), facts);
        return item;
      }
      /** @type {HTMLElement} */
      let head;
      if (s.id === current) {
        head = document.createElement('span');
        const now = document.createElement('span');
        now.className = 'game-now';
        now.textContent = t('archive.current');
        actionsRow.append(now);
      } else {
        const open = document.createElement('button');
        open.type = 'button';
        open.dataset.action = 'open';
        open.addEventListener('click', () => actions.open(s.id));
        head = open;
      }
      head.classList.add('game-title');
      head.textContent = title;
      if (s.friend && s.friend.me !== null) actionsRow.append(button(t, 'archive.resend', () => actions.resend(s.id)));
      actionsRow.append(button(t, 'archive.rename', () => actions.rename(s.id)));
      if (s.id !== current) actionsRow.append(button(t, 'archive.delete', () => actions.remove(s.id)));
      body.append(head, facts, actionsRow);
      return item;
    }),
  );
  thumbnails = drawn;
  const input = /** @type {HTMLInputElement | null} */ (list.querySelector('.game-rename input'));
  if (input && (refocus || typed === undefined)) input.focus();
}

/**
 * The note of a deletion, with its undo (none when nothing was deleted).
 * @param {HTMLElement} box
 * @param {string | null} deleted the deleted game's title
 * @param {Translate} t
 * @param {() => void} undo
 */
export function renderDeleted(box, deleted, t, undo) {
  box.hidden = deleted === null;
  if (deleted === null) {
    box.replaceChildren();
    return;
  }
  const text = document.createElement('span');
  text.textContent = t('archive.deleted', { title: deleted });
  box.replaceChildren(text, button(t, 'archive.undo', undo));
}
