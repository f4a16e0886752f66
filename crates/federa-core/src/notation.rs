//! Text forms: points (`d4`), move tokens (`BCd4`, `WFSc3`, `swap`),
//! position strings (`scs/cCc/s.s b 8`) and game records
//! (`3x3 BCb2 WSa3 …`, with optional `[Key "value"]` tag lines), and the
//! tags read by name (`tags`: the game's end and its time control).
//!
//! ```
//! use federa_core::{Move, Piece, Point, Position};
//!
//! let m: Move = "BCd4".parse().unwrap();
//! assert_eq!(m, Move::Place { piece: Piece::DARK_ROUND, at: Point::new(3, 3) });
//! assert_eq!(m.to_string(), "BCd4");
//!
//! let pos: Position = "scs/cCc/s.s b".parse().unwrap();
//! assert_eq!(pos.to_string(), "scs/cCc/s.s b 0");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::position::{IllegalMove, Position, Setup};
use crate::sort::sort_by_first;
use crate::types::{Color, MAX_SIZE, Move, Piece, Point, Rules, Shape, SizeError};

mod tags;

pub use tags::{
    End, EndError, Termination, TimeControl, TimeControlError, TimeControlProblem, TimeField,
};
pub(crate) use tags::{Tags, end_of, set_end, set_tag, set_time_control, tag, time_control_of};

/// A point written as `<column letter><row number>`, e.g. `a1` or `m13`.
impl FromStr for Point {
    type Err = PointError;

    fn from_str(s: &str) -> Result<Point, PointError> {
        let err = || PointError(s.to_owned());
        let mut chars = s.chars();
        let col = chars.next().ok_or_else(err)?;
        if !col.is_ascii_lowercase() || col > char::from(b'a' + MAX_SIZE - 1) {
            return Err(err());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(err());
        }
        let row: u8 = digits.parse().map_err(|_| err())?;
        if row == 0 || row > MAX_SIZE {
            return Err(err());
        }
        Ok(Point::new(col as u8 - b'a', row - 1))
    }
}

/// Text that is not a point (`a1` to `y25`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointError(pub String);

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point (a column letter a-y, then a row number 1-25, e.g. d4)",
            self.0
        )
    }
}

impl std::error::Error for PointError {}

/// A move token as written, before it is checked against a position. Unlike a
/// [`Move`], a change may leave out the shape (`BFc3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// `<B|W><C|S><point>`.
    Place {
        /// The piece to place.
        piece: Piece,
        /// Where.
        at: Point,
    },
    /// `<B|W>F[<C|S>]<point>`.
    Change {
        /// Who changes.
        color: Color,
        /// The resulting shape, if written.
        shape: Option<Shape>,
        /// Any point of the group.
        at: Point,
    },
    /// `swap`.
    Swap,
}

impl Token {
    /// The move this token names in `pos`: fills in a change's shape from the
    /// rules. Legality is not checked here (see [`Position::check`]).
    pub fn to_move(self, pos: &Position) -> Result<Move, IllegalMove> {
        Ok(match self {
            Token::Place { piece, at } => Move::Place { piece, at },
            Token::Swap => Move::Swap,
            Token::Change { color, shape, at } => {
                let shape = match shape {
                    Some(shape) => shape,
                    None => {
                        if !at.is_on(pos.size()) {
                            return Err(IllegalMove::OffBoard {
                                at,
                                size: pos.size(),
                            });
                        }
                        let group = pos
                            .piece_at(at)
                            .ok_or(IllegalMove::NothingToChange { at })?;
                        group.attacker(color).shape
                    }
                };
                Move::Change {
                    at,
                    into: Piece::new(color, shape),
                }
            }
        })
    }
}

impl FromStr for Token {
    type Err = TokenError;

