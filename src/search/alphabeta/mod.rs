//! Alpha-beta search: negamax with iterative deepening, a transposition table and move
//! ordering.
//!
//! **Negamax** scores every position for the player to move, so a child's value is negated
//! when the turn passes to the opponent, and kept as it is when the same player moves again
//! (Kalah's extra turn, a Tsoro turn that continues): the search compares
//! [`to_move`](crate::Ruleset::to_move) before and after each move. **Iterative deepening**
//! searches depth 1, 2, ... until a limit is reached, each iteration seeding the next one's
//! move order. The **transposition table** remembers values and best moves by position hash.
//! Moves are tried in the order: the table's move, the two **killer** moves of this ply (moves
//! that caused a cutoff in a sibling), then the rest; all but the first are searched with a
//! null window first (principal variation search).
//!
//! [`SearchOptions`] turns on refinements, judged by the time to depth of
//! `examples/depth.rs` and by self-play through `examples/match.rs`: quiescence on
//! captures, late-move reductions, history ordering, extra turns extended, extra turns and
//! captures ordered first, aspiration windows, reverse futility and futility pruning near
//! the horizon, forced moves answered at once, and a parallel search on several threads
//! sharing the table (Lazy SMP). The default agent ([`SearchOptions::AGENT`]) takes the
//! reductions, history, the extension, both prunings and forced moves. With every option
//! off (as in `alphabeta-classic`) the search runs a copy of itself compiled without their
//! code, so that they cost nothing there (`benches/search.rs` measures both). The table is
//! kept between searches, and a search stopped by its time or node budget keeps the best
//! move of its unfinished last iteration when that iteration completed at least the first
//! move.

mod agent;
mod lines;
mod options;
mod order;
mod repetition;
mod search;
mod smp;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use super::eval::StoreDifference;
use super::heuristic::Heuristic;
use super::limits::Limits;
use super::table_size::TableSize;
use super::tt::{SharedTable, Table};
use super::tuning::SearchTuning;
#[cfg(doc)]
use super::{Evaluator, WIN};
#[cfg(doc)]
use order::MoveOrder;
use order::SortBuffer;

pub use options::SearchOptions;

/// What one search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move found, or `None` if the game is over.
    pub best: Option<M>,
    /// Its value for the player to move, in hundredths of a seed as every evaluation (beyond
    /// ±[`WIN`] a game won or lost by force, by [`WIN`] plus the margin in seeds).
    pub value: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The principal variation: the best move and the expected replies, as far as the
    /// transposition table holds them.
    pub pv: Vec<M>,
    /// The lines searched, best first: one ([`best`](Self::best), its value and `pv`) in a
    /// search of one line, up to [`SearchOptions::multipv`] in a search of several (fewer
    /// when there are fewer legal moves), none when the game is over or a forced move was
    /// played without a search. They are those of the deepest completed iteration, but for
    /// a search stopped by its budget during an iteration of several lines: the lines that
    /// iteration completed come first (at its depth, sorted), then the others at the depth
    /// before. `lines[0].mv` is `best` except when a stopped search found a better move in
    /// its unfinished iteration's first line (`best` is then that move).
    pub lines: Vec<SearchLine<M>>,
}

/// One line of a search ([`SearchResult::lines`]): a move of the searched position, its
/// value and the expected play after it.
///
/// ```
/// use sowing::search::{AlphaBeta, Limits, SearchOptions};
/// use sowing::{Ruleset, kalah::Kalah};
///
/// let rules = Kalah::default();
/// let options = SearchOptions { multipv: 3, ..SearchOptions::AGENT };
/// let mut ab = AlphaBeta::new(Limits::depth(6)).options(options);
/// let result = ab.search(&rules, &rules.start());
/// assert_eq!(result.lines.len(), 3);
/// // Three different moves, best first, each line starting with its move.
/// assert_eq!(result.lines[0].mv, result.best.unwrap());
/// assert!(result.lines.windows(2).all(|w| w[0].value >= w[1].value && w[0].mv != w[1].mv));
/// for line in &result.lines {
///     assert_eq!((line.pv[0], line.depth), (line.mv, 6));
///     println!("{} {} {:?}", rules.format_move(&rules.start(), line.mv), line.value, line.pv);
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLine<M> {
    /// The move.
    pub mv: M,
    /// Its value for the player to move, in the units of [`SearchResult::value`]: hundredths
    /// of a seed, beyond ±[`WIN`] a game won or lost by force.
    pub value: i32,
    /// The depth it was searched to (the iteration's).
    pub depth: u32,
    /// The principal variation: the move and the expected replies, as far as the
    /// transposition table holds them.
    pub pv: Vec<M>,
}

