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
//! | `16..16+L` | the text line, UTF-8, ending in a line feed: `rules=<ruleset text> agent=<agent text> observation=<n> record=<size>`, then the training words where the game states its network's inputs (`holes=<n> marks=<n> stores_at=<i> marks_at=<i> store_buckets=<n> scale=<x>`, [`search::training_words`](crate::search::training_words)) |
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

mod error;
mod format;
mod opening;
mod play;

pub use error::SelfplayError;
pub use format::{
    FIXED_BYTES, Header, MAGIC, MAX_ESTIMATE, MAX_OBSERVATION, ReadError, Record, VERSION,
    WIN_VALUE, Writer, read, stored_value,
};
pub use opening::{openings, read_openings};
pub use play::{Config, PlayedGame, SelfPlayer, Summary, default_agent, generate};

#[cfg(doc)]
use crate::encode::Encoding;
#[cfg(doc)]
use crate::search::{AlphaBeta, Heuristic};
