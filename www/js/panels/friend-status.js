// @ts-check
// A game by link in words, for its panel (panels/friend.js) and for the
// list of games, which the page draws on its first load (the rest of the
// link code loads only when a link game is opened or begun): whose move and
// the time left, the other player's name, a span of time.

/**
 * @typedef {import('../game/archive.js').LinkFacts} Facts
 * @typedef {import('../i18n/words.js').Translate} Translate
 */

/**
 * A span of time in words ("in 2 days", "3 hours ago"), in the largest unit
 * that gives at least 2 of it.
 * @param {string} locale
 * @param {number} seconds from now (negative: past)
 */
export function relativeTime(locale, seconds) {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const size = Math.abs(seconds);
  if (size >= 2 * 86400) return format.format(Math.trunc(seconds / 86400), 'day');
  if (size >= 2 * 3600) return format.format(Math.trunc(seconds / 3600), 'hour');
  return format.format(Math.trunc(seconds / 60), 'minute');
}

/**
 * The other player's name, or the words for a guest not come yet.
 * @param {Translate} t
 * @param {Facts} facts
 */
export function opponentName(t, facts) {
  const name = facts.me === 1 ? facts.names[0] : facts.names[1];
  return name ?? t('friend.noGuest');
}

/**
 * Whose move it is and the time left, or how the game ended, in one line.
 * @param {Translate} t
 * @param {string} locale
 * @param {Facts} facts
 * @param {number} now seconds
 */
export function friendStatus(t, locale, facts, now) {
  const name = (/** @type {0 | 1} */ p) => facts.names[p] ?? t('friend.noGuest');
  if (facts.result) {
    const key = facts.result.how === 'resign' ? 'friend.resigned' : facts.result.how === 'time' ? 'friend.wonOnTime' : 'friend.won';
    return t(key, { winner: name(facts.result.winner), loser: name(facts.result.winner === 0 ? 1 : 0) });
  }
  if (!facts.joined) return facts.me === 0 ? t('friend.waitingJoin') : t('friend.invited', { name: facts.names[0] });
  const turn = facts.toMove === null ? '' : facts.toMove === facts.me ? t('friend.yourMove') : t('friend.theirMove', { name: name(facts.toMove) });
  if (facts.deadline === null) return turn;
  const left = facts.deadline - now;
  return left > 0 ? t('friend.due', { turn, when: relativeTime(locale, left) }) : t('friend.overdue', { turn });
}
