//! A proof that a relay never ends, read off its windings: the barrier test that settles the
//! longest endless relays met in a few hundred thousand laps.
//!
//! **Tokens, windings, aims.** Count time in stones sown as in [`super::endless`]'s walk: hole
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
//! **Several barriers.** The part above `b` may repeat only after many windings because it
//! holds several independent counters; the hand then lands at more residues in every winding,
//! and each stretch between two of them can be watched apart. Say the hand lands at `b` at
//! winding `V` with 1 and 2 true, and take residues `b = c_0 < c_1 < ... < c_k`. Split the
//! tokens above `b` into the stretches `S_i`, of residues in `(c_{i-1}, c_i]` (`1 <= i <= k`),
//! and the top `S_{k+1}`, of residues above `c_k`. At a landing at `b`, let `σ_i` be the
//! residues and ages of the tokens of `S_i`, and `σ_{k+1}` those of the top together with
//! `E`. If
//! - 3'. (parts repeat) up to a later winding `N`, the hand lands at `b` in every winding
//!   from `V` to `N` and at every `c_i` in every winding from `V` to `N - 1`, and for each
//!   part `i` (`1 <= i <= k + 1`) there are windings `V <= V_i < N_i <= N` with the same
//!   `σ_i` at the landings at `b` of `V_i` and `N_i`,
//!
//! then the relay never ends. With `k = 0` this is 3: the top is all of `U`, with `E`.
//!
//! *Proof.* Read a part's winding off its `σ`: for a stretch `S_i`, with the hand at
//! `c_{i-1}`, take the token of `S_i` whose aim is exactly the hand's residue `x`, move the
//! hand to its residue, and go on until the hand is at `c_i`; for the top, from `c_k` the
//! same with the top's tokens, until the hand is at a residue `x` where `E` holds the aim
//! `x - L` (or `x = L`: the token of aim 0), which is the winding's last lift. Say `σ_i`
//! *passes* if the reading finds a token at every step and no lift of a token one winding old
//! at the residue just above the hand's (a count of 1, the only end on the way: a last lift
//! from `x < L` takes a count of `L + 1 - x + p >= 2`). Then `σ_i` fixes the part after the
//! winding, `F_i(σ_i)`: in a stretch, each token lifted on the way is left at rest at age 0 by
//! the next lift (the one at `c_i` by the next part's first), the others are a winding
//! older, all one more at the next winding; the top the same, with `E'` as in the proof
//! above (fixed by `E` and the last lift's aim).
//! - *If the landing at `b` in a winding `W` is good and every `σ_i` passes, the winding runs
//!   as read, without an end, to a good landing at `b` in `W + 1` with the parts `F_i(σ_i)`.*
//!   When the hand reaches `c_{i-1}`, the tokens of `S_i` are as at the landing (the climbs
//!   below lifted tokens of their own parts only). The token of `S_i` the reading names has
//!   the aim `x`, so it is the token of class `x` (one token a class), the one the hand at `x`
//!   lands on; so the hand climbs to `c_i` as read. In the top likewise, and the token of `E`
//!   of aim `x - L` (or the one of aim 0 from `x = L`) is the one of class `x`: its lift
//!   sends the hand into `W + 1` at a residue at most `b`, and from there the second and
//!   third bullets of the proof above bring it to a good landing at `b` without an end.
//! - *If the hand lands at `b` in `W` and `W + 1` and at every `c_i` in `W`, with a good
//!   landing in `W`, every `σ_i` passes.* Within a winding the hand only rises. From `c_{i-1}`
//!   to `c_i` every lift stays in the winding, so it takes a token of aim exactly the hand's
//!   residue `x`, at a residue in `(x, c_i]` (the hand moves there and does not pass `c_i`):
//!   a token of `S_i`, untouched since the landing, the one the reading finds. Above `c_k`,
//!   the lifts that stay in the winding take tokens of the top; the last one sends the hand
//!   into `W + 1` at or below `b`, so it takes a token at or below `b` of aim `x - L`: one of
//!   `E` for `x < L`, the one of aim 0 for `x = L`. And the relay did not end.
//! - *So the relay never ends.* The landing at `V` is good (2); by the second bullet its parts
//!   pass, and by the first the landing at `V + 1` is good with the parts `F_i(σ_i)`: by
//!   induction, up to `N - 1` every winding's parts pass and go `σ_i → F_i(σ_i)`. So
//!   part `i` from `V_i` runs a cycle of `N_i - V_i` states that all pass. At `M`, the largest
//!   `V_i` (at most `N`), the landing is good and every part is on its cycle; by the first
//!   bullet, winding `M` runs without an end to a good landing with every part the next state
//!   of its cycle, and so on by induction, for ever. ∎
//!
//! The test sees none of the residues below `b` beyond their aims, which is why it settles
//! relays that come back only after many windings: below `b` the tokens run a slow counter
//! (the 1.35e9-lap cycle on 4 x 21 runs 1.5e7 windings) while the part above repeats soon;
//! and watching the stretches apart, it needs only the longest of their cycles, not the
//! least common multiple.
//!
//! **Where residues are counted from.** Nothing above depends on where time is counted from:
//! counting from a time `o` instead of 0 takes `o` from every token's time and the hand's,
//! which keeps every count (a difference of times) and turns the holes' names round the loop
//! (the hole of time `t` is `t + o (mod L)` then), and the proof never names a hole, only
//! the one of a class. But the windings, and so 1 and 2, do depend on it: counted from 0
//! (the walk's first choice, fixed by the hole it starts from), the 5.5e8-lap cycle on 4 x 21
//! settles only with the barriers 4, 19 and 22, its top coming back every 19,683 windings,
//! at lap 276,471; five laps into the 2.7e8-lap cycle on 4 x 19 the test finds no premise
//! within its budget at all. So the walk chooses the origin from the barriers and the
//! residues held, which are the same from every lap ([`frame`]): the `b` and `o` with the most
//! residues from `o` to `b` where 1 holds (the longest slow counter). Counted so, every long
//! relay of the tests settles with one part within 500 laps from any lap.
//!
//! **The walk.** It is the walk of [`super::sow`] in tokens: each hole keeps its token's
//! winding and residue, and a lap adds and compares without dividing. It watches
//! [`SETTLE_WINDINGS`] windings for the residues landed at in each, then chooses the origin
//! and `b` among them (the others above `b` are the `c_i`), then keeps the key of the first good landing at `b` (the
//! ages of the tokens above `b` as bytes, in the order of the residues, then `E`: one buffer on
//! the stack, nothing allocated) and waits for each part's key to come back to it. Only the
//! first is kept because, on a relay that never ends with every winding landing at the `c_i`,
//! each part's states run a pure cycle (the relay's own cycle brings every part back, and the
//! part's next state is a function of its state), so the first state is the first to come
//! back. To spare building the key at every landing, each part also keeps a hash, updated lap
//! by lap: the sum of `g(r) Z^{-W}` over its tokens (residue `r`, winding `W`; `g(r) = Z^{-r}`
//! at or below `b`, so those sum to `Z^{-aim}`, the aims `0..=b` and `E`), which times `Z^w`
//! at a landing in winding `w` depends on the part's ages (and `E`) alone. A key is built
//! and compared only when a hash equals the first one's; the keys decide. The walk starts
//! afresh at a winding that misses one of its residues (without that residue, perhaps from
//! another origin), or at a landing that is not good, and gives up after [`BUDGET`] laps;
//! the caller then walks as before.

