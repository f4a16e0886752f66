//! An opening book: the moves played from each position of many games, with
//! how often and how well, as lichess's opening explorer shows them.
//!
//! A position and its images under the board's eight symmetries are one
//! entry, and so are positions reached by different move orders (the key is
//! the board, the side to move and whether the swap is on offer, not the
//! line). Tallies only add up, so books of any split of the same games merge
//! into the same book, byte for byte.
//!
//! ```
//! use federa_core::book::Book;
//! use federa_core::{Game, Rules};
//!
//! let mut book = Book::new(Rules::new(5).unwrap());
//! for record in ["5x5 BCc3 WSb2", "5x5 BCc3 WSd4"] {
//!     let mut game = Game::from_record(record, true).unwrap();
//!     while !game.position().is_over() {
//!         game.play(game.position().legal_moves()[0]).unwrap();
//!     }
//!     assert!(book.add_game(&game, 2));
//! }
//! let start = Game::new(Rules::new(5).unwrap());
//! let first = &book.moves(start.position())[0];
//! assert_eq!((first.token.as_str(), first.tally.games), ("BCc3", 2));
//! // After BCc3, WSb2 and WSd4 are one move seen from two sides.
//! let after = Game::from_record("5x5 BCc3", true).unwrap();
//! assert_eq!(book.moves(after.position()).len(), 1);
//! ```

use std::fmt;

use crate::game::Game;
use crate::position::{Position, Setup};
use crate::sort::{entry, sort_by_first};
use crate::types::{Color, Move, Point, Rules};

/// One of the board's eight symmetries: an optional transposition, then
/// optional mirrors of the columns and of the rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Where `p` goes on a board of `size`.
    #[must_use]
    pub fn point(self, p: Point, size: u8) -> Point {
        let last = size - 1;
        let (col, row) = if self.0 & 4 == 0 {
            (p.col, p.row)
        } else {
            (p.row, p.col)
        };
        let col = if self.0 & 1 == 0 { col } else { last - col };
        let row = if self.0 & 2 == 0 { row } else { last - row };
        Point::new(col, row)
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub fn inverse(self) -> Symmetry {
        // Two points off the centre's lines fix a symmetry of the square.
        let probes = [Point::new(1, 0), Point::new(0, 1)];
        Symmetry::ALL
            .into_iter()
            .find(|s| probes.iter().all(|&p| s.point(self.point(p, 3), 3) == p))
            .expect("every symmetry has an inverse")
    }

    /// The image of `pos`: the same side to move, moves played and rules.
    #[must_use]
    pub fn position(self, pos: &Position) -> Position {
        let n = pos.size();
        let mut setup = Setup::empty(pos.rules());
        for row in 0..n {
            for col in 0..n {
                let to = self.point(Point::new(col, row), n);
                setup.cells[usize::from(to.row) * usize::from(n) + usize::from(to.col)] =
                    pos.piece_at(Point::new(col, row));
            }
        }
        setup.to_move = pos.to_move();
        setup.plies = pos.plies();
        Position::from_setup(&setup)
    }

    /// The image of a move on a board of `size` (a change names the image
    /// of the point it named).
    #[must_use]
    pub fn mv(self, m: Move, size: u8) -> Move {
        match m {
            Move::Place { piece, at } => Move::Place {
                piece,
                at: self.point(at, size),
            },
            Move::Change { at, into } => Move::Change {
                at: self.point(at, size),
                into,
            },
            Move::Swap => Move::Swap,
        }
    }
}

/// A position's key in the book, and the symmetries that take the
/// position to it.
fn key(pos: &Position) -> (String, Vec<Symmetry>) {
    let mut best: Option<(String, Vec<Symmetry>)> = None;
    for s in Symmetry::ALL {
        let text = board_key(&s.position(pos));
        match &mut best {
            Some((k, syms)) if *k == text => syms.push(s),
            Some((k, _)) if *k < text => {}
            _ => best = Some((text, vec![s])),
        }
    }
    best.expect("eight symmetries")
}

/// The position string with its plies cut to whether the swap is on offer
/// (1) or not (0): all the play from it depends on.
fn board_key(pos: &Position) -> String {
    let text = pos.to_string();
    let board = text.rsplit_once(' ').map_or(text.as_str(), |(b, _)| b);
    format!("{board} {}", u8::from(pos.swap_available()))
}

/// How a move of the book has done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games that played it.
    pub games: u32,
    /// Of those, the games Dark won.
    pub dark_wins: u32,
    /// Of those, the games the first mover won (the player of the first
    /// move, whatever colour a swap gave them).
    pub first_wins: u32,
    /// The mover's chance of winning after it, in thousandths, as the AI
    /// judged it (none until [`Book::judge`]).
    pub chance: Option<u16>,
}

