//! Tsoro's actions and their notation.

use std::fmt;
use std::str::FromStr;

use crate::error::MoveParseError;
use crate::movelist::MoveList;

/// One of a player's two rows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Row {
    /// The outer (back) row: `o`.
    #[default]
    Outer,
    /// The inner (front) row: `i`.
    Inner,
}

/// A hole named as the mover sees the board: a row and a number `1..=N` counted from the
/// mover's own left, `o3` or `i5`.
///
/// For the mover's own holes, outer hole `o<k>` is loop index `k-1` and inner hole `i<k>` is
/// loop index `2N-k`. In a bonus take the hole is one of the *opponent's*, still numbered
/// from the mover's left (the file the mover sees it in): the opponent's `o<k>` is his loop
/// index `N-k`, his `i<k>` his loop index `N-1+k`. So `i3` and the opponent's `i3` face each
/// other, and the opponent's `o3` lies behind them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Hole {
    /// The row.
    pub row: Row,
    /// The number, `1..=N` from the mover's left.
    pub number: u8,
}

impl Hole {
    /// The mover's outer hole `k`.
    pub const fn outer(number: u8) -> Hole {
        Hole {
            row: Row::Outer,
            number,
        }
    }

    /// The mover's inner hole `k`.
    pub const fn inner(number: u8) -> Hole {
        Hole {
            row: Row::Inner,
            number,
        }
    }

    /// The loop index of this hole of the mover's on a board of `n` holes a row; `None` if
    /// there is no such hole.
    pub const fn own_index(self, n: usize) -> Option<usize> {
        let k = self.number as usize;
        if k == 0 || k > n {
            return None;
        }
        Some(match self.row {
            Row::Outer => k - 1,
            Row::Inner => n.saturating_mul(2) - k,
        })
    }

    /// The mover's hole at loop index `i` (`i < 2n`).
    pub const fn from_own_index(i: usize, n: usize) -> Hole {
        if i < n {
            Hole::outer((i as u8).wrapping_add(1))
        } else {
            Hole::inner(n.saturating_mul(2).saturating_sub(i) as u8)
        }
    }

    /// The opponent's loop index of this hole (numbered from the mover's left); `None` if
    /// there is no such hole.
    pub const fn opponent_index(self, n: usize) -> Option<usize> {
        let k = self.number as usize;
        if k == 0 || k > n {
            return None;
        }
        Some(match self.row {
            Row::Outer => n - k,
            Row::Inner => n.saturating_add(k) - 1,
        })
    }

    /// The opponent's hole at his loop index `i` (`i < 2n`), numbered from the mover's left.
    pub const fn from_opponent_index(i: usize, n: usize) -> Hole {
        if i < n {
            Hole::outer((n - i) as u8)
        } else {
            Hole::inner((i + 1).saturating_sub(n) as u8)
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = match self.row {
            Row::Outer => 'o',
            Row::Inner => 'i',
        };
        write!(f, "{r}{}", self.number)
    }
}

impl FromStr for Hole {
    type Err = ();
    fn from_str(t: &str) -> Result<Hole, ()> {
        let mut chars = t.chars();
        let row = match chars.next() {
            Some('o' | 'O') => Row::Outer,
            Some('i' | 'I') => Row::Inner,
            _ => return Err(()),
        };
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(());
        }
        let number: u8 = digits.parse().map_err(|_| ())?;
        Ok(Hole { row, number })
    }
}

/// One Tsoro action: a turn is one or more of them by the same player.
///
/// # Notation
/// | action | text | when |
/// |---|---|---|
/// | start a move from a hole | `o3`, `i5` | the turn's first action |
/// | relay on from the head the lap ended in | `relay` | a head decision is pending |
/// | stop in that head, ending the move | `stop` | a head decision is pending |
/// | take the stones of an opponent's hole | `take o4`, `take i2` | bonus takes are pending |
/// | end the bonus takes early | `done` | bonus takes are pending (not under `forced-bonus`) |
///
/// Holes are numbered `1..=N` from the mover's own left, outer `o` and inner `i`; a take
/// names the opponent's hole the same way, from the mover's left (see [`Hole`]). A singleton
/// step is written like any start: the hole its stone leaves. Parsing ignores case and
/// surrounding space.
///
/// ```
/// use sowing::tsoro::{Hole, TsoroMove};
/// assert_eq!("o3".parse::<TsoroMove>().unwrap(), TsoroMove::Sow(Hole::outer(3)));
/// assert_eq!("take i12".parse::<TsoroMove>().unwrap(), TsoroMove::Take(Hole::inner(12)));
/// assert_eq!(TsoroMove::Relay.to_string(), "relay");
/// assert!("x3".parse::<TsoroMove>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TsoroMove {
    /// Start the turn from one of the mover's holes.
    Sow(Hole),
    /// At an occupied own head: lift its stones and sow on.
    Relay,
    /// At an occupied own head: stop, ending the move with no capture.
    Stop,
    /// A bonus take: the stones of one of the opponent's holes.
    Take(Hole),
    /// End the bonus takes early.
    Done,
}

impl fmt::Display for TsoroMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TsoroMove::Sow(h) => h.fmt(f),
            TsoroMove::Relay => f.write_str("relay"),
            TsoroMove::Stop => f.write_str("stop"),
            TsoroMove::Take(h) => write!(f, "take {h}"),
            TsoroMove::Done => f.write_str("done"),
        }
    }
}

pub(crate) const MOVE_SYNTAX: &str = "a hole (`o3`, `i5`), `relay`, `stop`, `take o4` or `done`";

impl FromStr for TsoroMove {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = || MoveParseError::Syntax {
            text: text.to_string(),
            expected: MOVE_SYNTAX,
        };
        let t = text.trim();
        if t.eq_ignore_ascii_case("relay") {
            return Ok(TsoroMove::Relay);
        }
        if t.eq_ignore_ascii_case("stop") {
            return Ok(TsoroMove::Stop);
        }
        if t.eq_ignore_ascii_case("done") {
            return Ok(TsoroMove::Done);
        }
        if t.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("take")) {
            let hole = t[4..].trim_start();
            if hole.len() == t.len() - 4 {
                return Err(err()); // `take` needs a space before the hole
            }
            return hole.parse().map(TsoroMove::Take).map_err(|()| err());
        }
        t.parse().map(TsoroMove::Sow).map_err(|()| err())
    }
}

crate::serde_as_text!(TsoroMove);

/// The most actions one position can offer: a bonus take from any of the opponent's 42
/// holes, and `done`.
pub type TsoroMoves = MoveList<TsoroMove, 44>;
