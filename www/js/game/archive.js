// @ts-check
// Every game kept in the browser: one storage entry a game, holding the
// play page's snapshot (play/persist.js) with an id, a kind, the name the
// player gave it, and when it was begun and last saved. The entries are the
// truth: the list is read from the keys present, so no index can fall out
// of step with them. An entry that does not read is kept under a backup key
// and noted (store.js's Keeper) before it leaves the list; a deleted one
// can be put back (`restore`) while the page is open.
import { readEntry, removeEntry, writeEntry } from '../lib/store.js';
import { isObject } from '../lib/objects.js';
import { Emitter } from '../lib/emitter.js';

export const ENTRY_PREFIX = 'federa.archive.';
/**
 * @typedef {import('./session.js').Seats} Seats
 * @typedef {0 | 1} Player the inviter (0) or the guest (1)
 * @typedef {{
 *   text: string, me: Player | null, id: string, size: number, days: number,
 *   names: [string, string | null], seats: Seats, mySeat: 'first' | 'second' | null,
 *   toMove: Player | null, deadline: number | null, lastTime: number, lastBy: Player | null,
 *   result: { winner: Player, how: string } | null, offer: Player | null, joined: boolean, events: number,
 * }} LinkFacts
 * What the archive's entry keeps of a link game beside its record (the
 * link is the game; the rest is for the list).
 */

/** The id of the game the page plays. */
export const CURRENT_KEY = 'federa.archive';
const ID = /^[0-9a-z]+$/;

/**
 * An entry's facts the list shows. `kind` is `local` for a game played (or
 * opened) here, `friend` for one played by link with a friend, whose
 * `friend` holds the link and what the list says of it (friends/link-game-ctrl.js).
 * `players` says who played each colour at the main line's end (after any
 * swap), `result` its winner, `tags` the record's own, `reviewed` whether
 * a review judged any of its moves, `setUp` whether it starts from a set-up
 * position, `cells` the board where it was left (facts.js's cell codes, one
 * digit a point, row by row from the bottom; null if the entry has none).
 * @typedef {{
 *   id: string, kind: string, name: string | null, created: number, updated: number,
 *   size: number, moves: number, result: 'B' | 'W' | null, level: string,
 *   players: { dark: 'human' | 'ai', light: 'human' | 'ai' }, tags: [string, string][], reviewed: boolean,
 *   setUp: boolean, friend: LinkFacts | null, cells: string | null,
 * }} Summary
 * @typedef {Summary & { record: string, [snapshot: string]: unknown }} Entry
 */

/** A new entry's id: the time and a random part, in base 36 (sortable, and unique across tabs). */
const newId = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** @param {any} v */
const entryProblem = (v) =>
  isObject(v) && typeof v.record === 'string' && typeof v.id === 'string' && Number.isFinite(v.created) ? null : { kind: 'unreadable' };

/**
 * The list's facts of an entry.
 * @param {any} e
 * @returns {Summary}
 */
function summaryOf(e) {
  const players = isObject(e.players) ? e.players : {};
  return {
    id: e.id,
    kind: typeof e.kind === 'string' ? e.kind : 'local',
    name: typeof e.name === 'string' && e.name ? e.name : null,
    created: e.created,
    updated: Number.isFinite(e.updated) ? e.updated : e.created,
    size: Number(e.size) || 0,
    moves: Number(e.moves) || 0,
    result: e.result === 'B' || e.result === 'W' ? e.result : null,
    level: typeof e.level === 'string' ? e.level : '',
    players: { dark: players.dark === 'ai' ? 'ai' : 'human', light: players.light === 'ai' ? 'ai' : 'human' },
    tags: Array.isArray(e.tags) ? e.tags.filter((/** @type {unknown} */ t) => Array.isArray(t) && t.length === 2) : [],
    reviewed: Array.isArray(e.review) && e.review.some(Boolean),
    setUp: e.setUp === true,
    friend: isObject(e.friend) && typeof e.friend.text === 'string' ? e.friend : null,
    cells: typeof e.cells === 'string' && e.cells.length === Number(e.size) ** 2 && /^[0-9]*$/.test(e.cells) ? e.cells : null,
  };
}

