//! Positions from self-play, each with its search value and the game's result: data for
//! training a learned evaluation.
//!
//! The agent (an `alphabeta` agent, by default `alphabeta:depth=8`) plays both sides of a
//! game from an opening, one search a position, and every searched position becomes one
//! [`Record`]: its observation ([`Encoding::fill_observation`], from the mover's side), the
//! search's value and depth, and, once the game is over, its result and final store margin
//! from the same side. It works for any ruleset with an [`Encoding`] and the search's hooks
//! ([`Heuristic`]): the crate's four games, or one written outside the crate.
//!
//! # One game
//! Game number `g` of a run ([`Config::first_game`] onwards) starts from
//! [`Config::openings`]`[g % n]` (the position at the record's cursor, the record's earlier
//! positions its history), or from the rules' start when there are no openings; then plays
//! a number of uniformly random plies drawn from [`Config::random_plies`]; then the agent
//! plays both sides until the game is over. The random numbers of game `g` come from a
//! generator seeded with [`Config::seed`] and `g` alone, so a game is the same whichever
//! run, chunk or thread plays it: games `0..1000` in one run give the bytes of games `0..500`
//! and `500..1000` in two, put end to end (the second run's header left out).
//!
//! Before each search the agent's transposition table, killers and history are cleared, so
//! that a position's value is a fresh search of it: at a fixed depth (and one search
//! thread), the value of a fixed-depth search of that position alone, or of that position
//! after the game's earlier positions in a game with a repetition rule (Oware, searched
//! with [`AlphaBeta::search_in`]). A node budget is as reproducible; a time budget gives
//! values that depend on the machine and its load, and several search threads (`threads=N`)
//! values that vary from run to run. Clearing a table of 2^20 entries (the default) before
//! every search is a good part of a shallow search's time: a smaller table
//! (`alphabeta:depth=8,table=14`) makes positions faster, with values of its own (the
//! table's size changes what the search finds: it is part of the agent's text in the
//! header; the README's speed section has the figures). A game still going after
//! [`Config::max_plies`] plies of the agent is abandoned: its positions have no result, and
//! none is written.
//!
//! # The format
//! A file (or a chunk's bytes) is a header, then the records, back to back, in the order of
//! the games and of the plies within each game. Every number is little-endian.
//!
//! The header:
//!
//! | bytes | what |
//! |---|---|
//! | `0..8` | the magic, [`MAGIC`]: `SOWPLAY` and a line feed |
//! | `8..12` | the format's version, `u32`: [`VERSION`] (1) |
//! | `12..16` | `L`, the length of the text line that follows, `u32` |
//! | `16..16+L` | the text line, UTF-8, ending in a line feed: `rules=<ruleset text> agent=<agent text> observation=<n> record=<size>` |
//!
//! The ruleset and agent texts are as the crate writes them (`toguz`, `kalah:pits=4,seeds=3`,
//! `alphabeta:depth=8`) and hold no space; `n` is the observation's length
//! ([`Encoding::observation_len`]) and `size` a record's, `n + 11` ([`FIXED_BYTES`]). The
//! records start at byte `16 + L`; each is `size` bytes, packed (no padding):
//!
//! | offset | type | field |
//! |---|---|---|
//! | 0 | `u32` | `game`: the game's number ([`Config::first_game`] onwards) |
//! | 4 | `i16` | `value`: the search's value for the player to move, in hundredths of a seed; [`WIN_VALUE`] (30000) a win the search proves, `-WIN_VALUE` a proven loss; estimates are clamped to ±[`MAX_ESTIMATE`] (29999) |
//! | 6 | `i16` | `margin`: the final score's margin for the player to move (his seeds minus the opponent's: the outcome's score, or the stores of the last position in a game that keeps none) |
//! | 8 | `i8` | `result`: the game's result for the player to move: 1 won, 0 drawn, -1 lost |
//! | 9 | `u8` | `ply`: plies played before the position, counted from the start of the record the opening was taken from; 255 for 255 and more |
//! | 10 | `u8` | `depth`: the deepest iteration the search completed (0: no search, a forced move under a time limit, its value 0) |
//! | 11 | `u8` × `n` | `observation`: the position's observation, every value a whole number 0 to 255 |
//!
//! In Python, with numpy (or `sowing.read_selfplay`, which does this):
//!
//! ```python
//! import numpy as np
//!
//! data = open("toguz.selfplay", "rb").read()
//! assert data[:8] == b"SOWPLAY\n" and int.from_bytes(data[8:12], "little") == 1
//! length = int.from_bytes(data[12:16], "little")
//! fields = dict(f.split("=", 1) for f in data[16:16 + length].decode().split())
//! n = int(fields["observation"])
//! dtype = np.dtype([
//!     ("game", "<u4"), ("value", "<i2"), ("margin", "<i2"), ("result", "i1"),
//!     ("ply", "u1"), ("depth", "u1"), ("observation", "u1", (n,)),
//! ])
//! assert dtype.itemsize == int(fields["record"])
//! records = np.frombuffer(data, dtype=dtype, offset=16 + length)
//! ```
//!
//! [`read`] reads the bytes back in Rust; bad input is a [`ReadError`], never a panic.

