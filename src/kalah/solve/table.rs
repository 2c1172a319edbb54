//! The solver's transposition table: bounds on board values, shared by all threads.
//!
//! Values are exact game values (the solver always searches to the end), so an entry holds a
//! lower and an upper bound with no depth, and bounds found at different times for the same
//! board are simply intersected. Buckets of four entries fill one cache line; a new board
//! replaces the entry whose subtree was smallest (its **work**, log2 of the nodes searched).
//! Each entry is two atomic words, the key XOR-ed with the data and the data, so a torn write
//! by another thread reads as a miss rather than as wrong bounds.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// No move recorded.
pub(crate) const NO_MOVE: u8 = 15;

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

const VALID: u64 = 1 << 40;

fn pack(lower: i32, upper: i32, mv: u8, work: u32) -> u64 {
    u64::from(lower as i8 as u8)
        | u64::from(upper as i8 as u8) << 8
        | u64::from(mv & 15) << 16
        | u64::from(work.min(63)) << 20
        | VALID
}

fn unpack(data: u64) -> (Entry, u32) {
    (
        Entry {
            lower: i32::from(data as u8 as i8),
            upper: i32::from((data >> 8) as u8 as i8),
            mv: ((data >> 16) & 15) as u8,
        },
        ((data >> 20) & 63) as u32,
    )
}

/// The table.
pub(crate) struct Table {
    buckets: Vec<Bucket>,
    mask: u64,
}

impl Table {
    /// A table of about `megabytes` MB (a power of two of buckets, at least one).
    pub(crate) fn new(megabytes: usize) -> Table {
        let want = (megabytes << 20) / 64;
        let n = if want <= 1 {
            1
        } else {
            1usize << (usize::BITS - 1 - want.leading_zeros())
        };
        Table {
            buckets: (0..n).map(|_| Bucket::default()).collect(),
            mask: n as u64 - 1,
        }
    }

    /// Entries in use among the first few thousand buckets, per mille.
    pub(crate) fn fill_permille(&self) -> u32 {
        let sample = self.buckets.len().min(4096);
        let used: usize = self.buckets[..sample]
            .iter()
            .map(|b| {
                (0..4)
                    .filter(|&i| b.0[2 * i + 1].load(Relaxed) != 0)
                    .count()
            })
            .sum();
        (used * 1000 / (sample * 4)) as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key & self.mask) as usize]
    }

    /// The bounds stored for `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        for i in 0..4 {
            let data = b.0[2 * i + 1].load(Relaxed);
            if data != 0 && b.0[2 * i].load(Relaxed) ^ data == key {
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
        for i in 0..4 {
            let data = b.0[2 * i + 1].load(Relaxed);
            if data == 0 {
                if least != 0 {
                    victim = i;
                    least = 0;
                }
                continue;
            }
            let (e, w) = unpack(data);
            if b.0[2 * i].load(Relaxed) ^ data == key {
                let data = pack(
                    lower.max(e.lower),
                    upper.min(e.upper),
                    if mv == NO_MOVE { e.mv } else { mv },
                    work.max(w),
                );
                b.0[2 * i].store(key ^ data, Relaxed);
                b.0[2 * i + 1].store(data, Relaxed);
                return;
            }
            if w + 1 < least {
                victim = i;
                least = w + 1;
            }
        }
        let data = pack(lower, upper, mv, work);
        b.0[2 * victim].store(key ^ data, Relaxed);
        b.0[2 * victim + 1].store(data, Relaxed);
    }
}
