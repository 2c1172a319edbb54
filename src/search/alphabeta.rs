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

use std::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::agent::Agent;
use super::eval::{Evaluator, StoreDifference, WIN, final_value};
use super::limits::Limits;
use super::tt::{Bound, Entry, SharedTable, Table};
use crate::hashing::MoveHasher;
use crate::ruleset::Ruleset;
use crate::tuning::SearchTuning;

/// What one search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move found, or `None` if the game is over.
    pub best: Option<M>,
    /// Its value for the player to move (evaluation units; beyond ±[`WIN`] a game won or lost
    /// by force).
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
}

/// Search refinements beyond plain alpha-beta with a table, killers and PVS.
///
/// [`AlphaBeta::new`] has them all off, which keeps values exact (a search to the end finds
/// the game's value); [`AgentSpec`](super::AgentSpec)'s `alphabeta` uses
/// [`SearchOptions::AGENT`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// At the horizon, go on searching moves that raise the mover's store by 2 or more
    /// (captures), standing pat on the evaluation.
    pub quiescence: bool,
    /// Search late quiet moves (from the game's [`SearchTuning::lmr_from`] on: the fourth
    /// move by default, Kalah's second; in nodes of depth 3 or more, neither a capture nor an
    /// extra turn) shallower first, with a null window: one ply, more for later moves at
    /// greater depths (`1 + ln(depth) ln(move number) / 2`); a move that beats alpha is
    /// searched again at full depth (late-move reductions).
    pub lmr: bool,
    /// Order the moves after the table move and killers by how often they caused a cutoff.
    pub history: bool,
    /// Extend the moves after which the mover moves again (Kalah's extra turn): search them
    /// to the node's own depth, so that a turn counts as one ply however many extra turns it
    /// takes, and the horizon does not fall in the middle of one. No line goes past twice
    /// the iteration's depth. Only in games whose [`SearchTuning::extend`] asks for it
    /// (Kalah; not Tsoro, whose relays and bonus takes are decisions of the same player too,
    /// but where it was not measured).
    pub extend: bool,
    /// Order the moves after the table move and killers by what they do first: extra turns,
    /// then by the seeds they bring the mover's store (captures largest first), then (with
    /// [`history`](Self::history)) by history. Each of those moves is played once more to
    /// see it. Off in the default agent: with it, Tsoro searches about half the nodes to
    /// depth 10 of `examples/depth.rs` (2,995,808 -> 1,540,671) and Kalah 17% fewer to depth
    /// 14, Toguz Kumalak about as many, but the extra sowings slow each node, and at 200 ms a
    /// move against the default it scored 48-0-52 in Tsoro and 44-14-42 in Kalah (100 games
    /// each): no gain in play.
    pub tactical: bool,
    /// From depth 4, search the root in a window around the last iteration's value, and
    /// again in the full window when the value falls outside.
    pub aspiration: bool,
    /// Reverse futility pruning (a static null move: the games have no pass to search a
    /// real one): in a null-window node of depth 3 or less whose evaluation beats beta by
    /// 1.5 seeds a ply (150 units of the tuned evaluations; the game's
    /// [`SearchTuning::rfp_margin`]), return the evaluation without
    /// searching. Guarded against zugzwang, common in mancala endings: never with fewer than
    /// 3 legal moves, where the mover may be forced into a bad sowing.
    pub rfp: bool,
    /// Futility pruning: in a null-window node of depth 2 or less whose evaluation plus 2
    /// seeds a ply (200 units; the game's [`SearchTuning::futility_margin`]) cannot reach
    /// alpha, skip the quiet moves after the first
    /// (those that neither capture, raising the mover's store by 2 or more, nor give an
    /// extra turn).
    pub futility: bool,
    /// Null-move pruning: in a null-window node of depth 3 or more whose evaluation beats
    /// beta, hand the turn to the opponent without a move
    /// ([`Ruleset::null_move`](crate::Ruleset::null_move)) and search his replies
    /// `2 + depth / 4` plies shallower than a move would be; if he cannot bring the value
    /// below beta even so, return beta's side of it without searching the moves. Never twice
    /// in a row, never with fewer than 3 legal moves (zugzwang: in mancala endings the
    /// obligation to sow is often the mover's undoing, which a pass does not feel), and only
    /// in games that give the position ([`Ruleset::null_move`](crate::Ruleset::null_move):
    /// Toguz Kumalak). Off in the default agent: in Toguz Kumalak it halves the nodes to
    /// depth 12 of `examples/depth.rs` and searches 5 plies deeper at 200 ms a move, but
    /// loses to the default at equal time (23-1-56 in 80 games, 29%). A pass keeps the
    /// mover's holes as they are, while every real sowing spreads his balls into the
    /// opponent's holes and changes what both sides can capture next, so what a pass proves
    /// says little about the moves.
    pub null_move: bool,
    /// Answer a forced move (one legal move) at once, without searching and without
    /// reporting a search: time management that spends nothing where there is nothing to
    /// choose. Only in a search with a time limit and no stop flag (a program that asks
    /// for depths or stops the search itself, as the engine protocol does, gets its search).
    pub forced: bool,
    /// Threads searching at once (Lazy SMP): every thread searches the same position by
    /// iterative deepening, sharing one transposition table, and the first thread's result
    /// is the answer; the others fill the table with what it will need. 0 and 1 are one
    /// thread. [`AlphaBeta::threads`] gives the helper threads their evaluations.
    pub threads: u8,
}

