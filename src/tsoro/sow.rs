//! The sowing kernel: relay sowing round one player's loop, a run of holes at a time, with
//! the hash kept as it sows. Whether a relay that runs long ever ends is decided in
//! [`super::endless`]; the engine that plays each action of a turn is [`super::turn`].

use super::state::LOOP;
use super::state::keys::LoopKeys;

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
/// adds each stone's key to `h` (a run of holes at once, from the keys' running sums).
#[inline(always)]
fn sow<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &LoopKeys,
    h: &mut u64,
    len: usize,
    pos: usize,
    mut n: usize,
) -> usize {
    if n >= len {
        // Whole laps: every hole, the origin too, gets one stone a lap.
        let laps = n / len;
        n -= laps * len;
        for c in &mut b[..len] {
            *c = c.wrapping_add(laps as u8);
        }
        if HASH {
            *h = h.wrapping_add((laps as u64).wrapping_mul(keys.sums[len]));
        }
        if n == 0 {
            return pos;
        }
    }
    let first = pos + 1;
    let end = first + n;
    if end <= len {
        sow_run::<HASH>(b, keys, h, first, end);
        end - 1
    } else {
        sow_run::<HASH>(b, keys, h, first, len);
        let rest = end - len;
        sow_run::<HASH>(b, keys, h, 0, rest);
        rest - 1
    }
}

/// One stone into each of holes `from..to` (`from <= to <= LOOP`), and under `HASH` their
/// keys into `h`.
#[inline(always)]
fn sow_run<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &LoopKeys,
    h: &mut u64,
    from: usize,
    to: usize,
) {
    for c in &mut b[from..to] {
        *c = c.wrapping_add(1);
    }
    if HASH {
        *h = h.wrapping_add(keys.sums[to].wrapping_sub(keys.sums[from]));
    }
}

/// What a relay needs to know of the loop it sows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// Holes in the loop (`<= LOOP`).
    pub(crate) len: usize,
    /// Loop indices of the heads.
    pub(crate) heads: u64,
    /// The ruleset's stones: a loop holding more (a state no position of the game reaches,
    /// made by parsing alone) is not walked past its first laps (see [`relay`](super::endless::relay)).
    pub(crate) stones: u32,
}

/// One lap of a relay: sows `hand` stones from the hole after `pos`. The move ends (`Err`)
/// when the last stone falls into an empty hole or an occupied head; otherwise that hole is
/// lifted, the stone just dropped too, and `Ok((hole, stones))` says where the next lap
/// starts and with how many.
#[inline(always)]
pub(super) fn lap<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &LoopKeys,
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
        *h = h.wrapping_sub(u64::from(c).wrapping_mul(keys.holes[last]));
    }
    Ok((last, c as usize))
}
