//! Captures at the end of each lap of a relay, the opponent taking his own seeds near the
//! end (`lap-captures-opp-gets=N`; MancalaGames' `sow_rule` 10, LAP_CAPT_OPP_GETS, with
//! `sow_param` N). It runs only in the `Any` shape ([`rarer_in`](super::shape::rarer_in)).

use super::Mancala;
use super::description::{Description, GrandSlam, Laps, Opposite, RelayIf, StoreSowing};
use super::moves::MancalaMove;
use super::shape::Shape;
use super::sow::{ENDLESS, MAX_LIFTS};
use super::state::{MancalaState, WRAP};
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// The checks of `lap-captures-opp-gets` against the other parameters (part of
    /// [`validate`](Description::validate)).
    pub(crate) fn validate_lap_captures(&self) -> Result<(), SettingsError> {
        let (s, c) = (&self.sowing, &self.captures);
        let Some(n) = s.lap_captures_opp_gets else {
            return Ok(());
        };
        if n == 0 {
            return Err(SettingsError::OutOfRange {
                setting: "lap-captures-opp-gets",
                value: 0,
                min: 1,
                max: 255,
            });
        }
        let conflict = if s.laps != Laps::Relay {
            Some("lap-captures-opp-gets without laps=relay")
        } else if c.counts.is_empty() {
            Some("lap-captures-opp-gets without a count capture")
        } else if c.opposite != Opposite::Off || c.two_out || c.pull_across {
            Some("lap-captures-opp-gets with an opposite, two-out or pull-across capture")
        } else if s.stores != StoreSowing::None {
            Some("lap-captures-opp-gets with a store sown")
        } else if s.owner_captures || s.take_one || s.sow_start {
            Some("lap-captures-opp-gets with owner-captures, take-one or sow-start")
        } else if s.relay_if != RelayIf::Any || s.relay_stops_on_count {
            Some("lap-captures-opp-gets with relay-if or relay-stops-on-count")
        } else if c.grand_slam != GrandSlam::Capture
            || c.grand_slam_again
            || c.grand_slam_always_illegal
            || c.no_capture_moves != 0
            || c.chain_most.is_some()
        {
            Some("lap-captures-opp-gets with a grand-slam rule, no-capture-moves or chain-most")
        } else {
            None
        };
        match conflict {
            Some(conflict) => Err(SettingsError::Conflict(conflict)),
            None => Ok(()),
        }
    }
}

impl Mancala {
    /// [`sow`](Mancala::sow) under `lap-captures-opp-gets=N`: a relay whose laps end thus.
    /// Where a lap's last hole is taken by the count capture, it is taken at once and the
    /// relay goes on by lifting the next hole (an empty one ends the move there); else a
    /// last hole of two seeds or more is lifted, and a hole of one seed or none ends the
    /// move. A lap lifted when at most `N` seeds are left in the holes (the hand not
    /// counted) gives each seed sown in the opponent's holes to his store, but for a last
    /// seed that makes its hole a capturing count. Returns the last seed's place
    /// ([`ENDLESS`] for a relay cut short by `max-laps`).
    #[cold]
    pub(crate) fn sow_lap_captures<S: Shape>(
        &self,
        s: &mut MancalaState,
        mv: MancalaMove,
        few: u8,
    ) -> usize {
        let me = s.mover;
        let way = self.way_of::<S>(s, mv);
        let next = &self.steps.next[me.index()][way];
        let sowing = &self.description.sowing;
        let h = s.holes();
        let opp_store = s.store_at(!me);
        let mut pos = s.at(me, usize::from(mv.hole));
        let mut lifts = 0;
        loop {
            let origin = pos;
            let mut hand = s.cell(pos);
            s.put(pos, 0);
            let left = s.seeds_in_row(Player::South) + s.seeds_in_row(Player::North);
            let give = left <= u32::from(few);
            let skip = sowing.skip_origin && hand >= self.steps.places[me.index()];
            while hand > 0 {
                pos = usize::from(next[pos & WRAP]);
                if skip && pos == origin {
                    pos = usize::from(next[pos & WRAP]);
                }
                *s.cell_mut(pos) = s.cell(pos).wrapping_add(1);
                hand -= 1;
                let theirs = (pos < h) != (me == Player::South);
                if give && theirs && (hand > 0 || !self.lap_takes::<S>(s, pos, way)) {
                    s.put(pos, s.cell(pos) - 1);
                    s.put(opp_store, s.cell(opp_store).wrapping_add(1));
                }
            }
            if lifts >= MAX_LIFTS {
                return pos;
            }
            let (take, _) = self.count_capture::<S>(s, pos, way, true);
            if take != 0 {
                let store = s.store_at(me);
                let mut bits = take;
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize;
                    s.put(store, s.cell(store).wrapping_add(s.cell(r)));
                    s.put(r, 0);
                    bits &= bits - 1;
                }
                pos = usize::from(next[pos & WRAP]);
            } else if s.cell(pos) <= 1 {
                return pos;
            }
            lifts += 1;
            if sowing.max_laps.is_some_and(|max| lifts >= u32::from(max)) {
                return ENDLESS;
            }
        }
    }

    /// Whether the count capture would take hole `pos` as it now stands.
    fn lap_takes<S: Shape>(&self, s: &MancalaState, pos: usize, way: usize) -> bool {
        self.count_capture::<S>(s, pos, way, true).0 != 0
    }
}

#[cfg(test)]
mod tests {
    use crate::described::Mancala;
    use crate::described::shape::Kernel;

    /// A game of lap captures runs in the `Any` shape, whatever its size.
    #[test]
    fn lap_captures_run_in_the_any_shape_only() {
        let base = "mancala:holes=3,seeds=2,laps=relay,stores=none,capture=4,\
            capture-side=either,grand-slam=capture,opposite=off,again=none,end=stuck";
        let game: Mancala = format!("{base},lap-captures-opp-gets=4").parse().unwrap();
        assert_eq!(Kernel::of(game.description()), Kernel::Any);
        let plain: Mancala = base.parse().unwrap();
        assert_ne!(Kernel::of(plain.description()), Kernel::Any);
    }
}
