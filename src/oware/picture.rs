//! Oware's pictures: two rows of houses, a store at each end, in the terminal and as SVG
//! (the [`Board`] the provided pictures draw).

use super::{Oware, OwareState};
use crate::picture::{Board, Picture};
use crate::player::Player;
use crate::ruleset::Ruleset;

/// The board as South sees it: North's houses `f..a` on top, South's `A..F` below, each
/// store at its owner's right. The picture numbers the houses `1..n` from their owner's
/// left: house 1 is `A` for South and `a` for North. Moves are marked from their
/// [`Ruleset::effect`].
impl Picture for Oware {
    fn board(&self, s: &OwareState) -> Option<Board> {
        let row = |p: Player| (1..=s.houses()).map(|h| u32::from(s.house(p, h))).collect();
        Some(Board {
            holes: [row(Player::South), row(Player::North)],
            stores: [s.store(Player::South).into(), s.store(Player::North).into()],
            to_move: s.to_move(),
            outcome: self.outcome(s),
        })
    }
}

crate::picture::inherent_pictures!(Oware);
