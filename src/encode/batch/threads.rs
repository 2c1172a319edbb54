//! Running a step's jobs on threads: [`run_on_threads`], for a caller with no pool.

#[cfg(doc)]
use super::Batch;

/// One run of games to step, from [`Batch::step_on`].
pub type Job<'a> = Box<dyn FnOnce() + Send + 'a>;

/// Runs `jobs` on threads started for them (`std::thread::scope`), the first on the calling
/// thread: a `run_all` for [`Batch::step_on`] with no thread pool. Starting a thread at
/// every step costs time a pool that keeps its threads does not pay, so a pool pays for
/// itself when steps are short (the README's speed section has the figures).
pub fn run_on_threads(jobs: Vec<Job<'_>>) {
    std::thread::scope(|scope| {
        let mut jobs = jobs.into_iter();
        let mine = jobs.next();
        for job in jobs {
            scope.spawn(job);
        }
        if let Some(job) = mine {
            job();
        }
    });
}
