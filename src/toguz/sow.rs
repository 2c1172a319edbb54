//! The sowing kernel: the tables built once per ruleset and a whole move as a few word
//! operations.
//!
//! The 2n holes are 8-bit lanes of three 64-bit words, in sowing order (South's holes 1 to n,
//! then North's), so a lap of sowing adds one to every lane of a word at once. A move is one
//! 8-byte entry of a table built with the ruleset, indexed by origin lane and ball count: the
//! laps, the run of lanes the rest covers (turned into words with a prefix table), the last
//! lane and what it receives. The new board is then three word operations with masks read
//! from tables (which lanes are tuzdiks, whether the last hole is taken), with no branch on
//! the outcome, which random play could not predict. The state keeps an additive Zobrist
//! hash, updated by every move from the same table entry (a prefix sum of lane keys covers a
//! whole run of sown lanes).
//!
//! [`Ruleset::playout`](crate::Ruleset::playout) has a loop of its own (`sow/playout.rs`):
//! the position in local variables with the board as lanes of bytes, a whole-move table with
//! the three board words of every move ready, the rule masks that change only with a new
//! tuzdik rebuilt on that rare event, no hash updates (the hash is brought up to date once at
//! the end), and a random move that takes the first non-empty hole of three drawn at once,
//! with no branch (an exact draw when all three are empty). Measured figures are in
//! `benches/toguz.rs` and the commit log.

pub(super) mod playout;

use std::sync::Arc;

use super::state::{LANES, NO_TUZDIK, PREFIX, add_range, keys, lane};
use super::{Landing, Toguz, ToguzMove, ToguzSettings, ToguzState};
use crate::effect::{Record, Spot};
use crate::player::Player;
use playout::Sown;

/// Lane masks, hash sums and lap counts derived once from the settings.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tables {
    pub(super) n: usize,
    /// Lanes in the sowing loop: `2n`.
    pub(super) len: usize,
    /// One ball in each lane of the loop.
    pub(super) loop_ones: [u64; 4],
    /// Bits of the holes of a side, from its hole 1: `2^n - 1`.
    pub(super) side_bits: u32,
    /// All bits of each player's lanes.
    pub(super) side_lanes: [[u64; 4]; 2],
    /// Kazan total that decides the game (82), or above any total under `play-to-end`.
    pub(super) decide: u8,
}

impl Tables {
    pub(super) fn new(s: &ToguzSettings) -> Tables {
        let n = usize::from(s.holes);
        let len = 2 * n;
        let mut loop_ones = [0u64; 4];
        add_range(&mut loop_ones, 0, len);
        let mut side_lanes = [[0u64; 4]; 2];
        add_range(&mut side_lanes[0], 0, n);
        add_range(&mut side_lanes[1], n, len);
        for side in &mut side_lanes {
            for w in side.iter_mut() {
                *w = w.wrapping_mul(0xFF);
            }
        }
        let side = (1u32 << n) - 1;
        Tables {
            n,
            len,
            loop_ones,
            side_bits: side,
            side_lanes,
            decide: if s.decide_at_majority {
                s.deciding_total() as u8
            } else {
                u8::MAX
            },
        }
    }
}

/// Masks read from tables: the compiler cannot turn a loaded value into a branch.
pub(super) mod mask {
    use super::super::state::LANES;

    /// `0xFF` for a real tuzdik lane, 0 for the no-tuzdik lane.
    pub(super) static HAS_TUZDIK: [u8; LANES] = {
        let mut t = [0xFFu8; LANES];
        t[super::super::state::NO_TUZDIK as usize] = 0;
        t
    };
    /// `OPEN[l]`: every lane of the three board words but `l` (all of them for `l >= 24`).
    pub(super) static OPEN: [[u64; 3]; LANES] = {
        let mut t = [[!0u64; 3]; LANES];
        let mut l = 0;
        while l < 24 {
            t[l][l / 8] = !(0xFFu64 << (8 * (l % 8)));
            l += 1;
        }
        t
    };
}

