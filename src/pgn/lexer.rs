//! Movetext cut into tokens ([`tokens`]): move numbers, words, results and `{comments}`, as
//! every form writes them; and the pieces every writer shares ([`turn_number`], [`wrap`]).

use super::error::{PgnError, syntax};
use crate::player::{GameResult, Player};

/// A movetext token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    /// `12.` (South's) or `12...` (North's).
    Number(u64, Player),
    /// A move, or part of one.
    Word(&'a str),
    /// One of the four results.
    Result(GameResult),
    /// A `{comment}`'s text as written, line breaks included.
    Comment(&'a str),
    /// A numeric annotation glyph: `$2`, or a move's suffix (`!` 1, `?` 2, `!!` 3, `??` 4,
    /// `!?` 5, `?!` 6), which follows the move's word.
    Nag(u8),
}

/// The suffixes that stand for the glyphs 1 to 6, longest first, with their numbers.
const SUFFIXES: [(&str, u8); 6] = [
    ("!!", 3),
    ("??", 4),
    ("!?", 5),
    ("?!", 6),
    ("!", 1),
    ("?", 2),
];

/// The suffix of glyph `nag` (`?` for 2, `??` for 4...), for glyphs 1 to 6.
///
/// ```
/// assert_eq!(sowing::pgn::nag_suffix(6), Some("?!"));
/// assert_eq!(sowing::pgn::nag_suffix(8), None);
/// ```
pub fn nag_suffix(nag: u8) -> Option<&'static str> {
    SUFFIXES.iter().find(|(_, n)| *n == nag).map(|(s, _)| *s)
}

/// Cuts movetext into tokens with their lines: `{comments}`, move numbers (also written
/// joined to the move, `1.76`), results, words and annotation glyphs (`$n`, and a move's
/// suffix `?!`, `?`, `??`, `!`, `!!`, `!?` cut from its word). `;` comments to the end of the
/// line, and `( ... )` variations (with what they hold) are dropped. Each token comes with
/// its line, counted from `first_line`. A `{` or `(` never closed, or a `)` closing nothing,
/// is a [`PgnProblem::Syntax`](super::PgnProblem::Syntax).
///
/// ```
/// use sowing::pgn::{GameResult, Token, tokens};
/// use sowing::Player;
///
/// let toks = tokens("1.76 98?! {a\nnote} (2. 11) 1... 3 $1 ; rest\n*", 5)?;
/// assert_eq!(toks, [
///     (5, Token::Number(1, Player::South)),
///     (5, Token::Word("76")),
///     (5, Token::Word("98")),
///     (5, Token::Nag(6)),
///     (5, Token::Comment("a\nnote")),
///     (6, Token::Number(1, Player::North)),
///     (6, Token::Word("3")),
///     (6, Token::Nag(1)),
///     (7, Token::Result(GameResult::Unfinished)),
/// ]);
/// # Ok::<(), sowing::pgn::PgnError>(())
/// ```
pub fn tokens(text: &str, first_line: usize) -> Result<Vec<(usize, Token<'_>)>, PgnError> {
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
pub(super) fn word_end(rest: &str) -> usize {
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
    if let Some(number) = word.strip_prefix('$') {
        // An annotation glyph; one beyond 255 is dropped, as glyphs were before they were kept.
        if let Ok(nag) = number.parse::<u8>() {
            out.push((at, Token::Nag(nag)));
        }
        return Ok(());
    }
    if let Some((suffix, nag)) = SUFFIXES.iter().find(|(s, _)| word.ends_with(s)) {
        let stem = &word[..word.len() - suffix.len()];
        if !stem.is_empty() {
            push_word(out, at, stem)?;
        }
        out.push((at, Token::Nag(*nag)));
        return Ok(());
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

/// The number that opens a turn of `player`, the `number`-th pair of turns: `12.` for
/// South's, `12...` for North's.
///
/// ```
/// use sowing::Player;
/// assert_eq!(sowing::pgn::turn_number(12, Player::North), "12...");
/// ```
pub fn turn_number(number: u64, player: Player) -> String {
    match player {
        Player::South => format!("{number}."),
        Player::North => format!("{number}..."),
    }
}

/// Appends movetext units to `out`, separated by spaces, in lines of at most `width` bytes
/// where it can (a unit longer than that stands alone), each line ended by a line feed.
///
/// ```
/// let mut out = String::new();
/// let units = ["1.", "76", "98", "*"].map(String::from);
/// sowing::pgn::wrap(&mut out, &units, 6);
/// assert_eq!(out, "1. 76\n98 *\n");
/// ```
pub fn wrap(out: &mut String, units: &[String], width: usize) {
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

/// Digits joined by `-` (or `/`, `½`): a score or result other than the four of PGN.
pub(super) fn looks_like_result(word: &str) -> bool {
    (word.contains('-') || word.contains('½'))
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '-' | '/' | '½' | '.' | '+' | '='))
}
