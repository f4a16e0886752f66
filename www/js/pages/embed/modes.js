// @ts-check
// The embed's modes, one object each: who plays (the seats), where the game
// opens, the buttons under the board, the status line, and the check a
// move must pass. The controller (ctrl.js) asks the mode and never tests
// its name.
import { HUMANS, againstAiAs } from '../../game/session.js';
import { reviewedGame } from '../../ai/review-runner.js';

/**
 * What a mode is handed: the board's session, words, config and parts, and
 * `add` to put a button in the bar.
 * @typedef {{
 *   session: import('../../game/session.js').Session,
 *   t: import('../../i18n/words.js').Translate,
 *   cfg: import('../../game/embed-config.js').FullConfig,
 *   review: import('../../ai/review-runner.js').ReviewRunner,
 *   problem: import('./problem-ctrl.js').ProblemCtrl | import('./proof-ctrl.js').ProofCtrl | null,
 *   add: (key: string, action: () => void) => HTMLButtonElement,
 *   reset: () => void,
 *   hint: () => void,
 *   giveUp: () => void,
 *   shapeToggle: () => void,
 * }} ModeCtx
 * @typedef {{
 *   seats: (cfg: import('../../game/embed-config.js').FullConfig) => import('../../game/session.js').Seats,
 *   opensAtStart: boolean,
 *   showsReview: boolean,
 *   solves: boolean,
 *   bar: (ctx: ModeCtx) => void,
 *   status: (ctx: ModeCtx, st: import('../../engine/types.js').Status) => string,
 *   check: (ctx: ModeCtx, move: import('../../engine/types.js').MoveInfo) => import('../../engine/types.js').EngineError | null,
 *   right: (ctx: ModeCtx) => boolean,
 * }} Mode
 *
 * opensAtStart: the game opens at its start unless `initial-ply` says
 * where (else at its end); solves: the reader solves the config's
 * `solution` from its position (embed/problem.js), or the solver judges the
 * reader's moves (`proof`, proof-ctrl.js); right: a move the check let through is
 * announced as right.
 */

/** @param {ModeCtx} ctx */
function navigate({ add, session }) {
  add('btn.first', () => session.jump(0));
  add('btn.back', () => session.jump(session.status().ply - 1));
  add('btn.forward', () => session.jump(session.status().ply + 1));
  add('btn.last', () => session.jump(session.status().moves));
}

/**
 * A game played on the board: undo, swap, the shape a tap places, reset.
 * @param {boolean} retry whether the AI plays (a button asks it again after its worker failed)
 * @param {ModeCtx} ctx
 */
function playing(retry, { add, session, reset, shapeToggle }) {
  add('btn.undo', () => session.undo());
  add('btn.swap', () => session.play('swap')).classList.add('swap');
  if (retry) {
    const again = add('btn.resume', () => {
      again.hidden = true;
      session.resume();
    });
    again.classList.add('retry');
    again.hidden = true;
  }
  shapeToggle();
  add('embed.reset', reset);
}

/** @param {ModeCtx} ctx @param {import('../../engine/types.js').Status} st */
function turn({ t }, st) {
  if (st.winner) return t('embed.won', { color: t('color.' + st.winner) });
  return t('embed.toMove', { color: t('color.' + st.toMove) });
}

/** @param {ModeCtx} ctx @param {import('../../engine/types.js').Status} st */
const plyOf = ({ t }, st) => t('embed.replayPly', { ply: st.ply, count: st.moves });

const none = () => null;
const no = () => false;

/** @type {Mode} */
const base = {
  seats: () => HUMANS,
  opensAtStart: false,
  showsReview: false,
  solves: false,
  bar: (ctx) => playing(false, ctx),
  status: turn,
  check: none,
  right: no,
};

/** @type {Record<import('../../game/embed-config.js').FullConfig['mode'], Mode>} */
export const modes = {
  play: { ...base, seats: (cfg) => againstAiAs(cfg.ai), bar: (ctx) => playing(true, ctx) },
  'two-players': base,
  try: {
    ...base,
    check: ({ cfg }, move) => (cfg.expect && !cfg.expect.includes(move.token) ? { kind: 'notExpected', move } : null),
    right: ({ cfg }) => Boolean(cfg.expect),
  },
  replay: { ...base, opensAtStart: true, bar: navigate, status: plyOf },
  review: {
    ...base,
    opensAtStart: true,
    showsReview: true,
    bar(ctx) {
      navigate(ctx);
      const { add, review, session } = ctx;
      const rows = session.game?.tree().rows ?? [];
      // A record without evaluations: the AI judges its moves when asked.
      if (rows.some((/** @type {{ eval: number | null }} */ r) => r.eval === null)) {
        if (review.state.running) add('btn.cancel', () => review.cancel());
        else add('btn.review', () => review.start(reviewedGame(session.current)));
      }
    },
    status: plyOf,
  },
  diagram: { ...base, bar: () => {}, status: () => '' },
  problem: {
    ...base,
    solves: true,
    bar({ add, hint, reset, giveUp, cfg, shapeToggle }) {
      // A tap places the shape chosen here (a mouse's right button places a square).
      shapeToggle();
      add('btn.hint', hint);
      if (cfg.proof) add('problem.showSolution', giveUp);
      add('embed.reset', reset);
    },
    // Once solved the message under the board says so (and is heard): the line above says nothing more.
    status: ({ t, problem }) => (problem?.solved ? '' : t('problem.toFind', { color: t('color.' + problem?.side) })),
    check: ({ problem, session }, move) => problem?.check(move, session.current) ?? null,
  },
};
