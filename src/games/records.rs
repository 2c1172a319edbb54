//! Records of any game of a list, read at run time: [`read_any`] for the crate's games,
//! [`read_any_in`] for a list of your own, each game an [`AnyGame`].
//!
//! A record names its game and rules in its `Variant` tag; the list reads that text, and
//! the game's [`Dialect`](crate::pgn::Dialect) says in which form the record is written (Toguz Kumalak's PlayOK
//! and federation PGN besides the crate's records form). A record with no `Variant` at all is
//! read by the first game of the list whose dialect claims such records
//! ([`Dialect::unnamed`](crate::pgn::Dialect::unnamed): Toguz Kumalak's PlayOK files, which name no game).
//!
//! Each record is read once: its tags once, its ruleset text once, and the list visited
//! once, to the game whose typed [`PgnGame`] it then holds in the list's enum
//! ([`Records`]).

use std::fmt;

use super::{AnyRuleset, GameList, Member, Records, Rulesets, Visit, VisitRef};
use crate::pgn::{Form, GameText, PgnError, PgnGame, PgnProblem, TagBlock, split};
use crate::player::{GameResult, Outcome};

/// A game of any game of the list `L` (the crate's, [`AnyRuleset`], by default), read in any
/// form: what every game shares ([`rules`](Self::rules), [`ply`](Self::ply),
/// [`outcome`](Self::outcome), ...) and the typed [`PgnGame`] of its game, in the list's
/// enum ([`records`](Self::records): `AnyRuleset<Records>` for the crate's list) or for one
/// ruleset type ([`get`](Self::get)).
///
/// ```
/// use sowing::games::{AnyGame, AnyRuleset, read_any};
/// use sowing::kalah::Kalah;
/// use sowing::pgn::Form;
///
/// let games = read_any("[Variant \"kalah:pie\"]\n[Result \"*\"]\n\n1. 3 6 1... swap *\n");
/// let game: &AnyGame = games[0].as_ref().unwrap();
/// assert_eq!((game.rules().to_string(), game.form(), game.ply()), ("kalah:pie".into(), Form::RECORDS, 3));
/// assert_eq!(game.get::<Kalah>().unwrap().record.move_texts(), ["3", "6", "swap"]);
/// let AnyRuleset::Kalah(typed) = game.records() else { panic!("a Kalah record") };
/// assert_eq!(typed.record.ply(), 3);
/// ```
pub struct AnyGame<L: GameList = AnyRuleset> {
    game: L::Each<Records>,
}

/// What every game shares, read from the typed record.
struct Shared;

/// The figures of a record every game has: (form, plies, outcome, result, zero).
type Figures = (Form, usize, Option<Outcome>, GameResult, bool);

impl<L: GameList> VisitRef<L, Records> for Shared {
    type Output = Figures;
    fn visit<R: Member<L>>(self, game: &PgnGame<R>) -> Figures {
        (
            game.form,
            game.record.ply(),
            game.record.outcome(),
            game.result,
            game.zero,
        )
    }
}

impl<L: GameList> AnyGame<L> {
    /// `game` as a game of the list.
    pub fn new<R: Member<L>>(game: PgnGame<R>) -> AnyGame<L> {
        AnyGame {
            game: R::wrap::<Records>(game),
        }
    }

    /// The typed record in the list's enum.
    pub fn from_records(game: L::Each<Records>) -> AnyGame<L> {
        AnyGame { game }
    }

    /// The typed record in the list's enum (`AnyRuleset<Records>` for the crate's list):
    /// match it, or visit it ([`GameList::each_ref`]).
    pub fn records(&self) -> &L::Each<Records> {
        &self.game
    }

    /// The typed record in the list's enum, taken out.
    pub fn into_records(self) -> L::Each<Records> {
        self.game
    }

    /// The ruleset, as the list's value.
    pub fn rules(&self) -> L {
        struct Rules;
        impl<L: GameList> VisitRef<L, Records> for Rules {
            type Output = L;
            fn visit<R: Member<L>>(self, game: &PgnGame<R>) -> L {
                L::from_rulesets(R::wrap::<Rulesets>(game.record.rules().clone()))
            }
        }
        L::each_ref(&self.game, Rules)
    }

