//! Game analysis for players: every move of a game valued, the best move and its line, the
//! value the move played lost and its class, for any ruleset and any `alphabeta` agent.
//!
//! An [`Analyzer`] takes a [`GameRecord`] and, for every ply, values **every legal move**
//! of the position with the agent's search (the position after each move searched one ply
//! less deep than the budget, or with an equal share of its time or nodes), so that the move
//! played and the best one are valued by the same searches: the value lost is never
//! negative, and a move as good as the best is [`Class::Best`]. Each [`PlyAnalysis`] gives
//! the values before and after the move for the mover, in seeds ([`Value`]) and as an
//! expected score from 0 to 1 (through the game's [`Calibration`], a logistic fitted on
//! self-play), the best move and its line, the loss and the [`Class`]: best, good,
//! inaccuracy, mistake, blunder, or only move (the best move where every other is a mistake
//! or worse). [`GameAnalysis::summary`] gives each player's average loss, accuracy and count
//! of each class ([`PlayerSummary`]).
//!
//! **Exact where the crate knows the truth.** A move that ends the game is valued by the
//! rules; with an [`Oracle`] (an endgame database: the agent's own `endgame=N`, or any
//! exact values such as the Kalah solver's, [`Analyzer::oracle`]) the positions it holds are
//! valued exactly ([`Value::Exact`]); a win or loss the search proves is
//! [`Value::Proven`], its margin a bound, unless the game's own exact values hold the position
//! ([`PROVEN_ORACLE_SEEDS`]: Kalah's endgame database), which then give it exactly. The class then comes from the known values (a known result thrown
//! away is a blunder; with exact values any loss is at least an inaccuracy), and
//! [`PlyAnalysis::exactness`] says which plies were exact.
//!
//! **Checked deeper.** A loss the search of every move finds counts as a mistake or blunder
//! only if it holds when the move played and the best move are searched again deeper
//! ([`Analyzer::verify`], [`VERIFY_PLIES`] by default): shallow searches swing by several
//! seeds in the opening.
//!
//! **Plies are numbered from 1** everywhere ([`PlyAnalysis::ply`]): the rows, the annotated
//! record's comments, the graph, the `analyze` tool and Python.
//!
//! The analysis is deterministic for a depth budget on one thread: the search's table is
//! cleared at the start of each game. The annotated record ([`annotate`]) writes the values
//! and classes into the record text; [`graph_svg`] draws the game.
//!
//! ```
//! use sowing::analysis::{Analyzer, Class};
//! use sowing::{GameRecord, kalah::Kalah};
//!
//! let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
//! let mut game = GameRecord::new(rules);
//! for mv in ["1", "2", "4", "3"] {
//!     game.play_text(mv).unwrap();
//! }
//! let mut analyzer = Analyzer::new(&"alphabeta:depth=6".parse().unwrap()).unwrap();
//! let analysis = analyzer.analyze(&game).unwrap();
//! assert_eq!(analysis.plies.len(), 4);
//! let first = &analysis.plies[0];
//! assert!(first.loss >= 0.0 && first.line[0] == first.best_text);
//! let [south, _north] = analysis.summary();
//! assert_eq!(south.moves, analysis.plies.iter().filter(|p| p.player == sowing::Player::South).count());
//! ```

mod annotate;
mod calibration;
mod classify;
mod graph;
mod records;
mod summary;
mod value;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

pub use annotate::{Annotation, annotate, read_annotations};
pub use calibration::{Calibration, fit, fit_thresholds, self_play};
pub use classify::{Class, classify};
pub use graph::graph_svg;
pub use records::{read_game_in, read_games_in};
pub use summary::{PlayerSummary, accuracy};
pub use value::Value;

use crate::player::Player;
use crate::record::GameRecord;
use crate::search::{
    AgentEval, AgentSpec, AgentSpecError, AlphaBeta, Endgame, GameEval, Heuristic, Limits, Oracle,
};

