//! A described game's move: the hole it starts from, numbered from the mover's left, and,
//! where the mover chooses the direction, which way it goes.

use std::fmt;

/// Which way a move sows, where the mover chooses ([`Direction::Choice`](super::Direction)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Way {
    /// The game's one direction (the game gives no choice).
    Only,
    /// Towards the mover's right along his row: counter-clockwise (`R`).
    Right,
    /// Towards the mover's left: clockwise (`L`).
    Left,
}

/// A move: the mover's hole, `0..h` from his left, and the way it sows.
///
/// It prints as the hole's number from 1, with `R` or `L` where the mover chooses the way:
/// `3`, `3R`, `3L`.
///
/// ```
/// use sowing::described::{MancalaMove, Way};
/// assert_eq!(MancalaMove { hole: 2, way: Way::Only }.to_string(), "3");
/// assert_eq!(MancalaMove { hole: 0, way: Way::Left }.to_string(), "1L");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MancalaMove {
    /// The hole, `0..h` from the mover's left.
    pub hole: u8,
    /// The way it sows.
    pub way: Way,
}

impl fmt::Display for MancalaMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", u32::from(self.hole) + 1)?;
        match self.way {
            Way::Only => Ok(()),
            Way::Right => f.write_str("R"),
            Way::Left => f.write_str("L"),
        }
    }
}

/// Reads a move as it prints: `3`, `3R`, `3L` (either case); `None` when it is not one.
pub(crate) fn parse(text: &str) -> Option<MancalaMove> {
    let text = text.trim();
    let (digits, way) = match text.as_bytes().last()? {
        b'R' | b'r' => (&text[..text.len() - 1], Way::Right),
        b'L' | b'l' => (&text[..text.len() - 1], Way::Left),
        _ => (text, Way::Only),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 2 {
        return None;
    }
    let n: u8 = digits.parse().ok()?;
    // `then`, not `then_some`: the hole is worked out only for a number from 1 (`0` once
    // overflowed here, a panic on bad input that the conformance proptest found).
    (n >= 1).then(|| MancalaMove { hole: n - 1, way })
}

impl std::str::FromStr for MancalaMove {
    type Err = crate::error::MoveParseError;

    /// Reads a move as it prints (`3`, `3R`, `3L`), whatever the position: the ruleset's
    /// [`parse_move`](crate::Ruleset::parse_move) checks it against one.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        parse(text).ok_or_else(|| crate::error::MoveParseError::Syntax {
            text: text.to_string(),
            expected: "a hole's number from 1, with R or L where the mover chooses the way",
        })
    }
}

crate::serde_as_text!(MancalaMove);

#[cfg(test)]
mod tests {
    #[test]
    fn hole_zero_is_not_a_move() {
        assert_eq!(super::parse("0"), None);
        assert_eq!(super::parse("0R"), None);
        assert_eq!(super::parse("1").map(|m| m.hole), Some(0));
    }
}
