//! The sowing kernel: lane tables built once per ruleset, and a whole sowing (laps, capture,
//! turn change, hash update) as a few table look-ups and word additions.
//!
//! Each side is one `u64` of 8-bit counters (its pits, then its store), the mover's first, so
//! passing the turn swaps two words. A whole sowing, laps included, is one look-up in a table
//! built from the settings and two word additions, with no loop over seeds; the turn change
//! needs no branch, and random playouts pick a move from a bit mask with one multiply and a
//! table.

use super::state::{Pie, keys, lane};
use super::{Capture, EndRule, Kalah, KalahState, Leftovers};
use crate::effect::{Record, Spot};
use crate::player::Player;

/// What sowing `r` seeds (after any whole laps) from start pit `p` adds, precomputed.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Lap {
    /// Ones in the lanes of the mover's word that the seeds reach.
    own: u64,
    /// Ones in the lanes of the opponent's word that the seeds reach.
    opp: u64,
    /// The loop position of the last seed: `0..m` own pits, `m` the store, above: opponent.
    last: u8,
}

/// The masks that test a capture at one landing place.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct CaptureMasks {
    /// The landing pit's lane in the mover's word.
    own: u64,
    /// One seed in that lane: the landing pit holds exactly the last seed.
    one: u64,
    /// The lane of the pit across, in the opponent's word.
    across: u64,
    /// The shift of the lane across.
    across_shift: u8,
}

/// Lane masks and tables derived once from the settings, so that a move is a few table
/// look-ups and word additions with no loop over seeds and few branches.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    pub(super) m: usize,
    /// All bits of the pits of a side (lanes `0..m`).
    pub(super) pits: u64,
    /// One seed in every lane of the mover's word that a whole lap reaches (pits and store).
    pub(super) lap_own: u64,
    /// One seed in every lane of the opponent's word that a whole lap reaches (pits).
    pub(super) lap_opp: u64,
    /// `divmod[seeds] = (whole laps, seeds left over)` for a loop of `2m + 1` holes.
    pub(super) divmod: [(u8, u8); 256],
    /// `laps[p][r]`: what the `r` left-over seeds from pit `p` do (sized to powers of two
    /// so that masked indices need no bounds checks).
    pub(super) laps: [[Lap; 16]; 8],
    /// `sowings[p][n]`: everything sowing `n < 64` seeds from pit `p` does, whole laps
    /// included and the `n` seeds lifted from pit `p` subtracted (a wrapping add of the
    /// entry is exact, since that lane holds exactly `n`): one look-up and two additions for
    /// nearly every move of a real game.
    pub(super) sowings: [[Lap; 64]; 8],
    /// `sowing_hash[mover][p][n]`: the hash change of `sowings[p][n]` for that mover.
    pub(super) sowing_hash: [[[u64; 64]; 8]; 2],
    /// `lap_hash[mover][p][r]`: the hash change of `laps[p][r]`, seeds lifted included.
    pub(super) lap_hash: [[[u64; 16]; 8]; 2],
    /// `whole_lap_hash[mover]`: the hash change of one whole lap.
    pub(super) whole_lap_hash: [u64; 2],
    /// `captures[last]`: masks that decide whether a last seed at loop position `last`
    /// captures (all zero where it cannot: the store and the opponent's pits).
    pub(super) captures: [CaptureMasks; 16],
}

/// `SELECT[mask][k]`: the index of the `k`-th set bit of a 7-bit mask; `COUNT[mask]`: its
/// number of set bits. Portable: no reliance on POPCNT or PDEP.
pub(super) const SELECT: [[u8; 8]; 128] = crate::select::select_table();
pub(super) const COUNT: [u8; 128] = crate::select::count_table();

/// A 7-bit mask of the non-empty pits among lanes `0..7` of `word & pits`.
#[inline]
pub(super) fn nonempty(word: u64, pits: u64) -> usize {
    crate::swar::nonzero_bits(word & pits) as usize & 0x7F
}

