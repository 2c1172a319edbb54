//! The [`Heuristic`] trait: what a game knows beyond its rules, for the search.

use std::sync::Arc;

use super::eval::{EvalScales, SEED};
use super::tuning::{LinearVisitor, SearchTuning};
use crate::ruleset::Ruleset;

/// Exact values of positions, as [`Heuristic::endgame_oracle`] gives them: for the player to
/// move in the state, the final store difference under perfect play by both sides, in seeds
/// (positive: he wins by that much), or `None` for a state the oracle does not hold.
///
/// It is called through a pointer, once for each position the search scores, and only by an
/// agent that asked for it (`alphabeta:endgame=N`): a database look-up costs far more than
/// the call.
pub type Oracle<S> = Arc<dyn Fn(&S) -> Option<i32> + Send + Sync>;

/// What a game knows beyond its rules, for the search to use without naming the game: its
/// evaluation, the margins of the search's prunings, a null move and exact endgame values;
/// and for the tools, the facts they would otherwise look up by the game's name: the scales
/// of its expected score ([`SCALES`](Heuristic::SCALES)), the evaluation `tune` fits
/// ([`with_linear`](Heuristic::with_linear)) and where a network reads its inputs
/// ([`network_inputs`](Heuristic::network_inputs)).
///
/// The rules stay in [`Ruleset`]; this trait stands beside the search, which bounds on it
/// where it uses it ([`AlphaBeta::search`](super::AlphaBeta::search),
/// [`AgentSpec::build`](super::AgentSpec::build)). Every hook is provided, so a game of your
/// own gets the defaults with one line, `impl Heuristic for MyGame {}` (as
/// `tests/downstream.rs` does), and overrides what it knows.
///
/// **One unit.** Every evaluation and every margin counts hundredths of a seed ([`SEED`]
/// units a seed): [`evaluate`](Heuristic::evaluate), an
/// [`Evaluator`](super::Evaluator) (whose default, [`StoreDifference`](super::StoreDifference),
/// is this trait's default evaluation), [`SearchTuning`]'s margins and the values of a
/// [`SearchResult`](super::SearchResult) below ±[`WIN`](super::WIN).
///
/// ```
/// use sowing::kalah::{Kalah, KalahEval};
/// use sowing::search::{Evaluator, Heuristic};
/// use sowing::Ruleset;
/// let rules = Kalah::default();
/// let start = rules.start();
/// assert_eq!(rules.evaluate(&start), KalahEval::TUNED.evaluate(&rules, &start));
/// assert_eq!(Kalah::SEARCH_TUNING.lmr_from, 1);
/// ```
pub trait Heuristic: Ruleset {
    /// The game's own evaluation of an unfinished `state` for the player to move, in
    /// hundredths of a seed ([`SEED`] units a seed): higher is better, 0 is even. The
    /// `alphabeta` agent scores the positions where its search stops with it (`eval=tuned`,
    /// the default).
    ///
    /// The default is [`SEED`] times the mover's store minus the opponent's (what
    /// [`StoreDifference`](super::StoreDifference) gives); the games of the crate override
    /// it with their tuned evaluations (`KalahEval`, `ToguzEval`, `TsoroEval`, `OwareEval` in their
    /// modules). A game of your own overrides it with what it knows, in the same unit.
    #[inline]
    fn evaluate(&self, state: &Self::State) -> i32 {
        let seeds = self.seed_count(state);
        let me = self.to_move(state);
        SEED * (seeds.store(me) as i32 - seeds.store(!me) as i32)
    }

    /// The margins of the search's prunings in this game, in hundredths of a seed as every
    /// evaluation, the first move late-move reductions reduce, and whether extra turns are
    /// extended. The default, [`SearchTuning::DEFAULT`], suits most games.
    const SEARCH_TUNING: SearchTuning = SearchTuning::DEFAULT;

    /// The position with the turn handed to the opponent and nothing sown, for the search's
    /// null-move pruning ([`SearchOptions::null_move`](super::SearchOptions::null_move)):
    /// if the mover could pass and still stand above what the opponent can already force
    /// elsewhere, a real move will not do worse. No game of the crate lets a player pass, so
    /// the search uses this position only as a bound, never as a move. `None` (the default)
    /// where the game has no such position (the search then never prunes by it), or where the
    /// game is over.
    ///
    /// ```
    /// use sowing::toguz::Toguz;
    /// use sowing::kalah::Kalah;
    /// use sowing::search::Heuristic;
    /// use sowing::Ruleset;
    /// let rules = Toguz::default();
    /// let start = rules.start();
    /// let passed = rules.null_move(&start).unwrap();
    /// assert_eq!(rules.to_move(&passed), !rules.to_move(&start));
    /// assert_eq!(rules.seed_count(&passed), rules.seed_count(&start));
    /// assert_eq!(rules.hash(&passed), rules.hash_from_scratch(&passed));
    /// assert!(Kalah::default().null_move(&Kalah::default().start()).is_none());
    /// ```
    fn null_move(&self, state: &Self::State) -> Option<Self::State> {
        let _ = state;
        None
    }

    /// The most seeds on the board for which [`endgame_oracle`](Heuristic::endgame_oracle)
    /// can give exact values: 0 (the default) for a game without one. The `alphabeta` agent's
    /// option `endgame=N` is refused for `N` above it.
    const ENDGAME_SEEDS: u32 = 0;

