//! What a relay asks before it lifts again: the relay from the next place (`laps=next`),
//! the extra conditions of `relay-if`, and a stop where a count capture's count alone
//! would take (`relay-stops-on-count`). The classic relay (`laps=relay` alone) asks none of
//! these and keeps its own loop in [`sow`](super::sow); these rules run only in the shape
//! that holds every rule ([`Any`](super::shape::Any)).

use super::Mancala;
use super::description::{Description, Laps, Opposite, RelayIf, Side};
use super::moves::MancalaMove;
use super::shape::Shape;
use super::sow::{ENDLESS, MAX_LIFTS};
use super::state::{MancalaState, WRAP};
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// The relay rules checked against each other ([`Description::validate`]).
    pub(crate) fn validate_relay(&self) -> Result<(), SettingsError> {
        let s = &self.sowing;
        if s.laps == Laps::One && s.relay_if != RelayIf::Any {
            return Err(SettingsError::Conflict("relay-if without a relay"));
        }
        if let RelayIf::Exactly(0) | RelayIf::AtLeast(0) = s.relay_if {
            return Err(SettingsError::OutOfRange {
                setting: "relay-if",
                value: 0,
                min: 1,
                max: 255,
            });
        }
        if s.relay_if == RelayIf::NotFromStore && s.laps != Laps::Next {
            return Err(SettingsError::Conflict(
                "relay-if=not-from-store without laps=next: only a relay from the next place could lift a store",
            ));
        }
        if s.relay_stops_on_count && s.laps == Laps::One {
            return Err(SettingsError::Conflict(
                "relay-stops-on-count without a relay",
            ));
        }
        if s.relay_stops_on_count && self.captures.counts.is_empty() {
            return Err(SettingsError::Conflict(
                "relay-stops-on-count without a count capture",
            ));
        }
        Ok(())
    }
}

impl Mancala {
    /// Sows `mv` (the hole not empty) under a relay of the rarer rules, seed by seed (a
    /// relay from the next place may lift a store, which the lap tables do not sow from);
    /// returns the ring place of the last seed, or [`ENDLESS`] for a relay cut short by
    /// `max-laps`. Out of line, so that the classic relay's loop stays as it was.
    #[inline(never)]
    pub(crate) fn sow_rare_relay<S: Shape>(&self, s: &mut MancalaState, mv: MancalaMove) -> usize {
        let me = s.mover;
        let way = self.way_of::<S>(s, mv);
        let next = &self.steps.next[me.index()][way];
        let sowing = &self.description.sowing;
        let c = &self.description.captures;
        // Whether the opponent had seeds before the move (a grand slam asks).
        let seeded = !c.grand_slam_if_seeded || s.seeds_in_row(!me) != 0;
        let before = if sowing.relay_if == RelayIf::VisitedOpponent {
            s.seeds_in_row(!me)
        } else {
            0
        };
        let mut pos = s.at(me, usize::from(mv.hole));
        let mut lifts = 0;
        loop {
            let origin = pos;
            let mut hand = s.cell(pos);
            // A whole lap or more passes by the place it was lifted from under skip-origin.
            let skip = sowing.skip_origin && hand >= self.steps.places[me.index()];
            *s.cell_mut(pos) = 0;
            while hand > 0 {
                pos = usize::from(next[pos & WRAP]);
                if skip && pos == origin {
                    pos = usize::from(next[pos & WRAP]);
                }
                let cell = s.cell_mut(pos);
                *cell = cell.wrapping_add(1);
                hand -= 1;
            }
            match self.relay_lift::<S>(s, pos, way, seeded, lifts, before) {
                Some(from) => pos = from,
                None => return pos,
            }
            lifts += 1;
            if sowing.max_laps.is_some_and(|max| lifts >= u32::from(max)) {
                return ENDLESS;
            }
        }
    }

    /// After a lap of a relay whose last seed fell at ring place `last`, the ring place the
    /// relay lifts next, or `None` where the move's sowing ends (in a store, after
    /// [`MAX_LIFTS`] lifts, or by the rules). `way` is the sowing's way index, `seeded`
    /// whether the opponent had seeds before the move, `lifts` the lifts made so far, and
    /// `opponent_before` the seeds of the opponent's row before the move (asked only under
    /// `relay-if=visited-opponent`).
    pub(crate) fn relay_lift<S: Shape>(
        &self,
        s: &MancalaState,
        last: usize,
        way: usize,
        seeded: bool,
        lifts: u32,
        opponent_before: u32,
    ) -> Option<usize> {
        let sowing = &self.description.sowing;
        let h = s.holes();
        let me = s.mover;
        if last == h || last == 2 * h + 1 || lifts >= MAX_LIFTS {
            return None;
        }
        let first_lap = lifts == 0;
        let n = s.cell(last);
        let own = (last < h) == (me == Player::South);
        let goes_on = match sowing.relay_if {
            RelayIf::Exactly(k) => n == k,
            RelayIf::AtLeast(k) => n >= k,
            RelayIf::OwnRow => own,
            RelayIf::OpponentRow => !own,
            // A first lap that ends in his own row goes on only if it sowed into the
            // opponent's (which only gains seeds while a lap is sown).
            RelayIf::VisitedOpponent => !first_lap || !own || s.seeds_in_row(!me) > opponent_before,
            RelayIf::Any | RelayIf::NotFromStore => true,
        };
        if !goes_on {
            return None;
        }
        if S::COUNTS && self.steps.counts() {
            let stops = if sowing.relay_stops_on_count {
                let side = match self.description.captures.side {
                    Side::Opponent => !own,
                    Side::Own => own,
                    Side::Either => true,
                };
                side && self.steps.captures(n)
            } else {
                self.count_capture::<S>(s, last, way, seeded).0 != 0
            };
            if stops {
                return None;
            }
        }
        if sowing.laps != Laps::Next {
            return (n > 1).then_some(last);
        }
        // The opposite capture would take the hole across: the relay stops there.
        let c = &self.description.captures;
        if S::OPPOSITE && c.opposite != Opposite::Off && n == 1 && own && s.cell(2 * h - last) > 0 {
            return None;
        }
        let next = usize::from(self.steps.next[me.index()][way][last]);
        let store = next == h || next == 2 * h + 1;
        if (store && sowing.relay_if == RelayIf::NotFromStore) || s.cell(next) == 0 {
            return None;
        }
        Some(next)
    }
}
