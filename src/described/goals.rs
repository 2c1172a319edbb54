//! The goals won by the state of the rows rather than by seeds: leaving the opponent
//! without a move (`goal=immobilize`) or without seeds (`goal=deprive`). Each runs only in
//! the [`Any`](super::shape::Any) shape ([`Shape::RARE`]).
//!
//! A [`MancalaState`] keeps no history, so the outcome is read from the position alone:
//! the rules these goals accept keep the last seed sown on the board (no store is sown, and
//! the only capture, `opposite=without-seed`, leaves it), so no move empties the board,
//! and an empty board shows a relay cut short by `max-laps`, which is a draw.

use super::Mancala;
use super::description::{Description, EndRule, Goal, Opposite, StoreSowing};
use super::shape::Shape;
use super::sow::Ending;
use super::state::MancalaState;
use crate::error::SettingsError;
use crate::player::{Outcome, Player, Score};

impl Description {
    /// The checks of [`Goal::Immobilize`] and [`Goal::Deprive`], for
    /// [`Description::validate`]: only rules under which the position shows the outcome.
    pub(crate) fn validate_goal(&self) -> Result<(), SettingsError> {
        let (s, c, e) = (&self.sowing, &self.captures, &self.end);
        if !e.goal.eliminates() {
            return Ok(());
        }
        let conflict = if e.rule != EndRule::Stuck {
            Some("goal=immobilize or deprive without end=stuck")
        } else if e.half_wins
            || e.too_few.is_some()
            || e.pass
            || e.must_feed
            || e.max_plies.is_some()
            || e.seeds_limit.is_some()
            || e.hole_limit.is_some()
        {
            Some(
                "goal=immobilize or deprive with half-wins, too-few, pass, must-feed, max-plies or a seed limit: the rows alone end it",
            )
        } else if s.stores != StoreSowing::None || s.take_one {
            Some("goal=immobilize or deprive with seeds sown or put in a store")
        } else if !c.counts.is_empty()
            || c.opposite == Opposite::WithSeed
            || c.opposite_empty
            || c.take_last.is_some()
            || c.two_out
            || c.pull_across
            || s.owner_captures
        {
            Some(
                "goal=immobilize or deprive with a capture other than opposite=without-seed: a move could empty the board",
            )
        } else if e.goal == Goal::Immobilize && (c.again_on_capture || c.grand_slam_again) {
            Some("goal=immobilize with another turn")
        } else {
            None
        };
        match conflict {
            Some(conflict) => Err(SettingsError::Conflict(conflict)),
            None => Ok(()),
        }
    }
}

impl Mancala {
    /// Under [`Goal::Deprive`], whether a row is empty (the game is over); asked only in
    /// the shapes of the rarer rules.
    #[inline]
    pub(crate) fn deprived<S: Shape>(&self, s: &MancalaState) -> bool {
        S::RARE
            && self.description.end.goal == Goal::Deprive
            && (s.seeds_in_row(Player::South) == 0 || s.seeds_in_row(Player::North) == 0)
    }

    /// Whether the game, over by `ending`, keeps its seeds on the board: under
    /// [`Goal::Immobilize`] and [`Goal::Deprive`] nothing is swept.
    #[inline]
    pub(crate) fn keeps_seeds<S: Shape>(&self, ending: Ending) -> bool {
        S::RARE && ending == Ending::Stuck && self.description.end.goal.eliminates()
    }

    /// The outcome of a game over under [`Goal::Immobilize`] or [`Goal::Deprive`]
    /// (`None` under the other goals): an empty board (a relay cut short) is a draw; else
    /// the player to move loses, but under [`Goal::Deprive`] when his opponent's row is
    /// empty and his is not.
    pub(crate) fn eliminated_outcome(&self, s: &MancalaState) -> Option<Outcome> {
        if !self.description.end.goal.eliminates() {
            return None;
        }
        let score = Some(Score {
            south: s.store(Player::South).into(),
            north: s.store(Player::North).into(),
        });
        let mine = s.seeds_in_row(s.mover);
        let theirs = s.seeds_in_row(!s.mover);
        let deprive = self.description.end.goal == Goal::Deprive;
        Some(if mine == 0 && theirs == 0 {
            Outcome::Draw { score }
        } else if deprive && mine != 0 && theirs == 0 {
            Outcome::Win {
                winner: s.mover,
                score,
            }
        } else {
            Outcome::Win {
                winner: !s.mover,
                score,
            }
        })
    }
}