/// The alpha-beta agent, generic over the ruleset and the [`Evaluator`].
///
/// ```
/// use sowing::search::{AlphaBeta, Agent, Limits};
/// use sowing::{Ruleset, kalah::Kalah};
///
/// let rules = Kalah::default();
/// let mut ab = AlphaBeta::new(Limits::depth(6));
/// let result = ab.search(&rules, &rules.start());
/// assert_eq!(result.depth, 6);
/// // Sowing pit 3's four seeds ends in the store: an extra turn.
/// assert!(result.best.is_some());
/// ```
pub struct AlphaBeta<M, E = StoreDifference> {
    limits: Limits,
    options: SearchOptions,
    eval: E,
    history: Vec<i32>,
    stop: Option<Arc<AtomicBool>>,
    table: Option<Table<M>>,
    shared: Option<Arc<SharedTable>>,
    helpers: Vec<AlphaBeta<M, E>>,
    skew: u32,
    table_entries: usize,
    /// Whether each search sizes the table to its limits ([`TableSize::Auto`]).
    table_auto: bool,
    killers: Vec<[Option<M>; 2]>,
    /// The deepest ply of the iteration under way, twice its depth: [`SearchOptions::extend`]
    /// extends no line past it.
    ply_limit: usize,
    /// One [`SortBuffer`] a ply, for [`MoveOrder`].
    sort_buffers: Vec<SortBuffer>,
    /// Per ply: whether the node there was reached by a null move
    /// ([`SearchOptions::null_move`]), which then makes none of its own.
    null_plies: Vec<bool>,
    nodes: u64,
    next_clock: u64,
    started: Instant,
    stopped: bool,
    root_best: Option<M>,
    last: Option<SearchResult<M>>,
    option_code: bool,
    tuning: Option<SearchTuning>,
    /// For a game with a repetition rule: the keys (and seeds on the board) of the game's
    /// positions before the root ([`search_in`](AlphaBeta::search_in)), then of the
    /// positions on the path from the root to the node searched.
    path: Vec<(u64, u32)>,
    /// How many entries of `path` are the game's positions before the root.
    game_plies: usize,
    /// How many repetitions have been scored (values that depend on the path, kept out of
    /// the table as proofs).
    repetitions_scored: u64,
}

impl<M: Copy> AlphaBeta<M, StoreDifference> {
    /// Searches within `limits` with the default evaluation (store difference) and a table of
    /// 2^20 entries.
    pub fn new(limits: Limits) -> Self {
        Self::with_evaluator(limits, StoreDifference)
    }
}

impl<M: Copy, E> AlphaBeta<M, E> {
    /// Searches within `limits` with the evaluation `eval`.
    pub fn with_evaluator(limits: Limits, eval: E) -> Self {
        AlphaBeta {
            limits,
            options: SearchOptions::CLASSIC,
            eval,
            history: Vec::new(),
            stop: None,
            table: None,
            shared: None,
            helpers: Vec::new(),
            skew: 0,
            table_entries: 1 << 20,
            table_auto: false,
            killers: Vec::new(),
            ply_limit: 0,
            sort_buffers: Vec::new(),
            null_plies: Vec::new(),
            nodes: 0,
            next_clock: 0,
            started: Instant::now(),
            stopped: false,
            root_best: None,
            last: None,
            option_code: false,
            tuning: None,
            path: Vec::new(),
            game_plies: 0,
            repetitions_scored: 0,
        }
    }

    /// Sets the transposition table's size in entries (allocated at the first search).
    pub fn table_entries(mut self, entries: usize) -> Self {
        self.table_entries = entries.max(2);
        self.table_auto = false;
        self.table = None;
        self.shared = None;
        self
    }

    /// Sets the transposition table's size: [`TableSize::Log2`] as
    /// [`table_entries`](Self::table_entries), or [`TableSize::Auto`], sized at each search
    /// to its limits and threads. An automatic table only grows: a search given less time
    /// than an earlier one keeps the larger table and what it holds.
    ///
    /// ```
    /// use std::time::Duration;
    /// use sowing::search::{AlphaBeta, Limits, TableSize};
    /// use sowing::{Ruleset, kalah::Kalah};
    ///
    /// let rules = Kalah::default();
    /// let limits = Limits { depth: Some(6), nodes: None, time: Some(Duration::from_secs(2)) };
    /// let mut ab = AlphaBeta::new(limits).table_size(TableSize::Auto);
    /// ab.search(&rules, &rules.start());
    /// assert_eq!(ab.table_bytes(), 32 << 20);
    /// ```
    pub fn table_size(self, size: TableSize) -> Self {
        match size {
            TableSize::Log2(n) => self.table_entries(1 << n.min(usize::BITS - 1)),
            TableSize::Auto => {
                let mut ab = self.table_entries(1 << TableSize::AUTO_MIN);
                ab.table_auto = true;
                ab
            }
        }
    }

