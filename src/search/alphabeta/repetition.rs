//! The repetition rule in the search, for games whose rules end a game when a position
//! repeats ([`Ruleset::repetition_position`]): a node that repeats a position of its path,
//! or of the game before the root, scores as the rules'
//! [`repetition_outcome`](Ruleset::repetition_outcome) (Oware: each player takes the seeds
//! on his side).
//!
//! Positions are compared by the hash of their repetition position (64 bits), and only
//! against the positions since the last capture: seeds leave the board and never come back,
//! so a position with another count on the board repeats none of them.
//!
//! A repetition's value depends on the path that reached the node (the same position
//! reached another way may repeat nothing) and on the game before the root (which a later
//! search of the same game extends). It goes up the path as it is, proven where the division
//! decides the game (the line from the root would end the game there). But the
//! transposition table, which keeps values without their path, never keeps it, nor any
//! value that rested on it, as a proof: such a node's value is stored as unproven (a margin
//! in [`SEED`](crate::search::SEED)s, as an evaluation). A proof kept there would be carried
//! to the same position reached another way, where no repetition ends the game (the
//! graph-history interaction): endgame tables found it, a search that stored such proofs
//! proved a won position that the tables, which know no path, value as a draw.

use std::hash::Hash;

use super::{AlphaBeta, SearchResult};
use crate::ruleset::Ruleset;
use crate::search::eval::{Evaluator, SEED, WIN, final_value};
use crate::search::heuristic::Heuristic;

impl<M: Copy + Eq + Hash + Send + Sync, E> AlphaBeta<M, E> {
    /// [`search`](AlphaBeta::search) at the end of a game: `game` holds its positions from
    /// the first (or any earlier one) to the position to search, which is the last. For a
    /// game with a repetition rule, a position of the search that repeats one of `game` (or
    /// of the search's own path) scores as the game ended by repetition; for other games
    /// this is `search` of the last position. An empty `game` gives an empty result (no move).
    ///
    /// ```
    /// use sowing::oware::Oware;
    /// use sowing::search::{AlphaBeta, Limits};
    /// use sowing::Ruleset;
    ///
    /// let rules: Oware = "oware".parse().unwrap();
    /// let mut state = rules.start();
    /// let mut game = vec![state];
    /// for text in ["A", "a"] {
    ///     let mv = rules.parse_move(&state, text).unwrap();
    ///     rules.play_unchecked(&mut state, mv);
    ///     game.push(state);
    /// }
    /// let mut search = AlphaBeta::new(Limits::depth(6));
    /// let found = search.search_in(&rules, &game);
    /// assert!(found.best.is_some());
    /// ```
    pub fn search_in<R: Heuristic<Move = M>>(
        &mut self,
        rules: &R,
        game: &[R::State],
    ) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        self.search_in_with(rules, game, |_| {})
    }

    /// [`search_in`](AlphaBeta::search_in), calling `report` after each completed iteration
    /// (for `info` lines).
    pub fn search_in_with<R: Heuristic<Move = M>, F: FnMut(&SearchResult<M>)>(
        &mut self,
        rules: &R,
        game: &[R::State],
        report: F,
    ) -> SearchResult<M>
    where
        E: Evaluator<R>,
    {
        let Some((state, before)) = game.split_last() else {
            return SearchResult {
                best: None,
                value: 0,
                depth: 0,
                nodes: 0,
                elapsed: std::time::Duration::ZERO,
                pv: Vec::new(),
                lines: Vec::new(),
            };
        };
        self.set_game(rules, before);
        let result = self.search_with(rules, state, report);
        self.set_game(rules, &[]);
        result
    }

    /// Keeps the keys of the game's positions before the root that a position of the search
    /// could repeat (those since the last capture), for this search and its helpers.
    fn set_game<R: Ruleset<Move = M>>(&mut self, rules: &R, before: &[R::State]) {
        self.path.clear();
        for state in before {
            if let Some(position) = rules.repetition_position(state) {
                let seeds = rules.seed_count(state).board;
                if self.path.last().is_some_and(|&(_, s)| s != seeds) {
                    self.path.clear();
                }
                self.path.push((rules.hash(&position), seeds));
            }
        }
        self.game_plies = self.path.len();
        let (path, plies) = (self.path.clone(), self.game_plies);
        for helper in &mut self.helpers {
            helper.path.clone_from(&path);
            helper.game_plies = plies;
        }
    }

    /// Puts the root of a search on the path after the game's positions (for a game with a
    /// repetition rule), where every line of the search finds it.
    pub(super) fn enter_root<R: Ruleset<Move = M>>(&mut self, rules: &R, root: &R::State) {
        self.path.truncate(self.game_plies);
        if let Some(position) = rules.repetition_position(root) {
            self.path
                .push((rules.hash(&position), rules.seed_count(root).board));
        }
    }

    /// A node of the search: for a game without a repetition rule (the default hook answers
    /// `None`, which the compiler sees through), exactly
    /// [`negamax_node`](Self::negamax_node).
    #[inline]
    pub(super) fn negamax<R: Heuristic<Move = M>, const OPT: bool>(
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
        match rules.repetition_position(state) {
            None => self.negamax_node::<R, OPT>(rules, state, depth, alpha, beta, ply),
            Some(position) => {
                self.negamax_tracked::<R, OPT>(rules, state, &position, depth, alpha, beta, ply)
            }
        }
    }

    /// [`negamax_node`](Self::negamax_node) with the node on the path: a repeated position
    /// below the root ends the game by repetition.
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn negamax_tracked<R: Heuristic<Move = M>, const OPT: bool>(
        &mut self,
        rules: &R,
        state: &R::State,
        position: &R::State,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32
    where
        E: Evaluator<R>,
    {
        if ply == 0 {
            // The root is on the path already (`enter_root`).
            return self.negamax_node::<R, OPT>(rules, state, depth, alpha, beta, ply);
        }
        let key = rules.hash(position);
        let seeds = rules.seed_count(state).board;
        if !rules.is_over(state) {
            let repeated = self
                .path
                .iter()
                .rev()
                .take_while(|&&(_, s)| s == seeds)
                .any(|&(k, _)| k == key);
            if let (true, Some(outcome)) = (repeated, rules.repetition_outcome(state)) {
                self.nodes += 1;
                self.repetitions_scored += 1;
                return final_value(rules, state, outcome);
            }
        }
        self.path.push((key, seeds));
        let value = self.negamax_node::<R, OPT>(rules, state, depth, alpha, beta, ply);
        self.path.pop();
        value
    }
}

/// A final value as an unproven one: a win or loss by `m` seeds scores `m` seeds, as an
/// evaluation would; a draw's value is unproven already.
pub(super) fn unproven(value: i32) -> i32 {
    if value >= WIN {
        SEED * (value - WIN)
    } else if value <= -WIN {
        SEED * (value + WIN)
    } else {
        value
    }
}
