//! Whether a relay ends, decided exactly: the residue test, the walk round the cycle, and
//! (in [`super::relay`]) the barrier test, for the relays [`relay`] has sown past their
//! first laps.
//!
//! A relay is deterministic between decisions: the state at the end of each lap (the loop's
//! counts and the hole just lifted) determines the next lap. Since the stones in the loop
//! are conserved during a relay, the states are finitely many, so the relay either ends (a
//! last stone in an empty hole, or in an occupied head: a decision) or enters a cycle.
//! After 64 laps [`relay`] decides it exactly in three steps:
//! 1. [`never_ends`]: a residue invariant (mod loop length + 1) that proves, in `O(len)`,
//!    that the relay can never land in an empty hole. It settles the longest cycles met at
//!    once (10^9 laps on a crowded Tracey board).
//! 2. On a headless loop, a walk as in step 3 for 2^15 revolutions of the loop, then the
//!    barrier test of [`super::relay`]: up to 2^19 laps in which it looks for residues the
//!    hand lands at in every winding (counted from an origin it chooses from the relay's
//!    residues), the lowest with the part below it in a form that provably brings the hand
//!    back to it, and each stretch between two of them, and the part above the last,
//!    repeating. It settles every one of the 10 long headless relays of its tests within 500
//!    laps, from any of their laps.
//! 3. For the rest, a walk round the cycle ([`walk`]): the lap map is one-to-one, so a
//!    relay that never ends comes back to any state it passed (no tail before the cycle, no
//!    cycle finding); on a headless loop it may stop sooner, when the state comes back
//!    turned round the loop. Each lap costs a few instructions whatever its stones (counts
//!    kept as revolutions of each hole's last lift). A relay that ends is never cut short,
//!    however long.
//!
//! Cost: ordinary relays end within a few laps and pay nothing for the detection. The
//! longest relays are on crowded headless loops, reachable only with re-entered captures
//! (or set up by text). A searcher that moves stones to maximise the laps walked
//! (`examples/adversarial.rs`) found endless relays whose cycles run up to 1.35 * 10^9 laps
//! (4 x 21, 77 of the 84 stones in one loop); that one comes back turned round the loop
//! after 1.93 * 10^8 laps, a seventh of its cycle, and the walk stops there; step 2 now
//! settles it after 397 laps. The worst call of the corpus (`cargo run --release --example
//! adversarial` times every call; the README's speed section has the figures, before step 2
//! and after) is a check on the 2.7e8-lap cycle on 4 x 19, most of it the walk of step 2
//! before the barrier test. The residue test of step 1
//! settles many relays, not these (the 1.35e9-lap cycle holds one pair of consecutive
//! residues), and no test on the residues alone can settle them all: on a
//! loop of 6 holes, the relay lifting hole 5 of `0,0,1,0,4,5` ends, the one lifting hole 4
//! of `0,1,0,3,5,1` runs a 27-lap cycle, and the two have the same residues up to adding a
//! constant (mod 7). A loop holding more stones than the ruleset has (a state made by
//! parsing alone, which never validates) is refused as endless after its first 64 laps
//! instead of walked.
//!
//! Endless relays need a loop with no head. Over one cycle of lap-end states the sowing goes
//! round the loop a whole number of times, at least once, so every hole receives stones; a
//! hole never lifted during the cycle would only gain, so every hole (every head too) is the
//! occupied landing hole of some lap of the cycle, and a lap landing in an occupied head stops
//! the relay for the head decision. (This needs only that the loop's stones are conserved
//! during the relay and that each lap sows at least one stone, which [`relay`] keeps.) So
//! legality checks simulate relays only on headless loops; [`relay`] itself keeps the check
//! everywhere, so no state, however it was made, can make a sowing run forever.
//!

use super::relay;
use super::sow::{LapEnd, Shape, lap};
use super::state::LOOP;
use super::state::keys::LoopKeys;

