//! WebAssembly bindings of federa-core: a game handle for the page and an AI
//! for its worker. Thin on purpose: every rule lives in federa-core, and
//! every error is returned to JavaScript as a value (`kind`, the English
//! `message`, and the facts a translation needs), never as a panic.

mod errors;

use federa_core::puzzle::Solver;
use federa_core::review::{self, Analyser};
use federa_core::search::{Analysis, Clock, Level, Limit, Player, PlayerKind, midgame_position};
use federa_core::{
    Color, Game, GameTree, Move, NodeId, Piece, Point, Position, Rng, Rules, Setup, Shape, Token,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use errors::ErrorInfo;
use errors::{
    error, from_annotated, from_illegal, from_position, from_puzzle_line, from_record, from_size,
    from_token,
};

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

type JsResult<T> = Result<T, JsValue>;

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

// Facts the page needs before the engine has loaded (to draw a stored
// board at once): wasm-bindgen writes these enums into the JavaScript glue
// as plain objects, usable before the module is instantiated. Their
// discriminants must be literals; tests check them against federa-core.

/// A cell of `GameHandle.board`: empty or one of the four pieces.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty = 0,
    DarkRound = 1,
    DarkSquare = 2,
    LightRound = 3,
    LightSquare = 4,
}

impl Cell {
    const PIECES: [Cell; 4] = [
        Cell::DarkRound,
        Cell::DarkSquare,
        Cell::LightRound,
        Cell::LightSquare,
    ];

    fn of(piece: Option<Piece>) -> Cell {
        piece.map_or(Cell::Empty, |p| {
            Cell::PIECES[usize::from(2 * (p.color as u8) + p.shape as u8)]
        })
    }

    fn piece(self) -> Option<Piece> {
        Cell::PIECES
            .iter()
            .position(|&c| c == self)
            .map(|k| Piece::ALL[k])
    }
}

/// The board sizes the rules allow, and the size of a new game.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum BoardSize {
    Smallest = 2,
    Default = 13,
    Largest = 25,
}

/// The AI's strength levels, weakest first; a level's name is its variant's
/// name in lower case.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum AiLevel {
    Novice = 1,
    Casual = 2,
    Club = 3,
    Strong = 4,
    Master = 5,
}

/// A reviewed move's class, best first; its name is the variant's in lower
/// case, as `MoveClass::name` of the review writes it.
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum MoveClass {
    Fine = 0,
    Inaccuracy = 1,
    Mistake = 2,
    Blunder = 3,
}

/// A move's glyph in an annotated record, best first; the move list's
/// `glyphName` is the variant's name in lower case (`Glyph::name`).
#[wasm_bindgen]
#[derive(Clone, Copy, Debug)]
pub enum Glyph {
    Brilliant = 0,
    Good = 1,
    Interesting = 2,
    Inaccuracy = 3,
    Mistake = 4,
    Blunder = 5,
}

/// A puzzle of a puzzle file for the page: the position as the file writes
/// it, the line to the win (tokens, the answer first), the plies its win
/// takes, its rating, its themes and the board's size.
#[derive(Serialize)]
struct PuzzleInfo {
    position: String,
    line: Vec<String>,
    plies: u32,
    rating: u16,
    themes: Vec<&'static str>,
    size: u8,
}

/// The puzzles of a puzzle file (`federa puzzles` writes them), in the
/// file's order; the first line that does not read is the error.
#[wasm_bindgen(js_name = readPuzzles)]
pub fn read_puzzles(text: &str) -> JsResult<JsValue> {
    let puzzles = federa_core::puzzle::read_file(text).map_err(|e| from_puzzle_line(&e))?;
    let lines: Vec<&str> = text.lines().collect();
    Ok(to_js(
        &puzzles
            .into_iter()
            .map(|(line, p)| PuzzleInfo {
                // The file's own text: the page keeps the solved ones by it.
                position: lines[line - 1].split('\t').next().unwrap_or("").to_owned(),
                line: lines[line - 1]
                    .split('\t')
                    .nth(1)
                    .unwrap_or("")
                    .split(' ')
                    .map(str::to_owned)
                    .collect(),
                plies: p.plies,
                rating: p.rating,
                themes: p.themes.iter().map(|t| t.name()).collect(),
                size: p.position.size(),
            })
            .collect::<Vec<_>>(),
    ))
}

/// What a move token names, as `moveAt` gives it (`kind`, `color`,
/// `piece`, `at`, `token`), so that the page can say a move in words; a
/// change written without its shape has no `piece`. No position is
/// needed, so the token is not checked against one.
#[wasm_bindgen(js_name = moveInfo)]
pub fn move_info(token: &str) -> JsResult<JsValue> {
    let token: Token = token.trim().parse().map_err(|e| from_token(&e))?;
    let info = match token {
        Token::Place { piece, at } => MoveInfo::from(Move::Place { piece, at }),
        Token::Change {
            color,
            shape: Some(shape),
            at,
        } => MoveInfo::from(Move::Change {
            at,
            into: Piece::new(color, shape),
        }),
        Token::Change {
            color,
            shape: None,
            at,
        } => MoveInfo {
            kind: "change",
            color: Some(color_name(color)),
            piece: None,
            at: Some(at.to_string()),
            token: token.to_string(),
        },
        Token::Swap => MoveInfo::from(Move::Swap),
    };
    Ok(to_js(&info))
}

/// Whether a piece of type `attacker` attacks groups of type `group` (the
/// attack table of the rules); false for an empty cell or a code out of range.
#[wasm_bindgen]
pub fn attacks(attacker: u8, group: u8) -> bool {
    let piece = |code: u8| {
        Cell::PIECES
            .get(usize::from(code).wrapping_sub(1))
            .and_then(|c| c.piece())
    };
    matches!((piece(attacker), piece(group)), (Some(a), Some(g)) if a.attacks(g))
}

/// A board size from JavaScript (any number), checked.
fn size_from(n: f64) -> JsResult<u8> {
    if n.fract() != 0.0 || !(0.0..=1e6).contains(&n) {
        return Err(from_size(u32::MAX));
    }
    Rules::checked_size(n as u64).map_err(|e| from_size(e.0))
}

