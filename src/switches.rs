//! Option text, one grammar for ruleset text (`kalah:pits=4,empty-capture`) and agent text
//! (`alphabeta:depth=8,qs=on`): `<name>[:<option>,...]`.
//!
//! An option is a bare name (`empty-capture`) or `name=value` (`pits=4`). Spaces around the
//! name, the options and their values are ignored, and so are empty options (`kalah:`,
//! `alphabeta:depth=4,`). Each game reads the switches it knows with the helpers here and
//! reports any other as [`RulesetParseError::UnknownSwitch`]; the agents of
//! [`AgentSpec`](crate::search::AgentSpec) read theirs the same way, with errors of the same
//! shape ([`AgentSpecError`](crate::search::AgentSpecError)).
//!
//! A ruleset of your own can parse its text with them too (its `FromStr` gives a
//! [`RulesetParseError`]):
//!
//! ```
//! use sowing::RulesetParseError;
//! use sowing::switches::split_for;
//!
//! /// `pebbles[:heaps=N][,misere]`
//! fn parse(text: &str) -> Result<(i64, bool), RulesetParseError> {
//!     let (mut heaps, mut misere) = (3, false);
//!     for sw in split_for(text, "pebbles")? {
//!         match sw.name {
//!             "heaps" => heaps = sw.number("pebbles")?,
//!             "misere" => misere = sw.flag("pebbles").map(|()| true)?,
//!             _ => return Err(sw.unknown("pebbles")),
//!         }
//!     }
//!     Ok((heaps, misere))
//! }
//! assert_eq!(parse("pebbles:heaps=5, misere"), Ok((5, true)));
//! assert_eq!(parse("pebbles"), Ok((3, false)));
//! assert!(matches!(parse("pebbles:heaps"), Err(RulesetParseError::BadSwitch { .. })));
//! assert!(matches!(parse("pebbles:heap=5"), Err(RulesetParseError::UnknownSwitch { .. })));
//! assert!(matches!(parse("nim"), Err(RulesetParseError::UnknownGame { .. })));
//! ```

use std::str::FromStr;

use crate::error::{RulesetParseError, SettingsError};

/// The errors of one kind of option text, so that ruleset text and agent text report the
/// same problems in the same shape: the owner (game or agent), the option as written, and
/// what is wrong.
pub(crate) trait OptionErrors: Sized {
    /// The owner has no such option (`option` as written, with any value).
    fn unknown(owner: &'static str, option: String) -> Self;
    /// The option is written wrong: `problem` says how ("takes no value").
    fn malformed(owner: &'static str, option: String, problem: &'static str) -> Self;
    /// The option's value is not one it takes: `expected` says what it takes.
    fn bad_value(
        owner: &'static str,
        option: String,
        value: String,
        expected: &'static str,
    ) -> Self;
}

impl OptionErrors for RulesetParseError {
    fn unknown(game: &'static str, switch: String) -> Self {
        RulesetParseError::UnknownSwitch { game, switch }
    }
    fn malformed(game: &'static str, switch: String, problem: &'static str) -> Self {
        RulesetParseError::BadSwitch {
            game,
            switch,
            problem,
        }
    }
    fn bad_value(
        game: &'static str,
        switch: String,
        value: String,
        expected: &'static str,
    ) -> Self {
        RulesetParseError::BadValue {
            game,
            switch,
            value,
            expected,
        }
    }
}

/// One switch of ruleset text (one option of agent text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switch<'a> {
    /// The name before `=`, or the whole switch.
    pub name: &'a str,
    /// The text after `=`, if any.
    pub value: Option<&'a str>,
}

impl<'a> Switch<'a> {
    /// Checks that the switch is a bare name (no `=value`).
    ///
    /// # Errors
    /// [`RulesetParseError::BadSwitch`] when it has a value.
    pub fn flag(&self, game: &'static str) -> Result<(), RulesetParseError> {
        self.flag_as(game)
    }

