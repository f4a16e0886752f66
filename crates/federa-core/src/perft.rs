//! Counting move sequences, to check move generation against known numbers.

use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos`
/// (automatic skips are not moves; a won position has none).
///
/// ```
/// use federa_core::{perft, Position, Rules};
/// let empty = Position::new(Rules::with_pie(3, false).unwrap());
/// assert_eq!(perft(&empty, 2), 288);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.move_count() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}
