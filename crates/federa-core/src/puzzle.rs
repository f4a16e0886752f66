//! Puzzles: positions where exactly one move wins by force, proved by an
//! exhaustive search of every line up to a number of moves.
//!
//! ```
//! use federa_core::Position;
//! use federa_core::puzzle::{forced_win, only_win};
//!
//! // Dark to move on a full 3×3 board: one change fills it with dark.
//! let pos = Position::parse_with_pie("sss/sCs/sss b 16", false).unwrap();
//! let (win, plies) = only_win(&pos, 3).unwrap();
//! assert_eq!(pos.token(win), "BFCa1");
//! assert_eq!(plies, 1, "it wins at once");
//! assert!(forced_win(&pos, pos.to_move(), 1));
//! ```

use std::fmt;

use crate::notation::{PositionError, Token, TokenError};
use crate::position::{IllegalMove, Position};
use crate::types::{Color, Move};

/// A puzzle: a position whose side to move has exactly one winning move,
/// and the plies its win takes.
///
/// A puzzle file has one per line: the position string, the move's token
/// and the plies, tab-separated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position.
    pub position: Position,
    /// The only winning move.
    pub answer: Move,
    /// The plies the win takes (1: at once).
    pub plies: u32,
}

impl Puzzle {
    /// Reads a line of a puzzle file.
    pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [position, token, plies] = fields[..] else {
            return Err(PuzzleError::Fields(fields.len()));
        };
        let position = Position::parse_with_pie(position, false).map_err(PuzzleError::Position)?;
        let token: Token = token.parse().map_err(PuzzleError::Token)?;
        let answer = token.to_move(&position).map_err(PuzzleError::Illegal)?;
        position.check(answer).map_err(PuzzleError::Illegal)?;
        let plies = plies
            .parse()
            .map_err(|_| PuzzleError::Plies(plies.to_owned()))?;
        Ok(Puzzle {
            position,
            answer,
            plies,
        })
    }

    /// The puzzle's line in a puzzle file.
    #[must_use]
    pub fn line(&self) -> String {
        format!(
            "{}\t{}\t{}",
            self.position,
            self.position.token(self.answer),
            self.plies
        )
    }

    /// Whether the answer is the only move that wins within the plies, and
    /// no move wins sooner (the proof, redone).
    #[must_use]
    pub fn holds(&self) -> bool {
        only_win(&self.position, self.plies) == Some((self.answer, self.plies))
    }
}

/// Why a line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Not three tab-separated fields (how many there were).
    Fields(usize),
    /// The position does not read.
    Position(PositionError),
    /// The move is not a token.
    Token(TokenError),
    /// The move is not legal in the position.
    Illegal(IllegalMove),
    /// The plies are not a number.
    Plies(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Fields(n) => write!(
                f,
                "{n} fields, not 3 (position, move, plies, tab-separated)"
            ),
            PuzzleError::Position(e) => write!(f, "the position: {e}"),
            PuzzleError::Token(e) => write!(f, "the move: {e}"),
            PuzzleError::Illegal(e) => write!(f, "the move is illegal: {e}"),
            PuzzleError::Plies(s) => write!(f, "`{s}` is not a number of plies"),
        }
    }
}

impl std::error::Error for PuzzleError {}

/// A line of a puzzle file that does not read: its number (1-based) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    /// The line's number, counting from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: PuzzleError,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.error)
    }
}

impl std::error::Error for LineError {}

/// The puzzles of a puzzle file, each with its line's number (1-based).
/// Blank lines and lines starting with `#` are comments; the first line
/// that does not read is the error, and nothing is returned.
///
/// ```
/// let file = "# from the empty board\n\nscs/cCc/s.s w 8\tWCb1\t1\n";
/// let puzzles = federa_core::puzzle::read_file(file).unwrap();
/// assert_eq!(puzzles[0].0, 3);
/// assert_eq!(puzzles[0].1.plies, 1);
/// assert_eq!(federa_core::puzzle::read_file("scs b").unwrap_err().line, 1);
/// ```
pub fn read_file(text: &str) -> Result<Vec<(usize, Puzzle)>, LineError> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.starts_with('#') && !line.trim().is_empty())
        .map(|(n, line)| {
            Puzzle::parse(line)
                .map(|p| (n + 1, p))
                .map_err(|error| LineError { line: n + 1, error })
        })
        .collect()
}