/// What sowing `b` balls from lane `o` does to the board before rules 4 to 6, precomputed
/// for every `(o, b)` (`2n x 256` entries of 8 bytes, at `o * 256 + b`): a move is then a
/// few word operations and no arithmetic on lanes. The hot part (up to a few dozen balls) is
/// a few kilobytes.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Sowing(u64);

impl Sowing {
    /// The fields, packed in one word so the hot part of the table stays in the first-level
    /// cache: bits 0-7 the lane of the last ball, 8-15 the balls that lane receives, 16-23
    /// the whole laps, 24-47 one bit per lane the rest of the sowing (after the laps)
    /// reaches, and three 5-bit lane numbers: the rest covers lanes `start..e1` (48-52,
    /// 53-57) and `0..e2` (58-62).
    pub(super) const fn new(
        last: usize,
        gain_last: u8,
        laps: usize,
        rest_bits: u64,
        run: [usize; 3],
    ) -> Self {
        Sowing(
            last as u64
                | (gain_last as u64) << 8
                | (laps as u64) << 16
                | rest_bits << 24
                | (run[0] as u64) << 48
                | (run[1] as u64) << 53
                | (run[2] as u64) << 58,
        )
    }

    #[inline(always)]
    pub(super) fn last(self) -> usize {
        (self.0 as usize) & (LANES - 1)
    }

    #[inline(always)]
    pub(super) fn gain_last(self) -> u8 {
        (self.0 >> 8) as u8
    }

