//! The forms a record is written in ([`Form`]), and the hook by which a game reads and
//! writes a form of its own ([`Dialect`]).

use super::error::PgnError;
use super::model::{Form, PgnGame};
use super::split::GameText;
use super::tags::TagBlock;
use crate::ruleset::Ruleset;

/// How a game's records are written besides the crate's records form: the forms of the
/// game's own (Toguz Kumalak's PlayOK and federation PGN), how to tell them from the
/// records form, and how to read and write them. Every method has a default, the records
/// form alone, so a game without a form of its own implements it with an empty block:
///
/// ```text
/// impl sowing::pgn::Dialect for MyGame {}
/// ```
///
/// ```
/// use sowing::pgn::{Dialect, Form};
/// use sowing::{kalah::Kalah, toguz::Toguz};
///
/// assert_eq!(Kalah::FORMS, []);
/// assert!(Kalah::unnamed().is_none());
/// assert_eq!(Toguz::FORMS, [sowing::toguz::playok::PLAYOK, sowing::toguz::playok::FEDERATION]);
/// assert_eq!(Toguz::unnamed(), Some((Toguz::default(), sowing::toguz::playok::PLAYOK)));
/// ```
///
/// [`games::read_any`](crate::games::read_any), [`games::AnyGame`](crate::games::AnyGame), [`GameText::read_in`] and
/// [`PgnGame::to_text_in`] reach a game's forms through it alone;
/// a dialect builds on the module's tags ([`read_tags`](super::read_tags),
/// [`write_tag`](super::write_tag)), tokens ([`tokens`](super::tokens)), results
/// ([`check_outcome`](super::check_outcome)) and writer ([`wrap`](super::wrap)). The one in
/// the crate is [`toguz::playok`](crate::toguz::playok).
pub trait Dialect: Ruleset {
    /// The forms of the game's own, besides [`Form::RECORDS`] (none by default).
    const FORMS: &'static [Form] = &[];

    /// The ruleset and form a record with no `Variant` tag is read in when this game claims
    /// it (Toguz Kumalak claims PlayOK's files, which name no game); `None` (the default)
    /// when it does not. [`games::read_any`](crate::games::read_any) asks the games of its list in order.
    fn unnamed() -> Option<(Self, Form)> {
        None
    }

    /// The form a record is written in whose `Variant` is `rules`, from its tags and
    /// movetext (the records form by default).
    fn detect(rules: &Self, tags: &TagBlock, movetext: &str) -> Form {
        let _ = (rules, tags, movetext);
        Form::RECORDS
    }

    /// Reads `game` in `form`, one of [`FORMS`](Self::FORMS) (the records form by default).
    /// Line numbers in errors count from the start of the whole file.
    fn read_form(game: &GameText<'_>, form: Form) -> Result<PgnGame<Self>, PgnError> {
        let _ = form;
        game.read()
    }

    /// The text of `game` in `form`: the records form's by default, `None` for a form the
    /// game does not write. ([`PgnGame::to_text_in`] reaches it for a game of the crate's
    /// list with any ruleset type.)
    fn write_form(game: &PgnGame<Self>, form: Form) -> Option<String> {
        (form == Form::RECORDS).then(|| game.to_text())
    }
}

impl<R: Dialect> PgnGame<R> {
    /// The record's text in `form`: the records form, or a form of the game's own (its
    /// [`Dialect`]: Toguz Kumalak's PlayOK and federation PGN); `None` when the game does not
    /// write that form.
    ///
    /// ```
    /// use sowing::pgn::{Form, PgnGame};
    /// use sowing::toguz::Toguz;
    /// use sowing::kalah::Kalah;
    /// use sowing::GameRecord;
    ///
    /// let mut game = PgnGame::new(GameRecord::replay(Toguz::default(), None, ["65", "98"])?);
    /// game.set_tag("White", "Ann");
    /// let text = game.to_text_in(sowing::toguz::playok::PLAYOK).unwrap();
    /// assert!(text.contains("[White \"Ann\"]") && text.ends_with("\n1. 65(10) 98 *\n"));
    /// assert!(PgnGame::new(GameRecord::new(Kalah::default())).to_text_in(sowing::toguz::playok::PLAYOK).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text_in(&self, form: Form) -> Option<String> {
        match form {
            Form::RECORDS => Some(self.to_text()),
            form if R::FORMS.contains(&form) => R::write_form(self, form),
            _ => None,
        }
    }
}
