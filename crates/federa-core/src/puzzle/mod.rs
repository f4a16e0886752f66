//! Puzzles: positions where exactly one move wins by force, proved by an
//! exhaustive search of every line ([`Solver`]), played out to the win: the
//! board answers each right move with the defence that holds out longest.
//!
//! ```
//! use federa_core::Position;
//! use federa_core::puzzle::{Puzzle, Solver};
//!
//! // Dark to move on a full 3×3 board: one change fills it with dark.
//! let pos = Position::parse_with_pie("sss/sCs/sss b 16", false).unwrap();
//! let puzzle = Puzzle::find(&pos, 5, &mut Solver::new()).unwrap().unwrap();
//! assert_eq!(pos.token(puzzle.answer()), "BFCa1");
//! assert_eq!(puzzle.plies, 1, "it wins at once");
//! ```

use std::fmt;

use crate::notation::{PositionError, Token, TokenError};
use crate::position::{IllegalMove, Position};
use crate::types::{Color, Move};

mod solver;
mod themes;

pub use solver::{NODE_LIMIT, Solver, TooHard};
pub use themes::Theme;

/// The rating a puzzle has before the AI levels have tried it.
pub const UNRATED: u16 = 1500;

/// A puzzle: a position whose side to move has exactly one move that wins
/// within the fewest plies any does, the line played out from it, its
/// rating and its themes.
///
/// A puzzle file has one per line, tab-separated: the position string, the
/// line's tokens (space-separated, the answer first), the plies, the
/// rating and the themes (comma-separated names, `-` for none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position.
    pub position: Position,
    /// The line to the win: the only winning move, then the longest
    /// defence and the quickest win in turn ([`Solver::line`]).
    pub line: Vec<Move>,
    /// The plies the win takes (1: at once): the line's length.
    pub plies: u32,
    /// How hard it is, on the players' scale (1500 for a puzzle not rated).
    pub rating: u16,
    /// What it turns on.
    pub themes: Vec<Theme>,
}

impl Puzzle {
    /// The puzzle of `pos` if its side to move wins within `max_plies` and
    /// exactly one move wins within the fewest plies any does; rated
    /// [`UNRATED`], with its themes.
    pub fn find(
        pos: &Position,
        max_plies: u32,
        solver: &mut Solver,
    ) -> Result<Option<Puzzle>, TooHard> {
        if pos.is_over() {
            return Ok(None);
        }
        let me = pos.to_move();
        let Some(plies) = solver.distance(pos, me, max_plies)? else {
            return Ok(None);
        };
        if solver.winning_moves(pos, plies)?.len() != 1 {
            return Ok(None);
        }
        let line = solver
            .line(pos, me, plies)?
            .expect("a proved win has a line");
        let themes = Theme::of(pos, &line);
        Ok(Some(Puzzle {
            position: pos.clone(),
            line,
            plies,
            rating: UNRATED,
            themes,
        }))
    }

    /// The only winning move.
    #[must_use]
    pub fn answer(&self) -> Move {
        self.line[0]
    }

    /// The side that solves it.
    #[must_use]
    pub fn solver_color(&self) -> Color {
        self.position.to_move()
    }

    /// Reads a line of a puzzle file.
    pub fn parse(text: &str) -> Result<Puzzle, PuzzleError> {
        let fields: Vec<&str> = text.split('\t').collect();
        let [position, tokens, plies, rating, themes] = fields[..] else {
            return Err(PuzzleError::Fields(fields.len()));
        };
        let position = Position::parse_with_pie(position, false).map_err(PuzzleError::Position)?;
        let mut line = Vec::new();
        let mut at = position.clone();
        for token in tokens.split(' ') {
            let token: Token = token.parse().map_err(PuzzleError::Token)?;
            let m = token.to_move(&at).map_err(PuzzleError::Illegal)?;
            at.try_play(m).map_err(PuzzleError::Illegal)?;
            line.push(m);
        }
        if at.winner() != Some(position.to_move()) {
            return Err(PuzzleError::Unfinished);
        }
        let plies: u32 = plies
            .parse()
            .map_err(|_| PuzzleError::Plies(plies.to_owned()))?;
        if plies as usize != line.len() {
            return Err(PuzzleError::Length(plies, line.len()));
        }
        let rating = rating
            .parse()
            .map_err(|_| PuzzleError::Rating(rating.to_owned()))?;
        let themes = if themes == "-" {
            Vec::new()
        } else {
            themes
                .split(',')
                .map(|name| {
                    Theme::from_name(name).ok_or_else(|| PuzzleError::Theme(name.to_owned()))
                })
                .collect::<Result<_, _>>()?
        };
        Ok(Puzzle {
            position,
            line,
            plies,
            rating,
            themes,
        })
    }

