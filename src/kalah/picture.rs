//! Kalah's pictures: two rows of pits, a store at each end, in the terminal and as SVG
//! (the [`Board`] the provided pictures draw).

use super::{Kalah, KalahState};
use crate::picture::svg::Highlight;
use crate::picture::{Board, Labels, Picture};
use crate::player::Player;
use crate::ruleset::Ruleset;

/// The board as South sees it: North's pits `m..1` on top, South's `1..m` below, North's
/// store at the left end and South's at the right (each at its owner's right); the pie
/// rule's offer after the status line of the SVG. Moves are marked from their
/// [`Ruleset::effect`].
impl Picture for Kalah {
    fn board(&self, s: &KalahState) -> Option<Board> {
        Some(board(self, s))
    }

    fn picture_svg_with(&self, s: &KalahState, highlight: Option<&Highlight>) -> String {
        let remark = if s.swap_available() {
            " (may swap: pie rule)"
        } else {
            ""
        };
        board(self, s).svg_noted(Kalah::SIDES, highlight, remark)
    }
}

/// The pits and stores of `s`.
fn board(rules: &Kalah, s: &KalahState) -> Board {
    let row = |p: Player| (1..=s.pits()).map(|k| u32::from(s.pit(p, k))).collect();
    Board {
        holes: [row(Player::South), row(Player::North)],
        stores: [s.store(Player::South).into(), s.store(Player::North).into()],
        to_move: s.to_move(),
        outcome: rules.outcome(s),
        labels: Labels::default(),
    }
}
