//! [`Position`]: a state together with the ruleset it is valid under.

use std::fmt;

use crate::error::PositionError;
use crate::ruleset::Ruleset;

/// A state checked against its ruleset, carrying both: the self-describing form to store or
/// send a position.
///
/// It serializes as `{"rules": "<ruleset text>", "position": "<position text>"}`, and
/// deserializing validates the position against the ruleset, so a deserialized `Position` is
/// always one the rules can reach or set up.
///
/// ```
/// use sowing::{Position, Ruleset};
/// use sowing::kalah::Kalah;
///
/// let kalah: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
/// let pos = Position::new(kalah.clone(), kalah.start()).unwrap();
/// assert_eq!(pos.to_string(), "3,3,3,3/3,3,3,3 0 0 S");
/// // A state with too many seeds for Kalah(4,3) is refused.
/// let state = "3,3,3,3/3,3,3,9 0 0 S".parse().unwrap();
/// assert!(Position::new(kalah, state).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position<R: Ruleset> {
    rules: R,
    state: R::State,
}

impl<R: Ruleset> Position<R> {
    /// Pairs `state` with `rules` after checking it with [`Ruleset::validate`].
    ///
    /// # Errors
    /// [`PositionError`] when the state cannot occur under `rules`.
    pub fn new(rules: R, state: R::State) -> Result<Self, PositionError> {
        rules.validate(&state)?;
        Ok(Position { rules, state })
    }

    /// The start position of `rules`.
    pub fn start(rules: R) -> Self {
        let state = rules.start();
        Position { rules, state }
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The state.
    pub fn state(&self) -> &R::State {
        &self.state
    }

    /// Both parts.
    pub fn into_parts(self) -> (R, R::State) {
        (self.rules, self.state)
    }
}

impl<R: Ruleset> fmt::Display for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.state, f)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Position;
    use crate::ruleset::Ruleset;

    #[derive(Serialize, Deserialize)]
    struct PositionText {
        rules: String,
        position: String,
    }

    impl<R: Ruleset> Serialize for Position<R> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            PositionText {
                rules: self.rules.to_string(),
                position: self.state.to_string(),
            }
            .serialize(s)
        }
    }

    impl<'de, R: Ruleset> Deserialize<'de> for Position<R> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let text = PositionText::deserialize(d)?;
            let rules: R = text.rules.parse().map_err(D::Error::custom)?;
            let state = rules
                .parse_position(&text.position)
                .map_err(D::Error::custom)?;
            Ok(Position { rules, state })
        }
    }
}
