//! Records of any game of a list, read at run time: [`read_any`] for the crate's games,
//! [`read_any_in`] for a list of your own, each game an [`AnyGame`].
//!
//! A record names its game and rules in its `Variant` tag; the list reads that text, and
//! the game's [`Dialect`] says in which form the record is written (Toguz Kumalak's PlayOK
//! and federation PGN besides the crate's records form). A record with no `Variant` at all is
//! read by the first game of the list whose dialect claims such records
//! ([`Dialect::unnamed`]: Toguz Kumalak's PlayOK files, which name no game).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::{AnyRuleset, Game, GameFinder, GameList, RulesetVisitor};
use crate::pgn::{Dialect, Form, GameText, PgnError, PgnGame, PgnProblem, split};
use crate::player::{GameResult, Outcome};
use crate::ruleset::Ruleset;

/// A game of any game of the list `L` (the crate's, [`AnyRuleset`], by default), read in any
/// form: what every game shares ([`rules`](Self::rules), [`ply`](Self::ply),
/// [`outcome`](Self::outcome), ...) and, for the ruleset type at hand, the typed
/// [`PgnGame`] ([`get`](Self::get)).
///
/// ```
/// use sowing::games::{AnyGame, read_any};
/// use sowing::kalah::Kalah;
/// use sowing::pgn::Form;
///
/// let games = read_any("[Variant \"kalah:pie\"]\n[Result \"*\"]\n\n1. 3 6 1... swap *\n");
/// let game: &AnyGame = games[0].as_ref().unwrap();
/// assert_eq!((game.rules().to_string(), game.form(), game.ply()), ("kalah:pie".into(), Form::Records, 3));
/// assert_eq!(game.get::<Kalah>().unwrap().record.move_texts(), ["3", "6", "swap"]);
/// ```
#[derive(Clone)]
pub struct AnyGame<L: GameList = AnyRuleset> {
    rules: L,
    /// The `PgnGame<R>` of the ruleset type `R` that `rules` holds.
    game: Arc<dyn Any + Send + Sync>,
    form: Form,
    ply: usize,
    outcome: Option<Outcome>,
    result: GameResult,
    zero: bool,
    text: fn(&(dyn Any + Send + Sync), Form) -> Option<String>,
    same: fn(&(dyn Any + Send + Sync), &(dyn Any + Send + Sync)) -> bool,
}

impl<L: GameList> AnyGame<L> {
    /// `game` as a game of the list, or `None` when the list has no game of its ruleset type
    /// (its ruleset text names no game of the list, or one of another type).
    pub fn new<R: Game>(game: PgnGame<R>) -> Option<AnyGame<L>> {
        let rules: L = game.record.rules().to_string().parse().ok()?;
        if rules.game() != R::GAME {
            return None;
        }
        let typed = rules.clone().visit(SameType::<R>(std::marker::PhantomData));
        typed.then(|| AnyGame {
            rules,
            form: game.form,
            ply: game.record.ply(),
            outcome: game.record.outcome(),
            result: game.result,
            zero: game.zero,
            game: Arc::new(game),
            text: text_in::<R>,
            same: same::<R>,
        })
    }

    /// The ruleset, as the list's value.
    pub fn rules(&self) -> &L {
        &self.rules
    }

    /// The form the game was read in.
    pub fn form(&self) -> Form {
        self.form
    }

    /// The plies played.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The rules' outcome of the final position, if the game is over there.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The result written at the end of the movetext.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Whether the result is followed by PlayOK's `{zero}`: the game ended because the player
    /// to move had no move ([`PgnGame::zero`]; always `false` in the records form).
    pub fn zero(&self) -> bool {
        self.zero
    }

    /// The game's text in `form` ([`Dialect::write_form`]); `None` when its game does not
    /// write that form.
    pub fn to_text_in(&self, form: Form) -> Option<String> {
        (self.text)(&*self.game, form)
    }

