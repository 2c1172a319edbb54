//! A proof that a relay never ends, read off its windings: the barrier test that settles the
//! longest endless relays met in a few hundred thousand laps (issue 22).
//!
//! **Tokens, windings, aims.** Count time in stones sown as in [`super::sow`]'s walk: hole
//! `j` is passed at the times `j (mod L)`, holds the time `l_j` of its last lift (its
//! token), and the hand holds the time `t` of the next landing. Write a time as
//! `W (L + 1) + r`: winding `W`, residue `r` (`0..=L`). Since `L + 1 = 1 (mod L)`, a token's
//! hole is `W + r (mod L)`. Taking the hand's winding `V` as now, call `V - W` a token's age
//! and `r - (V - W)` its aim: the aims of the `L` tokens are one in each class mod `L` (one
//! per hole), and every aim falls by one when the hand enters the next winding. The hand at
//! residue `a` lands in the hole of class `a`: if its token has aim exactly `a` (so residue
//! `a + j`, `j >= 1` windings old, count `j`), the hand moves to residue `a + j` of its
//! winding and the hole takes a token of residue `a`, aim `a` (the relay ends if `j = 1`);
//! if the token has aim `a - L` (a residue `i < a`, count `L + 1 - a + i`), the hand lands
//! at residue `i` of the next winding. So within a winding the hand's residue only rises,
//! and a lift never changes the aims of the tokens at rest: the lifted token's aim passes to
//! the token left behind.
//!
//! **The test.** Say the hand lands at residue `b` at winding `V`, and
//! 1. (low residues apart) no two consecutive residues `x, x + 1 <= b` are held by tokens
//!    (nor both `L` and 0), and
//! 2. (low aims) the tokens at residues `<= b`, the hand counted with aim `b`, have the aims
//!    `0, 1, ..., b` once each, and all their other aims (a set `E`) negative, and
//! 3. (repeat) at a later landing at `b`, winding `V + P`, after landing at `b` in every
//!    winding between, the tokens above `b` have the same residues and ages as at `V`, and
//!    the set `E` is the same.
//!
//! Then the relay never ends.
//!
//! *Proof.* Call a landing at `b` with 2 true a good landing, `U` its tokens above `b`
//! (residues and ages) and `E` as in 2. From a good landing:
//! - *Up to the end of the winding the path depends on `U` and `E` alone.* The hand at a
//!   residue `a >= b` lands in the hole of class `a`. If a token above `b` has that class,
//!   `U` says which and where the hand goes. Otherwise it is a token at or below `b`: those
//!   at rest have the aims `0..b`, `E`, and `b` once the hand has left `b`; so for
//!   `b <= a < L` it is the token of `E` of class `a`, and for `a = L` the one of aim 0 (a
//!   token of `E` of class 0 would share its hole). Which one, and so in which winding the
//!   hand lands, is fixed by `E`; the residue it lands at, at most `b`, does not matter.
//! - *From there the hand reaches `b` in the next winding, and the landing is good.* Say
//!   the winding's last lift takes the token of aim `e` below `b` (`e` in `E`, or `e = 0`
//!   from `a = L`), and the hand lands in the next winding. The tokens at rest at or below
//!   `b` then have the aims `0..=b` and `E` less `e`, one lower each in the new winding: they
//!   cover `0..b`, with the rest negative. The hand at residue `p < b` lands in the hole of
//!   class `p`, whose token is the one of aim `p` (every other has another class), and its
//!   residue is above `p` (its age is at least 1: tokens left in this winding have aim =
//!   residue `< p`) and at most `b`: the hand climbs to it, and the lift keeps the aims at
//!   rest. So the hand climbs, never past `b`, until it lands at `b`, where the aims at or
//!   below `b` are again `0..=b` (the hand's `b`) and `E' = (E - {e}) - 1 ∪ {-1}` if `e` was
//!   in `E`, `E - 1` if `e = 0`: a good landing, its `E'` fixed by `U` and `E`.
//! - *It cannot end on the way.* An end is a lift from residue `p` of a token at `p + 1`
//!   one winding old. Above `b` that is a step fixed by `U` and `E`. Below `b`, and at `b`,
//!   residues `p` (the hand's) and `p + 1` would both be held, which 1 rules out; at the
//!   winding's last lift from `a = L`, the token of aim 0 at residue 0 would be held with
//!   `L`, which 1 rules out too.
//!
//! So the winding after a good landing, and the good landing after it, depend on `(U, E)`
//! alone. By 3, the landings at `V, ..., V + P` went as walked, every one good (2 holds at
//! `V`, and goodness passes on), and `(U, E)` at `V + P` equals that at `V`: by induction
//! the windings from `V + P` on repeat those from `V`, each without an end. ∎
//!
//! The test sees none of the residues below `b` beyond their aims, which is why it settles
//! relays that come back only after many windings: below `b` the tokens run a slow counter
//! (the 1.35e9-lap cycle on 4 x 21 runs 1.5e7 windings) while the part above repeats soon.
//! The walk here is the walk of [`super::sow`] in tokens, with a table of the states seen at
//! each residue; it gives up after [`BUDGET`] laps, and the caller then walks as before.

