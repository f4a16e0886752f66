//! The puzzle solver against the naive model, the played-out line, and the
//! site's puzzles (www/puzzles.txt, written by scripts/puzzles.sh): a
//! sample of 50, spread over the file, is proved again; the whole set is
//! re-proved by `federa puzzles --check` in that script.

mod common;

use common::{Naive, forced_win};
use federa_core::puzzle::{Puzzle, Solver};
use federa_core::{Color, Position, Rng, Rules};

/// A position `moves` random moves into a game on an n×n board.
fn random_position(n: u8, moves: u32, rng: &mut Rng) -> Position {
    let mut pos = Position::new(Rules::with_pie(n, false).unwrap());
    for _ in 0..moves {
        match pos.random_move(rng) {
            Some(m) => pos.play(m),
            None => break,
        }
    }
    pos
}

#[test]
fn the_solver_agrees_with_every_line_tried() {
    let mut rng = Rng::new(7);
    let mut wins = 0;
    for k in 0..300 {
        let n = 3 + (k % 2) as u8;
        let pos = random_position(n, u32::from(n * n) - 3 + rng.below(4), &mut rng);
        let naive = Naive::from_position(&pos);
        let mut solver = Solver::new();
        for color in [Color::Dark, Color::Light] {
            for plies in 0..=6 {
                let expected = forced_win(&naive, color, plies);
                wins += usize::from(expected);
                assert_eq!(
                    solver.wins_within(&pos, color, plies),
                    Ok(expected),
                    "{pos}: {color:?} within {plies}"
                );
            }
        }
    }
    assert!(wins > 100, "the sample holds wins ({wins})");
}

/// The fewest plies for `color` to win, naively (up to `max`).
fn naive_distance(pos: &Position, color: Color, max: u32) -> Option<u32> {
    let naive = Naive::from_position(pos);
    (0..=max).find(|&d| forced_win(&naive, color, d))
}

#[test]
fn the_line_wins_quickest_and_defends_longest() {
    let mut rng = Rng::new(11);
    let mut lines = 0;
    for _ in 0..200 {
        let pos = random_position(4, 14 + rng.below(6), &mut rng);
        let me = pos.to_move();
        let Some(line) = Solver::new().line(&pos, me, 6).unwrap() else {
            continue;
        };
        lines += 1;
        let mut at = pos.clone();
        let mut left = naive_distance(&at, me, 6).unwrap();
        assert_eq!(
            line.len() as u32,
            left,
            "{pos}: the line is as long as the win"
        );
        for &m in &line {
            let best = at
                .legal_moves()
                .into_iter()
                .filter_map(|o| {
                    let mut next = at.clone();
                    next.play(o);
                    naive_distance(&next, me, left - 1)
                })
                .reduce(if at.to_move() == me {
                    u32::min
                } else {
                    u32::max
                })
                .unwrap();
            at.play(m);
            let d = naive_distance(&at, me, left - 1).unwrap();
            assert_eq!(
                d, best,
                "{pos}: {m} is the quickest win or the longest defence"
            );
            left = d;
        }
        assert_eq!(at.winner(), Some(me));
    }
    assert!(lines > 20, "{lines} lines");
}

fn shipped() -> Vec<Puzzle> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/puzzles.txt");
    let text = std::fs::read_to_string(path).expect("www/puzzles.txt");
    federa_core::puzzle::read_file(&text)
        .unwrap_or_else(|e| panic!("www/puzzles.txt: {e}"))
        .into_iter()
        .map(|(_, p)| p)
        .collect()
}

#[test]
fn a_sample_of_the_shipped_puzzles_is_proved_again() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 1000, "{} puzzles", puzzles.len());
    for size in 5..=11 {
        assert!(
            puzzles.iter().any(|p| p.position.size() == size),
            "a {size}x{size} puzzle"
        );
    }
    let long = puzzles.iter().filter(|p| p.plies >= 3).count();
    assert!(2 * long >= puzzles.len(), "{long} need 3 plies or more");
    assert!(puzzles.iter().any(|p| p.plies >= 7));
    let step = puzzles.len() / 50;
    for puzzle in puzzles.iter().step_by(step).take(50) {
        assert_eq!(
            puzzle.prove(&mut Solver::new()),
            Ok(()),
            "{}",
            puzzle.to_line()
        );
    }
}

#[test]
fn a_later_step_with_several_winning_moves_accepts_each_and_goes_on() {
    // The first shipped puzzle whose third ply may be any of several
    // winning moves: each wins within the plies left, and the line goes on
    // from it to the win.
    let (puzzle, after, wins) = shipped()
        .into_iter()
        .find_map(|p| {
            let mut at = p.position.clone();
            at.play(p.line[0]);
            at.play(p.line[1]);
            if at.is_over() || at.to_move() != p.solver_color() {
                return None;
            }
            let wins = Solver::new().winning_moves(&at, p.plies - 2).unwrap();
            (wins.len() >= 2).then_some((p, at, wins))
        })
        .expect("a puzzle with several winning moves at its second step");
    let me = puzzle.solver_color();
    let mut solver = Solver::new();
    for m in wins {
        let mut next = after.clone();
        next.play(m);
        let line = solver.line(&next, me, puzzle.plies - 3).unwrap().unwrap();
        for m in line {
            next.play(m);
        }
        assert_eq!(next.winner(), Some(me), "{m} wins");
    }
}