/// A move of the book from a position, as played there.
#[derive(Clone, Debug, PartialEq)]
pub struct BookMove {
    /// The move in the position asked about.
    pub mv: Move,
    /// Its token there.
    pub token: String,
    /// Games, first mover's wins and the AI's chance.
    pub tally: Tally,
}

/// An opening book for one board size and pie rule.
#[derive(Clone, Debug, PartialEq)]
pub struct Book {
    rules: Rules,
    /// Position key → move token (in the key's orientation) → tally, each
    /// list sorted by its keys (sorted vectors rather than maps: the
    /// page's wasm reads the book, and maps' code weighs on it).
    entries: Vec<(String, Vec<(String, Tally)>)>,
}

/// The first line of a book's text.
const HEADER: &str = "federa-book 1";

impl Book {
    /// An empty book.
    #[must_use]
    pub fn new(rules: Rules) -> Book {
        Book {
            rules,
            entries: Vec::new(),
        }
    }

    /// The rules its games were played under.
    #[must_use]
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Positions with at least one move.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds the first `plies` moves of a finished game (a game without a
    /// winner, or of other rules, adds nothing and returns false).
    pub fn add_game(&mut self, game: &Game, plies: usize) -> bool {
        let (Some(winner), true) = (game.position().winner(), game.start().rules() == self.rules)
        else {
            return false;
        };
        // The first mover plays Light from the swap on.
        let first = if game.swapped() {
            Color::Light
        } else {
            Color::Dark
        };
        let first_won = u32::from(winner == first);
        let dark_won = u32::from(winner == Color::Dark);
        let mut pos = game.start().clone();
        for &m in game.moves().iter().take(plies) {
            let (k, syms) = key(&pos);
            let n = pos.size();
            let token = syms
                .iter()
                .map(|&s| s.position(&pos).token(s.mv(m, n)))
                .min()
                .expect("a symmetry");
            let tally = entry(entry(&mut self.entries, &k), &token);
            tally.games += 1;
            tally.dark_wins += dark_won;
            tally.first_wins += first_won;
            pos.play_unchecked(m);
        }
        true
    }

    /// Adds every tally of `other` (a book of the same rules) to this one.
    pub fn merge(&mut self, other: &Book) {
        for (k, moves) in &other.entries {
            let mine = entry(&mut self.entries, k);
            for (token, t) in moves {
                let sum = entry(mine, token);
                sum.games += t.games;
                sum.dark_wins += t.dark_wins;
                sum.first_wins += t.first_wins;
                sum.chance = None;
            }
        }
    }

    /// Drops the moves played in fewer than `games` games, and the
    /// positions left without a move.
    pub fn prune(&mut self, games: u32) {
        for (_, moves) in &mut self.entries {
            moves.retain(|(_, t)| t.games >= games);
        }
        self.entries.retain(|(_, moves)| !moves.is_empty());
    }

    /// Sets each move's chance: `value` gives the side to move's chance of
    /// winning in a position (the AI's analysis).
    pub fn judge(&mut self, mut value: impl FnMut(&Position) -> f32) {
        for (k, moves) in &mut self.entries {
            let pos = Position::parse_with_pie(k, self.rules.pie).expect("a key is a position");
            for (token, t) in moves.iter_mut() {
                let m = token
                    .parse::<crate::Token>()
                    .ok()
                    .and_then(|tk| tk.to_move(&pos).ok())
                    .expect("a book move is legal where it stands");
                let mover = if m == Move::Swap {
                    Color::Dark
                } else {
                    pos.to_move()
                };
                let mut next = pos.clone();
                next.play_unchecked(m);
                let chance = match next.winner() {
                    Some(w) => f32::from(u8::from(w == mover)),
                    None if next.to_move() == mover => value(&next),
                    None => 1.0 - value(&next),
                };
                t.chance = Some((chance.clamp(0.0, 1.0) * 1000.0).round() as u16);
            }
        }
    }

    /// The book's moves from `pos`, most played first (then by token), each
    /// as it stands on the board asked about.
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        let (k, syms) = key(pos);
        let Ok(at) = self.entries.binary_search_by(|(e, _)| e.cmp(&k)) else {
            return Vec::new();
        };
        let moves = &self.entries[at].1;
        let canonical = syms[0].position(pos);
        let back = syms[0].inverse();
        let mut out: Vec<BookMove> = moves
            .iter()
            .filter_map(|(token, t)| {
                let m = token
                    .parse::<crate::Token>()
                    .ok()?
                    .to_move(&canonical)
                    .ok()?;
                let mv = back.mv(m, pos.size());
                Some(BookMove {
                    mv,
                    token: pos.token(mv),
                    tally: *t,
                })
            })
            .collect();
        sort_by_first(&mut out, |a, b| {
            (a.tally.games, &b.token) > (b.tally.games, &a.token)
        });
        out
    }

