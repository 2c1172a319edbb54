//! Foreign and unvalidated states: every method called on states that do not validate under
//! the ruleset, which must answer without panicking and in bounded time.
//!
//! A server that keeps states and rulesets apart (a database row each, a deserialized
//! message, a cache keyed by the wrong ruleset) will hand a ruleset a state of another board
//! size, or one that parses but could never occur. [`Ruleset`]'s contract for such a state:
//! every method returns, without panicking and in bounded time; what it answers is
//! unspecified, except that [`try_play`](Ruleset::try_play) and [`play`](Ruleset::play) leave
//! the state as it was when they refuse.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::time::Duration;

use super::{Check, Failure};
use crate::{Picture, RandomSource, Ruleset, SplitMix64};

/// What [`check_foreign_states`] tried.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ForeignReport {
    /// States of the other rulesets (reached in their random games) that do not validate
    /// under the ruleset checked.
    pub foreign: usize,
    /// States read from mutated position text (well formed, so `FromStr` accepts them) that
    /// do not validate under the ruleset checked.
    pub mutated: usize,
    /// Method calls made on them.
    pub calls: usize,
}

/// The longest one state's calls may take before the check calls it a hang.
const HANG: Duration = Duration::from_secs(10);

/// Calls every method of `rules` (and, for [`check_foreign_pictures`], its pictures) on states
/// that do not validate under it: states reached in random games of each ruleset of `others`
/// (other board sizes and switches of the same game), and states read from the position text
/// of reached states with one number changed, one count added or one removed. `states` caps
/// how many of each kind are tried; `seed` draws the games and the mutations.
///
/// For each state it calls `to_move`, `legal_moves`, `outcome`, `is_over`, `seed_count`,
/// `hash`, `hash_from_scratch`, `random_move`, `playout` (at most 200 plies), `perft` to
/// depth 2, and, for every move listed there or seen in the games, `is_legal`,
/// `illegal_reason`, `format_move`, `parse_move` of its text, `effect`, `try_play` (which
/// must leave the state as it was when it refuses) and `play`.
///
/// # Errors
/// A [`Failure`] of [`Check::Foreign`] naming the state and the call that panicked, a refused
/// `try_play` that changed the state, or a state whose calls did not return within 10 s.
///
/// ```
/// use sowing::kalah::Kalah;
/// use sowing::testing::check_foreign_states;
///
/// let rules: Kalah = "kalah".parse().unwrap();
/// let others: Vec<Kalah> = ["kalah:pits=4,seeds=3", "kalah:pits=7"]
///     .iter()
///     .map(|t| t.parse().unwrap())
///     .collect();
/// let report = check_foreign_states(&rules, &others, 1, 200).unwrap();
/// assert!(report.foreign > 0 && report.mutated > 0);
/// ```
pub fn check_foreign_states<R: Ruleset>(
    rules: &R,
    others: &[R],
    seed: u64,
    states: usize,
) -> Result<ForeignReport, Failure> {
    foreign(rules, others, seed, states, |_, _| 0)
}

/// [`check_foreign_states`], and the pictures too: `picture`, `picture_svg`, `board` and
/// `highlight` of every move tried.
///
/// # Errors
/// As [`check_foreign_states`].
pub fn check_foreign_pictures<R: Picture>(
    rules: &R,
    others: &[R],
    seed: u64,
    states: usize,
) -> Result<ForeignReport, Failure> {
    foreign(rules, others, seed, states, |rules, s| {
        std::hint::black_box(rules.picture(s));
        std::hint::black_box(rules.picture_svg(s));
        std::hint::black_box(rules.board(s));
        let mut calls = 3;
        for mv in rules.legal_moves(s) {
            std::hint::black_box(rules.highlight(s, mv));
            calls += 1;
        }
        calls
    })
}