use super::state::LOOP;
use std::collections::HashMap;

/// Laps the barrier test walks before it gives up.
pub(super) const BUDGET: u32 = 1 << 18;

/// Windings running in which a residue must have been landed at before its landings are
/// examined.
const SETTLE_WINDINGS: u32 = 16;

/// Whether the relay on a headless loop at a lap end (`pos` just lifted, `hand` stones to
/// sow from the hole after it, `b` the counts) is proved never to end by the barrier test
/// of the module docs within `budget` laps. `false` says nothing (the relay may end, or
/// the test did not see its premise): the caller walks on.
pub(super) fn endless_by_barrier(
    b: &[u8; LOOP],
    len: usize,
    pos: usize,
    hand: usize,
    budget: u32,
) -> bool {
    let (l, m) = (len as u64, len as u64 + 1);
    // Times start late enough that no token goes below zero (counts are below 256).
    let start = l * m * 512 + pos as u64;
    let mut token = [0u64; LOOP];
    for (j, (tj, &c)) in token[..len].iter_mut().zip(&b[..len]).enumerate() {
        let passed = start - (start + l - j as u64) % l;
        *tj = passed - u64::from(c) * l;
    }
    token[pos] = start;
    let mut t = start + hand as u64;
    // The residues held (they never change) and, for each `b`, whether 1 holds.
    let mut held = [0u32; LOOP + 1];
    for &x in token[..len].iter().chain([&t]) {
        held[(x % m) as usize] += 1;
    }
    let mut apart = [false; LOOP + 1];
    let mut below = 0u32;
    let mut ok = !(held[0] > 0 && held[len] > 0);
    for r in 0..=len {
        below += held[r];
        if r > 0 && held[r] > 0 && held[r - 1] > 0 {
            ok = false;
        }
        // 2 needs `b + 1` aims `0..=b` and at least one more, so `b + 2` tokens.
        apart[r] = ok && below >= r as u32 + 2;
    }
    if !apart.iter().any(|&a| a) {
        return false;
    }
    // Per residue: the winding it was last landed at, and the `(U, E)` of its good
    // landings in the current run of windings.
    let mut last = [u64::MAX; LOOP + 1];
    let mut run = [0u32; LOOP + 1];
    let mut seen: Vec<HashMap<Vec<u64>, u64>> = vec![HashMap::new(); len + 1];
    for _ in 0..budget {
        let q = (t % l) as usize;
        let c = (t - token[q]) / l;
        if c == 1 {
            return false;
        }
        token[q] = t;
        t += c;
        let (w, r) = (t / m, (t % m) as usize);
        if last[r].wrapping_add(1) != w {
            seen[r].clear();
            run[r] = 0;
        }
        last[r] = w;
        run[r] = run[r].saturating_add(1);
        // Only residues landed at in many windings running are looked at (3 holds just as
        // well from any landing of the run on; this keeps the tables to the barriers).
        if !apart[r] || run[r] < SETTLE_WINDINGS {
            continue;
        }
        if let Some(key) = good_landing(&token[..len], m, w, r) {
            if seen[r].contains_key(&key) {
                return true;
            }
            seen[r].insert(key, w);
        }
    }
    false
}

/// At a landing at residue `r` in winding `w`: if 2 of the module docs holds, `(U, E)`
/// as one sorted list (`U` as `residue << 32 | age`, `E` as `1 << 63 | -aim`).
fn good_landing(token: &[u64], m: u64, w: u64, r: usize) -> Option<Vec<u64>> {
    // The hand's aim is `r`.
    let mut aims = 1u64 << r;
    let mut key = Vec::with_capacity(token.len());
    for &x in token {
        let (rx, age) = (x % m, w - x / m);
        if rx as usize > r {
            key.push(rx << 32 | age);
        } else if age > rx {
            key.push(1 << 63 | (age - rx));
        } else {
            let bit = 1u64 << (rx - age);
            if aims & bit != 0 {
                return None;
            }
            aims |= bit;
        }
    }
    if aims != u64::MAX >> (63 - r) {
        return None;
    }
    key.sort_unstable();
    Some(key)
}