fn rules(size: f64, pie: bool) -> JsResult<Rules> {
    Rules::with_pie(size_from(size)?, pie).map_err(|e| from_size(e.0))
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Dark => "dark",
        Color::Light => "light",
    }
}

fn color_from(name: &str) -> Option<Color> {
    match name {
        "dark" => Some(Color::Dark),
        "light" => Some(Color::Light),
        _ => None,
    }
}

fn piece_name(p: Piece) -> &'static str {
    match (p.color, p.shape) {
        (Color::Dark, Shape::Round) => "darkRound",
        (Color::Dark, Shape::Square) => "darkSquare",
        (Color::Light, Shape::Round) => "lightRound",
        (Color::Light, Shape::Square) => "lightSquare",
    }
}

/// A point from JavaScript column and row numbers (0-based), if on the board.
fn point_from(pos: &Position, col: f64, row: f64) -> Option<Point> {
    let n = f64::from(pos.size());
    let ok = |v: f64| v.fract() == 0.0 && (0.0..n).contains(&v);
    (ok(col) && ok(row)).then(|| Point::new(col as u8, row as u8))
}

/// The state a page shows.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    size: u8,
    pie: bool,
    to_move: &'static str,
    winner: Option<&'static str>,
    dark: usize,
    light: usize,
    empty: usize,
    skipped: bool,
    ply: usize,
    moves: usize,
    plies: u32,
    swap_available: bool,
    swapped: bool,
    set_up: bool,
    /// Which seat plays each colour: the first player plays Light after a
    /// swap.
    seats: Seats,
}

/// The seat (`first` or `second`, by who moved first) of each colour.
#[derive(Serialize)]
struct Seats {
    dark: &'static str,
    light: &'static str,
}

impl Seats {
    fn after(swapped: bool) -> Seats {
        let (dark, light) = if swapped {
            ("second", "first")
        } else {
            ("first", "second")
        };
        Seats { dark, light }
    }
}

/// A group as the page describes it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GroupInfo {
    piece: &'static str,
    points: Vec<String>,
    enclosed: bool,
    empty_neighbours: Vec<String>,
    dark_attackers: Vec<String>,
    light_attackers: Vec<String>,
    changer: Option<&'static str>,
    into_dark: &'static str,
    into_light: &'static str,
    /// Why the side to move may not change it (None if it may).
    refusal: Option<ErrorInfo>,
}

/// A move for JavaScript: `kind` (place, change or swap), `color`, `piece`
/// (what is placed, or what the group becomes), `at` (a change's canonical
/// point) and `token`.
#[derive(Serialize)]
struct MoveInfo {
    kind: &'static str,
    color: Option<&'static str>,
    piece: Option<&'static str>,
    at: Option<String>,
    token: String,
}

impl From<Move> for MoveInfo {
    fn from(m: Move) -> MoveInfo {
        let (kind, piece, at) = match m {
            Move::Place { piece, at } => ("place", Some(piece), Some(at.to_string())),
            Move::Change { at, into } => ("change", Some(into), Some(at.to_string())),
            Move::Swap => ("swap", None, None),
        };
        MoveInfo {
            kind,
            color: m.color().map(color_name),
            piece: piece.map(piece_name),
            at,
            token: m.to_string(),
        }
    }
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(Point::to_string).collect()
}

/// A game for the page: the line shown (its position, its history, and
/// what the board needs) and the tree of every line played, with their
/// glyphs and comments. Playing a move where the line had another keeps the
/// old one as a variation.
#[wasm_bindgen]
pub struct GameHandle {
    game: Game,
    tree: GameTree,
    /// The tree's node of each move of `game`'s line.
    nodes: Vec<NodeId>,
}

impl GameHandle {
    fn of_tree(tree: GameTree) -> GameHandle {
        let nodes = tree.main_line();
        GameHandle {
            game: tree.main_game(),
            tree,
            nodes,
        }
    }

    fn of_game(game: Game) -> GameHandle {
        GameHandle {
            tree: GameTree::from_game(&game),
            nodes: (1..=game.moves().len()).map(NodeId::from_index).collect(),
            game,
        }
    }

    /// The node of the position shown.
    fn here(&self) -> NodeId {
        self.node_at(self.game.ply())
    }

    fn node_at(&self, ply: usize) -> NodeId {
        ply.checked_sub(1).map_or(NodeId::ROOT, |k| self.nodes[k])
    }

    /// Plays `m` after the position shown: the line ends with it, and the
    /// tree keeps what the line held after it. While the main line is
    /// unfinished, a new move becomes the main continuation where it
    /// branches off (the game goes on along the line played last, as after
    /// a take-back) and the old one the first variation; once the main line
    /// ends in a win, a new move is a variation of the finished game.
    fn play_move(&mut self, m: Move) -> JsResult<()> {
        let ply = self.game.ply();
        let parent = self.here();
        let known = self.tree.children(parent).len();
        let finished = self
            .tree
            .main_line()
            .last()
            .is_some_and(|&end| self.tree.position(end).is_over());
        let child = self.tree.play(parent, m).map_err(|e| from_illegal(&e))?;
        if !finished && self.tree.children(parent).len() > known {
            while self.tree.children(parent)[0] != child && self.tree.promote(child) {}
        }
        self.game.play(m).map_err(|e| from_illegal(&e))?;
        self.nodes.truncate(ply);
        self.nodes.push(child);
        Ok(())
    }

    /// Shows the line through `id` (with its main continuation), at `id`.
    fn follow(&mut self, id: NodeId) {
        let path = self.tree.path_to(id);
        let mut game = Game::from_position(self.tree.start().clone());
        for (k, v) in self.tree.tags() {
            game.set_tag(k, v);
        }
        let nodes: Vec<NodeId> = path
            .iter()
            .copied()
            .chain(self.tree.line_from(id))
            .collect();
        for &n in &nodes {
            game.play(self.tree.move_at(n).expect("a move"))
                .expect("the tree's moves are legal");
        }
        game.jump(path.len());
        self.game = game;
        self.nodes = nodes;
    }

    /// A node from JavaScript, if it is one of the tree's moves.
    fn move_node(&self, id: f64) -> Option<NodeId> {
        let ok = id.fract() == 0.0 && (1.0..=1e9).contains(&id);
        let id = NodeId::from_index(id as usize);
        (ok && self.tree.contains(id)).then_some(id)
    }
}

