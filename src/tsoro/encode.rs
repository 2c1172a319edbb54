//! Tsoro's [`Encoding`]: the actions and the observation of learning programs.
//!
//! Holes are named as in the notation ([`Hole`]): a row and a number `1..=N` counted from the
//! mover's left, the opponent's holes too (his `i3` faces the mover's `i3`, his `o3` lies
//! behind it), so a column of the board is one number in every row.
//!
//! # Actions
//! 4*N* + 3 actions on a board of *N* holes a row (87 for 4 x 21), one per decision of a
//! turn ([`TsoroMove`]):
//!
//! | action | move |
//! |---|---|
//! | `k - 1` | start from the mover's outer hole `o<k>` |
//! | `N + k - 1` | start from the mover's inner hole `i<k>` |
//! | `2N` | `relay` |
//! | `2N + 1` | `stop` |
//! | `2N + 2 + k - 1` | `take o<k>`, the opponent's outer hole |
//! | `3N + 2 + k - 1` | `take i<k>`, the opponent's inner hole |
//! | `4N + 2` | `done` |
//!
//! # Observation
//! 4*N* + 9 values, seen from the player to move ("mover"), counts as they are:
//!
//! | index | value |
//! |---|---|
//! | `0..N` | stones in the mover's outer row, `o1` to `oN` |
//! | `N..2N` | stones in the mover's inner row, `i1` to `iN` |
//! | `2N..3N` | stones in the opponent's inner row, `i1` to `iN` from the mover's left |
//! | `3N..4N` | stones in the opponent's outer row, `o1` to `oN` from the mover's left |
//! | `4N` | *k* when a lap ended in the mover's head `o<k>` and `relay` or `stop` is to be chosen, else 0 |
//! | `4N + 1` | *k* when the stones in hand are to be sown on from the mover's inner hole `i<k>` (`reenter`), else 0 |
//! | `4N + 2` | stones captured by the mover |
//! | `4N + 3` | stones captured by the opponent |
//! | `4N + 4` | bonus takes left to the mover (after a capture), else 0 |
//! | `4N + 5` | captured stones in the mover's hand, to be sown back in (`reenter`) |
//! | `4N + 6` | captures made by the mover, up to 2 (Tracey's variation, whose bonus depends on them) |
//! | `4N + 7` | captures made by the opponent, up to 2 (Tracey's variation) |
//! | `4N + 8` | plies played (under a `max-plies=` limit, whose end is a draw), else 0 |
//!
//! The two pending decisions are hole numbers rather than one-hot rows of *N*: the
//! observation is the smaller to write and to read (93 values on 4 x 21), and a network that
//! wants the planes makes them from the number.
//!
//! The rules are the same for both seats and the heads are fixed by the ruleset, so the
//! observation decides the legal actions and the outcome.
//!
//! ```
//! use sowing::encode::Encoding;
//! use sowing::tsoro::{Hole, Tsoro, TsoroMove};
//! use sowing::Ruleset;
//!
//! let rules: Tsoro = "tsoro:holes=8,heads=none,bonus=0".parse().unwrap();
//! assert_eq!((rules.num_actions(), rules.observation_len()), (35, 41));
//! let mut state = rules.start();
//! assert_eq!(rules.action_to_move(&state, 6), Some(TsoroMove::Sow(Hole::outer(7))));
//! rules.play_action(&mut state, 6).unwrap(); // o7: one stone to o8, one to i8
//! let obs = rules.observation(&state); // North to move
//! assert_eq!(obs[..16], [2., 2., 2., 2., 2., 2., 2., 2., 0., 0., 0., 0., 0., 0., 0., 0.]);
//! assert_eq!(obs[16..24], [1., 0., 0., 0., 0., 0., 0., 0.]); // South's i8 faces North's i1
//! assert_eq!(obs[24..32], [3., 0., 2., 2., 2., 2., 2., 2.]); // South's o8, o7, ..., o1
//! assert_eq!(obs[32..], [0.; 9]); // no decision pending, nothing captured
//! ```

use super::legal::Legal;
use super::masks::{ROW, backwards, many_backwards, many_in};
use super::moves::{Hole, Row};
use super::state::Phase;
use super::{Tsoro, TsoroMove, TsoroState};
use crate::encode::{ActionSet, Encoding, widen};
use crate::ruleset::Ruleset;

