// The public API of Federa's embeddable board (embed.js): the
// <federa-board> element and `mount`. Hand-written; embed.js is checked
// against it (npx tsc -p .).

/** A board's config: every key optional. Attributes of <federa-board> carry the same names. */
export interface EmbedConfig {
  /** Board size, 2 to 25. @default 9 */
  size?: number;
  /**
   * A game record to show, plain or annotated, or a game by link (the play page's `…#f=…` address,
   * checked whole before it is shown); the board replays it unless `mode` says otherwise.
   */
  record?: string;
  /** A position string to start from. */
  position?: string;
  /**
   * play: against the AI; two-players; replay: step through `record`; review: step through `record` with
   * its win-chance graph, glyphs and comments (the reader may have the AI review a record without
   * evaluations); diagram: a still picture; try: find a move in `expect`; problem: find the moves of
   * `solution` from `position`, the board answering for the other side (default: replay with a `record`,
   * else two-players).
   */
  mode?: 'play' | 'two-players' | 'replay' | 'review' | 'diagram' | 'try' | 'problem';
  /** The AI's level in `play` mode. @default "casual" */
  level?: 'novice' | 'casual' | 'club' | 'strong' | 'master';
  /** The colour the AI plays at the start. @default "light" */
  ai?: 'dark' | 'light';
  /** Whether the reader may move (default: yes, except in replay, review and diagram). */
  interactive?: boolean;
  /** A button that downloads the board as an SVG image. @default false */
  download?: boolean;
  /** Outline the groups the side to move may change. @default false */
  hints?: boolean;
  /** Show a hovered group's attackers and who may change it. @default true */
  attackers?: boolean;
  /** Letters and numbers around the board. @default true */
  coordinates?: boolean;
  /** The pie rule. @default true */
  pie?: boolean;
  /** Points ringed on the board, e.g. ['e5', 'c3']. @default [] */
  highlight?: string[];
  /** Arrows from a point to a point; the attribute reads `a1-c3 b2-b4`. */
  arrows?: [string, string][];
  /** Letters or numbers (1 to 3 of them) on points; the attribute reads `a1:A c3:12`. */
  labels?: [string, string][];
  /** Points shaded, e.g. ['a1', 'b1']. */
  shade?: string[];
  /** Only part of the board shown, from one corner to the opposite one, e.g. `a1-e5` (default: all of it). */
  region?: string;
  /** In `try` mode, the move tokens that count as right. */
  expect?: string[];
  /**
   * In `problem` mode, the solution from `position`: an annotated record's moves (no size), e.g.
   * `BFCa1 {Fills the board.} (BFSa3? {Light answers at c1.})`. The reader's moves are checked against
   * it (a move with `?` or `??` is a wrong one, its comment the text shown); the board plays the
   * other side's first move; comments are shown after each move.
   */
  solution?: string;
  /**
   * In `problem` mode, in place of a solution: the reader must win within this many plies (1 to 50)
   * and the engine's solver judges each move. Any move that still wins within the plies left is right;
   * the board answers with the defence that holds out longest; a wrong move is explained by the line
   * that refutes it, drawn as numbered pieces. Show solution plays the rest out (`gaveUp`).
   */
  proof?: number;
  /** For a record, the move to show first (0: the start; the attribute is `initial-ply`). */
  initialPly?: number;
  /** A line under the board. @default "" */
  caption?: string;
  /** en, nl, ru or sr (default: the page's language). */
  lang?: string;
}

export interface MoveEvent {
  /** The move's token, e.g. `Bc3` or `swap`. */
  token: string;
  /** The game's record after it. */
  record: string;
}

export interface EndEvent {
  winner: 'dark' | 'light';
  record: string;
}

export interface BoardEvents {
  move: MoveEvent;
  end: EndEvent;
  /** Problem mode: the reader found the whole solution. */
  solved: { record: string };
  /** Problem mode: a move that is not the solution (taken back), with the author's comment on it if any. */
  failed: { token: string; comment: string };
  /**
   * Problem mode with `proof`: the solver's explanation of the failed move `token`, once the AI's worker
   * has found it (`failed` came first, with what was known at once); not sent if the board moved on.
   */
  explained: { token: string; comment: string };
  /** Problem mode: a hint showed the next right move's point. */
  hint: { at: string };
  /** Problem mode with `proof`: the reader asked to see the solution, which plays itself out. */
  gaveUp: Record<string, never>;
}

export interface FederaBoardApi {
  /**
   * Merges `config` over the current one. A game key (record, position,
   * size, pie, mode, ai, solution, proof, initialPly) starts its game
   * afresh; any other key redraws the view and keeps the reader's moves. A key set to `undefined` returns to
   * its default.
   */
  set(config: EmbedConfig): void;
  /** Calls `fn` on each event; returns a function that stops it. The host element also dispatches `federa-move` and `federa-end`. */
  on<K extends keyof BoardEvents>(event: K, fn: (detail: BoardEvents[K]) => void): () => void;
  /** The current record, or null before the board is drawn. */
  record(): string | null;
  /** The board as an SVG image with its marks and annotations, `side` pixels wide; null before it is drawn. */
  toSvg(options?: { side?: number; coordinates?: boolean }): string | null;
  /** Resolves once the board shows the config as last set (or shows its error). */
  readonly ready: Promise<void>;
  /** Removes the board and stops its AI. */
  destroy(): void;
}

/** Puts a live board into `host` (in its shadow root). */
export declare function mount(host: HTMLElement, config?: EmbedConfig): FederaBoardApi;

/** The <federa-board> element. */
export declare class FederaBoard extends HTMLElement {
  api: FederaBoardApi | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'federa-board': FederaBoard;
  }
}
