// The board view: draws a Federa position on a canvas and reports what the
// user points at. It knows no rules: the page feeds it the cells, the groups
// to outline and the badge text, all computed by the engine.
//
//   const board = createBoard(element, config);
//   board.set({ cells, lastMove, ... });   // redraw is batched per frame
//   board.destroy();
//
// Config (every key optional in `set`):
//   size            board side N
//   cells           Uint8Array N*N, row by row from the bottom:
//                   0 empty, 1 dark round, 2 dark square, 3 light round, 4 light square
//   lastMove        ["d4", ...] points marked with a dot
//   hints           [["c3", "c4"], ...] groups outlined with dashes
//   marks           ["c3", ...] points to highlight with a ring
//   focus           { points, dark: [...], light: [...], badge, tone } hovered group
//   ghost           { point, piece } translucent piece preview, or null
//   cursor          "d4" keyboard cursor, or null
//   coordinates     show a..y / 1..25 around the grid
//   pieceSet        "federa" | "classic"
//   interactive     whether pointer events are reported
//   animate         { origin: "d4" } animate the changes of the next `cells`
//   label           text alternative of the canvas
//   events          { hover(point|null, event), click(point, button, event) }

const PIECE_DIAMETER = 0.84;
// Same area as the circle: side = d * sqrt(pi) / 2.
const SQUARE_SIDE = (PIECE_DIAMETER * Math.sqrt(Math.PI)) / 2;
const PLACE_MS = 120;
const FLIP_MS = 250;
const RIPPLE_MS = 35;

const LETTERS = 'abcdefghijklmnopqrstuvwxy';

export function pointName(col, row) {
  return LETTERS[col] + (row + 1);
}

/// A point's name (a1 to y25) as its column and row, or null.
export function parsePoint(name) {
  const m = /^([a-y])([1-9]|1[0-9]|2[0-5])$/.exec(name);
  return m ? { col: LETTERS.indexOf(m[1]), row: Number(m[2]) - 1 } : null;
}

