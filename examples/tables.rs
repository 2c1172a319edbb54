//! Oware's endgame tables: `tables build [RULES] N [--dir DIR]` computes them (keeping
//! them in DIR, default `$SOWING_TABLES` or `./tables`) and `tables query POSITION` gives a
//! position's exact value and each move's.
//!
//! The tool itself is [`sowing::tools`].

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("tables", "oware")
}
