//! `sowing.kalah.solve`: the exact Kalah solver, with the GIL released and Ctrl-C honoured.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use std::time::Duration;

use pyo3::prelude::*;

use sowing::Ruleset as _;
use sowing::games::AnyRuleset;
use sowing::kalah::KalahMove;
use sowing::kalah::solve::{Solution as RustSolution, Solver, SolverConfig};

use crate::errors::{self, SolveError};
use crate::game::AnyMove;
use crate::interrupt;
use crate::rules::{Move, Reduced, Ruleset, State};

/// The most threads `solve` takes: far more than the machines it runs on have cores (each
/// thread past the cores only shares them), and few enough that starting them takes
/// milliseconds, not the minutes of `threads=10**6`.
pub(crate) const MAX_THREADS: usize = 256;

/// A Solution pickled: value, the moves' texts and values, nodes, endgame, table bytes,
/// seconds.
type SolutionParts = (i32, Vec<(String, i32)>, u64, (u64, u32), u64, f64);

/// A solved Kalah position: its value under perfect play by both sides, and each first
/// move's. Values are South's store minus North's at the end of the game. Immutable
/// (`copy` gives it itself), comparable with `==` and picklable. Solutions come from
/// `solve`, not from a constructor.
#[pyclass(module = "sowing.kalah", frozen, eq)]
#[derive(PartialEq)]
pub struct Solution {
    solution: RustSolution,
}

#[pymethods]
impl Solution {
    /// None: Solution(...) raises TypeError (a Solution comes from sowing.kalah.solve(rules)).
    #[new]
    #[pyo3(signature = (_no_constructor = None, /))]
    fn no_constructor(
        _no_constructor: Option<&::pyo3::Bound<'_, ::pyo3::PyAny>>,
    ) -> ::pyo3::PyResult<Self> {
        Err(::pyo3::exceptions::PyTypeError::new_err(
            "a Solution comes from sowing.kalah.solve(rules)",
        ))
    }

    /// The value itself: it is immutable.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    /// The value itself: it is immutable, and holds nothing mutable.
    #[pyo3(signature = (_memo, /))]
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    /// Pickled as its parts (the moves as their text).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, SolutionParts>> {
        let s = &self.solution;
        let moves = s.moves.iter().map(|(m, v)| (m.to_string(), *v)).collect();
        let parts = (
            s.value,
            moves,
            s.nodes,
            s.endgame,
            s.table_bytes,
            s.elapsed.as_secs_f64(),
        );
        Ok((py.get_type::<Solution>().getattr("_unpickle")?, parts))
    }

    /// The solution `__reduce__` wrote.
    #[staticmethod]
    fn _unpickle(
        value: i32,
        moves: Vec<(String, i32)>,
        nodes: u64,
        endgame: (u64, u32),
        table_bytes: u64,
        elapsed: f64,
    ) -> PyResult<Solution> {
        let moves = moves
            .into_iter()
            .map(|(m, v)| {
                m.parse::<KalahMove>()
                    .map(|m| (m, v))
                    .map_err(errors::move_parse_error)
            })
            .collect::<PyResult<_>>()?;
        let elapsed = Duration::try_from_secs_f64(elapsed)
            .map_err(|e| SolveError::new_err(format!("elapsed={elapsed}: {e}")))?;
        Ok(Solution {
            solution: RustSolution {
                value,
                moves,
                nodes,
                endgame,
                table_bytes,
                elapsed,
            },
        })
    }

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
/// transposition table's most memory, at least 1), `endgame_seeds` (the endgame database's
/// seeds; the default fits it to the position), `threads` (1 to 256; the default is the
/// machine's cores), `move_values`, `endgame_dir` (a folder to keep endgame databases in: the
/// solver makes the folder itself if it is missing, but not its parents, which must exist).
///
/// Raises SolveError for a ruleset of another game than Kalah, under the pie rule's swap
/// (not a sowing), and for an option out of its range (`threads=0` or past 256, `table_mb=0`,
/// an `endgame_dir` whose parent folder is missing or that is a file); PositionError for a
/// state of another game or board; TypeError for an argument of the wrong type or an
/// unknown option. Releases the GIL; Ctrl-C raises KeyboardInterrupt at once and stops the
/// solver's threads within milliseconds (their memory freed; an endgame database left part
/// way is not kept).
#[pyfunction]
#[pyo3(signature = (rules, state = None, *, table_mb = None, endgame_seeds = None, threads = None, move_values = true, endgame_dir = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rules: PyRef<'_, Ruleset>,
    state: Option<PyRef<'_, State>>,
    table_mb: Option<&Bound<'_, PyAny>>,
    endgame_seeds: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
    move_values: bool,
    endgame_dir: Option<PathBuf>,
) -> PyResult<Solution> {
    let AnyRuleset::Kalah(kalah) = &*rules.rules else {
        return Err(SolveError::new_err(format!(
            "the solver solves Kalah, not {}",
            rules.rules
        )));
    };
    // Each option an int in its range, else a SolveError naming it (TypeError for a non-int).
    let option = |arg: Option<&Bound<'_, PyAny>>, name: &str, lo: u64, hi: u64| {
        arg.map(|a| match errors::int_arg::<u64>(a)? {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(SolveError::new_err(errors::out_of_range_text(
                a,
                name,
                &format!("{lo} to {hi}"),
            ))),
        })
        .transpose()
    };
    let table_mb = option(table_mb, "table_mb", 1, usize::MAX as u64)?;
    let endgame_seeds = option(endgame_seeds, "endgame_seeds", 0, u32::MAX.into())?;
    let threads = option(threads, "threads", 1, MAX_THREADS as u64)?;
    if let Some(dir) = &endgame_dir {
        check_endgame_dir(dir)?;
    }
    let s = match &state {
        None => kalah.start(),
        Some(s) => rules.typed_state(kalah, s)?,
    };
    let mut config = SolverConfig {
        move_values,
        endgame_seeds: endgame_seeds.map(|s| s as u32),
        endgame_dir,
        ..SolverConfig::default()
    };
    if let Some(mb) = table_mb {
        config.table_mb = mb as usize;
    }
    if let Some(t) = threads {
        config.threads = t as usize;
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

/// SolveError unless `dir` is a folder, or a missing one whose parent folder exists (the
/// solver makes that one folder, never a chain of them).
fn check_endgame_dir(dir: &std::path::Path) -> PyResult<()> {
    if dir.as_os_str().is_empty() {
        return Err(SolveError::new_err("endgame_dir is empty: name a folder"));
    }
    if dir.is_dir() {
        return Ok(());
    }
    if dir.exists() {
        return Err(SolveError::new_err(format!(
            "endgame_dir={}: it is not a folder",
            dir.display()
        )));
    }
    let parent = match dir.parent() {
        Some(p) if p.as_os_str().is_empty() => std::path::Path::new("."),
        Some(p) => p,
        None => std::path::Path::new("."),
    };
    if !parent.is_dir() {
        return Err(SolveError::new_err(format!(
            "endgame_dir={}: its parent folder {} does not exist (the solver makes the \
             endgame folder, not the folders above it)",
            dir.display(),
            parent.display()
        )));
    }
    Ok(())
}

/// Registers the submodule `kalah` (`solve`, `Solution`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let kalah = PyModule::new(m.py(), "kalah")?;
    kalah.add_function(wrap_pyfunction!(solve, &kalah)?)?;
    kalah.add_class::<Solution>()?;
    m.add_submodule(&kalah)?;
    Ok(())
}
