//! Pieces for reading position text, with errors that say where: the games of the crate
//! read their positions with them, and a game written outside the crate can read its own.
//!
//! A position text is fields separated by single spaces ([`Fields`]); the first is usually the
//! board, rows joined by `/` ([`Fields::rows`]) of counts joined by `,` ([`parse_counts`]).
//! Every error is a [`PositionParseError`]: the byte offset where the problem starts, the
//! name of the field, and a [`TextProblem`].
//!
//! # Examples
//! A made-up game of two rows of three pits, the two stores and the side to move:
//! `2,0,4/3,3,1 5 2 S`.
//!
//! ```
//! use sowing::text::{Fields, check_total, parse_count, parse_counts, same_length, unexpected};
//! use sowing::{Player, PositionParseError, TextProblem};
//!
//! #[derive(Debug)]
//! struct Board {
//!     north: Vec<u8>,
//!     south: Vec<u8>,
//!     stores: [u8; 2],
//!     mover: Player,
//! }
//!
//! fn parse(text: &str) -> Result<Board, PositionParseError> {
//!     let fields = Fields::new(text);
//!     let [(north_at, north), (south_at, south)] = fields.rows("<north pits>/<south pits>")?;
//!     let north = parse_counts(north, north_at, "north row")?;
//!     let south = parse_counts(south, south_at, "south row")?;
//!     same_length(north.len(), south.len(), north_at)?;
//!     let (at, t) = fields.get(1, "south store")?;
//!     let south_store = parse_count(t, at, "south store")?;
//!     let (at, t) = fields.get(2, "north store")?;
//!     let north_store = parse_count(t, at, "north store")?;
//!     let mover = match fields.get(3, "side to move")? {
//!         (_, "S") => Player::South,
//!         (_, "N") => Player::North,
//!         (at, t) => return Err(unexpected(at, "side to move", t, "S or N")),
//!     };
//!     fields.end(4)?;
//!     check_total(north.iter().chain(&south).chain([&south_store, &north_store]), "seeds")?;
//!     Ok(Board { north, south, stores: [south_store, north_store], mover })
//! }
//!
//! let board = parse("2,0,4/3,3,1 5 2 S").unwrap();
//! assert_eq!((board.north, board.south), (vec![2, 0, 4], vec![3, 3, 1]));
//! assert_eq!((board.stores, board.mover), ([5, 2], Player::South));
//!
//! // Every error says where: here byte 10, the south row's third count.
//! let err = parse("2,0,4/3,3,x 5 2 S").unwrap_err();
//! assert_eq!((err.offset, err.field), (10, "south row"));
//! assert_eq!(err.problem, TextProblem::NotANumber("x".into()));
//! assert_eq!(parse("2,0,4/3,3,1 5 2").unwrap_err().problem, TextProblem::Missing);
//! assert_eq!(parse("2,0,4/3,3,1 5 2 S x").unwrap_err().problem, TextProblem::Extra);
//! ```

use std::fmt;

use crate::error::{PositionParseError, TextProblem};
use crate::player::{Outcome, Player};

/// A piece of text and its byte offset in the whole.
pub type Field<'a> = (usize, &'a str);

/// A position text split at single spaces, each field with its byte offset, so that every
/// error can say where it is.
///
/// ```
/// use sowing::text::Fields;
/// use sowing::TextProblem;
///
/// let fields = Fields::new("4,4/4,4 0 S");
/// assert_eq!(fields.get(2, "side to move").unwrap(), (10, "S"));
/// assert_eq!(fields.len(), 3);
/// let missing = fields.get(3, "pie marker").unwrap_err();
/// assert_eq!((missing.offset, missing.problem), (11, TextProblem::Missing));
/// ```
#[derive(Clone, Debug)]
pub struct Fields<'a> {
    text: &'a str,
    fields: Vec<Field<'a>>,
}

impl<'a> Fields<'a> {
    /// Splits `text` at every space (two spaces make an empty, missing field).
    pub fn new(text: &'a str) -> Self {
        let mut fields = Vec::new();
        let mut at = 0;
        for f in text.split(' ') {
            fields.push((at, f));
            at += f.len() + 1;
        }
        Fields { text, fields }
    }

    /// The number of fields (an empty text has one, empty).
    pub fn len(&self) -> usize {
        self.fields.len()
    }

