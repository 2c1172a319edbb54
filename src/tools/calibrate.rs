//! `calibrate [GAMES] [DEPTH] [NOISE_GAMES] [RULESET...]`: fits the scales of the expected
//! score of each game of a list, for each evaluation its agents search with (the figures a
//! game states as [`Heuristic::SCALES`](crate::search::Heuristic::SCALES)).

use std::process::ExitCode;
use std::time::Instant;

use super::{Stop, command, out};
use crate::analysis::{fit, fit_thresholds, self_play};
use crate::games::{Game, GameList, RulesetVisitor};
use crate::search::{AgentSpec, GameEval};

const USAGE: &str = "usage: calibrate [GAMES] [DEPTH] [NOISE_GAMES] [RULESET...]

Fits the scale of the expected score (1 / (1 + exp(-scale x seeds))) of each game, for each
evaluation an alphabeta agent searches with (eval=store, eval=tuned, and eval=net where the
game has a network): the numbers a game states as Heuristic::SCALES. On each ruleset (default:
every game of the list, on its default rules):
- the scale: GAMES self-play games (default 400) of alphabeta:depth=DEPTH (default 8) with
  the evaluation, from openings of 4 random plies (seed 1), every position's search value in
  seeds paired with the mover's final score, and the logistic scale that fits them best;
- the thresholds: in NOISE_GAMES self-play games (default 40, seed 2) of
  alphabeta:depth=DEPTH+2, every second position analysed at DEPTH, the expected score it
  says the deeper search's move loses: its noise; the thresholds are that loss's 90th, 97th
  and 99th percentiles, never below the shared steps.

Prints one table row a game and evaluation (the time of each on standard error).
Deterministic: the same numbers on every run.";

/// The fits of one ruleset.
struct Fit {
    depth: u32,
    games: usize,
    noise_games: usize,
}

impl RulesetVisitor for Fit {
    type Output = Result<(), Stop>;
    fn visit<R: Game>(self, rules: R) -> Result<(), Stop> {
        let mut evals = vec![GameEval::StoreDifference, GameEval::Tuned];
        if R::NETWORK {
            evals.push(GameEval::Net);
        }
        for eval in evals {
            let started = Instant::now();
            let spec = |d: u32| -> Result<AgentSpec, Stop> {
                format!("alphabeta:depth={d},eval={}", eval.name())
                    .parse()
                    .map_err(|e| Stop::Error(format!("{e}")))
            };
            let agent = spec(self.depth)?;
            if let Err(e) = agent.check_for(&rules) {
                eprintln!("calibrate: {rules}: eval={} left out: {e}", eval.name());
                continue;
            }
            let samples = self_play(&rules, &agent, self.games, 4, 1).map_err(|e| e.to_string())?;
            let k = fit(&samples)
                .ok_or_else(|| format!("{rules} eval={}: no scale fits", eval.name()))?;
            let (c, losses) = fit_thresholds(
                &rules,
                k,
                &agent,
                &spec(self.depth + 2)?,
                self.noise_games,
                4,
                2,
                2,
            )
            .map_err(|e| e.to_string())?;
            let zero = losses.iter().filter(|&&l| l == 0.0).count();
            let at = |q: f64| {
                losses
                    .get(((losses.len().max(1) - 1) as f64 * q).round() as usize)
                    .copied()
                    .unwrap_or(0.0)
            };
            out!(
                "| `{rules}` | {} | {k:.4} | {} | {:.3} | {:.3} | {:.3} | {} ({:.0}% lose nothing; 90/97/99%: {:.3} {:.3} {:.3}) | {:.1} |",
                eval.name(),
                samples.len(),
                c.inaccuracy,
                c.mistake,
                c.blunder,
                losses.len(),
                100.0 * zero as f64 / losses.len().max(1) as f64,
                at(0.90),
                at(0.97),
                at(0.99),
                // The loss of an inaccuracy near an even position, in seeds: 4 x threshold / k.
                4.0 * c.inaccuracy / k,
            )?;
            eprintln!(
                "{rules} eval={}: {:.1} s",
                eval.name(),
                started.elapsed().as_secs_f64()
            );
        }
        Ok(())
    }
}

pub(super) fn main<L: GameList>(args: Vec<String>) -> ExitCode {
    command("calibrate", USAGE, args, run::<L>)
}

fn run<L: GameList>(args: Vec<String>) -> Result<(), Stop> {
    let mut args = args.into_iter();
    let mut arg = |default: usize, name: &str| -> Result<usize, Stop> {
        match args.next() {
            None => Ok(default),
            Some(a) => a
                .parse()
                .map_err(|_| Stop::Error(format!("{name} {a:?}: expected a whole number"))),
        }
    };
    let games = arg(400, "GAMES")?;
    let depth = arg(8, "DEPTH")?;
    let noise_games = arg(40, "NOISE_GAMES")?;
    if !(1..=crate::search::Limits::MAX_DEPTH as usize - 2).contains(&depth) {
        return Err(format!("DEPTH {depth}: expected 1 to 198").into());
    }
    let named: Vec<String> = args.collect();
    let rulesets: Vec<L> = if named.is_empty() {
        L::GAMES
            .iter()
            .map(|g| g.parse())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{e}"))?
    } else {
        named
            .iter()
            .map(|t| t.parse().map_err(|e| format!("{t}: {e}")))
            .collect::<Result<_, _>>()?
    };
    out!(
        "| game | evaluation | scale per seed | samples | inaccuracy | mistake | blunder | noise positions | inaccuracy near even, seeds |"
    )?;
    out!("|---|---|---|---|---|---|---|---|---|")?;
    for rules in rulesets {
        rules.visit(Fit {
            depth: depth as u32,
            games,
            noise_games,
        })?;
    }
    Ok(())
}