/// A move of the tree for the move list: its node `id`, `ply`, `token`,
/// `glyph`, `comment` (the words), `at` (its point), `eval` (Dark's chance after it, if the
/// comment gives it) and the `variations` that branch off before it, each a
/// list of rows.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TreeRow {
    id: usize,
    ply: usize,
    token: String,
    /// Who made it (`dark` or `light`; the swap is Light's): the move
    /// list's column.
    color: &'static str,
    glyph: &'static str,
    /// The glyph's meaning (`Glyph`'s names: `blunder`, `good`, …), or `""`.
    glyph_name: &'static str,
    comment: String,
    /// The point it places on, or a change's canonical point (none for the
    /// swap).
    at: Option<String>,
    /// Dark's chance after it, from the comment's `[%eval]`.
    eval: Option<f32>,
    variations: Vec<Vec<TreeRow>>,
}

/// The tree for the move list: the main line's rows, the game's comment,
/// the nodes of the line shown and the node shown (`null` at the start).
#[derive(Serialize)]
struct TreeInfo {
    rows: Vec<TreeRow>,
    comment: String,
    line: Vec<usize>,
    current: Option<usize>,
}

fn tree_row(tree: &GameTree, id: NodeId, ply: usize, variations: Vec<Vec<TreeRow>>) -> TreeRow {
    let before = tree.parent(id).expect("a move");
    let m = tree.move_at(id).expect("a move");
    TreeRow {
        id: id.index(),
        ply,
        token: tree.position(before).token(m),
        color: color_name(tree.position(before).to_move()),
        at: MoveInfo::from(m).at,
        glyph: tree.glyph(id).map_or("", |g| g.symbol()),
        glyph_name: tree.glyph(id).map_or("", federa_core::Glyph::name),
        comment: tree.comment_text(id),
        eval: tree.eval(id).map(|e| f32::from(e) / 1000.0),
        variations,
    }
}

/// The rows of the line that starts with `first` (whose own alternatives
/// are `variations`), with the variations branching off along it.
fn line_rows(
    tree: &GameTree,
    first: NodeId,
    ply: usize,
    variations: Vec<Vec<TreeRow>>,
) -> Vec<TreeRow> {
    let mut rows = vec![tree_row(tree, first, ply, variations)];
    let mut at = first;
    while let Some((&main, others)) = tree.children(at).split_first() {
        let ply = ply + rows.len();
        let variations = others
            .iter()
            .map(|&v| line_rows(tree, v, ply, Vec::new()))
            .collect();
        rows.push(tree_row(tree, main, ply, variations));
        at = main;
    }
    rows
}

#[wasm_bindgen]
impl GameHandle {
    /// A new game on the empty `size`×`size` board.
    #[wasm_bindgen(constructor)]
    pub fn new(size: f64, pie: bool) -> JsResult<GameHandle> {
        Ok(GameHandle::of_game(Game::new(rules(size, pie)?)))
    }

