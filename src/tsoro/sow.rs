//! Relay sowing around one player's loop, with exact detection of endless relays.
//!
//! A relay is deterministic between decisions: the state at the end of each lap (the loop's
//! counts and the hole just lifted) determines the next lap. Since the stones in the loop
//! are conserved during a relay, the states are finitely many, so the relay either ends (a
//! last stone in an empty hole, or in an occupied head: a decision) or enters a cycle.
//! [`relay`] runs Brent's cycle-finding algorithm on the lap-end states: it keeps one saved
//! state, replaced at laps 1, 2, 4, 8, ..., and compares each new lap-end state with it (the
//! hole first, the counts only when the hole agrees). A relay that cycles is found within
//! about `mu + 2 lambda` laps (pre-period plus twice the period); a relay that ends is never
//! cut short, however long.
//!
//! Cost: ordinary relays end within a few laps and pay nothing for the detection (it starts
//! after 64 laps). Endless relays of ordinary play are found in a few hundred laps. But a
//! loop crowded with stones (only reachable with re-entered captures on a headless board,
//! e.g. 45 of Tracey's 54 stones in one 16-hole loop) can have cycles of 10^7 to 10^8 laps,
//! and finding them exactly then takes about a second per start.
//!
//! Endless relays need a loop with no head. Over one cycle of lap-end states the sowing goes
//! round the loop a whole number of times, at least once, so every hole receives stones; a
//! hole never lifted during the cycle would only gain, so every hole (every head too) is the
//! occupied landing hole of some lap of the cycle, and a lap landing in an occupied head stops
//! the relay for the head decision. (This needs only that the loop's stones are conserved
//! during the relay and that each lap sows at least one stone, which [`relay`] keeps.) So
//! legality checks simulate relays only on headless loops; [`relay`] itself keeps the check
//! everywhere, so no state, however it was made, can make a sowing run forever.

use super::state::LOOP;

/// How a relay ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum LapEnd {
    /// The last stone of a lap fell into an empty hole at this loop index: the sowing is over.
    Empty(usize),
    /// The last stone of a lap fell into an occupied head at this loop index: the mover
    /// decides whether to relay on.
    Head(usize),
    /// The lap-end state came back: the relay would go on forever.
    Endless,
}

/// Sows `n` stones one per hole from the hole after `pos` onward (`pos < len`), wrapping
/// round the loop of `len` holes; returns the hole the last stone fell into. Under `HASH`
/// adds each stone's key to `h`.
#[inline(always)]
fn sow<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &[u64; LOOP],
    h: &mut u64,
    len: usize,
    pos: usize,
    mut n: usize,
) -> usize {
    if n >= len {
        // Whole laps: every hole, the origin too, gets one stone a lap.
        let laps = n / len;
        n -= laps * len;
        for (i, c) in b[..len].iter_mut().enumerate() {
            *c = c.wrapping_add(laps as u8);
            if HASH {
                *h = h.wrapping_add((laps as u64).wrapping_mul(keys[i]));
            }
        }
        if n == 0 {
            return pos;
        }
    }
    let first = pos + 1;
    let end = first + n;
    if end <= len {
        for i in first..end {
            b[i] = b[i].wrapping_add(1);
            if HASH {
                *h = h.wrapping_add(keys[i]);
            }
        }
        end - 1
    } else {
        for i in first..len {
            b[i] = b[i].wrapping_add(1);
            if HASH {
                *h = h.wrapping_add(keys[i]);
            }
        }
        let rest = end - len;
        for i in 0..rest {
            b[i] = b[i].wrapping_add(1);
            if HASH {
                *h = h.wrapping_add(keys[i]);
            }
        }
        rest - 1
    }
}

/// Laps run before cycle detection starts: nearly every relay ends sooner, and then pays
/// nothing for the detection. Starting Brent's algorithm later changes only when a cycle is
/// found, never whether.
const UNCHECKED_LAPS: u32 = 64;

/// Relay sowing: sows `hand` stones (already lifted) from the hole after `pos` around the
/// loop `b` of `len` holes; whenever the last stone of a lap falls into an occupied hole that
/// is not a head (bit of `heads`), lifts that hole and sows on. `pos < len <= LOOP`,
/// `hand >= 1`.
#[inline]
pub(crate) fn relay<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &[u64; LOOP],
    h: &mut u64,
    len: usize,
    heads: u64,
    mut pos: usize,
    hand: u32,
) -> LapEnd {
    let mut hand = hand as usize;
    for _ in 0..UNCHECKED_LAPS {
        match lap::<HASH>(b, keys, h, len, heads, pos, hand) {
            Ok((last, lifted)) => (pos, hand) = (last, lifted),
            Err(end) => return end,
        }
    }
    relay_checked::<HASH>(b, keys, h, len, heads, pos, hand)
}

/// One lap of a relay: sows `hand` stones from the hole after `pos`. The move ends (`Err`)
/// when the last stone falls into an empty hole or an occupied head; otherwise that hole is
/// lifted, the stone just dropped too, and `Ok((hole, stones))` says where the next lap
/// starts and with how many.
#[inline(always)]
fn lap<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &[u64; LOOP],
    h: &mut u64,
    len: usize,
    heads: u64,
    pos: usize,
    hand: usize,
) -> Result<(usize, usize), LapEnd> {
    let last = sow::<HASH>(b, keys, h, len, pos, hand);
    let c = b[last];
    if c == 1 {
        return Err(LapEnd::Empty(last));
    }
    if heads >> last & 1 != 0 {
        return Err(LapEnd::Head(last));
    }
    b[last] = 0;
    if HASH {
        *h = h.wrapping_sub(u64::from(c).wrapping_mul(keys[last]));
    }
    Ok((last, c as usize))
}

/// [`relay`] past its first laps, with Brent's cycle detection on the lap-end states.
#[cold]
#[inline(never)]
fn relay_checked<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &[u64; LOOP],
    h: &mut u64,
    len: usize,
    heads: u64,
    mut pos: usize,
    mut hand: usize,
) -> LapEnd {
    // Brent: the saved lap-end state, and laps since it was saved.
    let mut saved = *b;
    let mut saved_pos = pos;
    let mut power = 1u32;
    let mut lam = 0u32;
    loop {
        match lap::<HASH>(b, keys, h, len, heads, pos, hand) {
            Ok((last, lifted)) => (pos, hand) = (last, lifted),
            Err(end) => return end,
        }
        if pos == saved_pos && *b == saved {
            return LapEnd::Endless;
        }
        lam += 1;
        if lam == power {
            saved = *b;
            saved_pos = pos;
            power = power.saturating_mul(2);
            lam = 0;
        }
    }
}
