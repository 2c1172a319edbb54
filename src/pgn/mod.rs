//! Game records of every game in one text form, in the style of PGN.
//!
//! Players and tools already know PGN (Portable Game Notation): a block of tag pairs, then
//! the moves with move numbers, then the result. This module writes and reads that form for
//! any [`Ruleset`]; Toguz Kumalak's own PlayOK and federation PGN stays in
//! [`toguz::pgn`](crate::toguz::pgn).
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
//! 1. 3 6 1... swap 2. 5 2... 2 3. 1 {an extra turn next} 4 *
//! ```
//!
//! # Tags
//! The seven tags of PGN's roster come first: `Event`, `Site`, `Date`, `Round`, the two
//! sides by the game's own names ([`Ruleset::SIDES`]: `South` and `North`, or `White` and
//! `Black` for Toguz Kumalak) and `Result`. Then `Variant`, the ruleset text (`kalah:pie`,
//! `tsoro:bonus=3`), which says which game and rules the moves are read under, and `FEN`, the
//! position text of the start when the game does not begin from the ruleset's start. Other
//! tags follow in the order they were read. Values are quoted, with `\"` and `\\` escaped; a
//! value holds no line break.
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
//! - Kalah: `1. 3 6 1... 2 2. 4` is South sowing pit 3 (extra turn) and pit 6, North pit 2,
//!   South pit 4; with the pie rule, `1... swap` is North taking South's opening.
//! - Tsoro: `1. o3 relay stop 1... i5 take o4 done`.
//! - Toguz Kumalak: `1. 76 1... 98 2. 66 2... 87`.
//!
//! Why this convention: a reader sees at once whose every action is (the last number before
//! it says so) and where each turn ends (at the next number), without replaying the game; the
//! actions keep the games' own notation untouched, so a turn's actions need no joining
//! character that one of the notations might use (Tsoro's `take o4` holds a space); and
//! every token is PGN's own (`1.`, `1...`, `{...}`, the results), so PGN tools split the text
//! correctly. It round-trips exactly: reading checks that each number opens the turn of the
//! player to move and that each turn ends exactly where the next number stands. The price is
//! one number more per turn for single-action games such as Toguz Kumalak, whose classic
//! `1. 76 98` form [`toguz::pgn`](crate::toguz::pgn) still reads and writes.
//!
//! # Comments and results
//! `{comments}` are kept with the number of plies played before them, and written back in
//! the same place. The result token ends the movetext: `1-0` (South won), `0-1` (North won),
//! `1/2-1/2` (a draw) or `*` (unfinished); no other token is accepted.
//!
//! # Reading checks everything
//! The tags (syntax, no tag twice, `Variant` and `Result` present, `FEN` a valid position of
//! the ruleset), every move number, every action against the position it is played in, the
//! turn boundaries, and the result: it must equal the `Result` tag, and for a game that is
//! over it must be the rules' outcome (an unfinished game may carry a decided result: a
//! resignation or an adjudication). An error ([`PgnError`]) names the line and, for a move,
//! the ply. A file may hold many games; [`split`] cuts it into games without reading them, so
//! a program can pick the ruleset from each game's `Variant` first.
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

use thiserror::Error;

use crate::error::{MoveParseError, PositionError, RulesetParseError};
use crate::player::{Outcome, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;

/// The result token that ends a record's movetext.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// `1-0`: South (White in Toguz Kumalak) won.
    SouthWins,
    /// `0-1`: North (Black) won.
    NorthWins,
    /// `1/2-1/2`: a draw.
    Draw,
    /// `*`: the game is unfinished.
    Unfinished,
}

impl GameResult {
    /// Every result, in PGN's order.
    pub const ALL: [GameResult; 4] = [
        GameResult::SouthWins,
        GameResult::NorthWins,
        GameResult::Draw,
        GameResult::Unfinished,
    ];