impl Tsoro {
    /// The hole of action block index `j` (`0..2N`): outer `o1..oN`, then inner `i1..iN`.
    #[inline]
    fn block_hole(&self, j: usize) -> Hole {
        Hole::from_own_index(self.block_index(j), self.n)
    }

    /// The mover's loop index of action block index `j` (`0..2N`): `o<k>` (`j = k - 1`) is
    /// loop index `k - 1`, `i<k>` (`j = N + k - 1`) is `2N - k`.
    #[inline]
    fn block_index(&self, j: usize) -> usize {
        if j < self.n { j } else { 3 * self.n - 1 - j }
    }

    /// Actions of the mover's holes from a bit mask of his loop indices: loop index `k - 1`
    /// is `o<k>` (action `k - 1`), `2N - k` is `i<k>` (action `N + k - 1`).
    #[inline]
    fn own_actions(&self, loop_bits: u64) -> u128 {
        let n = self.n;
        let low = (1u64 << n) - 1;
        let inner = ((loop_bits >> n) & low).reverse_bits() >> (64 - n);
        u128::from(loop_bits & low | inner << n)
    }

    /// Take actions from a bit mask of the opponent's loop indices: his loop index `N - k` is
    /// `o<k>` from the mover's left (action `2N + 2 + k - 1`), `N - 1 + k` is `i<k>` (action
    /// `3N + 2 + k - 1`).
    #[inline]
    fn take_actions(&self, loop_bits: u64) -> u128 {
        let n = self.n;
        let low = (1u64 << n) - 1;
        let outer = (loop_bits & low).reverse_bits() >> (64 - n);
        u128::from(outer | (loop_bits >> n & low) << n) << (2 * n + 2)
    }

    /// With heads on the board (every start of 2 stones or more ends: heads end every
    /// relay), the start actions of the holes holding 2 stones or more: those holes' bits
    /// straight in action order, `o1..oN` read forwards and `i1..iN` backwards (no
    /// reversal of a whole mask).
    #[inline(always)]
    fn ending_starts(&self, s: &TsoroState) -> u64 {
        let own = &s.holes[s.mover.index()];
        let low = (1u64 << self.n) - 1;
        let outer = many_in::<ROW>(own.first_chunk().unwrap_or(&[0; ROW])) & low;
        let inner = many_backwards(own, 2 * self.n) & low;
        outer | inner << self.n
    }

    /// [`legal_actions`](Encoding::legal_actions) in every case: the masks of
    /// [`legal`](Tsoro::legal) in action order.
    #[inline(never)]
    fn all_legal_actions(&self, s: &TsoroState) -> ActionSet {
        if self.out_of_plies(s) {
            return ActionSet::EMPTY;
        }
        let n2 = 2 * self.n;
        let bits = match self.legal::<false>(s) {
            Legal::Starts(m) => self.own_actions(m),
            Legal::Head { relay } => 1 << (n2 + 1) | u128::from(relay) << n2,
            Legal::Bonus { takes, done } => {
                self.take_actions(takes) | u128::from(done) << (2 * n2 + 2)
            }
        };
        ActionSet::from_bits(bits)
    }

    /// The block index of `hole` (`0..2N`), or `None` off the board.
    #[inline]
    fn hole_block(&self, hole: Hole) -> Option<usize> {
        let k = usize::from(hole.number);
        if k == 0 || k > self.n {
            return None;
        }
        Some(match hole.row {
            Row::Outer => k - 1,
            Row::Inner => self.n + k - 1,
        })
    }
}

impl Encoding for Tsoro {
    #[inline]
    fn num_actions(&self) -> usize {
        4 * self.n + 3
    }

    fn action_to_move(&self, _: &TsoroState, action: usize) -> Option<TsoroMove> {
        let n2 = 2 * self.n;
        Some(match action {
            a if a < n2 => TsoroMove::Sow(self.block_hole(a)),
            a if a == n2 => TsoroMove::Relay,
            a if a == n2 + 1 => TsoroMove::Stop,
            a if a < 2 * n2 + 2 => TsoroMove::Take(self.block_hole(a - n2 - 2)),
            a if a == 2 * n2 + 2 => TsoroMove::Done,
            _ => return None,
        })
    }

    fn move_to_action(&self, _: &TsoroState, mv: TsoroMove) -> Option<usize> {
        let n2 = 2 * self.n;
        match mv {
            TsoroMove::Sow(h) => self.hole_block(h),
            TsoroMove::Relay => Some(n2),
            TsoroMove::Stop => Some(n2 + 1),
            TsoroMove::Take(h) => self.hole_block(h).map(|j| n2 + 2 + j),
            TsoroMove::Done => Some(2 * n2 + 2),
        }
    }

