//! A puzzle's starting rating, from which of the AI's levels solve it: each
//! level plays it out several times with different seeds against the
//! longest defence, and the puzzle's rating is the one under which those
//! results are likeliest (the Elo model, one solved and one failed
//! attempt at 1500 added so that every rating is finite).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;

use federa_core::puzzle::{self, Puzzle, Solver, Theme};
use federa_core::search::{Level, Limit, Player, PlayerKind};

use crate::games::each_game;

/// Each player that tries the puzzles, with its iterations a move and the
/// rating it stands for: 400 apart, so one solves a puzzle of its own
/// rating half the time and one a step above about a tenth of it. The
/// random mover anchors the easiest: what a blind guess solves.
pub const SOLVERS: [(PlayerKind, u64, f64); 6] = [
    (PlayerKind::Random, 1, 300.0),
    (PlayerKind::Level(Level::Novice), 24, 700.0),
    (PlayerKind::Level(Level::Casual), 100, 1100.0),
    (PlayerKind::Level(Level::Club), 800, 1500.0),
    (PlayerKind::Level(Level::Strong), 2_000, 1900.0),
    // Master as a player's browser runs it for about a second on 9×9.
    (PlayerKind::Level(Level::Master), 8_000, 2300.0),
];

/// How the levels try each puzzle.
#[derive(Clone, Copy)]
pub struct Attempts {
    /// Attempts per level.
    pub per_level: u32,
    /// The run's seed (each attempt's is made from it).
    pub seed: u64,
}

/// The puzzle's rating from the levels' attempts, to the nearest 10.
pub fn rate(p: &Puzzle, attempts: Attempts) -> u16 {
    let mut results = Vec::new();
    let mut solver = Solver::with_limit(u64::MAX);
    for (k, &(kind, iterations, rating)) in SOLVERS.iter().enumerate() {
        for a in 0..attempts.per_level {
            let seed = attempts.seed ^ ((k as u64) << 32 | u64::from(a));
            results.push((rating, solves(p, kind, iterations, seed, &mut solver)));
        }
    }
    let r = likeliest_rating(&results);
    (r / 10.0).round() as u16 * 10
}

/// Whether the player `kind` solves the puzzle: each of its moves wins
/// within the plies left, against the longest defence, to the end.
pub fn solves(
    p: &Puzzle,
    kind: PlayerKind,
    iterations: u64,
    seed: u64,
    solver: &mut Solver,
) -> bool {
    let me = p.solver_color();
    let mut pos = p.position.clone();
    let mut player = Player::new(kind, seed);
    let mut left = p.plies;
    while !pos.is_over() {
        let m = if pos.to_move() == me {
            let Some(result) =
                player.think(&pos, Limit::iterations(iterations), None, &mut |_| true)
            else {
                return false;
            };
            let mut next = pos.clone();
            next.play_unchecked(result.best);
            if !solver.wins_within(&next, me, left - 1).unwrap_or(false) {
                return false;
            }
            result.best
        } else {
            solver
                .line(&pos, me, left)
                .ok()
                .flatten()
                .and_then(|line| line.first().copied())
                .expect("the win was proved")
        };
        pos.play_unchecked(m);
        player.observe(m);
        left -= 1;
    }
    pos.winner() == Some(me)
}

