//! Several lines (MultiPV, [`SearchOptions::multipv`]): at each depth the root is searched
//! once per line, each search leaving out the moves of the lines already found at that
//! depth, as strong chess engines do.
//!
//! The first line is the search of one line itself ([`AlphaBeta::root`]: the table's move
//! first, the aspiration window around the last best value), so that it finds what a search
//! of one line finds at that depth, given the same table. Each further line searches the
//! moves left, in the order of the last iteration's lines (its own move of the last
//! iteration first, then the killers, then history as everywhere), in a window around its
//! own value of the last iteration with [`SearchOptions::aspiration`], and stores its
//! root's result under a key of its own, so that the root's entry of the table stays the
//! whole position's (a search that leaves moves out must not answer for the position).

use std::hash::Hash;

#[cfg(doc)]
use super::SearchOptions;
use super::order::{MoveOrder, SORTED};
use super::{AlphaBeta, SearchLine, SearchResult};
use crate::search::eval::{Evaluator, WIN};
use crate::search::heuristic::Heuristic;

/// What one iteration of several lines found.
pub(super) struct Iteration<M> {
    /// The lines it completed, sorted best first (all of them unless the search stopped).
    found: Vec<SearchLine<M>>,
    /// When the search stopped in the first line: the move that line's unfinished search
    /// found better than the last best one.
    partial: Option<M>,
}

/// The key line `k` (from 1) stores its root's result under: the position's key mixed with
/// the line, so that no real position's entry is overwritten by a search that left moves
/// out.
fn line_key(key: u64, k: usize) -> u64 {
    key ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<M: Copy + Eq + Hash + Send + Sync, E> AlphaBeta<M, E> {
    /// One iteration of `depth` (searched to `searched`, the helper threads' skew) for
    /// `last.len().max(...)` lines: as many as [`SearchOptions::multipv`] asks, at most the
    /// moves in `ranked`, the root's moves in the order of the last iteration's lines, which
    /// it reorders for the next iteration. `last` are the last iteration's lines (their
    /// values centre the aspiration windows).
    pub(super) fn lines<R: Heuristic<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        (depth, searched): (u32, u32),
        ranked: &mut Vec<M>,
        last: &[SearchLine<M>],
    ) -> Iteration<M>
    where
        E: Evaluator<R>,
    {
        let wanted = usize::from(self.options.multipv).min(ranked.len());
        let key = rules.hash(state);
        let mut found: Vec<SearchLine<M>> = Vec::with_capacity(wanted);
        let mut partial = None;
        let mut rest = ranked.clone();
        for k in 0..wanted {
            let centre = last.get(k).map(|l| l.value);
            let (value, best) = if k == 0 {
                self.root::<R, OPT>(rules, state, searched, centre.unwrap_or(0))
            } else {
                self.root_excluding::<R, OPT>(
                    rules,
                    state,
                    searched,
                    centre,
                    &rest,
                    line_key(key, k),
                )
            };
            // An iteration of depth 1 is complete however it ended, as with one line.
            if self.stopped && depth > 1 {
                if k == 0 {
                    partial = best;
                }
                break;
            }
            let Some(mv) = best else {
                break;
            };
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            let mut pv = vec![mv];
            pv.extend(self.pv(rules, &child, depth as usize - 1));
            found.push(SearchLine {
                mv,
                value,
                depth,
                pv,
            });
            rest.retain(|&m| m != mv);
            if self.stopped {
                break;
            }
        }
        // Stable: lines of equal value keep the order they were found in.
        found.sort_by_key(|l| std::cmp::Reverse(l.value));
        if !self.stopped {
            ranked.clear();
            ranked.extend(found.iter().map(|l| l.mv));
            ranked.extend(rest);
        }
        Iteration { found, partial }
    }

    /// The root of line 2 or later: `moves` (the moves the lines before left, the last
    /// iteration's order) searched as [`negamax`](Self::negamax) searches a node, its result
    /// stored under `key`.
    fn root_excluding<R: Heuristic<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        centre: Option<i32>,
        moves: &[M],
        key: u64,
    ) -> (i32, Option<M>)
    where
        E: Evaluator<R>,
    {
        self.nodes += 1;
        let killers = self.killers.first().copied().unwrap_or([None, None]);
        let sort = OPT && (self.options.history || self.options.tactical) && moves.len() <= SORTED;
        let window = |this: &mut Self, alpha: i32, beta: i32| {
            this.root_best = None;
            let order = MoveOrder::new(
                moves,
                [moves.first().copied(), killers[0], killers[1]],
                sort,
            );
            let v = this.search_moves::<R, OPT>(
                rules,
                state,
                depth,
                (alpha, beta),
                0,
                (key, moves),
                None,
                order,
            );
            (v, this.root_best)
        };
        if let Some(last) =
            centre.filter(|c| OPT && self.options.aspiration && depth >= 4 && c.abs() < WIN)
        {
            let delta = 50;
            let (lo, hi) = (last - delta, last + delta);
            let (v, best) = window(self, lo, hi);
            if self.stopped || (v > lo && v < hi) {
                return (v, best);
            }
        }
        window(self, -WIN * 2, WIN * 2)
    }

    /// Takes an iteration's lines into `result`; whether the search goes on (false when it
    /// stopped). A stopped iteration's completed lines replace the same moves' lines of the
    /// iteration before and come first, the others following up to the lines asked for;
    /// with none, the first line's better move, if its
    /// unfinished search found one, becomes the best move, as in a search of one line.
    pub(super) fn take_lines(
        &mut self,
        result: &mut SearchResult<M>,
        done: Iteration<M>,
        depth: u32,
    ) -> bool {
        let Iteration { mut found, partial } = done;
        let stopped = self.stopped && depth > 1;
        if stopped {
            if found.is_empty() {
                if let Some(mv) = partial {
                    result.best = Some(mv);
                }
                return false;
            }
            let older: Vec<SearchLine<M>> = result
                .lines
                .iter()
                .filter(|l| found.iter().all(|f| f.mv != l.mv))
                .cloned()
                .collect();
            found.extend(older);
            found.truncate(usize::from(self.options.multipv));
        } else {
            result.depth = depth;
        }
        let Some(first) = found.first() else {
            return false;
        };
        result.best = Some(first.mv);
        result.value = first.value;
        result.pv = first.pv.clone();
        result.lines = found;
        result.nodes = self.nodes;
        result.elapsed = self.started.elapsed();
        !stopped
    }
}
