//! Counts move paths: `perft <ruleset> <depth> [--position TEXT] [--threads N]`.
//!
//! Prints `<d> <nodes>` for every depth from 1 to `depth`.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("perft", "kalah")
}
