// @ts-check
// How a <federa-board>'s attributes read: a strict grammar per attribute,
// never evaluated. A bad value throws { name, value, expected }, which the
// element shows instead of a board. Pure, so it is tested under Node.
import { parsePoint } from '../engine/points.js';
import { LEVELS, MAX_SIZE, MIN_SIZE } from '../engine/facts.js';
import { languages } from '../i18n/i18n.js';

/** The most plies a `proof` may ask: the engine's solver answers no further (`puzzleLine`). */
export const PROOF_PLIES = 50;

export const MODES = /** @type {const} */ (['play', 'two-players', 'replay', 'review', 'diagram', 'try', 'problem']);

/**
 * @typedef {import('../embed.d.ts').EmbedConfig} EmbedConfig the public config (embed.d.ts)
 * @typedef {{ name: string, value: string, expected: string }} AttributeProblem
 */

/** Changing one of these starts the board's game afresh; any other key only changes the view. */
export const GAME_KEYS = /** @type {const} */ (['record', 'position', 'size', 'pie', 'mode', 'ai', 'solution', 'proof', 'initialPly']);

/**
 * A config with every key that has a default.
 * @typedef {EmbedConfig & Required<Pick<EmbedConfig, 'size' | 'level' | 'ai' | 'download' | 'hints' | 'attackers'
 *   | 'coordinates' | 'pie' | 'highlight' | 'caption' | 'mode' | 'interactive'>>} FullConfig
 */

/**
 * The defaults of the keys a config leaves out (`interactive` and `mode`
 * depend on the others): their one home. embed.d.ts states each as a
 * `@default`, and a test holds the two equal.
 */
export const DEFAULTS = Object.freeze({
  size: 9,
  level: /** @type {const} */ ('casual'),
  ai: /** @type {const} */ ('light'),
  download: false,
  hints: false,
  attackers: true,
  coordinates: true,
  pie: true,
  highlight: /** @type {string[]} */ ([]),
  caption: '',
});

// The shape of a move token (the engine checks the move itself).
const TOKEN = /^(?:swap|[BW]F?[CS]?([a-y][0-9]+))$/;
/** @param {string} text */
const isToken = (text) => {
  const m = TOKEN.exec(text);
  return m !== null && (m[1] === undefined || parsePoint(m[1]) !== null);
};

/**
 * @param {string} name
 * @param {string} value
 * @param {string} expected
 * @returns {never}
 */
function bad(name, value, expected) {
  throw { name, value, expected };
}

/**
 * @param {string} name
 * @returns {(value: string) => boolean}
 */
const boolean = (name) => (value) => {
  if (value === '' || value === 'true') return true;
  if (value === 'false') return false;
  return bad(name, value, 'boolean');
};

/** How each attribute reads. @type {Record<keyof EmbedConfig, (value: string) => unknown>} */
export const ATTRIBUTES = {
  size(value) {
    const n = Number(value);
    if (!/^[0-9]{1,2}$/.test(value) || n < MIN_SIZE || n > MAX_SIZE) bad('size', value, 'size');
    return n;
  },
  record: (value) => value,
  position: (value) => value,
  mode: (value) => (/** @type {readonly string[]} */ (MODES).includes(value) ? value : bad('mode', value, 'mode')),
  level: (value) => (LEVELS.includes(value) ? value : bad('level', value, 'level')),
  ai: (value) => (value === 'dark' || value === 'light' ? value : bad('ai', value, 'color')),
  interactive: boolean('interactive'),
  download: boolean('download'),
  hints: boolean('hints'),
  attackers: boolean('attackers'),
  coordinates: boolean('coordinates'),
  pie: boolean('pie'),
  highlight: (value) => points('highlight', value),
  arrows(value) {
    const pairs = words(value).map((w) => w.split('-'));
    const ok = pairs.every((pair) => pair.length === 2 && pair.every((p) => parsePoint(p) !== null) && pair[0] !== pair[1]);
    return ok ? pairs : bad('arrows', value, 'arrows');
  },
  labels(value) {
    const pairs = words(value).map((w) => w.split(':'));
    const ok = pairs.every(([p, text, ...rest]) => parsePoint(p) !== null && /^[A-Za-z0-9]{1,3}$/.test(text ?? '') && !rest.length);
    return ok ? pairs : bad('labels', value, 'labels');
  },
  shade: (value) => points('shade', value),
  region: (value) => (parseRegion(value) ? value.trim() : bad('region', value, 'region')),
  expect(value) {
    const tokens = value.trim().split(/\s+/).filter(Boolean);
    return tokens.length && tokens.every(isToken) ? tokens : bad('expect', value, 'tokens');
  },
  solution: (value) => value,
  proof(value) {
    const n = Number(value);
    if (!/^[0-9]{1,2}$/.test(value) || n < 1 || n > PROOF_PLIES) bad('proof', value, 'plies');
    return n;
  },
  initialPly: (value) => (/^[0-9]{1,4}$/.test(value) ? Number(value) : bad('initial-ply', value, 'ply')),
  caption: (value) => value,
  lang: (value) => (languages.includes(value) ? value : bad('lang', value, 'lang')),
};

