//! The self-play format: its header, its records, and the reader and writer of both.

use std::io::Write;

use thiserror::Error;

use super::SelfplayError;
use crate::search::WIN;

/// The first eight bytes of self-play data.
pub const MAGIC: [u8; 8] = *b"SOWPLAY\n";

/// The version of the format this module writes and reads.
pub const VERSION: u32 = 1;

/// The bytes of a record before its observation: `game`, `value`, `margin`, `result`, `ply`
/// and `depth`. A record is `FIXED_BYTES + observation_len` bytes.
pub const FIXED_BYTES: usize = 11;

/// The value written for a position the search proves won (whatever the margin); a proven
/// loss is `-WIN_VALUE`.
pub const WIN_VALUE: i16 = 30_000;

/// The largest estimate written: search values short of a proven result are clamped to
/// `-MAX_ESTIMATE..=MAX_ESTIMATE`, so that they never read as one.
pub const MAX_ESTIMATE: i16 = WIN_VALUE - 1;

/// The longest observation the reader accepts (a header naming a longer one is refused).
pub const MAX_OBSERVATION: usize = 1 << 16;

/// The search's value (hundredths of a seed, beyond ±[`WIN`] a proven result) as written:
/// [`WIN_VALUE`] for a proven win, `-WIN_VALUE` for a proven loss, other values clamped to
/// ±[`MAX_ESTIMATE`].
///
/// ```
/// use sowing::search::WIN;
/// use sowing::selfplay::{MAX_ESTIMATE, WIN_VALUE, stored_value};
///
/// assert_eq!(stored_value(-250), -250);
/// assert_eq!(stored_value(WIN + 12), WIN_VALUE);
/// assert_eq!(stored_value(-WIN - 3), -WIN_VALUE);
/// assert_eq!(stored_value(40_000), MAX_ESTIMATE);
/// ```
pub fn stored_value(value: i32) -> i16 {
    if value >= WIN {
        WIN_VALUE
    } else if value <= -WIN {
        -WIN_VALUE
    } else {
        let cap = i32::from(MAX_ESTIMATE);
        value.clamp(-cap, cap) as i16
    }
}

/// What [`read`] and [`Header::parse`] refuse.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The bytes do not start with [`MAGIC`].
    #[error("not self-play data: it does not start with the magic bytes")]
    Magic,
    /// A version this reader does not read.
    #[error("self-play data of version {0}; this reader reads version {VERSION}")]
    Version(u32),
    /// The bytes end inside the header.
    #[error("the header is cut short: {needed} bytes needed, {found} found")]
    TruncatedHeader {
        /// The bytes the header needs.
        needed: usize,
        /// The bytes there are.
        found: usize,
    },
    /// A header line that does not read.
    #[error("bad header: {0}")]
    Header(String),
    /// The records end inside a record.
    #[error(
        "the records are cut short: {extra} bytes after the last whole record ({records} records of {record_size} bytes)"
    )]
    TruncatedRecords {
        /// The whole records.
        records: usize,
        /// The size of a record.
        record_size: usize,
        /// The bytes after the last whole record.
        extra: usize,
    },
}

/// The header of self-play data: what the records are of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The ruleset, as ruleset text.
    pub rules: String,
    /// The agent, as agent text.
    pub agent: String,
    /// The values of a record's observation.
    pub observation_len: usize,
    /// The words a training script needs beyond the observation: where the network's inputs
    /// are in it and the scale of the agent's evaluation, `key=value` words separated by
    /// spaces (`search::training_words`); `None` for a game that states no network inputs.
    pub training: Option<String>,
}

impl Header {
    /// The bytes of a record: [`FIXED_BYTES`] plus the observation's length.
    pub fn record_size(&self) -> usize {
        FIXED_BYTES + self.observation_len
    }

