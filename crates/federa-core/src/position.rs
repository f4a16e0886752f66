//! The position: the board, the side to move, and everything the rules need
//! kept up to date move by move.
//!
//! Groups are kept as union-find sets (every stone carries its group's id,
//! every group its stones as a set of cells, 64 to a word) with pseudo-liberty
//! counts, so a group is enclosed exactly when its count is zero. Groups never split: a
//! placement only merges, and a change turns a whole group into one type and
//! merges it with its new neighbours. An enclosed group's neighbours are all
//! pieces, so only a change next to it can alter who may change it; each
//! enclosed group therefore gets its attackers counted once when it becomes
//! enclosed and again only when a neighbouring group changes. The groups each
//! colour may change are kept in two lists, so counting and picking legal
//! moves costs nothing.

use std::fmt;

pub(crate) mod codes;
pub(crate) mod fast;
pub(crate) mod features;
mod weights;

pub use fast::PlayoutStats;

use crate::sort::sort_by_first;
use crate::types::{Color, MAX_SIZE, Move, Piece, Point, Rules, attacker_code};
use crate::zobrist;

/// Row length of the padded board: one border cell left and right.
const MAX_STRIDE: usize = MAX_SIZE as usize + 2;
/// Cells of the largest padded board. Two border rows below and above, so
/// that even a border cell's neighbours lie inside the array.
pub(crate) const CELLS: usize = MAX_STRIDE * (MAX_SIZE as usize + 4);
/// Points of the largest board.
const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;
/// 64-bit words of a set of cells, with an always-empty word at each end
/// (cell `i` is bit `i % 64` of word `i / 64 + 1`), so that shifting a
/// set by a row needs no bounds tests.
const WORDS: usize = words_for(CELLS);

/// Words of a set of `cells` cells, with its always-empty end words.
const fn words_for(cells: usize) -> usize {
    cells.div_ceil(64) + 2
}

/// The word of a set of cells that holds cell `i`, and its bit there.
#[inline(always)]
fn bit_of(i: usize) -> (usize, u64) {
    (i / 64 + 1, 1 << (i % 64))
}

const EMPTY: u8 = 4;
const BORDER: u8 = 5;
/// `entitled` value of a group nobody may change (or not enclosed).
const NOBODY: u8 = 2;

/// A game position: board, side to move and move count, under some [`Rules`].
///
/// Build one with [`Position::new`] (the empty board), from a [`Setup`], or by
/// parsing a position string (see [`crate::notation`]). Play moves with
/// [`Position::try_play`] (checked: an illegal move is refused with the reason
/// and changes nothing), [`Position::play`] (panics on an illegal move) or
/// [`Position::play_unchecked`] (for search, on moves known to be legal).
///
/// After every move the winner is detected, and if the side to move then has
/// no legal move its turn is skipped at once, so the side to move always has a
/// move unless the game is over.
///
/// ```
/// use federa_core::{Color, Move, Piece, Point, Position, Rules};
///
/// let mut pos = Position::new(Rules::new(3).unwrap());
/// assert_eq!(pos.legal_moves().len(), 18); // 9 points × 2 shapes
/// pos.try_play(Move::Place { piece: Piece::DARK_ROUND, at: Point::new(1, 1) }).unwrap();
/// assert_eq!(pos.to_move(), Color::Light);
/// assert_eq!(pos.legal_moves().len(), 17); // 8 points × 2 shapes, and the swap
/// ```
pub struct Position {
    rules: Rules,
    /// N + 2: distance between vertically adjacent cells.
    stride: usize,
    /// Piece code (0..4), `EMPTY` or `BORDER`, per cell.
    cells: [u8; CELLS],
    /// Per stone: the id of its group (a stone of the group, the root).
    gid: [u16; CELLS],
    /// Per root: number of stones.
    stones: [u16; CELLS],
    /// Per root: pseudo-liberties (stone–empty adjacencies, with repeats).
    libs: [u16; CELLS],
    /// Per root: the group's canonical cell (lowest row, then leftmost).
    canon: [u16; CELLS],
    /// Per enclosed root: its distinct attackers, by colour index.
    attackers: [[u16; 2]; CELLS],
    /// Per piece code: the cells that hold it, so that a group's distinct
    /// attackers are counted a word of cells at a time.
    kinds: [[u64; WORDS]; 4],
    /// Per root: the cells of its group, laid out as in `kinds`, `words`
    /// words each (as many as this size needs, so that copies stay small);
    /// all zero for every other cell.
    sets: Box<[u64]>,
    /// Words per group in `sets`.
    words: usize,
    /// Per root: the colour index that may change it, or `NOBODY`.
    entitled: [u8; CELLS],
    /// Scratch, during a change: the groups beside it, each once.
    touched: [u16; MAX_POINTS],
    /// Per empty cell: its index in `empties`; per root: its index in
    /// `changeable[entitled]`.
    slot: [u16; CELLS],
    empties: [u16; MAX_POINTS],
    n_empty: u16,
    changeable: [[u16; MAX_POINTS]; 2],
    n_changeable: [u16; 2],
    /// Pieces per colour.
    pieces: [u16; 2],
    to_move: Color,
    plies: u32,
    winner: Option<Color>,
    skipped: bool,
    /// Per cell of the board: how many points lie between it and the
    /// nearest edge (for the move model; a table, as a division by the
    /// stride is slow in the playouts).
    edge: [u8; CELLS],
}