    /// The most seeds for which these rules, with their switches, can give exact values:
    /// [`ENDGAME_SEEDS`](Heuristic::ENDGAME_SEEDS) (the default), or 0 where a switch rules
    /// them out (Kalah's pie rule, whose swap is not a sowing).
    /// [`AgentSpec::check_for`](super::AgentSpec::check_for) refuses `endgame=N` above it.
    fn endgame_seeds(&self) -> u32 {
        Self::ENDGAME_SEEDS
    }

    /// The most seeds on the board whose exact values the `alphabeta` agent's default,
    /// `endgame=auto` ([`Endgame::Auto`](super::Endgame::Auto)), looks up for these rules:
    /// values at hand without computing any, at most
    /// [`endgame_seeds`](Heuristic::endgame_seeds). 0 (the default): none. Oware: the
    /// largest table of these rules kept in the directory `$SOWING_TABLES` names.
    ///
    /// It is asked once a search, at its first evaluation, and should be quick (a directory
    /// listing, not a computation).
    fn default_endgame(&self) -> u32 {
        0
    }

    /// Exact values for positions with at most `max_seeds` seeds on the board (at most
    /// [`ENDGAME_SEEDS`](Heuristic::ENDGAME_SEEDS)), such as an endgame database: an
    /// [`Oracle`] giving, for the player to move, the final store difference under perfect
    /// play by both sides, or `None` for a position it does not hold. `None` (the default)
    /// when the game has none, or it cannot be had (Kalah: under the pie rule, whose swap
    /// is not a sowing, or without the `solver` feature).
    ///
    /// It may take long (Kalah builds its solver's endgame database at the first call for
    /// each ruleset and size, then shares it); the search asks once, at its first evaluation.
    fn endgame_oracle(&self, max_seeds: u32) -> Option<Oracle<Self::State>> {
        let _ = max_seeds;
        None
    }

    /// Whether the game has a trained evaluation network ([`network_evaluate`]): the
    /// `alphabeta` agent's option `eval=net` is refused without one. `false` by default.
    ///
    /// [`network_evaluate`]: Heuristic::network_evaluate
    const NETWORK: bool = false;

    /// Whether the `alphabeta` agent's default evaluation (`eval=auto`, [`GameEval::Auto`])
    /// is the trained network ([`network_evaluate`], where the rules have one) rather than
    /// the game's own evaluation ([`evaluate`](Heuristic::evaluate)). `false` by default; a
    /// game sets it where equal-time matches showed its network the stronger.
    ///
    /// [`GameEval::Auto`]: super::GameEval::Auto
    /// [`network_evaluate`]: Heuristic::network_evaluate
    const NETWORK_BY_DEFAULT: bool = false;

    /// The trained network's value of an unfinished `state` for the player to move, in
    /// hundredths of a seed as [`evaluate`](Heuristic::evaluate) (`eval=net`), or `None`
    /// where these rules have no network (the default; a board of another size than the
    /// network's).
    #[inline]
    fn network_evaluate(&self, state: &Self::State) -> Option<i32> {
        let _ = state;
        None
    }

    /// The value of an unfinished `state` for the player to move by `network`, a network
    /// read from a file (`alphabeta:net=<path>`, [`NetworkFile`](super::NetworkFile)), in
    /// hundredths of a seed as [`network_evaluate`](Heuristic::network_evaluate): the
    /// network run on the state's observation as bytes. `None` where the game gives a
    /// network no inputs (the default), or `network` reads longer observations than the
    /// rules'. Whether its inputs are laid out as the rules' ([`network_inputs`]) is checked
    /// once, when the agent is made
    /// ([`AgentSpec::check_for`](super::AgentSpec::check_for)), not here. No allocation.
    ///
    /// [`network_inputs`]: Heuristic::network_inputs
    #[inline]
    fn network_value(&self, network: &super::Network, state: &Self::State) -> Option<i32> {
        let _ = (network, state);
        None
    }

    /// The logistic scale, per seed, of each of the game's evaluations ([`EvalScales`]):
    /// what the analysis turns a value in seeds into an expected score with
    /// ([`Calibration`](crate::analysis::Calibration)), fitted on the game's own self-play
    /// by the `calibrate` tool (`sowing::tools`). [`EvalScales::NONE`] by default: the
    /// analysis then refuses an agent of the game
    /// ([`AnalysisError::NoCalibration`](crate::analysis::AnalysisError::NoCalibration))
    /// until it states the scale of that agent's evaluation, which its own `calibrate` fits.
    const SCALES: EvalScales = EvalScales::NONE;

    /// Runs `visitor` on the game's weighted-sum evaluation ([`Linear`](super::Linear)), the
    /// one the `tune` tool fits to game results, or `None` (the default) for a game without
    /// one. A game with one names its type:
    /// `fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
    /// Some(visitor.visit::<MyEval>()) }`.
    ///
    /// ```
    /// use sowing::search::{Heuristic, Linear, LinearVisitor};
    /// use sowing::kalah::Kalah;
    /// struct Terms;
    /// impl LinearVisitor<Kalah> for Terms {
    ///     type Output = usize;
    ///     fn visit<L: Linear<Kalah> + 'static>(self) -> usize {
    ///         L::NAMES.len()
    ///     }
    /// }
    /// assert_eq!(Kalah::with_linear(Terms), Some(6));
    /// ```
    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        let _ = visitor;
        None
    }

    /// Where a network of the game reads its inputs in the game's observation
    /// ([`InputLayout`](super::InputLayout)): the training script takes it from the self-play
    /// data's header ([`training_words`](super::training_words)). `None` (the default) for a
    /// game without an encoding or a layout for these rules.
    fn network_inputs(&self) -> Option<super::InputLayout> {
        None
    }
}
