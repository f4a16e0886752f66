// @ts-check
// The play page's first module: draws the board at once, from the stored
// game's cells (or empty), before the engine, the words and the rest of the
// page (app.js) have loaded. Its graph is small on purpose.
import { createBoard } from './board.js';
import { preview, readSettings } from './page-store.js';

export const settings = readSettings();
export const board = createBoard(/** @type {HTMLElement} */ (document.getElementById('board')), {
  ...preview(settings),
  coordinates: settings.coordinates,
  pieceSet: settings.pieceSet,
});
