//! Toguz Kumalak game records in PGN, as PlayOK and the federation books write them: the
//! [`pgn::playok`](crate::pgn::playok) dialect of the one record module, under the name it
//! has always had here.
//!
//! ```
//! use sowing::toguz::pgn;
//!
//! let text = "[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 2. 55 56 3. 11(22) 45X *\n";
//! let game = pgn::read_game(text)?;
//! assert_eq!(game.record.ply(), 6);
//! assert_eq!(pgn::write_game(&game, pgn::Style::PlayOk), text);
//! # Ok::<(), sowing::RecordError>(())
//! ```

pub use crate::pgn::playok::{PgnGame, Style, read_game, read_games, write_game, write_games};
