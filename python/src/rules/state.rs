//! `State`: a position of one game.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use pyo3::prelude::*;

use sowing::Picture as _;
use sowing::games::AnyRuleset;

use super::{Reduced, Ruleset};
use crate::game::{AnyState, Game, with_rules};

/// A position of one game: immutable, hashable and picklable. `str(state)` is the position
/// text, which `Ruleset.parse_position` reads back; `==` and `hash` follow the position (the
/// board, the stores, the side to move and whatever else the rules keep). In Jupyter it
/// draws itself.
#[pyclass(module = "sowing", frozen)]
pub struct State {
    /// The ruleset it is a position of.
    pub(crate) rules: Arc<AnyRuleset>,
    /// The position.
    pub(crate) state: AnyState,
}

impl State {
    /// A state of `rules` (the caller vouches that `state` is one of its positions).
    #[inline]
    pub(crate) fn new(rules: &Arc<AnyRuleset>, state: AnyState) -> State {
        State {
            rules: Arc::clone(rules),
            state,
        }
    }
}

immutable_pymethods! {
    impl State {
        /// The ruleset this is a position of.
        #[getter]
        fn rules(&self) -> Ruleset {
            Ruleset::from_arc(&self.rules)
        }

        /// The game's name: "kalah", "toguz" or "tsoro".
        #[getter]
        fn game(&self) -> &'static str {
            self.state.game()
        }

        fn __str__(&self) -> String {
            self.state.to_string()
        }

        fn __repr__(&self) -> String {
            format!(
                "State({:?}, {:?})",
                self.rules.to_string(),
                self.state.to_string()
            )
        }

        fn __eq__(&self, other: PyRef<'_, State>) -> bool {
            self.state == other.state
        }

        fn __hash__(&self) -> u64 {
            let mut h = DefaultHasher::new();
            self.state.hash(&mut h);
            h.finish()
        }

        /// Pickled as its ruleset and position text: `rules.parse_position(text)`.
        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, (String,)>> {
            let rules = Bound::new(py, Ruleset::from_arc(&self.rules))?;
            Ok((rules.getattr("parse_position")?, (self.state.to_string(),)))
        }

        /// The board as SVG, for Jupyter.
        fn _repr_svg_(&self) -> String {
            with_rules!(&*self.rules, |r| match r.state_of(&self.state) {
                Some(s) => r.picture_svg(&s),
                None => String::new(),
            })
        }
    }
}
