//! `Move`: a move of one game.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{Reduced, unpickled_by};
use crate::errors;
use crate::game::AnyMove;

/// A move of one game, as `Ruleset.legal_moves` gives it: `str(mv)` is the game's notation
/// (`Ruleset.format_move` writes the full one). Immutable, hashable and picklable. Moves come
/// from a Ruleset (`legal_moves`, `parse_move`), not from a constructor; every method that
/// takes a Move also takes its text.
#[pyclass(module = "sowing", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    pub(crate) mv: AnyMove,
}

immutable_pymethods! {
    impl Move {
        /// None: Move(...) raises TypeError (a Move comes from a Ruleset: rules.legal_moves(state), rules.parse_move(state, text); methods take a move's text too).
        #[new]
        #[pyo3(signature = (_no_constructor = None, /))]
        fn no_constructor(
            _no_constructor: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        ) -> ::pyo3::PyResult<Self> {
            Err(::pyo3::exceptions::PyTypeError::new_err(
                "a Move comes from a Ruleset: rules.legal_moves(state), rules.parse_move(state, text); methods take a move's text too",
            ))
        }

        /// The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware").
        #[getter]
        fn game(&self) -> &'static str {
            self.mv.game()
        }

        fn __str__(&self) -> String {
            self.mv.to_string()
        }

        /// `<Move kalah 3>`: the game and the move's text (`rules.parse_move(state, text)`
        /// reads it).
        fn __repr__(&self) -> String {
            format!("<Move {} {}>", self.mv.game(), self.mv)
        }

        /// Pickled as its game and its text in the game's short notation.
        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, (&'static str, String)>> {
            unpickled_by::<Move, _>(py, (self.mv.game(), self.mv.to_string()))
        }

        /// The move `__reduce__` wrote: a game's name and a move's text.
        #[staticmethod]
        fn _unpickle(game: &str, text: &str) -> PyResult<Move> {
            let Some(mv) = crate::game::parse_move(game, text) else {
                return Err(PyValueError::new_err(format!("no game {game:?}")));
            };
            Ok(Move {
                mv: mv.map_err(errors::move_parse_error)?,
            })
        }
    }
}
