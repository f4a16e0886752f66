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
    /// Instead of the table, review every game again with this many times
    /// the budget and count how many of the moves first marked a mistake
    /// or a blunder the longer look still marks (at least an inaccuracy).
    #[arg(long, conflicts_with = "annotate")]
    pub agreement: Option<u32>,
    /// With --agreement, also write each move's drops to this file: a first
    /// line with the thresholds they were classed by, then a line per move:
    /// game, ply, then for the first look, the review (after its second
    /// look, if any) and the longer review the drop in the raw value, the
    /// drop in the calibrated chance and the class; for trying other
    /// thresholds without searching again.
    #[arg(long, requires = "agreement")]
    pub drops: Option<String>,
}

/// Reads every record first (a bad one stops everything, naming its line),
/// then reviews them in turn.
pub fn run(config: &AnalyseConfig) -> Result<(), String> {
    let limit = match (config.ms, config.playouts) {
        (Some(ms), None) if ms > 0.0 && ms.is_finite() => Limit::millis(ms),
        (None, Some(p)) if p > 0 => Limit::iterations(p),
        (None, None) => Limit::iterations(review::ITERATIONS),
        _ => return Err("--ms and --playouts must be positive".into()),
    };
    let games = read_games(&config.input, !config.no_pie)?;
    if let Some(times) = config.agreement {
        return agreement(&games, limit, times, config.seed, config.drops.as_deref());
    }
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

/// Reviews each game at `limit` and at `times` that, and prints how the
/// marks of the two compare, per game and in all.
fn agreement(
    games: &[Game],
    limit: Limit,
    times: u32,
    seed: u64,
    drops: Option<&str>,
) -> Result<(), String> {
    if times < 2 {
        return Err("--agreement needs a factor of at least 2".into());
    }
    let longer = Limit {
        iterations: limit.iterations.map(|n| n * u64::from(times)),
        millis: limit.millis.map(|ms| ms * f64::from(times)),
    };
    let started = Instant::now();
    let clock = StdClock::new();
    // Separate analysers: one's cache would answer the shorter look from
    // the longer. The longer review is a plain one, with no second look.
    let (mut short, mut long) = (Analyser::new(seed), Analyser::new(seed).with_recheck(1));
    let mut glance = drops.map(|_| Analyser::new(seed).with_recheck(1));
    let [i, m, b] = MoveClass::THRESHOLDS;
    let mut lines = format!("thresholds {i} {m} {b}\n");
    let (mut marked, mut kept, mut moves, mut marks) = (0, 0, 0, [0; 4]);
    println!("game  moves  ?! ? ?? (1x)  ?! ? ?? ({times}x)  ? and ?? still marked");
    for (k, game) in games.iter().enumerate() {
        let first = review::review(game, &mut short, limit, Some(&clock), &mut |_| true)
            .ok_or("the review stopped")?;
        let second = review::review(game, &mut long, longer, Some(&clock), &mut |_| true)
            .ok_or("the review stopped")?;
        if let Some(glance) = &mut glance {
            let plain = review::review(game, glance, limit, Some(&clock), &mut |_| true)
                .ok_or("the review stopped")?;
            for ((a, b), c) in plain.iter().zip(&first).zip(&second) {
                let at = |r: &MoveReview| {
                    let shown = r.before - r.after;
                    format!("{:.6} {shown:.6} {}", r.raw_drop, r.class.name())
                };
                lines += &format!("{} {} {} {} {}\n", k + 1, a.ply, at(a), at(b), at(c));
            }
        }
        let count = |rs: &[MoveReview], class| rs.iter().filter(|r| r.class == class).count();
        let serious: Vec<usize> = (0..first.len())
            .filter(|&i| first[i].class >= MoveClass::Mistake)
            .collect();
        let still = serious
            .iter()
            .filter(|&&i| second[i].class >= MoveClass::Inaccuracy)
            .count();
        let classes = [
            MoveClass::Inaccuracy,
            MoveClass::Mistake,
            MoveClass::Blunder,
        ];
        let [a, b, c] = classes.map(|class| count(&first, class));
        let [d, e, f] = classes.map(|class| count(&second, class));
        println!(
            "{:>4}  {:>5}  {a:>2} {b:>1} {c:>2}       {d:>2} {e:>1} {f:>2}        {still} of {}",
            k + 1,
            first.len(),
            serious.len()
        );
        marked += serious.len();
        kept += still;
        moves += first.len();
        for (m, n) in marks.iter_mut().zip([a, b, c, a + b + c]) {
            *m += n;
        }
    }
    if let Some(path) = drops {
        std::fs::write(path, lines).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let per_game = |n: usize| n as f64 / games.len() as f64;
    println!(
        "{} games, {moves} moves: marks per game at 1x: {:.1} ?!, {:.1} ?, {:.1} ?? ({:.1} in all); \
         of {marked} moves marked ? or ??, {kept} still marked at {times}x ({:.1}%) ({:.0} s)",
        games.len(),
        per_game(marks[0]),
        per_game(marks[1]),
        per_game(marks[2]),
        per_game(marks[3]),
        100.0 * kept as f64 / marked.max(1) as f64,
        started.elapsed().as_secs_f64()
    );
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
