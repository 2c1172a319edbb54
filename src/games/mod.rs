//! The one list of the crate's games, and the run-time choice among a list of games.
//!
//! Each game is its own type, so code that works for any game is generic over its traits
//! ([`Game`] gathers the ones every layer of the crate uses). A program that lets its users
//! pick the game at run time holds a *list of games*: an enum with one variant per ruleset
//! type, made by [`ruleset_list!`](crate::ruleset_list). It parses any of its games' ruleset
//! text and hands the concrete ruleset to a [`RulesetVisitor`], so the generic code is
//! compiled once per game, with no dispatch on the hot path.
//!
//! The crate's own list is [`AnyRuleset`], written out once, in [`with_games!`](crate::with_games):
//! the error messages, the record module's run-time reading, the engine protocol, the
//! command-line tools and the Python bindings all follow from it. Adding a game to the crate
//! is its folder and one line there.
//!
//! ```
//! use sowing::games::{AnyRuleset, RulesetVisitor, Game};
//! use sowing::{perft, Ruleset};
//!
//! struct Perft(u32);
//! impl RulesetVisitor for Perft {
//!     type Output = u64;
//!     fn visit<R: Game>(self, rules: R) -> u64 {
//!         perft(&rules, &rules.start(), self.0)
//!     }
//! }
//!
//! let rules: AnyRuleset = "kalah:pits=4,seeds=3,empty-capture".parse().unwrap();
//! assert_eq!(rules.visit(Perft(5)), 488);
//! assert_eq!(AnyRuleset::GAMES, ["kalah", "toguz", "tsoro", "oware"]);
//! let unknown = "nim".parse::<AnyRuleset>().unwrap_err();
//! assert_eq!(unknown.to_string(), r#"unknown game "nim" (known: kalah, toguz, tsoro, oware)"#);
//! ```
//!
//! # A list of your own
//! A game written outside the crate joins every layer the same way: a list that holds it
//! (alone, or beside the crate's games) is made with [`ruleset_list!`](crate::ruleset_list),
//! and [`with_games!`](crate::with_games) spells out the crate's games for it:
//!
//! ```
//! # use sowing::kalah::Kalah;
//! // The crate's three games and a fourth, Kalah under a name of its own here for brevity;
//! // a real list names the new game's ruleset type.
//! sowing::with_games!(sowing::ruleset_list! {
//!     /// The games of my server.
//!     #[derive(Clone, Debug, PartialEq)]
//!     pub enum MyRules
//! });
//! let rules: MyRules = "toguz".parse().unwrap();
//! assert!(matches!(rules, MyRules::Toguz(_)));
//! ```

mod records;

pub use records::{AnyGame, form_in, forms, read_any, read_any_in, read_one_in};

use crate::error::RulesetParseError;
use crate::pgn::Dialect;
use crate::picture::Picture;
use crate::ruleset::Ruleset;
use crate::search::Heuristic;

/// Everything the crate's layers ask of a game: its rules ([`Ruleset`]), the search's
/// knowledge of it ([`Heuristic`]), its pictures ([`Picture`]) and its record forms
/// ([`Dialect`]). Implemented for every type that implements them; each has defaults for
/// everything but the rules, so a game of your own adds `impl Heuristic for MyGame {}`,
/// `impl Picture for MyGame {}` and `impl Dialect for MyGame {}` (or its own evaluation,
/// board and forms). The engine protocol, the command-line driver and the run-time lists
/// take any `Game`.
pub trait Game: Ruleset + Heuristic + Picture + Dialect {}

impl<T: Ruleset + Heuristic + Picture + Dialect> Game for T {}

/// The name of game `R`, as its ruleset text starts: [`Ruleset::GAME`], as a function the
/// list macros call (in constants too).
pub const fn name_of<R: Ruleset>() -> &'static str {
    R::GAME
}

