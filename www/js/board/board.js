// @ts-check
// The board view: draws a Federa position on a canvas and reports what the
// user points at. It knows no rules: the page feeds it the cells, the groups
// to outline and the badge text, all computed by the engine.
//
//   const board = createBoard(element, config);
//   board.set({ cells, lastMove, ... });   // redraw is batched per frame
//   board.destroy();
//
// Its parts: board/geometry.js (where points are), board/anim.js (what
// moves, and how), board/layers.js (what is drawn, bottom to top) and
// board/input.js (pointer events).
import { parsePoint } from '../engine/points.js';
import { DEFAULT_SIZE } from '../engine/facts.js';
import { aspect, drawnArea, layout, pixel, pointAt as pointAtPixel, shown as isShown, wholeBoard } from './geometry.js';
import { plan } from './anim.js';
import { ABOVE, BELOW, GROUND, drawPiece } from './layers.js';
import { listen } from './input.js';
import { pictureSvg } from './svg.js';

/**
 * Every key is optional in `set`.
 * @typedef {{
 *   size?: number,
 *   cells?: ArrayLike<number>,
 *   lastMove?: string[],
 *   hints?: string[][],
 *   marks?: string[],
 *   arrows?: [string, string][],
 *   labels?: [string, string][],
 *   shade?: string[],
 *   region?: import('./geometry.js').Region | null,
 *   focus?: import('./layers.js').Focus | null,
 *   ghost?: { point: string, piece: number } | null,
 *   cursor?: string | null,
 *   coordinates?: boolean,
 *   pieceSet?: 'federa' | 'classic',
 *   interactive?: boolean,
 *   overlays?: import('./layers.js').Layer[],
 *   underlays?: import('./layers.js').Layer[],
 *   animate?: { origin: string | null } | null,
 *   label?: string,
 *   events?: import('./input.js').BoardEvents,
 * }} BoardConfig
 *
 * size: board side N; cells: N*N cell codes (facts.js), row by row from
 * the bottom; lastMove: points marked with a dot; hints: groups outlined
 * with dashes; marks: points ringed; arrows, labels (a point and its text)
 * and shade (points): an author's annotations; region: the part of the
 * board shown (all of it when null); focus: the hovered group and its
 * attackers; ghost: a translucent piece preview; cursor: the keyboard
 * cursor; overlays: extra layers drawn above the pieces and marks, below
 * the focus, ghost and cursor; underlays: extra layers drawn on the bare
 * board, under the pieces; animate: animate the changes of the next
 * `cells`, rippling from `origin`; label: the canvas's text alternative.
 */

/**
 * Draws every layer of `picture` laid out as `g` on `ctx`, bottom to top.
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./layers.js').Picture & { underlays: import('./layers.js').Layer[], overlays: import('./layers.js').Layer[] }} picture
 * @param {import('./geometry.js').Geometry} g
 * @param {(name: string) => string} colour
 * @param {number} now
 * @param {Map<number, import('./anim.js').Anim>} anims
 */
function paint(ctx, picture, g, colour, now, anims) {
  ctx.clearRect(0, 0, g.side, g.height);
  /** @type {import('./layers.js').View} */
  const view = {
    picture,
    g,
    colour,
    now,
    anims,
    at(name) {
      const p = parsePoint(name);
      return p && isShown(g, p.col, p.row) ? pixel(g, p.col, p.row) : null;
    },
    piece: (code, x, y, scale, sx, alpha) => drawPiece(ctx, g, colour, picture.pieceSet, code, x, y, scale, sx, alpha),
  };
  for (const layer of GROUND) layer(ctx, view);
  // Nothing of a region's hidden part shows.
  ctx.save();
  ctx.beginPath();
  ctx.rect(...drawnArea(g));
  ctx.clip();
  for (const layer of [...picture.underlays, ...BELOW, ...picture.overlays, ...ABOVE]) layer(ctx, view);
  ctx.restore();
}

