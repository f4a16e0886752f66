//! The analyses a review is made from: the strongest level with a cache,
//! the second look at a doubtful move, the exact solver's check of a move
//! from a proven win, and the review of a whole game.

use super::{MoveClass, MoveReview, mover_of};
use crate::game::Game;
use crate::position::Position;
use crate::puzzle::Solver;
use crate::search::{Analysis, Clock, Level, Limit, Player, PlayerKind};
use crate::types::{Color, Move};

/// The positions the exact solver may search to show that a move kept a
/// proven win the analyses before and after it did not prove it kept.
const KEPT_NODES: u64 = 20_000;
/// The plies ahead it looks for the win.
pub(super) const KEPT_PLIES: u32 = 15;

/// `after`, the analysis of the position `played` leads to from `from`,
/// settled by the exact solver when the mover had a proven win (`before`)
/// and neither analysis proved the move: if the solver finds the mover
/// still winning within [`KEPT_PLIES`], the position is proven; else it
/// stays as it was, and the move counts as a proven win thrown away. So a
/// move that keeps a win within [`KEPT_PLIES`] is not marked `??` for want
/// of a proof.
pub(super) fn with_kept_win(
    before: &Analysis,
    from: &Position,
    played: Move,
    mut after: Option<Analysis>,
) -> Option<Analysis> {
    if let Some(a) = after.as_mut()
        && before.proven == Some(true)
        && a.proven.is_none()
        && MoveReview::proven(before, played).is_none()
    {
        let mover = mover_of(from, played);
        let mut next = from.clone();
        next.play_unchecked(played);
        let kept = Solver::with_limit(KEPT_NODES).distance(&next, mover, KEPT_PLIES);
        if matches!(kept, Ok(Some(_))) {
            let to_move_wins = next.to_move() == mover;
            let v = if to_move_wins { 1.0 } else { 0.0 };
            (a.proven, a.win, a.raw, a.mean, a.raw_mean) = (Some(to_move_wins), v, v, v, v);
        }
    }
    after
}

/// How many times the budget a second look at a move the first look marks
/// a mistake or a blunder takes (the positions after it and after the best
/// move analysed again); the move keeps the second look's judgement. A
/// 2,000-iteration search's values are noisy enough that some such marks
/// vanish with a longer look (docs/calibration.md); the few moves marked
/// that way are worth the time.
pub const RECHECK: u64 = 4;

/// The strongest level analysing positions, with a cache: a position
/// analysed before with the same budget answers at once.
pub struct Analyser {
    player: Player,
    seed: u64,
    /// The budget of the second look at a doubtful move, in times the
    /// first's (1: none).
    recheck: u64,
    /// The positions analysed, with the limit each was analysed within (a
    /// list, not a hash map: a review holds a few hundred, and the map's
    /// code would weigh on the wasm).
    pub(super) cache: Vec<(Position, Limit, Analysis)>,
}

/// Positions the cache holds at most (it is emptied when full).
const CACHE_POSITIONS: usize = 1024;