/// Whether `color` wins by force within `plies` more moves (of either side;
/// an automatic skip is not a move): every line the other side may choose
/// ends in `color`'s win by then.
#[must_use]
pub fn forced_win(pos: &Position, color: Color, plies: u32) -> bool {
    if let Some(winner) = pos.winner() {
        return winner == color;
    }
    if plies == 0 {
        return false;
    }
    let after = |m: Move| {
        let mut next = pos.clone();
        next.play_unchecked(m);
        forced_win(&next, color, plies - 1)
    };
    let moves = pos.legal_moves();
    if pos.to_move() == color {
        moves.into_iter().any(after)
    } else {
        moves.into_iter().all(after)
    }
}

/// The side to move's only winning move and the plies its win takes: the
/// fewest (1, 3, 5, … up to `max_plies`) within which some move wins by
/// force, if exactly one move does. `None` if no move wins within
/// `max_plies`, or if more than one wins within the fewest.
#[must_use]
pub fn only_win(pos: &Position, max_plies: u32) -> Option<(Move, u32)> {
    if pos.is_over() {
        return None;
    }
    let me = pos.to_move();
    let moves = pos.legal_moves();
    for plies in (1..=max_plies).step_by(2) {
        let mut wins = moves.iter().copied().filter(|&m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            forced_win(&next, me, plies - 1)
        });
        if let Some(first) = wins.next() {
            return wins.next().is_none().then_some((first, plies));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::Token;

    #[test]
    fn a_change_that_fills_the_board_is_the_only_win_in_one() {
        let pos = Position::parse_with_pie("sss/sCs/sss b 16", false).unwrap();
        let (m, plies) = only_win(&pos, 5).unwrap();
        assert_eq!((pos.token(m).as_str(), plies), ("BFCa1", 1));
    }

    #[test]
    fn the_only_winning_move_of_the_review_s_planted_game_wins_in_seven() {
        // The position before the review test's planted blunder: BSb2 is the
        // only move of three that wins, in 7 plies; BCb2 throws it away.
        let game =
            crate::Game::from_record("3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3", false).unwrap();
        let pos = game.position();
        let bsb2: Token = "BSb2".parse().unwrap();
        assert_eq!(only_win(pos, 9), Some((bsb2.to_move(pos).unwrap(), 7)));
        assert_eq!(only_win(pos, 5), None, "no win within 5");
        let bcb2: Token = "BCb2".parse().unwrap();
        let mut after = pos.clone();
        after.play_unchecked(bcb2.to_move(pos).unwrap());
        assert!(!forced_win(&after, Color::Dark, 8));
    }

    #[test]
    fn a_puzzle_line_reads_back_and_bad_ones_name_their_problem() {
        let line = "sss/sCs/sss b 16\tBFCa1\t1";
        let puzzle = Puzzle::parse(line).unwrap();
        assert_eq!(puzzle.line(), line);
        assert!(puzzle.holds());
        assert!(
            !Puzzle {
                plies: 3,
                ..puzzle.clone()
            }
            .holds(),
            "it wins sooner than 3"
        );
        assert_eq!(
            Puzzle::parse("sss/sCs/sss b 16\tBFCa1"),
            Err(PuzzleError::Fields(2))
        );
        assert!(matches!(
            Puzzle::parse("sss/sCs/sss b 16\tBQa1\t1"),
            Err(PuzzleError::Token(_))
        ));
        assert!(matches!(
            Puzzle::parse("sss/sCs/sss b 16\tWFCa1\t1"),
            Err(PuzzleError::Illegal(_))
        ));
        assert_eq!(
            Puzzle::parse("sss/sCs/sss b 16\tBFCa1\tx")
                .unwrap_err()
                .to_string(),
            "`x` is not a number of plies"
        );
    }

    #[test]
    fn a_win_of_the_other_side_is_no_forced_win() {
        let pos = Position::parse_with_pie("sss/sCs/sss b 16", false).unwrap();
        assert!(!forced_win(&pos, Color::Light, 3));
        assert!(forced_win(&pos, Color::Dark, 1));
        assert!(!forced_win(&pos, Color::Dark, 0), "no move is no win");
    }
}
