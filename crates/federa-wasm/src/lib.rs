//! WebAssembly bindings of federa-core: a game handle for the page and an AI
//! for its worker. Thin on purpose: every rule lives in federa-core, and
//! every error is returned to JavaScript as a value (`kind`, the English
//! `message`, and the facts a translation needs), never as a panic.
//!
//! One file per concern: `facts` (what the page needs before the engine
//! loads), `game` (the game handle), `ai` (the player and the analyst for
//! the worker), `puzzles`, `time_control` (a time control's object and
//! text) and `bench`; here, the conversions they share.

mod ai;
mod bench;
mod book;
mod errors;
mod facts;
mod game;
mod puzzles;
mod time_control;

use federa_core::{Color, Move, Piece, Point, Position, Rules, Shape, Token};
use serde::Serialize;
use wasm_bindgen::prelude::*;

pub use ai::{Ai, Analyst};
#[cfg(feature = "bench")]
pub use bench::bench_playouts;
pub use bench::bench_search;
pub use book::OpeningBook;
pub use errors::ErrorInfo;
use errors::{from_illegal, from_size, from_token};
pub use facts::{AiLevel, BoardSize, Cell, Glyph, MoveClass, attacks};
pub use game::GameHandle;
pub use puzzles::read_puzzles;
pub use time_control::read_time_control;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

type JsResult<T> = Result<T, JsValue>;

fn to_js<T: Serialize>(value: &T) -> JsValue {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// A plain object of these fields, leaving out those `undefined`, for the
/// small answers: serde's code for each struct would weigh on the wasm.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in fields {
        if !value.is_undefined() {
            // Defining a field of a new plain object does not fail.
            let _ = js_sys::Reflect::set(&object, &JsValue::from_str(key), value);
        }
    }
    object.into()
}

/// A board size from JavaScript (any number), checked.
fn size_from(n: f64) -> JsResult<u8> {
    if n.fract() != 0.0 || !(0.0..=1e6).contains(&n) {
        return Err(from_size(u32::MAX));
    }
    Rules::checked_size(n as u64).map_err(|e| from_size(e.0))
}

fn rules(size: f64, pie: bool) -> JsResult<Rules> {
    Rules::with_pie(size_from(size)?, pie).map_err(|e| from_size(e.0))
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Dark => "dark",
        Color::Light => "light",
    }
}

fn color_from(name: &str) -> Option<Color> {
    match name {
        "dark" => Some(Color::Dark),
        "light" => Some(Color::Light),
        _ => None,
    }
}

fn piece_name(p: Piece) -> &'static str {
    match (p.color, p.shape) {
        (Color::Dark, Shape::Round) => "darkRound",
        (Color::Dark, Shape::Square) => "darkSquare",
        (Color::Light, Shape::Round) => "lightRound",
        (Color::Light, Shape::Square) => "lightSquare",
    }
}

/// A point from JavaScript column and row numbers (0-based), if on the board.
fn point_from(pos: &Position, col: f64, row: f64) -> Option<Point> {
    let n = f64::from(pos.size());
    let ok = |v: f64| v.fract() == 0.0 && (0.0..n).contains(&v);
    (ok(col) && ok(row)).then(|| Point::new(col as u8, row as u8))
}

/// A move for JavaScript: `kind` (place, change or swap), `color`, `piece`
/// (what is placed, or what the group becomes), `at` (a change's canonical
/// point) and `token`.
#[derive(Serialize)]
struct MoveInfo {
    kind: &'static str,
    color: Option<&'static str>,
    piece: Option<&'static str>,
    at: Option<String>,
    token: String,
}

impl From<Move> for MoveInfo {
    fn from(m: Move) -> MoveInfo {
        let (kind, piece, at) = match m {
            Move::Place { piece, at } => ("place", Some(piece), Some(at.to_string())),
            Move::Change { at, into } => ("change", Some(into), Some(at.to_string())),
            Move::Swap => ("swap", None, None),
        };
        MoveInfo {
            kind,
            color: m.color().map(color_name),
            piece: piece.map(piece_name),
            at,
            token: m.to_string(),
        }
    }
}

fn names(points: &[Point]) -> Vec<String> {
    points.iter().map(Point::to_string).collect()
}

/// What a move token names, as `moveAt` gives it (`kind`, `color`,
/// `piece`, `at`, `token`), so that the page can say a move in words; a
/// change written without its shape has no `piece`. No position is
/// needed, so the token is not checked against one.
#[wasm_bindgen(js_name = moveInfo)]
pub fn move_info(token: &str) -> JsResult<JsValue> {
    let token: Token = token.trim().parse().map_err(|e| from_token(&e))?;
    let info = match token {
        Token::Place { piece, at } => MoveInfo::from(Move::Place { piece, at }),
        Token::Change {
            color,
            shape: Some(shape),
            at,
        } => MoveInfo::from(Move::Change {
            at,
            into: Piece::new(color, shape),
        }),
        Token::Change {
            color,
            shape: None,
            at,
        } => MoveInfo {
            kind: "change",
            color: Some(color_name(color)),
            piece: None,
            at: Some(at.to_string()),
            token: token.to_string(),
        },
        Token::Swap => MoveInfo::from(Move::Swap),
    };
    Ok(to_js(&info))
}

/// A number as JavaScript writes it (Rust's float formatting would weigh
/// on the wasm).
fn js_number(x: f64) -> String {
    String::from(
        js_sys::Number::from(x)
            .to_string_with_radix(10)
            .unwrap_or_else(|_| "NaN".into()),
    )
}

fn game_over(pos: &Position) -> JsValue {
    from_illegal(&federa_core::IllegalMove::GameOver {
        winner: pos.winner().unwrap_or(Color::Dark),
    })
}
