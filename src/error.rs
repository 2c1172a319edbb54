//! The typed errors of the crate.
//!
//! Syntax errors (text that is not a position, a move or a ruleset name at all) are kept apart
//! from legality errors (well-formed input that the rules refuse). Every error leaves the value
//! it was about untouched.
//!
//! Every error that says where in a text it is counts bytes from 0, the text's first byte
//! being byte 0: [`PositionParseError::offset`], and the engine protocol's answer to a line
//! that is not UTF-8 ([`engine`](crate::engine)).

use std::fmt;

use thiserror::Error;

/// A rule setting out of range, or two settings that cannot go together.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum SettingsError {
    /// A numeric setting outside the range the rules (or the engine's board types) allow.
    #[error("{setting} = {value} is out of range (allowed: {min}..={max})")]
    OutOfRange {
        /// The setting's name as written in ruleset text (`pits`, `seeds`, `holes`, ...).
        setting: &'static str,
        /// The value asked for.
        value: i64,
        /// The smallest allowed value.
        min: i64,
        /// The largest allowed value.
        max: i64,
    },
    /// More seeds than the board's counters can hold.
    #[error("{total} seeds in all is more than the board can hold (at most {max})")]
    TooManySeeds {
        /// The total the settings would put on the board.
        total: u64,
        /// The largest total the engine supports for these settings.
        max: u64,
    },
    /// Two settings that contradict each other.
    #[error("settings conflict: {0}")]
    Conflict(&'static str),
}

/// Ruleset text (`kalah:pits=4,seeds=3,empty-capture`) that does not name a ruleset.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum RulesetParseError {
    /// The text before the colon names none of the games the reader knows (the crate's
    /// games for [`AnyRuleset`](crate::games::AnyRuleset), the games of a list of your own,
    /// or the one game a ruleset type reads).
    #[error("unknown game {game:?} (known: {})", known.join(", "))]
    UnknownGame {
        /// The name as written.
        game: String,
        /// The names the reader knows.
        known: Vec<&'static str>,
    },
    /// A switch the game does not have.
    #[error("{game} has no switch {switch:?}")]
    UnknownSwitch {
        /// The game's name.
        game: &'static str,
        /// The switch as written.
        switch: String,
    },
    /// A switch given a value it cannot take (`pits=x`, `heads=sideways`).
    #[error("{game}: bad value {value:?} for {switch}: expected {expected}")]
    BadValue {
        /// The game's name.
        game: &'static str,
        /// The switch's name.
        switch: String,
        /// The value as written.
        value: String,
        /// What the switch accepts.
        expected: &'static str,
    },
    /// A switch that takes a value written without one, or one that takes none written with one.
    #[error("{game}: switch {switch:?} {problem}")]
    BadSwitch {
        /// The game's name.
        game: &'static str,
        /// The switch as written.
        switch: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// The same setting given twice.
    #[error("{game}: {switch} is set twice")]
    Repeated {
        /// The game's name.
        game: &'static str,
        /// The setting's name.
        switch: String,
    },
    /// The switches parse, but the settings they make are invalid.
    #[error(transparent)]
    Settings(#[from] SettingsError),
}

/// What is wrong with a piece of position text.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum TextProblem {
    /// A field the format requires is missing.
    #[error("missing")]
    Missing,
    /// Text after the last field.
    #[error("unexpected extra text")]
    Extra,
    /// Not a number where one is expected.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// A number too large for its place.
    #[error("{value} is too large (at most {max})")]
    TooLarge {
        /// The number written.
        value: u64,
        /// The largest allowed.
        max: u64,
    },
    /// A number with more digits than any count could have: too large even to hold
    /// (`99999999999999999999`); written as it stands in the text.
    #[error("{written} is too large (at most {max})")]
    Overflow {
        /// The digits written.
        written: String,
        /// The largest allowed.
        max: u64,
    },
    /// The two rows of the board have different numbers of entries.
    #[error("the north row has {north} entries and the south row {south}: both need as many")]
    RowsDiffer {
        /// Entries in the north row.
        north: usize,
        /// Entries in the south row.
        south: usize,
    },
    /// A row with the wrong number of entries.
    #[error("{found} entries where {expected} are needed")]
    WrongLength {
        /// The number of entries the format requires.
        expected: usize,
        /// The number found.
        found: usize,
    },
    /// A token the format does not allow here.
    #[error("unexpected {found:?}: expected {expected}")]
    Unexpected {
        /// The token found.
        found: String,
        /// What may stand here.
        expected: &'static str,
    },
}

