//! `federa puzzles`: "find the only winning move" puzzles, mined from games
//! between the AI's levels, proved by an exhaustive search of every line
//! (federa_core::puzzle), kept when worth solving, and rated by which
//! levels solve them (puzzle_rating.rs).
//!
//! A puzzle file has one line per puzzle (federa_core::puzzle::Puzzle):
//! the position, the line played out to the win, its plies, its rating and
//! its themes, tab-separated. Lines starting with `#` are comments.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::fs;
use std::time::Instant;

use federa_core::puzzle::{self, Puzzle, Solver};
use federa_core::search::{Level, Limit, Player, PlayerKind};
use federa_core::{Color, Move, Position, Rules};

use crate::games::{each_game, opened};
use crate::puzzle_rating::{self, Attempts};

/// What `federa puzzles` mines, or checks.
#[derive(clap::Args)]
pub struct PuzzlesConfig {
    /// Number of games to mine (between levels taken in turn).
    #[arg(long, default_value_t = 200)]
    pub games: u32,
    /// Board sizes, taken in turn.
    #[arg(long, value_delimiter = ',', default_value = "5,6,7,8,9,10,11")]
    pub sizes: Vec<u8>,
    /// The longest win (in plies) a puzzle may need.
    #[arg(long, default_value_t = 9)]
    pub plies: u32,
    /// Positions are tried once at most this many points are empty.
    #[arg(long, default_value_t = 8)]
    pub empty: usize,
    /// The most positions the solver may look at for one puzzle (harder
    /// ones are left out: the browser solves each step again).
    #[arg(long, default_value_t = 20_000)]
    pub nodes: u64,
    /// No other move may win within this many plies more than the answer
    /// (0: the answer is the only quickest win).
    #[arg(long, default_value_t = 0)]
    pub margin: u32,
    /// Also tried: the positions after each of the AI's likeliest moves
    /// (this many) in the game's positions, the mistakes a player might
    /// make there.
    #[arg(long, default_value_t = 3)]
    pub branches: usize,
    /// Attempts per level at each puzzle, to rate it.
    #[arg(long, default_value_t = 3)]
    pub attempts: u32,
    /// Random seed (of the openings and the players).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The puzzle file to write.
    #[arg(long, required_unless_present_any = ["check", "bands"])]
    pub out: Option<String>,
    /// Instead of mining, re-prove every puzzle of this file.
    #[arg(long)]
    pub check: Option<String>,
    /// Instead of mining, how often each level solves this file's puzzles
    /// of each rating band (with seeds the rating did not use).
    #[arg(long)]
    pub bands: Option<String>,
}

/// The pairs of levels (Dark, Light) whose games are mined, in turn: the
/// weaker levels leave more on the board to find.
const PAIRS: [(Level, Level); 6] = [
    (Level::Novice, Level::Novice),
    (Level::Casual, Level::Novice),
    (Level::Casual, Level::Club),
    (Level::Club, Level::Club),
    (Level::Strong, Level::Casual),
    (Level::Strong, Level::Strong),
];

