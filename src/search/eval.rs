//! Evaluation: how good a position looks to the player to move, when search stops short of
//! the end.

use std::any::Any;
#[cfg(feature = "solver")]
use std::sync::{Arc, OnceLock};

use crate::kalah::Kalah;
use crate::player::Outcome;
use crate::ruleset::Ruleset;
use crate::toguz::Toguz;
use crate::tsoro::Tsoro;

/// The [`Linear`] and [`Evaluator`] impls of a game's evaluation `$eval` (a struct with a
/// `weights` array, a `TUNED` constant, `NAMES` and a `terms(rules, state)` function).
macro_rules! linear_eval {
    ($eval:ident, $rules:ty, $state:ty) => {
        impl $crate::search::Linear<$rules> for $eval {
            const NAMES: &'static [&'static str] = &$eval::NAMES;
            fn terms_into(rules: &$rules, state: &$state, out: &mut [i32]) {
                out.copy_from_slice(&$eval::terms(rules, state));
            }
            fn weights(&self) -> &[i32] {
                &self.weights
            }
            fn with_weights(weights: &[i32]) -> Self {
                let mut w = $eval::TUNED.weights;
                for (a, b) in w.iter_mut().zip(weights) {
                    *a = *b;
                }
                $eval { weights: w }
            }
        }

        impl $crate::search::Evaluator<$rules> for $eval {
            #[inline]
            fn evaluate(&self, rules: &$rules, state: &$state) -> i32 {
                let t = $eval::terms(rules, state);
                t.iter().zip(&self.weights).map(|(a, b)| a * b).sum()
            }
        }
    };
}
use linear_eval;

pub(crate) mod kalah;
pub(crate) mod toguz;
pub(crate) mod tsoro;

pub use kalah::KalahEval;
pub use toguz::ToguzEval;
pub use tsoro::TsoroEval;

/// The score of a won game before its margin is added; every evaluation stays well inside
/// `-WIN..WIN`.
pub const WIN: i32 = 1_000_000;

/// How good a position is for the player to move: higher is better, 0 is even.
///
/// The provided method is the default every game gets: the mover's store minus the
/// opponent's ([`SeedCount`](crate::SeedCount): Kalah's stores, Toguz Kumalak's kazans, the
/// stones a Tsoro player has captured). Replace it by implementing the trait on your own type
/// (or pass a closure `Fn(&R, &R::State) -> i32`, which implements it).
///
/// ```
/// use sowing::search::{AlphaBeta, Evaluator, Limits, StoreDifference};
/// use sowing::kalah::{Kalah, KalahState};
/// use sowing::{Player, Ruleset};
///
/// // Store difference, plus a little for seeds still on one's own side.
/// let eval = |rules: &Kalah, s: &KalahState| {
///     let me = rules.to_move(s);
///     StoreDifference.evaluate(rules, s) * 4 + s.seeds_in_pits(me) as i32
///         - s.seeds_in_pits(!me) as i32
/// };
/// let rules = Kalah::default();
/// let mut ab = AlphaBeta::with_evaluator(Limits::depth(4), eval);
/// assert!(ab.search(&rules, &rules.start()).best.is_some());
/// ```
pub trait Evaluator<R: Ruleset>: Send {
    /// The value of an unfinished `state` for the player to move.
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        let seeds = rules.seed_count(state);
        let me = rules.to_move(state);
        seeds.store(me) as i32 - seeds.store(!me) as i32
    }
}

/// The default evaluation: the mover's store minus the opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreDifference;

impl<R: Ruleset> Evaluator<R> for StoreDifference {}

impl<R: Ruleset, F: Fn(&R, &R::State) -> i32 + Send> Evaluator<R> for F {
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        self(rules, state)
    }
}

/// The exact value of a finished game for the player to move in `state`: a win is worth
/// [`WIN`] plus the final margin (so bigger wins are preferred), a loss minus that, a draw 0
/// (plus the margin where a ply limit adjudicated it).
pub fn final_value<R: Ruleset>(rules: &R, state: &R::State, outcome: Outcome) -> i32 {
    let me = rules.to_move(state);
    let seeds = rules.seed_count(state);
    let margin = match outcome.score() {
        Some(score) => score.margin(me),
        None => seeds.store(me) as i32 - seeds.store(!me) as i32,
    };
    match outcome.winner() {
        Some(w) if w == me => WIN + margin.max(0),
        Some(_) => -WIN + margin.min(0),
        None => margin,
    }
}

