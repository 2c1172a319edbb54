//! Game records of every game in one text form, in the style of PGN, and the one reader and
//! writer of every record this crate knows.
//!
//! Players and tools already know PGN (Portable Game Notation): a block of tag pairs, then
//! the moves with move numbers, then the result. This module writes and reads that form for
//! any [`Ruleset`] (the *records form*), and, on the same tags, tokens, comments, results and
//! splitter, Toguz Kumalak's own PGN as PlayOK and the federation books write it (the
//! [`playok`] dialect, also reachable as [`toguz::pgn`](crate::toguz::pgn)). [`read_any`]
//! reads a file of either form and says which game and form each record is.
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [South "?"]
//! [North "?"]
//! [Result "*"]
//! [Variant "kalah:pie"]
//!
//! 1. 3 6 1... swap 2. 5 2... 2 3 3. 2 {an extra turn next} 4 *
//! ```
//!
//! # Tags
//! The seven tags of PGN's roster come first: `Event`, `Site`, `Date`, `Round`, the two
//! sides by the game's own names ([`Ruleset::SIDES`]: `South` and `North`, or `White` and
//! `Black` for Toguz Kumalak) and `Result`. Then `Variant`, the ruleset text (`kalah:pie`,
//! `tsoro:bonus=3`), which says which game and rules the moves are read under, and `FEN`, the
//! position text of the start when the game does not begin from the ruleset's start. Other
//! tags follow in the order they were read. Values are quoted, with `\"` and `\\` escaped (a
//! backslash before any other character stands for itself, in both forms); a value holds no
//! line break.
//!
//! # Turns and actions
//! A *turn* is the run of consecutive actions by one player. In Toguz Kumalak it is one
//! move; in Kalah a last seed in the store gives the mover another action within his turn,
//! and the pie rule's `swap` is North's whole first turn; in Tsoro a turn is its start hole
//! and then every head decision (`relay`, `stop`) and bonus take (`take o4`, `done`).
//!
//! **Every turn opens with its number: `N.` for South's turn and `N...` for North's**, as PGN
//! writes a move number before a Black move that does not follow White's in the same line.
//! The actions of the turn follow, separated by spaces, each exactly as the game's notation
//! writes it ([`Ruleset::format_move`]). South's turn `N.` is followed by North's turn `N...`,
//! then South's `N+1.` (a record starting with North to move opens with `1...`). So:
//!
//! - Kalah: `1. 3 6 1... 2 3 2. 4 *` is South sowing pit 3 (extra turn) and pit 6, North
//!   pit 2 (extra turn) and pit 3, South pit 4; with the pie rule, `1... swap` is North
//!   taking South's opening.
//! - Tsoro (`tsoro:holes=6,bonus=3`): `1. o3 relay 1... o2 2. o2 2... o5 3. o6 take o6 take o4
//!   take i2 1-0` is South relaying at an occupied head, and in his third turn capturing and
//!   taking three bonus holes, which wins.
//! - Toguz Kumalak: `1. 76 1... 98 2. 66 2... 87 *`.
//!
//! Why this convention: a reader sees at once whose every action is (the last number before
//! it says so) and where each turn ends (at the next number), without replaying the game; the
//! actions keep the games' own notation untouched, so a turn's actions need no joining
//! character that one of the notations might use (Tsoro's `take o4` holds a space); and
//! every token is PGN's own (`1.`, `1...`, `{...}`, the results), so PGN tools split the text
//! correctly. It round-trips exactly: reading checks that each number opens the turn of the
//! player to move and that each turn ends exactly where the next number stands. The price is
//! one number more per turn for single-action games such as Toguz Kumalak, whose classic
//! `1. 76 98` form the [`playok`] dialect still reads and writes.
//!
//! # Comments and results
//! `{comments}` are kept with the number of plies played before them, and written back in
//! the same place; `;` comments to the end of the line, `$n` annotation glyphs and `( ... )`
//! variations are read and dropped. The result token ends the movetext: `1-0` (South won),
//! `0-1` (North won), `1/2-1/2` (a draw) or `*` (unfinished); no other token is accepted.
//!
//! # Reading checks everything
//! The tags (syntax, no tag twice, `Variant` and `Result` present, `FEN` a valid position of
//! the ruleset), every move number, every action against the position it is played in, the
//! turn boundaries, and the result: it must equal the `Result` tag, and for a game that is
//! over it must be the rules' outcome (an unfinished game may carry a decided result: a
//! resignation or an adjudication). An error ([`PgnError`]) names the line and, for a move,
//! the ply. A file may hold many games; [`split`] cuts it into games without reading them, so
//! a program can pick the ruleset from each game's `Variant` first, or let [`read_any`] do it.
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::{GameRecord, pgn};
//!
//! let mut game = GameRecord::new("kalah:pie".parse::<Kalah>()?);
//! for mv in ["3", "6", "swap", "5"] {
//!     game.play_text(mv)?;
//! }
//! let text = game.to_pgn();
//! assert!(text.contains("[Variant \"kalah:pie\"]"));
//! assert!(text.ends_with("\n1. 3 6 1... swap 2. 5 *\n"));
//! assert_eq!(GameRecord::<Kalah>::from_pgn(&text)?, game);
//!
//! let err = pgn::read_game::<Kalah>(&text.replace("1... swap", "2. swap")).unwrap_err();
//! assert_eq!(err.to_string(), "line 10, ply 3: move number `2.`, but North's turn 1 is next: `1...`");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every record shown above replays:
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::toguz::Toguz;
//! use sowing::tsoro::Tsoro;
//! use sowing::pgn;
//!
//! let record = |variant: &str, moves: &str| {
//!     let result = moves.rsplit(' ').next().unwrap();
//!     format!("[Result \"{result}\"]\n[Variant \"{variant}\"]\n\n{moves}\n")
//! };
//! let pie = pgn::read_game::<Kalah>(&record("kalah:pie", "1. 3 6 1... swap 2. 5 2... 2 3 3. 2 {an extra turn next} 4 *"))?;
//! assert_eq!((pie.record.ply(), pie.comments.len()), (8, 1));
//! // The record at the top of this page, tags and all.
//! let top = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[South \"?\"]\n\
//!            [North \"?\"]\n[Result \"*\"]\n[Variant \"kalah:pie\"]\n\n\
//!            1. 3 6 1... swap 2. 5 2... 2 3 3. 2 {an extra turn next} 4 *\n";
//! let read = pgn::read_game::<Kalah>(top)?;
//! assert!(read.record == pie.record && read.comments == pie.comments);
//! assert_eq!(read.to_text(), top);
//! let kalah = pgn::read_game::<Kalah>(&record("kalah", "1. 3 6 1... 2 3 2. 4 *"))?;
//! assert_eq!(kalah.record.move_texts(), ["3", "6", "2", "3", "4"]);
//! let tsoro = pgn::read_game::<Tsoro>(&record(
//!     "tsoro:holes=6,bonus=3",
//!     "1. o3 relay 1... o2 2. o2 2... o5 3. o6 take o6 take o4 take i2 1-0",
//! ))?;
//! assert_eq!((tsoro.record.ply(), tsoro.record.is_over()), (9, true));
//! let toguz = pgn::read_game::<Toguz>(&record("toguz", "1. 76 1... 98 2. 66 2... 87 *"))?;
//! assert_eq!(toguz.record.ply(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod playok;

