//! [`MatchConfig`]: how a match is played.

#[cfg(doc)]
use super::Match;

/// How a match is played: [`Match`] plays `openings` random openings of `opening_plies`
/// plies (from `seed`), each twice, agent A taking South in the first game and North in the
/// second, so that neither side profits from a lucky opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// The openings; the match plays twice as many games. At least 1.
    pub openings: u32,
    /// Random plies of each opening. An opening that ends the game is drawn again, at most
    /// [`MatchConfig::OPENING_TRIES`] times.
    pub opening_plies: u32,
    /// The seed of the openings.
    pub seed: u64,
    /// The most plies the agents play in one game after its opening; a game still going then
    /// is decided by the stores (more seeds wins). At least 1.
    pub max_plies: u32,
}

impl Default for MatchConfig {
    /// 12 openings of 4 plies from seed 1, games stopped after 2000 plies.
    fn default() -> MatchConfig {
        MatchConfig {
            openings: 12,
            opening_plies: 4,
            seed: 1,
            max_plies: 2000,
        }
    }
}

impl MatchConfig {
    /// How many random openings in a row may end the game before the match gives up: the
    /// openings are then too long for the game.
    pub const OPENING_TRIES: u32 = 1000;
}
