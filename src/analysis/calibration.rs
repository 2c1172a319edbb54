//! From a value in seeds to an expected score: [`Calibration`], a logistic curve per game
//! and evaluation fitted on self-play results ([`fit`], [`self_play`]).
//!
//! The expected score of a position for a player is `1 / (1 + exp(-scale × seeds))`, its
//! value in seeds the search's estimate. `scale` is fitted by maximum likelihood on positions
//! of self-play games, each labelled with the final result for the player to move there (1 a
//! win, ½ a draw, 0 a loss): [`self_play`] plays the games and collects the pairs, [`fit`]
//! finds the scale. Each game states the scales of its evaluations where they are
//! ([`Heuristic::SCALES`]: the crate's games in their `eval.rs`, beside their networks), and
//! the `calibrate` tool of [`sowing::tools`](crate::tools) fits them for any game (the
//! crate's table and the command in [`Calibration::for_eval`]). A game that states no scale
//! for an agent's evaluation is refused by the analysis
//! ([`AnalysisError::NoCalibration`]) rather than given another game's; a program can fit
//! its own with the same two functions and pass it to
//! [`Analyzer::with_calibration`].

use crate::WyRand;
use crate::games::{AnyRuleset, Game, GameFinder, GameList};
use crate::ruleset::Ruleset;
use crate::search::{AgentSpec, AgentSpecError, GameEval, Heuristic};

use super::value::Value;
use super::{AnalysisError, Analyzer};

/// The thresholds of the move classes, as losses of expected score (0 to 1), and the scale of
/// the expected score: one game's [`Calibration`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// The logistic's scale, per seed: the expected score of a position worth `x` seeds is
    /// `1 / (1 + exp(-scale × x))`.
    pub scale: f64,
    /// A move losing at least this much expected score is an inaccuracy.
    pub inaccuracy: f64,
    /// ... a mistake.
    pub mistake: f64,
    /// ... a blunder.
    pub blunder: f64,
}

/// The game of a name among the crate's, for the deprecated [`Calibration::for_game`].
struct Named<'a>(&'a str);

impl GameFinder for Named<'_> {
    type Output = Calibration;
    fn find<R: Game>(&mut self) -> Option<Calibration> {
        (R::GAME == self.0).then(|| Calibration::for_eval::<R>(GameEval::Auto))?
    }
}

impl Calibration {
    /// The thresholds every game shares, with a scale of 0.2 a seed that is no game's: the
    /// thresholds [`with_scale`](Self::with_scale) puts beside a fitted scale.
    pub const DEFAULT: Calibration = Calibration {
        scale: 0.2,
        inaccuracy: 0.05,
        mistake: 0.10,
        blunder: 0.15,
    };

    /// The shared thresholds ([`DEFAULT`](Self::DEFAULT)'s) with `scale`.
    ///
    /// ```
    /// use sowing::analysis::Calibration;
    /// let c = Calibration::with_scale(0.3);
    /// assert_eq!((c.scale, c.blunder), (0.3, Calibration::DEFAULT.blunder));
    /// ```
    pub const fn with_scale(scale: f64) -> Calibration {
        Calibration {
            scale,
            inaccuracy: Calibration::DEFAULT.inaccuracy,
            mistake: Calibration::DEFAULT.mistake,
            blunder: Calibration::DEFAULT.blunder,
        }
    }