use std::fmt;

use thiserror::Error;

use crate::error::{MoveParseError, PositionError, RulesetParseError};
use crate::games::AnyRuleset;
use crate::kalah::Kalah;
use crate::player::{Outcome, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::toguz::{Style, Toguz};
use crate::tsoro::Tsoro;

// ---------------------------------------------------------------------------------------------
// Results.

pub use crate::player::GameResult;

// ---------------------------------------------------------------------------------------------
// The game.

/// One game in the records form: tags, the replayed game, the result and the comments.
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
    /// written as `)`, since it would end the comment.
    pub comments: Vec<(usize, String)>,
}

impl<R: Ruleset> PgnGame<R> {
    /// A record of `record`'s moves up to its cursor: the roster tags with unknown values
    /// (`?`), the result from the rules' outcome (`*` while the game goes on), no comments.
    pub fn new(record: GameRecord<R>) -> PgnGame<R> {
        let result = GameResult::of(record.outcome());
        PgnGame {
            tags: roster::<R>(),
            record,
            result,
            comments: Vec::new(),
        }
    }

    /// The value of tag `name`, if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_value(&self.tags, name)
    }

    /// Sets tag `name`, replacing its value or appending it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        set_tag_value(&mut self.tags, name, value);
    }

    /// The record's text in the records form (see the [module docs](self)).
    pub fn to_text(&self) -> String {
        write_parts(&self.tags, &self.record, self.result, &self.comments)
    }

    /// The record's text in `form`: the records form, or for Toguz Kumalak PlayOK's or the
    /// federation's PGN ([`playok`]). `None` when the form cannot write this game (the PlayOK
    /// and federation forms are Toguz Kumalak's alone).
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
            Form::PlayOk => Some(playok::write_game(&self.to_playok()?, Style::PlayOk)),
            Form::Federation => Some(playok::write_game(&self.to_playok()?, Style::Federation)),
        }
    }

    /// The game as the [`playok`] dialect holds it, when it is a Toguz Kumalak game (read
    /// through the texts of its ruleset, start and moves, so any `R` naming Toguz Kumalak
    /// works); `{zero}` is set when the game ended by rule 7 and the result says so.
    pub fn to_playok(&self) -> Option<playok::PgnGame> {
        if R::GAME != Toguz::GAME {
            return None;
        }
        let rules: Toguz = self.record.rules().to_string().parse().ok()?;
        let start = rules
            .parse_position(&self.record.start().to_string())
            .ok()?;
        let texts = self.record.move_texts();
        let record =
            GameRecord::replay(rules, Some(start), texts.iter().map(String::as_str)).ok()?;
        let zero = self.result != GameResult::Unfinished
            && record.rules().is_atsyz_kalu(record.current())
            && GameResult::of(record.outcome()) == self.result;
        Some(playok::PgnGame {
            headers: self.tags.clone(),
            record,
            result: Some(self.result.token().to_string()),
            zero,
            comments: self.comments.clone(),
        })
    }
}

/// The value of tag `name` in `tags`.
fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(t, _)| t == name)
        .map(|(_, v)| v.as_str())
}