    /// A game read from a record (tags allowed), plain or annotated
    /// (variations, comments, glyphs), shown at the main line's end;
    /// nothing is kept on error.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(text: &str, pie: bool) -> JsResult<GameHandle> {
        match Game::from_record(text, pie) {
            Ok(game) => Ok(GameHandle::of_game(game)),
            // A plain record's error says it best, unless the text is annotated.
            Err(e) if !text.contains(['(', ')', '{', '}', '!', '?']) => Err(from_record(&e)),
            Err(_) => GameTree::from_annotated(text, pie)
                .map(GameHandle::of_tree)
                .map_err(|e| from_annotated(&e)),
        }
    }

    /// A game from what a player pasted or loaded: a record (plain or
    /// annotated, with tags) or a position string. A position's first word
    /// holds its rows, separated by `/`; a record's is a tag or the size, so
    /// the error is the one of the notation the text is written in.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: &str, pie: bool) -> JsResult<GameHandle> {
        let text = text.trim();
        let first = text.split_whitespace().next().unwrap_or("");
        if !first.starts_with('[') && first.contains('/') {
            GameHandle::from_position(text, pie)
        } else {
            GameHandle::from_record(text, pie)
        }
    }

    /// A position string with an annotated record's moves after it (no
    /// size, no tags: a problem's solution), read as one game from that
    /// position; the errors are the record's, counting its parts from the
    /// first move.
    #[wasm_bindgen(js_name = fromPositionAndMoves)]
    pub fn from_position_and_moves(position: &str, moves: &str, pie: bool) -> JsResult<GameHandle> {
        let start = Position::parse_with_pie(position, pie).map_err(|e| from_position(&e))?;
        let head = GameTree::from_game(&Game::from_position(start)).to_annotated();
        GameHandle::from_record(&format!("{head} {moves}"), pie)
    }

    /// A game starting from a position string.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(text: &str, pie: bool) -> JsResult<GameHandle> {
        Position::parse_with_pie(text, pie)
            .map(|pos| GameHandle::of_game(Game::from_position(pos)))
            .map_err(|e| from_position(&e))
    }

    /// A game starting from a board set up cell by cell (the editor's):
    /// N×N `Cell` codes row by row from the bottom, the colour to move
    /// (`"dark"` or `"light"`, before any automatic skip) and the moves
    /// played so far.
    #[wasm_bindgen(js_name = fromCells)]
    pub fn from_cells(
        size: f64,
        cells: &[u8],
        to_move: &str,
        plies: f64,
        pie: bool,
    ) -> JsResult<GameHandle> {
        let rules = rules(size, pie)?;
        let setup_error = |message: String| error("setup", &message, errors::Facts::default());
        let cells = cells
            .iter()
            .enumerate()
            .map(
                |(i, &code)| match Cell::PIECES.get(usize::from(code).wrapping_sub(1)) {
                    Some(cell) => Ok(cell.piece()),
                    None if code == 0 => Ok(None),
                    None => Err(setup_error(format!("cell {i} has code {code}, not 0 to 4"))),
                },
            )
            .collect::<JsResult<Vec<_>>>()?;
        let to_move = color_from(to_move)
            .ok_or_else(|| setup_error(format!("`{to_move}` is not a colour (dark or light)")))?;
        if plies.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&plies) {
            return Err(setup_error(format!(
                "{} is not a count of moves",
                js_number(plies)
            )));
        }
        let setup = Setup {
            rules,
            cells,
            to_move,
            plies: plies as u32,
        };
        Position::try_from(&setup)
            .map(|pos| GameHandle::of_game(Game::from_position(pos)))
            .map_err(|e| setup_error(e.to_string()))
    }

    /// Plays a move token (`BCd4`, `WFSc3`, `WFc3`, `swap`). On error nothing
    /// changes.
    pub fn play(&mut self, token: &str) -> JsResult<()> {
        let token: Token = token.trim().parse().map_err(|e| from_token(&e))?;
        let m = token
            .to_move(self.game.position())
            .map_err(|e| from_illegal(&e))?;
        self.play_move(m)
    }

    /// Places the side to move's piece of the given shape (`"round"` or
    /// `"square"`) at a column and row (0-based).
    pub fn place(&mut self, col: f64, row: f64, shape: &str) -> JsResult<()> {
        let shape = match shape {
            "round" => Shape::Round,
            "square" => Shape::Square,
            other => {
                return Err(error(
                    "shape",
                    &format!("`{other}` is not a shape (round or square)"),
                    errors::Facts::default(),
                ));
            }
        };
        let pos = self.game.position();
        let at = self.checked_point(col, row)?;
        let m = Move::Place {
            piece: Piece::new(pos.to_move(), shape),
            at,
        };
        self.play_move(m)
    }

    /// Changes the group at a column and row for the side to move.
    pub fn change(&mut self, col: f64, row: f64) -> JsResult<()> {
        let at = self.checked_point(col, row)?;
        let pos = self.game.position();
        let token = Token::Change {
            color: pos.to_move(),
            shape: None,
            at,
        };
        let m = token.to_move(pos).map_err(|e| from_illegal(&e))?;
        self.play_move(m)
    }

    fn checked_point(&self, col: f64, row: f64) -> JsResult<Point> {
        let pos = self.game.position();
        point_from(pos, col, row).ok_or_else(|| {
            error(
                "offBoard",
                &format!(
                    "({}, {}) is not a point of the {2}x{2} board",
                    js_number(col),
                    js_number(row),
                    pos.size()
                ),
                errors::Facts {
                    size: Some(u32::from(pos.size())),
                    ..errors::Facts::default()
                },
            )
        })
    }

    /// Every legal move token for the side to move, sorted.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.game.position().legal_tokens()
    }

    /// Steps back one move; false at the start.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Steps forward along the line; at its end, into the tree's main
    /// continuation; false where there is no move after.
    pub fn redo(&mut self) -> bool {
        if self.game.redo() {
            return true;
        }
        let Some(&next) = self.tree.children(self.here()).first() else {
            return false;
        };
        self.follow(next);
        true
    }

    /// Whether `redo` has a move to go to.
    pub fn redoable(&self) -> bool {
        self.game.ply() < self.game.moves().len() || !self.tree.children(self.here()).is_empty()
    }

    /// Shows the position after `ply` moves; false (nothing changes) if there
    /// is no such ply.
    pub fn jump(&mut self, ply: f64) -> bool {
        ply.fract() == 0.0 && (0.0..=1e6).contains(&ply) && self.game.jump(ply as usize)
    }

    /// Drops the moves after the current ply, from the line and the tree.
    pub fn truncate(&mut self) {
        if let Some(&next) = self.nodes.get(self.game.ply()) {
            self.tree.delete(next);
        }
        self.end_line();
    }

    /// Ends the line at the current ply; the tree keeps the moves after it.
    #[wasm_bindgen(js_name = endLine)]
    pub fn end_line(&mut self) {
        self.game.truncate();
        self.nodes.truncate(self.game.ply());
    }

    /// Shows the move with node `id` (from `tree`), on its line; false
    /// (nothing changes) if there is no such move.
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, id: f64) -> bool {
        let Some(id) = self.move_node(id) else {
            return false;
        };
        self.follow(id);
        true
    }

    /// Moves the variation holding node `id` one place up where it branches
    /// off (the first place is the main line); false if it is the main line
    /// or no move.
    pub fn promote(&mut self, id: f64) -> bool {
        self.move_node(id).is_some_and(|id| self.tree.promote(id))
    }

    /// Deletes the move with node `id` and every move after it; the line
    /// shown ends before it if it went through it. False if there is no such
    /// move.
    #[wasm_bindgen(js_name = deleteMove)]
    pub fn delete_move(&mut self, id: f64) -> bool {
        let Some(id) = self.move_node(id) else {
            return false;
        };
        if let Some(k) = self.nodes.iter().position(|&n| n == id) {
            let ply = self.game.ply().min(k);
            self.game.jump(k);
            self.game.truncate();
            self.nodes.truncate(k);
            self.game.jump(ply);
        }
        self.tree.delete(id)
    }

    /// The tree for the move list: `rows` (the main line; each row has `id`,
    /// `ply`, `token`, `glyph`, `comment`, `at`, `eval` and the `variations`
    /// branching off before it, each a list of rows), `comment` (the
    /// game's), `line` (the nodes of the line shown) and `current` (the node
    /// shown, `null` at the start).
    pub fn tree(&self) -> JsValue {
        let rows = match self.tree.children(NodeId::ROOT).split_first() {
            Some((&main, others)) => {
                let variations = others
                    .iter()
                    .map(|&v| line_rows(&self.tree, v, 1, Vec::new()))
                    .collect();
                line_rows(&self.tree, main, 1, variations)
            }
            None => Vec::new(),
        };
        to_js(&TreeInfo {
            rows,
            comment: self.tree.comment_text(NodeId::ROOT),
            line: self.nodes.iter().map(|n| n.index()).collect(),
            current: (self.game.ply() > 0).then(|| self.here().index()),
        })
    }

    /// Writes a review's judgement of the line's move number `ply` (1 for
    /// the first) into its node: `dark` (Dark's chance after it, 0 to 1),
    /// `class` (`fine`, `inaccuracy`, `mistake` or `blunder`) and `best` (the
    /// preferred move's token, or empty). False (nothing changes) for a ply,
    /// class or value that is not one.
    pub fn annotate(&mut self, ply: f64, dark: f64, class: &str, best: &str) -> bool {
        let ok = ply.fract() == 0.0 && ply >= 1.0 && ply <= self.nodes.len() as f64;
        let (Some(class), true, true) = (
            review::MoveClass::from_name(class),
            ok,
            (0.0..=1.0).contains(&dark),
        ) else {
            return false;
        };
        let node = self.nodes[ply as usize - 1];
        let before = self.tree.position(self.node_at(ply as usize - 1));
        let best = best
            .parse::<Token>()
            .ok()
            .and_then(|t| t.to_move(before).ok());
        review::mark(&mut self.tree, node, dark as f32, class, best);
        true
    }

    /// The whole tree as an annotated record: tags, the main line, every
    /// variation, glyph and comment.
    pub fn annotated(&self) -> String {
        self.tree.to_annotated()
    }

    /// The main line's plain record (what the designer's tool reads).
    #[wasm_bindgen(js_name = mainRecord)]
    pub fn main_record(&self) -> String {
        self.tree.main_line_record()
    }

    /// The game record of the whole line.
    pub fn record(&self) -> String {
        self.game.record()
    }

    /// The position string of the game's start (the empty board unless it
    /// was set up).
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.game.start().to_string()
    }

    /// The current position string.
    pub fn position(&self) -> String {
        self.game.position().to_string()
    }

    /// The line's move tokens.
    pub fn moves(&self) -> Vec<String> {
        self.game.moves().iter().map(Move::to_string).collect()
    }

    /// The board: N×N cells row by row from the bottom, as `Cell` codes.
    pub fn board(&self) -> Vec<u8> {
        let pos = self.game.position();
        let n = pos.size();
        let mut cells = Vec::with_capacity(usize::from(n) * usize::from(n));
        for row in 0..n {
            for col in 0..n {
                cells.push(Cell::of(pos.piece_at(Point::new(col, row))) as u8);
            }
        }
        cells
    }

    /// Turn, winner, piece counts, skip, plies, swap.
    pub fn status(&self) -> JsValue {
        let pos = self.game.position();
        to_js(&Status {
            size: pos.size(),
            pie: pos.rules().pie,
            to_move: color_name(pos.to_move()),
            winner: pos.winner().map(color_name),
            dark: pos.count(Color::Dark),
            light: pos.count(Color::Light),
            empty: pos.empty_count(),
            skipped: pos.skipped(),
            ply: self.game.ply(),
            moves: self.game.moves().len(),
            plies: pos.plies(),
            swap_available: pos.swap_available(),
            swapped: self.game.swapped(),
            set_up: self.game.start() != &Position::new(pos.rules()),
            seats: Seats::after(self.game.swapped()),
        })
    }

    /// The group at a column and row (0-based), or `null` for an empty point
    /// or one off the board.
    #[wasm_bindgen(js_name = groupAt)]
    pub fn group_at(&self, col: f64, row: f64) -> JsValue {
        let pos = self.game.position();
        let Some((at, group)) =
            point_from(pos, col, row).and_then(|p| pos.group_at(p).map(|g| (p, g)))
        else {
            return JsValue::NULL;
        };
        let refusal = match pos.winner() {
            Some(winner) => Some(errors::info(&federa_core::IllegalMove::GameOver { winner })),
            None => group
                .check_change_named(pos.to_move(), at)
                .err()
                .map(|e| errors::info(&e)),
        };
        to_js(&GroupInfo {
            piece: piece_name(group.piece),
            points: names(&group.points),
            enclosed: group.enclosed(),
            empty_neighbours: names(&group.empty_neighbours),
            dark_attackers: names(group.attackers(Color::Dark)),
            light_attackers: names(group.attackers(Color::Light)),
            changer: group.changer().map(color_name),
            into_dark: piece_name(group.change_into(Color::Dark)),
            into_light: piece_name(group.change_into(Color::Light)),
            refusal,
        })
    }

    /// Canonical points of every group the side to move may change; given
    /// a colour, of those that colour could change were it to move (as
    /// `changeableGroups`).
    pub fn changeable(&self, color: Option<String>) -> JsResult<Vec<String>> {
        let pos = self.game.position();
        let color = self.color_or_to_move(color)?;
        Ok(if pos.is_over() {
            Vec::new()
        } else {
            names(&pos.changeable_groups(color))
        })
    }

    fn color_or_to_move(&self, color: Option<String>) -> JsResult<Color> {
        match color {
            None => Ok(self.game.position().to_move()),
            Some(name) => color_from(&name).ok_or_else(|| {
                error(
                    "color",
                    &format!("`{name}` is not a colour (dark or light)"),
                    errors::Facts::default(),
                )
            }),
        }
    }

    /// The points of every group the side to move may change, one array per
    /// group (for the hints); given a colour (`"dark"` or `"light"`), the
    /// groups that colour could change if it were to move (the editor's
    /// report). No group once the game is won.
    #[wasm_bindgen(js_name = changeableGroups)]
    pub fn changeable_groups(&self, color: Option<String>) -> JsResult<JsValue> {
        let pos = self.game.position();
        let color = self.color_or_to_move(color)?;
        let groups: Vec<Vec<String>> = if pos.is_over() {
            Vec::new()
        } else {
            pos.changeable_groups(color)
                .into_iter()
                .filter_map(|p| pos.group_at(p))
                .map(|g| names(&g.points))
                .collect()
        };
        Ok(to_js(&groups))
    }

    /// The line from here when `attacker` (`"dark"` or `"light"`) wins by
    /// force within `plies` moves: its quickest win at each of its turns
    /// and the other side's longest defence at each of theirs, as tokens to
    /// the end of the game (federa_core::puzzle::Solver::line); `null` if
    /// it does not win within `plies`. A `tooHard` error after `nodes`
    /// positions searched (at most 50 plies and 2,000,000 positions are
    /// asked: the solver's table grows with each position, and the page
    /// asks 1,000,000 at most).
    #[wasm_bindgen(js_name = puzzleLine)]
    pub fn puzzle_line(&self, attacker: String, plies: f64, nodes: f64) -> JsResult<JsValue> {
        let attacker = self.color_or_to_move(Some(attacker))?;
        let count = |n: f64, most: f64, what: &str| {
            if n.fract() == 0.0 && (0.0..=most).contains(&n) {
                Ok(n as u64)
            } else {
                Err(error(
                    "puzzleLimit",
                    &format!("{} is not a count of {what} from 0 to {most}", js_number(n)),
                    errors::Facts::default(),
                ))
            }
        };
        let plies = count(plies, 50.0, "plies")? as u32;
        let nodes = count(nodes, 2e6, "positions")?;
        let mut solver = Solver::with_limit(nodes);
        let pos = self.game.position();
        match solver.line(pos, attacker, plies) {
            Ok(None) => Ok(JsValue::NULL),
            Ok(Some(line)) => {
                let mut at = pos.clone();
                let tokens: Vec<String> = line
                    .into_iter()
                    .map(|m| {
                        let token = at.token(m);
                        at.play_unchecked(m);
                        token
                    })
                    .collect();
                Ok(to_js(&tokens))
            }
            Err(e) => Err(error(
                "tooHard",
                &e,
                errors::Facts {
                    count: Some(e.nodes as usize),
                    ..errors::Facts::default()
                },
            )),
        }
    }

    /// The move at index `ply` of the line (0-based): `kind` (place, change
    /// or swap), `color`, `piece` (what was placed, or what the group
    /// became), `at` and `token`; `null` past the end.
    #[wasm_bindgen(js_name = moveAt)]
    pub fn move_at(&self, ply: f64) -> JsValue {
        let moves = self.game.moves();
        if ply.fract() != 0.0 || !(0.0..moves.len() as f64).contains(&ply) {
            return JsValue::NULL;
        }
        to_js(&MoveInfo::from(moves[ply as usize]))
    }

    /// The points the last move put pieces on (for the last-move marker).
    #[wasm_bindgen(js_name = lastMovePoints)]
    pub fn last_move_points(&self) -> Vec<String> {
        names(&self.game.last_move_points())
    }

    /// The game's tags as `[key, value]` pairs.
    pub fn tags(&self) -> JsValue {
        to_js(&self.game.tags())
    }

    /// Sets a tag.
    #[wasm_bindgen(js_name = setTag)]
    pub fn set_tag(&mut self, key: &str, value: &str) -> JsResult<()> {
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(error(
                "tag",
                &format!("`{key}` is not a tag name (letters, digits and _)"),
                errors::Facts::default(),
            ));
        }
        self.game.set_tag(key, value);
        self.tree.set_tag(key, value);
        Ok(())
    }
}

