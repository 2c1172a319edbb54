//! The pictures of any described board: two rows of holes numbered from each player's left
//! and a store at each player's right, in the terminal and as SVG.

use super::{Mancala, MancalaState};
use crate::picture::{Board, Labels, Picture};
use crate::player::Player;
use crate::ruleset::Ruleset;

/// The board as South sees it: North's holes `h..1` on top, South's `1..h` below, each
/// store at its owner's right (where the game sows none, it holds his captures).
impl Picture for Mancala {
    fn board(&self, s: &MancalaState) -> Option<Board> {
        let row = |p: Player| s.row(p).iter().map(|&n| u32::from(n)).collect();
        Some(Board {
            holes: [row(Player::South), row(Player::North)],
            stores: [s.store(Player::South).into(), s.store(Player::North).into()],
            to_move: s.to_move(),
            outcome: self.outcome(s),
            labels: Labels::default(),
        })
    }

    fn ply(&self, s: &MancalaState) -> Option<u32> {
        self.description.end.max_plies.map(|_| s.ply())
    }
}