/// Sets tag `name` in `tags`, replacing its value or appending it.
fn set_tag_value(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(t, _)| t == name) {
        Some(t) => t.1 = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

// ---------------------------------------------------------------------------------------------
// Errors.

/// What is wrong with a record, in either form.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum PgnProblem {
    /// A tag line that is not `[Name "value"]`.
    #[error("bad tag line: {0}")]
    BadTag(String),
    /// A tag given twice (the records form; PlayOK files may repeat one).
    #[error("tag {0} given twice")]
    RepeatedTag(String),
    /// A tag the format requires is missing.
    #[error("no {0} tag")]
    MissingTag(&'static str),
    /// The `Variant` tag is not ruleset text of this game.
    #[error("Variant: {0}")]
    Variant(#[from] RulesetParseError),
    /// The `FEN` tag is not a position of the ruleset.
    #[error("FEN: {0}")]
    Fen(#[from] PositionError),
    /// A move number that is not the next turn's.
    #[error("move number `{found}`, but {expected}")]
    MoveNumber {
        /// The number as written.
        found: String,
        /// Whose turn comes next and how it is numbered.
        expected: String,
    },
    /// An action written after its player's turn has ended.
    #[error(
        "{action:?} is written in {player}'s turn, but that turn has ended: `{number}` comes first"
    )]
    TurnEnded {
        /// The action as written.
        action: String,
        /// The player whose turn was written.
        player: Player,
        /// The number that should open the next turn.
        number: String,
    },
    /// A move number while the turn before it goes on.
    #[error("`{found}` opens a new turn, but {player}'s turn goes on")]
    TurnGoesOn {
        /// The number as written.
        found: String,
        /// The player still to act.
        player: Player,
    },
    /// A move number with no action after it.
    #[error("move number `{0}` has no action")]
    EmptyTurn(String),
    /// An action that does not parse or is illegal in its position.
    #[error(transparent)]
    Move(#[from] MoveParseError),
    /// An action after the game is over.
    #[error("{0:?} comes after the end of the game")]
    AfterEnd(String),
    /// The result token and the `Result` tag differ.
    #[error("the result {token} differs from the Result tag {tag:?}")]
    ResultTag {
        /// The movetext's result.
        token: &'static str,
        /// The tag's value.
        tag: String,
    },
    /// A `Result` tag that is none of the four results (the PlayOK form checks the tag
    /// itself; the records form checks that it equals the movetext's result).
    #[error("the Result tag {0:?} is not 1-0, 0-1, 1/2-1/2 or *")]
    BadResultTag(String),
    /// The result contradicts the rules' outcome of a finished game.
    #[error("the result {written} contradicts the final position: {outcome} ({expected})")]
    ResultOutcome {
        /// The result written.
        written: &'static str,
        /// The outcome under the rules.
        outcome: Outcome,
        /// Its token.
        expected: &'static str,
    },
    /// PlayOK's `{zero}` after the result of a game the player to move could go on with.
    #[error("{{zero}} says the player to move had no move, but he has one")]
    Zero,
    /// A token shaped like a result that the format does not define (`2-0`, `½-½`).
    #[error("{0:?} is not a result: the results are 1-0, 0-1, 1/2-1/2 and *")]
    BadResult(String),
    /// The movetext has no result token.
    #[error("the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *): the game may be cut off")]
    NoResult,
    /// Any other text out of place.
    #[error("{0}")]
    Syntax(String),
}

/// A record that cannot be read, in either form: the line, the ply for a problem with a move
/// (counted from 1 from the record's start), and what is wrong.
///
/// The [`playok`] dialect's functions give it as a [`RecordError`](crate::RecordError), as
/// they always have (`From` converts).
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[error("line {line}{}: {problem}", ply.map(|p| format!(", ply {p}")).unwrap_or_default())]
pub struct PgnError {
    /// 1-based line number in the text read.
    pub line: usize,
    /// The ply (1 = the record's first action), for problems with a move or a turn.
    pub ply: Option<usize>,
    /// What is wrong.
    pub problem: PgnProblem,
}

fn err(line: usize, ply: Option<usize>, problem: PgnProblem) -> PgnError {
    PgnError { line, ply, problem }
}

fn syntax(line: usize, problem: impl Into<String>) -> PgnError {
    err(line, None, PgnProblem::Syntax(problem.into()))
}

// ---------------------------------------------------------------------------------------------
// Splitting a file into games.

/// One game's text within a file: the lines from its first tag to its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameText<'a> {
    /// The 1-based number, in the whole file, of the game's first line.
    pub first_line: usize,
    /// The game's lines.
    pub text: &'a str,
}

impl GameText<'_> {
    /// The value of tag `name` from the game's tag lines, unescaped; `None` if absent or
    /// malformed. Lets a program choose the ruleset (`Variant`) before reading the game.
    pub fn tag(&self, name: &str) -> Option<String> {
        self.text
            .lines()
            .map(str::trim)
            .take_while(|l| l.is_empty() || l.starts_with('['))
            .filter_map(|l| parse_tag(l).ok())
            .find(|(t, _)| t == name)
            .map(|(_, v)| v)
    }

    /// Reads the game in the records form under ruleset `R` (from its `Variant` tag). Line
    /// numbers in errors count from the start of the whole file.
    pub fn read<R: Ruleset>(&self) -> Result<PgnGame<R>, PgnError> {
        read_text(self.text, self.first_line)
    }

    /// Reads the game as Toguz Kumalak PGN in PlayOK's or the federation's form
    /// ([`playok`]).
    pub fn read_playok(&self) -> Result<playok::PgnGame, PgnError> {
        playok::read_text(self.text, self.first_line)
    }

    /// Which ruleset and form the game is written in, from its tags and movetext alone:
    ///
    /// - no `Variant` tag: Toguz Kumalak's PlayOK and federation PGN ([`Form::PlayOk`], the
    ///   standard Toguz Kumalak rules), the only form that may leave the game unnamed;
    /// - a `Variant` tag that is not ruleset text of a game of this crate: the ruleset error
    ///   (never a guess);
    /// - a Toguz Kumalak `Variant` whose movetext writes two moves with no number between
    ///   them (PlayOK's pairs, `1. 76 98`): [`Form::PlayOk`];
    /// - any other: [`Form::Records`] under that ruleset.
    pub fn form(&self) -> Result<(Form, AnyRuleset), PgnError> {
        let block = tag_block(self.text, self.first_line, |_, _, _| Ok(()))?;
        let Some((variant, line)) = block.find("Variant") else {
            return Ok((Form::PlayOk, AnyRuleset::Toguz(Toguz::default())));
        };
        let rules: AnyRuleset = variant
            .parse()
            .map_err(|e| err(line, None, PgnProblem::Variant(e)))?;
        if matches!(rules, AnyRuleset::Toguz(_)) && pairs(&self.text[block.offset..]) {
            return Ok((Form::PlayOk, rules));
        }
        Ok((Form::Records, rules))
    }

    /// Reads the game in the form and under the ruleset [`form`](Self::form) finds.
    pub fn read_any(&self) -> Result<AnyGame, PgnError> {
        Ok(match self.form()? {
            (Form::Records, AnyRuleset::Kalah(_)) => AnyGame::Kalah(self.read()?),
            (Form::Records, AnyRuleset::Toguz(_)) => AnyGame::Toguz(self.read()?),
            (Form::Records, AnyRuleset::Tsoro(_)) => AnyGame::Tsoro(self.read()?),
            (_, _) => AnyGame::PlayOk(self.read_playok()?),
        })
    }
}

