// @ts-check
// The board's picture of a game, shared by the play page and embedded
// boards: what each draws of the position shown, before its own layers
// (the play page's analysis, an embed's annotations). Pure: a function of
// the game and the view's choices.
import { boardLabel } from '../i18n/words.js';

/**
 * @typedef {import('../engine/types.js').Game} Game
 * @typedef {import('../engine/types.js').Status} Status
 * @typedef {{
 *   t: import('../i18n/words.js').Translate,
 *   line: string,
 *   hints: boolean,
 *   cursor: string | null,
 *   coordinates: boolean,
 *   interactive: boolean,
 *   animate: { origin: string | null } | null,
 * }} PictureOptions
 *
 * line: the status line, which the board's text alternative ends with;
 * hints: whether the groups the side to move may change are outlined now;
 * cursor: the keyboard cursor's point; animate: as the board's `set` has it.
 */

/**
 * The board's config for the position `game` shows: its pieces, the last
 * move, the hints, the cursor and the words a screen reader hears. The
 * focus and the ghost go (the board view shows them again over it).
 * @param {Game} game
 * @param {Status} st the game's status
 * @param {PictureOptions} options
 * @returns {import('../board/board.js').BoardConfig}
 */
export function boardPicture(game, st, { t, line, hints, cursor, coordinates, interactive, animate }) {
  const cells = game.board();
  return {
    size: st.size,
    cells,
    lastMove: game.lastMovePoints(),
    hints: hints ? game.changeableGroups() : [],
    focus: null,
    ghost: null,
    cursor,
    coordinates,
    interactive,
    label: boardLabel(t, cells, st.size, line, st.ply > 0 ? game.moveAt(st.ply - 1) : null),
    animate,
  };
}
