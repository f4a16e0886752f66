//! The search's tests: the player's choices, proofs, tree reuse and its
//! memory cap, analyses, the swap, levels and the seeded move every
//! platform must agree on.

use super::*;
use crate::Rules;

/// The move of `a_seeded_search_gives_the_same_move_on_every_platform`,
/// which the wasm tests check too. Update it when the search changes.
const CROSS_PLATFORM_MOVE: &str = include_str!("../../tests/data/seeded_search_move.txt");

fn pos(text: &str) -> Position {
    text.parse().unwrap()
}

fn think(player: &mut Player, p: &Position, iterations: u64) -> Progress {
    player
        .think(p, Limit::iterations(iterations), None, &mut |_| true)
        .unwrap()
}

#[test]
fn the_same_seed_and_iterations_give_the_same_move() {
    let p = midgame_position(Rules::new(9).unwrap(), 3);
    for kind in [PlayerKind::Level(Level::Master), PlayerKind::Uct] {
        let a = think(&mut Player::new(kind, 42), &p, 300);
        let b = think(&mut Player::new(kind, 42), &p, 300);
        assert_eq!(a.best, b.best, "{kind}");
        assert_eq!(a.pv, b.pv, "{kind}");
        assert_eq!(a.win, b.win, "{kind}");
    }
}

#[test]
fn a_winning_change_is_found_and_proven() {
    let p = pos("sss/sCs/sss b");
    let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
    let r = think(&mut ai, &p, 50);
    assert_eq!(r.best.to_string(), "BFCa1");
    assert_eq!(r.proven, Some(true));
    assert_eq!(r.win, 1.0);
}

#[test]
fn a_proven_win_is_played_the_quickest_way() {
    // Light wins here, and only light round at a2 wins within 8 plies;
    // the search proves other moves win too, more slowly.
    let p = Position::parse_with_pie("cScSC/cccsS/scsss/CCcsS/SsCSS w 31", false).unwrap();
    let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
    let r = think(&mut ai, &p, 8_000);
    assert_eq!(r.proven, Some(true));
    assert_eq!(r.best.to_string(), "WFCa2");
    assert_eq!(r.pv.len(), 8, "the line to the win: {:?}", r.pv);
}

#[test]
fn a_proven_root_ends_the_search_early() {
    let p = pos("sss/sCs/sss b");
    let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
    let r = think(&mut ai, &p, 10_000);
    assert!(r.iterations < 10, "{}", r.iterations);
}

#[test]
fn returning_false_from_report_stops_the_search() {
    let p = midgame_position(Rules::new(7).unwrap(), 1);
    let mut ai = Player::new(PlayerKind::Level(Level::Master), 1);
    let mut reports = 0;
    let r = ai
        .think(&p, Limit::iterations(1_000_000), None, &mut |_| {
            reports += 1;
            false
        })
        .unwrap();
    // Without a clock, progress comes every 1000 iterations.
    assert_eq!(r.iterations, 1000);
    assert_eq!(reports, 2, "the stop, then the final result");
}

#[test]
fn progress_has_a_legal_principal_variation() {
    let p = midgame_position(Rules::new(7).unwrap(), 5);
    let r = think(
        &mut Player::new(PlayerKind::Level(Level::Master), 5),
        &p,
        2000,
    );
    assert_eq!(r.pv[0], r.best);
    let mut line = p.clone();
    for m in &r.pv {
        line.try_play(*m).unwrap();
    }
    assert!((0.0..=1.0).contains(&r.win));
}

#[test]
fn the_tree_follows_the_game_and_is_kept() {
    let p = Position::new(Rules::new(5).unwrap());
    let mut ai = Player::new(PlayerKind::Level(Level::Master), 9);
    let r = think(&mut ai, &p, 3000);
    let before = ai.tree_nodes();
    ai.observe(r.best);
    let mut after = p.clone();
    after.play(r.best);
    assert!(ai.tree_nodes() > 0 && ai.tree_nodes() < before);
    let reply = think(&mut ai, &after, 10);
    assert!(after.is_legal(reply.best));
    // A position the tree does not know starts a fresh tree.
    let other = midgame_position(Rules::new(5).unwrap(), 4);
    let r = think(&mut ai, &other, 10);
    assert!(other.is_legal(r.best));
}

