//! The transposition table of [`AlphaBeta`](super::AlphaBeta): what earlier searches found
//! about a position, keyed by [`Ruleset::hash`](crate::Ruleset::hash).

use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored value means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact value.
    Exact,
    /// At least this.
    Lower,
    /// At most this.
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub(crate) key: u64,
    pub(crate) mv: Option<M>,
    pub(crate) value: i32,
    pub(crate) depth: u16,
    pub(crate) bound: Bound,
}

/// An [`Entry`] as [`Table`] keeps it: its value and depth in one word, so that an entry of
/// each game's move takes 16 bytes.
#[derive(Clone, Copy, Debug)]
struct Packed<M> {
    key: u64,
    /// The value (in 24 bits: every value is inside `-2 WIN..=2 WIN`) above the depth (8
    /// bits, at most 255).
    value_depth: u32,
    mv: Option<M>,
    bound: Bound,
}

/// The most a value stored by [`Table`] may be (and minus it the least): 24 bits.
const VALUE_MAX: i32 = (1 << 23) - 1;

impl<M: Copy> Packed<M> {
    #[inline]
    fn new(e: Entry<M>) -> Packed<M> {
        let value = e.value.clamp(-VALUE_MAX, VALUE_MAX);
        Packed {
            key: e.key,
            value_depth: (value as u32) << 8 | u32::from(e.depth.min(255)),
            mv: e.mv,
            bound: e.bound,
        }
    }

    #[inline]
    fn depth(&self) -> u16 {
        (self.value_depth & 0xFF) as u16
    }

    #[inline]
    fn entry(&self) -> Entry<M> {
        Entry {
            key: self.key,
            mv: self.mv,
            value: self.value_depth as i32 >> 8,
            depth: self.depth(),
            bound: self.bound,
        }
    }
}

/// The two entries of a slot, aligned so that a slot (32 bytes with the games' moves) never
/// straddles two cache lines: a probe reads one line.
#[derive(Clone, Copy, Debug)]
#[repr(align(32))]
struct Slot<M>([Option<Packed<M>>; 2]);

/// A power-of-two table of entries, two per slot: one kept by depth, one always replaced.
/// Depths are kept up to 255.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    slots: Vec<Slot<M>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `entries` entries (at least 2).
    pub(crate) fn new(entries: usize) -> Table<M> {
        let slots = (entries / 2).max(1).next_power_of_two();
        Table {
            slots: crate::memory::huge_page_vec(slots, || Slot([None, None])),
            mask: slots - 1,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot([None, None]));
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[(key as usize) & self.mask].0;
        slot.iter()
            .flatten()
            .find(|e| e.key == key)
            .map(Packed::entry)
    }

    /// Starts loading `key`'s slot (a hint; see [`prefetch`](crate::memory::prefetch)).
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        crate::memory::prefetch(&self.slots[(key as usize) & self.mask]);
    }

    /// Stores an entry.
    #[inline]
    pub(crate) fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[(entry.key as usize) & self.mask].0;
        let depth = entry.depth.min(255);
        match &slot[0] {
            Some(e) if e.key != entry.key && e.depth() > depth => {
                slot[1] = Some(Packed::new(entry))
            }
            _ => slot[0] = Some(Packed::new(entry)),
        }
    }
}

/// The table the threads of a parallel search share ([`SearchOptions::threads`]), in safe
/// Rust: each entry is two atomic words, its data and its key exclusive-or its data, so that
/// an entry torn by two threads writing at once fails the key check and reads as absent
/// (lockless hashing). The move is stored as its place in the position's
/// [`legal_moves`](crate::Ruleset::legal_moves), which every thread generates in the same
/// order, so that the table needs no encoding of a game's moves.
///
/// [`SearchOptions::threads`]: super::SearchOptions::threads
#[derive(Debug)]
pub(crate) struct SharedTable {
    /// Two entries a slot, each `[key ^ data, data]`: the first kept by depth, the second
    /// always replaced.
    slots: Vec<[[AtomicU64; 2]; 2]>,
    mask: usize,
}

/// No move: an entry of a position without a best move (a cut before any move).
const NO_MOVE: u64 = 0xFF;

impl SharedTable {
    /// A table of about `entries` entries (at least 2).
    pub(crate) fn new(entries: usize) -> SharedTable {
        let slots = (entries / 2).max(1).next_power_of_two();
        SharedTable {
            slots: crate::memory::huge_page_vec(slots, Default::default),
            mask: slots - 1,
        }
    }

