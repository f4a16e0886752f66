// @ts-check
// What the board editor reads and writes: pasted text read into a diagram
// (by the engine, and model.js for a snippet), the snippet and the
// share link written from the engine's reading, the images and the
// clipboard. Nothing here runs at import, so Node tests use it too.
import * as model from './model.js';
import { DEFAULTS } from '../../game/embed-config.js';
import { toLink } from '../../game/links.js';
import { saveFile } from '../../lib/save-file.js';

/** @typedef {import('./model.js').Diagram} Diagram */
/** @typedef {import('./ctrl.js').Engine} Engine */
/** @typedef {import('./ctrl.js').Reading} Reading */

/**
 * Reads what the user pasted: a snippet, a record (its last position) or a
 * position string (which keep the pie rule and coordinates of `current`);
 * the engine tells a record from a position. Throws the engine's error,
 * the snippet's attribute problem, or a mark off the board as
 * `{ name, point, size }`.
 * @param {Engine} engine
 * @param {string} text
 * @param {Diagram} current
 * @returns {Diagram}
 */
export function readText(engine, text, current) {
  const trimmed = text.trim();
  const snippet = trimmed.startsWith('<') || /<federa-board/i.test(trimmed);
  const s = snippet ? model.readSnippet(trimmed) : null;
  const pie = s ? s.pie : current.pie;
  const game = s
    ? s.position
      ? engine.GameHandle.fromPosition(s.position, pie)
      : s.record
        ? engine.GameHandle.fromRecord(s.record, pie)
        : new engine.GameHandle(s.size ?? DEFAULTS.size, pie)
    : engine.GameHandle.fromText(trimmed, pie);
  try {
    const st = game.status();
    const { position, record, size, ...marks } = s ?? { pie, coordinates: current.coordinates };
    /** @type {Diagram} */
    const d = { ...model.emptyDiagram(st.size), ...marks, cells: Uint8Array.from(game.board()), toMove: st.toMove, plies: st.plies };
    const off = model.markOffBoard(d);
    if (off) throw { ...off, size: st.size };
    return d;
  } finally {
    game.free();
  }
}

/**
 * The <federa-board> snippet of the diagram, loading embed.js from beside `page`.
 * @param {Diagram} d
 * @param {Reading} reading
 * @param {string} page the editor's address
 */
export const snippetOf = (d, reading, page) => model.snippet(d, reading.position, new URL('embed.js', page).href);

/**
 * The play page's link to the diagram's position, with its pie rule.
 * @param {Diagram} d
 * @param {Reading} reading
 * @param {string} page the editor's address (the play page is beside it)
 */
export const linkOf = (d, reading, page) => toLink(new URL('./', page).href, { record: reading.record, pie: d.pie });

/** @typedef {ReturnType<typeof import('../../board/board.js').createBoard>} Board */

/**
 * Downloads the board as an SVG image `side` pixels wide.
 * @param {Board} board
 * @param {Diagram} d
 * @param {number} side
 */
export function saveSvg(board, d, side) {
  const svg = board.toSvg({ side, coordinates: d.coordinates });
  saveFile(new Blob([svg], { type: 'image/svg+xml' }), 'federa-diagram.svg');
}

/**
 * Downloads the board as a PNG image `side` pixels wide.
 * @param {Board} board
 * @param {Diagram} d
 * @param {number} side
 */
export async function savePng(board, d, side) {
  saveFile(await board.toPng({ side, coordinates: d.coordinates }), 'federa-diagram.png');
}

/**
 * Copies `text`; false where the browser does not allow it.
 * @param {string} text
 */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
