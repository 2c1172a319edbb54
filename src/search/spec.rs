//! Agents named in text: `random:seed=3`, `alphabeta:depth=10`, `alphabeta:time=500ms`,
//! `mcts:playouts=20000,seed=7`.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

use super::agent::Agent;
use super::agent_eval::AgentEval;
use super::alphabeta::{AlphaBeta, SearchOptions};
use super::endgame::Endgame;
use super::eval::GameEval;
use super::heuristic::Heuristic;
use super::limits::Limits;
use super::mcts::{Mcts, MctsConfig};
use super::network::Network;
use super::network_file::{NetworkFile, NetworkFileError};
use super::random::RandomAgent;
use super::table_size::TableSize;
use crate::ruleset::Ruleset;
use crate::switches::{self, OptionErrors};

/// The default of `alphabeta`'s `endgame` option: `auto`, the game's choice for the rules
/// played ([`Heuristic::default_endgame`]: Oware's tables where `$SOWING_TABLES` keeps them).
pub const DEFAULT_ENDGAME: Endgame = Endgame::Auto;

/// The settings an alpha-beta spec starts from before its options: `alphabeta`'s
/// ([`ALPHABETA`]) or `alphabeta-classic`'s ([`CLASSIC`]). Parsing starts from them, and
/// display writes only the options that differ from them.
#[derive(Clone, Copy)]
struct AlphaBetaStart {
    eval: GameEval,
    options: SearchOptions,
    endgame: Endgame,
}

/// `alphabeta` with no options: the game's default evaluation, every search option on.
const ALPHABETA: AlphaBetaStart = AlphaBetaStart {
    eval: GameEval::Auto,
    options: SearchOptions::AGENT,
    endgame: DEFAULT_ENDGAME,
};

/// `alphabeta-classic` with no options: the store difference, the search before tuning.
const CLASSIC: AlphaBetaStart = AlphaBetaStart {
    eval: GameEval::StoreDifference,
    options: SearchOptions::CLASSIC,
    endgame: Endgame::NONE,
};

impl AlphaBetaStart {
    /// The spec of these settings with `limits` and the default table.
    fn spec(self, limits: Limits) -> AgentSpec {
        AgentSpec::AlphaBeta {
            limits,
            table: TableSize::DEFAULT,
            eval: self.eval,
            options: self.options,
            endgame: self.endgame,
            net: None,
        }
    }
}

/// `alphabeta` with no options other than `limits`: the spec
/// `"alphabeta".parse()` gives, with its limits replaced.
pub(crate) fn alphabeta_with(limits: Limits) -> AgentSpec {
    ALPHABETA.spec(limits)
}

/// What `alphabeta`'s `endgame` option takes.
const ENDGAME_EXPECTED: &str = "auto, or seeds 0..=24";

/// What `alphabeta`'s `table` option takes.
const TABLE_EXPECTED: &str = "auto, or a power of two 1..=30";

/// The most seeds `alphabeta`'s `endgame` option takes (the game may offer fewer:
/// [`Heuristic::ENDGAME_SEEDS`]).
const MAX_ENDGAME: u64 = 24;

