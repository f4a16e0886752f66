//! Helpers shared by the integration tests, and a deliberately naive second
//! implementation of the rules (flood fill on every question) to check the
//! engine against.

#![allow(dead_code)]

use federa_core::{Color, Move, Piece, Point, Position, Rules, Shape};

/// Parses a position string (pie on), panicking with the error.
pub fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Parses a full move token, panicking with the error.
pub fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Parses a point, panicking with the error.
pub fn pt(text: &str) -> Point {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The rules, naively: a board of cells and nothing cached.
#[derive(Clone, Debug)]
pub struct Naive {
    pub n: usize,
    pub pie: bool,
    pub cells: Vec<Option<Piece>>,
    pub to_move: Color,
    pub plies: u32,
}

impl Naive {
    pub fn from_position(p: &Position) -> Naive {
        let n = usize::from(p.size());
        let mut cells = vec![None; n * n];
        for row in 0..n {
            for col in 0..n {
                cells[row * n + col] = p.piece_at(Point::new(col as u8, row as u8));
            }
        }
        Naive {
            n,
            pie: p.rules().pie,
            cells,
            to_move: p.to_move(),
            plies: p.plies(),
        }
    }

    pub fn empty(rules: Rules) -> Naive {
        Naive::from_position(&Position::new(rules))
    }

    fn neighbours(&self, i: usize) -> Vec<usize> {
        let (r, c) = (i / self.n, i % self.n);
        let mut v = Vec::new();
        if r > 0 {
            v.push(i - self.n);
        }
        if r + 1 < self.n {
            v.push(i + self.n);
        }
        if c > 0 {
            v.push(i - 1);
        }
        if c + 1 < self.n {
            v.push(i + 1);
        }
        v
    }

    /// The group containing cell `i` (flood fill).
    pub fn group(&self, i: usize) -> Vec<usize> {
        let piece = self.cells[i].expect("a piece");
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![i];
        let mut out = Vec::new();
        seen[i] = true;
        while let Some(s) = stack.pop() {
            out.push(s);
            for q in self.neighbours(s) {
                if !seen[q] && self.cells[q] == Some(piece) {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        out.sort_unstable();
        out
    }

    pub fn winner(&self) -> Option<Color> {
        if self.cells.iter().any(Option::is_none) {
            return None;
        }
        let dark = self.cells.iter().any(|c| c.unwrap().color == Color::Dark);
        let light = self.cells.iter().any(|c| c.unwrap().color == Color::Light);
        match (dark, light) {
            (true, false) => Some(Color::Dark),
            (false, true) => Some(Color::Light),
            _ => None,
        }
    }

    /// Who may change the group containing `i`, straight from the rules.
    pub fn may_change(&self, i: usize, mover: Color) -> bool {
        let group = self.group(i);
        let piece = self.cells[i].unwrap();
        if group
            .iter()
            .any(|&s| self.neighbours(s).iter().any(|&q| self.cells[q].is_none()))
        {
            return false;
        }
        let mut attackers: Vec<usize> = group
            .iter()
            .flat_map(|&s| self.neighbours(s))
            .filter(|&q| self.cells[q].is_some_and(|a| a.attacks(piece)))
            .collect();
        attackers.sort_unstable();
        attackers.dedup();
        let mine = attackers
            .iter()
            .filter(|&&q| self.cells[q].unwrap().color == mover)
            .count();
        let theirs = attackers.len() - mine;
        mine > theirs || (mine == theirs && mine >= 1 && piece.color == mover)
    }

    fn point(&self, i: usize) -> Point {
        Point::new((i % self.n) as u8, (i / self.n) as u8)
    }

    pub fn own_moves(&self) -> Vec<Move> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut moves = Vec::new();
        for i in 0..self.cells.len() {
            match self.cells[i] {
                None => {
                    for shape in Shape::ALL {
                        moves.push(Move::Place {
                            piece: Piece::new(self.to_move, shape),
                            at: self.point(i),
                        });
                    }
                }
                Some(piece) => {
                    let group = self.group(i);
                    if group[0] == i && self.may_change(i, self.to_move) {
                        moves.push(Move::Change {
                            at: self.point(i),
                            into: piece.attacker(self.to_move),
                        });
                    }
                }
            }
        }
        if self.pie && self.plies == 1 && self.to_move == Color::Light {
            moves.push(Move::Swap);
        }
        moves
    }

    /// Legal moves, as canonical tokens, sorted.
    pub fn legal_tokens(&self) -> Vec<String> {
        let mut v: Vec<String> = self.own_moves().iter().map(Move::to_string).collect();
        v.sort();
        v
    }

    /// Plays a legal move, then applies the win check and an automatic skip.
    pub fn play(&mut self, m: Move) {
        match m {
            Move::Place { piece, at } => {
                self.cells[usize::from(at.row) * self.n + usize::from(at.col)] = Some(piece);
            }
            Move::Change { at, into } => {
                for s in self.group(usize::from(at.row) * self.n + usize::from(at.col)) {
                    self.cells[s] = Some(into);
                }
            }
            Move::Swap => {
                self.plies += 1;
                return;
            }
        }
        self.plies += 1;
        self.to_move = self.to_move.other();
        if self.winner().is_none() && self.own_moves().is_empty() {
            self.to_move = self.to_move.other();
        }
    }

    /// Number of groups.
    pub fn groups(&self) -> usize {
        (0..self.cells.len())
            .filter(|&i| self.cells[i].is_some() && self.group(i)[0] == i)
            .count()
    }
}

/// Whether `color` wins by force within `plies` more moves, by trying every
/// line of the naive rules (no table, no bound): the puzzle solver's model.
pub fn forced_win(pos: &Naive, color: Color, plies: u32) -> bool {
    if let Some(winner) = pos.winner() {
        return winner == color;
    }
    if plies == 0 {
        return false;
    }
    let after = |m: Move| {
        let mut next = pos.clone();
        next.play(m);
        forced_win(&next, color, plies - 1)
    };
    let moves = pos.own_moves();
    if pos.to_move == color {
        moves.into_iter().any(after)
    } else {
        moves.into_iter().all(after)
    }
}