/// `performance.now()`, in the page, a worker, or Node.
struct JsClock(web_sys::Performance);

impl JsClock {
    fn new() -> Option<JsClock> {
        let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into()).ok()?;
        (!performance.is_undefined()).then(|| JsClock(performance.unchecked_into()))
    }
}

impl Clock for JsClock {
    fn millis(&self) -> f64 {
        self.0.now()
    }
}

/// A search's progress or result, for JavaScript.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ProgressInfo {
    best: String,
    win: f32,
    iterations: u64,
    millis: f64,
    pv: Vec<String>,
    proven: Option<bool>,
}

impl From<&federa_core::search::Progress> for ProgressInfo {
    fn from(p: &federa_core::search::Progress) -> ProgressInfo {
        ProgressInfo {
            best: p.best.to_string(),
            win: p.win,
            iterations: p.iterations,
            millis: p.millis,
            pv: p.pv.iter().map(Move::to_string).collect(),
            proven: p.proven,
        }
    }
}

/// An AI player for a worker: it keeps its search tree between moves of the
/// same game.
#[wasm_bindgen]
pub struct Ai {
    player: Player,
    /// The record it last thought about, to follow the game move by move.
    last: Option<Game>,
}

#[wasm_bindgen]
impl Ai {
    /// A player: `random`, `uct`, or a level (`novice` … `master`, or 1-5).
    #[wasm_bindgen(constructor)]
    pub fn new(player: &str, seed: f64) -> JsResult<Ai> {
        let kind = PlayerKind::from_name(player).ok_or_else(|| {
            error(
                "player",
                &format!(
                    "`{player}` is not a player: random, uct, or a level ({})",
                    Level::ALL.map(Level::name).join(", ")
                ),
                errors::Facts::default(),
            )
        })?;
        Ok(Ai {
            player: Player::new(kind, seed.abs() as u64),
            last: None,
        })
    }

