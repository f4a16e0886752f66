//! The game handle: a game for the page, its line and its tree of
//! variations, and what the board and the move list show of it.

use federa_core::puzzle::Solver;
use federa_core::review;
use federa_core::{
    Color, Game, GameTree, Move, NodeId, Piece, Point, Position, Setup, Shape, Termination, Token,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::errors::{
    self, ErrorInfo, error, from_annotated, from_end, from_illegal, from_position, from_record,
    from_time_control, from_token,
};
use crate::facts::Cell;
use crate::time_control::{from_object, to_object};
use crate::{
    JsResult, MoveInfo, color_from, color_name, js_number, names, object, piece_name, point_from,
    rules, to_js,
};

/// The state a page shows.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Status {
    size: u8,
    pie: bool,
    to_move: &'static str,
    winner: Option<&'static str>,
    /// The winner on the board at the main line's end (the game is over
    /// there, whichever line or position is shown).
    main_winner: Option<&'static str>,
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

    /// The position shown.
    pub(crate) fn current(&self) -> &federa_core::Position {
        self.game.position()
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
            if let Err(e) = game.play(self.tree.move_at(n).expect("a move")) {
                unreachable!("the tree's moves are legal: {e}");
            }
        }
        game.jump(path.len());
        self.game = game;
        self.nodes = nodes;
    }

    /// The line shown takes the tree's tags (those `end` and
    /// `setTimeControl` wrote there).
    fn tags_to_line(&mut self) {
        for (k, v) in self.tree.tags() {
            self.game.set_tag(k, v);
        }
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
            main_winner: self.tree.main_winner().map(color_name),
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
        // `most` is whole: a float's formatting would weigh 20 KB on the wasm.
        let count = |n: f64, most: u32, what: &str| {
            if n.fract() == 0.0 && (0.0..=f64::from(most)).contains(&n) {
                Ok(n as u64)
            } else {
                Err(error(
                    "puzzleLimit",
                    &format!("{} is not a count of {what} from 0 to {most}", js_number(n)),
                    errors::Facts::default(),
                ))
            }
        };
        let plies = count(plies, 50, "plies")? as u32;
        let nodes = count(nodes, 2_000_000, "positions")?;
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

    /// Ends the game outside the rules: `winner` (`dark` or `light`) wins,
    /// the other side having resigned (`how` `resign`) or run out of time
    /// (`time`). The record keeps it as its `[Result]` and `[Termination]`
    /// tags. Refused, changing nothing, for another `how`, when the main
    /// line ends in a win on the board, or when the game has already ended.
    pub fn end(&mut self, winner: String, how: &str) -> JsResult<()> {
        let winner = self.color_or_to_move(Some(winner))?;
        // Any other word is refused as `normal` is: the core says why.
        let how = Termination::from_name(how).unwrap_or(Termination::Normal);
        self.tree.end(winner, how).map_err(|e| from_end(&e))?;
        self.tags_to_line();
        Ok(())
    }

    /// How the game ended outside the rules, as its record's tags say:
    /// `{ winner, how }` (`how`: `resign` or `time`), or `null`; `null`
    /// too when the main line ends in a win on the board, which no tag
    /// overrides.
    pub fn ended(&self) -> JsValue {
        self.tree.ended().map_or(JsValue::NULL, |end| {
            object(&[
                ("winner", color_name(end.winner).into()),
                ("how", end.how.name().into()),
            ])
        })
    }

    /// The time control of the `[TimeControl]` tag as an object (`kind`
    /// `fischer`, `byoyomi` or `days`, as `readTimeControl` gives it), or
    /// `null` without one, and for a tag that does not read: a record from
    /// elsewhere may hold any text there, and its game is played without a
    /// clock.
    #[wasm_bindgen(js_name = timeControl)]
    pub fn time_control(&self) -> JsValue {
        self.tree
            .time_control()
            .ok()
            .flatten()
            .map_or(JsValue::NULL, to_object)
    }

    /// Sets the time control from its object (as `timeControl` and
    /// `readTimeControl` give it), written as the `[TimeControl]` tag. An
    /// object, not text: the page then never writes the notation (a game
    /// by link's days a move are a number). Refused, changing nothing, for
    /// an object that is not a time control.
    #[wasm_bindgen(js_name = setTimeControl)]
    pub fn set_time_control(&mut self, tc: &JsValue) -> JsResult<()> {
        let tc = from_object(tc)?;
        self.tree.set_time_control(tc).map_err(from_time_control)?;
        self.tags_to_line();
        Ok(())
    }
}
