//! What a position is worth in an analysis: [`Value`], an estimate, a proven result or an
//! exact value.

use std::fmt;

use crate::search::{SEED, WIN};

/// What a position is worth to one player (the side the analysis speaks for), in seeds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A search's estimate: the final store difference it expects, in seeds.
    Estimate(f64),
    /// A result the search proved: won (`won` true) or lost by force. The outcome is exact;
    /// the margin is a bound, what the search found as far as it looked: a win by `margin`
    /// seeds or more, a loss by `-margin` seeds or more. Written `#+≥5` (won by 5 or more)
    /// and `#-≥5` (lost by 5 or more). Where the game has exact values of the position (an
    /// oracle: Kalah's endgame database, the solver) the analysis gives [`Value::Exact`]
    /// instead.
    Proven {
        /// Whether the game is won (else lost).
        won: bool,
        /// The margin the search found, in seeds (negative for a loss).
        margin: i32,
    },
    /// The exact value: the final store difference under perfect play by both sides, in
    /// seeds, from an [`Oracle`](crate::search::Oracle) (an endgame database, a solver) or
    /// the rules of a finished game.
    Exact(i32),
}

impl Value {
    /// The value of a search's result `cp` (hundredths of a seed, beyond ±[`WIN`] a proven
    /// result).
    pub fn from_search(cp: i32) -> Value {
        if cp >= WIN {
            Value::Proven {
                won: true,
                margin: cp - WIN,
            }
        } else if cp <= -WIN {
            Value::Proven {
                won: false,
                margin: cp + WIN,
            }
        } else {
            Value::Estimate(f64::from(cp) / f64::from(SEED))
        }
    }

    /// The same value seen from the other side.
    pub fn flip(self) -> Value {
        match self {
            Value::Estimate(x) => Value::Estimate(-x),
            Value::Proven { won, margin } => Value::Proven {
                won: !won,
                margin: -margin,
            },
            Value::Exact(v) => Value::Exact(-v),
        }
    }

    /// The value in seeds: the estimate, the proven margin or the exact value.
    pub fn seeds(self) -> f64 {
        match self {
            Value::Estimate(x) => x,
            Value::Proven { margin, .. } => f64::from(margin),
            Value::Exact(v) => f64::from(v),
        }
    }

    /// Whether the value is exact ([`Value::Exact`]).
    pub fn is_exact(self) -> bool {
        matches!(self, Value::Exact(_))
    }

    /// The result it stands for where it is known (a proven or exact value): 1 won, 0 drawn,
    /// -1 lost; `None` for an estimate.
    pub fn result(self) -> Option<i32> {
        match self {
            Value::Estimate(_) => None,
            Value::Proven { won, .. } => Some(if won { 1 } else { -1 }),
            Value::Exact(v) => Some(v.signum()),
        }
    }

    /// A number that orders values as a player prefers them: known wins above every
    /// estimate, known losses below, bigger margins first.
    pub fn rank(self) -> f64 {
        const KNOWN: f64 = 1e6;
        match self.result() {
            Some(1) => KNOWN + self.seeds(),
            Some(-1) => -KNOWN + self.seeds(),
            _ => self.seeds(),
        }
    }

    /// Reads the text [`Display`](fmt::Display) writes: `3.40`, `#+≥5` (won by force, by 5
    /// seeds or more), `#-≥5` (lost by force, by 5 or more), `=3` (exact). `#+5` and `#-5`,
    /// as records written before the bound was shown say it, read the same.
    pub fn parse(text: &str) -> Option<Value> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix('#') {
            let won = match rest.chars().next()? {
                '+' => true,
                '-' => false,
                _ => return None,
            };
            let digits = &rest[1..];
            let margin: i32 = digits.strip_prefix('≥').unwrap_or(digits).parse().ok()?;
            Some(Value::Proven {
                won,
                margin: if won { margin } else { -margin },
            })
        } else if let Some(rest) = text.strip_prefix('=') {
            rest.parse().ok().map(Value::Exact)
        } else {
            text.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .map(Value::Estimate)
        }
    }

    /// The value as the annotated records write it: estimates to two decimals, so that it
    /// reads back as itself to within 0.005.
    pub fn rounded(self) -> Value {
        match self {
            Value::Estimate(x) => Value::Estimate((x * 100.0).round() / 100.0),
            v => v,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Estimate(x) => {
                // No `-0.00`.
                let x = if (x * 100.0).round() == 0.0 { 0.0 } else { x };
                write!(f, "{x:.2}")
            }
            Value::Proven { won, margin } => {
                write!(f, "#{}≥{}", if won { '+' } else { '-' }, margin.abs())
            }
            Value::Exact(v) => write!(f, "={v}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for v in [
            Value::Estimate(3.4),
            Value::Estimate(-0.25),
            Value::Estimate(0.0),
            Value::Proven {
                won: true,
                margin: 5,
            },
            Value::Proven {
                won: false,
                margin: -7,
            },
            Value::Proven {
                won: false,
                margin: 0,
            },
            Value::Exact(-3),
            Value::Exact(0),
        ] {
            assert_eq!(Value::parse(&v.to_string()), Some(v), "{v}");
        }
        assert_eq!(Value::Estimate(-0.001).to_string(), "0.00");
        assert_eq!(Value::from_search(WIN + 4).flip().to_string(), "#-≥4");
        // The margin of a proven result is a bound, and says so; the old form reads too.
        assert_eq!(Value::parse("#-4"), Value::parse("#-≥4"));
        assert_eq!(Value::from_search(WIN + 4).to_string(), "#+≥4");
        assert_eq!(Value::from_search(-150), Value::Estimate(-1.5));
        assert!(Value::Exact(1).rank() > Value::Estimate(40.0).rank());
        assert!(Value::Exact(-1).rank() < Value::Estimate(-40.0).rank());
        assert_eq!(Value::parse("x"), None);
    }
}
