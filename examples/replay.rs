//! Replays game records of any game: `replay <file>...`.
//!
//! Reads the crate's records ([`sowing::pgn`]: the game is picked from each record's
//! `Variant` tag) and Toguz Kumalak's PlayOK and federation PGN ([`sowing::toguz::pgn`]),
//! prints one line per game (`ok`, or the first line and ply that fail and why) and a summary
//! line `N passed, M failed`; exits with status 1 if any game failed.

use std::ffi::OsString;
use std::process::ExitCode;

use sowing::Ruleset;
use sowing::any::{AnyRuleset, RulesetVisitor};
use sowing::pgn::{self, GameResult, GameText};
use sowing::toguz::pgn as toguz_pgn;

mod common;
use common::Stop;

const USAGE: &str = "usage: replay <file>...

Replays every game of the record files under its rules, printing one line per game: `ok`
with the plies and the result, or the first line and ply that fail and why. Ends with
`N passed, M failed`; the exit status is 1 if any game failed, 2 for a bad argument or a
file that cannot be read.

Records are the crate's PGN-style records of any game (the `Variant` tag names the ruleset,
e.g. `kalah:pie`, `tsoro:bonus=3`) or Toguz Kumalak PGN as PlayOK and the federation write
it (files with no `Variant` tag are read that way, every move's landing hole, tuzdik mark
and kazan total checked).";

/// Reads one game of the crate's records under the ruleset the visitor is given.
struct ReadGame<'a>(GameText<'a>);

impl RulesetVisitor for ReadGame<'_> {
    type Output = Result<String, String>;
    fn visit<R: Ruleset>(self, _rules: R) -> Result<String, String> {
        let game = self.0.read::<R>().map_err(|e| e.to_string())?;
        let ending = match game.record.outcome() {
            Some(o) => o.to_string(),
            None => match game.result {
                GameResult::Unfinished => "unfinished".to_string(),
                r => format!("unfinished, {}", r.token()),
            },
        };
        Ok(format!(
            "{}, {} plies, {ending}",
            game.record.rules(),
            game.record.ply()
        ))
    }
}

/// One line per game of a file in the crate's record form.
fn records(text: &str) -> Vec<Result<String, String>> {
    pgn::split(text)
        .into_iter()
        .map(|game| {
            let variant = game.tag("Variant").ok_or_else(|| {
                format!("line {}: no Variant tag naming the game", game.first_line)
            })?;
            let rules: AnyRuleset = variant
                .parse()
                .map_err(|e| format!("line {}: Variant: {e}", game.first_line))?;
            rules.visit(ReadGame(game))
        })
        .collect()
}

/// One line per game of a Toguz Kumalak PGN file as PlayOK or the federation write it.
fn toguz_games(text: &str) -> Vec<Result<String, String>> {
    toguz_pgn::read_games(text)
        .into_iter()
        .map(|game| {
            let g = game.map_err(|e| e.to_string())?;
            let ending = match g.record.outcome() {
                Some(o) => format!("{o}{}", if g.zero { " (no move left)" } else { "" }),
                None => format!("unfinished, {}", g.result.as_deref().unwrap_or("*")),
            };
            Ok(format!("{} plies, {ending}", g.record.ply()))
        })
        .collect()
}

/// Whether a file is in the crate's record form: some tag line names a `Variant` the crate
/// knows. Toguz files of PlayOK (no `Variant`, or another one) are read as before.
fn is_record_form(text: &str) -> bool {
    pgn::split(text).iter().any(|g| {
        g.tag("Variant")
            .is_some_and(|v| v.parse::<AnyRuleset>().is_ok())
    })
}

fn run(files: &[String]) -> Result<bool, Stop> {
    let (mut passed, mut failed) = (0usize, 0usize);
    for file in files {
        let text =
            std::fs::read_to_string(file).map_err(|e| Stop::Error(format!("{file}: {e}")))?;
        let games = if is_record_form(&text) {
            records(&text)
        } else {
            toguz_games(&text)
        };
        for (i, game) in games.into_iter().enumerate() {
            let name = format!("{file} game {}", i + 1);
            match game {
                Ok(summary) => {
                    passed += 1;
                    out!("{name}: ok, {summary}")?;
                }
                Err(e) => {
                    failed += 1;
                    out!("{name}: FAILED: {e}")?;
                }
            }
        }
    }
    out!("{passed} passed, {failed} failed")?;
    Ok(failed > 0)
}

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let mut files = Vec::new();
    for arg in args {
        match arg.into_string() {
            Ok(a) => files.push(a),
            Err(bad) => {
                eprintln!("replay: argument {bad:?} is not valid UTF-8");
                return ExitCode::from(2);
            }
        }
    }
    if files.is_empty() || files.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return if files.is_empty() {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        };
    }
    match run(&files) {
        Ok(false) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::FAILURE,
        Err(Stop::Error(e)) => {
            eprintln!("replay: {e}");
            ExitCode::from(2)
        }
    }
}
