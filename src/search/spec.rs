//! Agents named in text: `random:seed=3`, `alphabeta:depth=10`, `alphabeta:time=500ms`,
//! `mcts:playouts=20000,seed=7`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

use super::agent::Agent;
use super::alphabeta::{AlphaBeta, SearchOptions};
use super::eval::{AgentEval, GameEval};

/// The default of `alphabeta`'s `endgame` option.
pub const DEFAULT_ENDGAME: u32 = 0;
use super::limits::Limits;
use super::mcts::{Mcts, MctsConfig};
use super::random::RandomAgent;
use crate::ruleset::Ruleset;

/// An agent and its settings, parsed from text `<kind>[:<option>=<value>,...]`:
///
/// - `random[:seed=N]`
/// - `alphabeta[:depth=N][,nodes=N][,time=T][,table=N][,eval=tuned|store][,qs=on|off]
///   [,lmr=on|off][,history=on|off][,aspiration=on|off]`: with no limit, depth
///   [`Limits::DEFAULT_DEPTH`]; `table` is the transposition table's entries as a power of
///   two (default 20); `eval` the evaluation ([`GameEval`], default `tuned`: the game's own
///   evaluation); the switches the [`SearchOptions`] (default [`SearchOptions::AGENT`]);
///   `endgame=N` (Kalah only) looks positions with at most N seeds in the pits up in the
///   solver's endgame database (default [`DEFAULT_ENDGAME`]).
/// - `alphabeta-classic[:...]`: the agent before tuned evaluations, `alphabeta` with
///   `eval=store` and every switch off; it takes the same options.
/// - `mcts[:playouts=N][,time=T][,seed=N][,c=X]`: default 10000 playouts, seed 0,
///   exploration `c` √2.
///
/// Times are written `500ms`, `2s` or `1.5s`. [`build`](AgentSpec::build) makes the agent for
/// any ruleset.
///
/// ```
/// use sowing::search::{Agent, AgentSpec};
/// use sowing::{Ruleset, kalah::Kalah};
///
/// let spec: AgentSpec = "alphabeta:depth=4".parse().unwrap();
/// let rules = Kalah::default();
/// let mut agent = spec.build::<Kalah>();
/// assert_eq!(agent.name(), "alphabeta:depth=4");
/// assert!(agent.choose(&rules, &rules.start()).is_some());
/// assert!("alphabeta:depht=4".parse::<AgentSpec>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AgentSpec {
    /// [`RandomAgent`].
    Random {
        /// The generator's seed.
        seed: u64,
    },
    /// [`AlphaBeta`].
    AlphaBeta {
        /// When to stop.
        limits: Limits,
        /// log2 of the transposition table's entries.
        table_bits: u32,
        /// The evaluation.
        eval: GameEval,
        /// The search refinements.
        options: SearchOptions,
        /// Kalah: the most seeds left in the pits for which the solver's endgame database
        /// gives exact values (0: none).
        endgame: u32,
    },
    /// [`Mcts`].
    Mcts(MctsConfig),
}

/// Agent text that names no agent.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum AgentSpecError {
    /// The kind before the colon is not `random`, `alphabeta`, `alphabeta-classic` or `mcts`.
    #[error("unknown agent {0:?} (known: random, alphabeta, alphabeta-classic, mcts)")]
    UnknownAgent(String),
    /// An option the agent does not have, or one written without `=value`.
    #[error("{agent} has no option {option:?}")]
    UnknownOption {
        /// The agent kind.
        agent: &'static str,
        /// The option as written.
        option: String,
    },
    /// An option given a value it cannot take.
    #[error("{agent}: bad value {value:?} for {option}: expected {expected}")]
    BadValue {
        /// The agent kind.
        agent: &'static str,
        /// The option's name.
        option: String,
        /// The value as written.
        value: String,
        /// What the option accepts.
        expected: &'static str,
    },
}

fn parse_time(text: &str) -> Option<Duration> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 1e-3)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else {
        return None;
    };
    let v: f64 = number.parse().ok()?;
    if !v.is_finite() || v < 0.0 || v * scale > 1e9 {
        return None;
    }
    Some(Duration::from_secs_f64(v * scale))
}

