//! `Outcome`: how a finished game ended.

use pyo3::prelude::*;

use super::{Player, Reduced, unpickled_by};

/// An outcome pickled: the winner (None for a draw) and the score.
type OutcomeParts = (Option<Player>, Option<(u32, u32)>);

/// How a finished game ended: the winner (None for a draw) and, in the games that keep one
/// (Kalah, Toguz Kumalak, Oware), the final score.
#[pyclass(module = "sowing", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    pub(crate) outcome: sowing::Outcome,
}

immutable_pymethods! {
    impl Outcome {
        /// None: Outcome(...) raises TypeError (an Outcome comes from rules.outcome(state) or record.outcome()).
        #[new]
        #[pyo3(signature = (_no_constructor = None, /))]
        fn no_constructor(
            _no_constructor: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
        ) -> ::pyo3::PyResult<Self> {
            Err(::pyo3::exceptions::PyTypeError::new_err(
                "an Outcome comes from rules.outcome(state) or record.outcome()",
            ))
        }

        /// The winner, or None for a draw.
        #[getter]
        fn winner(&self) -> Option<Player> {
            self.outcome.winner().map(Player::from)
        }

        /// Whether nobody won.
        #[getter]
        fn is_draw(&self) -> bool {
            self.outcome.winner().is_none()
        }

        /// The final score as (South's, North's) seeds or balls, or None in a game that keeps
        /// no score (Tsoro).
        #[getter]
        fn score(&self) -> Option<(u32, u32)> {
            self.outcome.score().map(|s| (s.south, s.north))
        }

        /// The PGN result: "1-0" (South won), "0-1" or "1/2-1/2".
        #[getter]
        fn result(&self) -> &'static str {
            self.outcome.result_text()
        }

        /// +1 if `player` won, -1 if he lost, 0 for a draw.
        fn value_for(&self, player: Player) -> i32 {
            self.outcome.value_for(player.into())
        }

        fn __str__(&self) -> String {
            self.outcome.to_string()
        }

        fn __repr__(&self) -> String {
            format!("<Outcome {}>", self.outcome)
        }

        /// Pickled as its winner (a Player, or None for a draw) and score.
        fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, OutcomeParts>> {
            let winner = self.outcome.winner().map(Player::from);
            let score = self.outcome.score().map(|s| (s.south, s.north));
            unpickled_by::<Outcome, _>(py, (winner, score))
        }

        /// The outcome `__reduce__` wrote.
        #[staticmethod]
        fn _unpickle(winner: Option<Player>, score: Option<(u32, u32)>) -> Outcome {
            let score = score.map(|(south, north)| sowing::Score { south, north });
            let outcome = match winner {
                None => sowing::Outcome::Draw { score },
                Some(p) => sowing::Outcome::Win {
                    winner: p.into(),
                    score,
                },
            };
            Outcome { outcome }
        }
    }
}