impl Position {
    /// The empty board, Dark to move.
    #[must_use]
    pub fn new(rules: Rules) -> Position {
        let n = usize::from(rules.size());
        let stride = n + 2;
        let words = words_for(stride * (n + 4));
        let mut pos = Position {
            rules,
            stride,
            cells: [BORDER; CELLS],
            gid: [0; CELLS],
            stones: [0; CELLS],
            libs: {
                // Cell 0 is a border cell, the group id of every empty and
                // border cell: a dummy that is never enclosed.
                let mut libs = [0; CELLS];
                libs[0] = 1;
                libs
            },
            canon: [0; CELLS],
            attackers: [[0; 2]; CELLS],
            kinds: [[0; WORDS]; 4],
            sets: vec![0; stride * (n + 4) * words].into_boxed_slice(),
            words,
            entitled: [NOBODY; CELLS],
            touched: [0; MAX_POINTS],
            slot: [0; CELLS],
            empties: [0; MAX_POINTS],
            n_empty: 0,
            changeable: [[0; MAX_POINTS]; 2],
            n_changeable: [0; 2],
            pieces: [0; 2],
            to_move: Color::Dark,
            plies: 0,
            winner: None,
            skipped: false,
            edge: [0; CELLS],
        };
        for row in 0..n {
            for col in 0..n {
                let i = pos.index(Point::new(col as u8, row as u8));
                pos.edge[i] = col.min(row).min(n - 1 - col).min(n - 1 - row) as u8;
                pos.cells[i] = EMPTY;
                pos.slot[i] = pos.n_empty;
                pos.empties[usize::from(pos.n_empty)] = i as u16;
                pos.n_empty += 1;
            }
        }
        pos
    }

    /// The rules this position is played under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The board's side length N.
    #[must_use]
    pub fn size(&self) -> u8 {
        self.rules.size()
    }

    /// The colour to move (after any automatic skip).
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Moves played so far: placements, changes and the swap (skips are not
    /// moves).
    #[must_use]
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The winner, once every point holds a piece of one colour.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Whether the game is over (there is a winner).
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// Whether the side that should have moved now was just skipped because it
    /// had no legal move (the side to move is the one that moved last).
    #[must_use]
    pub fn skipped(&self) -> bool {
        self.skipped
    }

    /// The piece on a point, or `None` for an empty point or one off the board.
    #[must_use]
    pub fn piece_at(&self, p: Point) -> Option<Piece> {
        if !p.is_on(self.size()) {
            return None;
        }
        let c = self.cells[self.index(p)];
        (c < EMPTY).then(|| Piece::from_code(c))
    }

    /// Number of pieces of a colour on the board.
    #[must_use]
    pub fn count(&self, color: Color) -> usize {
        usize::from(self.pieces[color.index()])
    }

    /// Number of empty points.
    #[must_use]
    pub fn empty_count(&self) -> usize {
        usize::from(self.n_empty)
    }

    /// Whether Light may swap sides now: the pie rule is on, one move has been
    /// played, and Light is to move.
    #[must_use]
    pub fn swap_available(&self) -> bool {
        self.rules.pie && self.plies == 1 && self.to_move == Color::Light && self.winner.is_none()
    }

    /// Zobrist hash of the board, the side to move and whether the swap is
    /// available. Worked out from the board when asked (a few microseconds
    /// on the largest board): the search asks once a move, and keeping it
    /// up to date would cost every playout's changes a key per stone.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let n = usize::from(self.size());
        let mut h = 0;
        for row in 0..n {
            let start = (row + 2) * self.stride + 1;
            for (col, &c) in self.cells[start..start + n].iter().enumerate() {
                if c < EMPTY {
                    h ^= zobrist::piece(usize::from(c) * CELLS + start + col);
                }
            }
        }
        if self.to_move == Color::Light {
            h ^= zobrist::LIGHT_TO_MOVE;
        }
        if self.swap_available() {
            h ^= zobrist::SWAP_AVAILABLE;
        }
        h
    }

    /// Number of legal moves for the side to move.
    #[must_use]
    pub fn move_count(&self) -> usize {
        if self.winner.is_some() {
            return 0;
        }
        2 * usize::from(self.n_empty)
            + usize::from(self.n_changeable[self.to_move.index()])
            + usize::from(self.swap_available())
    }

