// @ts-check
// The board's pointer input: which point the pointer is over, and clicks.

/**
 * @typedef {{
 *   hover?: (point: string | null, event: Event) => void,
 *   click?: (point: string, button: number, event: PointerEvent) => void,
 * }} BoardEvents
 */

/**
 * Reports hovers and clicks on `canvas` through `events()`, while
 * `interactive()`; `pointAt` finds the point under a pointer. Returns the
 * last point hovered and a function that removes the listeners.
 * @param {HTMLCanvasElement} canvas
 * @param {(event: PointerEvent) => string | null} pointAt
 * @param {() => boolean} interactive
 * @param {() => BoardEvents} events
 */
export function listen(canvas, pointAt, interactive, events) {
  /** @type {string | null} */
  let hovered = null;
  /** @param {PointerEvent} event */
  const onMove = (event) => {
    if (!interactive()) return;
    const p = pointAt(event);
    if (p !== hovered) {
      hovered = p;
      events().hover?.(p, event);
    }
  };
  /** @param {PointerEvent} event */
  const onLeave = (event) => {
    hovered = null;
    events().hover?.(null, event);
  };
  /** @param {PointerEvent} event */
  const onDown = (event) => {
    if (!interactive()) return;
    const p = pointAt(event);
    if (p === null) return;
    event.preventDefault();
    events().click?.(p, event.button, event);
  };
  /** @param {Event} event */
  const onContext = (event) => event.preventDefault();
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('contextmenu', onContext);
  return {
    hovered: () => hovered,
    remove() {
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('contextmenu', onContext);
    },
  };
}
