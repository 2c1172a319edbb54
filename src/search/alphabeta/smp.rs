//! Lazy SMP: threads searching the same position at once, sharing one transposition table
//! ([`SearchOptions::threads`](super::SearchOptions::threads)).

use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{AlphaBeta, SearchResult};
use crate::search::eval::Evaluator;
use crate::search::heuristic::Heuristic;
use crate::search::limits::Limits;
use crate::search::tt::SharedTable;

impl<M: Copy + Eq + Hash + Send + Sync, E> AlphaBeta<M, E> {
    /// Lazy SMP: the helpers search the same position on their own threads, sharing the
    /// table, until this thread's search ends.
    pub(super) fn search_parallel<R: Heuristic<Move = M>, F: FnMut(&SearchResult<M>)>(
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
        // The helpers fill the table for the best line; this thread searches the lines.
        options.multipv = 1;
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
}