use super::state::LOOP;

/// Laps the barrier test walks before it gives up.
pub(super) const BUDGET: u32 = 1 << 19;

/// Windings the test watches before it fixes its barriers: the residues landed at in each.
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
    barrier_parts(b, len, pos, hand, budget, true).is_some()
}

/// [`endless_by_barrier`], saying into how many parts (`k + 1` in the module docs) the proof
/// split the tokens above its barrier `b`.
///
/// With `free` false, the residues are counted from where the walk starts counting them
/// (for the tests: the frame of the first walks, where the relays of the corpus need several
/// barriers).
fn barrier_parts(
    b: &[u8; LOOP],
    len: usize,
    pos: usize,
    hand: usize,
    budget: u32,
    free: bool,
) -> Option<usize> {
    let (l, m) = (len as u64, len as u64 + 1);
    // Times start late enough that no token goes below zero (counts are below 256); each
    // hole keeps its token's winding and residue, the hand its own.
    let start = l * m * 512 + pos as u64;
    let (mut win, mut res) = ([0u32; LOOP], [0u8; LOOP]);
    let mut held = [0u8; LOOP + 1];
    for j in 0..len {
        let passed = start - (start + l - j as u64) % l;
        let x = if j == pos {
            start
        } else {
            passed - u64::from(b[j]) * l
        };
        (win[j], res[j]) = ((x / m) as u32, (x % m) as u8);
        held[res[j] as usize] += 1;
    }
    let t = start + hand as u64;
    let (mut w, mut a) = ((t / m) as u32, (t % m) as usize);
    held[a] += 1;
    // Whether 1 can hold anywhere, from any origin (see `frame`).
    let all = (2u64 << len) - 1;
    let held_at = (0..=len)
        .filter(|&r| held[r] > 0)
        .fold(0u64, |s, r| s | 1 << r);
    frame(held_at, &held, len, free)?;
    // The residues landed at in every winding watched (`u64::MAX`: none watched yet), the
    // plan of the parts once settled, and the windings left to watch before that.
    let (mut barriers, mut landed, mut settle) = (u64::MAX, 0u64, SETTLE_WINDINGS);
    let mut plan: Option<Plan> = None;
    // The plan's `b` and parts, at hand for every lap (`usize::MAX`: no plan).
    let (mut low, mut part_of) = (usize::MAX, [0u8; LOOP + 1]);
    // Each part's hash (see the module docs), kept up to date lap by lap: each token's term,
    // the hand's, and `Z` to the power of the hand's winding.
    let (mut term, mut hand_term, mut sums) = ([0u64; LOOP], 0u64, [0u64; LOOP + 1]);
    let mut zw = power(Z, u64::from(w));
    // `Z_INV` and `Z` to the small powers a lap needs.
    let (mut back, mut on) = ([1u64; 64], [1u64; 64]);
    for k in 1..64 {
        (back[k], on[k]) = (back[k - 1].wrapping_mul(Z_INV), on[k - 1].wrapping_mul(Z));
    }
    let step = |table: &[u64; 64], z: u64, k: usize| {
        table.get(k).copied().unwrap_or_else(|| power(z, k as u64))
    };
    // The key and the hashes of the run's first good landing at `b` (if any yet), and the
    // parts whose key has come back to it since.
    let (mut first, mut first_sums, mut key) = ([0u8; LOOP + 1], [0u64; LOOP + 1], [0u8; LOOP + 1]);
    let (mut have_first, mut repeated) = (false, 0u64);
    let mut q = (pos + hand) % len;
    for _ in 0..budget {
        // The hand at (w, a) lands in hole q, whose token is (win[q], res[q]): the count is
        // `c` with `d (L + 1) + a - r = c L` for its age `d`, so `d + a - r` is `(c - d) L`.
        let (wq, rq) = (win[q], usize::from(res[q]));
        let d = (w - wq) as usize;
        let mut n = (d + a).checked_sub(rq)?;
        let mut c = d;
        while n >= len {
            n -= len;
            c += 1;
        }
        if c == 1 || n != 0 {
            return None;
        }
        // The hand's token rests in hole q; q's token, `c` windings on, is the hand.
        let lifted = term[q].wrapping_mul(step(&back, Z_INV, c));
        let s = &mut sums[usize::from(part_of[rq])];
        *s = s.wrapping_add(lifted.wrapping_sub(term[q]));
        (win[q], res[q], term[q], hand_term) = (w, a as u8, hand_term, lifted);
        let next = wq + c as u32;
        a = rq;
        q += c;
        if q >= len {
            q -= len;
            if q >= len {
                q %= len;
            }
        }
        if next != w {
            // Winding `w` is over (and any skipped had no landing at all).
            let mask = if next == w + 1 { landed } else { 0 };
            zw = zw.wrapping_mul(step(&on, Z, (next - w) as usize));
            (w, landed) = (next, 0);
            let was = plan.as_ref().map(|_| barriers);
            if barriers == u64::MAX {
                // The relay started inside winding `w`: only the next ones are whole.
                barriers = all;
            } else {
                barriers &= mask;
            }
            settle = settle.saturating_sub(1);
            if settle == 0 && was != Some(barriers) {
                plan = frame(barriers, &held, len, free).map(|(o, b)| {
                    if o != 0 {
                        // Count residues from `o` on: a time `W (L + 1) + r` below `o` moves
                        // into the winding before.
                        let turn = |(wx, rx): (u32, usize)| {
                            let later = rx >= o;
                            (wx - u32::from(!later), (rx + len + 1 - o) % (len + 1))
                        };
                        for (wj, rj) in win[..len].iter_mut().zip(&mut res[..len]) {
                            let (wx, rx) = turn((*wj, usize::from(*rj)));
                            (*wj, *rj) = (wx, rx as u8);
                        }
                        (w, a) = turn((w, a));
                        held[..=len].rotate_left(o);
                        barriers = (barriers >> o | barriers << (len + 1 - o)) & all;
                        // Landings of this winding before the hand's now are not known.
                        (landed, zw) = ((1 << a) - 1, power(Z, u64::from(w)));
                    }
                    Plan::new(barriers, (b + len + 1 - o) % (len + 1), &held, len)
                });
                (have_first, repeated) = (false, 0);
                (low, part_of) = plan
                    .as_ref()
                    .map_or((usize::MAX, [0; LOOP + 1]), |p| (p.low, p.part_of));
                match &plan {
                    Some(p) => {
                        sums = [0; LOOP + 1];
                        for j in 0..=len {
                            let (wj, rj) = if j < len {
                                (win[j], res[j])
                            } else {
                                (w, a as u8)
                            };
                            let t = p.g[usize::from(rj)].wrapping_mul(power(Z_INV, u64::from(wj)));
                            let s = &mut sums[usize::from(p.part_of[usize::from(rj)])];
                            *s = s.wrapping_add(t);
                            if j < len {
                                term[j] = t;
                            } else {
                                hand_term = t;
                            }
                        }
                    }
                    // No barrier left: watch afresh.
                    None => (barriers, settle) = (all, SETTLE_WINDINGS),
                }
            }
        }
        landed |= 1 << a;
        if a != low {
            continue;
        }
        let Some(p) = &plan else {
            continue;
        };
        if !have_first {
            if p.key(&win[..len], &res[..len], w, &mut first) {
                have_first = true;
                for (f, &s) in first_sums.iter_mut().zip(&sums).take(p.parts) {
                    *f = s.wrapping_mul(zw);
                }
            }
            continue;
        }
        // A part's key can equal the first only if its hash does; the keys decide.
        let mut keyed = false;
        for (i, &(from, to)) in p.ranges[..p.parts].iter().enumerate() {
            if repeated >> i & 1 != 0 || sums[i].wrapping_mul(zw) != first_sums[i] {
                continue;
            }
            if !keyed {
                if !p.key(&win[..len], &res[..len], w, &mut key) {
                    // Not good: a new run from the next landing.
                    (have_first, repeated) = (false, 0);
                    break;
                }
                keyed = true;
            }
            if key[from..to] == first[from..to] {
                repeated |= 1 << i;
            }
        }
        if have_first && repeated == (1 << p.parts) - 1 {
            return Some(p.parts);
        }
    }
    None
}

