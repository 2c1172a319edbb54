//! The native module `sowing._sowing` of the Python package `sowing`: bindings of the Rust
//! crate, which holds every rule (nothing here is a rule).
//!
//! One concept a file: the exceptions (errors.rs), the game dispatch (game.rs), the rules
//! (rules/: Ruleset, State, Move, Player, Outcome, a class a file, and their copies: the values
//! themselves), records (record.rs), agents (agent.rs), the Kalah solver (solve.rs), game
//! analysis (analysis.rs), self-play data (selfplay.rs), VectorEnv's threads (workers.rs), and waiting on long calls with Ctrl-C honoured (interrupt.rs).

use pyo3::prelude::*;

mod agent;
mod analysis;
mod env;
mod errors;
mod game;
mod interrupt;
mod record;
mod render;
mod rules;
mod selfplay;
mod solve;
mod tables;
mod workers;

/// Mancala rules engines: Kalah, Toguz Kumalak, Tsoro and Oware with every documented variant, game
/// records, agents and the Kalah solver (the Rust crate sowing).
#[pymodule]
fn _sowing(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // The crate's one list of games, as ruleset text names them.
    m.add("GAMES", sowing::games::AnyRuleset::GAMES.to_vec())?;
    // The catalogue of described games, each a ruleset text of its own (`mancala`'s type).
    let catalogue: Vec<&str> = sowing::described::catalogue::CATALOGUE
        .iter()
        .map(|entry| entry.name)
        .collect();
    m.add("CATALOGUE", catalogue)?;
    errors::register(m)?;
    m.add_class::<rules::Player>()?;
    m.add_class::<rules::Outcome>()?;
    m.add_class::<rules::Move>()?;
    m.add_class::<rules::State>()?;
    m.add_class::<rules::Ruleset>()?;
    record::register(m)?;
    agent::register(m)?;
    solve::register(m)?;
    env::register(m)?;
    render::register(m)?;
    analysis::register(m)?;
    selfplay::register(m)?;
    tables::register(m)?;
    Ok(())
}
