// The README without its pictures and docs.rs link definitions (see build.rs).
#![doc = include_str!(concat!(env!("OUT_DIR"), "/README.md"))]
#![deny(missing_docs)]
// `unsafe` in the crate: two hints about memory for the tables the search and the Kalah
// solver read at random, `madvise` for huge pages and a cache-line prefetch (src/memory.rs),
// the call of the evaluation network's AVX2 code on a processor found to have AVX2
// (src/search/network.rs), and the mapping of Oware's endgame table files into memory
// (src/oware/tables/file.rs); each with its measurement and the proof that it is sound.
#![deny(unsafe_code)]

pub mod analysis;
/// The run-time choice of a ruleset, at its 0.3 path.
#[deprecated(
    since = "0.4.0",
    note = "use `sowing::games` (`AnyRuleset`, `RulesetVisitor`)"
)]
pub mod any;
mod checksum;
pub mod described;
mod effect;
pub mod encode;
pub mod engine;
pub mod error;
pub mod games;
mod grand_slam;
pub mod hashing;
pub mod kalah;
mod memory;
mod movelist;
pub mod oware;
mod perft;
pub mod pgn;
pub mod picture;
mod player;
mod position;
mod record;
mod rng;
mod ruleset;
pub mod search;
mod select;
pub mod selfplay;
mod swar;
pub mod switches;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
pub mod toguz;
pub mod tools;
pub mod tsoro;

pub(crate) use switches::{ruleset_text, serde_as_text};

/// The SVG pictures, at their old path: [`picture::svg`].
pub use picture::svg;

pub use effect::{Effect, Spot, Spots};
pub use error::{
    IllegalMove, IllegalReason, MoveParseError, PlayError, PositionError, PositionParseError,
    RecordError, RulesetParseError, SettingsError, TextProblem,
};
pub use games::{AnyRuleset, Game, GameList};
pub use movelist::{MoveList, MoveListIntoIter};
pub use perft::{Playout, perft, perft_divide, perft_parallel, random_playout};
pub use picture::Picture;
pub use player::{Outcome, Player, Score};
pub use position::Position;
pub use record::GameRecord;
pub use rng::{RandomSource, SplitMix64, WyRand};
pub use ruleset::{Ruleset, SeedCount};

/// Exact values of positions, at its old path: [`search::Oracle`], beside the hook that gives
/// them, [`search::Heuristic::endgame_oracle`].
#[deprecated(since = "0.4.0", note = "moved to `sowing::search::Oracle`")]
pub type Oracle<S> = search::Oracle<S>;
