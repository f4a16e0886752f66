//! Every rule and worked example of rules.md, each as its own test.

mod common;

use common::{mv, pos, pt};
use federa_core::{
    Color, DEFAULT_SIZE, Game, IllegalMove, Move, Piece, Point, Position, Rules, Setup, perft,
};

// ---- Board and pieces ----

#[test]
fn default_board_is_13_by_13_with_the_pie_rule() {
    let rules = Rules::default();
    assert_eq!(rules.size(), 13);
    assert_eq!(DEFAULT_SIZE, 13);
    assert!(rules.pie);
}

#[test]
fn every_size_from_2_to_25_is_playable_and_no_other() {
    for n in 2..=25u8 {
        let rules = Rules::new(n).unwrap();
        let p = Position::new(rules);
        assert_eq!(p.empty_count(), usize::from(n) * usize::from(n));
        assert_eq!(p.legal_moves().len(), 2 * usize::from(n) * usize::from(n));
        let mut game = p.clone();
        game.random_playout(&mut federa_core::Rng::new(u64::from(n)));
        assert!(game.winner().is_some(), "{n}x{n}");
    }
    assert!(Rules::new(1).is_err());
    assert!(Rules::new(26).is_err());
}

#[test]
fn dark_moves_first() {
    let p = Position::new(Rules::default());
    assert_eq!(p.to_move(), Color::Dark);
    assert!(
        p.legal_moves()
            .iter()
            .all(|m| m.color() == Some(Color::Dark))
    );
}

#[test]
fn each_player_places_both_shapes_of_their_own_colour() {
    let p = Position::new(Rules::new(2).unwrap());
    let pieces: std::collections::BTreeSet<Piece> = p
        .legal_moves()
        .iter()
        .map(|m| match m {
            Move::Place { piece, .. } => *piece,
            _ => panic!("only placements on the empty board"),
        })
        .collect();
    assert_eq!(
        pieces.into_iter().collect::<Vec<_>>(),
        vec![Piece::DARK_ROUND, Piece::DARK_SQUARE]
    );
    let mut p = p;
    assert_eq!(
        p.try_play(mv("WCa1")),
        Err(IllegalMove::NotYourTurn {
            to_move: Color::Dark
        })
    );
}

// ---- Definitions ----

#[test]
fn neighbours_are_orthogonal_so_diagonal_pieces_are_separate_groups() {
    // Dark rounds on a diagonal: three groups of one.
    let p = pos("C2/.C./2C w");
    for at in ["a3", "b2", "c1"] {
        assert_eq!(p.group_at(pt(at)).unwrap().points, vec![pt(at)]);
    }
    assert_eq!(p.group_count(), 3);
}

#[test]
fn a_group_shares_colour_and_shape() {
    // A row of dark round, dark square, light round, light square, dark round:
    // five groups; two dark rounds in a row make one.
    let p = pos("4/4/4/CSCc b");
    assert_eq!(p.group_count(), 4);
    let p = pos("4/4/4/CCSs b");
    assert_eq!(
        p.group_at(pt("a1")).unwrap().points,
        vec![pt("a1"), pt("b1")]
    );
    assert_eq!(p.group_at(pt("c1")).unwrap().points, vec![pt("c1")]);
    assert_eq!(p.group_count(), 3);
}

#[test]
fn a_group_is_maximal_and_connected_around_corners() {
    let p = pos("CC./.C./CCC b");
    let g = p.group_at(pt("c1")).unwrap();
    assert_eq!(g.points.len(), 6);
    assert_eq!(g.canonical_point(), pt("a1"));
}

#[test]
fn enclosed_means_no_empty_neighbour_and_the_edge_is_a_wall() {
    // A corner piece with its two neighbours filled is enclosed.
    let p = pos("3/S2/CS. b");
    let corner = p.group_at(pt("a1")).unwrap();
    assert!(corner.enclosed());
    // b1 still touches the empty c1.
    let g = p.group_at(pt("b1")).unwrap();
    assert!(!g.enclosed());
    assert_eq!(g.empty_neighbours, vec![pt("c1"), pt("b2")]);
}

