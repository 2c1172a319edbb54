//! Records of any game of the crate's list, read at run time: [`read_any`], [`AnyGame`],
//! [`GameText::form`] and [`GameText::read_any`], and [`PgnGame::to_text_in`] for a game of
//! any ruleset type.
//!
//! The one file of the module that names the crate's games: the rest of it is generic over
//! [`Ruleset`] and a game's [`Dialect`], and each game's forms are its dialect's business.

use super::dialect::{Dialect, Form};
use super::error::{PgnError, PgnProblem, err};
use super::model::PgnGame;
use super::split::{GameText, split};
use crate::games::AnyRuleset;
use crate::kalah::Kalah;
use crate::player::{GameResult, Outcome};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::toguz::Toguz;
use crate::tsoro::Tsoro;

/// A game of any game of the crate, read in any form ([`read_any`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// A Kalah game.
    Kalah(PgnGame<Kalah>),
    /// A Toguz Kumalak game, in the records form or in PlayOK's or the federation's.
    Toguz(PgnGame<Toguz>),
    /// A Tsoro game.
    Tsoro(PgnGame<Tsoro>),
}

/// Runs `$body` with `$g` bound to the game's `PgnGame<R>`.
macro_rules! with_game {
    ($game:expr, |$g:ident| $body:expr) => {
        match $game {
            AnyGame::Kalah($g) => $body,
            AnyGame::Toguz($g) => $body,
            AnyGame::Tsoro($g) => $body,
        }
    };
}

impl AnyGame {
    /// The form the game was read in.
    pub fn form(&self) -> Form {
        with_game!(self, |g| g.form)
    }

    /// The ruleset.
    pub fn rules(&self) -> AnyRuleset {
        match self {
            AnyGame::Kalah(g) => AnyRuleset::Kalah(g.record.rules().clone()),
            AnyGame::Toguz(g) => AnyRuleset::Toguz(g.record.rules().clone()),
            AnyGame::Tsoro(g) => AnyRuleset::Tsoro(g.record.rules().clone()),
        }
    }

    /// The plies played.
    pub fn ply(&self) -> usize {
        with_game!(self, |g| g.record.ply())
    }

    /// The rules' outcome of the final position, if the game is over there.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, |g| g.record.outcome())
    }

    /// The result written at the end of the movetext.
    pub fn result(&self) -> GameResult {
        with_game!(self, |g| g.result)
    }

    /// Whether the result is followed by PlayOK's `{zero}`: the game ended because the player
    /// to move had no move ([`PgnGame::zero`]; always `false` in the records form).
    pub fn zero(&self) -> bool {
        with_game!(self, |g| g.zero)
    }

    /// The game's text in `form` ([`Dialect::write_form`]); `None` when its game does not
    /// write that form.
    pub fn to_text_in(&self, form: Form) -> Option<String> {
        with_game!(self, |g| write_in(g, form))
    }

    /// The game `game` as one of the crate's list, read through the texts of its ruleset,
    /// start and moves (so any ruleset type naming one of the crate's games works); `None`
    /// for a game the list does not hold.
    pub fn of<R: Ruleset>(game: &PgnGame<R>) -> Option<AnyGame> {
        let rules: AnyRuleset = game.record.rules().to_string().parse().ok()?;
        Some(match rules {
            AnyRuleset::Kalah(r) if R::GAME == Kalah::GAME => AnyGame::Kalah(retyped(game, r)?),
            AnyRuleset::Toguz(r) if R::GAME == Toguz::GAME => AnyGame::Toguz(retyped(game, r)?),
            AnyRuleset::Tsoro(r) if R::GAME == Tsoro::GAME => AnyGame::Tsoro(retyped(game, r)?),
            _ => return None,
        })
    }
}

/// The text of `game` in `form` through its dialect, for a form it writes.
fn write_in<R: Dialect>(game: &PgnGame<R>, form: Form) -> Option<String> {
    match form {
        Form::Records => Some(game.to_text()),
        form if R::FORMS.contains(&form) => R::write_form(game, form),
        _ => None,
    }
}

/// `game` under ruleset `rules` of another type, replayed from the texts of its start and
/// moves.
fn retyped<R: Ruleset, S: Ruleset>(game: &PgnGame<R>, rules: S) -> Option<PgnGame<S>> {
    let start = rules
        .parse_position(&game.record.start().to_string())
        .ok()?;
    let texts = game.record.move_texts();
    let record = GameRecord::replay(rules, Some(start), texts.iter().map(String::as_str)).ok()?;
    Some(PgnGame {
        tags: game.tags.clone(),
        record,
        result: game.result,
        comments: game.comments.clone(),
        form: game.form,
        zero: game.zero,
    })
}

