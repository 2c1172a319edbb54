//! [`SearchTuning`]: what a game tunes of the search, given by its
//! [`Heuristic::SEARCH_TUNING`](super::Heuristic::SEARCH_TUNING); and [`LinearVisitor`],
//! how the `tune` tool reaches the evaluation a game tunes.

use super::eval::{Linear, SEED};
use crate::ruleset::Ruleset;

/// Generic code to run on a game's weighted-sum evaluation, the type the game names through
/// [`Heuristic::with_linear`](super::Heuristic::with_linear): the `tune` tool fits its
/// weights for any game that names one, without naming the game.
pub trait LinearVisitor<R: Ruleset> {
    /// What the visit returns.
    type Output;
    /// Runs on the evaluation type `L`.
    fn visit<L: Linear<R> + 'static>(self) -> Self::Output;
}

/// What a game tunes of the search: the margins of the prunings, in hundredths of a seed
/// ([`SEED`] units a seed) as every evaluation
/// ([`Heuristic::evaluate`](super::Heuristic::evaluate), an [`Evaluator`](super::Evaluator)),
/// the first move late-move reductions reduce, and whether its extra turns are extended. A
/// game gives its own through the hook beside its evaluation,
/// [`Heuristic::SEARCH_TUNING`](super::Heuristic::SEARCH_TUNING);
/// [`AlphaBeta::tuning`](crate::search::AlphaBeta::tuning) replaces it for one agent. The
/// [`SearchOptions`](crate::search::SearchOptions) switch the prunings on and off; this says
/// how far they reach.
///
/// ```
/// use sowing::search::{AlphaBeta, Heuristic, Limits, SearchOptions, SearchTuning};
/// use sowing::{Ruleset, kalah::Kalah};
/// assert_eq!(Kalah::SEARCH_TUNING.lmr_from, 1);
/// let rules = Kalah::default();
/// let wary = SearchTuning { rfp_margin: 300, ..SearchTuning::DEFAULT };
/// let mut ab = AlphaBeta::new(Limits::depth(6)).options(SearchOptions::AGENT).tuning(wary);
/// assert_eq!(ab.search_tuning::<Kalah>().rfp_margin, 300);
/// assert!(ab.search(&rules, &rules.start()).best.is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchTuning {
    /// [`SearchOptions::rfp`](crate::search::SearchOptions::rfp)'s margin a ply of depth
    /// left, in hundredths of a seed.
    pub rfp_margin: i32,
    /// [`SearchOptions::futility`](crate::search::SearchOptions::futility)'s margin a ply
    /// of depth left, in hundredths of a seed.
    pub futility_margin: i32,
    /// The first move, counted from 0 in the search's order, that
    /// [`SearchOptions::lmr`](crate::search::SearchOptions::lmr) may reduce: 3 by default (the
    /// fourth); a game with few moves a node reduces earlier, or the reductions touch little.
    pub lmr_from: usize,
    /// Whether [`SearchOptions::extend`](crate::search::SearchOptions::extend) extends the
    /// moves after which the mover moves again in this game: a game where such a move
    /// continues one turn (Kalah's extra turn) gains a ply of turns where a ply of moves
    /// would stop in the middle of one.
    pub extend: bool,
}

impl SearchTuning {
    /// The default of every ruleset, and the margins of Toguz Kumalak, Tsoro and Oware (Tsoro
    /// measured at half and twice these margins, and without the prunings: none did
    /// better): 1.5 and 2 seeds a ply (150 and 200 hundredths); reductions
    /// from the fourth move; no extension (Kalah's tuning reduces from the second move and
    /// extends).
    pub const DEFAULT: SearchTuning = SearchTuning {
        rfp_margin: 3 * SEED / 2,
        futility_margin: 2 * SEED,
        lmr_from: 3,
        extend: false,
    };
}

impl Default for SearchTuning {
    fn default() -> Self {
        SearchTuning::DEFAULT
    }
}