/// Why an analysis could not run or finish.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum AnalysisError {
    /// The agent text names an agent the game cannot serve.
    #[error(transparent)]
    Agent(#[from] AgentSpecError),
    /// The agent gives no values to analyse with (only `alphabeta` agents do).
    #[error("agent {0} gives no values: the analysis needs an alphabeta agent")]
    NoValues(String),
    /// The stop flag was raised before the game was finished.
    #[error("analysis stopped")]
    Stopped,
    /// The game states no scale for the agent's evaluation ([`Heuristic::SCALES`]), so its
    /// values cannot be turned into expected scores: fit one with the `calibrate` tool and
    /// state it, or give one ([`Analyzer::with_calibration`]).
    #[error(
        "{game} states no expected-score scale for eval={eval} (Heuristic::SCALES): fit one with the calibrate tool"
    )]
    NoCalibration {
        /// The game's name ([`Ruleset::GAME`](crate::Ruleset::GAME)).
        game: &'static str,
        /// The evaluation, as agent text names it (`store`, `tuned`, `net`).
        eval: &'static str,
    },
}

/// The plies [`Analyzer::verify`] searches a mistake or blunder deeper by, by default (the
/// tool's `--verify`, Python's `verify=`).
pub const VERIFY_PLIES: u32 = 4;

/// The most seeds on the board of a position a search proved won or lost whose exact value
/// the analysis asks the game's endgame oracle for ([`Heuristic::endgame_oracle`]: Kalah's
/// endgame database, built once a process; about half a second for six pits): a proven
/// result's margin is a bound, the oracle's is exact.
pub const PROVEN_ORACLE_SEEDS: u32 = 12;

/// How sure the values of a ply are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Exactness {
    /// Search estimates.
    Estimate,
    /// The class comes from results the search proved or exact values: the result is known,
    /// the margins of proven results are bounds ([`Value::Proven`]).
    Proven,
    /// Every value the class compares is exact ([`Value::Exact`]): the loss is exact.
    Exact,
}

impl Exactness {
    /// `estimate`, `proven` or `exact`.
    pub const fn name(self) -> &'static str {
        match self {
            Exactness::Estimate => "estimate",
            Exactness::Proven => "proven",
            Exactness::Exact => "exact",
        }
    }
}

/// One legal move of an analysed position and its value ([`PlyAnalysis::values`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// The move, as the game writes it.
    pub text: String,
    /// Its value for the mover: the position after it searched (or known exactly).
    pub value: Value,
    /// Whether the value comes from the deeper search that checks a mistake or a blunder
    /// ([`Analyzer::verify`]), rather than the search of every move.
    pub verified: bool,
}

/// One ply of an analysed game.
///
/// **Plies are numbered from 1**, as everywhere in the analysis (the annotated record, the
/// graph, the tool, Python): the first move of the game is ply 1, and ply `n` is the move
/// played in the position after `n - 1` plies ([`GameRecord::position_at`]`(n - 1)`).
#[derive(Clone, Debug, PartialEq)]
pub struct PlyAnalysis<M> {
    /// The ply's number, from 1 (the first move of the game is ply 1).
    pub ply: usize,
    /// The number of the turn the ply belongs to, as the record writes it before the turn
    /// (`N.` for South's turn, `N...` for North's).
    pub turn: usize,
    /// The player who moved.
    pub player: Player,
    /// The move played.
    pub played: M,
    /// The move played, as the game writes it.
    pub played_text: String,
    /// The best move found (the move played when it is as good as any).
    pub best: M,
    /// The best move, as the game writes it.
    pub best_text: String,
    /// The best line: the best move and the replies the search expects, as the game writes
    /// them.
    pub line: Vec<String>,
    /// The best line with its turn numbers, as a record writes moves: `12... 76 13. 98 44`.
    pub line_text: String,
    /// The position's value before the move, for the mover: the best move's value.
    pub before: Value,
    /// The value after the move played, for the mover.
    pub after: Value,
    /// [`before`](Self::before) as an expected score (0 to 1).
    pub expected_before: f64,
    /// [`after`](Self::after) as an expected score.
    pub expected_after: f64,
    /// The value lost by the move, in seeds (0 for the best move, never negative).
    pub loss: f64,
    /// The expected score lost by the move (never negative).
    pub expected_loss: f64,
    /// The move's class.
    pub class: Class,
    /// How sure the class is.
    pub exactness: Exactness,
    /// The legal moves of the position.
    pub moves: usize,
    /// Every legal move of the position and its value for the mover, in the order of the
    /// game's legal moves.
    pub values: Vec<MoveValue<M>>,
    /// Whether the move was searched again deeper before its class was given (a mistake or
    /// blunder at the first search: [`Analyzer::verify`]); the values compared are then
    /// those of the deeper search.
    pub verified: bool,
}

