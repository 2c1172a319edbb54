//! Counts move paths: `perft <ruleset> <depth> [--position TEXT] [--threads N]`.
//!
//! Prints `<d> <nodes>` for every depth from 1 to `depth`.

use std::process::ExitCode;

use crate::games::{GameList, RulesetVisitor};
use crate::{Ruleset, perft_parallel};

use super::Stop;

const USAGE: &str = "usage: perft <ruleset> <depth> [--position TEXT] [--threads N]

Prints `<d> <nodes>` for d = 1..=depth: the number of move sequences of exactly d plies
from the start position (or TEXT), a game that ends earlier adding nothing.

  <ruleset>        e.g. kalah, kalah:empty-capture, kalah:pits=4,seeds=3
  --position TEXT  start from this position text instead
  --threads N      threads to use (default: all cores)";

/// More threads than any machine here has cores; asking for more is a mistake, and spawning
/// millions would fail.
const MAX_THREADS: usize = 1024;

struct Perft {
    depth: u32,
    position: Option<String>,
    threads: usize,
}

impl RulesetVisitor for Perft {
    type Output = Result<(), Stop>;
    fn visit<R: Ruleset>(self, rules: R) -> Result<(), Stop> {
        let state = match &self.position {
            Some(text) => rules.parse_position(text).map_err(|e| e.to_string())?,
            None => rules.start(),
        };
        for d in 1..=self.depth {
            super::out!("{d} {}", perft_parallel(&rules, &state, d, self.threads))?;
        }
        Ok(())
    }
}

pub(super) fn main<L: GameList>(args: Vec<String>) -> ExitCode {
    super::command("perft", USAGE, args, |args| run::<L>(&args))
}

fn run<L: GameList>(args: &[String]) -> Result<(), Stop> {
    let mut positional = Vec::new();
    let mut position = None;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--position" => position = Some(it.next().ok_or("--position needs a value")?.clone()),
            "--threads" => {
                threads = it
                    .next()
                    .and_then(|t| t.parse().ok())
                    .filter(|&t| (1..=MAX_THREADS).contains(&t))
                    .ok_or(format!("--threads needs a number from 1 to {MAX_THREADS}"))?
            }
            _ if a.starts_with("--") => {
                return Err(format!("unknown option {a:?} (see --help)").into());
            }
            _ => positional.push(a.clone()),
        }
    }
    let [rules, depth] = positional.as_slice() else {
        return Err(Stop::Error(
            "expected <ruleset> <depth>, e.g. `perft kalah 6` (see --help)".into(),
        ));
    };
    let rules: L = rules.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth {depth:?} is not a number"))?;
    rules.visit(Perft {
        depth,
        position,
        threads,
    })
}
