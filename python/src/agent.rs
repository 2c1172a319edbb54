//! `Agent`: any agent the Rust crate reads from text (`random`, `alphabeta`, `mcts`), its
//! search run with the GIL released and Ctrl-C honoured.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use sowing::games::AnyRuleset;
use sowing::search::{
    Agent as RustAgent, AgentSpec, AgentSpecError, Mcts, NetworkFile, SearchStats,
};

use crate::errors;
use crate::game::{AnyAgent, AnyMove, Game, with_rules};
use crate::interrupt;
use crate::rules::{Move, Reduced, Ruleset, State};

/// The agent and the ruleset it was built for (it keeps its tables between moves of one
/// ruleset, and is built again for another).
struct Built {
    rules: Arc<AnyRuleset>,
    agent: AnyAgent,
}

/// The agent of `spec` for `rules`; an alpha-beta or MCTS agent watches `stop`.
fn build<R: Game>(
    rules: &R,
    spec: &AgentSpec,
    stop: &Arc<AtomicBool>,
) -> Result<Box<dyn RustAgent<R>>, AgentSpecError> {
    spec.check_for(rules)?;
    if let AgentSpec::Mcts(config) = *spec {
        return Ok(Box::new(Mcts::new(config).stop_flag(Arc::clone(stop))));
    }
    Ok(match spec.alphabeta::<R>()? {
        Some(searcher) => Box::new(searcher.stop_flag(Arc::clone(stop))),
        None => spec.build::<R>()?,
    })
}

/// `spec` searching with the network file at `path` (`net=PATH`), or the error that `spec`
/// is not an `alphabeta` agent or agent text cannot name `path`.
fn with_network(spec: AgentSpec, path: &std::path::Path) -> Result<AgentSpec, AgentSpecError> {
    let agent = match spec {
        AgentSpec::AlphaBeta { .. } => "alphabeta",
        AgentSpec::Random { .. } => "random",
        AgentSpec::Mcts(_) => "mcts",
    };
    if agent != "alphabeta" {
        return Err(AgentSpecError::UnknownOption {
            agent,
            option: "network".into(),
        });
    }
    let file = path.to_str().and_then(NetworkFile::new);
    let file = file.ok_or_else(|| AgentSpecError::BadValue {
        agent,
        option: "network".into(),
        value: path.to_string_lossy().into_owned(),
        expected: NetworkFile::EXPECTED,
    })?;
    Ok(spec.with_network(Some(file)))
}

/// What one `choose` found: the move, the search's figures, its summary and its lines.
type Chosen = Result<(Option<AnyMove>, Option<SearchStats>, Option<String>, Lines), AgentSpecError>;

/// The lines of a search ([`sowing::search::SearchLine`]) with the moves of any game.
type Lines = Vec<SearchLine>;

/// Chooses a move for `state` with the agent in `slot`, building it first if it was built
/// for another ruleset (or never).
///
/// `stop` is the flag the agent's searches watch, `cancelled` this call's own: the caller
/// raises `cancelled` and then `stop` when it is interrupted. An earlier search that was
/// interrupted holds the lock until it has stopped; only then is `stop` lowered for this one
/// (and raised again if this call was cancelled meanwhile).
fn choose_in<R: Game>(
    slot: &Mutex<Option<Built>>,
    spec: &AgentSpec,
    (stop, cancelled): (&AtomicBool, &AtomicBool),
    stop_arc: &Arc<AtomicBool>,
    rules_arc: &Arc<AnyRuleset>,
    rules: &R,
    state: &R::State,
) -> Chosen {
    // A poisoned lock is a search that panicked: build the agent again.
    let mut guard = slot.lock().unwrap_or_else(|p| p.into_inner());
    stop.store(false, Ordering::SeqCst);
    if cancelled.load(Ordering::SeqCst) {
        stop.store(true, Ordering::SeqCst);
    }
    let stop = stop_arc;
    let reuse = guard
        .as_ref()
        .is_some_and(|b| Arc::ptr_eq(&b.rules, rules_arc) || *b.rules == **rules_arc);
    if !reuse {
        *guard = Some(Built {
            rules: Arc::clone(rules_arc),
            agent: R::any_agent(build(rules, spec, stop)?),
        });
    }
    let built = guard.as_mut().expect("built above");
    let agent = match R::agent_slot(&mut built.agent) {
        Some(agent) => agent,
        None => {
            built.agent = R::any_agent(build(rules, spec, stop)?);
            R::agent_slot(&mut built.agent).expect("built for R above")
        }
    };
    let mv = agent.choose(rules, state).map(|m| rules.any_move(m));
    let lines = agent
        .lines()
        .into_iter()
        .map(|l| SearchLine {
            mv: Move {
                mv: rules.any_move(l.mv),
            },
            value: l.value,
            depth: l.depth,
            pv: l
                .pv
                .into_iter()
                .map(|m| Move {
                    mv: rules.any_move(m),
                })
                .collect(),
        })
        .collect();
    Ok((mv, agent.stats(), agent.summary(), lines))
}

