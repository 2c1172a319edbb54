//! Plays a match between two agents: `match --rules RULESET --a AGENT --b AGENT
//! [--openings N] [--opening-plies P] [--seed S] [--time MS | --depth D | --nodes N]
//! [--max-plies M] [--jobs J] [--pgn FILE [--pgn-style STYLE]] [--quiet]`.
//!
//! Each opening is a few random plies from a seed, played twice with the colours swapped, so
//! neither side profits from a lucky opening ([`sowing::search::Match`]). Prints every game,
//! then A's wins, draws and losses, its score, the Elo difference with a 95% interval (a
//! one-sided bound when a side won every game), and each side's average depth and nodes per
//! second where its agent reports them. `--pgn FILE` writes every game as a record
//! ([`sowing::pgn`]; `--pgn-style playok` or `federation` for Toguz Kumalak's PGN) that
//! `replay` reads back. Every strength change of the crate's agents is
//! accepted through it.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate. With no ruleset given it plays `toguz`.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("match", "toguz")
}
