//! Kalah's evaluation: the stores, the seeds on each side, and the extra turns and captures
//! each side has ready, under the ruleset's capture rule. It is Kalah's
//! [`Heuristic::evaluate`], beside the rest of what the search knows of Kalah: its tuning
//! (late-move reductions from the second move, extra turns extended) and its exact values.
//!
//! The weights are fitted by Texel's method on self-play positions with `examples/tune.rs`.
//! With the `solver` feature (on by default), Kalah's
//! [`endgame_oracle`](Heuristic::endgame_oracle) is the solver's endgame database
//! (`kalah::solve::EndgameDatabase`, agent option `endgame=N`), which gives the exact value
//! of positions with few seeds left.

use super::{Capture, Kalah, KalahState};
use crate::player::Player;
use crate::search::{
    Divisor, EvalScales, Evaluator, Heuristic, LinearVisitor, Oracle, SearchTuning,
};

/// One side's extra-turn moves and best capture next move (the seeds it would take into the
/// store: the seeds across and the last one), by arithmetic on the counts. A sowing of `n`
/// seeds from pit `p` goes round a loop of `2m + 1` pits (the opponent's store is skipped);
/// its last seed captures when it is alone in a pit of the mover's own: one that was empty
/// and is reached once (before a whole lap, or after passing the opponent's side, which
/// then holds one more seed across), or the origin itself after exactly one lap.
#[inline]
fn side(s: &KalahState, p: Player, empty_capture: bool) -> (i32, i32) {
    let m = s.pits();
    let lap = 2 * m + 1;
    let laps = Divisor::new(lap);
    let mut extra = 0;
    let mut best = 0;
    for pit in 1..=m {
        let seeds = usize::from(s.pit(p, pit));
        if seeds == 0 {
            continue;
        }
        let to_store = m + 1 - pit;
        if laps.remainder(seeds) == to_store {
            extra += 1;
        }
        let last = pit + seeds;
        if last <= m {
            // An own pit further on, reached once.
            if s.pit(p, last) == 0 {
                let across = i32::from(s.pit(!p, m + 1 - last));
                if across > 0 || empty_capture {
                    best = best.max(across + 1);
                }
            }
        } else if seeds < lap && last > lap {
            // Round past the opponent's pits (one seed more in each) to an own pit before
            // the origin.
            let at = last - lap;
            if s.pit(p, at) == 0 {
                best = best.max(i32::from(s.pit(!p, m + 1 - at)) + 2);
            }
        } else if seeds == lap {
            let across = i32::from(s.pit(!p, m + 1 - pit)) + 1;
            best = best.max(across + 1);
        }
    }
    (extra, best)
}

/// Kalah's evaluation: a weighted sum of [`KalahEval::NAMES`]'s terms, in hundredths of a
/// seed.
///
/// ```
/// use sowing::kalah::{Kalah, KalahEval};
/// use sowing::Ruleset;
/// let rules = Kalah::default();
/// let f = KalahEval::terms(&rules, &rules.start());
/// assert_eq!(f[2], 1); // pit 3's four seeds end in the store
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahEval {
    /// One weight per term of [`KalahEval::NAMES`], in hundredths of a seed.
    pub weights: [i32; KalahEval::TERMS],
}

impl KalahEval {
    /// The number of terms.
    pub const TERMS: usize = 6;
    /// The terms, in order.
    pub const NAMES: [&'static str; KalahEval::TERMS] = [
        "store difference",
        "seeds in own pits minus the opponent's",
        "mover's extra-turn moves",
        "opponent's extra-turn moves",
        "mover's best capture next move",
        "opponent's best capture threat (as if he moved)",
    ];
    /// The weights fitted by `examples/tune.rs`.
    pub const TUNED: KalahEval = KalahEval {
        weights: [100, 23, 185, -90, 56, -28],
    };

    /// The terms of `state` for the player to move.
    #[inline]
    pub fn terms(rules: &Kalah, s: &KalahState) -> [i32; KalahEval::TERMS] {
        let me = s.to_move();
        let empty_capture = rules.settings().capture == Capture::Empty;
        let (e1, c1) = side(s, me, empty_capture);
        let (e2, c2) = side(s, !me, empty_capture);
        [
            i32::from(s.store(me)) - i32::from(s.store(!me)),
            s.seeds_in_pits(me) as i32 - s.seeds_in_pits(!me) as i32,
            e1,
            e2,
            c1,
            c2,
        ]
    }
}

crate::search::linear_eval!(KalahEval, Kalah, KalahState);

