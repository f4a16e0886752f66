//! The binding API under Node: it works, and no input from JavaScript can
//! panic it or change a game it refuses.

#![cfg(target_arch = "wasm32")]

#[cfg(feature = "bench")]
use federa_wasm::bench_playouts;
use federa_wasm::{
    Ai, Analyst, GameHandle, OpeningBook, bench_search, move_info, read_time_control,
};
use js_sys::Reflect;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &key.into()).unwrap()
}

fn kind(e: &JsValue) -> String {
    get(e, "kind").as_string().expect("an error has a kind")
}

fn message(e: &JsValue) -> String {
    get(e, "message")
        .as_string()
        .expect("an error has a message")
}

/// The error of `result`, after checking it names its problem in words.
fn err<T>(result: Result<T, JsValue>) -> JsValue {
    let e = result.err().expect("an error");
    assert!(!message(&e).is_empty());
    e
}

/// Everything the page reads about a game, to check nothing changed.
fn snapshot(g: &GameHandle) -> (String, String, Vec<u8>, Vec<String>) {
    (g.record(), g.position(), g.board(), g.moves())
}

fn game(record: &str) -> GameHandle {
    GameHandle::from_record(record, true).unwrap_or_else(|e| panic!("{}", message(&e)))
}

#[wasm_bindgen_test]
fn a_new_game_and_a_few_moves() {
    let mut g = GameHandle::new(5.0, true).unwrap();
    assert_eq!(g.legal_moves().len(), 50);
    g.play("BCc3").unwrap();
    g.place(0.0, 0.0, "square").unwrap();
    assert_eq!(g.record(), "5x5 BCc3 WSa1");
    assert_eq!(g.board()[0], 4, "a1 holds a light square");
    assert_eq!(g.last_move_points(), vec!["a1".to_owned()]);
    let status = g.status();
    assert_eq!(get(&status, "toMove").as_string().unwrap(), "dark");
    assert_eq!(get(&status, "dark").as_f64().unwrap(), 1.0);
    assert!(g.undo());
    assert!(g.redo());
    assert!(g.jump(0.0));
    assert_eq!(g.position(), "5/5/5/5/5 b 0");
}

#[wasm_bindgen_test]
fn sizes_out_of_range_are_refused() {
    for size in [
        0.0,
        1.0,
        26.0,
        255.0,
        256.0 + 13.0,
        -13.0,
        2.5,
        f64::NAN,
        f64::INFINITY,
        1e12,
    ] {
        let e = err(GameHandle::new(size, true));
        assert_eq!(kind(&e), "size", "{size}");
    }
}

#[wasm_bindgen_test]
fn malformed_tokens_are_refused_and_change_nothing() {
    let mut g = game("5x5 BCc3");
    let before = snapshot(&g);
    for token in [
        "",
        "X",
        "BC",
        "bCd4",
        "BXd4",
        "BFXd4",
        "BCz1",
        "BCa0",
        "BCd4 BCd5",
        "😀",
        "WC",
        "Swap",
    ] {
        let e = err(g.play(token));
        assert_eq!(kind(&e), "token", "{token:?}");
        assert_eq!(snapshot(&g), before, "{token:?}");
    }
}

#[wasm_bindgen_test]
fn illegal_moves_are_refused_with_their_reason_and_change_nothing() {
    let cases: &[(&str, &str, &str)] = &[
        ("5x5 BCc3", "WCc3", "occupied"),
        ("5x5 BCc3", "WCf1", "offBoard"),
        ("5x5 BCc3", "BCa1", "notYourTurn"),
        ("5x5 BCc3", "WFCa1", "nothingToChange"),
        ("5x5 BCc3", "WFSc3", "notEnclosed"),
        ("5x5 BCc3 WCa1 BCa2", "swap", "swapUnavailable"),
        ("3x3 BCb2 WCa1", "BFSa1", "notEnclosed"),
    ];
    for &(record, token, want) in cases {
        let mut g = game(record);
        let before = snapshot(&g);
        let e = err(g.play(token));
        assert_eq!(kind(&e), want, "{record} {token}");
        assert_eq!(snapshot(&g), before);
    }
    // Counts and ties, from set-up positions.
    let mut g = GameHandle::from_position("scs/cCc/sS. b", true).unwrap();
    let e = err(g.play("BFSb2"));
    assert_eq!(kind(&e), "outnumbered");
    assert_eq!(get(&e, "mine").as_f64(), Some(1.0));
    assert_eq!(get(&e, "theirs").as_f64(), Some(3.0));
    let mut g = GameHandle::from_position("scs/SCc/sSs w", true).unwrap();
    let e = err(g.play("WFCb2"));
    assert_eq!(kind(&e), "tieNotYours");
    assert_eq!(get(&e, "count").as_f64(), Some(2.0));
    let mut g = GameHandle::from_position("sss/sCs/sss b", true).unwrap();
    assert_eq!(kind(&err(g.play("BFSb2"))), "noAttackers");
    g.play("BFCa1").unwrap();
    assert_eq!(kind(&err(g.play("WCa1"))), "gameOver");
}