    /// The name of the game.
    pub fn game(&self) -> &'static str {
        L::game_of(&self.game)
    }

    fn figures(&self) -> Figures {
        L::each_ref(&self.game, Shared)
    }

    /// The form the game was read in.
    pub fn form(&self) -> Form {
        self.figures().0
    }

    /// The plies played.
    pub fn ply(&self) -> usize {
        self.figures().1
    }

    /// The rules' outcome of the final position, if the game is over there.
    pub fn outcome(&self) -> Option<Outcome> {
        self.figures().2
    }

    /// The result written at the end of the movetext.
    pub fn result(&self) -> GameResult {
        self.figures().3
    }

    /// Whether the result is followed by PlayOK's `{zero}`: the game ended because the player
    /// to move had no move ([`PgnGame::zero`]; always `false` in the records form).
    pub fn zero(&self) -> bool {
        self.figures().4
    }

    /// The game's text in `form` ([`Dialect::write_form`](crate::pgn::Dialect::write_form)); `None` when its game does not
    /// write that form.
    pub fn to_text_in(&self, form: Form) -> Option<String> {
        struct Text(Form);
        impl<L: GameList> VisitRef<L, Records> for Text {
            type Output = Option<String>;
            fn visit<R: Member<L>>(self, game: &PgnGame<R>) -> Option<String> {
                game.to_text_in(self.0)
            }
        }
        L::each_ref(&self.game, Text(form))
    }

    /// The typed game, when `R` is its game.
    pub fn get<R: Member<L>>(&self) -> Option<&PgnGame<R>> {
        R::get::<Records>(&self.game)
    }

    /// The typed game, taken out; the game itself back when `R` is not its game.
    ///
    /// # Errors
    /// `self`, untouched, when `R` is not the game's ruleset type.
    pub fn into_game<R: Member<L>>(self) -> Result<PgnGame<R>, AnyGame<L>> {
        R::take::<Records>(self.game).map_err(|game| AnyGame { game })
    }
}

impl<L: GameList> Clone for AnyGame<L> {
    fn clone(&self) -> Self {
        struct Copy;
        impl<L: GameList> VisitRef<L, Records> for Copy {
            type Output = L::Each<Records>;
            fn visit<R: Member<L>>(self, game: &PgnGame<R>) -> L::Each<Records> {
                R::wrap::<Records>(game.clone())
            }
        }
        AnyGame {
            game: L::each_ref(&self.game, Copy),
        }
    }
}

impl<L: GameList> PartialEq for AnyGame<L> {
    fn eq(&self, other: &Self) -> bool {
        struct Same<'a, L: GameList>(&'a L::Each<Records>);
        impl<L: GameList> VisitRef<L, Records> for Same<'_, L> {
            type Output = bool;
            fn visit<R: Member<L>>(self, game: &PgnGame<R>) -> bool {
                R::get::<Records>(self.0).is_some_and(|other| other == game)
            }
        }
        L::each_ref(&self.game, Same::<L>(&other.game))
    }
}

impl<L: GameList> fmt::Debug for AnyGame<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyGame")
            .field("rules", &self.rules())
            .field("form", &self.form())
            .field("ply", &self.ply())
            .field("result", &self.result())
            .finish_non_exhaustive()
    }
}

/// Reads one game, whose tags are read and ruleset found, in the form its game detects.
struct ReadIn<'t, 'a> {
    text: &'t GameText<'a>,
    block: TagBlock,
    /// The form, when known before the game (a record with no `Variant`, claimed by a
    /// dialect); detected by the game otherwise.
    form: Option<Form>,
}

impl<L: GameList> Visit<L, Rulesets> for ReadIn<'_, '_> {
    type Output = Result<AnyGame<L>, PgnError>;
    fn visit<R: Member<L>>(self, rules: R) -> Self::Output {
        let movetext = &self.text.text[self.block.offset..];
        let form = self
            .form
            .unwrap_or_else(|| R::detect(&rules, &self.block, movetext));
        let game = match form {
            Form::RECORDS => crate::pgn::read_records_with(self.text, rules, self.block)?,
            form => self.text.read_in::<R>(form)?,
        };
        Ok(AnyGame::new(game))
    }
}