    fn from_str(s: &str) -> Result<Token, TokenError> {
        let err = |reason| TokenError {
            token: s.to_owned(),
            reason,
        };
        if s == "swap" {
            return Ok(Token::Swap);
        }
        let bytes = s.as_bytes();
        let color = bytes
            .first()
            .and_then(|&b| Color::from_record_char(char::from(b)))
            .ok_or_else(|| err(TokenProblem::Color))?;
        let shape_of = |b: Option<&u8>| match b {
            Some(b'C') => Some(Shape::Round),
            Some(b'S') => Some(Shape::Square),
            _ => None,
        };
        let point = |rest: &str| rest.parse::<Point>().map_err(|_| err(TokenProblem::Point));
        if bytes.get(1) == Some(&b'F') {
            let shape = shape_of(bytes.get(2));
            let rest = &s[if shape.is_some() { 3 } else { 2 }..];
            return Ok(Token::Change {
                color,
                shape,
                at: point(rest)?,
            });
        }
        let shape = shape_of(bytes.get(1)).ok_or_else(|| err(TokenProblem::Shape))?;
        Ok(Token::Place {
            piece: Piece::new(color, shape),
            at: point(&s[2..])?,
        })
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Token::Place { piece, at } => Move::Place { piece, at }.fmt(f),
            Token::Swap => Move::Swap.fmt(f),
            Token::Change { color, shape, at } => {
                write!(f, "{}F", color.record_char())?;
                if let Some(shape) = shape {
                    write!(f, "{}", shape.record_char())?;
                }
                write!(f, "{at}")
            }
        }
    }
}

/// A move token with every letter written (`BCd4`, `WFSc3`, `swap`).
impl FromStr for Move {
    type Err = TokenError;

    fn from_str(s: &str) -> Result<Move, TokenError> {
        match s.parse::<Token>()? {
            Token::Place { piece, at } => Ok(Move::Place { piece, at }),
            Token::Swap => Ok(Move::Swap),
            Token::Change {
                color,
                shape: Some(shape),
                at,
            } => Ok(Move::Change {
                at,
                into: Piece::new(color, shape),
            }),
            Token::Change { shape: None, .. } => Err(TokenError {
                token: s.to_owned(),
                reason: TokenProblem::Shape,
            }),
        }
    }
}

/// The move's token. A change is written at the point it names, which is the
/// canonical one for moves the engine generates.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place { piece, at } => write!(
                f,
                "{}{}{at}",
                piece.color.record_char(),
                piece.shape.record_char()
            ),
            Move::Change { at, into } => write!(
                f,
                "{}F{}{at}",
                into.color.record_char(),
                into.shape.record_char()
            ),
            Move::Swap => f.write_str("swap"),
        }
    }
}

/// Text that is not a move token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError {
    /// The text given.
    pub token: String,
    /// What is wrong with it.
    pub reason: TokenProblem,
}

/// What is wrong with a move token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenProblem {
    /// It does not start with `B` or `W` (and is not `swap`).
    Color,
    /// The shape letter is missing or not `C`/`S`.
    Shape,
    /// The point is malformed.
    Point,
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match self.reason {
            TokenProblem::Color => "it must start with B or W, or be `swap`",
            TokenProblem::Shape => "the shape letter must be C or S",
            TokenProblem::Point => "the point must be a column letter a-y and a row 1-25",
        };
        write!(f, "`{}` is not a move token: {why}", self.token)
    }
}

impl std::error::Error for TokenError {}

impl Position {
    /// The canonical token of a move in this position: a change names its
    /// group's canonical point (lowest row, then leftmost column).
    #[must_use]
    pub fn token(&self, m: Move) -> String {
        match m {
            Move::Change { at, into } => match self.group_at(at) {
                Some(group) => Move::Change {
                    at: group.canonical_point(),
                    into,
                }
                .to_string(),
                None => m.to_string(),
            },
            _ => m.to_string(),
        }
    }

