//! The turn engine: plays each action of a turn (a start, a head decision, a bonus take,
//! `done`), sowing with the kernel [`relay`], and answers whether an action's sowing ends.

use super::Tsoro;
use super::endless::relay;
use super::masks::{many, occupied};
use super::moves::{Hole, TsoroMove};
use super::sow::{LapEnd, lap};
use super::state::{Phase, TsoroState, keys};
use crate::effect::{Record, Spot};
use crate::player::Player;

/// The hole of `owner`'s loop index `i`, as an [`Effect`](crate::Effect) names it.
#[inline(always)]
fn spot(owner: Player, index: usize) -> Spot {
    Spot::Hole { owner, index }
}

/// The move engine: plays the actions of a turn, sowing with the kernel of `sow.rs`.
impl Tsoro {
    // The engine. `HASH = false` skips the hash upkeep: legality checks run the engine on a
    // copy and only want to know whether the sowing ends.

    /// Plays `mv`; returns `false` if it is not a move of this phase (the state is then
    /// unchanged) or if its sowing never ends (the state is then garbage, but the call
    /// returns). `rec` hears what the move does (see [`Record`]; the unit recorder compiles
    /// away, and a recorder must only be given a legal move).
    pub(super) fn apply<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        mv: TsoroMove,
        rec: &mut R,
    ) -> bool {
        let me = s.mover.index();
        let mut h = s.hash;
        let ok = match (s.phase, mv) {
            (Phase::Start, TsoroMove::Sow(hole)) => match hole.own_index(self.n) {
                Some(i) => self.start::<HASH, R>(s, &mut h, i, rec),
                None => false,
            },
            (Phase::Head(i), TsoroMove::Relay) => {
                let i = usize::from(i) % self.len;
                let c = s.holes[me][i];
                s.holes[me][i] = 0;
                if HASH {
                    h = h.wrapping_sub(u64::from(c).wrapping_mul(keys::HOLES[me][i]));
                }
                Self::set_phase::<HASH>(s, &mut h, Phase::Start);
                rec.lift(spot(s.mover, i), c.into());
                let end = self.relay_from::<HASH, R>(s, &mut h, i, u32::from(c).max(1), rec);
                self.after_lap::<HASH, R>(s, &mut h, end, rec)
            }
            (Phase::Head(_), TsoroMove::Stop) => {
                Self::end_turn::<HASH>(s, &mut h);
                true
            }
            (Phase::Bonus(k), TsoroMove::Take(hole)) => match hole.opponent_index(self.n) {
                Some(j) if s.holes[1 - me][j] != 0 && self.immune >> j & 1 == 0 => {
                    let c = s.holes[1 - me][j];
                    s.holes[1 - me][j] = 0;
                    if HASH {
                        h = h.wrapping_sub(u64::from(c).wrapping_mul(keys::HOLES[1 - me][j]));
                    }
                    rec.capture(spot(!s.mover, j), c.into());
                    self.gain::<HASH, R>(s, &mut h, c, rec);
                    if k > 1 && self.takeable(s) != 0 {
                        Self::set_phase::<HASH>(s, &mut h, Phase::Bonus(k - 1));
                        true
                    } else {
                        self.finish_bonus::<HASH, R>(s, &mut h, rec)
                    }
                }
                _ => false,
            },
            (Phase::Bonus(_), TsoroMove::Done) if !self.settings.forced_bonus => {
                self.finish_bonus::<HASH, R>(s, &mut h, rec)
            }
            _ => false,
        };
        self.count_ply::<HASH>(s, h);
        ok
    }

    /// The end of every action of [`apply`](Tsoro::apply): the ply counted (under a ply
    /// limit), and the hash `h` kept.
    #[inline(always)]
    fn count_ply<const HASH: bool>(&self, s: &mut TsoroState, mut h: u64) {
        if self.settings.max_plies.is_some() {
            s.ply = s.ply.wrapping_add(1);
            h = h.wrapping_add(keys::PLY);
        }
        if HASH {
            s.hash = h;
        }
    }

    /// Plays the start from the mover's loop index `i` (`i < 2N`) in the start phase, as
    /// [`apply`](Tsoro::apply) plays `Sow` of that hole: the batch's fast path, with no move
    /// value in between.
    #[inline(always)]
    pub(super) fn play_start(&self, s: &mut TsoroState, i: usize) {
        let mut h = s.hash;
        self.start::<true, ()>(s, &mut h, i, &mut ());
        self.count_ply::<true>(s, h);
    }

    /// The start of a turn from the mover's loop index `i`: a lap of its stones (2 or more),
    /// or a singleton step; `false` for an empty hole.
    #[inline(always)]
    fn start<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        i: usize,
        rec: &mut R,
    ) -> bool {
        let me = s.mover.index();
        match s.holes[me][i] {
            c if c >= 2 => {
                s.holes[me][i] = 0;
                if HASH {
                    *h = h.wrapping_sub(u64::from(c).wrapping_mul(keys::HOLES[me][i]));
                }
                rec.lift(spot(s.mover, i), c.into());
                let end = self.relay_from::<HASH, R>(s, h, i, c.into(), rec);
                self.after_lap::<HASH, R>(s, h, end, rec)
            }
            1 => {
                let next = if i + 1 == self.len { 0 } else { i + 1 };
                s.holes[me][i] = 0;
                s.holes[me][next] = s.holes[me][next].wrapping_add(1);
                if HASH {
                    *h = h
                        .wrapping_sub(keys::HOLES[me][i])
                        .wrapping_add(keys::HOLES[me][next]);
                }
                if R::ON {
                    rec.lift(spot(s.mover, i), 1);
                    rec.sow(spot(s.mover, next), 1);
                    rec.last(spot(s.mover, next), s.holes[me][next].into());
                }
                self.land::<HASH, R>(s, h, next, rec)
            }
            _ => false,
        }
    }

    /// [`relay`] on the mover's loop from the hole after `pos` with `hand` stones. A
    /// recorder hears every lap: the relay is then played lap by lap by [`lap`], the kernel
    /// [`relay`] runs, with no cycle test (a recorder is given only legal moves, whose
    /// relays end), and ends where [`relay`] ends with the same counts.
    #[inline(always)]
    fn relay_from<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        pos: usize,
        hand: u32,
        rec: &mut R,
    ) -> LapEnd {
        let me = s.mover.index();
        if !R::ON {
            return relay::<HASH>(
                &mut s.holes[me],
                &keys::LOOPS[me],
                h,
                &self.shape,
                pos,
                hand,
            );
        }
        self.relay_recorded::<HASH, R>(s, h, pos, hand as usize, rec)
    }

    /// [`relay_from`](Tsoro::relay_from) with a recorder.
    #[cold]
    fn relay_recorded<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        mut pos: usize,
        mut hand: usize,
        rec: &mut R,
    ) -> LapEnd {
        let (mover, me) = (s.mover, s.mover.index());
        let (len, heads) = (self.shape.len, self.shape.heads);
        let b = &mut s.holes[me];
        loop {
            // The lap sows `hand / len` stones into every hole and one more into the `hand %
            // len` holes after `pos`.
            let (laps, rest) = (hand / len, hand % len);
            for i in 0..len {
                let after = (i + len - pos - 1) % len;
                rec.sow(spot(mover, i), (laps + usize::from(after < rest)) as u32);
            }
            match lap::<HASH>(b, &keys::LOOPS[me], h, len, heads, pos, hand) {
                Ok((last, lifted)) => {
                    rec.lift(spot(mover, last), lifted as u32);
                    (pos, hand) = (last, lifted);
                }
                Err(end) => {
                    if let LapEnd::Empty(j) | LapEnd::Head(j) = end {
                        rec.last(spot(mover, j), b[j].into());
                    }
                    return end;
                }
            }
        }
    }

    /// Captured stones go to the mover's store, or to his hand under re-entry.
    #[inline]
    pub(super) fn gain<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        c: u8,
        rec: &mut R,
    ) {
        if self.settings.reenter {
            s.hand = s.hand.wrapping_add(c);
            if HASH {
                *h = h.wrapping_add(u64::from(c).wrapping_mul(keys::HAND));
            }
        } else {
            let me = s.mover.index();
            rec.gain(s.mover, c.into());
            s.captured[me] = s.captured[me].wrapping_add(c);
            if HASH {
                *h = h.wrapping_add(u64::from(c).wrapping_mul(keys::CAPTURED[me]));
            }
        }
    }

    /// Empties the hand (re-entry), keeping the hash.
    #[inline]
    pub(super) fn take_hand<const HASH: bool>(s: &mut TsoroState, h: &mut u64) -> u8 {
        let hand = s.hand;
        if HASH {
            *h = h
                .wrapping_sub(u64::from(hand).wrapping_mul(keys::HAND))
                .wrapping_sub(keys::at(s.at));
        }
        s.hand = 0;
        s.at = 0;
        hand
    }

    #[inline]
    pub(super) fn set_phase<const HASH: bool>(s: &mut TsoroState, h: &mut u64, phase: Phase) {
        if HASH {
            *h = h
                .wrapping_sub(keys::phase(s.phase))
                .wrapping_add(keys::phase(phase));
        }
        s.phase = phase;
    }

    #[inline]
    pub(super) fn after_lap<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        end: LapEnd,
        rec: &mut R,
    ) -> bool {
        match end {
            LapEnd::Empty(j) => self.land::<HASH, R>(s, h, j, rec),
            LapEnd::Head(j) => {
                Self::set_phase::<HASH>(s, h, Phase::Head(j as u8));
                true
            }
            LapEnd::Endless => {
                Self::end_turn::<HASH>(s, h);
                false
            }
        }
    }

    /// The move's last stone fell into the empty hole `j` of the mover's: capture if it is
    /// an inner hole facing stones, then bonus takes, re-entry, or the end of the turn.
    #[inline]
    pub(super) fn land<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        j: usize,
        rec: &mut R,
    ) -> bool {
        // Most moves capture nothing: that test first, the capture's work out of line.
        if self.captures_at(s, j) {
            return self.capture::<HASH, R>(s, h, j, rec);
        }
        Self::end_turn::<HASH>(s, h);
        true
    }

    /// Whether the mover's last stone, alone in his hole `j`, captures: an inner hole facing
    /// an opponent's inner hole with stones.
    #[inline(always)]
    fn captures_at(&self, s: &TsoroState, j: usize) -> bool {
        let n = self.n;
        j >= n && s.holes[(!s.mover).index()][3 * n - 1 - j] != 0
    }

    /// [`land`](Tsoro::land) when the stone captures: the captures, bonus takes, re-entry
    /// and the end of the turn.
    #[inline(never)]
    fn capture<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        mut j: usize,
        rec: &mut R,
    ) -> bool {
        let n = self.n;
        let me = s.mover.index();
        let op = 1 - me;
        while self.captures_at(s, j) {
            let across = 3 * n - 1 - j;
            let behind = j - n;
            let a = s.holes[op][across];
            let b = s.holes[op][behind];
            s.holes[op][across] = 0;
            s.holes[op][behind] = 0;
            if HASH {
                *h = h
                    .wrapping_sub(u64::from(a).wrapping_mul(keys::HOLES[op][across]))
                    .wrapping_sub(u64::from(b).wrapping_mul(keys::HOLES[op][behind]));
            }
            if R::ON {
                rec.capture(spot(!s.mover, across), a.into());
                if b > 0 {
                    rec.capture(spot(!s.mover, behind), b.into());
                }
            }
            self.gain::<HASH, R>(s, h, a.wrapping_add(b), rec);
            let before = s.captures[me];
            if self.settings.tracey {
                let after = (before + 1).min(2);
                s.captures[me] = after;
                if HASH {
                    *h = h
                        .wrapping_sub(keys::captures(me, before))
                        .wrapping_add(keys::captures(me, after));
                }
            }
            let k = self.settings.bonus_for(u32::from(before) + 1);
            if k > 0 && self.takeable(s) != 0 {
                Self::set_phase::<HASH>(s, h, Phase::Bonus(k));
                if self.settings.reenter {
                    s.at = j as u8;
                    if HASH {
                        *h = h.wrapping_add(keys::at(s.at));
                    }
                }
                return true;
            }
            if !self.settings.reenter {
                break;
            }
            // Re-entry: sow the captured stones on from the capturing hole.
            let hand = Self::take_hand::<HASH>(s, h);
            match self.relay_from::<HASH, R>(s, h, j, u32::from(hand).max(1), rec) {
                LapEnd::Empty(next) => j = next,
                LapEnd::Head(hd) => {
                    Self::set_phase::<HASH>(s, h, Phase::Head(hd as u8));
                    return true;
                }
                LapEnd::Endless => {
                    Self::end_turn::<HASH>(s, h);
                    return false;
                }
            }
        }
        Self::end_turn::<HASH>(s, h);
        true
    }

    /// The bonus takes are over: re-enter the hand, or end the turn.
    pub(super) fn finish_bonus<const HASH: bool, R: Record>(
        &self,
        s: &mut TsoroState,
        h: &mut u64,
        rec: &mut R,
    ) -> bool {
        if self.settings.reenter && s.hand > 0 {
            let at = usize::from(s.at) % self.len;
            let hand = Self::take_hand::<HASH>(s, h);
            Self::set_phase::<HASH>(s, h, Phase::Start);
            let end = self.relay_from::<HASH, R>(s, h, at, hand.into(), rec);
            self.after_lap::<HASH, R>(s, h, end, rec)
        } else {
            Self::end_turn::<HASH>(s, h);
            true
        }
    }

    #[inline]
    pub(super) fn end_turn<const HASH: bool>(s: &mut TsoroState, h: &mut u64) {
        Self::set_phase::<HASH>(s, h, Phase::Start);
        if s.hand != 0 || s.at != 0 {
            Self::take_hand::<HASH>(s, h);
        }
        if HASH {
            *h = match s.mover {
                Player::South => h.wrapping_add(keys::NORTH),
                Player::North => h.wrapping_sub(keys::NORTH),
            };
        }
        s.mover = !s.mover;
    }

    /// Whether `mv`, a move of the current phase, is legal: its sowing (if any) ends.
    #[inline]
    pub(super) fn ends(&self, s: &TsoroState, mv: TsoroMove) -> bool {
        let mut copy = *s;
        self.apply::<false, ()>(&mut copy, mv, &mut ())
    }

    /// Whether a start from loop index `i` ends: a lap of the stones of `i` (2 or more), or
    /// with `single` a singleton step. Without re-entry the fast check on a copy of the
    /// mover's loop alone (captures cannot prolong a move, and a singleton step never
    /// relays); with re-entry the whole move on a copy, since a capture, even by a singleton
    /// step, sows the captured stones back in and the move relays on.
    #[inline]
    pub(super) fn start_ends(&self, s: &TsoroState, i: usize, single: bool) -> bool {
        if !self.endless_possible {
            return true;
        }
        if self.settings.reenter {
            return self.ends(s, TsoroMove::Sow(Hole::from_own_index(i, self.n)));
        }
        if single {
            return true;
        }
        let me = s.mover.index();
        let mut b = s.holes[me];
        let c = b[i];
        b[i] = 0;
        let mut h = 0;
        relay::<false>(&mut b, &keys::LOOPS[me], &mut h, &self.shape, i, c.into())
            != LapEnd::Endless
    }

    /// Whether relaying on from the head `i` ends.
    #[inline]
    pub(super) fn relay_ends(&self, s: &TsoroState) -> bool {
        !self.endless_possible || self.ends(s, TsoroMove::Relay)
    }

    /// Whether a take or `done` that ends the bonus takes is legal (with re-entry its
    /// sowing must end); takes that leave more to take are always legal.
    #[inline]
    pub(super) fn bonus_ok(&self, s: &TsoroState, mv: TsoroMove) -> bool {
        !self.settings.reenter || !self.endless_possible || self.ends(s, mv)
    }

    /// The mover's starts: holes with 2 or more, or else singleton steps.
    #[inline(always)]
    pub(super) fn start_candidates(&self, s: &TsoroState) -> (u64, bool) {
        let b = &s.holes[s.mover.index()];
        let many = many(b);
        if many != 0 {
            return (many, false);
        }
        let ones = occupied(b);
        let empty = !ones & ((1u64 << self.len) - 1);
        // Next hole empty: rotate the empty mask down by one within the loop.
        let next_empty = (empty >> 1) | ((empty & 1) << (self.len - 1));
        (ones & next_empty, true)
    }
}
