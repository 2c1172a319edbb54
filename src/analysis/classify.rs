//! The class of a move: [`Class`], from the values of the move played, the best move and the
//! other moves ([`classify`]).

use std::fmt;
use std::str::FromStr;

use super::calibration::Calibration;
use super::value::Value;

/// How good a move was, from the value it lost.
///
/// - **Best**: no value lost (a move as good as the best found).
/// - **Only move**: the best move, where every other move would have been a mistake or a
///   blunder (or, where results are known, would have worsened the result).
/// - **Good**: some value lost, less than an inaccuracy's (estimates only: where the values
///   are exact, any loss is at least an inaccuracy).
/// - **Inaccuracy**, **Mistake**, **Blunder**: a loss of expected score of at least the
///   game's thresholds ([`Calibration`]); a move that throws away a known result (a proven
///   or exact win no longer won, a draw now lost) is a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// The only move that holds.
    OnlyMove,
    /// As good as the best.
    Best,
    /// A small loss.
    Good,
    /// `?!`
    Inaccuracy,
    /// `?`
    Mistake,
    /// `??`
    Blunder,
}

impl Class {
    /// Every class, from best to worst.
    pub const ALL: [Class; 6] = [
        Class::OnlyMove,
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class's name: `only move`, `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Class::OnlyMove => "only move",
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The numeric annotation glyph PGN gives the class, if any: `$8` (only move), `$6`
    /// (`?!`), `$2` (`?`), `$4` (`??`).
    pub const fn nag(self) -> Option<u8> {
        match self {
            Class::OnlyMove => Some(8),
            Class::Inaccuracy => Some(6),
            Class::Mistake => Some(2),
            Class::Blunder => Some(4),
            Class::Best | Class::Good => None,
        }
    }

    /// The class a glyph stands for: the inverse of [`nag`](Self::nag).
    pub const fn from_nag(nag: u8) -> Option<Class> {
        match nag {
            8 => Some(Class::OnlyMove),
            6 => Some(Class::Inaccuracy),
            2 => Some(Class::Mistake),
            4 => Some(Class::Blunder),
            _ => None,
        }
    }

    /// Whether the move lost enough to be marked: an inaccuracy, a mistake or a blunder.
    pub const fn is_error(self) -> bool {
        matches!(self, Class::Inaccuracy | Class::Mistake | Class::Blunder)
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Class {
    type Err = String;
    fn from_str(s: &str) -> Result<Class, String> {
        Class::ALL
            .into_iter()
            .find(|c| c.name() == s || c.name().replace(' ', "_") == s)
            .ok_or_else(|| format!("unknown class {s:?}"))
    }
}

/// The class of a move worth `played` where the best move is worth `best` and the other
/// moves `others` (all for the mover), in a game calibrated by `calibration`.
pub fn classify(calibration: &Calibration, best: Value, played: Value, others: &[Value]) -> Class {
    let lost = |v: Value| loss_class(calibration, best, v);
    match lost(played) {
        Class::Best => {
            let holds = others.iter().any(|&v| lost(v) < Class::Mistake);
            if others.is_empty() || holds {
                Class::Best
            } else {
                Class::OnlyMove
            }
        }
        c => c,
    }
}

/// The class of a move worth `played` against `best`, not looking at the other moves.
fn loss_class(calibration: &Calibration, best: Value, played: Value) -> Class {
    if played.rank() >= best.rank() {
        return Class::Best;
    }
    // A known result thrown away.
    let (b, p) = (best.result(), played.result());
    if let Some(b) = b {
        if b > p.unwrap_or(0) && (b > 0 || p.is_some()) {
            return Class::Blunder;
        }
    }
    if p == Some(-1) && b != Some(-1) {
        return Class::Blunder;
    }
    if let (Some(b), Some(p)) = (b, p) {
        if b == p && !(best.is_exact() && played.is_exact()) {
            // The same proven result by a smaller margin: the result is what counts.
            return Class::Good;
        }
    }
    let seeds = |v: Value| calibration.expected_seeds(v.seeds());
    let es_loss = match (best, played) {
        (Value::Estimate(_), _) | (_, Value::Estimate(_)) => {
            calibration.expected(best) - calibration.expected(played)
        }
        _ => seeds(best) - seeds(played),
    };
    let exact = best.is_exact() && played.is_exact();
    if es_loss >= calibration.blunder {
        Class::Blunder
    } else if es_loss >= calibration.mistake {
        Class::Mistake
    } else if es_loss >= calibration.inaccuracy || exact {
        Class::Inaccuracy
    } else {
        Class::Good
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        let c = Calibration::DEFAULT;
        let e = Value::Estimate;
        assert_eq!(classify(&c, e(1.0), e(1.0), &[e(-5.0)]), Class::OnlyMove);
        assert_eq!(classify(&c, e(1.0), e(1.0), &[e(0.9)]), Class::Best);
        assert_eq!(classify(&c, e(1.0), e(1.0), &[]), Class::Best);
        assert_eq!(classify(&c, e(1.0), e(0.9), &[]), Class::Good);
        assert_eq!(classify(&c, e(1.0), e(-0.2), &[]), Class::Inaccuracy);
        assert_eq!(classify(&c, e(1.0), e(-1.5), &[]), Class::Mistake);
        assert_eq!(classify(&c, e(1.0), e(-5.0), &[]), Class::Blunder);
        // Exact values: any loss is at least an inaccuracy; a result thrown away a blunder.
        let x = Value::Exact;
        assert_eq!(classify(&c, x(5), x(4), &[]), Class::Inaccuracy);
        assert_eq!(classify(&c, x(1), x(0), &[]), Class::Blunder);
        assert_eq!(classify(&c, x(0), x(-1), &[]), Class::Blunder);
        assert_eq!(classify(&c, x(-1), x(-3), &[]), Class::Inaccuracy);
        let won = Value::Proven {
            won: true,
            margin: 3,
        };
        assert_eq!(classify(&c, won, e(20.0), &[]), Class::Blunder);
        assert_eq!(
            classify(
                &c,
                won,
                Value::Proven {
                    won: true,
                    margin: 1
                },
                &[]
            ),
            Class::Good
        );
        assert_eq!(Class::from_nag(4), Some(Class::Blunder));
        assert_eq!("only move".parse::<Class>(), Ok(Class::OnlyMove));
    }
}
