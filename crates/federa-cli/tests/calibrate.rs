//! `federa calibrate check`: the shipped map's calibration on given games,
//! by size and budget and apart for each side to move (games of different
//! files told apart), and a broken data file named by its line.

mod common;

use std::fs;

use common::federa;

#[test]
fn check_reports_each_size_and_budget_and_names_a_broken_line() {
    let dir = std::env::temp_dir().join(format!("federa-calibrate-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.tsv").to_string_lossy().into_owned();
    // Game, size, ply, occupied, iterations, raw, proven, won, side to
    // move, swapped: four 9×9 positions at a raw 0.5 of which three were
    // won (both of Dark's, one of Light's), one proven, and one at another
    // budget.
    let rows = [
        "0\t9\t3\t3\t2000\t0.500000\t0\t1\tB\t0",
        "0\t9\t4\t4\t2000\t0.500000\t0\t1\tW\t0",
        "1\t9\t3\t3\t2000\t0.500000\t0\t1\tB\t1",
        "1\t9\t4\t4\t2000\t0.500000\t0\t0\tW\t1",
        "1\t9\t5\t81\t2000\t1.000000\t1\t1\tB\t1",
        "1\t9\t4\t4\t16000\t0.500000\t0\t0\tW\t1",
    ];
    fs::write(&data, rows.join("\n") + "\n").unwrap();
    let (ok, out, err) = federa(&["calibrate", "check", &data]);
    assert!(ok, "{err}");
    assert!(
        out.contains("| 9×9 | 2000 | 2 | 4 | 25.0 | "),
        "ECE raw 25 points over four positions of two games: {out}"
    );
    assert!(out.contains("0.2500 |"), "Brier raw 0.25: {out}");
    assert!(out.contains("| 9×9 | 16000 | 1 | 1 | 50.0 | "), "{out}");
    // Apart for each side to move: Dark's two won, Light's one of two.
    assert!(
        out.contains("| 9×9 | 2000 | Dark | 2 | 2 | 50.0 | "),
        "{out}"
    );
    assert!(
        out.contains("| 9×9 | 2000 | Light | 2 | 2 | 0.0 | "),
        "{out}"
    );
    assert!(out.contains("left out above: 1 positions"), "{out}");
    // Another run's file numbers its games alike: they are other games.
    let (ok, out, err) = federa(&["calibrate", "check", &data, &data]);
    assert!(ok, "{err}");
    assert!(out.contains("| 9×9 | 2000 | 4 | 8 | 25.0 | "), "{out}");

    // A broken file is refused, its line and the problem named.
    let refused = |text: &str, problem: &str| {
        fs::write(&data, text).unwrap();
        let (ok, _, err) = federa(&["calibrate", "check", &data]);
        assert!(!ok && err.contains(problem), "{problem}: {err}");
    };
    refused(
        &format!("{}\n0\t9\t3\t3\t2000\t1.5\t0\t1\tB\t0\n", rows[0]),
        "games.tsv:2: raw value `1.5` is not in 0..1",
    );
    refused(
        &format!("{}\n0\t9\t3\t3\t2000\t0.5\t0\t1\tD\t0\n", rows[0]),
        "games.tsv:2: side to move `D` is not B or W",
    );
    refused(
        "0\t9\t3\t3\t2000\t0.5\t0\t1\n",
        "games.tsv:1: expected 10 tab-separated fields, found 8",
    );
    fs::remove_dir_all(&dir).unwrap();
}
