// @ts-check
// The play page's game in the browser: the snapshot written after every
// change (the annotated record, the line shown, the review's judgements,
// seats, level and the cells the first board draws), and the game opened
// on arrival: the link's, else the stored one. Nothing stored is dropped:
// an entry that does not read, or a different game a link replaces, is
// kept under a backup key and noted (store.js's Keeper).
import { keepUnread, readEntry } from '../store.js';
import { GAME_KEY } from '../page-store.js';
import { isObject } from '../settings.js';
import { LEVELS } from '../facts.js';
import { HUMANS } from '../session.js';
import { nodePaths } from '../panels/moves.js';
import { isJudgement, reviewedGame } from '../review.js';

/**
 * @typedef {import('../types.js').Game} Game
 * @typedef {import('../session.js').Seats} Seats
 * @typedef {Awaited<ReturnType<typeof import('../engine.js').loadEngine>>} Engine
 * @typedef {{ game: Game, seats: Seats, level: string }} Opened
 */

/**
 * Shows the line of `moves` in `game`, whose tree holds them (the moves of
 * its tree are played again, so no new one is made).
 * @param {Game} game
 * @param {string[]} moves
 */
function followLine(game, moves) {
  game.jump(0);
  for (const token of moves) game.play(token);
}

/** @param {unknown} v */
const snapshotProblem = (v) =>
  isObject(v) &&
  typeof v.record === 'string' &&
  (v.line === undefined || typeof v.line === 'string') &&
  (v.review === undefined || (Array.isArray(v.review) && v.review.every((r) => r === null || isJudgement(r))))
    ? null
    : { kind: 'unreadable' };

export class Persist {
  /**
   * @param {{ engine: Engine, keeper: import('../store.js').Keeper, review: import('../review.js').ReviewRunner,
   *   session: import('../session.js').Session }} parts
   */
  constructor({ engine, keeper, review, session }) {
    this.engine = engine;
    this.keeper = keeper;
    this.review = review;
    this.session = session;
  }

  /** Writes the session's game as it is now. */
  save() {
    const { session, review } = this;
    const game = session.current;
    const st = session.status();
    const { start } = reviewedGame(game);
    this.keeper.write(GAME_KEY, {
      record: game.annotated(),
      line: game.record(),
      // Each node's judgement, in nodePaths' order (the variations' too).
      review: nodePaths(game.tree().rows).map((moves) => review.find(start, moves) ?? null),
      pie: st.pie,
      seats: session.seats,
      level: session.level,
      ply: st.ply,
      size: st.size,
      cells: Array.from(game.board()).join(''),
    });
  }

  /**
   * The stored game as { game, saved, text }, or null; an entry that does
   * not read is kept and noted on the way.
   * @returns {{ game: Game, saved: any, text: string } | null}
   */
  stored() {
    const { engine, keeper } = this;
    if (keeper.held.has(GAME_KEY)) return null;
    const read = readEntry(keeper.storage, GAME_KEY, snapshotProblem);
    if (read.lost) keeper.lose(read.lost);
    if (!read.value) return null;
    try {
      const pie = read.value.pie !== false;
      const game = engine.GameHandle.fromRecord(read.value.record, pie);
      // The line shown, which may be a variation: its moves are the tree's.
      if (read.value.line) {
        const line = engine.GameHandle.fromRecord(read.value.line, pie);
        followLine(game, line.moves());
        line.free();
      }
      return { game, saved: read.value, text: read.text ?? '' };
    } catch (e) {
      keeper.lose({ ...keepUnread(keeper.storage, GAME_KEY, read.text ?? '', e), shown: read.value.record });
      return null;
    }
  }

  /**
   * The game to open: the link's, else the stored one (with its review),
   * else null (a new game). A link that replaces a different stored game
   * keeps that game under a backup key; the stored game that holds every
   * move of the link's (a reload, or the game played on from it) stays,
   * shown at the link's end. `linkError` is why the link did not read.
   * @param {import('../links.js').GameLink | null} link
   * @param {string} level the level for a game that names none
   * @returns {{ opened: Opened | null, linkError: unknown }}
   */
  open(link, level) {
    const { engine, keeper, review } = this;
    const stored = this.stored();
    let linkError = null;
    let atLink = false;
    if (link) {
      try {
        const g = engine.GameHandle.fromRecord(link.record, link.pie);
        const has = new Set(stored ? nodePaths(stored.game.tree().rows).map((p) => p.join(' ')) : []);
        const holds =
          stored &&
          reviewedGame(stored.game).start === reviewedGame(g).start &&
          nodePaths(g.tree().rows).every((p) => has.has(p.join(' ')));
        if (!holds) {
          // (A game with no moves is not worth keeping.)
          if (stored && stored.game.tree().rows.length > 0) {
            keeper.lose({ ...keepUnread(keeper.storage, GAME_KEY, stored.text, { kind: 'replaced' }), shown: stored.saved.record });
          }
          stored?.game.free();
          return { opened: { game: g, seats: HUMANS, level }, linkError: null };
        }
        followLine(stored.game, g.moves());
        g.free();
        atLink = true;
      } catch (e) {
        linkError = e;
      }
    }
    if (!stored) return { opened: null, linkError };
    const { game, saved } = stored;
    if (!atLink && Number.isInteger(saved.ply)) game.jump(saved.ply);
    const seated = ['first', 'second'].every((seat) => ['human', 'ai'].includes(saved.seats?.[seat]));
    if (saved.review) review.restore(reviewedGame(game).start, nodePaths(game.tree().rows), saved.review);
    return { opened: { game, seats: seated ? saved.seats : HUMANS, level: LEVELS.includes(saved.level) ? saved.level : level }, linkError };
  }
}
