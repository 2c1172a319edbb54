//! `sowing.kalah.solve`: the exact Kalah solver, with the GIL released and Ctrl-C honoured.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use sowing::Ruleset as _;
use sowing::games::AnyRuleset;
use sowing::kalah::solve::{Solution as RustSolution, Solver, SolverConfig};

use crate::errors::SolveError;
use crate::game::AnyMove;
use crate::interrupt;
use crate::rules::{Move, Ruleset, State};

/// A solved Kalah position: its value under perfect play by both sides, and each first
/// move's. Values are South's store minus North's at the end of the game.
#[pyclass(module = "sowing.kalah", frozen)]
pub struct Solution {
    solution: RustSolution,
}

#[pymethods]
impl Solution {
    /// South's store minus North's at the end under perfect play.
    #[getter]
    fn value(&self) -> i32 {
        self.solution.value
    }

    /// Each legal first move with its value (South minus North), in the game's order; empty
    /// with `move_values=False`.
    #[getter]
    fn moves(&self) -> Vec<(Move, i32)> {
        self.solution
            .moves
            .iter()
            .map(|&(m, v)| {
                (
                    Move {
                        mv: AnyMove::Kalah(m),
                    },
                    v,
                )
            })
            .collect()
    }

    /// Search nodes (the endgame database's boards not included).
    #[getter]
    fn nodes(&self) -> u64 {
        self.solution.nodes
    }

    /// The endgame database: (boards, the most seeds they hold).
    #[getter]
    fn endgame(&self) -> (u64, u32) {
        self.solution.endgame
    }

    /// Bytes of the transposition table.
    #[getter]
    fn table_bytes(&self) -> u64 {
        self.solution.table_bytes
    }

    /// Wall time of the whole solve, in seconds.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.solution.elapsed.as_secs_f64()
    }

    fn __repr__(&self) -> String {
        let moves: Vec<String> = self
            .solution
            .moves
            .iter()
            .map(|(m, v)| format!("{m}: {v}"))
            .collect();
        format!(
            "<Solution value {} moves {{{}}}>",
            self.solution.value,
            moves.join(", ")
        )
    }
}

/// Solves a Kalah position exactly (the start, or `state`): the value under perfect play by
/// both sides and, unless `move_values=False`, each first move's value.
///
/// Options (the Rust `SolverConfig`, each defaulting as there): `table_mb` (the
/// transposition table's most memory), `endgame_seeds` (the endgame database's seeds; the
/// default fits it to the position), `threads`, `move_values`, `endgame_dir` (a directory to
/// keep endgame databases in). Raises SolveError under the pie rule's swap (not a sowing),
/// TypeError for a ruleset of another game or an unknown option. Releases the GIL; Ctrl-C
/// raises KeyboardInterrupt at once and stops the solver's threads within milliseconds
/// (their memory freed; an endgame database left part way is not kept).
#[pyfunction]
#[pyo3(signature = (rules, state = None, *, table_mb = None, endgame_seeds = None, threads = None, move_values = true, endgame_dir = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: PyRef<'_, Ruleset>,
    state: Option<PyRef<'_, State>>,
    table_mb: Option<usize>,
    endgame_seeds: Option<u32>,
    threads: Option<usize>,
    move_values: bool,
    endgame_dir: Option<PathBuf>,
) -> PyResult<Solution> {
    let AnyRuleset::Kalah(kalah) = &*rules.rules else {
        return Err(PyTypeError::new_err(format!(
            "the solver solves Kalah, not {}",
            rules.rules
        )));
    };
    let s = match &state {
        None => kalah.start(),
        Some(s) => rules.typed_state(kalah, s)?,
    };
    let mut config = SolverConfig {
        move_values,
        endgame_seeds,
        endgame_dir,
        ..SolverConfig::default()
    };
    if let Some(mb) = table_mb {
        if mb == 0 {
            return Err(PyValueError::new_err("table_mb must be at least 1"));
        }
        config.table_mb = mb;
    }
    if let Some(t) = threads {
        if t == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        config.threads = t;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let solver = Solver::new(kalah, config).stop_flag(Arc::clone(&stop));
    let solution = interrupt::run(
        py,
        move || stop.store(true, Ordering::Relaxed),
        move || solver.solve(&s),
    )?
    .map_err(|e| SolveError::new_err(e.to_string()))?;
    Ok(Solution { solution })
}

/// Registers the submodule `kalah` (`solve`, `Solution`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let kalah = PyModule::new(m.py(), "kalah")?;
    kalah.add_function(wrap_pyfunction!(solve, &kalah)?)?;
    kalah.add_class::<Solution>()?;
    m.add_submodule(&kalah)?;
    Ok(())
}