/// A game-playing agent named in text, as the Rust crate reads it:
///
/// - `random[:seed=N]`
/// - `alphabeta[:depth=N][,nodes=N][,time=T][,table=N|auto][,eval=auto|tuned|store|net]
///   [,qs=on|off]
///   [,lmr=on|off][,history=on|off][,extend=on|off][,tactical=on|off][,aspiration=on|off]
///   [,rfp=on|off][,futility=on|off][,null=on|off][,forced=on|off][,threads=N]
///   [,endgame=auto|N][,multipv=N]` (times `500ms`, `2s`; `eval=auto`, the default: the game's
///   trained network where it is the stronger, Toguz Kumalak's, Oware's and Tsoro's, else
///   `tuned`, its hand-chosen terms; `endgame=N`: exact values of the positions of at most N
///   seeds, Kalah's endgame database or Oware's tables; `endgame=auto`, the default: Oware's
///   largest table kept in the folder `$SOWING_TABLES` names, none in the other games;
///   `multipv=N`: the best N moves, each with its value
///   and line, in `lines` after `choose`; `table=N`: 2^N transposition-table entries of 16
///   bytes (default 20), `auto` sizes it to the time a move: 2^20 up to about a second,
///   growing to 2^24, 256 MiB, at 20 s)
/// - `alphabeta-classic[:...]`
/// - `mcts[:playouts=N][,time=T][,seed=N][,c=X]` (10000 playouts by default; a `time`
///   alone searches for that time, with both it stops at whichever comes first)
///
/// `network=PATH` (or `net=PATH` in the text, which implies `eval=net`) makes an
/// `alphabeta` agent search with the network of that weights file (as
/// `tools/train/train.py` writes them) in place of the game's own, for any game with a
/// network layout, Kalah included. The file is read when the agent is first used for a
/// ruleset (once: the search's threads share it); a file that does not read, or holds a
/// network of another game, board or layout, raises AgentError then.
///
/// Bad text raises AgentError. The agent keeps its tables between moves of one ruleset.
/// `choose` releases the GIL and stops at Ctrl-C (KeyboardInterrupt).
#[pyclass(module = "sowing", frozen)]
pub struct Agent {
    spec: AgentSpec,
    built: Arc<Mutex<Option<Built>>>,
    stop: Arc<AtomicBool>,
    last: Mutex<Last>,
}

/// What the last search found: its figures, its summary and its lines.
type Last = (Option<SearchStats>, Option<String>, Lines);

impl Agent {
    fn last(&self) -> std::sync::MutexGuard<'_, Last> {
        self.last.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[pymethods]
impl Agent {
    /// Reads agent text (AgentError for text that names no agent); `network`, the path of
    /// a network's weights file for an `alphabeta` agent (`net=PATH`).
    #[new]
    #[pyo3(signature = (text, network=None))]
    fn new(text: &Bound<'_, PyString>, network: Option<std::path::PathBuf>) -> PyResult<Agent> {
        let mut spec: AgentSpec = text.to_cow()?.parse().map_err(errors::agent_error)?;
        if let Some(path) = network {
            spec = with_network(spec, &path).map_err(errors::agent_error)?;
        }
        Ok(Agent {
            spec,
            built: Arc::new(Mutex::new(None)),
            stop: Arc::new(AtomicBool::new(false)),
            last: Mutex::new((None, None, Vec::new())),
        })
    }

    /// The agent's text with every setting written, e.g. `alphabeta:depth=10`.
    #[getter]
    fn name(&self) -> String {
        self.spec.to_string()
    }

    /// The agent's text as it plays `rules`: the default `endgame=auto` written as the
    /// tables it plays with, `alphabeta:endgame=24` for Oware with a 24-seed table kept in
    /// the directory `$SOWING_TABLES` names (the name the `match` and `play` tools print);
    /// otherwise `name`.
    fn name_for(&self, rules: PyRef<'_, Ruleset>) -> String {
        with_rules!(&*rules.rules, |r| self.spec.for_rules(r).to_string())
    }

    /// The move the agent plays in `state` under `rules`, or None when the game is over.
    ///
    /// Raises AgentError for an option the game cannot serve (`endgame=N` outside Kalah and Oware),
    /// PositionError for a state of another game. Releases the GIL while it searches;
    /// Ctrl-C stops the search (KeyboardInterrupt).
    fn choose(
        &self,
        py: Python<'_>,
        rules: PyRef<'_, Ruleset>,
        state: PyRef<'_, State>,
    ) -> PyResult<Option<Move>> {
        let rules_arc = Arc::clone(&rules.rules);
        let chosen = with_rules!(&*rules.rules, |r| {
            let s = rules.typed_state(r, &state)?;
            if let AgentSpec::Random { .. } = self.spec {
                // A random move takes no time: no worker thread (a random agent never runs
                // on one, so no search holds the lock).
                let not_cancelled = AtomicBool::new(false);
                py.allow_threads(|| {
                    let flags = (&*self.stop, &not_cancelled);
                    choose_in(
                        &self.built,
                        &self.spec,
                        flags,
                        &self.stop,
                        &rules_arc,
                        r,
                        &s,
                    )
                })
            } else {
                let r = r.clone();
                let (slot, spec, stop) =
                    (Arc::clone(&self.built), self.spec, Arc::clone(&self.stop));
                let cancelled = Arc::new(AtomicBool::new(false));
                let flags = (Arc::clone(&self.stop), Arc::clone(&cancelled));
                let interrupted = move || {
                    flags.1.store(true, Ordering::SeqCst);
                    flags.0.store(true, Ordering::SeqCst);
                };
                interrupt::run(py, interrupted, move || {
                    choose_in(&slot, &spec, (&stop, &cancelled), &stop, &rules_arc, &r, &s)
                })?
            }
        });
        let (mv, stats, summary, lines) = chosen.map_err(errors::agent_error)?;
        *self.last() = (stats, summary, lines);
        Ok(mv.map(|mv| Move { mv }))
    }

