//! Analyses record files of any game: `analyze FILE... [--agent AGENT] [--depth D | --time MS
//! | --nodes N] [--jobs N] [--out FILE] [--pgn-style STYLE] [--graph DIR] [--quiet]`.
//!
//! Every game's moves valued and classed ([`sowing::analysis`]) on every core, the annotated
//! records written to `--out`, an SVG graph a game to `--graph DIR`, a summary a player.
//! Built with `--features progress`: a progress bar with the time left, and Ctrl-C stops
//! cleanly, keeping the games finished.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("analyze", "toguz")
}