    #[inline]
    fn observation_len(&self) -> usize {
        4 * self.n + 9
    }

    /// A start straight from the action's loop index, with no move value in between.
    #[inline(always)]
    fn play_legal_action(&self, s: &mut TsoroState, action: usize) -> ActionSet {
        if action < 2 * self.n && s.phase == Phase::Start {
            self.play_start(s, self.block_index(action));
        } else if let Some(mv) = self.action_to_move(s, action) {
            self.play_unchecked(s, mv);
        }
        self.legal_actions(s)
    }

    /// The legal actions with bit operations on the masks the move generator uses: the
    /// common case (a start with heads on the board) inline, the rest out of line.
    #[inline(always)]
    fn legal_actions(&self, s: &TsoroState) -> ActionSet {
        if s.phase == Phase::Start && !self.endless_possible && !self.out_of_plies(s) {
            let m = self.ending_starts(s);
            if m != 0 {
                return ActionSet::from_bits(u128::from(m));
            }
        }
        self.all_legal_actions(s)
    }

    #[inline(always)]
    fn fill_observation(&self, s: &TsoroState, out: &mut [f32]) {
        let n = self.n;
        let out = &mut out[..4 * n + 9];
        let (small, ply) = out.split_at_mut(4 * n + 8);
        widen(&self.observation_bytes(s), small);
        ply[0] = s.ply as f32;
    }

    /// 20000 plies: a turn of Tsoro is several plies (the start, the relay's decisions, the
    /// takes) and its games run long; a game played at random still stays well under.
    fn ply_limit(&self) -> u32 {
        20_000
    }
}

impl Tsoro {
    /// The observation as bytes, in its order: the first `4N + 8` are
    /// [`Encoding::fill_observation`]'s values; the plies (value `4N + 8`, which need not fit
    /// a byte) are left 0. What the evaluation network reads.
    #[inline(always)]
    pub(crate) fn observation_bytes(&self, s: &TsoroState) -> [u8; 4 * ROW + 9] {
        let n = self.n;
        let me = s.mover.index();
        // The head's number: heads are outer holes, loop index k - 1 for `o<k>`.
        let (head, takes) = match s.phase {
            Phase::Head(i) if usize::from(i) < n => (i + 1, 0),
            Phase::Bonus(k) => (0, k),
            _ => (0, 0),
        };
        // The hand's hole: loop index `at` = 2N - k is inner `i<k>`.
        let at = usize::from(s.at);
        let hand_at = if s.hand > 0 && (n..2 * n).contains(&at) {
            (2 * n - at) as u8
        } else {
            0
        };
        // Every value but the plies fits a byte: the bytes are laid out in the observation's
        // order (and converted in one pass, vectorized). Loop index k - 1 is outer
        // `o<k>`, 2N - k inner `i<k>`; the opponent's loop index N - k is his `o<k>` from
        // the mover's left, N - 1 + k his `i<k>`. Each row is one copy of ROW bytes (no
        // copy of a length known only at run time), the rows in order, each overwriting what
        // the one before ran over; the reversed rows are read backwards a word at a time.
        let (own, op) = (&s.holes[me], &s.holes[1 - me]);
        let mut bytes = [0u8; 4 * ROW + 9];
        bytes[..ROW].copy_from_slice(&own[..ROW]);
        // i<k> = own[2N - k]
        bytes[n..n + ROW].copy_from_slice(&backwards(own, 2 * n));
        bytes[2 * n..2 * n + ROW].copy_from_slice(&op[n..n + ROW]);
        // o<k> = op[N - k]
        bytes[3 * n..3 * n + ROW].copy_from_slice(&backwards(op, n));
        bytes[4 * n..4 * n + 9].copy_from_slice(&[
            head,
            hand_at,
            s.captured[me],
            s.captured[1 - me],
            takes,
            s.hand,
            s.captures[me],
            s.captures[1 - me],
            0,
        ]);
        bytes
    }
}

/// Tsoro's encoding, for code that reaches it through [`Game`](crate::games::Game) (the
/// `selfplay` tool).
impl crate::encode::HasEncoding for Tsoro {
    fn with_encoding<V: crate::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}