    /// A text diagram of the board: rows from the top with their numbers,
    /// columns lettered, pieces as in position strings (`C S c s`, `.` for
    /// empty), then the side to move or the winner.
    ///
    /// ```
    /// let pos: federa_core::Position = "sss/sCs/ss. b".parse().unwrap();
    /// assert_eq!(pos.diagram(), "   a b c\n 3 s s s  3\n 2 s C s  2\n 1 s s .  1\n   a b c\nDark to move\n");
    /// ```
    #[must_use]
    pub fn diagram(&self) -> String {
        let n = self.size();
        let letters: String = (0..n)
            .map(|c| format!(" {}", char::from(b'a' + c)))
            .collect();
        let mut out = format!("  {letters}\n");
        for row in (0..n).rev() {
            out.push_str(&format!("{:>2}", row + 1));
            for col in 0..n {
                let c = self
                    .piece_at(Point::new(col, row))
                    .map_or('.', Piece::position_char);
                out.push(' ');
                out.push(c);
            }
            out.push_str(&format!("  {}\n", row + 1));
        }
        out.push_str(&format!("  {letters}\n"));
        match self.winner() {
            Some(w) => out.push_str(&format!("{w} has won\n")),
            None => {
                out.push_str(&format!("{} to move", self.to_move()));
                if self.skipped() {
                    out.push_str(&format!(
                        " ({} had no move and was skipped)",
                        self.to_move().other()
                    ));
                }
                out.push('\n');
            }
        }
        out
    }

    /// Every legal move's token, sorted as strings (the text protocol's
    /// `legal_moves`).
    ///
    /// ```
    /// let pos: federa_core::Position = "sss/sCs/sss b".parse().unwrap();
    /// assert_eq!(pos.legal_tokens(), ["BFCa1"]);
    /// ```
    #[must_use]
    pub fn legal_tokens(&self) -> Vec<String> {
        let mut tokens: Vec<String> = self.legal_moves().iter().map(Move::to_string).collect();
        sort_by_first(&mut tokens, |a, b| a < b);
        tokens
    }

    /// Reads a position string under the given pie rule.
    pub fn parse_with_pie(text: &str, pie: bool) -> Result<Position, PositionError> {
        let setup = parse_setup(text, pie)?;
        Position::try_from(&setup).map_err(|e| PositionError::Setup(e.to_string()))
    }
}

/// The position string: rows from the top, side to move, plies.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        for row in (0..n).rev() {
            let mut run = 0;
            for col in 0..n {
                match self.piece_at(Point::new(col, row)) {
                    None => run += 1,
                    Some(piece) => {
                        write_run(f, run)?;
                        run = 0;
                        write!(f, "{}", piece.position_char())?;
                    }
                }
            }
            write_run(f, run)?;
            if row > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {} {}", self.to_move().position_char(), self.plies())
    }
}

fn write_run(f: &mut fmt::Formatter<'_>, run: u32) -> fmt::Result {
    match run {
        0 => Ok(()),
        1 => f.write_str("."),
        _ => write!(f, "{run}"),
    }
}

/// Reads a position string with the pie rule on.
impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        Position::parse_with_pie(s, true)
    }
}

