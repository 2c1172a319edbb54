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

use std::time::{Duration, Instant};

use super::agent::Agent;
use super::eval::{Evaluator, StoreDifference, WIN, final_value};
use super::limits::Limits;
use super::tt::{Bound, Entry, Table};
use crate::ruleset::Ruleset;

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
    eval: E,
    table: Option<Table<M>>,
    table_entries: usize,
    killers: Vec<[Option<M>; 2]>,
    nodes: u64,
    started: Instant,
    stopped: bool,
    root_best: Option<M>,
    last: Option<SearchResult<M>>,
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
            eval,
            table: None,
            table_entries: 1 << 20,
            killers: Vec::new(),
            nodes: 0,
            started: Instant::now(),
            stopped: false,
            root_best: None,
            last: None,
        }
    }

    /// Sets the transposition table's size in entries (allocated at the first search).
    pub fn table_entries(mut self, entries: usize) -> Self {
        self.table_entries = entries.max(2);
        self.table = None;
        self
    }

    /// Forgets what earlier searches stored.
    pub fn clear(&mut self) {
        if let Some(t) = &mut self.table {
            t.clear();
        }
    }

    /// The limits.
    pub fn limits(&self) -> Limits {
        self.limits
    }
}

impl<M: Copy + Eq, E> AlphaBeta<M, E> {
    fn table(&mut self) -> &Table<M> {
        self.table_mut()
    }

    fn table_mut(&mut self) -> &mut Table<M> {
        let entries = self.table_entries;
        self.table.get_or_insert_with(|| Table::new(entries))
    }

    fn out_of_budget(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if let Some(n) = self.limits.nodes {
            if self.nodes >= n {
                self.stopped = true;
            }
        }
        if self.nodes % 1024 == 0 {
            if let Some(t) = self.limits.time {
                if self.started.elapsed() >= t {
                    self.stopped = true;
                }
            }
        }
        self.stopped
    }
}

impl<M: Copy + Eq, E> AlphaBeta<M, E> {
    /// Searches `state` within the limits and returns the best move found.
    pub fn search<R: Ruleset<Move = M>>(&mut self, rules: &R, state: &R::State) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        self.started = Instant::now();
        self.nodes = 0;
        self.stopped = false;
        if self.table.is_none() {
            self.table = Some(Table::new(self.table_entries));
        }
        let moves = rules.legal_moves(state);
        let mut result = SearchResult {
            best: moves.first().copied(),
            value: 0,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if moves.is_empty() {
            result.value = rules
                .outcome(state)
                .map_or(0, |o| final_value(rules, state, o));
            return result;
        }
        for depth in 1..=self.limits.max_depth() {
            if self.killers.len() < depth as usize + 1 {
                self.killers.resize(depth as usize + 1, [None, None]);
            }
            let (value, best) = self.root(rules, state, depth);
            if self.stopped && depth > 1 {
                break;
            }
            result.best = best.or(result.best);
            result.value = value;
            result.depth = depth;
            if self.stopped || value.abs() >= WIN {
                break;
            }
        }
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        self.last = Some(result.clone());
        result
    }

    fn root<R: Ruleset<Move = M>>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
    ) -> (i32, Option<M>)
    where
        E: Evaluator<R>,
    {
        self.root_best = None;
        let v = self.negamax(rules, state, depth, -WIN * 2, WIN * 2, 0);
        (v, self.root_best)
    }

    /// The value of `child` (reached by one ply from a position where `me` was to move) for
    /// `me`, searched in the window `alpha..beta` of `me`.
    #[allow(clippy::too_many_arguments)]
    fn child_value<R: Ruleset<Move = M>>(
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
            self.negamax(rules, child, depth, alpha, beta, ply)
        } else {
            -self.negamax(rules, child, depth, -beta, -alpha, ply)
        }
    }

    fn negamax<R: Ruleset<Move = M>>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32
    where
        E: Evaluator<R>,
    {
        self.nodes += 1;
        let moves = rules.legal_moves(state);
        if moves.is_empty() {
            return rules
                .outcome(state)
                .map_or(0, |o| final_value(rules, state, o));
        }
        if depth == 0 {
            return self.eval.evaluate(rules, state);
        }
        if ply > 0 && self.out_of_budget() {
            return 0;
        }
        let key = rules.hash(state);
        let mut tt_move = None;
        if let Some(e) = self.table().probe(key) {
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

        // Order: table move, killers, the rest as generated (no allocation: the first few are
        // picked out, then the list is walked skipping them).
        let killers = self.killers.get(ply).copied().unwrap_or([None, None]);
        let mut firsts: [Option<R::Move>; 3] = [None; 3];
        let mut nf = 0;
        for mv in [tt_move, killers[0], killers[1]].into_iter().flatten() {
            if moves.contains(&mv) && !firsts[..nf].contains(&Some(mv)) {
                firsts[nf] = Some(mv);
                nf += 1;
            }
        }
        let ordered = firsts[..nf].iter().flatten().copied().chain(
            moves
                .iter()
                .copied()
                .filter(|mv| !firsts[..nf].contains(&Some(*mv))),
        );

        let me = rules.to_move(state);
        let alpha0 = alpha;
        let mut best = -WIN * 2;
        let mut best_move = None;
        for (i, mv) in ordered.enumerate() {
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            let v = if i == 0 {
                self.child_value(rules, me, &child, depth - 1, alpha, beta, ply + 1)
            } else {
                let v = self.child_value(rules, me, &child, depth - 1, alpha, alpha + 1, ply + 1);
                if v > alpha && v < beta {
                    self.child_value(rules, me, &child, depth - 1, v, beta, ply + 1)
                } else {
                    v
                }
            };
            if self.stopped {
                return best.max(v);
            }
            if v > best {
                best = v;
                best_move = Some(mv);
                if ply == 0 {
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
        self.table_mut().store(Entry {
            key,
            mv: best_move,
            value: best,
            depth: depth.min(u32::from(u16::MAX)) as u16,
            bound,
        });
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
}