    #[inline(always)]
    pub(super) fn laps(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// Whether the rest of the sowing reaches `lane` (false for lanes from 24 on).
    #[inline(always)]
    pub(super) fn reaches(self, lane: usize) -> u8 {
        (((self.0 >> 24) & 0xFF_FFFF) >> (lane & 31)) as u8 & 1
    }

    /// The sum of the hash keys of the balls sown (laps and rest; see [`keys`]).
    #[inline(always)]
    pub(super) fn key_sum(self, len: usize) -> u64 {
        let kp = &keys::PREFIX;
        let run = |shift: u32| (self.0 >> shift) as usize & 31;
        let (start, e1, e2) = (run(48), run(53), run(58));
        u64::from(self.laps())
            .wrapping_mul(kp[len & 31])
            .wrapping_add(kp[e1].wrapping_sub(kp[start]))
            .wrapping_add(kp[e2])
    }

    /// The balls each lane receives, as three board words: the laps and the rest.
    #[inline(always)]
    pub(super) fn words(self, loop_ones: &[u64; 4]) -> [u64; 3] {
        let run = |shift: u32| &PREFIX[(self.0 >> shift) as usize & 31];
        let (start, e1, e2) = (run(48), run(53), run(58));
        let laps = u64::from(self.laps());
        let mut words = [0u64; 3];
        for j in 0..3 {
            words[j] = laps
                .wrapping_mul(loop_ones[j])
                .wrapping_add(e1[j].wrapping_sub(start[j]))
                .wrapping_add(e2[j]);
        }
        words
    }

    pub(super) fn table(s: &ToguzSettings, t: &Tables) -> Arc<[Sowing]> {
        let len = t.len;
        let mut table = vec![Sowing::default(); len * 256];
        for o in 0..len {
            for balls in 1..256usize {
                let start = (o + usize::from(balls == 1 || !s.origin_sowing)) % len;
                let (laps, rest) = (balls / len, balls % len);
                let end = start + rest;
                let (e1, e2) = (end.min(len), end.saturating_sub(len));
                let mut words = [0u64; 4];
                add_range(&mut words, start, e1);
                add_range(&mut words, 0, e2);
                let rest_bits = (0..len).fold(0u64, |m, l| m | u64::from(lane(&words, l)) << l);
                for (a, ones) in words.iter_mut().zip(t.loop_ones) {
                    *a = a.wrapping_add((laps as u64).wrapping_mul(ones));
                }
                let last = (end + len - 1) % len;
                table[o * 256 + balls] =
                    Sowing::new(last, lane(&words, last), laps, rest_bits, [start, e1, e2]);
            }
        }
        table.into()
    }

    /// The whole-move table of random playouts, from this table.
    pub(super) fn sown(table: &[Sowing], t: &Tables) -> Arc<[Sown]> {
        table
            .iter()
            .enumerate()
            .map(|(i, e)| Sown::new(e.words(&t.loop_ones), i >> 8, e.last()))
            .collect()
    }
}

impl Toguz {
    /// Sows from lane `o` (rules 2-6) without switching the mover; returns the last lane and
    /// what happened there. `o` must hold `balls >= 1` balls.
    ///
    /// Random play cannot predict where a move ends, so the outcome (capture, tuzdik, balls
    /// for a tuzdik's owner) is combined into the board with masks, not branches. `rec`
    /// hears what the move does (see [`Record`]; the unit recorder compiles away).
    #[inline(always)]
    pub(super) fn sow<const HASH: bool, R: Record>(
        &self,
        s: &mut ToguzState,
        o: usize,
        balls: u8,
        rec: &mut R,
    ) -> (usize, Landing) {
        let t = &self.t;
        let me = s.mover.index();
        let mut h = s.hash;
        // Rules 2 and 3, laps and all: one table entry (see [`Sowing`]). Everything below is
        // read from the board as it was, the entry and mask tables, and the new board words
        // are built in registers and stored once: no lane is read back after it is written.
        let Some(e) = self.sowing.get(o << 8 | usize::from(balls)) else {
            return (0, Landing::Nothing); // not a lane of this board: nothing to sow
        };
        let e = *e;
        if R::ON {
            rec.lift(self.spot(o), balls.into());
        }
        let last = e.last();
        let laps = e.laps();
        let gains = e.words(&t.loop_ones);
        if HASH {
            h = h
                .wrapping_add(e.key_sum(t.len))
                .wrapping_sub(u64::from(balls).wrapping_mul(keys::LANE[o & 31]));
        }

        // Rule 4: balls sown into a tuzdik go to its owner: the laps, and one more if the
        // rest of the sowing passed it. The sowing itself skips the tuzdik lanes (`open`).
        let mut open = [!0u64; 3];
        for p in 0..2 {
            let tz = usize::from(s.tuzdiks[p]) & (LANES - 1);
            let c = e.reaches(tz) + (laps & mask::HAS_TUZDIK[tz]);
            s.kazans[p] = s.kazans[p].wrapping_add(c);
            if R::ON {
                rec.sow(Spot::Store(Player::from_index(p)), c.into());
            }
            if HASH {
                h = h.wrapping_add(
                    u64::from(c).wrapping_mul(keys::KAZAN[p].wrapping_sub(keys::LANE[tz])),
                );
            }
            for (o, m) in open.iter_mut().zip(&mask::OPEN[tz]) {
                *o &= m;
            }
        }

        // Rules 5 and 6: the last ball in an opponent's hole (his own tuzdik there is empty).
        let before = if last == o { 0 } else { lane(&s.board, last) };
        let c = before.wrapping_add(e.gain_last());
        let hole = last.wrapping_sub((1 - me) * t.n);
        let opp = hole < t.n && last != usize::from(s.tuzdiks[me]);
        let even = opp & (c & 1 == 0) & (c != 0);
        let tuzdik = opp
            & (c == 3)
            & self.settings.tuzdik
            & (s.tuzdiks[me] == NO_TUZDIK)
            & (hole != t.n - 1)
            & (usize::from(s.tuzdiks[1 - me]).wrapping_sub(me * t.n) != hole);
        let taken = even | tuzdik;
        let take = c & u8::from(taken).wrapping_neg();
        if R::ON {
            self.record_sowing(s, gains, open, last, c, rec);
            let spot = self.spot(last);
            if taken {
                rec.capture(spot, take.into());
                rec.gain(s.mover, take.into());
            }
            if tuzdik {
                rec.mark(spot);
            }
        }
        s.kazans[me] = s.kazans[me].wrapping_add(take);
        if HASH {
            h = h
                .wrapping_add(
                    u64::from(take).wrapping_mul(keys::KAZAN[me].wrapping_sub(keys::LANE[last])),
                )
                .wrapping_add(keys::TUZDIK[me][last] & u64::from(tuzdik).wrapping_neg());
            s.hash = h;
        }
        if tuzdik {
            s.tuzdiks[me] = last as u8;
        }
        // The origin emptied, the balls added, the captured hole emptied.
        let keep = u64::from(taken).wrapping_sub(1); // all ones when nothing is taken
        let (clear_origin, clear_last) = (&mask::OPEN[o & 31], &mask::OPEN[last]);
        for j in 0..3 {
            let w = (s.board[j] & clear_origin[j]).wrapping_add(gains[j] & open[j]);
            s.board[j] = w & (clear_last[j] | keep);
        }
        let landing = if even {
            Landing::Capture(c)
        } else if tuzdik {
            Landing::Tuzdik
        } else {
            Landing::Nothing
        };
        (last, landing)
    }

