// @ts-check
// A friend link's game: its events replayed in order, the moves through
// the engine, checking what signatures cannot (docs/friend-links.md): a
// signed event may still be one its author had no right to make.
import { playCode } from '../game/links.js';
import { friendError } from './codec.js';

/**
 * @typedef {import('./codec.js').FriendLink} FriendLink
 * @typedef {import('./codec.js').FriendLinkError} FriendLinkError
 * @typedef {import('./codec.js').Player} Player
 * @typedef {import('../engine/engine.js').Engine} Engine
 * @typedef {import('../engine/types.js').Game} Game
 * @typedef {import('../engine/types.js').Status} Status
 * @typedef {{ winner: Player, how: 'rules' | 'resign' | 'time' }} Result
 * @typedef {{
 *   game: Game, result: Result | null, offer: { by: Player } | null, toMove: Player | null,
 *   turnSince: number, deadline: number | null, joined: boolean, lastTime: number,
 * }} Replay
 *   game: the moves standing (the caller frees it); toMove: null once the
 *   game is over; turnSince: when the turn of the side to move began (the
 *   last move, take-back or join, else `created`); deadline: when a claim
 *   on time becomes valid (null with no clock, before the join, or over).
 */

const DAY = 86400;

/**
 * The time of a link's latest event, else of its making.
 * @param {FriendLink} link
 */
export const lastTime = (link) => link.events.at(-1)?.time ?? link.created;

/**
 * The game a link's events make. Throws the first event that may not be
 * (FriendLinkError, early … claim, with its `index`); nothing is kept then.
 * @param {Engine} engine
 * @param {FriendLink} link
 * @returns {Replay}
 */
export function replay(engine, link) {
  const { size, pie, days } = link;
  let game = new engine.GameHandle(size, pie);
  /** @type {{ by: Player, code: number }[]} */
  const standing = [];
  /** @type {Result | null} */
  let result = null;
  /** @type {{ by: Player } | null} */
  let offer = null;
  let joined = link.guest !== null;
  let turnSince = link.created;
  const status = () => /** @type {Status} */ (game.status());
  const playerOf = (/** @type {'first' | 'second'} */ seat) => /** @type {Player} */ (seat === link.inviterSeat ? 0 : 1);
  const toMove = () => playerOf(status().seats[status().toMove]);
  const deadline = () => (days && joined && !result ? turnSince + days * DAY : null);
  try {
    for (const [k, event] of link.events.entries()) {
      const refuse = (/** @type {FriendLinkError['problem']} */ problem, facts = {}) => friendError(problem, { index: k + 1, ...facts });
      if (result) throw refuse('afterEnd');
      if (event.by === 1 && !joined && event.type !== 'join') throw refuse('early');
      if (event.type === 'join') {
        joined = true;
        // The guest's turn cannot begin before the guest has the game.
        turnSince = event.time;
      } else if (event.type === 'move') {
        const mover = toMove();
        if (event.by !== mover) throw refuse('wrongPlayer', { player: event.by, toMove: mover });
        try {
          playCode(game, size, event.code);
        } catch (cause) {
          throw refuse('move', { cause });
        }
        standing.push(event);
        offer = null;
        turnSince = event.time;
        const { winner, seats } = status();
        if (winner) result = { winner: playerOf(seats[winner]), how: 'rules' };
      } else if (event.type === 'resign') {
        result = { winner: event.by === 0 ? 1 : 0, how: 'resign' };
      } else if (event.type === 'timeout') {
        // Only the clock that runs can run out: the player to move's.
        if (event.by !== toMove()) throw refuse('timeout');
        result = { winner: event.by === 0 ? 1 : 0, how: 'time' };
      } else if (event.type === 'offer') {
        if (offer || !standing.some((m) => m.by === event.by)) throw refuse('offer');
        offer = { by: event.by };
      } else if (event.type === 'accept' || event.type === 'decline') {
        if (!offer || offer.by === event.by) throw refuse(event.type);
        if (event.type === 'accept') {
          // Back to the offerer's last move, unplayed: one ply, or two, or more after skips.
          while (standing.pop()?.by !== offer.by);
          game.free();
          game = new engine.GameHandle(size, pie);
          for (const move of standing) playCode(game, size, move.code);
          turnSince = event.time;
        }
        offer = null;
      } else {
        const due = deadline();
        const reason = !days ? 'noClock' : due === null ? 'notJoined' : event.by === toMove() ? 'toMove' : event.time < due ? 'early' : null;
        if (reason) throw refuse('claim', { reason });
        result = { winner: event.by, how: 'time' };
      }
    }
  } catch (e) {
    game.free();
    throw e;
  }
  return { game, result, offer: result ? null : offer, toMove: result ? null : toMove(), turnSince, deadline: deadline(), joined, lastTime: lastTime(link) };
}
