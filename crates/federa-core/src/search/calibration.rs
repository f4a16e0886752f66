//! The search's values as win chances a player can read: a value of the
//! tree (a mean of playout results) mapped to the share of games that the
//! side to move went on to win from positions where the strongest level saw
//! that value, as lichess maps its engine's scores to win percentages.
//!
//! The map is a table per board size, over how full the board is and the
//! raw value, read by bilinear interpolation in integers, so that native and
//! wasm give the same chance bit for bit. `federa calibrate fit` writes the
//! table (`calibration_table.rs`) from the data of `federa calibrate play`.
//!
//! ```
//! use federa_core::search::calibration::win_chance;
//!
//! let even = win_chance(0.5, 9, 40);
//! assert!(win_chance(0.6, 9, 40) > even && win_chance(0.4, 9, 40) < even);
//! ```

#[path = "calibration_table.rs"]
mod table;

pub use table::SIZES;

/// Points of a table row across the raw value, 0 to 1 in steps of 1/32.
pub const RAW_POINTS: usize = 33;
/// Rows of a size's table: the board's fullness, 0 to 1 in steps of 1/4.
pub const FILL_POINTS: usize = 5;
/// A size's table: `[fill][raw]`, chances in 65,535ths.
pub type Table = [[u16; RAW_POINTS]; FILL_POINTS];

/// Fixed-point steps between two table points (raw value and fullness).
const STEP: u64 = 1024;

/// The side to move's chance of winning for the search's value `raw` (0 to
/// 1), on a board of `size` with `occupied` of its points filled. The
/// table of the nearest size calibrated is used.
#[must_use]
pub fn win_chance(raw: f32, size: u8, occupied: usize) -> f32 {
    let nearest = (0..SIZES.len())
        .min_by_key(|&k| SIZES[k].abs_diff(size))
        .expect("a calibrated size");
    let cells = usize::from(size) * usize::from(size);
    lookup(&table::TABLES[nearest], raw, occupied, cells)
}

/// A digest of every chance `tables` (for `sizes`) give on a grid of raw
/// values and fullness: the same natively and in wasm, as a test checks.
#[must_use]
pub fn fingerprint_of(sizes: &[u8], tables: &[Table]) -> u64 {
    // FNV-1a over the chances' bits.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for (&size, table) in sizes.iter().zip(tables) {
        let cells = usize::from(size) * usize::from(size);
        for occupied in 0..=cells {
            for k in 0..=200 {
                let bits = lookup(table, k as f32 / 200.0, occupied, cells).to_bits();
                for byte in bits.to_le_bytes() {
                    hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
                }
            }
        }
    }
    hash
}

/// The digest of the shipped tables (see [`fingerprint_of`]).
#[must_use]
pub fn fingerprint() -> u64 {
    fingerprint_of(&SIZES, &table::TABLES)
}

/// The chance that `table` gives for `raw` on a board with `occupied` of
/// its `cells` filled.
#[must_use]
pub fn lookup(table: &Table, raw: f32, occupied: usize, cells: usize) -> f32 {
    let segments = (RAW_POINTS - 1) as u64;
    // Exact in f32 (a power of two times a value in 0..=1), so the same on
    // every platform; a NaN falls to 0.
    let r = (raw.clamp(0.0, 1.0) * (segments * STEP) as f32) as u64;
    let rows = (FILL_POINTS - 1) as u64;
    let q = (occupied.min(cells) as u64 * rows * STEP) / (cells.max(1) as u64);
    let (i, t) = split(r, segments);
    let (j, u) = split(q, rows);
    let at = |j: usize, i: usize| u64::from(table[j][i]);
    let low = at(j, i) * (STEP - t) + at(j, i + 1) * t;
    let high = at(j + 1, i) * (STEP - t) + at(j + 1, i + 1) * t;
    let value = (low * (STEP - u) + high * u) / (STEP * STEP);
    value as f32 / f32::from(u16::MAX)
}

/// A fixed-point coordinate as (segment, steps into it), the last point
/// counted as the end of the last segment.
fn split(x: u64, segments: u64) -> (usize, u64) {
    let k = (x / STEP).min(segments - 1);
    (k as usize, x - k * STEP)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest `federa calibrate fit` printed for the shipped tables;
    /// the wasm build's tests check the same.
    const FINGERPRINT: &str = include_str!("../../tests/data/calibration_fingerprint.txt");

    #[test]
    fn the_tables_give_the_chances_they_were_fitted_to_give() {
        assert_eq!(format!("{:016x}", fingerprint()), FINGERPRINT.trim());
    }

    #[test]
    fn every_table_rises_with_the_raw_value() {
        for (k, t) in table::TABLES.iter().enumerate() {
            for row in t {
                assert!(
                    row.windows(2).all(|w| w[0] <= w[1]),
                    "size {}: {row:?}",
                    SIZES[k]
                );
            }
        }
    }

    #[test]
    fn the_chance_rises_with_the_raw_value_between_table_points() {
        for &size in &SIZES {
            let cells = usize::from(size) * usize::from(size);
            for occupied in [0, cells / 3, cells - 1, cells] {
                let mut last = 0.0;
                for k in 0..=1000 {
                    let p = win_chance(k as f32 / 1000.0, size, occupied);
                    assert!(p >= last, "size {size}, {occupied} filled, raw {k}/1000");
                    assert!((0.0..=1.0).contains(&p));
                    last = p;
                }
            }
        }
    }

    #[test]
    fn table_points_are_read_exactly_and_between_them_linearly() {
        let mut table = [[0; RAW_POINTS]; FILL_POINTS];
        for (j, row) in table.iter_mut().enumerate() {
            for (i, v) in row.iter_mut().enumerate() {
                *v = (i * 2000 + j * 100) as u16;
            }
        }
        let read = |raw: f32, occupied| (lookup(&table, raw, occupied, 100) * 65535.0).round();
        assert_eq!(read(0.0, 0), 0.0);
        assert_eq!(read(1.0, 100), 64_400.0);
        assert_eq!(read(0.5, 50), 32_200.0);
        // Halfway between raw points 0 and 1 of the first row.
        assert_eq!(read(1.0 / 64.0, 0), 1000.0);
        // A quarter full is row 1; an eighth, halfway between rows 0 and 1.
        assert_eq!(read(0.0, 25), 100.0);
        assert_eq!((lookup(&table, 0.0, 50, 400) * 65535.0).round(), 50.0);
    }

    #[test]
    fn sizes_between_and_beyond_use_the_nearest_table() {
        let first = SIZES[0];
        let last = SIZES[SIZES.len() - 1];
        assert_eq!(win_chance(0.7, 2, 0), win_chance(0.7, first, 0));
        let cells = usize::from(last) * usize::from(last);
        assert_eq!(
            win_chance(0.7, 25, 625),
            win_chance(0.7, last, cells),
            "a full board is as full on any size"
        );
    }
}