/// The odd multiplier of the parts' hashes (see the module docs), and its inverse mod 2^64.
const Z: u64 = 0x9e37_79b9_7f4a_7c15;
const Z_INV: u64 = {
    // Newton's iteration doubles the bits right each time.
    let mut x = Z;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(Z.wrapping_mul(x)));
        i += 1;
    }
    x
};

/// `z` to the power `e`, mod 2^64.
fn power(mut z: u64, mut e: u64) -> u64 {
    let mut p = 1u64;
    while e != 0 {
        if e & 1 != 0 {
            p = p.wrapping_mul(z);
        }
        z = z.wrapping_mul(z);
        e >>= 1;
    }
    p
}

/// Where to count the residues from, and `b`: among the residues `barriers` (counted from 0
/// now), a `b` and an origin `o` such that, with the residues counted from `o`, 1 holds at
/// `b`, with the most residues from `o` to `b` (for the relay, the longest slow counter).
/// `None` if there is none. It depends on the residues alone, not on where they are counted
/// from, so the test sees a relay alike from every one of its laps.
/// With `free` false, `o` is 0.
fn frame(barriers: u64, held: &[u8; LOOP + 1], len: usize, free: bool) -> Option<(usize, usize)> {
    let m = len + 1;
    let mut best: Option<(usize, usize, usize)> = None;
    for b in (0..m).filter(|&b| barriers >> b & 1 != 0) {
        // The residues from `o` up to `b`: `size` of them, holding `tokens`.
        let (mut tokens, mut found) = (0u32, None);
        for size in 1..m {
            let o = (b + m + 1 - size) % m;
            tokens += u32::from(held[o]);
            // 1: no two consecutive held from `o` to `b`, nor both `o - 1` (`L`) and `o`.
            if size > 1 && held[o] > 0 && held[(o + 1) % m] > 0
                || held[o] > 0 && held[(o + m - 1) % m] > 0
            {
                break;
            }
            if tokens > size as u32 && (free || o == 0) {
                found = Some((size, o));
            }
        }
        if let Some((size, o)) = found {
            if best.is_none_or(|(most, _, _)| size > most) {
                best = Some((size, o, b));
            }
        }
    }
    best.map(|(_, o, b)| (o, b))
}

