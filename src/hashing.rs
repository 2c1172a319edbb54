//! The mixing functions behind every game's hash, for a game written outside the crate to
//! build its own: [`keys`] makes a fixed table of Zobrist keys at compile time (from
//! [`splitmix`]), and [`mix`] spreads the bits of a hash when it is read. [`MoveHasher`] is a
//! [`Hasher`] for the few bytes of a move.
//!
//! The crate's games keep an additive hash in their states, `sum(count * key)` over the
//! holes plus a key for the side to move, updated by every move, and read it through [`mix`]
//! ([`Ruleset::hash`](crate::Ruleset::hash)); a game that computes its hash from the whole
//! position each time can do the same in [`Ruleset::hash_from_scratch`](crate::Ruleset::hash_from_scratch)
//! alone.
//!
//! ```
//! use sowing::hashing::{keys, mix};
//! use sowing::Player;
//!
//! /// One key per hole of a made-up board of two rows of six, and one for North to move.
//! const KEYS: [u64; 13] = keys(0x4D59_4741_4D45);
//!
//! fn hash(holes: &[u8; 12], to_move: Player) -> u64 {
//!     let mut h = holes
//!         .iter()
//!         .zip(KEYS)
//!         .fold(0u64, |h, (&count, key)| h.wrapping_add(u64::from(count).wrapping_mul(key)));
//!     if to_move == Player::North {
//!         h = h.wrapping_add(KEYS[12]);
//!     }
//!     mix(h)
//! }
//!
//! let start = [4; 12];
//! assert_eq!(hash(&start, Player::South), hash(&start, Player::South));
//! assert_ne!(hash(&start, Player::South), hash(&start, Player::North));
//! ```

use std::hash::Hasher;

/// SplitMix64's output function: turns a counter into a well-spread 64-bit key. Each game of
/// the crate derives its fixed key tables from it at compile time.
///
/// ```
/// use sowing::hashing::splitmix;
/// assert_ne!(splitmix(1), splitmix(2));
/// assert_eq!(splitmix(0), 0xE220_A839_7B1D_CDAF);
/// ```
pub const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `N` keys for a Zobrist table, `splitmix(seed + i)` for `i` in `0..N`: usable in a
/// `const`, so the table is computed once, at compile time. Give each table its own `seed`
/// (the same seed gives the same keys).
///
/// ```
/// use sowing::hashing::{keys, splitmix};
/// const PITS: [u64; 4] = keys(7);
/// assert_eq!(PITS[2], splitmix(9));
/// ```
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut k = [0u64; N];
    let mut i = 0;
    while i < N {
        k[i] = splitmix(seed.wrapping_add(i as u64));
        i += 1;
    }
    k
}

/// MurmurHash3's 64-bit finaliser: a bijection (so it adds no collisions) with full
/// avalanche, applied when an additive hash is read.
///
/// ```
/// use sowing::hashing::mix;
/// assert_eq!(mix(0), 0);
/// assert_ne!(mix(1) >> 32, 0); // one bit in, the high half stirred
/// ```
#[inline]
pub const fn mix(mut h: u64) -> u64 {
    h ^= h >> 33;
    h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^= h >> 33;
    h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    h ^ (h >> 33)
}

/// A fast [`Hasher`] for the few bytes of a move: each byte xor-ed in, then a multiply by the
/// golden ratio. Its high bits are the well-mixed ones (the search's history table reads
/// them); for a `HashMap` keyed by moves, use it through
/// `BuildHasherDefault<MoveHasher>`. It is not meant for long keys or keys an adversary
/// chooses.
///
/// ```
/// use std::collections::HashMap;
/// use std::hash::BuildHasherDefault;
/// use sowing::hashing::MoveHasher;
/// use sowing::kalah::KalahMove;
///
/// let mut seen: HashMap<KalahMove, u32, BuildHasherDefault<MoveHasher>> = HashMap::default();
/// *seen.entry(KalahMove::Pit(3)).or_default() += 1;
/// assert_eq!(seen[&KalahMove::Pit(3)], 1);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MoveHasher(u64);

impl Hasher for MoveHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
}
