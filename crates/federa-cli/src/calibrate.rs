//! `federa calibrate`: the data that turns the search's values into win
//! chances (`play`: self-play of the strongest level, each position's raw
//! value and the game's result), the map fitted to it (`fit`), and how the
//! shipped map holds on other games (`check`).
//!
//! A data file has one line per position analysed, tab-separated: game
//! number, board size, ply, points occupied, the analysis's iterations,
//! its raw value for the side to move (six decimals), whether that value is
//! proven (1 or 0), whether the side to move went on to win (1 or 0), the
//! side to move's colour (`B` for Dark, `W` for Light) and whether the
//! game was swapped by then (1 or 0).
//! Games are numbered from the run's seed alone, so `--first` and `--games`
//! cut one long run into shards that concatenate to the same file.

use std::fmt::Write as _;

use federa_core::review::Analyser;
use federa_core::search::Limit;
use federa_core::{Move, Rules};

use crate::games::{Shard, opened};

mod fit;

/// What `federa calibrate` does.
#[derive(clap::Subcommand)]
pub enum CalibrateCommand {
    /// Play the strongest level against itself at the analysis budget and
    /// write every position's raw value and the game's result.
    Play(PlayConfig),
    /// Fit the map from raw values to win chances on the training games,
    /// write it as the core's table, and report its calibration on the
    /// held-out games (a quarter, picked by a hash of their numbers).
    Fit(FitConfig),
    /// Report how the map the core ships holds on other games (for example
    /// analysed at longer budgets than it was fitted at): expected
    /// calibration error and Brier score, raw against calibrated, by size
    /// and budget.
    Check(CheckConfig),
}

/// What `federa calibrate play` plays.
#[derive(clap::Args)]
pub struct PlayConfig {
    /// Board sizes, taken in turn by game number (e.g. 7,9,13).
    #[arg(long, value_delimiter = ',', default_value = "9")]
    pub sizes: Vec<u8>,
    /// Search iterations of each analysis, in increasing order; the first
    /// also chooses the move played (so a run with more budgets replays the
    /// same games).
    #[arg(long, value_delimiter = ',', default_values_t = [federa_core::review::ITERATIONS])]
    pub budgets: Vec<u64>,
    /// Each game opens with 0 to this many random placements.
    #[arg(long, default_value_t = 4)]
    pub opening: u32,
    /// The games, and the data file.
    #[command(flatten)]
    pub run: Shard,
}

/// What `federa calibrate fit` fits and writes.
#[derive(clap::Args)]
pub struct FitConfig {
    /// Data files of `federa calibrate play`.
    #[arg(required = true)]
    pub data: Vec<String>,
    /// The analyses fitted: those of this many iterations (the others are
    /// only reported).
    #[arg(long, default_value_t = federa_core::review::ITERATIONS)]
    pub budget: u64,
    /// The table's source file to write
    /// (crates/federa-core/src/search/calibration_table.rs).
    #[arg(long)]
    pub table: String,
    /// The file to write the table's digest to, which the native and wasm
    /// tests check (crates/federa-core/tests/data/calibration_fingerprint.txt).
    #[arg(long)]
    pub fingerprint: String,
    /// The reliability diagram to write (SVG).
    #[arg(long)]
    pub diagram: Option<String>,
}

/// What `federa calibrate check` reads.
#[derive(clap::Args)]
pub struct CheckConfig {
    /// Data files of `federa calibrate play`.
    #[arg(required = true)]
    pub data: Vec<String>,
}

/// Runs a `federa calibrate` command.
pub fn run(command: &CalibrateCommand) -> Result<(), String> {
    match command {
        CalibrateCommand::Play(config) => play(config),
        CalibrateCommand::Fit(config) => fit::run(config),
        CalibrateCommand::Check(config) => fit::check(config),
    }
}

fn play(config: &PlayConfig) -> Result<(), String> {
    if config.sizes.is_empty() || config.budgets.contains(&0) {
        return Err("give --sizes and --budgets above 0".into());
    }
    if config.budgets.is_empty() || !config.budgets.is_sorted_by(|a, b| a < b) {
        // A smaller budget after a bigger one would answer from the cache.
        return Err("give --budgets in increasing order".into());
    }
    for &size in &config.sizes {
        Rules::new(size).map_err(|e| e.to_string())?;
    }
    config.run.write("positions", |k| one_game(config, k))
}

/// Game `k`: its lines, one per position and budget.
fn one_game(config: &PlayConfig, k: u32) -> String {
    let size = config.sizes[k as usize % config.sizes.len()];
    let rules = Rules::new(size).expect("a checked size");
    let (seed, mut pos) = opened(rules, config.run.seed, k, config.opening);
    let mut analyser = Analyser::new(seed);
    let mut rows = Vec::new();
    let mut swapped = false;
    while !pos.is_over() {
        let mut best = None;
        for &budget in &config.budgets {
            let Some(a) = analyser.analyse(&pos, Limit::iterations(budget), None, &mut |_| true)
            else {
                break;
            };
            rows.push((
                pos.to_move(),
                format!(
                    "{k}\t{size}\t{}\t{}\t{}\t{:.6}\t{}",
                    pos.plies(),
                    usize::from(size) * usize::from(size) - pos.empty_count(),
                    a.iterations,
                    a.raw,
                    u8::from(a.proven.is_some())
                ),
                swapped,
            ));
            best = best.or(a.candidates.first().map(|c| c.mv));
        }
        let Some(m) = best else { break };
        swapped |= m == Move::Swap;
        pos.play(m);
    }
    let Some(winner) = pos.winner() else {
        return String::new();
    };
    rows.iter()
        .fold(String::new(), |mut out, (mover, row, swapped)| {
            let _ = writeln!(
                out,
                "{row}\t{}\t{}\t{}",
                u8::from(*mover == winner),
                mover.record_char(),
                u8::from(*swapped)
            );
            out
        })
}
