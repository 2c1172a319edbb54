//! An exact Kalah solver: the value of a position under perfect play by both sides.
//!
//! # How it works
//! - **Boards, not positions.** Seeds in a store never come back, so a position's value (the
//!   mover's store minus the opponent's at the end) is the store difference now plus the value
//!   of the **board**, the pits alone seen from the mover's side. Everything below keys on
//!   boards, so positions that differ only in their stores share their work.
//! - **Endgame database.** Every board with at most `N` seeds left is solved once, up front,
//!   by retrograde-style recursion over a dense index of seed distributions (combinatorial
//!   rank; 5 bits a board, a byte a board more while it is built; see [`EndgameDatabase`]);
//!   the search stops as soon as it reaches one. With [`SolverConfig::endgame_dir`] it is
//!   computed once and read back by later solves (it depends only on the pits a side and the
//!   rule switches, not on the seeds a pit).
//! - **Work that fits the problem.** The database and the transposition table are sized from
//!   the seeds on the position's board ([`Solver::endgame_seeds_for`],
//!   [`Solver::table_bytes_for`]): Kalah(6,3) gets 2.7 million boards and 64 MB, Kalah(6,4)
//!   141 million (19 seeds) and 1 GB, a position one move from the end next to nothing. The
//!   limits default to the machine's available memory ([`available_memory`]).
//! - **Parity.** When every seed ends in a store, a board's value has the parity of its seed
//!   count, so every null window is moved to a value of that parity.
//! - **Search.** Each first move's child (or, when only the position's value is asked for,
//!   the position) is solved by MTD(f): from a first guess (a shallow alpha-beta estimate,
//!   its depth set by a node budget), a series of null-window alpha-beta tests ("is the
//!   value at least β?") that close in on the exact value, the step doubling while the tests
//!   fail the same way, sharing one transposition table of lower and upper bounds (one word an
//!   entry, replaced by the size of the subtree behind it). Moves are tried in the order: the
//!   table's best move (searched before the others are generated), then extra-turn moves
//!   (nearest the store first), then the rest by the seeds they put in the store (captures
//!   first); children the database settles are valued at once, and a child whose stored bound
//!   already proves a cutoff ends the node (enhanced transposition cutoff, on boards 6 seeds
//!   or more above the database: nearer, the probes cost more than the subtrees they save).
//! - **Threads.** Jobs (the first moves, or the position) are dealt out to the threads; a
//!   thread with no job left helps one under way (the same search with a perturbed move order,
//!   filling the shared table: "lazy SMP") until one of them finishes it.
//!
//! Only the pie rule is not supported (its swap is not a sowing); every other rule switch is.
//!
//! ```
//! use sowing::kalah::{Kalah, solve::{Solver, SolverConfig}};
//! use sowing::Ruleset;
//!
//! let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
//! let solver = Solver::new(&rules, SolverConfig { table_mb: 16, ..SolverConfig::default() });
//! let solution = solver.solve(&rules.start()).unwrap();
//! assert_eq!(solution.value, 6); // South wins by 6 seeds
//! ```

// This file is the solver's public face: what a caller configures, hears and gets back, and
// the memory limits. Everything below it uses that vocabulary and this file uses nothing of
// theirs (the arrows point one way, into this file): `search` (the `Solver` and its MTD(f)
// search), `database` (the public endgame database, kept on disk), `endgame` (its dense
// table and retrograde build), `table` (the transposition table), `board` (the fast board),
// `memory` (huge pages and prefetch).
mod board;
mod database;
mod endgame;
mod search;
mod table;

pub use self::database::EndgameDatabase;
pub use self::search::Solver;

use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

use super::KalahMove;
use crate::error::PositionError;

/// How the solver may use the machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolverConfig {
    /// The most memory the transposition table may use, in megabytes (2^20 bytes). A small
    /// position gets a smaller table: never more than it could fill. The table is made after
    /// the endgame database, and never takes more than three quarters of the memory then
    /// available ([`available_memory`]). The default is a third of the memory available when
    /// the configuration is made: on Kalah(6,5)'s value above a 28-seed database, tables of
    /// 4 GB, 7.9 GB and 15.2 GB took the same nodes (7.9 GB ended 27% full) and no less
    /// time (the README's speed section has the times): no gain from more memory than the
    /// search fills.
    pub table_mb: usize,
    /// The endgame database covers boards with at most this many seeds (never more than the
    /// position has); `None` fits it to the position ([`Solver::endgame_seeds_for`]), within
    /// [`endgame_boards`](SolverConfig::endgame_boards).
    pub endgame_seeds: Option<u32>,
    /// With `endgame_seeds: None`: the most boards the database may hold (a byte each while
    /// it is built, 5 bits after). The default is a quarter of the memory available, at most
    /// [`MAX_ENDGAME_BOARDS`].
    pub endgame_boards: u64,
    /// Threads to search with.
    pub threads: usize,
    /// How often [`SolveEvent::Tick`] reports progress.
    pub tick: Duration,
    /// A directory to keep endgame databases in: one computed before is read back instead of
    /// computed again (one kept for fewer seeds gives its levels, and only those above are
    /// computed), and a new one is written there (`None`: compute every time, keep
    /// nothing). A database depends only on the pits a side, the rule switches and its size,
    /// so Kalah(6,4) and Kalah(6,5) share theirs.
    pub endgame_dir: Option<PathBuf>,
    /// Also find each first move's exact value (after the position's own, which needs less
    /// search: most moves are only proved worse than the best).
    pub move_values: bool,
}

