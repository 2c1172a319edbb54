//! (to come)

use pyo3::prelude::*;

/// Registers the classes and functions of this file.
pub(crate) fn register(_m: &Bound<'_, PyModule>) -> PyResult<()> {
    Ok(())
}
