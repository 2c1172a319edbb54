//! Draws a position as SVG: `picture <ruleset> [--position TEXT] [MOVES...] > board.svg`.

use std::process::ExitCode;

use crate::Ruleset;
use crate::games::{GameList, RulesetVisitor};

use super::Stop;

const USAGE: &str = "usage: picture <ruleset> [--position TEXT] [MOVES...] > board.svg

Plays the moves (in the game's notation) from the start position, or from TEXT, and writes
the board after them as a self-contained SVG picture on standard output, the last move's
origin, landing and captured holes marked. A bad move prints an error naming it and exits
with status 2.

  <ruleset>        e.g. kalah, kalah:pie, toguz, tsoro:holes=8,heads=both-ends, oware
  --position TEXT  start from this position text";

struct Picture {
    position: Option<String>,
    moves: Vec<String>,
}

impl RulesetVisitor for Picture {
    type Output = Result<(), Stop>;
    fn visit<R: Ruleset + crate::Picture>(self, rules: R) -> Result<(), Stop> {
        let mut state = super::start_position(&rules, self.position.as_deref())?;
        let mut highlight = None;
        for (i, text) in self.moves.iter().enumerate() {
            let mv = rules
                .parse_move(&state, text)
                .map_err(|e| format!("move {} ({text:?}): {e}", i + 1))?;
            highlight = Some(rules.highlight(&state, mv));
            rules
                .try_play(&mut state, mv)
                .map_err(|e| format!("move {} ({text:?}): {e}", i + 1))?;
        }
        let svg = rules.picture_svg_with(&state, highlight.as_ref());
        super::out!("{}", svg.trim_end())
    }
}

pub(super) fn main<L: GameList>(args: Vec<String>) -> ExitCode {
    if args.is_empty() {
        // Standard output is the picture: `picture > board.svg` must not write the usage there.
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let mut position = None;
    let mut rest = Vec::new();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "--position" {
            match it.next() {
                Some(p) => position = Some(p),
                None => {
                    eprintln!("picture: --position needs a value");
                    return ExitCode::from(2);
                }
            }
        } else {
            rest.push(a);
        }
    }
    if rest.is_empty() {
        eprintln!("picture: no ruleset given (e.g. kalah, toguz, tsoro, oware)");
        return ExitCode::from(2);
    }
    let rules: L = match rest.remove(0).parse() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("picture: {e}");
            return ExitCode::from(2);
        }
    };
    match rules.visit(Picture {
        position,
        moves: rest,
    }) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Error(e)) => {
            eprintln!("picture: {e}");
            ExitCode::from(2)
        }
    }
}