#[test]
fn an_analysis_counts_every_simulation_on_every_point() {
    let pos = midgame_position(Rules::new(7).unwrap(), 3);
    let mut ai = Player::new(PlayerKind::Level(Level::Master), 9);
    let mut reports = 0;
    let a = ai
        .analyse(&pos, Limit::iterations(2500), None, &mut |_| {
            reports += 1;
            true
        })
        .unwrap();
    assert_eq!(a.iterations, 2500);
    assert_eq!(u64::from(a.simulations), a.iterations);
    assert_eq!(a.ownership.len(), 49);
    for (k, [dark, light]) in a.ownership.iter().enumerate() {
        assert_eq!(dark + light, a.simulations, "point {k}");
    }
    // A point already taken keeps its colour until a change: the
    // counts lean its way.
    let a1 = pos.piece_at(crate::Point::new(0, 0));
    if let Some(piece) = a1 {
        let [dark, light] = a.ownership[0];
        assert_eq!(dark > light, piece.color == Color::Dark, "{pos}");
    }
    assert_eq!(reports, 3, "two along the way and the final one");
}

#[test]
fn an_analysis_lists_the_moves_tried_best_first_and_agrees_with_think() {
    let pos = midgame_position(Rules::new(7).unwrap(), 5);
    let limit = Limit::iterations(3000);
    let a = Player::new(PlayerKind::Level(Level::Master), 4)
        .analyse(&pos, limit, None, &mut |_| true)
        .unwrap();
    let p = think(
        &mut Player::new(PlayerKind::Level(Level::Master), 4),
        &pos,
        3000,
    );
    assert_eq!(a.candidates[0].mv, p.best);
    assert_eq!(a.candidates[0].pv, p.pv);
    assert_eq!(a.win, p.win);
    assert!(a.candidates.windows(2).all(|w| w[0].visits >= w[1].visits));
    let visits: u64 = a.candidates.iter().map(|c| u64::from(c.visits)).sum();
    assert!((2900..=3000).contains(&visits), "{visits}");
    for c in &a.candidates {
        assert!(pos.is_legal(c.mv) && c.pv[0] == c.mv);
        assert!((0.0..=1.0).contains(&c.win));
    }
}

#[test]
fn an_analysis_of_a_won_position_proves_it() {
    let pos: Position = "sss/sCs/sss b".parse().unwrap();
    let a = Player::new(PlayerKind::Level(Level::Master), 1)
        .analyse(&pos, Limit::iterations(100), None, &mut |_| true)
        .unwrap();
    assert_eq!((a.proven, a.win), (Some(true), 1.0));
    assert_eq!(a.candidates[0].mv.to_string(), "BFCa1");
    assert_eq!(a.candidates[0].proven, Some(true));
    let over = Player::new(PlayerKind::Level(Level::Master), 1).analyse(
        &Position::new(Rules::new(2).unwrap()),
        Limit::iterations(10),
        None,
        &mut |_| true,
    );
    assert!(over.is_some());
    assert!(
        Player::new(PlayerKind::Random, 1)
            .analyse(&pos, Limit::iterations(10), None, &mut |_| true)
            .is_none()
    );
}

#[test]
fn the_tree_never_passes_its_memory_cap() {
    let cap = 256 << 10;
    let p = Position::new(Rules::new(9).unwrap());
    let mut search = Search::new(Config::STRONG, 1);
    search.tree = Tree::new(cap);
    let mut game = p.clone();
    for _ in 0..6 {
        let r = search
            .think(&game, Limit::iterations(3000), None, &mut |_| true)
            .unwrap();
        assert!(
            search.tree.bytes() <= cap,
            "{} > {cap}",
            search.tree.bytes()
        );
        assert!(search.tree.bytes() <= search.tree.max_bytes());
        game.play(r.best);
        search.advance(r.best);
    }
    const { assert!(TREE_MEMORY_CAP <= 64 << 20) };
}

/// Nodes reachable from the root (the arena may hold unused slots).
fn reachable(tree: &Tree) -> usize {
    let mut count = 0;
    let mut stack = vec![0u32];
    while let Some(i) = stack.pop() {
        count += 1;
        let n = tree.node(i);
        stack.extend(n.first_child..n.first_child + u32::from(n.n_children));
    }
    count
}