    /// Reads a book written by [`Book::to_string`](fmt::Display).
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut lines = text.lines().enumerate();
        let bad = |line: usize, why: String| BookError {
            line: line + 1,
            why,
        };
        let (_, head) = lines
            .next()
            .ok_or_else(|| bad(0, "the book is empty".into()))?;
        let rules = head
            .strip_prefix(HEADER)
            .and_then(|rest| {
                let mut words = rest.split_whitespace();
                let size = words.next()?.split_once('x')?.0.parse().ok()?;
                let pie = match words.next()? {
                    "pie" => true,
                    "no-pie" => false,
                    _ => return None,
                };
                Rules::with_pie(size, pie).ok()
            })
            .ok_or_else(|| bad(0, format!("`{head}` is not `{HEADER} NxN pie`")))?;
        let mut book = Book::new(rules);
        for (k, line) in lines {
            let mut fields = line.split('\t');
            let key = fields.next().unwrap_or_default();
            let pos = Position::parse_with_pie(key, rules.pie)
                .ok()
                .filter(|p| p.size() == rules.size() && self::key(p).0 == key)
                .ok_or_else(|| bad(k, format!("`{key}` is not a position key of the book")))?;
            let moves = entry(&mut book.entries, key);
            if !moves.is_empty() {
                return Err(bad(k, format!("`{key}` is in the book twice")));
            }
            for field in fields {
                let (token, tally) = parse_move(&pos, field).map_err(|why| bad(k, why))?;
                let t = entry(moves, &token);
                if t.games > 0 {
                    return Err(bad(k, format!("`{token}` is in the line twice")));
                }
                *t = tally;
            }
            if moves.is_empty() {
                return Err(bad(k, "a position without moves".into()));
            }
        }
        Ok(book)
    }
}

/// One move of a book line: `token games dark_wins first_wins chance` (the
/// chance in thousandths, or `-`).
fn parse_move(pos: &Position, field: &str) -> Result<(String, Tally), String> {
    let words: Vec<&str> = field.split(' ').collect();
    let [token, games, dark_wins, first_wins, chance] = words[..] else {
        return Err(format!(
            "`{field}` is not `move games dark-wins first-mover-wins chance`"
        ));
    };
    let m = token
        .parse::<crate::Token>()
        .map_err(|e| e.to_string())?
        .to_move(pos)
        .map_err(|e| format!("`{token}`: {e}"))?;
    if pos.token(m) != token {
        return Err(format!("`{token}` is not written as the book writes it"));
    }
    let number = |text: &str| {
        text.parse::<u32>()
            .map_err(|_| format!("`{text}` is not a count"))
    };
    let tally = Tally {
        games: number(games)?,
        dark_wins: number(dark_wins)?,
        first_wins: number(first_wins)?,
        chance: match chance {
            "-" => None,
            c => Some(
                c.parse::<u16>()
                    .ok()
                    .filter(|&c| c <= 1000)
                    .ok_or_else(|| format!("`{c}` is not a chance in thousandths"))?,
            ),
        },
    };
    if tally.games == 0 || tally.dark_wins > tally.games || tally.first_wins > tally.games {
        return Err(format!(
            "`{field}`: wins must not exceed games, and games be above 0"
        ));
    }
    Ok((token.to_owned(), tally))
}

/// The book's text: a header, then a line per position (its key, then a
/// tab before each move), in the order of the keys.
impl fmt::Display for Book {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.rules.size();
        let pie = if self.rules.pie { "pie" } else { "no-pie" };
        writeln!(f, "{HEADER} {n}x{n} {pie}")?;
        for (k, moves) in &self.entries {
            f.write_str(k)?;
            for (token, t) in moves {
                let chance = t.chance.map_or("-".to_owned(), |c| c.to_string());
                write!(
                    f,
                    "\t{token} {} {} {} {chance}",
                    t.games, t.dark_wins, t.first_wins
                )?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A book's text that cannot be read: the line and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {} of the book: {}", self.line, self.why)
    }
}

impl std::error::Error for BookError {}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(record: &str) -> Game {
        Game::from_record(record, true).unwrap()
    }

    #[test]
    fn each_symmetry_is_undone_by_its_inverse() {
        for s in Symmetry::ALL {
            for col in 0..5 {
                for row in 0..5 {
                    let p = Point::new(col, row);
                    assert_eq!(s.inverse().point(s.point(p, 5), 5), p, "{s:?}");
                }
            }
        }
    }