/// An evaluation that is a weighted sum of integer terms, so that its weights can be fitted
/// to game results (Texel's method, `examples/tune.rs`).
pub trait Linear<R: Ruleset>: Evaluator<R> + Sized {
    /// What each term counts, in order; the weights and terms have this many entries.
    const NAMES: &'static [&'static str];
    /// Writes the terms of `state` (for the player to move) into `out`
    /// (`out.len() == NAMES.len()`).
    fn terms_into(rules: &R, state: &R::State, out: &mut [i32]);
    /// The weights.
    fn weights(&self) -> &[i32];
    /// The evaluation with these weights (missing ones keep their tuned value).
    fn with_weights(weights: &[i32]) -> Self;
}

/// The evaluation an agent uses, chosen at run time: the plain store difference, or the
/// tuned evaluation of the game being played ([`ToguzEval`], [`KalahEval`], [`TsoroEval`]),
/// which is the default of [`AgentSpec`](super::AgentSpec)'s `alphabeta`.
///
/// ```
/// use sowing::search::{Evaluator, GameEval};
/// use sowing::toguz::Toguz;
/// use sowing::Ruleset;
/// let rules = Toguz::default();
/// let start = rules.start();
/// assert_eq!(GameEval::StoreDifference.evaluate(&rules, &start), 0);
/// assert!(GameEval::Tuned.evaluate(&rules, &start) != 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameEval {
    /// [`StoreDifference`]: the mover's store minus the opponent's (agent option `eval=store`).
    StoreDifference,
    /// The game's tuned evaluation, in hundredths of a seed (agent option `eval=tuned`); the
    /// store difference times 100 for a ruleset without one.
    #[default]
    Tuned,
}

impl<R: Ruleset> Evaluator<R> for GameEval {
    #[inline]
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        if *self == GameEval::StoreDifference {
            return StoreDifference.evaluate(rules, state);
        }
        // The concrete types are known after monomorphisation, so the downcasts fold away.
        let (r, s) = (rules as &dyn Any, state as &dyn Any);
        if let (Some(r), Some(s)) = (r.downcast_ref::<Toguz>(), s.downcast_ref()) {
            return ToguzEval::TUNED.evaluate(r, s);
        }
        if let (Some(r), Some(s)) = (r.downcast_ref::<Kalah>(), s.downcast_ref()) {
            return KalahEval::TUNED.evaluate(r, s);
        }
        if let (Some(r), Some(s)) = (r.downcast_ref::<Tsoro>(), s.downcast_ref()) {
            return TsoroEval::TUNED.evaluate(r, s);
        }
        100 * StoreDifference.evaluate(rules, state)
    }
}

/// The evaluation of the agents [`AgentSpec`](super::AgentSpec) builds: a [`GameEval`], and
/// in Kalah the exact values of the solver's
/// [`EndgameDatabase`](crate::kalah::solve::EndgameDatabase) for positions with at most
/// `endgame` seeds left in the pits (0: none). The database is built at the first evaluation
/// (once per process and ruleset) and shared.
#[derive(Debug, Default)]
pub struct AgentEval {
    /// The evaluation.
    pub eval: GameEval,
    /// The most seeds in the pits looked up in Kalah's endgame database; 0 for none.
    pub endgame: u32,
    #[cfg(feature = "solver")]
    database: OnceLock<Option<Arc<crate::kalah::solve::EndgameDatabase>>>,
}

impl AgentEval {
    /// `eval`, with Kalah's endgame database up to `endgame` seeds.
    pub fn new(eval: GameEval, endgame: u32) -> AgentEval {
        AgentEval {
            eval,
            endgame,
            #[cfg(feature = "solver")]
            database: OnceLock::new(),
        }
    }
}

impl<R: Ruleset> Evaluator<R> for AgentEval {
    #[inline]
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        #[cfg(feature = "solver")]
        if self.endgame > 0 {
            let (r, s) = (rules as &dyn Any, state as &dyn Any);
            if let (Some(r), Some(s)) = (r.downcast_ref::<Kalah>(), s.downcast_ref()) {
                let db = self
                    .database
                    .get_or_init(|| kalah::database(r, self.endgame));
                if let Some(v) = db.as_deref().and_then(|db| kalah::exact(db, s)) {
                    return v;
                }
            }
        }
        self.eval.evaluate(rules, state)
    }
}
