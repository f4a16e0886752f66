//! Game review: every move of a game judged by the AI's analysis of the
//! positions before and after it, as lichess and KaTrain do.
//!
//! A move is classified by the drop in the mover's calibrated chance of
//! winning (see [`MoveClass::of`] and [`MoveClass::THRESHOLDS`]). A move
//! the analysis before it doubts is set against the best move like against
//! like: each valued by an analysis of the position it leads to
//! ([`MoveReview::needs_pair`]). A proof, of the move or of the position
//! after it, settles its value; from a proven win, the exact solver looks
//! at a move neither analysis proved.
//!
//! ```
//! use federa_core::review::{Analyser, MoveClass, review};
//! use federa_core::search::Limit;
//! use federa_core::Game;
//!
//! let game = Game::from_record("3x3 BCb2 WSa3 BSa2", false).unwrap();
//! let mut analyser = Analyser::new(1);
//! let moves = review(&game, &mut analyser, Limit::iterations(300), None, &mut |_| true).unwrap();
//! assert_eq!(moves.len(), 3);
//! assert!(moves.iter().all(|m| m.before >= 0.0 && m.before <= 1.0));
//! ```
//!
//! One move's judgement is here (`MoveClass`, `MoveReview`); the analyses
//! it is made from, with the second look and the solver's check, in
//! `analyser.rs` (`Analyser`, `review`); the judgements written into a
//! game's tree and summed per player in `annotate.rs`.

mod analyser;
mod annotate;
#[cfg(test)]
mod tests;

pub use analyser::{Analyser, RECHECK, review};
pub use annotate::{Summary, annotate, mark, summary};

use crate::annotated::Glyph;
use crate::position::Position;
use crate::search::{Analysis, Candidate};
use crate::types::{Color, Move};

/// How good a move was, by how much it lowered the mover's chance of
/// winning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// A drop under 5 points (or none).
    Fine,
    /// 5 to 12 points.
    Inaccuracy,
    /// 12 to 18 points.
    Mistake,
    /// 18 points or more, or a proven win thrown away.
    Blunder,
}

impl MoveClass {
    /// The drop in the calibrated chance of winning (0 to 1) where each
    /// class starts: inaccuracy, mistake, blunder. Lichess's inaccuracy
    /// (0.1 on its scale of −1 to 1); its mistake and blunder (0.2, 0.3)
    /// raised a fifth, so that the marks of this review's budget survive a
    /// search eight times as long (docs/calibration.md).
    pub const THRESHOLDS: [f32; 3] = [0.05, 0.12, 0.18];

    /// The class of a move that took the mover's chance from `before` (with
    /// the best move) to `after`; `won_before` and `won_after` say whether
    /// the mover had a proven win before and after it.
    #[must_use]
    pub fn of(before: f32, after: f32, won_before: bool, won_after: bool) -> MoveClass {
        if won_before && !won_after {
            return MoveClass::Blunder;
        }
        let drop = before - after;
        let [inaccuracy, mistake, blunder] = MoveClass::THRESHOLDS;
        if drop >= blunder {
            MoveClass::Blunder
        } else if drop >= mistake {
            MoveClass::Mistake
        } else if drop >= inaccuracy {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Fine
        }
    }

    /// The glyph an annotated record gives the class (none for a fine move).
    #[must_use]
    pub fn glyph(self) -> Option<Glyph> {
        match self {
            MoveClass::Fine => None,
            MoveClass::Inaccuracy => Some(Glyph::Inaccuracy),
            MoveClass::Mistake => Some(Glyph::Mistake),
            MoveClass::Blunder => Some(Glyph::Blunder),
        }
    }

    /// The class's name in lower case.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            MoveClass::Fine => "fine",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }

    /// The class of that name (as [`MoveClass::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<MoveClass> {
        [
            MoveClass::Fine,
            MoveClass::Inaccuracy,
            MoveClass::Mistake,
            MoveClass::Blunder,
        ]
        .into_iter()
        .find(|c| c.name() == name)
    }
}