use std::io::Write;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use crate::encode::Encoding;
use crate::error::IllegalMove;
use crate::games::read_any;
use crate::pgn::PgnError;
use crate::player::Outcome;
use crate::record::GameRecord;
use crate::rng::{RandomSource, SplitMix64};
use crate::ruleset::Ruleset;
use crate::search::{
    AgentEval, AgentSpec, AgentSpecError, AlphaBeta, Heuristic, Limits, WIN, alphabeta_with,
};

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

/// What the self-play generator or the writer refuses.
#[derive(Error, Debug)]
pub enum SelfplayError {
    /// An agent the game cannot serve.
    #[error(transparent)]
    Agent(#[from] AgentSpecError),
    /// An agent that is not an `alphabeta` one: the values come from its search.
    #[error("self-play needs an alphabeta agent (the values come from its search), not {0}")]
    NotAlphaBeta(String),
    /// [`Config::random_plies`] with its start past its end.
    #[error("random plies {start}..={end}: the range is empty")]
    RandomPlies {
        /// The range's start.
        start: u32,
        /// The range's end.
        end: u32,
    },
    /// Games numbered past `u32::MAX`: [`Config::first_game`] plus [`Config::games`] is too
    /// large.
    #[error("games {first}..{first}+{games} go past game number {}", u32::MAX)]
    GameNumbers {
        /// The first game's number.
        first: u32,
        /// The number of games.
        games: u32,
    },
    /// An opening of other rules, or of a finished game.
    #[error("opening {index}: {problem}")]
    Opening {
        /// The opening's index in [`Config::openings`].
        index: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// A game of a record text that does not read ([`read_openings`]).
    #[error("openings: game {game}: {error}")]
    OpeningRecord {
        /// The game's number in the text, from 1.
        game: usize,
        /// The reader's error.
        error: PgnError,
    },
    /// A record text none of whose games gives an opening ([`read_openings`]): none is a game
    /// of these rules going on at that ply.
    #[error("none of the {games} games of the openings is a game of {rules} going on at ply {ply}")]
    NoOpenings {
        /// The games in the text.
        games: usize,
        /// The rules, as ruleset text.
        rules: String,
        /// The ply of the openings.
        ply: usize,
    },
    /// An observation value that is not a whole number from 0 to 255: the format stores
    /// bytes.
    #[error(
        "game {game}, ply {ply}: observation value {value} at index {index} is not a whole number 0..=255"
    )]
    Observation {
        /// The game's number.
        game: u32,
        /// The position's ply.
        ply: usize,
        /// The value's index in the observation.
        index: usize,
        /// The value.
        value: f32,
    },
    /// A record whose observation is not of the header's length.
    #[error("a record's observation has {found} values where the header says {expected}")]
    ObservationLength {
        /// The header's length.
        expected: usize,
        /// The record's.
        found: usize,
    },
    /// Ruleset or agent text the header cannot hold (empty, or with a space or a line break).
    #[error("the header cannot hold {0:?}: it must be one word")]
    HeaderText(String),
    /// A move the search gave that the game refused (a defect of the search or the rules).
    #[error("game {game}: the search's move is refused: {error}")]
    Move {
        /// The game's number.
        game: u32,
        /// The refusal.
        error: IllegalMove,
    },
    /// The stop flag was raised ([`SelfPlayer::stop_flag`]).
    #[error("self-play stopped")]
    Stopped,
    /// Writing failed.
    #[error("writing self-play data: {0}")]
    Io(#[from] std::io::Error),
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
}

impl Header {
    /// The bytes of a record: [`FIXED_BYTES`] plus the observation's length.
    pub fn record_size(&self) -> usize {
        FIXED_BYTES + self.observation_len
    }

