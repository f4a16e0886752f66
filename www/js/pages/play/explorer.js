// @ts-check
// The opening explorer's part of the play page: on or off (a setting), the
// book of the board's size (book/NxN.txt, written by `federa book build`),
// fetched the first time the explorer opens on that size and kept (`follow`),
// and what the book says of the position shown.

/** The board sizes the site has a book for. */
export const BOOK_SIZES = Object.freeze([7, 9, 13]);

/**
 * @typedef {import('./page.js').Page} Page
 * @typedef {import('../../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../../panels/explorer.js').BookEntry} BookEntry
 * @typedef {import('../../panels/explorer.js').BookMove} BookMove
 * @typedef {import('../../panels/explorer.js').Shown} Shown
 * @typedef {import('../../../federa-wasm.js').OpeningBook} OpeningBook
 * @typedef {{ book: OpeningBook | null, error: unknown }} Loaded
 */

/** The book file of a size, relative to the page. @param {number} size */
export const bookUrl = (size) => `book/${size}x${size}.txt`;

/**
 * A book's text; what fails is thrown as an error of kind `bookFetch`.
 * @param {string} url
 */
async function fetchText(url) {
  const response = await fetch(url).catch((e) => {
    throw { kind: 'bookFetch', status: String(e?.message ?? e) };
  });
  if (!response.ok) throw { kind: 'bookFetch', status: `${response.status} ${response.statusText}`.trim() };
  return response.text();
}

export class Explorer {
  /**
   * @param {Page} page
   * @param {{ OpeningBook: new (text: string) => OpeningBook, moveInfo: (token: string) => MoveInfo }} engine
   * @param {() => void} render draws the page again (a book came)
   * @param {(url: string) => Promise<string>} fetch
   */
  constructor(page, engine, render, fetch = fetchText) {
    this.page = page;
    this.engine = engine;
    this.render = render;
    this.fetch = fetch;
    /** Each size's book as it came (absent: not asked for yet; null: on its way). @type {Map<number, Loaded | null>} */
    this.books = new Map();
    /** The book move pointed at or focused in the panel, if any. @type {string | null} */
    this.pointed = null;
  }

  /** The book move pointed at, if it is one of the position's, to show on the board. */
  pointedMove() {
    const shown = this.pointed === null ? null : this.shown();
    return (shown?.kind === 'moves' && shown.moves.find((m) => m.token === this.pointed)?.info) || null;
  }

  get on() {
    return this.page.settings.values.explorer;
  }

  toggle() {
    this.page.settings.set('explorer', !this.on);
    this.page.announce(this.page.t(this.on ? 'explorer.on' : 'explorer.off'));
  }

  /** Fetches the book of the board's size, the first time the explorer is on at that size. */
  follow() {
    const { size } = this.page.session.status();
    if (!this.on || !BOOK_SIZES.includes(size) || this.books.has(size)) return;
    this.books.set(size, null);
    this.fetch(bookUrl(size))
      .then((text) => ({ book: new this.engine.OpeningBook(text), error: null }))
      .catch((error) => ({ book: null, error }))
      .then((loaded) => {
        this.books.set(size, loaded);
        this.render();
      });
  }

  /** What the explorer shows of the position on the board. @returns {Shown} */
  shown() {
    if (!this.on) return { kind: 'off' };
    const { session } = this.page;
    const st = session.status();
    if (!BOOK_SIZES.includes(st.size)) return { kind: 'none', size: st.size };
    const loaded = this.books.get(st.size);
    if (!loaded) return { kind: 'loading' };
    if (!loaded.book) return { kind: 'failed', error: loaded.error };
    if (loaded.book.pie() !== st.pie) return { kind: 'otherRules' };
    /** @type {BookEntry[]} */
    const entries = loaded.book.moves(session.current);
    if (entries.length === 0) return { kind: 'out' };
    const moves = entries.map((m) => ({ ...m, info: this.engine.moveInfo(m.token) }));
    return { kind: 'moves', moves, games: moves.reduce((sum, m) => sum + m.games, 0) };
  }
}
