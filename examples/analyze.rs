//! Analyses record files of any game: `analyze FILE... [--game N[,M..]] [--agent AGENT]
//! [--depth D | --time MS | --nodes N] [--verify PLIES] [--jobs N] [--out FILE]
//! [--pgn-style STYLE] [--graph DIR] [--csv FILE] [--quiet]` (`-` reads standard input).
//!
//! Every game's moves valued and classed ([`sowing::analysis`]) on every core, a mistake or
//! blunder searched again `--verify` plies deeper (default 4) before it counts, the annotated
//! records written to `--out`, an SVG graph a game to `--graph DIR`, a row a ply with every
//! move's value to `--csv FILE`, a summary a player. Plies are numbered from 1.
//! Built with `--features progress`: a progress bar with the time left, and Ctrl-C stops
//! cleanly, keeping the games finished.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("analyze", "toguz")
}
