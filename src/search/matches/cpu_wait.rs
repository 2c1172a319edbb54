//! Waiting for a CPU: the time a thread was ready to run but not running, as Linux reports
//! it.

use std::time::Duration;

/// What the calling thread has gone without a CPU while ready to run, as Linux reports it:
/// the time it waited in the run queue (`/proc/thread-self/schedstat`, nanoseconds), and the
/// processor it last ran on with that processor's steal time (`/proc/stat`, in the 10 ms
/// ticks of `USER_HZ`: time the virtual machine's host gave the processor to someone else).
/// Everything zero or `None` where it cannot be read.
#[derive(Clone, Copy, Default)]
pub(super) struct CpuWait {
    queued: Duration,
    cpu: Option<usize>,
    steal_ticks: u64,
}

impl CpuWait {
    pub(super) fn now() -> CpuWait {
        let queued = std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1)?.parse().ok())
            .map_or(Duration::ZERO, Duration::from_nanos);
        // The processor is the 39th field of the thread's stat, the 37th after the name's
        // closing parenthesis.
        let cpu = std::fs::read_to_string("/proc/thread-self/stat")
            .ok()
            .and_then(|s| {
                s.rsplit_once(')')?
                    .1
                    .split_whitespace()
                    .nth(36)?
                    .parse()
                    .ok()
            });
        let steal_ticks = cpu
            .and_then(|c: usize| {
                let stat = std::fs::read_to_string("/proc/stat").ok()?;
                let name = format!("cpu{c}");
                let line = stat
                    .lines()
                    .find(|l| l.split_whitespace().next() == Some(&name))?;
                line.split_whitespace().nth(8)?.parse().ok()
            })
            .unwrap_or(0);
        CpuWait {
            queued,
            cpu,
            steal_ticks,
        }
    }

    /// The time without a CPU from `earlier` to `self`: the run queue's, and the steal of
    /// the processor when the thread ran on the same one at both ends.
    pub(super) fn since(self, earlier: CpuWait) -> Duration {
        let stolen = match (self.cpu, earlier.cpu) {
            (Some(a), Some(b)) if a == b => self.steal_ticks.saturating_sub(earlier.steal_ticks),
            _ => 0,
        };
        self.queued.saturating_sub(earlier.queued) + Duration::from_millis(10 * stolen)
    }
}
