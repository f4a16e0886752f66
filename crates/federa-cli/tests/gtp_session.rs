//! A scripted session with the `federa gtp` process: every command of the
//! protocol, ids, and bad input that must get `?` while the engine goes on.

mod common;

/// The engine's replies to `input`, one per command.
fn session(input: &str) -> Vec<String> {
    common::session(input.as_bytes())
}

/// Sends `commands` one per line and checks each reply in turn.
fn script(steps: &[(&str, &str)]) {
    let input: String = steps.iter().map(|(c, _)| format!("{c}\n")).collect();
    let replies = session(&input);
    let expected: Vec<&str> = steps.iter().map(|(_, r)| *r).collect();
    assert_eq!(replies.len(), expected.len(), "{replies:#?}");
    for ((cmd, want), got) in steps.iter().zip(&replies) {
        if let Some(prefix) = want.strip_suffix('*') {
            assert!(got.starts_with(prefix), "{cmd}: got {got:?}, want {want:?}");
        } else {
            assert_eq!(got, want, "{cmd}");
        }
    }
}

#[test]
fn a_whole_session_covering_every_command() {
    script(&[
        ("protocol_version", "= 2"),
        ("1 name", "=1 federa"),
        ("2 version", &format!("=2 {}", env!("CARGO_PKG_VERSION"))),
        ("known_command play", "= true"),
        ("known_command fly", "= false"),
        ("list_commands", "= boardsize\nclear_board*"),
        ("boardsize 3", "="),
        ("pie off", "="),
        ("clear_board", "="),
        ("play BCb2", "="),
        (
            "legal_moves",
            "= WCa1 WCa2 WCa3 WCb1 WCb3 WCc1 WCc2 WCc3 WSa1 WSa2 WSa3 WSb1 WSb3 WSc1 WSc2 WSc3",
        ),
        ("pie on", "="),
        ("clear_board", "="),
        ("play BCb2", "="),
        ("3 play swap", "=3"),
        ("status", "= - w"),
        ("position", "= 3/.C./3 w 2"),
        ("record", "= 3x3 BCb2 swap"),
        ("undo", "="),
        ("record", "= 3x3 BCb2"),
        // Light: 16 placements, each answered by 14, or the swap, then 16.
        ("perft 2", &format!("= {}", 16 * 14 + 16)),
        ("set_seed 7", "="),
        ("set_time 100", "="),
        // The last limit set wins: 50 iterations, the same move every time
        // (Light takes Dark's centre).
        ("set_playouts 50", "="),
        ("genmove w", "= swap"),
        ("setposition sss/sCs/sss b", "="),
        ("legal_moves", "= BFCa1"),
        ("play BFCa1", "="),
        ("status", "= B w"),
        ("genmove", "? the game is over: Dark won"),
        (
            "loadrecord 3x3 BCb2 WSa3 BSa2 WCb3 BCc3 WSc2 BSb1 WCa1 BCc1 WFSb3",
            "=",
        ),
        ("position", "= ssC/SCs/cSC b 10"),
        ("showboard", "= \n   a b c\n 3 s s C  3*"),
        ("setposition 3/3/C2 w 1", "="),
        ("record", "= [Position \"3/3/C2 w 1\"]\n3x3"),
        ("quit", "="),
    ]);
}

#[test]
fn bad_input_gets_a_question_mark_and_changes_nothing() {
    script(
        &[
            ("boardsize 3", "="),
            ("play BCb2", "="),
            ("5 play BCb3", "?5 not your turn: Light is to move"),
            ("play WCb2", "? b2 is occupied by a dark round piece"),
            ("play WCd1", "? d1 is off the 3x3 board"),
            (
                "play WQb1",
                "? `WQb1` is not a move token: the shape letter must be C or S",
            ),
            ("play", "? play takes 1 argument, got 0"),
            ("play WCa1 WCa2", "? play takes 1 argument, got 2"),
            ("play WFCa1", "? a1 is empty: no group to change"),
            (
                "boardsize 1",
                "? board size 1 is out of range (must be 2 to 25)",
            ),
            (
                "boardsize 26",
                "? board size 26 is out of range (must be 2 to 25)",
            ),
            ("boardsize x", "? `x` is not a board size"),
            ("genmove b", "? Light is to move, not Dark"),
            ("genmove q", "? `q` is not a colour (b or w)"),
            ("pie maybe", "? pie takes on or off, not `maybe`"),
            ("perft 99", "? `99` is not a depth from 0 to 6"),
            (
                "set_time -5",
                "? `-5` is not a positive number of milliseconds",
            ),
            (
                "set_playouts 0",
                "? `0` is not a positive number of playouts",
            ),
            ("set_seed x", "? `x` is not a seed (a whole number)"),
            (
                "loadrecord 3x3 BCb2 BCb3",
                "? move 2 `BCb3` is illegal: not your turn: Light is to move",
            ),
            (
                "loadrecord 3x4 BCb2",
                "? `3x4` is not a size token (such as 13x13)",
            ),
            (
                "setposition 3/3 b",
                "? field 1 (rows): row 2 has 3 cells, but the board is 2x2",
            ),
            ("setposition", "? setposition needs a position"),
            ("fly", "? unknown command `fly`"),
            ("\u{1}\u{2}", ""),
            ("12", "?12 no command after the id"),
            ("   # just a comment", ""),
            ("record", "= 3x3 BCb2"),
            ("position", "= 3/.C./3 w 1"),
        ]
        .into_iter()
        .filter(|(_, reply)| !reply.is_empty())
        .collect::<Vec<_>>(),
    );
}

#[test]
fn lines_with_only_control_characters_or_comments_get_no_reply() {
    let replies = session("\u{1}\n# comment\n\nname\n\t \nquit\nname\n");
    assert_eq!(replies, vec!["= federa", "="], "nothing after quit");
}

#[test]
fn undo_with_nothing_to_undo_is_an_error() {
    script(&[("undo", "? nothing to undo"), ("clear_board", "=")]);
}

#[test]
fn end_of_input_ends_the_session_cleanly() {
    assert_eq!(session("boardsize 5\n"), vec!["="]);
}
