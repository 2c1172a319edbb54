//! The search behind [`Solver`]: MTD(f) over null-window alpha-beta tests on boards, one
//! shared transposition table, the endgame database below, and the jobs dealt out to the
//! threads. The module docs of [`solve`](super) tell how it works.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::board::{Board, Child};
use super::database::EndgameDatabase;
use super::endgame::Endgame;
use super::table::{NO_MOVE, Table};
use super::{
    MAX_ENDGAME_SEEDS, Solution, SolveError, SolveEvent, SolverConfig, available_memory, raised,
};
use crate::hashing::mix;
use crate::kalah::state::Pie;
use crate::kalah::{Kalah, KalahMove, KalahState};
use crate::player::Player;
use crate::ruleset::Ruleset;

/// `at36` for a position of 36 seeds, doubled for every `up` seeds more (halved for every
/// three fewer): how the solver's searches measured grow.
fn grow(at36: u64, seeds: u32, up: u32) -> u64 {
    if seeds >= 36 {
        let shift = (seeds - 36) / up;
        if shift >= at36.leading_zeros() {
            u64::MAX
        } else {
            at36 << shift
        }
    } else {
        at36 >> ((36 - seeds) / 3).min(63)
    }
}

/// An exact solver for one Kalah ruleset.
#[derive(Clone, Debug)]
pub struct Solver {
    rules: Kalah,
    board: Board,
    config: SolverConfig,
    /// Raised by another thread to give the solve up ([`Solver::stop_flag`]).
    stop: Option<Arc<AtomicBool>>,
}

/// A boxed `Fn` for events, shared by the threads.
type OnEvent<'a> = &'a (dyn Fn(SolveEvent) + Sync);

struct Job {
    /// The first move, or `None` for the root itself.
    mv: Option<KalahMove>,
    child: Child,
    seeds: u32,
    /// The first guess at its board's value: estimated by the first thread to take the job.
    guess: Mutex<Option<i32>>,
    done: AtomicBool,
    started: AtomicBool,
    value: Mutex<Option<i32>>,
}

struct Shared<'a> {
    board: Board,
    db: &'a Endgame,
    tt: &'a Table,
    nodes: &'a AtomicU64,
    /// The table is used only on boards with at least this many seeds more than the database
    /// covers: below, recomputing is cheaper than a cache miss (or, in a table smaller than
    /// the search wants, than the entry it would evict).
    tt_margin: u32,
    /// Enhanced transposition cutoffs on boards with at least this many seeds more than the
    /// database covers. Nearer the database a subtree is cheaper than the table probes of
    /// all the children: from 6 seeds up, Kalah(6,3) took 35% less CPU and Kalah(5,4) 20%
    /// less than from 1 (4% and 8% more nodes).
    etc_margin: u32,
}