#[wasm_bindgen_test]
fn bad_coordinates_and_shapes_are_refused() {
    let mut g = game("5x5");
    let before = snapshot(&g);
    for (col, row) in [
        (-1.0, 0.0),
        (5.0, 0.0),
        (0.0, 5.0),
        (1.5, 1.0),
        (f64::NAN, 0.0),
        (f64::INFINITY, 1.0),
        (1e300, 0.0),
    ] {
        assert_eq!(kind(&err(g.place(col, row, "round"))), "offBoard");
        assert_eq!(kind(&err(g.change(col, row))), "offBoard");
        assert!(g.group_at(col, row).is_null());
    }
    assert_eq!(kind(&err(g.place(0.0, 0.0, "triangle"))), "shape");
    assert_eq!(snapshot(&g), before);
    for ply in [-1.0, 1.0, 0.5, f64::NAN, 1e12] {
        assert!(!g.jump(ply), "{ply}");
    }
    assert!(!g.undo());
    assert!(!g.redo());
    assert_eq!(snapshot(&g), before);
    assert!(err(g.set_tag("bad key", "x")).is_object());
}

#[wasm_bindgen_test]
fn bad_records_and_positions_are_refused() {
    for (text, want) in [
        ("", "record"),
        ("3x4", "record"),
        ("99x99", "record"),
        ("3x3 BCb2 BCb3", "record"),
        ("3x3 BCb2 WQa1", "record"),
        ("[Dark \"x\" 3x3", "record"),
        ("[Position \"3/3 b\"]\n3x3", "record"),
        ("garbage 😀 \u{0}", "record"),
    ] {
        assert_eq!(
            kind(&err(GameHandle::from_record(text, true))),
            want,
            "{text:?}"
        );
    }
    let e = err(GameHandle::from_record("3x3 BCb2 BCb3", true));
    assert_eq!(get(&e, "index").as_f64(), Some(2.0));
    assert_eq!(get(&e, "token").as_string().unwrap(), "BCb3");
    assert_eq!(kind(&get(&e, "cause")), "notYourTurn");
    for text in [
        "",
        "x",
        "3/3 b",
        "ccc/ccc/cc b",
        "sss/sCs/sss q",
        "sss/sCs/sss b -1",
        "2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2/2 b",
    ] {
        assert_eq!(
            kind(&err(GameHandle::from_position(text, true))),
            "position",
            "{text:?}"
        );
    }
}