    /// Whether the text is empty: one empty field.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Field `i` and its offset.
    ///
    /// # Errors
    /// [`TextProblem::Missing`], naming `name`, if the field is absent (at the end of the
    /// text) or empty (at its place).
    pub fn get(&self, i: usize, name: &'static str) -> Result<Field<'a>, PositionParseError> {
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
    pub fn optional(&self, i: usize) -> Option<Field<'a>> {
        self.fields.get(i).copied()
    }

    /// Field 0 split at its `/` into the north row and the south row, each with its byte
    /// offset.
    ///
    /// # Errors
    /// [`TextProblem::Missing`] for an empty field 0, and [`TextProblem::Unexpected`] with
    /// `expected` (a description of the rows) when it has no `/`.
    pub fn rows(&self, expected: &'static str) -> Result<[Field<'a>; 2], PositionParseError> {
        let (at, rows) = self.get(0, "rows")?;
        match rows.split_once('/') {
            Some((north, south)) => Ok([(at, north), (at + north.len() + 1, south)]),
            None => Err(unexpected(at, "rows", rows, expected)),
        }
    }

    /// Fields `i` and `i + 1` as South's and North's stores, and field `i + 2` as the side
    /// to move (`S` or `N`): the tail of a two-row game's position text.
    ///
    /// # Errors
    /// As [`parse_count`] for a store; [`TextProblem::Unexpected`] for a side other than
    /// `S` or `N`; [`TextProblem::Missing`] for a field that is not there.
    ///
    /// ```
    /// use sowing::text::Fields;
    /// use sowing::Player;
    /// let fields = Fields::new("3,3/3,3 2 5 N");
    /// assert_eq!(fields.stores_and_mover(1), Ok(([2, 5], Player::North)));
    /// assert_eq!(Fields::new("3,3/3,3 2 5 X").stores_and_mover(1).unwrap_err().offset, 12);
    /// ```
    pub fn stores_and_mover(&self, i: usize) -> Result<([u8; 2], Player), PositionParseError> {
        let (a1, t1) = self.get(i, "south store")?;
        let south = parse_count(t1, a1, "south store")?;
        let (a2, t2) = self.get(i + 1, "north store")?;
        let north = parse_count(t2, a2, "north store")?;
        let (a3, t3) = self.get(i + 2, "side to move")?;
        let mover = match t3 {
            "S" => Player::South,
            "N" => Player::North,
            _ => return Err(unexpected(a3, "side to move", t3, "S or N")),
        };
        Ok(([south, north], mover))
    }

    /// The optional field `i`, `ply=P`: the plies played under a ply limit (0 without it).
    ///
    /// # Errors
    /// As [`parse_number`] for `P`; [`TextProblem::Unexpected`] for another field.
    ///
    /// ```
    /// use sowing::text::Fields;
    /// assert_eq!(Fields::new("a b ply=7").ply(2), Ok(7));
    /// assert_eq!(Fields::new("a b").ply(2), Ok(0));
    /// assert!(Fields::new("a b pie").ply(2).is_err());
    /// ```
    pub fn ply(&self, i: usize) -> Result<u32, PositionParseError> {
        match self.optional(i) {
            None => Ok(0),
            Some((at, t)) => match t.strip_prefix("ply=") {
                Some(n) => Ok(parse_number(n, at + 4, "ply", u32::MAX.into())? as u32),
                None => Err(unexpected(at, "ply", t, "`ply=P` or the end of the text")),
            },
        }
    }

    /// Checks that the text ends before field `i`.
    ///
    /// # Errors
    /// [`TextProblem::Extra`] at field `i` if there is one.
    pub fn end(&self, i: usize) -> Result<(), PositionParseError> {
        match self.fields.get(i) {
            Some(&(at, _)) => Err(PositionParseError::new(at, "end", TextProblem::Extra)),
            None => Ok(()),
        }
    }
}

/// A [`TextProblem::Unexpected`] error: `found` at byte `at` of field `field`, where the
/// format wants `expected` (a description for people: `S or N`).
pub fn unexpected(
    at: usize,
    field: &'static str,
    found: &str,
    expected: &'static str,
) -> PositionParseError {
    PositionParseError::new(
        at,
        field,
        TextProblem::Unexpected {
            found: found.to_string(),
            expected,
        },
    )
}

/// A decimal number `0..=max` at byte `at` of field `field`: only ASCII digits, no sign, no
/// space.
///
/// # Errors
/// [`TextProblem::Missing`] for empty text, [`TextProblem::NotANumber`] for anything but
/// digits, [`TextProblem::TooLarge`] above `max`, and [`TextProblem::Overflow`], with the
/// digits as written, for a number too large even for `u64`.
///
/// ```
/// use sowing::text::parse_number;
/// use sowing::TextProblem;
///
/// assert_eq!(parse_number("42", 7, "ply", 100), Ok(42));
/// let err = parse_number("101", 7, "ply", 100).unwrap_err();
/// assert_eq!((err.offset, err.field), (7, "ply"));
/// assert_eq!(err.problem, TextProblem::TooLarge { value: 101, max: 100 });
/// assert!(parse_number("-1", 0, "ply", 100).is_err());
/// ```
pub fn parse_number(
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
///
/// # Errors
/// As [`parse_number`] with a `max` of 255.
pub fn parse_count(text: &str, at: usize, field: &'static str) -> Result<u8, PositionParseError> {
    parse_number(text, at, field, 255).map(|v| v as u8)
}

/// The counts of a row written as `3,0,12`, the row starting at byte `at`; every error
/// names `field` and the offset of the count it is about.
///
/// # Errors
/// As [`parse_count`], for the first count that is not one (an empty row is one missing
/// count).
///
/// ```
/// use sowing::text::parse_counts;
/// assert_eq!(parse_counts("3,0,12", 4, "south row"), Ok(vec![3, 0, 12]));
/// assert_eq!(parse_counts("3,,12", 4, "south row").unwrap_err().offset, 6);
/// ```
pub fn parse_counts(
    row: &str,
    at: usize,
    field: &'static str,
) -> Result<Vec<u8>, PositionParseError> {
    let mut out = Vec::new();
    let mut at = at;
    for item in row.split(',') {
        out.push(parse_count(item, at, field)?);
        at += item.len() + 1;
    }
    Ok(out)
}

/// Checks that the counts of a parsed position (pits or holes, and stores) add up to at most
/// 255, the most the engines' 8-bit lanes hold.
///
/// # Errors
/// [`TextProblem::TooLarge`] at byte 0, naming `field` (the total's name), when they add up
/// to more.
pub fn check_total<'c>(
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

/// Checks that both rows have as many entries, `north` and `south`.
///
/// # Errors
/// [`TextProblem::RowsDiffer`] at the rows (byte `rows_at`) when they differ. Without the
/// ruleset the text alone cannot tell which row is wrong, so the error names both.
pub fn same_length(north: usize, south: usize, rows_at: usize) -> Result<(), PositionParseError> {
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
///
/// ```
/// use sowing::text::to_move_mark;
/// use sowing::Player;
/// assert_eq!(to_move_mark(Player::South, Player::South, None), "  <- to move");
/// assert_eq!(to_move_mark(Player::South, Player::North, None), "");
/// ```
pub fn to_move_mark(to_move: Player, side: Player, outcome: Option<Outcome>) -> &'static str {
    if outcome.is_none() && to_move == side {
        "  <- to move"
    } else {
        ""
    }
}

/// Writes two rows of counts as the position texts of two-row games do, the board as South
/// sees it: North's row from his last hole back to his first, a `/`, then South's from his
/// first, each count after a comma.
///
/// ```
/// let mut text = String::new();
/// sowing::text::write_rows(&mut text, [3, 2, 1], [4, 5, 6]).unwrap();
/// assert_eq!(text, "3,2,1/4,5,6");
/// ```
///
/// # Errors
/// An error of `out`.
pub fn write_rows<W: fmt::Write, T: fmt::Display>(
    out: &mut W,
    north_backwards: impl IntoIterator<Item = T>,
    south: impl IntoIterator<Item = T>,
) -> fmt::Result {
    for (i, count) in north_backwards.into_iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write!(out, "{count}")?;
    }
    out.write_char('/')?;
    for (i, count) in south.into_iter().enumerate() {
        if i > 0 {
            out.write_char(',')?;
        }
        write!(out, "{count}")?;
    }
    Ok(())
}
