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
//! assert_eq!(AnyRuleset::GAMES, ["kalah", "toguz", "tsoro", "oware", "mancala"]);
//! let unknown = "nim".parse::<AnyRuleset>().unwrap_err();
//! assert_eq!(unknown.to_string(), r#"unknown game "nim" (known: kalah, toguz, tsoro, oware, mancala)"#);
//! ```
//!
//! # A list of your own
//! A game written outside the crate joins every layer the same way: a list that holds it
//! (alone, or beside the crate's games) is made with [`ruleset_list!`](crate::ruleset_list),
//! and [`with_games!`](crate::with_games) spells out the crate's games for it:
//!
//! ```
//! # use sowing::kalah::Kalah;
//! // The crate's four games and a fifth, Kalah under a name of its own here for brevity;
//! // a real list names the new game's ruleset type.
//! sowing::with_games!(sowing::ruleset_list! {
//!     /// The games of my server.
//!     #[derive(Clone, Debug, PartialEq)]
//!     pub enum MyRules
//! });
//! let rules: MyRules = "toguz".parse().unwrap();
//! assert!(matches!(rules, MyRules::Toguz(_)));
//! ```

mod each;
mod names;
mod records;

pub use each::{
    Family, GameRecords, Member, Moves, Records, Rulesets, States, Visit, VisitMut, VisitRef,
};
pub use names::{NameIndex, duplicate_name};
pub use records::{AnyGame, form_in, forms, read_any, read_any_in, read_one_in};

use crate::encode::HasEncoding;
use crate::error::RulesetParseError;
use crate::pgn::{Dialect, Form};
use crate::picture::Picture;
use crate::ruleset::Ruleset;
use crate::search::Heuristic;

/// Everything the crate's layers ask of a game: its rules ([`Ruleset`]), the search's
/// knowledge of it ([`Heuristic`]), its pictures ([`Picture`]), its record forms
/// ([`Dialect`]) and its encoding where it has one ([`HasEncoding`]). Implemented for every
/// type that implements them; each has defaults for everything but the rules, so a game of
/// your own adds `impl Heuristic for MyGame {}`, `impl Picture for MyGame {}`, `impl Dialect
/// for MyGame {}` and `impl HasEncoding for MyGame {}` (or its own evaluation, board, forms
/// and encoding). The engine protocol, the command-line driver and the run-time lists take
/// any `Game`.
pub trait Game: Ruleset + Heuristic + Picture + Dialect + HasEncoding {}

impl<T: Ruleset + Heuristic + Picture + Dialect + HasEncoding> Game for T {}

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
///
/// A visitor that must hand back a typed value of the list (a state, a record) implements
/// [`Visit`] instead, whose games are [`Member`]s of the list.
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
/// The list is also the door to every other value of a game chosen at run time:
/// [`Each<F>`](GameList::Each) is the list's enum holding, for whichever game, what the
/// [`Family`] `F` names: its state ([`States`]), move ([`Moves`]), record read from a file
/// ([`Records`]), game record with undo ([`GameRecords`]), or a family of your own. The
/// list itself is `Each<Rulesets>`. Typed code reaches the concrete value through a
/// [`Visit`], [`VisitRef`] or [`VisitMut`] (one `match`), and each game of the list is a
/// [`Member`] of it, which puts a concrete value in the enum and takes it out, with no
/// downcast.
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
    /// For each game of the list, the value family `F` names: the list's enum over
    /// `F::Of<R>` (for a list made by [`ruleset_list!`](crate::ruleset_list), the list's own
    /// enum with `F` as its parameter: `AnyRuleset<States>`).
    type Each<F: Family>: Send + Sync + 'static;

    /// The names of the list's games, as ruleset text starts them, in the list's order.
    const GAMES: &'static [&'static str];

    /// The name of the game this value holds.
    fn game(&self) -> &'static str;

    /// Runs `visitor` on the concrete ruleset.
    fn visit<V: RulesetVisitor>(self, visitor: V) -> V::Output;

    /// Runs `finder` on each game type of the list, in order, until one answers.
    fn find<F: GameFinder>(finder: F) -> Option<F::Output>;

    /// Runs `visitor` on the concrete value `each` holds.
    fn each<F: Family, V: Visit<Self, F>>(each: Self::Each<F>, visitor: V) -> V::Output;

    /// Runs `visitor` on a reference to the concrete value `each` holds.
    fn each_ref<F: Family, V: VisitRef<Self, F>>(each: &Self::Each<F>, visitor: V) -> V::Output;

    /// Runs `visitor` on a mutable reference to the concrete value `each` holds.
    fn each_mut<F: Family, V: VisitMut<Self, F>>(each: &mut Self::Each<F>, visitor: V)
    -> V::Output;

    /// The list's ruleset as its [`Each<Rulesets>`](GameList::Each), and back
    /// ([`from_rulesets`](GameList::from_rulesets)): the same enum for a list made by
    /// [`ruleset_list!`](crate::ruleset_list).
    fn into_rulesets(self) -> Self::Each<Rulesets>;

    /// [`into_rulesets`](GameList::into_rulesets) by reference.
    fn as_rulesets(&self) -> &Self::Each<Rulesets>;

    /// The list's ruleset from its [`Each<Rulesets>`](GameList::Each).
    fn from_rulesets(each: Self::Each<Rulesets>) -> Self;

    /// The name of the game whose value `each` holds.
    fn game_of<F: Family>(each: &Self::Each<F>) -> &'static str {
        struct Name;
        impl<L: GameList, F: Family> VisitRef<L, F> for Name {
            type Output = &'static str;
            fn visit<R: Member<L>>(self, _: &F::Of<R>) -> &'static str {
                R::GAME
            }
        }
        Self::each_ref(each, Name)
    }

    /// The ruleset and form a record with no `Variant` tag is read in: those of the first
    /// game of the list whose [`Dialect::unnamed`] claims it (Toguz Kumalak's PlayOK files).
    fn unnamed() -> Option<(Self, Form)>;
}