fn parse_setup(text: &str, pie: bool) -> Result<Setup, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.is_empty() {
        return Err(PositionError::Empty);
    }
    if !(2..=3).contains(&fields.len()) {
        return Err(PositionError::FieldCount(fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    let size = Rules::checked_size(rows.len() as u64).map_err(PositionError::Size)?;
    let n = usize::from(size);
    let mut cells = vec![None; n * n];
    for (k, row_text) in rows.iter().enumerate() {
        // Rows are written from the top; row k holds board row n-1-k.
        let row = n - 1 - k;
        let mut col = 0usize;
        let mut chars = row_text.char_indices().peekable();
        while let Some((start, ch)) = chars.next() {
            if ch.is_ascii_digit() {
                let mut end = start + 1;
                while let Some(&(i, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = i + 1;
                    chars.next();
                }
                let run: usize = row_text[start..end].parse().unwrap_or(usize::MAX);
                col = col.saturating_add(run);
            } else if ch == '.' {
                col = col.saturating_add(1);
            } else if let Some(piece) = Piece::from_position_char(ch) {
                if col < n {
                    cells[row * n + col] = Some(piece);
                }
                col = col.saturating_add(1);
            } else {
                return Err(PositionError::Cell {
                    row: row + 1,
                    found: ch,
                });
            }
        }
        if col != n {
            return Err(PositionError::RowLength {
                row: row + 1,
                size,
                found: col,
            });
        }
    }
    let to_move = match fields[1] {
        "b" => Color::Dark,
        "w" => Color::Light,
        other => return Err(PositionError::ToMove(other.to_owned())),
    };
    let plies = match fields.get(2) {
        None => 0,
        Some(p) => match p.parse::<u32>() {
            Ok(v) if !p.starts_with('+') => v,
            _ => return Err(PositionError::Plies((*p).to_owned())),
        },
    };
    Ok(Setup {
        rules: Rules::with_pie(size, pie).map_err(PositionError::Size)?,
        cells,
        to_move,
        plies,
    })
}

/// Why a position string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Nothing was given.
    Empty,
    /// Not 2 or 3 space-separated fields.
    FieldCount(usize),
    /// The number of rows is not a board size from 2 to 25.
    Size(SizeError),
    /// A row (numbered from the bottom, 1-based) has a character that is not
    /// a cell.
    Cell {
        /// Board row (1 = bottom).
        row: usize,
        /// The character.
        found: char,
    },
    /// A row has more or fewer than N cells.
    RowLength {
        /// Board row (1 = bottom).
        row: usize,
        /// N.
        size: u8,
        /// Cells found (`usize::MAX` for a number too big to count).
        found: usize,
    },
    /// The side to move is not `b` or `w`.
    ToMove(String),
    /// The move count is not a number.
    Plies(String),
    /// The board does not fit its rules.
    Setup(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Empty => f.write_str("empty position string"),
            PositionError::FieldCount(n) => write!(
                f,
                "a position has 2 or 3 fields (rows, side to move, optional plies), not {n}"
            ),
            PositionError::Size(e) => write!(f, "field 1 (rows): {e} (one row per board line)"),
            PositionError::Cell { row, found } => write!(
                f,
                "field 1 (rows): row {row} has `{found}`, which is not a cell (. C S c s or a number)"
            ),
            PositionError::RowLength { row, size, found } => {
                write!(f, "field 1 (rows): row {row} has ")?;
                if *found == usize::MAX {
                    f.write_str("far too many")?;
                } else {
                    write!(f, "{found}")?;
                }
                write!(f, " cells, but the board is {size}x{size}")
            }
            PositionError::ToMove(s) => {
                write!(f, "field 2 (side to move): `{s}` must be b or w")
            }
            PositionError::Plies(s) => write!(
                f,
                "field 3 (plies): `{s}` must be a whole number of moves played"
            ),
            PositionError::Setup(e) => f.write_str(e),
        }
    }
}

impl std::error::Error for PositionError {}

/// A game record's text, read but not yet played: tags, size, tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordText {
    /// The tags, in order (`[Key "value"]`).
    pub tags: Vec<(String, String)>,
    /// The board size from the `<N>x<N>` token.
    pub size: u8,
    /// The move tokens.
    pub tokens: Vec<Token>,
}

impl RecordText {
    /// The value of a tag, if present.
    #[must_use]
    pub fn tag(&self, key: &str) -> Option<&str> {
        tag(&self.tags, key)
    }
}