impl<M> PlyAnalysis<M> {
    /// The value before the move from South's side.
    pub fn before_for_south(&self) -> Value {
        for_south(self.before, self.player)
    }

    /// The value after the move from South's side.
    pub fn after_for_south(&self) -> Value {
        for_south(self.after, self.player)
    }
}

fn for_south(v: Value, player: Player) -> Value {
    match player {
        Player::South => v,
        Player::North => v.flip(),
    }
}

/// A game analysed: one [`PlyAnalysis`] a ply, in order.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis<M> {
    /// The agent, as text.
    pub agent: String,
    /// The calibration used.
    pub calibration: Calibration,
    /// The names of the sides ([`Ruleset::SIDES`](crate::Ruleset::SIDES)), South's first.
    pub sides: [&'static str; 2],
    /// Every ply analysed.
    pub plies: Vec<PlyAnalysis<M>>,
}

impl<M> GameAnalysis<M> {
    /// Each player's figures, South's first.
    pub fn summary(&self) -> [PlayerSummary; 2] {
        [Player::South, Player::North].map(|p| PlayerSummary::of(p, &self.plies))
    }

    /// The expected score for South along the game: before the first ply, then after each
    /// ply (the value of the move played, so that a mistake shows where it was made).
    pub fn expected_for_south(&self) -> Vec<f64> {
        let mut out = Vec::with_capacity(self.plies.len() + 1);
        if let Some(first) = self.plies.first() {
            out.push(self.calibration.expected(first.before_for_south()));
        }
        out.extend(
            self.plies
                .iter()
                .map(|p| self.calibration.expected(p.after_for_south())),
        );
        out
    }
}

/// A move, its value for the mover and the line after it.
type Valued<M> = (M, Value, Vec<M>);

/// Analyses games with one agent: see the [module docs](self).
pub struct Analyzer<R: Heuristic> {
    spec: AgentSpec,
    search: AlphaBeta<R::Move, AgentEval<R>>,
    /// The deeper search that checks a mistake or blunder ([`Analyzer::verify`]): a search
    /// of its own, so that the values of the other plies are those found without it.
    deeper: AlphaBeta<R::Move, AgentEval<R>>,
    limits: Limits,
    oracle: Option<Oracle<R::State>>,
    endgame: Endgame,
    /// The rules the agent's endgame database was asked for (`endgame=N`), as text.
    oracle_rules: Option<String>,
    calibration: Calibration,
    /// The agent's evaluation, where the calibration is the game's for it (not one given):
    /// each record's rules then say which evaluation searches ([`Analyzer::analyze`]).
    game_scale: Option<GameEval>,
    stop: Option<Arc<AtomicBool>>,
    /// The plies a mistake or blunder is searched again deeper by (0: not searched again).
    verify: u32,
    /// The game's exact values of the positions a search proved won or lost
    /// ([`PROVEN_ORACLE_SEEDS`]), for the rules named, once asked for.
    proven_oracle: Option<(String, Option<Oracle<R::State>>)>,
}

