//! The puzzle solver: how many plies a side needs to win by force, proved
//! by a depth-first search of every line, with a table of what is already
//! known of each position (a win within so many plies, or none within so
//! many) and a lower bound that cuts lines too short to fill the board.
//!
//! ```
//! use federa_core::{Color, Position};
//! use federa_core::puzzle::Solver;
//!
//! // Dark to move on a full 3×3 board: one change fills it with dark.
//! let pos = Position::parse_with_pie("sss/sCs/sss b 16", false).unwrap();
//! let mut solver = Solver::new();
//! assert_eq!(solver.distance(&pos, Color::Dark, 5), Ok(Some(1)));
//! assert_eq!(solver.distance(&pos, Color::Light, 5), Ok(None));
//! ```

use std::fmt;

use crate::position::Position;
use crate::position::codes::{Code, SWAP};
use crate::sort::sort_by_first;
use crate::types::{Color, Move};

/// The positions a solver looks at before it gives up, by default (the
/// browser's pages ask at most half of it for a step of a line).
pub const NODE_LIMIT: u64 = 2_000_000;

/// The solver gave up: the question needs more positions than its limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooHard {
    /// The limit reached.
    pub nodes: u64,
}

impl fmt::Display for TooHard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "more than {} positions to search", self.nodes)
    }
}

impl std::error::Error for TooHard {}

/// What is proved of one position for one attacker: it wins within `win`
/// plies (`u32::MAX`: not known), and it does not win within `none`.
#[derive(Clone, Copy)]
struct Known {
    win: u32,
    none: u32,
}

/// What is proved, by position and attacker: open addressing on the
/// Zobrist keys, which are random already, so their low bits pick the slot
/// (a hash map would only add time, and kilobytes to the wasm). Like the
/// keys themselves, a key stands for one position: key 0 marks an empty
/// slot, so a position whose key is 0 is filed under 1.
struct Table {
    slots: Vec<(u64, Known)>,
    len: usize,
}

impl Table {
    const UNKNOWN: Known = Known {
        win: u32::MAX,
        none: 0,
    };

    fn new() -> Table {
        Table {
            slots: vec![(0, Table::UNKNOWN); 1024],
            len: 0,
        }
    }

    /// The slot of `key`: its own, or the empty one it would take.
    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        while self.slots[i].0 != key && self.slots[i].0 != 0 {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: u64) -> Known {
        self.slots[self.slot(key.max(1))].1
    }

    fn entry(&mut self, key: u64) -> &mut Known {
        let key = key.max(1);
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            let bigger = vec![(0, Table::UNKNOWN); 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            for (k, known) in old.into_iter().filter(|&(k, _)| k != 0) {
                let i = self.slot(k);
                self.slots[i] = (k, known);
            }
        }
        let i = self.slot(key);
        if self.slots[i].0 == 0 {
            self.slots[i].0 = key;
            self.len += 1;
        }
        &mut self.slots[i].1
    }
}

/// An exact solver of short wins, keeping what it proved between questions
/// (about the same game, a puzzle's line, it answers each next one faster).
pub struct Solver {
    known: Table,
    nodes: u64,
    limit: u64,
    /// Positions to search in, kept for reuse (a copy into one is cheap,
    /// a new one is not) and boxed (a position's tables are large to move).
    spare: Vec<Box<Position>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

/// A different key for each attacker of one position.
const LIGHT_ATTACKS: u64 = 0x9e37_79b9_7f4a_7c15;

impl Solver {
    /// A solver with the default limit ([`NODE_LIMIT`]).
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_limit(NODE_LIMIT)
    }

    /// A solver that gives up after `limit` positions (over its life).
    #[must_use]
    pub fn with_limit(limit: u64) -> Solver {
        Solver {
            known: Table::new(),
            nodes: 0,
            limit,
            spare: Vec::new(),
        }
    }

    /// The positions searched so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether `attacker` wins by force within `plies` more moves (of
    /// either side; an automatic skip is not a move).
    pub fn wins_within(
        &mut self,
        pos: &Position,
        attacker: Color,
        plies: u32,
    ) -> Result<bool, TooHard> {
        self.wins(pos, attacker, plies)
    }

    /// The fewest plies (up to `max`) within which `attacker` wins by force,
    /// or `None` if it does not within `max`.
    pub fn distance(
        &mut self,
        pos: &Position,
        attacker: Color,
        max: u32,
    ) -> Result<Option<u32>, TooHard> {
        if let Some(winner) = pos.winner() {
            return Ok((winner == attacker).then_some(0));
        }
        for plies in lower_bound(pos, attacker)..=max {
            if self.wins(pos, attacker, plies)? {
                return Ok(Some(plies));
            }
        }
        Ok(None)
    }

    /// The moves of the side to move that win within `plies` (counting
    /// the move), in the AI's order of preference.
    pub fn winning_moves(&mut self, pos: &Position, plies: u32) -> Result<Vec<Move>, TooHard> {
        let me = pos.to_move();
        let mut wins = Vec::new();
        if plies == 0 {
            return Ok(wins);
        }
        let pos = &without_history(pos);
        for code in preferred(pos) {
            let next = after(pos, code);
            if self.wins(&next, me, plies - 1)? {
                wins.push(pos.code_move(code));
            }
        }
        Ok(wins)
    }

