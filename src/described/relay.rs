//! What a relay asks before it lifts again: the relay from the next place (`laps=next`),
//! the extra conditions of `relay-if`, and a stop where a count capture's count alone
//! would take (`relay-stops-on-count`). The classic relay (`laps=relay` alone) asks none of
//! these and keeps its own loop in [`sow`](super::sow); these rules run only in the shapes
//! that hold the rare rules.

use super::Mancala;
use super::description::{Description, Laps, Opposite, RelayIf, Side};
use super::shape::Shape;
use super::state::MancalaState;
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
    /// Whether this game's relay asks more than the classic one: run through
    /// [`relay_lift`](Mancala::relay_lift) after each lap.
    #[inline]
    pub(crate) fn relay_is_rare(&self) -> bool {
        let s = &self.description.sowing;
        s.laps == Laps::Next || s.relay_if != RelayIf::Any || s.relay_stops_on_count
    }

    /// After a lap of a relay whose last seed fell in the hole at ring place `last` (not a
    /// store), the ring place the relay lifts next, or `None` where the move's sowing
    /// ends. `way` is the sowing's way index, `seeded` whether the opponent had seeds
    /// before the move, `first_lap` whether this was the move's first lap, and
    /// `opponent_before` the seeds in the opponent's row before the move (asked only
    /// under `relay-if=visited-opponent`).
    #[inline(never)]
    pub(crate) fn relay_lift<S: Shape>(
        &self,
        s: &MancalaState,
        last: usize,
        way: usize,
        seeded: bool,
        first_lap: bool,
        opponent_before: u32,
    ) -> Option<usize> {
        let sowing = &self.description.sowing;
        let h = s.holes();
        let me = s.mover;
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
