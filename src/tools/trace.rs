//! Plays moves and prints the position text after each:
//! `trace <ruleset> [--position TEXT] <move>...`.

use std::process::ExitCode;

use crate::Ruleset;
use crate::games::{GameList, RulesetVisitor};

use super::Stop;

const USAGE: &str = "usage: trace <ruleset> [--position TEXT] <move>...

Plays the moves (in the game's notation) from the start position, or from TEXT, and prints
the position text after each one. An illegal or malformed move prints an error naming it
and exits with status 2.

  <ruleset>        e.g. kalah, kalah:pie, toguz, tsoro:holes=8, oware
  --position TEXT  start from this position text";

struct Trace {
    position: Option<String>,
    moves: Vec<String>,
}

impl RulesetVisitor for Trace {
    type Output = Result<(), Stop>;
    fn visit<R: Ruleset>(self, rules: R) -> Result<(), Stop> {
        let mut state = super::start_position(&rules, self.position.as_deref())?;
        super::out!("{state}")?;
        for (i, text) in self.moves.iter().enumerate() {
            let mv = rules
                .parse_move(&state, text)
                .map_err(|e| format!("move {} ({text:?}): {e}", i + 1))?;
            rules
                .try_play(&mut state, mv)
                .map_err(|e| format!("move {} ({text:?}): {e}", i + 1))?;
            super::out!("{state}")?;
        }
        if let Some(outcome) = rules.outcome(&state) {
            super::out!("{outcome}")?;
        }
        Ok(())
    }
}

pub(super) fn main<L: GameList>(args: Vec<String>) -> ExitCode {
    super::command("trace", USAGE, args, run::<L>)
}

fn run<L: GameList>(args: Vec<String>) -> Result<(), Stop> {
    let mut position = None;
    let mut rest = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "--position" {
            position = Some(it.next().ok_or("--position needs a value")?);
        } else if a.starts_with("--") {
            return Err(format!("unknown option {a:?} (see --help)").into());
        } else {
            rest.push(a);
        }
    }
    let mut rest = rest.into_iter();
    let rules: L = rest
        .next()
        .ok_or("expected a ruleset, e.g. `trace kalah 3 6` (see --help)")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    rules.visit(Trace {
        position,
        moves: rest.collect(),
    })
}
