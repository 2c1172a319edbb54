//! The evaluation an agent searches with, resolved for its game: [`GameEval`]'s choice made
//! by the game's [`Heuristic`] (its tuned evaluation, its network, which of the two is its
//! default, and the scale of each), and [`AgentEval`], that choice with the game's exact
//! endgame values.

use std::fmt;
use std::sync::{Arc, OnceLock};

use super::endgame::Endgame;
use super::eval::{Evaluator, GameEval, StoreDifference, WIN};
use super::heuristic::{Heuristic, Oracle};
use super::network::Network;
use crate::ruleset::Ruleset;

impl GameEval {
    /// The evaluation `self` stands for in the game of `R`: [`Auto`](GameEval::Auto)
    /// resolved to [`Net`](GameEval::Net) or [`Tuned`](GameEval::Tuned), the others as
    /// they are.
    ///
    /// ```
    /// use sowing::search::GameEval;
    /// use sowing::{kalah::Kalah, toguz::Toguz};
    /// assert_eq!(GameEval::Auto.resolve::<Toguz>(), GameEval::Net);
    /// assert_eq!(GameEval::Auto.resolve::<Kalah>(), GameEval::Tuned);
    /// assert_eq!(GameEval::StoreDifference.resolve::<Toguz>(), GameEval::StoreDifference);
    /// ```
    pub fn resolve<R: Heuristic>(self) -> GameEval {
        match self {
            GameEval::Auto if R::NETWORK_BY_DEFAULT => GameEval::Net,
            GameEval::Auto => GameEval::Tuned,
            other => other,
        }
    }
}

impl GameEval {
    /// The logistic scale per seed of this evaluation in the game of `R`
    /// ([`Heuristic::SCALES`]), [`Auto`](GameEval::Auto) resolved first; `None` where the
    /// game states none.
    pub fn scale<R: Heuristic>(self) -> Option<f64> {
        R::SCALES.get(self.resolve::<R>())
    }
}

impl<R: Heuristic> Evaluator<R> for GameEval {
    #[inline]
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        match self.resolve::<R>() {
            GameEval::StoreDifference => StoreDifference.evaluate(rules, state),
            GameEval::Net => rules
                .network_evaluate(state)
                .unwrap_or_else(|| rules.evaluate(state)),
            // `resolve` never gives `Auto`; were it to, the tuned terms are the safe choice.
            GameEval::Tuned | GameEval::Auto => rules.evaluate(state),
        }
    }
}

/// The value for the player to move of a position whose final store difference under perfect
/// play is `margin` (as an [`Oracle`] gives it): a won or lost game as [`final_value`] scores
/// it.
fn exact_value(margin: i32) -> i32 {
    match margin.signum() {
        1 => WIN + margin,
        -1 => -WIN + margin,
        _ => 0,
    }
}

/// The evaluation of the agents [`AgentSpec`](super::AgentSpec) builds: a [`GameEval`], or a
/// network read from a file (`alphabeta:net=<path>`), and the exact values of the game's
/// [`endgame_oracle`](Heuristic::endgame_oracle) (Kalah: its solver's endgame database) for
/// positions with at most `endgame` seeds on the board ([`Endgame`]). The oracle is asked for at
/// the first evaluation, for the rules of that evaluation, and kept.
pub struct AgentEval<R: Ruleset> {
    /// The evaluation (with a network from a file, [`GameEval::Net`]).
    pub eval: GameEval,
    /// The positions whose exact values the game's oracle gives: those with at most so many
    /// seeds on the board, or ([`Endgame::Auto`]) the game's choice for the rules of the
    /// first evaluation ([`Heuristic::default_endgame`]).
    pub endgame: Endgame,
    /// A network read from a file, evaluating in place of `eval`
    /// ([`Heuristic::network_value`]); shared by the threads of one search.
    network: Option<Arc<Network>>,
    oracle: OnceLock<Option<Oracle<R::State>>>,
}

impl<R: Ruleset> AgentEval<R> {
    /// `eval`, with the game's exact values up to `endgame` seeds on the board.
    pub fn new(eval: GameEval, endgame: Endgame) -> AgentEval<R> {
        AgentEval {
            eval,
            endgame,
            network: None,
            oracle: OnceLock::new(),
        }
    }

    /// The evaluation of `network` (read from a file, [`NetworkFile`](super::NetworkFile)),
    /// with the game's exact values up to `endgame` seeds on the board. Where the rules give
    /// the network no value ([`Heuristic::network_value`]), the game's own evaluation, as
    /// [`GameEval::Net`] does where the rules have no network.
    pub fn with_network(network: Arc<Network>, endgame: Endgame) -> AgentEval<R> {
        AgentEval {
            network: Some(network),
            ..AgentEval::new(GameEval::Net, endgame)
        }
    }

    /// Asks the game for its exact values for `rules` now, as the first evaluation would:
    /// reading a table can take seconds (Oware's 24 seeds: 1.2 GB), which a program under a
    /// clock pays before its first move rather than during it (the engine does when it sets
    /// an agent up). Later calls, and evaluations, keep what the first found.
    pub fn prepare(&self, rules: &R)
    where
        R: Heuristic,
    {
        self.oracle(rules);
    }

    /// The game's oracle for the positions of `endgame`, asked for once.
    fn oracle(&self, rules: &R) -> Option<&Oracle<R::State>>
    where
        R: Heuristic,
    {
        self.oracle
            .get_or_init(|| {
                let seeds = self.endgame.seeds_for(rules);
                (seeds > 0).then(|| rules.endgame_oracle(seeds)).flatten()
            })
            .as_ref()
    }

    /// The network read from a file it evaluates with, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }
}

impl<R: Ruleset> Default for AgentEval<R> {
    fn default() -> Self {
        AgentEval::new(GameEval::default(), Endgame::NONE)
    }
}

impl<R: Ruleset> fmt::Debug for AgentEval<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let oracle = match self.oracle.get() {
            None => "not asked yet",
            Some(None) => "none",
            Some(Some(_)) => "present",
        };
        f.debug_struct("AgentEval")
            .field("eval", &self.eval)
            .field("endgame", &self.endgame)
            .field("network", &self.network.as_ref().map(|n| n.header()))
            .field("oracle", &oracle)
            .finish()
    }
}

impl<R: Heuristic> Evaluator<R> for AgentEval<R> {
    #[inline]
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        // A constant test first: a game without exact values pays nothing here.
        if R::ENDGAME_SEEDS > 0 && self.endgame != Endgame::NONE {
            if let Some(margin) = self.oracle(rules).and_then(|o| o(state)) {
                return exact_value(margin);
            }
        }
        if let Some(network) = &self.network {
            return rules
                .network_value(network, state)
                .unwrap_or_else(|| rules.evaluate(state));
        }
        self.eval.evaluate(rules, state)
    }
}
