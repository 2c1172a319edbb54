//! Matches between two agents: the game loop, random openings played with both colours, a ply
//! limit, what each side searched, and the Elo difference with its 95% interval.

mod config;
mod cpu_wait;
mod elo;
mod error;
mod figures;
mod game;
mod result;
mod run;

pub use config::MatchConfig;
pub use elo::Elo;
pub use error::MatchError;
pub use figures::SideFigures;
pub use game::{MatchGame, play_game};
pub use result::MatchResult;
pub use run::Match;
