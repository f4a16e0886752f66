//! Knowledge learned from self-play, after MoHex 2.0's move patterns and
//! Ludii's biased MCTS: a softmax model over features of each legal move
//! (see `position/features.rs`), fitted to the search's visit counts.
//!
//! The model's weights ship as `position/weights.rs`, a generated file that
//! [`rust_source`] writes; the search uses them for its priors and its
//! playouts. `federa selfplay` writes training data and `federa train` fits
//! the model (scripts/train.sh has the exact commands).
//!
//! ```
//! use federa_core::learn::{Model, Sample};
//! use federa_core::{Move, Piece, Point, Position, Rules};
//!
//! let pos = Position::new(Rules::new(5).unwrap());
//! let centre = Move::Place { piece: Piece::DARK_ROUND, at: Point::new(2, 2) };
//! let samples = vec![Sample { position: pos.clone(), visits: vec![(centre, 100)] }];
//! let model = Model::fit(&samples, 1.0, 200, 0.1, 1e-4);
//! assert_eq!(model.ranked(&pos)[0], centre);
//! ```

use crate::position::Position;
use crate::position::codes::Code;
use crate::position::features::{FAMILIES, FEATURES, MAX_ACTIVE};
use crate::types::Move;

/// A position and how often the search visited each of its moves.
#[derive(Clone, Debug)]
pub struct Sample {
    /// The position searched.
    pub position: Position,
    /// Its moves with the visits each got (moves left out got none).
    pub visits: Vec<(Move, u32)>,
}

/// One position's moves as feature lists, with the share of visits of each.
struct Encoded {
    features: Vec<[u16; MAX_ACTIVE]>,
    active: Vec<u8>,
    target: Vec<f64>,
}

fn encode(sample: &Sample, power: f64) -> Option<Encoded> {
    let pos = &sample.position;
    let mut codes = Vec::new();
    pos.move_codes(&mut codes);
    let weight = |v: u32| f64::from(v).powf(power);
    let total: f64 = sample.visits.iter().map(|&(_, v)| weight(v)).sum();
    if codes.len() < 2 || total == 0.0 {
        return None;
    }
    let mut e = Encoded {
        features: Vec::with_capacity(codes.len()),
        active: Vec::with_capacity(codes.len()),
        target: vec![0.0; codes.len()],
    };
    for &code in &codes {
        let mut f = [0; MAX_ACTIVE];
        let n = pos.move_features(code, &mut f);
        e.features.push(f);
        e.active.push(n as u8);
    }
    for &(m, v) in &sample.visits {
        let code = pos.move_code(m);
        if let Some(k) = codes.iter().position(|&c| c == code) {
            e.target[k] += weight(v) / total;
        }
    }
    Some(e)
}

/// The model: one weight per feature; a move's score is the sum of its
/// features' weights, its probability the softmax of the scores.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    /// One per feature, in the order of `FAMILIES`.
    pub weights: Vec<f64>,
}

impl Model {
    /// Fits the model to the samples' visit shares, each visit count raised
    /// to `power` (1: the shares as they are; higher: more weight to the
    /// most visited moves), by full-batch gradient descent (Adam, `epochs`
    /// steps of size `rate`) on the cross-entropy, with an L2 penalty `l2`
    /// on the weights.
    #[must_use]
    pub fn fit(samples: &[Sample], power: f64, epochs: usize, rate: f64, l2: f64) -> Model {
        let data: Vec<Encoded> = samples.iter().filter_map(|s| encode(s, power)).collect();
        let mut w = vec![0.0; FEATURES];
        let (mut m, mut v) = (vec![0.0; FEATURES], vec![0.0; FEATURES]);
        let (b1, b2) = (0.9f64, 0.999f64);
        let mut grad = vec![0.0; FEATURES];
        let mut scores = Vec::new();
        for step in 1..=epochs {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for e in &data {
                softmax(&w, e, &mut scores);
                for (k, &p) in scores.iter().enumerate() {
                    let d = p - e.target[k];
                    for &f in &e.features[k][..usize::from(e.active[k])] {
                        grad[usize::from(f)] += d;
                    }
                }
            }
            let scale = 1.0 / data.len().max(1) as f64;
            for i in 0..FEATURES {
                let g = grad[i] * scale + l2 * w[i];
                m[i] = b1 * m[i] + (1.0 - b1) * g;
                v[i] = b2 * v[i] + (1.0 - b2) * g * g;
                let mh = m[i] / (1.0 - b1.powi(step as i32));
                let vh = v[i] / (1.0 - b2.powi(step as i32));
                w[i] -= rate * mh / (vh.sqrt() + 1e-8);
            }
        }
        Model { weights: w }
    }

    /// The model's score of a legal move.
    #[must_use]
    pub fn score(&self, pos: &Position, m: Move) -> f64 {
        self.code_score(pos, pos.move_code(m))
    }

    fn code_score(&self, pos: &Position, code: Code) -> f64 {
        let mut f = [0; MAX_ACTIVE];
        let n = pos.move_features(code, &mut f);
        f[..n].iter().map(|&i| self.weights[usize::from(i)]).sum()
    }

    /// The legal moves, best first by the model's score (ties in move order).
    #[must_use]
    pub fn ranked(&self, pos: &Position) -> Vec<Move> {
        let mut codes = Vec::new();
        pos.move_codes(&mut codes);
        let mut scored: Vec<(f64, Code)> = codes
            .iter()
            .map(|&c| (self.code_score(pos, c), c))
            .collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        scored.into_iter().map(|(_, c)| pos.code_move(c)).collect()
    }

