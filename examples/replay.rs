//! Replays game records of any game: `replay <file>...`.
//!
//! Asks the record module ([`sowing::games::read_any`]) which game and form each record is:
//! the crate's records form under the ruleset its `Variant` tag names, or Toguz Kumalak's
//! PlayOK and federation PGN for a record with no `Variant` (or a Toguz Kumalak one written
//! in PlayOK's pairs). A `Variant` that names no ruleset is a failure, never a guess. Prints
//! one line per game (`ok`, or the first line and ply that fail and why) and a summary line
//! `N passed, M failed`; exits with status 1 if any game failed.
//!
//! The tool itself is [`sowing::tools`], which gives the same tools to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("replay", "kalah")
}
