//! `federa selfplay` and `federa train`: training data from games of the AI
//! against itself, and the move model fitted to it (federa_core::learn).
//!
//! A data file has one line per position searched, tab-separated: game
//! number, board size, pie rule (1 or 0), the position string, the moves
//! searched with their visits (`token:visits` separated by spaces), and the
//! game's winner (`dark` or `light`).

use std::fmt::Write as _;
use std::fs;
use std::time::Instant;

use federa_core::learn::{self, Model, Sample};
use federa_core::search::{Limit, Player, PlayerKind};
use federa_core::{Color, Position, Rules, Token};

use crate::games::{Shard, opened};

/// What `federa selfplay` plays.
#[derive(clap::Args)]
pub struct SelfplayConfig {
    /// Who plays: a level, or `hand` (the strongest level with the
    /// hand-made prior and playouts).
    #[arg(long, default_value = "master", value_parser = crate::parse_player)]
    pub player: PlayerKind,
    /// Board sizes, taken in turn (e.g. 9,11,13).
    #[arg(long, value_delimiter = ',', default_value = "9")]
    pub sizes: Vec<u8>,
    /// Search iterations per move.
    #[arg(long, default_value_t = 1000)]
    pub playouts: u64,
    /// Each game opens with 0 to this many random placements.
    #[arg(long, default_value_t = 4)]
    pub opening: u32,
    /// The games, and the data file.
    #[command(flatten)]
    pub run: Shard,
}

/// Plays the games and writes their positions to `config.run.out`.
pub fn selfplay(config: &SelfplayConfig) -> Result<(), String> {
    if config.sizes.is_empty() || config.playouts == 0 {
        return Err("give --sizes and --playouts above 0".into());
    }
    for &size in &config.sizes {
        Rules::new(size).map_err(|e| e.to_string())?;
    }
    config.run.write("positions", |k| play(config, k))
}

/// One game of the player against itself: its lines.
fn play(config: &SelfplayConfig, k: u32) -> String {
    let size = config.sizes[k as usize % config.sizes.len()];
    let rules = Rules::new(size).expect("a checked size");
    let (seed, mut pos) = opened(rules, config.run.seed, k, config.opening);
    let mut player = Player::new(config.player, seed);
    let mut lines = Vec::new();
    while !pos.is_over() {
        let Some(result) =
            player.think(&pos, Limit::iterations(config.playouts), None, &mut |_| {
                true
            })
        else {
            break;
        };
        let visits: Vec<String> = player
            .root_visits()
            .into_iter()
            .filter(|&(_, v)| v > 0)
            .map(|(m, v)| format!("{m}:{v}"))
            .collect();
        lines.push(format!("{k}\t{size}\t1\t{pos}\t{}", visits.join(" ")));
        pos.play(result.best);
        player.observe(result.best);
    }
    let winner = match pos.winner() {
        Some(Color::Dark) => "dark",
        Some(Color::Light) => "light",
        None => return String::new(),
    };
    lines.iter().fold(String::new(), |mut out, line| {
        let _ = writeln!(out, "{line}\t{winner}");
        out
    })
}

/// One line of a data file as (game number, sample).
fn parse_line(line: &str) -> Result<(u32, Sample), String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [game, _size, pie, position, moves, _winner] = fields[..] else {
        return Err(format!(
            "expected 6 tab-separated fields, found {}",
            fields.len()
        ));
    };
    let game = game.parse().map_err(|_| format!("game number `{game}`"))?;
    let position =
        Position::parse_with_pie(position, pie == "1").map_err(|e| format!("position: {e}"))?;
    let mut visits = Vec::new();
    for item in moves.split_whitespace() {
        let (token, count) = item
            .rsplit_once(':')
            .ok_or_else(|| format!("move `{item}`"))?;
        let m = token
            .parse::<Token>()
            .map_err(|e| format!("move `{token}`: {e}"))?
            .to_move(&position)
            .map_err(|e| format!("move `{token}`: {e}"))?;
        visits.push((m, count.parse().map_err(|_| format!("visits `{count}`"))?));
    }
    Ok((game, Sample { position, visits }))
}

/// What `federa train` fits.
#[derive(clap::Args)]
pub struct TrainConfig {
    /// Data files of `federa selfplay`.
    #[arg(required = true)]
    pub data: Vec<String>,
    /// Hold out every N-th game to measure the model.
    #[arg(long, default_value_t = 10)]
    pub holdout: u32,
    /// Fit to visit counts raised to this power (1: the visit shares as
    /// they are; higher: closer to the most visited move alone).
    #[arg(long, default_value_t = 1.0)]
    pub power: f64,
    /// Gradient steps.
    #[arg(long, default_value_t = 300)]
    pub epochs: usize,
    /// Step size.
    #[arg(long, default_value_t = 0.05)]
    pub rate: f64,
    /// L2 penalty on the weights.
    #[arg(long, default_value_t = 1e-4)]
    pub l2: f64,
    /// Write the weights as Rust source here
    /// (crates/federa-core/src/position/weights.rs).
    #[arg(long)]
    pub out: Option<String>,
}

/// Fits the model and reports its held-out accuracy beside the hand-made
/// prior's.
pub fn train(config: &TrainConfig) -> Result<(), String> {
    let started = Instant::now();
    let (mut fit, mut held) = (Vec::new(), Vec::new());
    for file in &config.data {
        let text = fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            let (game, sample) = parse_line(line).map_err(|e| format!("{file}:{}: {e}", n + 1))?;
            if config.holdout > 0 && game % config.holdout == 0 {
                held.push(sample);
            } else {
                fit.push(sample);
            }
        }
    }
    if fit.is_empty() {
        return Err("no positions to fit".into());
    }
    let model = Model::fit(&fit, config.power, config.epochs, config.rate, config.l2);
    let learned = |pos: &Position| {
        learn::with_ties(
            model
                .ranked(pos)
                .into_iter()
                .map(|m| (m, model.score(pos, m)))
                .collect(),
        )
    };
    let hand = |pos: &Position| learn::with_ties(learn::hand_prior(pos));
    let (l1, l5) = learn::top_accuracy(&held, &learned);
    let (h1, h5) = learn::top_accuracy(&held, &hand);
    let report = format!(
        "{} positions fitted, {} held out (every {}th game); visits to the power {}, {} epochs, rate {}, L2 {}; {:.0} s\n\
         held-out cross-entropy {:.3} (fitted {:.3})\n\
         held-out top-1 / top-5 move prediction: learned {:.1}% / {:.1}%, hand-made prior {:.1}% / {:.1}%",
        fit.len(),
        held.len(),
        config.holdout,
        config.power,
        config.epochs,
        config.rate,
        config.l2,
        started.elapsed().as_secs_f64(),
        model.loss(&held, config.power),
        model.loss(&fit, config.power),
        100.0 * l1,
        100.0 * l5,
        100.0 * h1,
        100.0 * h5,
    );
    println!("{report}");
    if let Some(out) = &config.out {
        let header = format!(
            "The learned move model's weights. Generated by `federa train`; do not edit.\n\
             Regenerate with scripts/train.sh, which ran:\n  federa {}\n{report}",
            std::env::args().skip(1).collect::<Vec<_>>().join(" ")
        );
        fs::write(out, learn::rust_source(&model, &header)).map_err(|e| format!("{out}: {e}"))?;
        eprintln!("wrote {out}");
    }
    Ok(())
}