impl<R: Heuristic> Analyzer<R> {
    /// An analyzer searching with `agent` (an `alphabeta` agent: its budget is the budget of
    /// each position), with the game's [`Calibration`] for the agent's evaluation
    /// ([`Calibration::for_agent`]).
    ///
    /// # Errors
    /// An agent the game cannot serve, one that gives no values, or one whose evaluation
    /// the game states no scale for ([`AnalysisError::NoCalibration`]).
    pub fn new(agent: &AgentSpec) -> Result<Analyzer<R>, AnalysisError> {
        agent.check::<R>()?;
        let calibration = Calibration::for_agent::<R>(agent)?;
        let mut analyzer = Analyzer::with_calibration(agent, calibration)?;
        if let AgentSpec::AlphaBeta { eval, .. } = agent {
            analyzer.game_scale = Some(*eval);
        }
        Ok(analyzer)
    }

    /// An analyzer searching with `agent`, with `calibration` in place of the game's: for a
    /// game that states no scale, or a calibration of your own ([`fit`], [`self_play`]).
    ///
    /// # Errors
    /// An agent the game cannot serve, or one that gives no values.
    pub fn with_calibration(
        agent: &AgentSpec,
        calibration: Calibration,
    ) -> Result<Analyzer<R>, AnalysisError> {
        let search = agent
            .alphabeta::<R>()?
            .ok_or_else(|| AnalysisError::NoValues(agent.to_string()))?;
        let deeper = agent
            .alphabeta::<R>()?
            .ok_or_else(|| AnalysisError::NoValues(agent.to_string()))?;
        let endgame = match agent {
            AgentSpec::AlphaBeta { endgame, .. } => *endgame,
            _ => Endgame::NONE,
        };
        Ok(Analyzer {
            spec: *agent,
            limits: search.limits(),
            search,
            deeper,
            oracle: None,
            endgame,
            oracle_rules: None,
            calibration,
            game_scale: None,
            stop: None,
            verify: VERIFY_PLIES,
            proven_oracle: None,
        })
    }

    /// Searches a move again, `plies` deeper, before calling it a mistake or a blunder
    /// (default [`VERIFY_PLIES`]; 0 turns it off). A loss found by the search of
    /// every move counts as a mistake or blunder only if it holds when the move played and
    /// the best move are searched again deeper: the move played, then the move valued
    /// highest, again and again until the highest is one searched deeper (at most four
    /// searches a ply); the class then compares the values of the deeper searches. With a
    /// depth budget the deeper searches go `plies` further; with a node or time budget they
    /// get the budget of the whole position, times 2 to the power of `plies`.
    ///
    /// Shallow searches swing by several seeds in the opening, where the deeper search
    /// changes most; only the few moves called mistakes or blunders are searched again.
    pub fn verify(mut self, plies: u32) -> Self {
        self.verify = plies;
        self
    }

    /// Values the positions `oracle` holds exactly (for the player to move, the final store
    /// difference under perfect play), as the Kalah solver or an endgame database gives.
    pub fn oracle(mut self, oracle: Oracle<R::State>) -> Self {
        self.oracle = Some(oracle);
        self.oracle_rules = None;
        self
    }

    /// Uses `calibration` in place of the game's.
    pub fn calibration(mut self, calibration: Calibration) -> Self {
        self.calibration = calibration;
        self.game_scale = None;
        self
    }