    /// The calibration of evaluation `eval` in the game of `R`: the scale the game states
    /// for it ([`Heuristic::SCALES`], [`GameEval::scale`]; [`GameEval::Auto`] resolved to
    /// the game's default) and the shared thresholds; `None` where the game states none.
    ///
    /// The thresholds (0.05, 0.10 and 0.15 of expected score for an inaccuracy, a mistake and
    /// a blunder) are those of the analysis boards players know (lichess's steps of 0.1,
    /// 0.2 and 0.3 in winning chances from -1 to 1); they are the same in every game, and the
    /// game's fitted scale turns them into seeds: a blunder in Toguz Kumalak, where a seed
    /// is worth less, costs more seeds than one in Kalah.
    ///
    /// The crate's games state a scale for each evaluation an `alphabeta` agent may search
    /// with (`eval=store`, `eval=tuned`, and `eval=net` where the game has a network; the
    /// default agents search with the network, Kalah's with its tuned evaluation), each
    /// fitted by [`fit`] on [`self_play`] of `alphabeta:depth=8` with that evaluation in
    /// 400 games from openings of 4 random plies each, seed 1, on the default rules of each
    /// game (the samples column: the positions those games gave); the thresholds checked by
    /// [`fit_thresholds`] against a search two plies deeper in 40 games (seed 2, every
    /// second position). The command is `cargo run --release --example calibrate 400 8 40`,
    /// whose output is copied here; the last column is the loss near an even position that makes
    /// an inaccuracy, about `0.2 / scale` seeds. The searches' noise stays under the shared
    /// steps for every default agent (60 to 85% of the deeper search's moves lose nothing);
    /// the store difference's shallow search is noisier in Kalah and Tsoro, whose percentiles
    /// pass the steps there, and the steps are kept for it too.
    ///
    /// | game | evaluation | scale per seed | samples | inaccuracy | mistake | blunder | noise positions | inaccuracy near even, seeds |
    /// |---|---|---|---|---|---|---|---|---|
    /// | `kalah` | store | 0.3549 | 11093 | 0.050 | 0.118 | 0.185 | 588 (85% lose nothing; 90/97/99%: 0.039 0.118 0.185) | 0.6 |
    /// | `kalah` | tuned | 0.3208 | 10754 | 0.050 | 0.100 | 0.150 | 590 (85% lose nothing; 90/97/99%: 0.012 0.082 0.130) | 0.6 |
    /// | `toguz` | store | 0.0724 | 49389 | 0.050 | 0.100 | 0.150 | 2611 (89% lose nothing; 90/97/99%: 0.013 0.018 0.036) | 2.8 |
    /// | `toguz` | tuned | 0.0737 | 48746 | 0.050 | 0.100 | 0.150 | 2559 (70% lose nothing; 90/97/99%: 0.019 0.039 0.066) | 2.7 |
    /// | `toguz` | net | 0.0962 | 51652 | 0.050 | 0.100 | 0.150 | 2553 (69% lose nothing; 90/97/99%: 0.015 0.036 0.054) | 2.1 |
    /// | `tsoro` | store | 0.1318 | 37370 | 0.050 | 0.100 | 0.160 | 1787 (95% lose nothing; 90/97/99%: 0.000 0.061 0.160) | 1.5 |
    /// | `tsoro` | tuned | 0.0712 | 56392 | 0.050 | 0.100 | 0.150 | 2718 (80% lose nothing; 90/97/99%: 0.010 0.034 0.101) | 2.8 |
    /// | `tsoro` | net | 0.0535 | 62259 | 0.050 | 0.100 | 0.150 | 3274 (60% lose nothing; 90/97/99%: 0.024 0.056 0.105) | 3.7 |
    /// | `oware` | store | 0.3160 | 40326 | 0.050 | 0.100 | 0.150 | 4136 (97% lose nothing; 90/97/99%: 0.000 0.000 0.108) | 0.6 |
    /// | `oware` | tuned | 0.2690 | 35334 | 0.050 | 0.100 | 0.150 | 3859 (84% lose nothing; 90/97/99%: 0.034 0.082 0.082) | 0.7 |
    /// | `oware` | net | 0.3781 | 34982 | 0.050 | 0.100 | 0.150 | 4164 (80% lose nothing; 90/97/99%: 0.023 0.073 0.131) | 0.5 |
    ///
    /// ```
    /// use sowing::analysis::Calibration;
    /// use sowing::search::{GameEval, Heuristic};
    /// use sowing::toguz::Toguz;
    /// let net = Calibration::for_eval::<Toguz>(GameEval::Net).unwrap();
    /// assert_eq!(Some(net.scale), Toguz::SCALES.net);
    /// // The default agent of Toguz Kumalak searches with its network.
    /// assert_eq!(Calibration::for_eval::<Toguz>(GameEval::Auto), Some(net));
    /// ```
    pub fn for_eval<R: Heuristic>(eval: GameEval) -> Option<Calibration> {
        eval.scale::<R>().map(Calibration::with_scale)
    }

    /// The calibration of an agent's evaluation in the game of `R` ([`for_eval`](Self::for_eval)
    /// of the `alphabeta` spec's `eval`), as [`Analyzer::new`] takes it.
    ///
    /// ```
    /// use sowing::analysis::{AnalysisError, Calibration};
    /// use sowing::kalah::Kalah;
    /// let agent = "alphabeta:depth=6".parse().unwrap();
    /// assert!(Calibration::for_agent::<Kalah>(&agent).is_ok());
    /// let net = "alphabeta:eval=net".parse().unwrap();
    /// assert!(Calibration::for_agent::<Kalah>(&net).is_err()); // Kalah has no network
    /// ```
    ///
    /// # Errors
    /// [`AnalysisError::NoValues`] for an agent other than `alphabeta`, and
    /// [`AnalysisError::NoCalibration`] where the game states no scale for its evaluation.
    pub fn for_agent<R: Heuristic>(agent: &AgentSpec) -> Result<Calibration, AnalysisError> {
        let AgentSpec::AlphaBeta { eval, .. } = agent else {
            return Err(AnalysisError::NoValues(agent.to_string()));
        };
        Calibration::for_eval::<R>(*eval).ok_or(AnalysisError::NoCalibration {
            game: R::GAME,
            eval: eval.resolve::<R>().name(),
        })
    }