/// The parts of the module docs for barriers `c_i` and a low barrier `b`: where each
/// token's age goes in the key of a landing at `b`.
struct Plan {
    /// `b`.
    low: usize,
    /// `k + 1`.
    parts: usize,
    /// Per residue above `b`, the first place of its tokens in the key (in the order of the
    /// residues); the ages of `E` follow the last, from `up`.
    place: [u8; LOOP + 1],
    /// Residues above `b` held by more than one token (their ages are sorted in the key).
    shared: u64,
    /// The places of the tokens above `b`.
    up: usize,
    /// The tokens at or below `b`, the hand included.
    low_tokens: usize,
    /// Each part's places in the key, the top's with `E`.
    ranges: [(usize, usize); LOOP + 1],
    /// The tokens a residue holds.
    held: [u8; LOOP + 1],
    /// Per residue, the part whose hash its tokens go into (those at or below `b` into the
    /// top's, for `E`), and the factor of their terms.
    part_of: [u8; LOOP + 1],
    g: [u64; LOOP + 1],
}

impl Plan {
    /// The plan for `b = low` and the residues `barriers` landed at in every winding: the
    /// `c_i` are the ones above `b`.
    fn new(barriers: u64, low: usize, held: &[u8; LOOP + 1], len: usize) -> Plan {
        let mut plan = Plan {
            low,
            parts: 0,
            place: [0; LOOP + 1],
            shared: 0,
            up: 0,
            low_tokens: held[..=low].iter().map(|&h| usize::from(h)).sum(),
            ranges: [(0, 0); LOOP + 1],
            held: *held,
            part_of: [0; LOOP + 1],
            g: [0; LOOP + 1],
        };
        let mut from = 0;
        for (r, &h) in held.iter().enumerate().take(len + 1).skip(low + 1) {
            plan.part_of[r] = plan.parts as u8;
            plan.g[r] = (r as u64 + 1)
                .wrapping_mul(0xd6e8_feb8_6659_fd93)
                .rotate_left(29)
                | 1;
            plan.place[r] = plan.up as u8;
            plan.up += usize::from(h);
            if h > 1 {
                plan.shared |= 1 << r;
            }
            if barriers >> r & 1 != 0 {
                plan.ranges[plan.parts] = (from, plan.up);
                plan.parts += 1;
                from = plan.up;
            }
        }
        plan.ranges[plan.parts] = (from, plan.up + plan.low_tokens - (low + 1));
        for r in 0..=low {
            (plan.part_of[r], plan.g[r]) = (plan.parts as u8, power(Z_INV, r as u64));
        }
        plan.parts += 1;
        plan
    }

