//! `federa analyse`: a game review on the command line. Every move of a
//! game is judged by the strongest level's analysis of the positions before
//! and after it (federa_core::review).

use std::time::Instant;

use federa_core::review::{self, Analyser, MoveClass, MoveReview};
use federa_core::search::{Limit, StdClock};
use federa_core::{Color, Game, GameTree};

/// What `federa analyse` reviews, and how.
#[derive(clap::Args)]
pub struct AnalyseConfig {
    /// A game record (plain or annotated), or the path of a file with one
    /// record per line.
    #[arg(required = true)]
    pub input: Vec<String>,
    /// Milliseconds per position.
    #[arg(long, conflicts_with = "playouts")]
    pub ms: Option<f64>,
    /// Search iterations per position (the default, 2000).
    #[arg(long)]
    pub playouts: Option<u64>,
    /// Write each game back as an annotated record (evaluations, glyphs and
    /// the preferred lines) instead of the table.
    #[arg(long)]
    pub annotate: bool,
    /// Read the records without the pie rule.
    #[arg(long)]
    pub no_pie: bool,
    /// Random seed of the search.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Reads every record first (a bad one stops everything, naming its line),
/// then reviews them in turn.
pub fn run(config: &AnalyseConfig) -> Result<(), String> {
    let limit = match (config.ms, config.playouts) {
        (Some(ms), None) if ms > 0.0 && ms.is_finite() => Limit::millis(ms),
        (None, Some(p)) if p > 0 => Limit::iterations(p),
        (None, None) => Limit::iterations(2000),
        _ => return Err("--ms and --playouts must be positive".into()),
    };
    let games = read_games(&config.input, !config.no_pie)?;
    let clock = StdClock::new();
    let mut analyser = Analyser::new(config.seed);
    for (k, game) in games.iter().enumerate() {
        let started = Instant::now();
        if !config.annotate {
            println!("{}", heading(k + 1, game, limit));
            println!(
                "{:>4}  {:<8} {:>7} {:>7}  {:<11} {:<8} line",
                "ply", "move", "before", "after", "class", "best"
            );
        }
        let annotate = config.annotate;
        let reviews = review::review(game, &mut analyser, limit, Some(&clock), &mut |r| {
            if !annotate {
                println!("{}", row(r));
            }
            true
        })
        .ok_or("the review stopped")?;
        if config.annotate {
            println!("{}\n", review::annotate(game, &reviews).to_annotated());
        } else {
            for colour in [Color::Dark, Color::Light] {
                println!("{}", summary_line(&reviews, colour));
            }
            println!();
        }
        eprintln!(
            "game {}: {} moves reviewed in {:.1} s",
            k + 1,
            reviews.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The games of the input: one record given on the command line (its words
/// joined), or each non-empty line of a file.
fn read_games(input: &[String], pie: bool) -> Result<Vec<Game>, String> {
    let read = |text: &str| {
        GameTree::from_annotated(text, pie)
            .map(|tree| tree.main_game())
            .map_err(|e| e.to_string())
    };
    if let [path] = input
        && std::path::Path::new(path).is_file()
    {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let games = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(k, line)| read(line).map_err(|e| format!("{path}, line {}: {e}", k + 1)))
            .collect::<Result<Vec<_>, _>>()?;
        if games.is_empty() {
            return Err(format!("{path} holds no record"));
        }
        return Ok(games);
    }
    Ok(vec![
        read(&input.join(" ")).map_err(|e| format!("bad record: {e}"))?,
    ])
}

fn heading(number: usize, game: &Game, limit: Limit) -> String {
    let n = game.start().size();
    let budget = match (limit.iterations, limit.millis) {
        (Some(p), _) => format!("{p} iterations"),
        (None, Some(ms)) => format!("{ms} ms"),
        (None, None) => "no limit".into(),
    };
    format!(
        "game {number}: {n}x{n}, {} moves, {budget} per position",
        game.moves().len()
    )
}

fn percent(x: f32) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn row(r: &MoveReview) -> String {
    let class = match r.class {
        MoveClass::Fine => String::new(),
        other => format!(
            "{} {}",
            other.name(),
            other.glyph().map_or("", |g| g.symbol())
        ),
    };
    let line: Vec<String> = r.best.iter().map(ToString::to_string).collect();
    format!(
        "{:>4}  {:<8} {:>7} {:>7}  {:<11} {:<8} {}",
        r.ply,
        r.played.to_string(),
        percent(r.before),
        percent(r.after),
        class,
        r.best.first().map_or(String::new(), ToString::to_string),
        line.join(" ")
    )
}

fn summary_line(reviews: &[MoveReview], colour: Color) -> String {
    let s = review::summary(reviews, colour);
    let name = match colour {
        Color::Dark => "Dark",
        Color::Light => "Light",
    };
    let [_, inaccuracies, mistakes, blunders] = s.classes;
    format!(
        "{name}: {inaccuracies} inaccuracies, {mistakes} mistakes, {blunders} blunders, accuracy {:.1}",
        s.accuracy
    )
}