export function createBoard(element, initial) {
  const canvas = document.createElement('canvas');
  canvas.className = 'board-canvas';
  canvas.setAttribute('role', 'img');
  element.appendChild(canvas);
  const ctx = canvas.getContext('2d');

  const state = {
    size: 13,
    cells: new Uint8Array(169),
    lastMove: [],
    hints: [],
    marks: [],
    focus: null,
    ghost: null,
    cursor: null,
    coordinates: true,
    pieceSet: 'federa',
    interactive: true,
    label: '',
    events: {},
  };
  // What is on screen, and the animations from it to `state.cells`.
  let shown = null;
  let anims = new Map();
  let frame = 0;
  let geometry = null;

  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  function set(config) {
    const next = { ...config };
    if (next.cells && shown && next.cells.length === shown.length && !reducedMotion.matches) {
      planAnimations(next.cells, next.animate?.origin ?? null, next.size ?? state.size);
    } else if (next.cells) {
      anims.clear();
    }
    delete next.animate;
    Object.assign(state, next);
    if (next.cells) shown = Uint8Array.from(next.cells);
    if (next.label !== undefined) canvas.setAttribute('aria-label', state.label);
    redraw();
  }

  function planAnimations(cells, origin, size) {
    if (size !== state.size) {
      anims.clear();
      return;
    }
    const now = performance.now();
    const o = origin ? parsePoint(origin) : null;
    for (let i = 0; i < cells.length; i++) {
      const before = shown[i];
      const after = cells[i];
      if (before === after) continue;
      const col = i % size;
      const row = Math.floor(i / size);
      if (before === 0) {
        anims.set(i, { kind: 'place', start: now, from: 0 });
      } else if (after !== 0) {
        const steps = o ? Math.abs(o.col - col) + Math.abs(o.row - row) : 0;
        anims.set(i, { kind: 'flip', start: now + steps * RIPPLE_MS, from: before });
      }
    }
  }

  function redraw() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function resize() {
    const rect = element.getBoundingClientRect();
    const side = Math.max(100, Math.floor(Math.min(rect.width, rect.height || rect.width)));
    const dpr = window.devicePixelRatio || 1;
    canvas.style.width = side + 'px';
    canvas.style.height = side + 'px';
    canvas.width = Math.round(side * dpr);
    canvas.height = Math.round(side * dpr);
    redraw();
  }

  function computeGeometry() {
    const dpr = window.devicePixelRatio || 1;
    const side = canvas.width / dpr;
    const n = state.size;
    const pad = state.coordinates ? 1.15 : 0.7;
    const cell = side / (n - 1 + 2 * pad);
    return { dpr, side, n, pad, cell };
  }

  function xy(col, row, g = geometry) {
    return [(g.pad + col) * g.cell, (g.pad + (g.n - 1 - row)) * g.cell];
  }

  // The element's computed style, looked up once per frame.
  let computed = null;
  function style(name) {
    return computed.getPropertyValue(name).trim();
  }

  function draw(now) {
    frame = 0;
    computed = getComputedStyle(element);
    geometry = computeGeometry();
    const g = geometry;
    ctx.setTransform(g.dpr, 0, 0, g.dpr, 0, 0);
    ctx.clearRect(0, 0, g.side, g.side);
    drawBoard();
    drawHints();
    drawPieces(now ?? performance.now());
    drawLastMove();
    drawMarks();
    drawFocus();
    drawGhost();
    drawCursor();
    if (anims.size) redraw();
  }

  function drawBoard() {
    const g = geometry;
    ctx.fillStyle = style('--board') || '#d9a359';
    ctx.fillRect(0, 0, g.side, g.side);
    ctx.strokeStyle = style('--board-line') || '#3b2a14';
    ctx.lineWidth = Math.max(1, g.cell / 36);
    ctx.beginPath();
    for (let k = 0; k < g.n; k++) {
      const [x0, y0] = xy(k, 0);
      const [x1, y1] = xy(k, g.n - 1);
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      const [a0, b0] = xy(0, k);
      const [a1, b1] = xy(g.n - 1, k);
      ctx.moveTo(a0, b0);
      ctx.lineTo(a1, b1);
    }
    ctx.stroke();
    if (state.coordinates) {
      ctx.fillStyle = style('--board-text') || '#3b2a14';
      ctx.font = `${Math.round(g.cell * 0.36)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      const off = g.cell * 0.78;
      for (let k = 0; k < g.n; k++) {
        const [x, yTop] = xy(k, g.n - 1);
        const [, yBottom] = xy(k, 0);
        ctx.fillText(LETTERS[k], x, yTop - off);
        ctx.fillText(LETTERS[k], x, yBottom + off);
        const [xLeft, y] = xy(0, k);
        const [xRight] = xy(g.n - 1, k);
        ctx.fillText(String(k + 1), xLeft - off, y);
        ctx.fillText(String(k + 1), xRight + off, y);
      }
    }
  }

  function palette(piece) {
    const classic = state.pieceSet === 'classic';
    switch (piece) {
      case 1: return { fill: classic ? '#000' : '#1d1d22', light: false };
      case 2: return { fill: classic ? 'rgb(75,91,138)' : '#1d1d22', light: false };
      case 3: return { fill: classic ? '#fff' : '#f7f2e4', light: true };
      case 4: return { fill: classic ? 'rgb(195,213,255)' : '#f7f2e4', light: true };
      default: return null;
    }
  }

  function pieceShape(piece) {
    return piece === 1 || piece === 3 ? 'round' : 'square';
  }

  /// Draws a piece centred at (x, y); sx scales its width (for the flip).
  function drawPiece(piece, x, y, scale = 1, sx = 1, alpha = 1) {
    const g = geometry;
    const p = palette(piece);
    if (!p) return;
    ctx.save();
    ctx.globalAlpha = alpha;
    ctx.translate(x, y);
    ctx.scale(sx * scale, scale);
    const path = new Path2D();
    if (pieceShape(piece) === 'round') {
      path.arc(0, 0, (PIECE_DIAMETER * g.cell) / 2, 0, Math.PI * 2);
    } else {
      const s = SQUARE_SIDE * g.cell;
      path.roundRect(-s / 2, -s / 2, s, s, s * 0.12);
    }
    if (!p.light && state.pieceSet !== 'classic') {
      const r = (PIECE_DIAMETER * g.cell) / 2;
      const grad = ctx.createRadialGradient(-r * 0.35, -r * 0.4, r * 0.05, 0, 0, r * 1.1);
      grad.addColorStop(0, '#5b5b66');
      grad.addColorStop(0.45, p.fill);
      grad.addColorStop(1, '#08080a');
      ctx.fillStyle = grad;
    } else {
      ctx.fillStyle = p.fill;
    }
    ctx.fill(path);
    ctx.lineWidth = Math.max(1, g.cell / 22);
    ctx.strokeStyle = p.light ? '#2a2a2a' : '#000';
    ctx.stroke(path);
    ctx.restore();
  }

  function drawPieces(now) {
    const n = state.size;
    for (let i = 0; i < state.cells.length; i++) {
      const piece = state.cells[i];
      const anim = anims.get(i);
      const [x, y] = xy(i % n, Math.floor(i / n));
      if (!anim) {
        if (piece) drawPiece(piece, x, y);
        continue;
      }
      if (anim.kind === 'place') {
        const t = Math.min(1, (now - anim.start) / PLACE_MS);
        drawPiece(piece, x, y, 1 - (1 - t) * (1 - t));
        if (t >= 1) anims.delete(i);
      } else {
        const t = Math.max(0, Math.min(1, (now - anim.start) / FLIP_MS));
        const shownPiece = t < 0.5 ? anim.from : piece;
        drawPiece(shownPiece, x, y, 1, Math.max(0.02, Math.abs(Math.cos(t * Math.PI))));
        if (t >= 1) anims.delete(i);
      }
    }
  }

  function drawLastMove() {
    const g = geometry;
    ctx.fillStyle = '#e0301e';
    for (const name of state.lastMove) {
      const p = parsePoint(name);
      if (!p) continue;
      const [x, y] = xy(p.col, p.row);
      ctx.beginPath();
      ctx.arc(x, y, g.cell * 0.11, 0, Math.PI * 2);
      ctx.fill();
    }
  }

  function drawMarks() {
    const g = geometry;
    ctx.save();
    ctx.strokeStyle = style('--mark') || '#c2185b';
    ctx.lineWidth = Math.max(2, g.cell / 11);
    for (const name of state.marks) {
      const p = parsePoint(name);
      if (!p) continue;
      const [x, y] = xy(p.col, p.row);
      ctx.beginPath();
      ctx.arc(x, y, g.cell * 0.5, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.restore();
  }

  /// Strokes the outer edges of the union of the points' cells.
  function outline(points, color, dashed, width) {
    const g = geometry;
    const set = new Set(points);
    const h = g.cell / 2;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.lineCap = 'round';
    if (dashed) ctx.setLineDash([g.cell * 0.16, g.cell * 0.12]);
    ctx.beginPath();
    for (const name of points) {
      const p = parsePoint(name);
      if (!p) continue;
      const [x, y] = xy(p.col, p.row);
      const side = (dc, dr) => !set.has(pointName(p.col + dc, p.row + dr)) || p.col + dc < 0 || p.row + dr < 0;
      if (side(0, 1)) { ctx.moveTo(x - h, y - h); ctx.lineTo(x + h, y - h); }
      if (side(0, -1)) { ctx.moveTo(x - h, y + h); ctx.lineTo(x + h, y + h); }
      if (side(-1, 0)) { ctx.moveTo(x - h, y - h); ctx.lineTo(x - h, y + h); }
      if (side(1, 0)) { ctx.moveTo(x + h, y - h); ctx.lineTo(x + h, y + h); }
    }
    ctx.stroke();
    ctx.restore();
  }

  function drawHints() {
    const g = geometry;
    for (const group of state.hints) {
      outline(group, style('--hint') || '#0b6e4f', true, Math.max(1.5, g.cell / 16));
    }
  }

  function drawFocus() {
    const f = state.focus;
    if (!f) return;
    const g = geometry;
    outline(f.points, style('--focus') || '#1257c9', false, Math.max(2, g.cell / 10));
    for (const [list, dark] of [[f.dark ?? [], true], [f.light ?? [], false]]) {
      for (const name of list) {
        const p = parsePoint(name);
        if (!p) continue;
        const [x, y] = xy(p.col, p.row);
        ctx.beginPath();
        ctx.arc(x + g.cell * 0.26, y - g.cell * 0.26, g.cell * 0.13, 0, Math.PI * 2);
        ctx.fillStyle = dark ? '#111' : '#fff';
        ctx.fill();
        ctx.lineWidth = Math.max(1, g.cell / 28);
        ctx.strokeStyle = dark ? '#fff' : '#111';
        ctx.stroke();
      }
    }
  }

  function drawGhost() {
    const gh = state.ghost;
    if (!gh) return;
    const p = parsePoint(gh.point);
    if (!p) return;
    const [x, y] = xy(p.col, p.row);
    drawPiece(gh.piece, x, y, 1, 1, 0.42);
  }

  function drawCursor() {
    if (!state.cursor) return;
    const p = parsePoint(state.cursor);
    if (!p) return;
    const g = geometry;
    const [x, y] = xy(p.col, p.row);
    const h = g.cell * 0.5;
    ctx.save();
    ctx.strokeStyle = style('--cursor') || '#c2185b';
    ctx.lineWidth = Math.max(2, g.cell / 12);
    ctx.strokeRect(x - h, y - h, 2 * h, 2 * h);
    ctx.restore();
  }

  /// The point under a pointer event, or null (within 0.48 cell of it).
  /// Measured on the board as set, which the next frame draws: a click
  /// right after a change of size acts on the new board.
  function pointAt(event) {
    if (!geometry) return null;
    const rect = canvas.getBoundingClientRect();
    const g = computeGeometry();
    const fx = (event.clientX - rect.left) / g.cell - g.pad;
    const fy = (event.clientY - rect.top) / g.cell - g.pad;
    const col = Math.round(fx);
    const rowFromTop = Math.round(fy);
    if (col < 0 || rowFromTop < 0 || col >= g.n || rowFromTop >= g.n) return null;
    if (Math.hypot(fx - col, fy - rowFromTop) > 0.48) return null;
    return pointName(col, g.n - 1 - rowFromTop);
  }

  /// Where a point is, in CSS pixels from the canvas's top-left corner.
  function pixelOf(name) {
    const p = parsePoint(name);
    if (!p || !geometry) return null;
    const g = computeGeometry();
    const [x, y] = xy(p.col, p.row, g);
    return { x, y, cell: g.cell };
  }

  let hovered = null;
  const onMove = (event) => {
    if (!state.interactive) return;
    const p = pointAt(event);
    if (p !== hovered || event.type === 'keydown' || event.type === 'keyup') {
      hovered = p;
      state.events.hover?.(p, event);
    }
  };
  const onLeave = (event) => {
    hovered = null;
    state.events.hover?.(null, event);
  };
  const onDown = (event) => {
    if (!state.interactive) return;
    const p = pointAt(event);
    if (p === null) return;
    event.preventDefault();
    state.events.click?.(p, event.button, event);
  };
  const onContext = (event) => event.preventDefault();

  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerleave', onLeave);
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('contextmenu', onContext);
  const observer = new ResizeObserver(resize);
  observer.observe(element);
  reducedMotion.addEventListener?.('change', redraw);

  set(initial);
  resize();

  return {
    set,
    redraw,
    pixelOf,
    canvas,
    /// The last point the pointer hovered, if still on the board.
    hovered: () => hovered,
    /// Whether a placement or change is still being animated.
    animating: () => anims.size > 0,
    destroy() {
      cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerleave', onLeave);
      canvas.removeEventListener('pointerdown', onDown);
      canvas.removeEventListener('contextmenu', onContext);
      canvas.remove();
    },
  };
}
