//! The game as a record holds it: [`PgnGame`], one type for every game and every form.

use super::dialect::{Dialect, Form};
use super::tags::{roster, set_tag, tag};
use super::writer::write_parts;
use crate::player::GameResult;
use crate::record::GameRecord;
use crate::ruleset::Ruleset;

/// One game read from a record, or to be written as one, in any form: tags, the replayed
/// game, the result and the comments, and what a game's [`Dialect`](super::Dialect) keeps
/// beyond them (the [`form`](Self::form) it was read in, PlayOK's [`zero`](Self::zero)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame<R: Ruleset> {
    /// Tag pairs in file order. `Variant`, `FEN` and `Result` are written from
    /// [`record`](Self::record) and [`result`](Self::result), whatever values are kept here.
    pub tags: Vec<(String, String)>,
    /// The ruleset, the start position and the moves, replayed (the cursor at the end).
    pub record: GameRecord<R>,
    /// The result token.
    pub result: GameResult,
    /// Comments, each with the number of plies played before it. A `}` in a comment is
    /// written as `)` in the records form, since it would end the comment.
    pub comments: Vec<(usize, String)>,
    /// The form the game was read in ([`Form::Records`] for a game made with
    /// [`new`](Self::new)). [`to_text`](Self::to_text) writes the records form whatever it
    /// is; [`to_text_in`](Self::to_text_in) writes another.
    pub form: Form,
    /// Whether the result is followed by `{zero}`, PlayOK's mark of a game that ended because
    /// the player to move had no move. Read and written by the dialects that have it; the
    /// records form reads the end from the final position and neither reads nor writes it.
    pub zero: bool,
}

impl<R: Ruleset> PgnGame<R> {
    /// A record of `record`'s moves up to its cursor: the roster tags with unknown values
    /// (`?`), the result from the rules' outcome (`*` while the game goes on), no comments,
    /// in the records form.
    pub fn new(record: GameRecord<R>) -> PgnGame<R> {
        let result = GameResult::of(record.outcome());
        PgnGame {
            tags: roster::<R>(),
            record,
            result,
            comments: Vec::new(),
            form: Form::Records,
            zero: false,
        }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }

    /// Sets tag `name`, replacing its value or appending it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag(&mut self.tags, name, value);
    }

    /// The value of header `name`: [`tag`](Self::tag), under the name the PlayOK dialect's
    /// game used.
    #[deprecated(since = "0.4.0", note = "use `tag`")]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.tag(name)
    }

    /// Sets header `name`: [`set_tag`](Self::set_tag), under the name the PlayOK dialect's
    /// game used.
    #[deprecated(since = "0.4.0", note = "use `set_tag`")]
    pub fn set_header(&mut self, name: &str, value: &str) {
        self.set_tag(name, value);
    }

    /// The record's text in the records form (see the [module docs](super)).
    pub fn to_text(&self) -> String {
        write_parts(&self.tags, &self.record, self.result, &self.comments)
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
    /// let text = game.to_text_in(Form::PlayOk).unwrap();
    /// assert!(text.contains("[White \"Ann\"]") && text.ends_with("\n1. 65(10) 98 *\n"));
    /// assert!(PgnGame::new(GameRecord::new(Kalah::default())).to_text_in(Form::PlayOk).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_text_in(&self, form: Form) -> Option<String> {
        match form {
            Form::Records => Some(self.to_text()),
            form if R::FORMS.contains(&form) => R::write_form(self, form),
            _ => None,
        }
    }
}