impl FromStr for RecordText {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<RecordText, RecordError> {
        let (tags, size, rest) = parse_head(text)?;
        let tokens = rest
            .split_whitespace()
            .enumerate()
            .map(|(k, w)| {
                w.parse::<Token>().map_err(|error| RecordError::Token {
                    index: k + 1,
                    error,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(RecordText { tags, size, tokens })
    }
}

/// Reads a record's tag lines and size token; returns them and the rest.
/// The size token ends at white space or at any of `(){}` (which may follow
/// it directly in an annotated record).
pub(crate) fn parse_head(text: &str) -> Result<(Tags, u8, &str), RecordError> {
    let mut tags = Vec::new();
    let mut rest = text.trim_start();
    while rest.starts_with('[') {
        let (tag, after) = parse_tag(rest).map_err(|reason| RecordError::Tag {
            index: tags.len() + 1,
            reason,
        })?;
        tags.push(tag);
        rest = after.trim_start();
    }
    let end = rest
        .find(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | '{' | '}'))
        .unwrap_or(rest.len());
    if end == 0 {
        return Err(RecordError::MissingSize);
    }
    let size = parse_size_token(&rest[..end])?;
    Ok((tags, size, &rest[end..]))
}

fn parse_size_token(word: &str) -> Result<u8, RecordError> {
    let bad = || RecordError::SizeToken(word.to_owned());
    let (a, b) = word.split_once('x').ok_or_else(bad)?;
    let number = |s: &str| {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|c| c.is_ascii_digit()) {
            None
        } else {
            s.parse::<u64>().ok()
        }
    };
    let (a, b) = (number(a).ok_or_else(bad)?, number(b).ok_or_else(bad)?);
    if a != b {
        return Err(bad());
    }
    Rules::checked_size(a).map_err(RecordError::Size)
}

/// Reads `[Key "value"]` at the start of `text`; returns it and the rest.
fn parse_tag(text: &str) -> Result<((String, String), &str), &'static str> {
    let inner = &text[1..];
    let key_end = inner
        .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
        .ok_or("unterminated tag")?;
    let key = &inner[..key_end];
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err("a tag key is letters, digits and _");
    }
    let after_key = inner[key_end..].trim_start_matches([' ', '\t']);
    let mut chars = after_key
        .strip_prefix('"')
        .ok_or("a tag value is quoted")?
        .char_indices();
    let mut value = String::new();
    let close = loop {
        match chars.next() {
            None | Some((_, '\n')) => return Err("unterminated tag value"),
            Some((_, '\\')) => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => value.push(c),
                _ => return Err("a backslash in a tag value escapes \" or \\"),
            },
            Some((i, '"')) => break i,
            Some((_, c)) => value.push(c),
        }
    };
    let tail = after_key[1 + close + 1..].trim_start_matches([' ', '\t']);
    let tail = tail.strip_prefix(']').ok_or("a tag ends with ]")?;
    Ok(((key.to_owned(), value), tail))
}

/// Writes a tag line's value with `"` and `\` escaped.
pub(crate) fn write_tag(out: &mut String, key: &str, value: &str) {
    out.push('[');
    out.push_str(key);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        if c != '\n' && c != '\r' {
            out.push(c);
        }
    }
    out.push_str("\"]\n");
}

/// Why a game record was rejected. Nothing from a rejected record is applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// A tag line is malformed.
    Tag {
        /// Which tag (1-based).
        index: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// No `<N>x<N>` size token.
    MissingSize,
    /// The size token is not `<N>x<N>`.
    SizeToken(String),
    /// The size is out of range.
    Size(SizeError),
    /// The `[Position]` tag is not a valid position.
    PositionTag(PositionError),
    /// The `[Position]` tag's board size differs from the size token.
    SizeMismatch {
        /// From the size token.
        record: u8,
        /// From the position tag.
        position: u8,
    },
    /// A move token is malformed.
    Token {
        /// Which move (1-based).
        index: usize,
        /// What is wrong with it.
        error: TokenError,
    },
    /// A move is illegal where it stands.
    Illegal {
        /// Which move (1-based).
        index: usize,
        /// The token as written.
        token: String,
        /// Why.
        error: IllegalMove,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Tag { index, reason } => write!(f, "tag {index}: {reason}"),
            RecordError::MissingSize => f.write_str("the record has no size token (such as 13x13)"),
            RecordError::SizeToken(w) => {
                write!(f, "`{w}` is not a size token (such as 13x13)")
            }
            RecordError::Size(e) => e.fmt(f),
            RecordError::PositionTag(e) => write!(f, "the Position tag: {e}"),
            RecordError::SizeMismatch { record, position } => write!(
                f,
                "the record says {record}x{record} but its Position tag is {position}x{position}"
            ),
            RecordError::Token { index, error } => write!(f, "move {index}: {error}"),
            RecordError::Illegal {
                index,
                token,
                error,
            } => write!(f, "move {index} `{token}` is illegal: {error}"),
        }
    }
}