    /// [`Ruleset::play_unchecked`], with or without the hash updates.
    #[inline(always)]
    pub(super) fn play_move<const HASH: bool>(&self, s: &mut ToguzState, mv: ToguzMove) {
        let Some(o) = self.origin(s, mv) else {
            return;
        };
        let balls = lane(&s.board, o);
        if balls == 0 {
            return;
        }
        self.sow::<HASH, ()>(s, o, balls, &mut ());
        self.pass_turn::<HASH>(s);
    }

    /// The hole of lane `l`.
    fn spot(&self, l: usize) -> Spot {
        let n = self.t.n;
        Spot::Hole {
            owner: Player::from_index(l / n),
            index: l % n + 1,
        }
    }

    /// Tells `rec` where sowing from lane `o` of `s` sowed: `gains` are the balls each
    /// lane received, `open` the lanes that keep them (all but the tuzdiks), `last` the
    /// last ball's lane and `c` the count it made there.
    #[cold]
    fn record_sowing<R: Record>(
        &self,
        s: &ToguzState,
        gains: [u64; 3],
        open: [u64; 3],
        last: usize,
        c: u8,
        rec: &mut R,
    ) {
        let kept = [
            gains[0] & open[0],
            gains[1] & open[1],
            gains[2] & open[2],
            0,
        ];
        for l in 0..self.t.len {
            rec.sow(self.spot(l), lane(&kept, l).into());
        }
        let tuzdik = s.tuzdiks.iter().any(|&t| usize::from(t) == last);
        rec.last(self.spot(last), if tuzdik { 0 } else { c.into() });
    }

    /// Hands the turn over, and ends the game by rule 7 if the new mover has no ball.
    #[inline(always)]
    pub(super) fn pass_turn<const HASH: bool>(&self, s: &mut ToguzState) {
        let north = s.mover == Player::North;
        s.fullmove = s.fullmove.saturating_add(u16::from(north));
        if HASH {
            s.hash = s.hash.wrapping_add(if north {
                keys::NORTH.wrapping_neg()
            } else {
                keys::NORTH
            });
        }
        s.mover = !s.mover;
        if self.side_empty(s) {
            self.sweep(s);
        }
    }

    /// Rule 7: every ball left on the board goes to the kazan of its side's owner.
    pub(super) fn sweep(&self, s: &mut ToguzState) {
        for p in Player::BOTH {
            let balls = s.balls_on_side(p);
            s.kazans[p.index()] = s.kazans[p.index()].wrapping_add(balls as u8);
        }
        s.board = [0; 4];
        s.hash = s.raw_hash_from_scratch();
    }
}