#[test]
fn attackers_are_the_adjacent_pieces_of_the_attacking_types() {
    // Dark round at b2; around it a dark square (attacks), a light round
    // (attacks), a dark round diagonal (not adjacent) and a light square
    // (does not attack dark rounds).
    let p = pos("Cs./cCS/.s. b");
    let g = p.group_at(pt("b2")).unwrap();
    assert_eq!(g.attackers(Color::Dark), &[pt("c2")]);
    assert_eq!(g.attackers(Color::Light), &[pt("a2")]);
}

// ---- A turn: placement ----

#[test]
fn placing_is_legal_on_any_empty_point_even_a_surrounded_one() {
    let mut p = pos(".C./C.C/.C. w");
    // No suicide rule: the light round at b2 is enclosed at once.
    p.try_play(mv("WCb2")).unwrap();
    assert!(p.group_at(pt("b2")).unwrap().enclosed());
    // Every empty point takes either shape.
    assert_eq!(
        p.legal_moves()
            .iter()
            .filter(|m| matches!(m, Move::Place { .. }))
            .count(),
        2 * 4
    );
}

#[test]
fn placing_on_an_occupied_point_is_refused() {
    let mut p = pos("3/3/C2 w");
    let before = p.clone();
    assert_eq!(
        p.try_play(mv("WSa1")),
        Err(IllegalMove::Occupied {
            at: pt("a1"),
            occupant: Piece::DARK_ROUND
        })
    );
    assert_eq!(p, before);
}

#[test]
fn placing_off_the_board_is_refused() {
    let mut p = Position::new(Rules::new(3).unwrap());
    assert_eq!(
        p.try_play(mv("BCd1")),
        Err(IllegalMove::OffBoard {
            at: pt("d1"),
            size: 3
        })
    );
}

// ---- A turn: change ----

#[test]
fn more_attackers_entitle_a_change() {
    // Dark round at a1 attacked by two dark squares, no light: Dark 2-0.
    let p = pos("3/S2/CS. b");
    assert!(p.is_legal(mv("BFSa1")));
}

#[test]
fn a_change_is_legal_before_the_board_is_full_and_on_ones_own_group() {
    let mut p = pos("3/S2/CS. b");
    assert!(p.empty_count() > 0);
    p.try_play(mv("BFSa1")).unwrap();
    // It joins the dark squares beside it.
    assert_eq!(p.group_at(pt("a1")).unwrap().points.len(), 3);
}

#[test]
fn a_piece_touching_the_group_twice_counts_once() {
    // Dark rounds a1, a2, b1; the light round at b2 touches a2 and b1 but is
    // one attacker. Dark's one attacker is the square at a3. 1-1: a tie.
    let mut p = pos("S2/Cc./CCs w");
    let g = p.group_at(pt("a1")).unwrap();
    assert_eq!(g.attackers(Color::Light), &[pt("b2")]);
    assert_eq!(g.attackers(Color::Dark), &[pt("a3")]);
    assert_eq!(
        p.try_play(mv("WFCa1")),
        Err(IllegalMove::TieNotYours {
            at: pt("a1"),
            count: 1
        })
    );
    let p = pos("S2/Cc./CCs b");
    assert!(p.is_legal(mv("BFSa2")));
}

#[test]
fn outnumbered_change_is_refused_with_both_counts() {
    // The centre is enclosed though c1 is empty: its neighbours are filled.
    let mut p = pos("scs/cCc/sS. b");
    assert_eq!(
        p.try_play(mv("BFSb2")),
        Err(IllegalMove::Outnumbered {
            at: pt("b2"),
            mine: 1,
            theirs: 3
        })
    );
}

#[test]
fn a_tie_goes_to_the_owner_only() {
    let p = pos("scs/SCc/sSs w");
    // Light has moves (its corners), but not the centre.
    let centre = p.group_at(pt("b2")).unwrap();
    assert_eq!(centre.attackers(Color::Dark).len(), 2);
    assert_eq!(centre.attackers(Color::Light).len(), 2);
    assert_eq!(
        centre.check_change(Color::Light),
        Err(IllegalMove::TieNotYours {
            at: pt("b2"),
            count: 2
        })
    );
    assert_eq!(centre.check_change(Color::Dark), Ok(Piece::DARK_SQUARE));
}

