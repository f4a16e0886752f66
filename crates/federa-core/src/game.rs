//! A game: a start position and a line of moves, with a cursor for undo,
//! redo and jumping to any ply.

use crate::notation::{
    End, EndError, RecordError, RecordText, Tags, Termination, TimeControl, TimeControlError,
    TimeControlProblem, end_of, set_end, set_tag, set_time_control, tag, time_control_of,
    write_tag,
};
use crate::position::{IllegalMove, Position};
use crate::types::{Color, Move, Point, Rules};

/// A game with its history.
///
/// The line of moves can be longer than what is on the board: after undo or a
/// jump back, the later moves stay available for redo until a different move
/// is played, which replaces them.
///
/// ```
/// use federa_core::{Game, Rules};
///
/// let mut game = Game::from_record("3x3 BCb2 WSa3 BSa2", true).unwrap();
/// assert!(game.undo());
/// assert_eq!(game.ply(), 2);
/// assert!(game.redo());
/// assert_eq!(game.record(), "3x3 BCb2 WSa3 BSa2");
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    /// Whether the start is a set-up position rather than the empty board.
    set_up: bool,
    moves: Vec<Move>,
    ply: usize,
    current: Position,
    tags: Tags,
}

impl Game {
    /// A new game on the empty board.
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        let start = Position::new(rules);
        Game {
            current: start.clone(),
            start,
            set_up: false,
            moves: Vec::new(),
            ply: 0,
            tags: Vec::new(),
        }
    }

    /// A new game from a set-up position (its record carries a `Position` tag).
    #[must_use]
    pub fn from_position(start: Position) -> Game {
        let set_up = start != Position::new(start.rules());
        Game {
            current: start.clone(),
            start,
            set_up,
            moves: Vec::new(),
            ply: 0,
            tags: Vec::new(),
        }
    }

    /// Reads a game record, checking every move. On any error nothing is
    /// returned but the first problem, with the move's index.
    pub fn from_record(text: &str, pie: bool) -> Result<Game, RecordError> {
        let record: RecordText = text.parse()?;
        let mut game = Game::from_position(start_position(&record.tags, record.size, pie)?);
        game.set_up = record.tag("Position").is_some();
        for (k, token) in record.tokens.iter().enumerate() {
            let illegal = |error| RecordError::Illegal {
                index: k + 1,
                token: token.to_string(),
                error,
            };
            let m = token.to_move(&game.current).map_err(illegal)?;
            game.play(m).map_err(illegal)?;
        }
        game.tags = record
            .tags
            .into_iter()
            .filter(|(k, _)| k != "Position")
            .collect();
        Ok(game)
    }

    /// The position at the current ply.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.current
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The whole line of moves, including any after the current ply.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many moves of the line are on the board.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// Plays a move at the current ply. Later moves of the line are replaced.
    /// An illegal move is refused with the reason and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.current.check(m)?;
        let m = canonical(&self.current, m);
        self.current.play_unchecked(m);
        self.moves.truncate(self.ply);
        self.moves.push(m);
        self.ply += 1;
        Ok(())
    }

    /// Steps back one move; false at the start.
    pub fn undo(&mut self) -> bool {
        self.ply > 0 && self.jump(self.ply - 1)
    }

    /// Steps forward one move of the line; false at its end.
    pub fn redo(&mut self) -> bool {
        self.ply < self.moves.len() && self.jump(self.ply + 1)
    }

    /// Shows the position after `ply` moves of the line; false (and no
    /// change) if the line is shorter.
    pub fn jump(&mut self, ply: usize) -> bool {
        if ply > self.moves.len() {
            return false;
        }
        if ply < self.ply {
            self.current = self.start.clone();
            self.ply = 0;
        }
        for &m in &self.moves[self.ply..ply] {
            self.current.play_unchecked(m);
        }
        self.ply = ply;
        true
    }

    /// The points the last move (before the current ply) put pieces on: the
    /// placed point, or every point of the changed group; none at the start
    /// or after a swap.
    #[must_use]
    pub fn last_move_points(&self) -> Vec<Point> {
        match self.ply.checked_sub(1).map(|k| self.moves[k]) {
            Some(Move::Place { at, .. }) => vec![at],
            Some(Move::Change { at, .. }) => {
                let mut before = self.start.clone();
                for &m in &self.moves[..self.ply - 1] {
                    before.play_unchecked(m);
                }
                before.group_at(at).map(|g| g.points).unwrap_or_default()
            }
            Some(Move::Swap) | None => Vec::new(),
        }
    }

    /// Forgets the moves after the current ply.
    pub fn truncate(&mut self) {
        self.moves.truncate(self.ply);
    }

    /// Whether a swap was played up to the current ply (so the player who
    /// moved first now plays Light).
    #[must_use]
    pub fn swapped(&self) -> bool {
        self.moves[..self.ply].contains(&Move::Swap)
    }

    /// The game's tags, in order (a `Position` tag is not among them).
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Sets a tag (replacing one of the same key). `Position` is written from
    /// the start position and cannot be set.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        set_tag(&mut self.tags, key, value);
    }

    /// How the game ended outside the rules, as its `[Result]` and
    /// `[Termination]` tags record it: none unless they name a resignation
    /// or a loss on time, and none if the line ends in a win on the board
    /// (a tag never overrides the rules).
    ///
    /// ```
    /// use federa_core::{Color, Game, Termination};
    ///
    /// let mut game = Game::from_record("3x3 BCb2 WSa3", true).unwrap();
    /// game.end(Color::Dark, Termination::Resign).unwrap();
    /// assert_eq!(game.record(), "[Result \"B\"]\n[Termination \"resign\"]\n3x3 BCb2 WSa3");
    /// let read = Game::from_record(&game.record(), true).unwrap();
    /// assert_eq!(read.ended().map(|end| end.winner), Some(Color::Dark));
    /// ```
    #[must_use]
    pub fn ended(&self) -> Option<End> {
        end_of(&self.tags).filter(|_| self.line_winner().is_none())
    }

    /// Ends the game outside the rules: `winner` wins, the other side
    /// having resigned or run out of time (`how`). The record keeps it as
    /// its `[Result]` and `[Termination]` tags. Refused, changing nothing,
    /// for a normal end (that is the board's), a line that ends in a win on
    /// the board, and a game that has already ended.
    pub fn end(&mut self, winner: Color, how: Termination) -> Result<(), EndError> {
        let on_board = self.line_winner();
        set_end(&mut self.tags, on_board, winner, how)
    }

    /// The winner on the board at the line's end: a win can only be there,
    /// since no move follows it.
    fn line_winner(&self) -> Option<Color> {
        if self.ply == self.moves.len() {
            return self.current.winner();
        }
        let mut end = self.current.clone();
        for &m in &self.moves[self.ply..] {
            end.play_unchecked(m);
        }
        end.winner()
    }

    /// The time control of the `[TimeControl]` tag: none without the tag,
    /// an error for a value that does not read (a record from elsewhere may
    /// hold any text there).
    pub fn time_control(&self) -> Result<Option<TimeControl>, TimeControlError> {
        time_control_of(&self.tags)
    }

    /// Sets the `[TimeControl]` tag; a time control out of its ranges
    /// ([`TimeControl::check`]) is refused and changes nothing.
    pub fn set_time_control(&mut self, tc: TimeControl) -> Result<(), TimeControlProblem> {
        set_time_control(&mut self.tags, tc)
    }

    /// The game record of the whole line: tag lines (a `Position` tag for a
    /// set-up start), then `NxN` and the move tokens.
    #[must_use]
    pub fn record(&self) -> String {
        let mut out = String::new();
        if self.set_up {
            write_tag(&mut out, "Position", &self.start.to_string());
        }
        for (k, v) in &self.tags {
            write_tag(&mut out, k, v);
        }
        let n = self.start.size();
        out.push_str(&format!("{n}x{n}"));
        for m in &self.moves {
            out.push(' ');
            out.push_str(&m.to_string());
        }
        out
    }
}