    /// Mean cross-entropy of the samples' visit shares (raised to `power`)
    /// under the model.
    #[must_use]
    pub fn loss(&self, samples: &[Sample], power: f64) -> f64 {
        let mut scores = Vec::new();
        let mut total = 0.0;
        let mut n = 0;
        for e in samples.iter().filter_map(|s| encode(s, power)) {
            softmax(&self.weights, &e, &mut scores);
            total -= e
                .target
                .iter()
                .zip(&scores)
                .filter(|(t, _)| **t > 0.0)
                .map(|(t, p)| t * p.max(1e-300).ln())
                .sum::<f64>();
            n += 1;
        }
        total / f64::from(n.max(1))
    }
}

fn softmax(w: &[f64], e: &Encoded, out: &mut Vec<f64>) {
    out.clear();
    out.extend(e.features.iter().zip(&e.active).map(|(f, &n)| {
        f[..usize::from(n)]
            .iter()
            .map(|&i| w[usize::from(i)])
            .sum::<f64>()
    }));
    let max = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for s in out.iter_mut() {
        *s = (*s - max).exp();
        sum += *s;
    }
    out.iter_mut().for_each(|s| *s /= sum);
}

/// How often the most visited move is among a ranking's first 1 and first
/// 5 moves, over samples with at least two legal moves. `rank` lists a
/// position's moves best first, with the size of the group of equally
/// ranked moves each belongs to (ties count as the chance a random order
/// of them would put the move in place).
#[must_use]
pub fn top_accuracy(
    samples: &[Sample],
    rank: &dyn Fn(&Position) -> Vec<(Move, usize)>,
) -> (f64, f64) {
    let (mut top1, mut top5, mut n) = (0.0, 0.0, 0);
    for s in samples {
        if s.position.move_count() < 2 {
            continue;
        }
        let Some(&(best, _)) = s.visits.iter().max_by_key(|&&(_, v)| v) else {
            continue;
        };
        let ranked = rank(&s.position);
        let Some(at) = ranked.iter().position(|&(m, _)| m == best) else {
            continue;
        };
        // The tied group spans [start, start + size).
        let size = ranked[at].1;
        let start = ranked[..at]
            .iter()
            .rposition(|&(_, k)| k != size)
            .map_or(0, |i| i + 1);
        let share = |top: usize| (top.saturating_sub(start).min(size)) as f64 / size as f64;
        top1 += share(1);
        top5 += share(5);
        n += 1;
    }
    let n = f64::from(n.max(1));
    (top1 / n, top5 / n)
}

/// Groups of equal values in a sorted list of (move, value), as
/// [`top_accuracy`] takes them.
#[must_use]
pub fn with_ties(mut scored: Vec<(Move, f64)>) -> Vec<(Move, usize)> {
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut out = Vec::with_capacity(scored.len());
    let mut i = 0;
    while i < scored.len() {
        let j = scored[i..]
            .iter()
            .position(|s| s.1 != scored[i].1)
            .map_or(scored.len(), |k| i + k);
        out.extend(scored[i..j].iter().map(|&(m, _)| (m, j - i)));
        i = j;
    }
    out
}

/// The hand-made prior's value of each legal move (the search's prior
/// before the learned model), for comparison.
#[must_use]
pub fn hand_prior(pos: &Position) -> Vec<(Move, f64)> {
    each_move(pos, Position::hand_prior)
}

/// Each legal move of `pos` with `value` of its code.
fn each_move(pos: &Position, value: impl Fn(&Position, Code) -> f32) -> Vec<(Move, f64)> {
    let mut codes = Vec::new();
    pos.move_codes(&mut codes);
    codes
        .iter()
        .map(|&c| (pos.code_move(c), f64::from(value(pos, c))))
        .collect()
}

/// The shipped model's factor of each legal move (e^its score: a move
/// with twice another's factor is twice as likely to the model).
#[must_use]
pub fn shipped_gammas(pos: &Position) -> Vec<(Move, f64)> {
    each_move(pos, Position::gamma)
}

/// The legal moves, the shipped model's likeliest first (ties in move
/// order).
#[must_use]
pub fn shipped_ranked(pos: &Position) -> Vec<Move> {
    let mut scored = shipped_gammas(pos);
    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
    scored.into_iter().map(|(m, _)| m).collect()
}

/// The model as the Rust source of `position/weights.rs`: each feature's
/// weight as a factor e^weight (so that the search multiplies, with no
/// platform-dependent float function), `header` as its opening comment.
#[must_use]
pub fn rust_source(model: &Model, header: &str) -> String {
    let mut out = String::new();
    for line in header.lines() {
        out.push_str("//! ");
        out.push_str(line);
        out.push('\n');
    }
    out.push_str("\n/// e^weight of each feature, by family.\n");
    out.push_str(&format!("pub(crate) const GAMMA: [f32; {FEATURES}] = [\n"));
    let mut i = 0;
    for (name, size) in FAMILIES {
        out.push_str(&format!("    // {name}\n"));
        for chunk in model.weights[i..i + size].chunks(6) {
            out.push_str("   ");
            for w in chunk {
                out.push_str(&format!(" {:e},", w.exp() as f32));
            }
            out.push('\n');
        }
        i += size;
    }
    out.push_str("];\n");
    out
}
