//! Evaluation: how good a position looks to the player to move, when search stops short of
//! the end.

use crate::player::Outcome;
use crate::ruleset::Ruleset;

/// One seed in evaluation units: every evaluation and every margin of the search counts
/// hundredths of a seed ([`Evaluator`](super::Evaluator), [`Heuristic::evaluate`](super::Heuristic::evaluate)(super::Heuristic::evaluate),
/// [`SearchTuning`](super::SearchTuning)'s margins, a
/// [`SearchResult`](super::SearchResult)'s value below ±[`WIN`](super::WIN)), so that an evaluation
/// written as documented meets margins of its own scale.
///
/// ```
/// use sowing::search::{Evaluator, Heuristic, SEED, SearchTuning, StoreDifference};
/// use sowing::kalah::{Kalah, KalahEval};
/// use sowing::Ruleset;
/// let rules = Kalah::default();
/// let s = rules.parse_position("4,4,4,4,4,4/4,4,0,5,5,5 1 0 S").unwrap();
/// assert_eq!(StoreDifference.evaluate(&rules, &s), SEED); // one seed ahead
/// assert_eq!(KalahEval::TUNED.weights[0], SEED); // the store difference's weight
/// assert_eq!(SearchTuning::DEFAULT.futility_margin, 2 * SEED);
/// ```
pub const SEED: i32 = 100;

/// The [`Linear`] and [`Evaluator`] impls of a game's evaluation `$eval` (a struct with a
/// `weights` array, a `TUNED` constant, `NAMES` and a `terms(rules, state)` function), for
/// the games' own `eval.rs`.
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
pub(crate) use linear_eval;

/// The remainder of a small number (below 2^16) by a small divisor (1 to 255) by
/// multiplications, for Kalah's evaluation's arithmetic on sowings (where a sowing's last
/// seed lands), which otherwise divides a dozen times a position: with `c = ceil(2^32 / d)`,
/// `x % d` is `((c x mod 2^32) d) >> 32` (Lemire, Kaser and Kurz, "Faster remainder by direct
/// computation", 2019; exact since 16 + 8 bits fit in 32).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Divisor {
    d: u64,
    c: u64,
}

/// `ceil(2^32 / d)` for every `d` a [`Divisor`] takes (0 for none).
const RECIPROCALS: [u64; 256] = {
    let mut c = [0u64; 256];
    let mut d = 1;
    while d < 256 {
        c[d] = u32::MAX as u64 / d as u64 + 1;
        d += 1;
    }
    c
};

impl Divisor {
    /// Dividing by `d` (1 to 255).
    #[inline]
    pub(crate) fn new(d: usize) -> Divisor {
        debug_assert!((1..256).contains(&d), "{d}");
        Divisor {
            d: d as u64,
            c: RECIPROCALS[d & 0xFF],
        }
    }

    /// `x % d` (`x` below 2^16).
    #[inline(always)]
    pub(crate) fn remainder(self, x: usize) -> usize {
        let low = (self.c * x as u64) & u64::from(u32::MAX);
        ((low * self.d) >> 32) as usize
    }
}

/// The score of a won game before its margin is added; every evaluation stays well inside
/// `-WIN..WIN`.
pub const WIN: i32 = 1_000_000;

/// How good a position is for the player to move, in hundredths of a seed ([`SEED`] units a
/// seed, the unit of [`SearchTuning`](super::SearchTuning)'s margins): higher is better, 0
/// is even.
///
/// The provided method is the default every game gets: [`SEED`] times the mover's store minus
/// the opponent's ([`SeedCount`](crate::SeedCount): Kalah's stores, Toguz Kumalak's kazans,
/// the stones a Tsoro player has captured), as [`Heuristic::evaluate`](super::Heuristic::evaluate)'s default. Replace it
/// by implementing the trait on your own type (or pass a closure `Fn(&R, &R::State) -> i32`,
/// which implements it), in the same unit.
///
/// ```
/// use sowing::search::{AlphaBeta, Evaluator, Limits, SEED, StoreDifference};
/// use sowing::kalah::{Kalah, KalahState};
/// use sowing::{Player, Ruleset};
///
/// // Store difference, plus a quarter of a seed for each seed still on one's own side.
/// let eval = |rules: &Kalah, s: &KalahState| {
///     let me = rules.to_move(s);
///     let pits = s.seeds_in_pits(me) as i32 - s.seeds_in_pits(!me) as i32;
///     StoreDifference.evaluate(rules, s) + pits * SEED / 4
/// };
/// let rules = Kalah::default();
/// let mut ab = AlphaBeta::with_evaluator(Limits::depth(4), eval);
/// assert!(ab.search(&rules, &rules.start()).best.is_some());
/// ```
pub trait Evaluator<R: Ruleset>: Send {
    /// The value of an unfinished `state` for the player to move, in hundredths of a seed.
    #[inline]
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        let seeds = rules.seed_count(state);
        let me = rules.to_move(state);
        SEED * (seeds.store(me) as i32 - seeds.store(!me) as i32)
    }
}

/// The default evaluation: the mover's store minus the opponent's, in hundredths of a seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StoreDifference;

impl<R: Ruleset> Evaluator<R> for StoreDifference {}

impl<R: Ruleset, F: Fn(&R, &R::State) -> i32 + Send> Evaluator<R> for F {
    fn evaluate(&self, rules: &R, state: &R::State) -> i32 {
        self(rules, state)
    }
}