/// Every call [`check_foreign_states`] makes, on one state that does not validate under
/// `rules` (for fuzzing: a state read from arbitrary text), with `moves` (moves of the game
/// seen elsewhere) tried besides its listed ones; returns the calls made. It runs on the
/// calling thread: a call that never returns is for the caller's time limit to catch.
///
/// # Errors
/// A [`Failure`] of [`Check::Foreign`] naming the call that panicked, or a refused
/// `try_play` or `play` that changed the state.
///
/// ```
/// use sowing::testing::check_unvalidated_state;
/// use sowing::tsoro::{Tsoro, TsoroState};
/// use sowing::Ruleset;
///
/// let rules: Tsoro = "tsoro:tracey".parse().unwrap(); // 4 x 8
/// let other = Tsoro::default(); // 4 x 21
/// let s: TsoroState = other.start().to_string().parse().unwrap();
/// assert!(rules.validate(&s).is_err());
/// let moves: Vec<_> = other.legal_moves(&s).into_iter().collect();
/// assert!(check_unvalidated_state(&rules, &s, &moves).unwrap() > moves.len());
/// ```
pub fn check_unvalidated_state<R: Ruleset>(
    rules: &R,
    state: &R::State,
    moves: &[R::Move],
) -> Result<usize, Failure> {
    catch_unwind(AssertUnwindSafe(|| calls(rules, state, moves, |_, _| 0)))
        .unwrap_or_else(|panic| Err(panic_text(&*panic)))
        .map_err(|detail| Failure {
            check: Check::Foreign,
            ruleset: rules.to_string(),
            position: Some(state.to_string()),
            context: "a state that does not validate".into(),
            detail,
        })
}

/// What a caught panic said.
fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    let why = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    format!("a call panicked: {why}")
}

fn foreign<R: Ruleset>(
    rules: &R,
    others: &[R],
    seed: u64,
    states: usize,
    extra: fn(&R, &R::State) -> usize,
) -> Result<ForeignReport, Failure> {
    let mut rng = SplitMix64::new(seed);
    let mut moves: Vec<R::Move> = Vec::new();
    let mut reached: Vec<R::State> = Vec::new();
    let mut foreign_states: Vec<R::State> = Vec::new();
    for (i, other) in others.iter().chain(std::iter::once(rules)).enumerate() {
        let own = i == others.len();
        let mut game = 0;
        // Games until this ruleset has given its share of states, or 50 games.
        while game < 50 && (own || foreign_states.len() < states * (i + 1) / others.len().max(1)) {
            game += 1;
            let mut s = other.start();
            for _ in 0..400 {
                if own {
                    reached.push(s);
                } else if rules.validate(&s).is_err() {
                    foreign_states.push(s);
                }
                reached.push(s);
                let Some(mv) = other.random_move(&s, &mut rng) else {
                    break;
                };
                if !moves.contains(&mv) {
                    moves.push(mv);
                }
                other.play_unchecked(&mut s, mv);
            }
            if own && game >= 5 {
                break;
            }
        }
    }
    foreign_states.truncate(states);
    let mut mutated_states = Vec::new();
    let mut tries = 0;
    while mutated_states.len() < states && tries < 50 * states && !reached.is_empty() {
        tries += 1;
        let s = reached[rng.below(reached.len() as u32) as usize];
        let text = mutate(&s.to_string(), &mut rng);
        if let Ok(m) = text.parse::<R::State>() {
            if rules.validate(&m).is_err() {
                mutated_states.push(m);
            }
        }
    }
    let mut report = ForeignReport {
        foreign: foreign_states.len(),
        mutated: mutated_states.len(),
        calls: 0,
    };
    // The calls run on a thread of their own, so that one that never returns is reported
    // rather than hanging the test.
    let work: Vec<R::State> = foreign_states.into_iter().chain(mutated_states).collect();
    let (to_worker, jobs) = mpsc::channel::<R::State>();
    let (to_checker, answers) = mpsc::channel::<Result<usize, String>>();
    let worker_rules = rules.clone();
    let worker_moves = moves.clone();
    std::thread::spawn(move || {
        for s in jobs {
            let answer = catch_unwind(AssertUnwindSafe(|| {
                calls(&worker_rules, &s, &worker_moves, extra)
            }))
            .unwrap_or_else(|panic| Err(panic_text(&*panic)));
            if to_checker.send(answer).is_err() {
                break;
            }
        }
    });
    let fail = |s: &R::State, detail: String| Failure {
        check: Check::Foreign,
        ruleset: rules.to_string(),
        position: Some(s.to_string()),
        context: "a state that does not validate".into(),
        detail,
    };
    for s in work {
        if to_worker.send(s).is_err() {
            return Err(fail(&s, "the checking thread has stopped".into()));
        }
        match answers.recv_timeout(HANG) {
            Ok(Ok(n)) => report.calls += n,
            Ok(Err(detail)) => return Err(fail(&s, detail)),
            Err(_) => {
                return Err(fail(
                    &s,
                    format!("the calls did not return within {HANG:?}"),
                ));
            }
        }
    }
    Ok(report)
}