#[cfg(test)]
mod tests {
    use super::{BUDGET, endless_by_barrier};
    use crate::rng::{RandomSource, SplitMix64};
    use crate::tsoro::sow::{LapEnd, Shape, relay};
    use crate::tsoro::state::LOOP;
    use std::collections::HashSet;

    /// The relay stone by stone from a lap end: `Some(true)` if a lap-end state comes back,
    /// `Some(false)` if it ends, `None` past `cap` laps.
    fn endless(
        b: &[u8; LOOP],
        len: usize,
        mut pos: usize,
        mut hand: usize,
        cap: usize,
    ) -> Option<bool> {
        let mut b = *b;
        let mut seen = HashSet::new();
        seen.insert((b, pos, hand));
        for _ in 0..cap {
            for _ in 0..hand {
                pos = (pos + 1) % len;
                b[pos] += 1;
            }
            if b[pos] == 1 {
                return Some(false);
            }
            hand = usize::from(b[pos]);
            b[pos] = 0;
            if !seen.insert((b, pos, hand)) {
                return Some(true);
            }
        }
        None
    }

    #[test]
    fn the_barrier_test_never_calls_a_relay_endless_that_ends() {
        // Crowded loops with nearly all of a headless board's 2L stones, the relay from the
        // first lap on: whenever the test says endless, so does the stone-by-stone relay.
        let mut rng = SplitMix64::new(22);
        let (mut fired, mut checked) = (0, 0);
        for _ in 0..100_000 {
            let len = [6, 8, 10, 12, 16, 22, 30][rng.below(7) as usize];
            let stones = 2 * len - rng.below(3) as usize;
            let mut b = [0u8; LOOP];
            for _ in 0..stones {
                b[rng.below(len as u32) as usize] += 1;
            }
            let pos = rng.below(len as u32) as usize;
            if b[pos] < 2 {
                continue;
            }
            let hand = usize::from(b[pos]);
            b[pos] = 0;
            checked += 1;
            if endless_by_barrier(&b, len, pos, hand, 5_000) {
                fired += 1;
                assert_ne!(
                    endless(&b, len, pos, hand, 200_000),
                    Some(false),
                    "{:?} from {pos}",
                    &b[..len]
                );
            }
        }
        assert!(checked > 50_000 && fired > 20, "{checked} {fired}");
    }

    #[test]
    fn relays_with_the_barrier_test_agree_with_sowing_stone_by_stone() {
        // The engine's relay (64 laps, the residue test, the barrier test, the walk) from a
        // start, on crowded loops with and without heads: endless exactly when the
        // stone-by-stone relay is (the end itself is checked by the walk's own tests).
        let mut rng = SplitMix64::new(2022);
        let mut seen = [0usize; 2];
        for _ in 0..100_000 {
            let len = [8, 12, 16, 22, 30][rng.below(5) as usize];
            let stones = 2 * len - rng.below(3) as usize;
            let mut b = [0u8; LOOP];
            for _ in 0..stones {
                b[rng.below(len as u32) as usize] += 1;
            }
            let heads = match rng.below(3) {
                0 => 1u64 << rng.below(len as u32),
                _ => 0,
            };
            let pos = rng.below(len as u32) as usize;
            if b[pos] < 2 {
                continue;
            }
            let hand = usize::from(b[pos]);
            b[pos] = 0;
            let Some(want) = endless_or_head(&b, len, heads, pos, hand, 50_000) else {
                continue;
            };
            let shape = Shape {
                len,
                heads,
                stones: stones as u32,
            };
            let got = relay::<false>(&mut b, &[0; LOOP], &mut 0, &shape, pos, hand as u32);
            assert_eq!(got == LapEnd::Endless, want, "{:?} from {pos}", &b[..len]);
            seen[usize::from(want)] += 1;
        }
        assert!(seen[0] > 10_000 && seen[1] > 50, "{seen:?}");
    }

    /// [`endless`] on a loop with heads: a landing in an occupied head ends it too.
    fn endless_or_head(
        b: &[u8; LOOP],
        len: usize,
        heads: u64,
        mut pos: usize,
        mut hand: usize,
        cap: usize,
    ) -> Option<bool> {
        if heads == 0 {
            return endless(b, len, pos, hand, cap);
        }
        let mut b = *b;
        for _ in 0..cap {
            for _ in 0..hand {
                pos = (pos + 1) % len;
                b[pos] += 1;
            }
            if b[pos] == 1 || heads >> pos & 1 != 0 {
                return Some(false);
            }
            hand = usize::from(b[pos]);
            b[pos] = 0;
        }
        None
    }

