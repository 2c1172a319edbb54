//! Toguz Kumalak game records in PGN, as PlayOK and the federation books write them.
//!
//! A record is a block of headers (`[Site "PlayOK"]`, `[White "..."]`, `[Result "1-0"]`, ...)
//! and movetext: moves numbered in pairs (`1. 76 98 2. 66 87`, also written `1.76 98`, and
//! `10... 23` for a North move opening a line), each move in the players' notation (`36x`,
//! `36X`, `36х`, `65(10)`: see [`MoveText`](super::MoveText)), `{comments}`, and a result
//! (`1-0`, `0-1`, `1/2-1/2`, `*`). PlayOK marks a game ended because the player to move had
//! no move (rule 7, *atsyz kalu*) with a `{zero}` comment after the result. A file may hold
//! many games. Also read: `;` comments to the end of the line, `$n` annotation glyphs and
//! `( ... )` variations (skipped), a `[FEN "..."]` header giving the start position, and a
//! `[Variant "toguz:..."]` header giving the ruleset (other `Variant` values are taken as the
//! standard game).
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
//! ```

use std::fmt::Write as _;

use super::Toguz;
use crate::error::RecordError;
use crate::player::{Outcome, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;

pub use super::Style;

/// One game read from (or to be written as) PGN.
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
        let result = record
            .outcome()
            .map_or("*", Outcome::result_text)
            .to_string();
        let zero = record.rules().is_atsyz_kalu(record.current());
        let headers = [
            ("Event", "?"),
            ("Site", "?"),
            ("Date", "????.??.??"),
            ("Round", "?"),
            ("White", "?"),
            ("Black", "?"),
            ("Result", result.as_str()),
        ]
        .iter()
        .map(|&(t, v)| (t.to_string(), v.to_string()))
        .collect();
        PgnGame {
            headers,
            record,
            result: Some(result),
            zero,
            comments: Vec::new(),
        }
    }

    /// The value of header `tag`, if present.
    pub fn header(&self, tag: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(t, _)| t == tag)
            .map(|(_, v)| v.as_str())
    }

    /// Sets header `tag` (replacing its value, or appending it).
    pub fn set_header(&mut self, tag: &str, value: &str) {
        match self.headers.iter_mut().find(|(t, _)| t == tag) {
            Some(h) => h.1 = value.to_string(),
            None => self.headers.push((tag.to_string(), value.to_string())),
        }
    }
}

/// Reads a text holding exactly one game.
pub fn read_game(text: &str) -> Result<PgnGame, RecordError> {
    let mut games = read_games(text);
    match games.len() {
        1 => games.remove(0),
        0 => Err(RecordError::Syntax {
            line: 1,
            problem: "no game in the text".into(),
        }),
        n => Err(RecordError::Syntax {
            line: 1,
            problem: format!("{n} games in the text, expected one"),
        }),
    }
}

/// Reads every game of a PGN file; each game is read (and fails) on its own. Line numbers in
/// errors count from the start of `text`.
pub fn read_games(text: &str) -> Vec<Result<PgnGame, RecordError>> {
    split_games(text)
        .into_iter()
        .map(|(first, lines)| read_chunk(first, &lines))
        .collect()
}

/// Splits a file into games: a header line after movetext starts a new game. Returns the
/// 1-based number of each game's first line and its lines.
fn split_games(text: &str) -> Vec<(usize, Vec<&str>)> {
    let mut games: Vec<(usize, Vec<&str>)> = Vec::new();
    let mut current: Option<(usize, Vec<&str>)> = None;
    let mut has_moves = false;
    let mut has_result = false;
    // Where the movetext stands at the start of a line: in a `{` comment, in a variation.
    let mut within = Within::default();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        let header = t.starts_with('[');
        // A game without headers may follow a finished one: movetext opening with a move
        // number after a result starts a new game.
        let opens_moves = within == Within::default()
            && t.starts_with(|c: char| c.is_ascii_digit())
            && t.split_whitespace()
                .next()
                .is_some_and(|w| w.contains('.') && !RESULTS.contains(&w));
        if (header && has_moves) || (opens_moves && has_result) || current.is_none() {
            has_result = false;
            within = Within::default();
            if t.is_empty() {
                continue;
            }
            if let Some(g) = current.take() {
                games.push(g);
            }
            current = Some((i + 1, Vec::new()));
            has_moves = false;
        }
        if let Some((_, lines)) = current.as_mut() {
            lines.push(line);
        }
        if !header && !t.is_empty() {
            has_moves = true;
            has_result |= within.scan(line);
        }
    }
    games.extend(current);
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
                    found |= self.variations == 0 && RESULTS.contains(&&rest[..end]);
                    rest = &rest[end..];
                    continue;
                }
            }
            rest = &rest[1..];
        }
    }
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

