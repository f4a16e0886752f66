// Turns the engine's facts (piece codes, move and error descriptions) into
// words of the current language. Only wording lives here, no rules.

const PIECES = [null, 'darkRound', 'darkSquare', 'lightRound', 'lightSquare'];

/// The board's code (1-4) of a piece of this colour and shape.
export function pieceCode(color, shape) {
  return (color === 'dark' ? 1 : 3) + (shape === 'square' ? 1 : 0);
}

/// The engine's name of a piece code, e.g. `darkRound`.
export function pieceName(code) {
  return PIECES[code];
}

/// A move as a sentence, from the engine's `moveAt`.
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

/// The note that the side not to move in `st` was just skipped.
export function describeSkip(t, st) {
  const skipped = st.toMove === 'dark' ? 'light' : 'dark';
  return t('status.skipped', { skipped: t('color.' + skipped), color: t('color.' + st.toMove) });
}

/// An error from the engine (or anything thrown) as a sentence.
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
  if (error.kind === 'record' || error.kind === 'position') {
    const key = `error.${error.kind}.${error.problem}`;
    const reason = error.cause ? describeError(t, error.cause) : '';
    return t(key, { ...params, reason });
  }
  const key = 'error.' + error.kind;
  const text = t(key, params);
  return text === key ? t('error.unexpected', { message: error.message }) : text;
}

/// What a hovered group's badge says: the attacker counts as "mover :
/// opponent", and whether and why the side to move may change it.
export function describeGroup(t, formatNumber, info, toMove) {
  const mine = (toMove === 'dark' ? info.darkAttackers : info.lightAttackers).length;
  const theirs = (toMove === 'dark' ? info.lightAttackers : info.darkAttackers).length;
  const into = toMove === 'dark' ? info.intoDark : info.intoLight;
  return {
    head: `${formatNumber(mine)} : ${formatNumber(theirs)}`,
    tail: info.refusal
      ? describeError(t, info.refusal)
      : t('badge.mayChange', { color: t('color.' + toMove), piece: t('piece.' + into) }),
    ok: !info.refusal,
  };
}
