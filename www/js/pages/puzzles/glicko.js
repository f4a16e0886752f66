// @ts-check
// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a
// rating, its deviation (how unsure it is) and its volatility, updated
// after a rating period of games. The puzzle page's period is one attempt:
// the player against the puzzle, a solve a win.
//
//   update({ rating: 1500, rd: 200, vol: 0.06 }, [{ rating: 1400, rd: 30, score: 1 }])

/** @typedef {{ rating: number, rd: number, vol: number }} Rating */
/** @typedef {{ rating: number, rd: number, score: number }} Game */

/** A new player's rating. @type {Rating} */
export const NEW_PLAYER = Object.freeze({ rating: 1500, rd: 350, vol: 0.06 });

/** The system constant: how fast the volatility may change (0.3 to 1.2). */
export const TAU = 0.5;

/** The Glicko-2 scale's factor from the Glicko scale. */
const SCALE = 173.7178;
/** The volatility iteration's tolerance. */
const EPSILON = 0.000001;
/** No deviation above a new player's, none below a settled player's. */
const RD_RANGE = /** @type {const} */ ([30, 350]);

/** @param {number} phi */
const g = (phi) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/**
 * The rating after one period's games (none: only the deviation grows).
 * @param {Rating} player
 * @param {Game[]} games
 * @param {number} [tau]
 * @returns {Rating}
 */
export function update(player, games, tau = TAU) {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (games.length === 0) {
    return { ...player, rd: Math.min(Math.sqrt(phi * phi + sigma * sigma) * SCALE, RD_RANGE[1]) };
  }
  const each = games.map((game) => {
    const muJ = (game.rating - 1500) / SCALE;
    const gJ = g(game.rd / SCALE);
    const e = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
    return { gJ, e, score: game.score };
  });
  const v = 1 / each.reduce((sum, { gJ, e }) => sum + gJ * gJ * e * (1 - e), 0);
  const delta = v * each.reduce((sum, { gJ, e, score }) => sum + gJ * (score - e), 0);
  // The new volatility: the root of f by the Illinois algorithm (step 5).
  const a = Math.log(sigma * sigma);
  const f = (/** @type {number} */ x) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    /** @type {number} */
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const vol = Math.exp(A / 2);
  const phiStar = Math.sqrt(phi * phi + vol * vol);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * each.reduce((sum, { gJ, e, score }) => sum + gJ * (score - e), 0);
  return {
    rating: muNew * SCALE + 1500,
    rd: Math.min(Math.max(phiNew * SCALE, RD_RANGE[0]), RD_RANGE[1]),
    vol,
  };
}