    /// The puzzle's line in a puzzle file.
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut at = self.position.clone();
        let tokens: Vec<String> = self
            .line
            .iter()
            .map(|&m| {
                let token = at.token(m);
                at.play_unchecked(m);
                token
            })
            .collect();
        let themes: Vec<&str> = self.themes.iter().map(|t| t.name()).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.position,
            tokens.join(" "),
            self.plies,
            self.rating,
            if themes.is_empty() {
                "-".to_owned()
            } else {
                themes.join(",")
            }
        )
    }

    /// Proves it again: the answer is the only move that wins within its
    /// plies, none wins sooner, its line is the solver's, and its themes are
    /// the line's. The reason if not.
    pub fn prove(&self, solver: &mut Solver) -> Result<(), String> {
        let found = Puzzle::find(&self.position, self.plies, solver)
            .map_err(|e| format!("not proved: {e}"))?
            .ok_or("not the only win within its plies")?;
        if found.plies != self.plies {
            return Err(format!(
                "a win in {} plies, not {}",
                found.plies, self.plies
            ));
        }
        if found.line != self.line {
            return Err("not the line of the longest defence".into());
        }
        if found.themes != self.themes {
            return Err("not the line's themes".into());
        }
        Ok(())
    }
}

/// Why a line is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// Not five tab-separated fields (how many there were).
    Fields(usize),
    /// The position does not read.
    Position(PositionError),
    /// The move is not a token.
    Token(TokenError),
    /// The move is not legal in the position.
    Illegal(IllegalMove),
    /// The line does not end in the solver's win.
    Unfinished,
    /// The plies are not a number.
    Plies(String),
    /// The plies (first) are not the line's length (second).
    Length(u32, usize),
    /// The rating is not a number from 0 to 65535.
    Rating(String),
    /// A theme with no such name.
    Theme(String),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Fields(n) => write!(
                f,
                "{n} fields, not 5 (position, line, plies, rating, themes, tab-separated)"
            ),
            PuzzleError::Position(e) => write!(f, "the position: {e}"),
            PuzzleError::Token(e) => write!(f, "the move: {e}"),
            PuzzleError::Illegal(e) => write!(f, "the move is illegal: {e}"),
            PuzzleError::Unfinished => write!(f, "the line does not end in the solver's win"),
            PuzzleError::Plies(s) => write!(f, "`{s}` is not a number of plies"),
            PuzzleError::Length(plies, len) => {
                write!(f, "{plies} plies, but the line has {len} moves")
            }
            PuzzleError::Rating(s) => write!(f, "`{s}` is not a rating"),
            PuzzleError::Theme(s) => write!(f, "`{s}` is not a theme"),
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
/// let file = "# a full board\n\nsss/sCs/sss b 16\tBFCa1\t1\t1500\t-\n";
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        Position::parse_with_pie(text, false).unwrap()
    }

    #[test]
    fn a_change_that_fills_the_board_is_the_only_win_in_one() {
        let p = pos("sss/sCs/sss b 16");
        let puzzle = Puzzle::find(&p, 5, &mut Solver::new()).unwrap().unwrap();
        assert_eq!(
            (p.token(puzzle.answer()).as_str(), puzzle.plies),
            ("BFCa1", 1)
        );
        assert_eq!(puzzle.line.len(), 1);
    }

    #[test]
    fn the_only_winning_move_of_the_review_s_planted_game_wins_in_seven() {
        // The position before the review test's planted blunder: BSb2 is the
        // only move of three that wins, in 7 plies; BCb2 throws it away.
        let game =
            crate::Game::from_record("3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3", false).unwrap();
        let p = game.position();
        let mut solver = Solver::new();
        let puzzle = Puzzle::find(p, 9, &mut solver).unwrap().unwrap();
        assert_eq!(
            (p.token(puzzle.answer()).as_str(), puzzle.plies),
            ("BSb2", 7)
        );
        assert_eq!(puzzle.line.len(), 7, "played out to the win");
        assert_eq!(Puzzle::find(p, 5, &mut solver), Ok(None), "no win within 5");
        let bcb2: Token = "BCb2".parse().unwrap();
        let mut after = p.clone();
        after.play_unchecked(bcb2.to_move(p).unwrap());
        assert_eq!(solver.wins_within(&after, Color::Dark, 8), Ok(false));
        assert_eq!(puzzle.prove(&mut Solver::new()), Ok(()));
    }

    #[test]
    fn after_a_swap_on_a_full_board_the_side_with_no_move_is_skipped() {
        // Light's only move is the swap; then Light has none, and Dark plays on.
        let p = Position::parse_with_pie("sCs/CCC/sCs w 1", true).unwrap();
        let mut solver = Solver::new();
        let line = solver.line(&p, Color::Dark, 10).unwrap().unwrap();
        assert_eq!(line[0], Move::Swap);
        let skipped = Position::parse_with_pie("sCs/CCC/sCs w 2", true).unwrap();
        assert_eq!(skipped.to_move(), Color::Dark, "the setup skips Light");
        let rest = solver.line(&skipped, Color::Dark, 9).unwrap().unwrap();
        assert_eq!(line[1..], rest[..]);
        assert_eq!(solver.wins_within(&p, Color::Dark, 2), Ok(false));
    }

    #[test]
    fn a_puzzle_line_reads_back_and_bad_ones_name_their_problem() {
        let line = "sss/sCs/sss b 16\tBFCa1\t1\t1400\trace";
        let puzzle = Puzzle::parse(line).unwrap();
        assert_eq!(puzzle.to_line(), line);
        assert_eq!(puzzle.rating, 1400);
        assert_eq!(
            puzzle.prove(&mut Solver::new()),
            Err("not the line's themes".into())
        );
        let plain = Puzzle::parse("sss/sCs/sss b 16\tBFCa1\t1\t1400\t-").unwrap();
        assert_eq!(plain.prove(&mut Solver::new()), Ok(()));
        assert_eq!(
            Puzzle::parse("sss/sCs/sss b 16\tBFCa1\t1"),
            Err(PuzzleError::Fields(3))
        );
        let bad = |line: &str| Puzzle::parse(line).unwrap_err();
        assert!(matches!(
            bad("sss/sCs/sss b 16\tBQa1\t1\t1\t-"),
            PuzzleError::Token(_)
        ));
        assert!(matches!(
            bad("sss/sCs/sss b 16\tWFCa1\t1\t1\t-"),
            PuzzleError::Illegal(_)
        ));
        assert_eq!(
            bad("scs/cCc/s.s w 8\tWCb1\t1\t1\t-"),
            PuzzleError::Unfinished
        );
        assert_eq!(
            bad("sss/sCs/sss b 16\tBFCa1\t3\t1\t-"),
            PuzzleError::Length(3, 1)
        );
        assert_eq!(
            bad("sss/sCs/sss b 16\tBFCa1\tx\t1\t-").to_string(),
            "`x` is not a number of plies"
        );
        assert_eq!(
            bad("sss/sCs/sss b 16\tBFCa1\t1\t-3\t-"),
            PuzzleError::Rating("-3".into())
        );
        assert_eq!(
            bad("sss/sCs/sss b 16\tBFCa1\t1\t1\tzap"),
            PuzzleError::Theme("zap".into())
        );
    }
}
