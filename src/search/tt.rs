//! The transposition table of [`AlphaBeta`](super::AlphaBeta): what earlier searches found
//! about a position, keyed by [`Ruleset::hash`](crate::Ruleset::hash).

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

/// A power-of-two table of entries, two per slot: one kept by depth, one always replaced.
#[derive(Clone, Debug)]
pub(crate) struct Table<M> {
    slots: Vec<[Option<Entry<M>>; 2]>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `entries` entries (at least 2).
    pub(crate) fn new(entries: usize) -> Table<M> {
        let slots = (entries / 2).max(1).next_power_of_two();
        Table {
            slots: vec![[None, None]; slots],
            mask: slots - 1,
        }
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = [None, None]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[(key as usize) & self.mask];
        slot.iter().flatten().find(|e| e.key == key).copied()
    }

    /// Stores an entry.
    #[inline]
    pub(crate) fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.slots[(entry.key as usize) & self.mask];
        match &slot[0] {
            Some(e) if e.key != entry.key && e.depth > entry.depth => slot[1] = Some(entry),
            _ => slot[0] = Some(entry),
        }
    }
}
