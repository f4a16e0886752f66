//! The rules of Federa, a board game by Luis Bolaños Mures, with its notation
//! and a fast engine for search.
//!
//! Two players, Dark and Light, place round and square pieces on an N×N grid.
//! A *group* is a connected set of pieces of one colour and one shape. A group
//! with no empty neighbour is *enclosed*, and the pieces touching it may
//! *attack* it: a dark piece attacks groups of the other shape; a light piece
//! attacks dark groups of its own shape and light groups of the other shape.
//! On a turn a player places a piece, or changes an enclosed group they have
//! more attackers of (or as many, if the group is theirs) into their own
//! attacking piece. Whoever fills the board with their colour wins.
//!
//! # Playing a game
//!
//! A [`Position`] is the board and whose turn it is; [`Position::try_play`]
//! plays a legal [`Move`] or says why it is not one, and changes nothing
//! then. A [`Game`] is a position with its history (undo, redo, a record).
//!
//! ```
//! use federa_core::{Color, IllegalMove, Move, Piece, Point, Position, Rules, Shape};
//!
//! let mut pos = Position::new(Rules::new(5).unwrap());
//! let c3 = Point::new(2, 2);
//! pos.try_play(Move::Place { piece: Piece::new(Color::Dark, Shape::Round), at: c3 })
//!     .unwrap();
//! // c3 is taken, and it is Light's turn: a refused move changes nothing.
//! let again = Move::Place { piece: Piece::new(Color::Light, Shape::Square), at: c3 };
//! assert!(matches!(pos.try_play(again), Err(IllegalMove::Occupied { .. })));
//! assert_eq!(pos.to_move(), Color::Light);
//! assert_eq!(pos.legal_moves().len(), 2 * 24 + 1, "24 empty points, two shapes, and the swap");
//! ```
//!
//! # Reading a record
//!
//! Records and move tokens are those of the designer's tool (`B`/`W` for the
//! colour, `C`/`S` for round and square, `F` for a change).
//!
//! ```
//! use federa_core::{Color, Game};
//!
//! // The board is full after nine placements; Light changes its round at b3
//! // into a square, and every piece is... not yet one colour: play goes on.
//! let game = Game::from_record("3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3", false)
//!     .unwrap();
//! assert_eq!(game.position().winner(), None);
//! assert_eq!(game.position().to_move(), Color::Dark);
//! assert_eq!(game.record(), "3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3");
//! // A record that does not read names its problem.
//! let e = Game::from_record("3x3 BCb2 BCb3", false).unwrap_err();
//! assert_eq!(e.to_string(), "move 2 `BCb3` is illegal: not your turn: Light is to move");
//! ```
//!
//! An annotated record (variations, comments, glyphs) reads as a
//! [`GameTree`].
//!
//! # Asking the AI for a move
//!
//! A [`search::Player`] searches within a [`search::Limit`]; with an
//! iteration budget and a seed it plays the same move on every platform.
//!
//! ```
//! use federa_core::search::{Level, Limit, Player, PlayerKind};
//! use federa_core::{Game, Position};
//!
//! let game = Game::from_record("7x7 BCd4 WSc4", true).unwrap();
//! let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
//! let found = ai.think(game.position(), Limit::iterations(2_000), None, &mut |_| true).unwrap();
//! assert!(game.position().check(found.best).is_ok());
//! assert!((0.0..=1.0).contains(&found.win), "the side to move's chance");
//! println!("{} ({:.0}%)", game.position().token(found.best), 100.0 * found.win);
//! ```

#![deny(missing_docs)]

// The crate's README example is a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;

// Lets the shared test helpers name this crate the same way inside and out.
#[cfg(test)]
extern crate self as federa_core;

mod annotated;
pub mod book;
mod game;
pub mod learn;
pub mod notation;
mod perft;
mod position;
#[cfg(test)]
mod proptests;
pub mod puzzle;
pub mod review;
mod rng;
pub mod search;
mod sort;
mod types;
mod zobrist;

pub use annotated::{AnnotatedError, ElementProblem, GameTree, Glyph, NodeId, eval_text};
pub use game::Game;
pub use notation::{
    End, EndError, PositionError, RecordError, Termination, TimeControl, TimeControlError,
    TimeControlProblem, TimeField, Token, TokenError,
};
pub use perft::perft;
pub use position::{Group, IllegalMove, PlayoutStats, Position, Setup, SetupError};
pub use rng::Rng;
pub use types::{
    Color, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Move, Piece, Point, Rules, Shape, SizeError,
};