impl Tables {
    pub(super) fn new(m: usize) -> Tables {
        let len = 2 * m + 1;
        let ones = |k: usize| -> u64 { (0..k).fold(0, |w, i| w | 1 << (8 * i)) };
        let mut divmod = [(0u8, 0u8); 256];
        for (seeds, d) in divmod.iter_mut().enumerate() {
            *d = ((seeds / len) as u8, (seeds % len) as u8);
        }
        let mut laps = [[Lap::default(); 16]; 8];
        for (p, row) in laps.iter_mut().enumerate().take(m) {
            for (r, entry) in row.iter_mut().enumerate().take(len) {
                let mut lap = Lap::default();
                for i in 1..=r {
                    let pos = (p + i) % len;
                    if pos <= m {
                        lap.own += 1 << (8 * pos);
                    } else {
                        lap.opp += 1 << (8 * (pos - m - 1));
                    }
                }
                lap.last = ((p + r) % len) as u8;
                *entry = lap;
            }
        }
        let mut sowings = [[Lap::default(); 64]; 8];
        for (p, row) in sowings.iter_mut().enumerate().take(m) {
            for (n, entry) in row.iter_mut().enumerate() {
                let lap = laps[p][n % len];
                let whole = (n / len) as u64;
                *entry = Lap {
                    own: (lap.own + whole * ones(m + 1)).wrapping_sub((n as u64) << (8 * p)),
                    opp: lap.opp + whole * ones(m),
                    last: lap.last,
                };
            }
        }
        // The hash key of loop position `pos` for `mover` (0 = South).
        let key = |mover: usize, pos: usize| -> u64 {
            if pos <= m {
                keys::LANES[mover][pos]
            } else {
                keys::LANES[1 - mover][pos - m - 1]
            }
        };
        let mut lap_hash = [[[0u64; 16]; 8]; 2];
        let mut sowing_hash = [[[0u64; 64]; 8]; 2];
        let mut whole_lap_hash = [0u64; 2];
        for mover in 0..2 {
            whole_lap_hash[mover] = (0..len).fold(0u64, |h, pos| h.wrapping_add(key(mover, pos)));
            for p in 0..m {
                let laps = &mut lap_hash[mover][p];
                for (r, h) in laps.iter_mut().enumerate().take(len) {
                    *h = (1..=r).fold(0u64, |h, i| h.wrapping_add(key(mover, (p + i) % len)));
                }
                for (n, h) in sowing_hash[mover][p].iter_mut().enumerate() {
                    *h = laps[n % len]
                        .wrapping_add(((n / len) as u64).wrapping_mul(whole_lap_hash[mover]))
                        .wrapping_sub((n as u64).wrapping_mul(key(mover, p)));
                }
            }
        }
        let mut captures = [CaptureMasks::default(); 16];
        for (at, c) in captures.iter_mut().enumerate().take(m) {
            let across = m - 1 - at;
            *c = CaptureMasks {
                own: 0xFF << (8 * at),
                one: 1 << (8 * at),
                across: 0xFF << (8 * across),
                across_shift: (8 * across) as u8,
            };
        }
        Tables {
            m,
            pits: ones(m) * 0xFF,
            sowings,
            sowing_hash,
            lap_hash,
            whole_lap_hash,
            captures,
            lap_own: ones(m + 1),
            lap_opp: ones(m),
            divmod,
            laps,
        }
    }
}

impl Kalah {
    #[inline]
    pub(super) fn over(&self, s: &KalahState) -> bool {
        let own_empty = s.sides[0] & self.t.pits == 0;
        match self.settings.end {
            EndRule::EitherSideEmpty => own_empty || s.sides[1] & self.t.pits == 0,
            EndRule::AtTurn => own_empty,
        }
    }

    /// Moves each side's remaining seeds into its owner's store (under [`Leftovers::Owner`]).
    pub(super) fn sweep<const HASH: bool, R: Record>(&self, s: &mut KalahState, rec: &mut R) {
        if self.settings.leftovers == Leftovers::Nobody {
            return;
        }
        let m = self.t.m;
        for (k, side) in s.sides.iter_mut().enumerate() {
            let seeds: u64 = (0..m).map(|i| u64::from(lane(*side, i))).sum();
            *side = (*side & !self.t.pits) + (seeds << (8 * m));
            // Word 0 is the side to move's.
            rec.sweep(Player::from_index(s.mover.index() ^ k), seeds as u32);
        }
        if HASH {
            s.hash = s.raw_hash_from_scratch();
        }
    }