/// Laps run before cycle detection starts: nearly every relay ends sooner, and then pays
/// nothing for the detection. Starting the cycle test later changes only when an endless
/// relay is found, never whether.
const UNCHECKED_LAPS: u32 = 64;

/// Relay sowing: sows `hand` stones (already lifted) from the hole after `pos` around the
/// loop `b` of `shape.len` holes; whenever the last stone of a lap falls into an occupied
/// hole that is not a head, lifts that hole and sows on. `pos < len <= LOOP`, `hand >= 1`.
// The shape goes by reference to the ruleset's own copy: six arguments, all in registers
// (a struct built per call cost 4% more instructions in 4 x 8 perft, an eighth scalar 2%).
#[inline]
pub(crate) fn relay<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &LoopKeys,
    h: &mut u64,
    shape: &Shape,
    mut pos: usize,
    hand: u32,
) -> LapEnd {
    let mut hand = hand as usize;
    let (len, heads) = (shape.len, shape.heads);
    for _ in 0..UNCHECKED_LAPS {
        match lap::<HASH>(b, keys, h, len, heads, pos, hand) {
            Ok((last, lifted)) => (pos, hand) = (last, lifted),
            Err(end) => return end,
        }
    }
    relay_checked::<HASH>(b, keys, h, shape, pos, hand)
}

/// [`relay`] past its first laps: the residue test of [`never_ends`]
/// first, then a walk round the cycle the relay must be on if it never ends (see [`walk`]).
#[cold]
#[inline(never)]
pub(super) fn relay_checked<const HASH: bool>(
    b: &mut [u8; LOOP],
    keys: &LoopKeys,
    h: &mut u64,
    shape: &Shape,
    pos: usize,
    hand: usize,
) -> LapEnd {
    let &Shape { len, heads, stones } = shape;
    if heads == 0 && never_ends(b, len, pos, hand) {
        return LapEnd::Endless;
    }
    let in_loop = b[..len].iter().map(|&c| u32::from(c)).sum::<u32>() + hand as u32;
    if in_loop > stones {
        // More stones than the game has: refused (as endless) rather than walked.
        return LapEnd::Endless;
    }
    let before = *b;
    let end = if heads != 0 {
        walk(b, len, heads, pos, hand)
    } else if let Some(end) = walk_within(b, len, heads, pos, hand, FIRST_REVOLUTIONS) {
        end
    } else if relay::endless_by_barrier(b, len, pos, hand, relay::BUDGET) {
        LapEnd::Endless
    } else {
        walk(b, len, heads, pos, hand)
    };
    if HASH {
        for (i, (&now, &was)) in b[..len].iter().zip(&before[..len]).enumerate() {
            let d = u64::from(now).wrapping_sub(u64::from(was));
            *h = h.wrapping_add(d.wrapping_mul(keys.holes[i]));
        }
    }
    end
}

/// Walks a relay from a lap-end state (`b[pos] == 0` after the lift, `hand` stones to sow)
/// until it ends, or until a state it passed comes back, perhaps turned round the loop (the
/// relay is then endless); writes the final counts into `b`.
///
/// **Why coming back to the first state is the whole test.** The lap map is one-to-one on
/// lap-end states: given the state after a lap (the hole `q` just lifted, the loop's counts
/// `B`), the lap before it started from the hole `p` that minimises `L B[p] + d(p)` over the
/// other holes, where `d(p)` is how far `p` lies behind `q` (`1..L`), and it sowed exactly
/// that many stones. (Only that hole can have been left empty by its lift and refilled to
/// `B[p]` by a lap ending at `q`: every hole the lap passed got at least as many stones as
/// `p`, one more if it lies between `p` and `q`.) A one-to-one map on a finite set of states
/// has no tails: a relay that never ends comes back to the state it started from, so the
/// walk needs no cycle finding (Brent's algorithm walked up to three times the cycle).
///
/// **Turned round the loop.** On a loop with no head every hole is alike, so the lap map
/// commutes with turning the loop: a relay that comes back to its first state turned by
/// `t` holes repeats itself turned again and again, and never ends. The walk stops there,
/// which on the longest cycles met is 5 to 19 times sooner than the exact return.
///
/// **Each lap in constant time.** Count time in stones sown so that the sowing reaches hole
/// `j` at the times `j (mod L)`. Hole `j` keeps the revolution `r[j]` of its last lift (or
/// of the lift that would have left its count): at time `R L + p` its count is
/// `R - r[j] - [j > p]`. A lap adds its hand to the time, and the count of the landing hole
/// is one subtraction; no stone is sown one by one until the walk ends.
///
/// The token view of [`super::relay`] (each lift time a token with a winding and a residue
/// mod `L + 1`) proves more relays endless without walking their cycle; this walk stays the
/// exact fallback for the relays its premise does not reach. Without that module's
/// condition on the aims below the barrier the test is false (the relay of `winding_tests`,
/// 6 holes, ends after the part above its barrier has repeated).
fn walk(b: &mut [u8; LOOP], len: usize, heads: u64, pos: usize, hand: usize) -> LapEnd {
    walk_within(b, len, heads, pos, hand, u64::MAX).unwrap_or(LapEnd::Endless)
}

