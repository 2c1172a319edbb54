//! What self-play and its writer refuse.

use thiserror::Error;

use crate::error::IllegalMove;
use crate::pgn::PgnError;
use crate::search::AgentSpecError;

#[cfg(doc)]
use super::{Config, SelfPlayer, read_openings};

/// What the self-play generator or the writer refuses.
#[derive(Error, Debug)]
pub enum SelfplayError {
    /// An agent the game cannot serve.
    #[error(transparent)]
    Agent(#[from] AgentSpecError),
    /// An agent that is not an `alphabeta` one: the values come from its search.
    #[error("self-play needs an alphabeta agent (the values come from its search), not {0}")]
    NotAlphaBeta(String),
    /// [`Config::random_plies`] with its start past its end.
    #[error("random plies {start}..={end}: the range is empty")]
    RandomPlies {
        /// The range's start.
        start: u32,
        /// The range's end.
        end: u32,
    },
    /// Games numbered past `u32::MAX`: [`Config::first_game`] plus [`Config::games`] is too
    /// large.
    #[error("games {first}..{first}+{games} go past game number {}", u32::MAX)]
    GameNumbers {
        /// The first game's number.
        first: u32,
        /// The number of games.
        games: u32,
    },
    /// An opening of other rules, or of a finished game.
    #[error("opening {index}: {problem}")]
    Opening {
        /// The opening's index in [`Config::openings`].
        index: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// A game of a record text that does not read ([`read_openings`]).
    #[error("openings: game {game}: {error}")]
    OpeningRecord {
        /// The game's number in the text, from 1.
        game: usize,
        /// The reader's error.
        error: PgnError,
    },
    /// A record text none of whose games gives an opening ([`read_openings`]): none is a game
    /// of these rules going on at that ply.
    #[error("none of the {games} games of the openings is a game of {rules} going on at ply {ply}")]
    NoOpenings {
        /// The games in the text.
        games: usize,
        /// The rules, as ruleset text.
        rules: String,
        /// The ply of the openings.
        ply: usize,
    },
    /// An observation value that is not a whole number from 0 to 255: the format stores
    /// bytes.
    #[error(
        "game {game}, ply {ply}: observation value {value} at index {index} is not a whole number 0..=255"
    )]
    Observation {
        /// The game's number.
        game: u32,
        /// The position's ply.
        ply: usize,
        /// The value's index in the observation.
        index: usize,
        /// The value.
        value: f32,
    },
    /// A record whose observation is not of the header's length.
    #[error("a record's observation has {found} values where the header says {expected}")]
    ObservationLength {
        /// The header's length.
        expected: usize,
        /// The record's.
        found: usize,
    },
    /// Ruleset or agent text the header cannot hold (empty, or with a space or a line break).
    #[error("the header cannot hold {0:?}: it must be one word")]
    HeaderText(String),
    /// A move the search gave that the game refused (a defect of the search or the rules).
    #[error("game {game}: the search's move is refused: {error}")]
    Move {
        /// The game's number.
        game: u32,
        /// The refusal.
        error: IllegalMove,
    },
    /// The stop flag was raised ([`SelfPlayer::stop_flag`]).
    #[error("self-play stopped")]
    Stopped,
    /// Writing failed.
    #[error("writing self-play data: {0}")]
    Io(#[from] std::io::Error),
}
