//! `State`: a position of one game.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use pyo3::prelude::*;

use sowing::Picture as _;
use sowing::Ruleset as _;
use sowing::games::AnyRuleset;

use super::{Player, Reduced, Ruleset};
use crate::game::{AnyState, Game, with_rules};

/// A position of one game: immutable, hashable and picklable. `str(state)` is the position
/// text, which `Ruleset.parse_position` reads back; `==` and `hash` follow the position (the
/// board, the stores, the side to move and whatever else the rules keep). In Jupyter it
/// draws itself. The board is read without text: `holes`, `stores`, `to_move`, `ply`,
/// `tuzdiks`, `seeds`.
///
/// States come from a Ruleset (`start`, `play`, `parse_position`), not from a constructor.
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
        /// None: State(...) raises TypeError (a State comes from a Ruleset: rules.start(), rules.play(state, move), rules.parse_position(text)).
        #[new]
        #[pyo3(signature = (_no_constructor = None, /))]
        fn no_constructor(
            _no_constructor: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        ) -> ::pyo3::PyResult<Self> {
            Err(::pyo3::exceptions::PyTypeError::new_err(
                "a State comes from a Ruleset: rules.start(), rules.play(state, move), rules.parse_position(text)",
            ))
        }

        /// The ruleset this is a position of.
        #[getter]
        fn rules(&self) -> Ruleset {
            Ruleset::from_arc(&self.rules)
        }

        /// The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware").
        #[getter]
        fn game(&self) -> &'static str {
            self.state.game()
        }

        fn __str__(&self) -> String {
            self.state.to_string()
        }

        /// `<State kalah:pits=4,seeds=3: 3,3,3,3/3,3,3,3 0 0 S>`: the ruleset and the
        /// position text (`rules.parse_position(text)` makes it again).
        fn __repr__(&self) -> String {
            format!("<State {}: {}>", self.rules, self.state)
        }

        /// Each side's holes, (South's, North's), each a tuple of seed counts from its
        /// owner's hole 1 as the game's notation numbers them: Kalah's pits, Oware's houses
        /// (A.. and a..), Toguz Kumalak's holes (0 in a tuzdik: see `tuzdiks`), and each Tsoro
        /// player's `2N` holes by loop index (his outer row from his left, then his inner row
        /// from his right: `o1..oN`, then `iN..i1`).
        #[getter]
        fn holes(&self) -> (Vec<u32>, Vec<u32>) {
            with_rules!(&*self.rules, |r| match r.state_of(&self.state) {
                Some(s) => {
                    let [south, north] = r.holes(&s);
                    (south, north)
                }
                None => (Vec::new(), Vec::new()),
            })
        }

        /// Each side's store, (South's, North's): Kalah's and Oware's stores, Toguz Kumalak's
        /// kazans, the stones each Tsoro player has captured.
        #[getter]
        fn stores(&self) -> (u32, u32) {
            with_rules!(&*self.rules, |r| r
                .state_of(&self.state)
                .map_or((0, 0), |s| {
                    let c = r.seed_count(&s);
                    (c.stores[0], c.stores[1])
                }))
        }

        /// The seeds on the board (all holes; not the stores).
        #[getter]
        fn seeds(&self) -> u32 {
            with_rules!(&*self.rules, |r| r
                .state_of(&self.state)
                .map_or(0, |s| r.seed_count(&s).board))
        }

        /// The player to move (in a finished game: the one who would move next).
        #[getter]
        fn to_move(&self) -> PyResult<Player> {
            with_rules!(&*self.rules, |r| r
                .state_of(&self.state)
                .map(|s| r.to_move(&s).into())
                .ok_or_else(|| crate::interrupt::internal("a State of another game than its rules")))
        }

        /// The plies played to reach this position, where the position counts them: Toguz
        /// Kumalak's from its full-move number (`2 * (fullmove - 1)`, plus 1 with Black to
        /// move), Tsoro's and Oware's under a ply limit (`max-plies`); None in Kalah and in
        /// Tsoro and Oware without a limit, whose positions do not count plies
        /// (`GameRecord.ply` counts a game's).
        #[getter]
        fn ply(&self) -> Option<u32> {
            with_rules!(&*self.rules, |r| r
                .state_of(&self.state)
                .and_then(|s| r.ply(&s)))
        }

        /// Toguz Kumalak's tuzdiks, (South's, North's): each the number of the hole a player
        /// owns on his opponent's side, or None before he has one; None in the other games.
        #[getter]
        fn tuzdiks(&self) -> Option<(Option<u8>, Option<u8>)> {
            with_rules!(&*self.rules, |r| r
                .state_of(&self.state)
                .and_then(|s| r.owned_holes(&s)).map(|[south, north]| (south, north)))
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
