//! The game's vocabulary: colours, shapes, pieces, points, moves and rules.

use std::fmt;

/// One of the two players' colours. Dark moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The first player ("B" in records).
    Dark,
    /// The second player ("W" in records).
    Light,
}

impl Color {
    /// Both colours, Dark first.
    pub const ALL: [Color; 2] = [Color::Dark, Color::Light];

    /// The other colour.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Dark => Color::Light,
            Color::Light => Color::Dark,
        }
    }

    /// 0 for Dark, 1 for Light.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of a piece code (bit 1).
    pub(crate) const fn from_code_bit(code: u8) -> Color {
        if code & 2 == 0 {
            Color::Dark
        } else {
            Color::Light
        }
    }

    /// The letter used in move tokens and records: `B` or `W`.
    #[must_use]
    pub const fn record_char(self) -> char {
        match self {
            Color::Dark => 'B',
            Color::Light => 'W',
        }
    }

    /// The colour of a letter of move tokens and records (`B` or `W`).
    #[must_use]
    pub const fn from_record_char(c: char) -> Option<Color> {
        match c {
            'B' => Some(Color::Dark),
            'W' => Some(Color::Light),
            _ => None,
        }
    }

    /// The letter used for the side to move in position strings: `b` or `w`.
    #[must_use]
    pub const fn position_char(self) -> char {
        match self {
            Color::Dark => 'b',
            Color::Light => 'w',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Dark => "Dark",
            Color::Light => "Light",
        })
    }
}

/// The shape of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// A round piece ("C", circle, in tokens).
    Round,
    /// A square piece ("S" in tokens).
    Square,
}

impl Shape {
    /// Both shapes, round first.
    pub const ALL: [Shape; 2] = [Shape::Round, Shape::Square];

    /// The other shape.
    #[must_use]
    pub const fn other(self) -> Shape {
        match self {
            Shape::Round => Shape::Square,
            Shape::Square => Shape::Round,
        }
    }

    /// The letter used in move tokens: `C` or `S`.
    #[must_use]
    pub const fn record_char(self) -> char {
        match self {
            Shape::Round => 'C',
            Shape::Square => 'S',
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::Round => "round",
            Shape::Square => "square",
        })
    }
}

/// One of the four piece types: a colour and a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Round or square.
    pub shape: Shape,
}

impl Piece {
    /// A dark round piece.
    pub const DARK_ROUND: Piece = Piece::new(Color::Dark, Shape::Round);
    /// A dark square piece.
    pub const DARK_SQUARE: Piece = Piece::new(Color::Dark, Shape::Square);
    /// A light round piece.
    pub const LIGHT_ROUND: Piece = Piece::new(Color::Light, Shape::Round);
    /// A light square piece.
    pub const LIGHT_SQUARE: Piece = Piece::new(Color::Light, Shape::Square);
    /// The four piece types.
    pub const ALL: [Piece; 4] = [
        Piece::DARK_ROUND,
        Piece::DARK_SQUARE,
        Piece::LIGHT_ROUND,
        Piece::LIGHT_SQUARE,
    ];

    /// A piece of this colour and shape.
    #[must_use]
    pub const fn new(color: Color, shape: Shape) -> Piece {
        Piece { color, shape }
    }

    /// The piece of `by`'s colour that attacks groups of this piece's type.
    ///
    /// A dark piece attacks groups of the other shape; a light piece attacks
    /// dark groups of the same shape and light groups of the other shape. So
    /// each colour has exactly one attacking type per group type, and changing
    /// a group turns it into the changer's attacker.
    ///
    /// ```
    /// use federa_core::{Color, Piece};
    /// assert_eq!(Piece::DARK_ROUND.attacker(Color::Dark), Piece::DARK_SQUARE);
    /// assert_eq!(Piece::DARK_ROUND.attacker(Color::Light), Piece::LIGHT_ROUND);
    /// assert_eq!(Piece::LIGHT_SQUARE.attacker(Color::Light), Piece::LIGHT_ROUND);
    /// ```
    #[must_use]
    pub const fn attacker(self, by: Color) -> Piece {
        Piece::from_code(attacker_code(self.code(), by))
    }

    /// Whether this piece attacks groups of type `group`.
    #[must_use]
    pub const fn attacks(self, group: Piece) -> bool {
        attacker_code(group.code(), self.color) == self.code()
    }

    /// Compact code: bit 0 is the shape (square), bit 1 the colour (light).
    pub(crate) const fn code(self) -> u8 {
        ((self.color as u8) << 1) | self.shape as u8
    }