#[test]
fn plain_uct_adds_one_node_per_iteration() {
    let p = midgame_position(Rules::new(9).unwrap(), 2);
    let mut search = Search::new(Config::UCT, 3);
    for total in [1u64, 2, 50, 1000, 5000] {
        let mut fresh = Search::new(Config::UCT, 3);
        let r = fresh
            .think(&p, Limit::iterations(total), None, &mut |_| true)
            .unwrap();
        assert_eq!(r.iterations, total);
        assert_eq!(reachable(&fresh.tree), total as usize + 1, "{total}");
    }
    // Every move of the root is tried once before any is tried twice.
    search
        .think(
            &p,
            Limit::iterations(p.move_count() as u64),
            None,
            &mut |_| true,
        )
        .unwrap();
    let root = *search.tree.node(0);
    assert_eq!(usize::from(root.n_children), p.move_count());
    for i in root.first_child..root.first_child + u32::from(root.n_children) {
        assert_eq!(search.tree.node(i).visits, 1);
    }
}

#[test]
fn plain_uct_plays_whole_games_on_the_smallest_boards() {
    for size in [2, 3, 4] {
        let mut game = Position::new(Rules::new(size).unwrap());
        let mut player = Player::new(PlayerKind::Uct, u64::from(size));
        while !game.is_over() {
            let m = think(&mut player, &game, 50).best;
            game.play(m);
            player.observe(m);
        }
    }
}

#[test]
fn a_full_tree_keeps_searching_and_following_the_game() {
    let cap = 32 << 10;
    for config in [Config::STRONG, Config::UCT] {
        let mut search = Search::new(config, 1);
        search.tree = Tree::new(cap);
        let mut game = Position::new(Rules::new(9).unwrap());
        let mut fullest = 0;
        for _ in 0..4 {
            let r = search
                .think(&game, Limit::iterations(4000), None, &mut |_| true)
                .unwrap();
            assert_eq!(r.iterations, 4000, "it runs its whole budget");
            assert!(search.tree.bytes() <= cap);
            fullest = fullest.max(search.tree.len());
            let mut line = game.clone();
            for m in &r.pv {
                line.try_play(*m).unwrap();
            }
            game.play(r.best);
            search.advance(r.best);
        }
        assert!(
            fullest * 5 > search.tree.max_nodes() * 4,
            "{config:?}: the cap was reached ({fullest} of {} nodes)",
            search.tree.max_nodes()
        );
    }
}

#[test]
fn the_swap_is_searched_like_any_move() {
    let mut p = Position::new(Rules::new(3).unwrap());
    p.play("BCb2".parse().unwrap());
    let mut search = Search::new(Config::STRONG, 1);
    search
        .think(&p, Limit::iterations(500), None, &mut |_| true)
        .unwrap();
    let root = *search.tree.node(0);
    let swap = search
        .tree
        .child_with(0, crate::position::codes::SWAP)
        .unwrap();
    assert!(search.tree.node(swap).visits > 0);
    assert!(root.visits >= 500);
    // The swap's statistics count for Dark, the side the swapper takes.
    assert_eq!(search.tree.node(swap).beneficiary, 0);
}

#[test]
fn the_swap_gets_its_share_of_the_visits_and_is_chosen_by_value() {
    for (first, seed) in [("BCc3", 1), ("BSa1", 2), ("BCb4", 3)] {
        let mut p = Position::new(Rules::new(5).unwrap());
        p.play(first.parse().unwrap());
        let mut search = Search::new(Config::STRONG, seed);
        search
            .think(&p, Limit::iterations(4_000), None, &mut |_| true)
            .unwrap();
        let t = &search.tree;
        let root = *t.node(0);
        let swap = t.child_with(0, SWAP).unwrap();
        let share = t.node(swap).visits as f32 / root.visits as f32;
        assert!(
            share >= 0.24,
            "after {first} the swap had {share} of the visits"
        );
        let value = |i: u32| t.node(i).wins / t.node(i).visits.max(1) as f32;
        let children = root.first_child..root.first_child + u32::from(root.n_children);
        let placement = children
            .filter(|&i| i != swap)
            .max_by_key(|&i| t.node(i).visits)
            .unwrap();
        let chosen = search.choose(0).unwrap();
        let want = if value(swap) > value(placement) {
            swap
        } else {
            placement
        };
        assert_eq!(
            chosen,
            want,
            "after {first}: swap {} against {}",
            value(swap),
            value(placement)
        );
    }
}

