//! `federa match`: games between two players, with the score, the Elo
//! difference and its 95% confidence interval.

use std::sync::Mutex;
use std::time::Instant;

use federa_core::search::{Limit, Player, PlayerKind, StdClock};
use federa_core::{Color, Game, Move, Rng, Rules};

/// What to play.
pub struct MatchConfig {
    pub a: PlayerKind,
    pub b: PlayerKind,
    pub games: u32,
    pub size: u8,
    pub pie: bool,
    pub limit: Limit,
    pub threads: usize,
    pub opening: u32,
    pub seed: u64,
}

/// One game's outcome.
struct GameResult {
    a_won: bool,
    moves: u32,
    /// Longest think of A and of B, in milliseconds.
    longest: [f64; 2],
}

/// Plays the match and prints its report.
pub fn run(config: &MatchConfig) -> Result<(), String> {
    let rules = Rules::with_pie(config.size, config.pie).map_err(|e| e.to_string())?;
    if config.games == 0 || config.threads == 0 {
        return Err("--games and --threads must be at least 1".to_owned());
    }
    let next = Mutex::new(0u32);
    let results = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..config.threads {
            scope.spawn(|| {
                loop {
                    let game = {
                        let mut n = next.lock().unwrap();
                        if *n >= config.games {
                            break;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let result = play_game(config, rules, game);
                    let mut all = results.lock().unwrap();
                    all.push(result);
                    let done = all.len();
                    let wins = all.iter().filter(|r| r.a_won).count();
                    eprint!(
                        "\r{done}/{} games, {} {wins} - {} {}   ",
                        config.games,
                        config.a,
                        config.b,
                        done - wins
                    );
                }
            });
        }
    });
    eprintln!();
    report(
        config,
        &results.into_inner().unwrap(),
        started.elapsed().as_secs_f64(),
    );
    Ok(())
}

/// Game `k`: pairs share an opening, and A plays Dark in the even game.
fn play_game(config: &MatchConfig, rules: Rules, k: u32) -> GameResult {
    let pair = u64::from(k / 2);
    let a_is_dark = k.is_multiple_of(2);
    let mut game = Game::new(rules);
    let mut opening_rng = Rng::new(config.seed ^ pair.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    while game.ply() < config.opening as usize && !game.position().is_over() {
        // Placements only, so the opening never decides a swap or a change.
        let m = loop {
            let m = game
                .position()
                .random_move(&mut opening_rng)
                .expect("a move");
            if matches!(m, Move::Place { .. }) {
                break m;
            }
        };
        game.play(m).expect("a legal move");
    }
    let seed = config.seed.wrapping_add(u64::from(k) * 1000);
    let mut players = [
        Player::new(config.a, seed + 1),
        Player::new(config.b, seed + 2),
    ];
    let clock = StdClock::new();
    let mut longest = [0.0f64; 2];
    while !game.position().is_over() {
        // After a swap the players' colours are exchanged.
        let a_color = if a_is_dark != game.swapped() {
            Color::Dark
        } else {
            Color::Light
        };
        let who = usize::from(game.position().to_move() != a_color);
        let t = Instant::now();
        let progress = players[who]
            .think(game.position(), config.limit, Some(&clock), &mut |_| true)
            .expect("the game goes on");
        longest[who] = longest[who].max(t.elapsed().as_secs_f64() * 1000.0);
        game.play(progress.best)
            .expect("the player's move is legal");
        for p in &mut players {
            p.observe(progress.best);
        }
    }
    let winner = game.position().winner().expect("a winner");
    let a_color = if a_is_dark != game.swapped() {
        Color::Dark
    } else {
        Color::Light
    };
    GameResult {
        a_won: winner == a_color,
        moves: game.ply() as u32,
        longest,
    }
}

fn report(config: &MatchConfig, results: &[GameResult], secs: f64) {
    let n = results.len() as f64;
    let wins = results.iter().filter(|r| r.a_won).count();
    let score = wins as f64 / n;
    let (low, high) = wilson(wins as f64, n);
    let mean_moves = results.iter().map(|r| f64::from(r.moves)).sum::<f64>() / n;
    let longest_a = results.iter().map(|r| r.longest[0]).fold(0.0, f64::max);
    let longest_b = results.iter().map(|r| r.longest[1]).fold(0.0, f64::max);
    let budget = match (config.limit.millis, config.limit.iterations) {
        (Some(ms), _) => format!("{ms} ms per move"),
        (None, Some(p)) => format!("{p} iterations per move"),
        (None, None) => "no limit".to_owned(),
    };
    println!(
        "{} vs {} on {}x{}, {}, {} games ({} threads, {:.0} s)",
        config.a,
        config.b,
        config.size,
        config.size,
        budget,
        results.len(),
        config.threads,
        secs
    );
    println!(
        "wins: {} {wins}, {} {}",
        config.a,
        config.b,
        results.len() - wins
    );
    println!(
        "score of {}: {:.1}% (95% CI {:.1}% to {:.1}%)",
        config.a,
        100.0 * score,
        100.0 * low,
        100.0 * high
    );
    println!(
        "Elo difference: {} (95% CI {} to {})",
        elo(score),
        elo(low),
        elo(high)
    );
    println!("mean game length: {mean_moves:.1} moves");
    println!(
        "longest think: {} {longest_a:.1} ms, {} {longest_b:.1} ms",
        config.a, config.b
    );
}

/// The Wilson score interval (95%) of a proportion: finite even at 0% and
/// 100%.
fn wilson(successes: f64, n: f64) -> (f64, f64) {
    let z = 1.959_964;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    // Exact at the ends, where rounding would leave 1 - 1e-16.
    let low = if successes == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if successes == n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// The Elo difference of a score, written with its sign.
fn elo(score: f64) -> String {
    if score <= 0.0 {
        "-inf".to_owned()
    } else if score >= 1.0 {
        "+inf".to_owned()
    } else {
        // Adding 0.0 turns -0 into 0.
        format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10() + 0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_lopsided_scores() {
        assert_eq!(elo(0.5), "+0");
        assert_eq!(elo(0.75), "+191");
        assert_eq!(elo(0.25), "-191");
        assert_eq!(elo(1.0), "+inf");
    }

    #[test]
    fn wilson_interval_is_inside_zero_one_and_contains_the_score() {
        let (lo, hi) = wilson(50.0, 50.0);
        assert!(lo > 0.9 && lo < 1.0 && hi == 1.0, "{lo} {hi}");
        let (lo, hi) = wilson(30.0, 60.0);
        assert!(lo < 0.5 && hi > 0.5);
    }

    #[test]
    fn a_tiny_match_plays_every_game_to_a_winner() {
        let config = MatchConfig {
            a: PlayerKind::Uct,
            b: PlayerKind::Random,
            games: 4,
            size: 4,
            pie: true,
            limit: Limit::iterations(30),
            threads: 2,
            opening: 2,
            seed: 3,
        };
        let rules = Rules::new(4).unwrap();
        for k in 0..4 {
            let r = play_game(&config, rules, k);
            assert!(r.moves >= 16 && r.moves <= 2 * 16 - 1 + 1);
        }
    }
}