/// Revolutions of the loop a headless relay walks before the barrier test of
/// [`super::relay`] is tried (short cycles are cheaper to walk round).
const FIRST_REVOLUTIONS: u64 = 1 << 15;

/// [`walk`] for at most `revolutions` revolutions of the loop: `None` (and `b` as it was)
/// past them.
fn walk_within(
    b: &mut [u8; LOOP],
    len: usize,
    heads: u64,
    mut pos: usize,
    mut hand: usize,
    revolutions: u64,
) -> Option<LapEnd> {
    // Revolutions start high enough that no `r[j]` goes below zero.
    let mut rev: u64 = 512;
    let last_rev = rev.saturating_add(revolutions);
    let mut r = [0u64; LOOP];
    for (j, (rj, &c)) in r[..len].iter_mut().zip(&b[..len]).enumerate() {
        *rj = rev - u64::from(c) - u64::from(j > pos);
    }
    // The counts of the loop now.
    let counts = |r: &[u64; LOOP], rev: u64, pos: usize| -> [u8; LOOP] {
        let mut c = [0u8; LOOP];
        for (j, (cj, &rj)) in c[..len].iter_mut().zip(&r[..len]).enumerate() {
            *cj = (rev - rj - u64::from(j > pos)) as u8;
        }
        c
    };
    // The state the walk waits for: among the first laps, the one lifting the most stones
    // (any state of an endless relay comes back; a rare hand makes the test below rare).
    let (mut first, mut first_pos, mut first_hand) = (*b, pos, hand);
    let mut laps = 0u32;
    let (q, end) = loop {
        let mut q = pos + hand;
        if q >= len {
            q -= len;
            rev += 1;
            if rev > last_rev {
                return None;
            }
            if q >= len {
                rev += (q / len) as u64;
                q %= len;
            }
        }
        let c = rev - r[q];
        if c == 1 {
            break (q, LapEnd::Empty(q));
        }
        if heads >> q & 1 != 0 {
            break (q, LapEnd::Head(q));
        }
        r[q] = rev;
        (pos, hand) = (q, c as usize);
        if laps < CHOOSING_LAPS {
            laps += 1;
            if hand > first_hand {
                (first, first_pos, first_hand) = (counts(&r, rev, pos), pos, hand);
            }
            continue;
        }
        // Back at that state, turned round the loop by `turn` holes (a headless loop only:
        // heads are fixed places).
        if hand == first_hand && (heads == 0 || pos == first_pos) {
            let turn = (pos + len - first_pos) % len;
            let now = counts(&r, rev, pos);
            if now[turn..len] == first[..len - turn] && now[..turn] == first[len - turn..len] {
                return Some(LapEnd::Endless);
            }
        }
    };
    *b = counts(&r, rev, q);
    Some(end)
}

/// Laps [`walk`] takes to choose the state it waits for.
const CHOOSING_LAPS: u32 = 256;

