//! A ruleset chosen at run time from its text name, for programs that let users pick the game.
//!
//! Each game is its own type, so code that works for any game is generic over [`Ruleset`].
//! [`AnyRuleset`] parses any ruleset text and hands the concrete ruleset to a
//! [`RulesetVisitor`]: the generic code is then compiled once per game, with no dispatch on the
//! hot path.
//!
//! ```
//! use sowing::any::{AnyRuleset, RulesetVisitor};
//! use sowing::{perft, Ruleset};
//!
//! struct Perft(u32);
//! impl RulesetVisitor for Perft {
//!     type Output = u64;
//!     fn visit<R: Ruleset>(self, rules: R) -> u64 {
//!         perft(&rules, &rules.start(), self.0)
//!     }
//! }
//!
//! let rules: AnyRuleset = "kalah:pits=4,seeds=3,empty-capture".parse().unwrap();
//! assert_eq!(rules.visit(Perft(5)), 488);
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::RulesetParseError;
use crate::kalah::Kalah;
use crate::picture::Picture;
use crate::ruleset::Ruleset;
use crate::switches;
use crate::toguz::Toguz;
use crate::tsoro::Tsoro;

/// Any ruleset of the crate.
// Rulesets are built once per game and handed to the visitor by value: their sizes differ
// (Kalah's hash tables), which costs nothing on any hot path.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRuleset {
    /// Kalah.
    Kalah(Kalah),
    /// Toguz Kumalak.
    Toguz(Toguz),
    /// Tsoro.
    Tsoro(Tsoro),
}

/// Generic code to run on whichever ruleset an [`AnyRuleset`] holds.
///
/// Every ruleset of the crate draws pictures too, so the visit may use [`Picture`]; an
/// implementation that needs only the rules may write the shorter bound `R: Ruleset`.
pub trait RulesetVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the concrete ruleset.
    fn visit<R: Ruleset + crate::search::Heuristic + Picture>(self, rules: R) -> Self::Output;
}

impl AnyRuleset {
    /// Runs `visitor` on the concrete ruleset.
    pub fn visit<V: RulesetVisitor>(self, visitor: V) -> V::Output {
        match self {
            AnyRuleset::Kalah(r) => visitor.visit(r),
            AnyRuleset::Toguz(r) => visitor.visit(r),
            AnyRuleset::Tsoro(r) => visitor.visit(r),
        }
    }

    /// The game names this build knows, as ruleset text starts them.
    pub const GAMES: &'static [&'static str] = &[Kalah::GAME, Toguz::GAME, Tsoro::GAME];
}

impl FromStr for AnyRuleset {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (game, _) = switches::split(text)?;
        match game {
            Kalah::GAME => Ok(AnyRuleset::Kalah(text.parse()?)),
            Toguz::GAME => Ok(AnyRuleset::Toguz(text.parse()?)),
            Tsoro::GAME => Ok(AnyRuleset::Tsoro(text.parse()?)),
            other => Err(RulesetParseError::UnknownGame(other.to_string())),
        }
    }
}

impl fmt::Display for AnyRuleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyRuleset::Kalah(r) => r.fmt(f),
            AnyRuleset::Toguz(r) => r.fmt(f),
            AnyRuleset::Tsoro(r) => r.fmt(f),
        }
    }
}