    /// The token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn token(self) -> &'static str {
        match self {
            GameResult::SouthWins => "1-0",
            GameResult::NorthWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unfinished => "*",
        }
    }

    /// The result a token stands for; `None` for any other text.
    pub fn from_token(token: &str) -> Option<GameResult> {
        GameResult::ALL.into_iter().find(|r| r.token() == token)
    }

    /// The result of an outcome, `*` for a game that goes on.
    pub const fn of(outcome: Option<Outcome>) -> GameResult {
        match outcome {
            None => GameResult::Unfinished,
            Some(o) => match o.winner() {
                Some(Player::South) => GameResult::SouthWins,
                Some(Player::North) => GameResult::NorthWins,
                None => GameResult::Draw,
            },
        }
    }
}

/// One game as a record holds it: tags, the replayed game, the result and the comments.
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
        self.tags
            .iter()
            .find(|(t, _)| t == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, replacing its value or appending it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(t, _)| t == name) {
            Some(t) => t.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The record's text (see the [module docs](self)).
    pub fn to_text(&self) -> String {
        write_parts(&self.tags, &self.record, self.result, &self.comments)
    }
}

/// What is wrong with a record.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum PgnProblem {
    /// A tag line that is not `[Name "value"]`.
    #[error("bad tag line: {0}")]
    BadTag(String),
    /// A tag given twice.
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
    /// A token shaped like a result that the format does not define (`2-0`, `½-½`).
    #[error("{0:?} is not a result: the results are 1-0, 0-1, 1/2-1/2 and *")]
    BadResult(String),
    /// The movetext has no result token.
    #[error("the movetext has no result (1-0, 0-1, 1/2-1/2 or *)")]
    NoResult,
    /// Any other text out of place.
    #[error("{0}")]
    Syntax(String),
}

/// A record that cannot be read: the line, the ply for a problem with a move (counted from 1
/// from the record's start), and what is wrong.
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

    /// Reads the game under ruleset `R` (from its `Variant` tag). Line numbers in errors
    /// count from the start of the whole file.
    pub fn read<R: Ruleset>(&self) -> Result<PgnGame<R>, PgnError> {
        read_text(self.text, self.first_line)
    }
}

/// Cuts a file into games: a tag line after movetext starts a new game. Blank lines between
/// games are dropped.
pub fn split(text: &str) -> Vec<GameText<'_>> {
    let mut games = Vec::new();
    // (first line number, byte start, byte end of the last non-blank line)
    let mut current: Option<(usize, usize, usize)> = None;
    let mut has_moves = false;
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        let tag = t.starts_with('[');
        if current.is_none() || (tag && has_moves) {
            if let Some((first, from, to)) = current.take() {
                games.push(GameText {
                    first_line: first,
                    text: &text[from..to],
                });
            }
            current = Some((i + 1, start, offset));
            has_moves = false;
        }
        if let Some(c) = current.as_mut() {
            c.2 = offset;
        }
        has_moves |= !tag;
    }
    if let Some((first, from, to)) = current {
        games.push(GameText {
            first_line: first,
            text: &text[from..to],
        });
    }
    games
}

/// Reads every game of a file under ruleset type `R`; each game is read, and fails, on its
/// own. Line numbers in errors count from the start of `text`.
pub fn read_games<R: Ruleset>(text: &str) -> Vec<Result<PgnGame<R>, PgnError>> {
    split(text).iter().map(GameText::read).collect()
}

/// Reads a text holding exactly one game.
pub fn read_game<R: Ruleset>(text: &str) -> Result<PgnGame<R>, PgnError> {
    let games = split(text);
    match games.as_slice() {
        [one] => one.read(),
        _ => Err(PgnError {
            line: 1,
            ply: None,
            problem: PgnProblem::Syntax(format!("{} games in the text, expected one", games.len())),
        }),
    }
}

/// Writes one game.
pub fn write_game<R: Ruleset>(game: &PgnGame<R>) -> String {
    game.to_text()
}

/// Writes games one after another, a blank line between them.
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
    /// rules' outcome.
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
// Writing.

/// The longest line the writer makes when it can (PGN's export format: under 80).
const WIDTH: usize = 79;

const ROSTER: [&str; 4] = ["Event", "Site", "Date", "Round"];

/// A tag value as written: `\` and `"` escaped, line breaks (which a tag line cannot hold)
/// as spaces.
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

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace(['\n', '\r'], " ")
}

/// The number that opens a turn of `player`, the `number`-th pair of turns.
fn turn_number(number: usize, player: Player) -> String {
    match player {
        Player::South => format!("{number}."),
        Player::North => format!("{number}..."),
    }
}

