//! What a move does: the [`Effect`] every game's [`Ruleset::effect`](crate::Ruleset::effect)
//! reports, recorded by the game's own sowing engine as it plays the move on a copy.
//!
//! One type serves every game. Holes are named as the games' state accessors name them
//! ([`Spot`]): Kalah's pits, Toguz Kumalak's holes and Oware's houses `1..=n` from the
//! owner's left, Tsoro's loop indices `0..2N`. Sets of holes are bit masks ([`Spots`]), so an
//! effect is a small `Copy` value and computing one allocates nothing.
//!
//! ```
//! use sowing::kalah::{Kalah, KalahMove};
//! use sowing::{Player, Ruleset, Spot};
//!
//! let rules = Kalah::default();
//! let e = rules.effect(&rules.start(), KalahMove::Pit(3)).unwrap();
//! assert_eq!(e.origin, Some(Spot::Hole { owner: Player::South, index: 3 }));
//! assert_eq!(e.last, Some(Spot::Store(Player::South))); // four seeds: 4, 5, 6, the store
//! assert!(e.again); // an extra turn
//! assert_eq!(e.sown.len(), 4);
//! assert_eq!(e.stores, [1, 0]);
//! ```

use crate::player::Player;

/// A hole or a store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Spot {
    /// A hole: its owner and the index the game's state accessor takes (Kalah's pit, Toguz
    /// Kumalak's hole and Oware's house `1..=n` from the owner's left, Tsoro's loop index
    /// `0..2N`).
    Hole {
        /// The side the hole belongs to.
        owner: Player,
        /// Its index.
        index: usize,
    },
    /// A player's store (Kalah's store, Toguz Kumalak's kazan, a Tsoro player's captured
    /// stones, an Oware player's captured seeds).
    Store(Player),
}

/// A set of [`Spot`]s: holes with indices below [`Spots::MAX_INDEX`] and the two stores,
/// as one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Spots {
    /// One word per owner: bit `i` is hole `i`, bit 63 the store.
    bits: [u64; 2],
}

/// The bit of a side's word that stands for its store.
const STORE_BIT: u32 = 63;

impl Spots {
    /// No spot.
    pub const EMPTY: Spots = Spots { bits: [0; 2] };

    /// Hole indices stop below this (every game of the crate numbers its holes below 48).
    pub const MAX_INDEX: usize = STORE_BIT as usize;

    /// The bit of `spot`, or `None` for a hole index out of range.
    fn bit(spot: Spot) -> Option<(usize, u64)> {
        match spot {
            Spot::Hole { owner, index } if index < Self::MAX_INDEX => {
                Some((owner.index(), 1 << index))
            }
            Spot::Hole { .. } => None,
            Spot::Store(owner) => Some((owner.index(), 1 << STORE_BIT)),
        }
    }

    /// Adds `spot` (a hole index out of range is ignored).
    pub fn insert(&mut self, spot: Spot) {
        if let Some((w, b)) = Self::bit(spot) {
            self.bits[w] |= b;
        }
    }

    /// Whether `spot` is in the set.
    pub fn contains(&self, spot: Spot) -> bool {
        Self::bit(spot).is_some_and(|(w, b)| self.bits[w] & b != 0)
    }

    /// The holes of `owner` in the set, as a mask: bit `i` for hole index `i`.
    pub const fn holes(&self, owner: Player) -> u64 {
        self.bits[owner.index()] & !(1 << STORE_BIT)
    }

    /// How many spots the set holds.
    pub const fn len(&self) -> u32 {
        self.bits[0].count_ones() + self.bits[1].count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(&self) -> bool {
        self.bits[0] | self.bits[1] == 0
    }

    /// The spots: South's holes by index, South's store, then North's.
    pub fn iter(&self) -> impl Iterator<Item = Spot> + '_ {
        Player::BOTH.into_iter().flat_map(move |owner| {
            let mut bits = self.bits[owner.index()];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let i = bits.trailing_zeros();
                bits &= bits - 1;
                Some(if i == STORE_BIT {
                    Spot::Store(owner)
                } else {
                    Spot::Hole {
                        owner,
                        index: i as usize,
                    }
                })
            })
        })
    }
}

/// What one move did, as the game's engine recorded it while playing it: where the seeds
/// were lifted, where they were sown, where the last one fell, what was captured and what
/// was marked.
///
/// Stones lifted in the middle of a move (a Tsoro relay lifting the hole its lap ended in)
/// count as lifted, stones sown into a Toguz Kumalak tuzdik as sown into its owner's kazan.
/// Seeds that reach a store in any way are in [`stores`](Effect::stores), so for every hole
/// and store the state after the move follows from the state before and the effect: a hole
/// that is in none of [`lifted`](Effect::lifted), [`sown`](Effect::sown) and
/// [`captured`](Effect::captured) keeps its seeds (unless the move [`swept`](Effect::swept)
/// the board), a captured hole is empty, a store gains what `stores` says.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Effect {
    /// The player who made the move.
    pub mover: Player,
    /// The hole the move lifted its seeds from before sowing any; `None` for a move that
    /// starts with no lift (Kalah's swap, Tsoro's `stop` and bonus takes, even when the
    /// captured stones are sown back in and relay on).
    pub origin: Option<Spot>,
    /// Every hole the move lifted seeds from: the origin and any hole a relay lifted on.
    pub lifted: Spots,
    /// The seeds lifted, in all.
    pub lifted_seeds: u32,
    /// Every hole and store a seed was sown into.
    pub sown: Spots,
    /// The seeds sown, in all (a hole sown on several laps counts each time).
    pub sown_seeds: u32,
    /// Where the last seed sown fell, or `None` when nothing was sown (a Toguz Kumalak
    /// tuzdik too, though it passes the seed on to its owner's kazan: it is not in
    /// [`sown`](Effect::sown)).
    pub last: Option<Spot>,
    /// The seeds in that hole just after the last seed fell, before any capture (0 for a
    /// store and for a Toguz Kumalak tuzdik, which passes its seeds on).
    pub last_count: u32,
    /// The holes a capture or a bonus take emptied.
    pub captured: Spots,
    /// The seeds captured, in all (into a store, or under Tsoro's re-entry into the hand).
    pub captured_seeds: u32,
    /// The holes the move marked: a new Toguz Kumalak tuzdik.
    pub marked: Spots,
    /// What each store gained, indexed by [`Player::index`]: seeds sown into it, captures,
    /// and the end-of-game sweep.
    pub stores: [u32; 2],
    /// Whether the move ended the game and the seeds left on the board went to the stores.
    pub swept: bool,
    /// What each store gained from that sweep, indexed by [`Player::index`] (included in
    /// [`stores`](Effect::stores)): a store's count after the move before the sweep, as a
    /// record annotator writes it (PlayOK's `(N)` in Toguz Kumalak), is its count before the
    /// move plus `stores[i] - sweep[i]`.
    pub sweep: [u32; 2],
    /// Whether the same player moves next (Kalah's extra turn, a Tsoro turn that waits on a
    /// decision).
    pub again: bool,
}

