//! What is wrong with a record: [`PgnError`], its line and ply, and [`PgnProblem`].

use thiserror::Error;

use crate::error::{MoveParseError, PositionError, RecordError, RulesetParseError};
use crate::player::{Outcome, Player};

/// What is wrong with a record, in either form.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum PgnProblem {
    /// A tag line that is not `[Name "value"]`.
    #[error("bad tag line: {0}")]
    BadTag(String),
    /// A tag given twice (the records form; PlayOK files may repeat one).
    #[error("tag {0} given twice")]
    RepeatedTag(String),
    /// A tag the format requires is missing.
    #[error("no {0} tag")]
    MissingTag(&'static str),
    /// The `Variant` tag is not ruleset text of this game.
    #[error("Variant: {0}")]
    Variant(#[from] RulesetParseError),
    /// The `FEN` tag is not a position of the ruleset.
    #[error("FEN: {0}")]
    Fen(#[from] PositionError),
    /// A move number that is not the next turn's.
    #[error("move number `{found}`, but {expected}")]
    MoveNumber {
        /// The number as written.
        found: String,
        /// Whose turn comes next and how it is numbered.
        expected: String,
    },
    /// An action written after its player's turn has ended.
    #[error(
        "{action:?} is written in {player}'s turn, but that turn has ended: `{number}` comes first"
    )]
    TurnEnded {
        /// The action as written.
        action: String,
        /// The player whose turn was written.
        player: Player,
        /// The number that should open the next turn.
        number: String,
    },
    /// A move number while the turn before it goes on.
    #[error("`{found}` opens a new turn, but {player}'s turn goes on")]
    TurnGoesOn {
        /// The number as written.
        found: String,
        /// The player still to act.
        player: Player,
    },
    /// A move number with no action after it.
    #[error("move number `{0}` has no action")]
    EmptyTurn(String),
    /// An action that does not parse or is illegal in its position.
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// An action after the game is over.
    #[error("{0:?} comes after the end of the game")]
    AfterEnd(String),
    /// The result token and the `Result` tag differ.
    #[error("the result {token} differs from the Result tag {tag:?}")]
    ResultTag {
        /// The movetext's result.
        token: &'static str,
        /// The tag's value.
        tag: String,
    },
    /// A `Result` tag that is none of the four results (the PlayOK form checks the tag
    /// itself; the records form checks that it equals the movetext's result).
    #[error("the Result tag {0:?} is not 1-0, 0-1, 1/2-1/2 or *")]
    BadResultTag(String),
    /// The result contradicts the rules' outcome of a finished game.
    #[error("the result {written} contradicts the final position: {outcome} ({expected})")]
    ResultOutcome {
        /// The result written.
        written: &'static str,
        /// The outcome under the rules.
        outcome: Outcome,
        /// Its token.
        expected: &'static str,
    },
    /// PlayOK's `{zero}` after the result of a game the player to move could go on with.
    #[error("{{zero}} says the player to move had no move, but he has one")]
    Zero,
    /// A token shaped like a result that the format does not define (`2-0`, `½-½`).
    #[error("{0:?} is not a result: the results are 1-0, 0-1, 1/2-1/2 and *")]
    BadResult(String),
    /// The movetext has no result token.
    #[error("the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *): the game may be cut off")]
    NoResult,
    /// Any other text out of place.
    #[error("{0}")]
    Syntax(String),
}

/// A record that cannot be read, in either form: the line, the ply for a problem with a move
/// (counted from 1 from the record's start), and what is wrong.
///
/// Toguz Kumalak's PlayOK dialect ([`toguz::playok`](crate::toguz::playok)) gives it as a
/// [`RecordError`], as it always has (`From` converts).
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("line {line}{}: {problem}", ply.map(|p| format!(", ply {p}")).unwrap_or_default())]
pub struct PgnError {
    /// 1-based line number in the text read.
    pub line: usize,
    /// The ply (1 = the record's first action), for problems with a move or a turn.
    pub ply: Option<usize>,
    /// What is wrong.
    pub problem: PgnProblem,
}

impl PgnError {
    /// The error `problem` at `line`, for the action numbered `ply` if it is about one.
    pub fn new(line: usize, ply: Option<usize>, problem: PgnProblem) -> PgnError {
        PgnError { line, ply, problem }
    }

    /// Text out of place at `line`: [`PgnProblem::Syntax`].
    pub fn syntax(line: usize, problem: impl Into<String>) -> PgnError {
        PgnError::new(line, None, PgnProblem::Syntax(problem.into()))
    }
}

/// Shorthand for [`PgnError::new`] within the module.
pub(super) fn err(line: usize, ply: Option<usize>, problem: PgnProblem) -> PgnError {
    PgnError::new(line, ply, problem)
}

/// Shorthand for [`PgnError::syntax`] within the module.
pub(super) fn syntax(line: usize, problem: impl Into<String>) -> PgnError {
    PgnError::syntax(line, problem)
}

impl From<PgnError> for RecordError {
    /// The error as the PlayOK dialect's functions have always given it: a move's problem as
    /// [`RecordError::Move`] with its ply, the `Variant` as [`RecordError::Ruleset`], the
    /// `FEN` as [`RecordError::Position`], anything else as [`RecordError::Syntax`] with its
    /// line.
    fn from(e: PgnError) -> RecordError {
        match e.problem {
            PgnProblem::Move(error) => RecordError::Move {
                ply: e.ply.unwrap_or(0),
                error,
            },
            PgnProblem::Variant(v) => RecordError::Ruleset(v),
            PgnProblem::Fen(p) => RecordError::Position(p),
            problem => RecordError::Syntax {
                line: e.line,
                problem: problem.to_string(),
            },
        }
    }
}
