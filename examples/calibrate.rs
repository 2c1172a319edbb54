//! Fits the calibration of every game of the crate (the table of
//! `sowing::analysis::Calibration::for_game`): `calibrate [GAMES] [DEPTH] [NOISE_GAMES]`.
//!
//! For each game, on its default rules:
//! - the **scale**: `GAMES` self-play games (default 400) of `alphabeta:depth=DEPTH`
//!   (default 8) from openings of 4 random plies (seed 1), every position's search value in
//!   seeds paired with the mover's final score, and the logistic scale that fits them best
//!   ([`sowing::analysis::fit`]);
//! - the **thresholds**: in `NOISE_GAMES` self-play games (default 40, seed 2) of
//!   `alphabeta:depth=DEPTH+2`, every second position analysed with `alphabeta:depth=DEPTH`,
//!   the expected score it says the deeper search's move loses: its noise. The thresholds are
//!   that loss's 90th, 97th and 99th percentiles ([`sowing::analysis::fit_thresholds`]).
//!
//! Deterministic: the same numbers on every run.

use std::time::Instant;

use sowing::analysis::{fit, fit_thresholds, self_play};
use sowing::games::{AnyRuleset, Game, RulesetVisitor};
use sowing::search::AgentSpec;

struct Fit {
    depth: u32,
    games: usize,
    noise_games: usize,
}

impl RulesetVisitor for Fit {
    type Output = Result<String, String>;
    fn visit<R: Game>(self, rules: R) -> Self::Output {
        let spec = |d: u32| -> Result<AgentSpec, String> {
            format!("alphabeta:depth={d}")
                .parse()
                .map_err(|e| format!("{e}"))
        };
        let agent = spec(self.depth)?;
        let samples = self_play(&rules, &agent, self.games, 4, 1).map_err(|e| e.to_string())?;
        let k = fit(&samples).ok_or("no scale fits")?;
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
        Ok(format!(
            "| `{}` | {k:.4} | {} | {:.3} | {:.3} | {:.3} | {} ({:.0}% lose nothing; 90/97/99%: {:.3} {:.3} {:.3}) | {:.1} |",
            R::GAME,
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
        ))
    }
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut arg = |default: usize, name: &str| -> Result<usize, String> {
        args.next()
            .map_or(Ok(default), |a| a.parse())
            .map_err(|e| format!("{name}: {e}"))
    };
    let games = arg(400, "GAMES")?;
    let depth = arg(8, "DEPTH")? as u32;
    let noise_games = arg(40, "NOISE_GAMES")?;
    println!(
        "| game | scale per seed | samples | inaccuracy | mistake | blunder | noise positions | inaccuracy near even, seeds |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for game in <AnyRuleset as sowing::GameList>::GAMES {
        let rules: AnyRuleset = game.parse().map_err(|e| format!("{e}"))?;
        let started = Instant::now();
        let row = rules.visit(Fit {
            depth,
            games,
            noise_games,
        })?;
        println!("{row}");
        eprintln!("{game}: {:.1} s", started.elapsed().as_secs_f64());
    }
    Ok(())
}
