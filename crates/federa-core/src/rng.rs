//! A small, fast random number generator that gives the same numbers on
//! every platform for the same seed (xoshiro128++, seeded by SplitMix64).
//! It works in 32-bit words, which suits wasm32 as well as native code.

/// A seeded pseudo-random number generator (not for cryptography).
///
/// ```
/// use federa_core::Rng;
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// assert_eq!(a.below(1000), b.below(1000));
/// ```
#[derive(Clone, Debug)]
pub struct Rng([u32; 4]);

impl Rng {
    /// A generator for this seed.
    #[must_use]
    pub fn new(seed: u64) -> Rng {
        let mut z = seed;
        let mut next = || {
            z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut x = z;
            x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            x ^ (x >> 31)
        };
        let (a, b) = (next(), next());
        // The all-zero state is the one state xoshiro cannot leave.
        let state = [a as u32, (a >> 32) as u32, b as u32, (b >> 32) as u32 | 1];
        Rng(state)
    }

    /// The next 32 random bits.
    #[inline]
    pub fn next_u32(&mut self) -> u32 {
        let s = &mut self.0;
        let result = s[0].wrapping_add(s[3]).rotate_left(7).wrapping_add(s[0]);
        let t = s[1] << 9;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(11);
        result
    }

    /// A uniformly random number in `0..n`, without bias (Lemire's method).
    ///
    /// # Panics
    /// If `n` is 0.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Rng::below(0)");
        let mut m = u64::from(self.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as u32
    }

    /// A uniformly random float in `[0, 1)`.
    #[inline]
    pub fn unit(&mut self) -> f32 {
        (self.next_u32() >> 8) as f32 * (1.0 / (1u32 << 24) as f32)
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let x = rng.below(7);
            assert!(x < 7);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn same_seed_same_numbers_known_values() {
        let mut a = Rng::new(42);
        let first: Vec<u32> = (0..4).map(|_| a.next_u32()).collect();
        let mut b = Rng::new(42);
        let again: Vec<u32> = (0..4).map(|_| b.next_u32()).collect();
        assert_eq!(first, again);
        let mut c = Rng::new(43);
        assert_ne!(first[0], c.next_u32());
    }

    #[test]
    fn unit_is_in_zero_one() {
        let mut rng = Rng::new(3);
        for _ in 0..1000 {
            let u = rng.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }
}
