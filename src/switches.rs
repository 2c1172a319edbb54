//! Ruleset text: `<game>[:<switch>,...]`, shared by every game.
//!
//! A switch is a bare name (`empty-capture`) or `name=value` (`pits=4`). Each game reads the
//! switches it knows with the helpers here and reports any other as
//! [`RulesetParseError::UnknownSwitch`].

use crate::error::{RulesetParseError, SettingsError};

/// One switch of ruleset text.
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
        match self.value {
            None => Ok(()),
            Some(_) => Err(RulesetParseError::BadSwitch {
                game,
                switch: self.name.to_string(),
                problem: "takes no value",
            }),
        }
    }

    /// The switch's value as text.
    ///
    /// # Errors
    /// [`RulesetParseError::BadSwitch`] when it has no value.
    pub fn text(&self, game: &'static str) -> Result<&'a str, RulesetParseError> {
        self.value.ok_or_else(|| RulesetParseError::BadSwitch {
            game,
            switch: self.name.to_string(),
            problem: "needs a value (name=value)",
        })
    }

    /// The switch's value as a whole number; range checks are the settings' job.
    ///
    /// # Errors
    /// [`RulesetParseError::BadSwitch`] without a value, [`RulesetParseError::BadValue`] when it
    /// is not a whole number.
    pub fn number(&self, game: &'static str) -> Result<i64, RulesetParseError> {
        let text = self.text(game)?;
        text.parse::<i64>()
            .map_err(|_| RulesetParseError::BadValue {
                game,
                switch: self.name.to_string(),
                value: text.to_string(),
                expected: "a whole number",
            })
    }

    /// An error saying the game has no such switch.
    pub fn unknown(&self, game: &'static str) -> RulesetParseError {
        let switch = match self.value {
            Some(v) => format!("{}={}", self.name, v),
            None => self.name.to_string(),
        };
        RulesetParseError::UnknownSwitch { game, switch }
    }
}

/// Splits ruleset text into the game name and its switches (no semantic checks).
///
/// # Errors
/// [`RulesetParseError`] when the text has no game name or an empty or malformed switch.
///
/// ```
/// use sowing::switches::split;
/// let (game, switches) = split("kalah:pits=4,empty-capture").unwrap();
/// assert_eq!(game, "kalah");
/// assert_eq!(switches.len(), 2);
/// assert_eq!(switches[0].value, Some("4"));
/// ```
pub fn split(text: &str) -> Result<(&str, Vec<Switch<'_>>), RulesetParseError> {
    let text = text.trim();
    let (game, rest) = match text.split_once(':') {
        Some((g, r)) => (g, Some(r)),
        None => (text, None),
    };
    let mut switches = Vec::new();
    if let Some(rest) = rest {
        for part in rest.split(',') {
            let part = part.trim();
            let (name, value) = match part.split_once('=') {
                Some((n, v)) => (n.trim(), Some(v.trim())),
                None => (part, None),
            };
            if name.is_empty() {
                return Err(RulesetParseError::BadSwitch {
                    game: "ruleset",
                    switch: part.to_string(),
                    problem: "is empty",
                });
            }
            switches.push(Switch { name, value });
        }
    }
    Ok((game, switches))
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
        return Err(RulesetParseError::UnknownGame(name.to_string()));
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