#[test]
fn zero_to_zero_is_not_a_tie_even_for_the_owner() {
    let p = pos("sss/sCs/sss b");
    let centre = p.group_at(pt("b2")).unwrap();
    assert!(centre.enclosed());
    for color in Color::ALL {
        assert_eq!(
            centre.check_change(color),
            Err(IllegalMove::NoAttackers { at: pt("b2") })
        );
    }
}

#[test]
fn a_group_that_is_not_enclosed_cannot_be_changed_and_the_error_names_its_empty_neighbours() {
    let mut p = pos("scs/cCc/s.s w");
    let before = p.clone();
    let err = p.try_play(mv("WFCb2")).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::NotEnclosed {
            at: pt("b2"),
            empty_neighbours: vec![pt("b1")]
        }
    );
    assert!(err.to_string().contains("b1"), "{err}");
    assert_eq!(p, before);
}

#[test]
fn a_refused_change_names_the_point_the_move_named_not_the_groups_first() {
    // The dark rounds a3, a2 and b2 form one group that touches empty
    // points; its first point (lowest row, then leftmost) is a2, yet a move
    // at a3 or b2 is refused about a3 or b2.
    let mut p = pos("C../CC./... w");
    for (token, at) in [("WFCa3", "a3"), ("WFCb2", "b2"), ("WFCa2", "a2")] {
        match p.try_play(mv(token)).unwrap_err() {
            IllegalMove::NotEnclosed { at: named, .. } => assert_eq!(named, pt(at), "{token}"),
            other => panic!("{token}: {other}"),
        }
    }
    // Enclosed by light squares, which attack no dark round: the same for
    // the other refusals.
    let mut p = pos("CCs/ssC/.ss w");
    assert_eq!(
        p.try_play(mv("WFCb3")),
        Err(IllegalMove::NoAttackers { at: pt("b3") })
    );
}

#[test]
fn the_result_of_a_change_is_the_movers_attacker_not_a_choice() {
    let mut p = pos("3/S2/CS. b");
    assert_eq!(
        p.try_play(mv("BFCa1")),
        Err(IllegalMove::WrongResult {
            at: pt("a1"),
            expected: Piece::DARK_SQUARE,
            given: Piece::DARK_ROUND
        })
    );
    // The token without a shape letter takes the rules' shape.
    let token: federa_core::Token = "BFa1".parse().unwrap();
    assert_eq!(token.to_move(&p).unwrap(), mv("BFSa1"));
}

#[test]
fn a_change_may_name_any_point_of_the_group() {
    let p = pos("sss/sCs/sss b");
    for at in ["a1", "b1", "c3", "a2"] {
        assert!(p.is_legal(mv(&format!("BFC{at}"))), "{at}");
    }
    assert_eq!(
        p.legal_moves()
            .iter()
            .filter(|m| matches!(m, Move::Change { .. }))
            .collect::<Vec<_>>(),
        vec![&mv("BFCa1")]
    );
}

#[test]
fn changing_an_empty_point_is_refused() {
    let p = pos("3/3/C2 b");
    assert_eq!(
        p.check(mv("BFSb2")),
        Err(IllegalMove::NothingToChange { at: pt("b2") })
    );
}

// ---- A turn: the swap ----

#[test]
fn the_swap_is_lights_first_turn_only() {
    let mut p = Position::new(Rules::new(5).unwrap());
    assert_eq!(p.check(Move::Swap), Err(IllegalMove::SwapUnavailable));
    p.play(mv("BCc3"));
    assert!(p.swap_available());
    assert!(p.legal_moves().contains(&Move::Swap));
    let mut later = p.clone();
    later.play(mv("WCa1"));
    later.play(mv("BCa2"));
    assert_eq!(later.check(Move::Swap), Err(IllegalMove::SwapUnavailable));
}