#[wasm_bindgen_test]
fn an_annotated_record_reads_and_bad_ones_name_their_element() {
    let text = "5x5 BCc3 {opening} WSd3?! (WCb2 BSa1) BCe5";
    let mut g = game(text);
    assert_eq!(g.annotated(), text);
    assert_eq!(g.main_record(), "5x5 BCc3 WSd3 BCe5");
    assert_eq!(g.record(), "5x5 BCc3 WSd3 BCe5", "the main line is shown");
    for (text, problem, index) in [
        ("5x5 BCc3 (BCd3", "variation", 2),
        ("5x5 BCc3 {a", "comment", 2),
        ("5x5 BCc3?? WSd3!!!", "glyph", 2),
        ("5x5 BCc3 (WQd3)", "token", 3),
        ("5x5 BCc3 (WCd3)", "illegal", 3),
        ("5x5 BCc3 {[%eval 2]}", "eval", 2),
    ] {
        let e = err(GameHandle::from_record(text, true));
        assert_eq!(kind(&e), "annotated", "{text}");
        assert_eq!(get(&e, "problem").as_string().unwrap(), problem, "{text}");
        assert_eq!(get(&e, "index").as_f64(), Some(f64::from(index)), "{text}");
    }
    // Bad nodes, plies and judgements change nothing.
    let before = (g.annotated(), snapshot(&g));
    for id in [-1.0, 0.0, 0.5, 99.0, f64::NAN, f64::INFINITY] {
        assert!(!g.go_to(id), "{id}");
        assert!(!g.promote(id), "{id}");
        assert!(!g.delete_move(id), "{id}");
    }
    assert!(!g.annotate(0.0, 0.5, "fine", ""));
    assert!(!g.annotate(4.0, 0.5, "fine", ""));
    assert!(!g.annotate(1.0, 1.5, "fine", ""));
    assert!(!g.annotate(1.0, f64::NAN, "fine", ""));
    assert!(!g.annotate(1.0, 0.5, "great", ""));
    assert_eq!((g.annotated(), snapshot(&g)), before);
    // A judgement keeps the author's words; a best move that is not legal is left out.
    assert!(g.annotate(1.0, 0.25, "blunder", "BSb2"));
    assert!(g.annotate(2.0, 0.25, "mistake", "BCa1"));
    assert_eq!(
        g.annotated(),
        "5x5 BCc3?? {[%eval 0.25] [%best BSb2] opening} WSd3? {[%eval 0.25]} (WCb2 BSa1) BCe5"
    );
}

#[wasm_bindgen_test]
fn deleting_a_move_ahead_of_the_position_shown_keeps_the_moves_before_it() {
    let mut g = game("5x5 BCc3 WCb2 BCd4");
    let last = Reflect::get(&get(&g.tree(), "rows"), &2.into()).unwrap();
    assert!(g.jump(1.0));
    assert!(g.delete_move(get(&last, "id").as_f64().unwrap()));
    assert_eq!(g.moves(), ["BCc3", "WCb2"]);
    assert_eq!(get(&g.status(), "ply").as_f64(), Some(1.0));
    assert_eq!(g.annotated(), "5x5 BCc3 WCb2");
    assert!(g.redo());
    assert!(!g.redo());
}

#[wasm_bindgen_test]
fn group_info_explains_a_refused_change() {
    let g = GameHandle::from_position("scs/cCc/sS. b", true).unwrap();
    let info = g.group_at(1.0, 1.0);
    assert_eq!(get(&info, "piece").as_string().unwrap(), "darkRound");
    assert_eq!(get(&info, "enclosed").as_bool(), Some(true));
    assert_eq!(get(&info, "changer").as_string().unwrap(), "light");
    let refusal = get(&info, "refusal");
    assert_eq!(kind(&refusal), "outnumbered");
    assert!(g.group_at(2.0, 0.0).is_null(), "c1 is empty");
    assert_eq!(g.changeable(None).unwrap(), Vec::<String>::new());
}

#[wasm_bindgen_test]
fn the_ai_refuses_bad_input() {
    assert_eq!(kind(&err(Ai::new("wizard", 1.0))), "player");
    let mut ai = Ai::new("club", 1.0).unwrap();
    assert_eq!(kind(&err(ai.think("3x4", true, 0.0, 10.0, None))), "record");
    for (ms, iterations) in [
        (0.0, 0.0),
        (-5.0, 0.0),
        (f64::NAN, f64::NAN),
        (f64::INFINITY, 0.5),
        // A search with no end: refused, not run until the page gives up.
        (0.0, f64::INFINITY),
        (f64::INFINITY, 10.0),
        (f64::NAN, 10.0),
        (10.0, -1.0),
    ] {
        assert_eq!(
            kind(&err(ai.think("3x3", true, ms, iterations, None))),
            "limit"
        );
    }
    let won = "[Position \"sss/sCs/sss b\"]\n3x3 BFCa1";
    assert_eq!(kind(&err(ai.think(won, true, 0.0, 10.0, None))), "gameOver");
}

