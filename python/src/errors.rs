//! The exception hierarchy: every error of the crate as a Python exception with the Rust
//! message, all subclasses of `sowing.SowingError`, itself a `ValueError`.
//!
//! The package's one policy (the README's and `help(sowing)`'s): a call raises
//! - `TypeError` for an argument of the wrong type (None where a value is needed, a float or
//!   text for an int, an int for text, a State for a Ruleset...), as Python itself does;
//! - a `SowingError` for every argument of the right type that the call cannot take: text
//!   that is no ruleset, position, move, record or agent; a state, move or ruleset of another
//!   game or board; an illegal move; an int out of its range (a negative depth, an action
//!   past the last, `threads=0`), which [`int_arg`] turns from PyO3's `OverflowError` into
//!   the call's own error; an option out of its range (`errors="ignore"`);
//! - `KeyboardInterrupt` at Ctrl-C in the long calls.
//!
//! Nothing else: an `OverflowError`, a `ValueError` that is no `SowingError`, or PyO3's
//! `PanicException` is a bug (python/tests/test_fuzz.py looks for them).

use pyo3::create_exception;
use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

use sowing::PositionError as RustPositionError;
use sowing::encode::EncodeError;
use sowing::pgn::PgnError;
use sowing::search::AgentSpecError;
use sowing::{IllegalMove, MoveParseError, RulesetParseError};

create_exception!(
    sowing,
    SowingError,
    PyValueError,
    "The base of every error of sowing (a ValueError): the message is the Rust crate's. Every \
     bad argument of the right type raises one (a subclass, or SowingError itself for an int \
     or option out of its range); an argument of the wrong type raises TypeError."
);
create_exception!(
    sowing,
    RulesetError,
    SowingError,
    "Ruleset text that names no ruleset: an unknown game or switch, a bad value."
);
create_exception!(
    sowing,
    PositionError,
    SowingError,
    "Position text that is not a position, or a position the ruleset cannot reach; also a \
     State handed to a ruleset of another game or board, and a picture's `before` from which \
     its `last_move` does not lead to the State drawn."
);
create_exception!(
    sowing,
    MoveError,
    SowingError,
    "Text that is no move of the game's notation, or whose written details (a landing hole, \
     a tuzdik mark) disagree with the position."
);
create_exception!(
    sowing,
    IllegalMoveError,
    SowingError,
    "A move that the position does not allow (the game may be over)."
);
create_exception!(
    sowing,
    RecordError,
    SowingError,
    "A game record that cannot be read or does not replay. Its `line` is the 1-based line of \
     the text (None when there is no text), its `ply` the 1-based ply of the move at fault \
     (None for a problem that is not a move's)."
);
create_exception!(
    sowing,
    AgentError,
    SowingError,
    "Agent text that names no agent, or an option the game cannot serve."
);
create_exception!(
    sowing,
    SolveError,
    SowingError,
    "A position the Kalah solver cannot solve (the pie rule's swap still to come), a ruleset \
     of another game than Kalah, a solver option out of its range (`threads`, `table_mb`, \
     `endgame_seeds`, an `endgame_dir` whose parent folder is missing), or memory it cannot \
     have."
);

/// Registers the exception classes on the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SowingError", py.get_type::<SowingError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveError", py.get_type::<MoveError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    let record = py.get_type::<RecordError>();
    // Class defaults, so that every RecordError has both (one raised here sets its own).
    record.setattr("line", py.None())?;
    record.setattr("ply", py.None())?;
    m.add("RecordError", record)?;
    m.add("AgentError", py.get_type::<AgentError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    Ok(())
}

/// `RulesetError`.
pub(crate) fn ruleset_error(e: RulesetParseError) -> PyErr {
    RulesetError::new_err(e.to_string())
}

/// `PositionError`.
pub(crate) fn position_error(e: RustPositionError) -> PyErr {
    PositionError::new_err(e.to_string())
}

/// `MoveError` for text that is no move or disagrees with the position, `IllegalMoveError`
/// for a move the position does not allow.
pub(crate) fn move_parse_error(e: MoveParseError) -> PyErr {
    match e {
        MoveParseError::Illegal { .. } => IllegalMoveError::new_err(e.to_string()),
        _ => MoveError::new_err(e.to_string()),
    }
}

/// `IllegalMoveError`.
pub(crate) fn illegal_move(e: IllegalMove) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// An encoding error as the Python exception of its kind: an illegal action is an
/// IllegalMoveError, an action out of range a MoveError, a wrong length a SowingError.
pub(crate) fn encode_error(e: EncodeError) -> PyErr {
    match e {
        EncodeError::Illegal { .. } => IllegalMoveError::new_err(e.to_string()),
        EncodeError::OutOfRange { .. } => MoveError::new_err(e.to_string()),
        EncodeError::Length { .. } => SowingError::new_err(e.to_string()),
    }
}

/// An int argument as a `T`: `Ok(None)` for an int outside `T`'s range (PyO3's
/// `OverflowError`), for the caller to raise its own SowingError naming the value; a
/// `TypeError` for what is not an int, as PyO3 raises it.
pub(crate) fn int_arg<'py, T: FromPyObject<'py>>(arg: &Bound<'py, PyAny>) -> PyResult<Option<T>> {
    match arg.extract::<T>() {
        Ok(v) => Ok(Some(v)),
        Err(e) if e.is_instance_of::<PyOverflowError>(arg.py()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// An int argument as a `T`, or `SowingError` "`name`=`value` is out of range: expected
/// `expected`" for an int outside `T`'s range (`TypeError` for what is not an int).
pub(crate) fn int_in<'py, T: FromPyObject<'py>>(
    arg: &Bound<'py, PyAny>,
    name: &str,
    expected: &str,
) -> PyResult<T> {
    int_arg(arg)?.ok_or_else(|| out_of_range(arg, name, expected))
}

/// `SowingError` "`name`=`value` is out of range: expected `expected`", the value as the
/// caller wrote it.
pub(crate) fn out_of_range(arg: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyErr {
    SowingError::new_err(out_of_range_text(arg, name, expected))
}

/// The message of [`out_of_range`].
pub(crate) fn out_of_range_text(arg: &Bound<'_, PyAny>, name: &str, expected: &str) -> String {
    let value = arg
        .str()
        .map_or_else(|_| "?".to_string(), |s| s.to_string());
    format!("{name}={value} is out of range: expected {expected}")
}

/// `AgentError`.
pub(crate) fn agent_error(e: AgentSpecError) -> PyErr {
    AgentError::new_err(e.to_string())
}

/// An `AgentError` of its own message (an agent the work cannot use).
pub(crate) fn agent_refused(message: String) -> PyErr {
    AgentError::new_err(message)
}

/// A `RecordError` with its `line` and `ply` attributes set.
pub(crate) fn record_error(
    py: Python<'_>,
    message: String,
    line: Option<usize>,
    ply: Option<usize>,
) -> PyErr {
    let err = RecordError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for memory.
    let _ = value.setattr("line", line);
    let _ = value.setattr("ply", ply);
    err
}

/// A `RecordError` from the record reader's error, with its line and ply.
pub(crate) fn pgn_error(py: Python<'_>, e: PgnError) -> PyErr {
    record_error(py, e.to_string(), Some(e.line), e.ply)
}
