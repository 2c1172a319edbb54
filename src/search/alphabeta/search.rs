//! The search itself: iterative deepening over negamax with the table, the killers and
//! principal variation search, the options' prunings, reductions and extensions, and
//! quiescence.

use std::hash::Hash;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

#[cfg(doc)]
use super::SearchOptions;
use super::order::{HISTORY, MoveOrder, SORTED, history_slot};
use super::{AlphaBeta, SearchLine, SearchResult};
use crate::ruleset::Ruleset;
use crate::search::eval::{Evaluator, WIN, final_value};
use crate::search::heuristic::Heuristic;
use crate::search::tt::{Bound, Entry, Table};

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

/// The value of a position without moves: the finished game's [`final_value`].
fn end_value<R: Ruleset>(rules: &R, state: &R::State) -> i32 {
    rules
        .outcome(state)
        .map_or(0, |o| final_value(rules, state, o))
}

/// How often (in nodes) the options' copy of the search looks at the clock.
const CLOCK_NODES: u64 = 256;

/// The options' copy of the search stops at the time limit less this fraction of it
/// (1/`TIME_RESERVE`).
const TIME_RESERVE: u32 = 20;

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
    pub fn search<R: Heuristic<Move = M>>(&mut self, rules: &R, state: &R::State) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        self.search_with(rules, state, |_| {})
    }

    /// [`search`](AlphaBeta::search), calling `report` after each completed iteration (for
    /// `info` lines).
    pub fn search_with<R: Heuristic<Move = M>, F: FnMut(&SearchResult<M>)>(
        &mut self,
        rules: &R,
        state: &R::State,
        report: F,
    ) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        self.fit_table();
        if !self.helpers.is_empty() {
            return self.search_parallel(rules, state, report);
        }
        self.search_alone(rules, state, report)
    }

    /// The search on this thread.
    pub(super) fn search_alone<R: Heuristic<Move = M>, F: FnMut(&SearchResult<M>)>(
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
        self.enter_root(rules, state);
        let moves = rules.legal_moves(state);
        let mut result = SearchResult {
            best: moves.first().copied(),
            value: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            lines: Vec::new(),
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
        let wanted = usize::from(self.options.multipv).min(moves.len());
        // With several lines: the root's moves, those of the last iteration's lines first.
        let mut ranked: Vec<M> = if wanted > 1 {
            moves.to_vec()
        } else {
            Vec::new()
        };
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
            if wanted > 1 {
                let last = &result.lines;
                let done = if options {
                    self.lines::<R, true>(rules, state, (depth, searched), &mut ranked, last)
                } else {
                    self.lines::<R, false>(rules, state, (depth, depth), &mut ranked, last)
                };
                if !self.take_lines(&mut result, done, depth) {
                    break;
                }
                report(&result);
                if self.stopped || result.lines.iter().all(|l| l.value.abs() >= WIN) {
                    break;
                }
                continue;
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
            result.lines.clear();
            if let Some(mv) = result.best {
                result.lines.push(SearchLine {
                    mv,
                    value,
                    depth,
                    pv: result.pv.clone(),
                });
            }
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
    pub(super) fn root<R: Heuristic<Move = M>, const OPT: bool>(
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
    fn quiesce<R: Heuristic<Move = M>>(
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
    fn child_value<R: Heuristic<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        me: crate::player::Player,
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

    /// A node of the search: [`negamax`](Self::negamax) once the repetition rule has had its
    /// say.
    #[allow(clippy::too_many_lines)]
    pub(super) fn negamax_node<R: Heuristic<Move = M>, const OPT: bool>(
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
    fn null_search<R: Heuristic<Move = M>, const OPT: bool>(
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
    fn search_moves<R: Heuristic<Move = M>, const OPT: bool>(
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
        let repetitions = self.repetitions_scored;
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
        // A value that rested on a repetition is kept as unproven (see `repetition`):
        // another path to this position may repeat nothing.
        let kept = if self.repetitions_scored == repetitions {
            best
        } else {
            super::repetition::unproven(best)
        };
        if let (true, Some(t)) = (OPT, &self.shared) {
            let index = best_move.and_then(|b| moves.iter().position(|&m| m == b));
            t.store(key, kept, depth, bound, index);
        } else {
            self.table_mut().store(Entry {
                key,
                mv: best_move,
                value: kept,
                depth,
                bound,
            });
        }
        best
    }
}
