//! The way of a move where it is not one for the whole game: the split row
//! ([`Direction::Split`](super::Direction::Split)) and the holes whose way the mover chooses
//! ([`Sowing::choice_holes`](super::Sowing::choice_holes), or every hole under
//! [`Direction::Choice`](super::Direction::Choice)).

use super::Mancala;
use super::moves::Way;
use super::state::MancalaState;

impl Mancala {
    /// The mover's holes whose way he chooses, hole `i` bit `i`: each is two moves (mask bits
    /// `i` and `16 + i`).
    #[inline(always)]
    pub(crate) fn chosen_holes(&self) -> u32 {
        self.steps.chosen
    }

    /// Whether the mover chooses the way of his hole `hole`.
    #[inline(always)]
    pub(crate) fn chooses(&self, hole: u8) -> bool {
        self.chosen_holes() >> hole & 1 != 0
    }

    /// The way index (0 counter-clockwise, 1 clockwise) of a move from `hole` under
    /// [`Direction::Split`](super::Direction::Split), the hole not chosen: clockwise in the mover's left half, towards
    /// his left; counter-clockwise in his right half. (The middle hole of an odd row is
    /// always chosen, so it never comes here; were it to, it sows counter-clockwise.)
    #[inline(always)]
    pub(crate) fn split_way(&self, s: &MancalaState, hole: u8) -> usize {
        usize::from(usize::from(hole) < s.holes() / 2)
    }

    /// The way a mask bit's move gives: `L` for the high half, `R` for a chosen hole's low
    /// bit, none for a hole the game gives the way of.
    #[inline(always)]
    pub(crate) fn way_of_bit(&self, bit: u32) -> Way {
        // Most games choose nowhere: one test; the others look the way up.
        if self.chosen_holes() == 0 {
            return Way::Only;
        }
        self.steps.way_of_bit[(bit & 31) as usize]
    }

    /// The mask bit of a move of `hole` (in the row) going `way`, if this game has it: a
    /// chosen hole has `R` (bit `hole`) and `L` (bit `16 + hole`), another hole no way.
    #[inline(always)]
    pub(crate) fn bit_of_way(&self, hole: u8, way: Way) -> Option<u32> {
        let hole_bit = u32::from(hole);
        if self.chosen_holes() == 0 {
            return (way == Way::Only).then_some(hole_bit);
        }
        match (self.chooses(hole), way) {
            (true, Way::Right) | (false, Way::Only) => Some(hole_bit),
            (true, Way::Left) => Some(16 + hole_bit),
            _ => None,
        }
    }
}
