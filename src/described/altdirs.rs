//! The way chosen by the game's first move (`sow=first-chooses`): until the first move each
//! hole is two moves, one each way; the first move fixes the way its player sows for the
//! rest of the game, and his opponent sows the other way. The position carries the choice
//! ([`MancalaState`]'s `south=` field). Runs only in the [`Any`](super::shape::Any) shape
//! (the rule is one of the rare ones).
//!
//! Also the capture before sowing of a single seed lifted (`single-takes-across`): the
//! opponent's hole across from the hole lifted from goes to the mover's store.

use super::Mancala;
use super::description::{Description, Direction, Laps};
use super::moves::MancalaMove;
use super::sow::Mask;
use super::state::{MancalaState, SOUTH_CCW, SOUTH_CW, UNCHOSEN};
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// The checks of the rules of this file, for [`Description::validate`].
    pub(crate) fn validate_altdirs(&self) -> Result<(), SettingsError> {
        let s = &self.sowing;
        if s.single_takes_across && s.sow_start {
            return Err(SettingsError::Conflict(
                "single-takes-across with sow-start: which hand is the single seed is not described",
            ));
        }
        if s.single_takes_across && s.laps != Laps::One {
            return Err(SettingsError::Conflict(
                "single-takes-across with a relay: described for the move's one lap only",
            ));
        }
        let c = &self.captures;
        if c.again_either_store && !(s.stores == super::StoreSowing::Both && c.again_on_store) {
            return Err(SettingsError::Conflict(
                "again-either-store without stores=both and again=store",
            ));
        }
        Ok(())
    }
}

impl Mancala {
    /// Before sowing `mv` (`single-takes-across`): if its hole holds a single seed, the
    /// seeds of the opponent's hole across from it go to the mover's store.
    #[cold]
    pub(crate) fn take_across_single(&self, s: &mut MancalaState, mv: MancalaMove) {
        let h = s.holes();
        let hole = usize::from(mv.hole);
        if hole >= h || s.row(s.mover)[hole] != 1 {
            return;
        }
        let across = 2 * h - s.at(s.mover, hole);
        let seeds = s.cell(across);
        if seeds == 0 {
            return;
        }
        s.put(across, 0);
        let store = s.store_at(s.mover);
        s.put(store, s.cell(store).wrapping_add(seeds));
    }

    /// Whether the game's first move chooses the way for the game.
    #[inline(always)]
    pub(crate) fn first_chooses(&self) -> bool {
        self.description.sowing.direction == Direction::FirstChooses
    }

    /// The way index (0 counter-clockwise, 1 clockwise) `player` sows in once the way is
    /// chosen in `s`, or `None` before.
    pub(crate) fn chosen_way(s: &MancalaState, player: Player) -> Option<usize> {
        let south = match s.south_way {
            SOUTH_CCW => 0,
            SOUTH_CW => 1,
            _ => return None,
        };
        Some(if player == Player::South {
            south
        } else {
            1 - south
        })
    }

    /// The moves of `mask` (each hole both ways) the mover may play: once the way is
    /// chosen, only those sowing his way.
    #[inline]
    pub(crate) fn keep_chosen_way(&self, s: &MancalaState, mask: Mask) -> Mask {
        match Self::chosen_way(s, s.mover) {
            None => mask,
            // Bits 0..16 sow counter-clockwise (to the mover's right), 16.. clockwise.
            Some(0) => mask & 0xFFFF,
            Some(_) => mask & !0xFFFF,
        }
    }

    /// Records the way the mover sows in, `way` (0 counter-clockwise, 1 clockwise), if this
    /// is the move that chooses it.
    #[inline]
    pub(crate) fn choose_way(&self, s: &mut MancalaState, way: usize) {
        if s.south_way != UNCHOSEN {
            return;
        }
        let south_ccw = (way == 0) == (s.mover == Player::South);
        s.south_way = if south_ccw { SOUTH_CCW } else { SOUTH_CW };
    }
}