    /// The header's bytes (see the [module](super)'s table).
    ///
    /// # Errors
    /// [`SelfplayError::HeaderText`] for a ruleset or agent text that is empty or holds a
    /// space or a line break.
    pub fn to_bytes(&self) -> Result<Vec<u8>, SelfplayError> {
        for text in [&self.rules, &self.agent] {
            if text.is_empty() || text.chars().any(char::is_whitespace) {
                return Err(SelfplayError::HeaderText(text.clone()));
            }
        }
        let mut line = format!(
            "rules={} agent={} observation={} record={}",
            self.rules,
            self.agent,
            self.observation_len,
            self.record_size()
        );
        if let Some(words) = &self.training {
            if words.split(' ').any(|w| !is_word(w)) {
                return Err(SelfplayError::HeaderText(words.clone()));
            }
            line.push(' ');
            line.push_str(words);
        }
        line.push('\n');
        let length = u32::try_from(line.len())
            .map_err(|_| SelfplayError::HeaderText(line.trim_end().to_string()))?;
        let mut out = Vec::with_capacity(16 + line.len());
        out.extend_from_slice(&MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&length.to_le_bytes());
        out.extend_from_slice(line.as_bytes());
        Ok(out)
    }

    /// Reads the header at the start of `bytes`; returns it and the offset of the first
    /// record.
    ///
    /// ```
    /// use sowing::selfplay::{Header, ReadError};
    ///
    /// let header = Header {
    ///     rules: "kalah".into(),
    ///     agent: "alphabeta:depth=8".into(),
    ///     observation_len: 16,
    ///     training: Some("holes=12 scale=0.32".into()),
    /// };
    /// let bytes = header.to_bytes().unwrap();
    /// assert_eq!(Header::parse(&bytes), Ok((header, bytes.len())));
    /// assert_eq!(Header::parse(b"GIF89a.."), Err(ReadError::Magic));
    /// ```
    ///
    /// # Errors
    /// [`ReadError::Magic`], [`ReadError::Version`], [`ReadError::TruncatedHeader`] or
    /// [`ReadError::Header`].
    pub fn parse(bytes: &[u8]) -> Result<(Header, usize), ReadError> {
        let magic = &bytes[..bytes.len().min(MAGIC.len())];
        if magic != &MAGIC[..magic.len()] {
            return Err(ReadError::Magic);
        }
        let truncated = |needed| ReadError::TruncatedHeader {
            needed,
            found: bytes.len(),
        };
        let word = |at: usize| -> Result<u32, ReadError> {
            let b = bytes.get(at..at + 4).ok_or_else(|| truncated(16))?;
            Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        };
        let version = word(8)?;
        if version != VERSION {
            return Err(ReadError::Version(version));
        }
        let length = usize::try_from(word(12)?).map_err(|_| truncated(usize::MAX))?;
        let end = 16usize.saturating_add(length);
        let line = bytes.get(16..end).ok_or_else(|| truncated(end))?;
        let bad = |what: String| ReadError::Header(what);
        let line = std::str::from_utf8(line).map_err(|_| bad("the text is not UTF-8".into()))?;
        let Some(line) = line.strip_suffix('\n') else {
            return Err(bad("the text line does not end in a line feed".into()));
        };
        let words: Vec<&str> = line.split(' ').collect();
        let field = |i: usize, key: &str| -> Result<&str, ReadError> {
            words
                .get(i)
                .and_then(|w| w.strip_prefix(key))
                .and_then(|w| w.strip_prefix('='))
                .ok_or_else(|| bad(format!("{line:?}: field {} is not {key}=...", i + 1)))
        };
        if words.len() < 4 {
            return Err(bad(format!(
                "{line:?}: {} fields where rules, agent, observation and record are expected",
                words.len()
            )));
        }
        if let Some(word) = words[4..].iter().find(|w| !is_word(w)) {
            return Err(bad(format!("{line:?}: {word:?} is not a key=value word")));
        }
        let number = |i: usize, key: &str| -> Result<usize, ReadError> {
            let text = field(i, key)?;
            text.parse()
                .map_err(|_| bad(format!("{key}={text} is not a number")))
        };
        let (rules, agent) = (field(0, "rules")?, field(1, "agent")?);
        if rules.is_empty() || agent.is_empty() {
            return Err(bad(format!("{line:?}: an empty ruleset or agent")));
        }
        let observation_len = number(2, "observation")?;
        if !(1..=MAX_OBSERVATION).contains(&observation_len) {
            return Err(bad(format!(
                "observation={observation_len} is not 1 to {MAX_OBSERVATION}"
            )));
        }
        let header = Header {
            rules: rules.to_string(),
            agent: agent.to_string(),
            observation_len,
            training: (words.len() > 4).then(|| words[4..].join(" ")),
        };
        let record = number(3, "record")?;
        if record != header.record_size() {
            return Err(bad(format!(
                "record={record} where an observation of {observation_len} makes records of {}",
                header.record_size()
            )));
        }
        Ok((header, end))
    }
}

