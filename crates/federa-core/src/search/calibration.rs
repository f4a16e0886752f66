//! The search's values as win chances a player can read: a value of the
//! tree (a mean of playout results) mapped to the share of games that the
//! side to move went on to win from positions where the strongest level saw
//! that value, as lichess maps its engine's scores to win percentages.
//!
//! The map is a table per board size and search budget (a longer search's
//! values are more decided), over how full the board is and the raw value,
//! read by bilinear interpolation in integers, so that native and wasm give
//! the same chance bit for bit. Between two budgets of a size the chance is
//! interpolated in the logarithm of the iterations; beyond them the nearest
//! budget's table holds. `federa calibrate fit` writes the tables
//! (`calibration_table.rs`) from the data of `federa calibrate play`.
//!
//! ```
//! use federa_core::search::calibration::win_chance;
//!
//! let even = win_chance(0.5, 9, 40, 2000);
//! assert!(win_chance(0.6, 9, 40, 2000) > even && win_chance(0.4, 9, 40, 2000) < even);
//! ```

#[path = "calibration_table.rs"]
mod table;

pub use table::{FITTED, TABLES};

/// Points of a table row across the raw value, 0 to 1 in steps of 1/32.
pub const RAW_POINTS: usize = 33;
/// Rows of a size's table: the board's fullness, 0 to 1 in steps of 1/4.
pub const FILL_POINTS: usize = 5;
/// A size's table: `[fill][raw]`, chances in 65,535ths.
pub type Table = [[u16; RAW_POINTS]; FILL_POINTS];

/// Fixed-point steps between two table points (raw value and fullness).
const STEP: u64 = 1024;

/// The side to move's chance of winning for the value `raw` (0 to 1) of a
/// search of `iterations`, on a board of `size` with `occupied` of its
/// points filled. The tables of the nearest size calibrated are used.
#[must_use]
pub fn win_chance(raw: f32, size: u8, occupied: usize, iterations: u32) -> f32 {
    chance_in(&FITTED, &table::TABLES, raw, size, occupied, iterations)
}

/// [`win_chance`] by the tables `tables`, fitted for the (size, budget)
/// pairs `fitted` (ordered by size, then budget).
#[must_use]
pub fn chance_in(
    fitted: &[(u8, u32)],
    tables: &[Table],
    raw: f32,
    size: u8,
    occupied: usize,
    iterations: u32,
) -> f32 {
    let nearest = fitted
        .iter()
        .map(|&(s, _)| s)
        .min_by_key(|s| s.abs_diff(size))
        .expect("a calibrated size");
    let cells = usize::from(size) * usize::from(size);
    // The size's budgets just below and above the search's.
    let bands = || (0..fitted.len()).filter(|&k| fitted[k].0 == nearest);
    let below = bands().rfind(|&k| fitted[k].1 <= iterations);
    let above = bands().find(|&k| fitted[k].1 >= iterations);
    let value = match (below, above) {
        (Some(lo), Some(hi)) if lo != hi => {
            let (from, to) = (log2_fixed(fitted[lo].1), log2_fixed(fitted[hi].1));
            let t = (log2_fixed(iterations) - from) * STEP / (to - from);
            let low = lookup(&tables[lo], raw, occupied, cells);
            let high = lookup(&tables[hi], raw, occupied, cells);
            (low * (STEP - t) + high * t) / STEP
        }
        // At a budget fitted, or beyond the size's budgets: the nearest.
        _ => {
            let k = below.or(above).expect("a calibrated size has a budget");
            lookup(&tables[k], raw, occupied, cells)
        }
    };
    value as f32 / f32::from(u16::MAX)
}

/// log₂ `x` in `STEP`ths, exact at powers of two and linear between them
/// (so that it rises with `x` and is the same on every platform); 0 for 0.
fn log2_fixed(x: u32) -> u64 {
    let x = u64::from(x.max(1));
    let e = 63 - u64::from(x.leading_zeros());
    e * STEP + (((x - (1 << e)) * STEP) >> e)
}

/// Search budgets at which the digest reads the map: below, at, between and
/// beyond the budgets fitted.
const DIGEST_BUDGETS: [u32; 5] = [500, 2000, 5000, 16000, 100_000];

