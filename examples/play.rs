//! Plays a whole game in the terminal: `play [--rules RULESET] [--human south|north|both]
//! [--south AGENT] [--north AGENT] [--pgn FILE [--pgn-style records|playok|federation]]`.
//!
//! By default two computer players play each other, so it runs with no input. With `--pgn`
//! the game is written as a record ([`sowing::pgn`]) that `replay` reads back.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate. With no ruleset given it plays `kalah`.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("play", "kalah")
}
