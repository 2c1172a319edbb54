//! [`MatchError`]: why a match could not be played on.

use thiserror::Error;

use crate::error::IllegalMove;

#[cfg(doc)]
use super::MatchConfig;

/// Why a match could not be played on.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    /// [`MatchConfig::openings`] is 0.
    #[error("a match needs at least 1 opening")]
    NoOpenings,
    /// [`MatchConfig::max_plies`] is 0.
    #[error("a game needs a ply limit of at least 1")]
    NoPlies,
    /// Every one of [`MatchConfig::OPENING_TRIES`] random openings in a row ended the game.
    #[error(
        "{tries} random openings of {plies} plies in a row ended the game ({rules}): \
         choose fewer opening plies"
    )]
    OpeningsEndTheGame {
        /// The ruleset's text.
        rules: String,
        /// The opening plies asked for.
        plies: u32,
        /// The openings drawn.
        tries: u32,
    },
    /// An agent gave no move in a position where the game goes on.
    #[error("{agent} found no move at ply {ply} of a game that is not over")]
    NoMove {
        /// The agent's name.
        agent: String,
        /// The ply it was asked for (1 for the first move of the game).
        ply: usize,
    },
    /// An agent chose a move the rules do not allow.
    #[error("{agent} chose an illegal move at ply {ply}: {error}")]
    IllegalMove {
        /// The agent's name.
        agent: String,
        /// The ply (1 for the first move of the game).
        ply: usize,
        /// The move and why it is illegal.
        error: IllegalMove,
    },
}