    /// The deepest completed iteration of the last search: None before any and for the
    /// random agent, 0 for mcts (no iterations).
    #[getter]
    fn depth(&self) -> Option<u32> {
        self.last().0.map(|s| s.depth)
    }

    /// The nodes (MCTS: playouts) of the last search.
    #[getter]
    fn nodes(&self) -> Option<u64> {
        self.last().0.map(|s| s.nodes)
    }

    /// The value the last search found for the player to move, in the agent's units
    /// (alpha-beta: hundredths of a seed, wins near ±1,000,000; mcts: the chosen move's win
    /// rate in thousandths).
    #[getter]
    fn value(&self) -> Option<i32> {
        self.last().0.map(|s| s.value)
    }

    /// The time the last search took, in seconds.
    #[getter]
    fn elapsed(&self) -> Option<f64> {
        self.last().0.map(|s| s.elapsed.as_secs_f64())
    }

    /// What the last search found, for people (depth, score, nodes...).
    #[getter]
    fn summary(&self) -> Option<String> {
        self.last().1.clone()
    }

    /// The lines of the last search, best first (SearchLine: a move, its value, depth and
    /// line): as many as the agent text's `multipv=N` asks (fewer when fewer moves are
    /// legal), one for an alpha-beta agent without it, none before any search and for the
    /// random and mcts agents.
    #[getter]
    fn lines(&self) -> Vec<SearchLine> {
        self.last().2.clone()
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?})", self.spec.to_string())
    }

    /// Pickled as its text, `Agent(agent.name)`: a new agent, with none of the old one's
    /// tables or last search.
    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String,)> {
        (py.get_type::<Agent>().into_any(), (self.spec.to_string(),))
    }
}

/// One line of a search (`Agent.lines`): a move of the searched position, its value for
/// the player to move (the unit of `Agent.value`: hundredths of a seed, beyond ±1,000,000 a
/// game won or lost by force), the depth it was searched to, and its principal variation
/// (the move, then the expected replies). Immutable, hashable and picklable.
#[pyclass(module = "sowing", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct SearchLine {
    mv: Move,
    value: i32,
    depth: u32,
    pv: Vec<Move>,
}

#[pymethods]
impl SearchLine {
    /// A line from its parts (as pickling writes them).
    #[new]
    #[pyo3(signature = (move_, value, depth, pv))]
    fn new(
        move_: Move,
        value: &Bound<'_, PyAny>,
        depth: &Bound<'_, PyAny>,
        pv: Vec<Move>,
    ) -> PyResult<SearchLine> {
        Ok(SearchLine {
            mv: move_,
            value: crate::errors::int_in(value, "value", "a 32-bit int")?,
            depth: crate::errors::int_in(depth, "depth", "0 or more, below 2**32")?,
            pv,
        })
    }

    /// The move.
    #[getter(r#move)]
    fn get_move(&self) -> Move {
        self.mv
    }

    /// Its value for the player to move, in hundredths of a seed (beyond ±1,000,000 a game
    /// won or lost by force, by 1,000,000 plus the margin in seeds).
    #[getter]
    fn value(&self) -> i32 {
        self.value
    }

    /// The depth it was searched to.
    #[getter]
    fn depth(&self) -> u32 {
        self.depth
    }

    /// The principal variation: the move, then the expected replies.
    #[getter]
    fn pv(&self) -> Vec<Move> {
        self.pv.clone()
    }

    fn __repr__(&self) -> String {
        let pv: Vec<String> = self.pv.iter().map(|m| m.mv.to_string()).collect();
        format!(
            "SearchLine(move={:?}, value={}, depth={}, pv=[{}])",
            self.mv.mv.to_string(),
            self.value,
            self.depth,
            pv.join(" ")
        )
    }

    /// Pickled as its parts.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let args = (self.mv, self.value, self.depth, self.pv.clone()).into_pyobject(py)?;
        Ok((py.get_type::<SearchLine>().into_any(), args))
    }
}

/// Registers `Agent` and `SearchLine`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Agent>()?;
    m.add_class::<SearchLine>()
}