fn syntax(line: usize, problem: impl Into<String>) -> RecordError {
    RecordError::Syntax {
        line,
        problem: problem.into(),
    }
}

/// Parses `[Tag "value"]`.
fn parse_header(line: &str, at: usize) -> Result<(String, String), RecordError> {
    let t = line.trim();
    let inner = t
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| syntax(at, format!("malformed header {t:?}")))?;
    let (tag, value) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| syntax(at, format!("malformed header {t:?}")))?;
    let value = value.trim();
    let value = value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(|| syntax(at, format!("header {tag} needs a quoted value")))?;
    if tag.is_empty() || !tag.chars().all(|c| c.is_alphanumeric() || c == '_') {
        return Err(syntax(at, format!("bad header name {tag:?}")));
    }
    Ok((tag.to_string(), unescape(value)))
}

/// Undoes the header escapes `\"` and `\\`, left to right (a backslash before any other
/// character stands for itself).
fn unescape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(next @ ('"' | '\\')) => out.push(next),
                Some(next) => {
                    out.push('\\');
                    out.push(next);
                }
                None => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    out
}

/// A movetext token with its line.
#[derive(Debug)]
enum Token<'a> {
    /// `12.` or `12...`: the number.
    Number(u64, bool),
    Move(&'a str),
    Result(&'a str),
    Comment(String),
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

fn tokenize<'a>(lines: &[(usize, &'a str)]) -> Result<Vec<(usize, Token<'a>)>, RecordError> {
    let mut out = Vec::new();
    let mut comment: Option<(usize, String)> = None;
    let mut variation = 0usize;
    for &(at, line) in lines {
        let mut rest = line;
        loop {
            if let Some((_, text)) = comment.as_mut() {
                match rest.find('}') {
                    Some(end) => {
                        text.push_str(&rest[..end]);
                        rest = &rest[end + 1..];
                        let (start, text) = comment.take().unwrap_or_default();
                        if variation == 0 {
                            out.push((start, Token::Comment(text.trim().to_string())));
                        }
                    }
                    None => {
                        text.push_str(rest);
                        text.push(' ');
                        break;
                    }
                }
            }
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                '{' => {
                    comment = Some((at, String::new()));
                    rest = &rest[1..];
                    continue;
                }
                ';' => break,
                '(' => {
                    variation += 1;
                    rest = &rest[1..];
                    continue;
                }
                ')' => {
                    if variation == 0 {
                        return Err(syntax(at, "`)` without a variation to close"));
                    }
                    variation -= 1;
                    rest = &rest[1..];
                    continue;
                }
                _ => {}
            }
            let end = word_end(rest);
            let word = &rest[..end];
            rest = &rest[end..];
            if variation > 0 {
                continue;
            }
            push_word(&mut out, at, word)?;
        }
    }
    if let Some((start, _)) = comment {
        return Err(syntax(start, "a `{` comment is never closed"));
    }
    if variation > 0 {
        return Err(syntax(
            lines.last().map_or(1, |l| l.0),
            "a `(` variation is never closed",
        ));
    }
    Ok(out)
}

fn push_word<'a>(
    out: &mut Vec<(usize, Token<'a>)>,
    at: usize,
    word: &'a str,
) -> Result<(), RecordError> {
    if RESULTS.contains(&word) {
        out.push((at, Token::Result(word)));
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
        if dots != 1 && dots != 3 {
            return Err(syntax(at, format!("bad move number {word:?}")));
        }
        out.push((at, Token::Number(number, dots == 3)));
        let rest = &word[digits + dots..];
        if !rest.is_empty() {
            push_word(out, at, rest)?;
        }
        return Ok(());
    }
    out.push((at, Token::Move(word)));
    Ok(())
}

