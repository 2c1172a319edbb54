//! The engine protocol ([`sowing::engine`]) on standard input and output, so that GUIs, game
//! servers and programs in other languages can drive the crate's agents, as UCI does for
//! chess: `engine [--agent AGENT] [--rules RULESET]`. The commands are in the README's
//! "Engine protocol" section and the module's docs.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate. With no ruleset given it plays `toguz`.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("engine", "toguz")
}