impl Default for SolverConfig {
    fn default() -> Self {
        let memory = available_memory().unwrap_or(4 << 30);
        SolverConfig {
            table_mb: ((memory / 3) >> 20).clamp(16, 1 << 20) as usize,
            endgame_seeds: None,
            endgame_boards: (memory / 4).clamp(1 << 20, MAX_ENDGAME_BOARDS),
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            tick: Duration::from_secs(5),
            move_values: true,
            endgame_dir: None,
        }
    }
}

/// Something the solver reports while it works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveEvent {
    /// The endgame database is complete up to `seeds` seeds on the board. The first of these
    /// events, when it is for more than 0 seeds, is a database read from
    /// [`SolverConfig::endgame_dir`]: the whole database, or the levels up to `seeds` of a
    /// smaller one kept there (the levels above are then built and reported one by one).
    Endgame {
        /// Seeds on the board of the level just finished.
        seeds: u32,
        /// Boards in the whole database.
        boards: u64,
        /// Since the solve began.
        elapsed: Duration,
    },
    /// A null-window test finished: the value (South minus North) of the position, or of a
    /// first move, now lies in `lower..=upper`.
    Bound {
        /// The first move, or `None` for the position itself.
        mv: Option<KalahMove>,
        /// Its value is at least this.
        lower: i32,
        /// Its value is at most this.
        upper: i32,
        /// Nodes searched so far (all threads).
        nodes: u64,
        /// Since the solve began.
        elapsed: Duration,
    },
    /// A value is known: a first move's, or (with `mv: None`) the position's.
    Solved {
        /// The first move, or `None` for the position itself.
        mv: Option<KalahMove>,
        /// Its value: South's store minus North's at the end under perfect play after it.
        value: i32,
        /// Nodes searched so far (all threads).
        nodes: u64,
        /// Since the solve began.
        elapsed: Duration,
    },
    /// Regular progress while searching.
    Tick {
        /// Nodes searched so far (all threads).
        nodes: u64,
        /// Since the solve began.
        elapsed: Duration,
        /// How full the transposition table is, per mille.
        table_fill: u32,
    },
}

/// A solved position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// South's store minus North's at the end of the game under perfect play.
    pub value: i32,
    /// Each legal move with its value (same sense as `value`: South minus North), if
    /// [`SolverConfig::move_values`] asked for them.
    pub moves: Vec<(KalahMove, i32)>,
    /// Search nodes (the endgame database's boards not included).
    pub nodes: u64,
    /// Boards in the endgame database, and the most seeds they hold.
    pub endgame: (u64, u32),
    /// Bytes of the transposition table.
    pub table_bytes: u64,
    /// Wall time of the whole solve, database included.
    pub elapsed: Duration,
}

/// Why a position cannot be solved.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The position is not one of the ruleset's.
    #[error("invalid position: {0}")]
    Position(#[from] PositionError),
    /// The pie rule's swap is still to come; the solver handles positions after it.
    #[error("the solver does not handle the pie rule's swap")]
    Pie,
    /// The memory for a table could not be had.
    #[error("cannot allocate {bytes} bytes for the {what}")]
    OutOfMemory {
        /// What it was for.
        what: &'static str,
        /// The bytes asked for.
        bytes: u64,
    },
    /// An endgame database holds boards of at most [`MAX_ENDGAME_SEEDS`] seeds (values are
    /// built a byte each).
    #[error("an endgame database holds boards of at most {max} seeds, not {seeds}")]
    EndgameSeeds {
        /// The seeds asked for.
        seeds: u32,
        /// The most it can hold.
        max: u32,
    },
    /// The endgame database asked for would not fit in memory.
    #[error("an endgame database up to {seeds} seeds would hold {boards} boards (at most {max})")]
    EndgameTooLarge {
        /// The seeds asked for.
        seeds: u32,
        /// The boards it would hold.
        boards: u64,
        /// The most the solver accepts.
        max: u64,
    },
    /// The solver's stop flag was raised ([`Solver::stop_flag`]) before the solve finished.
    #[error("the solve was stopped before it finished")]
    Stopped,
}

/// Whether a stop flag is given and raised ([`Solver::stop_flag`]).
fn raised(flag: Option<&std::sync::atomic::AtomicBool>) -> bool {
    flag.is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
}

/// The memory the machine has available now (`MemAvailable` in `/proc/meminfo`), in bytes, or
/// `None` where that cannot be read.
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The most seeds on the boards of an endgame database: its values are built a byte each.
/// Only a ruleset of one or two pits a side can have a database that large.
pub const MAX_ENDGAME_SEEDS: u32 = 127;

/// The largest endgame database the solver builds: 2^33 boards (5 GiB kept, 13 GiB while it
/// is built).
pub const MAX_ENDGAME_BOARDS: u64 = 1 << 33;