    /// The header's bytes (see the [module](self)'s table).
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
        let line = format!(
            "rules={} agent={} observation={} record={}\n",
            self.rules,
            self.agent,
            self.observation_len,
            self.record_size()
        );
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
    /// let header = Header { rules: "kalah".into(), agent: "alphabeta:depth=8".into(), observation_len: 16 };
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
        if words.len() != 4 {
            return Err(bad(format!(
                "{line:?}: {} fields where rules, agent, observation and record are expected",
                words.len()
            )));
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

/// One searched position of a game (see the [module](self)'s table for the fields).
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

/// What to play: the agent, the openings, the games.
#[derive(Clone, Debug)]
pub struct Config<R: Ruleset> {
    /// The agent playing both sides; an `alphabeta` agent (default `alphabeta:depth=8`).
    pub agent: AgentSpec,
    /// How many uniformly random plies open each game, after its opening (default `2..=8`;
    /// fewer when the game ends first).
    pub random_plies: RangeInclusive<u32>,
    /// The openings: game `g` starts at the cursor of `openings[g % openings.len()]`, whose
    /// earlier positions are its history (see [`openings`] and [`read_openings`]); none
    /// (the default): the rules' start.
    pub openings: Vec<GameRecord<R>>,
    /// The seed of every game's random numbers (default 0).
    pub seed: u64,
    /// The first game's number (default 0): a chunk of a larger run starts further on.
    pub first_game: u32,
    /// The games to play (default 1).
    pub games: u32,
    /// The most plies the agent plays in a game (default 1000); a longer game is abandoned
    /// and none of its positions is written.
    pub max_plies: u32,
}

/// The default agent: `alphabeta:depth=8`.
pub fn default_agent() -> AgentSpec {
    alphabeta_with(Limits::depth(Limits::DEFAULT_DEPTH))
}

impl<R: Ruleset> Default for Config<R> {
    fn default() -> Self {
        Config {
            agent: default_agent(),
            random_plies: 2..=8,
            openings: Vec::new(),
            seed: 0,
            first_game: 0,
            games: 1,
            max_plies: 1000,
        }
    }
}

/// One game played: its records, the game itself, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame<R: Ruleset> {
    /// The records of its searched positions, in the order of the plies (none for an
    /// abandoned game): `records[i]` is of the position after
    /// [`searched_from`](Self::searched_from)` + i` plies of [`record`](Self::record).
    pub records: Vec<Record>,
    /// The game: the opening's plies, the random plies, then the agent's.
    pub record: GameRecord<R>,
    /// The ply of the first position the agent searched: where the opening and the random
    /// plies end.
    pub searched_from: usize,
    /// The outcome; `None` for a game abandoned after [`Config::max_plies`].
    pub outcome: Option<Outcome>,
    /// The plies the agent played.
    pub plies: u32,
    /// The nodes its searches visited.
    pub nodes: u64,
}

/// What a run played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The games played, abandoned ones included.
    pub games: u64,
    /// The games abandoned after [`Config::max_plies`].
    pub abandoned: u64,
    /// The records written.
    pub positions: u64,
    /// The nodes the searches visited.
    pub nodes: u64,
}

impl Summary {
    /// Adds one game.
    pub fn add<R: Ruleset>(&mut self, game: &PlayedGame<R>) {
        self.games += 1;
        self.abandoned += u64::from(game.outcome.is_none());
        self.positions += game.records.len() as u64;
        self.nodes += game.nodes;
    }
}

/// The seed of game `game`'s generator: the two mixed, so that the games' streams do not
/// overlap.
fn game_seed(seed: u64, game: u32) -> u64 {
    let mixed = SplitMix64::new(u64::from(game)).next_u64();
    SplitMix64::new(mixed ^ seed).next_u64()
}

/// Plays self-play games one at a time, for the rules and configuration it was made with.
pub struct SelfPlayer<R: Heuristic + Encoding> {
    rules: R,
    config: Config<R>,
    search: AlphaBeta<R::Move, AgentEval<R>>,
    stop: Option<Arc<AtomicBool>>,
    observation: Vec<f32>,
}

impl<R: Heuristic + Encoding> SelfPlayer<R> {
    /// A player of `config`'s games under `rules`.
    ///
    /// # Errors
    /// [`SelfplayError::Agent`] for an agent the rules cannot serve,
    /// [`SelfplayError::NotAlphaBeta`] for another kind of agent,
    /// [`SelfplayError::RandomPlies`] for an empty range, [`SelfplayError::GameNumbers`] for
    /// game numbers past `u32::MAX`, [`SelfplayError::Opening`] for an opening of other
    /// rules or of a finished game.
    pub fn new(rules: &R, config: &Config<R>) -> Result<SelfPlayer<R>, SelfplayError> {
        config.agent.check_for(rules)?;
        let Some(search) = config.agent.alphabeta::<R>()? else {
            return Err(SelfplayError::NotAlphaBeta(config.agent.to_string()));
        };
        let (start, end) = (*config.random_plies.start(), *config.random_plies.end());
        if start > end {
            return Err(SelfplayError::RandomPlies { start, end });
        }
        // Numbers first..=first+games-1 must fit in a u32.
        if u64::from(config.first_game) + u64::from(config.games) > u64::from(u32::MAX) + 1 {
            return Err(SelfplayError::GameNumbers {
                first: config.first_game,
                games: config.games,
            });
        }
        for (index, opening) in config.openings.iter().enumerate() {
            let problem = if opening.rules() != rules {
                format!("a game of {}, not of {rules}", opening.rules())
            } else if opening.is_over() {
                format!("the game is over at ply {}", opening.ply())
            } else {
                continue;
            };
            return Err(SelfplayError::Opening { index, problem });
        }
        Ok(SelfPlayer {
            rules: rules.clone(),
            config: config.clone(),
            search,
            stop: None,
            observation: vec![0.0; rules.observation_len()],
        })
    }