    /// Thinks about the position after the record (for at most `millis`
    /// milliseconds and `iterations` iterations; 0 means no limit of that
    /// kind) and returns the result: `best`, `win`, `iterations`, `millis`,
    /// `pv`, `proven`. `progress`, if given, is called with the same shape
    /// about every 100 ms; returning `false` from it stops the search.
    pub fn think(
        &mut self,
        record: &str,
        pie: bool,
        millis: f64,
        iterations: f64,
        progress: Option<js_sys::Function>,
    ) -> JsResult<JsValue> {
        let limit = search_limit(millis, iterations)?;
        let game = Game::from_record(record, pie).map_err(|e| from_record(&e))?;
        self.follow(&game);
        let clock = JsClock::new();
        let mut report = |p: &federa_core::search::Progress| match &progress {
            Some(f) => f
                .call1(&JsValue::NULL, &to_js(&ProgressInfo::from(p)))
                .map_or(true, |v| v.as_bool() != Some(false)),
            None => true,
        };
        let result = self
            .player
            .think(
                game.position(),
                limit,
                clock.as_ref().map(|c| c as &dyn Clock),
                &mut report,
            )
            .ok_or_else(|| game_over(game.position()))?;
        self.last = Some(game);
        Ok(to_js(&ProgressInfo::from(&result)))
    }

    /// Feeds the player the moves since the game it last saw, so its tree
    /// follows; a different game starts afresh.
    fn follow(&mut self, game: &Game) {
        if let Some(last) = &self.last {
            let (old, new) = (&last.moves()[..last.ply()], &game.moves()[..game.ply()]);
            if last.start() == game.start() && new.starts_with(old) {
                for &m in &new[old.len()..] {
                    self.player.observe(m);
                }
            }
        }
    }
}