    pub(crate) const fn from_code(code: u8) -> Piece {
        Piece {
            color: Color::from_code_bit(code),
            shape: if code & 1 == 0 {
                Shape::Round
            } else {
                Shape::Square
            },
        }
    }

    /// The letter used in position strings: `C`, `S`, `c`, `s`.
    #[must_use]
    pub const fn position_char(self) -> char {
        match (self.color, self.shape) {
            (Color::Dark, Shape::Round) => 'C',
            (Color::Dark, Shape::Square) => 'S',
            (Color::Light, Shape::Round) => 'c',
            (Color::Light, Shape::Square) => 's',
        }
    }

    /// The piece written as `ch` in a position string.
    #[must_use]
    pub const fn from_position_char(ch: char) -> Option<Piece> {
        match ch {
            'C' => Some(Piece::DARK_ROUND),
            'S' => Some(Piece::DARK_SQUARE),
            'c' => Some(Piece::LIGHT_ROUND),
            's' => Some(Piece::LIGHT_SQUARE),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = match self.color {
            Color::Dark => "dark",
            Color::Light => "light",
        };
        write!(f, "{color} {}", self.shape)
    }
}

/// The code of `by`'s attacker of a group whose type has code `group`.
pub(crate) const fn attacker_code(group: u8, by: Color) -> u8 {
    match by {
        // A dark piece of the other shape.
        Color::Dark => (group & 1) ^ 1,
        // A light piece whose shape differs from the group's exactly when the
        // group is light.
        Color::Light => 2 | ((group & 1) ^ (group >> 1)),
    }
}

/// A point of the board: a column from the left and a row from the bottom,
/// both counted from 0. `a1`, the bottom-left corner, is `Point::new(0, 0)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Point {
    /// Column, 0 = `a` (leftmost).
    pub col: u8,
    /// Row, 0 = row `1` (bottom).
    pub row: u8,
}

impl Point {
    /// The point at this column and row (0-based).
    #[must_use]
    pub const fn new(col: u8, row: u8) -> Point {
        Point { col, row }
    }

    /// Whether the point lies on an N×N board.
    #[must_use]
    pub const fn is_on(self, size: u8) -> bool {
        self.col < size && self.row < size
    }
}

/// Points order as the notation's canonical choice does: lowest row first,
/// then leftmost column.
impl Ord for Point {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.row, self.col).cmp(&(other.row, other.col))
    }
}

impl PartialOrd for Point {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.col < 26 {
            write!(
                f,
                "{}{}",
                char::from(b'a' + self.col),
                u32::from(self.row) + 1
            )
        } else {
            write!(f, "?{}", u32::from(self.row) + 1)
        }
    }
}

/// A move: a placement, a change of an enclosed group, or the pie swap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Put a piece of the mover's colour on an empty point.
    Place {
        /// The piece placed; its colour must be the side to move.
        piece: Piece,
        /// Where.
        at: Point,
    },
    /// Turn every piece of the enclosed group at `at` into `into`, the
    /// mover's attacker of that group.
    Change {
        /// Any point of the group (moves generated by the engine use the
        /// canonical one: lowest row, then leftmost column).
        at: Point,
        /// What the group becomes; its colour must be the side to move.
        into: Piece,
    },
    /// The pie rule: the players exchange colours (Light's first turn only).
    Swap,
}

impl Move {
    /// The colour that plays this move, if it names one (the swap does not).
    #[must_use]
    pub const fn color(self) -> Option<Color> {
        match self {
            Move::Place { piece, .. } | Move::Change { into: piece, .. } => Some(piece.color),
            Move::Swap => None,
        }
    }
}

/// The smallest board the engine plays on.
pub const MIN_SIZE: u8 = 2;
/// The largest board the engine plays on (25 columns: `a`..`y`).
pub const MAX_SIZE: u8 = 25;
/// The standard board size.
pub const DEFAULT_SIZE: u8 = 13;

/// The rules a game is played under: the board size and the pie rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    size: u8,
    /// Whether Light may swap sides on its first turn.
    pub pie: bool,
}

impl Rules {
    /// N×N with the pie rule on, or an error if N is outside 2..=25.
    ///
    /// ```
    /// use federa_core::Rules;
    /// assert_eq!(Rules::new(9).unwrap().size(), 9);
    /// assert!(Rules::new(26).is_err());
    /// ```
    pub fn new(size: u8) -> Result<Rules, SizeError> {
        Rules::with_pie(size, true)
    }

