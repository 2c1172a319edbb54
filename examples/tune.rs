//! Fits the weights of a game's evaluation to game results (Texel's method): `tune
//! [--rules RULESET] [--pgn FILE] [--selfplay N] [--nodes N] [--rounds R] [--skip P]
//! [--seed S]`.
//!
//! Every position of the training games is turned into the evaluation's terms (see
//! [`Linear`](sowing::search::Linear)) and the result of its game for the player to move (1,
//! 1/2 or 0). The weights are those under which `1 / (1 + exp(-eval))` predicts the results
//! best (logistic regression, fitted by Newton's method), scaled so that the store
//! difference weighs 100: an evaluation in hundredths of a seed. Training games come from a
//! PGN file of Toguz Kumalak games (such as the federation's, `--pgn`) and from self-play of
//! the evaluation being tuned (`--selfplay` games a round, `--rounds` rounds, each round
//! playing with the weights the last one fitted). Prints the fitted weights as Rust, ready
//! to paste into the evaluation's `TUNED` constant, and the prediction error before and
//! after.
//!
//! The tool itself is [`sowing::tools`], which gives the same tool to a game written outside
//! the crate.

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("tune", "toguz")
}