    /// Every legal move for the side to move: placements (round, then square,
    /// point by point), then changes (at each group's canonical point), then
    /// the swap.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(self.move_count());
        if self.winner.is_some() {
            return moves;
        }
        let color = self.to_move;
        for &i in &self.empties[..usize::from(self.n_empty)] {
            let at = self.point(usize::from(i));
            moves.push(Move::Place {
                piece: Piece::new(color, crate::Shape::Round),
                at,
            });
            moves.push(Move::Place {
                piece: Piece::new(color, crate::Shape::Square),
                at,
            });
        }
        for &root in self.changeable_roots(color) {
            moves.push(self.change_move(usize::from(root), color));
        }
        if self.swap_available() {
            moves.push(Move::Swap);
        }
        moves
    }

    /// Canonical points of the groups `color` may change now, in canonical
    /// order. (Changes are only legal for the side to move, and only while the
    /// game goes on.)
    #[must_use]
    pub fn changeable_groups(&self, color: Color) -> Vec<Point> {
        let mut points: Vec<Point> = self
            .changeable_roots(color)
            .iter()
            .map(|&r| self.point(usize::from(self.canon[usize::from(r)])))
            .collect();
        sort_by_first(&mut points, |a, b| a < b);
        points
    }

    /// The group at a point, with everything a player wants to know about it,
    /// or `None` if the point is empty or off the board.
    #[must_use]
    pub fn group_at(&self, p: Point) -> Option<Group> {
        let piece = self.piece_at(p)?;
        let root = usize::from(self.gid[self.index(p)]);
        let mut points = Vec::with_capacity(usize::from(self.stones[root]));
        let mut empty_neighbours = Vec::new();
        let mut attackers = [Vec::new(), Vec::new()];
        let mut seen = vec![false; CELLS];
        let code = piece.code();
        let attacker = [
            attacker_code(code, Color::Dark),
            attacker_code(code, Color::Light),
        ];
        for s in self.stones_of(root) {
            points.push(self.point(s));
            for q in self.neighbours(s) {
                let c = self.cells[q];
                if (c == EMPTY || c == attacker[0] || c == attacker[1]) && !seen[q] {
                    seen[q] = true;
                    let pt = self.point(q);
                    match c {
                        EMPTY => empty_neighbours.push(pt),
                        _ => attackers[usize::from(c >> 1)].push(pt),
                    }
                }
            }
        }
        let [dark, light] = &mut attackers;
        for list in [&mut points, &mut empty_neighbours, dark, light] {
            sort_by_first(list, |a, b| a < b);
        }
        Some(Group {
            piece,
            points,
            empty_neighbours,
            attackers,
        })
    }

    /// Checks a move without playing it.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        if let Some(winner) = self.winner {
            return Err(IllegalMove::GameOver { winner });
        }
        match m {
            Move::Swap => {
                if self.swap_available() {
                    Ok(())
                } else {
                    Err(IllegalMove::SwapUnavailable)
                }
            }
            Move::Place { piece, at } => {
                self.check_turn(piece.color)?;
                self.check_on_board(at)?;
                match self.piece_at(at) {
                    Some(occupant) => Err(IllegalMove::Occupied { at, occupant }),
                    None => Ok(()),
                }
            }
            Move::Change { at, into } => {
                self.check_turn(into.color)?;
                self.check_on_board(at)?;
                let group = self
                    .group_at(at)
                    .ok_or(IllegalMove::NothingToChange { at })?;
                let expected = group.check_change_named(into.color, at)?;
                if expected == into {
                    Ok(())
                } else {
                    Err(IllegalMove::WrongResult {
                        at,
                        expected,
                        given: into,
                    })
                }
            }
        }
    }

    fn check_turn(&self, color: Color) -> Result<(), IllegalMove> {
        if color == self.to_move {
            Ok(())
        } else {
            Err(IllegalMove::NotYourTurn {
                to_move: self.to_move,
            })
        }
    }

    fn check_on_board(&self, at: Point) -> Result<(), IllegalMove> {
        if at.is_on(self.size()) {
            Ok(())
        } else {
            Err(IllegalMove::OffBoard {
                at,
                size: self.size(),
            })
        }
    }

    /// Whether a move is legal now.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.check(m).is_ok()
    }

    /// Plays a move if it is legal; otherwise says why and changes nothing.
    ///
    /// ```
    /// use federa_core::{IllegalMove, Move, Position};
    ///
    /// // The centre dark round is attacked by three light rounds and one dark
    /// // square: Light may change it, Dark may not.
    /// let mut pos: Position = "scs/cCc/sS. b".parse().unwrap();
    /// let before = pos.clone();
    /// let refused = pos.try_play("BFSb2".parse().unwrap());
    /// assert!(matches!(refused, Err(IllegalMove::Outnumbered { mine: 1, theirs: 3, .. })));
    /// assert_eq!(pos, before);
    /// pos.try_play("BSc1".parse().unwrap()).unwrap();
    /// pos.try_play("WFCb2".parse().unwrap()).unwrap();
    /// ```
    pub fn try_play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a legal move.
    ///
    /// # Panics
    /// If the move is illegal (use [`Position::try_play`] to get the reason).
    pub fn play(&mut self, m: Move) {
        if let Err(e) = self.try_play(m) {
            panic!("illegal move: {e}");
        }
    }

    /// Plays a move without checking it, for search on moves it generated.
    /// An illegal move leaves the position inconsistent (never memory-unsafe).
    pub fn play_unchecked(&mut self, m: Move) {
        match m {
            Move::Place { piece, at } => {
                let i = self.index(at);
                self.place(i, piece.code());
            }
            Move::Change { at, into } => {
                let root = usize::from(self.gid[self.index(at)]);
                self.change(root, into.color);
            }
            Move::Swap => self.plies += 1,
        }
        if let Move::Place { .. } | Move::Change { .. } = m {
            self.finish_move();
        }
    }

    /// Makes this position a copy of `other`. Its tables are sized for the
    /// largest board; where both boards are of one size only the rows of
    /// points are copied (a ninth of the tables on 9×9), which makes the
    /// search's copies of a position cheap: the border rows above and below
    /// are the same in every position of a size, as no piece is ever there.
    pub(crate) fn copy_from(&mut self, other: &Position) {
        if self.size() != other.size() {
            self.clone_from(other);
            return;
        }
        let (start, end) = (
            2 * other.stride,
            (usize::from(other.size()) + 2) * other.stride,
        );
        fn copy<T: Copy>(mine: &mut [T], theirs: &[T], start: usize, end: usize) {
            mine[start..end].copy_from_slice(&theirs[start..end]);
        }
        copy(&mut self.cells, &other.cells, start, end);
        copy(&mut self.gid, &other.gid, start, end);
        copy(&mut self.stones, &other.stones, start, end);
        copy(&mut self.libs, &other.libs, start, end);
        copy(&mut self.canon, &other.canon, start, end);
        copy(&mut self.attackers, &other.attackers, start, end);
        copy(&mut self.entitled, &other.entitled, start, end);
        copy(&mut self.slot, &other.slot, start, end);
        let words = other.words;
        for (mine, theirs) in self.kinds.iter_mut().zip(&other.kinds) {
            copy(mine, theirs, 0, words);
        }
        copy(&mut self.sets, &other.sets, start * words, end * words);
        let empty = usize::from(other.n_empty);
        self.empties[..empty].copy_from_slice(&other.empties[..empty]);
        for c in 0..2 {
            let n = usize::from(other.n_changeable[c]);
            self.changeable[c][..n].copy_from_slice(&other.changeable[c][..n]);
        }
        self.rules = other.rules;
        self.n_empty = other.n_empty;
        self.n_changeable = other.n_changeable;
        self.pieces = other.pieces;
        self.to_move = other.to_move;
        self.plies = other.plies;
        self.winner = other.winner;
        self.skipped = other.skipped;
    }

    /// Ends a placement or change: counts it, detects the win, passes the turn
    /// and applies an automatic skip.
    fn finish_move(&mut self) {
        self.plies += 1;
        if self.n_empty == 0 && (self.pieces[0] == 0 || self.pieces[1] == 0) {
            self.winner = Some(if self.pieces[0] == 0 {
                Color::Light
            } else {
                Color::Dark
            });
        }
        self.to_move = self.to_move.other();
        self.skipped = false;
        self.skip_if_stuck();
    }

    /// Skips the side to move if it has no legal move and the game goes on.
    fn skip_if_stuck(&mut self) {
        if self.winner.is_none()
            && self.n_empty == 0
            && self.n_changeable[self.to_move.index()] == 0
            && !self.swap_available()
        {
            self.to_move = self.to_move.other();
            self.skipped = true;
        }
    }

    /// Puts a piece on the empty cell `i`.
    fn place(&mut self, i: usize, code: u8) {
        // Take the cell out of the empty list.
        let s = usize::from(self.slot[i]);
        self.n_empty -= 1;
        let last = self.empties[usize::from(self.n_empty)];
        self.empties[s] = last;
        self.slot[usize::from(last)] = s as u16;

        self.cells[i] = code;
        let (w, bit) = bit_of(i);
        self.kinds[usize::from(code & 3)][w] |= bit;
        self.sets[i * self.words + w] = bit;
        self.pieces[usize::from(code >> 1)] += 1;

        // Branch-free where random play makes the tests coin flips. Empty
        // and border cells have group id 0, whose liberty count is a dummy
        // that stays at 1.
        let nb = self.neighbours(i);
        let mut libs = 0;
        for q in nb {
            let c = self.cells[q];
            libs += u16::from(c == EMPTY);
            self.libs[usize::from(self.gid[q])] -= u16::from(c < EMPTY);
        }
        self.gid[i] = i as u16;
        self.stones[i] = 1;
        self.libs[i] = libs;
        self.canon[i] = i as u16;
        self.entitled[i] = NOBODY;

        let mut root = i;
        for q in nb {
            if self.cells[q] == code {
                let g = usize::from(self.gid[q]);
                if g != root {
                    root = self.merge(root, g);
                }
            }
        }
        // Neighbouring groups of other types whose last liberty this was are
        // now enclosed; none was before (this cell was empty beside them).
        for (k, q) in nb.into_iter().enumerate() {
            let g = usize::from(self.gid[q]);
            if self.libs[g] == 0
                && g != root
                && !nb[..k].iter().any(|&p| usize::from(self.gid[p]) == g)
            {
                self.recount(g);
            }
        }
        if self.libs[root] == 0 {
            self.recount(root);
        }
    }

    /// Changes the enclosed group `root` into `by`'s attacker of it.
    fn change(&mut self, root: usize, by: Color) {
        let from = self.cells[root];
        let into = attacker_code(from, by);
        self.set_entitled(root, NOBODY);
        let n = self.stones[root];
        // (Without a branch: whose group it was is a coin flip.)
        let moved = n * u16::from(from >> 1 != into >> 1);
        self.pieces[usize::from(from >> 1)] -= moved;
        self.pieces[usize::from(into >> 1)] += moved;
        if n == 1 {
            let (w, bit) = bit_of(root);
            self.kinds[usize::from(from & 3)][w] &= !bit;
            self.kinds[usize::from(into & 3)][w] |= bit;
            self.cells[root] = into;
        } else {
            let group = &self.sets[root * self.words..][..self.words];
            for (w, &bits) in group.iter().enumerate() {
                self.kinds[usize::from(from & 3)][w] &= !bits;
                self.kinds[usize::from(into & 3)][w] |= bits;
                for s in cells_of(bits, w) {
                    self.cells[s] = into;
                }
            }
        }
        let n_touched = self.groups_beside(root);
        // An enclosed group of another type swaps the changed stones touching
        // it from one attacker side to the other, as their type attacks it
        // before and after. Groups of the new type will join the changed one.
        for t in 0..n_touched {
            let g = usize::from(self.touched[t]);
            let code = self.cells[g];
            if code != into && self.libs[g] == 0 {
                let count = self.count_after_change(g, root, from, by);
                self.attackers[g] = count;
                self.set_entitled(g, entitled(count, code >> 1));
            }
        }
        let mut merged = root;
        for t in 0..n_touched {
            let g = usize::from(self.touched[t]);
            if self.cells[g] == into {
                self.set_entitled(g, NOBODY);
                merged = self.merge(merged, g);
            }
        }
        if self.libs[merged] == 0 {
            self.recount(merged);
        }
    }

    /// Lists in `touched` the groups beside the group `root`, each once:
    /// the pieces beside its set of cells, a group's whole set taken away
    /// as each is found.
    fn groups_beside(&mut self, root: usize) -> usize {
        if self.stones[root] == 1 {
            // A lone stone (half the changes): its neighbours, in the same
            // order as the sets would give them.
            // (Empty and border cells have group id 0, which no piece has.)
            let nb = self.neighbours(root);
            let gids = nb.map(|q| self.gid[q]);
            let mut n_touched = 0;
            for k in 0..4 {
                let fresh = self.cells[nb[k]] < EMPTY && !gids[..k].contains(&gids[k]);
                if fresh {
                    self.touched[n_touched] = gids[k];
                    n_touched += 1;
                }
            }
            return n_touched;
        }
        let words = self.words;
        let group = &self.sets[root * words..][..words];
        let [a, b, c, d] = self.kinds.each_ref().map(|kind| &kind[..words]);
        let mut near = [0u64; WORDS];
        let near = &mut near[..words];
        for w in 1..words - 1 {
            near[w] = beside(group, w, self.stride) & (a[w] | b[w] | c[w] | d[w]);
        }
        let mut n_touched = 0;
        for w in 1..words - 1 {
            while near[w] != 0 {
                let g = usize::from(self.gid[(w - 1) * 64 + near[w].trailing_zeros() as usize]);
                self.touched[n_touched] = g as u16;
                n_touched += 1;
                let other = &self.sets[g * words..][..words];
                for v in w..words {
                    near[v] &= !other[v];
                }
            }
        }
        n_touched
    }

    /// The attackers of the enclosed group `g`, of another type than the
    /// new one, once `by` has changed the group `root` of type `from` beside
    /// it: its stones touching `g` swap from one attacker side to the
    /// other, as their type attacks `g` before and after.
    // Out of line: two callers, and the wasm's size budget.
    #[inline(never)]
    fn count_after_change(&self, g: usize, root: usize, from: u8, by: Color) -> [u16; 2] {
        let code = self.cells[g];
        let k = if self.stones[root] == 1 {
            // `g` is beside it.
            1
        } else {
            let (group, other) = (self.set_of(root), self.set_of(g));
            (1..self.words - 1)
                .map(|w| (beside(other, w, self.stride) & group[w]).count_ones() as u16)
                .sum::<u16>()
        };
        let mut count = self.attackers[g];
        count[usize::from(from >> 1)] -=
            k * u16::from(attacker_code(code, Color::from_code_bit(from)) == from);
        count[by.index()] += k * u16::from(attacker_code(code, by) == attacker_code(from, by));
        count
    }

    /// Joins two groups of the same type; returns the id of the result.
    #[inline(always)]
    fn merge(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = if self.stones[a] >= self.stones[b] {
            (a, b)
        } else {
            (b, a)
        };
        let words = self.words;
        if self.stones[small] == 1 {
            // The common case: a stone just placed.
            let (w, bit) = bit_of(small);
            self.sets[big * words + w] |= bit;
            self.sets[small * words + w] = 0;
            self.gid[small] = big as u16;
        } else {
            for w in 1..words - 1 {
                let bits = std::mem::take(&mut self.sets[small * words + w]);
                self.sets[big * words + w] |= bits;
                for s in cells_of(bits, w) {
                    self.gid[s] = big as u16;
                }
            }
        }
        self.stones[big] += self.stones[small];
        self.libs[big] += self.libs[small];
        self.canon[big] = self.canon[big].min(self.canon[small]);
        big
    }

    /// Counts the distinct attackers of the enclosed group `root` per colour
    /// and files it under the colour that may change it.
    fn recount(&mut self, root: usize) {
        let code = self.cells[root];
        let count = if self.stones[root] == 1 {
            self.count_around(root, code)
        } else {
            self.count_beside(self.set_of(root), code)
        };
        self.attackers[root] = count;
        self.set_entitled(root, entitled(count, code >> 1));
    }

    /// The distinct attackers, per colour, of a group of type `code` whose
    /// cells are `group` (whatever type they hold now): the pieces of its
    /// two attacking types beside it, found a word of cells at a time.
    fn count_beside(&self, group: &[u64], code: u8) -> [u16; 2] {
        let dark = &self.kinds[usize::from(attacker_code(code, Color::Dark) & 3)];
        let light = &self.kinds[usize::from(attacker_code(code, Color::Light) & 3)];
        let words = group.len();
        let (dark, light) = (&dark[..words], &light[..words]);
        let mut count = [0u32; 2];
        for w in 1..words - 1 {
            let near = beside(group, w, self.stride);
            count[0] += (near & dark[w]).count_ones();
            count[1] += (near & light[w]).count_ones();
        }
        [count[0] as u16, count[1] as u16]
    }

    /// `count_beside` for a group of the one stone `i`: its neighbours are
    /// distinct cells, so each attacker is counted once without the sets.
    fn count_around(&self, i: usize, code: u8) -> [u16; 2] {
        let dark = attacker_code(code, Color::Dark);
        let light = attacker_code(code, Color::Light);
        let mut count = [0; 2];
        for q in self.neighbours(i) {
            let c = self.cells[q];
            count[0] += u16::from(c == dark);
            count[1] += u16::from(c == light);
        }
        count
    }

    /// The set of cells of the group `root` (empty for a cell that is not
    /// a root). Where other fields are written meanwhile, the callers slice
    /// `sets` by hand, so that the borrow is of that field alone.
    fn set_of(&self, root: usize) -> &[u64] {
        &self.sets[root * self.words..][..self.words]
    }

    /// The cells of the group `root`, lowest first.
    fn stones_of(&self, root: usize) -> impl Iterator<Item = usize> + '_ {
        let group = self.set_of(root);
        (1..self.words - 1).flat_map(move |w| cells_of(group[w], w))
    }

    /// Moves a group between the changeable lists.
    #[inline(always)]
    fn set_entitled(&mut self, root: usize, who: u8) {
        let old = self.entitled[root];
        if old == who {
            return;
        }
        if old != NOBODY {
            let list = usize::from(old);
            let s = usize::from(self.slot[root]);
            self.n_changeable[list] -= 1;
            let last = self.changeable[list][usize::from(self.n_changeable[list])];
            self.changeable[list][s] = last;
            self.slot[usize::from(last)] = s as u16;
        }
        if who != NOBODY {
            let list = usize::from(who);
            let n = self.n_changeable[list];
            self.changeable[list][usize::from(n)] = root as u16;
            self.slot[root] = n;
            self.n_changeable[list] = n + 1;
        }
        self.entitled[root] = who;
    }

    fn changeable_roots(&self, color: Color) -> &[u16] {
        let c = color.index();
        &self.changeable[c][..usize::from(self.n_changeable[c])]
    }

    fn change_move(&self, root: usize, color: Color) -> Move {
        Move::Change {
            at: self.point(usize::from(self.canon[root])),
            into: Piece::from_code(attacker_code(self.cells[root], color)),
        }
    }

    #[inline]
    fn neighbours(&self, i: usize) -> [usize; 4] {
        [i - self.stride, i - 1, i + 1, i + self.stride]
    }

    #[inline]
    pub(crate) fn index(&self, p: Point) -> usize {
        (usize::from(p.row) + 2) * self.stride + usize::from(p.col) + 1
    }

    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride - 1) as u8, (i / self.stride - 2) as u8)
    }

    /// Builds a position from a checked setup.
    pub(crate) fn from_setup(setup: &Setup) -> Position {
        let mut pos = Position::new(setup.rules);
        let n = usize::from(setup.rules.size());
        for (k, cell) in setup.cells.iter().enumerate() {
            if let Some(piece) = cell {
                let i = pos.index(Point::new((k % n) as u8, (k / n) as u8));
                pos.place(i, piece.code());
            }
        }
        pos.to_move = setup.to_move;
        pos.plies = setup.plies;
        if pos.n_empty == 0 && (pos.pieces[0] == 0 || pos.pieces[1] == 0) {
            pos.winner = Some(if pos.pieces[0] == 0 {
                Color::Light
            } else {
                Color::Dark
            });
        }
        pos.skip_if_stuck();
        pos
    }

    /// The board as a setup (to edit it, or to compare boards).
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let n = self.size();
        let mut cells = Vec::with_capacity(usize::from(n) * usize::from(n));
        for row in 0..n {
            for col in 0..n {
                cells.push(self.piece_at(Point::new(col, row)));
            }
        }
        Setup {
            rules: self.rules,
            cells,
            to_move: self.to_move,
            plies: self.plies,
        }
    }

    /// Whether every part of the internal state is identical (stricter than
    /// `==`, which compares what the game sees).
    #[cfg(test)]
    pub(crate) fn same_state(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.cells == other.cells
            && self.gid == other.gid
            && self.sets == other.sets
            && self.stones == other.stones
            && self.libs == other.libs
            && self.canon == other.canon
            && self.attackers == other.attackers
            && self.kinds == other.kinds
            && self.entitled == other.entitled
            && self.slot == other.slot
            && self.empties == other.empties
            && self.n_empty == other.n_empty
            && self.changeable == other.changeable
            && self.n_changeable == other.n_changeable
            && self.pieces == other.pieces
            && self.to_move == other.to_move
            && self.plies == other.plies
            && self.winner == other.winner
            && self.skipped == other.skipped
    }

    /// Checks the cached state against a slow recomputation from the board:
    /// every enclosed group's attacker counts and who may change it.
    #[cfg(test)]
    pub(crate) fn assert_consistent(&self) {
        let n = self.size();
        for row in 0..n {
            for col in 0..n {
                let i = self.index(Point::new(col, row));
                if self.cells[i] >= EMPTY || usize::from(self.gid[i]) != i {
                    continue;
                }
                let group = self.group_at(self.point(i)).unwrap();
                assert_eq!(
                    group.enclosed(),
                    self.libs[i] == 0,
                    "{self} at {}",
                    self.point(i)
                );
                let changer = group.changer().map_or(NOBODY, |c| c.index() as u8);
                if group.enclosed() {
                    let counts = [
                        group.attackers[0].len() as u16,
                        group.attackers[1].len() as u16,
                    ];
                    assert_eq!(self.attackers[i], counts, "{self} at {}", self.point(i));
                    assert_eq!(self.entitled[i], changer, "{self} at {}", self.point(i));
                } else {
                    assert_eq!(self.entitled[i], NOBODY, "{self} at {}", self.point(i));
                }
            }
        }
        let mut sets = vec![0; self.sets.len()];
        for (i, &cell) in self.cells.iter().enumerate() {
            if cell < EMPTY {
                let (w, bit) = bit_of(i);
                sets[usize::from(self.gid[i]) * self.words + w] |= bit;
            }
            for (code, kind) in self.kinds.iter().enumerate() {
                let (w, bit) = bit_of(i);
                let set = kind[w] & bit != 0;
                assert_eq!(set, usize::from(cell) == code, "{self} at cell {i}");
            }
        }
        assert!(*sets == *self.sets, "{self}: the groups' sets of cells");
    }

    /// Number of groups on the board (each counted once).
    #[must_use]
    pub fn group_count(&self) -> usize {
        let n = self.size();
        (0..n)
            .flat_map(|row| (0..n).map(move |col| Point::new(col, row)))
            .filter(|&p| {
                let i = self.index(p);
                self.cells[i] < EMPTY && usize::from(self.gid[i]) == i
            })
            .count()
    }
}

