//! Game records of every game in one text form, in the style of PGN, and the one reader and
//! writer of every record this crate knows.
//!
//! Players and tools already know PGN (Portable Game Notation): a block of tag pairs, then
//! the moves with move numbers, then the result. This module writes and reads that form for
//! any [`Ruleset`](crate::Ruleset) (the *records form*). A game may have forms of its own,
//! built on the same tags, tokens, comments, results and splitter, through its [`Dialect`]:
//! Toguz Kumalak's PGN as PlayOK and the federation books write it is one
//! ([`toguz::playok`](crate::toguz::playok)). [`games::read_any`](crate::games::read_any) reads a file of any game and form
//! and says which game and form each record is.
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [South "?"]
//! [North "?"]
//! [Result "*"]
//! [Variant "kalah:pie"]
//!
//! 1. 3 6 1... swap 2. 5 2... 2 3 3. 2 {an extra turn next} 4 *
//! ```
//!
//! # Tags
//! The seven tags of PGN's roster come first: `Event`, `Site`, `Date`, `Round`, the two
//! sides by the game's own names ([`Ruleset::SIDES`](crate::Ruleset::SIDES): `South` and
//! `North`, or `White` and `Black` for Toguz Kumalak) and `Result`. Then `Variant`, the ruleset text (`kalah:pie`,
//! `tsoro:bonus=3`), which says which game and rules the moves are read under, and `FEN`, the
//! position text of the start when the game does not begin from the ruleset's start. Other
//! tags follow in the order they were read. Values are quoted, with `\"` and `\\` escaped (a
//! backslash before any other character stands for itself, in both forms); a value holds no
//! line break.
//!
//! # Turns and actions
//! A *turn* is the run of consecutive actions by one player. In Toguz Kumalak it is one
//! move; in Kalah a last seed in the store gives the mover another action within his turn,
//! and the pie rule's `swap` is North's whole first turn; in Tsoro a turn is its start hole
//! and then every head decision (`relay`, `stop`) and bonus take (`take o4`, `done`).
//!
//! **Every turn opens with its number: `N.` for South's turn and `N...` for North's**, as PGN
//! writes a move number before a Black move that does not follow White's in the same line.
//! The actions of the turn follow, separated by spaces, each exactly as the game's notation
//! writes it ([`Ruleset::format_move`](crate::Ruleset::format_move)). South's turn `N.` is
//! followed by North's turn `N...`, then South's `N+1.` (a record starting with North to
//! move opens with `1...`). So:
//!
//! - Kalah: `1. 3 6 1... 2 3 2. 4 *` is South sowing pit 3 (extra turn) and pit 6, North
//!   pit 2 (extra turn) and pit 3, South pit 4; with the pie rule, `1... swap` is North
//!   taking South's opening.
//! - Tsoro (`tsoro:holes=6,bonus=3`): `1. o3 relay 1... o2 2. o2 2... o5 3. o6 take o6 take o4
//!   take i2 1-0` is South relaying at an occupied head, and in his third turn capturing and
//!   taking three bonus holes, which wins.
//! - Toguz Kumalak: `1. 76 1... 98 2. 66 2... 87 *`.
//!
//! Why this convention: a reader sees at once whose every action is (the last number before
//! it says so) and where each turn ends (at the next number), without replaying the game; the
//! actions keep the games' own notation untouched, so a turn's actions need no joining
//! character that one of the notations might use (Tsoro's `take o4` holds a space); and
//! every token is PGN's own (`1.`, `1...`, `{...}`, the results), so PGN tools split the text
//! correctly. It round-trips exactly: reading checks that each number opens the turn of the
//! player to move and that each turn ends exactly where the next number stands. The price is
//! one number more per turn for single-action games such as Toguz Kumalak, whose classic
//! `1. 76 98` form its [PlayOK dialect](crate::toguz::playok) still reads and writes.
//!
//! # Comments and results
//! `{comments}` are kept with the number of plies played before them, and written back in
//! the same place; numeric annotation glyphs (`$n`, or a move's suffix `?!`, `?`, `??`, `!`,
//! `!!`, `!?`) are kept with the number of plies played before them and written back as the
//! move's suffix (glyphs 1 to 6) or `$n`; `;` comments to the end of the line and `( ... )`
//! variations are read and dropped. A record replays the same with its comments and glyphs
//! as without them. The result token ends the movetext: `1-0` (South won),
//! `0-1` (North won), `1/2-1/2` (a draw) or `*` (unfinished); no other token is accepted.
//!
//! # Reading checks everything
//! The tags (syntax, no tag twice, `Variant` present, `FEN` a valid position of the
//! ruleset), every move number, every action against the position it is played in, the
//! turn boundaries, and the result: it must equal the `Result` tag (a record without one
//! takes the movetext's result token, which always ends it), and for a game that is
//! over it must be the rules' outcome (an unfinished game may carry a decided result: a
//! resignation or an adjudication). An error ([`PgnError`]) names the line and, for a move,
//! the ply. A file may hold many games; [`split`] cuts it into games without reading them, so
//! a program can pick the ruleset from each game's `Variant` first, or let [`games::read_any`](crate::games::read_any) do it.
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::{GameRecord, pgn};
//!
//! let mut game = GameRecord::new("kalah:pie".parse::<Kalah>()?);
//! for mv in ["3", "6", "swap", "5"] {
//!     game.play_text(mv)?;
//! }
//! let text = game.to_pgn();
//! assert!(text.contains("[Variant \"kalah:pie\"]"));
//! assert!(text.ends_with("\n1. 3 6 1... swap 2. 5 *\n"));
//! assert_eq!(GameRecord::<Kalah>::from_pgn(&text)?, game);
//!
//! let err = pgn::read_game::<Kalah>(&text.replace("1... swap", "2. swap")).unwrap_err();
//! assert_eq!(err.to_string(), "line 10, ply 3: move number `2.`, but North's turn 1 is next: `1...`");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every record shown above replays:
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::toguz::Toguz;
//! use sowing::tsoro::Tsoro;
//! use sowing::pgn;
//!
//! let record = |variant: &str, moves: &str| {
//!     let result = moves.rsplit(' ').next().unwrap();
//!     format!("[Result \"{result}\"]\n[Variant \"{variant}\"]\n\n{moves}\n")
//! };
//! let pie = pgn::read_game::<Kalah>(&record("kalah:pie", "1. 3 6 1... swap 2. 5 2... 2 3 3. 2 {an extra turn next} 4 *"))?;
//! assert_eq!((pie.record.ply(), pie.comments.len()), (8, 1));
//! // The record at the top of this page, tags and all.
//! let top = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[South \"?\"]\n\
//!            [North \"?\"]\n[Result \"*\"]\n[Variant \"kalah:pie\"]\n\n\
//!            1. 3 6 1... swap 2. 5 2... 2 3 3. 2 {an extra turn next} 4 *\n";
//! let read = pgn::read_game::<Kalah>(top)?;
//! assert!(read.record == pie.record && read.comments == pie.comments);
//! assert_eq!(read.to_text(), top);
//! let kalah = pgn::read_game::<Kalah>(&record("kalah", "1. 3 6 1... 2 3 2. 4 *"))?;
//! assert_eq!(kalah.record.move_texts(), ["3", "6", "2", "3", "4"]);
//! let tsoro = pgn::read_game::<Tsoro>(&record(
//!     "tsoro:holes=6,bonus=3",
//!     "1. o3 relay 1... o2 2. o2 2... o5 3. o6 take o6 take o4 take i2 1-0",
//! ))?;
//! assert_eq!((tsoro.record.ply(), tsoro.record.is_over()), (9, true));
//! let toguz = pgn::read_game::<Toguz>(&record("toguz", "1. 76 1... 98 2. 66 2... 87 *"))?;
//! assert_eq!(toguz.record.ply(), 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

