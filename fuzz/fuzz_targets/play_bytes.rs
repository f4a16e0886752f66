//! Legal moves always play; an illegal move is refused and changes nothing.
#![no_main]

use federa_core::{Move, Piece, Point, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    // Size 2..=25 from the low 7 bits, the pie rule from the top bit.
    let rules = Rules::with_pie(2 + (first & 0x7f) % 24, first & 0x80 != 0).unwrap();
    let mut pos = Position::new(rules);
    for pair in rest.chunks_exact(2) {
        if pos.is_over() {
            break;
        }
        let (a, b) = (pair[0], pair[1]);
        if a & 1 == 0 {
            // A legal move, by index.
            let moves = pos.legal_moves();
            let m = moves[usize::from(u16::from_be_bytes([a >> 1, b])) % moves.len()];
            pos.try_play(m)
                .unwrap_or_else(|e| panic!("legal {m} refused in {pos}: {e}"));
        } else {
            // Any move at all: piece from bits 3-4, point (col and row 0..=26)
            // from bits 5-7 and b, kind from bits 1-2.
            let piece = Piece::ALL[usize::from(a >> 3 & 3)];
            let p = u16::from_be_bytes([a >> 5, b]);
            let at = Point::new((p % 27) as u8, (p / 27 % 27) as u8);
            let m = match a >> 1 & 3 {
                0 => Move::Place { piece, at },
                1 | 2 => Move::Change { at, into: piece },
                _ => Move::Swap,
            };
            let (text, hash) = (pos.to_string(), pos.hash());
            if let Err(e) = pos.try_play(m) {
                assert_eq!(
                    pos.to_string(),
                    text,
                    "{m} refused ({e}) but changed the position"
                );
                assert_eq!(pos.hash(), hash, "{m} refused ({e}) but changed the hash");
            }
        }
    }
});