#[test]
fn at_the_second_move_the_analysis_puts_the_move_the_search_would_play_first() {
    for first in ["BCc3", "BSa1", "BCb4"] {
        let mut p = Position::new(Rules::new(5).unwrap());
        p.play(first.parse().unwrap());
        let mut search = Search::new(Config::STRONG, 7);
        let best = search
            .think(&p, Limit::iterations(4_000), None, &mut |_| true)
            .unwrap()
            .best;
        let analysis = search.analysis(4_000, 0.0);
        assert_eq!(analysis.candidates[0].mv, best, "after {first}");
    }
}

#[test]
fn the_novice_plays_legal_moves_that_vary_with_the_seed() {
    let p = Position::new(Rules::new(7).unwrap());
    let moves: std::collections::HashSet<String> = (0..8)
        .map(|seed| {
            let r = think(
                &mut Player::new(PlayerKind::Level(Level::Novice), seed),
                &p,
                1000,
            );
            assert!(p.is_legal(r.best));
            r.best.to_string()
        })
        .collect();
    assert!(moves.len() > 1);
}

#[test]
fn levels_cap_their_iterations() {
    let p = Position::new(Rules::new(5).unwrap());
    let r = think(
        &mut Player::new(PlayerKind::Level(Level::Casual), 1),
        &p,
        1_000_000,
    );
    assert_eq!(r.iterations, 100);
}

#[test]
fn ln_is_close_to_the_real_one() {
    for x in [1.0f32, 2.0, std::f32::consts::E, 10.0, 123.0, 1e5, 4e9] {
        assert!((ln(x) - x.ln()).abs() < 1e-4 * x.ln().abs().max(1.0), "{x}");
    }
}

/// The same search in the wasm tests (crates/federa-wasm) must give this
/// move too.
#[test]
fn a_seeded_search_gives_the_same_move_on_every_platform() {
    // Read from text, as the wasm test does: a position's internal
    // layout (and so the order moves are tried in) depends on its past.
    let text = midgame_position(Rules::new(9).unwrap(), 3).to_string();
    let p: Position = text.parse().unwrap();
    let r = think(
        &mut Player::new(PlayerKind::Level(Level::Master), 42),
        &p,
        500,
    );
    assert_eq!(r.best.to_string(), CROSS_PLATFORM_MOVE.trim());
}

#[test]
fn the_first_move_is_valued_for_its_player_across_the_swap() {
    let p = Position::new(Rules::new(3).unwrap());
    let mut search = Search::new(Config::STRONG, 1);
    search
        .think(&p, Limit::iterations(20_000), None, &mut |_| true)
        .unwrap();
    let t = &search.tree;
    let root = *t.node(0);
    let children = |n: &Node| n.first_child..n.first_child + u32::from(n.n_children);
    let mut swaps = 0;
    // The first mover's wins are the second player's losses: each reply
    // (a placement for Light, or the swap for Dark) counts the second
    // player's wins, and the first move its player's, whichever colour
    // that player ends with. Only the first move's own playouts, before
    // it had children, come on top.
    for i in children(&root) {
        let first = *t.node(i);
        let losses: f32 = children(&first)
            .map(|i| t.node(i).visits as f32 - t.node(i).wins)
            .sum();
        let replied: u32 = children(&first).map(|i| t.node(i).visits).sum();
        let own = first.wins - losses;
        assert!(
            (0.0..=(first.visits - replied) as f32).contains(&own),
            "{own} wins of {} own playouts",
            first.visits - replied
        );
        swaps += t.child_with(i, SWAP).map_or(0, |s| t.node(s).visits);
    }
    assert!(swaps > 1000, "the swap was searched: {swaps} visits");
}

#[test]
fn players_by_name() {
    for level in Level::ALL {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert_eq!(
            PlayerKind::from_name(&level.to_string()),
            Some(PlayerKind::Level(level))
        );
    }
    assert_eq!(Level::from_name("1"), Some(Level::Novice));
    assert_eq!(PlayerKind::from_name("uct"), Some(PlayerKind::Uct));
    assert_eq!(PlayerKind::from_name("random"), Some(PlayerKind::Random));
    assert_eq!(PlayerKind::from_name("wizard"), None);
}

#[test]
fn the_random_player_plays_legal_moves() {
    let p = Position::new(Rules::new(4).unwrap());
    let r = Player::new(PlayerKind::Random, 1)
        .think(&p, Limit::default(), None, &mut |_| true)
        .unwrap();
    assert!(p.is_legal(r.best));
}