impl<R: Ruleset> PgnGame<R> {
    /// The record's text in `form`: the records form, or a form of the game's own (its
    /// [`Dialect`]: Toguz Kumalak's PlayOK and federation PGN), for a game of the crate's
    /// list; `None` when the game does not write that form. With `R` a [`Dialect`],
    /// [`Dialect::write_form`] is the same, for any game.
    ///
    /// ```
    /// use sowing::pgn::{Form, PgnGame};
    /// use sowing::toguz::Toguz;
    /// use sowing::kalah::Kalah;
    /// use sowing::GameRecord;
    ///
    /// let mut game = PgnGame::new(GameRecord::replay(Toguz::default(), None, ["65", "98"])?);
    /// game.set_tag("White", "Ann");
    /// let text = game.to_text_in(Form::PlayOk).unwrap();
    /// assert!(text.contains("[White \"Ann\"]") && text.ends_with("\n1. 65(10) 98 *\n"));
    /// assert!(PgnGame::new(GameRecord::new(Kalah::default())).to_text_in(Form::PlayOk).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text_in(&self, form: Form) -> Option<String> {
        match form {
            Form::Records => Some(self.to_text()),
            form => AnyGame::of(self)?.to_text_in(form),
        }
    }
}

/// The forms the game of `rules` writes: the records form, then its [`Dialect::FORMS`].
pub fn forms(rules: &AnyRuleset) -> Vec<Form> {
    let own = match rules {
        AnyRuleset::Kalah(_) => Kalah::FORMS,
        AnyRuleset::Toguz(_) => Toguz::FORMS,
        AnyRuleset::Tsoro(_) => Tsoro::FORMS,
    };
    std::iter::once(Form::Records)
        .chain(own.iter().copied())
        .collect()
}

impl GameText<'_> {
    /// Which ruleset and form the game is written in, from its tags and movetext alone:
    ///
    /// - no `Variant` tag: the form and ruleset of the first game of the list whose
    ///   [`Dialect::unnamed`] claims such a record (Toguz Kumalak's PlayOK and federation PGN,
    ///   [`Form::PlayOk`], under the standard rules), or the missing tag's error;
    /// - a `Variant` tag that is not ruleset text of a game of this crate: the ruleset error
    ///   (never a guess);
    /// - any other: the form the game's [`Dialect::detect`] finds (Toguz Kumalak: PlayOK's
    ///   when the movetext writes two moves with no number between them, `1. 76 98`; the
    ///   records form otherwise) under that ruleset.
    pub fn form(&self) -> Result<(Form, AnyRuleset), PgnError> {
        let (block, movetext) = self.parts()?;
        let Some((variant, line)) = block.find("Variant") else {
            let unnamed = None
                .or_else(|| Kalah::unnamed().map(|(r, f)| (f, AnyRuleset::Kalah(r))))
                .or_else(|| Toguz::unnamed().map(|(r, f)| (f, AnyRuleset::Toguz(r))))
                .or_else(|| Tsoro::unnamed().map(|(r, f)| (f, AnyRuleset::Tsoro(r))));
            return unnamed
                .ok_or_else(|| err(self.first_line, None, PgnProblem::MissingTag("Variant")));
        };
        let rules: AnyRuleset = variant
            .parse()
            .map_err(|e| err(line, None, PgnProblem::Variant(e)))?;
        let form = match &rules {
            AnyRuleset::Kalah(r) => Kalah::detect(r, &block, movetext),
            AnyRuleset::Toguz(r) => Toguz::detect(r, &block, movetext),
            AnyRuleset::Tsoro(r) => Tsoro::detect(r, &block, movetext),
        };
        Ok((form, rules))
    }

    /// Reads the game in the form and under the ruleset [`form`](Self::form) finds.
    pub fn read_any(&self) -> Result<AnyGame, PgnError> {
        Ok(match self.form()? {
            (form, AnyRuleset::Kalah(_)) => AnyGame::Kalah(self.read_in(form)?),
            (form, AnyRuleset::Toguz(_)) => AnyGame::Toguz(self.read_in(form)?),
            (form, AnyRuleset::Tsoro(_)) => AnyGame::Tsoro(self.read_in(form)?),
        })
    }
}

/// Reads every game of a file of any game and any form, each under the ruleset and in the
/// form [`GameText::form`] finds (a `Variant` that names no ruleset is an error, and a game
/// with no `Variant` at all is read as Toguz Kumalak's PlayOK PGN, the one dialect that
/// claims such records).
///
/// ```
/// use sowing::pgn::{self, Form};
///
/// let file = "[Variant \"kalah:pie\"]\n[Result \"*\"]\n\n1. 3 6 1... swap *\n\n\
///             [Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 *\n\n\
///             [Variant \"Kalah\"]\n[Result \"*\"]\n\n1. 3 6 *\n";
/// let games = pgn::read_any(file);
/// let first = games[0].as_ref().unwrap();
/// assert_eq!((first.form(), first.rules().to_string(), first.ply()), (Form::Records, "kalah:pie".into(), 3));
/// let second = games[1].as_ref().unwrap();
/// assert_eq!((second.form(), second.rules().to_string(), second.ply()), (Form::PlayOk, "toguz".into(), 2));
/// assert_eq!(games[2].as_ref().unwrap_err().to_string(), "line 11: Variant: unknown game \"Kalah\" (known: kalah, toguz, tsoro)");
/// ```
pub fn read_any(text: &str) -> Vec<Result<AnyGame, PgnError>> {
    split(text).iter().map(GameText::read_any).collect()
}