    /// The typed game, when `R` is the ruleset type it was read with (the type the list
    /// gives for its game); `None` otherwise.
    pub fn get<R: Ruleset>(&self) -> Option<&PgnGame<R>> {
        self.game.downcast_ref()
    }

    /// The typed game, taken out; the game itself back when `R` is not its ruleset type.
    ///
    /// # Errors
    /// `self`, untouched, when `R` is not the game's ruleset type.
    pub fn into_game<R: Ruleset>(self) -> Result<PgnGame<R>, AnyGame<L>> {
        if self.get::<R>().is_none() {
            return Err(self);
        }
        match Arc::clone(&self.game).downcast::<PgnGame<R>>() {
            // Taken out without a copy when this was its only holder.
            Ok(game) => {
                drop(self);
                Ok(Arc::try_unwrap(game).unwrap_or_else(|shared| (*shared).clone()))
            }
            Err(_) => Err(self),
        }
    }
}

/// Whether the list's ruleset type for the game is `R`.
struct SameType<R>(std::marker::PhantomData<R>);

impl<R: 'static> RulesetVisitor for SameType<R> {
    type Output = bool;
    fn visit<S: Game>(self, _rules: S) -> bool {
        std::any::TypeId::of::<S>() == std::any::TypeId::of::<R>()
    }
}

fn text_in<R: Dialect>(game: &(dyn Any + Send + Sync), form: Form) -> Option<String> {
    game.downcast_ref::<PgnGame<R>>()?.to_text_in(form)
}

fn same<R: Ruleset>(a: &(dyn Any + Send + Sync), b: &(dyn Any + Send + Sync)) -> bool {
    match (
        a.downcast_ref::<PgnGame<R>>(),
        b.downcast_ref::<PgnGame<R>>(),
    ) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

impl<L: GameList + PartialEq> PartialEq for AnyGame<L> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules && (self.same)(&*self.game, &*other.game)
    }
}

impl<L: GameList> fmt::Debug for AnyGame<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyGame")
            .field("rules", &self.rules)
            .field("form", &self.form)
            .field("ply", &self.ply)
            .field("result", &self.result)
            .finish_non_exhaustive()
    }
}

/// Reads one game in a form and under a ruleset found beforehand.
struct ReadIn<'t, 'a, L> {
    text: &'t GameText<'a>,
    form: Form,
    list: std::marker::PhantomData<L>,
}

impl<L: GameList> RulesetVisitor for ReadIn<'_, '_, L> {
    type Output = Result<AnyGame<L>, PgnError>;
    fn visit<R: Game>(self, _rules: R) -> Self::Output {
        let game: PgnGame<R> = self.text.read_in(self.form)?;
        let line = self.text.first_line;
        AnyGame::new(game).ok_or_else(|| {
            PgnError::syntax(line, "the record's ruleset reads back as another game")
        })
    }
}

/// The first game of a list whose dialect claims a record with no `Variant` tag.
struct Unnamed;

impl GameFinder for Unnamed {
    type Output = (String, Form);
    fn find<R: Game>(&mut self) -> Option<(String, Form)> {
        R::unnamed().map(|(rules, form)| (rules.to_string(), form))
    }
}

/// The form the game of `rules` finds a record in.
struct Detect<'t> {
    block: &'t crate::pgn::TagBlock,
    movetext: &'t str,
}

impl RulesetVisitor for Detect<'_> {
    type Output = Form;
    fn visit<R: Game>(self, rules: R) -> Form {
        R::detect(&rules, self.block, self.movetext)
    }
}

