//! Random playouts: the random-game loop with the position held in local variables.
//!
//! A **whole-move entry** ([`Sown`]) gives, for an origin lane and a ball count, the balls
//! every lane receives (laps included) as three ready board words, so a move adds three words
//! read from the table. The rule masks that change only when a tuzdik is made (which lanes the
//! mover may capture in, which he may claim, which lanes are tuzdiks) are kept per player and
//! rebuilt on that rare event, the one branch of a move that random play takes seldom. The
//! board is held as lanes of bytes, so reading a lane is one load. A random move is drawn by
//! [`draw`], without a loop and, nearly always, without a branch.

use super::super::state::{LANES, NO_TUZDIK, nonempty16};
use super::super::{Toguz, ToguzState};
use super::mask;
use crate::player::Player;
use crate::rng::RandomSource;

/// What sowing `b` balls from lane `o` does before rules 4 to 6, at `o * 256 + b`: bytes
/// 0-23 are the balls each lane receives (laps included), three board words in
/// little-endian order; byte 24 is the last lane, byte 25 the balls it receives and byte 26
/// `0xFF`, or 0 if the last lane is the origin (whose balls were all lifted). Byte 31
/// is zero, so reading lane 31 (the no-tuzdik lane, [`NO_TUZDIK`]) of an entry gives 0, as
/// do lanes 18 to 23.
#[derive(Clone, Copy, Debug)]
pub(in crate::toguz) struct Sown(pub(in crate::toguz) [u8; 32]);

impl Sown {
    /// The entry from the words, the origin and the last lane of a sowing.
    pub(in crate::toguz) fn new(words: [u64; 3], origin: usize, last: usize) -> Sown {
        let mut bytes = bytes([words[0], words[1], words[2], 0]);
        bytes[24] = last as u8 & 31;
        bytes[25] = bytes[last & 31];
        bytes[26] = if last == origin { 0 } else { 0xFF };
        Sown(bytes)
    }
}

/// Board words as lanes of bytes (lane `i` is byte `i`): a lane is then one byte load.
#[inline(always)]
pub(in crate::toguz) fn bytes(words: [u64; 4]) -> [u8; 32] {
    let mut b = [0u8; 32];
    for (chunk, w) in b.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&w.to_le_bytes());
    }
    b
}

/// Word `j` (`j < 4`) of lanes held as bytes.
#[inline(always)]
fn word(b: &[u8; 32], j: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[8 * (j & 3)..8 * (j & 3) + 8]);
    u64::from_le_bytes(w)
}

/// Lanes held as bytes back as board words.
#[inline(always)]
fn words(b: &[u8; 32]) -> [u64; 4] {
    [word(b, 0), word(b, 1), word(b, 2), word(b, 3)]
}

/// `SELECT[mask][k]`: the index of the `k`-th set bit of a 9-bit mask; `COUNT[mask]`: its
/// number of set bits. Portable: no reliance on POPCNT or PDEP.
pub(in crate::toguz) static SELECT: [[u8; 16]; 512] = crate::select::select_table();

/// See [`SELECT`].
pub(in crate::toguz) static COUNT: [u8; 512] = crate::select::count_table();

/// Draws the mover's hole to play, uniformly among his holes with balls: `(hole, balls)` with
/// the hole counted from 0, or `None` if he has no ball. The holes are `n` lanes from `base`
/// with `side_bits` set for them.
///
/// Three holes are drawn at once, uniformly among all `n`, and the first that holds balls is
/// taken, with no branch: the first non-empty one of independent uniform draws is uniform
/// among the non-empty holes, and the move then waits only on three parallel reads of the
/// board. Only when all three are empty (mostly late in a game) is the exact draw used: the
/// `k`-th non-empty hole, read from [`SELECT`]. Either way the choice is uniform.
#[inline(always)]
pub(in crate::toguz) fn draw<G: RandomSource>(
    b: &[u8; 32],
    base: usize,
    n: usize,
    side_bits: u32,
    rng: &mut G,
) -> Option<(usize, u8)> {
    let (r1, r2) = (rng.next_u64(), rng.next_u64());
    // A 32-bit half of a random word scaled to `0..n`, as `RandomSource::below` does.
    let hole = |r: u64| (((r & 0xFFFF_FFFF) * n as u64) >> 32) as usize;
    let mut pick = 0usize;
    for r in [r2, r1, r1 >> 32] {
        let h = hole(r);
        let balls = b[(base + h) & 31];
        if balls != 0 {
            pick = h << 8 | usize::from(balls);
        }
    }
    if pick != 0 {
        return Some((pick >> 8, pick as u8));
    }
    let holes = (nonempty16(&words(b), base) & side_bits) as usize & 511;
    if holes == 0 {
        return None;
    }
    let k = rng.below(u32::from(COUNT[holes])) as usize;
    let h = usize::from(SELECT[holes][k & 15]);
    Some((h, b[(base + h) & 31]))
}

