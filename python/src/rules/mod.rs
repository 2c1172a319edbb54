//! The rules of every game and switch, one class a file: [`Player`], [`Outcome`], [`Move`],
//! [`State`] and [`Ruleset`]. Every one is an immutable value: `copy.copy` and
//! `copy.deepcopy` give the value itself ([`immutable_pymethods!`]), and pickle makes it again
//! from its text or parts (`__reduce__`).

use pyo3::PyTypeInfo;
use pyo3::prelude::*;

/// `#[pymethods] impl Class { .. }` for an immutable value (a `frozen` class holding nothing
/// mutable): the methods given, and the copies, `__copy__` and `__deepcopy__`, which give the
/// value itself. One `#[pymethods]` block per class, as PyO3 wants it without its
/// `multiple-pymethods` feature (which would allocate at every object made).
macro_rules! immutable_pymethods {
    (impl $class:ident { $($methods:tt)* }) => {
        #[::pyo3::pymethods]
        impl $class {
            $($methods)*

            /// The value itself: it is immutable.
            fn __copy__(slf: ::pyo3::Py<Self>) -> ::pyo3::Py<Self> {
                slf
            }

            /// The value itself: it is immutable, and holds nothing mutable.
            #[pyo3(signature = (_memo, /))]
            fn __deepcopy__(
                slf: ::pyo3::Py<Self>,
                _memo: &::pyo3::Bound<'_, ::pyo3::PyAny>,
            ) -> ::pyo3::Py<Self> {
                slf
            }
        }
    };
}

mod moves;
mod outcome;
mod player;
mod ruleset;
mod state;

pub use moves::Move;
pub use outcome::Outcome;
pub use player::Player;
pub use ruleset::Ruleset;
pub(crate) use ruleset::typed_move;
pub use state::State;

/// What `__reduce__` gives pickle: a callable and the arguments that make the value again.
pub(crate) type Reduced<'py, A> = (Bound<'py, PyAny>, A);

/// What `__reduce__` gives pickle for a class `T` whose static method `_unpickle` makes the
/// value again from `args`.
fn unpickled_by<'py, T: PyTypeInfo, A>(py: Python<'py>, args: A) -> PyResult<Reduced<'py, A>> {
    Ok((py.get_type::<T>().getattr("_unpickle")?, args))
}