    /// The bytes of the transposition table the next search uses (allocated at the first
    /// search): [`TableSize::ENTRY_BYTES`] an entry.
    pub fn table_bytes(&self) -> usize {
        self.table_entries.next_power_of_two() * TableSize::ENTRY_BYTES
    }

    /// With [`TableSize::Auto`], the table grown to what the limits ask for (before a
    /// search: a table allocated earlier is dropped only when a larger one is wanted).
    fn fit_table(&mut self) {
        if !self.table_auto {
            return;
        }
        let bits = TableSize::Auto.log2_entries(&self.limits, self.options.threads);
        let want = 1usize << bits;
        let allocated = self.table.is_some() || self.shared.is_some();
        if want > self.table_entries || (!allocated && want != self.table_entries) {
            self.table_entries = want;
            self.table = None;
            self.shared = None;
            for h in &mut self.helpers {
                h.table_entries = want;
            }
        }
    }

    /// Searches with `1 + evals.len()` threads sharing one table (Lazy SMP), the helper
    /// threads evaluating with `evals`, one each; sets [`SearchOptions::threads`]. The
    /// result is the first thread's (its nodes those of every thread).
    ///
    /// ```
    /// use sowing::search::{AlphaBeta, Limits, StoreDifference};
    /// use sowing::{Ruleset, kalah::Kalah};
    /// let rules = Kalah::default();
    /// let mut ab = AlphaBeta::new(Limits::depth(8)).threads(vec![StoreDifference]);
    /// let result = ab.search(&rules, &rules.start());
    /// assert_eq!(result.depth, 8);
    /// assert!(rules.is_legal(&rules.start(), result.best.unwrap()));
    /// ```
    pub fn threads(mut self, evals: Vec<E>) -> Self {
        self.options.threads = (1 + evals.len()).min(usize::from(u8::MAX)) as u8;
        self.helpers = evals
            .into_iter()
            .enumerate()
            .map(|(i, eval)| {
                let mut helper = AlphaBeta::with_evaluator(self.limits, eval);
                helper.table_entries = self.table_entries;
                helper.tuning = self.tuning;
                helper.skew = (i % 2 == 0).into();
                helper
            })
            .collect();
        self.shared = None;
        self
    }

    /// Sets the search refinements.
    pub fn options(mut self, options: SearchOptions) -> Self {
        let threads = self.options.threads;
        self.options = options;
        if !self.helpers.is_empty() {
            self.options.threads = threads;
        }
        self
    }

    /// Searches with `tuning` in place of the game's own,
    /// [`Heuristic::SEARCH_TUNING`] (for tuning the margins).
    pub fn tuning(mut self, tuning: SearchTuning) -> Self {
        self.tuning = Some(tuning);
        for h in &mut self.helpers {
            h.tuning = Some(tuning);
        }
        self
    }

    /// The tuning the search uses in the game of `R`: the one given to
    /// [`tuning`](Self::tuning), or else the game's own.
    pub fn search_tuning<R: Heuristic>(&self) -> SearchTuning {
        self.tuning.unwrap_or(R::SEARCH_TUNING)
    }

    /// Sets the limits of the next searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Sets the lines the next searches find ([`SearchOptions::multipv`]), keeping the table.
    pub fn set_multipv(&mut self, lines: u8) {
        self.options.multipv = lines;
    }

    /// A flag another thread may raise to stop the search (checked every 1024 nodes); the
    /// search then returns the best move found so far. The search never lowers it.
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Forgets what earlier searches stored (table, killers, history).
    pub fn clear(&mut self) {
        if let Some(t) = &mut self.table {
            t.clear();
        }
        if let Some(t) = &self.shared {
            t.clear();
        }
        for h in &mut self.helpers {
            h.killers.clear();
            h.history.iter_mut().for_each(|h| *h = 0);
        }
        self.killers.clear();
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The search refinements.
    pub fn search_options(&self) -> SearchOptions {
        self.options
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// Runs the search with the options' code compiled in even when every option is off
    /// (the search leaves it out then): for `benches/search.rs`, which measures what
    /// switched-off options would cost without that.
    #[doc(hidden)]
    pub fn with_option_code(mut self) -> Self {
        self.option_code = true;
        self
    }
}
