//! Game-playing agents for every ruleset: random, alpha-beta and Monte Carlo tree search.
//!
//! All agents share the [`Agent`] interface (pick a move for the side to move), so any two
//! can play each other; [`AgentSpec`] builds one from text such as `alphabeta:depth=10`,
//! `alphabeta:time=500ms`, `mcts:playouts=20000,seed=7` or `random:seed=3`.
//!
//! - [`RandomAgent`]: a uniformly random legal move, seeded.
//! - [`AlphaBeta`]: negamax alpha-beta with iterative deepening, a transposition table keyed
//!   by [`Ruleset::hash`](crate::Ruleset::hash), killer moves and principal variation search,
//!   within [`Limits`] of depth, nodes or time. A move after which the same player moves again
//!   (an **extra turn**) keeps the sign of the value instead of flipping it.
//! - [`Mcts`]: UCT with random playouts, seeded and reproducible.
//! - [`Evaluator`]: the position score alpha-beta uses at its horizon, in hundredths of a
//!   seed ([`SEED`] units a seed), the one unit of every evaluation and margin.
//!   [`StoreDifference`] is the mover's store minus the opponent's (the default of
//!   [`AlphaBeta::new`]).
//! - [`Heuristic`]: what a game knows beyond its rules, a trait beside the search (the rules
//!   stay in [`Ruleset`](crate::Ruleset)), so the search never names a game: its own
//!   evaluation, [`Heuristic::evaluate`] (the games of the crate: a weighted sum of terms
//!   that know the game, `KalahEval`, `ToguzEval`, `TsoroEval` and `OwareEval` in their modules,
//!   [`Linear`] with weights fitted to game results by `examples/tune.rs`), which
//!   [`GameEval::Tuned`] picks; a trained network, [`Heuristic::network_evaluate`]
//!   ([`GameEval::Net`]; Toguz Kumalak, Oware and Tsoro have one); which of the two the
//!   `alphabeta` agent of [`AgentSpec`] uses, [`Heuristic::NETWORK_BY_DEFAULT`]
//!   ([`GameEval::Auto`]: Toguz Kumalak's, Oware's and Tsoro's networks, Kalah's tuned evaluation); exact
//!   values, [`Heuristic::endgame_oracle`] (Kalah: its solver's endgame database), which
//!   [`AgentEval`] looks up first with `endgame=N`; the margins of the search's prunings
//!   and whether its extra turns are extended, [`Heuristic::SEARCH_TUNING`]
//!   ([`SearchTuning`]); and a null move, [`Heuristic::null_move`]. Every hook has a
//!   default: a game of your own writes `impl Heuristic for MyGame {}` and overrides what
//!   it knows; any closure can replace the evaluation.
//! - [`SearchOptions`]: quiescence, late-move reductions, history ordering, extra turns
//!   extended, aspiration windows, reverse futility and futility pruning, forced moves at
//!   once, and threads sharing the table (Lazy SMP), judged by the time to depth of
//!   `examples/depth.rs` and by self-play; `alphabeta-classic` is the agent as it was
//!   before tuned evaluations.
//!
//! ```
//! use sowing::search::{AgentSpec, Match, MatchConfig};
//! use sowing::kalah::Kalah;
//!
//! // Alpha-beta against random play from 3 random openings, each played with both colours.
//! let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
//! let specs: [AgentSpec; 2] = ["alphabeta:depth=6".parse().unwrap(), "random:seed=1".parse().unwrap()];
//! let config = MatchConfig { openings: 3, ..MatchConfig::default() };
//! let result = Match::new(rules, config, |i| specs[i].build::<Kalah>().unwrap()).unwrap().run().unwrap();
//! assert_eq!(result.games(), 6);
//! println!("alpha-beta scored {} of 6, Elo {}", result.points(), result.elo().unwrap());
//! ```

mod agent;
mod agent_eval;
mod alphabeta;
mod endgame;
mod eval;
mod heuristic;
mod limits;
mod matches;
mod mcts;
mod network;
mod network_file;
mod random;
mod spec;
mod table_size;
mod tt;
mod tuning;

pub use agent::{Agent, SearchStats};
pub use agent_eval::AgentEval;
pub use alphabeta::{AlphaBeta, SearchLine, SearchOptions, SearchResult};
pub use endgame::Endgame;
pub(crate) use eval::{Divisor, linear_eval};
pub use eval::{EvalScales, Evaluator, GameEval, Linear, SEED, StoreDifference, WIN, final_value};
pub use heuristic::{Heuristic, Oracle};
pub use limits::Limits;
pub use matches::{
    Elo, Match, MatchConfig, MatchError, MatchGame, MatchResult, SideFigures, play_game,
};
pub use mcts::{Mcts, MctsConfig, MctsResult};
pub use network::{InputLayout, MAX_HIDDEN, Network, NetworkError, training_words};
pub use network_file::{NetworkFile, NetworkFileError};
pub use random::RandomAgent;
pub(crate) use spec::alphabeta_with;
pub use spec::{AgentSpec, AgentSpecError, DEFAULT_ENDGAME};
pub use table_size::TableSize;
pub use tuning::{LinearVisitor, SearchTuning};