    /// The line from `pos` when `attacker` wins within `max` plies: the
    /// attacker's quickest win at each of its turns and the other side's
    /// longest defence at each of its own (ties go to the AI's preferred
    /// move), to the end of the game. `None` if there is no win within
    /// `max`.
    pub fn line(
        &mut self,
        pos: &Position,
        attacker: Color,
        max: u32,
    ) -> Result<Option<Vec<Move>>, TooHard> {
        let Some(mut left) = self.distance(pos, attacker, max)? else {
            return Ok(None);
        };
        let mut pos = without_history(pos);
        let mut line = Vec::new();
        while !pos.is_over() {
            let attacking = pos.to_move() == attacker;
            let mut best: Option<(Code, u32)> = None;
            for code in preferred(&pos) {
                let next = after(&pos, code);
                // The attacker's other moves may throw the win away; the
                // defender's may not.
                let Some(d) = self.distance(&next, attacker, left - 1)? else {
                    assert!(attacking, "a defence escaped a proved win");
                    continue;
                };
                let better = best.is_none_or(|(_, b)| if attacking { d < b } else { d > b });
                if better {
                    best = Some((code, d));
                }
                if attacking && d == left - 1 {
                    break;
                }
            }
            let (code, d) = best.expect("a position not over has a move");
            line.push(pos.code_move(code));
            // Each step as the browser asks it: from the position alone.
            pos = without_history(&after(&pos, code));
            left = d;
        }
        Ok(Some(line))
    }

    fn wins(&mut self, pos: &Position, attacker: Color, plies: u32) -> Result<bool, TooHard> {
        if let Some(winner) = pos.winner() {
            return Ok(winner == attacker);
        }
        if lower_bound(pos, attacker) > plies {
            return Ok(false);
        }
        let key = pos.hash()
            ^ if attacker == Color::Light {
                LIGHT_ATTACKS
            } else {
                0
            };
        let known = self.known.get(key);
        if known.win <= plies {
            return Ok(true);
        }
        if known.none >= plies {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(TooHard { nodes: self.limit });
        }
        let attacking = pos.to_move() == attacker;
        let mut result = !attacking;
        for code in preferred(pos) {
            let mut next = self.spare.pop().unwrap_or_else(|| Box::new(pos.clone()));
            next.copy_from(pos);
            next.play_code(code);
            if code == SWAP {
                *next = without_history(&next);
            }
            let won = self.wins(&next, attacker, plies - 1);
            self.spare.push(next);
            if won? == attacking {
                result = attacking;
                break;
            }
        }
        let entry = self.known.entry(key);
        if result {
            entry.win = entry.win.min(plies);
        } else {
            entry.none = entry.none.max(plies);
        }
        Ok(result)
    }
}

/// The fewest plies in which `attacker` could win from `pos` (not over):
/// every empty point is filled first, and a piece of the other colour on
/// the board, or one the other side may place before the board is full,
/// must then be changed.
fn lower_bound(pos: &Position, attacker: Color) -> u32 {
    let empty = pos.empty_count() as u32;
    let other = attacker.other();
    let they_place = empty >= 2 || (empty == 1 && pos.to_move() == other);
    empty + u32::from(pos.count(other) > 0 || they_place)
}

/// `pos` after the move `code`. The swap only counts a ply: rebuilt from
/// its setup, a position after it skips a side with no move, as the rules
/// say (a full board at ply 1 leaves Light none after the swap).
fn after(pos: &Position, code: Code) -> Position {
    let mut next = pos.clone();
    next.play_code(code);
    if code == SWAP {
        next = without_history(&next);
    }
    next
}

/// The position as its string would give it: the AI's order of moves
/// (which breaks ties in a line) reads the last move played, and a line
/// is the position's, not the game's.
fn without_history(pos: &Position) -> Position {
    Position::from_setup(&pos.to_setup())
}

/// The legal moves' codes, the AI's likeliest first (the learned model's
/// order, ties in move order): in a proof, the move that settles a
/// position is most often among them.
fn preferred(pos: &Position) -> Vec<Code> {
    let mut codes = Vec::new();
    pos.move_codes(&mut codes);
    let mut scored: Vec<(f32, Code)> = codes.iter().map(|&c| (pos.gamma(c), c)).collect();
    sort_by_first(&mut scored, |a, b| a.0 > b.0);
    scored.into_iter().map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_every_entry_as_it_grows_and_files_key_0_under_1() {
        let mut table = Table::new();
        let keys: Vec<u64> = (0..5000u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for (n, &key) in keys.iter().enumerate() {
            table.entry(key).win = n as u32;
        }
        assert!(table.slots.len() >= 8192, "{} slots", table.slots.len());
        for (n, &key) in keys.iter().enumerate() {
            assert_eq!(table.get(key).win, n as u32, "key {key}");
        }
        assert_eq!(table.get(1).win, 0, "key 0 is filed under 1");
        assert_eq!(table.get(3).win, u32::MAX, "a key never filed");
        assert_eq!(table.get(3).none, 0);
    }
}
