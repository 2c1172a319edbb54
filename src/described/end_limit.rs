//! The ends by a limit on the seeds left: on the whole board (`seeds-limit`) or in every
//! hole (`hole-limit`), MancalaGames' `end_cond` SEEDS_LIMIT and HOLE_SEED_LIMIT.

use super::Mancala;
use super::description::Description;
use super::state::MancalaState;
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// The limits checked against the start ([`Description::validate`]): a game over before
    /// its first move is refused.
    pub(crate) fn validate_limits(&self) -> Result<(), SettingsError> {
        let e = &self.end;
        if let Some(limit) = e.seeds_limit {
            if u32::from(limit) >= self.total_seeds() {
                return Err(SettingsError::Conflict(
                    "seeds-limit at or past the seeds on the board: the game is over at the start",
                ));
            }
        }
        if let Some(limit) = e.hole_limit {
            let most = (0..usize::from(self.board.holes))
                .map(|i| self.start_seeds(i).max(self.north_start_seeds(i)))
                .max()
                .unwrap_or(0);
            if limit >= most {
                return Err(SettingsError::Conflict(
                    "hole-limit at or past every hole's start: the game is over at the start",
                ));
            }
        }
        Ok(())
    }
}

impl Mancala {
    /// Whether a limit of the seeds left ends this game.
    pub(crate) fn has_limits(&self) -> bool {
        let e = &self.description.end;
        e.seeds_limit.is_some() || e.hole_limit.is_some()
    }

    /// Whether a limit of the seeds left is reached in `s` (the game is then over).
    #[inline(never)]
    pub(crate) fn limit_reached_in(&self, s: &MancalaState) -> bool {
        let e = &self.description.end;
        let board = || {
            Player::BOTH
                .into_iter()
                .flat_map(|p| s.row(p).iter().copied())
        };
        e.seeds_limit.is_some_and(|limit| {
            s.seeds_in_row(Player::South) + s.seeds_in_row(Player::North) <= u32::from(limit)
        }) || e
            .hole_limit
            .is_some_and(|limit| board().all(|n| n <= limit))
    }
}