    /// At a landing at `b` in winding `w` (tokens `win`, `res` in the holes): if 2 of the
    /// module docs holds, writes the key of every part into `key` (each token above `b` its
    /// age, then the `-aim` of `E` sorted) and returns `true`. `false` also for an age that
    /// does not fit a byte (the test then says nothing).
    fn key(&self, win: &[u32], res: &[u8], w: u32, key: &mut [u8; LOOP + 1]) -> bool {
        let mut place = self.place;
        let mut e = self.up;
        // The hand's aim is `b`.
        let mut aims = 1u64 << self.low;
        for (&wx, &rx) in win.iter().zip(res) {
            let (rx, age) = (usize::from(rx), (w - wx) as usize);
            let slot = if rx > self.low {
                let s = usize::from(place[rx]);
                place[rx] += 1;
                (s, age)
            } else if age > rx {
                e += 1;
                (e - 1, age - rx)
            } else {
                let bit = 1u64 << (rx - age);
                if aims & bit != 0 {
                    return false;
                }
                aims |= bit;
                continue;
            };
            match u8::try_from(slot.1) {
                Ok(v) if slot.0 < key.len() => key[slot.0] = v,
                _ => return false,
            }
        }
        if aims != (2u64 << self.low) - 1 || e != self.up + self.low_tokens - (self.low + 1) {
            return false;
        }
        let mut shared = self.shared;
        while shared != 0 {
            let r = shared.trailing_zeros() as usize;
            shared &= shared - 1;
            let s = usize::from(self.place[r]);
            sort(&mut key[s..s + usize::from(self.held[r])]);
        }
        sort(&mut key[self.up..e]);
        true
    }
}

