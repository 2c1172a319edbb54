//! Counts move paths: `perft <ruleset> <depth> [--position TEXT] [--threads N]`.
//!
//! Prints `<d> <nodes>` for every depth from 1 to `depth`.

use std::process::ExitCode;

use sowing::any::{AnyRuleset, RulesetVisitor};
use sowing::{Ruleset, perft_parallel};

mod common;
use common::Stop;

const USAGE: &str = "usage: perft <ruleset> <depth> [--position TEXT] [--threads N]

Prints `<d> <nodes>` for d = 1..=depth: the number of move sequences of exactly d plies
from the start position (or TEXT), a game that ends earlier adding nothing.

  <ruleset>        e.g. kalah, kalah:empty-capture, kalah:pits=4,seeds=3
  --position TEXT  start from this position text instead
  --threads N      threads to use (default: all cores)";

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
            out!("{d} {}", perft_parallel(&rules, &state, d, self.threads))?;
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Err(Stop::Error(e)) => {
            eprintln!("perft: {e}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), Stop> {
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
                    .filter(|&t| t >= 1)
                    .ok_or("--threads needs a number >= 1")?
            }
            _ => positional.push(a.clone()),
        }
    }
    let [rules, depth] = positional.as_slice() else {
        return Err(Stop::Error("expected <ruleset> <depth>".into()));
    };
    let rules: AnyRuleset = rules.parse().map_err(|e| format!("{e}"))?;
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth {depth:?} is not a number"))?;
    rules.visit(Perft {
        depth,
        position,
        threads,
    })
}
