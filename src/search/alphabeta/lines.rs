//! Several lines (MultiPV, [`SearchOptions::multipv`]): at each depth the root is searched
//! once per line, each search leaving out the moves of the lines already found at that
//! depth, as strong chess engines do.
//!
//! The first line is the search of one line itself ([`AlphaBeta::root`]: the table's move
//! first, the aspiration window around the last best value), so that it finds what a search
//! of one line finds at that depth, given the same table. Each further line searches the
//! moves left, in the order of the last iteration's lines (its own move of the last
//! iteration first, then those of the lines after it, then the rest as generated), in a
//! window around its own value of the last iteration with [`SearchOptions::aspiration`],
//! by principal variation search; below the root, every line is the search itself. The
//! root of a line that left moves out is not stored in the table: its value is not the
//! position's.

use std::hash::Hash;

#[cfg(doc)]
use super::SearchOptions;
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

impl<M: Copy + Eq + Hash + Send + Sync, E> AlphaBeta<M, E> {
    /// One iteration of `depth` (searched to `searched`, the helper threads' skew) for as
    /// many lines as [`SearchOptions::multipv`] asks, at most the moves in `ranked`: the
    /// root's moves in the order of the last iteration's lines, which it reorders for the
    /// next iteration. `last` are the last iteration's lines (their values centre the
    /// aspiration windows).
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
        let mut found: Vec<SearchLine<M>> = Vec::with_capacity(wanted);
        let mut partial = None;
        let mut rest = ranked.clone();
        for k in 0..wanted {
            let centre = last.get(k).map(|l| l.value);
            let (value, best) = if k == 0 {
                self.root::<R, OPT>(rules, state, searched, centre.unwrap_or(0))
            } else {
                self.root_excluding::<R, OPT>(rules, state, searched, centre, &rest)
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

    /// The root of line 2 or later: `moves` (those the lines before left, in the last
    /// iteration's order), with [`SearchOptions::aspiration`] first in a window around
    /// `centre` (the line's last value), then, when the value falls outside, in the full
    /// window.
    fn root_excluding<R: Heuristic<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        centre: Option<i32>,
        moves: &[M],
    ) -> (i32, Option<M>)
    where
        E: Evaluator<R>,
    {
        let aspiration = OPT && self.options.aspiration && depth >= 4;
        if let Some(last) = centre.filter(|c| aspiration && c.abs() < WIN) {
            let delta = 50;
            let (lo, hi) = (last - delta, last + delta);
            let (v, best) = self.root_moves::<R, OPT>(rules, state, depth, moves, (lo, hi));
            if self.stopped || (v > lo && v < hi) {
                return (v, best);
            }
        }
        self.root_moves::<R, OPT>(rules, state, depth, moves, (-WIN * 2, WIN * 2))
    }

    /// `moves` of the root searched in the window `alpha..beta`, in their order, by principal
    /// variation search (the first in the window, the others in a null window first), each
    /// to `depth - 1` (an extra turn to `depth`, with [`SearchOptions::extend`]); the value
    /// and the best move whose value fell inside the window. Its own loop, not the search's
    /// move loop: that loop stays inlined in the search's node (with a second caller, it was
    /// left out of line, and a search of one line took up to 3% more instructions). It
    /// neither reduces, prunes nor stores the root in the table: a search that leaves moves
    /// out must not answer for the position.
    fn root_moves<R: Heuristic<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        depth: u32,
        moves: &[M],
        (mut alpha, beta): (i32, i32),
    ) -> (i32, Option<M>)
    where
        E: Evaluator<R>,
    {
        self.nodes += 1;
        let me = rules.to_move(state);
        let extend = OPT && self.options.extend && self.search_tuning::<R>().extend;
        // The value of `child` for `me`, in the window `alpha..beta` of `me`.
        let value = |this: &mut Self, child: &R::State, depth: u32, alpha: i32, beta: i32| {
            if rules.to_move(child) == me {
                this.negamax::<R, OPT>(rules, child, depth, alpha, beta, 1)
            } else {
                -this.negamax::<R, OPT>(rules, child, depth, -beta, -alpha, 1)
            }
        };
        let mut best = -WIN * 2;
        let mut best_move = None;
        for (i, &mv) in moves.iter().enumerate() {
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            let next = if extend && rules.to_move(&child) == me {
                depth
            } else {
                depth - 1
            };
            let v = if i == 0 {
                value(self, &child, next, alpha, beta)
            } else {
                let v = value(self, &child, next, alpha, alpha + 1);
                if v > alpha && v < beta {
                    value(self, &child, next, v, beta)
                } else {
                    v
                }
            };
            if self.stopped {
                return (best.max(v), best_move);
            }
            if v > best {
                best = v;
                // Only a value inside the window is the move's real value.
                if v > alpha {
                    best_move = Some(mv);
                }
            }
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        (best, best_move)
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
