//! Kalah moves and their notation: a pit number, or the pie rule's `swap`.

use std::fmt;
use std::str::FromStr;

use super::KalahSettings;
use crate::error::MoveParseError;
use crate::movelist::MoveList;

/// A Kalah move: a pit number counted from the mover's left, or the pie rule's swap.
///
/// ```
/// use sowing::kalah::KalahMove;
/// assert_eq!("3".parse::<KalahMove>().unwrap(), KalahMove::Pit(3));
/// assert_eq!(KalahMove::Swap.to_string(), "swap");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KalahMove {
    /// Sow the seeds of this pit, `1..=m` from the mover's left.
    Pit(u8),
    /// The pie rule's swap (North, on his first turn).
    Swap,
}

impl fmt::Display for KalahMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KalahMove::Pit(p) => write!(f, "{p}"),
            KalahMove::Swap => f.write_str("swap"),
        }
    }
}

/// What a Kalah move looks like when the board is not known: any pit of the largest board, or
/// the pie rule's swap.
const MOVE_SYNTAX: &str = "a pit number 1 to 7 or `swap`";

/// What a move looks like on a board of `pits` pits a side (`1..=7`), naming `swap` only
/// under the pie rule: the `expected` text of [`MoveParseError::Syntax`] once the ruleset is
/// known.
pub(crate) fn move_syntax(pits: u8, pie: bool) -> &'static str {
    const PLAIN: [&str; 7] = [
        "the pit number 1",
        "a pit number 1 to 2",
        "a pit number 1 to 3",
        "a pit number 1 to 4",
        "a pit number 1 to 5",
        "a pit number 1 to 6",
        "a pit number 1 to 7",
    ];
    const PIE: [&str; 7] = [
        "the pit number 1 or `swap`",
        "a pit number 1 to 2 or `swap`",
        "a pit number 1 to 3 or `swap`",
        "a pit number 1 to 4 or `swap`",
        "a pit number 1 to 5 or `swap`",
        "a pit number 1 to 6 or `swap`",
        "a pit number 1 to 7 or `swap`",
    ];
    let i = usize::from(pits.clamp(1, KalahSettings::MAX_PITS)) - 1;
    if pie { PIE[i] } else { PLAIN[i] }
}

impl FromStr for KalahMove {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(KalahMove::Swap);
        }
        match t.parse::<u8>() {
            Ok(p)
                if (1..=KalahSettings::MAX_PITS).contains(&p)
                    && t.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Ok(KalahMove::Pit(p))
            }
            _ => Err(MoveParseError::Syntax {
                text: text.to_string(),
                expected: MOVE_SYNTAX,
            }),
        }
    }
}

crate::serde_as_text!(KalahMove);

/// Up to 7 pit moves and the swap.
pub type KalahMoves = MoveList<KalahMove, 8>;
