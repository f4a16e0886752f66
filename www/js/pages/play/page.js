// @ts-check
// What the play page's controller (ctrl.js) hands each of its parts, as
// lila's analysis page hands its sub-controllers the root controller's
// interface: the session, the settings, words, and the page's ways to
// speak, to redraw and to save. No part imports ctrl.js, and each owns its
// own state.

/**
 * @typedef {{
 *   session: import('../../game/session.js').Session,
 *   settings: import('../../game/settings.js').SettingsStore,
 *   t: import('../../i18n/words.js').Translate,
 *   say: (text: string, tone?: string) => void,
 *   announce: (text: string) => void,
 *   redraw: () => void,
 *   save: () => void,
 *   name: (move: import('../../engine/types.js').MoveInfo | string) => string,
 * }} Page
 *
 * say: the note under the board (cleared by the reader's next action);
 * announce: the live region; redraw: draws the page again from the state;
 * save: writes the game as it is (after a change outside the session's);
 * name: a move (its engine description or its token) in words.
 */

export {};
