//! Property tests over random games, checked against the rules' invariants
//! and against a naive second implementation of the rules.

#[path = "../tests/common/mod.rs"]
mod common;

use common::Naive;
use proptest::prelude::*;

use crate::{
    Color, Game, GameTree, Glyph, Move, NodeId, Piece, Point, Position, Rng, Rules, Shape,
    eval_text,
};

/// A random game: every position along it and the move played from it.
fn random_game(size: u8, pie: bool, seed: u64) -> Vec<(Position, Move)> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(Rules::with_pie(size, pie).unwrap());
    let mut line = Vec::new();
    while !pos.is_over() {
        let moves = pos.legal_moves();
        let m = moves[rng.below(moves.len() as u32) as usize];
        line.push((pos.clone(), m));
        pos.play_unchecked(m);
    }
    line.push((pos, Move::Swap));
    line
}

/// Any move at all, mostly illegal: random colour, shape, kind and point
/// (one past the board's edge included).
fn arbitrary_move(rng: &mut Rng, size: u8) -> Move {
    let piece = Piece::ALL[rng.below(4) as usize];
    let at = Point::new(
        rng.below(u32::from(size) + 1) as u8,
        rng.below(u32::from(size) + 1) as u8,
    );
    match rng.below(5) {
        0 => Move::Swap,
        1 | 2 => Move::Place { piece, at },
        _ => Move::Change { at, into: piece },
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn generated_moves_are_legal_and_play_cleanly(size in 2u8..=15, pie: bool, seed: u64) {
        for (pos, m) in random_game(size, pie, seed) {
            pos.assert_consistent();
            if pos.is_over() {
                prop_assert!(pos.legal_moves().is_empty());
                continue;
            }
            let moves = pos.legal_moves();
            prop_assert_eq!(moves.len(), pos.move_count());
            for &other in &moves {
                prop_assert_eq!(pos.check(other), Ok(()), "{} in {}", other, pos);
            }
            let mut checked = pos.clone();
            prop_assert_eq!(checked.try_play(m), Ok(()));
            let mut unchecked = pos.clone();
            unchecked.play_unchecked(m);
            prop_assert!(checked.same_state(&unchecked));
        }
    }

    #[test]
    fn rejected_moves_leave_the_position_identical(size in 2u8..=15, seed: u64) {
        let mut rng = Rng::new(seed ^ 0x5eed);
        for (pos, _) in random_game(size, true, seed).into_iter().step_by(3) {
            for _ in 0..20 {
                let m = arbitrary_move(&mut rng, size);
                let mut after = pos.clone();
                match after.try_play(m) {
                    Ok(()) => {
                        let generated = pos.legal_moves().contains(&m);
                        let change = matches!(m, Move::Change { .. });
                        prop_assert!(generated || change);
                    }
                    Err(e) => {
                        prop_assert!(after.same_state(&pos), "{} changed the position", m);
                        prop_assert!(!e.to_string().is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn engine_agrees_with_the_naive_rules(size in 2u8..=7, pie: bool, seed: u64) {
        let line = random_game(size, pie, seed);
        let mut naive = Naive::empty(line[0].0.rules());
        for (pos, m) in line {
            prop_assert_eq!(pos.to_move(), naive.to_move);
            prop_assert_eq!(pos.winner(), naive.winner());
            prop_assert_eq!(pos.legal_tokens(), naive.legal_tokens(), "{}", pos);
            prop_assert_eq!(pos.group_count(), naive.groups());
            if !pos.is_over() {
                naive.play(m);
            }
        }
    }

    #[test]
    fn records_and_positions_round_trip(size in 2u8..=15, pie: bool, seed: u64) {
        let line = random_game(size, pie, seed);
        let mut game = Game::new(line[0].0.rules());
        for (pos, m) in &line {
            let text = pos.to_string();
            let back = Position::parse_with_pie(&text, pie).unwrap();
            prop_assert_eq!(back.to_string(), text.clone());
            prop_assert_eq!(back.hash(), pos.hash(), "{}", text);
            prop_assert_eq!(back.legal_tokens(), pos.legal_tokens());
            if !pos.is_over() {
                game.play(*m).unwrap();
            }
        }
        let record = game.record();
        let again = Game::from_record(&record, pie).unwrap();
        prop_assert_eq!(again.record(), record);
        prop_assert_eq!(again.position(), game.position());
    }

    #[test]
    fn annotated_records_with_variations_round_trip(size in 2u8..=9, pie: bool, seed: u64) {
        let mut rng = Rng::new(seed);
        let mut tree = GameTree::new(Position::new(Rules::with_pie(size, pie).unwrap()));
        tree.set_comment(NodeId::ROOT, "the game").unwrap();
        // Random lines, each branching off a random node of the tree so far.
        let mut nodes = vec![NodeId::ROOT];
        for line in 0..6 {
            let mut at = nodes[rng.below(nodes.len() as u32) as usize];
            for _ in 0..rng.below(12) {
                let moves = tree.position(at).legal_moves();
                if moves.is_empty() {
                    break;
                }
                at = tree.play(at, moves[rng.below(moves.len() as u32) as usize]).unwrap();
                nodes.push(at);
                if rng.below(4) == 0 {
                    tree.set_glyph(at, Some(Glyph::ALL[rng.below(6) as usize]));
                }
                if rng.below(4) == 0 {
                    let eval = eval_text(rng.below(1001) as u16);
                    tree.set_comment(at, &format!("line {line} [%eval {eval}]")).unwrap();
                }
            }
        }
        let text = tree.to_annotated();
        let back = GameTree::from_annotated(&text, pie).unwrap();
        prop_assert_eq!(back.to_annotated(), text.clone());
        for (a, b) in tree.main_line().into_iter().zip(back.main_line()) {
            prop_assert_eq!(tree.eval(a), back.eval(b));
        }
        let plain = Game::from_record(&tree.main_line_record(), pie).unwrap();
        let main: Vec<Move> = tree.main_line().into_iter().filter_map(|n| tree.move_at(n)).collect();
        prop_assert_eq!(plain.moves(), &main[..], "{}", text);
    }

    #[test]
    fn the_rules_facts_hold_along_every_game(size in 2u8..=15, pie: bool, seed: u64) {
        let line = random_game(size, pie, seed);
        let n2 = usize::from(size) * usize::from(size);
        // At most 2N² − 1 moves plus the swap.
        prop_assert!(line.len() - 1 <= 2 * n2 - 1 + usize::from(pie));
        for pair in line.windows(2) {
            let (before, m) = &pair[0];
            let after = &pair[1].0;
            let mover = before.to_move();
            if *m != Move::Swap {
                // groups + 2·empty strictly falls.
                prop_assert!(
                    after.group_count() + 2 * after.empty_count()
                        < before.group_count() + 2 * before.empty_count()
                );
            }
            if let Move::Change { at, into } = m {
                // A change merges with at least one of the mover's pieces.
                let old = before.group_at(*at).unwrap().points.len();
                let new = after.group_at(*at).unwrap();
                prop_assert!(new.points.len() > old);
                prop_assert_eq!(new.piece, *into);
                prop_assert_eq!(into.color, mover);
            }
            if let Some(winner) = after.winner() {
                prop_assert_eq!(winner, mover);
            } else {
                // Skips only on a full board, never twice in a row.
                prop_assert!(after.move_count() > 0);
                if after.skipped() {
                    prop_assert_eq!(after.empty_count(), 0);
                    prop_assert_eq!(after.to_move(), mover);
                } else if *m != Move::Swap {
                    prop_assert_eq!(after.to_move(), mover.other());
                }
            }
        }
    }

    #[test]
    fn uniform_playouts_finish_with_a_winner(size in 2u8..=15, seed: u64) {
        let mut pos = Position::new(Rules::new(size).unwrap());
        let stats = pos.random_playout(&mut Rng::new(seed));
        let n2 = u32::from(size) * u32::from(size);
        prop_assert!(stats.moves <= 2 * n2);
        prop_assert!(stats.changes < n2);
        prop_assert!(pos.winner().is_some());
        let winner = pos.winner().unwrap();
        prop_assert_eq!(pos.count(winner), n2 as usize);
        prop_assert_eq!(pos.count(winner.other()), 0);
    }

    #[test]
    fn shapes_of_places_follow_the_token(size in 2u8..=9, col in 0u8..9, row in 0u8..9, square: bool) {
        prop_assume!(col < size && row < size);
        let shape = if square { Shape::Square } else { Shape::Round };
        let m = Move::Place { piece: Piece::new(Color::Dark, shape), at: Point::new(col, row) };
        let mut pos = Position::new(Rules::new(size).unwrap());
        pos.play(m);
        prop_assert_eq!(pos.piece_at(Point::new(col, row)), Some(Piece::new(Color::Dark, shape)));
        prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
    }
}

/// A comb of dark rounds touching 312 one-piece groups: a change that
/// touches hundreds of groups at once, checked against a recount.
#[test]
fn a_change_touching_hundreds_of_groups() {
    let rows: Vec<String> = (1..=25u8)
        .rev()
        .map(|row| {
            if row % 2 == 0 {
                "C".repeat(25)
            } else {
                let tail: String = (0..24)
                    .map(|k| if k % 2 == 0 { 's' } else { 'S' })
                    .collect();
                format!("C{tail}")
            }
        })
        .collect();
    let mut pos: Position = format!("{} b", rows.join("/")).parse().unwrap();
    pos.assert_consistent();
    let comb = pos.group_at(Point::new(0, 0)).unwrap();
    assert_eq!(comb.attackers(Color::Dark).len(), 13 * 12);
    pos.play("BFSa1".parse().unwrap());
    pos.assert_consistent();
    let joined = pos.group_at(Point::new(0, 0)).unwrap();
    assert_eq!(joined.points.len(), 12 * 25 + 13 + 13 * 12);
}
