//! Fits the scales of the expected score of every game of the crate, for each of its
//! evaluations (what each game states as `sowing::search::Heuristic::SCALES`; the table is in
//! `sowing::analysis::Calibration::for_eval`): `calibrate [GAMES] [DEPTH] [NOISE_GAMES]
//! [RULESET...]`.
//!
//! For each game, on its default rules (or each ruleset named), and each evaluation an
//! `alphabeta` agent searches with (`eval=store`, `eval=tuned`, and `eval=net` where the game
//! has a network):
//! - the **scale**: `GAMES` self-play games (default 400) of `alphabeta:depth=DEPTH`
//!   (default 8) from openings of 4 random plies (seed 1), every position's search value in
//!   seeds paired with the mover's final score, and the logistic scale that fits them best
//!   ([`sowing::analysis::fit`]);
//! - the **thresholds**: in `NOISE_GAMES` self-play games (default 40, seed 2) of
//!   `alphabeta:depth=DEPTH+2`, every second position analysed with `alphabeta:depth=DEPTH`,
//!   the expected score it says the deeper search's move loses: its noise. The thresholds are
//!   that loss's 90th, 97th and 99th percentiles ([`sowing::analysis::fit_thresholds`]).
//!
//! Deterministic: the same numbers on every run. The tool itself is [`sowing::tools`], which
//! gives the same tool to a game written outside the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("calibrate", "toguz")
}
