//! Which exact endgame values an `alphabeta` agent looks up: agent text `endgame=auto` (the
//! default) or `endgame=N`.

use std::fmt;

use super::heuristic::Heuristic;

/// The positions whose exact values an `alphabeta` agent looks up in the game's
/// [`endgame_oracle`](Heuristic::endgame_oracle) (Kalah: its solver's endgame database;
/// Oware: its retrograde tables) rather than searches.
///
/// ```
/// use sowing::search::Endgame;
/// use sowing::kalah::Kalah;
///
/// // `auto` is the game's choice for the rules played: none for Kalah, whose database
/// // would have to be built first.
/// assert_eq!(Endgame::Auto.seeds_for(&Kalah::default()), 0);
/// assert_eq!(Endgame::Upto(12).seeds_for(&Kalah::default()), 12);
/// assert_eq!(Endgame::Auto.to_string(), "auto");
/// assert_eq!(Endgame::NONE.to_string(), "0");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Endgame {
    /// The game's choice for the rules played ([`Heuristic::default_endgame`]): exact values
    /// that are at hand without computing any. Oware: the largest table of those rules kept
    /// in the directory `$SOWING_TABLES` names; the other games: none. `endgame=auto`, the
    /// `alphabeta` agent's default.
    #[default]
    Auto,
    /// Positions with at most this many seeds on the board (`endgame=N`; 0: none). A game
    /// that keeps no values for them computes them at the first look-up (Kalah's database
    /// in memory, Oware's tables in `$SOWING_TABLES` or in memory).
    Upto(u32),
}

impl Endgame {
    /// No exact values: `endgame=0`.
    pub const NONE: Endgame = Endgame::Upto(0);

    /// The most seeds on the board whose values are looked up when playing `rules` (0:
    /// none): [`Heuristic::default_endgame`] for [`Auto`](Endgame::Auto).
    pub fn seeds_for<R: Heuristic>(self, rules: &R) -> u32 {
        match self {
            Endgame::Auto => rules.default_endgame(),
            Endgame::Upto(seeds) => seeds,
        }
    }
}

impl fmt::Display for Endgame {
    /// As agent text writes it: `auto`, or the seeds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Endgame::Auto => f.write_str("auto"),
            Endgame::Upto(seeds) => write!(f, "{seeds}"),
        }
    }
}
