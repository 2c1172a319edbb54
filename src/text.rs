//! Pieces shared by the games' position-text parsers.

use crate::error::{PositionParseError, TextProblem};
use crate::player::{Outcome, Player};

/// A piece of text and its byte offset in the whole.
pub(crate) type Field<'a> = (usize, &'a str);

/// A position text split at single spaces, each field with its byte offset, so that every
/// error can say where it is.
pub(crate) struct Fields<'a> {
    text: &'a str,
    fields: Vec<(usize, &'a str)>,
}

impl<'a> Fields<'a> {
    /// Splits `text` at every space (two spaces make an empty, missing field).
    pub(crate) fn new(text: &'a str) -> Self {
        let mut fields = Vec::new();
        let mut at = 0;
        for f in text.split(' ') {
            fields.push((at, f));
            at += f.len() + 1;
        }
        Fields { text, fields }
    }

    /// Field `i` and its offset; a typed `Missing` error naming `name` if it is absent or
    /// empty.
    pub(crate) fn get(
        &self,
        i: usize,
        name: &'static str,
    ) -> Result<(usize, &'a str), PositionParseError> {
        match self.fields.get(i) {
            Some(&(at, f)) if !f.is_empty() => Ok((at, f)),
            Some(&(at, _)) => Err(PositionParseError::new(at, name, TextProblem::Missing)),
            None => Err(PositionParseError::new(
                self.text.len(),
                name,
                TextProblem::Missing,
            )),
        }
    }

    /// Field `i` if present (possibly empty), for optional trailing fields.
    pub(crate) fn optional(&self, i: usize) -> Option<(usize, &'a str)> {
        self.fields.get(i).copied()
    }

    /// Field 0 split at its `/` into the north row and the south row, each with its byte
    /// offset; `expected` describes the rows for the error when there is no `/`.
    pub(crate) fn rows(
        &self,
        expected: &'static str,
    ) -> Result<[Field<'a>; 2], PositionParseError> {
        let (at, rows) = self.get(0, "rows")?;
        match rows.split_once('/') {
            Some((north, south)) => Ok([(at, north), (at + north.len() + 1, south)]),
            None => Err(PositionParseError::new(
                at,
                "rows",
                TextProblem::Unexpected {
                    found: rows.to_string(),
                    expected,
                },
            )),
        }
    }

    /// An `Extra` error if there is a field `i` or later.
    pub(crate) fn end(&self, i: usize) -> Result<(), PositionParseError> {
        match self.fields.get(i) {
            Some(&(at, _)) => Err(PositionParseError::new(at, "end", TextProblem::Extra)),
            None => Ok(()),
        }
    }
}

/// A decimal number `0..=max` at byte `at` of field `field`: only ASCII digits, no sign, no
/// space. A number too large even for `u64` is reported as written
/// ([`TextProblem::Overflow`]), not as a saturated value.
pub(crate) fn parse_number(
    text: &str,
    at: usize,
    field: &'static str,
    max: u64,
) -> Result<u64, PositionParseError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        let problem = if text.is_empty() {
            TextProblem::Missing
        } else {
            TextProblem::NotANumber(text.to_string())
        };
        return Err(PositionParseError::new(at, field, problem));
    }
    // All digits: an error can only be overflow.
    let problem = match text.parse::<u64>() {
        Ok(value) if value <= max => return Ok(value),
        Ok(value) => TextProblem::TooLarge { value, max },
        Err(_) => TextProblem::Overflow {
            written: text.to_string(),
            max,
        },
    };
    Err(PositionParseError::new(at, field, problem))
}

/// A count of seeds in decimal, `0..=255`, at byte `at` of field `field`.
pub(crate) fn parse_count(
    item: &str,
    at: usize,
    field: &'static str,
) -> Result<u8, PositionParseError> {
    parse_number(item, at, field, 255).map(|v| v as u8)
}

/// Checks that every count of a parsed position (pits or holes, and stores) adds up to at
/// most 255, the most the engines' 8-bit lanes hold; `field` names the total for the error.
pub(crate) fn check_total<'c>(
    counts: impl IntoIterator<Item = &'c u8>,
    field: &'static str,
) -> Result<(), PositionParseError> {
    let total: u64 = counts.into_iter().map(|&c| u64::from(c)).sum();
    if total > 255 {
        return Err(PositionParseError::new(
            0,
            field,
            TextProblem::TooLarge {
                value: total,
                max: 255,
            },
        ));
    }
    Ok(())
}

/// A [`TextProblem::RowsDiffer`] error at the rows (byte `rows_at`) unless both rows have as
/// many entries. Without the ruleset the text alone cannot tell which row is wrong, so the
/// error names both.
pub(crate) fn same_length(
    north: usize,
    south: usize,
    rows_at: usize,
) -> Result<(), PositionParseError> {
    if north == south {
        return Ok(());
    }
    Err(PositionParseError::new(
        rows_at,
        "rows",
        TextProblem::RowsDiffer { north, south },
    ))
}

/// The terminal pictures' mark beside a side's name: `  <- to move` for the side to move while
/// the game goes on; nothing for the other side, or for either once the game is over (the
/// picture then states the result).
pub(crate) fn to_move_mark(
    to_move: Player,
    side: Player,
    outcome: Option<Outcome>,
) -> &'static str {
    if outcome.is_none() && to_move == side {
        "  <- to move"
    } else {
        ""
    }
}