/// An agent and its settings, parsed from text `<kind>[:<option>=<value>,...]` (the grammar
/// of ruleset text, [`switches`](crate::switches)):
///
/// - `random[:seed=N]`
/// - `alphabeta[:depth=N][,nodes=N][,time=T][,table=N|auto][,eval=auto|tuned|store|net][,net=PATH][,qs=on|off]
///   [,lmr=on|off][,history=on|off][,extend=on|off][,tactical=on|off][,aspiration=on|off]
///   [,rfp=on|off][,futility=on|off][,null=on|off][,forced=on|off][,threads=N][,endgame=auto|N]
///   [,multipv=N]`:
///   with no limit, depth [`Limits::DEFAULT_DEPTH`]; `table` is the transposition table's
///   entries as a power of two (default 20: 2^20 entries, 16 MiB; `table=22`: 64 MiB), or
///   `auto`, sized to each search's time, [`TableSize::Auto`]; `eval` the evaluation
///   ([`GameEval`]: `tuned`, the game's own evaluation, [`Heuristic::evaluate`]; `store`, the
///   store difference; `net`, the game's trained network, [`Heuristic::network_evaluate`],
///   refused for a game without one (Toguz Kumalak, Oware and Tsoro have one); default `auto`, the
///   network where the game names it its default, [`Heuristic::NETWORK_BY_DEFAULT`] (Toguz
///   Kumalak, Oware and Tsoro), else `tuned`; all in hundredths of a seed); `net=PATH`
///   searches with the network of the weights file at `PATH` (as `tools/train/train.py`
///   writes them, [`NetworkFile`]) in place of the game's own, and implies `eval=net`: any
///   game with a network layout ([`Heuristic::network_inputs`], Kalah included) takes it,
///   and [`check_for`](AgentSpec::check_for) refuses a file that does not read or holds a
///   network of another game, board or layout ([`AgentSpecError::NetworkFile`]);
///   the switches the [`SearchOptions`] (default
///   [`SearchOptions::AGENT`]); `endgame=N` (0 to 24) looks positions with at most N seeds
///   on the board up in the game's exact values, [`Heuristic::endgame_oracle`] (Kalah: its
///   solver's endgame database; Oware: its tables), and is refused by
///   [`build`](AgentSpec::build) for a game without them; the default, `endgame=auto`
///   ([`Endgame::Auto`]), takes the values at hand for the rules played, none where they
///   would have to be computed (Oware: the largest table kept in `$SOWING_TABLES`; the
///   other games: none), and [`for_rules`](AgentSpec::for_rules) writes them out; `multipv=N` searches the best N
///   moves (1 to 255, default 1), each with its value and line ([`SearchOptions::multipv`],
///   [`Agent::lines`]), and plays the best.
/// - `alphabeta-classic[:...]`: the agent before tuned evaluations, `alphabeta` with
///   `eval=store` and every switch off; it takes the same options.
/// - `mcts[:playouts=N][,time=T][,seed=N][,c=X]`: default 10000 playouts, seed 0,
///   exploration `c` √2. A `time` without `playouts` searches for that time, however many
///   playouts it makes; with both, the search stops at whichever comes first.
///
/// Times are written `500ms`, `2s` or `1.5s`. [`build`](AgentSpec::build) makes the agent for
/// any ruleset that can serve its options (a [`Heuristic`]: the search's hooks).
///
/// ```
/// use sowing::search::{Agent, AgentSpec, Heuristic};
/// use sowing::{Ruleset, kalah::Kalah};
///
/// let spec: AgentSpec = "alphabeta:depth=4".parse().unwrap();
/// let rules = Kalah::default();
/// let mut agent = spec.build::<Kalah>().unwrap();
/// assert_eq!(agent.name(), "alphabeta:depth=4");
/// assert!(agent.choose(&rules, &rules.start()).is_some());
/// assert!("alphabeta:depht=4".parse::<AgentSpec>().is_err());
/// // Exact endgame values: Kalah has them (its solver's database, with the `solver`
/// // feature), Toguz Kumalak has not.
/// let endgame: AgentSpec = "alphabeta:endgame=12".parse().unwrap();
/// assert_eq!(endgame.build::<Kalah>().is_ok(), Kalah::ENDGAME_SEEDS >= 12);
/// assert!(endgame.build::<sowing::toguz::Toguz>().is_err());
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
        /// The transposition table's size.
        table: TableSize,
        /// The evaluation.
        eval: GameEval,
        /// The search refinements.
        options: SearchOptions,
        /// The positions whose exact values ([`Heuristic::endgame_oracle`]) are looked up.
        endgame: Endgame,
        /// A network's weights file to evaluate with in place of the game's network
        /// (`net=PATH`; `eval` is then [`GameEval::Net`]); `None` for the game's own.
        net: Option<NetworkFile>,
    },
    /// [`Mcts`].
    Mcts(MctsConfig),
}