impl std::error::Error for RecordError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points() {
        assert_eq!("a1".parse::<Point>().unwrap(), Point::new(0, 0));
        assert_eq!("m13".parse::<Point>().unwrap(), Point::new(12, 12));
        assert_eq!("y25".parse::<Point>().unwrap(), Point::new(24, 24));
        for bad in [
            "", "a", "1", "a0", "a01", "z1", "A1", "a26", "a1x", "a-1", "ä1", "a+1",
        ] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
        assert_eq!(Point::new(12, 12).to_string(), "m13");
    }

    #[test]
    fn tokens() {
        let cases = [
            (
                "BCd4",
                Token::Place {
                    piece: Piece::DARK_ROUND,
                    at: Point::new(3, 3),
                },
            ),
            (
                "WSe5",
                Token::Place {
                    piece: Piece::LIGHT_SQUARE,
                    at: Point::new(4, 4),
                },
            ),
            (
                "BFCc3",
                Token::Change {
                    color: Color::Dark,
                    shape: Some(Shape::Round),
                    at: Point::new(2, 2),
                },
            ),
            (
                "BFc3",
                Token::Change {
                    color: Color::Dark,
                    shape: None,
                    at: Point::new(2, 2),
                },
            ),
            ("swap", Token::Swap),
        ];
        for (text, token) in cases {
            assert_eq!(text.parse::<Token>().unwrap(), token, "{text}");
            assert_eq!(token.to_string(), text);
        }
        for bad in [
            "", "X", "BC", "bCd4", "BXd4", "BFXd4", "BF", "Swap", "BCD4", "WCz1", "BCd4 ",
        ] {
            assert!(bad.parse::<Token>().is_err(), "{bad}");
        }
        assert!("BFc3".parse::<Move>().is_err(), "a Move needs the shape");
    }

    #[test]
    fn token_errors_name_the_token() {
        let e = "BQd4".parse::<Token>().unwrap_err();
        assert!(e.to_string().contains("`BQd4`"), "{e}");
    }

    #[test]
    fn tags() {
        let r: RecordText = "[Dark \"Ann \\\"A\\\"\"]\n[Result \"B\"]\n3x3 BCb2"
            .parse()
            .unwrap();
        assert_eq!(r.tag("Dark"), Some("Ann \"A\""));
        assert_eq!(r.tag("Result"), Some("B"));
        assert_eq!(r.size, 3);
        for bad in [
            "[Dark \"x\" 3x3",
            "[Dark x] 3x3",
            "[ \"x\"] 3x3",
            "[D \"x] 3x3",
        ] {
            assert!(
                matches!(bad.parse::<RecordText>(), Err(RecordError::Tag { .. })),
                "{bad}"
            );
        }
    }

    #[test]
    fn size_tokens() {
        for bad in ["3x4", "x3", "3x", "3", "1x1", "26x26", "03x03x", "+3x3"] {
            assert!(bad.parse::<RecordText>().is_err(), "{bad}");
        }
        assert!("".parse::<RecordText>().is_err());
    }

    #[test]
    fn position_strings() {
        let pos: Position = "scs/cCc/s.s b".parse().unwrap();
        assert_eq!(pos.piece_at(Point::new(1, 1)), Some(Piece::DARK_ROUND));
        assert_eq!(pos.piece_at(Point::new(1, 0)), None);
        assert_eq!(pos.to_string(), "scs/cCc/s.s b 0");
        let empty: Position = "13/13/13/13/13/13/13/13/13/13/13/13/13 b".parse().unwrap();
        assert_eq!(empty.size(), 13);
        let mixed: Position = "2./3/1.1 w 4".parse().unwrap();
        assert_eq!(mixed.to_string(), "3/3/3 w 4");
    }

    #[test]
    fn position_errors_name_the_field() {
        let cases = [
            ("", "empty"),
            ("scs/cCc b 1 2", "fields"),
            ("s b", "out of range"),
            ("scs/cXc/sss b", "row 2"),
            ("scs/cCcc/sss b", "row 2 has 4"),
            ("scs/cC/sss b", "row 2 has 2"),
            ("scs/cCc/sss x", "field 2"),
            ("scs/cCc/sss b -1", "field 3"),
            ("scs/cCc/s99999999999999999999 b", "row 1"),
        ];
        for (text, needle) in cases {
            let e = text.parse::<Position>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
