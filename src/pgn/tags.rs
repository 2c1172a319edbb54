//! Tag pairs, `[Name "value"]`, as every form writes them: reading a game's block of tags
//! ([`read_tags`]), one tag line ([`parse_tag`]) and writing one ([`write_tag`]).

use super::error::{PgnError, PgnProblem, err};
use crate::ruleset::Ruleset;

/// The roster's tags but `Result`, their values unknown.
pub(super) fn roster<R: Ruleset>() -> Vec<(String, String)> {
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

/// The value of tag `name` in `tags`, the first if it is given twice.
pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(t, _)| t == name)
        .map(|(_, v)| v.as_str())
}

/// Sets tag `name` in `tags`, replacing its (first) value or appending it.
pub fn set_tag(tags: &mut Vec<(String, String)>, name: &str, value: &str) {
    match tags.iter_mut().find(|(t, _)| t == name) {
        Some(t) => t.1 = value.to_string(),
        None => tags.push((name.to_string(), value.to_string())),
    }
}

/// Appends the tag line `[name "value"]` and its line feed: `\` and `"` escaped, a line feed
/// (which a tag line cannot hold) as a space, and a carriage return as a space too unless
/// `keep_cr` (PlayOK files that hold one inside a value read, and are written back, with it).
///
/// ```
/// let mut out = String::new();
/// sowing::pgn::write_tag(&mut out, "Event", "a \"b\"", false);
/// assert_eq!(out, "[Event \"a \\\"b\\\"\"]\n");
/// ```
pub fn write_tag(out: &mut String, name: &str, value: &str, keep_cr: bool) {
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
/// value (PlayOK and the federation's files have both, and read as they always have). The
/// error says what is wrong, for [`PgnProblem::BadTag`].
///
/// ```
/// use sowing::pgn::parse_tag;
///
/// assert_eq!(parse_tag("[Site \"C:\\x \\\"q\\\"\"]"), Ok(("Site".into(), "C:\\x \"q\"".into())));
/// assert!(parse_tag("[Site PlayOK]").is_err());
/// ```
pub fn parse_tag(line: &str) -> Result<(String, String), String> {
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

/// A game's tag lines, read ([`read_tags`]): the tags in order with their lines, and where
/// the movetext starts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TagBlock {
    /// The tags in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The 1-based line of each tag, in the same order.
    pub lines: Vec<usize>,
    /// Byte offset of the movetext in the game's text.
    pub offset: usize,
    /// The movetext's first line.
    pub line: usize,
}

impl TagBlock {
    /// The first value of tag `name` and its line.
    pub fn find(&self, name: &str) -> Option<(&str, usize)> {
        let i = self.tags.iter().position(|(t, _)| t == name)?;
        Some((self.tags[i].1.as_str(), self.lines[i]))
    }
}

/// Reads the tag lines at the start of a game's `text`, whose first line is numbered
/// `first_line` (blank lines between them skipped); `check` sees each tag's name and value
/// (with the tags before it) and may refuse it. A line that is not a tag is a
/// [`PgnProblem::BadTag`] at its line.
///
/// ```
/// use sowing::pgn::read_tags;
///
/// let text = "[Site \"PlayOK\"]\n\n[Result \"*\"]\n\n1. 76 98 *\n";
/// let block = read_tags(text, 10, |_, _, _| Ok(()))?;
/// assert_eq!(block.find("Result"), Some(("*", 12)));
/// assert_eq!((&text[block.offset..], block.line), ("1. 76 98 *\n", 14));
/// # Ok::<(), sowing::pgn::PgnError>(())
/// ```
pub fn read_tags(
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