/// One copy routine for every clone: the tables are plain data, and only
/// the groups' sets live apart.
impl Clone for Position {
    #[inline(never)]
    fn clone(&self) -> Position {
        Position {
            sets: self.sets.clone(),
            ..*self
        }
    }
}

/// Two positions are equal when they have the same rules, board, side to
/// move and move count: what a position string says. (Whether the side to
/// move got here by a skip is a note on the way, not part of the position.)
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.rules == other.rules
            && self.cells == other.cells
            && self.to_move == other.to_move
            && self.plies == other.plies
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// The cells in the word `w` of a set of cells.
fn cells_of(mut bits: u64, w: usize) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let s = (bits != 0).then(|| (w - 1) * 64 + bits.trailing_zeros() as usize);
        bits &= bits.wrapping_sub(1);
        s
    })
}

/// The word `w` of the cells beside a set of cells and not in it (a row is
/// shorter than a word, so a shift by a row reaches only the next word).
#[inline(always)]
fn beside(set: &[u64], w: usize, stride: usize) -> u64 {
    let (before, m, after) = (set[w - 1], set[w], set[w + 1]);
    let near = (m << 1 | before >> 63)
        | (m >> 1 | after << 63)
        | (m << stride | before >> (64 - stride))
        | (m >> stride | after << (64 - stride));
    near & !m
}

