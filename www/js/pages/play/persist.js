// @ts-check
// The play page's game in the browser: the snapshot written to the current
// entry of the archive (archive.js) after every change (the annotated
// record, the line shown, the review's judgements, seats, level, who played
// each colour and the result, and the cells the first board draws), and the
// game opened on arrival: the link's, else the current entry's. Nothing
// stored is dropped: an entry that does not read is kept under a backup key
// and noted (store.js's Keeper), and a link never replaces a game — it
// opens the entry that holds its game, updates the one it continues, or
// becomes a new entry.
import { keepUnread, readEntry, removeEntry } from '../../lib/store.js';
import { GAME_KEY } from './store.js';
import { ENTRY_PREFIX } from '../../game/archive.js';
import { isObject } from '../../lib/objects.js';
import { LEVELS } from '../../engine/facts.js';
import { HUMANS } from '../../game/session.js';
import { isJudgement, reviewedGame } from '../../ai/review-runner.js';
import { linkGame } from '../../game/links.js';

/**
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../game/session.js').Seats} Seats
 * @typedef {import('../../engine/engine.js').Engine} Engine
 * @typedef {{ game: Game, seats: Seats, level: string, friend: unknown, clock?: unknown }} Opened
 * friend: a link game's facts (friends/link-game-ctrl.js), or null; clock: its clocks'
 * times as kept (play/clock.js)
 * @typedef {{ game: Game, saved: any, text: string }} Stored
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

/**
 * The status at the end of the main line `record`.
 * @param {Engine} engine
 * @param {string} record
 * @param {boolean} pie
 * @returns {import('../../engine/types.js').Status}
 */
function mainEnd(engine, record, pie) {
  const main = engine.GameHandle.fromRecord(record, pie);
  const end = main.status();
  main.free();
  return end;
}

/** @param {any} v */
const snapshotProblem = (v) =>
  isObject(v) &&
  typeof v.record === 'string' &&
  (v.line === undefined || typeof v.line === 'string') &&
  (v.review === undefined || (Array.isArray(v.review) && v.review.every((r) => r === null || isJudgement(r))))
    ? null
    : { kind: 'unreadable' };

/**
 * The seats a snapshot names, or two humans.
 * @param {any} saved
 * @returns {Seats}
 */
const seatsOf = (saved) => (['first', 'second'].every((seat) => ['human', 'ai', 'remote'].includes(saved.seats?.[seat])) ? saved.seats : HUMANS);

/**
 * A game's paths of moves, one a node, each as one string.
 * @param {Game} game
 */
const pathsOf = (game) => nodePaths(game.tree().rows).map((p) => p.join(' '));

/**
 * The moves up to each node of the tree, every node once, in a fixed order
 * (each row after its variations): what a stored review is aligned with.
 * @param {import('../../engine/types.js').Row[]} rows
 * @param {string[]} [before] the moves before the first row
 * @returns {string[][]}
 */
function nodePaths(rows, before = []) {
  /** @type {string[][]} */
  const out = [];
  let path = before;
  for (const row of rows) {
    for (const v of row.variations) out.push(...nodePaths(v, path));
    path = [...path, row.token];
    out.push(path);
  }
  return out;
}

export class Persist {
  /**
   * @param {{ engine: Engine, keeper: import('../../lib/store.js').Keeper, archive: import('../../game/archive.js').Archive,
   *   review: import('../../ai/review-runner.js').ReviewRunner, session: import('../../game/session.js').Session,
   *   clock?: () => unknown }} parts
   * clock: the current game's clocks' times to keep (play/clocks.js's), or null
   */
  constructor({ engine, keeper, archive, review, session, clock = () => null }) {
    this.engine = engine;
    this.keeper = keeper;
    this.archive = archive;
    this.review = review;
    this.session = session;
    this.clock = clock;
    /** The current game's facts as a link game (friends/link-game-ctrl.js), or null for a game of this page's own. @type {unknown} */
    this.friend = null;
  }

