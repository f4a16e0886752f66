// @ts-check
// Turns the engine's facts (piece codes, move and error descriptions) into
// words of the current language. Only wording lives here, no rules.
import { otherColor, pieceName } from '../engine/facts.js';
import { pointName } from '../engine/points.js';

/**
 * @typedef {(key: string, params?: Record<string, unknown>) => string} Translate
 * @typedef {import('../engine/types.js').MoveInfo} MoveInfo
 * @typedef {import('../engine/types.js').Status} Status
 */

/**
 * A move as a sentence, from the engine's `moveAt`.
 * @param {Translate} t
 * @param {MoveInfo | null | undefined} move
 */
export function describeMove(t, move) {
  if (!move) return '';
  const color = t('color.' + move.color);
  switch (move.kind) {
    case 'place':
      return t('move.place', { color, piece: t('piece.' + move.piece), at: move.at });
    case 'change':
      return t('move.change', { color, piece: t('piecePlural.' + move.piece), at: move.at });
    case 'swap':
      return t('move.swap');
    default:
      return move.token ?? '';
  }
}

/**
 * A move named in words, for a hint, a candidate or a note ("dark square
 * at d7", "changing the group at c7 to dark rounds", "swapping sides"):
 * tokens are for records and the move list only.
 * @param {Translate} t
 * @param {MoveInfo | null | undefined} move
 */
export function nameMove(t, move) {
  if (!move) return '';
  if (move.kind === 'swap') return t('moveName.swap');
  if (!move.piece || !move.at) return move.token;
  return move.kind === 'change'
    ? t('moveName.change', { at: move.at, pieces: t('piecePlural.' + move.piece) })
    : t('moveName.place', { at: move.at, piece: t('piece.' + move.piece) });
}

/**
 * Why a puzzle's move is wrong, from the solver (embed/proof-ctrl.js): the
 * other side then wins, or it wins but not within the reader's moves
 * left, or neither within the search.
 * @param {Translate} t
 * @param {import('../engine/types.js').Why} why
 */
export function explainWrong(t, why) {
  const color = t('color.' + otherColor(why.move.color));
  return t('problem.why.' + why.kind, { move: nameMove(t, why.move), color, count: why.moves });
}

/**
 * The note that the side not to move in `st` was just skipped.
 * @param {Translate} t
 * @param {Status} st
 */
export function describeSkip(t, st) {
  const skipped = otherColor(st.toMove);
  return t('status.skipped', { skipped: t('color.' + skipped), color: t('color.' + st.toMove) });
}

/**
 * What was said of a move just played: the move, then the win (`won`, the
 * view's own line) or the skip that followed.
 * @param {Translate} t
 * @param {MoveInfo} move
 * @param {Status} st
 * @param {string} won
 */
export function narrate(t, move, st, won) {
  const words = [describeMove(t, move)];
  if (st.winner) words.push(won);
  else if (st.skipped) words.push(describeSkip(t, st));
  return words;
}

/**
 * An error from the engine (or anything thrown) as a sentence.
 * @param {Translate} t
 * @param {any} error
 * @returns {string}
 */
export function describeError(t, error) {
  if (!error || typeof error !== 'object' || !error.kind) {
    return t('error.unexpected', { message: String(error?.message ?? error) });
  }
  const params = {
    ...error,
    color: error.color ? t('color.' + error.color) : undefined,
    piece: error.piece ? t('piece.' + error.piece) : undefined,
    points: Array.isArray(error.points) ? error.points.join(', ') : undefined,
  };
  if (['record', 'position', 'annotated', 'puzzle', 'end', 'link', 'friendLink', 'liveCode', 'liveMessage'].includes(error.kind)) {
    // A compact link's errors are worded beside the archive's (links.js).
    const key = `${error.kind === 'link' ? 'archive' : 'error'}.${error.kind}.${error.problem}`;
    const reason = error.cause ? describeError(t, error.cause) : '';
    // A link game's players are the inviter (0) and the guest (1), by name once the link has read.
    const player =
      error.kind === 'friendLink' && typeof error.player === 'number' ? (error.names?.[error.player] ?? t(error.player ? 'friend.guest' : 'friend.inviter')) : undefined;
    return t(key, { ...params, reason, player });
  }
  const key = 'error.' + error.kind;
  const text = t(key, error.cause ? { ...params, reason: describeError(t, error.cause) } : params);
  return text === key ? t('error.unexpected', { message: error.message }) : text;
}

/**
 * What a hovered group's badge says: how many pieces of each colour attack
 * the group, the side to move's first, and whether and why that side may
 * change it.
 * @param {Translate} t
 * @param {(n: number) => string} formatNumber
 * @param {import('../engine/types.js').GroupInfo} info
 * @param {import('../engine/facts.js').Color} toMove
 */
export function describeGroup(t, formatNumber, info, toMove) {
  const mine = (toMove === 'dark' ? info.darkAttackers : info.lightAttackers).length;
  const theirs = (toMove === 'dark' ? info.lightAttackers : info.darkAttackers).length;
  const into = toMove === 'dark' ? info.intoDark : info.intoLight;
  return {
    head: t('badge.attackers', {
      mover: t('color.' + toMove),
      mine: formatNumber(mine),
      opponent: t('color.' + otherColor(toMove)),
      theirs: formatNumber(theirs),
    }),
    tail: info.refusal
      ? describeError(t, info.refusal)
      : t('badge.mayChange', { color: t('color.' + toMove), piece: t('piece.' + into) }),
    ok: !info.refusal,
  };
}

/**
 * The board's text alternative: its size, `turn` (whose turn, or who
 * won), where each kind of piece stands, and the last move.
 * @param {Translate} t
 * @param {ArrayLike<number>} cells
 * @param {number} size
 * @param {string} turn
 * @param {MoveInfo | null} last
 */
export function boardLabel(t, cells, size, turn, last) {
  /** @type {Record<string, string[]>} */
  const groups = { darkRound: [], darkSquare: [], lightRound: [], lightSquare: [] };
  for (let i = 0; i < cells.length; i++) {
    const name = pieceName(cells[i]);
    if (name) groups[name].push(pointName(i % size, Math.floor(i / size)));
  }
  const parts = [t('board.label', { size }), turn];
  for (const [name, points] of Object.entries(groups)) {
    if (points.length) parts.push(`${t('piecePlural.' + name)}: ${points.join(' ')}`);
  }
  if (last) parts.push(t('board.lastMove', { move: describeMove(t, last) }));
  return parts.filter(Boolean).join('. ');
}
