//! The history a [`Batch`](super::Batch) keeps of each game for a repetition rule.

use crate::player::Outcome;
use crate::ruleset::Ruleset;

/// The positions of one game since its last capture, for a game whose rules end it when a
/// position repeats ([`Ruleset::repetition_position`]); for other games it stays empty and
/// costs nothing (the hook answers `None`, which inlines away).
///
/// Positions are kept as the 64-bit hashes of their repetition positions; only those with
/// the same seeds in the stores can repeat (seeds captured never come back to the board),
/// so the list starts again at each capture. A 512-bit filter of the keys (one bit a key) spares
/// the look through the list for most new positions. Its buffer is kept between games:
/// after the first games, a step allocates nothing.
#[derive(Clone, Debug, Default)]
pub(super) struct Seen {
    keys: Vec<u64>,
    filter: [u64; 8],
    seeds: u32,
}

impl Seen {
    /// Records the position of `s`, just reached; the rules' outcome for a repetition if it
    /// repeats one of the game's positions. Always inlined: as a call it spent a quarter of
    /// its instructions saving and restoring registers.
    #[inline(always)]
    pub fn reach<R: Ruleset>(&mut self, rules: &R, s: &R::State) -> Option<Outcome> {
        let position = rules.repetition_position(s)?;
        let key = rules.hash(&position);
        // The stores' seeds, not the board's: the same change (the seeds are conserved) for
        // two byte reads, where counting the board adds up every hole.
        let [south, north] = rules.seed_count(s).stores;
        let seeds = south + north;
        if seeds != self.seeds {
            self.keys.clear();
            self.filter = [0; 8];
            self.seeds = seeds;
        }
        // The key's top 9 bits pick its bit of the filter.
        let (word, bit) = ((key >> 61) as usize, 1 << ((key >> 55) & 63));
        if self.filter[word] & bit != 0 && self.keys.contains(&key) {
            return rules.repetition_outcome(s);
        }
        self.filter[word] |= bit;
        self.keys.push(key);
        None
    }

    /// Starts the history again at `s`, a game's first position.
    #[inline]
    pub fn start<R: Ruleset>(&mut self, rules: &R, s: &R::State) {
        self.keys.clear();
        self.filter = [0; 8];
        self.seeds = u32::MAX;
        let _ = self.reach(rules, s);
    }
}