#[inline]
fn board_key(b: u128) -> u64 {
    mix((b as u64) ^ mix(((b >> 64) as u64).wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

/// A stop flag always raised: a stopped solver's searches read it as their job's flag.
static RAISED: AtomicBool = AtomicBool::new(true);

struct Searcher<'a> {
    sh: &'a Shared<'a>,
    /// The job's flag: raised when its value is known (another thread found it); once the
    /// solver is stopped, [`RAISED`].
    stop: &'a AtomicBool,
    /// The solver's stop flag, read every 2^14 nodes (at each flush of the node count), so
    /// that the hot path reads one flag only.
    halt: Option<&'a AtomicBool>,
    perturb: bool,
    nodes: u64,
    flushed: u64,
}

impl Searcher<'_> {
    /// [`nws`](Self::nws) of a child, seen from the mover of the parent board (`k` seeds on
    /// it): the child's gain plus its value, negated and with the window flipped unless the
    /// same player moves again.
    #[inline]
    fn child_nws(&mut self, c: Child, k: u32, beta: i32) -> i32 {
        let g = c.gain as i32;
        if c.again {
            g + self.nws(c.board, k - c.gain, beta - g)
        } else {
            g - self.nws(c.board, k - c.gain, g - beta + 1)
        }
    }

    /// The board's value if it is below `beta`, else a lower bound `>= beta` (fail-soft).
    fn nws(&mut self, b: u128, k: u32, beta: i32) -> i32 {
        let bd = &self.sh.board;
        if let Some(v) = bd.terminal(b) {
            return v;
        }
        if k <= self.sh.db.max_seeds {
            return self.sh.db.get(bd, b);
        }
        let ki = k as i32;
        let beta = bd.snap_up(beta, k);
        if beta > ki {
            return ki;
        }
        if beta <= -ki {
            return -ki;
        }
        if self.stop.load(Relaxed) {
            return 0;
        }
        self.nodes += 1;
        let first = self.nodes;
        let key = board_key(b);
        let mut tt_move = NO_MOVE;
        let use_tt = k >= self.sh.db.max_seeds + self.sh.tt_margin;
        if !use_tt {
        } else if let Some(e) = self.sh.tt.probe(key) {
            if e.lower >= beta {
                return e.lower;
            }
            if e.upper < beta {
                return e.upper;
            }
            tt_move = e.mv;
        }

        // The table's move first, before the others are even generated: often it cuts off.
        let mut best = i32::MIN;
        let mut best_move = NO_MOVE;
        if usize::from(tt_move) < bd.m && bd.pit(b, usize::from(tt_move)) != 0 {
            let v = self.child_nws(bd.sow(b, usize::from(tt_move)), k, beta);
            if self.stop.load(Relaxed) {
                return 0;
            }
            best = v;
            best_move = tt_move;
            if v >= beta {
                let work = 64 - (self.nodes - first + 1).leading_zeros();
                self.sh.tt.store(key, best, ki, best_move, work);
                return best;
            }
        } else {
            tt_move = NO_MOVE;
        }

        // Children: those the endgame database or the end of the game settles are valued at
        // once (their table loads issued together); the rest are searched in order.
        let db = self.sh.db;
        let mut kids = [(
            0i64,
            0u8,
            Child {
                board: 0,
                gain: 0,
                again: false,
            },
        ); 8];
        let mut n = 0;
        let mut exact_kids = [(0u8, 0i32, 0usize, 0i32, 0u32); 8];
        let mut ne = 0;
        for p in 0..bd.m {
            if bd.pit(b, p) == 0 || p as u8 == tt_move {
                continue;
            }
            let c = bd.sow(b, p);
            let g = c.gain as i32;
            let sign = if c.again { 1 } else { -1 };
            if let Some(t) = bd.terminal(c.board) {
                let v = g + sign * t;
                if v > best {
                    best = v;
                    best_move = p as u8;
                }
                continue;
            }
            if k - c.gain <= db.max_seeds {
                exact_kids[ne] = (p as u8, g, db.index(bd, c.board), sign, k - c.gain);
                ne += 1;
                continue;
            }
            // Its table line is asked for now, long before it is probed.
            if k - c.gain >= db.max_seeds + self.sh.tt_margin {
                self.sh.tt.prefetch(board_key(c.board));
            }
            let score = if c.again {
                // Extra turns nearest the store first: playing one leaves the others intact.
                1 << 40 | p as i64
            } else {
                // Then by the seeds the move puts in the store (captures first).
                i64::from(g) * 16 + p as i64
            };
            let mut i = n;
            while i > 0 && kids[i - 1].0 < score {
                kids[i] = kids[i - 1];
                i -= 1;
            }
            kids[i] = (score, p as u8, c);
            n += 1;
        }
        let mut vals = [0i32; 8];
        for i in 0..ne {
            vals[i] = db.at(exact_kids[i].2, exact_kids[i].4);
        }
        for i in 0..ne {
            let (p, g, _, sign, _) = exact_kids[i];
            let v = g + sign * vals[i];
            if v > best {
                best = v;
                best_move = p;
            }
        }
        if self.perturb && tt_move == NO_MOVE && n >= 2 && key & 1 == 1 {
            kids.swap(0, 1);
        }

        // Enhanced transposition cutoff: a child whose stored bound already proves the cutoff.
        if best < beta && use_tt && k >= self.sh.db.max_seeds + self.sh.etc_margin {
            for &(_, p, c) in &kids[..n] {
                if k - c.gain < self.sh.db.max_seeds + self.sh.tt_margin {
                    continue;
                }
                if let Some(e) = self.sh.tt.probe(board_key(c.board)) {
                    let g = c.gain as i32;
                    let v = if c.again { g + e.lower } else { g - e.upper };
                    if v >= beta {
                        let work = 64 - (self.nodes - first + 1).leading_zeros();
                        self.sh.tt.store(key, v, ki, p, work);
                        return v;
                    }
                }
            }
        }
        if best < beta {
            for &(_, p, c) in &kids[..n] {
                let v = self.child_nws(c, k, beta);
                if self.stop.load(Relaxed) {
                    return 0;
                }
                if v > best {
                    best = v;
                    best_move = p;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let work = 64 - (self.nodes - first + 1).leading_zeros();
        if !use_tt {
        } else if best >= beta {
            self.sh.tt.store(key, best, ki, best_move, work);
        } else {
            self.sh.tt.store(key, -ki, best, best_move, work);
        }
        if self.nodes - self.flushed >= 1 << 14 {
            self.flush();
        }
        best
    }

    /// The exact value of a board by MTD(f) from `guess`, or `None` if stopped; `bound` hears
    /// each test's result as `(lower, upper)`.
    ///
    /// Null-window tests close in on the value from `guess`; while they keep failing the
    /// same way the step doubles (a first move worth -14 when the position is worth +8 takes
    /// 7 tests rather than 12), and once the value is bracketed the window is halved.
    fn mtdf(
        &mut self,
        b: u128,
        k: u32,
        guess: i32,
        bound: &mut dyn FnMut(i32, i32),
    ) -> Option<i32> {
        let ki = k as i32;
        let bd = self.sh.board;
        // With the parity rule a value is `x` or `x + 2`: bounds of the other parity tighten.
        let unit = if bd.snap_up(ki - 1, k) != ki - 1 {
            2
        } else {
            1
        };
        let (mut lower, mut upper) = (-ki, ki);
        let mut beta = guess;
        let mut step = 1;
        let mut last: Option<bool> = None;
        let mut bracketed = false;
        while lower < upper {
            let b2 = bd.snap_up(beta.clamp(lower + 1, upper), k);
            let g = self.nws(b, k, b2);
            if self.stop.load(Relaxed) {
                return None;
            }
            let high = g >= b2;
            if high {
                lower = bd.snap_up(g, k);
            } else {
                upper = if bd.snap_up(g, k) != g { g - 1 } else { g };
            }
            bound(lower, upper);
            if last.is_some_and(|l| l != high) {
                bracketed = true;
            }
            step = if last == Some(high) { step * 2 } else { 1 };
            last = Some(high);
            beta = if bracketed {
                lower + (upper - lower + 1) / 2
            } else if high {
                lower + 1 + (step - 1) * unit
            } else {
                upper - (step - 1) * unit
            };
        }
        Some(lower)
    }

    /// A first guess at a board's value for [`mtdf`](Self::mtdf): alpha-beta
    /// [`estimate`](Self::estimate)s two plies deeper at a time while their nodes stay
    /// within a budget that grows with the seeds (about four million nodes at 48 seeds, 32
    /// million at 60). On Kalah(6,4) (one thread, 19-seed database, all first-move values) the
    /// guesses were within 4 of the values, and the search took 134 M nodes instead of 167 M
    /// (128 M with the exact values as guesses).
    fn guess(&mut self, b: u128, k: u32) -> i32 {
        let budget = grow(1 << 19, k, 4);
        let ki = k as i32;
        let start = self.nodes;
        let mut depth = 2;
        loop {
            let v = self.estimate(b, k, depth, -ki - 1, ki + 1);
            if self.nodes - start >= budget / 4 || depth >= 2 * k {
                return v.clamp(-ki, ki);
            }
            depth += 2;
        }
    }

    /// A board's value by alpha-beta `depth` plies deep (within `alpha..beta`, fail-hard),
    /// boards beyond that valued at half the seed difference between the sides (the database
    /// values those it covers). Measured against the search's own first guesses on Kalah(6,4):
    /// half the difference, nothing, and minus half gave 134 M, 133 M and 140 M nodes of
    /// search, the first with the fewest estimate nodes for the same accuracy.
    fn estimate(&mut self, b: u128, k: u32, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let bd = &self.sh.board;
        if let Some(v) = bd.terminal(b) {
            return v;
        }
        if k <= self.sh.db.max_seeds {
            return self.sh.db.get(bd, b);
        }
        if depth == 0 {
            return (bd.own_seeds(b) as i32 - bd.opp_seeds(b) as i32) / 2;
        }
        self.nodes += 1;
        let mut best = i32::MIN;
        // Nearest the store first: extra turns and captures are found early.
        for p in (0..bd.m).rev() {
            if bd.pit(b, p) == 0 {
                continue;
            }
            let c = bd.sow(b, p);
            let g = c.gain as i32;
            let v = if c.again {
                g + self.estimate(c.board, k - c.gain, depth - 1, alpha - g, beta - g)
            } else {
                g - self.estimate(c.board, k - c.gain, depth - 1, g - beta, g - alpha)
            };
            best = best.max(v);
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Adds the nodes counted since the last flush to the shared count, and reads the
    /// solver's stop flag: once it is raised, the search reads [`RAISED`] as its job's.
    fn flush(&mut self) {
        self.sh.nodes.fetch_add(self.nodes - self.flushed, Relaxed);
        self.flushed = self.nodes;
        if raised(self.halt) {
            self.stop = &RAISED;
        }
    }
}

impl Solver {
    /// A solver for `rules`.
    pub fn new(rules: &Kalah, config: SolverConfig) -> Solver {
        Solver {
            rules: rules.clone(),
            board: Board::new(rules),
            config,
            stop: None,
        }
    }

    /// A flag another thread may raise to give the solve up: [`solve`](Self::solve) then
    /// returns [`SolveError::Stopped`] within milliseconds (the search reads the flag every
    /// 16,384 nodes of each thread, the endgame database's build every 16,384 boards) with
    /// all its threads ended and its memory freed, and keeps no endgame database it had not
    /// finished. Only reading a database kept in [`SolverConfig::endgame_dir`] goes on to
    /// the end of its file. The flag is read, never lowered: lower it before solving again.
    /// (The README's speed section has the times measured from Python's Ctrl-C.)
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use sowing::kalah::Kalah;
    /// use sowing::kalah::solve::{SolveError, Solver, SolverConfig};
    /// use sowing::Ruleset;
    ///
    /// let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
    /// let config = SolverConfig { table_mb: 16, threads: 1, ..SolverConfig::default() };
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let solver = Solver::new(&rules, config).stop_flag(Arc::clone(&flag));
    /// assert_eq!(solver.solve(&rules.start()).unwrap().value, 6);
    /// flag.store(true, Ordering::Relaxed); // from another thread, typically
    /// assert_eq!(solver.solve(&rules.start()), Err(SolveError::Stopped));
    /// ```
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// The seeds the endgame database will cover when solving from the start.
    pub fn endgame_seeds(&self) -> u32 {
        self.endgame_seeds_for(self.rules.total_seeds())
    }

    /// The seeds the endgame database will cover when solving a position with `seeds` seeds
    /// in its pits: [`SolverConfig::endgame_seeds`] if given (at most `seeds`), else the most
    /// whose database holds no more than [`SolverConfig::endgame_boards`] boards, no more than
    /// the search is expected to need (three million boards for 36 seeds, doubling every two
    /// seeds more, halving every three fewer), and no more than 5/12 of `seeds` (above 48
    /// seeds, one more for every 6 seeds more, and one more again with
    /// [`SolverConfig::move_values`]; never more than [`MAX_ENDGAME_SEEDS`]). That is about
    /// what measured best in CPU time from the start of Kalah(6,2), (6,3), (5,4), (4,6) and
    /// (6,4): smaller and the search repeats the database's work, larger and the database
    /// costs more than the search it saves. Larger searches pay for more: Kalah(6,5)'s value
    /// took less time, build included, above a 28-seed database than above a 25-seed one;
    /// it gets 27 seeds, or 28 with every first move's value (the README's speed section
    /// has the times). A near-finished position builds next to nothing.
    pub fn endgame_seeds_for(&self, seeds: u32) -> u32 {
        match self.config.endgame_seeds {
            Some(n) => n.min(seeds),
            None => {
                let most = grow(3_000_000, seeds, 2).min(self.config.endgame_boards);
                let larger =
                    seeds.saturating_sub(48) / 6 + u32::from(seeds > 48 && self.config.move_values);
                let fraction = (seeds * 5 / 12 + larger).min(MAX_ENDGAME_SEEDS);
                let mut n = 0;
                while n < fraction && Endgame::size(self.board.m, n + 1) <= most {
                    n += 1;
                }
                n
            }
        }
    }

    /// The transposition table's size for a position with `seeds` seeds in its pits: at most
    /// [`SolverConfig::table_mb`], no more than it could fill (two entries, 16 bytes, per
    /// board of at most `seeds` seeds), and no more than the search is expected to use: 64 MB
    /// for 36 seeds, doubling every three seeds more, but at least 16 MB. Clearing memory
    /// that would never be used costs more than the search.
    pub fn table_bytes_for(&self, seeds: u32) -> u64 {
        let most = (self.config.table_mb as u64).saturating_mul(1 << 20);
        self.table_bytes_wanted(seeds).min(most).max(64)
    }

    /// [`table_bytes_for`](Self::table_bytes_for) without the memory limit.
    fn table_bytes_wanted(&self, seeds: u32) -> u64 {
        Endgame::size(self.board.m, seeds)
            .saturating_mul(16)
            .min(grow(64 << 20, seeds, 3).max(16 << 20))
    }

    /// Solves `state` quietly.
    pub fn solve(&self, state: &KalahState) -> Result<Solution, SolveError> {
        self.solve_with(state, &|_| {})
    }

    /// Solves `state`, reporting progress to `on_event` (from any of the solver's threads).
    pub fn solve_with(
        &self,
        state: &KalahState,
        on_event: OnEvent<'_>,
    ) -> Result<Solution, SolveError> {
        self.rules.validate(state)?;
        if state.pie != Pie::Done {
            return Err(SolveError::Pie);
        }
        let started = Instant::now();
        let bd = self.board;
        let m = bd.m;
        let threads = self.config.threads.max(1);
        let halt = self.stop.as_deref();

        let (b, lead) = bd.of(state);
        let k = bd.own_seeds(b) + bd.opp_seeds(b);
        let n = self.endgame_seeds_for(k);
        let database = EndgameDatabase::build(
            &self.rules,
            n,
            threads,
            self.config.endgame_dir.as_deref(),
            // Without a size asked for, a larger kept database is used whole.
            if self.config.endgame_seeds.is_none() {
                self.config.endgame_boards.min(Endgame::size(m, k))
            } else {
                0
            },
            &|seeds| {
                on_event(SolveEvent::Endgame {
                    seeds,
                    boards: EndgameDatabase::boards(m, seeds),
                    elapsed: started.elapsed(),
                })
            },
            halt,
        )?;
        let db = database.table();
        let boards = db.len() as u64;
        // Made after the database: at most three quarters of the memory left beside it.
        let room = available_memory().map_or(u64::MAX, |a| a / 4 * 3);
        let table_bytes = self.table_bytes_for(k).min(room).max(64);
        let tt = Table::new(table_bytes)?;
        let nodes = AtomicU64::new(0);
        let shared = Shared {
            board: bd,
            db,
            tt: &tt,
            nodes: &nodes,
            // A table smaller than the search wants fills with the boards just above the
            // database, cheap to search again, and loses the costly ones: there it keeps
            // boards from 3 seeds above the database. Kalah(6,5), the position's value,
            // 7.9 GB (half what it wants): 891 s -> 827 s; Kalah(6,4) with a 64 MB table:
            // 55.6 s -> 49.1 s. With the table it wants, from 1 seed above measured best.
            tt_margin: if table_bytes < self.table_bytes_wanted(k) {
                3
            } else {
                1
            },
            etc_margin: 6,
        };

        // The board alone and the mover's store lead.
        let mover = state.to_move();
        let south = |v: i32| if mover == Player::South { v } else { -v };

        let moves = self.rules.legal_moves(state);
        if moves.is_empty() {
            let v = lead + bd.terminal(b).unwrap_or(0);
            return Ok(Solution {
                value: south(v),
                moves: Vec::new(),
                nodes: 0,
                endgame: (boards, db.max_seeds),
                table_bytes: tt.bytes(),
                elapsed: started.elapsed(),
            });
        }
        // The mover's value of a job (a first move, or the root) from its board's value.
        let move_value =
            |job: &Job, v: i32| lead + job.child.gain as i32 + if job.child.again { v } else { -v };
        let job = |mv: Option<KalahMove>, child: Child| Job {
            mv,
            child,
            seeds: k - child.gain,
            guess: Mutex::new(None),
            done: AtomicBool::new(false),
            started: AtomicBool::new(false),
            value: Mutex::new(None),
        };
        let finished = AtomicBool::new(false);

        // Runs jobs on all threads: each thread takes a job; a thread with none left helps one
        // under way. Returns each job's board value.
        let run = |jobs: &[Job]| -> Vec<i32> {
            let next_job = AtomicUsize::new(0);
            let report = |job: &Job, v: Option<i32>| {
                if let Some(v) = v {
                    let mut slot = job.value.lock().unwrap_or_else(|e| e.into_inner());
                    if slot.is_none() {
                        *slot = Some(v);
                        job.done.store(true, Relaxed);
                        on_event(SolveEvent::Solved {
                            mv: job.mv,
                            value: south(move_value(job, v)),
                            nodes: nodes.load(Relaxed),
                            elapsed: started.elapsed(),
                        });
                    }
                }
            };
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    let (shared, next_job, report) = (&shared, &next_job, &report);
                    let move_value = &move_value;
                    let nodes = &nodes;
                    scope.spawn(move || {
                        loop {
                            // Stopped: no job is begun or helped again.
                            if raised(halt) {
                                break;
                            }
                            let i = next_job.fetch_add(1, Relaxed);
                            let (job, helping) = match jobs.get(i) {
                                Some(job) => (job, false),
                                None => match jobs
                                    .iter()
                                    .find(|j| j.started.load(Relaxed) && !j.done.load(Relaxed))
                                {
                                    Some(job) => (job, true),
                                    None => break,
                                },
                            };
                            job.started.store(true, Relaxed);
                            let mut s = Searcher {
                                sh: shared,
                                stop: &job.done,
                                halt,
                                perturb: helping,
                                nodes: 0,
                                flushed: 0,
                            };
                            let c = job.child;
                            let guess = *job
                                .guess
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert_with(|| s.guess(c.board, job.seeds));
                            let v = s.mtdf(c.board, job.seeds, guess, &mut |lo, hi| {
                                let (a, z) = (move_value(job, lo), move_value(job, hi));
                                let (lower, upper) = if c.again { (a, z) } else { (z, a) };
                                let (lower, upper) = if mover == Player::South {
                                    (lower, upper)
                                } else {
                                    (-upper, -lower)
                                };
                                on_event(SolveEvent::Bound {
                                    mv: job.mv,
                                    lower,
                                    upper,
                                    nodes: nodes.load(Relaxed),
                                    elapsed: started.elapsed(),
                                });
                            });
                            s.flush();
                            report(job, v);
                        }
                    });
                }
            });
            jobs.iter()
                .map(|j| {
                    j.value
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .unwrap_or(0)
                })
                .collect()
        };

        let (root_value, values) = std::thread::scope(|scope| {
            // Progress ticks until the search is over.
            let (nodes, finished, tt) = (&nodes, &finished, &tt);
            let tick = self.config.tick;
            scope.spawn(move || {
                let mut last = Instant::now();
                while !finished.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                    if last.elapsed() >= tick {
                        last = Instant::now();
                        on_event(SolveEvent::Tick {
                            nodes: nodes.load(Relaxed),
                            elapsed: started.elapsed(),
                            table_fill: tt.fill_permille(),
                        });
                    }
                }
            });
            // The root's value alone, or each first move's exact value.
            let root = job(
                None,
                Child {
                    board: b,
                    gain: 0,
                    again: true,
                },
            );
            // With every first move's value asked for, the position's is the best of them:
            // solving the moves as separate jobs keeps both threads on different work
            // (Kalah(6,3): 17% fewer nodes on two threads than the position first).
            let skip_root = self.config.move_values;
            let mut root_value = if skip_root {
                None
            } else {
                Some(lead + run(std::slice::from_ref(&root))[0])
            };
            let mut values = Vec::new();
            if self.config.move_values {
                let jobs: Vec<Job> = moves
                    .iter()
                    .filter_map(|&mv| match mv {
                        KalahMove::Pit(p) => Some(job(Some(mv), bd.sow(b, usize::from(p) - 1))),
                        KalahMove::Swap => None,
                    })
                    .collect();
                let v = run(&jobs);
                let mut most = i32::MIN;
                for (j, v) in jobs.iter().zip(v) {
                    if let Some(mv) = j.mv {
                        most = most.max(move_value(j, v));
                        values.push((mv, south(move_value(j, v))));
                    }
                }
                root_value.get_or_insert(most);
            }
            finished.store(true, Relaxed);
            (root_value.unwrap_or(lead), values)
        });
        // A stopped search's values are incomplete (its jobs unsolved are worth 0).
        if raised(halt) {
            return Err(SolveError::Stopped);
        }
        let best = root_value;
        Ok(Solution {
            value: south(best),
            moves: values,
            nodes: nodes.load(Relaxed),
            endgame: (boards, db.max_seeds),
            table_bytes: tt.bytes(),
            elapsed: started.elapsed(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RandomSource, SplitMix64};

    /// Raises `flag` after `ms` milliseconds, from another thread.
    fn raise_after(flag: &Arc<AtomicBool>, ms: u64) -> std::thread::JoinHandle<()> {
        let flag = Arc::clone(flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(ms));
            flag.store(true, Relaxed);
        })
    }

    /// Kalah(6,4) takes the solver about a minute on two threads: a flag raised during the
    /// endgame database's build, or during the search above a small database, ends the
    /// solve with `Stopped`, and a database left part way is not kept.
    #[test]
    fn a_raised_stop_flag_ends_the_solve() {
        let rules: Kalah = "kalah".parse().unwrap();
        let dir = std::env::temp_dir().join(format!("sowing-stop-{}", std::process::id()));
        for (endgame_seeds, dir) in [(None, Some(dir.clone())), (Some(8), None)] {
            let config = SolverConfig {
                table_mb: 64,
                threads: 2,
                endgame_seeds,
                endgame_dir: dir,
                ..SolverConfig::default()
            };
            let flag = Arc::new(AtomicBool::new(false));
            let solver = Solver::new(&rules, config).stop_flag(Arc::clone(&flag));
            let raiser = raise_after(&flag, 300);
            assert_eq!(solver.solve(&rules.start()), Err(SolveError::Stopped));
            raiser.join().unwrap();
        }
        let kept = std::fs::read_dir(&dir).map_or(0, |d| d.count());
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(kept, 0, "a database given up part way was kept");
    }

    /// Searched to the end of the game, the estimate is the board's exact value, which the
    /// null-window search also finds from any first guess.
    #[test]
    fn estimate_to_the_end_is_exact() {
        for text in ["kalah:pits=3,seeds=3", "kalah:pits=4,seeds=2,empty-capture"] {
            let rules: Kalah = text.parse().unwrap();
            let bd = Board::new(&rules);
            let db = EndgameDatabase::new(&rules, 2).unwrap();
            let tt = Table::new(1 << 16).unwrap();
            let nodes = AtomicU64::new(0);
            let sh = Shared {
                board: bd,
                db: db.table(),
                tt: &tt,
                nodes: &nodes,
                tt_margin: 1,
                etc_margin: 6,
            };
            let stop = AtomicBool::new(false);
            let mut s = Searcher {
                sh: &sh,
                stop: &stop,
                halt: None,
                perturb: false,
                nodes: 0,
                flushed: 0,
            };
            let mut rng = SplitMix64::new(7);
            for _ in 0..40 {
                let mut state = rules.start();
                for _ in 0..rng.below(12) {
                    match rules.random_move(&state, &mut rng) {
                        Some(mv) => rules.play_unchecked(&mut state, mv),
                        None => break,
                    }
                }
                let (b, _) = bd.of(&state);
                let k = bd.own_seeds(b) + bd.opp_seeds(b);
                let ki = k as i32;
                let exact = s.estimate(b, k, 4 * k + 2, -ki - 1, ki + 1);
                for guess in [-ki, 0, ki] {
                    let found = s.mtdf(b, k, guess, &mut |lo, hi| {
                        assert!(lo <= exact && exact <= hi, "{text} {state}");
                    });
                    assert_eq!(found, Some(exact), "{text} {state} from {guess}");
                }
                let g = s.guess(b, k);
                assert!((-ki..=ki).contains(&g));
            }
        }
    }
}
