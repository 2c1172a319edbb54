//! `sowing.OwareTables`: Oware's endgame tables, built or read with the GIL released.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use sowing::games::AnyRuleset;
use sowing::oware::{Oware, OwareState, OwareTables as RustTables};

use crate::errors::SowingError;
use crate::interrupt;
use crate::rules::{Ruleset, State};

/// Oware's endgame tables: the exact value of every position with at most `seeds` seeds on
/// the board (what the player to move captures from here on under perfect play), for the
/// houses and grand-slam rule of `rules`. `directory` keeps them: a table there is read, a
/// missing one is computed on all cores and written there (without it, computed in memory).
/// Up to 20 seeds: 226 million positions, a byte each. Raises SowingError for rules of
/// another game, a ply limit, too many seeds, or a damaged file.
#[pyclass(module = "sowing", frozen)]
pub struct OwareTables {
    tables: Arc<RustTables>,
    rules: Oware,
}

/// The Oware rules of `rules`, or a SowingError naming what they are.
fn oware(rules: &AnyRuleset) -> PyResult<Oware> {
    match rules {
        AnyRuleset::Oware(r) => Ok(r.clone()),
        other => Err(SowingError::new_err(format!(
            "endgame tables are Oware's: {other} is not an Oware ruleset"
        ))),
    }
}

impl OwareTables {
    /// The Oware position of `state`, checked against the tables' rules.
    fn position(&self, state: &State) -> PyResult<OwareState> {
        let rules = oware(&state.rules)?;
        self.tables
            .check_rules(&rules)
            .map_err(|e| SowingError::new_err(e.to_string()))?;
        match &state.state {
            sowing::games::AnyState::Oware(s) => Ok(*s),
            _ => Err(SowingError::new_err("not an Oware position")),
        }
    }
}

#[pymethods]
impl OwareTables {
    /// The tables of `rules` up to `seeds` seeds (see the class).
    #[new]
    #[pyo3(signature = (rules, seeds, directory = None))]
    fn new(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        seeds: &Bound<'_, PyAny>,
        directory: Option<PathBuf>,
    ) -> PyResult<Self> {
        let rules: PyRef<'_, Ruleset> = rules
            .downcast::<Ruleset>()
            .map_err(|_| PyTypeError::new_err("rules must be a sowing.Ruleset"))?
            .borrow();
        let rules = oware(&rules.rules)?;
        let seeds: u32 = crate::errors::int_in(seeds, "seeds", "0 to 30")?;
        let r = rules.clone();
        let built = interrupt::run(
            py,
            || {},
            move || match directory {
                Some(dir) => RustTables::open(&r, seeds, &dir),
                None => RustTables::build(&r, seeds),
            },
        )?
        .map_err(|e| SowingError::new_err(e.to_string()))?;
        Ok(OwareTables {
            tables: Arc::new(built),
            rules,
        })
    }

    /// The seeds the player to move in `state` captures from here on under perfect play,
    /// or None when the board holds more seeds than the tables.
    fn captures(&self, state: &State) -> PyResult<Option<u32>> {
        Ok(self.tables.captures(&self.position(state)?))
    }

    /// The final store difference for the player to move in `state` under perfect play (the
    /// game played out), or None when the tables do not hold it.
    fn margin(&self, state: &State) -> PyResult<Option<i32>> {
        Ok(self.tables.margin(&self.position(state)?))
    }

    /// Whether the value of `state` is set by the cycle rule (rule 8's division), or None
    /// when the tables do not hold it.
    fn in_cycle(&self, state: &State) -> PyResult<Option<bool>> {
        Ok(self.tables.in_cycle(&self.position(state)?))
    }

    /// The most seeds on the board of a position the tables hold.
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.tables.max_seeds()
    }

    /// Positions held (a byte each).
    fn __len__(&self) -> usize {
        self.tables.len() as usize
    }

    /// `OwareTables(<rules>, seeds=N)`.
    fn __repr__(&self) -> String {
        format!(
            "OwareTables({}, seeds={})",
            self.rules,
            self.tables.max_seeds()
        )
    }
}

/// Registers the class on the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<OwareTables>()
}
