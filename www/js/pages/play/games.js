// @ts-check
// The play page's list of games (archive.js's entries): reopen one, rename
// it, delete it with an undo (the last deletion, as a mail client's "Deleted
// — Undo"), and export them all as one file of annotated records. The
// current game's entry is written by play/persist.js; the list is drawn
// again (by the view, with panels/games.js) whenever the archive changes.
import { gameTitle } from '../../panels/games.js';
import { saveFile } from '../../lib/save-file.js';
import { archiveTags } from '../../game/archive.js';

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../../game/archive.js').Archive} Archive
 * @typedef {import('./persist.js').Persist} Persist
 * @typedef {import('../../engine/engine.js').Engine} Engine
 */

export class ArchiveList {
  /**
   * @param {Page} page
   * @param {{ engine: Engine, archive: Archive, persist: Persist,
   *   open: (opened: import('./persist.js').Opened) => void, lost: () => void,
   *   copyLink: (friendText: string) => void, draw: () => void }} parts
   * open: plays an opened game; lost: shows the notes on entries that did not read;
   * copyLink: copies (or shares) a link game's link, from its `f` text;
   * draw: draws the list
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
    /** The game whose name is being typed. @type {string | null} */
    this.renaming = null;
    /** The last deletion, for its undo. @type {{ id: string, text: string, title: string } | null} */
    this.deleted = null;
    // Not while a name is typed: the form would be made again under the typing.
    parts.archive.on('change', () => {
      if (this.renaming === null) this.redraw();
    });
  }

  /** Has the list drawn again. */
  redraw() {
    this.parts.draw();
  }

  /** @param {string} id */
  reopen(id) {
    const opened = this.parts.persist.reopen(id, this.page.settings.values.level);
    if (opened) {
      this.parts.open(opened);
      this.page.announce(this.page.t('archive.opened', { title: gameTitle(this.page.t, this.summary(id)) }));
    }
    // One that no longer reads has left the list, with a note.
    this.parts.lost();
    this.redraw();
  }

  /**
   * Shows the form that renames the game `id`.
   * @param {string} id
   */
  rename(id) {
    this.renaming = id;
    this.redraw();
  }

  /**
   * The name typed for the game `id` (null: the rename is cancelled).
   * @param {string} id
   * @param {string | null} name
   */
  named(id, name) {
    this.renaming = null;
    if (name === null) this.redraw();
    else this.parts.archive.rename(id, name);
  }

  /** @param {string} id */
  summary(id) {
    return /** @type {import('../../game/archive.js').Summary} */ (this.parts.archive.summaries.get(id));
  }

  /**
   * The last link of a link game again, for its player to send.
   * @param {string} id
   */
  resend(id) {
    const friend = this.parts.archive.summaries.get(id)?.friend;
    if (friend) this.parts.copyLink(friend.text);
  }

  /** @param {string} id */
  remove(id) {
    const { archive } = this.parts;
    if (id === archive.current || !archive.summaries.has(id)) return;
    const title = gameTitle(this.page.t, this.summary(id));
    const deleted = archive.remove(id);
    this.deleted = deleted && { ...deleted, title };
    this.page.announce(this.page.t('archive.deleted', { title }));
    this.redraw();
  }

  undo() {
    if (!this.deleted) return;
    const { title } = this.deleted;
    if (this.parts.archive.restore(this.deleted)) this.page.announce(this.page.t('archive.restored', { title }));
    this.deleted = null;
    this.redraw();
  }

  /**
   * An entry's annotated record with `tags` set through the engine.
   * @param {{ record: string, pie?: unknown }} entry
   * @param {[string, string][]} tags
   */
  tagged(entry, tags) {
    try {
      const game = this.parts.engine.GameHandle.fromRecord(entry.record, entry.pie !== false);
      for (const [key, value] of tags) game.setTag(key, value);
      const tagged = game.annotated();
      game.free();
      return tagged;
    } catch {
      // A record the engine no longer reads goes out as it was kept.
      return entry.record;
    }
  }

  /** The archive's tags for the current game (none without an entry): a download's. */
  currentTags() {
    const { archive } = this.parts;
    const summary = archive.current ? archive.summaries.get(archive.current) : undefined;
    return summary ? archiveTags(summary) : [];
  }

  /** Saves every game as one file of annotated records, with the archive's tags. */
  exportAll() {
    const { archive } = this.parts;
    const text = archive.exportAll((entry, tags) => this.tagged(entry, tags));
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
    saveFile(new Blob([text + '\n'], { type: 'text/plain' }), `federa-games-${stamp}.txt`);
  }
}
