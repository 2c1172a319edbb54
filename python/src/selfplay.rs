//! `sowing._sowing.selfplay_bytes`: one chunk of self-play data (the crate's
//! `sowing::selfplay`: positions with the search's value and the game's result) as bytes,
//! which pickle, so that a process pool or a cluster can make the chunks. The Python face is
//! `sowing.selfplay` (python/sowing/selfplay.py).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use sowing::encode::Encoding;
use sowing::games::AnyRuleset;
use sowing::search::AgentSpec;
use sowing::selfplay::{self, Config, SelfPlayer, SelfplayError};

use crate::errors::{self, SowingError};
use crate::game::with_rules;
use crate::interrupt;

/// What a chunk is made of, moved to the worker thread.
struct Job {
    agent: AgentSpec,
    games: u32,
    seed: u64,
    first_game: u32,
    random_plies: (u32, u32),
    openings: Option<(String, usize)>,
    max_plies: u32,
    stop: Arc<AtomicBool>,
}

/// The chunk's bytes, on the concrete rules.
fn chunk<R: sowing::Game + Encoding>(rules: R, job: Job) -> Result<Vec<u8>, SelfplayError> {
    let mut config = Config {
        agent: job.agent,
        random_plies: job.random_plies.0..=job.random_plies.1,
        seed: job.seed,
        first_game: job.first_game,
        games: job.games,
        max_plies: job.max_plies,
        ..Config::default()
    };
    if let Some((text, ply)) = &job.openings {
        config.openings = selfplay::read_openings(text, &rules, *ply)?.0;
    }
    let mut out = Vec::new();
    SelfPlayer::new(&rules, &config)?
        .stop_flag(job.stop)
        .generate(&mut out)?;
    Ok(out)
}

/// The Python exception of a self-play error.
fn error(py: Python<'_>, e: SelfplayError) -> PyErr {
    match e {
        SelfplayError::Agent(e) => errors::agent_error(e),
        SelfplayError::NotAlphaBeta(_) => errors::agent_refused(e.to_string()),
        SelfplayError::OpeningRecord { error, .. } => errors::pgn_error(py, error),
        SelfplayError::Stopped => PyKeyboardInterrupt::new_err("self-play stopped"),
        e => SowingError::new_err(e.to_string()),
    }
}

/// One chunk of self-play data: games `first_game` to `first_game + games - 1` of `rules`
/// played by `agent` (an alphabeta agent's text) against itself, each opened by a number of
/// random plies from `random_plies`, a pair (both ends included; default (2, 8)), after its opening (the position at
/// ply `opening_ply` of the games of `openings`, a record text, in turn; none: the start),
/// as the bytes of `sowing::selfplay`'s format: a header, then a record a searched position.
/// A game is the same in any chunk: chunks put end to end (each header but the first left
/// out) are the bytes of one call. The games are played with the GIL released; Ctrl-C
/// stops them (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (
    rules,
    games,
    agent = "alphabeta:depth=8",
    seed = None,
    first_game = None,
    random_plies = None,
    openings = None,
    opening_ply = None,
    max_plies = None,
))]
#[allow(clippy::too_many_arguments)]
fn selfplay_bytes<'py>(
    py: Python<'py>,
    rules: &str,
    games: &Bound<'py, PyAny>,
    agent: &str,
    seed: Option<&Bound<'py, PyAny>>,
    first_game: Option<&Bound<'py, PyAny>>,
    random_plies: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    openings: Option<String>,
    opening_ply: Option<&Bound<'py, PyAny>>,
    max_plies: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let rules: AnyRuleset = rules.parse().map_err(errors::ruleset_error)?;
    let agent: AgentSpec = agent.parse().map_err(errors::agent_error)?;
    let u32_of = |arg: Option<&Bound<'py, PyAny>>, name: &str, default: u32| match arg {
        Some(a) if !a.is_none() => errors::int_in::<u32>(a, name, "0 to 2**32 - 1"),
        _ => Ok(default),
    };
    let games = u32_of(Some(games), "games", 0)?;
    let seed = match seed {
        Some(s) if !s.is_none() => errors::int_in::<u64>(s, "seed", "0 to 2**64 - 1")?,
        _ => 0,
    };
    let first_game = u32_of(first_game, "first_game", 0)?;
    let random_plies = match &random_plies {
        Some((a, b)) => (
            u32_of(Some(a), "random_plies", 0)?,
            u32_of(Some(b), "random_plies", 0)?,
        ),
        None => (2, 8),
    };
    let opening_ply = u32_of(opening_ply, "opening_ply", 0)?;
    let max_plies = u32_of(max_plies, "max_plies", 1000)?;
    let stop = Arc::new(AtomicBool::new(false));
    let job = Job {
        agent,
        games,
        seed,
        first_game,
        random_plies,
        openings: openings.map(|text| (text, opening_ply as usize)),
        max_plies,
        stop: Arc::clone(&stop),
    };
    let bytes = interrupt::run(py, interrupt::raise(&stop), move || {
        with_rules!(rules, |r| chunk(r, job))
    })?
    .map_err(|e| error(py, e))?;
    Ok(PyBytes::new(py, &bytes))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(selfplay_bytes, m)?)
}
