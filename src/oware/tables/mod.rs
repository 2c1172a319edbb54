//! Oware's endgame tables: the exact value of every position with few seeds on the board,
//! by retrograde analysis.
//!
//! Seeds in a store never leave it, so the value of a position under perfect play is the
//! stores as they stand plus what each player captures from here on. The tables hold the
//! latter, the **captures of the player to move from here on** (the seeds he takes by
//! capture and at the end of the game; his opponent takes the rest), for every board of at
//! most `N` seeds, as Romein and Bal computed Awari's ("Solving Awari with Parallel
//! Retrograde Analysis", IEEE Computer 36(10), 2003), level by level:
//!
//! - **Levels.** The boards of `k` seeds are computed after those of fewer: a capture
//!   lowers the count, a move that captures nothing keeps it. With `S` seeds on the board,
//!   `value = max over moves of (captured + S' - value(next))`, `S'` the seeds the move
//!   leaves; a position where the mover has no move (he has no seed, or cannot feed an
//!   opponent who has none) ends the game, each player taking the seeds on his own side.
//!   Grand slams follow the ruleset's [`GrandSlam`] rule, feeding the
//!   rules' (the tables play the crate's own sowing, [`Oware`]'s).
//! - **Cycles (rule 8).** Within a level the equations are solved by iterating two bounds
//!   to their fixed points (an endless game counted as lost for the mover, then as won).
//!   Where they meet the value is exact; where they do not, neither player can force the
//!   game out of a cycle on better terms, and the value is the division of rule 8, the
//!   seeds on the mover's side, kept within the bounds and marked
//!   ([`OwareTables::in_cycle`]). The search, which knows the game's path, applies rule 8
//!   exactly; the tables, which know one position, give it this meaning.
//! - **Winning at once (rule 6).** The tables count captures to the end of the game. A
//!   player who passes half the seeds wins at once in the real game, but captures only
//!   grow, so the tables' result (win, draw or loss) is the game's; the margin
//!   ([`OwareTables::margin`]) is that of the game played out.
//! - **Index.** A board is ranked in the combinatorial number system among the boards of
//!   its seeds (the mover's row first), after the `C(k - 1 + 2n, 2n)` boards of fewer
//!   seeds: the boards of at most `N` seeds of `n` houses a row take the indices
//!   `0..C(N + 2n, 2n)`, one byte each (the value, and the top bit for a cycle). For six
//!   houses: 125,970 boards up to 8 seeds, 225,792,840 up to 20, 1,251,677,700 up to 24.
//! - **Settings.** The values depend on the houses and the grand-slam rule only:
//!   `divide-on-win` (OpenSpiel's ending) and the seeds a house at the start change no
//!   value, so one table serves them all. A ply limit (`max-plies`) makes a value depend on
//!   the ply: no table holds it ([`TablesError::PlyLimit`]). A table asked for rules it was
//!   not built for says so ([`TablesError::WrongRules`]).
//! - **Files.** A table is written once ([`OwareTables::save`], [`OwareTables::open`]): a
//!   32-byte header (magic `SOWOWT01`, houses, grand-slam rule, seeds, format), a checksum
//!   per level, then the values. A table file of more seeds serves any smaller table (its
//!   first levels). It is read back in place, memory-mapped ([`OwareTables::load`]): every
//!   process that reads it shares one copy, the system's cache of the file, rather than
//!   holding its own (1.25 GB for 24 seeds). Its checksums are checked as it is mapped. A
//!   file that is not a table, of other rules or damaged is refused with a [`TablesError`];
//!   nothing is kept from it. A table file is replaced, never changed in place: the crate
//!   writes a new file and renames it over the old one, which leaves a mapped file intact,
//!   and another program that writes table files must do the same.
//! - **The agent.** `alphabeta:endgame=N` looks up every position of at most `N` seeds
//!   (read from the directory `$SOWING_TABLES` names, or built there, or in memory, once a
//!   process). The default, `endgame=auto`, plays with the largest table of the rules kept
//!   in `$SOWING_TABLES` and builds none; [`AgentSpec::for_rules`] writes what it found into
//!   the agent's name (`alphabeta:endgame=20`), as the `match` and `play` tools print it.
//!
//! [`AgentSpec::for_rules`]: crate::search::AgentSpec::for_rules
//!
//! # The whole game on a cluster
//! The 48 seeds of Abapa are `C(60, 12)` = 1.4 × 10^12 boards (Romein and Bal counted
//! 889 × 10^9 by leaving out the boards no game reaches). The levels are independent given
//! the ones below, so a cluster computes them in order, one Ray job a level: level `k`'s
//! boards (`C(k + 11, 11)`, 1.3 × 10^11 for `k = 48`) split into rank ranges, one task a
//! range, each task reading the levels below from shared storage (a capture jumps anywhere
//! below) and the level's bounds from a shared array, the tasks of a sweep joined before
//! the next, until no task changes a bound; then the level's bytes are written beside the
//! others. Memory: the levels below, read-only (1.3 TB of bytes below 48 seeds, so each
//! node maps a part and the look-ups go to the node that holds it, as Romein and Bal's
//! did), and 4 bytes a board of the level for its bounds (0.5 TB at 48 seeds, spread over
//! the nodes); the moves of the open boards, which this build keeps between sweeps (about
//! 25 bytes each), would be recomputed each sweep instead (five times the CPU, measured
//! here). Disk: one byte a board, 1.4 TB in all. Time: this build did about 10^6 boards a
//! CPU-second over a whole table (some 50 sweeps a level, 20 seeds); with remote look-ups
//! and the moves recomputed, say 10^5, so 1.4 × 10^7 CPU-seconds: about 4 hours on 1,000
//! cores, most of it in the last ten levels.
//!
//! ```
//! use sowing::Ruleset;
//! use sowing::oware::{Oware, tables::OwareTables};
//!
//! let rules = Oware::default();
//! let tables = OwareTables::build(&rules, 4).unwrap();
//! // South to move, one seed in his F and one in North's a: F makes a 2, every seed North
//! // has (a grand slam, which captures nothing under Abapa); North's a then sows his own
//! // b and c and cannot feed South, so the game ends and North takes his 2.
//! let s = rules.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 23 23 S").unwrap();
//! assert_eq!(tables.captures(&s), Some(0));
//! assert_eq!(tables.margin(&s), Some(23 - 25));
//! // Too many seeds on the board for these tables:
//! assert_eq!(tables.captures(&rules.start()), None);
//! ```