    #[test]
    fn a_position_and_its_mirror_give_the_same_entry() {
        let mut book = Book::new(Rules::new(7).unwrap());
        assert!(book.add_game(&finish(game("7x7 BCb2 WSc3 BSd4 WCf2 BCe5")), 3));
        let line = game("7x7 BCb2 WSc3");
        for s in Symmetry::ALL {
            let image = s.position(line.position());
            let moves = book.moves(&image);
            assert_eq!(moves.len(), 1, "{s:?}");
            // The move is BSd4 as seen on the image.
            assert_eq!(
                moves[0].mv,
                s.mv(
                    Move::Place {
                        piece: crate::Piece::new(Color::Dark, crate::Shape::Square),
                        at: Point::new(3, 3)
                    },
                    7
                )
            );
            assert_eq!(moves[0].tally.games, 1);
        }
    }

    #[test]
    fn mirrored_moves_of_a_symmetric_position_are_one_move() {
        let mut book = Book::new(Rules::new(5).unwrap());
        // After BCc3 the board is symmetric: b2, d2, b4 and d4 are alike.
        for record in [
            "5x5 BCc3 WSb2",
            "5x5 BCc3 WSd2",
            "5x5 BCc3 WSb4",
            "5x5 BCc3 WSd4 BCa1",
        ] {
            assert!(book.add_game(&finish(game(record)), 2));
        }
        let moves = book.moves(game("5x5 BCc3").position());
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].tally.games, 4);
    }

    #[test]
    fn transpositions_are_one_entry() {
        let mut book = Book::new(Rules::new(5).unwrap());
        for record in [
            "5x5 BCa1 WSe5 BCa2 WSe4 BSc3",
            "5x5 BCa2 WSe4 BCa1 WSe5 BCc3",
        ] {
            assert!(book.add_game(&finish(game(record)), 5));
        }
        let after_four = game("5x5 BCa1 WSe5 BCa2 WSe4");
        let moves = book.moves(after_four.position());
        assert_eq!(moves.iter().map(|m| m.tally.games).sum::<u32>(), 2);
    }

    #[test]
    fn books_of_any_split_merge_into_the_same_text() {
        let records = [
            "5x5 BCc3 WSb2 BSd4 WCb4",
            "5x5 BCc3 swap WSb2 BSd4",
            "5x5 BSa1 WCc3 BCe5",
            "5x5 BCc3 WSd4 BSb2 WCd2",
        ];
        let finished: Vec<Game> = records.iter().map(|r| finish(game(r))).collect();
        let rules = Rules::new(5).unwrap();
        let mut whole = Book::new(rules);
        for g in &finished {
            assert!(whole.add_game(g, 6));
        }
        let (mut a, mut b) = (Book::new(rules), Book::new(rules));
        for g in &finished[..1] {
            a.add_game(g, 6);
        }
        for g in &finished[1..] {
            b.add_game(g, 6);
        }
        b.merge(&a);
        assert_eq!(b.to_string(), whole.to_string());
        assert_eq!(Book::parse(&whole.to_string()).unwrap(), whole);
    }

    /// The game played on to its end by the first legal move each time.
    fn finish(mut g: Game) -> Game {
        while !g.position().is_over() {
            let m = g.position().legal_moves()[0];
            g.play(m).unwrap();
        }
        g
    }

    #[test]
    fn an_unfinished_game_adds_nothing() {
        let mut book = Book::new(Rules::new(5).unwrap());
        assert!(!book.add_game(&game("5x5 BCc3"), 4));
        assert!(book.is_empty());
    }

    #[test]
    fn the_first_movers_wins_follow_the_player_through_a_swap() {
        let rules = Rules::new(3).unwrap();
        let mut book = Book::new(rules);
        let g = finish(game("3x3 BCb2 swap"));
        let winner = g.position().winner().unwrap();
        book.add_game(&g, 1);
        let t = book.moves(game("3x3").position())[0].tally;
        assert_eq!(t.first_wins, u32::from(winner == Color::Light));
        assert_eq!(t.dark_wins, u32::from(winner == Color::Dark));
    }

    #[test]
    fn bad_book_lines_are_refused_with_their_line() {
        let good = "federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCc3 2 1 1 -\n";
        assert!(Book::parse(good).is_ok());
        for (text, line) in [
            ("", 1),
            ("federa-book 2 5x5 pie\n", 1),
            ("federa-book 1 5x5 pie\n5/5/5/5/5 b 0\n", 2),
            ("federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCz9 2 1 1 -\n", 2),
            ("federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCc3 2 1 3 -\n", 2),
            ("federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCc3 2 1 1 1001\n", 2),
            ("federa-book 1 5x5 pie\n5/5/5/5/5 b 7\tBCc3 2 1 1 -\n", 2),
            (
                "federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCc3 2 1 1 -\tBCc3 1 0 0 -\n",
                2,
            ),
            (
                "federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCc3 2 1 1 -\n5/5/5/5/5 b 0\tBCc3 2 1 1 -\n",
                3,
            ),
        ] {
            assert_eq!(Book::parse(text).unwrap_err().line, line, "{text}");
        }
    }
}
