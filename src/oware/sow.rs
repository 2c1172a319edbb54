//! The sowing kernel: lane tables built once per ruleset, and a whole move (laps that skip
//! the origin, the capture chain, the grand slam, the turn change and the end of the game)
//! as a few table look-ups and word operations.
//!
//! Each row is one `u64` of 8-bit counters, the mover's first, so passing the turn swaps two
//! words. A sowing of `n` seeds, laps included, is one look-up in a table built from the
//! settings and two word additions, with no loop over seeds; the capture chain is found
//! with a byte-wise test for "2 or 3" and one leading-zero count; random playouts pick a
//! move from a bit mask with a table.

use super::state::lane;
use super::{GrandSlam, Oware, OwareState};
use crate::effect::{Record, Spot};
use crate::player::Player;

/// Sowings of fewer seeds than this are read whole from [`Tables::sowings`].
const SMALL: usize = 32;

const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
const HIGH: u64 = 0x8080_8080_8080_8080;
const ONES: u64 = 0x0101_0101_0101_0101;

/// What sowing seeds from one house adds, precomputed.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Lap {
    /// What the mover's word gains (the lifted seeds subtracted, for whole sowings).
    own: u64,
    /// What the opponent's word gains.
    opp: u64,
    /// The loop position of the last seed: `0..m` the mover's houses, `m..2m` the
    /// opponent's (lane `last - m`).
    last: u8,
}

/// `BYTES_TO[j]`: every bit of lanes `0..=j`.
const BYTES_TO: [u64; 8] = {
    let mut t = [0u64; 8];
    let mut j = 0;
    while j < 8 {
        t[j] = if j == 7 {
            u64::MAX
        } else {
            (1u64 << (8 * (j + 1))) - 1
        };
        j += 1;
    }
    t
};

/// Lane masks and tables derived once from the settings.
#[derive(Clone, Debug)]
pub(super) struct Tables {
    /// Houses a row.
    pub(super) m: usize,
    /// All bits of the houses of a row (lanes `0..m`).
    pub(super) houses: u64,
    /// Seeds in all.
    pub(super) total: u32,
    /// `sowings[p][n]`: everything sowing `n < SMALL` seeds from house `p` does, whole laps
    /// included and the `n` seeds lifted subtracted.
    sowings: [[Lap; SMALL]; 8],
    /// `laps[p][r]`: what the `r` seeds left over after whole laps add (nothing lifted);
    /// `laps[p][0].last` is where the last seed of a sowing of whole laps falls.
    laps: [[Lap; 16]; 8],
    /// `whole[p]`: one seed in every lane a whole lap from `p` reaches (all but `p`).
    whole: [u64; 8],
    /// One seed in every lane of a row: what a whole lap adds to the opponent's.
    ones: u64,
    /// `divmod[n] = (n / (2m - 1), n % (2m - 1))`: whole laps and seeds left over.
    divmod: [(u8, u8); 256],
}

impl Tables {
    pub(super) fn new(m: usize, total: u32) -> Tables {
        let len = 2 * m; // the loop of houses
        let other = len - 1; // the houses a lap reaches: all but the origin
        let ones = |k: usize| -> u64 { (0..k).fold(0, |w, i| w | 1 << (8 * i)) };
        let mut divmod = [(0u8, 0u8); 256];
        for (n, d) in divmod.iter_mut().enumerate() {
            *d = ((n / other) as u8, (n % other) as u8);
        }
        let mut laps = [[Lap::default(); 16]; 8];
        let mut whole = [0u64; 8];
        for p in 0..m {
            whole[p] = ones(m) & !(0xFF << (8 * p));
            for (r, entry) in laps[p].iter_mut().enumerate().take(other) {
                let mut lap = Lap::default();
                for i in 1..=r {
                    let pos = (p + i) % len;
                    if pos < m {
                        lap.own += 1 << (8 * pos);
                    } else {
                        lap.opp += 1 << (8 * (pos - m));
                    }
                }
                lap.last = if r == 0 {
                    ((p + other) % len) as u8
                } else {
                    ((p + r) % len) as u8
                };
                *entry = lap;
            }
        }
        let mut t = Tables {
            m,
            houses: ones(m) * 0xFF,
            total,
            sowings: [[Lap::default(); SMALL]; 8],
            laps,
            whole,
            ones: ones(m),
            divmod,
        };
        for p in 0..m {
            for n in 1..SMALL {
                t.sowings[p][n] = t.lap_of(p, n);
            }
        }
        t
    }

