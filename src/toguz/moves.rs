//! Moves and the players' notation: a move is its origin hole (`ToguzMove`); as written it
//! may add the landing hole and marks: `76`, `36x`, PlayOK's `45X` and `65(10)`, the
//! federation's `36х` ([`MoveText`]).

use std::fmt;
use std::str::FromStr;

use crate::effect::Effect;
use crate::error::MoveParseError;
use crate::movelist::MoveList;

/// A move as the players write it, read without a position: the origin hole, and whatever
/// details the writer added.
///
/// The notation is the origin hole (1-9, the mover's numbering), then the hole where the last
/// ball landed (1-9, numbered by that hole's owner), then `x` if the move made a tuzdik
/// (federation books print the Cyrillic `х` or `Х`, PlayOK prints `X`: all four are read),
/// then PlayOK's `(N)` after an even capture, N being the mover's kazan total after the move.
/// Only the origin is required; [`Toguz::parse_move`](super::Toguz) checks every detail that
/// is written against what the move really does.
///
/// ```
/// use sowing::toguz::MoveText;
/// let m: MoveText = "65(10)".parse().unwrap();
/// assert_eq!((m.origin, m.landing, m.tuzdik, m.kazan), (6, Some(5), false, Some(10)));
/// let m: MoveText = "36х".parse().unwrap(); // Cyrillic
/// assert!(m.tuzdik);
/// assert!("0".parse::<MoveText>().is_err());
/// assert!("36y".parse::<MoveText>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MoveText {
    /// The origin hole, 1-9.
    pub origin: u8,
    /// The hole the last ball landed in, numbered by its side's owner, if written.
    pub landing: Option<u8>,
    /// Whether the tuzdik mark is written.
    pub tuzdik: bool,
    /// PlayOK's `(N)`: the mover's kazan total after an even capture, if written.
    pub kazan: Option<u32>,
}

/// What [`MoveText`] accepts, for syntax errors.
pub(crate) const SYNTAX: &str = "a hole digit 1-9, then the landing hole digit, then `x`/`X`/`х`/`Х` for a tuzdik or `(N)` \
     with the kazan total (e.g. `76`, `36x`, `65(10)`)";

impl FromStr for MoveText {
    type Err = MoveParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || MoveParseError::Syntax {
            text: text.to_string(),
            expected: SYNTAX,
        };
        let mut rest = text.trim();
        let digit = |c: Option<char>| c.and_then(|c| c.to_digit(10)).filter(|&d| d >= 1);
        let mut chars = rest.chars();
        let origin = digit(chars.next()).ok_or_else(bad)? as u8;
        rest = &rest[1..];
        let mut landing = None;
        if let Some(d) = digit(rest.chars().next()) {
            landing = Some(d as u8);
            rest = &rest[1..];
        }
        let mut tuzdik = false;
        if let Some(c) = rest.chars().next() {
            if matches!(c, 'x' | 'X' | 'х' | 'Х') {
                if landing.is_none() {
                    return Err(bad());
                }
                tuzdik = true;
                rest = &rest[c.len_utf8()..];
            }
        }
        let mut kazan = None;
        if let Some(inner) = rest.strip_prefix('(') {
            let Some(num) = inner.strip_suffix(')') else {
                return Err(bad());
            };
            if landing.is_none()
                || num.is_empty()
                || num.len() > 3
                || !num.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            kazan = Some(num.parse().map_err(|_| bad())?);
            rest = "";
        }
        if !rest.is_empty() {
            return Err(bad());
        }
        Ok(MoveText {
            origin,
            landing,
            tuzdik,
            kazan,
        })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.origin)?;
        if let Some(l) = self.landing {
            write!(f, "{l}")?;
        }
        if self.tuzdik {
            f.write_str("x")?;
        }
        if let Some(k) = self.kazan {
            write!(f, "({k})")?;
        }
        Ok(())
    }
}

/// Which players' form [`Toguz::format_move_as`](super::Toguz::format_move_as) writes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Style {
    /// The federation books' form, as [`Ruleset::format_move`](crate::Ruleset::format_move)
    /// writes it: `36x` (Latin `x`), no kazan totals.
    #[default]
    Federation,
    /// PlayOK's form: `45X`, and `(N)` after every even capture.
    PlayOk,
}

/// A Toguz Kumalak move: the mover's hole to sow from, numbered 1..=9 from his left.
///
/// The landing hole and tuzdik mark of the players' notation follow from the position; see
/// [`Ruleset::format_move`](crate::Ruleset::format_move) and
/// [`Ruleset::parse_move`](crate::Ruleset::parse_move). On its own a move prints and parses
/// (and serializes) as the origin digit.
///
/// ```
/// use sowing::toguz::ToguzMove;
/// assert_eq!("7".parse::<ToguzMove>().unwrap(), ToguzMove(7));
/// assert_eq!(ToguzMove(7).to_string(), "7");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ToguzMove(pub u8);

impl ToguzMove {
    /// The origin hole.
    pub const fn hole(self) -> u8 {
        self.0
    }
}

impl fmt::Display for ToguzMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for ToguzMove {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        match t.as_bytes() {
            [d @ b'1'..=b'9'] => Ok(ToguzMove(d - b'0')),
            _ => Err(MoveParseError::Syntax {
                text: text.to_string(),
                expected: "a hole digit 1-9",
            }),
        }
    }
}

crate::serde_as_text!(ToguzMove);

/// Up to 9 moves.
pub type ToguzMoves = MoveList<ToguzMove, 9>;

/// What a move does where its last ball lands, as the notation writes it: read off the move's
/// [`Effect`] with [`Landing::of`].
///
/// ```
/// use sowing::toguz::{Landing, Toguz, ToguzMove};
/// use sowing::{Player, Ruleset, Spot};
/// let rules = Toguz::default();
/// let e = rules.effect(&rules.start(), ToguzMove(6)).unwrap();
/// // 6: ten balls, the last in North's hole 5, which then holds 10: an even capture.
/// assert_eq!(e.last, Some(Spot::Hole { owner: Player::North, index: 5 }));
/// assert_eq!(Landing::of(&e), Landing::Capture(10));
/// assert_eq!(e.stores[0], 10); // the mover's kazan gained 10
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Landing {
    /// Nothing: an own hole, an odd count, a tuzdik, or a blocked tuzdik.
    Nothing,
    /// An even capture of this many balls.
    Capture(u8),
    /// A new tuzdik (3 balls taken).
    Tuzdik,
}

impl Landing {
    /// What the Toguz Kumalak move whose effect is `effect` did where its last ball landed: a
    /// new tuzdik if it marked one, an even capture if it captured, else nothing.
    pub fn of(effect: &Effect) -> Landing {
        if !effect.marked.is_empty() {
            Landing::Tuzdik
        } else if effect.captures() {
            Landing::Capture(effect.captured_seeds.min(u32::from(u8::MAX)) as u8)
        } else {
            Landing::Nothing
        }
    }
}