//!
//! # The parts
//! The module is written in layers, each a file: the model ([`PgnGame`], [`Form`]), the
//! errors ([`PgnError`]), tags ([`read_tags`], [`write_tag`]), the lexer ([`tokens`]), the
//! splitter ([`split`], [`GameText`]), the records form's reader ([`read_game`]) and writer
//! ([`write_game`]), the [`Dialect`] hook by which a game adds forms of its own, and, in the list of games above it, the one part that reads a record of whichever game it names: [`games::read_any`](crate::games::read_any) and [`games::AnyGame`](crate::games::AnyGame). The pieces
//! a dialect needs are public, so a game written outside the crate can write its own.

mod dialect;
mod error;
mod lexer;
mod model;
mod reader;
mod split;
mod tags;
mod writer;

pub use crate::player::GameResult;
pub use dialect::Dialect;
pub use error::{PgnError, PgnProblem};
pub use lexer::{Token, nag_suffix, tokens, turn_number, wrap};
pub use model::{Form, PgnGame};
pub(crate) use reader::read_records_with;
pub use reader::{check_outcome, read_game, read_games};
pub use split::{GameText, one_game, split};
pub use tags::{TagBlock, parse_tag, read_tags, set_tag, tag, write_tag};
pub use writer::{write_game, write_games};
