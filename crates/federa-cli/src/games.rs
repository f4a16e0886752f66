//! What the self-play commands share: games played side by side, and how
//! each opens.

use federa_core::{Move, Position, Rng, Rules};

/// `one(k)` for every game `k` below `games`, on `threads` threads (1 to
/// 64), in the order of `k`: the same whatever the number of threads.
pub fn each_game<T: Send>(games: u32, threads: usize, one: impl Fn(u32) -> T + Sync) -> Vec<T> {
    let threads = threads.clamp(1, 64);
    let mut done: Vec<(u32, T)> = Vec::new();
    std::thread::scope(|scope| {
        let one = &one;
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    (0..games)
                        .filter(|k| *k as usize % threads == t)
                        .map(|k| (k, one(k)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for w in workers {
            done.extend(w.join().expect("a game's thread"));
        }
    });
    done.sort_by_key(|(k, _)| *k);
    done.into_iter().map(|(_, v)| v).collect()
}

/// Game `k`'s seed (from the run's `seed`) and its start: the empty board
/// opened with 0 to `max` random placements.
pub fn opened(rules: Rules, seed: u64, k: u32, max: u32) -> (u64, Position) {
    let seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(k));
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(rules);
    for _ in 0..rng.below(max + 1) {
        let Some(m) = pos
            .random_move(&mut rng)
            .filter(|m| matches!(m, Move::Place { .. }))
        else {
            break;
        };
        pos.play(m);
    }
    (seed, pos)
}
