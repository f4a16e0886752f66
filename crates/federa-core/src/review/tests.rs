//! The review's tests: the classes and their thresholds, marks in a tree,
//! proofs and the solver's check, pairing with the best move, summaries.

use super::analyser::{KEPT_PLIES, with_kept_win};
use super::*;
use crate::annotated::{GameTree, Glyph};
use crate::game::Game;
use crate::puzzle::Solver;
use crate::search::Limit;

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
    let mut unproven = analysed_after(&mut analyser, &pos, winning, Limit::iterations(2000));
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
    let lost = analysed_after(&mut analyser, &pos, losing, Limit::iterations(1));
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

/// The review of `game` within `iterations` a position, heard to the end.
fn reviewed(game: &Game, analyser: &mut Analyser, iterations: u64) -> Vec<MoveReview> {
    review(
        game,
        analyser,
        Limit::iterations(iterations),
        None,
        &mut |_| true,
    )
    .unwrap()
}

/// The analysis of `pos` after `m` within `limit`.
fn analysed_after(analyser: &mut Analyser, pos: &Position, m: Move, limit: Limit) -> Analysis {
    analyser
        .analyse(&after(pos, m), limit, None, &mut |_| true)
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
    let mut analysis = |m: Move| analysed_after(&mut analyser, &pos, m, limit);
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
    // it drops five points (here of the raw value, as the calibrated
    // chance hardly moves on a board so empty); a placement the search
    // did not look at always is.
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
        let mut analysis = |m: Move| analysed_after(&mut analyser, &pos, m, limit);
        let (reached, preferred) = (analysis(played), analysis(best));
        if !swap_best {
            let glance = MoveReview::new(2, &pos, played, &before, Some(&reached), None);
            assert!(MoveReview::well_seen(&before, played).is_some());
            assert!(
                glance.raw_drop >= MoveClass::THRESHOLDS[0],
                "{}",
                glance.raw_drop
            );
            assert!(glance.needs_pair(&before, Some(&reached)));
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
    let reviews = reviewed(&game, &mut analyser, 3000);
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
    let reviews = reviewed(&game, &mut analyser, 200);
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
