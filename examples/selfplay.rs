//! Writes self-play data for training an evaluation: `selfplay [--rules RULESET] [--games N]
//! [--agent AGENT] [--random-plies A..B] [--openings FILE --opening-ply N] [--seed S]
//! [--first-game G] [--max-plies N] [--threads T] --out FILE`.
//!
//! The agent plays both sides of every game ([`sowing::selfplay`]); every searched position
//! is written as one record (its observation, the search's value and depth, the game's
//! result and final margin for the player to move) in the format the module documents.
//! Games run on `--threads` threads, each game on one; the records are written in the
//! order of the games, so the file is the same for any number of threads.
//!
//! The tool itself is [`sowing::tools`], which gives the same tool to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("selfplay", "toguz")
}
