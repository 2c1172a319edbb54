//! More of MancalaGames' capture types, among the rarer captures (run in the `Any` shape
//! only): the store forfeited (`forfeit-store`, their PASS_STORE_CAPT).

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
}
