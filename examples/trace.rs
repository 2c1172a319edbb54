//! Plays moves and prints the position text after each:
//! `trace <ruleset> [--position TEXT] <move>...`.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("trace", "kalah")
}
