//! The solver's view of a position: the pits only, seen from the mover's side.
//!
//! Seeds in a store never leave it, so the value of a position (the mover's store minus the
//! opponent's at the end, under perfect play) is the store difference now plus the value of
//! the **board**: what the mover can still win from the seeds in the pits. The solver works on
//! boards alone. A board is the engine's `u128` of 8-bit lanes (lanes `0..m` the mover's pits,
//! `m+1..=2m` the opponent's) with both store lanes kept at zero; a move reports the seeds it
//! put in the mover's store (its **gain**) and whether the mover moves again.

use crate::kalah::{Capture, EndRule, Kalah, KalahState, Leftovers};
use crate::swar::byte_sum;

/// Bits per lane.
const LANE: u32 = 8;

/// The seeds in lane `i`.
#[inline]
const fn lane(b: u128, i: usize) -> u8 {
    (b >> (LANE as usize * i)) as u8
}

/// `PREFIX[k]`: one seed in each of lanes `0..k`.
const PREFIX: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut k = 1;
    while k <= 16 {
        t[k] = t[k - 1] | 1u128 << (8 * (k - 1));
        k += 1;
    }
    t
};

/// The rules the solver needs, as masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// Pits a side.
    pub(crate) m: usize,
    /// Lanes in the mover's sowing loop: `2m + 1`.
    len: usize,
    loop_ones: u128,
    own: u128,
    opp: u128,
    full: u128,
    empty_capture: bool,
    end_either: bool,
    leftovers_owner: bool,
    /// `(seeds / len, seeds % len)` for every lane value.
    laps: [(u8, u8); 256],
}

/// One move's result: the board after it (from the next mover's side), the seeds it put in
/// the mover's store, and whether the same player moves next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub(crate) board: u128,
    pub(crate) gain: u32,
    pub(crate) again: bool,
}

impl Board {
    pub(crate) fn new(rules: &Kalah) -> Board {
        let s = rules.settings();
        let m = usize::from(s.pits);
        let ones = |a: usize, b: usize| PREFIX[b] - PREFIX[a];
        Board {
            m,
            len: 2 * m + 1,
            loop_ones: PREFIX[2 * m + 1],
            own: ones(0, m) * 0xFF,
            opp: ones(m + 1, 2 * m + 1) * 0xFF,
            full: PREFIX[2 * m + 2] * 0xFF,
            empty_capture: s.capture == Capture::Empty,
            end_either: s.end == EndRule::EitherSideEmpty,
            leftovers_owner: s.leftovers == Leftovers::Owner,
            laps: std::array::from_fn(|seeds| {
                ((seeds / (2 * m + 1)) as u8, (seeds % (2 * m + 1)) as u8)
            }),
        }
    }

    /// The board of a position, from its mover's side, and the mover's store lead.
    pub(crate) fn of(&self, s: &KalahState) -> (u128, i32) {
        let me = s.to_move();
        let mut b = 0u128;
        for p in 0..self.m {
            b |= u128::from(s.pit(me, p + 1)) << (LANE as usize * p);
            b |= u128::from(s.pit(!me, p + 1)) << (LANE as usize * (self.m + 1 + p));
        }
        let lead = i32::from(s.store(me)) - i32::from(s.store(!me));
        (b, lead)
    }

    /// Seeds in the mover's pits.
    #[inline]
    pub(crate) fn own_seeds(&self, b: u128) -> u32 {
        // At most 255 seeds in all, so no byte of a partial sum overflows.
        byte_sum((b & self.own) as u64)
    }

    /// Seeds in the opponent's pits.
    #[inline]
    pub(crate) fn opp_seeds(&self, b: u128) -> u32 {
        byte_sum(((b & self.opp) >> (LANE as usize * (self.m + 1))) as u64)
    }

    /// The value of a finished board for the mover, or `None` while the game goes on.
    #[inline]
    pub(crate) fn terminal(&self, b: u128) -> Option<i32> {
        let own_empty = b & self.own == 0;
        let over = own_empty || (self.end_either && b & self.opp == 0);
        if !over {
            None
        } else if self.leftovers_owner {
            Some(self.own_seeds(b) as i32 - self.opp_seeds(b) as i32)
        } else {
            Some(0)
        }
    }

    /// The smallest value `>= x` a board of `k` seeds can have. When every seed ends in a
    /// store, a board's value has the parity of its seeds (the final stores sum to the total),
    /// so "at least `x`" is "at least `x + 1`" when `x` has the other parity.
    #[inline]
    pub(crate) fn snap_up(&self, x: i32, k: u32) -> i32 {
        if self.leftovers_owner && (x - k as i32) & 1 != 0 {
            x + 1
        } else {
            x
        }
    }

    /// The board seen from the other side.
    #[inline]
    fn flip(&self, b: u128) -> u128 {
        let half = LANE as usize * (self.m + 1);
        ((b >> half) | (b << half)) & self.full
    }

    /// Sows the mover's pit `p` (0-based), which must hold seeds.
    #[inline]
    pub(crate) fn sow(&self, b: u128, p: usize) -> Child {
        let m = self.m;
        let len = self.len;
        let seeds = lane(b, p) as usize;
        let mut b = b & !(0xFFu128 << (LANE as usize * p));
        let (laps, rest) = self.laps[seeds];
        let (laps, rest) = (usize::from(laps), usize::from(rest));
        if laps > 0 {
            b += laps as u128 * self.loop_ones;
        }
        let start = p + 1;
        let end = start + rest;
        if end <= len {
            b += PREFIX[end] - PREFIX[start];
        } else {
            b += PREFIX[len] - PREFIX[start] + PREFIX[end - len];
        }
        let last = if p + rest >= len {
            p + rest - len
        } else {
            p + rest
        };
        if last < m && lane(b, last) == 1 {
            let opp = 2 * m - last;
            let across = lane(b, opp);
            if across > 0 || self.empty_capture {
                b &= !((0xFFu128 << (LANE as usize * last)) | (0xFFu128 << (LANE as usize * opp)));
                b += (1 + u128::from(across)) << (LANE as usize * m);
            }
        }
        let gain = u32::from(lane(b, m));
        b &= !(0xFFu128 << (LANE as usize * m));
        if last == m {
            Child {
                board: b,
                gain,
                again: true,
            }
        } else {
            Child {
                board: self.flip(b),
                gain,
                again: false,
            }
        }
    }

    /// The seeds in the lane of the mover's pit `p` (0-based).
    #[inline]
    pub(crate) fn pit(&self, b: u128, p: usize) -> u8 {
        lane(b, p)
    }

    /// The pits of a board in index order: the mover's `0..m`, then the opponent's `0..m`.
    #[inline]
    pub(crate) fn pit_lane(&self, j: usize) -> usize {
        if j < self.m { j } else { j + 1 }
    }
}