/// Whether a movetext writes two moves side by side, with no move number between them
/// (comments aside): PlayOK's numbering of pairs, which the records form never writes.
fn pairs(movetext: &str) -> bool {
    let Ok(tokens) = tokens(movetext, 1) else {
        return false;
    };
    let mut words = tokens
        .iter()
        .filter(|(_, t)| !matches!(t, Token::Comment(_)))
        .map(|(_, t)| matches!(t, Token::Word(_)));
    let mut last = false;
    words.any(|word| {
        let both = last && word;
        last = word;
        both
    })
}

/// Cuts a file into games: a tag line after movetext starts a new game, and so does a line
/// opening with a move number after a game's result (PlayOK files may hold games without
/// tags). Blank lines between games are dropped.
pub fn split(text: &str) -> Vec<GameText<'_>> {
    let mut games = Vec::new();
    // (first line number, byte start, byte end of the last non-blank line)
    let mut current: Option<(usize, usize, usize)> = None;
    let mut has_moves = false;
    let mut has_result = false;
    // Where the movetext stands at the start of a line: in a `{` comment, in a variation.
    let mut within = Within::default();
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let t = line.trim();
        let tag = t.starts_with('[');
        let opens_moves = within == Within::default()
            && t.starts_with(|c: char| c.is_ascii_digit())
            && t.split_whitespace()
                .next()
                .is_some_and(|w| w.contains('.') && GameResult::from_token(w).is_none());
        if (tag && has_moves) || (opens_moves && has_result) || current.is_none() {
            has_result = false;
            within = Within::default();
            if t.is_empty() {
                continue;
            }
            if let Some((first, from, to)) = current.take() {
                games.push(GameText {
                    first_line: first,
                    text: &text[from..to],
                });
            }
            current = Some((i + 1, start, offset));
            has_moves = false;
        }
        if t.is_empty() {
            continue;
        }
        if let Some(c) = current.as_mut() {
            c.2 = offset;
        }
        if !tag {
            has_moves = true;
            has_result |= within.scan(line);
        }
    }
    if let Some((first, from, to)) = current {
        games.push(GameText {
            first_line: first,
            text: &text[from..to],
        });
    }
    games
}

/// Where a line of movetext starts: inside a `{` comment, and how many `(` variations deep.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Within {
    comment: bool,
    variations: usize,
}

impl Within {
    /// Reads one line as the tokenizer would, updating where the next line starts; returns
    /// whether the line holds a result (outside comments and variations).
    fn scan(&mut self, line: &str) -> bool {
        let mut found = false;
        let mut rest = line;
        loop {
            if self.comment {
                match rest.find('}') {
                    Some(end) => {
                        rest = &rest[end + 1..];
                        self.comment = false;
                    }
                    None => return found,
                }
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else {
                return found;
            };
            match c {
                '{' => self.comment = true,
                ';' => return found,
                '(' => self.variations += 1,
                ')' => self.variations = self.variations.saturating_sub(1),
                _ => {
                    let end = word_end(rest);
                    found |= self.variations == 0 && GameResult::from_token(&rest[..end]).is_some();
                    rest = &rest[end..];
                    continue;
                }
            }
            rest = &rest[1..];
        }
    }
}

/// Reads every game of a file in the records form under ruleset type `R`; each game is read,
/// and fails, on its own. Line numbers in errors count from the start of `text`.
pub fn read_games<R: Ruleset>(text: &str) -> Vec<Result<PgnGame<R>, PgnError>> {
    split(text).iter().map(GameText::read).collect()
}

/// The one game of a text, or the error saying how many there are.
fn one_game(text: &str) -> Result<GameText<'_>, PgnError> {
    let games = split(text);
    match games.as_slice() {
        [one] => Ok(*one),
        [] => Err(syntax(1, "no game in the text")),
        _ => Err(syntax(
            1,
            format!("{} games in the text, expected one", games.len()),
        )),
    }
}