/// A search's budget from JavaScript's numbers: milliseconds and
/// iterations, 0 for no limit of that kind, at least one given.
fn search_limit(millis: f64, iterations: f64) -> JsResult<Limit> {
    // NaN, infinite or negative budgets would never stop the search.
    let budget = |v: f64| v.is_finite() && v >= 0.0;
    let limit = Limit {
        iterations: (iterations >= 1.0).then_some(iterations as u64),
        millis: (millis > 0.0).then_some(millis),
    };
    if !budget(millis) || !budget(iterations) || limit == Limit::default() {
        return Err(error(
            "limit",
            "give a time in milliseconds or a number of iterations (finite, 0 for none)",
            errors::Facts::default(),
        ));
    }
    Ok(limit)
}

/// A move the analysis tried, for JavaScript: `line` is its expected line
/// (the move first), `points` the group a change would turn.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CandidateInfo {
    #[serde(rename = "move")]
    mv: String,
    visits: u32,
    win: f32,
    proven: Option<bool>,
    line: Vec<MoveInfo>,
    points: Vec<String>,
}

/// An analysis, for JavaScript: `ownership` holds Dark's share of each
/// point (a1, b1, … row by row from the bottom), 0 to 1.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnalysisInfo {
    win: f32,
    mean: f32,
    proven: Option<bool>,
    candidates: Vec<CandidateInfo>,
    ownership: Vec<f32>,
    simulations: u32,
    iterations: u64,
    millis: f64,
}

impl AnalysisInfo {
    fn new(pos: &Position, a: &Analysis) -> AnalysisInfo {
        let share = |[dark, _]: [u32; 2]| dark as f32 / a.simulations.max(1) as f32;
        AnalysisInfo {
            win: a.win,
            mean: a.mean,
            proven: a.proven,
            candidates: a
                .candidates
                .iter()
                .map(|c| CandidateInfo {
                    mv: c.mv.to_string(),
                    visits: c.visits,
                    win: c.win,
                    proven: c.proven,
                    line: c.pv.iter().copied().map(MoveInfo::from).collect(),
                    points: match c.mv {
                        Move::Change { at, .. } => {
                            pos.group_at(at).map_or_else(Vec::new, |g| names(&g.points))
                        }
                        _ => Vec::new(),
                    },
                })
                .collect(),
            ownership: a.ownership.iter().copied().map(share).collect(),
            simulations: a.simulations,
            iterations: a.iterations,
            millis: a.millis,
        }
    }
}

/// One move judged, for JavaScript.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveReviewInfo {
    ply: usize,
    played: String,
    player: &'static str,
    before: f32,
    after: f32,
    dark: f32,
    class: &'static str,
    best: Vec<MoveInfo>,
    accuracy: f32,
}

/// The analysis board's engine for a worker: the strongest level with a
/// cache of the positions it has analysed.
#[wasm_bindgen]
pub struct Analyst {
    analyser: Analyser,
}

#[wasm_bindgen]
impl Analyst {
    /// An analyst whose searches use `seed`.
    #[wasm_bindgen(constructor)]
    pub fn new(seed: f64) -> Analyst {
        Analyst {
            analyser: Analyser::new(seed.abs() as u64),
        }
    }

    /// Analyses the position after the record's first `ply` moves (all of
    /// them if `ply` is past the end), within `millis` and `iterations` (0:
    /// no limit of that kind): `win` (with its best move), `mean` (over all
    /// the simulations) and `proven`, for the side to move,
    /// `candidates` (`move`, `visits`, `win`, `proven`, `line`: the moves
    /// expected from it on, `points`: the group a change turns),
    /// `ownership`, `simulations`, `iterations`, `millis`. `progress`, if given, hears
    /// the analysis so far about every 100 ms; `false` from it stops. A
    /// position analysed before with as much budget answers at once.
    pub fn analyse(
        &mut self,
        record: &str,
        pie: bool,
        ply: f64,
        millis: f64,
        iterations: f64,
        progress: Option<js_sys::Function>,
    ) -> JsResult<JsValue> {
        let limit = search_limit(millis, iterations)?;
        let pos = position_at(record, pie, ply)?;
        let clock = JsClock::new();
        let mut report = |a: &Analysis| match &progress {
            Some(f) => f
                .call1(&JsValue::NULL, &to_js(&AnalysisInfo::new(&pos, a)))
                .map_or(true, |v| v.as_bool() != Some(false)),
            None => true,
        };
        let analysis = self
            .analyser
            .analyse(
                &pos,
                limit,
                clock.as_ref().map(|c| c as &dyn Clock),
                &mut report,
            )
            .ok_or_else(|| game_over(&pos))?;
        Ok(to_js(&AnalysisInfo::new(&pos, &analysis)))
    }

    /// Judges the record's move number `ply` (1 for the first) from the
    /// analyses of the positions before and after it (each within the
    /// budget, from the cache if analysed before): `ply`, `played`,
    /// `player` (`dark`/`light`: the colour its player has from then on),
    /// `before` and `after` (the mover's chance), `dark` (Dark's chance
    /// after it), `class` (`fine`, `inaccuracy`, `mistake`, `blunder`),
    /// `best` (the preferred line, as moves) and `accuracy` (0 to 100).
    pub fn judge(
        &mut self,
        record: &str,
        pie: bool,
        ply: f64,
        millis: f64,
        iterations: f64,
    ) -> JsResult<JsValue> {
        let limit = search_limit(millis, iterations)?;
        let mut game = Game::from_record(record, pie).map_err(|e| from_record(&e))?;
        let moves = game.moves().len();
        if !(ply >= 1.0 && ply <= moves as f64 && ply.fract() == 0.0) {
            return Err(error(
                "ply",
                &format!(
                    "`{}` is not a move of this record: 1 to {moves}",
                    js_number(ply)
                ),
                errors::Facts::default(),
            ));
        }
        let ply = ply as usize;
        game.jump(ply - 1);
        let before = game.position().clone();
        let clock = JsClock::new();
        let clock = clock.as_ref().map(|c| c as &dyn Clock);
        let mut judged = self
            .analyser
            .judge(ply, &before, game.moves()[ply - 1], limit, clock)
            .ok_or_else(|| game_over(&before))?;
        // The first mover plays Light after a swap, from the first move on.
        if ply == 1 && game.moves().get(1) == Some(&Move::Swap) {
            judged.player = Color::Light;
        }
        Ok(to_js(&MoveReviewInfo {
            ply,
            played: judged.played.to_string(),
            player: if judged.player == Color::Dark {
                "dark"
            } else {
                "light"
            },
            before: judged.before,
            after: judged.after,
            dark: judged.dark,
            class: judged.class.name(),
            best: judged.best.iter().copied().map(MoveInfo::from).collect(),
            accuracy: judged.accuracy(),
        }))
    }
}

