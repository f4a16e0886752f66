//! The site's puzzles (www/puzzles.txt, written by scripts/puzzles.sh): a
//! sample of 20, spread over the file, is proved again; the whole set is
//! re-proved by `federa puzzles --check` in that script.

use federa_core::puzzle::Puzzle;

#[test]
fn a_sample_of_the_shipped_puzzles_is_proved_again() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/puzzles.txt");
    let text = std::fs::read_to_string(path).expect("www/puzzles.txt");
    let puzzles: Vec<Puzzle> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| Puzzle::parse(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert!(puzzles.len() >= 100, "{} puzzles", puzzles.len());
    for size in 5..=9 {
        assert!(
            puzzles.iter().any(|p| p.position.size() == size),
            "a {size}x{size} puzzle"
        );
    }
    let step = puzzles.len() / 20;
    for puzzle in puzzles.iter().step_by(step).take(20) {
        assert!(puzzle.holds(), "{}", puzzle.line());
    }
}
