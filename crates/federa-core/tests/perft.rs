//! Perft counts kept as data files (`tests/perft/*.txt`): for each position,
//! the number of move sequences of every depth listed.

use federa_core::{Position, perft};

fn check_file(name: &str, text: &str) {
    let mut lines = 0;
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(fields.len(), 3, "{name}:{}: three fields", k + 1);
        let pie = match fields[1] {
            "on" => true,
            "off" => false,
            other => panic!("{name}:{}: pie must be on or off, not {other}", k + 1),
        };
        let pos = Position::parse_with_pie(fields[0], pie)
            .unwrap_or_else(|e| panic!("{name}:{}: {e}", k + 1));
        for (d, want) in fields[2].split_whitespace().enumerate() {
            let want: u64 = want.parse().unwrap();
            assert_eq!(
                perft(&pos, d as u32 + 1),
                want,
                "{name}:{}: depth {}",
                k + 1,
                d + 1
            );
        }
        lines += 1;
    }
    assert!(lines > 0, "{name} has no positions");
}

#[test]
fn perft_empty_boards() {
    check_file("empty.txt", include_str!("perft/empty.txt"));
}

#[test]
fn perft_midgame_positions() {
    check_file("midgame.txt", include_str!("perft/midgame.txt"));
}

#[test]
fn perft_full_boards_to_the_end_of_the_game() {
    check_file("fullboard.txt", include_str!("perft/fullboard.txt"));
}
