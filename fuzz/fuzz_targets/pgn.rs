//! Fuzz target `pgn`: see `fuzz/checks.rs` for the input layout and what it checks.
#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::pgn(data, checks::BOUND));