impl Analyser {
    /// An analyser whose searches use `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Analyser {
        Analyser {
            player: Player::new(PlayerKind::Level(Level::Master), seed),
            seed,
            recheck: RECHECK,
            cache: Vec::new(),
        }
    }

    /// The same analyser with no second look at doubtful moves (`times`
    /// 1) or one with `times` the budget.
    #[must_use]
    pub fn with_recheck(mut self, times: u64) -> Analyser {
        self.recheck = times.max(1);
        self
    }

    /// The analysis of `pos` within `limit` (see [`Player::analyse`]), from
    /// the cache if this position was analysed within the same limit.
    /// `None` if the game is over there.
    pub fn analyse(
        &mut self,
        pos: &Position,
        limit: Limit,
        clock: Option<&dyn Clock>,
        report: &mut dyn FnMut(&Analysis) -> bool,
    ) -> Option<Analysis> {
        if let Some(cached) = self.cached(pos, limit) {
            let cached = cached.clone();
            report(&cached);
            return Some(cached);
        }
        // Each search starts afresh from a seed of its position, so that a
        // position judged twice (a review run again, the coach) gets the
        // same answer whatever was searched before it.
        self.player.restart(self.seed ^ pos.hash());
        let analysis = self.player.analyse(pos, limit, clock, report)?;
        if self.cache.len() >= CACHE_POSITIONS {
            self.cache.clear();
        }
        self.cache
            .retain(|(at, done, _)| at != pos || *done != limit);
        self.cache.push((pos.clone(), limit, analysis.clone()));
        Some(analysis)
    }

    /// The analysis of `from` and of the position after `played` (within
    /// `limit` each, from the cache if analysed before), and the judgement
    /// of the move: its move number is `ply`. A move that analysis hardly
    /// looked at, or values an inaccuracy or worse, is set against the best
    /// move by an analysis of the position after that too
    /// ([`MoveReview::needs_pair`]). A move that judgement marks a mistake
    /// or a blunder, unless a proof before the move settles it, is judged
    /// again with
    /// the positions after the two moves analysed within [`RECHECK`] times
    /// `limit`, and keeps that judgement. `None` if the game is over at
    /// `from`.
    pub fn judge(
        &mut self,
        ply: usize,
        from: &Position,
        played: Move,
        limit: Limit,
        clock: Option<&dyn Clock>,
    ) -> Option<MoveReview> {
        let before = self.analyse(from, limit, clock, &mut |_| true)?;
        let first = self.judge_within(ply, from, played, &before, limit, clock);
        if self.recheck == 1
            || first.class < MoveClass::Mistake
            || before.proven == Some(true)
            || MoveReview::proven(&before, played).is_some()
        {
            return Some(first);
        }
        let longer = Limit {
            iterations: limit.iterations.map(|n| n.saturating_mul(self.recheck)),
            millis: limit.millis.map(|ms| ms * self.recheck as f64),
        };
        // The first look's doubt holds (the glance reads `before`), so the
        // move is set against the best one again, unless the longer
        // analysis after it settles it.
        Some(self.judge_within(ply, from, played, &before, longer, clock))
    }

    /// One look of [`Analyser::judge`]: the positions after `played` and,
    /// if the judgement needs it, after the move `before` prefers, analysed
    /// within `limit`.
    fn judge_within(
        &mut self,
        ply: usize,
        from: &Position,
        played: Move,
        before: &Analysis,
        limit: Limit,
        clock: Option<&dyn Clock>,
    ) -> MoveReview {
        let mut next = from.clone();
        next.play_unchecked(played);
        let after = self.analyse(&next, limit, clock, &mut |_| true);
        let after = with_kept_win(before, from, played, after);
        let glance = MoveReview::new(ply, from, played, before, after.as_ref(), None);
        let best = before.candidates.first().map(|c| c.mv);
        match best {
            Some(best) if glance.needs_pair(before, after.as_ref()) => {
                let mut other = from.clone();
                other.play_unchecked(best);
                let best_after = self.analyse(&other, limit, clock, &mut |_| true);
                MoveReview::new(
                    ply,
                    from,
                    played,
                    before,
                    after.as_ref(),
                    best_after.as_ref(),
                )
            }
            _ => glance,
        }
    }

    /// The cached analysis of `pos` within exactly `limit`. Only the same
    /// budget answers, never a longer one: a position's analysis, and so a
    /// move's judgement, must not depend on what was analysed before it
    /// (the second look at a doubtful move analyses at a longer budget).
    #[must_use]
    pub fn cached(&self, pos: &Position, limit: Limit) -> Option<&Analysis> {
        let hash = pos.hash();
        self.cache
            .iter()
            .find(|(at, done, _)| {
                *done == limit && at.hash() == hash && at == pos && at.plies() == pos.plies()
            })
            .map(|(.., analysis)| analysis)
    }
}

/// Reviews the main line of `game`: analyses each position within `limit`
/// and judges each move. `progress` hears of each move judged; returning
/// false stops the review, which returns `None`.
pub fn review(
    game: &Game,
    analyser: &mut Analyser,
    limit: Limit,
    clock: Option<&dyn Clock>,
    progress: &mut dyn FnMut(&MoveReview) -> bool,
) -> Option<Vec<MoveReview>> {
    let mut pos = game.start().clone();
    let mut reviews = Vec::new();
    for (k, &m) in game.moves().iter().enumerate() {
        let judged = analyser.judge(k + 1, &pos, m, limit, clock)?;
        if !progress(&judged) {
            return None;
        }
        reviews.push(judged);
        pos.play_unchecked(m);
    }
    // The first mover plays Light after a swap, from the first move on.
    if let [first, second, ..] = &mut reviews[..]
        && second.played == Move::Swap
    {
        first.player = Color::Light;
    }
    Some(reviews)
}