impl Effect {
    /// The effect of a move by `mover` that does nothing it records.
    pub const fn new(mover: Player) -> Effect {
        Effect {
            mover,
            origin: None,
            lifted: Spots::EMPTY,
            lifted_seeds: 0,
            sown: Spots::EMPTY,
            sown_seeds: 0,
            last: None,
            last_count: 0,
            captured: Spots::EMPTY,
            captured_seeds: 0,
            marked: Spots::EMPTY,
            stores: [0; 2],
            swept: false,
            sweep: [0; 2],
            again: false,
        }
    }

    /// Whether the move captured anything.
    pub const fn captures(&self) -> bool {
        !self.captured.is_empty()
    }
}

/// What the engines tell as they play: the recording hooks of the sowing kernels. The unit
/// type records nothing and compiles away ([`ON`](Record::ON) is `false`, every hook empty),
/// so the hot paths pay nothing; [`Effect`] records.
pub(crate) trait Record {
    /// Whether anything is recorded: kernels guard work done only for the record with it.
    const ON: bool;
    /// `seeds` lifted from `spot`; a lift before any sowing is the origin.
    #[inline(always)]
    fn lift(&mut self, _spot: Spot, _seeds: u32) {}
    /// `seeds` sown into `spot` (a store sown into gains them).
    #[inline(always)]
    fn sow(&mut self, _spot: Spot, _seeds: u32) {}
    /// The last seed so far fell into `spot`, which then held `count`.
    #[inline(always)]
    fn last(&mut self, _spot: Spot, _count: u32) {}
    /// `spot` was emptied by a capture of `seeds`.
    #[inline(always)]
    fn capture(&mut self, _spot: Spot, _seeds: u32) {}
    /// `spot` was marked (a tuzdik).
    #[inline(always)]
    fn mark(&mut self, _spot: Spot) {}
    /// `owner`'s store gained `seeds` other than by sowing.
    #[inline(always)]
    fn gain(&mut self, _owner: Player, _seeds: u32) {}
    /// The board was swept into the stores: `owner`'s store gained `seeds` by it.
    #[inline(always)]
    fn sweep(&mut self, _owner: Player, _seeds: u32) {}
}

impl Record for () {
    const ON: bool = false;
}

impl Record for Effect {
    const ON: bool = true;

    fn lift(&mut self, spot: Spot, seeds: u32) {
        // The origin is a lift before any sowing: not a hole a relay lifts on after sowing
        // a Tsoro hand back in.
        if self.lifted.is_empty() && self.sown.is_empty() {
            self.origin = Some(spot);
        }
        self.lifted.insert(spot);
        self.lifted_seeds += seeds;
    }

    fn sow(&mut self, spot: Spot, seeds: u32) {
        if seeds == 0 {
            return;
        }
        self.sown.insert(spot);
        self.sown_seeds += seeds;
        if let Spot::Store(owner) = spot {
            self.stores[owner.index()] += seeds;
        }
    }

    fn last(&mut self, spot: Spot, count: u32) {
        self.last = Some(spot);
        self.last_count = count;
    }

    fn capture(&mut self, spot: Spot, seeds: u32) {
        self.captured.insert(spot);
        self.captured_seeds += seeds;
    }

    fn mark(&mut self, spot: Spot) {
        self.marked.insert(spot);
    }

    fn gain(&mut self, owner: Player, seeds: u32) {
        self.stores[owner.index()] += seeds;
    }

    fn sweep(&mut self, owner: Player, seeds: u32) {
        self.swept = true;
        self.stores[owner.index()] += seeds;
        self.sweep[owner.index()] += seeds;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_hold_holes_and_stores_apart() {
        let mut s = Spots::EMPTY;
        let hole = |owner, index| Spot::Hole { owner, index };
        s.insert(hole(Player::North, 47));
        s.insert(Spot::Store(Player::South));
        s.insert(hole(Player::South, 0));
        s.insert(hole(Player::South, 63)); // out of range: ignored
        assert_eq!(s.len(), 3);
        assert!(s.contains(hole(Player::North, 47)));
        assert!(!s.contains(hole(Player::South, 47)));
        assert!(!s.contains(Spot::Store(Player::North)));
        assert_eq!(s.holes(Player::South), 1);
        let all: Vec<Spot> = s.iter().collect();
        assert_eq!(
            all,
            [
                hole(Player::South, 0),
                Spot::Store(Player::South),
                hole(Player::North, 47)
            ]
        );
    }
}
