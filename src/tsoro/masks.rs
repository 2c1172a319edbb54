//! A loop read a word at a time: one bit per hole that holds stones, or 2 stones or more,
//! and the rows the observation copies and the evaluation reads, reversed a word at a time.
//! Eight holes a 64-bit word, tested with the crate's byte-parallel helpers
//! ([`crate::swar`]).

use super::TsoroSettings;
use super::state::LOOP;
use crate::swar::{at_least_two, nonzero_bits, pack, pack_reversed, word, word_at};

/// One bit per hole of the loop that holds stones (the padding beyond the loop is always
/// empty).
#[inline(always)]
pub(crate) fn occupied(b: &[u8; LOOP]) -> u64 {
    let mut m = 0;
    for w in 0..LOOP / 8 {
        m |= nonzero_bits(word(b, w)) << (8 * w);
    }
    m
}

/// One bit per hole of the loop that holds 2 stones or more.
#[inline(always)]
pub(crate) fn many(b: &[u8; LOOP]) -> u64 {
    many_in(b)
}

/// One bit per byte of `b` (`L` a multiple of 8, at most 64) that is 2 or more.
#[inline(always)]
pub(crate) fn many_in<const L: usize>(b: &[u8; L]) -> u64 {
    const { assert!(L % 8 == 0 && L <= 64) };
    let mut m = 0;
    for w in 0..L / 8 {
        m |= pack(at_least_two(word(b, w))) << (8 * w);
    }
    m
}

/// [`many_in`] of [`backwards`]`(b, end)`: one bit per hole of `b[end - 1], b[end - 2],
/// ..., b[0]` (the first [`ROW`]) that holds 2 stones or more. With `end >= ROW`, each
/// word read where it lies and its bits packed in reverse order (no byte swap).
#[inline(always)]
pub(crate) fn many_backwards(b: &[u8; LOOP], end: usize) -> u64 {
    if end < ROW {
        return many_in(&backwards(b, end));
    }
    let mut m = 0;
    for c in 0..ROW / 8 {
        let hi = at_least_two(word_at(b, end - 8 * (c + 1)));
        m |= pack_reversed(hi) << (8 * c);
    }
    m
}

/// Holes a row the observation copies and the evaluation reads: at least the most holes a
/// row.
pub(crate) const ROW: usize = 24;
const _: () = assert!(TsoroSettings::MAX_HOLES as usize <= ROW && 2 * ROW <= LOOP);

/// The first [`ROW`] of `b[end - 1], b[end - 2], ..., b[0]`, then zeros (`end <= LOOP`).
/// A word at a time with its bytes swapped, each read whole from the state (whose bytes
/// were stored long before) and stored whole.
#[inline(always)]
pub(crate) fn backwards(b: &[u8; LOOP], end: usize) -> [u8; ROW] {
    let mut row = [0u8; ROW];
    if end >= ROW {
        // Every word whole, with no test per word.
        for (c, chunk) in row.chunks_exact_mut(8).enumerate() {
            let word = word_at(b, end - 8 * (c + 1)).swap_bytes();
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        return row;
    }
    for (c, chunk) in row.chunks_exact_mut(8).enumerate() {
        let word = match end.checked_sub(8 * c) {
            Some(hi) if hi >= 8 => word_at(b, hi - 8).swap_bytes(),
            // The last `hi < 8` bytes, b[hi - 1] to b[0]: the first word's, swapped and
            // shifted down past the 8 - hi bytes beyond them.
            Some(hi) if hi > 0 => word_at(b, 0).swap_bytes() >> (8 * (8 - hi)),
            _ => 0,
        };
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    row
}