/// Every call on one state; the number of calls, or what went wrong.
fn calls<R: Ruleset>(
    rules: &R,
    s: &R::State,
    moves: &[R::Move],
    extra: fn(&R, &R::State) -> usize,
) -> Result<usize, String> {
    let mut n = 0;
    let state = *s;
    std::hint::black_box(rules.to_move(s));
    std::hint::black_box(rules.outcome(s));
    std::hint::black_box(rules.is_over(s));
    std::hint::black_box(rules.seed_count(s));
    std::hint::black_box(rules.hash(s));
    std::hint::black_box(rules.hash_from_scratch(s));
    std::hint::black_box(s.to_string());
    n += 1;
    let listed = rules.legal_moves(s);
    n += 1;
    let mut rng = SplitMix64::new(rules.hash_from_scratch(s));
    std::hint::black_box(rules.random_move(s, &mut rng));
    let mut end = *s;
    rules.playout(&mut end, &mut rng, 200);
    std::hint::black_box(crate::perft(rules, s, 2));
    n += 1;
    for &mv in listed.iter().chain(moves) {
        std::hint::black_box(rules.is_legal(s, mv));
        std::hint::black_box(rules.illegal_reason(s, mv));
        let text = rules.format_move(s, mv);
        std::hint::black_box(rules.parse_move(s, &text).ok());
        std::hint::black_box(rules.effect(s, mv).ok());
        let mut tried = *s;
        if rules.try_play(&mut tried, mv).is_err() && tried != state {
            return Err(format!(
                "try_play refused {text:?} and changed the state to {tried}"
            ));
        }
        if let Err(refused) = rules.play(*s, mv) {
            if refused.state != state {
                return Err(format!(
                    "play refused {text:?} and handed back {}",
                    refused.state
                ));
            }
        }
        if listed.contains(&mv) {
            let mut after = *s;
            rules.play_unchecked(&mut after, mv);
            std::hint::black_box(rules.legal_moves(&after));
        }
        n += 1;
    }
    n += extra(rules, s);
    Ok(n)
}

/// `text` with one change: a number replaced by another (0 to 30, or up to 255), a comma
/// list given one count more or one less, or a field dropped or doubled.
fn mutate(text: &str, rng: &mut SplitMix64) -> String {
    // The spans of the numbers in the text.
    let bytes = text.as_bytes();
    let mut numbers = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            numbers.push((start, i));
        } else {
            i += 1;
        }
    }
    let mut out = text.to_string();
    match rng.below(4) {
        0 | 1 if !numbers.is_empty() => {
            let (a, b) = numbers[rng.below(numbers.len() as u32) as usize];
            let value = if rng.below(4) == 0 {
                rng.below(256)
            } else {
                rng.below(31)
            };
            out.replace_range(a..b, &value.to_string());
        }
        2 if !numbers.is_empty() => {
            // One count more after a number, or the number and its comma gone.
            let (a, b) = numbers[rng.below(numbers.len() as u32) as usize];
            if rng.below(2) == 0 {
                out.insert_str(b, &format!(",{}", rng.below(9)));
            } else if out[b..].starts_with(',') {
                out.replace_range(a..=b, "");
            } else if a > 0 && out[..a].ends_with(',') {
                out.replace_range(a - 1..b, "");
            }
        }
        _ => {
            let fields: Vec<&str> = text.split(' ').collect();
            let k = rng.below(fields.len() as u32) as usize;
            let mut changed: Vec<&str> = fields.clone();
            if rng.below(2) == 0 && fields.len() > 1 {
                changed.remove(k);
            } else {
                changed.insert(k, fields[k]);
            }
            out = changed.join(" ");
        }
    }
    out
}