/// Agent text that names no agent, or an agent the game cannot serve. The same shape as
/// [`RulesetParseError`](crate::RulesetParseError) for ruleset text: the agent kind, the option
/// as written, and what is wrong.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum AgentSpecError {
    /// The kind before the colon is not `random`, `alphabeta`, `alphabeta-classic` or `mcts`.
    #[error("unknown agent {0:?} (known: random, alphabeta, alphabeta-classic, mcts)")]
    UnknownAgent(String),
    /// An option the agent does not have.
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
    /// An option written without its value (`depth`), or with a value but no name (`=4`).
    #[error("{agent}: option {option:?} {problem}")]
    BadOption {
        /// The agent kind (`agent` when the text names none yet).
        agent: &'static str,
        /// The option as written.
        option: String,
        /// What is wrong with it.
        problem: &'static str,
    },
    /// An option the game being played cannot serve: `endgame=N` for a game without exact
    /// values, or with fewer seeds than `N` ([`Heuristic::ENDGAME_SEEDS`]).
    #[error("{agent}: option {option} is not available in {game}: {}", offer(*most))]
    Unsupported {
        /// The agent kind.
        agent: &'static str,
        /// The option as written.
        option: String,
        /// The game's name ([`Ruleset::GAME`]).
        game: &'static str,
        /// The most the game offers (0: nothing).
        most: u32,
    },
    /// An option a rule switch of the rules being played rules out, though the game can
    /// serve it: `endgame=N` under Kalah's pie rule ([`Heuristic::endgame_seeds`]).
    #[error("{agent}: option {option} is not available under {rules}: {}", offer(*most))]
    UnsupportedByRules {
        /// The agent kind.
        agent: &'static str,
        /// The option as written.
        option: String,
        /// The rules, as ruleset text.
        rules: String,
        /// The most these rules offer (0: nothing).
        most: u32,
    },
    /// `eval=net` for a game without a trained network ([`Heuristic::NETWORK`]).
    #[error("alphabeta: eval=net is not available in {game}: it has no trained network")]
    NoNetwork {
        /// The game's name ([`Ruleset::GAME`]).
        game: &'static str,
    },
    /// `eval=net` under switches the game's network was not trained for (another board
    /// size): [`Heuristic::network_evaluate`] gives no value.
    #[error(
        "alphabeta: eval=net is not available under {rules}: the network was trained for another board"
    )]
    NoNetworkForRules {
        /// The rules, as ruleset text.
        rules: String,
    },
    /// `net=PATH` naming a file that does not read, or a network the rules cannot evaluate
    /// with: another game's, board's or layout's.
    #[error("alphabeta: the network file {path:?} {problem}")]
    NetworkFile {
        /// The path, as written.
        path: String,
        /// What is wrong with it.
        problem: NetworkFileError,
    },
}

impl AgentSpecError {
    /// [`AgentSpecError::NetworkFile`] of `path`.
    fn network_file(path: NetworkFile, problem: NetworkFileError) -> AgentSpecError {
        AgentSpecError::NetworkFile {
            path: path.as_str().to_string(),
            problem,
        }
    }
}

/// What a game offers for [`AgentSpecError::Unsupported`] and
/// [`AgentSpecError::UnsupportedByRules`].
fn offer(most: u32) -> String {
    if most == 0 {
        "it has no exact endgame values".into()
    } else {
        format!("its exact values go up to {most} seeds")
    }
}