/// The deepest node [`SearchOptions::rfp`] prunes.
const RFP_DEPTH: u32 = 3;
/// The deepest node [`SearchOptions::futility`] prunes.
const FUTILITY_DEPTH: u32 = 2;

/// The shallowest node [`SearchOptions::null_move`] prunes.
const NULL_DEPTH: u32 = 3;

/// The fewest legal moves with which [`SearchOptions::rfp`] and [`SearchOptions::null_move`]
/// prune: with fewer, the side to move may be forced into a bad sowing (zugzwang), which a
/// static value does not see.
const ZUGZWANG_MOVES: usize = 3;

impl SearchOptions {
    /// Everything off: plain alpha-beta, exact when searched to the end.
    pub const CLASSIC: SearchOptions = SearchOptions {
        quiescence: false,
        lmr: false,
        history: false,
        extend: false,
        tactical: false,
        aspiration: false,
        rfp: false,
        futility: false,
        null_move: false,
        forced: false,
        threads: 1,
    };
    /// The options of the default agent (issue 23): late-move reductions, history ordering,
    /// extra turns extended, reverse futility and futility pruning, forced moves at once. On
    /// the 50 positions a game of `examples/depth.rs` they cut the time to depth 10 of Toguz
    /// Kumalak about 15 times and to depth 10 of Tsoro 2.7 times; Kalah's depth 14, extended,
    /// takes 7.1 M nodes against the options' 12.4 M all off. At 200 ms a move against the
    /// options all off at 1 s (five times the time), in one binary: Toguz Kumalak 45-80
    /// (56%), Kalah 308.5-600 (51%), Tsoro 20-40 (50%). (Five times the time is worth little
    /// in Kalah: the options all off at 200 ms scored 84-200, 42%, against themselves at
    /// 1 s.)
    pub const AGENT: SearchOptions = SearchOptions {
        quiescence: false,
        lmr: true,
        history: true,
        extend: true,
        tactical: false,
        aspiration: false,
        rfp: true,
        futility: true,
        null_move: false,
        forced: true,
        threads: 1,
    };

    /// Whether any option is on. With none, the search runs a copy of itself compiled
    /// without the options' code, so that options switched off cost nothing.
    pub const fn any(self) -> bool {
        self.quiescence
            || self.lmr
            || self.history
            || self.extend
            || self.tactical
            || self.aspiration
            || self.rfp
            || self.futility
            || self.null_move
    }
}

/// The value of a position without moves: the finished game's [`final_value`].
fn end_value<R: Ruleset>(rules: &R, state: &R::State) -> i32 {
    rules
        .outcome(state)
        .map_or(0, |o| final_value(rules, state, o))
}

/// History slots per player.
const HISTORY: usize = 1024;

fn history_slot<M: Hash>(mv: &M, me: crate::Player) -> usize {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    me.index() * HISTORY + ((h.finish() >> 40) as usize & (HISTORY - 1))
}

/// How often (in nodes) the options' copy of the search looks at the clock.
const CLOCK_NODES: u64 = 256;

/// The options' copy of the search stops at the time limit less this fraction of it
/// (1/`TIME_RESERVE`).
const TIME_RESERVE: u32 = 20;

/// The most moves [`MoveOrder`] sorts (a [`SortBuffer`]'s size); larger move lists are left
/// in generation order.
const SORTED: usize = 48;

/// The deepest quiescence search, in plies past the horizon.
const QS_PLIES: usize = 8;

/// Late-move reduction of the `i`-th move (from 0) of a node of `depth` (at least 3): one
/// ply, more for later moves at greater depths, `1 + ln(depth) ln(i) / LMR_DIVISOR`,
/// leaving at least one ply to search.
fn lmr_reduction(depth: u32, i: usize) -> u32 {
    let extra = LMR_EXTRA[(depth as usize).min(LMR_TABLE - 1)][i.min(LMR_TABLE - 1)];
    (1 + u32::from(extra)).min(depth - 2)
}