fn fmt_time(t: Duration) -> String {
    if t.subsec_nanos() % 1_000_000 == 0 && t.as_millis() % 1000 != 0 {
        format!("{}ms", t.as_millis())
    } else if t.subsec_nanos() == 0 {
        format!("{}s", t.as_secs())
    } else {
        format!("{}s", t.as_secs_f64())
    }
}

impl FromStr for AgentSpec {
    type Err = AgentSpecError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        let (kind, options) = text.split_once(':').unwrap_or((text, ""));
        let agent: &'static str = match kind {
            "random" => "random",
            "alphabeta" => "alphabeta",
            "alphabeta-classic" => "alphabeta-classic",
            "mcts" => "mcts",
            other => return Err(AgentSpecError::UnknownAgent(other.to_string())),
        };
        let mut spec = match agent {
            "random" => AgentSpec::Random { seed: 0 },
            "alphabeta" => AgentSpec::AlphaBeta {
                limits: Limits::default(),
                table_bits: 20,
                eval: GameEval::Tuned,
                options: SearchOptions::AGENT,
                endgame: DEFAULT_ENDGAME,
            },
            "alphabeta-classic" => AgentSpec::AlphaBeta {
                limits: Limits::default(),
                table_bits: 20,
                eval: GameEval::StoreDifference,
                options: SearchOptions::CLASSIC,
                endgame: 0,
            },
            _ => AgentSpec::Mcts(MctsConfig::default()),
        };
        for option in options.split(',').filter(|o| !o.is_empty()) {
            let Some((name, value)) = option.split_once('=') else {
                return Err(AgentSpecError::UnknownOption {
                    agent,
                    option: option.to_string(),
                });
            };
            let bad = |expected: &'static str| AgentSpecError::BadValue {
                agent,
                option: name.to_string(),
                value: value.to_string(),
                expected,
            };
            let int = |expected| value.parse::<u64>().map_err(|_| bad(expected));
            let time = || parse_time(value).ok_or_else(|| bad("a time such as 500ms or 2s"));
            let switch = || match value {
                "on" | "1" | "true" => Ok(true),
                "off" | "0" | "false" => Ok(false),
                _ => Err(bad("on or off")),
            };
            match (&mut spec, name) {
                (AgentSpec::Random { seed }, "seed") => *seed = int("a whole number")?,
                (AgentSpec::AlphaBeta { limits, .. }, "depth") => {
                    let d = int("a depth 1..=200")?;
                    if !(1..=u64::from(Limits::MAX_DEPTH)).contains(&d) {
                        return Err(bad("a depth 1..=200"));
                    }
                    limits.depth = Some(d as u32);
                }
                (AgentSpec::AlphaBeta { limits, .. }, "nodes") => {
                    limits.nodes = Some(int("a node count")?.max(1))
                }
                (AgentSpec::AlphaBeta { limits, .. }, "time") => limits.time = Some(time()?),
                (AgentSpec::AlphaBeta { table_bits, .. }, "table") => {
                    let b = int("a power of two 1..=30")?;
                    if !(1..=30).contains(&b) {
                        return Err(bad("a power of two 1..=30"));
                    }
                    *table_bits = b as u32;
                }
                (AgentSpec::AlphaBeta { eval, .. }, "eval") => {
                    *eval = match value {
                        "tuned" => GameEval::Tuned,
                        "store" => GameEval::StoreDifference,
                        _ => return Err(bad("tuned or store")),
                    }
                }
                (AgentSpec::AlphaBeta { endgame, .. }, "endgame") => {
                    let e = int("seeds 0..=20")?;
                    if e > 20 {
                        return Err(bad("seeds 0..=20"));
                    }
                    *endgame = e as u32;
                }
                (AgentSpec::AlphaBeta { options, .. }, "qs") => options.quiescence = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "lmr") => options.lmr = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "history") => options.history = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "aspiration") => {
                    options.aspiration = switch()?
                }
                (AgentSpec::Mcts(c), "playouts") => c.playouts = int("a playout count")?.max(1),
                (AgentSpec::Mcts(c), "time") => c.time = Some(time()?),
                (AgentSpec::Mcts(c), "seed") => c.seed = int("a whole number")?,
                (AgentSpec::Mcts(c), "c") => {
                    c.exploration = value
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| bad("a number >= 0"))?
                }
                _ => {
                    return Err(AgentSpecError::UnknownOption {
                        agent,
                        option: name.to_string(),
                    });
                }
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random { seed } => write!(f, "random:seed={seed}"),
            AgentSpec::AlphaBeta {
                limits,
                table_bits,
                eval,
                options,
                endgame,
            } => {
                let classic = *eval == GameEval::StoreDifference
                    && *options == SearchOptions::CLASSIC
                    && *endgame == 0;
                let (kind, base_eval, base, base_endgame) = if classic {
                    (
                        "alphabeta-classic",
                        GameEval::StoreDifference,
                        SearchOptions::CLASSIC,
                        0,
                    )
                } else {
                    (
                        "alphabeta",
                        GameEval::Tuned,
                        SearchOptions::AGENT,
                        DEFAULT_ENDGAME,
                    )
                };
                let mut parts = Vec::new();
                if let Some(d) = limits.depth {
                    parts.push(format!("depth={d}"));
                }
                if let Some(n) = limits.nodes {
                    parts.push(format!("nodes={n}"));
                }
                if let Some(t) = limits.time {
                    parts.push(format!("time={}", fmt_time(t)));
                }
                if *table_bits != 20 {
                    parts.push(format!("table={table_bits}"));
                }
                if *eval != base_eval {
                    parts.push(match eval {
                        GameEval::Tuned => "eval=tuned".into(),
                        GameEval::StoreDifference => "eval=store".into(),
                    });
                }
                if *endgame != base_endgame {
                    parts.push(format!("endgame={endgame}"));
                }
                let on = |b: bool| if b { "on" } else { "off" };
                for (name, value, default) in [
                    ("qs", options.quiescence, base.quiescence),
                    ("lmr", options.lmr, base.lmr),
                    ("history", options.history, base.history),
                    ("aspiration", options.aspiration, base.aspiration),
                ] {
                    if value != default {
                        parts.push(format!("{name}={}", on(value)));
                    }
                }
                if parts.is_empty() {
                    f.write_str(kind)
                } else {
                    write!(f, "{kind}:{}", parts.join(","))
                }
            }
            AgentSpec::Mcts(c) => {
                write!(f, "mcts:playouts={},seed={}", c.playouts, c.seed)?;
                if let Some(t) = c.time {
                    write!(f, ",time={}", fmt_time(t))?;
                }
                if c.exploration != std::f64::consts::SQRT_2 {
                    write!(f, ",c={}", c.exploration)?;
                }
                Ok(())
            }
        }
    }
}