    /// Sows pit `p` (`p < m`) of the mover: the whole sowing by table look-up, the turn
    /// change by masks rather than a branch (random play makes it unpredictable), and the
    /// capture behind one branch that is rarely taken.
    ///
    /// With `HASH` the Zobrist hash is updated too; random playouts, which never read it,
    /// sow without and recompute it once at the end. `rec` hears what the move does (see
    /// [`Record`]; the unit recorder compiles away).
    #[inline]
    pub(super) fn sow<const HASH: bool, R: Record>(
        &self,
        s: &mut KalahState,
        p: usize,
        rec: &mut R,
    ) {
        let t = &*self.t;
        let me = s.mover.index() & 1;
        let [mut own, mut opp] = s.sides;
        let seeds = lane(own, p);
        let mut h = s.hash;
        let lap = if seeds < 64 {
            if HASH {
                h = h.wrapping_add(t.sowing_hash[me][p & 7][usize::from(seeds)]);
            }
            t.sowings[p & 7][usize::from(seeds)]
        } else {
            let (whole, rest) = t.divmod[usize::from(seeds)];
            let lap = t.laps[p & 7][usize::from(rest) & 15];
            if HASH {
                h = h
                    .wrapping_add(t.lap_hash[me][p & 7][usize::from(rest) & 15])
                    .wrapping_add(u64::from(whole).wrapping_mul(t.whole_lap_hash[me]))
                    .wrapping_sub(u64::from(seeds).wrapping_mul(keys::LANES[me][p & 7]));
            }
            Lap {
                own: (lap.own + u64::from(whole) * t.lap_own)
                    .wrapping_sub(u64::from(seeds) << (8 * (p & 7))),
                opp: lap.opp + u64::from(whole) * t.lap_opp,
                last: lap.last,
            }
        };
        own = own.wrapping_add(lap.own);
        opp += lap.opp;
        let last = usize::from(lap.last);
        if R::ON {
            self.record_sowing(s, p, seeds, [own, opp], last, rec);
        }

        // Capture: the last seed alone in a pit of the mover's own, with seeds across (or
        // under the empty-capture rule).
        let c = t.captures[last & 15];
        if own & c.own == c.one
            && c.one != 0
            && (opp & c.across != 0 || self.settings.capture == Capture::Empty)
        {
            let across = (opp & c.across) >> c.across_shift;
            own = (own & !c.own) + ((across + 1) << (8 * t.m));
            opp &= !c.across;
            if R::ON {
                let me = s.mover;
                rec.capture(
                    Spot::Hole {
                        owner: me,
                        index: (last & 7) + 1,
                    },
                    1,
                );
                if across > 0 {
                    let index = usize::from(c.across_shift / 8) + 1;
                    rec.capture(Spot::Hole { owner: !me, index }, across as u32);
                }
                rec.gain(me, across as u32 + 1);
            }
            if HASH {
                let m = t.m;
                h =
                    h.wrapping_add(across.wrapping_mul(keys::LANES[me][m]))
                        .wrapping_add(keys::LANES[me][m])
                        .wrapping_sub(keys::LANES[me][last & 7])
                        .wrapping_sub(across.wrapping_mul(
                            keys::LANES[1 - me][usize::from(c.across_shift / 8) & 7],
                        ));
            }
        }

        // The turn passes unless the last seed is in the mover's store.
        let pass = last != t.m;
        let swap = 0u64.wrapping_sub(u64::from(pass));
        let diff = (own ^ opp) & swap;
        s.sides = [own ^ diff, opp ^ diff];
        s.mover = Player::from_index(me ^ usize::from(pass));
        if HASH {
            // North to move adds the side key, South to move subtracts it.
            let side_key = keys::NORTH & swap;
            h = if me == 0 {
                h.wrapping_add(side_key)
            } else {
                h.wrapping_sub(side_key)
            };
        }
        if pass && s.pie == Pie::Opening {
            s.pie = Pie::Offer;
            if HASH {
                h = h.wrapping_add(
                    keys::PIE[Pie::Offer as usize].wrapping_sub(keys::PIE[Pie::Opening as usize]),
                );
            }
        }
        s.hash = h;
        if self.over(s) {
            self.sweep::<HASH, R>(s, rec);
        }
    }

    /// Tells `rec` what sowing `seeds` from pit `p` of the mover in `s` did: `words` are the
    /// mover's and the opponent's sides after the sowing, `last` the last seed's place in
    /// the mover's loop (his pits, his store, the opponent's pits).
    #[cold]
    fn record_sowing<R: Record>(
        &self,
        s: &KalahState,
        p: usize,
        seeds: u8,
        words: [u64; 2],
        last: usize,
        rec: &mut R,
    ) {
        let m = self.t.m;
        let me = s.mover;
        rec.lift(
            Spot::Hole {
                owner: me,
                index: p + 1,
            },
            seeds.into(),
        );
        // The seeds each lane received: the new word less the old, the origin's seeds back.
        let own = words[0]
            .wrapping_sub(s.sides[0])
            .wrapping_add(u64::from(seeds) << (8 * p));
        let opp = words[1].wrapping_sub(s.sides[1]);
        for i in 0..m {
            rec.sow(
                Spot::Hole {
                    owner: me,
                    index: i + 1,
                },
                lane(own, i).into(),
            );
        }
        rec.sow(Spot::Store(me), lane(own, m).into());
        for i in 0..m {
            rec.sow(
                Spot::Hole {
                    owner: !me,
                    index: i + 1,
                },
                lane(opp, i).into(),
            );
        }
        let spot = match last {
            l if l < m => Spot::Hole {
                owner: me,
                index: l + 1,
            },
            l if l == m => Spot::Store(me),
            l => Spot::Hole {
                owner: !me,
                index: l - m,
            },
        };
        let count = match spot {
            Spot::Hole { owner, index } if owner == me => lane(words[0], index - 1),
            Spot::Hole { index, .. } => lane(words[1], index - 1),
            Spot::Store(_) => 0,
        };
        rec.last(spot, count.into());
    }
}
