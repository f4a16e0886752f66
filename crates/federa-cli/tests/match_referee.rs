//! `federa match` as a referee: our own engine, started as an external
//! engine over the text protocol, against one of our players, with budgets
//! of their own and no set opening.

mod common;

use common::federa;

#[test]
fn an_engine_over_the_text_protocol_plays_whole_games() {
    let engine = format!("gtp:{} gtp --level master", env!("CARGO_BIN_EXE_federa"));
    let (ok, out, err) = federa(&[
        "match",
        "--a",
        &engine,
        "--b",
        "uct",
        "--games",
        "4",
        "--size",
        "5",
        "--playouts-a",
        "40",
        "--playouts-b",
        "30",
        "--opening",
        "0",
        "--threads",
        "2",
    ]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let heading = format!(
        "{engine} vs uct on 5x5, {engine} 40 iterations per move, uct 30 iterations per move, 4 games (2 threads, "
    );
    assert!(lines[0].starts_with(&heading), "{out}");
    assert!(
        lines.iter().any(|l| l.starts_with("first mover won ")),
        "{out}"
    );
    // Ours reports its iterations per move: exactly its budget.
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("uct: think ") && l.contains("per move 30 iterations")),
        "{out}"
    );
}

#[test]
fn a_broken_engine_stops_the_match_with_a_message() {
    let (ok, _, err) = federa(&[
        "match",
        "--a",
        "gtp:echo nonsense",
        "--b",
        "random",
        "--games",
        "2",
        "--size",
        "5",
        "--playouts",
        "10",
    ]);
    assert!(!ok);
    assert!(err.contains("engine `echo nonsense`"), "{err}");
}

#[test]
fn each_player_needs_a_budget() {
    let (ok, _, err) = federa(&["match", "--a", "uct", "--b", "random", "--playouts-a", "10"]);
    assert!(!ok);
    assert!(err.contains("give B a budget"), "{err}");
}
