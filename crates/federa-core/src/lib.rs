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
//! ```
//! use federa_core::{Color, Game, Rules};
//!
//! // The board is full after nine placements; Light changes its round at b3
//! // into a square, and every piece is... not yet one colour: play goes on.
//! let game = Game::from_record("3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3", false)
//!     .unwrap();
//! assert_eq!(game.position().winner(), None);
//! assert_eq!(game.position().to_move(), Color::Dark);
//! ```

#![deny(missing_docs)]

// Lets the shared test helpers name this crate the same way inside and out.
#[cfg(test)]
extern crate self as federa_core;

mod annotated;
mod game;
pub mod learn;
pub mod notation;
mod perft;
mod position;
#[cfg(test)]
mod proptests;
pub mod review;
mod rng;
pub mod search;
mod types;
mod zobrist;

pub use annotated::{AnnotatedError, ElementProblem, GameTree, Glyph, NodeId, eval_text};
pub use game::Game;
pub use notation::{PositionError, RecordError, Token, TokenError};
pub use perft::perft;
pub use position::{Group, IllegalMove, PlayoutStats, Position, Setup, SetupError};
pub use rng::Rng;
pub use types::{
    Color, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, Move, Piece, Point, Rules, Shape, SizeError,
};
