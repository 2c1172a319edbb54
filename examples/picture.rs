//! Draws a position as SVG: `picture <ruleset> [--position TEXT] [MOVES...] > board.svg`.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("picture", "kalah")
}
