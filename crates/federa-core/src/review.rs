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

use crate::annotated::{GameTree, Glyph, NodeId, eval_text};
use crate::game::Game;
use crate::position::Position;
use crate::puzzle::Solver;
use crate::search::{Analysis, Candidate, Clock, Level, Limit, Player, PlayerKind};
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

/// The positions the exact solver may search to show that a move kept a
/// proven win the analyses before and after it did not prove it kept.
const KEPT_NODES: u64 = 20_000;
/// The plies ahead it looks for the win.
const KEPT_PLIES: u32 = 15;

/// `after`, the analysis of the position `played` leads to from `from`,
/// settled by the exact solver when the mover had a proven win (`before`)
/// and neither analysis proved the move: if the solver finds the mover
/// still winning within [`KEPT_PLIES`], the position is proven; else it
/// stays as it was, and the move counts as a proven win thrown away. So a
/// move that keeps a win within [`KEPT_PLIES`] is not marked `??` for want
/// of a proof.
fn with_kept_win(
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
    cache: Vec<(Position, Limit, Analysis)>,
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

/// The reviewed game as a tree: each move with its `[%eval]` (Dark's chance
/// after it), a glyph for an inaccuracy or worse with `[%best]` and the
/// preferred line as a variation.
#[must_use]
pub fn annotate(game: &Game, reviews: &[MoveReview]) -> GameTree {
    let mut tree = GameTree::from_game(game);
    let mut at = NodeId::ROOT;
    for r in reviews {
        let Some(node) = tree
            .children(at)
            .first()
            .copied()
            .filter(|&n| tree.move_at(n) == Some(r.played))
        else {
            break;
        };
        let best = r.best.first().copied().filter(|&b| b != r.played);
        mark(&mut tree, node, r.dark, r.class, best);
        if r.class.glyph().is_some() && best.is_some() {
            let mut v = at;
            for &m in &r.best {
                match tree.play(v, m) {
                    Ok(next) => v = next,
                    Err(_) => break,
                }
            }
        }
        at = node;
    }
    tree
}

/// Writes one move's judgement into the tree: `[%eval]` (Dark's chance
/// after it, 0 to 1), the class's glyph and, for an inaccuracy or worse,
/// `[%best]` (if `best` is legal before the move). The rest of the comment
/// (words, other commands) stays after them; a fine move keeps the glyph it
/// had.
pub fn mark(tree: &mut GameTree, node: NodeId, dark: f32, class: MoveClass, best: Option<Move>) {
    let Some(before) = tree.parent(node) else {
        return;
    };
    let eval = eval_text((dark.clamp(0.0, 1.0) * 1000.0).round() as u16);
    let mut comment = format!("[%eval {eval}]");
    if let Some(glyph) = class.glyph() {
        tree.set_glyph(node, Some(glyph));
        if let Some(best) = best.filter(|&b| tree.position(before).check(b).is_ok()) {
            comment.push_str(&format!(" [%best {}]", tree.position(before).token(best)));
        }
    }
    let rest = tree.comment_without(node, &["eval", "best"]);
    if !rest.is_empty() {
        comment.push(' ');
        comment.push_str(&rest);
    }
    // An evaluation, a legal move and words that were a comment: no error,
    // and none to format (which would weigh on the wasm).
    let written = tree.set_comment(node, &comment).is_ok();
    debug_assert!(written, "a comment that does not read: {comment}");
}

/// Per player: inaccuracies, mistakes and blunders, and the mean accuracy.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Moves of each class: fine, inaccuracy, mistake, blunder.
    pub classes: [usize; 4],
    /// The mean of the moves' accuracies (100 with no move).
    pub accuracy: f32,
}