/// Generic code to run on each game *type* of a list, in order, until one answers
/// ([`GameList::find`]): for what a game knows before any ruleset is at hand.
pub trait GameFinder {
    /// What the search finds.
    type Output;
    /// `Some` to stop at game `R` with an answer, `None` to go on to the next game.
    fn find<R: Game>(&mut self) -> Option<Self::Output>;
}

/// Generic code to run on whichever ruleset a list of games holds.
pub trait RulesetVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the concrete ruleset.
    fn visit<R: Game>(self, rules: R) -> Self::Output;
}

/// A list of games chosen among at run time: parsed from any of its games' ruleset text,
/// printed back as that text, and visited as the concrete ruleset. Made by
/// [`ruleset_list!`](crate::ruleset_list); [`AnyRuleset`] is the crate's.
///
/// A single game is a list of one through [`Only`].
pub trait GameList:
    Clone
    + std::fmt::Debug
    + std::fmt::Display
    + std::str::FromStr<Err = RulesetParseError>
    + Send
    + Sync
    + 'static
{
    /// The names of the list's games, as ruleset text starts them, in the list's order.
    const GAMES: &'static [&'static str];

    /// The name of the game this value holds.
    fn game(&self) -> &'static str;

    /// Runs `visitor` on the concrete ruleset.
    fn visit<V: RulesetVisitor>(self, visitor: V) -> V::Output;

    /// Runs `finder` on each game type of the list, in order, until one answers.
    fn find<F: GameFinder>(finder: F) -> Option<F::Output>;
}

/// One game as a [`GameList`]: its ruleset text is the only text the list reads.
///
/// ```
/// use sowing::games::{GameList, Only};
/// use sowing::tsoro::Tsoro;
///
/// let rules: Only<Tsoro> = "tsoro:bonus=3".parse().unwrap();
/// assert_eq!(Only::<Tsoro>::GAMES, ["tsoro"]);
/// assert_eq!(rules.to_string(), "tsoro:bonus=3");
/// assert!("kalah".parse::<Only<Tsoro>>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Only<R>(pub R);

impl<R: Game> GameList for Only<R> {
    const GAMES: &'static [&'static str] = &[R::GAME];

    fn game(&self) -> &'static str {
        R::GAME
    }

    fn visit<V: RulesetVisitor>(self, visitor: V) -> V::Output {
        visitor.visit(self.0)
    }

    fn find<F: GameFinder>(mut finder: F) -> Option<F::Output> {
        finder.find::<R>()
    }
}

impl<R: Ruleset> std::str::FromStr for Only<R> {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Only)
    }
}

impl<R: Ruleset> std::fmt::Display for Only<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.0, f)
    }
}

/// The crate's games, listed once: calls the macro it is given with the list appended to
/// the tokens it is given, as `Variant => ruleset type, "name for people";` entries in
/// brackets.
///
/// `sowing::with_games!(m! { tokens })` expands to `m! { tokens [ Kalah => sowing::kalah::Kalah,
/// "Kalah"; ... ] }`; more games may follow the crate's: `sowing::with_games!(m! { tokens } +
/// [ Mine => my::Mine, "Mine"; ])`. The crate makes [`AnyRuleset`] this way, and the Python
/// bindings their dispatch; see [`ruleset_list!`](crate::ruleset_list) for a list of your
/// own.
///
/// ```
/// macro_rules! names {
///     ([$($variant:ident => $rules:ty, $name:literal;)*]) => { [$($name),*] };
/// }
/// assert_eq!(sowing::with_games!(names! {}), ["Kalah", "Toguz Kumalak", "Tsoro", "Oware"]);
/// ```
#[macro_export]
macro_rules! with_games {
    ($($callback:ident)::+ ! { $($tokens:tt)* } $(+ [ $($more:tt)* ])?) => {
        $($callback)::+ ! { $($tokens)* [
            Kalah => $crate::kalah::Kalah, "Kalah";
            Toguz => $crate::toguz::Toguz, "Toguz Kumalak";
            Tsoro => $crate::tsoro::Tsoro, "Tsoro";
            Oware => $crate::oware::Oware, "Oware";
            $($($more)*)?
        ] }
    };
}

