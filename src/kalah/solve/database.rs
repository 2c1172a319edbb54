//! The public face of the endgame database: exact values of positions with few seeds left.

use std::path::Path;
use std::sync::atomic::AtomicBool;

use super::board::Board;
use super::endgame::Endgame;
use super::{MAX_ENDGAME_BOARDS, MAX_ENDGAME_SEEDS, SolveError, available_memory};
use crate::kalah::state::Pie;
use crate::kalah::{Kalah, KalahState, Leftovers};

/// The exact value of every Kalah position with at most `max_seeds` seeds left in the pits.
///
/// Seeds in a store never leave it, so a position's value under perfect play is the store
/// difference now plus the value of the pits alone. The database holds the latter for every
/// distribution of at most `max_seeds` seeds over the `2m` pits, computed backwards from the
/// end of the game (retrograde analysis in the manner of Irving, Donkers and Uiterwijk,
/// "Solving Kalah", ICGA Journal 2000). It depends on the number of pits a side and the
/// capture, end and leftover rules, not on the seeds a pit at the start, so one database serves
/// Kalah(6,4) and Kalah(6,5) alike.
///
/// Size: `C(max_seeds + 2m, 2m)` boards (see [`boards`](Self::boards)), 5 bits each under
/// the standard rules (a board's value has the parity of its seeds, so half of it is kept;
/// see [`bytes`](Self::bytes)): for six pits, 1.7 MB up to 12 seeds, 33 MB up to 17, 141 MB
/// up to 20. Building takes a byte a board more while it runs.
///
/// ```
/// use sowing::Ruleset;
/// use sowing::kalah::{Kalah, solve::EndgameDatabase};
///
/// let rules = Kalah::default(); // six pits
/// let db = EndgameDatabase::new(&rules, 6).unwrap();
/// // South to move, stores 20 and 26, one seed in South's pit 6 and one in North's pit 1.
/// let s = rules.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 20 26 S").unwrap();
/// // South sows into the store and has no seeds left: the game ends, North keeps his
/// // seed, 21 to 27. The value is for the player to move (South here).
/// assert_eq!(db.value(&s), Some(21 - 27));
/// let s = rules.parse_position("0,0,0,1,0,0/2,0,0,0,0,3 20 22 N").unwrap();
/// assert_eq!(db.value(&s), Some(-4)); // North, to move, loses by 4
/// // Too many seeds on the board for this database:
/// assert_eq!(db.value(&rules.start()), None);
/// ```
pub struct EndgameDatabase {
    board: Board,
    pits: usize,
    db: Endgame,
}

impl std::fmt::Debug for EndgameDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameDatabase")
            .field("pits", &self.pits)
            .field("max_seeds", &self.db.max_seeds)
            .field("boards", &self.db.len())
            .finish()
    }
}

impl EndgameDatabase {
    /// Boards in a database for `pits` pits a side up to `max_seeds` seeds (`u64::MAX` if
    /// beyond counting).
    pub fn boards(pits: usize, max_seeds: u32) -> u64 {
        Endgame::size(pits, max_seeds)
    }