/// Reads a text holding exactly one game in the records form.
pub fn read_game<R: Ruleset>(text: &str) -> Result<PgnGame<R>, PgnError> {
    one_game(text)?.read()
}

/// Reads every game of a file of any game and either form, each under the ruleset and in the
/// form [`GameText::form`] finds (a `Variant` that names no ruleset is an error, and only a
/// game with no `Variant` at all is read as Toguz Kumalak's PlayOK PGN).
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
/// assert_eq!(games[2].as_ref().unwrap_err().to_string(), "line 11: Variant: unknown game \"Kalah\" (known: kalah, toguz, tsoro, oware)");
/// ```
pub fn read_any(text: &str) -> Vec<Result<AnyGame, PgnError>> {
    split(text).iter().map(GameText::read_any).collect()
}

/// Writes one game in the records form.
pub fn write_game<R: Ruleset>(game: &PgnGame<R>) -> String {
    game.to_text()
}

/// Writes games one after another in the records form, a blank line between them.
pub fn write_games<'a, R: Ruleset, I: IntoIterator<Item = &'a PgnGame<R>>>(games: I) -> String {
    games
        .into_iter()
        .map(PgnGame::to_text)
        .collect::<Vec<_>>()
        .join("\n")
}

impl<R: Ruleset> GameRecord<R> {
    /// The game up to the cursor as a record (see [`pgn`](crate::pgn)): unknown roster tags
    /// (`?`), the `Variant`, a `FEN` if it starts from a set-up position, the result from the
    /// rules' outcome. For tags, or another [`Form`], go through [`PgnGame::new`].
    pub fn to_pgn(&self) -> String {
        write_parts(&roster::<R>(), self, GameResult::of(self.outcome()), &[])
    }

    /// Reads a record holding one game (see [`pgn`](crate::pgn)); tags and comments are
    /// checked and dropped (use [`pgn::read_game`](crate::pgn::read_game) to keep them).
    pub fn from_pgn(text: &str) -> Result<Self, PgnError> {
        read_game(text).map(|g| g.record)
    }
}

// ---------------------------------------------------------------------------------------------
// Forms, and a game of any of them.

/// The forms a record file is written in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Form {
    /// The crate's records form, for any game: `1. 3 6 1... swap` (this module).
    Records,
    /// Toguz Kumalak's PGN as PlayOK writes it: `1. 65(10) 98`, `45X` ([`playok`]). Read,
    /// it stands for the federation's files too, which differ only in how moves are written.
    PlayOk,
    /// Toguz Kumalak's PGN as the federation books write it: `1. 65 98`, `45x` (written
    /// only; read as [`Form::PlayOk`]).
    Federation,
}

impl Form {
    /// Every form.
    pub const ALL: [Form; 3] = [Form::Records, Form::PlayOk, Form::Federation];

    /// The form's name: `records`, `playok` or `federation`.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Records => "records",
            Form::PlayOk => "playok",
            Form::Federation => "federation",
        }
    }

    /// The form a name stands for; `None` for any other text.
    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == name)
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game of any game of the crate, in the form it was read in ([`read_any`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    /// A Kalah game in the records form.
    Kalah(PgnGame<Kalah>),
    /// A Toguz Kumalak game in the records form.
    Toguz(PgnGame<Toguz>),
    /// A Tsoro game in the records form.
    Tsoro(PgnGame<Tsoro>),
    /// A Toguz Kumalak game in PlayOK's or the federation's form.
    PlayOk(playok::PgnGame),
}

impl AnyGame {
    /// The form the game was read in.
    pub fn form(&self) -> Form {
        match self {
            AnyGame::PlayOk(_) => Form::PlayOk,
            _ => Form::Records,
        }
    }

    /// The ruleset.
    pub fn rules(&self) -> AnyRuleset {
        match self {
            AnyGame::Kalah(g) => AnyRuleset::Kalah(g.record.rules().clone()),
            AnyGame::Toguz(g) => AnyRuleset::Toguz(g.record.rules().clone()),
            AnyGame::Tsoro(g) => AnyRuleset::Tsoro(g.record.rules().clone()),
            AnyGame::PlayOk(g) => AnyRuleset::Toguz(g.record.rules().clone()),
        }
    }

    /// The plies played.
    pub fn ply(&self) -> usize {
        match self {
            AnyGame::Kalah(g) => g.record.ply(),
            AnyGame::Toguz(g) => g.record.ply(),
            AnyGame::Tsoro(g) => g.record.ply(),
            AnyGame::PlayOk(g) => g.record.ply(),
        }
    }

    /// The rules' outcome of the final position, if the game is over there.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyGame::Kalah(g) => g.record.outcome(),
            AnyGame::Toguz(g) => g.record.outcome(),
            AnyGame::Tsoro(g) => g.record.outcome(),
            AnyGame::PlayOk(g) => g.record.outcome(),
        }
    }

    /// The result written at the end of the movetext.
    pub fn result(&self) -> GameResult {
        match self {
            AnyGame::Kalah(g) => g.result,
            AnyGame::Toguz(g) => g.result,
            AnyGame::Tsoro(g) => g.result,
            AnyGame::PlayOk(g) => g
                .result
                .as_deref()
                .and_then(GameResult::from_token)
                .unwrap_or(GameResult::Unfinished),
        }
    }

    /// Whether the result is followed by PlayOK's `{zero}`: the game ended because the player
    /// to move had no move (always `false` in the records form).
    pub fn zero(&self) -> bool {
        matches!(self, AnyGame::PlayOk(g) if g.zero)
    }
}