/// One game as a [`GameList`]: its ruleset text is the only text the list reads.
///
/// `Only<R>` holds the ruleset; `Only<R, F>` is the list's [`Each<F>`](GameList::Each),
/// one value of family `F` (a state: `Only<R, States>`).
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
pub struct Only<R: Game, F: Family = Rulesets>(pub F::Of<R>);

impl<R: Game, F: Family> Clone for Only<R, F>
where
    F::Of<R>: Clone,
{
    fn clone(&self) -> Self {
        Only(self.0.clone())
    }
}

impl<R: Game, F: Family> std::fmt::Debug for Only<R, F>
where
    F::Of<R>: std::fmt::Debug,
{
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Only").field(&self.0).finish()
    }
}

impl<R: Game, F: Family> PartialEq for Only<R, F>
where
    F::Of<R>: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<R: Game + Default> Default for Only<R> {
    fn default() -> Self {
        Only(R::default())
    }
}

impl<R: Game> GameList for Only<R> {
    type Each<F: Family> = Only<R, F>;

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

    fn each<F: Family, V: Visit<Self, F>>(each: Only<R, F>, visitor: V) -> V::Output {
        visitor.visit::<R>(each.0)
    }

    fn each_ref<F: Family, V: VisitRef<Self, F>>(each: &Only<R, F>, visitor: V) -> V::Output {
        visitor.visit::<R>(&each.0)
    }

    fn each_mut<F: Family, V: VisitMut<Self, F>>(each: &mut Only<R, F>, visitor: V) -> V::Output {
        visitor.visit::<R>(&mut each.0)
    }

    fn into_rulesets(self) -> Self {
        self
    }

    fn as_rulesets(&self) -> &Self {
        self
    }

    fn from_rulesets(each: Self) -> Self {
        each
    }

    fn unnamed() -> Option<(Self, Form)> {
        R::unnamed().map(|(rules, form)| (Only(rules), form))
    }
}

impl<R: Game> Member<Only<R>> for R {
    fn wrap<F: Family>(value: F::Of<R>) -> Only<R, F> {
        Only(value)
    }

    fn get<F: Family>(each: &Only<R, F>) -> Option<&F::Of<R>> {
        Some(&each.0)
    }

    fn get_mut<F: Family>(each: &mut Only<R, F>) -> Option<&mut F::Of<R>> {
        Some(&mut each.0)
    }

    fn take<F: Family>(each: Only<R, F>) -> Result<F::Of<R>, Only<R, F>> {
        Ok(each.0)
    }
}

impl<R: Game> std::str::FromStr for Only<R> {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Only)
    }
}