impl Heuristic for Kalah {
    /// The pits' counts, the stores, and as marks the pie rule's two flags (2m + 4 values,
    /// every one an input); a store of half the seeds and one wins.
    fn network_inputs(&self) -> Option<crate::search::InputLayout> {
        let holes = crate::encode::Encoding::observation_len(self) - 4;
        Some(crate::search::InputLayout {
            holes,
            stores_at: holes,
            marks: 2,
            marks_at: holes + 2,
            store_buckets: crate::Ruleset::total_seeds(self) as usize / 2 + 1,
        })
    }

    /// A network from a file (Kalah has none of its own) reads the observation's bytes.
    #[inline]
    fn network_value(&self, net: &crate::search::Network, s: &KalahState) -> Option<i32> {
        (net.observation_len() <= crate::encode::Encoding::observation_len(self))
            .then(|| net.evaluate(&self.observation_bytes(s)))
    }

    /// [`KalahEval`], the evaluation the `tune` tool fits.
    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        Some(visitor.visit::<KalahEval>())
    }

    /// The scales of the expected score, each fitted by `calibrate` on 400 self-play games
    /// of `alphabeta:depth=8` with that evaluation (the table and the command:
    /// [`Calibration::for_eval`](crate::analysis::Calibration::for_eval)). Kalah has no network.
    const SCALES: EvalScales = EvalScales {
        store: Some(0.3549),
        tuned: Some(0.3208),
        net: None,
    };

    /// [`KalahEval::TUNED`].
    #[inline]
    fn evaluate(&self, s: &KalahState) -> i32 {
        KalahEval::TUNED.evaluate(self, s)
    }

    /// The default margins; late-move reductions from the second move
    /// ([`SearchTuning::lmr_from`] 1: with at most 6 moves a node, from the fourth they
    /// touched little); extra turns extended
    /// ([`SearchOptions::extend`](crate::search::SearchOptions::extend)). At 200 ms a move,
    /// the extension against the default without it won 108.5 of 200 games (54%), and the
    /// earlier reductions with it against it alone 55.5 of 100.
    const SEARCH_TUNING: SearchTuning = SearchTuning {
        lmr_from: 1,
        extend: true,
        ..SearchTuning::DEFAULT
    };

    const ENDGAME_SEEDS: u32 = ENDGAME_SEEDS;

    /// [`ENDGAME_SEEDS`](Heuristic::ENDGAME_SEEDS), or 0 under the pie rule (the solver's
    /// databases do not hold its swap).
    fn endgame_seeds(&self) -> u32 {
        if self.settings().pie {
            0
        } else {
            Self::ENDGAME_SEEDS
        }
    }

    /// The solver's endgame database of these rules (`solve::EndgameDatabase`), built at
    /// the first call for each ruleset and size and shared; none without the `solver`
    /// feature.
    fn endgame_oracle(&self, max_seeds: u32) -> Option<Oracle<KalahState>> {
        oracle(self, max_seeds)
    }
}

#[cfg(feature = "solver")]
use endgame::{ENDGAME_SEEDS, oracle};

/// Without the solver (feature `solver` off) there is no endgame database: no exact values.
#[cfg(not(feature = "solver"))]
const ENDGAME_SEEDS: u32 = 0;

/// Without the solver (feature `solver` off) there is no endgame database: no exact values.
#[cfg(not(feature = "solver"))]
fn oracle(_: &Kalah, _: u32) -> Option<Oracle<KalahState>> {
    None
}

/// Kalah's exact values: the solver's endgame databases, the one place outside the solver
/// that names it.
#[cfg(feature = "solver")]
mod endgame {
    use std::sync::{Arc, Mutex, OnceLock};

    use super::super::solve::{EndgameDatabase, MAX_ENDGAME_SEEDS};
    use super::{Kalah, KalahState};
    use crate::search::Oracle;

    /// The most seeds a database holds.
    pub(super) const ENDGAME_SEEDS: u32 = MAX_ENDGAME_SEEDS;

    /// Kalah's endgame databases, built once per process for each set of rules and seed
    /// limit and shared by every agent that asks.
    fn database(rules: &Kalah, seeds: u32) -> Option<Arc<EndgameDatabase>> {
        type Cache = Mutex<Vec<(String, Option<Arc<EndgameDatabase>>)>>;
        static DATABASES: OnceLock<Cache> = OnceLock::new();
        let name = EndgameDatabase::file_name(rules, seeds);
        let cache = DATABASES.get_or_init(|| Mutex::new(Vec::new()));
        let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, db)) = cache.iter().find(|(n, _)| *n == name) {
            return db.clone();
        }
        let db = EndgameDatabase::new(rules, seeds).ok().map(Arc::new);
        cache.push((name, db.clone()));
        db
    }

    /// Kalah's [`endgame_oracle`](crate::search::Heuristic::endgame_oracle): the endgame
    /// database of these rules up to `seeds` seeds in the pits (`None` when it cannot be
    /// built: under the pie rule, or without the memory).
    pub(super) fn oracle(rules: &Kalah, seeds: u32) -> Option<Oracle<KalahState>> {
        let db = database(rules, seeds)?;
        Some(Arc::new(move |s: &KalahState| db.value(s)))
    }
}