// ---------------------------------------------------------------------------------------------
// Tags, in both forms.

/// The roster's tags but `Result`, their values unknown.
fn roster<R: Ruleset>() -> Vec<(String, String)> {
    let [south, north] = R::SIDES;
    [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        (south, "?"),
        (north, "?"),
    ]
    .iter()
    .map(|&(t, v)| (t.to_string(), v.to_string()))
    .collect()
}

/// Appends the tag line `[name "value"]`: `\` and `"` escaped, a line feed (which a tag line
/// cannot hold) as a space, and a carriage return as a space too unless `keep_cr` (PlayOK
/// files that hold one inside a value read, and are written back, with it).
fn push_tag(out: &mut String, name: &str, value: &str, keep_cr: bool) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push(' '),
            '\r' if !keep_cr => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

/// `[Name "value"]` → (name, unescaped value). `\"` and `\\` are the escapes; a backslash
/// before any other character stands for itself, and so does a quote that does not end the
/// value (PlayOK and the federation's files have both, and read as they always have).
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("a tag is `[Name \"value\"]` on one line")?;
    let (name, rest) = inner
        .split_once(char::is_whitespace)
        .ok_or("a tag needs a name and a quoted value")?;
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(format!("{name:?} is not a tag name (letters, digits, `_`)"));
    }
    let quoted = rest.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .ok_or("the value must be in double quotes")?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                Some(other) => {
                    value.push('\\');
                    value.push(other);
                }
                None => value.push('\\'),
            },
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// A game's tag lines, read: the tags in order with their lines, and where the movetext
/// starts.
struct TagBlock {
    tags: Vec<(String, String)>,
    lines: Vec<usize>,
    /// Byte offset of the movetext in the game's text.
    offset: usize,
    /// The movetext's first line.
    line: usize,
}

impl TagBlock {
    /// The first value of tag `name` and its line.
    fn find(&self, name: &str) -> Option<(&str, usize)> {
        let i = self.tags.iter().position(|(t, _)| t == name)?;
        Some((self.tags[i].1.as_str(), self.lines[i]))
    }
}

/// Reads the tag lines at the start of a game (blank lines between them skipped); `check`
/// sees each tag (with the ones before it) and may refuse it.
fn tag_block(
    text: &str,
    first_line: usize,
    mut check: impl FnMut(&str, &str, &[(String, String)]) -> Result<(), PgnProblem>,
) -> Result<TagBlock, PgnError> {
    let mut block = TagBlock {
        tags: Vec::new(),
        lines: Vec::new(),
        offset: 0,
        line: first_line,
    };
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('[') {
            break;
        }
        block.offset += line.len();
        block.line = first_line + i + 1;
        if t.is_empty() {
            continue;
        }
        let at = first_line + i;
        let (name, value) = parse_tag(t).map_err(|p| err(at, None, PgnProblem::BadTag(p)))?;
        check(&name, &value, &block.tags).map_err(|p| err(at, None, p))?;
        block.tags.push((name, value));
        block.lines.push(at);
    }
    Ok(block)
}

// ---------------------------------------------------------------------------------------------
// Movetext tokens, in both forms.

/// A movetext token.
#[derive(Debug)]
enum Token<'a> {
    /// `12.` (South's) or `12...` (North's).
    Number(u64, Player),
    /// A move, or part of one.
    Word(&'a str),
    /// One of the four results.
    Result(GameResult),
    /// A `{comment}`'s text as written, line breaks included.
    Comment(&'a str),
}

/// Cuts movetext into tokens with their lines: `{comments}`, move numbers (also written
/// joined to the move, `1.76`), results and words. `;` comments to the end of the line, `$n`
/// glyphs and `( ... )` variations (with what they hold) are dropped.
fn tokens(text: &str, first_line: usize) -> Result<Vec<(usize, Token<'_>)>, PgnError> {
    let mut out = Vec::new();
    let mut line = first_line;
    let mut variations = 0usize;
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        line += rest[..rest.len() - trimmed.len()].matches('\n').count();
        rest = trimmed;
        let Some(c) = rest.chars().next() else { break };
        match c {
            '{' => {
                let body = &rest[1..];
                let end = body
                    .find('}')
                    .ok_or_else(|| syntax(line, "a `{` comment is never closed"))?;
                if variations == 0 {
                    out.push((line, Token::Comment(&body[..end])));
                }
                line += body[..end].matches('\n').count();
                rest = &body[end + 1..];
            }
            ';' => rest = rest.find('\n').map_or("", |i| &rest[i..]),
            '(' => {
                variations += 1;
                rest = &rest[1..];
            }
            ')' => {
                if variations == 0 {
                    return Err(syntax(line, "`)` without a variation to close"));
                }
                variations -= 1;
                rest = &rest[1..];
            }
            _ => {
                let end = word_end(rest);
                if variations == 0 {
                    push_word(&mut out, line, &rest[..end])?;
                }
                rest = &rest[end..];
            }
        }
    }
    if variations > 0 {
        return Err(syntax(line, "a `(` variation is never closed"));
    }
    Ok(out)
}

/// Where a movetext word ends: at whitespace, `{`, `;`, or a `)` that closes no `(` of the
/// word. A `(` inside a word is PlayOK's kazan total: `65(10)`.
fn word_end(rest: &str) -> usize {
    let mut depth = 0;
    for (i, ch) in rest.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            ')' => return i,
            c if c.is_whitespace() || c == '{' || c == ';' => return i,
            _ => {}
        }
    }
    rest.len()
}