impl<R: Game, F: Family> std::fmt::Display for Only<R, F>
where
    F::Of<R>: std::fmt::Display,
{
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
/// assert_eq!(sowing::with_games!(names! {}), ["Kalah", "Toguz Kumalak", "Tsoro", "Oware", "Mancala"]);
/// ```
#[macro_export]
macro_rules! with_games {
    ($($callback:ident)::+ ! { $($tokens:tt)* } $(+ [ $($more:tt)* ])?) => {
        $($callback)::+ ! { $($tokens)* [
            Kalah => $crate::kalah::Kalah, "Kalah";
            Toguz => $crate::toguz::Toguz, "Toguz Kumalak";
            Tsoro => $crate::tsoro::Tsoro, "Tsoro";
            Oware => $crate::oware::Oware, "Oware";
            Mancala => $crate::described::Mancala, "Mancala";
            $($($more)*)?
        ] }
    };
}

/// Makes a list of games: an enum with one variant per ruleset type, generic over a
/// [`Family`] (the rulesets by default), and its [`GameList`], `FromStr` (by the game's name
/// before the colon of the ruleset text, one lookup among every name of every game of the
/// list, [`Ruleset::NAMES`]), `Display` and `From` each ruleset; each game becomes a
/// [`Member`] of the list.
///
/// `List` is the ruleset; `List<States>`, `List<Moves>`, `List<Records>` (and any other
/// [`Family`]) hold a state, a move or a record of whichever game, with the same variants.
///
/// ```
/// use sowing::games::{GameList, Member, States};
/// use sowing::kalah::Kalah;
/// use sowing::tsoro::Tsoro;
/// use sowing::Ruleset;
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
///
/// // A state of whichever game, and the concrete state back out of it: the variant, or in
/// // generic code the game's `Member` of the list.
/// let start = TwoGames::<States>::Kalah(Kalah::default().start());
/// assert_eq!((start.game(), start.to_string()), ("kalah", Kalah::default().start().to_string()));
/// let kalah = <Kalah as Member<TwoGames>>::get::<States>(&start);
/// assert_eq!(kalah, Some(&Kalah::default().start()));
/// assert!(<Tsoro as Member<TwoGames>>::get::<States>(&start).is_none());
/// assert_eq!(<Tsoro as Member<TwoGames>>::wrap::<States>(Tsoro::default().start()).game(), "tsoro");
/// ```
///
/// Two games of a list may not answer to one name: a list that repeats a ruleset type, or
/// whose games' [`Ruleset::NAMES`] share a name, does not build.
///
/// ```compile_fail
/// use sowing::kalah::Kalah;
/// sowing::ruleset_list! {
///     #[derive(Clone, Debug, PartialEq)]
///     pub enum Twice [
///         Kalah => Kalah, "Kalah";
///         Again => Kalah, "Kalah again";
///     ]
/// }
/// ```
#[macro_export]
macro_rules! ruleset_list {
    (
        $(#[$attr:meta])*
        $vis:vis enum $list:ident
        [ $($variant:ident => $rules:ty, $name:literal;)* ]
    ) => {
        $(#[$attr])*
        $vis enum $list<F: $crate::games::Family = $crate::games::Rulesets> {
            $(
                #[doc = $name]
                $variant(F::Of<$rules>),
            )*
        }

        // Two games answering to one name: the list does not build (the constant's
        // evaluation panics with the name).
        const _: () = {
            const COUNT: usize = 0 $(+ <$rules as $crate::Ruleset>::NAMES.len())*;
            let _ = $crate::games::NameIndex::<COUNT>::new(&[$(<$rules as $crate::Ruleset>::NAMES),*]);
        };

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

        impl<F: $crate::games::Family> $list<F> {
            /// The name of the game whose value this is.
            pub fn game(&self) -> &'static str {
                match self {
                    $($list::$variant(_) => $crate::games::name_of::<$rules>(),)*
                }
            }
        }

        impl $crate::games::GameList for $list {
            type Each<F: $crate::games::Family> = $list<F>;

            const GAMES: &'static [&'static str] = $list::GAMES;

            fn game(&self) -> &'static str {
                $list::<$crate::games::Rulesets>::game(self)
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

            fn each<F: $crate::games::Family, V: $crate::games::Visit<Self, F>>(
                each: $list<F>,
                visitor: V,
            ) -> V::Output {
                match each {
                    $($list::$variant(value) => visitor.visit::<$rules>(value),)*
                }
            }

            fn each_ref<F: $crate::games::Family, V: $crate::games::VisitRef<Self, F>>(
                each: &$list<F>,
                visitor: V,
            ) -> V::Output {
                match each {
                    $($list::$variant(value) => visitor.visit::<$rules>(value),)*
                }
            }

            fn each_mut<F: $crate::games::Family, V: $crate::games::VisitMut<Self, F>>(
                each: &mut $list<F>,
                visitor: V,
            ) -> V::Output {
                match each {
                    $($list::$variant(value) => visitor.visit::<$rules>(value),)*
                }
            }

            fn into_rulesets(self) -> Self {
                self
            }

            fn as_rulesets(&self) -> &Self {
                self
            }

            fn from_rulesets(each: Self) -> Self {
                each
            }

            fn unnamed() -> ::std::option::Option<(Self, $crate::pgn::Form)> {
                $(
                    if let ::std::option::Option::Some((rules, form)) =
                        <$rules as $crate::pgn::Dialect>::unnamed()
                    {
                        return ::std::option::Option::Some(($list::$variant(rules), form));
                    }
                )*
                ::std::option::Option::None
            }

            fn game_of<F: $crate::games::Family>(each: &$list<F>) -> &'static str {
                each.game()
            }
        }

        $(
            impl $crate::games::Member<$list> for $rules {
                fn wrap<F: $crate::games::Family>(value: <F as $crate::games::Family>::Of<$rules>) -> $list<F> {
                    $list::$variant(value)
                }

                fn get<F: $crate::games::Family>(
                    each: &$list<F>,
                ) -> ::std::option::Option<&<F as $crate::games::Family>::Of<$rules>> {
                    #[allow(irrefutable_let_patterns, unreachable_patterns)]
                    match each {
                        $list::$variant(value) => ::std::option::Option::Some(value),
                        _ => ::std::option::Option::None,
                    }
                }

                fn get_mut<F: $crate::games::Family>(
                    each: &mut $list<F>,
                ) -> ::std::option::Option<&mut <F as $crate::games::Family>::Of<$rules>> {
                    #[allow(irrefutable_let_patterns, unreachable_patterns)]
                    match each {
                        $list::$variant(value) => ::std::option::Option::Some(value),
                        _ => ::std::option::Option::None,
                    }
                }

                fn take<F: $crate::games::Family>(
                    each: $list<F>,
                ) -> ::std::result::Result<<F as $crate::games::Family>::Of<$rules>, $list<F>> {
                    #[allow(irrefutable_let_patterns, unreachable_patterns)]
                    match each {
                        $list::$variant(value) => ::std::result::Result::Ok(value),
                        other => ::std::result::Result::Err(other),
                    }
                }
            }
        )*

        impl ::std::str::FromStr for $list {
            type Err = $crate::error::RulesetParseError;
            fn from_str(text: &str) -> ::std::result::Result<Self, Self::Err> {
                const COUNT: usize = 0 $(+ <$rules as $crate::Ruleset>::NAMES.len())*;
                const INDEX: $crate::games::NameIndex<COUNT> =
                    $crate::games::NameIndex::new(&[$(<$rules as $crate::Ruleset>::NAMES),*]);
                let game = $crate::switches::game_name(text);
                if let ::std::option::Option::Some(found) = INDEX.find(game) {
                    let mut at = 0usize;
                    $(
                        if at == found {
                            return text.parse::<$rules>().map($list::$variant);
                        }
                        at += 1;
                    )*
                    let _ = at;
                }
                ::std::result::Result::Err($crate::error::RulesetParseError::UnknownGame {
                    game: game.to_string(),
                    known: $list::GAMES.to_vec(),
                })
            }
        }

        impl<F: $crate::games::Family> ::std::fmt::Display for $list<F>
        where
            $(<F as $crate::games::Family>::Of<$rules>: ::std::fmt::Display,)*
        {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                match self {
                    $($list::$variant(value) => ::std::fmt::Display::fmt(value, f),)*
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
    ///
    /// `AnyRuleset<F>` holds family `F`'s value of whichever game: [`AnyState`],
    /// [`AnyMove`], and the records of [`AnyGame`].
    // Rulesets are built once per game and handed to the visitor by value: their sizes differ
    // (Kalah's hash tables), which costs nothing on any hot path.
    #[allow(clippy::large_enum_variant)]
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum AnyRuleset
});

/// A position of any of the crate's games.
pub type AnyState = AnyRuleset<States>;

/// A move of any of the crate's games.
pub type AnyMove = AnyRuleset<Moves>;
