// What the end-to-end tests do with <federa-board> elements more than once.

/** Waits until every <federa-board> on the page shows a board or a message. */
export async function boardsReady(page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('federa-board')].every((b) => {
      const root = b.shadowRoot;
      return root && (root.querySelector('.problem') || root.querySelector('.failed') || root.querySelector('canvas'));
    }),
  );
  // A frame for the canvases to draw.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Where `point` is on the page, for the board inside the <federa-board> of `selector` (scrolled into view). */
async function pointOf(page, selector, point) {
  const box = await page.evaluate((sel) => {
    const element = document.querySelector(sel);
    element.scrollIntoView({ block: 'center' });
    const rect = element.shadowRoot.querySelector('canvas').getBoundingClientRect();
    const size = Number(element.api.record().match(/(\d+)x\d+/)[1]);
    return { x: rect.x, y: rect.y, width: rect.width, size };
  }, selector);
  // The board's geometry with coordinates shown: 1.15 cells of margin.
  const cell = box.width / (box.size - 1 + 2 * 1.15);
  const col = point.charCodeAt(0) - 97;
  const row = Number(point.slice(1)) - 1;
  return { x: box.x + (1.15 + col) * cell, y: box.y + (1.15 + box.size - 1 - row) * cell };
}

/** Clicks a point of the board inside a <federa-board> (by CSS selector). */
export async function clickIn(page, selector, point, button = 'left') {
  const { x, y } = await pointOf(page, selector, point);
  await page.mouse.click(x, y, { button });
}

/** Taps a point of the board inside a <federa-board> with a finger. */
export async function tapIn(page, selector, point) {
  const { x, y } = await pointOf(page, selector, point);
  await page.touchscreen.tap(x, y);
}

/** The board's message line. */
export const messageIn = (page, selector) =>
  page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelector('.message').textContent, selector);

/** The board's game record. */
export const recordIn = (page, selector) => page.evaluate((sel) => document.querySelector(sel).api.record(), selector);
