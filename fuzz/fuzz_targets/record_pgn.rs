//! Fuzz target `record_pgn`: see `fuzz/checks.rs` for the input layout and what it checks.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::record_pgn(data, checks::BOUND));