/// Sorts a few bytes (a residue's tokens, `E`) in place.
fn sort(x: &mut [u8]) {
    for i in 1..x.len() {
        let (v, mut j) = (x[i], i);
        while j > 0 && x[j - 1] > v {
            x[j] = x[j - 1];
            j -= 1;
        }
        x[j] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::{BUDGET, barrier_parts};
    use crate::rng::{RandomSource, SplitMix64};
    use crate::tsoro::endless::relay;
    use crate::tsoro::sow::{LapEnd, Shape};
    use crate::tsoro::state::{LOOP, keys};
    use std::collections::HashSet;

    /// One lap of the relay stone by stone: sows the `hand` stones on from `pos`, one a
    /// hole; `false` if the last fell into an empty hole (the relay ends), else lifts that
    /// hole into the hand.
    fn sow_lap(b: &mut [u8; LOOP], len: usize, pos: &mut usize, hand: &mut usize) -> bool {
        for _ in 0..*hand {
            *pos = (*pos + 1) % len;
            b[*pos] += 1;
        }
        if b[*pos] == 1 {
            return false;
        }
        *hand = usize::from(b[*pos]);
        b[*pos] = 0;
        true
    }

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
            if !sow_lap(&mut b, len, &mut pos, &mut hand) {
                return Some(false);
            }
            if !seen.insert((b, pos, hand)) {
                return Some(true);
            }
        }
        None
    }

    /// Crowded loops with nearly all of a headless board's 2L stones, the relay from the
    /// first lap on: whenever the test says endless, so does the stone-by-stone relay.
    /// Checks `starts` starts; returns, by the parts of the proof (1, 2, more), how often
    /// the test said endless.
    fn barrier_test_on_random_loops(seed: u64, starts: usize, free: bool) -> [usize; 3] {
        let mut rng = SplitMix64::new(seed);
        let (mut fired, mut checked) = ([0; 3], 0);
        while checked < starts {
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
            if let Some(parts) = barrier_parts(&b, len, pos, hand, 5_000, free) {
                fired[parts.min(3) - 1] += 1;
                assert_ne!(
                    endless(&b, len, pos, hand, 200_000),
                    Some(false),
                    "{:?} from {pos}",
                    &b[..len]
                );
            }
        }
        fired
    }

    #[test]
    fn the_barrier_test_never_calls_a_relay_endless_that_ends() {
        for free in [true, false] {
            let fired = barrier_test_on_random_loops(22, 10_000, free);
            assert!(fired[0] > 20, "{fired:?}");
        }
    }

    /// The same on 100,000 starts: `cargo test --release --lib barrier_test_on_100 --
    /// --ignored`.
    #[test]
    #[ignore]
    fn the_barrier_test_on_100_000_loops() {
        for free in [true, false] {
            let fired = barrier_test_on_random_loops(2026, 100_000, free);
            assert!(fired[0] > 200, "{fired:?}");
            eprintln!("origin free {free}: 100,000 starts; endless by 1, 2, 3+ parts: {fired:?}");
        }
    }

    /// The relay stone by stone from a lap end, storing nothing: `Some(false)` if it ends,
    /// `Some(true)` if it comes back to its first state (a relay that never ends does: the
    /// lap map is one-to-one), `None` past `cap` laps.
    fn back_or_ends(
        b: &[u8; LOOP],
        len: usize,
        mut pos: usize,
        mut hand: usize,
        cap: usize,
    ) -> Option<bool> {
        let (first, first_pos, first_hand) = (*b, pos, hand);
        let mut b = *b;
        for _ in 0..cap {
            if !sow_lap(&mut b, len, &mut pos, &mut hand) {
                return Some(false);
            }
            if (pos, hand) == (first_pos, first_hand) && b == first {
                return Some(true);
            }
        }
        None
    }

    /// The corpus's long relays with one to three stones moved, from a random hole, as in
    /// [`barrier_test_on_random_loops`] (these have the structure of the longest relays: the
    /// random loops there rarely reach a second barrier). Checks `starts` starts; returns how
    /// often the test said endless by 1, 2, 3+ parts, and how many of those the
    /// stone-by-stone relay confirmed (came back) within `cap` laps.
    fn barrier_test_on_moved_corpus(
        seed: u64,
        starts: usize,
        cap: usize,
        free: bool,
    ) -> ([usize; 3], usize) {
        let mut rng = SplitMix64::new(seed);
        let (mut checked, mut fired, mut confirmed) = (0, [0; 3], 0);
        while checked < starts {
            let (counts, pos, hand, _) = CORPUS[rng.below(CORPUS.len() as u32) as usize];
            let len = counts.len();
            let mut b = [0u8; LOOP];
            b[..len].copy_from_slice(counts);
            b[pos] = hand as u8;
            for _ in 0..1 + rng.below(3) {
                let (i, j) = (
                    rng.below(len as u32) as usize,
                    rng.below(len as u32) as usize,
                );
                if b[i] > 0 {
                    (b[i], b[j]) = (b[i] - 1, b[j] + 1);
                }
            }
            let pos = rng.below(len as u32) as usize;
            if b[pos] < 2 {
                continue;
            }
            let hand = usize::from(b[pos]);
            b[pos] = 0;
            checked += 1;
            if let Some(parts) = barrier_parts(&b, len, pos, hand, 1 << 16, free) {
                fired[parts.min(3) - 1] += 1;
                let back = back_or_ends(&b, len, pos, hand, cap);
                assert_ne!(back, Some(false), "{:?} from {pos}", &b[..len]);
                confirmed += usize::from(back.is_some());
            }
        }
        (fired, confirmed)
    }

    #[test]
    fn the_barrier_test_never_calls_a_moved_long_relay_endless_that_ends() {
        // Counting residues from 0, several parts are needed now and then.
        let (fired, _) = barrier_test_on_moved_corpus(9, 10_000, 200_000, true);
        assert!(fired[0] > 50, "{fired:?}");
        let (fired, _) = barrier_test_on_moved_corpus(9, 10_000, 200_000, false);
        assert!(fired[0] > 5 && fired[1] > 0, "{fired:?}");
    }

    /// The same on 100,000 starts, each relay the test calls endless sown stone by stone for
    /// 10^7 laps (a few minutes): `cargo test --release --lib moved_corpus_on_100 -- --ignored`.
    #[test]
    #[ignore]
    fn the_barrier_test_on_the_moved_corpus_on_100_000_starts() {
        for free in [true, false] {
            let (fired, back) = barrier_test_on_moved_corpus(2027, 100_000, 10_000_000, free);
            assert!(fired[0] > 100 && (free || fired[1] > 20), "{fired:?}");
            eprintln!("origin free {free}: endless by 1, 2, 3+ parts: {fired:?}; {back} came back");
        }
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
            let got = relay::<false>(&mut b, &keys::LOOPS[0], &mut 0, &shape, pos, hand as u32);
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
    /// hole just lifted, the stones in hand, and the parts of the proof that settles it
    /// within the budget, if any (the laps say when, measured).
    const CORPUS: [(&[u8], usize, usize, Option<usize>); 10] = [
        // 4 x 15, a 4.9e7-lap cycle: at lap 228 (from 0: one part, at lap 13,909).
        (
            &[
                1, 11, 1, 0, 1, 0, 1, 0, 3, 2, 3, 0, 1, 0, 2, 4, 3, 1, 0, 2, 3, 0, 3, 0, 3, 0, 1,
                4, 1, 0,
            ],
            7,
            2,
            Some(1),
        ),
        // 4 x 19, a 2.7e8-lap cycle, from hole 22: at lap 250 (from 0: the same).
        (
            &[
                6, 3, 2, 1, 0, 3, 2, 1, 5, 2, 1, 0, 4, 0, 2, 3, 0, 3, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0,
                1, 0, 1, 0, 5, 1, 2, 1, 4, 0,
            ],
            22,
            4,
            Some(1),
        ),
        // the same from hole 31: at lap 253 (the same).
        (
            &[
                4, 3, 2, 1, 0, 1, 3, 5, 1, 0, 2, 5, 2, 3, 0, 3, 0, 2, 1, 2, 3, 0, 3, 0, 1, 4, 1, 0,
                1, 0, 1, 0, 5, 1, 2, 1, 4, 0,
            ],
            16,
            2,
            Some(1),
        ),
        // 4 x 15, a 2.1e7-lap cycle: at lap 203 (from 0: at lap 38,051).
        (
            &[
                0, 2, 1, 4, 5, 0, 3, 0, 1, 0, 4, 1, 3, 2, 0, 1, 2, 1, 2, 1, 2, 1, 10, 1, 0, 1, 0,
                3, 0, 3,
            ],
            0,
            4,
            Some(1),
        ),
        // 4 x 21, a 5.5e8-lap cycle: at lap 288 (from 0: only with several barriers, 4, 19
        // and 22, the top repeating every 19,683 windings, at lap 276,471).
        (
            &[
                0, 1, 0, 1, 0, 0, 1, 2, 0, 5, 1, 0, 2, 5, 0, 1, 0, 1, 0, 2, 1, 0, 2, 7, 0, 1, 0, 1,
                0, 1, 2, 1, 4, 1, 0, 1, 2, 1, 8, 1, 0, 1,
            ],
            4,
            5,
            Some(3),
        ),
        // 4 x 21, a 2.8e6-lap cycle: at lap 273 (from 0: two parts, barriers 12 and 28, at
        // lap 2,650).
        (
            &[
                1, 0, 0, 1, 0, 1, 2, 4, 3, 2, 1, 0, 4, 0, 1, 4, 1, 2, 4, 0, 4, 1, 2, 1, 3, 2, 1, 0,
                1, 5, 4, 0, 9, 1, 0, 1, 0, 2, 11, 0, 3, 0,
            ],
            1,
            2,
            Some(2),
        ),
        // 4 x 19, a 1.6e6-lap cycle: at lap 293 (from 0: the same).
        (
            &[
                0, 1, 2, 5, 0, 8, 0, 1, 0, 9, 1, 0, 1, 2, 1, 0, 4, 1, 0, 1, 0, 1, 0, 1, 0, 4, 1, 0,
                0, 3, 0, 9, 1, 3, 0, 7, 0, 1,
            ],
            27,
            2,
            Some(1),
        ),
        // 4 x 11, every stone in one loop: at lap 133 (the same).
        (
            &[
                1, 0, 11, 3, 0, 3, 0, 0, 4, 0, 2, 5, 0, 1, 0, 1, 0, 4, 0, 1, 6, 0,
            ],
            6,
            2,
            Some(1),
        ),
        // 4 x 21, a 1.35e9-lap cycle (the walk: 1.9e8 laps): at lap 397 (from 0: at lap
        // 130,168).
        (
            &[
                0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 0, 3, 4, 1, 0, 3, 0, 1, 0, 0, 2, 1, 2, 1, 3, 2, 0, 5,
                1, 0, 4, 1, 0, 9, 0, 1, 0, 1, 0, 1, 0, 5,
            ],
            18,
            10,
            Some(1),
        ),
        // 4 x 13, a 6.2e6-lap cycle: at lap 181 (from 0: never, it holds both residues L
        // and 0).
        (
            &[
                2, 9, 0, 4, 1, 0, 1, 0, 4, 1, 2, 1, 8, 1, 2, 1, 0, 1, 0, 3, 0, 0, 3, 0, 2, 3,
            ],
            20,
            2,
            None,
        ),
    ];

    #[test]
    fn the_barrier_test_settles_the_corpus_within_its_budget() {
        for (i, &(counts, pos, hand, parts)) in CORPUS.iter().enumerate() {
            let mut b = [0u8; LOOP];
            b[..counts.len()].copy_from_slice(counts);
            let len = counts.len();
            assert_eq!(
                barrier_parts(&b, len, pos, hand, BUDGET, false),
                parts,
                "{i}"
            );
            assert_eq!(
                barrier_parts(&b, len, pos, hand, BUDGET, true),
                Some(1),
                "{i}"
            );
        }
    }

    #[test]
    fn the_barrier_test_settles_the_corpus_from_any_lap_within_500_laps() {
        // The origin of the residues is chosen from the relay's residues alone, so the test
        // sees a relay alike from every lap (counted from 0, 5 laps on the 2.7e8-lap cycle
        // is already out of reach).
        for (i, &(counts, mut pos, mut hand, _)) in CORPUS.iter().enumerate() {
            let len = counts.len();
            let mut b = [0u8; LOOP];
            b[..len].copy_from_slice(counts);
            for lap in 0..300 {
                assert_eq!(
                    barrier_parts(&b, len, pos, hand, 500, true),
                    Some(1),
                    "{i} {lap}"
                );
                if lap == 5 && i == 1 {
                    assert_eq!(barrier_parts(&b, len, pos, hand, BUDGET, false), None);
                }
                for _ in 0..hand {
                    pos = (pos + 1) % len;
                    b[pos] += 1;
                }
                (hand, b[pos]) = (usize::from(b[pos]), 0);
            }
        }
    }
}