/// Who may change an enclosed group with these attacker counts: the colour
/// with more attackers, or the owner on a tie of at least one each.
fn entitled([dark, light]: [u16; 2], owner: u8) -> u8 {
    // Selects rather than branches: in random play the counts' order is a
    // coin flip.
    let tie = if dark > 0 { owner } else { NOBODY };
    let unequal = u8::from(dark < light);
    if dark == light { tie } else { unequal }
}

/// A group and its surroundings, as [`Position::group_at`] reports them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The type of every piece in the group.
    pub piece: Piece,
    /// Its points, in canonical order (the first is the canonical point).
    pub points: Vec<Point>,
    /// Its empty neighbours; none when the group is enclosed.
    pub empty_neighbours: Vec<Point>,
    /// The distinct pieces attacking it, by colour index (Dark, Light).
    pub attackers: [Vec<Point>; 2],
}

impl Group {
    /// Whether no piece of the group has an empty neighbour.
    #[must_use]
    pub fn enclosed(&self) -> bool {
        self.empty_neighbours.is_empty()
    }

    /// The point a change token names: lowest row, then leftmost column.
    #[must_use]
    pub fn canonical_point(&self) -> Point {
        self.points[0]
    }

    /// The pieces of `color` attacking the group.
    #[must_use]
    pub fn attackers(&self, color: Color) -> &[Point] {
        &self.attackers[color.index()]
    }

