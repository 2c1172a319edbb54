//! Long calls (a search, perft, the solver) run on a worker thread while the calling thread,
//! the GIL released, waits and checks for signals: Ctrl-C raises KeyboardInterrupt at once,
//! and tells the work to stop (a search that can stop does).

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the waiting thread checks for signals.
const POLL: Duration = Duration::from_millis(20);

/// An error that means a defect of the bindings, never a panic crossing into Python.
pub(crate) fn internal(what: &str) -> PyErr {
    PyRuntimeError::new_err(format!("sowing internal error: {what}"))
}

/// Runs `work` on a new thread and waits for it with the GIL released, checking for signals
/// every 20 ms. On a signal's exception (KeyboardInterrupt) it calls `interrupted` (which
/// raises the work's stop flags) and returns the exception without waiting for the work:
/// work that cannot stop finishes in the background and its result is dropped. A panic of
/// the work is a RuntimeError.
pub(crate) fn run<T, F, I>(py: Python<'_>, interrupted: I, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
    I: FnOnce(),
{
    let (tx, rx) = mpsc::channel();
    std::thread::Builder::new()
        .name("sowing-worker".into())
        .spawn(move || {
            let result = catch_unwind(AssertUnwindSafe(work));
            let _ = tx.send(result);
        })
        .map_err(|e| internal(&format!("cannot start a thread: {e}")))?;
    let mut rx = rx;
    loop {
        // The receiver is moved in and back out: it may not be shared between threads.
        let (received, back) = py.allow_threads(move || (rx.recv_timeout(POLL), rx));
        rx = back;
        match received {
            Ok(Ok(value)) => return Ok(value),
            Ok(Err(_)) => return Err(internal("the work panicked")),
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(internal("the worker thread ended without a result"));
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    interrupted();
                    return Err(e);
                }
            }
        }
    }
}

/// Raises `flag`: the `interrupted` of [`run`] for work that watches one flag.
pub(crate) fn raise(flag: &Arc<AtomicBool>) -> impl FnOnce() + '_ {
    move || flag.store(true, Ordering::Relaxed)
}
