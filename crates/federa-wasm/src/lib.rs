//! WebAssembly bindings of federa-core.

use federa_core::{Position, Rng, Rules};
use wasm_bindgen::prelude::*;

/// What a batch of random playouts did.
#[wasm_bindgen]
pub struct BenchStats {
    /// Games played.
    pub games: u32,
    /// Moves played in all.
    pub moves: u32,
    /// Changes played in all.
    pub changes: u32,
}

/// Plays `games` uniformly random games from the empty board (the same
/// benchmark as `federa bench`); the caller times it.
#[wasm_bindgen(js_name = benchPlayouts)]
pub fn bench_playouts(size: u8, games: u32, seed: u64) -> Result<BenchStats, JsError> {
    let start = Position::new(Rules::new(size)?);
    let mut rng = Rng::new(seed);
    let mut stats = BenchStats {
        games,
        moves: 0,
        changes: 0,
    };
    for _ in 0..games {
        let mut pos = start.clone();
        let s = pos.random_playout(&mut rng);
        stats.moves += s.moves;
        stats.changes += s.changes;
    }
    Ok(stats)
}