mod build;
mod file;
mod index;
mod oracle;

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::{GrandSlam, Oware, OwareSettings, OwareState};
use crate::player::Player;
use index::Index;
pub use oracle::shared;
pub(crate) use oracle::{ENDGAME_SEEDS, default_endgame, endgame_seeds, oracle};

/// The value bits of a table byte.
const VALUE: u8 = 0x3F;
/// The byte's mark of a value set by the cycle rule (rule 8's division).
const CYCLE: u8 = 0x80;

/// The environment variable naming the directory where tables are kept: the `tables` tool
/// writes there and the Oware agent reads there (`SOWING_TABLES`).
pub const DIR_VARIABLE: &str = "SOWING_TABLES";

/// The most seeds a table holds (on six houses a row: a level's boards are counted in 32
/// bits while it is built, and `C(41, 11)` = 2.25 × 10^9 boards of 30 seeds is the last that
/// fits; smaller boards hold fewer, [`OwareTables::most_seeds`]). The whole game, 48 seeds,
/// is for a cluster (see the module docs).
pub const MAX_TABLE_SEEDS: u32 = 30;

/// Why a table could not be built, read or used.
#[derive(Error, Debug)]
#[non_exhaustive]
pub enum TablesError {
    /// The rules have a ply limit, under which a value depends on the ply.
    #[error("no table holds a ply limit (max-plies): a position's value would depend on its ply")]
    PlyLimit,
    /// More seeds than a table holds.
    #[error("tables of {seeds} seeds: at most {max}")]
    TooManySeeds {
        /// Seeds asked for.
        seeds: u32,
        /// The most a table holds.
        max: u32,
    },
    /// The table was built for other rules (houses or grand-slam rule).
    #[error("the table is for {built}, not {asked}")]
    WrongRules {
        /// The rules the table was built for, as ruleset text.
        built: String,
        /// The rules asked for.
        asked: String,
    },
    /// A file that is not a table of this format.
    #[error("{path}: not an Oware table ({problem})")]
    NotATable {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// A table file whose values are damaged (a checksum fails, or the file is cut short).
    #[error("{path}: damaged table ({problem})")]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        problem: String,
    },
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The memory for the table could not be had.
    #[error("not enough memory for a table of {bytes} bytes")]
    OutOfMemory {
        /// Bytes asked for.
        bytes: u64,
    },
    /// The build was stopped.
    #[error("the build was stopped")]
    Stopped,
}

/// What the build of one level did, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelReport {
    /// The level: the boards of this many seeds.
    pub seeds: u32,
    /// Boards in the level.
    pub positions: u64,
    /// Sweeps over the level (one to set the bounds, then until nothing changed).
    pub sweeps: u32,
    /// Boards whose value the cycle rule set.
    pub cycles: u64,
    /// Seconds the level took.
    pub seconds: f64,
}