/// The summary of `reviews` for the player who plays `player` (after any
/// swap).
#[must_use]
pub fn summary(reviews: &[MoveReview], player: Color) -> Summary {
    let mine: Vec<&MoveReview> = reviews.iter().filter(|r| r.player == player).collect();
    let mut classes = [0; 4];
    for r in &mine {
        classes[r.class as usize] += 1;
    }
    let accuracy = if mine.is_empty() {
        100.0
    } else {
        mine.iter().map(|r| r.accuracy()).sum::<f32>() / mine.len() as f32
    };
    Summary { classes, accuracy }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_thresholds() {
        let cases = [
            (0.6, 0.58, MoveClass::Fine),
            (0.6, 0.55, MoveClass::Inaccuracy),
            (0.6, 0.49, MoveClass::Inaccuracy),
            (0.6, 0.47, MoveClass::Mistake),
            (0.6, 0.43, MoveClass::Mistake),
            (0.6, 0.41, MoveClass::Blunder),
            (0.3, 0.4, MoveClass::Fine),
        ];
        for (before, after, class) in cases {
            assert_eq!(
                MoveClass::of(before, after, false, false),
                class,
                "{before} → {after}"
            );
        }
    }

    #[test]
    fn a_proven_win_thrown_away_is_a_blunder_and_the_only_winning_move_is_not() {
        assert_eq!(MoveClass::of(1.0, 0.97, true, false), MoveClass::Blunder);
        assert_eq!(MoveClass::of(1.0, 1.0, true, true), MoveClass::Fine);
    }

    #[test]
    fn a_mark_writes_the_judgement_before_the_authors_words() {
        let mut tree = GameTree::from_annotated("5x5 BCc3 WSd3 {a calm reply}", true).unwrap();
        let node = tree.main_line()[1];
        let token: crate::Token = "WSc2".parse().unwrap();
        let best = token.to_move(tree.position(tree.main_line()[0])).unwrap();
        mark(&mut tree, node, 0.8125, MoveClass::Mistake, Some(best));
        assert_eq!(tree.glyph(node), Some(Glyph::Mistake));
        assert_eq!(
            tree.comment(node),
            "[%eval 0.813] [%best WSc2] a calm reply"
        );
        // Judged again as fine: the new evaluation replaces the old, the glyph stays.
        mark(&mut tree, node, 0.5, MoveClass::Fine, None);
        assert_eq!(tree.comment(node), "[%eval 0.5] a calm reply");
        assert_eq!(tree.glyph(node), Some(Glyph::Mistake));
        // Other commands and an unclosed `[%` are the author's: they stay.
        tree.set_comment(node, "[%clk 0:01:00] a [% b [%best WSc2]")
            .unwrap();
        mark(&mut tree, node, 0.25, MoveClass::Fine, None);
        assert_eq!(tree.comment(node), "[%eval 0.25] [%clk 0:01:00] a [% b");
        assert_eq!(tree.comment_text(node), "a [% b");
        assert_eq!(MoveClass::from_name("mistake"), Some(MoveClass::Mistake));
        assert_eq!(MoveClass::from_name("Mistake"), None);
    }

    /// A 3×3 position with Dark to move that the solver settles: `BSb2`
    /// wins, `BCb2` loses.
    const SOLVED: &str = "3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3";

    fn solved() -> Position {
        Game::from_record(SOLVED, false).unwrap().position().clone()
    }

    #[test]
    fn on_a_solved_position_the_winning_move_is_fine_and_the_losing_one_a_blunder() {
        let pos = solved();
        let mut analyser = Analyser::new(3);
        let before = analyser
            .analyse(&pos, Limit::iterations(2000), None, &mut |_| true)
            .unwrap();
        assert_eq!(before.proven, Some(true), "{before:?}");
        let winning = before.candidates[0].mv;
        assert_eq!(winning.to_string(), "BSb2");
        let mut judge = |m: Move| {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let after = analyser.analyse(&next, Limit::iterations(2000), None, &mut |_| true);
            MoveReview::new(1, &pos, m, &before, after.as_ref(), None).class
        };
        assert_eq!(judge(winning), MoveClass::Fine);
        assert_eq!(judge("BCb2".parse().unwrap()), MoveClass::Blunder);
        // A search after the winning move that misses the proof does not
        // make a blunder of it: the proof before the move settles it.
        let mut unproven = analysed_after(&mut analyser, &pos, winning, 2000);
        (unproven.proven, unproven.mean, unproven.raw_mean) = (None, 0.4, 0.4);
        let kept = MoveReview::new(1, &pos, winning, &before, Some(&unproven), None);
        assert_eq!((kept.after, kept.class), (1.0, MoveClass::Fine));
        // Nor when the search before it did not prove the move either: the
        // exact solver shows the win kept. A losing move stays a blunder.
        let mut doubted = before.clone();
        doubted.candidates[0].proven = None;
        let settled = with_kept_win(&doubted, &pos, winning, Some(unproven.clone())).unwrap();
        assert_eq!((settled.proven, settled.mean), (Some(false), 0.0));
        let kept = MoveReview::new(1, &pos, winning, &doubted, Some(&settled), None);
        assert_eq!((kept.after, kept.class), (1.0, MoveClass::Fine));
        // The same in the analyser's judgement, with those two analyses as
        // its searches' answers.
        let limit = Limit::iterations(2000);
        let mut primed = Analyser::new(3);
        primed.cache.push((pos.clone(), limit, doubted));
        primed.cache.push((after(&pos, winning), limit, unproven));
        let kept = primed.judge(1, &pos, winning, limit, None).unwrap();
        assert_eq!((kept.after, kept.class), (1.0, MoveClass::Fine));
        let losing: Move = "BCb2".parse().unwrap();
        let lost = analysed_after(&mut analyser, &pos, losing, 1);
        assert_eq!(lost.proven, None);
        let escape = Solver::new().distance(&after(&pos, losing), Color::Dark, KEPT_PLIES);
        assert_eq!(escape, Ok(None));
        let mut doubted = before.clone();
        doubted.candidates.retain(|c| c.mv != losing);
        assert_eq!(
            with_kept_win(&doubted, &pos, losing, Some(lost.clone())),
            Some(lost)
        );
        // The same through the analyser's judgement, as a review makes it.
        let mut analyser = Analyser::new(3);
        let mut judged = |m: Move| {
            analyser
                .judge(1, &pos, m, Limit::iterations(2000), None)
                .unwrap()
                .class
        };
        assert_eq!(judged(winning), MoveClass::Fine);
        assert_eq!(judged("BCb2".parse().unwrap()), MoveClass::Blunder);
    }

    /// `pos` after `m`.
    fn after(pos: &Position, m: Move) -> Position {
        let mut next = pos.clone();
        next.play_unchecked(m);
        next
    }

    /// The analysis of `pos` after `m` within `iterations`.
    fn analysed_after(
        analyser: &mut Analyser,
        pos: &Position,
        m: Move,
        iterations: u64,
    ) -> Analysis {
        analyser
            .analyse(
                &after(pos, m),
                Limit::iterations(iterations),
                None,
                &mut |_| true,
            )
            .unwrap()
    }

    #[test]
    fn a_move_the_first_look_marks_a_mistake_is_judged_again_from_searches_four_times_as_long() {
        let pos = crate::search::midgame_position(crate::Rules::new(7).unwrap(), 2);
        let limit = Limit::iterations(300);
        let longer = Limit::iterations(300 * RECHECK);
        let plain = |m: Move, limit: Limit| {
            Analyser::new(5)
                .with_recheck(1)
                .judge(1, &pos, m, limit, None)
                .unwrap()
        };
        let moves = pos.legal_moves();
        let doubtful = moves
            .iter()
            .copied()
            .find(|&m| plain(m, limit).class >= MoveClass::Mistake)
            .expect("some move is marked at 300 iterations");
        let fine = moves
            .iter()
            .copied()
            .find(|&m| plain(m, limit).class == MoveClass::Fine)
            .expect("some move is fine");
        let judged = |m: Move| Analyser::new(5).judge(1, &pos, m, limit, None).unwrap();
        // The second look analyses the positions after the move and after
        // the best one within four times the budget.
        let mut analyser = Analyser::new(5);
        let before = analyser.analyse(&pos, limit, None, &mut |_| true).unwrap();
        let best = before.candidates[0].mv;
        let mut deeper = |m: Move| analyser.analyse(&after(&pos, m), longer, None, &mut |_| true);
        let (played, preferred) = (deeper(doubtful), deeper(best));
        let second = judged(doubtful);
        assert_eq!(
            second,
            MoveReview::new(
                1,
                &pos,
                doubtful,
                &before,
                played.as_ref(),
                preferred.as_ref()
            )
        );
        assert_ne!(second, plain(doubtful, limit));
        assert_eq!(judged(fine), plain(fine, limit));
    }

    #[test]
    fn the_best_move_loses_nothing_and_a_move_barely_looked_at_is_set_against_it() {
        let pos = crate::search::midgame_position(crate::Rules::new(7).unwrap(), 2);
        let mut analyser = Analyser::new(2).with_recheck(1);
        let limit = Limit::iterations(3000);
        let before = analyser.analyse(&pos, limit, None, &mut |_| true).unwrap();
        let best = before.candidates[0].mv;
        let judged = analyser.judge(1, &pos, best, limit, None).unwrap();
        assert_eq!(
            (judged.before, judged.class),
            (judged.after, MoveClass::Fine)
        );
        // A move the analysis did not look at: each of the two moves is
        // valued by an analysis of the position it leads to, within the
        // same budget.
        let unseen = pos
            .legal_moves()
            .into_iter()
            .find(|&m| MoveReview::well_seen(&before, m).is_none())
            .unwrap();
        let judged = analyser.judge(1, &pos, unseen, limit, None).unwrap();
        let mut analysis = |m: Move| {
            analyser
                .analyse(&after(&pos, m), limit, None, &mut |_| true)
                .unwrap()
        };
        let (played, preferred) = (analysis(unseen), analysis(best));
        assert_eq!(
            (judged.before, judged.after),
            (1.0 - preferred.mean, 1.0 - played.mean)
        );
        assert_eq!(
            judged.raw_drop,
            (1.0 - preferred.raw_mean) - (1.0 - played.raw_mean)
        );
        assert_eq!(
            judged.class,
            MoveClass::of(judged.before, judged.after, false, false)
        );
    }

    #[test]
    fn a_move_the_analysis_looked_at_is_set_against_the_best_only_when_it_drops_five_points() {
        let pos = crate::search::midgame_position(crate::Rules::new(7).unwrap(), 2);
        let mut analyser = Analyser::new(2);
        let limit = Limit::iterations(3000);
        let mut before = analyser.analyse(&pos, limit, None, &mut |_| true).unwrap();
        assert_eq!(before.proven, None);
        let second = before.candidates[1].mv;
        let next = analyser.analyse(&after(&pos, second), limit, None, &mut |_| true);
        assert_eq!(next.as_ref().map(|a| a.proven), Some(None));
        // The second move, looked at as much as the whole search, valued
        // (calibrated, raw) that many points under the best one.
        let (win, raw) = (before.win, before.raw);
        let mut glance = |under: (f32, f32)| {
            let c = &mut before.candidates[1];
            (c.visits, c.win, c.raw) = (u32::MAX, win - under.0, raw - under.1);
            let judged = MoveReview::new(1, &pos, second, &before, next.as_ref(), None);
            (judged.class, judged.needs_pair(&before, next.as_ref()))
        };
        assert_eq!(glance((0.04, 0.04)), (MoveClass::Fine, false));
        assert_eq!(glance((0.06, 0.04)), (MoveClass::Inaccuracy, true));
        assert_eq!(glance((0.04, 0.06)), (MoveClass::Fine, true));
    }

    #[test]
    fn a_move_the_analysis_before_it_proved_lost_is_a_blunder_without_a_pair() {
        let pos = crate::search::midgame_position(crate::Rules::new(7).unwrap(), 2);
        let mut analyser = Analyser::new(2);
        let limit = Limit::iterations(3000);
        let mut before = analyser.analyse(&pos, limit, None, &mut |_| true).unwrap();
        assert!(before.proven.is_none() && before.win >= 0.18, "{before:?}");
        // The second move proven lost, while the search after it (as if
        // it had missed the proof) still hopes.
        let lost = before.candidates[1].mv;
        let c = &mut before.candidates[1];
        (c.proven, c.win, c.raw) = (Some(false), 0.0, 0.0);
        let next = analyser.analyse(&after(&pos, lost), limit, None, &mut |_| true);
        assert_eq!(next.as_ref().map(|a| a.proven), Some(None));
        let judged = MoveReview::new(1, &pos, lost, &before, next.as_ref(), None);
        assert_eq!(
            (
                judged.after,
                judged.class,
                judged.needs_pair(&before, next.as_ref())
            ),
            (0.0, MoveClass::Blunder, false)
        );
    }

    #[test]
    fn at_the_swap_the_move_and_the_best_one_are_valued_for_the_second_player() {
        let limit = Limit::iterations(1000);
        // The swap's share of the visits sees it well, so it is paired when
        // it drops five points; a placement the search did not look at
        // always is.
        for (record, swap_best) in [("7x7 BCc3", false), ("5x5 BCc3", true)] {
            let pos = Game::from_record(record, true).unwrap().position().clone();
            // No second look, so that the pair is the one at `limit`.
            let mut analyser = Analyser::new(6).with_recheck(1);
            let before = analyser.analyse(&pos, limit, None, &mut |_| true).unwrap();
            let best = before.candidates[0].mv;
            assert_eq!(best == Move::Swap, swap_best, "{record}");
            let played = if swap_best {
                pos.legal_moves()
                    .into_iter()
                    .find(|&m| MoveReview::well_seen(&before, m).is_none())
                    .unwrap()
            } else {
                Move::Swap
            };
            let judged = analyser.judge(2, &pos, played, limit, None).unwrap();
            let mut analysis = |m: Move| {
                analyser
                    .analyse(&after(&pos, m), limit, None, &mut |_| true)
                    .unwrap()
            };
            let (reached, preferred) = (analysis(played), analysis(best));
            if !swap_best {
                let glance = MoveReview::new(2, &pos, played, &before, Some(&reached), None);
                assert!(MoveReview::well_seen(&before, played).is_some());
                assert!(glance.before - glance.after >= MoveClass::THRESHOLDS[0]);
            }
            // The swapper plays Dark, and after the swap Light is still to
            // move; after Light's placement Dark is to move: either way
            // the second player's chance is the side to move's loss.
            let player = if played == Move::Swap {
                Color::Dark
            } else {
                Color::Light
            };
            assert_eq!(
                (judged.player, judged.before, judged.after),
                (player, 1.0 - preferred.mean, 1.0 - reached.mean),
                "{record}"
            );
        }
    }

    #[test]
    fn the_cache_answers_a_position_seen_with_the_same_budget() {
        let pos = Position::new(crate::Rules::new(5).unwrap());
        let mut analyser = Analyser::new(1);
        let first = analyser
            .analyse(&pos, Limit::iterations(500), None, &mut |_| true)
            .unwrap();
        assert!(analyser.cached(&pos, Limit::iterations(500)).is_some());
        assert!(analyser.cached(&pos, Limit::iterations(400)).is_none());
        assert!(analyser.cached(&pos, Limit::iterations(501)).is_none());
        assert!(analyser.cached(&pos, Limit::millis(100.0)).is_none());
        let again = analyser
            .analyse(&pos, Limit::iterations(500), None, &mut |_| true)
            .unwrap();
        assert_eq!(again, first);
        // A shorter look is its own, and is kept beside the longer.
        analyser.analyse(&pos, Limit::iterations(300), None, &mut |_| true);
        assert!(analyser.cached(&pos, Limit::iterations(300)).is_some());
        assert!(analyser.cached(&pos, Limit::iterations(500)).is_some());
        let mut other = pos.clone();
        other.play_unchecked(pos.legal_moves()[0]);
        assert!(analyser.cached(&other, Limit::iterations(1)).is_none());
    }

    #[test]
    fn a_review_marks_a_planted_blunder_and_annotates_it() {
        let game = Game::from_record(&format!("{SOLVED} BCb2"), false).unwrap();
        let mut analyser = Analyser::new(5);
        let reviews = review(
            &game,
            &mut analyser,
            Limit::iterations(3000),
            None,
            &mut |_| true,
        )
        .unwrap();
        assert_eq!(reviews.len(), 9);
        for r in &reviews {
            assert!((0.0..=1.0).contains(&r.before) && (0.0..=1.0).contains(&r.after));
            assert_eq!(
                r.dark,
                if r.player == Color::Dark {
                    r.after
                } else {
                    1.0 - r.after
                }
            );
        }
        let tree = annotate(&game, &reviews);
        let back = GameTree::from_annotated(&tree.to_annotated(), false).unwrap();
        assert_eq!(back.main_line_record(), game.record());
        for (r, node) in reviews.iter().zip(back.main_line()) {
            assert_eq!(back.glyph(node), r.class.glyph());
            assert_eq!(back.eval(node), Some((r.dark * 1000.0).round() as u16));
        }
        let last = reviews.last().unwrap();
        assert_eq!(last.class, MoveClass::Blunder);
        assert_eq!(last.best[0].to_string(), "BSb2");
        let text = tree.to_annotated();
        assert!(
            text.contains("BCb2?? {[%eval 0] [%best BSb2]} (BSb2"),
            "{text}"
        );
        let dark = summary(&reviews, Color::Dark);
        assert_eq!(dark.classes.iter().sum::<usize>(), 5);
        assert!(dark.classes[MoveClass::Blunder as usize] >= 1);
    }

    #[test]
    fn after_a_swap_the_first_move_counts_for_the_player_now_light() {
        let game = Game::from_record("5x5 BCc3 swap WSb3", true).unwrap();
        let mut analyser = Analyser::new(1);
        let reviews = review(
            &game,
            &mut analyser,
            Limit::iterations(200),
            None,
            &mut |_| true,
        )
        .unwrap();
        let players: Vec<Color> = reviews.iter().map(|r| r.player).collect();
        assert_eq!(players, [Color::Light, Color::Dark, Color::Light]);
    }

    #[test]
    fn stopping_a_review_returns_nothing() {
        let game = Game::from_record("5x5 BCc3 WSb3 BCc2", true).unwrap();
        let mut analyser = Analyser::new(1);
        let mut heard = 0;
        let result = review(
            &game,
            &mut analyser,
            Limit::iterations(100),
            None,
            &mut |_| {
                heard += 1;
                heard < 2
            },
        );
        assert_eq!((result, heard), (None, 2));
    }

    #[test]
    fn a_judgement_depends_on_the_position_and_budget_not_on_what_came_before() {
        let game = Game::from_record("7x7 BCd4 WSc3 BSe5 WCc5 BSd3 WCe3", true).unwrap();
        let limit = Limit::iterations(800);
        let judge_all = |analyser: &mut Analyser, order: &[usize]| {
            let mut judged: Vec<_> = order
                .iter()
                .map(|&k| {
                    let mut from = Position::new(crate::Rules::new(7).unwrap());
                    for &m in &game.moves()[..k] {
                        from.play_unchecked(m);
                    }
                    let r = analyser
                        .judge(k + 1, &from, game.moves()[k], limit, None)
                        .unwrap();
                    (k, r.before, r.after, r.class, r.best)
                })
                .collect();
            judged.sort_by_key(|j| j.0);
            judged
        };
        let in_order = judge_all(&mut Analyser::new(4), &[0, 1, 2, 3, 4, 5]);
        let backwards = judge_all(&mut Analyser::new(4), &[5, 4, 3, 2, 1, 0]);
        // A search of something else first, as the coach's worker may have done.
        let mut busy = Analyser::new(4);
        busy.analyse(&solved(), Limit::iterations(500), None, &mut |_| true);
        let after_other = judge_all(&mut busy, &[3, 1, 5, 0, 2, 4]);
        assert_eq!(in_order, backwards);
        assert_eq!(in_order, after_other);
    }

    #[test]
    fn accuracy_is_100_without_a_drop_and_falls_with_it() {
        let at = |before: f32, after: f32| {
            MoveReview {
                ply: 1,
                played: Move::Swap,
                player: Color::Dark,
                before,
                after,
                dark: after,
                raw_drop: 0.0,
                class: MoveClass::Fine,
                best: Vec::new(),
            }
            .accuracy()
        };
        assert!((at(0.5, 0.5) - 100.0).abs() < 0.01);
        assert!(at(0.5, 0.4) < at(0.5, 0.45));
        assert!(at(0.9, 0.1) < 5.0);
    }
}
