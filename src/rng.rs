//! Random numbers for playouts and players, seeded and reproducible.

/// A source of random 64-bit numbers.
///
/// Implement it for any generator you already use (one method) to drive this crate's random
/// playouts and players with it. [`SplitMix64`] is provided.
pub trait RandomSource {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64;

    /// A number in `0..n`, for `n >= 1` (`n = 0` gives 0).
    ///
    /// Uses the multiply-shift reduction of the high 32 bits: the bias is below `n / 2^32`.
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// A float in `[0, 1)`.
    #[inline]
    fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

impl<R: RandomSource + ?Sized> RandomSource for &mut R {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        (**self).next_u64()
    }
}

/// Sebastiano Vigna's SplitMix64: tiny, fast, and good enough for playouts. Equal seeds give
/// equal sequences on every platform.
///
/// ```
/// use sowing::{RandomSource, SplitMix64};
/// let mut a = SplitMix64::new(7);
/// let mut b = SplitMix64::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(6) < 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Self {
        SplitMix64 { state: seed }
    }
}

impl RandomSource for SplitMix64 {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Wang Yi's wyrand: one 64x64->128-bit multiply a number, the fastest generator here, with
/// good statistical quality for simulations. Equal seeds give equal sequences everywhere.
///
/// ```
/// use sowing::{RandomSource, WyRand};
/// let mut rng = WyRand::new(42);
/// let roll = rng.below(6);
/// assert!(roll < 6);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WyRand {
    state: u64,
}

impl WyRand {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Self {
        WyRand { state: seed }
    }

    /// The generator's position: `WyRand::new(g.state())` goes on as `g` does.
    pub const fn state(&self) -> u64 {
        self.state
    }
}

impl RandomSource for WyRand {
    #[inline]
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xA076_1D64_78BD_642F);
        let t = u128::from(self.state) * u128::from(self.state ^ 0xE703_7ED1_A0B4_28DB);
        (t >> 64) as u64 ^ t as u64
    }
}
