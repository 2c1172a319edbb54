//! The described games (`sowing::described`), in one test binary: the family against the
//! hand-written Kalah and Oware, each rule on a worked position, MancalaGames' files, and the
//! catalogue.

mod catalogue;
mod equivalence;
mod mancalagames;
mod rules;
mod split;
