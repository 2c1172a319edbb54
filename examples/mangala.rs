//! A game written outside the crate, with every command-line tool: Mangala, the Turkish
//! mancala (`tests/downstream/mangala.rs`, which the downstream test shares), listed beside
//! the crate's four games and handed to the tools' driver in one line.
//!
//! `cargo run --release --example mangala -- perft mangala 8`, `... -- play --rules mangala
//! --human south`, `... -- engine`, `... -- replay games.pgn`: `--help` lists the tools.

#[path = "../tests/downstream/mangala.rs"]
mod mangala;

sowing::with_games!(sowing::ruleset_list! {
    /// The crate's games and Mangala.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Games
} + [Mangala => mangala::Mangala, "Mangala";]);

fn main() -> std::process::ExitCode {
    sowing::tools::main::<Games>()
}
