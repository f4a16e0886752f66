//! Zobrist keys: fixed pseudo-random numbers, the same on every platform.

use crate::position::CELLS;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

const fn keys() -> [[u64; CELLS]; 4] {
    let mut table = [[0; CELLS]; 4];
    let mut state = 0x4665_6465_7261_u64; // "Federa"
    let mut piece = 0;
    while piece < 4 {
        let mut cell = 0;
        while cell < CELLS {
            let (s, k) = splitmix(state);
            state = s;
            table[piece][cell] = k;
            cell += 1;
        }
        piece += 1;
    }
    table
}

static PIECES: [[u64; CELLS]; 4] = keys();

/// Key of a piece (by code) on a cell.
#[inline]
pub(crate) fn piece(code: u8, cell: usize) -> u64 {
    PIECES[usize::from(code)][cell]
}

/// Mixed in when Light is to move.
pub(crate) const LIGHT_TO_MOVE: u64 = splitmix(1).1;
/// Mixed in while the swap is available.
pub(crate) const SWAP_AVAILABLE: u64 = splitmix(2).1;