fn write_parts<R: Ruleset>(
    tags: &[(String, String)],
    record: &GameRecord<R>,
    result: GameResult,
    comments: &[(usize, String)],
) -> String {
    let rules = record.rules();
    let start = record.start();
    let mut out = String::new();
    let value = |name: &str| {
        tags.iter()
            .find(|(t, _)| t == name)
            .map_or("?", |(_, v)| v.as_str())
    };
    let mut line = |name: &str, v: &str| out += &format!("[{name} \"{}\"]\n", escape(v));
    for name in ROSTER {
        line(
            name,
            if name == "Date" && value(name) == "?" {
                "????.??.??"
            } else {
                value(name)
            },
        );
    }
    for name in R::SIDES {
        line(name, value(name));
    }
    line("Result", result.token());
    line("Variant", &rules.to_string());
    if *start != rules.start() {
        line("FEN", &start.to_string());
    }
    let written = |t: &str| {
        ROSTER.contains(&t) || R::SIDES.contains(&t) || ["Result", "Variant", "FEN"].contains(&t)
    };
    for (name, v) in tags.iter().filter(|(t, _)| !written(t)) {
        line(name, v);
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
    let mut width = 0;
    for unit in units {
        if width > 0 && width + 1 + unit.len() > WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        width += unit.len();
        out += &unit;
    }
    out.push('\n');
    out
}

// ---------------------------------------------------------------------------------------------
// Reading.

/// `[Name "value"]` → (name, unescaped value).
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or("a tag is `[Name \"value\"]` on one line")?;
    let (name, rest) = inner
        .split_once(|c: char| c.is_whitespace())
        .ok_or("a tag needs a name and a quoted value")?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("{name:?} is not a tag name (letters, digits, `_`)"));
    }
    let quoted = rest.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .filter(|_| quoted.len() >= 2)
        .ok_or("the value must be in double quotes")?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err("only \\\\ and \\\" are escapes in a tag value".into()),
            },
            '"' => return Err("a quote inside the value must be escaped as \\\"".into()),
            // A line break (`\r` alone can stand in a line) would be written as a space.
            '\r' => return Err("a tag value cannot hold a line break".into()),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// A movetext token and the line it starts on.
enum Token {
    Comment(String),
    Word(String),
}

fn tokens(text: &str, mut line: usize) -> Result<Vec<(usize, Token)>, PgnError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        if c == '\n' {
            line += 1;
            chars.next();
        } else if c.is_whitespace() {
            chars.next();
        } else if c == '{' {
            chars.next();
            let at = line;
            let mut body = String::new();
            loop {
                match chars.next() {
                    Some('}') => break,
                    Some(c) => {
                        if c == '\n' {
                            line += 1;
                        }
                        body.push(c);
                    }
                    None => {
                        return Err(PgnError {
                            line: at,
                            ply: None,
                            problem: PgnProblem::Syntax("a comment `{` is never closed".into()),
                        });
                    }
                }
            }
            out.push((at, Token::Comment(body.trim().to_string())));
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || c == '{' {
                    break;
                }
                word.push(c);
                chars.next();
            }
            out.push((line, Token::Word(word)));
        }
    }
    Ok(out)
}

/// `12.` → (12, South), `12...` → (12, North); `None` if the word is not a move number.
fn parse_number(word: &str) -> Option<(usize, Player)> {
    let digits = word.trim_end_matches('.');
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let player = match word.len() - digits.len() {
        1 => Player::South,
        3 => Player::North,
        _ => return None,
    };
    Some((digits.parse().ok()?, player))
}

/// Digits joined by `-` (or `/`, `½`): a score or result other than the four of PGN.
fn looks_like_result(word: &str) -> bool {
    (word.contains('-') || word.contains('½'))
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | '/' | '½' | '.' | '+' | '='))
}

