// @ts-check
// A player's name as a game by link carries it (docs/friend-links.md): 1 to
// 40 bytes of UTF-8, no control character. The forms that take a name ask
// this before a link is written, so a name the format cannot carry is
// refused with its reason, not thrown.

/** The most bytes of UTF-8 a name takes in a link. */
export const MAX_NAME = 40;

/**
 * Why `name` cannot go into a link (`empty`, `control`, `tooLong`), or null.
 * @param {string} name
 * @returns {'empty' | 'control' | 'tooLong' | null}
 */
export function nameProblem(name) {
  if (name.length === 0) return 'empty';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control';
  return new TextEncoder().encode(name).length > MAX_NAME ? 'tooLong' : null;
}
