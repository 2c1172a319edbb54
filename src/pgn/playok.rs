//! Toguz Kumalak game records in PGN, as PlayOK and the federation books write them: a
//! dialect of the [records](super) module, on its tags, tokens, comments, results and
//! splitter, with its own move text and numbering.
//!
//! A record is a block of headers (`[Site "PlayOK"]`, `[White "..."]`, `[Result "1-0"]`, ...)
//! and movetext: moves numbered in pairs (`1. 76 98 2. 66 87`, also written `1.76 98`, and
//! `10... 23` for a North move opening a line), each move in the players' notation (`36x`,
//! `36X`, `36х`, `65(10)`: see [`MoveText`](crate::toguz::MoveText)), `{comments}`, and a
//! result (`1-0`, `0-1`, `1/2-1/2`, `*`). PlayOK marks a game ended because the player to
//! move had no move (rule 7, *atsyz kalu*) with a `{zero}` comment after the result. A file
//! may hold many games. Also read: `;` comments to the end of the line, `$n` annotation
//! glyphs and `( ... )` variations (skipped), a `[FEN "..."]` header giving the start
//! position, and a `[Variant "toguz:..."]` header giving the ruleset (these functions take
//! other `Variant` values as the standard game, as they always have; [`read_any`](super::read_any)
//! refuses them).
//!
//! Reading replays every move: a move that does not parse, is illegal, or whose written
//! landing hole, tuzdik mark or kazan total differs from what it does is a
//! [`RecordError::Move`] naming the ply. A move number that does not fit the position, a
//! `{zero}` on a game that did not end by rule 7, or a result contradicting the rules' outcome
//! of a finished game is a [`RecordError::Syntax`] naming the line. Most federation games end
//! by resignation, so the result of an unfinished game is not checked.
//!
//! Results are the four the notation defines, `1-0`, `0-1`, `1/2-1/2` and `*` (unknown or
//! unfinished), in the movetext and in every `Result` header; anything else (`banana`,
//! `1-0 {zero}`) is a [`RecordError::Syntax`]. Every game's movetext must end with its result,
//! as PGN requires: a file cut off part way (a move `36` cut to `3`, which is a move too) has
//! lost its result, so a movetext without one is a [`RecordError::Syntax`] rather than a
//! shorter game. A game whose result is not known is written with `*`.
//!
//! What [`read_game`] accepts, [`write_game`] writes (in either [`Style`]) as text that reads
//! back as the same game: the same ruleset, start, moves, result, `{zero}`, comments and
//! headers (`Result`, `Variant`, `SetUp` and `FEN` are kept in step with the game).
//!
//! ```
//! use sowing::toguz::pgn;
//! use sowing::Ruleset;
//!
//! let text = "[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 2. 55 56 3. 11(22) 45X *\n";
//! let game = pgn::read_game(text).unwrap();
//! assert_eq!(game.record.ply(), 6);
//! assert_eq!(game.header("Site"), Some("PlayOK"));
//! assert_eq!(pgn::write_game(&game, pgn::Style::PlayOk), text);
//!
//! // Pairs, a number joined to its move, and a Black move opening a line after a comment.
//! for moves in ["1. 76 98 2. 66 87 *", "1.76 98 2.66 87 *", "1. 76 98 2. 66 {a comment}\n2... 87 *"] {
//!     let game = pgn::read_game(&format!("[Result \"*\"]\n\n{moves}\n")).unwrap();
//!     assert_eq!(game.record.move_texts(), ["76", "98", "66", "87"]);
//! }
//! ```

use super::{
    GameResult, PgnError, PgnProblem, Token, check_outcome, err, one_game, push_tag, push_wrapped,
    split, syntax, tag_block, tag_value, tokens,
};
use crate::error::RecordError;
use crate::player::Player;
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::toguz::Toguz;

pub use crate::toguz::Style;

/// One game read from (or to be written as) PlayOK's or the federation's PGN.
///
/// The records form's game is [`PgnGame<Toguz>`](super::PgnGame); this one keeps what the
/// dialect says beyond it (a result that may be unknown, `{zero}`, header order as read), and
/// [`super::PgnGame::to_playok`] and `From` convert between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The headers in file order, as `(tag, value)` pairs.
    pub headers: Vec<(String, String)>,
    /// The ruleset, the start position and the moves, replayed.
    pub record: GameRecord<Toguz>,
    /// The result written at the end of the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`): always
    /// present in a game read from PGN. [`write_game`] writes `None` as `*`.
    pub result: Option<String>,
    /// Whether the result is followed by PlayOK's `{zero}`: the game ended by rule 7.
    pub zero: bool,
    /// Comments, each with the number of plies played before it.
    pub comments: Vec<(usize, String)>,
}