/// The start of a record with these tags and size: its `Position` tag, or
/// the empty board.
pub(crate) fn start_position(
    tags: &[(String, String)],
    size: u8,
    pie: bool,
) -> Result<Position, RecordError> {
    match tag(tags, "Position") {
        Some(p) => {
            let start = Position::parse_with_pie(p, pie).map_err(RecordError::PositionTag)?;
            if start.size() != size {
                return Err(RecordError::SizeMismatch {
                    record: size,
                    position: start.size(),
                });
            }
            Ok(start)
        }
        None => Ok(Position::new(
            Rules::with_pie(size, pie).map_err(RecordError::Size)?,
        )),
    }
}

/// The move with a change naming its group's canonical point.
pub(crate) fn canonical(pos: &Position, m: Move) -> Move {
    match m {
        Move::Change { at, into } => Move::Change {
            at: pos.group_at(at).map_or(at, |g| g.canonical_point()),
            into,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::TimeField;

    /// Dark fills the board with its move at c1.
    const DARK_FILLS: &str = "[Position \"CCC/CCC/CC. b\"]\n3x3 BCc1";

    #[test]
    fn an_end_is_written_as_result_and_termination_and_reads_back() {
        let mut game =
            Game::from_record("[Dark \"Ann\"]\n[Result \"W\"]\n3x3 BCb2 WSa3", true).unwrap();
        assert_eq!(game.ended(), None, "a result alone says no end");
        game.end(Color::Light, Termination::Time).unwrap();
        let end = End {
            winner: Color::Light,
            how: Termination::Time,
        };
        assert_eq!(game.ended(), Some(end));
        assert_eq!(
            game.record(),
            "[Dark \"Ann\"]\n[Result \"W\"]\n[Termination \"time\"]\n3x3 BCb2 WSa3",
            "the result tag is replaced where it stands"
        );
        let read = Game::from_record(&game.record(), true).unwrap();
        assert_eq!(read.ended(), Some(end));
        assert!(game.undo());
        assert_eq!(
            game.ended(),
            Some(end),
            "the end is the game's, wherever it is shown"
        );
    }

    #[test]
    fn an_end_is_refused_and_changes_nothing_when_it_may_not_be() {
        let mut game = Game::from_record("3x3 BCb2", true).unwrap();
        assert_eq!(
            game.end(Color::Dark, Termination::Normal),
            Err(EndError::Normal)
        );
        assert_eq!(game.record(), "3x3 BCb2");
        game.end(Color::Dark, Termination::Resign).unwrap();
        let before = game.record();
        assert_eq!(
            game.end(Color::Light, Termination::Time),
            Err(EndError::Ended(End {
                winner: Color::Dark,
                how: Termination::Resign,
            }))
        );
        assert_eq!(game.record(), before);

        let mut won = Game::from_record(DARK_FILLS, true).unwrap();
        let before = won.record();
        let refused = Err(EndError::Won {
            winner: Color::Dark,
        });
        assert_eq!(won.end(Color::Light, Termination::Resign), refused);
        assert!(won.undo());
        assert_eq!(
            won.end(Color::Light, Termination::Resign),
            refused,
            "the line's end decides, not the position shown"
        );
        assert_eq!(won.record(), before);
        assert_eq!(
            EndError::Won {
                winner: Color::Dark
            }
            .to_string(),
            "the game is over: Dark has won on the board"
        );
    }

    #[test]
    fn a_tag_never_overrides_the_board() {
        let text = format!("[Result \"W\"]\n[Termination \"resign\"]\n{DARK_FILLS}");
        let mut game = Game::from_record(&text, true).unwrap();
        assert_eq!(game.position().winner(), Some(Color::Dark));
        assert_eq!(game.ended(), None);
        assert!(game.undo());
        assert_eq!(game.ended(), None, "nor at an earlier ply of a won line");
        assert!(
            game.tags().iter().any(|(k, _)| k == "Termination"),
            "kept as written"
        );
    }

    #[test]
    fn the_time_control_is_read_and_written_through_its_tag() {
        let mut game = Game::from_record("3x3", true).unwrap();
        assert_eq!(game.time_control(), Ok(None));
        let tc = TimeControl::Fischer {
            main: 300,
            increment: 3,
        };
        game.set_time_control(tc).unwrap();
        assert_eq!(game.record(), "[TimeControl \"300+3\"]\n3x3");
        let read = Game::from_record(&game.record(), true).unwrap();
        assert_eq!(read.time_control(), Ok(Some(tc)));
        assert_eq!(
            game.set_time_control(TimeControl::Days(0)),
            Err(TimeControlProblem::Range(TimeField::Days))
        );
        assert_eq!(
            game.time_control(),
            Ok(Some(tc)),
            "a refused one changes nothing"
        );

        // A record from elsewhere reads whatever its tag holds; the time control says why it is none.
        let other = Game::from_record("[TimeControl \"40/7200\"]\n3x3", true).unwrap();
        let e = other.time_control().unwrap_err();
        assert_eq!(e.problem, TimeControlProblem::Form);
        assert_eq!(e.text, "40/7200");
    }
}