fn push_word<'a>(
    out: &mut Vec<(usize, Token<'a>)>,
    at: usize,
    word: &'a str,
) -> Result<(), PgnError> {
    if let Some(r) = GameResult::from_token(word) {
        out.push((at, Token::Result(r)));
        return Ok(());
    }
    if word.starts_with('$') {
        return Ok(()); // an annotation glyph
    }
    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && word[digits..].starts_with('.') {
        let number: u64 = word[..digits]
            .parse()
            .map_err(|_| syntax(at, format!("move number {word:?} is too large")))?;
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        let player = match dots {
            1 => Player::South,
            3 => Player::North,
            _ => return Err(syntax(at, format!("bad move number {word:?}"))),
        };
        out.push((at, Token::Number(number, player)));
        let rest = &word[digits + dots..];
        if !rest.is_empty() {
            push_word(out, at, rest)?;
        }
        return Ok(());
    }
    out.push((at, Token::Word(word)));
    Ok(())
}

/// The number that opens a turn of `player`, the `number`-th pair of turns.
fn turn_number(number: u64, player: Player) -> String {
    match player {
        Player::South => format!("{number}."),
        Player::North => format!("{number}..."),
    }
}

/// Joins movetext units into lines of at most `width` bytes where it can (a unit longer than
/// that stands alone), each line ended by a line feed.
fn push_wrapped(out: &mut String, units: &[String], width: usize) {
    let mut line = 0;
    for unit in units {
        if line > 0 && line + 1 + unit.len() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        line += unit.len();
        out.push_str(unit);
    }
    out.push('\n');
}

// ---------------------------------------------------------------------------------------------
// The records form: writing.

/// The longest line the writer makes when it can (PGN's export format: under 80).
const WIDTH: usize = 79;

const ROSTER: [&str; 4] = ["Event", "Site", "Date", "Round"];

fn write_parts<R: Ruleset>(
    tags: &[(String, String)],
    record: &GameRecord<R>,
    result: GameResult,
    comments: &[(usize, String)],
) -> String {
    let rules = record.rules();
    let start = record.start();
    let mut out = String::new();
    let value = |name: &str| tag_value(tags, name).unwrap_or("?");
    for name in ROSTER {
        let v = match value(name) {
            "?" if name == "Date" => "????.??.??",
            v => v,
        };
        push_tag(&mut out, name, v, false);
    }
    for name in R::SIDES {
        push_tag(&mut out, name, value(name), false);
    }
    push_tag(&mut out, "Result", result.token(), false);
    push_tag(&mut out, "Variant", &rules.to_string(), false);
    if *start != rules.start() {
        push_tag(&mut out, "FEN", &start.to_string(), false);
    }
    let written = |t: &str| {
        ROSTER.contains(&t) || R::SIDES.contains(&t) || ["Result", "Variant", "FEN"].contains(&t)
    };
    for (name, v) in tags.iter().filter(|(t, _)| !written(t)) {
        push_tag(&mut out, name, v, false);
    }
    out.push('\n');

    // Movetext: units that a line break may not split.
    let mut units: Vec<String> = Vec::new();
    let comments_at = |ply: usize| {
        comments
            .iter()
            .filter(move |(p, _)| *p == ply)
            .map(|(_, c)| format!("{{{}}}", c.replace('}', ")")))
    };
    units.extend(comments_at(0));
    let mut number = 1;
    let mut side = None;
    for (i, &mv) in record.moves().iter().enumerate() {
        let state = record.position_at(i).unwrap_or(start);
        let player = rules.to_move(state);
        if side != Some(player) {
            if side.is_some() && player == Player::South {
                number += 1;
            }
            side = Some(player);
            units.push(turn_number(number, player));
        }
        units.push(rules.format_move(state, mv));
        units.extend(comments_at(i + 1));
    }
    units.push(result.token().to_string());
    push_wrapped(&mut out, &units, WIDTH);
    out
}

// ---------------------------------------------------------------------------------------------
// The records form: reading.

/// Digits joined by `-` (or `/`, `½`): a score or result other than the four of PGN.
fn looks_like_result(word: &str) -> bool {
    (word.contains('-') || word.contains('½'))
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | '/' | '½' | '.' | '+' | '='))
}