impl PgnGame {
    /// A PGN game for `record`, with the seven standard headers (unknown values `?`), the
    /// result from the rules' outcome (`*` while the game goes on) and `{zero}` if it ended
    /// by rule 7.
    pub fn new(record: GameRecord<Toguz>) -> PgnGame {
        let zero = record.rules().is_atsyz_kalu(record.current());
        let mut game = PgnGame::from(super::PgnGame::new(record));
        game.zero = zero;
        game
    }

    /// The value of header `tag`, if present.
    pub fn header(&self, tag: &str) -> Option<&str> {
        tag_value(&self.headers, tag)
    }

    /// Sets header `tag` (replacing its value, or appending it).
    pub fn set_header(&mut self, tag: &str, value: &str) {
        super::set_tag_value(&mut self.headers, tag, value);
    }
}

impl From<super::PgnGame<Toguz>> for PgnGame {
    /// The game in the dialect: the tags as headers (a `Result` header appended), `{zero}`
    /// when the game ended by rule 7 with that result.
    fn from(game: super::PgnGame<Toguz>) -> PgnGame {
        let zero = game.result != GameResult::Unfinished
            && game.record.rules().is_atsyz_kalu(game.record.current())
            && GameResult::of(game.record.outcome()) == game.result;
        let mut headers = game.tags;
        super::set_tag_value(&mut headers, "Result", game.result.token());
        PgnGame {
            headers,
            record: game.record,
            result: Some(game.result.token().to_string()),
            zero,
            comments: game.comments,
        }
    }
}

impl From<PgnGame> for super::PgnGame<Toguz> {
    /// The game in the records form: the headers as tags, an unknown result as `*`; `{zero}`
    /// is not kept (the records form reads the end from the final position).
    fn from(game: PgnGame) -> super::PgnGame<Toguz> {
        let result = game
            .result
            .as_deref()
            .and_then(GameResult::from_token)
            .unwrap_or(GameResult::Unfinished);
        super::PgnGame {
            tags: game.headers,
            record: game.record,
            result,
            comments: game.comments,
        }
    }
}

/// Reads a text holding exactly one game.
pub fn read_game(text: &str) -> Result<PgnGame, RecordError> {
    Ok(one_game(text)?.read_playok()?)
}

/// Reads every game of a PGN file; each game is read (and fails) on its own. Line numbers in
/// errors count from the start of `text`.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, RecordError>> {
    split(text)
        .iter()
        .map(|g| g.read_playok().map_err(RecordError::from))
        .collect()
}

/// Reads one game's text ([`GameText::read_playok`]).
pub(super) fn read_text(text: &str, first: usize) -> Result<PgnGame, PgnError> {
    let block = tag_block(text, first, |name, value, _| {
        if name == "Result" && GameResult::from_token(value).is_none() {
            return Err(PgnProblem::BadResultTag(value.to_string()));
        }
        Ok(())
    })?;
    let rules: Toguz = match block.find("Variant") {
        Some((v, line)) if v.starts_with(Toguz::GAME) => v
            .parse()
            .map_err(|e| err(line, None, PgnProblem::Variant(e)))?,
        _ => Toguz::default(),
    };
    let mut record = match block.find("FEN") {
        Some((fen, line)) => rules
            .parse_position(fen)
            .and_then(|start| GameRecord::from_position(rules.clone(), start))
            .map_err(|e| err(line, None, PgnProblem::Fen(e)))?,
        None => GameRecord::new(rules.clone()),
    };
    let movetext = &text[block.offset..];
    let mut result: Option<(usize, GameResult)> = None;
    let mut zero = false;
    let mut comments = Vec::new();
    for (at, token) in tokens(movetext, block.line)? {
        if let Some((rline, r)) = result {
            match token {
                Token::Comment(c) if comment(c) == "zero" && !zero => zero = true,
                Token::Comment(c) => comments.push((record.ply(), comment(c))),
                _ => {
                    return Err(syntax(
                        at,
                        format!("text after the result {r} (line {rline})"),
                    ));
                }
            }
            continue;
        }
        match token {
            Token::Number(n, player) => {
                let s = record.current();
                let full = s.fullmove();
                if n != u64::from(full) || (player == Player::North && s.to_move() == Player::South)
                {
                    let expected = match s.to_move() {
                        Player::South => format!("`{full}.` is next"),
                        Player::North => format!("`{full}...` (or `{full}.`) is next"),
                    };
                    return Err(err(
                        at,
                        Some(record.ply() + 1),
                        PgnProblem::MoveNumber {
                            found: super::turn_number(n, player),
                            expected,
                        },
                    ));
                }
            }
            Token::Word(text) => {
                let ply = record.ply() + 1;
                record
                    .play_text(text)
                    .map_err(|e| err(at, Some(ply), PgnProblem::Move(e)))?;
            }
            Token::Comment(c) => comments.push((record.ply(), comment(c))),
            Token::Result(r) => result = Some((at, r)),
        }
    }
    let header_result = block.find("Result").map(|(v, _)| v);
    if let (Some((at, r)), Some(h)) = (result, header_result) {
        if r.token() != h && h != "*" && r != GameResult::Unfinished {
            return Err(err(
                at,
                None,
                PgnProblem::ResultTag {
                    token: r.token(),
                    tag: h.to_string(),
                },
            ));
        }
    }
    let Some((end_line, result)) = result else {
        let last = movetext
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .last()
            .map_or(first + text.lines().count().saturating_sub(1), |(i, _)| {
                block.line + i
            });
        return Err(err(last, None, PgnProblem::NoResult));
    };
    if zero && !record.rules().is_atsyz_kalu(record.current()) {
        return Err(err(end_line, None, PgnProblem::Zero));
    }
    if result != GameResult::Unfinished {
        check_outcome(record.outcome(), result, end_line)?;
    }
    Ok(PgnGame {
        headers: block.tags,
        record,
        result: Some(result.token().to_string()),
        zero,
        comments,
    })
}

