//! `federa analyse`: a game review on the command line, as a table or as an
//! annotated record, for one record or a file of them.

mod common;

use common::federa;

use federa_core::{Game, GameTree, Glyph};

/// Dark's last move, BCb2, throws away a win the solver proves (BSb2).
const BLUNDER: &str = "3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2";

#[test]
fn the_table_has_a_row_per_move_and_names_the_blunder() {
    let mut args = vec!["analyse", "--playouts", "2000", "--no-pie"];
    args.extend(BLUNDER.split(' '));
    let (ok, out, err) = federa(&args);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "game 1: 3x3, 9 moves, 2000 iterations per position"
    );
    let last = lines
        .iter()
        .find(|l| l.trim_start().starts_with("9  BCb2"))
        .expect("a row for move 9");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(
        words[..7],
        ["9", "BCb2", "100.0%", "0.0%", "blunder", "??", "BSb2"],
        "{last}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Dark: ") && l.contains("accuracy"))
    );
    assert!(err.contains("game 1: 9 moves reviewed"), "{err}");
}

#[test]
fn annotate_writes_a_record_that_reads_back_with_its_glyphs() {
    let (ok, out, err) = federa(&[
        "analyse",
        "--annotate",
        "--playouts",
        "2000",
        "--no-pie",
        BLUNDER,
    ]);
    assert!(ok, "{err}");
    let tree = GameTree::from_annotated(out.trim(), false).unwrap();
    assert_eq!(tree.main_line_record(), BLUNDER);
    let last = *tree.main_line().last().unwrap();
    assert_eq!(tree.glyph(last), Some(Glyph::Blunder));
    assert_eq!(tree.best(last).unwrap().to_string(), "BSb2");
    assert_eq!(
        tree.children(tree.parent(last).unwrap()).len(),
        2,
        "the better line as a variation"
    );
}

#[test]
fn a_file_holds_one_record_per_line_and_a_bad_one_is_named() {
    let dir = std::env::temp_dir().join(format!("federa-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    let game = Game::from_record("5x5 BCc3 WSb3 BCc2", true).unwrap();
    std::fs::write(
        &good,
        format!("{}\n\n5x5 BCc3 (BCb2) WSd4\n", game.record()),
    )
    .unwrap();
    let (ok, out, err) = federa(&["analyse", "--playouts", "200", good.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(
        out.contains("game 1: 5x5, 3 moves") && out.contains("game 2: 5x5, 2 moves"),
        "{out}"
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "5x5 BCc3\n5x5 BCc3 BCc2\n").unwrap();
    let (ok, out, err) = federa(&["analyse", "--playouts", "200", bad.to_str().unwrap()]);
    assert!(!ok && out.is_empty(), "nothing is analysed: {out}");
    assert!(
        err.contains("bad.txt, line 2: element 2: `BCc2` is illegal"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_budgets_are_refused() {
    for args in [["--playouts", "0"], ["--ms", "0"], ["--ms", "NaN"]] {
        let (ok, _, err) = federa(&["analyse", args[0], args[1], "5x5"]);
        assert!(!ok && err.contains("must be positive"), "{args:?}: {err}");
    }
}