impl OptionErrors for AgentSpecError {
    fn unknown(agent: &'static str, option: String) -> Self {
        AgentSpecError::UnknownOption { agent, option }
    }
    fn malformed(agent: &'static str, option: String, problem: &'static str) -> Self {
        AgentSpecError::BadOption {
            agent,
            option,
            problem,
        }
    }
    fn bad_value(
        agent: &'static str,
        option: String,
        value: String,
        expected: &'static str,
    ) -> Self {
        AgentSpecError::BadValue {
            agent,
            option,
            value,
            expected,
        }
    }
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
        let (kind, options) = switches::split_as::<AgentSpecError>(text, "agent")?;
        let agent: &'static str = match kind {
            "random" => "random",
            "alphabeta" => "alphabeta",
            "alphabeta-classic" => "alphabeta-classic",
            "mcts" => "mcts",
            other => return Err(AgentSpecError::UnknownAgent(other.to_string())),
        };
        let mut spec = match agent {
            "random" => AgentSpec::Random { seed: 0 },
            "alphabeta" => ALPHABETA.spec(Limits::default()),
            "alphabeta-classic" => CLASSIC.spec(Limits::default()),
            _ => AgentSpec::Mcts(MctsConfig::default()),
        };
        // Whether `playouts=N` was written: a time alone means the time (no playout cap).
        let mut playouts_given = false;
        // Whether `eval=` was written: `net=PATH` implies `eval=net`, and refuses another.
        let mut eval_given = None;
        for sw in options {
            // Every option takes a value: a bare one is told so where the agent has it.
            let value = || sw.text_as::<AgentSpecError>(agent);
            let bad = |expected| sw.bad_value::<AgentSpecError>(agent, expected);
            let int = |expected| sw.parse_as::<u64, AgentSpecError>(agent, expected);
            let ranged = |lo: u64, hi: u64, expected| {
                int(expected).and_then(|v| {
                    if (lo..=hi).contains(&v) {
                        Ok(v)
                    } else {
                        Err(bad(expected))
                    }
                })
            };
            let time = || parse_time(value()?).ok_or_else(|| bad("a time such as 500ms or 2s"));
            let switch = || match value()? {
                "on" | "1" | "true" => Ok(true),
                "off" | "0" | "false" => Ok(false),
                _ => Err(bad("on or off")),
            };
            match (&mut spec, sw.name) {
                (AgentSpec::Random { seed }, "seed") => *seed = int("a whole number")?,
                (AgentSpec::AlphaBeta { limits, .. }, "depth") => {
                    let d = ranged(1, Limits::MAX_DEPTH.into(), "a depth 1..=200")?;
                    limits.depth = Some(d as u32);
                }
                (AgentSpec::AlphaBeta { limits, .. }, "nodes") => {
                    limits.nodes = Some(int("a node count")?.max(1))
                }
                (AgentSpec::AlphaBeta { limits, .. }, "time") => limits.time = Some(time()?),
                (AgentSpec::AlphaBeta { table, .. }, "table") => {
                    *table = match value()? {
                        "auto" => TableSize::Auto,
                        _ => {
                            TableSize::Log2(ranged(1, TableSize::MAX.into(), TABLE_EXPECTED)? as u32)
                        }
                    };
                }
                (AgentSpec::AlphaBeta { eval, .. }, "eval") => {
                    *eval = match value()? {
                        "tuned" => GameEval::Tuned,
                        "store" => GameEval::StoreDifference,
                        "net" => GameEval::Net,
                        "auto" => GameEval::Auto,
                        _ => return Err(bad("auto, tuned, store or net")),
                    };
                    eval_given = sw.value;
                }
                (AgentSpec::AlphaBeta { net, .. }, "net") => {
                    *net =
                        Some(NetworkFile::new(value()?).ok_or_else(|| bad(NetworkFile::EXPECTED))?);
                }
                (AgentSpec::AlphaBeta { endgame, .. }, "endgame") => {
                    *endgame = match value()? {
                        "auto" => Endgame::Auto,
                        _ => Endgame::Upto(ranged(0, MAX_ENDGAME, ENDGAME_EXPECTED)? as u32),
                    };
                }
                (AgentSpec::AlphaBeta { options, .. }, "qs") => options.quiescence = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "lmr") => options.lmr = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "history") => options.history = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "extend") => options.extend = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "tactical") => options.tactical = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "aspiration") => {
                    options.aspiration = switch()?
                }
                (AgentSpec::AlphaBeta { options, .. }, "rfp") => options.rfp = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "null") => options.null_move = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "forced") => options.forced = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "threads") => {
                    options.threads = ranged(1, 8, "threads 1..=8")? as u8
                }
                (AgentSpec::AlphaBeta { options, .. }, "futility") => options.futility = switch()?,
                (AgentSpec::AlphaBeta { options, .. }, "multipv") => {
                    options.multipv = ranged(1, u8::MAX.into(), "lines 1..=255")? as u8
                }
                (AgentSpec::Mcts(c), "playouts") => {
                    // As `alphabeta:depth=0`: a search of nothing is refused, not raised.
                    c.playouts = ranged(1, u64::MAX, "a playout count 1 or more")?;
                    playouts_given = true;
                }
                (AgentSpec::Mcts(c), "time") => c.time = Some(time()?),
                (AgentSpec::Mcts(c), "seed") => c.seed = int("a whole number")?,
                (AgentSpec::Mcts(c), "c") => {
                    c.exploration = sw
                        .parse_as::<f64, AgentSpecError>(agent, "a number >= 0")
                        .ok()
                        .filter(|x| x.is_finite() && *x >= 0.0)
                        .ok_or_else(|| bad("a number >= 0"))?
                }
                _ => return Err(sw.unknown_as(agent)),
            }
        }
        if let AgentSpec::Mcts(c) = &mut spec {
            if c.time.is_some() && !playouts_given {
                c.playouts = u64::MAX;
            }
        }
        if let AgentSpec::AlphaBeta {
            eval, net: Some(_), ..
        } = &mut spec
        {
            if let Some(value) = eval_given.filter(|_| *eval != GameEval::Net) {
                return Err(AgentSpecError::BadValue {
                    agent,
                    option: "eval".into(),
                    value: value.into(),
                    expected: "net, or none: net=PATH implies eval=net",
                });
            }
            *eval = GameEval::Net;
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
                table,
                eval,
                options,
                endgame,
                net,
            } => {
                let classic = *eval == CLASSIC.eval
                    && *options == CLASSIC.options
                    && *endgame == CLASSIC.endgame;
                let (kind, start) = if classic {
                    ("alphabeta-classic", CLASSIC)
                } else {
                    ("alphabeta", ALPHABETA)
                };
                let (base_eval, base, base_endgame) = (start.eval, start.options, start.endgame);
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
                match table {
                    TableSize::Log2(n) if *table != TableSize::DEFAULT => {
                        parts.push(format!("table={n}"))
                    }
                    TableSize::Auto => parts.push("table=auto".into()),
                    TableSize::Log2(_) => {}
                }
                if let Some(net) = net {
                    // It implies `eval=net`.
                    parts.push(format!("net={net}"));
                } else if *eval != base_eval {
                    parts.push(match eval {
                        GameEval::Tuned => "eval=tuned".into(),
                        GameEval::StoreDifference => "eval=store".into(),
                        GameEval::Net => "eval=net".into(),
                        GameEval::Auto => "eval=auto".into(),
                    });
                }
                if *endgame != base_endgame {
                    parts.push(format!("endgame={endgame}"));
                }
                if options.threads.max(1) != base.threads.max(1) {
                    parts.push(format!("threads={}", options.threads));
                }
                if options.multipv.max(1) != base.multipv.max(1) {
                    parts.push(format!("multipv={}", options.multipv));
                }
                let on = |b: bool| if b { "on" } else { "off" };
                for (name, value, default) in [
                    ("qs", options.quiescence, base.quiescence),
                    ("lmr", options.lmr, base.lmr),
                    ("history", options.history, base.history),
                    ("extend", options.extend, base.extend),
                    ("tactical", options.tactical, base.tactical),
                    ("aspiration", options.aspiration, base.aspiration),
                    ("rfp", options.rfp, base.rfp),
                    ("futility", options.futility, base.futility),
                    ("null", options.null_move, base.null_move),
                    ("forced", options.forced, base.forced),
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
                // A time alone (no playout cap) is written without `playouts=`, and so read
                // back.
                if c.playouts == u64::MAX && c.time.is_some() {
                    write!(f, "mcts:seed={}", c.seed)?;
                } else {
                    write!(f, "mcts:playouts={},seed={}", c.playouts, c.seed)?;
                }
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
    /// Checks that the game of `R` can serve the spec's options: `endgame=N` needs a game
    /// with exact values for `N` seeds ([`Heuristic::ENDGAME_SEEDS`]).
    ///
    /// # Errors
    /// [`AgentSpecError::Unsupported`] for an option the game cannot serve.
    pub fn check<R: Heuristic>(&self) -> Result<(), AgentSpecError> {
        match *self {
            AgentSpec::AlphaBeta {
                eval: GameEval::Net,
                net: None,
                ..
            } if !R::NETWORK => Err(AgentSpecError::NoNetwork { game: R::GAME }),
            AgentSpec::AlphaBeta {
                endgame: Endgame::Upto(endgame),
                ..
            } if endgame > R::ENDGAME_SEEDS => Err(AgentSpecError::Unsupported {
                agent: "alphabeta",
                option: format!("endgame={endgame}"),
                game: R::GAME,
                most: R::ENDGAME_SEEDS,
            }),
            _ => Ok(()),
        }
    }

    /// Checks that `rules`, with their switches, can serve the spec's options: as
    /// [`check`](AgentSpec::check), and `endgame=N` needs exact values for `N` seeds under
    /// these switches ([`Heuristic::endgame_seeds`]). Programs that know the rules they will
    /// play call it before [`build`](AgentSpec::build), which knows only the game: without
    /// it, an agent whose rules rule out its endgame values searches without them.
    ///
    /// ```
    /// use sowing::search::{AgentSpec, AgentSpecError};
    /// use sowing::kalah::Kalah;
    ///
    /// let spec: AgentSpec = "alphabeta:endgame=10".parse().unwrap();
    /// let pie: Kalah = "kalah:pie".parse().unwrap();
    /// assert!(matches!(spec.check_for(&pie), Err(AgentSpecError::UnsupportedByRules { most: 0, .. })));
    /// ```
    ///
    /// # Errors
    /// As [`check`](AgentSpec::check), and [`AgentSpecError::UnsupportedByRules`] for an
    /// option the rules' switches rule out.
    pub fn check_for<R: Heuristic>(&self, rules: &R) -> Result<(), AgentSpecError> {
        self.check::<R>()?;
        match *self {
            AgentSpec::AlphaBeta { net: Some(net), .. } => match net.load_for(rules) {
                Ok(_) => self.check_endgame_for(rules),
                Err(problem) => Err(AgentSpecError::network_file(net, problem)),
            },
            AgentSpec::AlphaBeta {
                eval: GameEval::Net,
                ..
            } if rules.network_evaluate(&rules.start()).is_none() => {
                Err(AgentSpecError::NoNetworkForRules {
                    rules: rules.to_string(),
                })
            }
            _ => self.check_endgame_for(rules),
        }
    }

    /// The spec as it plays `rules`: `endgame=auto` ([`Endgame::Auto`]) written out as the
    /// seeds the game looks up for these rules ([`Heuristic::default_endgame`]) where it
    /// looks any up, so that the agent's name says what it plays with. Other specs, and
    /// `auto` where the game looks nothing up, are returned as they are; the agent plays
    /// the same either way.
    ///
    /// ```
    /// use sowing::search::AgentSpec;
    /// use sowing::kalah::Kalah;
    ///
    /// // Kalah's default looks nothing up (its database would have to be built first).
    /// let spec: AgentSpec = "alphabeta:depth=6".parse().unwrap();
    /// assert_eq!(spec.for_rules(&Kalah::default()), spec);
    /// // Oware's, the largest table kept in `$SOWING_TABLES`: `alphabeta:depth=6,endgame=20`
    /// // where the directory keeps the table of 20 seeds (`tables build oware 20`).
    /// ```
    pub fn for_rules<R: Heuristic>(mut self, rules: &R) -> AgentSpec {
        if let AgentSpec::AlphaBeta { endgame, .. } = &mut self {
            if *endgame == Endgame::Auto {
                match rules.default_endgame() {
                    0 => {}
                    seeds => *endgame = Endgame::Upto(seeds),
                }
            }
        }
        self
    }

    /// [`check_for`](AgentSpec::check_for)'s check of `endgame=N`.
    fn check_endgame_for<R: Heuristic>(&self, rules: &R) -> Result<(), AgentSpecError> {
        match *self {
            AgentSpec::AlphaBeta {
                endgame: Endgame::Upto(endgame),
                ..
            } if endgame > rules.endgame_seeds() => Err(AgentSpecError::UnsupportedByRules {
                agent: "alphabeta",
                option: format!("endgame={endgame}"),
                rules: rules.to_string(),
                most: rules.endgame_seeds(),
            }),
            _ => Ok(()),
        }
    }

    /// The agent, for the game of `R`. A network file (`net=PATH`) is read here, once for
    /// the agent (its threads share it).
    ///
    /// # Errors
    /// As [`check`](AgentSpec::check): an option the game cannot serve; and
    /// [`AgentSpecError::NetworkFile`] for a network file that does not read or is another
    /// game's (whether it fits the rules' board is [`check_for`](AgentSpec::check_for)'s
    /// check).
    pub fn build<R: Heuristic>(&self) -> Result<Box<dyn Agent<R>>, AgentSpecError> {
        Ok(match self.alphabeta::<R>()? {
            Some(search) => Box::new(Named(search, self.to_string())),
            None => match *self {
                AgentSpec::Random { seed } => Box::new(RandomAgent::new(seed)),
                AgentSpec::Mcts(config) => Box::new(Mcts::new(config)),
                AgentSpec::AlphaBeta { .. } => unreachable!("alphabeta() made it"),
            },
        })
    }

    /// The spec with its network read from the file `net` (`net=PATH`, which implies
    /// `eval=net`), or with `None`, from the game's own evaluation (`eval=auto`) (an
    /// `alphabeta` spec; the others as they are).
    ///
    /// ```
    /// use sowing::search::{AgentSpec, NetworkFile};
    /// let spec: AgentSpec = "alphabeta:depth=6".parse().unwrap();
    /// let net = NetworkFile::new("toguz-2.net");
    /// assert_eq!(spec.with_network(net).to_string(), "alphabeta:depth=6,net=toguz-2.net");
    /// assert_eq!(spec.with_network(net).with_network(None), spec);
    /// ```
    pub fn with_network(mut self, file: Option<NetworkFile>) -> AgentSpec {
        if let AgentSpec::AlphaBeta { eval, net, .. } = &mut self {
            *eval = if file.is_some() {
                GameEval::Net
            } else {
                ALPHABETA.eval
            };
            *net = file;
        }
        self
    }

    /// The network file of an `alphabeta` spec (`net=PATH`), if it names one.
    pub fn network_file(&self) -> Option<NetworkFile> {
        match self {
            AgentSpec::AlphaBeta { net, .. } => *net,
            _ => None,
        }
    }

    /// The lines an `alphabeta` spec searches (`multipv`, [`SearchOptions::multipv`]); 1 for
    /// the other kinds.
    pub fn multipv(&self) -> u8 {
        match self {
            AgentSpec::AlphaBeta { options, .. } => options.multipv.max(1),
            _ => 1,
        }
    }

    /// The spec with `multipv=lines` (an `alphabeta` spec; the others as they are).
    ///
    /// ```
    /// use sowing::search::AgentSpec;
    /// let spec: AgentSpec = "alphabeta:depth=6".parse().unwrap();
    /// assert_eq!(spec.with_multipv(3).to_string(), "alphabeta:depth=6,multipv=3");
    /// assert_eq!(spec.with_multipv(3).multipv(), 3);
    /// ```
    pub fn with_multipv(mut self, lines: u8) -> AgentSpec {
        if let AgentSpec::AlphaBeta { options, .. } = &mut self {
            options.multipv = lines;
        }
        self
    }

    /// The spec with the transposition table's size `table` (an `alphabeta` spec; the others
    /// as they are).
    ///
    /// ```
    /// use sowing::search::{AgentSpec, TableSize};
    /// let spec: AgentSpec = "alphabeta:time=5s".parse().unwrap();
    /// assert_eq!(spec.with_table(TableSize::Log2(24)).to_string(), "alphabeta:time=5s,table=24");
    /// assert_eq!(spec.with_table(TableSize::Auto).to_string(), "alphabeta:time=5s,table=auto");
    /// assert_eq!(spec.with_table(TableSize::DEFAULT), spec);
    /// ```
    pub fn with_table(mut self, size: TableSize) -> AgentSpec {
        if let AgentSpec::AlphaBeta { table, .. } = &mut self {
            *table = size;
        }
        self
    }

    /// [`with_table`](AgentSpec::with_table) with the size as agent text writes it (`auto`,
    /// or a power of two 1 to 30), for programs that take it from their users.
    ///
    /// # Errors
    /// [`AgentSpecError::BadValue`] for other text, and
    /// [`AgentSpecError::UnknownOption`] for a spec of another kind than `alphabeta`.
    pub fn with_table_text(self, text: &str) -> Result<AgentSpec, AgentSpecError> {
        match self {
            AgentSpec::AlphaBeta { .. } => {
                let size = match text {
                    "auto" => Some(TableSize::Auto),
                    _ => text
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=TableSize::MAX).contains(n))
                        .map(TableSize::Log2),
                };
                let size = size.ok_or_else(|| AgentSpecError::BadValue {
                    agent: "alphabeta",
                    option: "table".into(),
                    value: text.into(),
                    expected: TABLE_EXPECTED,
                })?;
                Ok(self.with_table(size))
            }
            AgentSpec::Random { .. } => Err(AgentSpecError::UnknownOption {
                agent: "random",
                option: "table".into(),
            }),
            AgentSpec::Mcts(_) => Err(AgentSpecError::UnknownOption {
                agent: "mcts",
                option: "table".into(),
            }),
        }
    }

    /// The alpha-beta agent of an `alphabeta` spec (for programs that need more than
    /// [`Agent`]: the principal variation, a stop flag), or `None` for another kind. A
    /// network file (`net=PATH`) is read here, once for the agent (its threads share it).
    ///
    /// # Errors
    /// As [`build`](AgentSpec::build).
    #[allow(clippy::type_complexity)]
    pub fn alphabeta<R: Heuristic>(
        &self,
    ) -> Result<Option<AlphaBeta<R::Move, AgentEval<R>>>, AgentSpecError> {
        self.check::<R>()?;
        Ok(match *self {
            AgentSpec::AlphaBeta {
                limits,
                table,
                eval,
                options,
                endgame,
                net,
            } => {
                let network = net
                    .map(|file| {
                        file.load::<R>()
                            .map_err(|problem| AgentSpecError::network_file(file, problem))
                    })
                    .transpose()?;
                Some(searcher(limits, table, eval, options, endgame, network))
            }
            _ => None,
        })
    }
}

/// The alpha-beta agent of an `alphabeta` spec's settings.
fn searcher<R: Heuristic>(
    limits: Limits,
    table: TableSize,
    eval: GameEval,
    options: SearchOptions,
    endgame: Endgame,
    network: Option<Arc<Network>>,
) -> AlphaBeta<R::Move, AgentEval<R>> {
    let evaluation = || match &network {
        Some(network) => AgentEval::with_network(Arc::clone(network), endgame),
        None => AgentEval::new(eval, endgame),
    };
    let helpers = (1..options.threads).map(|_| evaluation()).collect();
    AlphaBeta::with_evaluator(limits, evaluation())
        .table_size(table)
        .options(options)
        .threads(helpers)
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
    fn choose_in(&mut self, rules: &R, game: &[R::State]) -> Option<R::Move> {
        self.0.choose_in(rules, game)
    }
    fn summary(&self) -> Option<String> {
        self.0.summary()
    }
    fn stats(&self) -> Option<super::agent::SearchStats> {
        self.0.stats()
    }
    fn lines(&self) -> Vec<super::alphabeta::SearchLine<R::Move>> {
        self.0.lines()
    }
}
