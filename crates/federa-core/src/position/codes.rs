//! Moves as small numbers, for the search's tables, the playouts' traces,
//! the learned model's features and the puzzle solver.

use super::{CELLS, Position};
use crate::types::{Color, Move, Piece, Shape, attacker_code};

/// A move as a small number: a placement is `cell * 2 + shape`, a change is
/// `CHANGE_BASE + canonical cell` of its group, the swap is `SWAP`. The colour
/// is the side to move's.
pub(crate) type Code = u16;

/// First change code.
pub(crate) const CHANGE_BASE: Code = 2 * CELLS as Code;
/// The swap's code.
pub(crate) const SWAP: Code = CHANGE_BASE + CELLS as Code;
/// Number of distinct codes (for tables indexed by code).
pub(crate) const CODES: usize = SWAP as usize + 1;

impl Position {
    /// Every legal move as a code, appended to `out`.
    pub(crate) fn move_codes(&self, out: &mut Vec<Code>) {
        if self.winner.is_some() {
            return;
        }
        for &i in &self.empties[..usize::from(self.n_empty)] {
            out.push(i * 2);
            out.push(i * 2 + 1);
        }
        for &root in self.changeable_roots(self.to_move) {
            out.push(CHANGE_BASE + self.canon[usize::from(root)]);
        }
        if self.swap_available() {
            out.push(SWAP);
        }
    }

    /// Plays a legal move given by its code.
    pub(crate) fn play_code(&mut self, code: Code) {
        if code == SWAP {
            self.plies += 1;
            return;
        }
        if code < CHANGE_BASE {
            let i = usize::from(code >> 1);
            let piece = ((self.to_move as u8) << 1) | (code & 1) as u8;
            self.place(i, piece);
        } else {
            let root = usize::from(self.gid[usize::from(code - CHANGE_BASE)]);
            self.change(root, self.to_move);
        }
        self.finish_move();
    }

    /// The move a code stands for here.
    pub(crate) fn code_move(&self, code: Code) -> Move {
        let color = self.to_move;
        if code == SWAP {
            Move::Swap
        } else if code < CHANGE_BASE {
            let shape = if code & 1 == 0 {
                Shape::Round
            } else {
                Shape::Square
            };
            Move::Place {
                piece: Piece::new(color, shape),
                at: self.point(usize::from(code >> 1)),
            }
        } else {
            let cell = usize::from(code - CHANGE_BASE);
            Move::Change {
                at: self.point(cell),
                into: Piece::from_code(attacker_code(self.cells[cell], color)),
            }
        }
    }

    /// The code of a legal move.
    pub(crate) fn move_code(&self, m: Move) -> Code {
        match m {
            Move::Swap => SWAP,
            Move::Place { piece, at } => (self.index(at) as Code) * 2 + piece.shape as Code,
            Move::Change { at, .. } => {
                let root = usize::from(self.gid[self.index(at)]);
                CHANGE_BASE + self.canon[root]
            }
        }
    }

    /// The colour that gains from the move `code` of the side to move: the
    /// mover, except for the swap, after which the swapper plays Dark.
    pub(crate) fn beneficiary(&self, code: Code) -> Color {
        if code == SWAP {
            Color::Dark
        } else {
            self.to_move
        }
    }
}