    /// What the group becomes if `color` changes it.
    #[must_use]
    pub fn change_into(&self, color: Color) -> Piece {
        self.piece.attacker(color)
    }

    /// Who may change the group (whoever is to move), if anyone.
    #[must_use]
    pub fn changer(&self) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.check_change(c).is_ok())
    }

    /// Whether `color` may change the group; if so, what it becomes, and if
    /// not, why, naming the group by its canonical point. (Turn order is not
    /// considered here.)
    pub fn check_change(&self, color: Color) -> Result<Piece, IllegalMove> {
        self.check_change_named(color, self.canonical_point())
    }

    /// As [`Group::check_change`], with a refusal naming `at`, the point of
    /// the group a player chose: a player who pointed at one piece is told
    /// about that piece, not about the group's first one.
    pub fn check_change_named(&self, color: Color, at: Point) -> Result<Piece, IllegalMove> {
        if !self.enclosed() {
            return Err(IllegalMove::NotEnclosed {
                at,
                empty_neighbours: self.empty_neighbours.clone(),
            });
        }
        let mine = self.attackers(color).len();
        let theirs = self.attackers(color.other()).len();
        if mine == 0 && theirs == 0 {
            return Err(IllegalMove::NoAttackers { at });
        }
        if mine < theirs {
            return Err(IllegalMove::Outnumbered { at, mine, theirs });
        }
        if mine == theirs && self.piece.color != color {
            return Err(IllegalMove::TieNotYours { at, count: mine });
        }
        Ok(self.change_into(color))
    }
}

