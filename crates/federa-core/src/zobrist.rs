//! Zobrist keys: fixed pseudo-random numbers, the same on every platform.
//!
//! The keys are the splitmix64 stream seeded with "Federa", piece by piece
//! and cell by cell. Each is computed when asked for (splitmix's state only
//! adds a constant, so the n-th number has a closed form) rather than read
//! from a table: 25 KB of random numbers would weigh as much on the wasm,
//! where they do not compress.

const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;
const SEED: u64 = 0x4665_6465_7261; // "Federa"

/// Splitmix64's output function.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The `n`-th number (from 1) of the splitmix64 stream seeded with `seed`.
const fn nth(seed: u64, n: u64) -> u64 {
    mix(seed.wrapping_add(n.wrapping_mul(GOLDEN)))
}

/// The `n`-th key (from 0) for a piece on a cell: the position numbers
/// them, piece by piece and cell by cell.
#[inline]
pub(crate) fn piece(n: usize) -> u64 {
    nth(SEED, n as u64 + 1)
}

/// Mixed in when Light is to move.
pub(crate) const LIGHT_TO_MOVE: u64 = nth(1, 1);
/// Mixed in while the swap is available.
pub(crate) const SWAP_AVAILABLE: u64 = nth(2, 1);

#[cfg(test)]
mod tests {
    use super::*;

    /// The keys are the stream drawn in order, as the table they replaced was.
    #[test]
    fn the_keys_are_the_stream_in_order() {
        let mut state = SEED;
        let mut draw = || {
            state = state.wrapping_add(GOLDEN);
            mix(state)
        };
        for n in 0..4096 {
            assert_eq!(piece(n), draw(), "key {n}");
        }
        assert_eq!(LIGHT_TO_MOVE, 0x910a_2dec_8902_5cc1);
        assert_eq!(SWAP_AVAILABLE, 0x9758_35de_1c97_56ce);
    }
}
