//! `federa puzzles`: "find the only winning move" puzzles, mined from games
//! of the AI against itself and proved by an exhaustive search of every line
//! (federa_core::puzzle).
//!
//! A puzzle file has one line per puzzle, tab-separated: the position
//! string, the only winning move's token, and the plies its win takes (1: at
//! once, 3: within two of the mover's moves, …). Lines starting with `#`
//! are comments.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs;
use std::time::Instant;

use federa_core::Rules;
use federa_core::puzzle::{self, Puzzle, only_win};
use federa_core::search::{Level, Limit, Player, PlayerKind};

use crate::games::{each_game, opened};

/// What `federa puzzles` mines, or checks.
#[derive(clap::Args)]
pub struct PuzzlesConfig {
    /// Number of self-play games to mine.
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Board sizes, taken in turn.
    #[arg(long, value_delimiter = ',', default_value = "5,6,7,8,9")]
    pub sizes: Vec<u8>,
    /// Search iterations per move of the games.
    #[arg(long, default_value_t = 300)]
    pub playouts: u64,
    /// The longest win (in plies) a puzzle may need; positions with more
    /// than 10 legal moves are searched to 3 plies at most.
    #[arg(long, default_value_t = 5)]
    pub plies: u32,
    /// Positions are tried once at most this many points are empty.
    #[arg(long, default_value_t = 6)]
    pub empty: usize,
    /// Random seed (of the openings and the players).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The puzzle file to write.
    #[arg(long, required_unless_present = "check")]
    pub out: Option<String>,
    /// Instead of mining, re-prove every puzzle of this file.
    #[arg(long)]
    pub check: Option<String>,
}

/// Mines puzzles into `config.out`, or checks `config.check`.
pub fn run(config: &PuzzlesConfig) -> Result<(), String> {
    if let Some(file) = &config.check {
        return check(file);
    }
    if config.sizes.is_empty() || config.games == 0 || config.playouts == 0 {
        return Err("give --games, --sizes and --playouts above 0".into());
    }
    for &size in &config.sizes {
        Rules::new(size).map_err(|e| e.to_string())?;
    }
    let started = Instant::now();
    let found = each_game(config.games, config.threads, |k| mine(config, k));
    let mut seen = HashSet::new();
    let mut text = format!(
        "# federa puzzles --games {} --sizes {} --playouts {} --plies {} --empty {} --seed {} (generated: do not edit)\n",
        config.games,
        config
            .sizes
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(","),
        config.playouts,
        config.plies,
        config.empty,
        config.seed
    );
    let mut count = 0;
    for line in found.into_iter().flatten() {
        let position = line.split('\t').next().unwrap_or_default().to_owned();
        if seen.insert(position) {
            let _ = writeln!(text, "{line}");
            count += 1;
        }
    }
    let out = config.out.as_deref().expect("clap asks for --out");
    fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "{} games, {count} puzzles in {out} ({:.0} s)",
        config.games,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The puzzles of one game: its positions, once few points are empty, that
/// have exactly one winning move.
fn mine(config: &PuzzlesConfig, k: u32) -> Vec<String> {
    let size = config.sizes[k as usize % config.sizes.len()];
    let rules = Rules::with_pie(size, false).expect("a checked size");
    let (seed, mut pos) = opened(rules, config.seed, k, 4);
    let mut player = Player::new(PlayerKind::Level(Level::Master), seed);
    let mut puzzles = Vec::new();
    while !pos.is_over() {
        if pos.empty_count() <= config.empty {
            let plies = if pos.legal_moves().len() > 10 {
                config.plies.min(3)
            } else {
                config.plies
            };
            if let Some((answer, plies)) = only_win(&pos, plies) {
                let position = pos.clone();
                puzzles.push(
                    Puzzle {
                        position,
                        answer,
                        plies,
                    }
                    .line(),
                );
            }
        }
        let Some(result) =
            player.think(&pos, Limit::iterations(config.playouts), None, &mut |_| {
                true
            })
        else {
            break;
        };
        pos.play(result.best);
        player.observe(result.best);
    }
    puzzles
}

/// Re-proves every puzzle of `file`: its move is the only one that wins
/// within its plies, and none wins sooner.
fn check(file: &str) -> Result<(), String> {
    let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let started = Instant::now();
    let mut count = 0;
    let puzzles =
        puzzle::read_file(&text).map_err(|e| format!("{file}:{}: {}", e.line, e.error))?;
    for (line, puzzle) in puzzles {
        if !puzzle.holds() {
            return Err(format!(
                "{file}:{line}: not the only win in {}: {}",
                puzzle.plies,
                puzzle.line()
            ));
        }
        count += 1;
    }
    println!(
        "{count} puzzles re-proved ({:.1} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