/// The rating under which `results` (each a solver's rating and whether it
/// solved) are likeliest, with one solved and one failed attempt at 1500
/// added: the root of Σ (solved − expected), by bisection in 100..3000.
pub fn likeliest_rating(results: &[(f64, bool)]) -> f64 {
    let expected = |solver: f64, puzzle: f64| 1.0 / (1.0 + 10f64.powf((puzzle - solver) / 400.0));
    let surplus = |r: f64| {
        let prior = 1.0 - 2.0 * expected(1500.0, r);
        results
            .iter()
            .map(|&(s, solved)| f64::from(u8::from(solved)) - expected(s, r))
            .sum::<f64>()
            + prior
    };
    let (mut lo, mut hi) = (100.0, 3000.0);
    for _ in 0..50 {
        let mid = (lo + hi) / 2.0;
        // Solved more often than expected: the puzzle is easier.
        if surplus(mid) > 0.0 {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The rating bands `bands` reports.
const BANDS: [u16; 6] = [0, 900, 1200, 1500, 1800, 2100];

/// How often the random mover, casual, club and master at 400 iterations
/// (a budget the rating did not use) solve the file's puzzles of each rating band, with
/// seeds the rating did not use: a markdown table.
pub fn bands(file: &str, attempts: u32, threads: usize) -> Result<(), String> {
    let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let puzzles: Vec<Puzzle> = puzzle::read_file(&text)
        .map_err(|e| format!("{file}:{}: {}", e.line, e.error))?
        .into_iter()
        .map(|(_, p)| p)
        .collect();
    let tries = [
        (PlayerKind::Random, 1, "random"),
        (PlayerKind::Level(Level::Casual), 100, "casual"),
        (PlayerKind::Level(Level::Club), 800, "club"),
        (PlayerKind::Level(Level::Master), 400, "master at 400"),
    ];
    let solved = each_game(puzzles.len() as u32, threads, |k| {
        let mut solver = Solver::with_limit(u64::MAX);
        tries.map(|(kind, iterations, _)| {
            (0..attempts)
                .filter(|&a| {
                    let seed = 0xba4d_0000 ^ (u64::from(k) << 8 | u64::from(a));
                    solves(&puzzles[k as usize], kind, iterations, seed, &mut solver)
                })
                .count()
        })
    });
    let mut out = String::from("| rating | puzzles |");
    for (_, _, name) in tries {
        let _ = write!(out, " {name} solves |");
    }
    out.push_str("\n|---|---|");
    out.push_str(&"---|".repeat(tries.len()));
    out.push('\n');
    for (i, &low) in BANDS.iter().enumerate() {
        let high = BANDS.get(i + 1).copied().unwrap_or(u16::MAX);
        let inside: Vec<usize> = (0..puzzles.len())
            .filter(|&k| (low..high).contains(&puzzles[k].rating))
            .collect();
        let band = match BANDS.get(i + 1) {
            _ if i == 0 => format!("below {high}"),
            Some(_) => format!("{low}–{}", high - 1),
            None => format!("{low} and above"),
        };
        let _ = write!(out, "| {band} | {} |", inside.len());
        for (t, _) in tries.iter().enumerate() {
            let wins: usize = inside.iter().map(|&k| solved[k][t]).sum();
            let all = inside.len() * attempts as usize;
            let share = if all == 0 {
                0.0
            } else {
                100.0 * wins as f64 / all as f64
            };
            let _ = write!(out, " {share:.0}% |");
        }
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}

/// The puzzles counted by size and plies, and by theme: markdown tables.
pub fn counts(puzzles: &[Puzzle]) -> String {
    let mut by: BTreeMap<(u8, u32), usize> = BTreeMap::new();
    for p in puzzles {
        *by.entry((p.position.size(), p.plies.min(7))).or_default() += 1;
    }
    let plies = [1, 2, 3, 4, 5, 6, 7];
    let mut out = String::from(
        "| size | 1 ply | 2 | 3 | 4 | 5 | 6 | 7 and more | all |\n|---|---|---|---|---|---|---|---|---|\n",
    );
    let sizes: Vec<u8> = by
        .keys()
        .map(|k| k.0)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    for size in sizes {
        let _ = write!(out, "| {size}×{size} |");
        let mut all = 0;
        for &n in &plies {
            let c = by.get(&(size, n)).copied().unwrap_or(0);
            all += c;
            let _ = write!(out, " {c} |");
        }
        let _ = writeln!(out, " {all} |");
    }
    let _ = write!(out, "| all |");
    for &n in &plies {
        let c: usize = by.iter().filter(|(k, _)| k.1 == n).map(|(_, c)| c).sum();
        let _ = write!(out, " {c} |");
    }
    let _ = writeln!(out, " {} |\n", puzzles.len());
    out.push_str("| theme | puzzles |\n|---|---|\n");
    for theme in Theme::ALL {
        let c = puzzles.iter().filter(|p| p.themes.contains(&theme)).count();
        let _ = writeln!(out, "| {} | {c} |", theme.name());
    }
    out
}
