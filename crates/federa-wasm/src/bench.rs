//! The benchmarks of `federa bench`, run in wasm (scripts/budgets.sh).

use federa_core::search::{Level, Limit, Player, PlayerKind, midgame_position};
use wasm_bindgen::prelude::*;

use crate::ai::{JsClock, ProgressInfo};
use crate::errors::{self, error};
use crate::{JsResult, rules, to_js};

/// Plays `games` uniformly random games from the empty board (the
/// benchmark of `federa bench`); the caller times it. Built with the
/// `bench` feature only.
#[cfg(feature = "bench")]
#[wasm_bindgen(js_name = benchPlayouts)]
pub fn bench_playouts(size: f64, games: u32, seed: f64) -> JsResult<JsValue> {
    use federa_core::{Position, Rng};
    use serde::Serialize;

    let start = Position::new(rules(size, true)?);
    let mut rng = Rng::new(seed.abs() as u64);
    let (mut moves, mut changes) = (0u64, 0u64);
    for _ in 0..games {
        let mut pos = start.clone();
        let s = pos.random_playout(&mut rng);
        moves += u64::from(s.moves);
        changes += u64::from(s.changes);
    }
    #[derive(Serialize)]
    struct Stats {
        games: u32,
        moves: u64,
        changes: u64,
    }
    Ok(to_js(&Stats {
        games,
        moves,
        changes,
    }))
}

/// Runs the strongest level's search for `millis` from the benchmark's
/// mid-game position (as `federa bench --search`) and returns its result.
#[wasm_bindgen(js_name = benchSearch)]
pub fn bench_search(size: f64, millis: f64, seed: f64) -> JsResult<JsValue> {
    if !(millis.is_finite() && millis > 0.0) {
        return Err(error(
            "limit",
            "give a time in milliseconds (finite, above 0)",
            errors::Facts::default(),
        ));
    }
    let rules = rules(size, true)?;
    let pos = midgame_position(rules, seed.abs() as u64);
    let mut player = Player::new(PlayerKind::Level(Level::Master), seed.abs() as u64);
    let clock = JsClock::new().ok_or_else(|| {
        error(
            "clock",
            "no performance.now() here",
            errors::Facts::default(),
        )
    })?;
    let result = player
        .think(&pos, Limit::millis(millis), Some(&clock), &mut |_| true)
        .ok_or_else(|| {
            error(
                "over",
                "the position is already won",
                errors::Facts::default(),
            )
        })?;
    Ok(to_js(&ProgressInfo::from(&result)))
}