    /// The calibration of the default evaluation of the crate's game named `game`
    /// ([`Ruleset::GAME`]), or [`DEFAULT`](Self::DEFAULT) for any other name.
    #[deprecated(
        since = "0.5.0",
        note = "each game states its scales (`Heuristic::SCALES`): use `Calibration::for_eval::<R>(GameEval::Auto)` or `Calibration::for_agent`"
    )]
    pub fn for_game(game: &str) -> Calibration {
        AnyRuleset::find(Named(game)).unwrap_or(Calibration::DEFAULT)
    }

    /// [`for_game`](Self::for_game) of the game of `R`.
    #[deprecated(
        since = "0.5.0",
        note = "each game states its scales (`Heuristic::SCALES`): use `Calibration::for_eval::<R>(GameEval::Auto)` or `Calibration::for_agent`"
    )]
    pub fn of<R: Ruleset>() -> Calibration {
        #[allow(deprecated)]
        Calibration::for_game(R::GAME)
    }

    /// The expected score of a position worth `value`: the logistic of an estimate, and for
    /// a known result 1 (won), ½ (drawn) or 0 (lost).
    ///
    /// ```
    /// use sowing::analysis::{Calibration, Value};
    /// let c = Calibration::DEFAULT;
    /// assert_eq!(c.expected(Value::Estimate(0.0)), 0.5);
    /// assert!(c.expected(Value::Estimate(5.0)) > 0.7);
    /// assert_eq!(c.expected(Value::Exact(-2)), 0.0);
    /// ```
    pub fn expected(&self, value: Value) -> f64 {
        match value.result() {
            Some(r) => 0.5 + 0.5 * f64::from(r),
            None => logistic(self.scale * value.seeds()),
        }
    }

    /// The expected score of an estimate of `seeds`, whatever the value's kind.
    pub fn expected_seeds(&self, seeds: f64) -> f64 {
        logistic(self.scale * seeds)
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The logistic scale that best explains `samples`, pairs of (value in seeds for the player
/// to move, final score for him: 1, ½ or 0), by maximum likelihood (Newton's method on the
/// one parameter); `None` with fewer than two samples or when no scale fits (every sample on
/// the side its value predicts, with nothing to bound the scale).
///
/// ```
/// // Samples drawn from a scale of 0.3: the fit finds it back.
/// let samples: Vec<(f64, f64)> = (-40..=40)
///     .flat_map(|x| {
///         let p = 1.0 / (1.0 + (-0.3 * f64::from(x) / 4.0).exp());
///         [(f64::from(x) / 4.0, p)]
///     })
///     .collect();
/// let k = sowing::analysis::fit(&samples).unwrap();
/// assert!((k - 0.3).abs() < 1e-6);
/// ```
pub fn fit(samples: &[(f64, f64)]) -> Option<f64> {
    if samples.len() < 2 {
        return None;
    }
    let mut k = 0.1;
    for _ in 0..100 {
        let (mut grad, mut hess) = (0.0, 0.0);
        for &(x, y) in samples {
            let p = logistic(k * x);
            grad += (y - p) * x;
            hess -= p * (1.0 - p) * x * x;
        }
        if hess >= -1e-12 {
            return None;
        }
        let step = grad / hess;
        k -= step;
        if !(k.is_finite() && k > 0.0 && k < 100.0) {
            return None;
        }
        if step.abs() < 1e-12 {
            break;
        }
    }
    Some(k)
}

/// Self-play samples for [`fit`]: `games` games of `agent` against itself on `rules`, each
/// from an opening of `random_plies` random plies (seeded by `seed`), and every position
/// after the opening where the search did not prove a result as a pair (the search's value
/// in seeds for the player to move, his final score). Reproducible for a fixed depth.
///
/// # Errors
/// An agent that is not an `alphabeta` one (the values come from its search), or that the
/// game cannot serve.
pub fn self_play<R: Heuristic>(
    rules: &R,
    agent: &AgentSpec,
    games: usize,
    random_plies: usize,
    seed: u64,
) -> Result<Vec<(f64, f64)>, AgentSpecError> {
    let Some(mut search) = agent.alphabeta::<R>()? else {
        return Err(AgentSpecError::UnknownAgent(format!(
            "{agent} (calibration needs an alphabeta agent)"
        )));
    };
    let mut rng = WyRand::new(seed);
    let mut samples = Vec::new();
    for _ in 0..games {
        search.clear();
        let mut state = rules.start();
        for _ in 0..random_plies {
            match rules.random_move(&state, &mut rng) {
                Some(mv) => rules.play_unchecked(&mut state, mv),
                None => break,
            }
        }
        let mut seen = Vec::new();
        let mut plies = 0;
        while !rules.is_over(&state) && plies < 1000 {
            let result = search.search(rules, &state);
            let Some(mv) = result.best else { break };
            if let Value::Estimate(x) = Value::from_search(result.value) {
                seen.push((x, rules.to_move(&state)));
            }
            rules.play_unchecked(&mut state, mv);
            plies += 1;
        }
        let Some(outcome) = rules.outcome(&state) else {
            continue;
        };
        for (x, player) in seen {
            let score = 0.5 + 0.5 * f64::from(outcome.value_for(player));
            samples.push((x, score));
        }
    }
    Ok(samples)
}

/// Fits the thresholds of the classes to the search's noise: the expected-score losses that
/// the analysis with `agent` gives, in positions of `games` self-play games of `agent` (from
/// openings of `random_plies` random plies, seeded by `seed`, every `every`-th position), to
/// the move a deeper search, `reference`, finds best. Those moves are as good as the analysis
/// can know, so what it says they lose is its noise: the thresholds are the 90th, 97th and
/// 99th percentiles of those losses (a best move is called an inaccuracy one time in ten at
/// most, a mistake one in thirty, a blunder one in a hundred), and never below the steps of
/// [`Calibration::DEFAULT`]. Returns the calibration (with `scale` and the new thresholds)
/// and the losses measured, sorted.
///
/// # Errors
/// An agent that is not an `alphabeta` one, or that the game cannot serve.
#[allow(clippy::too_many_arguments)]
pub fn fit_thresholds<R: Heuristic>(
    rules: &R,
    scale: f64,
    agent: &AgentSpec,
    reference: &AgentSpec,
    games: usize,
    random_plies: usize,
    every: usize,
    seed: u64,
) -> Result<(Calibration, Vec<f64>), AgentSpecError> {
    let calibration = Calibration::with_scale(scale);
    let mut analyzer = Analyzer::<R>::with_calibration(agent, calibration)
        .map_err(|e| match e {
            AnalysisError::Agent(e) => e,
            e => AgentSpecError::UnknownAgent(e.to_string()),
        })?
        // The losses of the first search, which the thresholds are for.
        .verify(0);
    let Some(mut deep) = reference.alphabeta::<R>()? else {
        return Err(AgentSpecError::UnknownAgent(format!(
            "{reference} (the reference needs an alphabeta agent)"
        )));
    };
    let mut rng = WyRand::new(seed);
    let mut losses = Vec::new();
    for _ in 0..games {
        deep.clear();
        analyzer.search.clear();
        let mut state = rules.start();
        for _ in 0..random_plies {
            match rules.random_move(&state, &mut rng) {
                Some(mv) => rules.play_unchecked(&mut state, mv),
                None => break,
            }
        }
        let mut ply = 0;
        while !rules.is_over(&state) && ply < 1000 {
            let Some(best) = deep.search(rules, &state).best else {
                break;
            };
            if ply % every.max(1) == 0 && rules.legal_moves(&state).len() > 1 {
                let p = analyzer.analyze_ply(rules, &state, (ply + 1, 0), best);
                if p.exactness == super::Exactness::Estimate {
                    losses.push(p.expected_loss);
                }
            }
            rules.play_unchecked(&mut state, best);
            ply += 1;
        }
    }
    losses.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if losses.is_empty() {
            0.0
        } else {
            losses[((losses.len() - 1) as f64 * q).round() as usize]
        }
    };
    let d = Calibration::DEFAULT;
    let inaccuracy = at(0.90).max(d.inaccuracy);
    let mistake = at(0.97).max(d.mistake).max(inaccuracy);
    let blunder = at(0.99).max(d.blunder).max(mistake);
    Ok((
        Calibration {
            scale,
            inaccuracy,
            mistake,
            blunder,
        },
        losses,
    ))
}