fn read_text<R: Ruleset>(text: &str, first_line: usize) -> Result<PgnGame<R>, PgnError> {
    let block = tag_block(text, first_line, |name, value, before| {
        if before.iter().any(|(n, _)| n == name) {
            return Err(PgnProblem::RepeatedTag(name.to_string()));
        }
        // A carriage return, which a line can hold, would be written as a space.
        if value.contains('\r') {
            return Err(PgnProblem::BadTag(
                "a tag value cannot hold a line break".into(),
            ));
        }
        Ok(())
    })?;
    let value = |name: &'static str| {
        block
            .find(name)
            .ok_or_else(|| err(first_line, None, PgnProblem::MissingTag(name)))
    };
    let (variant, variant_line) = value("Variant")?;
    let rules: R = variant
        .parse()
        .map_err(|e| err(variant_line, None, PgnProblem::Variant(e)))?;
    let fen_line = block.find("FEN").map_or(first_line, |(_, l)| l);
    let start = match block.find("FEN") {
        None => rules.start(),
        Some((fen, _)) => rules
            .parse_position(fen)
            .map_err(|e| err(fen_line, None, PgnProblem::Fen(e)))?,
    };
    let result_tag = value("Result")?.0.to_string();
    let mut record = GameRecord::from_position(rules.clone(), start)
        .map_err(|e| err(fen_line, None, PgnProblem::Fen(e)))?;

    // Movetext.
    let toks = tokens(&text[block.offset..], block.line)?;
    let mut comments = Vec::new();
    let mut result = None;
    let mut number: u64 = 1;
    // The turn being read: its player, how many actions it has had, its number as written.
    let mut turn: Option<(Player, usize, String)> = None;
    let mut last_line = block.line;
    let mut i = 0;
    while i < toks.len() {
        let (line, token) = &toks[i];
        let line = *line;
        last_line = line;
        i += 1;
        let ply = record.ply() + 1;
        let word = match token {
            Token::Comment(c) => {
                comments.push((record.ply(), c.trim().to_string()));
                continue;
            }
            _ if result.is_some() => {
                let word = match token {
                    Token::Number(n, p) => turn_number(*n, *p),
                    Token::Result(r) => r.token().to_string(),
                    Token::Word(w) => w.to_string(),
                    Token::Comment(_) => String::new(),
                };
                return Err(syntax(line, format!("{word:?} after the result")));
            }
            Token::Result(r) => {
                if let Some((_, 0, n)) = &turn {
                    return Err(err(line, Some(ply), PgnProblem::EmptyTurn(n.clone())));
                }
                result = Some((*r, line));
                continue;
            }
            Token::Number(n, player) => {
                let (n, player) = (*n, *player);
                let found = turn_number(n, player);
                let mover = rules.to_move(record.current());
                let over = rules.is_over(record.current());
                match &turn {
                    Some((_, 0, n)) => {
                        return Err(err(line, Some(ply), PgnProblem::EmptyTurn(n.clone())));
                    }
                    Some((p, _, _)) if *p == mover && !over => {
                        return Err(err(
                            line,
                            Some(ply),
                            PgnProblem::TurnGoesOn {
                                found,
                                player: mover,
                            },
                        ));
                    }
                    Some((Player::North, _, _)) if mover == Player::South => number += 1,
                    _ => {}
                }
                if over {
                    return Err(err(line, Some(ply), PgnProblem::AfterEnd(found)));
                }
                if n != number || player != mover {
                    return Err(err(
                        line,
                        Some(ply),
                        PgnProblem::MoveNumber {
                            found,
                            expected: format!(
                                "{mover}'s turn {number} is next: `{}`",
                                turn_number(number, mover)
                            ),
                        },
                    ));
                }
                turn = Some((mover, 0, found));
                continue;
            }
            Token::Word(w) => *w,
        };
        if looks_like_result(word) {
            return Err(err(line, None, PgnProblem::BadResult(word.to_string())));
        }
        let mover = rules.to_move(record.current());
        let over = rules.is_over(record.current());
        // An action.
        let Some((player, actions, _)) = turn.as_mut() else {
            return Err(err(
                line,
                Some(ply),
                PgnProblem::Syntax(format!(
                    "{word:?} before any move number: the movetext opens with `{}`",
                    turn_number(1, rules.to_move(record.start()))
                )),
            ));
        };
        if over {
            return Err(err(line, Some(ply), PgnProblem::AfterEnd(word.to_string())));
        }
        if *player != mover {
            let next = if mover == Player::South {
                number + 1
            } else {
                number
            };
            return Err(err(
                line,
                Some(ply),
                PgnProblem::TurnEnded {
                    action: word.to_string(),
                    player: *player,
                    number: turn_number(next, mover),
                },
            ));
        }
        // An action is one word, or two when the first alone is not one (Tsoro's `take o4`).
        let mv = match rules.parse_move(record.current(), word) {
            Ok(mv) => mv,
            Err(first @ MoveParseError::Syntax { .. }) => {
                let joined = match toks.get(i) {
                    Some((_, Token::Word(next))) => {
                        let text = format!("{word} {next}");
                        rules.parse_move(record.current(), &text).ok()
                    }
                    _ => None,
                };
                match joined {
                    Some(mv) => {
                        i += 1;
                        mv
                    }
                    None => return Err(err(line, Some(ply), PgnProblem::Move(first))),
                }
            }
            Err(e) => return Err(err(line, Some(ply), PgnProblem::Move(e))),
        };
        record.play(mv).map_err(|e| {
            err(
                line,
                Some(ply),
                PgnProblem::Move(MoveParseError::Illegal {
                    text: word.to_string(),
                    reason: e.reason,
                }),
            )
        })?;
        *actions += 1;
    }
    let Some((result, line)) = result else {
        return Err(err(last_line, None, PgnProblem::NoResult));
    };
    if result.token() != result_tag {
        return Err(err(
            line,
            None,
            PgnProblem::ResultTag {
                token: result.token(),
                tag: result_tag,
            },
        ));
    }
    check_outcome(record.outcome(), result, line)?;
    Ok(PgnGame {
        tags: block.tags,
        record,
        result,
        comments,
    })
}

/// A result must be the rules' outcome of a finished game (an unfinished one may carry any:
/// a resignation, an adjudication; a finished one may be written `*`, unknown, in the PlayOK
/// form only, which [`playok`] checks before).
fn check_outcome(
    outcome: Option<Outcome>,
    result: GameResult,
    line: usize,
) -> Result<(), PgnError> {
    if let Some(outcome) = outcome {
        let expected = GameResult::of(Some(outcome));
        if expected != result {
            return Err(err(
                line,
                None,
                PgnProblem::ResultOutcome {
                    written: result.token(),
                    outcome,
                    expected: expected.token(),
                },
            ));
        }
    }
    Ok(())
}