    /// Computes the database for `rules` up to `max_seeds` seeds, on all cores.
    ///
    /// # Errors
    /// [`SolveError::Pie`] under the pie rule (its swap is not a sowing);
    /// [`SolveError::EndgameSeeds`] beyond [`MAX_ENDGAME_SEEDS`] seeds;
    /// [`SolveError::EndgameTooLarge`] beyond [`MAX_ENDGAME_BOARDS`] boards;
    /// [`SolveError::OutOfMemory`] when the memory cannot be had.
    pub fn new(rules: &Kalah, max_seeds: u32) -> Result<EndgameDatabase, SolveError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::build(rules, max_seeds, threads, None, 0, &|_| {}, None)
    }

    /// Like [`new`](Self::new), but first looks for the database in `dir` (written there by
    /// an earlier call or by `solve --endgame-dir`), and saves it there if it had to be
    /// computed. A database kept there for more seeds serves whole; one kept for fewer gives
    /// its levels, and only the levels above them are computed (then the larger one is saved
    /// too). A file that cannot be read or written only costs the computation.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn open(rules: &Kalah, max_seeds: u32, dir: &Path) -> Result<EndgameDatabase, SolveError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::build(rules, max_seeds, threads, Some(dir), 0, &|_| {}, None)
    }

    /// Like [`open`](Self::open) on `threads` threads, calling `level_done(k)` as each
    /// level (the boards of `k` seeds) is complete: once with `max_seeds` when the database
    /// was read from `dir`, and once with `k` when a kept database gave the levels up to `k`
    /// (then for each level computed above it). A first call for more than 0 seeds means
    /// that many were read.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn build_with_progress(
        rules: &Kalah,
        max_seeds: u32,
        threads: usize,
        dir: &Path,
        level_done: &(dyn Fn(u32) + Sync),
    ) -> Result<EndgameDatabase, SolveError> {
        Self::build(rules, max_seeds, threads, Some(dir), 0, level_done, None)
    }

    /// The shared constructor: load from `dir` or compute (reporting each finished level).
    /// A database kept in `dir` for more seeds serves too (its first boards are this one);
    /// with `larger_ok` boards or fewer, the largest kept one is taken whole instead (a
    /// solve gains from every board it covers, at the cost of reading it). A database kept
    /// for fewer seeds gives its levels, and only the levels above are computed. A raised
    /// `stop` gives the build up ([`SolveError::Stopped`]), keeping nothing.
    pub(crate) fn build(
        rules: &Kalah,
        mut max_seeds: u32,
        threads: usize,
        dir: Option<&Path>,
        larger_ok: u64,
        level_done: &(dyn Fn(u32) + Sync),
        stop: Option<&AtomicBool>,
    ) -> Result<EndgameDatabase, SolveError> {
        if rules.settings().pie {
            return Err(SolveError::Pie);
        }
        if max_seeds > MAX_ENDGAME_SEEDS {
            return Err(SolveError::EndgameSeeds {
                seeds: max_seeds,
                max: MAX_ENDGAME_SEEDS,
            });
        }
        let pits = usize::from(rules.settings().pits);
        // Kept databases for these rules, by their seeds.
        let kept: Vec<(u32, std::path::PathBuf)> = dir
            .and_then(|d| std::fs::read_dir(d).ok())
            .into_iter()
            .flatten()
            .filter_map(|e| {
                let path = e.ok()?.path();
                let name = path.file_name()?.to_str()?;
                let prefix = Self::file_name(rules, 0);
                let prefix = prefix.strip_suffix("0.endgame")?;
                let seeds = name.strip_prefix(prefix)?.strip_suffix(".endgame")?;
                Some((seeds.parse().ok()?, path))
            })
            .collect();
        if let Some(&(larger, _)) = kept
            .iter()
            .filter(|(n, _)| *n > max_seeds && Endgame::size(pits, *n) <= larger_ok)
            .max_by_key(|(n, _)| *n)
        {
            max_seeds = larger;
        }
        let boards = Endgame::size(pits, max_seeds);
        if boards > MAX_ENDGAME_BOARDS {
            return Err(SolveError::EndgameTooLarge {
                seeds: max_seeds,
                boards,
                max: MAX_ENDGAME_BOARDS,
            });
        }
        let halved = rules.settings().leftovers == Leftovers::Owner;
        let mut db = Endgame::new(pits, max_seeds, halved);
        // Memory the system would only pretend to give (overcommit) is refused here.
        if available_memory().is_some_and(|free| db.build_bytes() > free) {
            return Err(SolveError::OutOfMemory {
                what: "endgame database",
                bytes: db.build_bytes(),
            });
        }
        let board = Board::new(rules);
        let file = dir.map(|d| d.join(Self::file_name(rules, max_seeds)));
        // The smallest kept database that holds this one, else the largest that holds its
        // first levels: only the levels above it are computed.
        let (mut holding, mut smaller): (Vec<_>, Vec<_>) =
            kept.iter().partition(|(n, _)| *n >= max_seeds);
        holding.sort_by_key(|(n, _)| *n);
        smaller.sort_by_key(|(n, _)| std::cmp::Reverse(*n));
        let known = holding
            .iter()
            .chain(&smaller)
            .find_map(|(_, f)| db.load(f).ok());
        if let Some(top) = known {
            level_done(top);
        }
        if known != Some(max_seeds) {
            db.fill(
                &board,
                threads,
                known.map_or(0, |top| top + 1),
                level_done,
                stop,
            )?;
            if let Some(f) = &file {
                // A database that cannot be kept is only recomputed next time.
                let _ = std::fs::create_dir_all(f.parent().unwrap_or(f)).and_then(|()| db.save(f));
            }
        }
        Ok(EndgameDatabase { board, pits, db })
    }

    /// The file a database is kept in, inside an endgame directory.
    pub fn file_name(rules: &Kalah, max_seeds: u32) -> String {
        let s = rules.settings();
        format!(
            "kalah-pits{}-{:?}-{:?}-{:?}-upto{max_seeds}.endgame",
            s.pits, s.capture, s.end, s.leftovers
        )
    }

    /// The most seeds in the pits of a position the database covers.
    pub fn max_seeds(&self) -> u32 {
        self.db.max_seeds
    }

    /// Boards held.
    pub fn len(&self) -> u64 {
        self.db.len() as u64
    }

    /// Bytes the database takes in memory (and on disk, less a header).
    pub fn bytes(&self) -> u64 {
        self.db.bytes()
    }

    /// Whether the database holds no board (never: the empty board is always there).
    pub fn is_empty(&self) -> bool {
        self.db.len() == 0
    }

    /// The exact value of `state` for **the player to move**: that player's store minus the
    /// opponent's at the end of the game under perfect play by both sides. `None` when the
    /// pits hold more than [`max_seeds`](Self::max_seeds) seeds, when `state` has another
    /// number of pits than the database, or while a pie-rule swap is still possible.
    pub fn value(&self, state: &KalahState) -> Option<i32> {
        if state.pits() != self.pits || state.pie != Pie::Done {
            return None;
        }
        let (b, lead) = self.board.of(state);
        let k = self.board.own_seeds(b) + self.board.opp_seeds(b);
        if k > self.db.max_seeds {
            return None;
        }
        Some(lead + self.db.get(&self.board, b))
    }

    /// The internal table, for the solver.
    pub(crate) fn table(&self) -> &Endgame {
        &self.db
    }
}
