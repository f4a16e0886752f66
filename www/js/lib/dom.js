// @ts-check
// The one way a page's code finds its elements.

/**
 * An element by id, in the page or in `root` (a shadow root). Typed loosely
 * on purpose: each page's HTML holds the element, and its kind is known at
 * the call.
 * @param {string} id
 * @param {Document | ShadowRoot} [root]
 * @returns {any}
 */
export const $ = (id, root = document) => root.getElementById(id);