/**
 * A still board of `size` with `cells`, `side` pixels wide, without
 * coordinates, marks or motion, on a canvas of its own (the list of games'
 * thumbnails): the board's own layers draw it.
 * @param {number} size
 * @param {ArrayLike<number>} cells
 * @param {number} side
 * @param {{ pieceSet: 'federa' | 'classic', colour: (name: string) => string }} look
 */
export function stillBoard(size, cells, side, { pieceSet, colour }) {
  const canvas = document.createElement('canvas');
  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(side * dpr);
  canvas.height = Math.round(side * dpr);
  canvas.style.width = canvas.style.height = side + 'px';
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const still = { size, cells, lastMove: [], hints: [], marks: [], focus: null, ghost: null, cursor: null, coordinates: false, pieceSet, arrows: [], labels: [], shade: [] };
  paint(ctx, { ...still, underlays: [], overlays: [] }, layout(side, size, false), colour, 0, new Map());
  return canvas;
}

/**
 * @param {HTMLElement} element
 * @param {BoardConfig} initial
 */
export function createBoard(element, initial) {
  const canvas = document.createElement('canvas');
  canvas.className = 'board-canvas';
  canvas.setAttribute('role', 'img');
  element.appendChild(canvas);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));

  const state = {
    size: DEFAULT_SIZE,
    /** @type {ArrayLike<number>} */
    cells: new Uint8Array(DEFAULT_SIZE * DEFAULT_SIZE),
    /** @type {string[]} */
    lastMove: [],
    /** @type {string[][]} */
    hints: [],
    /** @type {string[]} */
    marks: [],
    /** @type {[string, string][]} */
    arrows: [],
    /** @type {[string, string][]} */
    labels: [],
    /** @type {string[]} */
    shade: [],
    /** @type {import('./geometry.js').Region | null} */
    region: null,
    /** @type {import('./layers.js').Focus | null} */
    focus: null,
    /** @type {{ point: string, piece: number } | null} */
    ghost: null,
    /** @type {string | null} */
    cursor: null,
    coordinates: true,
    /** @type {'federa' | 'classic'} */
    pieceSet: 'federa',
    interactive: true,
    /** @type {import('./layers.js').Layer[]} */
    overlays: [],
    /** @type {import('./layers.js').Layer[]} */
    underlays: [],
    label: '',
    /** @type {import('./input.js').BoardEvents} */
    events: {},
  };
  /** What is on screen, to animate from. @type {Uint8Array | null} */
  let shown = null;
  /** @type {Map<number, import('./anim.js').Anim>} */
  let anims = new Map();
  let frame = 0;
  let drawn = false;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  /** @param {BoardConfig} config */
  function set(config) {
    const { animate, ...next } = config;
    if (next.cells) {
      const size = next.size ?? state.size;
      anims =
        shown && size === state.size && !reducedMotion.matches
          ? new Map([...anims, ...plan(shown, next.cells, size, animate?.origin ?? null, performance.now())])
          : new Map();
      shown = Uint8Array.from(next.cells);
    }
    const ratio = aspect(region(), state.coordinates);
    Object.assign(state, next);
    if (next.label !== undefined) canvas.setAttribute('aria-label', state.label);
    if (aspect(region(), state.coordinates) === ratio) {
      redraw();
      return;
    }
    // A region's picture is as wide and high as the part it shows.
    element.style.aspectRatio = state.region ? String(aspect(region(), state.coordinates)) : '';
    resize();
  }

  const region = () => state.region ?? wholeBoard(state.size);

  function redraw() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function resize() {
    const rect = element.getBoundingClientRect();
    const ratio = aspect(region(), state.coordinates);
    const side = Math.max(100, Math.floor(Math.min(rect.width, rect.height ? rect.height * ratio : rect.width)));
    const height = Math.round(side / ratio);
    const dpr = window.devicePixelRatio || 1;
    const [w, h] = [Math.round(side * dpr), Math.round(height * dpr)];
    if (canvas.width !== w || canvas.height !== h || canvas.style.width !== side + 'px') {
      canvas.style.width = side + 'px';
      canvas.style.height = height + 'px';
      canvas.width = w;
      canvas.height = h;
    }
    redraw();
  }

  /** The layout of the board as set (the next frame draws it). */
  function geometry() {
    return layout(canvas.width / (window.devicePixelRatio || 1), state.size, state.coordinates, region());
  }

  /** @param {number} now */
  function draw(now) {
    frame = 0;
    const computed = getComputedStyle(element);
    /** @param {string} name */
    const colour = (name) => computed.getPropertyValue(name).trim();
    // The colours may not have loaded yet (an embedded board's shadow root
    // links them); the board is drawn when they have.
    if (!colour('--board')) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    paint(ctx, state, geometry(), colour, now ?? performance.now(), anims);
    if (anims.size) redraw();
    if (!drawn) {
      drawn = true;
      performance.mark('federa-board-drawn');
    }
  }

  /**
   * The point under a pointer event, measured on the board as set: a
   * click right after a change of size acts on the new board.
   * @param {PointerEvent} event
   */
  function pointAt(event) {
    const rect = canvas.getBoundingClientRect();
    return pointAtPixel(geometry(), event.clientX - rect.left, event.clientY - rect.top);
  }

  /**
   * Where a point is, in CSS pixels from the canvas's top-left corner, with
   * the spacing of the lines; null off the board.
   * @param {string} name
   */
  function pointPixel(name) {
    const p = parsePoint(name);
    const g = geometry();
    if (!p || !isShown(g, p.col, p.row)) return null;
    const [x, y] = pixel(g, p.col, p.row);
    return { x, y, cell: g.cell };
  }

  const input = listen(
    canvas,
    pointAt,
    () => state.interactive,
    () => state.events,
  );
  const observer = new ResizeObserver(resize);
  observer.observe(element);
  reducedMotion.addEventListener?.('change', redraw);

  set(initial);
  resize();

  /**
   * The picture as an SVG image, `side` pixels wide (the canvas's size by
   * default), with or without coordinates (as shown by default).
   * @param {{ side?: number, coordinates?: boolean }} [options]
   */
  function toSvg({ side = geometry().side, coordinates = state.coordinates } = {}) {
    const computed = getComputedStyle(element);
    return pictureSvg({ ...state, coordinates, region: region() }, side, (name) => computed.getPropertyValue(name).trim());
  }

  /**
   * The picture as a PNG image, `side` pixels wide: what `toSvg` draws,
   * painted by the canvas's own layers.
   * @param {{ side: number, coordinates?: boolean }} options
   * @returns {Promise<Blob>}
   */
  function toPng({ side, coordinates = state.coordinates }) {
    const g = layout(side, state.size, coordinates, region());
    const image = document.createElement('canvas');
    image.width = side;
    image.height = Math.round(g.height);
    const computed = getComputedStyle(element);
    const still = { ...state, coordinates, hints: [], focus: null, ghost: null, cursor: null, overlays: [], underlays: [] };
    paint(
      /** @type {CanvasRenderingContext2D} */ (image.getContext('2d')),
      still,
      g,
      (name) => computed.getPropertyValue(name).trim(),
      performance.now(),
      new Map(),
    );
    return new Promise((resolve, reject) => image.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
  }

  return {
    set,
    redraw,
    pointPixel,
    toSvg,
    toPng,
    canvas,
    /** The last point the pointer hovered, if still on the board. */
    hovered: input.hovered,
    /** Whether a placement or change is still being animated. */
    animating: () => anims.size > 0,
    destroy() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      input.remove();
      canvas.remove();
    },
  };
}

/** @typedef {ReturnType<typeof createBoard>} Board */