/// The exact value of every Oware position with at most [`max_seeds`](Self::max_seeds)
/// seeds on the board, for one board size and grand-slam rule (see the [module
/// docs](self)).
pub struct OwareTables {
    houses: u8,
    grand_slam: GrandSlam,
    max_seeds: u32,
    index: Index,
    values: Values,
}

/// Where a table's values are: in memory (built, or read to build more levels on), or in
/// its file, mapped.
enum Values {
    Built(Vec<u8>),
    Mapped {
        mapped: memmap2::Mmap,
        /// Where the values start in the file.
        start: usize,
        /// The values used (a file of more seeds holds more).
        len: usize,
    },
}

impl Values {
    /// The values in memory. A mapped table is only ever read: the functions that fill a
    /// table make it with [`OwareTables::empty`], in memory.
    fn built_mut(&mut self) -> &mut Vec<u8> {
        match self {
            Values::Built(values) => values,
            Values::Mapped { .. } => unreachable!("a mapped table is never written"),
        }
    }
}

impl std::ops::Deref for Values {
    type Target = [u8];

    #[inline]
    fn deref(&self) -> &[u8] {
        match self {
            Values::Built(values) => values,
            Values::Mapped { mapped, start, len } => &mapped[*start..*start + *len],
        }
    }
}

impl std::fmt::Debug for OwareTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OwareTables")
            .field("houses", &self.houses)
            .field("grand_slam", &self.grand_slam)
            .field("max_seeds", &self.max_seeds)
            .field("positions", &self.values.len())
            .finish()
    }
}

/// The rules the tables play: those of `rules` with no ply limit, the win at once put out
/// of reach (a total too large to pass half of with a table's seeds) and the board kept at
/// the end.
fn table_rules(houses: u8, grand_slam: GrandSlam) -> Oware {
    let seeds = (OwareSettings::MAX_TOTAL / (2 * u32::from(houses))) as u8;
    Oware::new(OwareSettings {
        houses,
        seeds,
        grand_slam,
        divide_on_win: false,
        max_plies: None,
    })
    .expect("houses of a valid ruleset, the most seeds that fit")
}

/// The rules as text, for errors: the houses and the grand-slam rule.
fn rules_text(houses: u8, grand_slam: GrandSlam) -> String {
    OwareSettings {
        houses,
        grand_slam,
        ..OwareSettings::ABAPA
    }
    .to_string()
}

impl OwareTables {
    /// Positions in a table of `houses` houses a row up to `max_seeds` seeds:
    /// `C(max_seeds + 2 houses, 2 houses)`, a byte each.
    pub fn positions(houses: u8, max_seeds: u32) -> u64 {
        Index::new(houses.clamp(1, OwareSettings::MAX_HOUSES).into()).boards(max_seeds)
    }

    /// The most seeds a table of `houses` houses a row holds: [`MAX_TABLE_SEEDS`], or
    /// fewer where a level of boards would not count in 32 bits.
    pub fn most_seeds(houses: u8) -> u32 {
        let index = Index::new(houses.clamp(1, OwareSettings::MAX_HOUSES).into());
        (0..=MAX_TABLE_SEEDS)
            .take_while(|&k| index.level_len(k) <= u64::from(u32::MAX))
            .last()
            .unwrap_or(0)
    }

    /// Checks that tables can serve `rules` and `max_seeds`.
    fn check(rules: &Oware, max_seeds: u32) -> Result<(), TablesError> {
        if rules.settings().max_plies.is_some() {
            return Err(TablesError::PlyLimit);
        }
        let max = Self::most_seeds(rules.settings().houses);
        if max_seeds > max {
            return Err(TablesError::TooManySeeds {
                seeds: max_seeds,
                max,
            });
        }
        Ok(())
    }

    /// An empty table for `rules` up to `max_seeds`, its memory had.
    fn empty(rules: &Oware, max_seeds: u32) -> Result<OwareTables, TablesError> {
        let mut t = Self::without_values(rules, max_seeds)?;
        let len = t.index.boards(max_seeds);
        let values = t.values.built_mut();
        values
            .try_reserve_exact(len as usize)
            .map_err(|_| TablesError::OutOfMemory { bytes: len })?;
        values.resize(len as usize, 0);
        Ok(t)
    }