    /// A flag another thread may raise to stop the analysis: [`analyze`](Self::analyze) then
    /// returns [`AnalysisError::Stopped`].
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.search = self.search.stop_flag(Arc::clone(&flag));
        self.deeper = self.deeper.stop_flag(Arc::clone(&flag));
        self.stop = Some(flag);
        self
    }

    /// The agent analysing.
    pub fn agent(&self) -> &AgentSpec {
        &self.spec
    }

    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The limits of the search of the position after each of `moves` moves.
    fn child_limits(&self, moves: usize) -> Limits {
        let share = moves.max(1) as u32;
        Limits {
            depth: self.limits.depth.map(|d| d.saturating_sub(1).max(1)),
            nodes: self.limits.nodes.map(|n| (n / u64::from(share)).max(1)),
            time: self.limits.time.map(|t| t / share),
        }
    }

    /// The limits of the deeper search of the position after a move ([`Analyzer::verify`]).
    fn verify_limits(&self) -> Limits {
        let scale = 1u32 << self.verify.min(16);
        let depth = match (self.limits.depth, self.limits.nodes, self.limits.time) {
            (Some(d), _, _) => Some(d.saturating_sub(1).max(1) + self.verify),
            (None, None, None) => Some(Limits::DEFAULT_DEPTH + self.verify),
            _ => None,
        };
        Limits {
            depth: depth.map(|d| d.min(Limits::MAX_DEPTH)),
            nodes: self
                .limits
                .nodes
                .map(|n| n.saturating_mul(u64::from(scale))),
            time: self.limits.time.map(|t| t.saturating_mul(scale)),
        }
    }

    /// The value of `child` (after a move of `mover`) for `mover`, and the line from it.
    fn value_of(
        &mut self,
        rules: &R,
        mover: Player,
        child: &R::State,
        deeper: bool,
    ) -> (Value, Vec<R::Move>) {
        let same = rules.to_move(child) == mover;
        let mine = |v: Value| if same { v } else { v.flip() };
        if let Some(outcome) = rules.outcome(child) {
            let seeds = rules.seed_count(child);
            let margin = match outcome.score() {
                Some(score) => score.margin(mover),
                None => seeds.store(mover) as i32 - seeds.store(!mover) as i32,
            };
            let value = match outcome.winner() {
                Some(w) if (w == mover) == (margin > 0) && margin != 0 => Value::Exact(margin),
                Some(w) => Value::Proven {
                    won: w == mover,
                    margin,
                },
                None => Value::Exact(0),
            };
            return (value, Vec::new());
        }
        if let Some(oracle) = &self.oracle {
            if let Some(v) = oracle(child) {
                return (mine(Value::Exact(v)), Vec::new());
            }
        }
        let search = if deeper {
            &mut self.deeper
        } else {
            &mut self.search
        };
        let result = search.search(rules, child);
        (mine(Value::from_search(result.value)), result.pv)
    }

    /// Analyses `record` from its start to its cursor.
    ///
    /// # Errors
    /// [`AnalysisError::Stopped`] when the stop flag was raised.
    pub fn analyze(
        &mut self,
        record: &GameRecord<R>,
    ) -> Result<GameAnalysis<R::Move>, AnalysisError> {
        let rules = record.rules();
        // The agent's own endgame database, for these rules (one analyzer may see several
        // rulesets of its game).
        let text = rules.to_string();
        let ours = self.oracle.is_none() || self.oracle_rules.is_some();
        if self.endgame != Endgame::NONE
            && ours
            && self.oracle_rules.as_deref() != Some(text.as_str())
        {
            let seeds = self.endgame.seeds_for(rules).min(rules.endgame_seeds());
            self.oracle = (seeds > 0).then(|| rules.endgame_oracle(seeds)).flatten();
            self.oracle_rules = Some(text);
        }
        // The game's scale of the evaluation that searches these rules: the tuned one's
        // where the network's rules are not these (`eval=net` then falls back to it).
        if let Some(eval) = self.game_scale {
            let eval = match eval.resolve::<R>() {
                GameEval::Net if rules.network_evaluate(&rules.start()).is_none() => {
                    GameEval::Tuned
                }
                eval => eval,
            };
            if let Some(c) = Calibration::for_eval::<R>(eval) {
                self.calibration = c;
            }
        }
        self.search.clear();
        self.deeper.clear();
        let mut plies = Vec::with_capacity(record.ply());
        let (mut turn, mut side) = (1, None);
        for (i, &played) in record.moves().iter().enumerate() {
            if self.stopped() {
                return Err(AnalysisError::Stopped);
            }
            let state = *record.position_at(i).unwrap_or(record.start());
            let mover = rules.to_move(&state);
            if side.is_some_and(|s| s != mover) && mover == Player::South {
                turn += 1;
            }
            side = Some(mover);
            plies.push(self.analyze_ply(rules, &state, (i + 1, turn), played));
            if self.stopped() {
                return Err(AnalysisError::Stopped);
            }
        }
        Ok(GameAnalysis {
            agent: self.spec.to_string(),
            calibration: self.calibration,
            sides: R::SIDES,
            plies,
        })
    }

    /// One ply, numbered `ply` from 1 in turn `turn`: every legal move of `state` valued.
    pub(crate) fn analyze_ply(
        &mut self,
        rules: &R,
        state: &R::State,
        (ply, turn): (usize, usize),
        played: R::Move,
    ) -> PlyAnalysis<R::Move> {
        let mover = rules.to_move(state);
        let moves = rules.legal_moves(state);
        self.search.set_limits(self.child_limits(moves.len()));
        let mut valued: Vec<Valued<R::Move>> = Vec::with_capacity(moves.len());
        for &mv in moves.iter() {
            let mut child = *state;
            rules.play_unchecked(&mut child, mv);
            let (value, pv) = self.value_of(rules, mover, &child, false);
            valued.push((mv, value, pv));
        }
        // A proven result's margin is a bound: exact where the game's oracle holds it.
        for (mv, value, _) in &mut valued {
            if let Value::Proven { .. } = value {
                let mut child = *state;
                rules.play_unchecked(&mut child, *mv);
                if let Some(exact) = self.exact_of_proven(rules, mover, &child) {
                    *value = exact;
                }
            }
        }
        let played_at = valued
            .iter()
            .position(|(m, _, _)| *m == played)
            .unwrap_or(0);
        // The best: the first of the highest, the move played where it is among them.
        let best_of = |valued: &[Valued<R::Move>], deep: &[bool]| {
            let mut best_at = played_at;
            for (i, (_, v, _)) in valued.iter().enumerate() {
                if deep[i] && (!deep[best_at] || v.rank() > valued[best_at].1.rank()) {
                    best_at = i;
                }
            }
            best_at
        };
        let all = vec![true; valued.len()];
        let mut best_at = best_of(&valued, &all);
        let mut class = self.class_of(&valued, best_at, played_at);
        // A mistake or blunder of estimates: searched again deeper before it counts.
        let estimate = |v: Value| matches!(v, Value::Estimate(_));
        let mut deep = vec![false; valued.len()];
        let mut verified = false;
        if self.verify > 0
            && class >= Class::Mistake
            && (estimate(valued[best_at].1) || estimate(valued[played_at].1))
        {
            verified = true;
            self.deeper.set_limits(self.verify_limits());
            // Known values need no deeper search.
            for (d, (_, v, _)) in deep.iter_mut().zip(&valued) {
                *d = !estimate(*v);
            }
            let top = best_of(&valued, &all);
            let mut next = match (deep[played_at], deep[top]) {
                (false, _) => Some(played_at),
                (true, false) => Some(top),
                (true, true) => None,
            };
            let mut searches = 0;
            while let Some(i) = next {
                let mut child = *state;
                rules.play_unchecked(&mut child, valued[i].0);
                let (mut value, pv) = self.value_of(rules, mover, &child, true);
                if let Value::Proven { .. } = value {
                    value = self.exact_of_proven(rules, mover, &child).unwrap_or(value);
                }
                valued[i] = (valued[i].0, value, pv);
                deep[i] = true;
                searches += 1;
                // The highest now: searched again too, unless it already was.
                let top = best_of(&valued, &all);
                next = (!deep[top] && searches < 4).then_some(top);
            }
            best_at = best_of(&valued, &deep);
            class = self.class_of(&valued, best_at, played_at);
        }
        self.search.set_limits(self.limits);
        let (best, before, ref pv) = valued[best_at];
        let after = valued[played_at].1;
        let known = before.result().is_some() && after.result().is_some()
            || before.result() == Some(1)
            || after.result() == Some(-1);
        let exactness = if before.is_exact() && after.is_exact() {
            Exactness::Exact
        } else if known {
            Exactness::Proven
        } else {
            Exactness::Estimate
        };
        // The best line, with its turn numbers.
        let mut line = Vec::with_capacity(pv.len() + 1);
        let mut line_text = String::new();
        let (mut number, mut side) = (turn, None);
        let mut s = *state;
        for (k, &mv) in std::iter::once(&best).chain(pv).enumerate() {
            if !rules.is_legal(&s, mv) {
                break;
            }
            let who = rules.to_move(&s);
            if side != Some(who) {
                if side.is_some() && who == Player::South {
                    number += 1;
                }
                side = Some(who);
                if k > 0 {
                    line_text.push(' ');
                }
                line_text.push_str(&crate::pgn::turn_number(number as u64, who));
            }
            let text = rules.format_move(&s, mv);
            line_text.push(' ');
            line_text.push_str(&text);
            line.push(text);
            rules.play_unchecked(&mut s, mv);
        }
        let (expected_before, expected_after) = (
            self.calibration.expected(before),
            self.calibration.expected(after),
        );
        let values = valued
            .iter()
            .zip(&deep)
            .map(|(&(mv, value, _), &d)| MoveValue {
                mv,
                text: rules.format_move(state, mv),
                value,
                verified: d && verified && estimate(value),
            })
            .collect();
        PlyAnalysis {
            ply,
            turn,
            player: mover,
            played,
            played_text: rules.format_move(state, played),
            best,
            best_text: line[0].clone(),
            line,
            line_text,
            before,
            after,
            expected_before,
            expected_after,
            loss: (before.seeds() - after.seeds()).max(0.0),
            expected_loss: (expected_before - expected_after).max(0.0),
            class,
            exactness,
            moves: moves.len(),
            values,
            verified,
        }
    }

    /// The exact value for `mover` of `child`, whose search proved a result, from the game's
    /// endgame oracle ([`PROVEN_ORACLE_SEEDS`]), where it has one that holds it.
    fn exact_of_proven(&mut self, rules: &R, mover: Player, child: &R::State) -> Option<Value> {
        let seeds = rules.endgame_seeds().min(PROVEN_ORACLE_SEEDS);
        if seeds == 0 || rules.seed_count(child).board > seeds {
            return None;
        }
        let text = rules.to_string();
        if self.proven_oracle.as_ref().is_none_or(|(t, _)| *t != text) {
            self.proven_oracle = Some((text, rules.endgame_oracle(seeds)));
        }
        let oracle = self.proven_oracle.as_ref()?.1.as_ref()?;
        let v = oracle(child)?;
        Some(Value::Exact(if rules.to_move(child) == mover {
            v
        } else {
            -v
        }))
    }

    /// The class of the move at `played_at` against the move at `best_at` and the others.
    fn class_of(&self, valued: &[Valued<R::Move>], best_at: usize, played_at: usize) -> Class {
        let others: Vec<Value> = valued
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != best_at)
            .map(|(_, (_, v, _))| *v)
            .collect();
        classify(
            &self.calibration,
            valued[best_at].1,
            valued[played_at].1,
            &others,
        )
    }
}

/// Analyses `record` with `agent`: [`Analyzer::new`] and [`Analyzer::analyze`] in one call.
///
/// # Errors
/// As [`Analyzer::new`].
pub fn analyze<R: Heuristic>(
    record: &GameRecord<R>,
    agent: &AgentSpec,
) -> Result<GameAnalysis<R::Move>, AnalysisError> {
    Analyzer::new(agent)?.analyze(record)
}

#[allow(dead_code)]
fn _assert_send<R: Heuristic>() {
    fn send<T: Send>() {}
    send::<Analyzer<R>>();
}