#[wasm_bindgen_test]
fn the_analyst_refuses_bad_input() {
    let mut analyst = Analyst::new(1.0);
    assert_eq!(
        kind(&err(analyst.analyse("3x4", true, 0.0, 0.0, 10.0, None))),
        "record"
    );
    assert_eq!(
        kind(&err(analyst.analyse(
            "3x3",
            true,
            0.0,
            f64::NAN,
            10.0,
            None
        ))),
        "limit"
    );
    assert_eq!(
        kind(&err(analyst.analyse("3x3", true, -1.0, 0.0, 10.0, None))),
        "ply"
    );
    assert_eq!(
        kind(&err(analyst.analyse(
            "3x3",
            true,
            f64::NAN,
            0.0,
            10.0,
            None
        ))),
        "ply"
    );
    let won = "[Position \"sss/sCs/sss b\"]\n3x3 BFCa1";
    assert_eq!(
        kind(&err(analyst.analyse(won, true, 1.0, 0.0, 10.0, None))),
        "gameOver"
    );
    for ply in [0.0, 2.0, 1.5, f64::NAN, -1.0] {
        assert_eq!(
            kind(&err(analyst.judge("3x3 BCb2", true, ply, 0.0, 10.0))),
            "ply",
            "{ply}"
        );
    }
    assert_eq!(
        kind(&err(analyst.judge("3x3 BCb2", true, 1.0, 0.0, 0.0))),
        "limit"
    );
}

#[wasm_bindgen_test]
fn the_analyst_lists_candidates_and_ownership_and_judges_a_blunder() {
    let mut analyst = Analyst::new(1.0);
    let a = analyst
        .analyse("5x5 BCc3 WSb3", true, 9.0, 0.0, 600.0, None)
        .unwrap();
    let candidates: js_sys::Array = get(&a, "candidates").unchecked_into();
    let first = candidates.get(0);
    let mut g = game("5x5 BCc3 WSb3");
    g.play(&get(&first, "move").as_string().unwrap()).unwrap();
    let ownership: js_sys::Array = get(&a, "ownership").unchecked_into();
    assert_eq!(ownership.length(), 25);
    assert!(
        ownership
            .iter()
            .all(|x| (0.0..=1.0).contains(&x.as_f64().unwrap()))
    );
    assert_eq!(get(&a, "simulations").as_f64(), Some(600.0));
    // The 3×3 game of federa-core's review tests: BCb2 throws a proven win away.
    let record = "3x3 BSa1 WCc3 BSc1 WSb1 BCb3 WCa2 BCc2 WSa3 BCb2";
    let judged = analyst.judge(record, false, 9.0, 0.0, 2000.0).unwrap();
    assert_eq!(get(&judged, "class").as_string().unwrap(), "blunder");
    assert_eq!(get(&judged, "player").as_string().unwrap(), "dark");
    let best: js_sys::Array = get(&judged, "best").unchecked_into();
    assert_eq!(get(&best.get(0), "token").as_string().unwrap(), "BSb2");
}

#[wasm_bindgen_test]
fn the_search_benchmark_refuses_a_time_that_never_ends() {
    for ms in [f64::NAN, f64::INFINITY, -1.0, 0.0] {
        assert_eq!(kind(&err(bench_search(9.0, ms, 1.0))), "limit");
    }
}

#[wasm_bindgen_test]
fn the_ai_answers_with_a_legal_move_and_reports_progress() {
    let mut ai = Ai::new("master", 3.0).unwrap();
    let calls = std::rc::Rc::new(std::cell::Cell::new(0));
    let counter = calls.clone();
    let progress =
        wasm_bindgen::closure::Closure::<dyn FnMut(JsValue) -> bool>::new(move |_p: JsValue| {
            counter.set(counter.get() + 1);
            true
        });
    let f: &js_sys::Function = progress.as_ref().unchecked_ref();
    let result = ai
        .think("7x7 BCd4", true, 400.0, 0.0, Some(f.clone()))
        .unwrap();
    let best = get(&result, "best").as_string().unwrap();
    let mut g = game("7x7 BCd4");
    g.play(&best).unwrap();
    // Progress about every 100 ms, then the result.
    assert!(calls.get() >= 3, "{} calls", calls.get());
    assert!(get(&result, "iterations").as_f64().unwrap() > 0.0);
}

