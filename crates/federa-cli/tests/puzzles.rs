//! `federa puzzles`: mining is seeded (the same file twice), every mined
//! puzzle is re-proved by `--check`, and a broken file names its line.

mod common;

use std::fs;

use common::federa;

#[test]
fn mined_puzzles_are_the_same_twice_and_check_and_a_broken_one_is_named() {
    let dir = std::env::temp_dir().join(format!("federa-puzzles-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let [a, b] = ["a.txt", "b.txt"].map(|f| dir.join(f).to_string_lossy().into_owned());
    for (out, threads) in [(&a, "1"), (&b, "2")] {
        let (ok, _, err) = federa(&[
            "puzzles",
            "--games",
            "4",
            "--sizes",
            "5",
            "--threads",
            threads,
            "--out",
            out,
        ]);
        assert!(ok, "{err}");
    }
    let text = fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        fs::read_to_string(&b).unwrap(),
        "seeded, whatever the threads"
    );
    let puzzles = text.lines().filter(|l| !l.starts_with('#')).count();
    assert!(puzzles >= 4, "{puzzles} puzzles from 4 games");
    let (ok, out, err) = federa(&["puzzles", "--check", &a]);
    assert!(ok, "{err}");
    assert!(
        out.starts_with(&format!("{puzzles} puzzles re-proved")),
        "{out}"
    );

    // A puzzle whose themes are not its line's, or not a move at all.
    let broken = dir.join("broken.txt").to_string_lossy().into_owned();
    fs::write(
        &broken,
        "# a comment\nsss/sCs/sss b 16\tBFCa1\t1\t1500\trace\n",
    )
    .unwrap();
    let (ok, _, err) = federa(&["puzzles", "--check", &broken]);
    assert!(!ok);
    assert!(err.contains(":2: not the line's themes"), "{err}");
    fs::write(&broken, "sss/sCs/sss b 16\tBQa1\t1\t1500\t-\n").unwrap();
    let (ok, _, err) = federa(&["puzzles", "--check", &broken]);
    assert!(!ok);
    assert!(err.contains(":1: the move:"), "{err}");
    fs::remove_dir_all(&dir).unwrap();
}