fn read_text<R: Ruleset>(text: &str, first_line: usize) -> Result<PgnGame<R>, PgnError> {
    let err =
        |line: usize, ply: Option<usize>, problem: PgnProblem| PgnError { line, ply, problem };
    // Tags.
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag_lines = Vec::new();
    let mut offset = 0;
    let mut moves_line = first_line;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let t = line.trim();
        if !t.is_empty() && !t.starts_with('[') {
            break;
        }
        offset += line.len();
        moves_line = first_line + i + 1;
        if t.is_empty() {
            continue;
        }
        let (name, value) =
            parse_tag(t).map_err(|p| err(first_line + i, None, PgnProblem::BadTag(p)))?;
        if tags.iter().any(|(n, _)| *n == name) {
            return Err(err(first_line + i, None, PgnProblem::RepeatedTag(name)));
        }
        tag_lines.push((name.clone(), first_line + i));
        tags.push((name, value));
    }
    let tag_line = |name: &str| {
        tag_lines
            .iter()
            .find(|(n, _)| n == name)
            .map_or(first_line, |(_, l)| *l)
    };
    let value = |name: &'static str| {
        tags.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .ok_or_else(|| err(first_line, None, PgnProblem::MissingTag(name)))
    };
    let rules: R = value("Variant")?
        .parse()
        .map_err(|e| err(tag_line("Variant"), None, PgnProblem::Variant(e)))?;
    let start = match tags.iter().find(|(n, _)| n == "FEN") {
        None => rules.start(),
        Some((_, fen)) => rules
            .parse_position(fen)
            .map_err(|e| err(tag_line("FEN"), None, PgnProblem::Fen(e)))?,
    };
    let result_tag = value("Result")?.to_string();
    let mut record = GameRecord::from_position(rules.clone(), start)
        .map_err(|e| err(tag_line("FEN"), None, PgnProblem::Fen(e)))?;

    // Movetext.
    let toks = tokens(&text[offset..], moves_line)?;
    let mut comments = Vec::new();
    let mut result = None;
    let mut number = 1;
    // The turn being read: its player and how many actions it has had.
    let mut turn: Option<(Player, usize, String)> = None;
    let mut last_line = moves_line;
    let mut i = 0;
    while i < toks.len() {
        let (line, token) = &toks[i];
        let line = *line;
        last_line = line;
        i += 1;
        let word = match token {
            Token::Comment(c) => {
                comments.push((record.ply(), c.clone()));
                continue;
            }
            Token::Word(w) => w.as_str(),
        };
        let ply = record.ply() + 1;
        if result.is_some() {
            return Err(err(
                line,
                None,
                PgnProblem::Syntax(format!("{word:?} after the result")),
            ));
        }
        if let Some(r) = GameResult::from_token(word) {
            if let Some((_, 0, n)) = &turn {
                return Err(err(line, Some(ply), PgnProblem::EmptyTurn(n.clone())));
            }
            result = Some((r, line));
            continue;
        }
        if looks_like_result(word) {
            return Err(err(line, None, PgnProblem::BadResult(word.to_string())));
        }
        let mover = rules.to_move(record.current());
        let over = rules.is_over(record.current());
        if let Some((n, player)) = parse_number(word) {
            match &turn {
                Some((_, 0, n)) => {
                    return Err(err(line, Some(ply), PgnProblem::EmptyTurn(n.clone())));
                }
                Some((p, _, _)) if *p == mover && !over => {
                    return Err(err(
                        line,
                        Some(ply),
                        PgnProblem::TurnGoesOn {
                            found: word.to_string(),
                            player: mover,
                        },
                    ));
                }
                Some((Player::North, _, _)) if mover == Player::South => number += 1,
                _ => {}
            }
            if over {
                return Err(err(line, Some(ply), PgnProblem::AfterEnd(word.to_string())));
            }
            if n != number || player != mover {
                return Err(err(
                    line,
                    Some(ply),
                    PgnProblem::MoveNumber {
                        found: word.to_string(),
                        expected: format!(
                            "{mover}'s turn {number} is next: `{}`",
                            turn_number(number, mover)
                        ),
                    },
                ));
            }
            turn = Some((mover, 0, word.to_string()));
            continue;
        }
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
                    Some((_, Token::Word(next)))
                        if parse_number(next).is_none()
                            && GameResult::from_token(next).is_none() =>
                    {
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
    if let Some(outcome) = record.outcome() {
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
    Ok(PgnGame {
        tags,
        record,
        result,
        comments,
    })
}
