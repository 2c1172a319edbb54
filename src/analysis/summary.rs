//! Each player's figures over a game or a collection: [`PlayerSummary`].

use super::PlyAnalysis;
use super::classify::Class;
use crate::player::Player;

/// The accuracy of one move, in percent, from the expected scores before (the best move's)
/// and after the move played (0 to 1): `103.1668 × exp(-4.354 × (before - after)) - 3.1669`,
/// clamped to 0..=100. This is the formula of lichess's accuracy, with expected scores in
/// place of its winning percentages (its constant 0.04354 per percentage point is 4.354 per
/// unit of expected score): 100 for a move that loses nothing, about 80 for a loss of 0.05
/// (an inaccuracy), 64 for 0.10, 32 for 0.25.
///
/// ```
/// use sowing::analysis::accuracy;
/// assert_eq!(accuracy(0.6, 0.6), 100.0);
/// assert!((accuracy(0.6, 0.5) - 63.6).abs() < 0.5);
/// assert_eq!(accuracy(1.0, 0.0), 0.0);
/// ```
pub fn accuracy(before: f64, after: f64) -> f64 {
    let lost = (before - after).max(0.0);
    if lost == 0.0 {
        return 100.0; // the formula's constants give 99.9999 there
    }
    (103.1668 * (-4.354 * lost).exp() - 3.1669).clamp(0.0, 100.0)
}

/// One player's figures: the moves analysed, the average value lost, the accuracy and the
/// count of each class. Summaries add up ([`add`](Self::add)), for a player's games or a
/// whole collection.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct PlayerSummary {
    /// The moves analysed.
    pub moves: usize,
    /// The total value lost, in seeds.
    pub total_loss: f64,
    /// The total of the moves' [`accuracy`].
    pub total_accuracy: f64,
    /// The count of each class, in the order of [`Class::ALL`].
    pub classes: [usize; 6],
    /// The moves whose class is exact or proven.
    pub known: usize,
}

impl PlayerSummary {
    /// The figures of `player`'s moves among `plies`.
    pub fn of<M>(player: Player, plies: &[PlyAnalysis<M>]) -> PlayerSummary {
        let mut s = PlayerSummary::default();
        for p in plies.iter().filter(|p| p.player == player) {
            s.moves += 1;
            s.total_loss += p.loss;
            s.total_accuracy += accuracy(p.expected_before, p.expected_after);
            s.classes[Class::ALL.iter().position(|&c| c == p.class).unwrap_or(0)] += 1;
            if p.exactness != super::Exactness::Estimate {
                s.known += 1;
            }
        }
        s
    }

    /// Adds `other`'s moves to these.
    pub fn add(&mut self, other: &PlayerSummary) {
        self.moves += other.moves;
        self.total_loss += other.total_loss;
        self.total_accuracy += other.total_accuracy;
        self.known += other.known;
        for (a, b) in self.classes.iter_mut().zip(other.classes) {
            *a += b;
        }
    }

    /// The average value lost a move, in seeds (0 with no moves).
    pub fn average_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_loss / self.moves as f64
        }
    }

    /// The accuracy: the average of the moves' [`accuracy`], in percent (100 with no moves).
    pub fn accuracy(&self) -> f64 {
        if self.moves == 0 {
            100.0
        } else {
            self.total_accuracy / self.moves as f64
        }
    }

    /// The count of moves of `class`.
    pub fn count(&self, class: Class) -> usize {
        self.classes[Class::ALL.iter().position(|&c| c == class).unwrap_or(0)]
    }
}
