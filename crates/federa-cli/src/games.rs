//! What the self-play commands share: games played side by side, and how
//! each opens.

use std::fs;
use std::time::Instant;

use federa_core::{Move, Position, Rng, Rules};

/// The games a self-play command plays and the file it writes: game numbers
/// `first` to `first + games - 1`, each seeded by its number alone, so the
/// files of shards of a long run (on any number of machines) concatenate to
/// the run's own.
#[derive(clap::Args)]
pub struct Shard {
    /// The first game's number (a shard of a longer run).
    #[arg(long, default_value_t = 0)]
    pub first: u32,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Random seed of the games.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The file to write.
    #[arg(long)]
    pub out: String,
}

impl Shard {
    /// Plays each game (`one` of its number gives its lines), writes their
    /// lines in the order of the numbers, and says how many `what` there
    /// were.
    pub fn write(&self, what: &str, one: impl Fn(u32) -> String + Sync) -> Result<(), String> {
        if self.games == 0 {
            return Err("give --games above 0".into());
        }
        let started = Instant::now();
        let text = each_game(self.games, self.threads, |k| one(self.first + k)).concat();
        fs::write(&self.out, &text).map_err(|e| format!("{}: {e}", self.out))?;
        eprintln!(
            "{} games, {} {what} in {} ({:.0} s)",
            self.games,
            text.lines().count(),
            self.out,
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

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