  /** Writes the session's game as it is now, into its entry. */
  save() {
    const { engine, session, review } = this;
    const game = session.current;
    const st = session.status();
    const { start } = reviewedGame(game);
    // Who played each colour, and who won, at the main line's end: the
    // status shown when the board is there (as while a game is played),
    // else the main line's, replayed (the line shown may be a variation).
    const record = game.record();
    const end = record === game.mainRecord() && st.ply === st.moves ? st : mainEnd(engine, game.mainRecord(), st.pie);
    // A resignation or a loss on time ends the game as the board does.
    const won = end.winner ?? session.ended?.winner;
    this.archive.save({
      record: game.annotated(),
      line: record,
      // Each node's judgement, in nodePaths' order (the variations' too).
      review: nodePaths(game.tree().rows).map((moves) => review.find(start, moves) ?? null),
      pie: st.pie,
      seats: session.seats,
      level: session.level,
      ply: st.ply,
      size: st.size,
      cells: Array.from(game.board()).join(''),
      moves: end.moves,
      players: { dark: session.seats[end.seats.dark], light: session.seats[end.seats.light] },
      result: won === 'dark' ? 'B' : won === 'light' ? 'W' : null,
      tags: game.tags(),
      setUp: st.setUp,
      ...(this.friend ? { kind: 'friend', friend: this.friend } : {}),
      clock: this.clock(),
    });
  }

  /**
   * The game of a snapshot read at `key`, or null once one that does not
   * read is kept under a backup key and noted (`gone` then takes it out).
   * @param {string} key
   * @param {{ value: any, text: string }} read
   * @param {() => void} gone
   * @returns {Stored | null}
   */
  game(key, { value, text }, gone) {
    const { engine, keeper } = this;
    let shown;
    try {
      const problem = snapshotProblem(value);
      if (problem) throw problem;
      shown = value.record;
      const pie = value.pie !== false;
      const game = engine.GameHandle.fromRecord(value.record, pie);
      // The line shown, which may be a variation: its moves are the tree's.
      if (value.line) {
        const line = engine.GameHandle.fromRecord(value.line, pie);
        followLine(game, line.moves());
        line.free();
      }
      return { game, saved: value, text };
    } catch (e) {
      const lost = keepUnread(keeper.storage, key, text, e);
      keeper.lose({ ...lost, shown });
      if (lost.backup) gone();
      return null;
    }
  }

  /**
   * The game of the archive's entry `id`, or null.
   * @param {string} id
   */
  load(id) {
    const read = this.archive.read(id);
    return read && this.game(this.archive.key(id), read, () => this.archive.drop(id));
  }

  /**
   * Moves the one game an earlier version kept (at GAME_KEY) into the
   * archive as its current entry; an entry that does not read is kept and
   * noted, as any other.
   */
  migrate() {
    const { keeper, archive } = this;
    if (keeper.held.has(GAME_KEY)) return;
    const read = readEntry(keeper.storage, GAME_KEY, snapshotProblem);
    if (read.lost) keeper.lose(read.lost);
    if (read.lost?.backup) removeEntry(keeper.storage, GAME_KEY);
    if (!read.value) return;
    const stored = this.game(GAME_KEY, { value: read.value, text: read.text ?? '' }, () => removeEntry(keeper.storage, GAME_KEY));
    if (!stored) return;
    // The list's facts, from the game itself: earlier versions kept no length.
    const facts = { size: stored.game.status().size, moves: stored.game.tree().rows.length };
    stored.game.free();
    // With no room in the archive it stays where it was, for the next visit.
    if (archive.adopt({ ...read.value, ...facts })) removeEntry(keeper.storage, GAME_KEY);
  }

  /**
   * A stored game opened: at its saved ply (else at the line it follows),
   * with its review, seats and level.
   * @param {Stored} stored
   * @param {string} level the level for a game that names none
   * @param {boolean} atSaved
   * @returns {Opened}
   */
  opened({ game, saved }, level, atSaved) {
    if (atSaved && Number.isInteger(saved.ply)) game.jump(saved.ply);
    if (saved.review) this.review.restore(reviewedGame(game).start, nodePaths(game.tree().rows), saved.review);
    this.friend = isObject(saved.friend) ? saved.friend : null;
    return { game, seats: seatsOf(saved), level: LEVELS.includes(saved.level) ? saved.level : level, friend: this.friend, clock: saved.clock };
  }

