//! Timing calls: the [`Stopwatch`] and [`time_calls`].

use std::time::{Duration, Instant};

use crate::{Ruleset, SplitMix64};

/// Times calls and keeps the slowest: each call runs once, and again twice more when it is
/// slower than the slowest so far, keeping the best of the three (a call descheduled by a
/// busy machine is not the call's cost). The slowest is therefore the best of three runs of
/// the slowest call, without running every call three times.
///
/// The timed calls must give the same answer every time (the ruleset's methods do).
#[derive(Clone, Debug, Default)]
pub struct Stopwatch {
    slowest: Option<(Duration, String)>,
    give_up: Option<Duration>,
}

impl Stopwatch {
    /// A stopwatch that [gives up](Stopwatch::given_up) once a call takes longer than
    /// `give_up` (`None`: never).
    pub fn new(give_up: Option<Duration>) -> Stopwatch {
        Stopwatch {
            slowest: None,
            give_up,
        }
    }

    /// Runs `f` and times it (see the type's docs); `call` names it, and is evaluated only
    /// when it is the slowest so far. After the stopwatch has given up, returns `None`
    /// without running `f`.
    pub fn time<T>(&mut self, call: &dyn Fn() -> String, f: impl FnMut() -> T) -> Option<T> {
        if self.given_up() {
            return None;
        }
        Some(self.measure(call, None, f).0)
    }

    /// Runs and times `f` as [`time`](Stopwatch::time) does, running it three times also
    /// when it is over `bound`; returns its answer and its time (the best of three when it
    /// ran three times).
    pub(super) fn measure<T>(
        &mut self,
        call: &dyn Fn() -> String,
        bound: Option<Duration>,
        mut f: impl FnMut() -> T,
    ) -> (T, Duration) {
        let start = Instant::now();
        let out = f();
        let mut best = start.elapsed();
        let slowest = self.slowest.as_ref().map_or(Duration::ZERO, |s| s.0);
        if best > slowest || bound.is_some_and(|b| best > b) {
            for _ in 0..2 {
                let start = Instant::now();
                std::hint::black_box(f());
                best = best.min(start.elapsed());
            }
            if best > slowest {
                self.slowest = Some((best, call()));
            }
        }
        (out, best)
    }

    /// The slowest call and its name, taken out.
    pub(super) fn into_slowest(self) -> Option<(Duration, String)> {
        self.slowest
    }

    /// The slowest call so far (best of three runs) and its name.
    pub fn slowest(&self) -> Option<(Duration, &str)> {
        self.slowest.as_ref().map(|(d, c)| (*d, c.as_str()))
    }

    /// Whether a call took longer than the stopwatch's `give_up` time.
    pub fn given_up(&self) -> bool {
        matches!((self.give_up, &self.slowest), (Some(g), Some((d, _))) if *d > g)
    }
}

/// Times every method of the [`Ruleset`] trait on `state` with `watch`: the legal moves, the
/// outcome, validation, the hashes, the seed count, random moves of 8 seeds, the position text
/// out and back in; then for every legal move and every move of `others`, its notation out and
/// back in, `is_legal`, `illegal_reason`, `effect` and `try_play`, and `play_unchecked` of
/// every legal move. Nothing is checked, so `state` need not validate (a bound on the time of
/// calls on any parsed state is a contract too). Stops once the stopwatch gives up.
pub fn time_calls<R: Ruleset>(
    rules: &R,
    state: &R::State,
    others: &[R::Move],
    watch: &mut Stopwatch,
) {
    let s = state;
    let legal: Vec<R::Move> = watch
        .time(&|| "legal_moves".into(), || rules.legal_moves(s))
        .map_or_else(Vec::new, |m| m.iter().copied().collect());
    watch.time(&|| "outcome".into(), || rules.outcome(s));
    watch.time(&|| "is_over".into(), || rules.is_over(s));
    watch.time(&|| "validate".into(), || rules.validate(s));
    watch.time(&|| "hash".into(), || rules.hash(s));
    watch.time(&|| "hash_from_scratch".into(), || {
        rules.hash_from_scratch(s)
    });
    watch.time(&|| "seed_count".into(), || rules.seed_count(s));
    for seed in 0..8 {
        watch.time(&|| format!("random_move(seed {seed})"), || {
            rules.random_move(s, &mut SplitMix64::new(seed))
        });
    }
    watch.time(&|| "text out and parse_position".into(), || {
        rules.parse_position(&s.to_string())
    });
    for &mv in legal
        .iter()
        .chain(others.iter().filter(|m| !legal.contains(m)))
    {
        let Some(text) = watch.time(&|| format!("format_move({mv:?})"), || {
            rules.format_move(s, mv)
        }) else {
            return;
        };
        watch.time(&|| format!("parse_move({text})"), || {
            rules.parse_move(s, &text)
        });
        watch.time(&|| format!("is_legal({text})"), || rules.is_legal(s, mv));
        watch.time(&|| format!("illegal_reason({text})"), || {
            rules.illegal_reason(s, mv)
        });
        watch.time(&|| format!("try_play({text})"), || {
            rules.try_play(&mut { *s }, mv)
        });
        watch.time(&|| format!("effect({text})"), || rules.effect(s, mv));
        if legal.contains(&mv) {
            watch.time(&|| format!("play_unchecked({text})"), || {
                let mut next = *s;
                rules.play_unchecked(&mut next, mv);
                next
            });
        }
    }
}
