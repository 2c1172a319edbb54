//! Replays game records of any game: `replay <file>...`.
//!
//! Asks the record module ([`crate::games::read_any`]) which game and form each record is:
//! the crate's records form under the ruleset its `Variant` tag names, or Toguz Kumalak's
//! PlayOK and federation PGN for a record with no `Variant` (or a Toguz Kumalak one written
//! in PlayOK's pairs). A `Variant` that names no ruleset is a failure, never a guess. Prints
//! one line per game (`ok`, or the first line and ply that fail and why) and a summary line
//! `N passed, M failed`; exits with status 1 if any game failed.

use std::process::ExitCode;

use crate::games::{AnyGame, GameList, read_any_in};
use crate::pgn::{Form, GameResult};

use super::Stop;

const USAGE: &str = "usage: replay <file>...

Replays every game of the record files under its rules, printing one line per game: `ok`
with the plies and the result, or the first line and ply that fail and why. Ends with
`N passed, M failed`; the exit status is 1 if any game failed, 2 for a bad argument or a
file that cannot be read.

Records are the crate's PGN-style records of any game, whose `Variant` tag names the
ruleset (e.g. `kalah:pie`, `tsoro:bonus=3`; a `Variant` that names no ruleset fails), or
Toguz Kumalak PGN as PlayOK and the federation write it: a record with no `Variant` tag at
all is read that way, every move's landing hole, tuzdik mark and kazan total checked.";

/// The line of a game that replays.
fn summary<L: GameList>(game: &AnyGame<L>) -> String {
    let ending = match game.outcome() {
        Some(o) => format!("{o}{}", if game.zero() { " (no move left)" } else { "" }),
        None => match game.result() {
            GameResult::Unfinished if game.form() == Form::RECORDS => "unfinished".to_string(),
            r => format!("unfinished, {}", r.token()),
        },
    };
    match game.form() {
        Form::RECORDS => format!("{}, {} plies, {ending}", game.rules(), game.ply()),
        _ => format!("{} plies, {ending}", game.ply()),
    }
}

fn run<L: GameList>(files: &[String]) -> Result<bool, Stop> {
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in files {
        let text =
            std::fs::read_to_string(file).map_err(|e| Stop::Error(format!("{file}: {e}")))?;
        for (i, game) in read_any_in::<L>(&text).into_iter().enumerate() {
            let name = format!("{file} game {}", i + 1);
            match game {
                Ok(game) => {
                    passed += 1;
                    super::out!("{name}: ok, {}", summary(&game))?;
                }
                Err(e) => {
                    failed += 1;
                    super::out!("{name}: FAILED: {e}")?;
                }
            }
        }
    }
    super::out!("{passed} passed, {failed} failed")?;
    Ok(failed > 0)
}

pub(super) fn main<L: GameList>(files: Vec<String>) -> ExitCode {
    if files.iter().any(|a| a == "--help" || a == "-h") {
        return super::usage(USAGE);
    }
    if files.is_empty() {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    match run::<L>(&files) {
        Ok(false) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::FAILURE,
        Err(Stop::Error(e)) => super::fail("replay", &e),
    }
}
