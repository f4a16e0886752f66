// @ts-check
// The board editor: set up any position and mark it up for a diagram, by
// pointer, touch or keyboard. The engine says what the position is (won,
// who may change which group) and writes its position string; the editor
// writes the share link, the <federa-board> snippet and the images. The
// diagram being edited is kept in the browser (never dropped: an entry
// that does not read is kept under a backup key, and the page says so).
// This entry makes the controller (editor/ctrl.js) and its view
// (editor/view.js); editor/io.js reads and writes.
import { loadLanguage, preferredLanguage } from '../../i18n/i18n.js';
import { loadEngine } from '../../engine/engine.js';
import { Keeper, safeStorage } from '../../lib/store.js';
import * as model from './model.js';
import { EditorCtrl } from './ctrl.js';
import { snippetOf } from './io.js';
import { mountView } from './view.js';

const { t } = await loadLanguage(preferredLanguage());
const ctrl = new EditorCtrl({ keeper: new Keeper(safeStorage()) });
const board = mountView(ctrl, t);
ctrl.attach(await loadEngine());
document.documentElement.classList.add('editor-ready');
// For the end-to-end tests and the curious: the diagram, read-only.
Object.assign(window, {
  federa: {
    position: () => ctrl.reading?.position,
    snippet: () => {
      const reading = ctrl.reading;
      return reading && snippetOf(ctrl.diagram, reading, location.href);
    },
    diagram: () => model.toStored(ctrl.diagram),
    /** Where a point is on screen, in client coordinates. @param {string} name */
    pointPixel(name) {
      const at = board.pointPixel(name);
      const rect = board.canvas.getBoundingClientRect();
      return at && { x: rect.left + at.x, y: rect.top + at.y };
    },
  },
});