    /// The adversarial corpus's long relays after their first 64 laps (`examples/adversarial.rs`
    /// holds the positions; these are the relays of their longest starts): the loop, the
    /// hole just lifted, the stones in hand, and whether the barrier test settles it within
    /// its budget (the laps say where its premise is first met, at the first landing of a
    /// run; the test looks from the 16th on).
    const CORPUS: [(&[u8], usize, usize, bool); 10] = [
        // 4 x 15, a 4.9e7-lap cycle: premise met at lap 13,764.
        (
            &[
                1, 11, 1, 0, 1, 0, 1, 0, 3, 2, 3, 0, 1, 0, 2, 4, 3, 1, 0, 2, 3, 0, 3, 0, 3, 0, 1,
                4, 1, 0,
            ],
            7,
            2,
            true,
        ),
        // 4 x 19, a 2.7e8-lap cycle, from hole 22: at lap 69.
        (
            &[
                6, 3, 2, 1, 0, 3, 2, 1, 5, 2, 1, 0, 4, 0, 2, 3, 0, 3, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0,
                1, 0, 1, 0, 5, 1, 2, 1, 4, 0,
            ],
            22,
            4,
            true,
        ),
        // the same from hole 31: at lap 71.
        (
            &[
                4, 3, 2, 1, 0, 1, 3, 5, 1, 0, 2, 5, 2, 3, 0, 3, 0, 2, 1, 2, 3, 0, 3, 0, 1, 4, 1, 0,
                1, 0, 1, 0, 5, 1, 2, 1, 4, 0,
            ],
            16,
            2,
            true,
        ),
        // 4 x 15, a 2.1e7-lap cycle: at lap 37,914.
        (
            &[
                0, 2, 1, 4, 5, 0, 3, 0, 1, 0, 4, 1, 3, 2, 0, 1, 2, 1, 2, 1, 2, 1, 10, 1, 0, 1, 0,
                3, 0, 3,
            ],
            0,
            4,
            true,
        ),
        // 4 x 21, a 5.5e8-lap cycle: only at lap 8,744,934, past the budget.
        (
            &[
                0, 1, 0, 1, 0, 0, 1, 2, 0, 5, 1, 0, 2, 5, 0, 1, 0, 1, 0, 2, 1, 0, 2, 7, 0, 1, 0, 1,
                0, 1, 2, 1, 4, 1, 0, 1, 2, 1, 8, 1, 0, 1,
            ],
            4,
            5,
            false,
        ),
        // 4 x 21, a 2.8e6-lap cycle: at lap 4,932.
        (
            &[
                1, 0, 0, 1, 0, 1, 2, 4, 3, 2, 1, 0, 4, 0, 1, 4, 1, 2, 4, 0, 4, 1, 2, 1, 3, 2, 1, 0,
                1, 5, 4, 0, 9, 1, 0, 1, 0, 2, 11, 0, 3, 0,
            ],
            1,
            2,
            true,
        ),
        // 4 x 19, a 1.6e6-lap cycle: at lap 103.
        (
            &[
                0, 1, 2, 5, 0, 8, 0, 1, 0, 9, 1, 0, 1, 2, 1, 0, 4, 1, 0, 1, 0, 1, 0, 1, 0, 4, 1, 0,
                0, 3, 0, 9, 1, 3, 0, 7, 0, 1,
            ],
            27,
            2,
            true,
        ),
        // 4 x 11, every stone in one loop: at lap 27.
        (
            &[
                1, 0, 11, 3, 0, 3, 0, 0, 4, 0, 2, 5, 0, 1, 0, 1, 0, 4, 0, 1, 6, 0,
            ],
            6,
            2,
            true,
        ),
        // 4 x 21, a 1.35e9-lap cycle (the walk: 1.9e8 laps): at lap 129,976.
        (
            &[
                0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 0, 3, 4, 1, 0, 3, 0, 1, 0, 0, 2, 1, 2, 1, 3, 2, 0, 5,
                1, 0, 4, 1, 0, 9, 0, 1, 0, 1, 0, 1, 0, 5,
            ],
            18,
            10,
            true,
        ),
        // 4 x 13, a 6.2e6-lap cycle: never (it holds both residues L and 0).
        (
            &[
                2, 9, 0, 4, 1, 0, 1, 0, 4, 1, 2, 1, 8, 1, 2, 1, 0, 1, 0, 3, 0, 0, 3, 0, 2, 3,
            ],
            20,
            2,
            false,
        ),
    ];

    #[test]
    fn the_barrier_test_settles_the_corpus_within_its_budget() {
        for (i, &(counts, pos, hand, settled)) in CORPUS.iter().enumerate() {
            let mut b = [0u8; LOOP];
            b[..counts.len()].copy_from_slice(counts);
            assert_eq!(
                endless_by_barrier(&b, counts.len(), pos, hand, BUDGET),
                settled,
                "{i}"
            );
        }
    }
}
