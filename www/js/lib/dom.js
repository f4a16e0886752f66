// @ts-check
// The one way a page's code finds its elements, and shows one that asks something of the reader.

/**
 * An element by id, in the page or in `root` (a shadow root). Typed loosely
 * on purpose: each page's HTML holds the element, and its kind is known at
 * the call.
 * @param {string} id
 * @param {Document | ShadowRoot} [root]
 * @returns {any}
 */
export const $ = (id, root = document) => root.getElementById(id);

/**
 * Shows or hides `element`; one that appears is scrolled into view, since
 * what it asks is the reader's next step (a phone's page is long).
 * @param {HTMLElement} element
 * @param {boolean} shown
 */
export function appear(element, shown) {
  const was = element.hidden;
  element.hidden = !shown;
  // After the frame's layout: the page may still be placing what is above it.
  if (was && shown) requestAnimationFrame(() => element.scrollIntoView({ block: 'nearest' }));
}
