//! `federa`: the Federa engine on the command line.

mod analyse;
mod book;
mod calibrate;
mod games;
mod gtp;
mod learning;
mod matches;
mod puzzle_rating;
mod puzzles;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use federa_core::search::{Level, Limit, Player, PlayerKind, StdClock};
use federa_core::{Game, Position, Rng, Rules, perft};

#[derive(Parser)]
#[command(
    name = "federa",
    version,
    about = "The Federa board game engine: text protocol, perft, benchmarks, matches, game review",
    long_about = "The Federa board game engine.\n\n\
        Positions are written as in notation.md, e.g. `scs/cCc/s.s b 8` \
        (rows from the top; C S = dark round/square, c s = light; a number \
        or . = empty), records as `13x13 BCg7 swap WSf6 ...`."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Speak the engine text protocol on standard input and output.
    Gtp {
        /// Who answers `genmove`: random, uct, or a level (novice, casual,
        /// club, strong, master, or 1-5).
        #[arg(long, default_value = "master")]
        level: String,
    },
    /// Count the move sequences of a given length (checks move generation).
    Perft {
        /// A position string, or `empty:N` for the empty N×N board.
        position: String,
        /// Number of moves.
        depth: u32,
        /// Play without the pie rule (no swap at move 2).
        #[arg(long)]
        no_pie: bool,
        /// Also print the count after each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Measure uniformly random playouts from the empty board.
    Bench {
        /// Board size.
        #[arg(long, default_value_t = 13)]
        size: u8,
        /// How long to run.
        #[arg(long, default_value_t = 5.0)]
        seconds: f64,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Measure the strongest level's search instead (iterations per
        /// second from a mid-game position: N²/2 random moves in).
        #[arg(long)]
        search: bool,
    },
    /// Play games between two players and report the score and Elo.
    Match {
        /// First player: random, uct, a level (novice, casual, club,
        /// strong, master, or 1-5), or `gtp:<command>`, an engine started by
        /// that shell command and spoken to over the text protocol.
        #[arg(long)]
        a: String,
        /// Second player (the same choices).
        #[arg(long)]
        b: String,
        /// Number of games (pairs share an opening, with colours swapped).
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// Board size.
        #[arg(long, default_value_t = 9)]
        size: u8,
        /// Milliseconds per move.
        #[arg(long, conflicts_with = "playouts")]
        ms: Option<f64>,
        /// Search iterations per move.
        #[arg(long)]
        playouts: Option<u64>,
        /// Milliseconds per move for A (instead of --ms or --playouts).
        #[arg(long, conflicts_with = "playouts_a")]
        ms_a: Option<f64>,
        /// Search iterations per move for A.
        #[arg(long)]
        playouts_a: Option<u64>,
        /// Milliseconds per move for B.
        #[arg(long, conflicts_with = "playouts_b")]
        ms_b: Option<f64>,
        /// Search iterations per move for B.
        #[arg(long)]
        playouts_b: Option<u64>,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Random placements that open each pair of games (0: the players
        /// make the first move and decide the swap themselves).
        #[arg(long, default_value_t = 2)]
        opening: u32,
        /// Play without the pie rule.
        #[arg(long)]
        no_pie: bool,
        /// Random seed of the openings and players.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the games' records to this file, one a line, in the order
        /// of their numbers.
        #[arg(long)]
        records: Option<String>,
    },
    /// Play an AI against itself and write each position searched, with its
    /// moves' visits and the game's result (training data for `federa
    /// train`).
    Selfplay(learning::SelfplayConfig),
    /// Fit the move model to self-play data; report its held-out top-1 and
    /// top-5 accuracy beside the hand-made prior's, and write the weights.
    Train(learning::TrainConfig),
    /// Review games: for every move, the mover's chance of winning before and
    /// after it, its class (inaccuracy, mistake, blunder) and the move the AI
    /// preferred with its line; or, with --annotate, the annotated record.
    Analyse(analyse::AnalyseConfig),
    /// An opening book from the strongest level's games against itself:
    /// the games (`play`) and the book built from them (`build`).
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Calibrate the AI's win chances: self-play data (`play`) and the map
    /// fitted to it (`fit`).
    #[command(subcommand)]
    Calibrate(calibrate::CalibrateCommand),
    /// Mine "find the only winning move" puzzles from games of the AI against
    /// itself, each proved by a search of every line (or, with --check,
    /// re-prove a puzzle file)
    Puzzles(puzzles::PuzzlesConfig),
    /// Print a record or position as a diagram, with its status.
    Show {
        /// A game record (`13x13 BCg7 ...`, tags allowed) or a position string.
        text: Vec<String>,
        /// Read the record without the pie rule.
        #[arg(long)]
        no_pie: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("federa: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Gtp { level } => gtp::Engine::new(parse_player(&level)?)
            .run(std::io::stdin().lock(), std::io::stdout().lock())
            .map_err(|e| e.to_string()),
        Command::Perft {
            position,
            depth,
            no_pie,
            divide,
        } => {
            let pos = parse_start(&position, !no_pie)?;
            if divide {
                for m in pos.legal_moves() {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    println!("{m} {}", perft(&child, depth.saturating_sub(1)));
                }
            }
            let started = Instant::now();
            let count = perft(&pos, depth);
            println!("{count}");
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "{:.3} s, {:.0} leaves/s",
                secs,
                count as f64 / secs.max(1e-9)
            );
            Ok(())
        }
        Command::Bench {
            size,
            seconds,
            seed,
            search,
        } => {
            if search {
                bench_search(size, seconds, seed)
            } else {
                bench(size, seconds, seed)
            }
        }
        Command::Show { text, no_pie } => show(&text.join(" "), !no_pie),
        Command::Selfplay(config) => learning::selfplay(&config),
        Command::Train(config) => learning::train(&config),
        Command::Analyse(config) => analyse::run(&config),
        Command::Calibrate(command) => calibrate::run(&command),
        Command::Book(command) => book::run(&command),
        Command::Puzzles(config) => puzzles::run(&config),
        Command::Match {
            a,
            b,
            games,
            size,
            ms,
            playouts,
            ms_a,
            playouts_a,
            ms_b,
            playouts_b,
            threads,
            opening,
            no_pie,
            seed,
            records,
        } => {
            let shared = (ms, playouts);
            matches::run(&matches::MatchConfig {
                limits: [
                    match_limit("A", (ms_a, playouts_a), shared)?,
                    match_limit("B", (ms_b, playouts_b), shared)?,
                ],
                a: matches::Entrant::parse(&a)?,
                b: matches::Entrant::parse(&b)?,
                games,
                size,
                pie: !no_pie,
                threads,
                opening,
                seed,
                records,
            })
        }
    }
}

/// A match player's limit: its own options if it has any, else the shared
/// ones; a time or a number of iterations, positive.
fn match_limit(
    who: &str,
    own: (Option<f64>, Option<u64>),
    shared: (Option<f64>, Option<u64>),
) -> Result<Limit, String> {
    let (ms, playouts) = if own == (None, None) { shared } else { own };
    match (ms, playouts) {
        (Some(ms), None) if ms > 0.0 && ms.is_finite() => Ok(Limit::millis(ms)),
        (None, Some(p)) if p > 0 => Ok(Limit::iterations(p)),
        (None, None) => Err(format!(
            "give {who} a budget: --ms or --playouts (or --ms-{0} or --playouts-{0})",
            who.to_lowercase()
        )),
        _ => Err(format!("{who}'s --ms and --playouts must be positive")),
    }
}

pub(crate) fn parse_player(name: &str) -> Result<PlayerKind, String> {
    PlayerKind::from_name(name).ok_or_else(|| {
        format!(
            "unknown player `{name}` (random, uct, novice, casual, club, strong, master, 1-5, hand)"
        )
    })
}

/// `empty:N` or a position string.
fn parse_start(text: &str, pie: bool) -> Result<Position, String> {
    if let Some(n) = text.strip_prefix("empty:") {
        let size = n
            .parse::<u64>()
            .map_err(|_| format!("`{n}` is not a board size"))
            .and_then(|n| Rules::checked_size(n).map_err(|e| e.to_string()))?;
        let rules = Rules::with_pie(size, pie).map_err(|e| e.to_string())?;
        return Ok(Position::new(rules));
    }
    Position::parse_with_pie(text, pie).map_err(|e| format!("bad position: {e}"))
}

fn bench(size: u8, seconds: f64, seed: u64) -> Result<(), String> {
    let rules = Rules::new(size).map_err(|e| e.to_string())?;
    if !(seconds > 0.0 && seconds <= 3600.0) {
        return Err(format!(
            "--seconds {seconds} must be above 0 and at most 3600"
        ));
    }
    let start = Position::new(rules);
    let mut rng = Rng::new(seed);
    let budget = Duration::from_secs_f64(seconds);
    let (mut games, mut moves, mut changes) = (0u64, 0u64, 0u64);
    let started = Instant::now();
    while started.elapsed() < budget {
        for _ in 0..64 {
            let mut pos = start.clone();
            let stats = pos.random_playout(&mut rng);
            games += 1;
            moves += u64::from(stats.moves);
            changes += u64::from(stats.changes);
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{size}x{size}: {:.0} playouts/s ({games} games in {secs:.2} s), mean length {:.1} moves, mean {:.1} changes per game",
        games as f64 / secs,
        moves as f64 / games as f64,
        changes as f64 / games as f64
    );
    Ok(())
}

fn bench_search(size: u8, seconds: f64, seed: u64) -> Result<(), String> {
    let rules = Rules::new(size).map_err(|e| e.to_string())?;
    let pos = federa_core::search::midgame_position(rules, seed);
    let mut player = Player::new(PlayerKind::Level(Level::Master), seed);
    let clock = StdClock::new();
    let result = player
        .think(
            &pos,
            Limit::millis(seconds * 1000.0),
            Some(&clock),
            &mut |_| true,
        )
        .ok_or("the position is already won")?;
    println!(
        "{size}x{size} search: {:.0} iterations/s ({} iterations in {:.2} s, tree of {} nodes) from {pos}; best {} ({:.1}%)",
        result.iterations as f64 / (result.millis / 1000.0),
        result.iterations,
        result.millis / 1000.0,
        player.tree_nodes(),
        result.best,
        100.0 * result.win
    );
    Ok(())
}

fn show(text: &str, pie: bool) -> Result<(), String> {
    let text = text.trim();
    let looks_like_record = text.starts_with('[')
        || text
            .split_whitespace()
            .next()
            .is_some_and(|w| w.contains('x') && !w.contains('/'));
    let pos = if looks_like_record {
        Game::from_record(text, pie)
            .map_err(|e| format!("bad record: {e}"))?
            .position()
            .clone()
    } else {
        Position::parse_with_pie(text, pie).map_err(|e| format!("bad position: {e}"))?
    };
    print!("{}", pos.diagram());
    println!(
        "position {}\ndark pieces {}, light pieces {}, empty {}; {} legal moves",
        pos,
        pos.count(federa_core::Color::Dark),
        pos.count(federa_core::Color::Light),
        pos.empty_count(),
        pos.move_count()
    );
    Ok(())
}