  /**
   * The game to open: the link's, else the current entry's (with its
   * review), else null (a new game). `linkError` is why the link did not
   * read; the current entry opens then.
   * @param {import('../../game/links.js').GameLink | null} link
   * @param {string} level the level for a game that names none
   * @returns {{ opened: Opened | null, linkError: unknown }}
   */
  open(link, level) {
    this.migrate();
    let linkError = null;
    if (link) {
      try {
        return { opened: this.openLink(linkGame(this.engine, link), level), linkError: null };
      } catch (e) {
        linkError = e;
      }
    }
    const { current } = this.archive;
    const stored = current === null ? null : this.load(current);
    return { opened: stored && this.opened(stored, level, true), linkError };
  }

  /**
   * The entry `id` opened from the list, or null if it no longer reads.
   * @param {string} id
   * @param {string} level
   */
  reopen(id, level) {
    const stored = this.load(id);
    if (!stored) return null;
    this.archive.open(id);
    return this.opened(stored, level, true);
  }

  /**
   * A link's game, quietly: an entry that holds every move of it (a reload,
   * or a game played on from the link) opens at the link's end; one whose
   * every move it holds (a reply that continues the game) takes it in its
   * place, keeping the entry's seats, review and tags; any other link's game
   * becomes a new entry. The current entry is tried first.
   * @param {Game} linked
   * @param {string} level
   * @returns {Opened}
   */
  openLink(linked, level) {
    const { archive } = this;
    const { start } = reviewedGame(linked);
    const paths = new Set(pathsOf(linked));
    const size = linked.status().size;
    const ids = archive.list().map((s) => s.id).sort((a, b) => Number(b === archive.current) - Number(a === archive.current));
    for (const id of ids) {
      // A link game with a friend changes only by its own links (friends/link-game-ctrl.js).
      const summary = archive.summaries.get(id);
      const stored = summary && summary.size === size && summary.kind !== 'friend' ? this.load(id) : null;
      if (!stored) continue;
      const has = pathsOf(stored.game);
      if (reviewedGame(stored.game).start === start && [...paths].every((p) => has.includes(p))) {
        archive.open(id);
        followLine(stored.game, linked.moves());
        linked.free();
        return this.opened(stored, level, false);
      }
      if (reviewedGame(stored.game).start === start && has.length > 0 && has.every((p) => paths.has(p))) {
        archive.open(id);
        // A reply of moves only (the compact link): its moves go on from the
        // stored game, whose comments, glyphs and variations stay.
        const plain = paths.size === linked.moves().length && !linked.tree().rows.some((/** @type {{ comment: string, glyph: string }} */ r) => r.comment || r.glyph);
        if (plain) {
          followLine(stored.game, linked.moves());
          linked.free();
          return this.opened(stored, level, false);
        }
        const { saved } = stored;
        if (saved.review) this.review.restore(start, nodePaths(stored.game.tree().rows), saved.review);
        const own = new Set(/** @type {[string, string][]} */ (linked.tags()).map(([k]) => k));
        for (const [k, v] of /** @type {[string, string][]} */ (stored.game.tags())) if (!own.has(k)) linked.setTag(k, v);
        stored.game.free();
        return { game: linked, seats: seatsOf(saved), level: LEVELS.includes(saved.level) ? saved.level : level, friend: null };
      }
      stored.game.free();
    }
    archive.begin();
    return { game: linked, seats: HUMANS, level, friend: null };
  }

  /**
   * After the note on a held game entry is closed: the current game is
   * saved in its place, any other is let go. False for a key not a game's.
   * @param {string} key
   */
  release(key) {
    const { archive } = this;
    if (key === GAME_KEY) removeEntry(this.keeper.storage, key);
    else if (archive.current !== null && key === archive.key(archive.current)) this.save();
    else if (key.startsWith(ENTRY_PREFIX)) removeEntry(this.keeper.storage, key);
    else return false;
    return true;
  }

  /** What the notes on lost game entries say: the current game's (or an earlier version's), or another of the list. */
  lostWords() {
    const { archive } = this;
    const current = archive.current === null ? null : archive.key(archive.current);
    /** @type {Record<string, { lost: string, full: string }>} */
    const words = { [GAME_KEY]: { lost: 'stored.gameLost', full: 'stored.full' } };
    for (const { key } of this.keeper.losses) {
      if (key.startsWith(ENTRY_PREFIX)) words[key] = { lost: key === current ? 'stored.gameLost' : 'archive.lost', full: 'stored.full' };
    }
    return words;
  }
}