    /// N×N with the pie rule on or off.
    pub fn with_pie(size: u8, pie: bool) -> Result<Rules, SizeError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            Ok(Rules { size, pie })
        } else {
            Err(SizeError(u32::from(size)))
        }
    }

    /// The board's side length N.
    #[must_use]
    pub const fn size(self) -> u8 {
        self.size
    }

    /// Checks a size given as any integer (for parsers).
    pub fn checked_size(size: u64) -> Result<u8, SizeError> {
        match u8::try_from(size) {
            Ok(s) if (MIN_SIZE..=MAX_SIZE).contains(&s) => Ok(s),
            _ => Err(SizeError(u32::try_from(size).unwrap_or(u32::MAX))),
        }
    }
}

impl Default for Rules {
    /// 13×13 with the pie rule on.
    fn default() -> Rules {
        Rules {
            size: DEFAULT_SIZE,
            pie: true,
        }
    }
}

/// A board size outside 2..=25.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeError(pub u32);

impl fmt::Display for SizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "board size {} is out of range (must be {MIN_SIZE} to {MAX_SIZE})",
            self.0
        )
    }
}

impl std::error::Error for SizeError {}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first table of rules.md, row by row.
    #[test]
    fn attack_table() {
        use Piece as P;
        let attacks = |a: P, g: P| a.attacks(g);
        // dark round attacks dark square and light square
        assert!(attacks(P::DARK_ROUND, P::DARK_SQUARE) && attacks(P::DARK_ROUND, P::LIGHT_SQUARE));
        assert!(!attacks(P::DARK_ROUND, P::DARK_ROUND) && !attacks(P::DARK_ROUND, P::LIGHT_ROUND));
        // dark square attacks dark round and light round
        assert!(attacks(P::DARK_SQUARE, P::DARK_ROUND) && attacks(P::DARK_SQUARE, P::LIGHT_ROUND));
        assert!(
            !attacks(P::DARK_SQUARE, P::DARK_SQUARE) && !attacks(P::DARK_SQUARE, P::LIGHT_SQUARE)
        );
        // light round attacks dark round and light square
        assert!(attacks(P::LIGHT_ROUND, P::DARK_ROUND) && attacks(P::LIGHT_ROUND, P::LIGHT_SQUARE));
        assert!(
            !attacks(P::LIGHT_ROUND, P::DARK_SQUARE) && !attacks(P::LIGHT_ROUND, P::LIGHT_ROUND)
        );
        // light square attacks dark square and light round
        assert!(
            attacks(P::LIGHT_SQUARE, P::DARK_SQUARE) && attacks(P::LIGHT_SQUARE, P::LIGHT_ROUND)
        );
        assert!(
            !attacks(P::LIGHT_SQUARE, P::DARK_ROUND) && !attacks(P::LIGHT_SQUARE, P::LIGHT_SQUARE)
        );
    }

    /// The second table of rules.md: one attacker per colour per group type.
    #[test]
    fn one_attacker_of_each_colour_per_group_type() {
        use Color::*;
        use Piece as P;
        let table = [
            (P::DARK_ROUND, P::DARK_SQUARE, P::LIGHT_ROUND),
            (P::DARK_SQUARE, P::DARK_ROUND, P::LIGHT_SQUARE),
            (P::LIGHT_ROUND, P::DARK_SQUARE, P::LIGHT_SQUARE),
            (P::LIGHT_SQUARE, P::DARK_ROUND, P::LIGHT_ROUND),
        ];
        for (group, dark, light) in table {
            assert_eq!(group.attacker(Dark), dark, "{group}");
            assert_eq!(group.attacker(Light), light, "{group}");
            let attackers: Vec<P> = P::ALL.into_iter().filter(|a| a.attacks(group)).collect();
            assert_eq!(attackers.len(), 2, "{group}");
        }
    }

    #[test]
    fn piece_codes_round_trip() {
        for p in Piece::ALL {
            assert_eq!(Piece::from_code(p.code()), p);
            assert_eq!(Piece::from_position_char(p.position_char()), Some(p));
        }
    }

    #[test]
    fn sizes_two_to_twenty_five() {
        for n in 0..=40u8 {
            assert_eq!(Rules::new(n).is_ok(), (2..=25).contains(&n), "{n}");
        }
    }

    #[test]
    fn canonical_point_order_is_row_then_column() {
        assert!(Point::new(5, 0) < Point::new(0, 1));
        assert!(Point::new(0, 3) < Point::new(1, 3));
    }
}