/// A digest of every chance `tables` (fitted for `fitted`) give on a grid
/// of raw values, fullness and budgets: the same natively and in wasm, as a
/// test checks.
#[must_use]
pub fn fingerprint_of(fitted: &[(u8, u32)], tables: &[Table]) -> u64 {
    // FNV-1a over the chances' bits.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut sizes: Vec<u8> = fitted.iter().map(|&(s, _)| s).collect();
    sizes.dedup();
    for size in sizes {
        let cells = usize::from(size) * usize::from(size);
        for iterations in DIGEST_BUDGETS {
            for occupied in 0..=cells {
                for k in 0..=200 {
                    let raw = k as f32 / 200.0;
                    let p = chance_in(fitted, tables, raw, size, occupied, iterations);
                    for byte in p.to_bits().to_le_bytes() {
                        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
    }
    hash
}

/// The digest of the shipped tables (see [`fingerprint_of`]).
#[must_use]
pub fn fingerprint() -> u64 {
    fingerprint_of(&FITTED, &table::TABLES)
}

/// The chance that `table` gives for `raw` on a board with `occupied` of
/// its `cells` filled, in 65,535ths (rounded down).
fn lookup(table: &Table, raw: f32, occupied: usize, cells: usize) -> u64 {
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
    (low * (STEP - u) + high * u) / (STEP * STEP)
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
                    "size and budget {:?}: {row:?}",
                    FITTED[k]
                );
            }
        }
    }

    #[test]
    fn the_chance_rises_with_the_raw_value_between_table_points() {
        for &(size, _) in &FITTED {
            let cells = usize::from(size) * usize::from(size);
            for iterations in [100, 2000, 7000, 16000, 1_000_000] {
                for occupied in [0, cells / 3, cells - 1, cells] {
                    let mut last = 0.0;
                    for k in 0..=1000 {
                        let p = win_chance(k as f32 / 1000.0, size, occupied, iterations);
                        assert!(
                            p >= last,
                            "size {size}, {iterations} iterations, {occupied} filled, raw {k}/1000"
                        );
                        assert!((0.0..=1.0).contains(&p));
                        last = p;
                    }
                }
            }
        }
    }

    #[test]
    fn between_two_budgets_the_chance_lies_between_theirs() {
        let fitted = [(9, 1000), (9, 4000)];
        let mut tables = [[[0; RAW_POINTS]; FILL_POINTS]; 2];
        for (b, table) in tables.iter_mut().enumerate() {
            for row in table.iter_mut() {
                for (i, v) in row.iter_mut().enumerate() {
                    *v = (i * 1000 + b * 30_000) as u16;
                }
            }
        }
        let at =
            |iterations| (chance_in(&fitted, &tables, 0.5, 9, 40, iterations) * 65535.0).round();
        // Raw 0.5 is point 16 of a row: 16,000 on the first, 46,000 on the second.
        assert_eq!(at(1000), 16_000.0);
        assert_eq!(at(4000), 46_000.0);
        // Below and beyond the budgets fitted, the nearest budget's table.
        assert_eq!(at(10), 16_000.0);
        assert_eq!(at(1_000_000), 46_000.0);
        // 2,000 is halfway between 1,000 and 4,000 in the logarithm.
        assert_eq!(at(2000), 31_000.0);
        let mut last = 0.0;
        for iterations in (1000..=4000).step_by(7) {
            let p = at(iterations);
            assert!(p >= last, "{iterations} iterations");
            last = p;
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
        let tables = [table];
        let read = |raw: f32, occupied| {
            (chance_in(&[(10, 2000)], &tables, raw, 10, occupied, 2000) * 65535.0).round()
        };
        assert_eq!(read(0.0, 0), 0.0);
        assert_eq!(read(1.0, 100), 64_400.0);
        assert_eq!(read(0.5, 50), 32_200.0);
        // Halfway between raw points 0 and 1 of the first row.
        assert_eq!(read(1.0 / 64.0, 0), 1000.0);
        // A quarter full is row 1; an eighth, halfway between rows 0 and 1.
        assert_eq!(read(0.0, 25), 100.0);
        let on_20 = chance_in(&[(10, 2000)], &tables, 0.0, 20, 50, 2000);
        assert_eq!((on_20 * 65535.0).round(), 50.0);
    }

    #[test]
    fn sizes_between_and_beyond_use_the_nearest_table() {
        let first = FITTED[0].0;
        let last = FITTED[FITTED.len() - 1].0;
        assert_eq!(win_chance(0.7, 2, 0, 2000), win_chance(0.7, first, 0, 2000));
        let cells = usize::from(last) * usize::from(last);
        assert_eq!(
            win_chance(0.7, 25, 625, 2000),
            win_chance(0.7, last, cells, 2000),
            "a full board is as full on any size"
        );
    }
}
