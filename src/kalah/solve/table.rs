//! The solver's transposition table: bounds on board values, shared by all threads.
//!
//! Values are exact game values (the solver always searches to the end), so an entry holds a
//! lower and an upper bound with no depth, and bounds found at different times for the same
//! board are simply intersected. An entry is one atomic word (so no write can be torn): the
//! key's top 40 bits, which verify it (with the bucket, chosen by the 24 bits below them
//! first: 60 bits of the key for a table of a million buckets), then the two bounds (a byte
//! each; beyond a byte, weakened or dropped), the best move (3 bits) and the **work** (5
//! bits: log2 of the nodes its search took). Buckets of eight entries fill one cache line,
//! as many as the memory allowed holds; a new board replaces the entry whose subtree was
//! smallest, so the expensive results stay.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::SolveError;

/// No move recorded.
pub(crate) const NO_MOVE: u8 = 7;

/// One probe's result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) mv: u8,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket([AtomicU64; 8]);

/// The bits below the key fragment.
const DATA_BITS: u32 = 24;
const DATA: u64 = (1 << DATA_BITS) - 1;

/// A bound beyond any board's value (a board holds at most 255 seeds).
const UNBOUNDED: i32 = 1 << 10;

/// A lower bound in a byte: weakened to 127 above it, and -128 for "none" below -127 (only
/// boards of more than 127 seeds have such values).
#[inline]
fn lower_byte(lower: i32) -> u8 {
    (if lower < -127 { -128 } else { lower.min(127) }) as i8 as u8
}

/// An upper bound in a byte: weakened to -127 below it, and 127 for "none" from 127 up.
#[inline]
fn upper_byte(upper: i32) -> u8 {
    upper.clamp(-127, 127) as i8 as u8
}

#[inline]
fn pack(key: u64, lower: i32, upper: i32, mv: u8, work: u32) -> u64 {
    u64::from(lower_byte(lower))
        | u64::from(upper_byte(upper)) << 8
        | u64::from(mv & 7) << 16
        | u64::from(work.min(31)) << 19
        | key & !DATA
}

#[inline]
fn unpack(data: u64) -> (Entry, u32) {
    (
        Entry {
            lower: match data as u8 as i8 {
                -128 => -UNBOUNDED,
                v => i32::from(v),
            },
            upper: match (data >> 8) as u8 as i8 {
                127 => UNBOUNDED,
                v => i32::from(v),
            },
            mv: ((data >> 16) & 7) as u8,
        },
        ((data >> 19) & 31) as u32,
    )
}

/// The table.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// A table of at most `bytes` bytes (64-byte buckets, at least one, at most 2^32), or
    /// the error if the memory cannot be had. Any number of buckets: a power of two would
    /// waste up to half the memory allowed (Kalah(6,5)'s 7.9 GB got 4 GB).
    pub(crate) fn new(bytes: u64) -> Result<Table, SolveError> {
        let n = (bytes / 64).clamp(1, 1 << 32);
        let oom = || SolveError::OutOfMemory {
            what: "transposition table",
            bytes: n * 64,
        };
        // Memory the system would only pretend to give (overcommit) is refused here.
        if super::available_memory().is_some_and(|free| n * 64 > free) {
            return Err(oom());
        }
        let mut buckets = Vec::new();
        buckets
            .try_reserve_exact(usize::try_from(n).map_err(|_| oom())?)
            .map_err(|_| oom())?;
        crate::memory::prefer_huge_pages(&mut buckets);
        buckets.extend((0..n).map(|_| Bucket::default()));
        Ok(Table { buckets })
    }

    /// Bytes in use.
    pub(crate) fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * 64
    }

    /// Entries in use among the first few thousand buckets, per mille.
    pub(crate) fn fill_permille(&self) -> u32 {
        let sample = self.buckets.len().min(4096);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| b.0.iter().filter(|e| e.load(Relaxed) != 0).count())
            .sum();
        (used * 1000 / (sample * 8)) as u32
    }

    /// The bucket of `key`: its low 32 bits, the 24 an entry does not keep taken as the most
    /// significant, scaled to the number of buckets.
    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        let x = u64::from((key as u32).rotate_left(32 - DATA_BITS));
        &self.buckets[((x * self.buckets.len() as u64) >> 32) as usize]
    }

    /// Starts loading `key`'s bucket (a hint; see [`prefetch`](crate::memory::prefetch)).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        crate::memory::prefetch(self.bucket(key));
    }

    /// The bounds stored for `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for e in &b.0 {
            let data = e.load(Relaxed);
            if data != 0 && (data ^ key) & !DATA == 0 {
                return Some(unpack(data).0);
            }
        }
        None
    }

    /// Records bounds for `key`, intersecting them with any already stored.
    #[inline]
    pub(crate) fn store(&self, key: u64, lower: i32, upper: i32, mv: u8, work: u32) {
        let b = self.bucket(key);
        let mut victim = 0;
        let mut least = u32::MAX;
        for (i, e) in b.0.iter().enumerate() {
            let data = e.load(Relaxed);
            if data == 0 {
                if least != 0 {
                    victim = i;
                    least = 0;
                }
                continue;
            }
            let (old, w) = unpack(data);
            if (data ^ key) & !DATA == 0 {
                e.store(
                    pack(
                        key,
                        lower.max(old.lower),
                        upper.min(old.upper),
                        if mv == NO_MOVE { old.mv } else { mv },
                        work.max(w),
                    ),
                    Relaxed,
                );
                return;
            }
            if w + 1 < least {
                victim = i;
                least = w + 1;
            }
        }
        b.0[victim].store(pack(key, lower, upper, mv, work), Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Bounds within a byte come back exact; beyond it (boards of more than 127 seeds) they
    /// come back weaker, never stronger.
    #[test]
    fn bounds_come_back_exact_or_weaker() {
        let table = Table::new(1 << 12).unwrap();
        let mut key = 0x1234_5678_9ABC_DEF0u64;
        for (lower, upper) in [
            (-3, 5),
            (-127, 126),
            (-128, -128),
            (-140, -130),
            (-255, 255),
            (130, 200),
            (127, 127),
            (-200, 100),
        ] {
            key = key.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(1);
            table.store(key, lower, upper, 2, 3);
            let e = table.probe(key).unwrap();
            assert!(
                e.lower <= lower && e.upper >= upper,
                "{lower}..{upper}: {e:?}"
            );
            if (-127..=127).contains(&lower) {
                assert_eq!(e.lower, lower);
            }
            if (-127..=126).contains(&upper) {
                assert_eq!(e.upper, upper);
            }
            assert_eq!(e.mv, 2);
        }
    }

    /// A table takes as many buckets as the bytes allowed hold, a power of two or not, and
    /// spreads keys over all of them.
    #[test]
    fn any_number_of_buckets() {
        let table = Table::new(100 * 64 + 63).unwrap();
        assert_eq!(table.bytes(), 100 * 64);
        let mut used = [false; 100];
        let mut key = 7u64;
        for i in 0..2000 {
            key = crate::hashing::mix(key.wrapping_add(i));
            let at = (table.bucket(key) as *const Bucket as usize
                - table.buckets.as_ptr() as usize)
                / 64;
            used[at] = true;
            table.store(key, -1, 1, 0, 0);
            assert!(table.probe(key).is_some());
        }
        assert!(used.iter().all(|&u| u));
    }
}
