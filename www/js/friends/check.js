// @ts-check
// A link game read whole, for the play page (link-game-ctrl.js) and the embed:
// its text and structure (codec.js), its signatures (sign.js) and its
// moves through the engine (replay.js), each refusing with its problem;
// and the game as a record, its players named in its tags.
import { decodeLink, hex } from './codec.js';
import { textOfLink } from '../game/links.js';
import { verifyLink } from './sign.js';
import { replay } from './replay.js';

/**
 * @typedef {import('./codec.js').FriendLink} FriendLink
 * @typedef {import('../engine/types.js').Game} Game
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {{ resign: boolean, offer: boolean, answer: boolean, claim: boolean, rematch: boolean, remind: boolean }} Verbs
 * what this browser's player may do now in a link game
 */

/** @param {'first' | 'second'} seat @returns {'first' | 'second'} */
export const otherSeat = (seat) => (seat === 'first' ? 'second' : 'first');

/**
 * The guest's name and key: the header's (a rematch), else the join's.
 * @param {FriendLink} link
 */
export function guestOf(link) {
  if (link.guest) return link.guest;
  const join = link.events.find((e) => e.type === 'join');
  return join && join.type === 'join' ? { name: join.name, key: join.key } : null;
}

/**
 * A link's `f` text checked whole: throws the first problem
 * (`kind: 'friendLink'`), once the link reads with the players' `names`
 * (so that a message names who signed or moved); else the link and its
 * replay (whose game the caller frees).
 * @param {Engine} engine
 * @param {string} text
 */
export async function checkLink(engine, text) {
  const link = decodeLink(text);
  // Names go on the link's own problems; anything else thrown (an engine failure) goes on as it is.
  const named = (/** @type {any} */ problem) => (problem?.kind === 'friendLink' ? { ...problem, names: [link.inviter.name, guestOf(link)?.name ?? null] } : problem);
  const problem = await verifyLink(link);
  if (problem) throw named(problem);
  try {
    return { link, state: replay(engine, link) };
  } catch (thrown) {
    throw named(thrown);
  }
}

/**
 * `game` (a link's replay) with its record's tags: the players' names, the
 * days a move, the game's id, and an end outside the rules.
 * @param {Game} game
 * @param {FriendLink} link
 * @param {ReturnType<typeof replay>} state
 */
export function tagged(game, link, state) {
  const st = game.status();
  const nameOf = (/** @type {'first' | 'second'} */ seat) => (seat === link.inviterSeat ? link.inviter.name : guestOf(link)?.name);
  const dark = nameOf(st.seats.dark);
  const light = nameOf(st.seats.light);
  if (dark) game.setTag('Dark', dark);
  if (light) game.setTag('Light', light);
  if (link.days) game.setTimeControl({ kind: 'days', days: link.days });
  game.setTag('Game', hex(link.id));
  if (state.result && state.result.how !== 'rules') {
    const winnerSeat = state.result.winner === 0 ? link.inviterSeat : otherSeat(link.inviterSeat);
    game.end(st.seats.dark === winnerSeat ? 'dark' : 'light', state.result.how);
  }
  return game;
}

/**
 * The annotated record of the game a play page's `#f=` link carries,
 * checked whole first (checkLink's problems thrown), and its pie rule.
 * @param {Engine} engine
 * @param {string} url
 */
export async function recordOfLink(engine, url) {
  const { link, state } = await checkLink(engine, textOfLink(url.slice(url.indexOf('#'))) ?? '');
  const record = tagged(state.game, link, state).annotated();
  state.game.free();
  return { record, pie: link.pie };
}