#[test]
fn the_swap_leaves_the_board_and_light_is_still_to_move() {
    let mut game = Game::new(Rules::new(5).unwrap());
    game.play(mv("BCc3")).unwrap();
    let board = game.position().to_setup().cells;
    game.play(Move::Swap).unwrap();
    let p = game.position();
    assert_eq!(p.to_setup().cells, board);
    assert_eq!(p.to_move(), Color::Light);
    assert_eq!(p.plies(), 2);
    assert!(!p.swap_available());
    assert!(game.swapped());
    assert_eq!(p.check(Move::Swap), Err(IllegalMove::SwapUnavailable));
}

#[test]
fn the_pie_rule_can_be_turned_off() {
    let mut p = Position::new(Rules::with_pie(5, false).unwrap());
    p.play(mv("BCc3"));
    assert!(!p.swap_available());
    assert_eq!(p.check(Move::Swap), Err(IllegalMove::SwapUnavailable));
    assert_eq!(p.legal_moves().len(), 2 * 24);
}

// ---- No pass; automatic skip ----

#[test]
fn there_is_no_pass_move() {
    let p = Position::new(Rules::new(3).unwrap());
    assert!("pass".parse::<Move>().is_err());
    assert_eq!(p.legal_moves().len(), 18);
}

#[test]
fn a_player_without_a_legal_move_is_skipped_automatically() {
    let mut p = pos("scs/cCc/sS. w");
    p.play(mv("WSc1"));
    // Dark has no legal move on this full board, so Light moves again.
    assert_eq!(p.to_move(), Color::Light);
    assert!(p.skipped());
    assert_eq!(p.winner(), None);
    // After Light's change Dark is stuck again; Light still has moves.
    p.play(mv("WFCb2"));
    assert_eq!(p.to_move(), Color::Light);
    assert!(p.skipped());
    assert!(p.move_count() > 0);
}

// ---- End of the game ----

#[test]
fn filling_the_board_with_ones_colour_wins_and_ends_the_game() {
    let mut p = pos("sss/sCs/sss b");
    p.play(mv("BFCa1"));
    assert_eq!(p.winner(), Some(Color::Dark));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.move_count(), 0);
    assert_eq!(
        p.check(mv("WFSa1")),
        Err(IllegalMove::GameOver {
            winner: Color::Dark
        })
    );
    // The turn still passes as usual.
    assert_eq!(p.to_move(), Color::Light);
}