/**
 * The tags the archive gives a game's record, where the record has none
 * of its own: the players (`AI <level>`, as notation.md writes an AI, or
 * `Human`), the day it was begun, its result and the AI's level.
 * @param {Summary} s
 * @returns {[string, string][]}
 */
export function archiveTags(s) {
  const day = new Date(s.created);
  const date = [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((n) => String(n).padStart(2, '0')).join('.');
  const player = (/** @type {'human' | 'ai'} */ who) => (who === 'ai' ? `AI ${s.level}` : 'Human');
  const ai = s.players.dark === 'ai' || s.players.light === 'ai';
  /** @type {[string, string | null][]} */
  const wanted = [
    ['Dark', player(s.players.dark)],
    ['Light', player(s.players.light)],
    ['Date', date],
    ['Result', s.result],
    ['Level', ai ? s.level : null],
  ];
  const own = new Set(s.tags.map(([k]) => k));
  return /** @type {[string, string][]} */ (wanted.filter(([k, v]) => v !== null && !own.has(k)));
}

/**
 * The archive's events: `leave` before another entry becomes the current
 * one, while the current game is still the page's (to write what it holds
 * back); `change` after the list changed.
 * @extends {Emitter<{ leave: undefined, change: undefined }>}
 */
export class Archive extends Emitter {
  /**
   * @param {import('../lib/store.js').Keeper} keeper
   * @param {() => number} now
   */
  constructor(keeper, now = Date.now) {
    super();
    this.keeper = keeper;
    this.now = now;
    /** The entry the page plays, or null before one is begun. @type {string | null} */
    this.current = null;
    try {
      const id = JSON.parse(keeper.storage?.getItem(CURRENT_KEY) ?? 'null');
      if (typeof id === 'string' && ID.test(id)) this.current = id;
    } catch {
      // Only a pointer: with none, the page begins a new game.
    }
    /** The entries read, by id. @type {Map<string, Summary>} */
    this.summaries = new Map();
    this.refresh();
  }

  /** @param {string} id */
  key(id) {
    return ENTRY_PREFIX + id;
  }

  /** Reads the list from the storage. */
  refresh() {
    const { storage } = this.keeper;
    this.summaries.clear();
    /** @type {string[]} */
    const ids = [];
    try {
      for (let i = 0; i < (storage?.length ?? 0); i++) {
        const key = storage?.key(i) ?? '';
        if (key.startsWith(ENTRY_PREFIX) && ID.test(key.slice(ENTRY_PREFIX.length))) ids.push(key.slice(ENTRY_PREFIX.length));
      }
    } catch {
      return;
    }
    for (const id of ids) {
      const read = this.read(id);
      if (read) this.summaries.set(id, summaryOf(read.value));
    }
  }

  /**
   * The entry `id` as stored (its value and text), or null. One that does
   * not read is kept under a backup key and noted, then taken out of the
   * list (with no room for a copy it stays, held, until its note is closed).
   * @param {string} id
   * @returns {{ value: Entry, text: string } | null}
   */
  read(id) {
    const key = this.key(id);
    if (this.keeper.held.has(key)) return null;
    const read = readEntry(this.keeper.storage, key, entryProblem);
    if (read.lost) {
      this.keeper.lose(read.lost);
      if (read.lost.backup) this.drop(id);
      return null;
    }
    return read.value ? { value: read.value, text: read.text ?? '' } : null;
  }

  /**
   * Takes an entry out, once its text is kept (under a backup key, or by
   * `remove`'s caller for its undo).
   * @param {string} id
   */
  drop(id) {
    this.summaries.delete(id);
    removeEntry(this.keeper.storage, this.key(id));
    this.emit('change', undefined);
  }

  /** The entries, the one last saved first. */
  list() {
    return [...this.summaries.values()].sort((a, b) => b.updated - a.updated || b.created - a.created);
  }

  /**
   * Writes `snapshot` as the current game's entry (begun now if there is
   * none), keeping its name and when it was begun.
   * @param {Record<string, unknown>} snapshot
   */
  save(snapshot) {
    const id = this.current ?? this.begin();
    const had = this.summaries.get(id);
    const now = this.now();
    const kind = typeof snapshot.kind === 'string' ? snapshot.kind : (had?.kind ?? 'local');
    const entry = { ...snapshot, id, kind, name: had?.name ?? null, created: had?.created ?? now, updated: now };
    this.keeper.write(this.key(id), entry);
    this.summaries.set(id, summaryOf(entry));
    this.emit('change', undefined);
  }

  /**
   * Makes `snapshot` (the one game an earlier version kept) a new entry,
   * the current one; false if the browser had no room for it.
   * @param {Record<string, unknown>} snapshot
   */
  adopt(snapshot) {
    const id = newId();
    const now = this.now();
    const entry = { ...snapshot, id, kind: 'local', name: null, created: now, updated: now };
    if (!writeEntry(this.keeper.storage, this.key(id), entry)) return false;
    this.summaries.set(id, summaryOf(entry));
    this.open(id);
    return true;
  }

  /**
   * Makes a new entry the current one (written at its first save); the one
   * left goes if it holds no move, as a game not worth keeping.
   * @returns {string}
   */
  begin() {
    return this.open(newId());
  }

  /**
   * Makes `id` the current entry.
   * @param {string} id
   */
  open(id) {
    if (id !== this.current) this.emit('leave', undefined);
    const left = this.current === null ? undefined : this.summaries.get(this.current);
    // A set-up position, or a game with tags, is worth keeping with no move.
    if (left && left.id !== id && left.moves === 0 && !left.name && !left.setUp && left.tags.length === 0) this.drop(left.id);
    this.current = id;
    this.keeper.write(CURRENT_KEY, id);
    this.emit('change', undefined);
    return id;
  }

  /**
   * Gives an entry a name (an empty one takes it away).
   * @param {string} id
   * @param {string} name
   */
  rename(id, name) {
    const read = this.read(id);
    if (!read) return;
    const named = { ...read.value, name: name.trim() || null };
    this.keeper.write(this.key(id), named);
    this.summaries.set(id, summaryOf(named));
    this.emit('change', undefined);
  }

  /**
   * Deletes an entry; returns what `restore` puts back, or null.
   * @param {string} id
   * @returns {{ id: string, text: string } | null}
   */
  remove(id) {
    let text = null;
    try {
      text = this.keeper.storage?.getItem(this.key(id)) ?? null;
    } catch {
      return null;
    }
    if (text === null) return null;
    this.drop(id);
    return { id, text };
  }

  /**
   * Puts a deleted entry back.
   * @param {{ id: string, text: string }} deleted
   */
  restore({ id, text }) {
    try {
      this.keeper.storage?.setItem(this.key(id), text);
    } catch {
      return false;
    }
    const read = this.read(id);
    if (read) this.summaries.set(id, summaryOf(read.value));
    this.emit('change', undefined);
    return Boolean(read);
  }

  /**
   * Every entry's record with the archive's tags, oldest first, for one
   * file; `tagged(entry, tags)` gives the entry's record with the tags
   * set (through the engine).
   * @param {(entry: Entry, tags: [string, string][]) => string} tagged
   */
  exportAll(tagged) {
    return [...this.summaries.values()]
      .sort((a, b) => a.created - b.created)
      .flatMap((s) => this.read(s.id) ?? [])
      .map(({ value }) => tagged(value, archiveTags(summaryOf(value))))
      .join('\n\n');
  }
}