    /// The switch's value as text.
    ///
    /// # Errors
    /// [`RulesetParseError::BadSwitch`] when it has no value.
    pub fn text(&self, game: &'static str) -> Result<&'a str, RulesetParseError> {
        self.text_as(game)
    }

    /// The switch's value as a whole number; range checks are the settings' job.
    ///
    /// # Errors
    /// [`RulesetParseError::BadSwitch`] without a value, [`RulesetParseError::BadValue`] when it
    /// is not a whole number.
    pub fn number(&self, game: &'static str) -> Result<i64, RulesetParseError> {
        self.parse_as(game, "a whole number")
    }

    /// An error saying the game has no such switch.
    pub fn unknown(&self, game: &'static str) -> RulesetParseError {
        self.unknown_as(game)
    }

    /// [`flag`](Self::flag), with the errors of `E`.
    pub(crate) fn flag_as<E: OptionErrors>(&self, owner: &'static str) -> Result<(), E> {
        match self.value {
            None => Ok(()),
            Some(_) => Err(E::malformed(owner, self.name.to_string(), "takes no value")),
        }
    }

    /// [`text`](Self::text), with the errors of `E`.
    pub(crate) fn text_as<E: OptionErrors>(&self, owner: &'static str) -> Result<&'a str, E> {
        self.value
            .ok_or_else(|| E::malformed(owner, self.name.to_string(), "needs a value (name=value)"))
    }

    /// The value parsed as a `T`, or the error of `E` saying it should be `expected`.
    pub(crate) fn parse_as<T: FromStr, E: OptionErrors>(
        &self,
        owner: &'static str,
        expected: &'static str,
    ) -> Result<T, E> {
        let text = self.text_as(owner)?;
        text.parse::<T>()
            .map_err(|_| self.bad_value(owner, expected))
    }

    /// The error of `E` saying that the value should be `expected`.
    pub(crate) fn bad_value<E: OptionErrors>(
        &self,
        owner: &'static str,
        expected: &'static str,
    ) -> E {
        E::bad_value(
            owner,
            self.name.to_string(),
            self.value.unwrap_or("").to_string(),
            expected,
        )
    }

    /// [`unknown`](Self::unknown), with the errors of `E`.
    pub(crate) fn unknown_as<E: OptionErrors>(&self, owner: &'static str) -> E {
        let switch = match self.value {
            Some(v) => format!("{}={}", self.name, v),
            None => self.name.to_string(),
        };
        E::unknown(owner, switch)
    }
}

/// Splits ruleset text into the game name and its switches (no semantic checks).
///
/// # Errors
/// [`RulesetParseError::BadSwitch`] for a switch with a value but no name (`=4`).
///
/// ```
/// use sowing::switches::split;
/// let (game, switches) = split("kalah:pits=4,empty-capture").unwrap();
/// assert_eq!(game, "kalah");
/// assert_eq!(switches.len(), 2);
/// assert_eq!(switches[0].value, Some("4"));
/// ```
pub fn split(text: &str) -> Result<(&str, Vec<Switch<'_>>), RulesetParseError> {
    split_as(text, "ruleset")
}

/// [`split`], with the errors of `E` (`owner` names the kind of text in them).
pub(crate) fn split_as<'a, E: OptionErrors>(
    text: &'a str,
    owner: &'static str,
) -> Result<(&'a str, Vec<Switch<'a>>), E> {
    let text = text.trim();
    let (name, rest) = text.split_once(':').unwrap_or((text, ""));
    let mut switches = Vec::new();
    for part in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = match part.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (part, None),
        };
        if name.is_empty() {
            return Err(E::malformed(owner, part.to_string(), "has no name"));
        }
        switches.push(Switch { name, value });
    }
    Ok((name.trim(), switches))
}

/// The game's name ruleset text starts with: the text before the first colon, trimmed; the
/// switches after it are not read.
///
/// ```
/// assert_eq!(sowing::switches::game_name(" kalah : pits=4"), "kalah");
/// assert_eq!(sowing::switches::game_name("oware"), "oware");
/// ```
pub fn game_name(text: &str) -> &str {
    let text = text.trim();
    text.split_once(':').map_or(text, |(name, _)| name).trim()
}

/// Splits ruleset text and checks that it names `game`.
///
/// # Errors
/// As [`split`], and [`RulesetParseError::UnknownGame`] when it names another game.
pub fn split_for<'a>(
    text: &'a str,
    game: &'static str,
) -> Result<Vec<Switch<'a>>, RulesetParseError> {
    let (name, switches) = split(text)?;
    if name != game {
        return Err(RulesetParseError::UnknownGame {
            game: name.to_string(),
            known: vec![game],
        });
    }
    Ok(switches)
}

/// Records that `name` was set.
///
/// # Errors
/// [`RulesetParseError::Repeated`] when it was set before.
pub fn once(
    seen: &mut Vec<&'static str>,
    game: &'static str,
    name: &'static str,
) -> Result<(), RulesetParseError> {
    if seen.contains(&name) {
        return Err(RulesetParseError::Repeated {
            game,
            switch: name.to_string(),
        });
    }
    seen.push(name);
    Ok(())
}

/// Implements `Serialize` and `Deserialize` (with the `serde` feature) for a type through its
/// `Display` and `FromStr`:
/// rulesets, settings and states serialize as their text, and deserializing parses (and so
/// validates) it.
macro_rules! serde_as_text {
    ($t:ty) => {
        #[cfg(feature = "serde")]
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        #[cfg(feature = "serde")]
        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <::std::string::String as ::serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}

/// Implements ruleset text for a ruleset type `R` with a `settings: S` field and a
/// `R::new(S) -> Result<R, SettingsError>` constructor: `FromStr` parses the settings then
/// builds the ruleset, `Display` prints the settings, and serde goes through that text.
macro_rules! ruleset_text {
    ($ruleset:ident, $settings:ty) => {
        impl ::std::str::FromStr for $ruleset {
            type Err = $crate::RulesetParseError;
            fn from_str(text: &str) -> Result<Self, Self::Err> {
                let settings: $settings = text.parse()?;
                Ok($ruleset::new(settings)?)
            }
        }

        impl ::std::fmt::Display for $ruleset {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(&self.settings, f)
            }
        }

        $crate::serde_as_text!($ruleset);
    };
}

/// Checks a two-row board's size settings: `holes` a side in `1..=max_holes`, at least one
/// seed a hole, and `2 * holes * seeds` at most `max_total`. The names are the settings' own
/// in ruleset text (`pits`/`seeds` for Kalah, `holes`/`balls` for Toguz Kumalak).
pub(crate) fn check_board(
    (holes_name, holes, max_holes): (&'static str, u8, u8),
    (seeds_name, seeds): (&'static str, u8),
    max_total: u32,
) -> Result<(), SettingsError> {
    if holes == 0 || holes > max_holes {
        return Err(SettingsError::OutOfRange {
            setting: holes_name,
            value: holes.into(),
            min: 1,
            max: max_holes.into(),
        });
    }
    if seeds == 0 {
        return Err(SettingsError::OutOfRange {
            setting: seeds_name,
            value: 0,
            min: 1,
            max: (max_total / (2 * u32::from(holes))).into(),
        });
    }
    let total = 2 * u32::from(holes) * u32::from(seeds);
    if total > max_total {
        return Err(SettingsError::TooManySeeds {
            total: total.into(),
            max: max_total.into(),
        });
    }
    Ok(())
}

pub(crate) use {ruleset_text, serde_as_text};