/// Whether a relay on a headless loop, at a lap end (`pos` just lifted, `hand` stones to
/// sow from the hole after it), can be proved never to end by its residues mod `len + 1`.
///
/// Count time in stones sown, one hole onward per stone. Give each hole `y` the time
/// `v(y) = t - c L` where `c` is its count when the sowing passes it at time `t` (`L = len`):
/// `v(y)` stays the same until the hole is lifted, since each pass adds `L` to `t` and 1 to
/// `c`. A lap landing at time `t` in a hole of count `c >= 2` lifts it: the next lap lands
/// at `t + c`, and `t + c = v(y) + c (L + 1)`, so `t + c = v(y) (mod L + 1)`; the hole's
/// `v` becomes `t`. So the next landing time takes the lifted hole's residue and the hole
/// takes the landing time's: the multiset of the `L` holes' residues and the next landing
/// time's residue, all mod `L + 1`, never changes during a relay. The relay ends only in a
/// hole of count 1, where `v(y) = t - L = t + 1 (mod L + 1)`: the hole's residue follows the
/// landing time's. If no two residues of the multiset are consecutive, that never happens.
///
/// The converse fails: some endless relays have consecutive residues and are left to
/// the walk (see the module docs for how long it can take).
#[inline]
fn never_ends(b: &[u8; LOOP], len: usize, pos: usize, hand: usize) -> bool {
    let m = len + 1;
    let all = (1u64 << m) - 1;
    // Hole y is next passed at time y (y > pos) or y + L (y <= pos), taking T = pos.
    let mut set = 1u64 << ((pos + hand) % m);
    for (y, &c) in b[..len].iter().enumerate() {
        let t = if y > pos { y } else { y + len };
        set |= 1u64 << ((t + usize::from(c) + 1) % m);
    }
    let next = ((set << 1) | (set >> (m - 1))) & all;
    set & next == 0
}

#[cfg(test)]
mod tests {
    use super::{LOOP, LapEnd, never_ends, walk};
    use crate::rng::{RandomSource, SplitMix64};
    use std::collections::HashSet;

    /// The relay stone by stone from a lap end, recording every lap-end state; `None` past
    /// `cap` laps.
    fn reference(
        b: &mut [u8; LOOP],
        len: usize,
        heads: u64,
        mut pos: usize,
        mut hand: usize,
        cap: usize,
    ) -> Option<LapEnd> {
        let mut seen = HashSet::new();
        seen.insert((*b, pos, hand));
        for _ in 0..cap {
            for _ in 0..hand {
                pos = (pos + 1) % len;
                b[pos] += 1;
            }
            if b[pos] == 1 {
                return Some(LapEnd::Empty(pos));
            }
            if heads >> pos & 1 != 0 {
                return Some(LapEnd::Head(pos));
            }
            hand = usize::from(b[pos]);
            b[pos] = 0;
            if !seen.insert((*b, pos, hand)) {
                return Some(LapEnd::Endless);
            }
        }
        None
    }

    /// The residues mod `len + 1` of a lap-end state, as [`never_ends`] takes them, counted.
    fn residues(b: &[u8; LOOP], len: usize, pos: usize, hand: usize) -> Vec<usize> {
        let m = len + 1;
        let mut count = vec![0; m];
        count[(pos + hand) % m] += 1;
        for (y, &c) in b[..len].iter().enumerate() {
            let t = if y > pos { y } else { y + len };
            count[(t + usize::from(c) + 1) % m] += 1;
        }
        count
    }

