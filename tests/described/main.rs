//! The described games (`sowing::described`), in one test binary: the family against the
//! hand-written Kalah and Oware, each rule on a worked position, MancalaGames' files, and the
//! catalogue.

mod allow;
mod altdirs;
mod capts;
mod capttypes;
mod catalogue;
mod early;
mod equivalence;
mod goals;
mod lap_capts;
mod laps;
mod mancalagames;
mod rules;
mod split;
mod support;
mod twoout;