    /// A flag another thread may raise to stop: the search under way stops, and
    /// [`play`](Self::play) and [`generate`](Self::generate) return
    /// [`SelfplayError::Stopped`].
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.search = self.search.stop_flag(Arc::clone(&flag));
        self.stop = Some(flag);
        self
    }

    /// The header of the data this player writes.
    pub fn header(&self) -> Header {
        Header {
            rules: self.rules.to_string(),
            agent: self.config.agent.to_string(),
            observation_len: self.rules.observation_len(),
        }
    }

    fn stopped(&self) -> Result<(), SelfplayError> {
        match &self.stop {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(SelfplayError::Stopped),
            _ => Ok(()),
        }
    }

    /// Plays game number `game` (any number: the configuration's games are
    /// [`Config::first_game`] onwards).
    ///
    /// # Errors
    /// [`SelfplayError::Observation`] for an observation value the format cannot hold,
    /// [`SelfplayError::Stopped`] when the stop flag was raised.
    pub fn play(&mut self, game: u32) -> Result<PlayedGame<R>, SelfplayError> {
        let rules = &self.rules;
        let mut rng = SplitMix64::new(game_seed(self.config.seed, game));
        let openings = &self.config.openings;
        let mut record = match openings.len() {
            0 => GameRecord::new(rules.clone()),
            n => {
                let mut opening = openings[game as usize % n].clone();
                opening.truncate();
                opening
            }
        };
        let (start, end) = (
            *self.config.random_plies.start(),
            *self.config.random_plies.end(),
        );
        let random = start + rng.below(end.saturating_sub(start).saturating_add(1));
        for _ in 0..random {
            let Some(mv) = record.random_move(&mut rng) else {
                break;
            };
            record
                .play(mv)
                .map_err(|error| SelfplayError::Move { game, error })?;
        }
        let searched_from = record.ply();
        let (mut records, mut movers) = (Vec::new(), Vec::new());
        let (mut plies, mut nodes) = (0, 0);
        while !record.is_over() && plies < self.config.max_plies {
            self.stopped()?;
            self.search.clear();
            let result = self.search.search_in(rules, record.positions());
            // A stopped search's value is not the fixed budget's.
            self.stopped()?;
            nodes += result.nodes;
            let Some(mv) = result.best else {
                break;
            };
            let state = record.current();
            rules.fill_observation(state, &mut self.observation);
            let mut observation = Vec::with_capacity(self.observation.len());
            for (index, &value) in self.observation.iter().enumerate() {
                if !(value.fract() == 0.0 && (0.0..=255.0).contains(&value)) {
                    return Err(SelfplayError::Observation {
                        game,
                        ply: record.ply(),
                        index,
                        value,
                    });
                }
                observation.push(value as u8);
            }
            records.push(Record {
                game,
                value: stored_value(result.value),
                margin: 0,
                result: 0,
                ply: record.ply().min(255) as u8,
                depth: result.depth.min(255) as u8,
                observation,
            });
            movers.push(rules.to_move(state));
            record
                .play(mv)
                .map_err(|error| SelfplayError::Move { game, error })?;
            plies += 1;
        }
        let outcome = record.outcome();
        match outcome {
            // Abandoned: no result to give the positions.
            None => records.clear(),
            Some(outcome) => {
                let stores = rules.seed_count(record.current());
                for (r, &mover) in records.iter_mut().zip(&movers) {
                    let margin = match outcome.score() {
                        Some(score) => score.margin(mover),
                        None => stores.store(mover) as i32 - stores.store(!mover) as i32,
                    };
                    r.margin = margin.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
                    r.result = outcome.value_for(mover) as i8;
                }
            }
        }
        Ok(PlayedGame {
            records,
            record,
            searched_from,
            outcome,
            plies,
            nodes,
        })
    }
    /// Plays the configuration's games and writes them to `out`: the header, then every
    /// game's records in the order of the games.
    ///
    /// # Errors
    /// As [`play`](Self::play) and [`Writer`].
    pub fn generate<W: Write>(&mut self, out: W) -> Result<Summary, SelfplayError> {
        let mut writer = Writer::new(out, &self.header())?;
        let mut summary = Summary::default();
        for i in 0..self.config.games {
            let game = self.play(self.config.first_game.wrapping_add(i))?;
            for record in &game.records {
                writer.write(record)?;
            }
            summary.add(&game);
        }
        writer.finish()?;
        Ok(summary)
    }
}

