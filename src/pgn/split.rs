//! Cutting a file into games ([`split`]) without reading them: [`GameText`].

use super::error::{PgnError, syntax};
use super::lexer::word_end;
use super::tags::{TagBlock, parse_tag, read_tags};
use crate::player::GameResult;

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

    /// The game's tag block and movetext (the text after the tags): what a [`Dialect`](super::Dialect)
    /// reads. Tag lines are checked for syntax only.
    pub fn parts(&self) -> Result<(TagBlock, &str), PgnError> {
        let block = read_tags(self.text, self.first_line, |_, _, _| Ok(()))?;
        let movetext = &self.text[block.offset..];
        Ok((block, movetext))
    }
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

/// The one game of a text, or the error saying how many there are (a
/// [`PgnProblem::Syntax`](super::PgnProblem::Syntax) at line 1).
pub fn one_game(text: &str) -> Result<GameText<'_>, PgnError> {
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
