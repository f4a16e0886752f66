//! `federa gtp` on any bytes: random bytes, invalid UTF-8 and an endless
//! line each get a `?` reply (or none, for a line that holds no command),
//! the engine's game is unchanged, and it plays a normal game afterwards.

mod common;

use common::session;
use federa_core::Rng;

/// Whether the protocol answers `line` at all, as notation.md (the shared
/// sources) says: after control characters and the comment are dropped,
/// something is left.
fn answered(line: &[u8]) -> bool {
    let kept: Vec<u8> = line
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_control() || *b == b'\t')
        .collect();
    let command = kept.split(|&b| b == b'#').next().unwrap();
    std::str::from_utf8(command).map_or(true, |text| {
        text.chars().any(|c| !c.is_control() && !c.is_whitespace())
    })
}

/// Seeded garbage: lines of random bytes, lines of random printable words,
/// and one long run of bytes with no newline in it; each ends with `\n`.
fn garbage(seed: u64) -> Vec<Vec<u8>> {
    let mut rng = Rng::new(seed);
    let mut lines = Vec::new();
    for k in 0..400 {
        let len = rng.below(120) as usize;
        let line: Vec<u8> = match k % 3 {
            0 => (0..len).map(|_| rng.below(256) as u8).collect(),
            1 => (0..len)
                .map(|_| b" az09#\x01\xc3\xa9\xff"[rng.below(10) as usize])
                .collect(),
            _ => (0..len).map(|_| 32 + rng.below(95) as u8).collect(),
        };
        // Random bytes may hold newlines: split there, as the engine will.
        lines.extend(line.split(|&b| b == b'\n').map(<[u8]>::to_vec));
    }
    lines.push((0..6000).map(|_| 128 + rng.below(128) as u8).collect());
    lines
}

#[test]
fn random_bytes_get_replies_and_change_nothing() {
    for seed in 1..=4 {
        let setup = "boardsize 5\nplay BCc3\nplay swap\nrecord\n";
        let lines = garbage(seed);
        let mut input = setup.as_bytes().to_vec();
        for line in &lines {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
        input.extend_from_slice(b"record\nposition\n");
        let replies = session(&input);

        let expected = lines.iter().filter(|l| answered(l)).count();
        assert!(
            expected > 300,
            "the garbage has many answered lines: {expected}"
        );
        assert_eq!(
            replies.len(),
            4 + expected + 2,
            "seed {seed}: one reply per line"
        );
        let garbage_replies = &replies[4..4 + expected];
        for reply in garbage_replies {
            assert!(reply.starts_with('?'), "seed {seed}: {reply:?} is an error");
        }
        assert!(
            garbage_replies
                .iter()
                .any(|r| r.contains(" line is not valid UTF-8: byte ")),
            "invalid UTF-8 is named as such"
        );
        assert_eq!(replies[3], "= 5x5 BCc3 swap");
        assert_eq!(
            replies[4 + expected],
            replies[3],
            "seed {seed}: game unchanged"
        );
        assert_eq!(replies[4 + expected + 1], "= 5/5/2C2/5/5 w 2");
        println!(
            "seed {seed}: {} bytes in {} lines, {expected} answered with ?",
            input.len(),
            lines.len()
        );
    }
}

#[test]
fn invalid_utf8_names_the_byte_and_keeps_the_id() {
    let replies =
        session(b"7 play BC\xffa1\nplay \xc3\n\x01\x02\xfe\n9 name # \xff in a comment\nrecord\n");
    assert_eq!(
        replies,
        vec![
            "?7 line is not valid UTF-8: byte 10 (0xFF) does not belong",
            "? line is not valid UTF-8: byte 6 (0xC3) does not belong",
            "? line is not valid UTF-8: byte 3 (0xFE) does not belong",
            "=9 federa",
            "= 13x13",
        ]
    );
}

#[test]
fn an_endless_line_is_refused_and_the_session_goes_on() {
    let mut input = b"3 play ".to_vec();
    input.resize(3 << 20, b'a');
    input.extend_from_slice(b"\n  # ");
    input.resize(input.len() + (2 << 20), b'#');
    input.extend_from_slice(b"\nname\n");
    assert_eq!(
        session(&input),
        vec!["?3 line too long: over 1048576 bytes, not read", "= federa"],
        "a comment, however long, gets no reply"
    );
}

#[test]
fn after_garbage_the_engine_plays_a_whole_game() {
    let mut input = Vec::new();
    for line in garbage(99) {
        input.extend_from_slice(&line);
        input.push(b'\n');
    }
    let garbage_replies = session(&input).len();
    input.extend_from_slice(b"boardsize 5\nset_seed 3\nset_playouts 30\n");
    for _ in 0..200 {
        input.extend_from_slice(b"genmove\n");
    }
    input.extend_from_slice(b"status\n");
    let replies = session(&input);
    let game = &replies[garbage_replies + 3..];
    let moves = game.iter().take_while(|r| r.starts_with("= ")).count();
    assert!(moves > 10, "many moves played: {game:?}");
    assert_eq!(game[moves], "? the game is over: Dark won");
    assert!(game.last().unwrap().starts_with("= "), "status answers");
}