/// The position after the record's first `ply` moves (all if fewer).
fn position_at(record: &str, pie: bool, ply: f64) -> JsResult<Position> {
    let mut game = Game::from_record(record, pie).map_err(|e| from_record(&e))?;
    if !(ply >= 0.0 && ply.is_finite()) {
        return Err(error(
            "ply",
            &format!("`{}` is not a ply: a whole number from 0", js_number(ply)),
            errors::Facts::default(),
        ));
    }
    game.jump((ply as usize).min(game.moves().len()));
    Ok(game.position().clone())
}

/// A number as JavaScript writes it (Rust's float formatting would weigh
/// on the wasm).
fn js_number(x: f64) -> String {
    String::from(
        js_sys::Number::from(x)
            .to_string_with_radix(10)
            .unwrap_or_else(|_| "NaN".into()),
    )
}

fn game_over(pos: &Position) -> JsValue {
    from_illegal(&federa_core::IllegalMove::GameOver {
        winner: pos.winner().unwrap_or(Color::Dark),
    })
}

/// Plays `games` uniformly random games from the empty board (the
/// benchmark of `federa bench`); the caller times it.
#[wasm_bindgen(js_name = benchPlayouts)]
pub fn bench_playouts(size: f64, games: u32, seed: f64) -> JsResult<JsValue> {
    let start = Position::new(rules(size, true)?);
    let mut rng = Rng::new(seed.abs() as u64);
    let (mut moves, mut changes) = (0u64, 0u64);
    for _ in 0..games {
        let mut pos = start.clone();
        let s = pos.random_playout(&mut rng);
        moves += u64::from(s.moves);
        changes += u64::from(s.changes);
    }
    #[derive(Serialize)]
    struct Stats {
        games: u32,
        moves: u64,
        changes: u64,
    }
    Ok(to_js(&Stats {
        games,
        moves,
        changes,
    }))
}

/// Runs the strongest level's search for `millis` from the benchmark's
/// mid-game position (as `federa bench --search`) and returns its result.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(size: f64, millis: f64, seed: f64) -> JsResult<JsValue> {
    if !(millis.is_finite() && millis > 0.0) {
        return Err(error(
            "limit",
            "give a time in milliseconds (finite, above 0)",
            errors::Facts::default(),
        ));
    }
    let rules = rules(size, true)?;
    let pos = midgame_position(rules, seed.abs() as u64);
    let mut player = Player::new(PlayerKind::Level(Level::Master), seed.abs() as u64);
    let clock = JsClock::new().ok_or_else(|| {
        error(
            "clock",
            "no performance.now() here",
            errors::Facts::default(),
        )
    })?;
    let result = player
        .think(&pos, Limit::millis(millis), Some(&clock), &mut |_| true)
        .ok_or_else(|| {
            error(
                "over",
                "the position is already won",
                errors::Facts::default(),
            )
        })?;
    Ok(to_js(&ProgressInfo::from(&result)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use federa_core::{MAX_SIZE, MIN_SIZE};

    #[test]
    fn cells_name_the_pieces_of_the_core() {
        for (k, piece) in Piece::ALL.into_iter().enumerate() {
            let cell = Cell::of(Some(piece));
            assert_eq!(cell as usize, k + 1);
            assert_eq!(cell.piece(), Some(piece));
            assert_eq!(
                format!("{cell:?}").to_lowercase(),
                piece_name(piece).to_lowercase()
            );
        }
        assert_eq!(Cell::of(None), Cell::Empty);
    }

    #[test]
    fn the_size_range_is_the_core_s() {
        assert_eq!(BoardSize::Smallest as u8, MIN_SIZE);
        assert_eq!(BoardSize::Default as u8, federa_core::DEFAULT_SIZE);
        assert_eq!(BoardSize::Largest as u8, MAX_SIZE);
    }

    #[test]
    fn move_classes_are_the_review_s_in_order() {
        let ours = [
            MoveClass::Fine,
            MoveClass::Inaccuracy,
            MoveClass::Mistake,
            MoveClass::Blunder,
        ];
        for (k, class) in ours.into_iter().enumerate() {
            assert_eq!(class as usize, k);
            let name = format!("{class:?}").to_lowercase();
            let core = review::MoveClass::from_name(&name).expect("a class of the review");
            assert_eq!(core.name(), name);
        }
        assert_eq!(review::MoveClass::from_name("brilliant"), None);
    }

    #[test]
    fn glyphs_are_the_annotated_record_s_in_order() {
        let ours = [
            Glyph::Brilliant,
            Glyph::Good,
            Glyph::Interesting,
            Glyph::Inaccuracy,
            Glyph::Mistake,
            Glyph::Blunder,
        ];
        for (k, (core, glyph)) in federa_core::Glyph::ALL.into_iter().zip(ours).enumerate() {
            assert_eq!(glyph as usize, k);
            assert_eq!(format!("{glyph:?}").to_lowercase(), core.name());
            assert_eq!(format!("{core:?}").to_lowercase(), core.name());
        }
    }

    #[test]
    fn ai_levels_are_the_search_s_levels_in_order() {
        let levels = [
            AiLevel::Novice,
            AiLevel::Casual,
            AiLevel::Club,
            AiLevel::Strong,
            AiLevel::Master,
        ];
        for (k, (level, ours)) in Level::ALL.into_iter().zip(levels).enumerate() {
            assert_eq!(ours as usize, k + 1);
            assert_eq!(format!("{ours:?}").to_lowercase(), level.name());
        }
    }

    #[test]
    fn attacks_is_the_rules_table() {
        for (a, attacker) in Piece::ALL.into_iter().enumerate() {
            for (g, group) in Piece::ALL.into_iter().enumerate() {
                assert_eq!(attacks(a as u8 + 1, g as u8 + 1), attacker.attacks(group));
            }
        }
        assert!(!attacks(0, 1) && !attacks(1, 0) && !attacks(5, 1) && !attacks(255, 255));
    }
}
