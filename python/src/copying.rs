//! `copy.copy` and `copy.deepcopy` of the immutable values (Player, Outcome, Move, State,
//! Ruleset): the value itself, as for Python's own immutable types (ints, strings, tuples of
//! them). A copy could never differ from the original, so none is made: no text is written
//! and read again, and a Ruleset keeps its handed-out Move objects.

use pyo3::prelude::*;

use crate::rules::{Move, Outcome, Player, Ruleset, State};

/// `__copy__` and `__deepcopy__` returning the value itself, for each immutable class.
macro_rules! copied_as_itself {
    ($($class:ty),*) => {$(
        #[pymethods]
        impl $class {
            /// The value itself: it is immutable.
            fn __copy__(slf: Py<Self>) -> Py<Self> {
                slf
            }

            /// The value itself: it is immutable, and holds nothing mutable.
            #[pyo3(signature = (_memo, /))]
            fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
                slf
            }
        }
    )*};
}

copied_as_itself!(Player, Outcome, Move, State, Ruleset);
