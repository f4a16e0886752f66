// What the end-to-end tests do on the play page more than once.
import assert from 'node:assert/strict';

/// Starts a game through the New game dialog.
export async function newGame(page, { size, opponent, level = 'novice', side = 'light', pie = true, clock = '' }) {
  await page.click('#btn-new');
  await page.selectOption('#new-size', String(size));
  await page.selectOption('#new-opponent', opponent);
  if (opponent !== 'human') await page.selectOption('#new-level', level);
  if (opponent === 'ai') await page.selectOption('#new-side', side);
  if (opponent !== 'watch') await page.selectOption('#new-clock', clock);
  await page.setChecked('#new-pie', pie);
  await page.click('#new-game-form button[value="start"]');
  await page.waitForFunction((n) => window.federa.status().size === n, size);
}

/// Clicks a point of the board (a name such as `c3`).
export async function clickPoint(page, point, button = 'left') {
  // The board wholly in view: a click on a button far down the panel scrolls the page.
  await page.locator('#board').scrollIntoViewIfNeeded();
  const at = await page.evaluate((p) => window.federa.pointPixel(p), point);
  assert.ok(at, `point ${point} is on the board`);
  await page.mouse.click(at.x, at.y, { button });
}
