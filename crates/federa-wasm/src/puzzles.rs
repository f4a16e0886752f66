//! The site's puzzle file, read for the puzzles page (the solver's line of
//! a position is the game handle's `puzzleLine`).

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::errors::from_puzzle_line;
use crate::{JsResult, to_js};

/// A puzzle of a puzzle file for the page: the position as the file writes
/// it, the line to the win (tokens, the answer first), the plies its win
/// takes, its rating, its themes and the board's size.
#[derive(Serialize)]
struct PuzzleInfo {
    position: String,
    line: Vec<String>,
    plies: u32,
    rating: u16,
    themes: Vec<&'static str>,
    size: u8,
}

/// The puzzles of a puzzle file (`federa puzzles` writes them), in the
/// file's order; the first line that does not read is the error.
#[wasm_bindgen(js_name = readPuzzles)]
pub fn read_puzzles(text: &str) -> JsResult<JsValue> {
    let puzzles = federa_core::puzzle::read_file(text).map_err(|e| from_puzzle_line(&e))?;
    let lines: Vec<&str> = text.lines().collect();
    Ok(to_js(
        &puzzles
            .into_iter()
            .map(|(line, p)| PuzzleInfo {
                // The file's own text: the page keeps the solved ones by it.
                position: lines[line - 1].split('\t').next().unwrap_or("").to_owned(),
                line: lines[line - 1]
                    .split('\t')
                    .nth(1)
                    .unwrap_or("")
                    .split(' ')
                    .map(str::to_owned)
                    .collect(),
                plies: p.plies,
                rating: p.rating,
                themes: p.themes.iter().map(|t| t.name()).collect(),
                size: p.position.size(),
            })
            .collect::<Vec<_>>(),
    ))
}