    /// A table for `rules` up to `max_seeds` that holds no value yet.
    fn without_values(rules: &Oware, max_seeds: u32) -> Result<OwareTables, TablesError> {
        Self::check(rules, max_seeds)?;
        let houses = rules.settings().houses;
        Ok(OwareTables {
            houses,
            grand_slam: rules.settings().grand_slam,
            max_seeds,
            index: Index::new(houses.into()),
            values: Values::Built(Vec::new()),
        })
    }

    /// Computes the tables of `rules` up to `max_seeds` seeds on the board, on all cores.
    ///
    /// # Errors
    /// [`TablesError::PlyLimit`] under `max-plies`, [`TablesError::TooManySeeds`] past
    /// [`most_seeds`](Self::most_seeds), [`TablesError::OutOfMemory`].
    pub fn build(rules: &Oware, max_seeds: u32) -> Result<OwareTables, TablesError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::build_with(rules, max_seeds, threads, &|_| {}, None)
    }

    /// [`build`](Self::build) on `threads` threads, calling `level_done` as each level is
    /// complete; a raised `stop` gives the build up ([`TablesError::Stopped`]).
    ///
    /// # Errors
    /// As [`build`](Self::build), and [`TablesError::Stopped`].
    pub fn build_with(
        rules: &Oware,
        max_seeds: u32,
        threads: usize,
        level_done: &(dyn Fn(&LevelReport) + Sync),
        stop: Option<&AtomicBool>,
    ) -> Result<OwareTables, TablesError> {
        let mut t = Self::empty(rules, max_seeds)?;
        t.fill(0, threads, level_done, stop)?;
        Ok(t)
    }

    /// Computes the levels from `first` up (those below are known).
    fn fill(
        &mut self,
        first: u32,
        threads: usize,
        level_done: &(dyn Fn(&LevelReport) + Sync),
        stop: Option<&AtomicBool>,
    ) -> Result<(), TablesError> {
        let rules = table_rules(self.houses, self.grand_slam);
        for k in first..=self.max_seeds {
            let start = self.index.level_start(k) as usize;
            let end = self.index.level_start(k + 1) as usize;
            let (lower, rest) = self.values.built_mut().split_at_mut(start);
            let report = build::level(
                &rules,
                &self.index,
                lower,
                &mut rest[..end - start],
                k,
                threads,
                stop,
            )
            .ok_or(TablesError::Stopped)?;
            level_done(&report);
        }
        Ok(())
    }

    /// The file a table is kept in, inside a tables directory:
    /// `oware-houses6-no-capture-upto20.tables`.
    pub fn file_name(rules: &Oware, max_seeds: u32) -> String {
        let s = rules.settings();
        format!(
            "oware-houses{}-{}-upto{max_seeds}.tables",
            s.houses,
            s.grand_slam.name()
        )
    }

    /// The table of `rules` up to `max_seeds` from `dir`: read from the smallest table file
    /// there that holds it ([`file_name`](Self::file_name)), else computed on all cores
    /// from the largest smaller one there (or from nothing) and saved there. A file that
    /// does not read only costs the computation.
    ///
    /// # Errors
    /// As [`build`](Self::build); and an error writing the file.
    pub fn open(rules: &Oware, max_seeds: u32, dir: &Path) -> Result<OwareTables, TablesError> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        Self::open_with(rules, max_seeds, dir, threads, &|_| {})
    }

    /// [`open`](Self::open) on `threads` threads, reporting each level computed.
    ///
    /// # Errors
    /// As [`open`](Self::open).
    pub fn open_with(
        rules: &Oware,
        max_seeds: u32,
        dir: &Path,
        threads: usize,
        level_done: &(dyn Fn(&LevelReport) + Sync),
    ) -> Result<OwareTables, TablesError> {
        Self::check(rules, max_seeds)?;
        let kept = Self::kept(rules, dir);
        if let Some((_, path)) = kept.iter().find(|(n, _)| *n >= max_seeds) {
            if let Ok(t) = Self::load(rules, max_seeds, path) {
                return Ok(t);
            }
        }
        let mut t = Self::empty(rules, max_seeds)?;
        let mut first = 0;
        for (n, path) in kept.iter().rev().filter(|(n, _)| *n < max_seeds) {
            if file::read_into(&mut t, path, *n).is_ok() {
                first = n + 1;
                break;
            }
        }
        t.fill(first, threads, level_done, None)?;
        std::fs::create_dir_all(dir).map_err(|source| TablesError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        t.save(&dir.join(Self::file_name(rules, max_seeds)))?;
        Ok(t)
    }

    /// The table files of `rules` in `dir`, by their seeds, fewest first.
    fn kept(rules: &Oware, dir: &Path) -> Vec<(u32, PathBuf)> {
        let prefix = Self::file_name(rules, 0);
        let prefix = prefix
            .strip_suffix("0.tables")
            .unwrap_or(&prefix)
            .to_string();
        let mut kept: Vec<(u32, PathBuf)> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(|e| {
                let path = e.ok()?.path();
                let name = path.file_name()?.to_str()?;
                let seeds = name.strip_prefix(&prefix)?.strip_suffix(".tables")?;
                Some((seeds.parse().ok()?, path))
            })
            .collect();
        kept.sort();
        kept
    }

    /// Reads the table of `rules` up to `max_seeds` from `path`, a file written by
    /// [`save`](Self::save) for these rules and at least as many seeds. The file is mapped
    /// into memory, not copied: processes that read the same file share it. Its levels up to
    /// `max_seeds` are checked against their checksums first.
    ///
    /// # Errors
    /// [`TablesError::NotATable`] for a file of another kind or format,
    /// [`TablesError::WrongRules`] for a table of other rules, [`TablesError::TooManySeeds`]
    /// when the file holds fewer seeds, [`TablesError::Corrupt`] when its values are damaged,
    /// [`TablesError::Io`].
    pub fn load(rules: &Oware, max_seeds: u32, path: &Path) -> Result<OwareTables, TablesError> {
        let mut t = Self::without_values(rules, max_seeds)?;
        t.values = file::map(&t, path, max_seeds)?;
        Ok(t)
    }

    /// Writes the table to `path` (through a temporary file beside it, renamed at the end).
    ///
    /// # Errors
    /// [`TablesError::Io`].
    pub fn save(&self, path: &Path) -> Result<(), TablesError> {
        file::write(self, path)
    }

    /// Checks that the table serves `rules`: the same houses and grand-slam rule, and no
    /// ply limit.
    ///
    /// # Errors
    /// [`TablesError::WrongRules`], [`TablesError::PlyLimit`].
    pub fn check_rules(&self, rules: &Oware) -> Result<(), TablesError> {
        let s = rules.settings();
        if s.max_plies.is_some() {
            return Err(TablesError::PlyLimit);
        }
        if s.houses != self.houses || s.grand_slam != self.grand_slam {
            return Err(TablesError::WrongRules {
                built: rules_text(self.houses, self.grand_slam),
                asked: rules_text(s.houses, s.grand_slam),
            });
        }
        Ok(())
    }

    /// The most seeds on the board of a position the table holds.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Houses a row.
    pub fn houses(&self) -> u8 {
        self.houses
    }

    /// The grand-slam rule the table was built for.
    pub fn grand_slam(&self) -> GrandSlam {
        self.grand_slam
    }

    /// Positions held (a byte each in memory and on disk, beside the header).
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether the table holds no position (never: the empty board is always there).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The byte of the board of `s`, or `None` when the table does not hold it.
    #[inline]
    fn byte(&self, s: &OwareState) -> Option<u8> {
        let k = s.seeds_on_side(Player::South) + s.seeds_on_side(Player::North);
        if s.houses != self.houses || k > self.max_seeds {
            return None;
        }
        let (rank, k) = self.index.rank(s.sides);
        if k > self.max_seeds {
            return None;
        }
        self.values
            .get((self.index.level_start(k) + rank) as usize)
            .copied()
    }

    /// What the player to move in `s` captures from here on under perfect play (by capture
    /// and at the end of the game), of the seeds on the board; `None` when the board holds
    /// more than [`max_seeds`](Self::max_seeds) seeds or has other houses. The stores and a
    /// ply count are not read: the caller checks the rules with
    /// [`check_rules`](Self::check_rules).
    #[inline]
    pub fn captures(&self, s: &OwareState) -> Option<u32> {
        self.byte(s).map(|b| u32::from(b & VALUE))
    }

    /// Whether the value of `s` is set by the cycle rule (neither player can force the game
    /// out of a cycle: the division of rule 8), `None` when the table does not hold it.
    pub fn in_cycle(&self, s: &OwareState) -> Option<bool> {
        self.byte(s).map(|b| b & CYCLE != 0)
    }

    /// The final store difference for the player to move in `s` under perfect play, the
    /// game played out (its stores now, plus [`captures`](Self::captures) for him and the
    /// rest of the board for his opponent); `None` when the table does not hold it.
    #[inline]
    pub fn margin(&self, s: &OwareState) -> Option<i32> {
        let mine = self.captures(s)? as i32;
        let board = (s.seeds_on_side(Player::South) + s.seeds_on_side(Player::North)) as i32;
        let me = s.mover.index();
        let stores = i32::from(s.stores[me]) - i32::from(s.stores[1 - me]);
        Some(stores + mine - (board - mine))
    }
}