/// The exact value of a finished game for the player to move in `state`: a win is worth
/// [`WIN`] plus the final margin in seeds (so bigger wins are preferred), a loss minus that,
/// a draw 0 (or, where a ply limit adjudicated it, the store difference in hundredths of a
/// seed, as an evaluation counts it).
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
        None => SEED * margin,
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

/// The evaluation an agent uses, chosen at run time: the plain store difference, the
/// game's own evaluation, [`Heuristic::evaluate`](super::Heuristic::evaluate) (the games of the crate: their tuned
/// evaluations, `KalahEval`, `OwareEval`, `ToguzEval` and `TsoroEval`), its trained network,
/// [`Heuristic::network_evaluate`](super::Heuristic::network_evaluate), or whichever of the two the game names its default,
/// [`Heuristic::NETWORK_BY_DEFAULT`](super::Heuristic::NETWORK_BY_DEFAULT): that is the default of
/// [`AgentSpec`](super::AgentSpec)'s `alphabeta` (Toguz Kumalak, Oware and Tsoro: their networks).
///
/// ```
/// use sowing::search::{Evaluator, GameEval, Heuristic};
/// use sowing::toguz::Toguz;
/// use sowing::Ruleset;
/// let rules = Toguz::default();
/// let start = rules.start();
/// assert_eq!(GameEval::StoreDifference.evaluate(&rules, &start), 0);
/// assert!(GameEval::Tuned.evaluate(&rules, &start) != 0);
/// // Toguz Kumalak's default is its network, on the board it was trained for.
/// assert_eq!(
///     GameEval::Auto.evaluate(&rules, &start),
///     rules.network_evaluate(&start).unwrap()
/// );
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameEval {
    /// [`StoreDifference`]: the mover's store minus the opponent's (agent option `eval=store`).
    StoreDifference,
    /// The game's own evaluation, [`Heuristic::evaluate`](super::Heuristic::evaluate), in hundredths of a seed (agent
    /// option `eval=tuned`); the store difference for a ruleset that has none.
    Tuned,
    /// The game's trained network, [`Heuristic::network_evaluate`](super::Heuristic::network_evaluate) (agent option
    /// `eval=net`); the game's own evaluation where the rules have no network.
    Net,
    /// [`Net`](GameEval::Net) for a game whose [`Heuristic::NETWORK_BY_DEFAULT`](super::Heuristic::NETWORK_BY_DEFAULT) says so,
    /// else [`Tuned`](GameEval::Tuned) (agent option `eval=auto`, the `alphabeta` agent's
    /// default).
    #[default]
    Auto,
}

/// The logistic scales, per seed, of a game's evaluations: what turns a value of the search
/// in seeds into an expected score, `1 / (1 + exp(-scale × seeds))`
/// ([`Calibration`](crate::analysis::Calibration)). A fact of each game, stated where its
/// evaluations are ([`Heuristic::SCALES`](super::Heuristic::SCALES)) and fitted by the `calibrate` tool on its own
/// self-play, one scale for each evaluation an agent may search with: the values of the same
/// position differ from one evaluation to another, and so does what a seed of them is worth.
///
/// `None` where the game gives no scale for that evaluation: the analysis then refuses the
/// agent ([`AnalysisError::NoCalibration`](crate::analysis::AnalysisError::NoCalibration))
/// rather than borrow another game's.
///
/// ```
/// use sowing::search::{EvalScales, GameEval, Heuristic};
/// use sowing::{kalah::Kalah, toguz::Toguz};
/// // Toguz Kumalak's default agent searches with its network: the network's scale.
/// assert_eq!(GameEval::Auto.scale::<Toguz>(), Toguz::SCALES.net);
/// // Kalah has no network, and its default is its tuned evaluation.
/// assert_eq!(Kalah::SCALES.net, None);
/// assert_eq!(GameEval::Auto.scale::<Kalah>(), Kalah::SCALES.tuned);
/// assert_eq!(EvalScales::NONE.get(GameEval::Tuned), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalScales {
    /// The scale of the store difference ([`GameEval::StoreDifference`], `eval=store`).
    pub store: Option<f64>,
    /// The scale of the game's own evaluation ([`GameEval::Tuned`], `eval=tuned`).
    pub tuned: Option<f64>,
    /// The scale of the game's network ([`GameEval::Net`], `eval=net`).
    pub net: Option<f64>,
}

impl EvalScales {
    /// No scale for any evaluation: the default of [`Heuristic::SCALES`](super::Heuristic::SCALES).
    pub const NONE: EvalScales = EvalScales {
        store: None,
        tuned: None,
        net: None,
    };

    /// The scale of `eval`, an evaluation already resolved ([`GameEval::resolve`](GameEval::resolve)): `None`
    /// for [`GameEval::Auto`], which names no evaluation until a game resolves it
    /// ([`GameEval::scale`] does both).
    pub const fn get(&self, eval: GameEval) -> Option<f64> {
        match eval {
            GameEval::StoreDifference => self.store,
            GameEval::Tuned => self.tuned,
            GameEval::Net => self.net,
            GameEval::Auto => None,
        }
    }
}

impl GameEval {
    /// The evaluation's name as agent text writes it: `store`, `tuned`, `net` or `auto`.
    pub const fn name(self) -> &'static str {
        match self {
            GameEval::StoreDifference => "store",
            GameEval::Tuned => "tuned",
            GameEval::Net => "net",
            GameEval::Auto => "auto",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Divisor;

    #[test]
    fn the_divisor_gives_every_small_remainder_exactly() {
        for d in 1..256 {
            let by = Divisor::new(d);
            for x in 0..1 << 16 {
                assert_eq!(by.remainder(x), x % d, "{x} % {d}");
            }
        }
    }
}