/// Why a move was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// The game has ended.
    GameOver {
        /// Who won.
        winner: Color,
    },
    /// The move names the colour that is not to move.
    NotYourTurn {
        /// The colour to move.
        to_move: Color,
    },
    /// The point is outside the board.
    OffBoard {
        /// The point named.
        at: Point,
        /// The board's size.
        size: u8,
    },
    /// A placement on an occupied point.
    Occupied {
        /// The point named.
        at: Point,
        /// What is there.
        occupant: Piece,
    },
    /// A change on an empty point.
    NothingToChange {
        /// The point named.
        at: Point,
    },
    /// A change of a group that has empty neighbours.
    NotEnclosed {
        /// The group's canonical point.
        at: Point,
        /// Its empty neighbours.
        empty_neighbours: Vec<Point>,
    },
    /// A change of a group nobody attacks.
    NoAttackers {
        /// The group's canonical point.
        at: Point,
    },
    /// A change by the colour with fewer attackers.
    Outnumbered {
        /// The group's canonical point.
        at: Point,
        /// The mover's attackers.
        mine: usize,
        /// The opponent's attackers.
        theirs: usize,
    },
    /// A change on a tie, of a group that is not the mover's.
    TieNotYours {
        /// The group's canonical point.
        at: Point,
        /// Attackers on each side.
        count: usize,
    },
    /// A change that names a result other than the one the rules give.
    WrongResult {
        /// The point named.
        at: Point,
        /// What the group would become.
        expected: Piece,
        /// What the move said.
        given: Piece,
    },
    /// The swap outside Light's first turn, or with the pie rule off.
    SwapUnavailable,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver { winner } => write!(f, "the game is over: {winner} won"),
            IllegalMove::NotYourTurn { to_move } => {
                write!(f, "not your turn: {to_move} is to move")
            }
            IllegalMove::OffBoard { at, size } => {
                write!(f, "{at} is off the {size}x{size} board")
            }
            IllegalMove::Occupied { at, occupant } => {
                write!(f, "{at} is occupied by a {occupant} piece")
            }
            IllegalMove::NothingToChange { at } => write!(f, "{at} is empty: no group to change"),
            IllegalMove::NotEnclosed {
                at,
                empty_neighbours,
            } => {
                write!(f, "the group at {at} is not enclosed: empty neighbour")?;
                if empty_neighbours.len() > 1 {
                    f.write_str("s")?;
                }
                for (k, p) in empty_neighbours.iter().enumerate() {
                    f.write_str(if k == 0 { " " } else { ", " })?;
                    write!(f, "{p}")?;
                }
                Ok(())
            }
            IllegalMove::NoAttackers { at } => {
                write!(
                    f,
                    "the group at {at} has no attackers: nobody may change it"
                )
            }
            IllegalMove::Outnumbered { at, mine, theirs } => write!(
                f,
                "the group at {at} is attacked by {mine} of your pieces and {theirs} of your opponent's: you need more"
            ),
            IllegalMove::TieNotYours { at, count } => write!(
                f,
                "the group at {at} is attacked {count} to {count}: on a tie only its owner may change it"
            ),
            IllegalMove::WrongResult {
                at,
                expected,
                given,
            } => write!(
                f,
                "changing the group at {at} makes it {expected}, not {given}"
            ),
            IllegalMove::SwapUnavailable => {
                f.write_str("the swap is only allowed as Light's first move, with the pie rule on")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// An unchecked description of a position: board, side to move, move count.
/// Turn it into a [`Position`] with `Position::try_from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Board size and pie rule.
    pub rules: Rules,
    /// N×N cells, row by row from the bottom (row 1), each from the left.
    pub cells: Vec<Option<Piece>>,
    /// The colour to move (before any automatic skip).
    pub to_move: Color,
    /// Moves played so far.
    pub plies: u32,
}

