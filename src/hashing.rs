//! The mixing functions behind every game's Zobrist keys and hash reads.

/// SplitMix64's output function: turns a counter into a well-spread 64-bit key. Each game
/// derives its fixed key tables from it at compile time.
pub(crate) const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// MurmurHash3's 64-bit finaliser: a bijection (so it adds no collisions) with full
/// avalanche, applied when an additive hash is read.
#[inline]
pub(crate) const fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}
