//! [`Elo`]: an Elo difference with its 95% interval, and the Elo of a score.

use std::fmt;

/// The Elo difference for a score fraction; infinite at 0 and 1 and beyond.
pub(super) fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// An Elo difference and its 95% interval ([`MatchResult::elo`](super::MatchResult::elo)):
/// both ends finite, but for the unbounded end of a one-sided bound when a side won every
/// game, which is infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference the score implies (infinite when one side won every game).
    pub estimate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// A whole Elo figure with its sign, `+0` for an even score.
fn signed(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "+inf" } else { "-inf" }.into();
    }
    // Adding 0.0 turns -0.0 into 0.0.
    format!("{:+.0}", x.round() + 0.0)
}

impl fmt::Display for Elo {
    /// `+35, 95% interval [-20, +90]`; `above -216 (95% one-sided bound: every game won)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.estimate == f64::INFINITY {
            write!(
                f,
                "above {} (95% one-sided bound: every game won)",
                signed(self.low)
            )
        } else if self.estimate == f64::NEG_INFINITY {
            write!(
                f,
                "below {} (95% one-sided bound: every game lost)",
                signed(self.high)
            )
        } else {
            write!(
                f,
                "{}, 95% interval [{}, {}]",
                signed(self.estimate),
                signed(self.low),
                signed(self.high)
            )
        }
    }
}