/// A comment's text as the dialect keeps it: each line break (and the carriage return before
/// it) a space, trimmed.
fn comment(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut lines = raw.split('\n').peekable();
    while let Some(line) = lines.next() {
        if lines.peek().is_some() {
            out.push_str(line.strip_suffix('\r').unwrap_or(line));
            out.push(' ');
        } else {
            out.push_str(line);
        }
    }
    out.trim().to_string()
}

/// Writes a game as PGN: headers (the `Result` header kept in step with the result, `*` when
/// it is not known, plus `Variant`, `SetUp` and `FEN` when the ruleset or start position are
/// not the standard ones), then the movetext in the chosen move style, wrapped at 80 columns,
/// the result and `{zero}`. Moves after the record's cursor (its redo tail) are not written.
pub fn write_game(game: &PgnGame, style: Style) -> String {
    let record = &game.record;
    let rules = record.rules();
    let mut headers = game.headers.clone();
    let result = game.result.as_deref().unwrap_or("*");
    super::set_tag_value(&mut headers, "Result", result);
    if *rules != Toguz::default() {
        super::set_tag_value(&mut headers, "Variant", &rules.to_string());
    }
    if *record.start() != rules.start() {
        super::set_tag_value(&mut headers, "SetUp", "1");
        super::set_tag_value(&mut headers, "FEN", &record.start().to_string());
    }
    let mut out = String::new();
    for (tag, value) in &headers {
        push_tag(&mut out, tag, value, true);
    }
    if !headers.is_empty() {
        out.push('\n');
    }

    let mut words: Vec<String> = Vec::new();
    let comments_at = |ply: usize, words: &mut Vec<String>| {
        for (_, c) in game.comments.iter().filter(|(p, _)| *p == ply) {
            words.push(format!("{{{c}}}"));
        }
    };
    comments_at(0, &mut words);
    for (i, &mv) in record.moves().iter().enumerate() {
        let Some(state) = record.position_at(i) else {
            break;
        };
        let after_comment = i > 0 && game.comments.iter().any(|(p, _)| *p == i);
        match state.to_move() {
            Player::South => words.push(format!("{}.", state.fullmove())),
            Player::North if i == 0 || after_comment => {
                words.push(format!("{}...", state.fullmove()))
            }
            Player::North => {}
        }
        words.push(rules.format_move_as(state, mv, style));
        comments_at(i + 1, &mut words);
    }
    words.push(result.to_string());
    if game.zero {
        words.push("{zero}".into());
    }
    push_wrapped(&mut out, &words, 80);
    out
}

/// Writes several games, separated by blank lines.
pub fn write_games<'a, I: IntoIterator<Item = &'a PgnGame>>(games: I, style: Style) -> String {
    games
        .into_iter()
        .map(|g| write_game(g, style))
        .collect::<Vec<_>>()
        .join("\n")
}

impl From<PgnError> for RecordError {
    /// The error as the dialect's functions have always given it: a move's problem as
    /// [`RecordError::Move`] with its ply, the `Variant` as [`RecordError::Ruleset`], the
    /// `FEN` as [`RecordError::Position`], anything else as [`RecordError::Syntax`] with its
    /// line.
    fn from(e: PgnError) -> RecordError {
        match e.problem {
            PgnProblem::Move(error) => RecordError::Move {
                ply: e.ply.unwrap_or(0),
                error,
            },
            PgnProblem::Variant(v) => RecordError::Ruleset(v),
            PgnProblem::Fen(p) => RecordError::Position(p),
            problem => RecordError::Syntax {
                line: e.line,
                problem: problem.to_string(),
            },
        }
    }
}