/// `THREE[c]`: 1 if `c == 3`, else 0. Read from a table so that the tuzdik test stays one
/// branch (the compiler splits `a && c == 3` into two, the second one unpredictable).
static THREE: [u8; 256] = {
    let mut t = [0u8; 256];
    t[3] = 1;
    t
};

/// The rule masks that change only when a tuzdik is made.
struct Masks {
    /// Per mover: lanes where a last ball making an even count captures (the opponent's
    /// holes but the mover's tuzdik), one bit per lane.
    capture: [u32; 2],
    /// Per mover: lanes where a last ball making 3 claims a tuzdik (rule 6), or none.
    claim: [u32; 2],
    /// The lanes sown balls stay in: all but the tuzdik lanes, as board words.
    open: [u64; 3],
}

impl Masks {
    fn new(rules: &Toguz, tz: [usize; 2]) -> Masks {
        let n = rules.t.n;
        let side = rules.t.side_bits;
        let mut m = Masks {
            capture: [0; 2],
            claim: [0; 2],
            open: [!0; 3],
        };
        for me in 0..2 {
            let them = (1 - me) * n;
            // `tz` lanes are below 32 (masked), so the shifts cannot overflow.
            m.capture[me] = (side << them) & !(1u32 << tz[me]);
            if rules.settings.tuzdik && tz[me] == usize::from(NO_TUZDIK) {
                // Not the opponent's last hole, not the hole mirroring his tuzdik.
                let mut holes = side & !(1 << (n - 1));
                let mirror = tz[1 - me].wrapping_sub(me * n);
                if mirror < n {
                    holes &= !(1 << mirror);
                }
                m.claim[me] = holes << them;
            }
            for (o, k) in m.open.iter_mut().zip(&mask::OPEN[tz[me]]) {
                *o &= k;
            }
        }
        m
    }
}

/// [`Ruleset::playout`](crate::Ruleset::playout) for a state of the ruleset's board size.
#[inline(always)]
pub(in crate::toguz) fn playout<G: RandomSource>(
    rules: &Toguz,
    state: &mut ToguzState,
    rng: &mut G,
    max_plies: u64,
) -> u64 {
    let t = &rules.t;
    let n = t.n;
    let sown = &*rules.sown;
    let mut b = bytes(state.board);
    let mut kz = state.kazans;
    let mut tuzdiks = state.tuzdiks;
    let mut tz = tuzdiks.map(|l| usize::from(l) & (LANES - 1));
    let mut m = Masks::new(rules, tz);
    let mut me = state.mover.index() & 1;
    let mut plies = 0;
    while plies < max_plies {
        if kz[0].max(kz[1]) >= t.decide {
            break;
        }
        let base = me * n;
        let Some((h, balls)) = draw(&b, base, n, t.side_bits, rng) else {
            break;
        };
        let o = base + h;
        let Some(e) = sown.get(o << 8 | usize::from(balls)) else {
            break; // cannot happen: `o` is a lane of the board
        };
        let e = &e.0;
        let last = usize::from(e[24] & 31);
        // Rule 4: balls sown into a tuzdik go to its owner (the entry's lane 31 is empty).
        kz[0] = kz[0].wrapping_add(e[tz[0] & 31]);
        kz[1] = kz[1].wrapping_add(e[tz[1] & 31]);
        // Rule 5: the count the last ball makes (the origin was emptied first).
        let before = b[last] & e[26];
        let c = before.wrapping_add(e[25]);
        let even = (m.capture[me] >> last) as u8 & !c & 1;
        kz[me] = kz[me].wrapping_add(c & even.wrapping_neg());
        let keep = u64::from(even).wrapping_sub(1); // all ones when nothing is taken
        let (clear_origin, clear_last) = (&mask::OPEN[o & 31], &mask::OPEN[last]);
        for j in 0..3 {
            let w = (word(&b, j) & clear_origin[j]).wrapping_add(word(e, j) & m.open[j]);
            b[8 * j..8 * j + 8].copy_from_slice(&(w & (clear_last[j] | keep)).to_le_bytes());
        }
        // Rule 6, at most twice a game.
        if (m.claim[me] >> last) & u32::from(THREE[usize::from(c)]) != 0 {
            kz[me] = kz[me].wrapping_add(3);
            b[last] = 0;
            tuzdiks[me] = last as u8;
            tz[me] = last;
            m = Masks::new(rules, tz);
        }
        me ^= 1;
        plies += 1;
    }
    let mut s = *state;
    s.board = words(&b);
    s.kazans = kz;
    s.tuzdiks = tuzdiks;
    s.mover = Player::from_index(me);
    // One full move per North move.
    let norths = (plies + u64::from(state.mover == Player::North)) / 2;
    s.fullmove = s
        .fullmove
        .saturating_add(u16::try_from(norths).unwrap_or(u16::MAX));
    if plies > 0 && rules.side_empty(&s) {
        rules.sweep(&mut s); // rule 7 ends the game
    }
    s.hash = s.raw_hash_from_scratch();
    *state = s;
    plies
}