/// Text that is not a position of the game at all (a syntax error), with where and why.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("position text: {field} at byte {offset}: {problem}")]
pub struct PositionParseError {
    /// Byte offset into the text where the problem starts, from 0 (the first byte is 0).
    pub offset: usize,
    /// The field of the format being read (`north row`, `side to move`, ...).
    pub field: &'static str,
    /// What is wrong.
    pub problem: TextProblem,
}

impl PositionParseError {
    /// A new error at `offset` in `field`.
    pub fn new(offset: usize, field: &'static str, problem: TextProblem) -> Self {
        PositionParseError {
            offset,
            field,
            problem,
        }
    }
}

/// A position that is well formed but impossible under a ruleset (a legality error), or text
/// that is not a position at all.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// The text is not a position (syntax).
    #[error(transparent)]
    Parse(#[from] PositionParseError),
    /// The board has another number of pits or holes than the ruleset.
    #[error("the board has {found} holes a row, the ruleset {expected}")]
    WrongSize {
        /// Holes a row under the ruleset.
        expected: usize,
        /// Holes a row in the position.
        found: usize,
    },
    /// Seeds on the board plus stores differ from the ruleset's total.
    #[error("{found} seeds in all, the ruleset has {expected}")]
    WrongSeedTotal {
        /// The ruleset's total.
        expected: u32,
        /// The position's total.
        found: u32,
    },
    /// Any other impossibility, described.
    #[error("impossible position: {0}")]
    Impossible(String),
}

/// Why a move is not legal in a position.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// The game is over: no move is legal.
    #[error("the game is over")]
    GameOver,
    /// The move is not among the legal moves, with the rule that forbids it.
    #[error("{0}")]
    Forbidden(String),
    /// The position does not fit the rules (a board of another size): nothing can be played
    /// on it. The checked calls of a game answer this where the state is not of the
    /// ruleset's shape (see [`Ruleset`](crate::Ruleset)'s contract for states that do not
    /// validate).
    #[error("the position does not fit these rules: {0}")]
    Unfit(PositionError),
}

/// A move that the rules do not allow in the position it was tried in.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMove {
    /// The move, in the game's notation.
    pub mv: String,
    /// Why it is illegal.
    pub reason: IllegalReason,
}

/// The error of [`Ruleset::play`](crate::Ruleset::play): the illegal move, and the state it was
/// tried on, handed back untouched.
#[derive(Error, Clone, PartialEq, Eq)]
#[error("{error}")]
pub struct PlayError<S> {
    /// The state, exactly as it was before the attempt.
    pub state: S,
    /// What was wrong with the move.
    pub error: IllegalMove,
}

impl<S> fmt::Debug for PlayError<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PlayError")
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

/// Text that cannot be read as a move in a given position.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum MoveParseError {
    /// Not a move of the game's notation at all.
    #[error("{text:?} is not a move: expected {expected}")]
    Syntax {
        /// The text.
        text: String,
        /// What the notation looks like.
        expected: &'static str,
    },
    /// A move whose written details (landing hole, tuzdik mark, kazan total) differ from what
    /// it really does in this position.
    #[error("{text:?} does not match the position: {problem}")]
    Mismatch {
        /// The text.
        text: String,
        /// What differs, e.g. `the last ball lands in hole 7, not 6`.
        problem: String,
    },
    /// A well-formed move that is illegal here.
    #[error("{text:?}: {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// Why the move is illegal.
        reason: IllegalReason,
    },
}

/// A game record that cannot be read or does not replay.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The ruleset name is bad.
    #[error("ruleset: {0}")]
    Ruleset(#[from] RulesetParseError),
    /// The start position is bad.
    #[error("start position: {0}")]
    Position(#[from] PositionError),
    /// A move that does not parse or does not replay; `ply` counts from 1.
    #[error("ply {ply}: {error}")]
    Move {
        /// The ply (1 = the first move of the record).
        ply: usize,
        /// Why the move failed.
        error: MoveParseError,
    },
    /// The record's text is malformed (headers, move numbers, results).
    #[error("line {line}: {problem}")]
    Syntax {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        problem: String,
    },
}