    /// Starts loading `key`'s slot (a hint; see [`prefetch`](crate::memory::prefetch)).
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        crate::memory::prefetch(&self.slots[(key as usize) & self.mask]);
    }

    /// Forgets everything.
    pub(crate) fn clear(&self) {
        for slot in &self.slots {
            for e in slot {
                e[0].store(0, Ordering::Relaxed);
                e[1].store(0, Ordering::Relaxed);
            }
        }
    }

    fn pack(value: i32, depth: u16, bound: Bound, index: Option<usize>) -> u64 {
        let bound = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let index = index.map_or(NO_MOVE, |i| (i as u64).min(NO_MOVE - 1));
        u64::from(value as u32) | u64::from(depth.min(255)) << 32 | bound << 40 | index << 42
    }

    /// The entry for `key`, if stored, its move taken from `moves` (the position's legal
    /// moves).
    #[inline]
    pub(crate) fn probe<M: Copy>(&self, key: u64, moves: &[M]) -> Option<Entry<M>> {
        let slot = &self.slots[(key as usize) & self.mask];
        slot.iter().find_map(|e| {
            let data = e[1].load(Ordering::Relaxed);
            if data == 0 || e[0].load(Ordering::Relaxed) ^ data != key {
                return None;
            }
            let bound = match (data >> 40) & 3 {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            };
            let index = (data >> 42) & 0xFF;
            Some(Entry {
                key,
                mv: moves.get(index as usize).copied(),
                value: data as u32 as i32,
                depth: ((data >> 32) & 0xFF) as u16,
                bound,
            })
        })
    }

    /// Stores an entry whose move is `moves[index]`.
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        value: i32,
        depth: u16,
        bound: Bound,
        index: Option<usize>,
    ) {
        let slot = &self.slots[(key as usize) & self.mask];
        let data = Self::pack(value, depth, bound, index);
        let first = &slot[0];
        let old = first[1].load(Ordering::Relaxed);
        let old_key = first[0].load(Ordering::Relaxed) ^ old;
        let e = if old != 0 && old_key != key && ((old >> 32) & 0xFF) as u16 > depth.min(255) {
            &slot[1]
        } else {
            first
        };
        e[0].store(key ^ data, Ordering::Relaxed);
        e[1].store(data, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_of_every_game_is_half_a_cache_line() {
        use crate::ruleset::Ruleset;
        type Move<R> = <R as Ruleset>::Move;
        assert_eq!(std::mem::size_of::<Slot<Move<crate::kalah::Kalah>>>(), 32);
        assert_eq!(std::mem::size_of::<Slot<Move<crate::toguz::Toguz>>>(), 32);
        assert_eq!(std::mem::size_of::<Slot<Move<crate::tsoro::Tsoro>>>(), 32);
    }

    #[test]
    fn the_table_gives_back_values_depths_and_moves_whole() {
        let mut t = Table::new(16);
        for (key, value, depth) in [
            (3, -2 * 1_000_000, 0),
            (5, 2 * 1_000_000 + 81, 255),
            (7, -1, 9),
        ] {
            t.store(Entry {
                key,
                mv: Some('m'),
                value,
                depth,
                bound: Bound::Upper,
            });
            let e = t.probe(key).unwrap();
            assert_eq!(
                (e.key, e.mv, e.value, e.depth, e.bound),
                (key, Some('m'), value, depth, Bound::Upper)
            );
        }
        // Another key in the same slot: the deeper entry stays, the new one goes beside it.
        t.store(Entry {
            key: 5 + 8,
            mv: None,
            value: 4,
            depth: 1,
            bound: Bound::Exact,
        });
        assert_eq!(t.probe(5).unwrap().depth, 255);
        let e = t.probe(13).unwrap();
        assert_eq!(
            (e.mv, e.value, e.depth, e.bound),
            (None, 4, 1, Bound::Exact)
        );
        assert!(t.probe(21).is_none());
        // Depths past 255 are kept as 255, deep enough to take the first place.
        t.store(Entry {
            key: 21,
            mv: None,
            value: 0,
            depth: 300,
            bound: Bound::Lower,
        });
        assert_eq!(t.probe(21).unwrap().depth, 255);
        assert!(t.probe(5).is_none());
        t.clear();
        assert!(t.probe(13).is_none());
    }

    #[test]
    fn the_shared_table_gives_back_what_it_stored_and_no_torn_entry() {
        let t = SharedTable::new(16);
        let moves = ['a', 'b', 'c'];
        t.store(77, -1234, 9, Bound::Lower, Some(2));
        let e = t.probe(77, &moves).unwrap();
        assert_eq!(
            (e.key, e.mv, e.value, e.depth, e.bound),
            (77, Some('c'), -1234, 9, Bound::Lower)
        );
        // Another key in the same slot: the deeper entry stays, the new one goes beside it.
        t.store(77 + 8, 50, 3, Bound::Exact, None);
        assert_eq!(t.probe(77, &moves).unwrap().value, -1234);
        let e = t.probe(77 + 8, &moves).unwrap();
        assert_eq!((e.mv, e.value, e.bound), (None, 50, Bound::Exact));
        assert!(t.probe(78, &moves).is_none());
        // A torn write (data of one store, key word of another) fails the key check.
        let slot = &t.slots[77 & t.mask];
        slot[0][1].store(
            SharedTable::pack(5, 1, Bound::Upper, Some(0)),
            Ordering::Relaxed,
        );
        assert!(t.probe(77, &moves).is_none());
        t.clear();
        assert!(t.probe(77 + 8, &moves).is_none());
    }
}
