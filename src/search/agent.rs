//! The interface every game-playing agent shares.

use super::alphabeta::SearchLine;
use crate::ruleset::Ruleset;

/// A game-playing agent: something that picks a move for whichever side is to move.
///
/// Agents keep their own state between calls (a random generator, a transposition table), so
/// `choose` takes `&mut self`. They are generic over the ruleset, so one agent type plays every
/// game of the crate; [`AgentSpec`](super::AgentSpec) builds one from text such as
/// `alphabeta:depth=10` as a `Box<dyn Agent<R>>`.
///
/// ```
/// use sowing::search::{Agent, RandomAgent};
/// use sowing::{Ruleset, kalah::Kalah};
///
/// let rules = Kalah::default();
/// let mut state = rules.start();
/// let mut agent = RandomAgent::new(3);
/// while let Some(mv) = agent.choose(&rules, &state) {
///     rules.play_unchecked(&mut state, mv);
/// }
/// assert!(rules.is_over(&state));
/// ```
pub trait Agent<R: Ruleset>: Send {
    /// A short description with the settings, e.g. `alphabeta:depth=10`.
    fn name(&self) -> String;

    /// The move to play in `state`, or `None` when the game is over.
    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move>;

    /// The move to play at the end of a game: `game` holds its positions from the first (or
    /// any earlier one) to the position to move in, which is the last; `None` when `game` is
    /// empty or the game is over there.
    ///
    /// The history matters in a game whose rules end it when a position repeats
    /// ([`Ruleset::repetition_position`], Oware): the alpha-beta agent then scores a line
    /// that repeats a position of the game as the game ended by repetition. The default
    /// (random and Monte Carlo agents) chooses in the last position alone.
    fn choose_in(&mut self, rules: &R, game: &[R::State]) -> Option<R::Move> {
        self.choose(rules, game.last()?)
    }

    /// What the last [`choose`](Agent::choose) found, for people (depth, score, nodes...), if
    /// the agent has anything to say.
    fn summary(&self) -> Option<String> {
        None
    }

    /// What the last [`choose`](Agent::choose) searched, for programs (match statistics), if
    /// the agent searches.
    fn stats(&self) -> Option<SearchStats> {
        None
    }

    /// The lines the last [`choose`](Agent::choose) found, best first: each a move, its value
    /// and expected play ([`SearchLine`]). The alpha-beta agent gives as many as its
    /// [`multipv`](super::SearchOptions::multipv) asks ([`SearchResult::lines`](super::SearchResult::lines));
    /// agents that give none, an empty list.
    fn lines(&self) -> Vec<SearchLine<R::Move>> {
        Vec::new()
    }
}

/// How far one search went: its depth, nodes and time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// The deepest completed iteration (0 for an agent without iterations).
    pub depth: u32,
    /// Nodes (or playouts) searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: std::time::Duration,
    /// The value found for the player to move, in the agent's units.
    pub value: i32,
}

impl<R: Ruleset> Agent<R> for Box<dyn Agent<R>> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move> {
        (**self).choose(rules, state)
    }
    fn choose_in(&mut self, rules: &R, game: &[R::State]) -> Option<R::Move> {
        (**self).choose_in(rules, game)
    }
    fn summary(&self) -> Option<String> {
        (**self).summary()
    }
    fn stats(&self) -> Option<SearchStats> {
        (**self).stats()
    }
    fn lines(&self) -> Vec<SearchLine<R::Move>> {
        (**self).lines()
    }
}