/// Makes a list of games: an enum with one variant per ruleset type, and its [`GameList`],
/// `FromStr` (by the game's name before the colon of the ruleset text), `Display` and
/// `From` each ruleset.
///
/// ```
/// use sowing::games::GameList;
/// use sowing::kalah::Kalah;
/// use sowing::tsoro::Tsoro;
///
/// sowing::ruleset_list! {
///     /// Two of the crate's games.
///     #[derive(Clone, Debug, PartialEq)]
///     pub enum TwoGames [
///         Kalah => Kalah, "Kalah";
///         Tsoro => Tsoro, "Tsoro";
///     ]
/// }
///
/// assert_eq!(TwoGames::GAMES, ["kalah", "tsoro"]);
/// let rules: TwoGames = "kalah:pits=4".parse().unwrap();
/// assert_eq!(rules.game(), "kalah");
/// assert_eq!(rules.to_string(), "kalah:pits=4");
/// let err = "toguz".parse::<TwoGames>().unwrap_err();
/// assert_eq!(err.to_string(), r#"unknown game "toguz" (known: kalah, tsoro)"#);
/// assert_eq!(TwoGames::from(Tsoro::default()), "tsoro".parse().unwrap());
/// ```
#[macro_export]
macro_rules! ruleset_list {
    (
        $(#[$attr:meta])*
        $vis:vis enum $list:ident
        [ $($variant:ident => $rules:ty, $name:literal;)* ]
    ) => {
        $(#[$attr])*
        $vis enum $list {
            $(
                #[doc = $name]
                $variant($rules),
            )*
        }

        impl $list {
            /// The names of the list's games, as ruleset text starts them.
            pub const GAMES: &'static [&'static str] =
                &[$($crate::games::name_of::<$rules>()),*];

            /// Runs `visitor` on the concrete ruleset.
            pub fn visit<V: $crate::games::RulesetVisitor>(self, visitor: V) -> V::Output {
                match self {
                    $($list::$variant(rules) => visitor.visit(rules),)*
                }
            }
        }

        impl $crate::games::GameList for $list {
            const GAMES: &'static [&'static str] = $list::GAMES;

            fn game(&self) -> &'static str {
                match self {
                    $($list::$variant(_) => $crate::games::name_of::<$rules>(),)*
                }
            }

            fn visit<V: $crate::games::RulesetVisitor>(self, visitor: V) -> V::Output {
                $list::visit(self, visitor)
            }

            fn find<F: $crate::games::GameFinder>(mut finder: F) -> ::std::option::Option<F::Output> {
                $(
                    if let ::std::option::Option::Some(found) = finder.find::<$rules>() {
                        return ::std::option::Option::Some(found);
                    }
                )*
                ::std::option::Option::None
            }
        }

        impl ::std::str::FromStr for $list {
            type Err = $crate::error::RulesetParseError;
            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                let (game, _) = $crate::switches::split(text)?;
                $(
                    if game == $crate::games::name_of::<$rules>() {
                        return text.parse::<$rules>().map($list::$variant);
                    }
                )*
                ::std::result::Result::Err($crate::error::RulesetParseError::UnknownGame {
                    game: game.to_string(),
                    known: $list::GAMES.to_vec(),
                })
            }
        }

        impl ::std::fmt::Display for $list {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                match self {
                    $($list::$variant(rules) => ::std::fmt::Display::fmt(rules, f),)*
                }
            }
        }

        $(
            impl ::std::convert::From<$rules> for $list {
                fn from(rules: $rules) -> Self {
                    $list::$variant(rules)
                }
            }
        )*
    };
}

with_games!(ruleset_list! {
    /// Any ruleset of the crate: the crate's one list of games ([`with_games!`](crate::with_games)).
    // Rulesets are built once per game and handed to the visitor by value: their sizes differ
    // (Kalah's hash tables), which costs nothing on any hot path.
    #[allow(clippy::large_enum_variant)]
    #[derive(Clone, Debug, PartialEq)]
    pub enum AnyRuleset
});