/// Which ruleset of the list `L` and which form `text` is written in, from its tags and
/// movetext alone:
///
/// - no `Variant` tag: the form and ruleset of the first game of the list whose
///   [`Dialect::unnamed`] claims such a record (Toguz Kumalak's PlayOK and federation PGN,
///   [`Form::PlayOk`], under the standard rules), or the missing tag's error;
/// - a `Variant` tag that is not ruleset text of a game of the list: the ruleset error
///   (never a guess);
/// - any other: the form the game's [`Dialect::detect`] finds (Toguz Kumalak: PlayOK's when
///   the movetext writes two moves with no number between them, `1. 76 98`; the records form
///   otherwise) under that ruleset.
///
/// # Errors
/// A [`PgnError`] for a missing or unreadable `Variant` tag or a malformed tag block.
pub fn form_in<L: GameList>(text: &GameText<'_>) -> Result<(Form, L), PgnError> {
    let (block, movetext) = text.parts()?;
    let Some((variant, line)) = block.find("Variant") else {
        let claimed = L::find(Unnamed).and_then(|(rules, form)| Some((form, rules.parse().ok()?)));
        return claimed.ok_or_else(|| {
            PgnError::new(text.first_line, None, PgnProblem::MissingTag("Variant"))
        });
    };
    let rules: L = variant
        .parse()
        .map_err(|e| PgnError::new(line, None, PgnProblem::Variant(e)))?;
    let form = rules.clone().visit(Detect {
        block: &block,
        movetext,
    });
    Ok((form, rules))
}

/// Reads one game of the list `L` in the form and under the ruleset [`form_in`] finds.
///
/// # Errors
/// As [`form_in`], and the game's own [`PgnError`]s.
pub fn read_one_in<L: GameList>(text: &GameText<'_>) -> Result<AnyGame<L>, PgnError> {
    let (form, rules) = form_in::<L>(text)?;
    rules.visit(ReadIn {
        text,
        form,
        list: std::marker::PhantomData,
    })
}

/// Reads every game of a file of any game of the list `L` and any form, each under the
/// ruleset and in the form [`form_in`] finds. See [`read_any`] for the crate's games.
pub fn read_any_in<L: GameList>(text: &str) -> Vec<Result<AnyGame<L>, PgnError>> {
    split(text).iter().map(read_one_in::<L>).collect()
}

/// Reads every game of a file of any of the crate's games and any form ([`read_any_in`] on
/// [`AnyRuleset`]): a `Variant` that names no ruleset is an error, and a game with no
/// `Variant` at all is read as Toguz Kumalak's PlayOK PGN, the one dialect that claims such
/// records.
///
/// ```
/// use sowing::games::read_any;
/// use sowing::pgn::Form;
///
/// let file = "[Variant \"kalah:pie\"]\n[Result \"*\"]\n\n1. 3 6 1... swap *\n\n\
///             [Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 *\n\n\
///             [Variant \"Kalah\"]\n[Result \"*\"]\n\n1. 3 6 *\n";
/// let games = read_any(file);
/// let first = games[0].as_ref().unwrap();
/// assert_eq!((first.form(), first.rules().to_string(), first.ply()), (Form::Records, "kalah:pie".into(), 3));
/// let second = games[1].as_ref().unwrap();
/// assert_eq!((second.form(), second.rules().to_string(), second.ply()), (Form::PlayOk, "toguz".into(), 2));
/// assert_eq!(games[2].as_ref().unwrap_err().to_string(), "line 11: Variant: unknown game \"Kalah\" (known: kalah, toguz, tsoro, oware)");
/// ```
pub fn read_any(text: &str) -> Vec<Result<AnyGame, PgnError>> {
    read_any_in::<AnyRuleset>(text)
}

/// The forms the game of `rules` writes: the records form, then its [`Dialect::FORMS`].
pub fn forms<L: GameList>(rules: &L) -> Vec<Form> {
    struct Forms;
    impl RulesetVisitor for Forms {
        type Output = &'static [Form];
        fn visit<R: Game>(self, _rules: R) -> &'static [Form] {
            R::FORMS
        }
    }
    std::iter::once(Form::Records)
        .chain(rules.clone().visit(Forms).iter().copied())
        .collect()
}