fn read_chunk(first: usize, lines: &[&str]) -> Result<PgnGame, RecordError> {
    let mut headers = Vec::new();
    let mut body = Vec::new();
    for (i, &line) in lines.iter().enumerate() {
        let at = first + i;
        if body.is_empty() && line.trim_start().starts_with('[') {
            let (tag, value) = parse_header(line, at)?;
            if tag == "Result" && !RESULTS.contains(&value.as_str()) {
                return Err(syntax(
                    at,
                    format!("Result header {value:?} is not 1-0, 0-1, 1/2-1/2 or *"),
                ));
            }
            headers.push((tag, value));
        } else if !line.trim().is_empty() || !body.is_empty() {
            body.push((at, line));
        }
    }
    let find = |tag: &str| {
        headers
            .iter()
            .find(|(t, _): &&(String, String)| t == tag)
            .map(|(_, v)| v.clone())
    };
    let rules: Toguz = match find("Variant") {
        Some(v) if v.starts_with(Toguz::GAME) => v.parse()?,
        _ => Toguz::default(),
    };
    let mut record = match find("FEN") {
        Some(fen) => GameRecord::from_position(rules.clone(), rules.parse_position(&fen)?)?,
        None => GameRecord::new(rules.clone()),
    };
    let mut result: Option<(usize, String)> = None;
    let mut zero = false;
    let mut comments = Vec::new();
    for (at, token) in tokenize(&body)? {
        if let Some((rline, r)) = &result {
            match token {
                Token::Comment(c) if c == "zero" && !zero => zero = true,
                Token::Comment(c) => comments.push((record.ply(), c)),
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
            Token::Number(n, dots) => {
                let s = record.current();
                if n != u64::from(s.fullmove()) || (dots && s.to_move() == Player::South) {
                    let expected = match s.to_move() {
                        Player::South => format!("{}.", s.fullmove()),
                        Player::North => format!("{}... (or {}.)", s.fullmove(), s.fullmove()),
                    };
                    let written = if dots {
                        format!("{n}...")
                    } else {
                        format!("{n}.")
                    };
                    return Err(syntax(
                        at,
                        format!("move number {written} where {expected} is next"),
                    ));
                }
            }
            Token::Move(text) => {
                let ply = record.ply() + 1;
                record
                    .play_text(text)
                    .map_err(|error| RecordError::Move { ply, error })?;
            }
            Token::Comment(c) => comments.push((record.ply(), c)),
            Token::Result(r) => result = Some((at, r.to_string())),
        }
    }
    let header_result = find("Result");
    if let (Some((at, r)), Some(h)) = (&result, &header_result) {
        if r != h && h != "*" && r != "*" {
            return Err(syntax(
                *at,
                format!("the result {r} differs from the Result header {h}"),
            ));
        }
    }
    let Some((end_line, result)) = result else {
        let last = body
            .iter()
            .rev()
            .find(|l| !l.1.trim().is_empty())
            .map_or(first + lines.len().saturating_sub(1), |l| l.0);
        return Err(syntax(
            last,
            "the movetext ends without a result (1-0, 0-1, 1/2-1/2 or *): the game may be cut off",
        ));
    };
    let rules = record.rules();
    if zero && !rules.is_atsyz_kalu(record.current()) {
        return Err(syntax(
            end_line,
            "{zero} says the player to move had no move, but he has one",
        ));
    }
    if let Some(outcome) = record.outcome() {
        if result != "*" && result != outcome.result_text() {
            return Err(syntax(
                end_line,
                format!("the result {result} contradicts the final position: {outcome}"),
            ));
        }
    }
    Ok(PgnGame {
        headers,
        record,
        result: Some(result),
        zero,
        comments,
    })
}

/// Writes a game as PGN: headers (the `Result` header kept in step with the result, `*` when
/// it is not known, plus `Variant`, `SetUp` and `FEN` when the ruleset or start position are
/// not the standard ones), then the movetext in the chosen move style, wrapped at 80 columns, the result and
/// `{zero}`. Moves after the record's cursor (its redo tail) are not written.
pub fn write_game(game: &PgnGame, style: Style) -> String {
    let record = &game.record;
    let rules = record.rules();
    let mut headers = game.headers.clone();
    let mut set = |tag: &str, value: String| match headers.iter_mut().find(|(t, _)| t == tag) {
        Some(h) => h.1 = value,
        None => headers.push((tag.to_string(), value)),
    };
    let result = game.result.as_deref().unwrap_or("*");
    set("Result", result.to_string());
    if *rules != Toguz::default() {
        set("Variant", rules.to_string());
    }
    if *record.start() != rules.start() {
        set("SetUp", "1".into());
        set("FEN", record.start().to_string());
    }
    let mut out = String::new();
    for (tag, value) in &headers {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{tag} \"{value}\"]");
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
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
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