/**
 * The part of the board a region such as `a1-e5` shows (any two opposite
 * corners), or null if it does not read.
 * @param {string} text
 * @returns {import('../board/geometry.js').Region | null}
 */
export function parseRegion(text) {
  const corners = text.trim().split('-').map(parsePoint);
  if (corners.length !== 2 || !corners[0] || !corners[1]) return null;
  const [a, b] = /** @type {import('../engine/points.js').Coord[]} */ (corners);
  return { c0: Math.min(a.col, b.col), r0: Math.min(a.row, b.row), c1: Math.max(a.col, b.col), r1: Math.max(a.row, b.row) };
}

/** @param {string} value */
const words = (value) => value.trim().split(/[\s,]+/).filter(Boolean);

/**
 * Points separated by spaces or commas.
 * @param {string} name
 * @param {string} value
 */
function points(name, value) {
  const list = words(value);
  return list.every((p) => parsePoint(p) !== null) ? list : bad(name, value, 'points');
}

/**
 * The attribute of a config key: `initialPly` is `initial-ply`.
 * @param {string} key
 */
export const attributeName = (key) => key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/**
 * Reads attributes into a config with every key: an absent attribute is
 * `undefined`, so that removing one returns it to its default. Throws on
 * the first bad value.
 * @param {(name: string) => string | null} get an attribute's value, or null if absent
 * @returns {EmbedConfig}
 */
export function configFromAttributes(get) {
  /** @type {Record<string, unknown>} */
  const config = {};
  for (const [name, parse] of Object.entries(ATTRIBUTES)) {
    const value = get(attributeName(name));
    config[name] = value === null ? undefined : parse(value);
  }
  return config;
}

/**
 * A config with its defaults filled in (keys set to `undefined` take their
 * default too): a board with a record replays it unless told otherwise,
 * and replays, reviews and diagrams are not played on.
 * @param {EmbedConfig} config
 * @returns {FullConfig}
 */
export function withDefaults(config) {
  /** @type {EmbedConfig} */
  const given = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  const mode = given.mode ?? (given.record ? 'replay' : 'two-players');
  return {
    ...DEFAULTS,
    ...given,
    mode,
    interactive: given.interactive ?? !['diagram', 'replay', 'review'].includes(mode),
  };
}

/**
 * What a config says of the game (its game keys, defaults filled in), as
 * text: two configs with the same game key show the same game.
 * @param {EmbedConfig} config
 */
export function gameKey(config) {
  const full = withDefaults(config);
  return JSON.stringify(GAME_KEYS.map((k) => full[k] ?? null));
}

/**
 * Whether going from config `a` to `b` needs a fresh game.
 * @param {EmbedConfig} a
 * @param {EmbedConfig} b
 */
export function gameChanged(a, b) {
  return gameKey(a) !== gameKey(b);
}