/// Whether `word` is a `key=value` word of the header's training words: a key of letters,
/// digits and `_`, a value without spaces.
fn is_word(word: &str) -> bool {
    word.split_once('=').is_some_and(|(key, value)| {
        !key.is_empty()
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !value.is_empty()
            && !value.chars().any(char::is_whitespace)
    })
}

/// One searched position of a game (see the [module](super)'s table for the fields).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The game's number.
    pub game: u32,
    /// The search's value for the player to move ([`stored_value`]).
    pub value: i16,
    /// The final score's margin for the player to move.
    pub margin: i16,
    /// The game's result for the player to move: 1, 0 or -1.
    pub result: i8,
    /// Plies played before the position (255 for 255 and more).
    pub ply: u8,
    /// The deepest iteration the search completed.
    pub depth: u8,
    /// The observation, from the side of the player to move.
    pub observation: Vec<u8>,
}

impl Record {
    /// Appends the record's bytes to `out`.
    pub fn write_bytes(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.game.to_le_bytes());
        out.extend_from_slice(&self.value.to_le_bytes());
        out.extend_from_slice(&self.margin.to_le_bytes());
        out.extend_from_slice(&self.result.to_le_bytes());
        out.push(self.ply);
        out.push(self.depth);
        out.extend_from_slice(&self.observation);
    }

    /// The record of `bytes`, which hold exactly one (`FIXED_BYTES` and the observation).
    fn from_bytes(bytes: &[u8]) -> Option<Record> {
        let fixed = bytes.get(..FIXED_BYTES)?;
        Some(Record {
            game: u32::from_le_bytes([fixed[0], fixed[1], fixed[2], fixed[3]]),
            value: i16::from_le_bytes([fixed[4], fixed[5]]),
            margin: i16::from_le_bytes([fixed[6], fixed[7]]),
            result: i8::from_le_bytes([fixed[8]]),
            ply: fixed[9],
            depth: fixed[10],
            observation: bytes[FIXED_BYTES..].to_vec(),
        })
    }
}

/// Reads self-play data: the header and every record.
///
/// # Errors
/// A [`ReadError`] for bytes that are not self-play data of this version, or that end
/// inside the header or a record.
pub fn read(bytes: &[u8]) -> Result<(Header, Vec<Record>), ReadError> {
    let (header, offset) = Header::parse(bytes)?;
    let size = header.record_size();
    let body = &bytes[offset..];
    if body.len() % size != 0 {
        return Err(ReadError::TruncatedRecords {
            records: body.len() / size,
            record_size: size,
            extra: body.len() % size,
        });
    }
    let records = body
        .chunks_exact(size)
        .filter_map(Record::from_bytes)
        .collect();
    Ok((header, records))
}

/// Writes self-play data: the header at once, then records.
pub struct Writer<W: Write> {
    out: W,
    observation_len: usize,
    buffer: Vec<u8>,
    records: u64,
}

impl<W: Write> Writer<W> {
    /// Writes `header` to `out`.
    ///
    /// # Errors
    /// [`SelfplayError::HeaderText`] for a header that cannot be written,
    /// [`SelfplayError::Io`] when writing fails.
    pub fn new(mut out: W, header: &Header) -> Result<Writer<W>, SelfplayError> {
        out.write_all(&header.to_bytes()?)?;
        Ok(Writer {
            out,
            observation_len: header.observation_len,
            buffer: Vec::new(),
            records: 0,
        })
    }

    /// Writes one record.
    ///
    /// # Errors
    /// [`SelfplayError::ObservationLength`] for a record whose observation is not of the
    /// header's length (nothing written), [`SelfplayError::Io`] when writing fails.
    pub fn write(&mut self, record: &Record) -> Result<(), SelfplayError> {
        if record.observation.len() != self.observation_len {
            return Err(SelfplayError::ObservationLength {
                expected: self.observation_len,
                found: record.observation.len(),
            });
        }
        self.buffer.clear();
        record.write_bytes(&mut self.buffer);
        self.out.write_all(&self.buffer)?;
        self.records += 1;
        Ok(())
    }

    /// The records written.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Flushes the output and returns it.
    ///
    /// # Errors
    /// [`SelfplayError::Io`] when flushing fails.
    pub fn finish(mut self) -> Result<W, SelfplayError> {
        self.out.flush()?;
        Ok(self.out)
    }
}