/// The same search as federa-core's
/// `a_seeded_search_gives_the_same_move_on_every_platform`.
#[wasm_bindgen_test]
fn a_seeded_search_gives_the_same_move_as_natively() {
    let expected = include_str!("../../federa-core/tests/data/seeded_search_move.txt").trim();
    let record = seeded_midgame_record();
    for _ in 0..2 {
        let mut ai = Ai::new("master", 42.0).unwrap();
        let result = ai.think(&record, true, 0.0, 500.0, None).unwrap();
        assert_eq!(get(&result, "best").as_string().unwrap(), expected);
    }
}

/// The same digest of the calibrated chances as federa-core's
/// `the_tables_give_the_chances_they_were_fitted_to_give`.
#[wasm_bindgen_test]
fn the_calibrated_chances_are_the_same_as_natively() {
    let expected = include_str!("../../federa-core/tests/data/calibration_fingerprint.txt").trim();
    let found = federa_core::search::calibration::fingerprint();
    assert_eq!(format!("{found:016x}"), expected);
}

#[wasm_bindgen_test]
fn the_book_gives_the_moves_of_the_position_shown_as_they_stand_there() {
    // One 5×5 game's first two moves: BCc3, then WSb2 (stored as the
    // canonical image of the board after BCc3).
    let text =
        "federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCc3 3 2 1 510\n5/5/2C2/5/5 w 1\tWSb2 3 2 1 -\n";
    let book = OpeningBook::new(text).unwrap();
    assert_eq!((book.size(), book.pie(), book.positions()), (5, true, 2));
    let mut g = game("5x5");
    let moves = js_sys::Array::from(&book.moves(&g));
    assert_eq!(moves.length(), 1);
    let first = moves.get(0);
    assert_eq!(get(&first, "token").as_string().as_deref(), Some("BCc3"));
    assert_eq!(get(&first, "games").as_f64(), Some(3.0));
    assert_eq!(get(&first, "darkWins").as_f64(), Some(2.0));
    assert_eq!(get(&first, "firstWins").as_f64(), Some(1.0));
    assert_eq!(get(&first, "chance").as_f64(), Some(0.51));
    g.play("BCc3").unwrap();
    let after = js_sys::Array::from(&book.moves(&g)).get(0);
    assert_eq!(get(&after, "chance"), JsValue::NULL);
    // Off the book, or another size: no moves.
    g.play("WSa1").unwrap();
    assert_eq!(js_sys::Array::from(&book.moves(&g)).length(), 0);
    assert_eq!(js_sys::Array::from(&book.moves(&game("7x7"))).length(), 0);
    let e = err(OpeningBook::new(
        "federa-book 1 5x5 pie\n5/5/5/5/5 b 0\tBCz9 1 1 1 -\n",
    ));
    assert_eq!(kind(&e), "book");
    assert_eq!(get(&e, "index").as_f64(), Some(2.0));
}

/// The benchmark's 9×9 mid-game position (seed 3) as a record.
fn seeded_midgame_record() -> String {
    let pos = federa_core::search::midgame_position(federa_core::Rules::new(9).unwrap(), 3);
    format!("[Position \"{pos}\"]\n9x9")
}

#[wasm_bindgen_test]
fn the_search_benchmark_runs() {
    let r = bench_search(7.0, 30.0, 1.0).unwrap();
    assert!(get(&r, "iterations").as_f64().unwrap() > 0.0);
    assert_eq!(kind(&err(bench_search(300.0, 30.0, 1.0))), "size");
}

#[cfg(feature = "bench")]
#[wasm_bindgen_test]
fn the_playout_benchmark_runs_and_refuses_a_bad_size() {
    let stats = bench_playouts(7.0, 3, 1.0).unwrap();
    assert_eq!(get(&stats, "games").as_f64(), Some(3.0));
    assert!(get(&stats, "moves").as_f64().unwrap() >= 3.0 * 49.0);
    assert_eq!(kind(&err(bench_playouts(300.0, 1, 0.0))), "size");
}