/// Plays `config`'s games under `rules` and writes them to `out` (a file, a `Vec<u8>`, ...):
/// the header, then every searched position's record, in the order of the games. The bytes
/// are the same on every run for the same arguments (at a fixed depth).
///
/// ```
/// use sowing::kalah::Kalah;
/// use sowing::selfplay::{self, Config};
///
/// let rules: Kalah = "kalah:pits=4,seeds=3".parse()?;
/// let config = Config { agent: "alphabeta:depth=4".parse()?, games: 3, seed: 7, ..Config::default() };
/// let mut bytes = Vec::new();
/// let summary = selfplay::generate(&rules, &config, &mut bytes)?;
/// assert_eq!(summary.games, 3);
///
/// let (header, records) = selfplay::read(&bytes)?;
/// assert_eq!((header.rules.as_str(), header.observation_len), ("kalah:pits=4,seeds=3", 12));
/// assert_eq!(records.len() as u64, summary.positions);
/// // The mover's result and his final margin agree; values are in hundredths of a seed.
/// assert!(records.iter().all(|r| r.result == r.margin.signum() as i8));
/// assert!(records.iter().all(|r| r.depth >= 1 && r.game < 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`SelfPlayer::new`], [`SelfPlayer::play`] and [`Writer`].
pub fn generate<R: Heuristic + Encoding, W: Write>(
    rules: &R,
    config: &Config<R>,
    out: W,
) -> Result<Summary, SelfplayError> {
    SelfPlayer::new(rules, config)?.generate(out)
}

/// The openings of `records` at ply `ply`: each record with its cursor moved to `ply` and
/// its later moves dropped, for the records that reach `ply` with the game still going there
/// (the others are left out), in their order.
pub fn openings<R: Ruleset>(
    records: impl IntoIterator<Item = GameRecord<R>>,
    ply: usize,
) -> Vec<GameRecord<R>> {
    records
        .into_iter()
        .filter_map(|mut record| {
            if !record.go_to(ply) {
                return None;
            }
            record.truncate();
            (!record.is_over()).then_some(record)
        })
        .collect()
}

/// The openings at ply `ply` ([`openings`]) of the games of a record text of the crate's
/// games ([`read_any`]: any form, the federation's and PlayOK's Toguz Kumalak PGN included).
/// Games of other rules than `rules` are left out, as are games that do not reach `ply`.
/// Returns the openings, at least one, and the number of games in the text.
///
/// # Errors
/// [`SelfplayError::OpeningRecord`] for the first game that does not read;
/// [`SelfplayError::NoOpenings`] when no game gives an opening.
pub fn read_openings<R: Ruleset>(
    text: &str,
    rules: &R,
    ply: usize,
) -> Result<(Vec<GameRecord<R>>, usize), SelfplayError> {
    let games = read_any(text);
    let total = games.len();
    let mut records = Vec::new();
    for (i, game) in games.into_iter().enumerate() {
        let game = game.map_err(|error| SelfplayError::OpeningRecord { game: i + 1, error })?;
        if let Ok(game) = game.into_game::<R>() {
            if game.record.rules() == rules {
                records.push(game.record);
            }
        }
    }
    let openings = openings(records, ply);
    if openings.is_empty() {
        return Err(SelfplayError::NoOpenings {
            games: total,
            rules: rules.to_string(),
            ply,
        });
    }
    Ok((openings, total))
}
