//! What a list of games holds for whichever game: a [`Family`] names one value per game
//! (its ruleset, state, move, record), the list's enum holds one of them, and each game is a
//! [`Member`] of the list that puts its value in and takes it out.

use super::{Game, GameList};
use crate::pgn::PgnGame;
use crate::record::GameRecord;

/// A kind of value every game has, one type per game: [`Rulesets`] (the game's ruleset
/// type itself), [`States`], [`Moves`], [`Records`] (a record read from a file),
/// [`GameRecords`] (a game record with undo), or one of your own. A list of games holds any
/// family's value of whichever game as its [`Each<F>`](GameList::Each).
///
/// ```
/// use sowing::games::{AnyRuleset, Family, Game, Member};
/// use sowing::kalah::Kalah;
/// use sowing::Ruleset;
///
/// /// Each game's legal moves of a position.
/// struct MoveLists;
/// impl Family for MoveLists {
///     type Of<R: Game> = Vec<R::Move>;
/// }
///
/// let rules = Kalah::default();
/// let moves = AnyRuleset::<MoveLists>::Kalah(rules.legal_moves(&rules.start()).to_vec());
/// assert_eq!(moves.game(), "kalah");
/// // In code generic over the game, its `Member` of the list does the same.
/// fn first_moves<R: Member<AnyRuleset>>(rules: &R) -> AnyRuleset<MoveLists> {
///     R::wrap::<MoveLists>(rules.legal_moves(&rules.start()).to_vec())
/// }
/// assert_eq!(first_moves(&rules).game(), "kalah");
/// assert!(matches!(&moves, AnyRuleset::Kalah(m) if m.len() == 6));
/// ```
pub trait Family: 'static {
    /// Game `R`'s value.
    type Of<R: Game>: Send + Sync + 'static;
}

/// The family of the rulesets themselves: a list of games is its own `Each<Rulesets>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rulesets;

impl Family for Rulesets {
    type Of<R: Game> = R;
}

/// The family of positions ([`Ruleset::State`](crate::Ruleset::State)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct States;

impl Family for States {
    type Of<R: Game> = R::State;
}

/// The family of moves ([`Ruleset::Move`](crate::Ruleset::Move)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Moves;

impl Family for Moves {
    type Of<R: Game> = R::Move;
}

/// The family of records read from a file, with their tags and comments ([`PgnGame`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Records;

impl Family for Records {
    type Of<R: Game> = PgnGame<R>;
}

/// The family of game records with undo ([`GameRecord`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameRecords;

impl Family for GameRecords {
    type Of<R: Game> = GameRecord<R>;
}

/// A game of the list `L`: puts its value of any [`Family`] into the list's enum, and takes
/// it out. [`ruleset_list!`](crate::ruleset_list) implements it for each game of the list it
/// makes (a list naming one type twice does not build: the two implementations conflict).
pub trait Member<L: GameList>: Game {
    /// `value` in the list's enum.
    fn wrap<F: Family>(value: F::Of<Self>) -> L::Each<F>;

    /// The value, when `each` holds this game's.
    fn get<F: Family>(each: &L::Each<F>) -> Option<&F::Of<Self>>;

    /// The value, mutably, when `each` holds this game's.
    fn get_mut<F: Family>(each: &mut L::Each<F>) -> Option<&mut F::Of<Self>>;

    /// The value taken out when `each` holds this game's; `each` back otherwise.
    ///
    /// # Errors
    /// `each` itself, when it holds another game's value.
    fn take<F: Family>(each: L::Each<F>) -> Result<F::Of<Self>, L::Each<F>>;
}

/// Generic code to run on the concrete value a list's [`Each<F>`](GameList::Each) holds, by
/// value ([`GameList::each`]).
pub trait Visit<L: GameList, F: Family> {
    /// What the visit returns.
    type Output;
    /// Runs on game `R`'s value.
    fn visit<R: Member<L>>(self, value: F::Of<R>) -> Self::Output;
}

/// [`Visit`] on a reference ([`GameList::each_ref`]).
pub trait VisitRef<L: GameList, F: Family> {
    /// What the visit returns.
    type Output;
    /// Runs on game `R`'s value.
    fn visit<R: Member<L>>(self, value: &F::Of<R>) -> Self::Output;
}

/// [`Visit`] on a mutable reference ([`GameList::each_mut`]).
pub trait VisitMut<L: GameList, F: Family> {
    /// What the visit returns.
    type Output;
    /// Runs on game `R`'s value.
    fn visit<R: Member<L>>(self, value: &mut F::Of<R>) -> Self::Output;
}