/// Search iterations per position of a review unless asked otherwise (the
/// budget the win chances are calibrated at).
pub const ITERATIONS: u64 = 2000;

/// One move of a reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview {
    /// The move's number in the game (1 for the first).
    pub ply: usize,
    /// The move played.
    pub played: Move,
    /// The colour its player has from this move on (the swapper plays Dark;
    /// the first mover, if swapped, Light — also for the first move).
    pub player: Color,
    /// The mover's chance of winning before the move, with the best move:
    /// its value in the analysis before it, or, when the move played was
    /// set against it, the mean result of the analysis of the position
    /// after the best move.
    pub before: f32,
    /// The mover's chance after the move played: 1 or 0 if the analysis
    /// before it proved the move; else its value in that analysis (so the
    /// best move loses nothing), or, when set against the best move or
    /// settled by a proof after it, the mean result of the analysis after
    /// it (1 or 0 if the move ended the game).
    pub after: f32,
    /// Dark's chance after the move (the win-chance graph).
    pub dark: f32,
    /// The same drop in the search's raw value (before, with the best
    /// move, less after the move played).
    pub raw_drop: f32,
    /// The move's class.
    pub class: MoveClass,
    /// The move the analysis preferred, and its line.
    pub best: Vec<Move>,
}

impl MoveReview {
    /// Judges `played` from its position's analysis `before` and the
    /// analysis of the position after it (`after`; `None` if the move ended
    /// the game). `best_after`, if given, is the analysis of the position
    /// after the move `before` prefers, with the same budget as `after`:
    /// the move is then set against the best one like against like, each
    /// valued by a search of the position it leads to. Without it, the move
    /// is valued as the search of `before` saw it (if it looked at it
    /// enough, see [`MoveReview::needs_pair`]), else by `after`. A move
    /// `before` proved keeps the proof's value either way.
    #[must_use]
    pub fn new(
        ply: usize,
        from: &Position,
        played: Move,
        before: &Analysis,
        after: Option<&Analysis>,
        best_after: Option<&Analysis>,
    ) -> MoveReview {
        let mover = mover_of(from, played);
        let reached = outcome(from, played, after);
        // Each value twice: the calibrated chance shown, and the search's
        // raw value.
        let best = before.candidates.first();
        let (before_win, before_raw) = match (best, best_after) {
            (Some(b), Some(a)) if b.mv != played => {
                let o = outcome(from, b.mv, Some(a));
                (o.win, o.raw)
            }
            _ => (before.win, before.raw),
        };
        // A proof settles the move's value: the search before it proved
        // the move (a win stays a win even if the search after it misses
        // the proof), or the position after it is settled. So does a search
        // of the position after it set against one after the best move.
        // Else the move's value as the search of the position before it saw
        // it, as the best move's is seen (so the best move loses nothing):
        // the values of one search's moves compare, while a search's values
        // are kinder to its side to move than the next search's are to the
        // other side.
        let proven = MoveReview::proven(before, played);
        let (after_win, after_raw, won_after) =
            match (proven, MoveReview::well_seen(before, played)) {
                (Some(c), _) => (c.win, c.raw, c.proven == Some(true)),
                (None, Some(c)) if !settled(after) && best_after.is_none() => {
                    (c.win, c.raw, reached.won)
                }
                _ => (reached.win, reached.raw, reached.won),
            };
        let dark = if mover == Color::Dark {
            after_win
        } else {
            1.0 - after_win
        };
        MoveReview {
            ply,
            played,
            player: mover,
            before: before_win,
            after: after_win,
            dark,
            raw_drop: before_raw - after_raw,
            class: MoveClass::of(
                before_win,
                after_win,
                before.proven == Some(true),
                won_after,
            ),
            best: best.map(|c| c.pv.clone()).unwrap_or_default(),
        }
    }

