//! The options of a batch: the rewards of a finished game and the ply limit.

use crate::player::{Outcome, Player};

#[cfg(doc)]
use super::Batch;
#[cfg(doc)]
use crate::ruleset::Ruleset;

/// What a finished game earns each seat in [`Batch`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Reward {
    /// +1 to the winner, -1 to the loser, 0 to both for a draw.
    #[default]
    WinLoss,
    /// Each seat's score minus the other's (stores, kazans, captured stones; for Tsoro, whose
    /// winner is the player left able to move, the win/loss value).
    Margin,
}

impl Reward {
    /// The rewards of `outcome`, `[South, North]`.
    pub fn of(self, outcome: Outcome) -> [f32; 2] {
        let south = match (self, outcome.score()) {
            (Reward::Margin, Some(s)) => s.south as f32 - s.north as f32,
            _ => outcome.value_for(Player::South) as f32,
        };
        [south, -south]
    }
}

/// The options of a [`Batch`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BatchOptions {
    /// The rewards of a finished game.
    pub reward: Reward,
    /// Truncate a game after this many plies (actions), if it has not ended: it is reported
    /// `truncated` with rewards 0 and starts again. `None`: never (the games of the crate all
    /// end; Tsoro's `max-plies=` switch makes such an end a draw of the rules instead), short
    /// of `u32::MAX` plies, where the count of [`Batch::plies`] would overflow.
    ///
    /// A game whose rules end it when a position repeats (Oware,
    /// [`Ruleset::repetition_position`]) ends there, `terminated`, with the rules'
    /// [`repetition_outcome`](Ruleset::repetition_outcome): the batch keeps each game's
    /// positions since its last capture (as 64-bit hashes) from its start, or from the
    /// position [`Batch::start_game`] gives it. An opponent
    /// ([`Batch::step_on`]) chooses in the position alone.
    pub max_plies: Option<u32>,
}
