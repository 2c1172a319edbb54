//! [`Buffers`]: the slices a batch writes its games' rows into.

#[cfg(doc)]
use super::{Batch, BatchOptions};
#[cfg(doc)]
use crate::player::Player;

/// The slices a [`Batch`] writes into, for `n` games: each game's rows, one after another.
///
/// Rows of games that ended in the step (`terminated` or `truncated`) hold the new game's
/// observation, mask and player to move; the finished game's last observation is in
/// `final_observations` (written only in those rows) and its rewards in `rewards`.
#[derive(Debug)]
pub struct Buffers<'a> {
    /// `n * observation_len` values: each game's observation, from its mover's point of view.
    pub observations: &'a mut [f32],
    /// `n * observation_len` values: the last observation of each game that ended in the step.
    pub final_observations: &'a mut [f32],
    /// `n * 2` values: each game's rewards, South's then North's (0 unless it ended).
    pub rewards: &'a mut [f32],
    /// `n` values: whether the game ended by the rules in the step.
    pub terminated: &'a mut [bool],
    /// `n` values: whether the game was cut off by [`BatchOptions::max_plies`] in the step.
    pub truncated: &'a mut [bool],
    /// `n` values: the player to move, 0 for South, 1 for North ([`Player::index`]).
    pub to_move: &'a mut [u8],
    /// `n * num_actions` values: each game's legal-action mask.
    pub masks: &'a mut [bool],
}

/// The buffers again, borrowed for a shorter time.
pub(super) fn reborrow<'b>(out: &'b mut Buffers<'_>) -> Buffers<'b> {
    Buffers {
        observations: out.observations,
        final_observations: out.final_observations,
        rewards: out.rewards,
        terminated: out.terminated,
        truncated: out.truncated,
        to_move: out.to_move,
        masks: out.masks,
    }
}
