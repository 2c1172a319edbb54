//! [`MatchResult`]: a match's running totals and the Elo difference they imply.

use super::elo::elo;
use super::{Elo, MatchGame, SideFigures};
use crate::ruleset::Ruleset;

/// A match's running totals, for agent A: its wins, draws and losses, and what each side did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// What A and B did.
    pub sides: [SideFigures; 2],
}

impl MatchResult {
    /// A result of `wins`, `draws` and `losses` for A, with no figures of the sides: for
    /// the Elo of games played elsewhere ([`elo`](Self::elo)).
    ///
    /// ```
    /// use sowing::search::MatchResult;
    /// let r = MatchResult::from_games(60, 20, 20);
    /// assert_eq!((r.games(), r.points()), (100, 70.0));
    /// ```
    pub fn from_games(wins: u32, draws: u32, losses: u32) -> MatchResult {
        MatchResult {
            wins,
            draws,
            losses,
            ..MatchResult::default()
        }
    }

    /// Counts one more game: its score for A and what each side did.
    pub fn add_game<R: Ruleset>(&mut self, game: &MatchGame<R>) {
        match game.a_score {
            1.0 => self.wins += 1,
            0.5 => self.draws += 1,
            _ => self.losses += 1,
        }
        for (total, side) in self.sides.iter_mut().zip(&game.figures) {
            total.add(side);
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's score as a fraction of the games, or `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / f64::from(n))
    }

    /// The Elo difference A - B the score implies, with its 95% interval, or `None` before
    /// any game.
    ///
    /// The interval is the score interval of Wilson, widened or narrowed by the games'
    /// spread: the score fractions `p` whose distance from the score `s` is within 1.96
    /// standard errors of `p` itself, `(s - p)^2 <= 1.96^2 k p (1 - p) / n`, where `k` is the
    /// games' variance over that of as many games without draws, `s (1 - s)` (when every
    /// game was drawn, 1: the spread of a coin toss, the largest a score can have). Its ends
    /// lie strictly between 0 and 1, so the interval is finite on both sides, small samples
    /// included, whenever neither side won every game. When A won every game the difference
    /// has no upper bound, and the lower one is the exact one-sided bound: the score fraction
    /// `p` at which winning all `n` games has probability 5%, `p = 0.05^(1/n)` (and the other
    /// way round when A lost every game).
    ///
    /// ```
    /// use sowing::search::MatchResult;
    /// let two_wins = MatchResult { wins: 2, ..MatchResult::default() };
    /// assert_eq!(two_wins.elo().unwrap().to_string(), "above -216 (95% one-sided bound: every game won)");
    /// let even = MatchResult { wins: 3, draws: 2, losses: 3, ..MatchResult::default() };
    /// assert_eq!(even.elo().unwrap().to_string(), "+0, 95% interval [-198, +198]");
    /// // 45 wins, 3 losses: no side won every game, and both ends are finite.
    /// let strong = MatchResult { wins: 45, losses: 3, ..MatchResult::default() };
    /// assert_eq!(strong.elo().unwrap().to_string(), "+470, 95% interval [+277, +663]");
    /// ```
    pub fn elo(&self) -> Option<Elo> {
        let n = f64::from(self.games());
        let mean = self.score()?;
        let tail = 0.05f64.powf(1.0 / n);
        Some(if self.wins == self.games() {
            Elo {
                estimate: f64::INFINITY,
                low: elo(tail),
                high: f64::INFINITY,
            }
        } else if self.losses == self.games() {
            Elo {
                estimate: f64::NEG_INFINITY,
                low: f64::NEG_INFINITY,
                high: elo(1.0 - tail),
            }
        } else {
            // 0 < mean < 1 here: neither side won every game.
            let binomial = mean * (1.0 - mean);
            let k = if self.draws == self.games() {
                // Every game drawn shows no spread: take the largest a game's score can
                // have, that of a coin toss.
                1.0
            } else {
                (f64::from(self.wins) * (1.0 - mean).powi(2)
                    + f64::from(self.draws) * (0.5 - mean).powi(2)
                    + f64::from(self.losses) * mean.powi(2))
                    / n
                    / binomial
            };
            // (mean - p)^2 = c p (1 - p): (1 + c) p^2 - (2 mean + c) p + mean^2 = 0, whose
            // roots lie strictly inside (0, 1).
            let c = 1.96f64.powi(2) * k / n;
            let root = (c * (4.0 * binomial + c)).sqrt();
            let (low, high) = (
                (2.0 * mean + c - root) / (2.0 * (1.0 + c)),
                (2.0 * mean + c + root) / (2.0 * (1.0 + c)),
            );
            Elo {
                estimate: elo(mean),
                low: elo(low),
                high: elo(high),
            }
        })
    }
}
