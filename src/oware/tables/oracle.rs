//! The tables as the search's exact values: Oware's
//! [`endgame_oracle`](crate::search::Heuristic::endgame_oracle).

use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use super::{DIR_VARIABLE, OwareTables};
use crate::oware::{Oware, OwareState};
use crate::search::Oracle;

/// The most seeds `alphabeta:endgame=N` asks of Oware's tables.
pub(crate) const ENDGAME_SEEDS: u32 = 24;

/// The most seeds these rules' tables serve: [`ENDGAME_SEEDS`] or fewer on a larger board
/// ([`OwareTables::most_seeds`]), none under a ply limit.
pub(crate) fn endgame_seeds(rules: &Oware) -> u32 {
    if rules.settings().max_plies.is_some() {
        0
    } else {
        ENDGAME_SEEDS.min(OwareTables::most_seeds(rules.settings().houses))
    }
}

/// The most seeds of the tables of `rules` kept in `$SOWING_TABLES` (at most
/// [`endgame_seeds`]), which the default agent (`endgame=auto`) looks up; 0 where there are
/// none. Nothing is computed: a user who wants the tables builds them once (`tables build`).
pub(crate) fn default_endgame(rules: &Oware) -> u32 {
    let most = endgame_seeds(rules);
    match tables_dir() {
        Some(dir) if most > 0 => OwareTables::kept(rules, &dir)
            .last()
            .map_or(0, |(seeds, _)| (*seeds).min(most)),
        _ => 0,
    }
}

/// The directory named by `$SOWING_TABLES`, if any.
pub(crate) fn tables_dir() -> Option<PathBuf> {
    std::env::var_os(DIR_VARIABLE)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
}

/// The tables of `rules` up to `seeds`, once per process for each rules and size: read
/// from `$SOWING_TABLES` (or computed and kept there), else computed in memory.
pub fn shared(rules: &Oware, seeds: u32) -> Option<Arc<OwareTables>> {
    type Cache = Mutex<Vec<(String, Option<Arc<OwareTables>>)>>;
    static TABLES: OnceLock<Cache> = OnceLock::new();
    let name = OwareTables::file_name(rules, seeds);
    let cache = TABLES.get_or_init(|| Mutex::new(Vec::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, t)) = cache.iter().find(|(n, _)| *n == name) {
        return t.clone();
    }
    let t = match tables_dir() {
        Some(dir) => OwareTables::open(rules, seeds, &dir),
        None => OwareTables::build(rules, seeds),
    }
    .ok()
    .map(Arc::new);
    cache.push((name, t.clone()));
    t
}

/// Oware's oracle: the final store difference for the player to move, the game played
/// out, for positions of at most `seeds` seeds on the board whose game goes on.
pub(crate) fn oracle(rules: &Oware, seeds: u32) -> Option<Oracle<OwareState>> {
    if seeds == 0 || seeds > endgame_seeds(rules) {
        return None;
    }
    let tables = shared(rules, seeds)?;
    let rules = rules.clone();
    Some(Arc::new(move |s: &OwareState| {
        if rules.over(s) {
            return None;
        }
        tables.margin(s)
    }))
}
