//! The opening explorer's book (`federa book build` writes one per size),
//! read once on the page and asked for the moves of the position shown.

use federa_core::book::Book;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::errors::{Facts, error};
use crate::game::GameHandle;
use crate::{JsResult, to_js};

/// An opening book, read from its text.
#[wasm_bindgen]
pub struct OpeningBook {
    book: Book,
}

/// A move of the book for the page: its token, its games, Dark's and the
/// first mover's wins among them, and the AI's chance for the mover after
/// it (0 to 1, if judged).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BookMoveInfo {
    token: String,
    games: u32,
    dark_wins: u32,
    first_wins: u32,
    chance: Option<f64>,
}

#[wasm_bindgen]
impl OpeningBook {
    /// Reads a book; an error (`kind` `book`) names the line that does not
    /// read.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> JsResult<OpeningBook> {
        Book::parse(text)
            .map(|book| OpeningBook { book })
            .map_err(|e| {
                error(
                    "book",
                    &e,
                    Facts {
                        index: Some(e.line),
                        ..Facts::default()
                    },
                )
            })
    }

    /// The board size of its games.
    pub fn size(&self) -> u8 {
        self.book.rules().size()
    }

    /// Whether its games were played with the pie rule.
    pub fn pie(&self) -> bool {
        self.book.rules().pie
    }

    /// The positions it holds.
    pub fn positions(&self) -> usize {
        self.book.len()
    }

    /// The book's moves from the position `game` shows, most played first
    /// (none if the game is of other rules or out of the book).
    pub fn moves(&self, game: &GameHandle) -> JsValue {
        let pos = game.current();
        let moves: Vec<BookMoveInfo> = if pos.rules() == self.book.rules() {
            self.book
                .moves(pos)
                .into_iter()
                .map(|m| BookMoveInfo {
                    token: m.token,
                    games: m.tally.games,
                    dark_wins: m.tally.dark_wins,
                    first_wins: m.tally.first_wins,
                    chance: m.tally.chance.map(|c| f64::from(c) / 1000.0),
                })
                .collect()
        } else {
            Vec::new()
        };
        to_js(&moves)
    }
}
