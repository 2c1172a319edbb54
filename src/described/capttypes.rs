//! More of MancalaGames' capture types, among the rarer captures (run in the `Any` shape
//! only): the store forfeited (`forfeit-store`, their PASS_STORE_CAPT) and the opponent's
//! row swept (`sweep-counts=`, their CAPT_OPP_1CCW with PICKOPPBASIC) and the single
//! seeds taken (`take-singles`, their SINGLETONS).

use super::Mancala;
use super::description::{Description, Opposite, Side};
use super::state::MancalaState;
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// The checks of the capture types of this file (part of
    /// [`validate`](Description::validate)).
    pub(crate) fn validate_capture_types(&self) -> Result<(), SettingsError> {
        let c = &self.captures;
        if c.forfeit_store {
            let conflict = if !c.counts.is_empty() || c.opposite != Opposite::Off {
                Some("forfeit-store with a count or opposite capture")
            } else if c.pull_across {
                Some("forfeit-store with pull-across")
            } else if c.no_capture_moves > 0 {
                Some("forfeit-store with no-capture-moves")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        if !c.sweep_counts.is_empty() {
            let conflict = if !c.counts.is_empty() || c.opposite != Opposite::Off {
                Some("sweep-counts with a count or opposite capture")
            } else if c.pull_across || c.forfeit_store {
                Some("sweep-counts with pull-across or forfeit-store")
            } else if c.no_capture_moves > 0 {
                Some("sweep-counts with no-capture-moves")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        if c.take_singles {
            let conflict = if !c.counts.is_empty() || c.opposite != Opposite::Off {
                Some("take-singles with a count or opposite capture")
            } else if c.pull_across || c.forfeit_store || !c.sweep_counts.is_empty() {
                Some("take-singles with pull-across, forfeit-store or sweep-counts")
            } else if c.no_capture_moves > 0 {
                Some("take-singles with no-capture-moves")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        if c.sweep_counts.mask & 1 != 0 {
            return Err(SettingsError::Conflict(
                "sweep-counts=0: a hole of no seeds",
            ));
        }
        Ok(())
    }
}

impl Mancala {
    /// The store forfeited after a move of `me` whose last seed fell at hole `last`: when
    /// it fell in an empty hole (which now holds it alone) of a row
    /// [`side`](super::Captures::side) names, and his store holds seeds, they all go to
    /// the opponent's store. Returns whether they went.
    #[cold]
    pub(crate) fn forfeit_store(&self, s: &mut MancalaState, last: usize, me: Player) -> bool {
        let h = s.holes();
        if last == h || last > 2 * h || s.cell(last) != 1 {
            return false;
        }
        let owner = if last < h {
            Player::South
        } else {
            Player::North
        };
        let side_ok = match self.description.captures.side {
            Side::Either => true,
            Side::Own => owner == me,
            Side::Opponent => owner != me,
        };
        let (mine, theirs) = (s.store_at(me), s.store_at(!me));
        let seeds = s.cell(mine);
        if !side_ok || seeds == 0 {
            return false;
        }
        s.put(mine, 0);
        s.put(theirs, s.cell(theirs).wrapping_add(seeds));
        true
    }

    /// The opponent's row swept after a move of `me` whose last seed fell at hole `last`:
    /// when it fell in the opponent's row or in the mover's last hole (his rightmost), he
    /// takes every hole of the opponent's row whose count is one of
    /// [`sweep_counts`](super::Captures::sweep_counts). Returns whether anything was taken.
    #[cold]
    pub(crate) fn sweep_row(&self, s: &mut MancalaState, last: usize, me: Player) -> bool {
        let h = s.holes();
        if last == h || last > 2 * h {
            return false;
        }
        let owner = if last < h {
            Player::South
        } else {
            Player::North
        };
        if owner == me && last != s.at(me, h - 1) {
            return false;
        }
        let counts = self.description.captures.sweep_counts;
        let start = s.at(!me, 0);
        let mut taken = 0u32;
        for r in start..start + h {
            let n = s.cell(r);
            if counts.contains(n) {
                taken += u32::from(n);
                s.put(r, 0);
            }
        }
        let store = s.store_at(me);
        s.put(store, s.cell(store).wrapping_add(taken as u8));
        taken > 0
    }

    /// The single seeds taken after a move of `me` whose last seed fell in a hole: every
    /// hole holding one seed in a row [`side`](super::Captures::side) names goes to his
    /// store. Returns whether anything was taken.
    #[cold]
    pub(crate) fn take_singles(&self, s: &mut MancalaState, me: Player) -> bool {
        let h = s.holes();
        let mut taken = 0u8;
        for player in Player::BOTH {
            let side_ok = match self.description.captures.side {
                Side::Either => true,
                Side::Own => player == me,
                Side::Opponent => player != me,
            };
            if !side_ok {
                continue;
            }
            let start = s.at(player, 0);
            for r in start..start + h {
                if s.cell(r) == 1 {
                    s.put(r, 0);
                    taken += 1;
                }
            }
        }
        let store = s.store_at(me);
        s.put(store, s.cell(store).wrapping_add(taken));
        taken > 0
    }
}
