//! Oware moves and their notation: the letter of the house a move starts from.

use std::fmt;
use std::str::FromStr;

use super::OwareSettings;
use crate::error::MoveParseError;
use crate::movelist::MoveList;
use crate::player::Player;

/// An Oware move: the house it starts from, `1..=n` counted anticlockwise from the mover's
/// left.
///
/// Its notation is the house's letter: South's houses are `A`..`F` and North's `a`..`f`,
/// each from its owner's left, as the Oware article of Wikipedia and OpenSpiel's `oware`
/// label them (South's `A` faces North's `f`). Read without a position, either case names
/// the house by its place in the mover's row; [`Ruleset::parse_move`](crate::Ruleset::parse_move)
/// checks the case against the side to move, and
/// [`Ruleset::format_move`](crate::Ruleset::format_move) writes the mover's case.
/// `Display` writes South's (upper) case.
///
/// ```
/// use sowing::oware::OwareMove;
/// assert_eq!("C".parse::<OwareMove>().unwrap(), OwareMove(3));
/// assert_eq!("c".parse::<OwareMove>().unwrap(), OwareMove(3));
/// assert_eq!(OwareMove(1).to_string(), "A");
/// assert_eq!(OwareMove(1).letter(sowing::Player::North), 'a');
/// assert!("I".parse::<OwareMove>().is_err()); // at most 8 houses: A to H
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct OwareMove(pub u8);

impl OwareMove {
    /// The house's letter as `player` writes it: upper case for South, lower for North
    /// (`?` for a house off every board).
    pub fn letter(self, player: Player) -> char {
        if self.0 == 0 || self.0 > OwareSettings::MAX_HOUSES {
            return '?';
        }
        let c = char::from(b'A' + self.0 - 1);
        match player {
            Player::South => c,
            Player::North => c.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for OwareMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 || self.0 > OwareSettings::MAX_HOUSES {
            return write!(f, "house {}", self.0);
        }
        write!(f, "{}", self.letter(Player::South))
    }
}

/// What a move looks like when the board is not known.
const MOVE_SYNTAX: &str = "a house letter A to H (South) or a to h (North)";

/// What a move looks like for `player` on a board of `houses` houses a row (`1..=8`): the
/// `expected` text of [`MoveParseError::Syntax`] once the position is known.
pub(crate) fn move_syntax(houses: u8, player: Player) -> &'static str {
    const SOUTH: [&str; 8] = [
        "the house letter A",
        "a house letter A to B",
        "a house letter A to C",
        "a house letter A to D",
        "a house letter A to E",
        "a house letter A to F",
        "a house letter A to G",
        "a house letter A to H",
    ];
    const NORTH: [&str; 8] = [
        "the house letter a",
        "a house letter a to b",
        "a house letter a to c",
        "a house letter a to d",
        "a house letter a to e",
        "a house letter a to f",
        "a house letter a to g",
        "a house letter a to h",
    ];
    let i = usize::from(houses.clamp(1, OwareSettings::MAX_HOUSES)) - 1;
    match player {
        Player::South => SOUTH[i],
        Player::North => NORTH[i],
    }
}

/// The house and the side whose case the letter is written in.
pub(crate) fn read(text: &str) -> Option<(OwareMove, Player)> {
    let mut chars = text.trim().chars();
    let c = chars.next()?;
    if chars.next().is_some() || !c.is_ascii_alphabetic() {
        return None;
    }
    let house = c.to_ascii_uppercase() as u8 - b'A' + 1;
    if house > OwareSettings::MAX_HOUSES {
        return None;
    }
    let side = if c.is_ascii_uppercase() {
        Player::South
    } else {
        Player::North
    };
    Some((OwareMove(house), side))
}

impl FromStr for OwareMove {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        read(text)
            .map(|(mv, _)| mv)
            .ok_or_else(|| MoveParseError::Syntax {
                text: text.to_string(),
                expected: MOVE_SYNTAX,
            })
    }
}

crate::serde_as_text!(OwareMove);

/// Up to 8 house moves.
pub type OwareMoves = MoveList<OwareMove, 8>;