impl Setup {
    /// An empty board, Dark to move, no moves played.
    #[must_use]
    pub fn empty(rules: Rules) -> Setup {
        let n = usize::from(rules.size());
        Setup {
            rules,
            cells: vec![None; n * n],
            to_move: Color::Dark,
            plies: 0,
        }
    }
}

/// A setup that does not describe a board of its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// Cells the board needs (N²).
    pub expected: usize,
    /// Cells the setup has.
    pub found: usize,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the setup has {} cells but the board has {}",
            self.found, self.expected
        )
    }
}

impl std::error::Error for SetupError {}

impl TryFrom<&Setup> for Position {
    type Error = SetupError;

    /// Any well-formed board is accepted, even one that could not arise in a
    /// game. A won board reports its winner; a side to move without a legal
    /// move is skipped at once.
    fn try_from(setup: &Setup) -> Result<Position, SetupError> {
        let n = usize::from(setup.rules.size());
        if setup.cells.len() != n * n {
            return Err(SetupError {
                expected: n * n,
                found: setup.cells.len(),
            });
        }
        Ok(Position::from_setup(setup))
    }
}

impl TryFrom<Setup> for Position {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<Position, SetupError> {
        Position::try_from(&setup)
    }
}

#[cfg(test)]
mod tests {
    use super::Position;
    use crate::{Rng, Rules};

    /// The attackers are counted on sets of cells, 64 to a word: the
    /// counts hold on every size, up to the largest, whose top rows lie in
    /// the last words.
    #[test]
    fn attacker_counts_stay_right_on_every_size() {
        let mut rng = Rng::new(5);
        for size in [2, 3, 4, 6, 7, 8, 11, 15, 19, 24, 25] {
            let mut pos = Position::new(Rules::new(size).unwrap());
            while !pos.is_over() {
                pos.play_random(&mut rng);
                pos.assert_consistent();
            }
        }
    }

    /// A copy into a position that held another game (of the same size or
    /// not) is the original: equal, consistent, and it plays on alike.
    #[test]
    fn a_copy_over_another_game_plays_on_as_the_original() {
        let mut rng = Rng::new(7);
        for size in [2, 5, 9, 13] {
            let mut stale = [9, size].map(|n| {
                let mut p = Position::new(Rules::new(n).unwrap());
                while !p.is_over() && p.empty_count() > 0 {
                    p.play_random(&mut rng);
                }
                p
            });
            let mut pos = Position::new(Rules::new(size).unwrap());
            while !pos.is_over() {
                for copy in &mut stale {
                    copy.copy_from(&pos);
                    copy.assert_consistent();
                    assert_eq!(*copy, pos);
                    assert_eq!(copy.legal_moves(), pos.legal_moves());
                    assert_eq!(copy.hash(), pos.hash());
                    let (mut a, mut b) = (rng.clone(), rng.clone());
                    let mut original = pos.clone();
                    while !original.is_over() {
                        assert_eq!(copy.play_random(&mut b), original.play_random(&mut a));
                    }
                    assert_eq!(copy.winner(), original.winner());
                    assert_eq!(*copy, original);
                }
                pos.play_random(&mut rng);
            }
        }
    }
}
