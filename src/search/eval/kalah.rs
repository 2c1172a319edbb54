//! Kalah's evaluation: the stores, the seeds on each side, and the extra turns and captures
//! each side has ready.
//!
//! The weights are fitted by Texel's method on self-play positions with `examples/tune.rs`.
//! Agents built from an [`AgentSpec`](crate::search::AgentSpec) also look positions with few
//! seeds left up in the solver's [`EndgameDatabase`] (option `endgame=N`), which gives their
//! exact value.

#[cfg(feature = "solver")]
use std::sync::{Arc, Mutex, OnceLock};

#[cfg(feature = "solver")]
use super::WIN;
#[cfg(feature = "solver")]
use crate::kalah::solve::EndgameDatabase;
use crate::kalah::{Kalah, KalahState};
use crate::player::Player;

/// One side's extra-turn moves and best capture next move.
fn side(s: &KalahState, p: Player) -> (i32, i32) {
    let m = s.pits();
    let lap = 2 * m + 1;
    let mut extra = 0;
    let mut best = 0;
    for pit in 1..=m {
        let seeds = usize::from(s.pit(p, pit));
        if seeds == 0 {
            continue;
        }
        let to_store = m + 1 - pit;
        if seeds % lap == to_store {
            extra += 1;
        }
        // A last seed in an own pit that was empty (and not the origin after a full lap).
        if seeds < lap {
            let last = pit + seeds;
            if last <= m && s.pit(p, last) == 0 {
                let across = i32::from(s.pit(!p, m + 1 - last));
                if across > 0 {
                    best = best.max(across + 1);
                }
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
/// use sowing::search::{Evaluator, KalahEval};
/// use sowing::kalah::Kalah;
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
    pub fn terms(_rules: &Kalah, s: &KalahState) -> [i32; KalahEval::TERMS] {
        let me = s.to_move();
        let (e1, c1) = side(s, me);
        let (e2, c2) = side(s, !me);
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

super::linear_eval!(KalahEval, Kalah, KalahState);

/// Kalah's endgame databases, built once per process for each set of rules and seed limit
/// and shared by every agent that asks.
#[cfg(feature = "solver")]
pub(crate) fn database(rules: &Kalah, seeds: u32) -> Option<Arc<EndgameDatabase>> {
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

/// The value for the player to move of a Kalah position the database holds: a won or lost
/// game as [`final_value`](crate::search::final_value) scores it.
#[cfg(feature = "solver")]
pub(crate) fn exact(db: &EndgameDatabase, state: &KalahState) -> Option<i32> {
    let margin = db.value(state)?;
    Some(match margin.signum() {
        1 => WIN + margin,
        -1 => -WIN + margin,
        _ => 0,
    })
}