    /// What sowing `n >= 1` seeds from house `p` (`p < 8`) does, lifted seeds subtracted.
    #[inline]
    fn lap_of(&self, p: usize, n: usize) -> Lap {
        let (w, r) = self.divmod[n & 255];
        let lap = self.laps[p & 7][usize::from(r) & 15];
        let w = u64::from(w);
        Lap {
            own: (lap.own + w * self.whole[p & 7]).wrapping_sub((n as u64) << (8 * (p & 7))),
            opp: lap.opp + w * self.ones,
            last: lap.last,
        }
    }

    /// The sowing of `n` seeds from house `p`: the table for small counts.
    #[inline(always)]
    fn sowing(&self, p: usize, n: u8) -> Lap {
        if usize::from(n) < SMALL {
            self.sowings[p & 7][usize::from(n)]
        } else {
            self.lap_of(p, n.into())
        }
    }
}

/// An 8-bit mask of the non-empty lanes of `word`.
#[inline]
pub(super) fn nonempty(word: u64) -> usize {
    let high = ((word & LOW7).wrapping_add(LOW7) | word) & HIGH;
    // Gather bit 7 of each byte into the top byte.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

/// The lanes captured by a last seed in the opponent's lane `j` of `opp` (the word after
/// the sowing): every bit of lanes `k..=j`, where lanes `k..=j` all hold 2 or 3 and lane
/// `k - 1` does not (or `k = 0`); 0 when lane `j` holds neither.
#[inline]
fn chain(opp: u64, j: usize) -> u64 {
    let j = j & 7;
    if lane(opp, j).wrapping_sub(2) > 1 {
        return 0;
    }
    // Lanes holding 2 or 3 become zero; the high bit of each other lane is set.
    let x = (opp & !ONES) ^ (2 * ONES);
    let other = (((x & LOW7).wrapping_add(LOW7)) | x) & HIGH;
    let stop = other & BYTES_TO[j];
    if stop == 0 {
        BYTES_TO[j]
    } else {
        let l = (63 - stop.leading_zeros() as usize) / 8;
        BYTES_TO[j] & !BYTES_TO[l]
    }
}

/// The sum of the byte lanes of `word` (at most 255).
#[inline]
fn byte_sum(word: u64) -> u32 {
    (word.wrapping_mul(ONES) >> 56) as u32
}

impl Oware {
    /// The 8-bit mask of the mover's houses that may be played, feeding rule included but
    /// not the grand-slam rule of [`GrandSlam::Illegal`] (which never empties the set): 0
    /// exactly when the mover has no move.
    #[inline]
    pub(super) fn movable(&self, s: &OwareState) -> usize {
        let t = &*self.t;
        let mask = nonempty(s.sides[0] & t.houses);
        if s.sides[1] & t.houses != 0 || mask == 0 {
            return mask;
        }
        self.feeding(s.sides[0], mask)
    }

    /// The houses of `mask` (of the row `own`) whose seeds reach the opponent's row.
    #[cold]
    fn feeding(&self, own: u64, mask: usize) -> usize {
        let m = self.t.m;
        (0..m.min(8))
            .filter(|&i| mask >> i & 1 != 0 && usize::from(lane(own, i)) >= m - i)
            .fold(0, |acc, i| acc | 1 << i)
    }

    /// Whether the game is won outright: a player has more than half the seeds.
    #[inline]
    pub(super) fn won(&self, s: &OwareState) -> bool {
        let half = self.t.total;
        2 * u32::from(s.stores[0]) > half || 2 * u32::from(s.stores[1]) > half
    }

    /// Whether the game is over.
    #[inline]
    pub(super) fn over(&self, s: &OwareState) -> bool {
        self.won(s) || self.movable(s) == 0
    }

    /// Whether sowing the mover's house `p` would capture every seed of the opponent.
    pub(super) fn grand_slam(&self, s: &OwareState, p: usize) -> bool {
        let t = &*self.t;
        let n = lane(s.sides[0], p);
        if n == 0 {
            return false;
        }
        let lap = t.sowing(p, n);
        let opp = s.sides[1].wrapping_add(lap.opp);
        let last = usize::from(lap.last);
        if last < t.m {
            return false;
        }
        let cap = chain(opp, last - t.m);
        cap != 0 && opp & !cap & t.houses == 0
    }

    /// The seeds sowing house `p` (`p < 8`) of the row `own` against the row `opp` would
    /// capture, under the ruleset's grand-slam rule (the feeding rule aside): what the
    /// evaluation reads as a threat.
    #[inline]
    pub(super) fn capture_of(&self, own: u64, opp: u64, p: usize) -> u32 {
        let t = &*self.t;
        let n = lane(own, p);
        if n == 0 {
            return 0;
        }
        let lap = t.sowing(p, n);
        let last = usize::from(lap.last);
        if last < t.m {
            return 0;
        }
        let opp = opp.wrapping_add(lap.opp);
        let j = last - t.m;
        let mut cap = chain(opp, j);
        if cap != 0 && opp & !cap == 0 {
            cap = match self.settings.grand_slam {
                GrandSlam::NoCapture | GrandSlam::Illegal => 0,
                GrandSlam::Capture => cap,
                GrandSlam::LeaveLast => cap & !(0xFF << (8 * (j & 7))),
                GrandSlam::LeaveFirst => cap & !0xFF,
            };
        }
        byte_sum(opp & cap)
    }

    /// The legal moves as a mask: [`movable`](Oware::movable), less the grand slams under
    /// [`GrandSlam::Illegal`] when another move remains.
    #[inline]
    pub(super) fn legal_mask(&self, s: &OwareState) -> usize {
        if self.won(s) {
            return 0;
        }
        let mask = self.movable(s);
        if self.settings.grand_slam != GrandSlam::Illegal || mask == 0 {
            return mask;
        }
        let quiet = (0..8)
            .filter(|&p| mask >> p & 1 != 0 && !self.grand_slam(s, p))
            .fold(0, |acc, p| acc | 1 << p);
        if quiet == 0 { mask } else { quiet }
    }

    /// Sows the mover's house `p` (`p < m`, not empty) and ends the turn: the capture, the
    /// turn change and, if the game ends, the division. `rec` hears what the move does (see
    /// [`Record`]; the unit recorder compiles away).
    ///
    /// Returns the houses the next mover may play, as [`movable`](Oware::movable) gives
    /// them (0 when the game is over), so that a random game need not ask again.
    #[inline(always)]
    pub(super) fn sow<R: Record>(&self, s: &mut OwareState, p: usize, rec: &mut R) -> usize {
        let t = &*self.t;
        let me = s.mover;
        let [mut own, mut opp] = s.sides;
        let n = lane(own, p);
        let lap = t.sowing(p, n);
        own = own.wrapping_add(lap.own);
        opp = opp.wrapping_add(lap.opp);
        let last = usize::from(lap.last);
        if R::ON {
            self.record_sowing(s, p, n, [own, opp], last, rec);
        }
        if last >= t.m {
            let j = last - t.m;
            let mut cap = chain(opp, j);
            if cap != 0 {
                if opp & !cap == 0 {
                    cap = match self.settings.grand_slam {
                        GrandSlam::NoCapture | GrandSlam::Illegal => 0,
                        GrandSlam::Capture => cap,
                        GrandSlam::LeaveLast => cap & !(0xFF << (8 * (j & 7))),
                        GrandSlam::LeaveFirst => cap & !0xFF,
                    };
                }
                if cap != 0 {
                    let taken = opp & cap;
                    let seeds = byte_sum(taken);
                    opp &= !cap;
                    s.stores[me.index()] += seeds as u8;
                    if R::ON {
                        for i in 0..t.m {
                            let c = lane(taken, i);
                            if c > 0 {
                                rec.capture(
                                    Spot::Hole {
                                        owner: !me,
                                        index: i + 1,
                                    },
                                    c.into(),
                                );
                            }
                        }
                        rec.gain(me, seeds);
                    }
                }
            }
        }
        s.sides = [opp, own];
        s.mover = !me;
        if self.settings.max_plies.is_some() {
            s.ply = s.ply.saturating_add(1);
        }
        self.settle(s, rec)
    }

    /// The end of the game after a move: a player past half the seeds wins at once (the
    /// board divided under `divide-on-win`); a player to move who has no move (he cannot
    /// feed an opponent without seeds, or has none himself) ends the game, and so does the
    /// ply limit; then each side's seeds go to its owner.
    /// Returns the next mover's [`movable`](Oware::movable) houses, 0 once the game is over.
    #[inline(always)]
    fn settle<R: Record>(&self, s: &mut OwareState, rec: &mut R) -> usize {
        if self.won(s) {
            if self.settings.divide_on_win {
                self.divide(s, rec);
            }
            return 0;
        }
        let mask = self.movable(s);
        if mask == 0 || self.limit_reached(s) {
            self.divide(s, rec);
            return 0;
        }
        mask
    }

    /// Whether the ply limit is reached.
    #[inline(always)]
    pub(super) fn limit_reached(&self, s: &OwareState) -> bool {
        self.settings.max_plies.is_some_and(|max| s.ply >= max)
    }

    /// Each player takes the seeds on his own side.
    #[cold]
    pub(super) fn divide<R: Record>(&self, s: &mut OwareState, rec: &mut R) {
        let rows = s.rows();
        for player in Player::BOTH {
            let seeds = byte_sum(rows[player.index()] & self.t.houses);
            s.stores[player.index()] = s.stores[player.index()].wrapping_add(seeds as u8);
            rec.sweep(player, seeds);
        }
        s.sides = [0, 0];
    }

    /// Tells `rec` what sowing `seeds` from house `p` of the mover in `s` did: `words` are
    /// the mover's and the opponent's rows after the sowing, `last` the last seed's place
    /// in the mover's loop.
    #[cold]
    fn record_sowing<R: Record>(
        &self,
        s: &OwareState,
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
        let own = words[0]
            .wrapping_sub(s.sides[0])
            .wrapping_add(u64::from(seeds) << (8 * (p & 7)));
        let opp = words[1].wrapping_sub(s.sides[1]);
        for (owner, gained) in [(me, own), (!me, opp)] {
            for i in 0..m {
                rec.sow(
                    Spot::Hole {
                        owner,
                        index: i + 1,
                    },
                    lane(gained, i).into(),
                );
            }
        }
        let (owner, word, i) = if last < m {
            (me, words[0], last)
        } else {
            (!me, words[1], last - m)
        };
        rec.last(
            Spot::Hole {
                owner,
                index: i + 1,
            },
            lane(word, i).into(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{BYTES_TO, chain, nonempty};

    fn word(lanes: &[u8]) -> u64 {
        lanes
            .iter()
            .enumerate()
            .fold(0, |w, (i, &c)| w | u64::from(c) << (8 * i))
    }

    #[test]
    fn the_chain_runs_back_over_twos_and_threes() {
        // Lanes: 2 3 1 2 3 0: a last seed in lane 4 takes lanes 3 and 4; in lane 1, lanes 0, 1.
        let w = word(&[2, 3, 1, 2, 3, 0]);
        assert_eq!(chain(w, 4), word(&[0, 0, 0, 0xFF, 0xFF]));
        assert_eq!(chain(w, 1), word(&[0xFF, 0xFF]));
        assert_eq!(chain(w, 2), 0);
        assert_eq!(chain(w, 5), 0);
        assert_eq!(chain(word(&[3, 2, 2, 3, 2, 3, 2, 2]), 7), u64::MAX);
        assert_eq!(chain(word(&[4, 2, 2, 3, 2, 3, 2, 2]), 7), !0xFF);
        assert_eq!(BYTES_TO[0], 0xFF);
        assert_eq!(nonempty(word(&[0, 1, 0, 200, 0, 0, 0, 9])), 0b1000_1010);
    }
}
