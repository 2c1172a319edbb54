//! Rules of the opening and of the lift: a sowing that starts in the hole it lifts from
//! (`sow-start`, `move-one`), a seed of each hand put in the store before it is sown
//! (`take-one`), a chain of at most so many captures (`chain-most`), and no capture in the
//! game's first moves (`no-capture-moves`), and the capture two out (`two-out`). Each runs
//! only in the [`Any`](super::shape::Any) shape ([`Shape::EARLY`]).

use super::Mancala;
use super::description::{Description, GrandSlam, Laps, Side};
use super::moves::MancalaMove;
use super::shape::Shape;
use super::sow::{ENDLESS, MAX_LIFTS};
use super::state::{MancalaState, WRAP};
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// The checks of the rules of this file, for [`Description::validate`].
    pub(crate) fn validate_early(&self) -> Result<(), SettingsError> {
        let (s, c, e) = (&self.sowing, &self.captures, &self.end);
        if s.move_one && !s.sow_start {
            return Err(SettingsError::Conflict("move-one without sow-start"));
        }
        if s.sow_start && !s.move_one && s.min_seeds < 2 {
            return Err(SettingsError::Conflict(
                "sow-start with min-seeds=1 and without move-one: a hole of one seed would sow nothing",
            ));
        }
        if let Some(most) = c.chain_most {
            if !c.chain {
                return Err(SettingsError::Conflict("chain-most without chain"));
            }
            if most < 2 {
                return Err(SettingsError::OutOfRange {
                    setting: "chain-most",
                    value: most.into(),
                    min: 2,
                    max: 255,
                });
            }
        }
        if c.two_out {
            let conflict = if c.chain && (c.chain_rows || c.chain_way != super::ChainWay::Back) {
                Some("two-out with chain-rows or chain-way: its chain goes onward, the move's way")
            } else if !c.counts.is_empty() {
                Some("two-out with capture counts: it takes any count")
            } else if c.opposite != super::Opposite::Off {
                Some("two-out with an opposite capture")
            } else if matches!(c.grand_slam, GrandSlam::LeaveLast | GrandSlam::LeaveFirst) {
                Some("two-out with grand-slam=leave-last or leave-first")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        if c.lap_capture {
            let conflict = if !c.two_out {
                Some("lap-capture without two-out")
            } else if s.laps != Laps::Relay || s.relay_if != super::RelayIf::Any {
                Some("lap-capture without laps=relay or with relay-if")
            } else if c.grand_slam != GrandSlam::Capture {
                Some("lap-capture with a grand-slam rule other than capture")
            } else if c.again_on_capture || c.no_capture_moves > 0 || c.no_single_capture {
                Some("lap-capture with again=capture, no-capture-moves or no-single-capture")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        if c.no_capture_moves > 0 {
            if c.counts.is_empty() && c.opposite == super::Opposite::Off && !c.two_out {
                return Err(SettingsError::Conflict(
                    "no-capture-moves without a capture",
                ));
            }
            if c.again_on_store || c.again_on_capture || e.pass {
                return Err(SettingsError::Conflict(
                    "no-capture-moves with again=store, again=capture or pass: a move and a turn would differ",
                ));
            }
        }
        Ok(())
    }

    /// Whether the description uses a rule of this file (each is one of the rarer rules).
    pub(crate) fn uses_early(&self) -> bool {
        let (s, c) = (&self.sowing, &self.captures);
        s.sow_start || s.take_one || c.chain_most.is_some() || c.no_capture_moves > 0 || c.two_out
    }
}

impl Mancala {
    /// Whether the rules of this file are asked: only in the [`Any`](super::shape::Any)
    /// shape, whose other games (rows of more than 7 holes) read one flag.
    #[inline(always)]
    pub(crate) fn early<S: Shape>(&self) -> bool {
        S::EARLY && self.early
    }

    /// Whether the position is still in the game's first moves, in which nothing is
    /// captured (`no-capture-moves`).
    #[inline(always)]
    pub(crate) fn captures_barred(&self, s: &MancalaState) -> bool {
        s.ply < u32::from(self.description.captures.no_capture_moves)
    }

    /// The capture two out (`two-out`) after a last seed at `last`, in the ring places a
    /// count capture returns (a bit each), and whether it takes the opponent's every seed;
    /// none at all while captures are barred (`no-capture-moves`). Under `chain` each hole
    /// taken is the start of the next two out, onward the move's way, until one fails (or
    /// `chain-most` holes are taken).
    #[inline(never)]
    pub(crate) fn two_out_capture<S: Shape>(
        &self,
        s: &MancalaState,
        last: usize,
        way: usize,
        seeded: bool,
    ) -> (u32, bool) {
        let c = &self.description.captures;
        let h = s.holes();
        if self.captures_barred(s) || !c.two_out || last == h || last > 2 * h {
            return (0, false);
        }
        // Without laps the last hole must have held seeds before the last seed fell.
        if self.description.sowing.laps == Laps::One && s.cell(last) <= 1 {
            return (0, false);
        }
        // The next hole the move's way, the stores not counted.
        let ring = 2 * h + 2;
        let step = |r: usize| {
            let mut n = r;
            loop {
                n = if way == 0 {
                    (n + 1) % ring
                } else {
                    (n + ring - 1) % ring
                };
                if n != h && n != 2 * h + 1 {
                    return n;
                }
            }
        };
        let opponent = !s.mover;
        let most = match (c.chain, c.chain_most) {
            (false, _) => 1,
            (true, Some(most)) => u32::from(most),
            (true, None) => u32::MAX,
        };
        // The seeds a hole holds once the holes already taken are emptied.
        let held = |take: u32, r: usize| if take & (1 << r) != 0 { 0 } else { s.cell(r) };
        let mut take = 0u32;
        let mut taken = 0u32;
        let mut from_opponent = 0u32;
        let mut at = last;
        while taken < most {
            let gap = step(at);
            let out = step(gap);
            let seeds = held(take, out);
            if held(take, gap) != 0 || seeds == 0 {
                break;
            }
            let owner = if out < h {
                Player::South
            } else {
                Player::North
            };
            let side_ok = match c.side {
                Side::Opponent => owner != s.mover,
                Side::Own => owner == s.mover,
                Side::Either => true,
            };
            if !side_ok {
                break;
            }
            take |= 1 << out;
            taken += 1;
            if owner == opponent {
                from_opponent += u32::from(seeds);
            }
            at = out;
        }
        // A grand slam: a capture that leaves the opponent, who had seeds before the move,
        // none.
        if take == 0 || !seeded || s.seeds_in_row(opponent) != from_opponent {
            return (take, false);
        }
        match c.grand_slam {
            GrandSlam::NoCapture | GrandSlam::Illegal => (0, true),
            _ => (take, true),
        }
    }

    /// The capture two out at the end of a relayed lap (`lap-capture`), from the last hole
    /// `last` (which holds seeds and is lifted next): the holes taken go to the mover's store.
    #[cold]
    fn lap_capture<S: Shape>(&self, s: &mut MancalaState, last: usize, way: usize, seeded: bool) {
        let mut bits = self.two_out_capture::<S>(s, last, way, seeded).0;
        let store = s.store_at(s.mover);
        let mut taken = 0u8;
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            taken = taken.wrapping_add(s.cell(r));
            s.put(r, 0);
            bits &= bits - 1;
        }
        s.put(store, s.cell(store).wrapping_add(taken));
    }

    /// Counts a move in the position's ply: every move under `max-plies`, else up to the
    /// `no-capture-moves` (past which the count no longer matters, so that positions after
    /// the opening are alike whatever move they came at).
    #[inline(always)]
    pub(crate) fn count_ply<S: Shape>(&self, s: &mut MancalaState) {
        if self.description.end.max_plies.is_some() {
            s.ply = s.ply.saturating_add(1);
        } else if self.early::<S>() && self.captures_barred(s) {
            s.ply += 1;
        }
    }

    /// Whether a lift sows otherwise than every seed from the next hole on (`sow-start`,
    /// `take-one`), so that the lap tables do not hold it.
    #[inline(always)]
    pub(crate) fn sows_rarely(&self) -> bool {
        let sowing = &self.description.sowing;
        sowing.sow_start || sowing.take_one || self.description.captures.lap_capture
    }

    /// [`sow`](Mancala::sow) under `sow-start` or `take-one`, seed by seed: the first lift
    /// leaves a seed in its hole (`sow-start`, but a single seed moves on under `move-one`),
    /// each lift puts a seed of the hand in the mover's store (`take-one`), then the hand is
    /// sown and relayed as by [`sow_relay`](Mancala::sow_relay). Returns the ring place of
    /// the last seed (the hole lifted from when the hand sowed nothing), or [`ENDLESS`].
    #[inline(never)]
    pub(crate) fn sow_rare<S: Shape>(&self, s: &mut MancalaState, mv: MancalaMove) -> usize {
        let me = s.mover;
        let way = self.way_of::<S>(s, mv);
        let next = &self.steps.next[me.index()][way];
        let sowing = &self.description.sowing;
        let relay = sowing.laps == Laps::Relay;
        let h = s.holes();
        let own_store = s.store_at(me);
        let seeded = !relay || self.seeded::<S>(s);
        let mut pos = s.at(me, usize::from(mv.hole));
        let mut lifts = 0;
        loop {
            let origin = pos;
            let mut hand = s.cell(pos);
            if lifts == 0 && sowing.sow_start && !(sowing.move_one && hand == 1) {
                hand = hand.saturating_sub(1);
                s.put(pos, 1);
            } else {
                s.put(pos, 0);
            }
            if sowing.take_one && hand > 0 {
                hand -= 1;
                s.put(own_store, s.cell(own_store).wrapping_add(1));
            }
            while hand > 0 {
                pos = usize::from(next[pos & WRAP]);
                if sowing.skip_origin && pos == origin {
                    pos = usize::from(next[pos & WRAP]);
                }
                let cell = s.cell_mut(pos);
                *cell = cell.wrapping_add(1);
                hand -= 1;
            }
            let store = pos == h || pos == 2 * h + 1;
            if !relay || store || s.cells[pos] <= 1 || lifts >= MAX_LIFTS {
                return pos;
            }
            if S::COUNTS
                && self.steps.counts()
                && !self.description.captures.two_out
                && self.count_capture::<S>(s, pos, way, seeded).0 != 0
            {
                return pos;
            }
            if self.description.captures.lap_capture {
                self.lap_capture::<S>(s, pos, way, seeded);
            }
            lifts += 1;
            if sowing.max_laps.is_some_and(|max| lifts >= u32::from(max)) {
                return ENDLESS;
            }
        }
    }
}
