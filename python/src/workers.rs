//! The threads a `VectorEnv` steps its games on, kept awake between steps.
//!
//! A 4,096-game Kalah step takes about 100 microseconds on one thread. Waking a sleeping
//! thread costs tens of microseconds on a virtual machine (the system has to schedule it),
//! and a step on two threads pays for two such wake-ups: the helper's at the start and the
//! calling thread's at the end. So, as OpenMP's runtimes do (`OMP_WAIT_POLICY`,
//! `KMP_BLOCKTIME`), a helper that has finished a step spins for a short while
//! ([`SPIN`]) waiting for the next one before it goes to sleep, and the calling thread
//! spins, rather than sleeps, while the helpers finish the step's last jobs. A training loop
//! that steps again within [`SPIN`] finds its helpers awake; one that pauses longer pays the
//! wake-up once, against a pause much longer than it.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sowing::encode::Job;

/// How long a helper stays awake after a step, waiting for the next.
pub(crate) const SPIN: Duration = Duration::from_millis(1);

/// A pool of threads that run a step's jobs beside the calling thread.
pub(crate) struct Workers {
    pool: rayon::ThreadPool,
    /// The pool's threads (the calling thread works beside them).
    helpers: usize,
    /// Changes at the start of each step (and when the workers are dropped): a helper
    /// spinning after the last step stops when it does.
    epoch: Arc<AtomicU64>,
}

impl Workers {
    /// `threads` threads in all: the calling thread and `threads - 1` helpers.
    pub(crate) fn new(threads: usize) -> Result<Self, rayon::ThreadPoolBuildError> {
        let helpers = threads.max(2) - 1;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(helpers)
            .thread_name(|i| format!("sowing-env-{i}"))
            .build()?;
        Ok(Workers {
            pool,
            helpers,
            epoch: Arc::new(AtomicU64::new(0)),
        })
    }

    /// Runs `jobs` on the calling thread and the helpers. Each thread takes the jobs of its
    /// own share first, in order, then what is left of the others' shares from their ends: a
    /// thread keeps the same games from step to step (they stay in its core's cache), and a
    /// thread the system does not run soon (a loaded machine) leaves its share to the others
    /// instead of holding the step up.
    pub(crate) fn run(&self, jobs: Vec<Job<'_>>) {
        let helpers = self.helpers.min(jobs.len().saturating_sub(1));
        if helpers == 0 {
            jobs.into_iter().for_each(|job| job());
            return;
        }
        let (count, threads) = (jobs.len(), helpers + 1);
        let share = |t: usize| {
            let size = count.div_ceil(threads);
            (t * size).min(count)..((t + 1) * size).min(count)
        };
        // Thread `t`'s order: its share forwards, then the next threads' shares backwards.
        let order = |t: usize| {
            let others = (1..threads).flat_map(move |k| share((t + k) % threads).rev());
            share(t).chain(others)
        };
        let slots = Mutex::new(jobs.into_iter().map(Some).collect::<Vec<_>>());
        let work = |t: usize| {
            let mut order = order(t);
            loop {
                let job = {
                    let mut slots = slots.lock().unwrap_or_else(|p| p.into_inner());
                    order.by_ref().find_map(|i| slots[i].take())
                };
                match job {
                    Some(job) => job(),
                    None => break,
                }
            }
        };
        // The helpers that have left `work`: once all have, the scope's end finds their
        // jobs done and does not put the calling thread to sleep.
        let finished = AtomicUsize::new(0);
        self.pool.in_place_scope(|scope| {
            for t in 1..=helpers {
                let (work, finished) = (&work, &finished);
                scope.spawn(move |_| {
                    work(t);
                    finished.fetch_add(1, Ordering::Release);
                });
            }
            // Helpers still spinning from the last step stop now and take the jobs just
            // queued.
            self.epoch.fetch_add(1, Ordering::AcqRel);
            work(0);
            // Only the jobs other threads are in the middle of are left: wait for them
            // awake. (A helper that never started finds no job and leaves at once.)
            let until = Instant::now() + SPIN;
            while finished.load(Ordering::Acquire) < helpers && Instant::now() < until {
                for _ in 0..32 {
                    spin_loop();
                }
            }
        });
        self.keep_awake();
    }

    /// Gives each helper a job that spins until the next step starts, or for [`SPIN`].
    fn keep_awake(&self) {
        let epoch = self.epoch.load(Ordering::Acquire);
        for _ in 0..self.helpers {
            let now = Arc::clone(&self.epoch);
            self.pool.spawn(move || {
                let until = Instant::now() + SPIN;
                while now.load(Ordering::Acquire) == epoch && Instant::now() < until {
                    for _ in 0..32 {
                        spin_loop();
                    }
                }
            });
        }
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        // The helpers stop spinning at once: the pool's threads end when their jobs do.
        self.epoch.fetch_add(1, Ordering::AcqRel);
    }
}