    #[test]
    fn the_residues_alone_do_not_decide_whether_a_relay_ends() {
        // The module docs' pair: on 6 holes, 5 stones lifted from hole 5 of 0,0,1,0,4,5 and
        // from hole 4 of 0,1,0,3,5,1; the same residues mod 7 up to a shift of 6.
        let lift = |loop_: [u8; 6], pos: usize| {
            let mut b = [0u8; LOOP];
            b[..6].copy_from_slice(&loop_);
            let hand = usize::from(b[pos]);
            b[pos] = 0;
            (b, pos, hand)
        };
        let (mut ends, p, h) = lift([0, 0, 1, 0, 4, 5], 5);
        let (mut endless, q, k) = lift([0, 1, 0, 3, 5, 1], 4);
        let (r, s) = (residues(&ends, 6, p, h), residues(&endless, 6, q, k));
        assert_eq!(r, [1, 2, 0, 3, 0, 1, 0]);
        assert!(
            (0..7).any(|t| (0..7).all(|i| r[i] == s[(i + t) % 7])),
            "{r:?} {s:?}"
        );
        assert!(!never_ends(&ends, 6, p, h) && !never_ends(&endless, 6, q, k));
        let (mut a, mut b) = (ends, endless);
        assert_eq!(reference(&mut a, 6, 0, p, h, 1000), Some(LapEnd::Empty(4)));
        assert_eq!(reference(&mut b, 6, 0, q, k, 1000), Some(LapEnd::Endless));
        assert_eq!(walk(&mut ends, 6, 0, p, h), LapEnd::Empty(4));
        assert_eq!(ends, a);
        assert_eq!(walk(&mut endless, 6, 0, q, k), LapEnd::Endless);
    }

    #[test]
    fn the_walk_in_revolutions_agrees_with_sowing_stone_by_stone() {
        // From the first lap on (the engine starts the walk after 64), on crowded loops with
        // and without heads: the same end, the same counts, and every endless relay back at
        // its first state (the lap map is one-to-one, so no relay has a tail before its
        // cycle: the reference, which remembers every state, would say `Endless` at a
        // state other than the first otherwise, and the walk would never stop).
        let mut rng = SplitMix64::new(3);
        let mut seen = [0usize; 3];
        for _ in 0..40_000 {
            let len = [12, 16, 22, 42][rng.below(4) as usize];
            // Half of them with nearly all of a headless board's 2L stones: the endless ones.
            let stones = match rng.below(2) {
                0 => len + rng.below(len as u32 + 1) as usize,
                _ => 2 * len - rng.below(3) as usize,
            };
            let mut b = [0u8; LOOP];
            for _ in 0..stones {
                b[rng.below(len as u32) as usize] += 1;
            }
            let heads = if rng.below(2) == 0 {
                0
            } else {
                1u64 << rng.below(len as u32) | 1u64 << rng.below(len as u32)
            };
            for pos in (0..len).filter(|&i| b[i] >= 2) {
                let mut mine = b;
                let hand = usize::from(mine[pos]);
                mine[pos] = 0;
                let mut theirs = mine;
                let Some(want) = reference(&mut theirs, len, heads, pos, hand, 20_000) else {
                    continue;
                };
                let got = walk(&mut mine, len, heads, pos, hand);
                assert_eq!(got, want, "{:?} from {pos}", &b[..len]);
                match got {
                    LapEnd::Empty(_) => seen[0] += 1,
                    LapEnd::Head(_) => seen[1] += 1,
                    LapEnd::Endless => seen[2] += 1,
                }
                if got != LapEnd::Endless {
                    assert_eq!(mine, theirs, "{:?} from {pos}", &b[..len]);
                }
            }
        }
        assert!(seen.iter().all(|&k| k > 10), "{seen:?}");
    }
}

#[cfg(test)]
mod winding_tests {
    use super::{LOOP, LapEnd, never_ends, walk};
    use std::collections::HashMap;