#[cfg(test)]
mod tests {
    use super::{KalahEval, side};
    use crate::effect::Spot;
    use crate::kalah::{Capture, EndRule, Kalah, KalahMove, KalahSettings, KalahState, Leftovers};
    use crate::player::Player;
    use crate::rng::SplitMix64;
    use crate::ruleset::Ruleset;

    /// Sows pit `pit` of `p` seed by seed on plain counts: whether the last seed ends in the
    /// store, the seeds sown into the store, and the seeds a capture takes (`capture`: the
    /// rule).
    fn sow(s: &KalahState, p: Player, pit: usize, capture: Capture) -> (bool, i32, i32) {
        let m = s.pits();
        let mut own: Vec<i32> = (1..=m).map(|k| i32::from(s.pit(p, k))).collect();
        let mut opp: Vec<i32> = (1..=m).map(|k| i32::from(s.pit(!p, k))).collect();
        let (mut store, mut at) = (0, pit - 1);
        let mut n = std::mem::take(&mut own[at]);
        while n > 0 {
            at = (at + 1) % (2 * m + 1);
            match at {
                a if a < m => own[a] += 1,
                a if a == m => store += 1,
                a => opp[a - m - 1] += 1,
            }
            n -= 1;
        }
        let mut captured = 0;
        if at < m && own[at] == 1 {
            let across = opp[m - 1 - at];
            if across > 0 || capture == Capture::Empty {
                captured = across + 1;
            }
        }
        (at == m, store, captured)
    }

    /// Every switch and boards with laps: the extra-turn and capture terms agree with a
    /// sowing seed by seed for both sides, and that sowing with the engine's own effect of
    /// each of the mover's moves.
    #[test]
    fn the_terms_follow_every_capture_rule() {
        let mut rng = SplitMix64::new(11);
        let mut captures = [0; 2];
        for (pits, seeds) in [(6, 4), (3, 2), (1, 1), (2, 30), (6, 10), (7, 3)] {
            for bits in 0..16 {
                let settings = KalahSettings {
                    capture: [Capture::Standard, Capture::Empty][bits & 1],
                    end: [EndRule::EitherSideEmpty, EndRule::AtTurn][bits >> 1 & 1],
                    leftovers: [Leftovers::Owner, Leftovers::Nobody][bits >> 2 & 1],
                    pie: bits & 8 != 0,
                    ..KalahSettings::sized(pits, seeds)
                };
                let rules = Kalah::new(settings).unwrap();
                for _ in 0..20 {
                    let mut s = rules.start();
                    while let Some(mv) = rules.random_move(&s, &mut rng) {
                        let terms = KalahEval::terms(&rules, &s);
                        let me = s.to_move();
                        for (p, extra_term, capture_term) in
                            [(me, terms[2], terms[4]), (!me, terms[3], terms[5])]
                        {
                            let (mut extra, mut best) = (0, 0);
                            for pit in (1..=s.pits()).filter(|&k| s.pit(p, k) > 0) {
                                let (in_store, store, captured) = sow(&s, p, pit, settings.capture);
                                extra += i32::from(in_store);
                                best = best.max(captured);
                                // The engine's own account of the mover's moves.
                                if p == me {
                                    let e = rules.effect(&s, KalahMove::Pit(pit as u8)).unwrap();
                                    let last = e.last == Some(Spot::Store(me));
                                    let seeds = e.captured_seeds as i32;
                                    assert_eq!((last, seeds), (in_store, captured), "{s} {pit}");
                                    assert!(e.stores[me.index()] as i32 >= store + captured);
                                }
                            }
                            assert_eq!(
                                (extra_term, capture_term),
                                (extra, best),
                                "{rules} {s} {p}"
                            );
                            assert_eq!(
                                side(&s, p, settings.capture == Capture::Empty),
                                (extra, best)
                            );
                            captures[usize::from(best > 0)] += 1;
                        }
                        rules.play_unchecked(&mut s, mv);
                    }
                }
            }
        }
        assert!(captures[0] > 1000 && captures[1] > 1000, "{captures:?}");
    }
}
