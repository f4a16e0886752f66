// @ts-check
// The shapes of what the engine's game handle returns (crates/federa-wasm):
// its methods return plain objects, which the glue's types leave as `any`.

/**
 * @typedef {import('./facts.js').Color} Color
 * @typedef {import('./facts.js').PieceName} PieceName
 * @typedef {{
 *   size: number, pie: boolean, toMove: Color, winner: Color | null, mainWinner: Color | null,
 *   dark: number, light: number, empty: number, skipped: boolean,
 *   ply: number, moves: number, plies: number, swapAvailable: boolean,
 *   swapped: boolean, setUp: boolean, seats: Record<Color, 'first' | 'second'>,
 * }} Status
 *
 * mainWinner: the winner on the board at the main line's end, whichever line or position is shown;
 * seats: which seat (by who moved first) plays each colour.
 * @typedef {{
 *   token: string, kind: 'place' | 'change' | 'swap', color: Color,
 *   piece?: PieceName, at?: string, points?: string[],
 * }} MoveInfo
 * @typedef {{
 *   piece: PieceName, points: string[], enclosed: boolean, emptyNeighbours: string[],
 *   darkAttackers: string[], lightAttackers: string[], changer: Color | null,
 *   intoDark: PieceName, intoLight: PieceName, refusal: EngineError | null,
 * }} GroupInfo
 * @typedef {{ kind: string, message?: string, [fact: string]: unknown }} EngineError
 * @typedef {{
 *   best: string, win: number, iterations: number, millis: number,
 *   pv: string[], proven: boolean | null,
 * }} Thought
 * @typedef {{
 *   move: string, visits: number, win: number, proven: boolean | null,
 *   line: MoveInfo[], points: string[],
 * }} Candidate
 * @typedef {{
 *   win: number, mean: number, proven: boolean | null, candidates: Candidate[], ownership: number[],
 *   simulations: number, iterations: number, millis: number,
 * }} Analysis
 * @typedef {{
 *   ply: number, played: string, player: Color, before: number, after: number, dark: number,
 *   class: 'fine' | 'inaccuracy' | 'mistake' | 'blunder', best: MoveInfo[], accuracy: number,
 * }} Judgement
 * @typedef {import('../../federa-wasm.js').GameHandle} Game
 * @typedef {{ kind: 'theyWin' | 'slower' | 'holds', move: MoveInfo, line: MoveInfo[], moves: number }} Why
 *   why a puzzle's move is wrong, from the solver
 * @typedef {{
 *   id: number, ply: number, token: string, color: 'dark' | 'light', glyph: string, glyphName: string, comment: string,
 *   at: string | null,
 *   eval: number | null,
 *   variations: Row[][],
 * }} Row a move of the game's tree (GameHandle.tree)
 * @typedef {{ rows: Row[], comment: string, line: number[], current: number | null }} Tree
 * @typedef {{ kind: 'fischer', main: number, increment: number }
 *   | { kind: 'byoyomi', main: number, periods: number, period: number }
 *   | { kind: 'days', days: number }} TimeControl
 *   a `[TimeControl]` (GameHandle.timeControl, setTimeControl, readTimeControl): seconds, or days a move
 * @typedef {{ winner: Color, how: 'resign' | 'time' }} Ended
 *   how a game ended outside the rules (GameHandle.ended, end)
 * @typedef {{
 *   kind: 'timeControl', message: string, problem: 'form' | 'number' | 'range' | 'noTime' | 'kind',
 *   field?: 'main' | 'increment' | 'periods' | 'period' | 'days', least?: number, most?: number, found?: string,
 * }} TimeControlError
 *   a time control that is not one: the number concerned (`field`) and its range; `found`, the text read
 * @typedef {{ kind: 'end', message: string, problem: 'how' | 'won' | 'ended', color?: Color, how?: 'resign' | 'time' }} EndError
 *   why a game may not end: not by resign or time; `color` filled the board; `color` has already won, `how`
 */

export {};
