//! The way chosen by the game's first move (`sow=first-chooses`): until the first move each
//! hole is two moves, one each way; the first move fixes the way its player sows for the
//! rest of the game, and his opponent sows the other way. The position carries the choice
//! ([`MancalaState`]'s `south=` field). Runs only in the [`Any`](super::shape::Any) shape
//! (the rule is one of the rare ones).

use super::Mancala;
use super::description::Direction;
use super::sow::Mask;
use super::state::{MancalaState, SOUTH_CCW, SOUTH_CW, UNCHOSEN};
use crate::player::Player;

impl Mancala {
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
