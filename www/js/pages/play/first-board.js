// @ts-check
// The play page's first module: draws the board at once, from the stored
// game's cells (or empty), before the engine, the words and the rest of the
// page (app.js) have loaded. Its graph is small on purpose.
import { createBoard } from '../../board/board.js';
import { SETTINGS_KEY, keeper, preview, readSettings } from './store.js';
import { SettingsStore } from '../../game/settings.js';
import { $ } from '../../lib/dom.js';

export const settings = new SettingsStore(readSettings(), (values) => keeper.write(SETTINGS_KEY, values));
// The evaluation bar's room, as the page will keep it (federa.css), from the first paint.
$('board-area').classList.toggle('analysing', settings.values.analysis);
export const board = createBoard($('board'), {
  ...preview(settings.values),
  coordinates: settings.values.coordinates,
  pieceSet: settings.values.pieceSet,
});