/// Depths and move numbers past which [`lmr_reduction`]'s logarithmic term is read at the
/// last entry (it grows by about a ply from 63 to 200).
const LMR_TABLE: usize = 64;

/// [`lmr_reduction`]'s logarithmic term, `ln(depth) ln(i) / LMR_DIVISOR` rounded down, by
/// depth and move number: two logarithms a reduced move were 1.3% of a Toguz Kumalak search's
/// instructions.
static LMR_EXTRA: std::sync::LazyLock<[[u8; LMR_TABLE]; LMR_TABLE]> =
    std::sync::LazyLock::new(|| {
        std::array::from_fn(|depth| {
            std::array::from_fn(|i| {
                ((depth as f32).ln() * (i as f32).ln() / LMR_DIVISOR).max(0.0) as u8
            })
        })
    });

/// The divisor of [`lmr_reduction`]'s logarithmic term: smaller reduces more.
const LMR_DIVISOR: f32 = 2.0;

/// The order of a node's moves: the table move and the killers (those of them that are
/// legal, once each), then the rest, by history when `sort` (largest first, ties in the
/// order generated; an insertion sort), else as generated. The rest are scored and sorted
/// only when the first moves are used up, since a cutoff often comes before, into the
/// search's buffer of the node's ply ([`SortBuffer`]), kept from node to node so that no
/// node clears one.
struct MoveOrder<'a, M> {
    moves: &'a [M],
    firsts: [Option<M>; 3],
    nf: usize,
    sort: bool,
    /// Moves handed out so far (the next one's index in the order).
    given: usize,
    /// With `sort`: how many of the rest are in the buffer, once `filled`.
    nr: usize,
    filled: bool,
    /// With `!sort`: the next index of `moves` to look at.
    next: usize,
}

/// The rest of a node's moves when [`MoveOrder`] sorts them: each a key, the history score
/// above 8 bits of `255 -` its index in the node's moves, sorted largest first (so that
/// moves of equal score keep the order they were generated in).
type SortBuffer = [u64; SORTED];

impl<'a, M: Copy + Eq + Hash> MoveOrder<'a, M> {
    /// The order of `moves` (not empty), the `candidates` first where legal.
    #[inline]
    fn new(moves: &'a [M], candidates: [Option<M>; 3], sort: bool) -> Self {
        let mut firsts = [None; 3];
        let mut nf = 0;
        for mv in candidates.into_iter().flatten() {
            if moves.contains(&mv) && !firsts[..nf].contains(&Some(mv)) {
                firsts[nf] = Some(mv);
                nf += 1;
            }
        }
        MoveOrder {
            moves,
            firsts,
            nf,
            sort,
            given: 0,
            nr: 0,
            filled: false,
            next: 0,
        }
    }

    /// The next move: the history of `me` orders the rest, sorted into `buffer` (this
    /// node's own until it is done).
    #[inline(always)]
    fn next(
        &mut self,
        history: &[i32],
        buffer: &mut SortBuffer,
        me: crate::Player,
        tactic: Option<&dyn Fn(M) -> u64>,
    ) -> Option<M> {
        if self.given < self.nf {
            self.given += 1;
            return self.firsts[self.given - 1];
        }
        if !self.sort {
            while let Some(&mv) = self.moves.get(self.next) {
                self.next += 1;
                if !self.firsts[..self.nf].contains(&Some(mv)) {
                    self.given += 1;
                    return Some(mv);
                }
            }
            return None;
        }
        if !self.filled {
            self.fill(history, buffer, me, tactic);
        }
        let k = self.given - self.nf;
        self.given += 1;
        let key = *buffer[..self.nr].get(k)?;
        self.moves.get(255 - (key & 0xFF) as usize).copied()
    }