/// Mines puzzles into `config.out`, or checks `config.check`.
pub fn run(config: &PuzzlesConfig) -> Result<(), String> {
    if let Some(file) = &config.check {
        return check(file);
    }
    if let Some(file) = &config.bands {
        return puzzle_rating::bands(file, config.attempts, config.threads);
    }
    if config.sizes.is_empty() || config.games == 0 || config.attempts == 0 {
        return Err("give --games, --sizes and --attempts above 0".into());
    }
    for &size in &config.sizes {
        Rules::new(size).map_err(|e| e.to_string())?;
    }
    let started = Instant::now();
    let found = each_game(config.games, config.threads, |k| mine(config, k));
    let mut seen = HashSet::new();
    let mut puzzles: Vec<Puzzle> = found
        .into_iter()
        .flatten()
        .filter(|p| seen.insert(p.position.to_string()))
        .collect();
    let mined = started.elapsed().as_secs_f64();
    eprintln!(
        "{} games, {} puzzles ({mined:.0} s); rating them",
        config.games,
        puzzles.len()
    );
    let attempts = Attempts {
        per_level: config.attempts,
        seed: config.seed,
    };
    let ratings = each_game(puzzles.len() as u32, config.threads, |k| {
        puzzle_rating::rate(&puzzles[k as usize], attempts)
    });
    for (p, rating) in puzzles.iter_mut().zip(ratings) {
        p.rating = rating;
    }
    let mut text = format!(
        "# federa puzzles --games {} --sizes {} --plies {} --empty {} --nodes {} --margin {} --branches {} --attempts {} --seed {} (generated: do not edit)\n",
        config.games,
        config
            .sizes
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(","),
        config.plies,
        config.empty,
        config.nodes,
        config.margin,
        config.branches,
        config.attempts,
        config.seed
    );
    for p in &puzzles {
        let _ = writeln!(text, "{}", p.to_line());
    }
    let out = config.out.as_deref().expect("clap asks for --out");
    fs::write(out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!(
        "{} puzzles in {out} (mined in {mined:.0} s, rated in {:.0} s)",
        puzzles.len(),
        started.elapsed().as_secs_f64() - mined
    );
    Ok(())
}

/// The puzzles of game `k`: its positions, once few points are empty, that
/// are worth solving ([`worth_solving`]).
fn mine(config: &PuzzlesConfig, k: u32) -> Vec<Puzzle> {
    let n = config.sizes.len() as u32;
    let size = config.sizes[(k % n) as usize];
    let (dark, light) = PAIRS[(k / n) as usize % PAIRS.len()];
    let rules = Rules::with_pie(size, false).expect("a checked size");
    let (seed, mut pos) = opened(rules, config.seed, k, 4);
    let mut players = [
        Player::new(PlayerKind::Level(dark), seed),
        Player::new(PlayerKind::Level(light), seed ^ 0x5eed),
    ];
    let mut puzzles = Vec::new();
    while !pos.is_over() {
        if pos.empty_count() <= config.empty {
            let ranked = federa_core::learn::shipped_ranked(&pos);
            let branches = ranked.into_iter().take(config.branches).map(|m| {
                let mut next = pos.clone();
                next.play_unchecked(m);
                next
            });
            for candidate in std::iter::once(pos.clone()).chain(branches) {
                puzzles.extend(worth_solving(
                    &candidate,
                    config.plies,
                    config.margin,
                    config.nodes,
                ));
            }
        }
        let mover = pos.to_move() as usize;
        let Some(result) =
            players[mover].think(&pos, Limit::iterations(2_000), None, &mut |_| true)
        else {
            break;
        };
        pos.play(result.best);
        for p in &mut players {
            p.observe(result.best);
        }
    }
    puzzles
}

/// A move is plausible when it does not let the other side win at once
/// and the AI's learned model gives it at least a twentieth of the weight
/// of its favourite.
const PLAUSIBLE_SHARE: f64 = 0.05;

/// The fewest plausible moves a puzzle's position must offer.
const PLAUSIBLE_MOVES: usize = 4;

/// The puzzle of `pos` if it is worth solving: at least
/// [`PLAUSIBLE_MOVES`] plausible moves, a win within `plies` by exactly
/// one move even when `margin` plies more are allowed, the answer not the
/// change of the largest group on offer, and a proof of at most `nodes`
/// positions.
fn worth_solving(pos: &Position, plies: u32, margin: u32, nodes: u64) -> Option<Puzzle> {
    if plausible_moves(pos) < PLAUSIBLE_MOVES {
        return None;
    }
    let mut solver = Solver::with_limit(nodes);
    let puzzle = Puzzle::find(pos, plies, &mut solver).ok()??;
    if largest_capture(pos) == Some(puzzle.answer()) {
        return None;
    }
    let wins = solver.winning_moves(pos, puzzle.plies + margin).ok()?;
    (wins.len() == 1).then_some(puzzle)
}

/// How many of the side to move's moves are plausible ([`PLAUSIBLE_SHARE`]).
fn plausible_moves(pos: &Position) -> usize {
    let scored = federa_core::learn::shipped_gammas(pos);
    let best = scored.iter().map(|&(_, g)| g).fold(0.0, f64::max);
    let them = pos.to_move().other();
    scored
        .iter()
        .filter(|&&(m, s)| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            s >= PLAUSIBLE_SHARE * best && !wins_at_once(&next, them)
        })
        .count()
}

/// Whether `color`, to move, has a move that wins at once.
fn wins_at_once(pos: &Position, color: Color) -> bool {
    pos.to_move() == color
        && pos.legal_moves().into_iter().any(|m| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            next.winner() == Some(color)
        })
}

/// The change of the largest group the side to move may change (the
/// first of the largest, in canonical order), if any.
fn largest_capture(pos: &Position) -> Option<Move> {
    let me = pos.to_move();
    let at = pos
        .changeable_groups(me)
        .into_iter()
        .rev()
        .max_by_key(|&p| pos.group_at(p).map_or(0, |g| g.points.len()))?;
    pos.legal_moves()
        .into_iter()
        .find(|m| matches!(m, Move::Change { at: a, .. } if *a == at))
}

/// Re-proves every puzzle of `file` (`Puzzle::prove`), and counts them by
/// size and plies.
fn check(file: &str) -> Result<(), String> {
    let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let started = Instant::now();
    let puzzles =
        puzzle::read_file(&text).map_err(|e| format!("{file}:{}: {}", e.line, e.error))?;
    for (line, puzzle) in &puzzles {
        puzzle
            .prove(&mut Solver::with_limit(u64::MAX))
            .map_err(|e| format!("{file}:{line}: {e}: {}", puzzle.to_line()))?;
    }
    println!(
        "{} puzzles re-proved ({:.1} s)",
        puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    let puzzles: Vec<Puzzle> = puzzles.into_iter().map(|(_, p)| p).collect();
    print!("{}", puzzle_rating::counts(&puzzles));
    Ok(())
}
