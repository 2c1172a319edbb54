//! Toguz Kumalak game records in PGN, as PlayOK and the federation books write them, under
//! the name they had until 0.3: now [`toguz::playok`](super::playok), the game's
//! [`Dialect`](crate::pgn::Dialect) of the records module, whose game is the records
//! module's one `PgnGame<Toguz>`.

pub use super::Style;
pub use super::playok::{read_game, read_games, write_game, write_games};

/// A game of the PlayOK dialect: since 0.4 the records module's one game type.
pub type PgnGame = crate::pgn::PgnGame<super::Toguz>;