    /// Walks a relay in the token view of [`super::relay`]: hole `j` holds the
    /// time `l[j]` of its last lift, the hand the time `t` of the next one; writing each
    /// time as `W (L + 1) + r`, `W` is its winding and `r` its residue. Returns the first
    /// lap at which the hand lands at a residue `b` that it has landed at in each of the
    /// last `P >= 2` windings, with the tokens above `b` (their residues, and their ages
    /// in windings) the same as `P` windings before, at least one of them lifted in
    /// between: `Some((lap, b, P))`; `None` if the relay ends first or `cap` laps pass.
    /// With `apart`, only residues `b` with no two consecutive residues held at or below
    /// `b` (nor both `L` and 0) count.
    fn upper_part_repeats(
        b: &[u8; LOOP],
        len: usize,
        pos: usize,
        hand: usize,
        cap: usize,
        apart: bool,
    ) -> Option<(usize, usize, u64)> {
        let (l, m) = (len as u64, len as u64 + 1);
        // Start late enough that no time goes below zero.
        let start = l * m * 1000 + pos as u64;
        let mut lift = [0u64; LOOP];
        for (j, (lj, &c)) in lift[..len].iter_mut().zip(&b[..len]).enumerate() {
            let passed = start - (start + l - j as u64) % l;
            *lj = passed - u64::from(c) * l;
        }
        lift[pos] = start;
        let mut t = start + hand as u64;
        let mut held = vec![false; len + 1];
        for &x in lift[..len].iter().chain([&t]) {
            held[(x % m) as usize] = true;
        }
        let apart_to =
            |r: usize| !(held[0] && held[len]) && (0..r).all(|x| !(held[x] && held[x + 1]));
        // Per residue: the winding it was last landed at, and the tokens above it seen at
        // each landing of the current run of windings.
        let mut last = vec![u64::MAX; len + 1];
        let mut seen: Vec<HashMap<Vec<(u64, u64)>, u64>> = vec![HashMap::new(); len + 1];
        for lap in 1..=cap {
            let q = (t % l) as usize;
            let c = (t - lift[q]) / l;
            if c == 1 {
                return None;
            }
            lift[q] = t;
            t += c;
            let (w, r) = (t / m, (t % m) as usize);
            if last[r].wrapping_add(1) != w {
                seen[r].clear();
            }
            last[r] = w;
            if apart && !apart_to(r) {
                continue;
            }
            let mut upper: Vec<(u64, u64)> = lift[..len]
                .iter()
                .filter(|&&x| (x % m) as usize > r)
                .map(|&x| (x % m, w - x / m))
                .collect();
            upper.sort_unstable();
            if let Some(&before) = seen[r].get(&upper) {
                if w - before >= 2 && upper.iter().any(|&(_, age)| age < w - before) {
                    return Some((lap, r, w - before));
                }
            }
            seen[r].entry(upper).or_insert(w);
        }
        None
    }

    #[test]
    fn the_part_above_a_residue_landed_at_every_winding_repeating_does_not_make_a_relay_endless() {
        // The barrier test of `super::relay` without its conditions on the residues and
        // aims below `b`: on 6 holes, 2 stones lifted from hole 0 of 2,0,4,5,1,0.
        let mut b = [0u8; LOOP];
        b[..6].copy_from_slice(&[0, 0, 4, 5, 1, 0]);
        assert_eq!(
            upper_part_repeats(&b, 6, 0, 2, 1000, false),
            Some((9, 2, 4))
        );
        assert_eq!(upper_part_repeats(&b, 6, 0, 2, 1000, true), None);
        assert!(!never_ends(&b, 6, 0, 2));
        assert_eq!(walk(&mut b, 6, 0, 0, 2), LapEnd::Empty(0));
    }

    #[test]
    fn the_part_above_a_residue_repeats_early_on_a_long_endless_cycle() {
        // The adversarial corpus's 4 x 15 relay (a 4.9e7-lap cycle) at its 64th lap: the
        // part above residue 14 repeats after 1,458 windings, at lap 13,764.
        let counts = [
            1, 11, 1, 0, 1, 0, 1, 0, 3, 2, 3, 0, 1, 0, 2, 4, 3, 1, 0, 2, 3, 0, 3, 0, 3, 0, 1, 4, 1,
            0,
        ];
        let mut b = [0u8; LOOP];
        b[..30].copy_from_slice(&counts);
        assert_eq!(
            upper_part_repeats(&b, 30, 7, 2, 20_000, true),
            Some((13_764, 14, 1458))
        );
        assert!(!never_ends(&b, 30, 7, 2));
    }
}