    /// Scores the rest by `history` into `buffer` and sorts them.
    #[inline(never)]
    fn fill(
        &mut self,
        history: &[i32],
        buffer: &mut SortBuffer,
        me: crate::Player,
        tactic: Option<&dyn Fn(M) -> u64>,
    ) {
        self.filled = true;
        for (i, mv) in self.moves.iter().copied().enumerate() {
            if !self.firsts[..self.nf].contains(&Some(mv)) {
                let score = history
                    .get(history_slot(&mv, me))
                    .map_or(0, |&h| h.max(0) as u64);
                let rank = tactic.map_or(0, |t| t(mv));
                buffer[self.nr] = rank << 40 | score << 8 | (255 - i as u64);
                self.nr += 1;
            }
        }
        // Insertion sort, largest first: a handful of moves, each shifted into place.
        for i in 1..self.nr {
            let key = buffer[i];
            let mut j = i;
            while j > 0 && buffer[j - 1] < key {
                buffer[j] = buffer[j - 1];
                j -= 1;
            }
            buffer[j] = key;
        }
    }
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
        }
    }

    /// Sets the transposition table's size in entries (allocated at the first search).
    pub fn table_entries(mut self, entries: usize) -> Self {
        self.table_entries = entries.max(2);
        self.table = None;
        self.shared = None;
        self
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
    /// [`Ruleset::SEARCH_TUNING`](crate::Ruleset::SEARCH_TUNING) (for tuning the margins).
    pub fn tuning(mut self, tuning: SearchTuning) -> Self {
        self.tuning = Some(tuning);
        for h in &mut self.helpers {
            h.tuning = Some(tuning);
        }
        self
    }

    /// The tuning the search uses in the game of `R`: the one given to
    /// [`tuning`](Self::tuning), or else the game's own.
    pub fn search_tuning<R: Ruleset>(&self) -> SearchTuning {
        self.tuning.unwrap_or(R::SEARCH_TUNING)
    }

    /// Sets the limits of the next searches.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
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

impl<M: Copy + Eq, E> AlphaBeta<M, E> {
    /// Starts loading the table's slot of `key`, whichever table the search uses.
    #[inline(always)]
    fn prefetch_slot(&self, key: u64) {
        match (&self.shared, &self.table) {
            (Some(t), _) => t.prefetch(key),
            (None, Some(t)) => t.prefetch(key),
            (None, None) => {}
        }
    }

    fn table(&mut self) -> &Table<M> {
        self.table_mut()
    }

    fn table_mut(&mut self) -> &mut Table<M> {
        let entries = self.table_entries;
        self.table.get_or_insert_with(|| Table::new(entries))
    }

    /// Whether the search must stop. `OPT` (the options' copy of the search) looks at the
    /// clock every [`CLOCK_NODES`] nodes for sure and stops [`TIME_RESERVE`] of the time
    /// early, so that unwinding and a busy machine stay inside the limit; the plain copy looks
    /// when an inner node's count is a multiple of 1024, as before.
    fn out_of_budget<const OPT: bool>(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
        let due = if OPT {
            self.nodes >= self.next_clock
        } else {
            self.nodes % 1024 == 0
        };
        if due {
            self.next_clock = self.nodes + CLOCK_NODES;
            if let Some(t) = self.limits.time {
                let t = if OPT { t - t / TIME_RESERVE } else { t };
                if self.started.elapsed() >= t {
                    self.stopped = true;
                }
            }
            if let Some(flag) = &self.stop {
                if flag.load(Ordering::Relaxed) {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }
}

impl<M: Copy + Eq + Hash + Send + Sync, E> AlphaBeta<M, E> {
    /// Searches `state` within the limits and returns the best move found.
    pub fn search<R: Ruleset<Move = M>>(&mut self, rules: &R, state: &R::State) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        self.search_with(rules, state, |_| {})
    }

    /// [`search`](AlphaBeta::search), calling `report` after each completed iteration (for
    /// `info` lines).
    pub fn search_with<R: Ruleset<Move = M>, F: FnMut(&SearchResult<M>)>(
        &mut self,
        rules: &R,
        state: &R::State,
        report: F,
    ) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        if !self.helpers.is_empty() {
            return self.search_parallel(rules, state, report);
        }
        self.search_alone(rules, state, report)
    }

    /// Lazy SMP: the helpers search the same position on their own threads, sharing the
    /// table, until this thread's search ends.
    fn search_parallel<R: Ruleset<Move = M>, F: FnMut(&SearchResult<M>)>(
        &mut self,
        rules: &R,
        state: &R::State,
        report: F,
    ) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        let entries = self.table_entries;
        let shared = Arc::clone(
            self.shared
                .get_or_insert_with(|| Arc::new(SharedTable::new(entries))),
        );
        let halt = Arc::new(AtomicBool::new(false));
        let mut helpers = std::mem::take(&mut self.helpers);
        let limits = Limits {
            depth: Some(self.limits.max_depth()),
            nodes: None,
            time: self.limits.time,
        };
        let mut options = self.options;
        options.forced = false;
        for h in &mut helpers {
            h.shared = Some(Arc::clone(&shared));
            h.stop = Some(Arc::clone(&halt));
            h.limits = limits;
            h.options = options;
        }
        let mut result = std::thread::scope(|scope| {
            for h in &mut helpers {
                scope.spawn(|| h.search_alone(rules, state, |_| {}));
            }
            let result = self.search_alone(rules, state, report);
            halt.store(true, Ordering::Relaxed);
            result
        });
        result.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        if let Some(last) = &mut self.last {
            last.nodes = result.nodes;
        }
        self.helpers = helpers;
        result
    }

    /// The search on this thread.
    fn search_alone<R: Ruleset<Move = M>, F: FnMut(&SearchResult<M>)>(
        &mut self,
        rules: &R,
        state: &R::State,
        mut report: F,
    ) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        self.started = Instant::now();
        self.nodes = 0;
        self.next_clock = 0;
        self.stopped = false;
        if self.table.is_none() && self.shared.is_none() {
            self.table = Some(Table::new(self.table_entries));
        }
        if self.options.history {
            if self.history.len() != 2 * HISTORY {
                self.history = vec![0; 2 * HISTORY];
            }
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
        let moves = rules.legal_moves(state);
        let mut result = SearchResult {
            best: moves.first().copied(),
            value: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if moves.is_empty() {
            result.value = end_value(rules, state);
            return result;
        }
        if self.options.forced
            && moves.len() == 1
            && self.limits.time.is_some()
            && self.stop.is_none()
        {
            // Nothing searched: nothing to report to a match's figures either.
            result.elapsed = self.started.elapsed();
            result.pv = vec![moves[0]];
            self.last = None;
            return result;
        }
        let options = self.options.any() || self.option_code || self.shared.is_some();
        for depth in 1..=self.limits.max_depth() {
            if self.killers.len() < depth as usize + 1 {
                self.killers.resize(depth as usize + 1, [None, None]);
            }
            let searched = (depth + self.skew).min(self.limits.max_depth());
            // Every node keeps its ply plus its depth within twice the iteration's depth (a
            // move extended by `extend` takes no depth, and only inside that bound): 2
            // searched + 1 buffers cover every ply.
            self.ply_limit = 2 * searched as usize;
            if self.sort_buffers.len() < self.ply_limit + 1 {
                self.sort_buffers.resize(self.ply_limit + 1, [0; SORTED]);
                self.null_plies.resize(self.ply_limit + 1, false);
            }
            let (value, best) = if options {
                self.root::<R, true>(rules, state, searched, result.value)
            } else {
                self.root::<R, false>(rules, state, depth, result.value)
            };
            if self.stopped && depth > 1 {
                // An unfinished iteration searched the last best move first: a move that
                // finished with a better value is the better choice.
                if let Some(mv) = best {
                    result.best = Some(mv);
                }
                break;
            }
            result.best = best.or(result.best);
            result.value = value;
            result.depth = depth;
            result.nodes = self.nodes;
            result.elapsed = self.started.elapsed();
            result.pv = self.pv(rules, state, depth as usize);
            report(&result);
            if self.stopped || value.abs() >= WIN {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        self.last = Some(result.clone());
        result
    }

    /// The principal variation from `state`: the best moves the table holds, up to `max`.
    pub fn pv<R: Ruleset<Move = M>>(&self, rules: &R, state: &R::State, max: usize) -> Vec<M> {
        let mut line = Vec::new();
        let mut s = *state;
        if self.table.is_none() && self.shared.is_none() {
            return line;
        }
        while line.len() < max {
            let probed = match (&self.shared, &self.table) {
                (Some(t), _) => t.probe(rules.hash(&s), &rules.legal_moves(&s)),
                (None, Some(t)) => t.probe(rules.hash(&s)),
                (None, None) => None,
            };
            let Some(mv) = probed.and_then(|e| e.mv) else {
                break;
            };
            if !rules.is_legal(&s, mv) {
                break;
            }
            rules.play_unchecked(&mut s, mv);
            line.push(mv);
        }
        line
    }

    /// The root of one iteration. `OPT`: the [`SearchOptions`]' code is compiled in (with
    /// every option off, the search runs without it).
    fn root<R: Ruleset<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        last: i32,
    ) -> (i32, Option<M>)
    where
        E: Evaluator<R>,
    {
        self.root_best = None;
        if OPT && self.options.aspiration && depth >= 4 && last.abs() < WIN {
            let delta = 50;
            let (lo, hi) = (last - delta, last + delta);
            let v = self.negamax::<R, OPT>(rules, state, depth, lo, hi, 0);
            if self.stopped || (v > lo && v < hi) {
                return (v, self.root_best);
            }
            self.root_best = None;
        }
        let v = self.negamax::<R, OPT>(rules, state, depth, -WIN * 2, WIN * 2, 0);
        (v, self.root_best)
    }

    /// Captures only, standing pat on the evaluation (see [`SearchOptions::quiescence`]).
    fn quiesce<R: Ruleset<Move = M>>(
        &mut self,
        rules: &R,
        state: &R::State,
        mut alpha: i32,
        beta: i32,
        qply: usize,
    ) -> i32
    where
        E: Evaluator<R>,
    {
        self.nodes += 1;
        let moves = rules.legal_moves(state);
        if moves.is_empty() {
            return end_value(rules, state);
        }
        let stand = self.eval.evaluate(rules, state);
        if stand >= beta || qply >= QS_PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let me = rules.to_move(state);
        let store = rules.seed_count(state).store(me);
        for mv in moves.iter().copied() {
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            if rules.seed_count(&child).store(me) < store + 2 {
                continue;
            }
            let v = if rules.to_move(&child) == me {
                self.quiesce(rules, &child, alpha, beta, qply + 1)
            } else {
                -self.quiesce(rules, &child, -beta, -alpha, qply + 1)
            };
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The value of `child` (reached by one ply from a position where `me` was to move) for
    /// `me`, searched in the window `alpha..beta` of `me`.
    #[allow(clippy::too_many_arguments)]
    fn child_value<R: Ruleset<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        me: crate::Player,
        child: &R::State,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32
    where
        E: Evaluator<R>,
    {
        if rules.to_move(child) == me {
            self.negamax::<R, OPT>(rules, child, depth, alpha, beta, ply)
        } else {
            -self.negamax::<R, OPT>(rules, child, depth, -beta, -alpha, ply)
        }
    }

    #[allow(clippy::too_many_lines)]
    fn negamax<R: Ruleset<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32
    where
        E: Evaluator<R>,
    {
        self.nodes += 1;
        if depth == 0 {
            if OPT && self.options.quiescence {
                self.nodes -= 1;
                return self.quiesce(rules, state, alpha, beta, 0);
            }
            // Most nodes are leaves: whether the game is over is cheaper to ask than every
            // legal move (none exactly when it is over).
            if rules.is_over(state) {
                return end_value(rules, state);
            }
            return self.eval.evaluate(rules, state);
        }
        let moves = rules.legal_moves(state);
        if moves.is_empty() {
            return end_value(rules, state);
        }
        if ply > 0 && self.out_of_budget::<OPT>() {
            return 0;
        }
        let key = rules.hash(state);
        let mut tt_move = None;
        let probed = match &self.shared {
            Some(t) if OPT => t.probe(key, &moves),
            _ => self.table().probe(key),
        };
        if let Some(e) = probed {
            tt_move = e.mv;
            if u32::from(e.depth) >= depth && ply > 0 {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower if e.value >= beta => return e.value,
                    Bound::Upper if e.value <= alpha => return e.value,
                    _ => {}
                }
            }
        }

        // Pruning before the moves are searched, in null-window nodes near the horizon.
        let mut static_eval = None;
        if OPT
            && (self.options.rfp || self.options.futility)
            && ply > 0
            && beta - alpha == 1
            && depth <= RFP_DEPTH.max(FUTILITY_DEPTH)
            && beta.abs() < WIN
        {
            let e = self.eval.evaluate(rules, state);
            let tuning = self.search_tuning::<R>();
            if self.options.rfp
                && depth <= RFP_DEPTH
                && moves.len() >= ZUGZWANG_MOVES
                && e.saturating_sub(tuning.rfp_margin.saturating_mul(depth as i32)) >= beta
            {
                return e;
            }
            if self.options.futility && depth <= FUTILITY_DEPTH {
                let hope = e.saturating_add(tuning.futility_margin.saturating_mul(depth as i32));
                if hope <= alpha {
                    static_eval = Some(hope);
                }
            }
        }
        // And deeper by a null move.
        if OPT
            && self.options.null_move
            && ply > 0
            && beta - alpha == 1
            && depth >= NULL_DEPTH
            && beta.abs() < WIN
            && moves.len() >= ZUGZWANG_MOVES
        {
            if let Some(v) = self.null_search::<R, OPT>(rules, state, depth, beta, ply) {
                return v;
            }
            if self.stopped {
                return 0;
            }
        }

        // Order: table move, killers, then the rest by history (or as generated), sorted
        // only once the first moves have failed to cut off.
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let sort = OPT && (self.options.history || self.options.tactical) && moves.len() <= SORTED;
        let order = MoveOrder::new(&moves, [tt_move, killers[0], killers[1]], sort);
        self.search_moves::<R, OPT>(
            rules,
            state,
            depth,
            (alpha, beta),
            ply,
            (key, &moves),
            static_eval,
            order,
        )
    }

    /// [`SearchOptions::null_move`] at a node of `depth` and null window `beta - 1..beta`,
    /// whose evaluation must beat beta: the value to return when the opponent, given the turn
    /// for nothing, still cannot bring the mover below beta (a proven win is not trusted, and
    /// becomes beta); `None` when he can, when the node was itself reached by a null move, or
    /// when the game gives no null move. Out of line: the default agent never calls it.
    #[inline(never)]
    fn null_search<R: Ruleset<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        beta: i32,
        ply: usize,
    ) -> Option<i32>
    where
        E: Evaluator<R>,
    {
        if self.null_plies.get(ply).copied().unwrap_or(true) {
            return None;
        }
        let passed = rules.null_move(state)?;
        if self.eval.evaluate(rules, state) < beta {
            return None;
        }
        let reduced = depth.saturating_sub(1 + 2 + depth / 4);
        let me = rules.to_move(state);
        // The iteration sized the flags for every ply it reaches (`negamax` reads a missing
        // flag as set, so a node past them makes no null move).
        *self.null_plies.get_mut(ply + 1)? = true;
        let v = self.child_value::<R, OPT>(rules, me, &passed, reduced, beta - 1, beta, ply + 1);
        self.null_plies[ply + 1] = false;
        (v >= beta && !self.stopped).then_some(if v >= WIN { beta } else { v })
    }

    /// The move loop of [`negamax`](Self::negamax): searches the moves in the given order and
    /// stores the result in the table.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_moves<R: Ruleset<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        (mut alpha, beta): (i32, i32),
        ply: usize,
        (key, moves): (u64, &[M]),
        futile: Option<i32>,
        mut order: MoveOrder<'_, M>,
    ) -> i32
    where
        E: Evaluator<R>,
    {
        let me = rules.to_move(state);
        let alpha0 = alpha;
        let store = if OPT && (self.options.lmr || self.options.tactical || futile.is_some()) {
            rules.seed_count(state).store(me)
        } else {
            0
        };
        let mut best = -WIN * 2;
        let mut best_move = None;
        // What a move did, read from the position after it: whether it gave an extra turn
        // (the mover moves again), and the seeds it brought the mover's store.
        let again = |child: &R::State| rules.to_move(child) == me;
        let did = |child: &R::State| {
            (
                again(child),
                rules.seed_count(child).store(me).saturating_sub(store),
            )
        };
        // Quiet: neither an extra turn nor a capture (the mover's store grows by 2 or more).
        let quiet = |child: &R::State| {
            let (extra, gain) = did(child);
            !extra && gain < 2
        };
        // With `tactical`, a move's rank before history: an extra turn, then the seeds it
        // brings the store.
        let rank = |mv: M| {
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            let (extra, gain) = did(&child);
            u64::from(extra) << 15 | u64::from(gain).min(0x7FFF)
        };
        let tactic: Option<&dyn Fn(M) -> u64> = if OPT && self.options.tactical {
            Some(&rank)
        } else {
            None
        };
        // With `extend`, a move after which the mover moves again is searched to this depth
        // (the turn goes on), while the line stays inside `ply_limit`: every node keeps
        // ply + depth <= ply_limit.
        let tuning = self.search_tuning::<R>();
        let extend =
            OPT && self.options.extend && tuning.extend && ply + (depth as usize) < self.ply_limit;
        while let Some(mv) = order.next(&self.history, &mut self.sort_buffers[ply], me, tactic) {
            let i = order.given - 1;
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            if depth >= 2 {
                // The child probes its table slot after generating its moves: start the load
                // now (on a miss it is the search's largest single cost).
                self.prefetch_slot(rules.hash(&child));
            }
            let next = if extend && again(&child) {
                depth
            } else {
                depth - 1
            };
            if let Some(hope) = futile {
                if i > 0 && quiet(&child) {
                    if hope > best {
                        best = hope;
                    }
                    continue;
                }
            }
            let v = if i == 0 {
                self.child_value::<R, OPT>(rules, me, &child, next, alpha, beta, ply + 1)
            } else {
                let r = if OPT
                    && self.options.lmr
                    && depth >= 3
                    && i >= tuning.lmr_from
                    && quiet(&child)
                {
                    lmr_reduction(depth, i)
                } else {
                    0
                };
                let mut v = alpha + 1;
                if r > 0 {
                    v = self.child_value::<R, OPT>(
                        rules,
                        me,
                        &child,
                        next - r,
                        alpha,
                        alpha + 1,
                        ply + 1,
                    );
                }
                if v > alpha {
                    v = self.child_value::<R, OPT>(
                        rules,
                        me,
                        &child,
                        next,
                        alpha,
                        alpha + 1,
                        ply + 1,
                    );
                    if v > alpha && v < beta {
                        v = self.child_value::<R, OPT>(rules, me, &child, next, v, beta, ply + 1);
                    }
                }
                v
            };
            if self.stopped {
                return best.max(v);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                // At the root, only a value inside the window is a move's real value (a
                // narrow aspiration window can fail low on every move).
                if ply == 0 && v > alpha {
                    self.root_best = Some(mv);
                }
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                if let Some(k) = self.killers.get_mut(ply) {
                    if k[0] != Some(mv) {
                        k[1] = k[0];
                        k[0] = Some(mv);
                    }
                }
                if OPT && self.options.history {
                    let slot = history_slot(&mv, me);
                    // The square of the depth the move was searched to, its own ply counted
                    // (an extended move one more than the node's).
                    let searched = next + 1;
                    self.history[slot] =
                        (self.history[slot] + (searched * searched) as i32).min(1 << 24);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let depth = depth.min(u32::from(u16::MAX)) as u16;
        if let (true, Some(t)) = (OPT, &self.shared) {
            let index = best_move.and_then(|b| moves.iter().position(|&m| m == b));
            t.store(key, best, depth, bound, index);
        } else {
            self.table_mut().store(Entry {
                key,
                mv: best_move,
                value: best,
                depth,
                bound,
            });
        }
        best
    }
}

impl<R: Ruleset, E: Evaluator<R>> Agent<R> for AlphaBeta<R::Move, E> {
    fn name(&self) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.limits.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(n) = self.limits.nodes {
            parts.push(format!("nodes={n}"));
        }
        if let Some(t) = self.limits.time {
            parts.push(format!("time={}ms", t.as_millis()));
        }
        if parts.is_empty() {
            "alphabeta".into()
        } else {
            format!("alphabeta:{}", parts.join(","))
        }
    }

    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move> {
        self.search(rules, state).best
    }

    fn summary(&self) -> Option<String> {
        self.last.as_ref().map(|r| {
            format!(
                "depth {} value {} nodes {} in {:.3} s",
                r.depth,
                r.value,
                r.nodes,
                r.elapsed.as_secs_f64()
            )
        })
    }

    fn stats(&self) -> Option<super::agent::SearchStats> {
        self.last.as_ref().map(|r| super::agent::SearchStats {
            depth: r.depth,
            nodes: r.nodes,
            elapsed: r.elapsed,
            value: r.value,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{HISTORY, MoveOrder, SORTED, history_slot};
    use crate::Player;

    /// The whole order of `moves` (as numbers) with the table move `tt`, `killer`, the
    /// history `history` and a move's rank by `tactic`.
    fn order(
        moves: &[u8],
        tt: Option<u8>,
        killer: Option<u8>,
        history: &[i32],
        tactic: Option<&dyn Fn(u8) -> u64>,
    ) -> Vec<u8> {
        let mut buffer = [0; SORTED];
        let mut order = MoveOrder::new(moves, [tt, killer, None], true);
        std::iter::from_fn(|| order.next(history, &mut buffer, Player::South, tactic)).collect()
    }

    #[test]
    fn the_rest_go_by_their_rank_then_by_history_then_as_generated() {
        let moves = [1, 2, 3, 4, 5, 6];
        let mut history = vec![0; 2 * HISTORY];
        history[history_slot(&5u8, Player::South)] = 40;
        history[history_slot(&6u8, Player::South)] = 90;
        // No rank: the table move, the killer, then history, then as generated.
        assert_eq!(
            order(&moves, Some(4), Some(2), &history, None),
            [4, 2, 6, 5, 1, 3]
        );
        // Move 3 gives an extra turn (rank 1 << 15), move 1 captures 5 seeds, move 5 two:
        // they come before history, the extra turn first.
        let rank = |mv: u8| match mv {
            3 => 1 << 15,
            1 => 5,
            5 => 2,
            _ => 0,
        };
        assert_eq!(
            order(&moves, Some(4), Some(2), &history, Some(&rank)),
            [4, 2, 3, 1, 5, 6]
        );
        // Without history (the option off, the table empty): rank, then as generated.
        assert_eq!(
            order(&moves, None, None, &[], Some(&rank)),
            [3, 1, 5, 2, 4, 6]
        );
    }
}
