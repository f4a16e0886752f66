// @ts-check
// Every link the site writes, and how it reads back. A game's link opens
// the play page on that game: `index.html#r=<record>` (the annotated record,
// or a plain one), with `&pie=0` when the pie rule is off. The record is
// read by the engine when the link is opened, never trusted before.

/** @typedef {{ record: string, pie: boolean }} GameLink */

/**
 * The play page's link to a game.
 * @param {string} page the play page's address (any hash is dropped)
 * @param {GameLink} game
 */
export function toLink(page, { record, pie }) {
  const params = new URLSearchParams({ r: record });
  if (!pie) params.set('pie', '0');
  return page.split('#')[0] + '#' + params.toString();
}

/**
 * The game a link's hash carries, or null when it carries none.
 * @param {string} hash `location.hash`, with or without its `#`
 * @returns {GameLink | null}
 */
export function fromLink(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const record = params.get('r');
  if (!record) return null;
  return { record, pie: params.get('pie') !== '0' };
}
