// @ts-check
// Save and share, load, back up and restore: the game as text, a file or a
// link, every game as one file, and the whole browser's keeping (the
// backup's code, play/backup.js, loads when used). A text the clipboard
// will not take is shown to copy by hand.
import { $ } from '../../lib/dom.js';
import { HUMANS } from '../../game/session.js';
import { linkOf, toLink } from '../../game/links.js';
import { describeError } from '../../i18n/words.js';
import { saveFile } from '../../lib/save-file.js';

/**
 * @typedef {import('../../engine/types.js').Game} Game
 * @typedef {import('../../game/session.js').Seats} Seats
 */

export class Files {
  /**
   * @param {import('./page.js').Page} page
   * @param {{ engine: import('../../engine/engine.js').Engine,
   *   archive: import('../../game/archive.js').Archive, games: import('./games.js').ArchiveList,
   *   show: (game: Game, seats: Seats, level: string) => void }} parts
   * show: plays a game on the page
   */
  constructor(page, parts) {
    this.page = page;
    this.parts = parts;
  }

  /**
   * Copies `text` and says `done`; with no clipboard, shows it to copy by hand.
   * @param {string} text
   * @param {string} done
   */
  async copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      this.page.say(done, 'info');
    } catch {
      $('paste-text').value = text;
      this.openPaste(this.page.t('load.copyByHand'));
    }
  }

  /**
   * A game read from a record or a position becomes a new game here; it
   * throws the engine's error and changes nothing if the text does not read.
   * @param {string} text
   */
  load(text) {
    const { settings, t } = this.page;
    const game = this.parts.engine.GameHandle.fromText(text, settings.values.pie);
    this.parts.archive.begin();
    this.parts.show(game, HUMANS, settings.values.level);
    this.page.announce(t('message.loaded'));
  }

  /** The game as a file, with the archive's tags (players, date, result, level), as an export of all games has them. */
  download() {
    const { session } = this.page;
    const { games } = this.parts;
    const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '');
    const text = games.tagged({ record: session.current.annotated(), pie: session.status().pie }, games.currentTags());
    saveFile(new Blob([text + '\n'], { type: 'text/plain' }), `federa-${stamp}.txt`);
  }

  /** @param {string} [title] */
  openPaste(title) {
    $('paste-title').textContent = title ?? this.page.t('load.pasteTitle');
    $('paste-error').textContent = '';
    $('paste-dialog').showModal();
  }

  /** Restores a backup file: its games, keys and puzzle progress, checked whole first. @param {File} file */
  async restore(file) {
    const { t, say } = this.page;
    const { archive, engine, games } = this.parts;
    const { restoreBackup } = await import('./backup.js');
    try {
      const count = await restoreBackup(archive, engine, await file.text());
      if (count.current && archive.current) games.reopen(archive.current);
      const said = t('archive.restoredFile', { count: count.games, kept: count.kept });
      say(count.puzzles ? `${said} ${t('archive.restoredPuzzles')}` : said, 'info');
    } catch (error) {
      say(t('archive.restoreFailed', { reason: describeError(t, error) }), 'error');
    }
    games.redraw();
  }

  /** Listens to the Save and share, Load and Your games buttons, and the paste dialog. */
  listen() {
    const { session, t, say } = this.page;
    const { engine, archive, games } = this.parts;
    /**
     * The file chosen in `input`, once (the input is emptied for the next).
     * @param {string} input
     * @param {(file: File) => void} use
     */
    const onFile = (input, use) =>
      $(input).addEventListener('change', () => {
        const file = $(input).files[0];
        $(input).value = '';
        if (file) use(file);
      });
    $('btn-copy').addEventListener('click', () => this.copy(session.current.mainRecord(), t('message.copied')));
    $('btn-download').addEventListener('click', () => this.download());
    $('btn-share').addEventListener('click', () => {
      const url = toLink(location.href, linkOf(engine, session.current));
      history.replaceState(null, '', url);
      this.copy(url, t('message.linkCopied'));
    });
    $('btn-export-all').addEventListener('click', () => games.exportAll());
    $('btn-backup').addEventListener('click', () => import('./backup.js').then((b) => b.backUp(archive)));
    $('btn-restore').addEventListener('click', () => $('backup-input').click());
    onFile('backup-input', (file) => this.restore(file));
    $('btn-load').addEventListener('click', () => $('file-input').click());
    onFile('file-input', async (file) => {
      try {
        this.load(await file.text());
      } catch (e) {
        say(t('load.failed', { reason: describeError(t, e) }), 'error');
      }
    });
    $('btn-paste').addEventListener('click', () => {
      $('paste-text').value = '';
      this.openPaste();
    });
    $('paste-form').addEventListener('submit', (/** @type {SubmitEvent} */ e) => {
      if (/** @type {HTMLButtonElement | null} */ (e.submitter)?.value !== 'load') return;
      try {
        this.load($('paste-text').value);
      } catch (error) {
        e.preventDefault();
        $('paste-error').textContent = describeError(t, error);
      }
    });
  }
}
