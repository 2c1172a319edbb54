//! Oware's pictures: two rows of houses, a store at each end, in the terminal and as SVG
//! (the [`Board`] the provided pictures draw).

use super::{Oware, OwareState};
use crate::picture::{Board, Labels, Picture};
use crate::player::Player;
use crate::ruleset::Ruleset;

/// The board as South sees it: North's houses `f..a` on top, South's `A..F` below, each
/// store at its owner's right, the houses labelled with their letters (South's capitals,
/// North's small letters, as the notation writes them). Moves are marked from their
/// [`Ruleset::effect`].
impl Picture for Oware {
    /// The plies played, counted under a ply limit (`max-plies`).
    fn ply(&self, s: &OwareState) -> Option<u32> {
        self.settings().max_plies.map(|_| s.ply())
    }

    fn board(&self, s: &OwareState) -> Option<Board> {
        let row = |p: Player| (1..=s.houses()).map(|h| u32::from(s.house(p, h))).collect();
        Some(Board {
            holes: [row(Player::South), row(Player::North)],
            stores: [s.store(Player::South).into(), s.store(Player::North).into()],
            to_move: s.to_move(),
            outcome: self.outcome(s),
            labels: Labels::new(
                (b'A'..).take(s.houses()).map(|c| char::from(c).to_string()),
                (b'a'..).take(s.houses()).map(|c| char::from(c).to_string()),
                ["store", "store"],
            ),
        })
    }
}
