//! The alpha-beta search as an [`Agent`].

use super::{AlphaBeta, SearchLine};
use crate::search::agent::{Agent, SearchStats};
use crate::search::eval::Evaluator;
use crate::search::heuristic::Heuristic;

impl<R: Heuristic, E: Evaluator<R>> Agent<R> for AlphaBeta<R::Move, E> {
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

    fn choose_in(&mut self, rules: &R, game: &[R::State]) -> Option<R::Move> {
        self.search_in(rules, game).best
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

    fn stats(&self) -> Option<SearchStats> {
        self.last.as_ref().map(|r| SearchStats {
            depth: r.depth,
            nodes: r.nodes,
            elapsed: r.elapsed,
            value: r.value,
        })
    }

    fn lines(&self) -> Vec<SearchLine<R::Move>> {
        self.last
            .as_ref()
            .map_or_else(Vec::new, |r| r.lines.clone())
    }
}