impl AgentSpec {
    /// The agent, for any ruleset.
    pub fn build<R: Ruleset>(&self) -> Box<dyn Agent<R>> {
        match *self {
            AgentSpec::Random { seed } => Box::new(RandomAgent::new(seed)),
            AgentSpec::AlphaBeta { .. } => {
                let ab = self.alphabeta::<R>().expect("an alphabeta spec");
                Box::new(Named(ab, self.to_string()))
            }
            AgentSpec::Mcts(config) => Box::new(Mcts::new(config)),
        }
    }
}

impl AgentSpec {
    /// The alpha-beta agent of an `alphabeta` spec (for programs that need more than
    /// [`Agent`]: the principal variation, a stop flag), or `None` for another kind.
    pub fn alphabeta<R: Ruleset>(&self) -> Option<AlphaBeta<R::Move, AgentEval>> {
        match *self {
            AgentSpec::AlphaBeta {
                limits,
                table_bits,
                eval,
                options,
                endgame,
            } => Some(
                AlphaBeta::with_evaluator(limits, AgentEval::new(eval, endgame))
                    .table_entries(1 << table_bits)
                    .options(options),
            ),
            _ => None,
        }
    }
}

/// An agent that reports its spec's text as its name.
struct Named<A>(A, String);

impl<R: Ruleset, A: Agent<R>> Agent<R> for Named<A> {
    fn name(&self) -> String {
        self.1.clone()
    }
    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move> {
        self.0.choose(rules, state)
    }
    fn summary(&self) -> Option<String> {
        self.0.summary()
    }
    fn stats(&self) -> Option<super::agent::SearchStats> {
        self.0.stats()
    }
}