#[wasm_bindgen_test]
fn a_board_set_up_cell_by_cell_is_a_position_and_bad_cells_are_refused() {
    // The problem demo's board: sCc / c.C / SsS, Dark to move, 8 moves played.
    let cells = [2, 4, 2, 3, 0, 1, 4, 1, 3];
    let g = GameHandle::from_cells(3.0, &cells, "dark", 8.0, false).unwrap();
    assert_eq!(g.position(), "sCc/c.C/SsS b 8");
    assert_eq!(g.board(), cells.to_vec());
    let groups = |color: &str| {
        let v = g.changeable_groups(Some(color.into())).unwrap();
        js_sys::JSON::stringify(&v).unwrap().as_string().unwrap()
    };
    let by_turn = js_sys::JSON::stringify(&g.changeable_groups(None).unwrap()).unwrap();
    assert_eq!(by_turn.as_string().unwrap(), groups("dark"));
    // c1: one attacker each, and the group is Dark's; a1: Light's square
    // at b1 alone; a3: one each, and the group is Light's; c3: no attacker.
    assert_eq!(groups("dark"), r#"[["c1"]]"#);
    assert_eq!(groups("light"), r#"[["a1"],["a3"]]"#);
    assert_eq!(
        kind(&err(g.changeable_groups(Some("blue".into())))),
        "color"
    );
    assert_eq!(g.changeable(Some("light".into())).unwrap(), ["a1", "a3"]);
    assert_eq!(kind(&err(g.changeable(Some("blue".into())))), "color");
    for (size, cells, to_move, plies) in [
        (3.0, &cells[..8], "dark", 0.0),
        (3.0, &[0, 0, 0, 0, 5, 0, 0, 0, 0][..], "dark", 0.0),
        (3.0, &cells[..], "black", 0.0),
        (3.0, &cells[..], "dark", -1.0),
        (3.0, &cells[..], "dark", 0.5),
    ] {
        assert_eq!(
            kind(&err(GameHandle::from_cells(
                size, cells, to_move, plies, true
            ))),
            "setup",
            "{cells:?} {to_move} {plies}"
        );
    }
    assert_eq!(
        kind(&err(GameHandle::from_cells(1.0, &[0], "dark", 0.0, true))),
        "size"
    );
}

#[wasm_bindgen_test]
fn text_reads_as_the_notation_it_is_written_in() {
    let record = GameHandle::from_text("  5x5 BCc3 WSa1\n", true).unwrap();
    assert_eq!(record.record(), "5x5 BCc3 WSa1");
    let tagged = GameHandle::from_text("[Dark \"Ann\"]\n5x5 BCc3", true).unwrap();
    assert_eq!(tagged.moves(), vec!["BCc3".to_owned()]);
    let position = GameHandle::from_text("scs/cCc/s.s b", true).unwrap();
    assert_eq!(position.position(), "scs/cCc/s.s b 0");
    // A bad text gets the error of the notation it looks like.
    assert_eq!(
        kind(&err(GameHandle::from_text("scs/cCc b", true))),
        "position"
    );
    assert_eq!(
        kind(&err(GameHandle::from_text("5x5 BCc3 BCc4", true))),
        "record"
    );
    assert_eq!(kind(&err(GameHandle::from_text("hello", true))), "record");
}

#[wasm_bindgen_test]
fn a_position_and_moves_read_as_one_game_from_that_position() {
    let mut g =
        GameHandle::from_position_and_moves("5/5/2C2/5/5 w 1", "WCa1 (swap) BSb2?", true).unwrap();
    assert_eq!(g.position(), "5/5/2C2/.S3/c4 w 3");
    assert!(g.jump(0.0));
    assert_eq!(g.position(), "5/5/2C2/5/5 w 1");
    let rows = get(&g.tree(), "rows");
    let first = Reflect::get(&rows, &0.into()).unwrap();
    assert_eq!(get(&first, "token").as_string().unwrap(), "WCa1");
    let second = Reflect::get(&rows, &1.into()).unwrap();
    assert_eq!(get(&second, "glyphName").as_string().unwrap(), "mistake");
    assert_eq!(
        kind(&err(GameHandle::from_position_and_moves(
            "5/5 w", "WCa1", true
        ))),
        "position"
    );
    assert_eq!(
        kind(&err(GameHandle::from_position_and_moves(
            "5/5/2C2/5/5 w 1",
            "BCa1",
            true
        ))),
        "record"
    );
}

#[wasm_bindgen_test]
fn the_status_says_which_seat_plays_each_colour() {
    let seat =
        |g: &GameHandle, color: &str| get(&get(&g.status(), "seats"), color).as_string().unwrap();
    let mut g = game("5x5 BCc3");
    assert_eq!(
        (seat(&g, "dark"), seat(&g, "light")),
        ("first".into(), "second".into())
    );
    g.play("swap").unwrap();
    assert_eq!(
        (seat(&g, "dark"), seat(&g, "light")),
        ("second".into(), "first".into())
    );
}

#[wasm_bindgen_test]
fn move_info_names_a_token_as_move_at_does_and_refuses_a_bad_one() {
    let g = game("3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3");
    for ply in 0..10 {
        let at = g.move_at(f64::from(ply));
        let named = move_info(&get(&at, "token").as_string().unwrap()).unwrap();
        for key in ["kind", "color", "piece", "at", "token"] {
            assert_eq!(get(&named, key), get(&at, key), "{key} of move {ply}");
        }
    }
    let swap = move_info("swap").unwrap();
    assert_eq!(get(&swap, "kind").as_string().as_deref(), Some("swap"));
    let bare = move_info("WFb3").unwrap();
    assert!(get(&bare, "piece").is_null());
    assert_eq!(get(&bare, "at").as_string().as_deref(), Some("b3"));
    assert_eq!(kind(&err(move_info("XCd4"))), "token");
}

/// A plain object of these fields, as the page would pass one.
fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (key, value) in fields {
        Reflect::set(&o, &(*key).into(), value).unwrap();
    }
    o.into()
}

fn text(v: &JsValue, key: &str) -> Option<String> {
    get(v, key).as_string()
}

fn number(v: &JsValue, key: &str) -> Option<f64> {
    get(v, key).as_f64()
}

#[wasm_bindgen_test]
fn a_game_ends_outside_the_rules_in_its_record_and_reads_back_ended() {
    let mut g = game("[Dark \"Ann\"]\n3x3 BCb2 WSa3");
    assert!(g.ended().is_null());
    g.end("light".into(), "resign").unwrap();
    let ended = g.ended();
    assert_eq!(text(&ended, "winner").as_deref(), Some("light"));
    assert_eq!(text(&ended, "how").as_deref(), Some("resign"));
    let tags = "[Dark \"Ann\"]\n[Result \"W\"]\n[Termination \"resign\"]\n3x3";
    assert_eq!(g.record(), format!("{tags} BCb2 WSa3"));
    assert_eq!(g.annotated(), g.record());
    assert!(g.undo());
    assert_eq!(
        text(&g.ended(), "how").as_deref(),
        Some("resign"),
        "the game's end, not the ply's"
    );
    let read = game(&g.annotated());
    assert_eq!(text(&read.ended(), "winner").as_deref(), Some("light"));

    let before = snapshot(&g);
    let e = err(g.end("dark".into(), "time"));
    assert_eq!(
        (kind(&e), text(&e, "problem")),
        ("end".into(), Some("ended".into()))
    );
    assert_eq!(text(&e, "color").as_deref(), Some("light"));
    assert_eq!(text(&e, "how").as_deref(), Some("resign"));
    assert_eq!(snapshot(&g), before, "a refused end changes nothing");
}

#[wasm_bindgen_test]
fn an_end_that_may_not_be_is_refused_and_a_tag_never_overrides_the_board() {
    let mut g = game("3x3 BCb2");
    let before = snapshot(&g);
    for how in ["normal", "draw", "", "Resign"] {
        let e = err(g.end("dark".into(), how));
        assert_eq!(
            (kind(&e), text(&e, "problem")),
            ("end".into(), Some("how".into())),
            "{how}"
        );
    }
    assert_eq!(kind(&err(g.end("grey".into(), "resign"))), "color");
    assert_eq!(snapshot(&g), before);
    assert!(g.ended().is_null());

    // Dark fills the board with c1.
    let won = "[Position \"CCC/CCC/CC. b\"]\n3x3 BCc1";
    let mut g = game(won);
    let e = err(g.end("light".into(), "time"));
    assert_eq!(text(&e, "problem").as_deref(), Some("won"));
    assert_eq!(text(&e, "color").as_deref(), Some("dark"));
    let tagged = game(&format!("[Result \"W\"]\n[Termination \"resign\"]\n{won}"));
    assert!(tagged.ended().is_null());
    assert_eq!(
        get(&tagged.status(), "winner").as_string().as_deref(),
        Some("dark")
    );
}

#[wasm_bindgen_test]
fn time_controls_read_from_text_and_set_as_objects_write_their_tag() {
    let byo = read_time_control("600/byo 5x30").unwrap();
    assert_eq!(text(&byo, "kind").as_deref(), Some("byoyomi"));
    assert_eq!(
        ["main", "periods", "period"].map(|k| number(&byo, k)),
        [Some(600.0), Some(5.0), Some(30.0)]
    );
    let mut g = GameHandle::new(5.0, true).unwrap();
    assert!(g.time_control().is_null());
    g.set_time_control(&byo).unwrap();
    assert_eq!(g.record(), "[TimeControl \"600/byo 5x30\"]\n5x5");
    assert_eq!(g.annotated(), g.record());
    let days = object(&[("kind", "days".into()), ("days", 3.into())]);
    g.set_time_control(&days).unwrap();
    assert_eq!(
        g.record(),
        "[TimeControl \"3d\"]\n5x5",
        "replaced where it stands"
    );
    let read = game(&g.annotated()).time_control();
    assert_eq!(
        (text(&read, "kind"), number(&read, "days")),
        (Some("days".into()), Some(3.0))
    );
    let fischer = object(&[
        ("kind", "fischer".into()),
        ("main", 0.into()),
        ("increment", 3.into()),
    ]);
    g.set_time_control(&fischer).unwrap();
    let tc = g.time_control();
    assert_eq!(
        (number(&tc, "main"), number(&tc, "increment")),
        (Some(0.0), Some(3.0))
    );
    assert!(get(&tc, "days").is_undefined(), "only its kind's numbers");
    // A record from elsewhere may hold any text: no time control, and the game reads.
    assert!(
        game("[TimeControl \"40/7200\"]\n3x3")
            .time_control()
            .is_null()
    );
}

#[wasm_bindgen_test]
fn a_time_control_that_is_not_one_names_its_problem_and_changes_nothing() {
    let texts = [
        ("600+05", "number", Some(("increment", 0.0, 3600.0))),
        ("600/byo 0x30", "range", Some(("periods", 1.0, 99.0))),
        ("31d", "range", Some(("days", 1.0, 30.0))),
        ("40/7200", "form", None),
        ("", "form", None),
        ("0+0", "noTime", None),
    ];
    for (tc, problem, field) in texts {
        let e = err(read_time_control(tc));
        assert_eq!(kind(&e), "timeControl", "{tc}");
        assert_eq!(text(&e, "problem").as_deref(), Some(problem), "{tc}");
        assert_eq!(text(&e, "found").as_deref(), Some(tc));
        let facts = field.map(|(f, least, most)| (f.to_owned(), least, most));
        let got = text(&e, "field")
            .map(|f| (f, number(&e, "least").unwrap(), number(&e, "most").unwrap()));
        assert_eq!(got, facts, "{tc}");
    }

    let mut g = game("[TimeControl \"300+3\"]\n3x3 BCb2");
    let before = snapshot(&g);
    let fischer = |main: JsValue| {
        object(&[
            ("kind", "fischer".into()),
            ("main", main),
            ("increment", 0.into()),
        ])
    };
    let objects = [
        (JsValue::NULL, "kind"),
        (JsValue::UNDEFINED, "kind"),
        (5.into(), "kind"),
        ("600+5".into(), "kind"),
        (object(&[("kind", "blitz".into())]), "kind"),
        (fischer(1.5.into()), "number"),
        (fischer(f64::NAN.into()), "number"),
        (fischer(f64::INFINITY.into()), "number"),
        (fischer("600".into()), "number"),
        (fischer(JsValue::UNDEFINED), "number"),
        (fischer((-1).into()), "range"),
        (fischer(1e12.into()), "range"),
        (fischer(0.into()), "noTime"),
        (
            object(&[("kind", "days".into()), ("days", 0.into())]),
            "range",
        ),
        (
            object(&[("kind", "byoyomi".into()), ("main", 60.into())]),
            "number",
        ),
    ];
    for (tc, problem) in objects {
        let e = err(g.set_time_control(&tc));
        assert_eq!(kind(&e), "timeControl");
        assert_eq!(text(&e, "problem").as_deref(), Some(problem), "{tc:?}");
    }
    assert_eq!(snapshot(&g), before);
    assert_eq!(number(&g.time_control(), "main"), Some(300.0));
}