#[test]
fn a_won_position_read_from_text_reports_its_winner() {
    let p = pos("ccc/csc/ccc b");
    assert_eq!(p.winner(), Some(Color::Light));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn a_full_board_of_both_colours_is_not_won() {
    let p = pos("CCC/CCC/CCs w");
    assert_eq!(p.winner(), None);
}

#[test]
fn the_winner_is_the_player_who_just_moved_by_placement() {
    let mut p = pos("SSS/SSS/SS. b");
    p.play(mv("BCc1"));
    assert_eq!(p.winner(), Some(Color::Dark));
}

// ---- Worked examples ----

#[test]
fn example_three_light_rounds_beat_one_dark_square() {
    // With Light to move, Light may change the centre to light round.
    let light = pos("scs/cCc/sSs w");
    assert!(light.is_legal(mv("WFCb2")));
    let centre = light.group_at(pt("b2")).unwrap();
    assert_eq!(centre.attackers(Color::Light).len(), 3);
    assert_eq!(centre.attackers(Color::Dark).len(), 1);
    assert_eq!(centre.changer(), Some(Color::Light));
    // With Dark to move, Dark has no legal move at all and is skipped.
    let dark = pos("scs/cCc/sSs b");
    assert_eq!(dark.to_move(), Color::Light);
    assert!(dark.skipped());
    assert!(dark.changeable_groups(Color::Dark).is_empty());
}

#[test]
fn example_a_two_two_tie_is_the_owners_only_move() {
    let p = pos("scs/SCc/sSs b");
    assert_eq!(p.legal_tokens(), vec!["BFSb2".to_owned()]);
    let centre = p.group_at(pt("b2")).unwrap();
    assert_eq!(centre.changer(), Some(Color::Dark));
}

#[test]
fn example_an_unattacked_centre_and_a_winning_ring_change() {
    let mut p = pos("sss/sCs/sss b");
    assert_eq!(
        p.check(mv("BFSb2")),
        Err(IllegalMove::NoAttackers { at: pt("b2") })
    );
    assert_eq!(p.legal_tokens(), vec!["BFCa1".to_owned()]);
    p.play(mv("BFCa1"));
    assert_eq!(p.winner(), Some(Color::Dark));
    assert_eq!(p.count(Color::Dark), 9);
}

#[test]
fn example_a_centre_with_an_empty_neighbour_cannot_change() {
    let p = pos("scs/cCc/s.s b");
    for color in Color::ALL {
        assert!(matches!(
            p.group_at(pt("b2")).unwrap().check_change(color),
            Err(IllegalMove::NotEnclosed { .. })
        ));
    }
    assert!(
        !p.legal_moves()
            .iter()
            .any(|m| matches!(m, Move::Change { at, .. } if *at == pt("b2")))
    );
}

#[test]
fn example_record_ends_with_light_changing_b3_into_a_square() {
    let game = Game::from_record(
        "3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3",
        false,
    )
    .unwrap();
    let p = game.position();
    assert_eq!(p.empty_count(), 0);
    let g = p.group_at(pt("a3")).unwrap();
    assert_eq!(g.piece, Piece::LIGHT_SQUARE);
    assert_eq!(g.points, vec![pt("a3"), pt("b3")]);
}

// ---- Facts ----

#[test]
fn groups_plus_twice_empty_falls_on_every_move_of_a_game() {
    let mut p = Position::new(Rules::new(5).unwrap());
    let mut rng = federa_core::Rng::new(11);
    while !p.is_over() {
        let before = p.group_count() + 2 * p.empty_count();
        let moves = p.legal_moves();
        let m = moves[rng.below(moves.len() as u32) as usize];
        p.play(m);
        if m != Move::Swap {
            assert!(p.group_count() + 2 * p.empty_count() < before, "{m}");
        }
    }
}

#[test]
fn a_13x13_game_lasts_at_most_337_moves_plus_the_swap() {
    let mut rng = federa_core::Rng::new(5);
    for _ in 0..20 {
        let mut p = Position::new(Rules::default());
        let stats = p.random_playout(&mut rng);
        assert!(stats.moves <= 337 + 1, "{}", stats.moves);
        assert!(p.winner().is_some());
    }
}

#[test]
fn reference_move_counts_pie_off() {
    let three = Position::new(Rules::with_pie(3, false).unwrap());
    let four = Position::new(Rules::with_pie(4, false).unwrap());
    assert_eq!(
        (1..=4).map(|d| perft(&three, d)).collect::<Vec<_>>(),
        [18, 288, 4032, 48384]
    );
    assert_eq!(
        (1..=4).map(|d| perft(&four, d)).collect::<Vec<_>>(),
        [32, 960, 26880, 698880]
    );
}

#[test]
fn reference_move_counts_pie_on_add_the_swap_at_ply_two() {
    let three = Position::new(Rules::new(3).unwrap());
    assert_eq!(perft(&three, 1), 18);
    assert_eq!(perft(&three, 2), 18 * 17);
}

#[test]
fn a_setup_with_the_wrong_number_of_cells_is_refused() {
    let mut setup = Setup::empty(Rules::new(3).unwrap());
    setup.cells.pop();
    assert!(Position::try_from(setup).is_err());
}

#[test]
fn canonical_points_are_lowest_row_then_leftmost() {
    let p = pos("sss/sCs/sss b");
    assert_eq!(p.changeable_groups(Color::Dark), vec![Point::new(0, 0)]);
}

#[test]
fn a_record_from_a_position_with_an_automatic_skip_round_trips() {
    // Light has no move here and is skipped on reading (found by fuzzing).
    let game = Game::from_record("[Position \"CCC/CCC/CCs w\"]\n3x3", true).unwrap();
    assert!(game.position().skipped());
    let again = Game::from_record(&game.record(), true).unwrap();
    assert_eq!(again.record(), game.record());
    assert_eq!(again.position(), game.position());
}
