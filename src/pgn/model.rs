//! The game as a record holds it: [`PgnGame`], one type for every game and every form.

use std::fmt;

use super::tags::{roster, set_tag, tag};
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
    /// Numeric annotation glyphs (`$2`, or the suffix `?`), each with the number of plies
    /// played before it: a move's glyphs follow it. The records form writes glyphs 1 to 6 as
    /// the move's suffix (`?!`, `?`, `??`...), others as `$n`.
    pub nags: Vec<(usize, u8)>,
    /// The form the game was read in ([`Form::RECORDS`] for a game made with
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
            nags: Vec::new(),
            form: Form::RECORDS,
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
}

/// A form a record file is written in: the crate's records form ([`Form::RECORDS`], for any
/// game), or a form a game's [`Dialect`](super::Dialect) owns and names
/// ([`Dialect::FORMS`](super::Dialect::FORMS): Toguz Kumalak's
/// [`PLAYOK`](crate::toguz::playok::PLAYOK) and [`FEDERATION`](crate::toguz::playok::FEDERATION)).
/// A form is its name: two forms of one name are the same form.
///
/// ```
/// use sowing::pgn::Form;
///
/// const MINE: Form = Form::new("mine");
/// assert_eq!((MINE.name(), MINE.to_string()), ("mine", "mine".to_string()));
/// assert_eq!(Form::RECORDS.name(), "records");
/// assert_ne!(MINE, Form::RECORDS);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Form {
    name: &'static str,
}

impl Form {
    /// The crate's records form, for any game: `1. 3 6 1... swap` ([`pgn`](super)).
    pub const RECORDS: Form = Form::new("records");

    /// The records form, under its 0.4 name.
    #[deprecated(since = "0.5.0", note = "use `Form::RECORDS`")]
    #[allow(non_upper_case_globals)]
    pub const Records: Form = Form::new("records");

    /// Toguz Kumalak's PlayOK form, under its 0.4 name.
    #[deprecated(since = "0.5.0", note = "use `sowing::toguz::playok::PLAYOK`")]
    #[allow(non_upper_case_globals)]
    pub const PlayOk: Form = Form::new("playok");

    /// Toguz Kumalak's federation form, under its 0.4 name.
    #[deprecated(since = "0.5.0", note = "use `sowing::toguz::playok::FEDERATION`")]
    #[allow(non_upper_case_globals)]
    pub const Federation: Form = Form::new("federation");

    /// The form named `name` (one word, as `--pgn-style` takes it): a dialect's own forms are
    /// made with it.
    pub const fn new(name: &'static str) -> Form {
        Form { name }
    }

    /// The form's name: `records`, or a dialect's (`playok`, `federation`).
    pub const fn name(self) -> &'static str {
        self.name
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
