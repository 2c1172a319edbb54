//! Evaluation: how good a position looks to the player to move, when search stops short of
//! the end.

use crate::player::Outcome;
use crate::ruleset::Ruleset;

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
