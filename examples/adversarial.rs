//! Times every `Ruleset` method of Tsoro on the adversarial corpus and prints the worst call;
//! exits 1 when it is over the bound of 10 ms a call:
//! `adversarial [--bound MS] [--corpus FILE]`.
//!
//! The corpus (`tests/data/tsoro_adversarial.txt`) holds the positions once found slow or
//! wrong (crowded headless loops whose endless-relay check walked 10^9 laps, and the
//! re-entry capture that lost stones) and the worst ones the searcher of `tools/adversarial`
//! found. Each position gets every method, timed by the harness
//! (`sowing::testing::time_calls`): `legal_moves`, `outcome`, `is_over`, `validate`, `hash`,
//! `hash_from_scratch`, `seed_count`, `random_move`, position text out and back in, and for
//! every legal move and every move text of the game its notation out and back in,
//! `is_legal`, `illegal_reason`, `effect` and `try_play`, `play_unchecked` of every legal
//! move; and `picture`.
//!
//! Times are wall-clock, the best of three runs of the slowest call (a position's remaining
//! calls are skipped once one is over ten times the bound). Build with `--release` and run
//! it on a quiet machine.

use std::process::ExitCode;
use std::time::Duration;

use sowing::encode::Encoding;
use sowing::testing::{self, Stopwatch};
use sowing::tsoro::{Tsoro, TsoroMove, TsoroState};
use sowing::{Picture, Ruleset};

mod common;
use common::Stop;

const USAGE: &str = "usage: adversarial [--bound MS] [--corpus FILE]

Times every Ruleset method of Tsoro on the adversarial corpus and prints the worst call;
exits 1 when it is over the bound. To hunt for more slow positions, see tools/adversarial
(cargo run --release --manifest-path tools/adversarial/Cargo.toml -- --help).

  --bound MS     the bound on one call, in milliseconds (default: 10)
  --corpus FILE  time the positions of FILE instead, one a line:
                 `<validates|parse-only> | <ruleset> | <position text> | <what>`
                 (default: tests/data/tsoro_adversarial.txt, built in)";

/// The default bound: every call within 10 ms.
const BOUND: Duration = Duration::from_millis(10);

/// The corpus (see the file for its layout).
const CORPUS: &str = include_str!("../tests/data/tsoro_adversarial.txt");

fn main() -> ExitCode {
    let args = match common::args() {
        Ok(args) => args,
        Err(e) => return common::fail("adversarial", &e),
    };
    if args.iter().any(|a| a == "--help" || a == "-h") {
        return common::usage(USAGE);
    }
    let (mut bound, mut corpus) = (BOUND, CORPUS.to_string());
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = it.next().filter(|_| a == "--bound" || a == "--corpus");
        match (a.as_str(), value) {
            ("--bound", Some(v)) => match v.parse::<f64>() {
                Ok(ms) if ms.is_finite() && (0.0..=3.6e6).contains(&ms) => {
                    bound = Duration::from_secs_f64(ms / 1e3);
                }
                _ => {
                    return common::fail(
                        "adversarial",
                        &format!("--bound: {v:?} is not a number of milliseconds"),
                    );
                }
            },
            ("--corpus", Some(v)) => match std::fs::read_to_string(v) {
                Ok(text) => corpus = text,
                Err(e) => return common::fail("adversarial", &format!("--corpus {v:?}: {e}")),
            },
            ("--bound" | "--corpus", None) => {
                return common::fail("adversarial", &format!("{a} needs a value (see --help)"));
            }
            _ => {
                return common::fail(
                    "adversarial",
                    &format!("unknown argument {a:?} (see --help)"),
                );
            }
        }
    }
    match run(&corpus, bound) {
        Ok(false) | Err(Stop::Closed) => ExitCode::SUCCESS,
        Ok(true) => ExitCode::from(1),
        Err(Stop::Error(e)) => common::fail("adversarial", &e),
    }
}

/// Times the corpus; returns whether the worst call is over the bound.
fn run(corpus: &str, bound: Duration) -> Result<bool, Stop> {
    let mut worst = (Duration::ZERO, String::new());
    for line in corpus
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let [validates, ruleset, text, what] = line.splitn(4, " | ").collect::<Vec<_>>()[..] else {
            return Err(format!(
                "corpus line {line:?} is not `validates | ruleset | position | what`"
            )
            .into());
        };
        let rules: Tsoro = ruleset.parse().map_err(|e| format!("{ruleset}: {e}"))?;
        let state: TsoroState = text.parse().map_err(|e| format!("{text}: {e}"))?;
        if rules.validate(&state).is_ok() != (validates == "validates") {
            return Err(format!("{what}: validate gives {:?}", rules.validate(&state)).into());
        }
        let (time, call) = time_every_method(&rules, &state, bound);
        out!("{:>10.3} ms  {call:<28} {what}", ms(time))?;
        if time > worst.0 {
            worst = (time, format!("{call} on {what}: {ruleset} \"{text}\""));
        }
    }
    let verdict = if worst.0 <= bound { "within" } else { "OVER" };
    out!(
        "worst call: {:.3} ms ({verdict} the {} ms bound): {}",
        ms(worst.0),
        ms(bound),
        worst.1
    )?;
    Ok(worst.0 > bound)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Every method on `s`, with every move text of the game as a candidate move, and the
/// picture; returns the slowest call and its name.
fn time_every_method(rules: &Tsoro, s: &TsoroState, bound: Duration) -> (Duration, String) {
    // Once a call is over ten times the bound the position's verdict is clear: on the longest
    // cycles every illegal move pays the cycle too (its reason asks whether the mover can
    // move at all), which would take minutes.
    let mut watch = Stopwatch::new(Some(10 * bound));
    // Every move of the game: the action space names each once (sowing::encode).
    let moves: Vec<TsoroMove> = (0..rules.num_actions())
        .filter_map(|a| rules.action_to_move(s, a))
        .collect();
    testing::time_calls(rules, s, &moves, &mut watch);
    watch.time(&|| "picture".into(), || rules.picture(s));
    watch
        .slowest()
        .map_or((Duration::ZERO, String::new()), |(d, c)| (d, c.to_string()))
}
