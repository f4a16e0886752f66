//! `federa book`: an opening book from games of the strongest level
//! against itself (federa_core::book). `play` writes the games, in shards
//! by game number; `build` merges any set of them into one book (the same
//! book from one file or from many) and has the AI judge each move;
//! `judge` judges a book's moves again, as `build` would now (after the
//! AI's calibration changed), without its games.

use std::fs;
use std::time::Instant;

use federa_core::book::Book;
use federa_core::review::Analyser;
use federa_core::search::{Level, Limit, Player, PlayerKind};
use federa_core::{Game, Move, Rng, Rules};

use crate::games::Shard;

/// What `federa book` does.
#[derive(clap::Subcommand)]
pub enum BookCommand {
    /// Play the strongest level against itself from the empty board, with
    /// the pie rule, and write the records, one a line.
    Play(PlayConfig),
    /// Build a book from records: the first plies of every game, merged
    /// under the board's symmetries and transpositions, each move judged
    /// by the AI.
    Build(BuildConfig),
    /// Judge a book's moves again with the AI as it is now, rewriting the
    /// book in place: the book `build` would now make from its games.
    Judge(JudgeConfig),
}

/// What `federa book play` plays.
#[derive(clap::Args)]
pub struct PlayConfig {
    /// Board size.
    #[arg(long, default_value_t = 9)]
    pub size: u8,
    /// Search iterations per move.
    #[arg(long, default_value_t = 1000)]
    pub budget: u64,
    /// For this many plies, each move is drawn in proportion to its visits
    /// among the searched ones with at least half the visits of the most
    /// visited (so the games vary among the moves the AI likes, and
    /// repeat them often enough to build lines); then the most visited is
    /// played.
    #[arg(long, default_value_t = 8)]
    pub vary: usize,
    /// The games, and the records file.
    #[command(flatten)]
    pub run: Shard,
}

/// What `federa book build` builds.
#[derive(clap::Args)]
pub struct BuildConfig {
    /// Record files of `federa book play` (one finished game a line).
    #[arg(required = true)]
    pub records: Vec<String>,
    /// Plies of each game that go into the book.
    #[arg(long, default_value_t = 12)]
    pub plies: usize,
    /// Moves played in fewer games are left out.
    #[arg(long, default_value_t = 2)]
    pub min_games: u32,
    /// The AI's judgement of each move.
    #[command(flatten)]
    pub judge: Judgement,
    /// The book to write.
    #[arg(long)]
    pub out: String,
}

/// How the AI judges a book's moves.
#[derive(clap::Args)]
pub struct Judgement {
    /// Search iterations of the AI's judgement of each move.
    #[arg(long, default_value_t = federa_core::review::ITERATIONS)]
    pub budget: u64,
    /// Random seed of the judgements.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// What `federa book judge` judges.
#[derive(clap::Args)]
pub struct JudgeConfig {
    /// The book (of `federa book build`), rewritten in place.
    pub book: String,
    /// The AI's judgement of each move.
    #[command(flatten)]
    pub judge: Judgement,
}

/// Runs a `federa book` command.
pub fn run(command: &BookCommand) -> Result<(), String> {
    match command {
        BookCommand::Play(config) => play(config),
        BookCommand::Build(config) => build(config),
        BookCommand::Judge(config) => judge_again(config),
    }
}

fn play(config: &PlayConfig) -> Result<(), String> {
    let rules = Rules::new(config.size).map_err(|e| e.to_string())?;
    if config.budget == 0 {
        return Err("give --budget above 0".into());
    }
    config
        .run
        .write("records", |k| format!("{}\n", one_game(config, rules, k)))
}

/// Game `k`, seeded by its number alone.
fn one_game(config: &PlayConfig, rules: Rules, k: u32) -> String {
    let seed = config
        .run
        .seed
        .wrapping_mul(1_000_003)
        .wrapping_add(u64::from(k));
    let mut player = Player::new(PlayerKind::Level(Level::Master), seed);
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut game = Game::new(rules);
    while !game.position().is_over() {
        let Some(result) = player.think(
            game.position(),
            Limit::iterations(config.budget),
            None,
            &mut |_| true,
        ) else {
            break;
        };
        let m = if game.ply() < config.vary {
            drawn(&player.root_visits(), &mut rng).unwrap_or(result.best)
        } else {
            result.best
        };
        game.play(m).expect("the search plays legal moves");
        player.observe(m);
    }
    game.record()
}

/// A move drawn in proportion to its visits among those with at least half
/// the visits of the most visited.
fn drawn(visits: &[(Move, u32)], rng: &mut Rng) -> Option<Move> {
    let most = visits.iter().map(|&(_, v)| v).max()?;
    let near: Vec<(Move, u32)> = visits
        .iter()
        .copied()
        .filter(|&(_, v)| u64::from(v) * 2 >= u64::from(most))
        .collect();
    let total = u32::try_from(near.iter().map(|&(_, v)| u64::from(v)).sum::<u64>()).ok()?;
    let mut r = rng.below(total.max(1));
    for (m, v) in near {
        if r < v {
            return Some(m);
        }
        r -= v;
    }
    None
}

fn build(config: &BuildConfig) -> Result<(), String> {
    let started = Instant::now();
    let mut book: Option<Book> = None;
    let mut games = 0;
    for path in &config.records {
        let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (k, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let at = || format!("{path}, line {}", k + 1);
            let game = Game::from_record(line, true).map_err(|e| format!("{}: {e}", at()))?;
            let book = book.get_or_insert_with(|| Book::new(game.start().rules()));
            if !book.add_game(&game, config.plies) {
                return Err(format!("{}: not a finished game of the book's size", at()));
            }
            games += 1;
        }
    }
    let mut book = book.ok_or("the records hold no game")?;
    book.prune(config.min_games);
    let (text, positions) = judged(book, &config.judge);
    fs::write(&config.out, &text).map_err(|e| format!("{}: {e}", config.out))?;
    eprintln!(
        "{games} games, {positions} positions, {} bytes in {} ({:.0} s)",
        text.len(),
        config.out,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn judge_again(config: &JudgeConfig) -> Result<(), String> {
    let path = &config.book;
    let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let book = Book::parse(&text).map_err(|e| format!("{path}: {e}"))?;
    let (again, positions) = judged(book, &config.judge);
    fs::write(path, &again).map_err(|e| format!("{path}: {e}"))?;
    let same = if again == text {
        "unchanged"
    } else {
        "changed"
    };
    eprintln!("{positions} positions judged again: {path} {same}");
    Ok(())
}

/// The book's text with each move judged by the AI, and its positions.
fn judged(mut book: Book, judgement: &Judgement) -> (String, usize) {
    let mut analyser = Analyser::new(judgement.seed);
    let limit = Limit::iterations(judgement.budget);
    book.judge(|pos| {
        analyser
            .analyse(pos, limit, None, &mut |_| true)
            .map_or(0.5, |a| a.win)
    });
    (book.to_string(), book.len())
}