    /// The candidate of `before` for `played` if the search proved it a
    /// win or a loss.
    fn proven(before: &Analysis, played: Move) -> Option<&Candidate> {
        before
            .candidates
            .iter()
            .find(|c| c.mv == played && c.proven.is_some())
    }

    /// The candidate of `before` for `played` if the search looked at it
    /// enough to value it: the best move, or one with a hundredth of the
    /// iterations (at least 20 visits).
    fn well_seen(before: &Analysis, played: Move) -> Option<&Candidate> {
        let enough = (before.iterations / 100).max(20);
        before
            .candidates
            .iter()
            .enumerate()
            .find(|(_, c)| c.mv == played)
            .filter(|&(k, c)| k == 0 || u64::from(c.visits) >= enough)
            .map(|(_, c)| c)
    }

    /// Whether this judgement of a move from `before` and `after` (a first
    /// look, made without `best_after`) needs an analysis of the position
    /// after the best move too, to set the two against each other like
    /// against like: when the move is not the best one, neither the game's
    /// end nor a proof settles the move or the positions before and after
    /// it, and the
    /// search of `before` hardly looked at the move or valued it an
    /// inaccuracy or worse (raw or calibrated). A
    /// 2,000-iteration search's values of its less visited moves are too
    /// noisy to mark one by (a third of a strong game's moves would be
    /// marked), and its best move's value is the highest of several noisy
    /// ones (docs/calibration.md).
    #[must_use]
    pub fn needs_pair(&self, before: &Analysis, after: Option<&Analysis>) -> bool {
        let glance = MoveClass::THRESHOLDS[0];
        before.proven.is_none()
            && !settled(after)
            && MoveReview::proven(before, self.played).is_none()
            && before
                .candidates
                .first()
                .is_some_and(|b| b.mv != self.played)
            && (MoveReview::well_seen(before, self.played).is_none()
                || self.raw_drop >= glance
                || self.before - self.after >= glance)
    }

    /// Lichess's accuracy of the move, 0 to 100, from the drop in the
    /// mover's chance (100 for no drop).
    #[must_use]
    pub fn accuracy(&self) -> f32 {
        let drop = 100.0 * (self.before - self.after).max(0.0);
        (103.166_8 * (-0.043_54 * drop).exp() - 3.166_9).clamp(0.0, 100.0)
    }
}

/// The colour the player of `m` at `from` has from then on (the swapper
/// takes Dark).
fn mover_of(from: &Position, m: Move) -> Color {
    if m == Move::Swap {
        Color::Dark
    } else {
        from.to_move()
    }
}

/// What a move is worth to its player, by the end of the game it makes or
/// by the analysis of the position after it.
struct Outcome {
    /// The calibrated chance.
    win: f32,
    /// The search's raw value.
    raw: f32,
    /// Whether the player has a win, ended or proven.
    won: bool,
}

/// The worth of `m` at `from` to its player from `after`, the analysis of
/// the position it leads to (`None`: the game is over there, or unknown).
fn outcome(from: &Position, m: Move, after: Option<&Analysis>) -> Outcome {
    let mover = mover_of(from, m);
    let mut next = from.clone();
    next.play_unchecked(m);
    let (win, raw, won) = match (next.winner(), after) {
        (Some(w), _) => {
            let v = if w == mover { 1.0 } else { 0.0 };
            (v, v, w == mover)
        }
        (None, Some(a)) if next.to_move() == mover => (a.mean, a.raw_mean, a.proven == Some(true)),
        (None, Some(a)) => (1.0 - a.mean, 1.0 - a.raw_mean, a.proven == Some(false)),
        (None, None) => (0.5, 0.5, false),
    };
    Outcome { win, raw, won }
}

/// Whether the position a move leads to is settled, from its analysis
/// `after` (`None` when the move ended the game): its value is then the
/// game's end or a proof, not an estimate to set against another.
fn settled(after: Option<&Analysis>) -> bool {
    after.is_none_or(|a| a.proven.is_some())
}