/// The form the game of `rules` finds a record in.
struct Detect<'t> {
    block: &'t TagBlock,
    movetext: &'t str,
}

impl<L: GameList> VisitRef<L, Rulesets> for Detect<'_> {
    type Output = Form;
    fn visit<R: Member<L>>(self, rules: &R) -> Form {
        R::detect(rules, self.block, self.movetext)
    }
}

/// The tag block, and the ruleset and form given by no `Variant` at all (the list's
/// [`GameList::unnamed`]) or by the `Variant` tag (whose form the game detects: `None`).
fn head<L: GameList>(text: &GameText<'_>) -> Result<(TagBlock, L, Option<Form>), PgnError> {
    let (block, _) = text.parts()?;
    let Some((variant, line)) = block.find("Variant") else {
        let (rules, form) = L::unnamed().ok_or_else(|| {
            PgnError::new(text.first_line, None, PgnProblem::MissingTag("Variant"))
        })?;
        return Ok((block, rules, Some(form)));
    };
    let rules: L = variant
        .parse()
        .map_err(|e| PgnError::new(line, None, PgnProblem::Variant(e)))?;
    Ok((block, rules, None))
}

/// Which ruleset of the list `L` and which form `text` is written in, from its tags and
/// movetext alone:
///
/// - no `Variant` tag: the form and ruleset of the first game of the list whose
///   [`Dialect::unnamed`](crate::pgn::Dialect::unnamed) claims such a record (Toguz Kumalak's PlayOK and federation PGN,
///   [`PLAYOK`](crate::toguz::playok::PLAYOK), under the standard rules), or the missing tag's error;
/// - a `Variant` tag that is not ruleset text of a game of the list: the ruleset error
///   (never a guess);
/// - any other: the form the game's [`Dialect::detect`](crate::pgn::Dialect::detect) finds (Toguz Kumalak: PlayOK's when
///   the movetext writes two moves with no number between them, `1. 76 98`; the records form
///   otherwise) under that ruleset.
///
/// # Errors
/// A [`PgnError`] for a missing or unreadable `Variant` tag or a malformed tag block.
pub fn form_in<L: GameList>(text: &GameText<'_>) -> Result<(Form, L), PgnError> {
    let (block, rules, form) = head::<L>(text)?;
    let form = match form {
        Some(form) => form,
        None => L::each_ref(
            rules.as_rulesets(),
            Detect {
                block: &block,
                movetext: &text.text[block.offset..],
            },
        ),
    };
    Ok((form, rules))
}

/// Reads one game of the list `L` in the form and under the ruleset [`form_in`] finds; its
/// tags and ruleset text are read once.
///
/// # Errors
/// As [`form_in`], and the game's own [`PgnError`]s.
pub fn read_one_in<L: GameList>(text: &GameText<'_>) -> Result<AnyGame<L>, PgnError> {
    let (block, rules, form) = head::<L>(text)?;
    L::each(rules.into_rulesets(), ReadIn { text, block, form })
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
/// assert_eq!((first.form(), first.rules().to_string(), first.ply()), (Form::RECORDS, "kalah:pie".into(), 3));
/// let second = games[1].as_ref().unwrap();
/// assert_eq!((second.form(), second.rules().to_string(), second.ply()), (sowing::toguz::playok::PLAYOK, "toguz".into(), 2));
/// assert_eq!(games[2].as_ref().unwrap_err().to_string(), "line 11: Variant: unknown game \"Kalah\" (known: kalah, toguz, tsoro, oware, mancala)");
/// ```
pub fn read_any(text: &str) -> Vec<Result<AnyGame, PgnError>> {
    read_any_in::<AnyRuleset>(text)
}

/// The forms the game of `rules` writes: the records form, then its [`Dialect::FORMS`](crate::pgn::Dialect::FORMS).
pub fn forms<L: GameList>(rules: &L) -> Vec<Form> {
    struct Forms;
    impl<L: GameList> VisitRef<L, Rulesets> for Forms {
        type Output = &'static [Form];
        fn visit<R: Member<L>>(self, _rules: &R) -> &'static [Form] {
            R::FORMS
        }
    }
    std::iter::once(Form::RECORDS)
        .chain(L::each_ref(rules.as_rulesets(), Forms).iter().copied())
        .collect()
}
