//! Toguz Kumalak's [`Encoding`]: the actions and the observation of learning programs.
//!
//! # Actions
//! *n* actions on a board of *n* holes a side (9 in the standard game): action `h - 1` sows
//! the mover's hole `h`.
//!
//! # Observation
//! 4*n* + 2 values, seen from the player to move ("mover"), ball counts as they are:
//!
//! | index | value |
//! |---|---|
//! | `0..n` | the mover's holes 1 to *n* (0 in a tuzdik of the opponent's) |
//! | `n..2n` | the opponent's holes 1 to *n* (his numbering: sowing goes on from the mover's hole *n* into them) |
//! | `2n` | the mover's kazan |
//! | `2n + 1` | the opponent's kazan |
//! | `2n + 2..3n + 2` | 1 at the opponent's hole that is the mover's tuzdik, else 0 |
//! | `3n + 2..4n + 2` | 1 at the mover's hole that is the opponent's tuzdik, else 0 |
//!
//! The rules are the same for both seats, and the full-move number of the position text
//! decides nothing, so it is left out: the observation decides the legal moves and the
//! outcome. Without tuzdiks (`bestemshe`) the last two blocks stay 0.
//!
//! ```
//! use sowing::encode::Encoding;
//! use sowing::toguz::Toguz;
//! use sowing::Ruleset;
//!
//! let rules: Toguz = "toguz:bestemshe".parse().unwrap(); // 2 x 5 holes, 5 balls each
//! let mut state = rules.start();
//! // Hole 2: one ball back into it, then 3 to 5 and Black's 1, made even (6): captured.
//! rules.play_action(&mut state, 1).unwrap();
//! // Black to move: his holes, then White's, the kazans, the two tuzdik blocks.
//! let mut expected = vec![0., 5., 5., 5., 5., 5., 1., 6., 6., 6., 0., 6.];
//! expected.extend([0.; 10]);
//! assert_eq!(rules.observation(&state), expected);
//! ```

use super::sow::playout;
use super::{Toguz, ToguzMove, ToguzSettings, ToguzState};
use crate::encode::{ActionSet, Encoding, widen};

impl Encoding for Toguz {
    #[inline]
    fn num_actions(&self) -> usize {
        self.t.n
    }

    #[inline]
    fn action_to_move(&self, _: &ToguzState, action: usize) -> Option<ToguzMove> {
        (action < self.t.n).then(|| ToguzMove(action as u8 + 1))
    }

    #[inline]
    fn move_to_action(&self, _: &ToguzState, mv: ToguzMove) -> Option<usize> {
        let a = usize::from(mv.0).wrapping_sub(1);
        (a < self.t.n).then_some(a)
    }

    #[inline]
    fn observation_len(&self) -> usize {
        4 * self.t.n + 2
    }

    #[inline(always)]
    fn fill_observation(&self, s: &ToguzState, out: &mut [f32]) {
        let n = self.t.n;
        let out = &mut out[..4 * n + 2];
        widen(&self.observation_bytes(s), out);
    }

    #[inline]
    fn legal_actions(&self, s: &ToguzState) -> ActionSet {
        if self.decided(s) {
            ActionSet::EMPTY
        } else {
            ActionSet::from_bits(self.playable(s).into())
        }
    }

    /// 2000 plies: Toguz Kumalak's games are longer than Kalah's, and a game played at
    /// random still ends far sooner.
    fn ply_limit(&self) -> u32 {
        2000
    }
}

impl Toguz {
    /// The observation as bytes (every value fits one), in its order: the first `4n + 2`
    /// are [`Encoding::fill_observation`]'s values. What the evaluation network reads.
    #[inline(always)]
    pub(crate) fn observation_bytes(&self, s: &ToguzState) -> [u8; 4 * ROW + 2] {
        let n = self.t.n;
        let me = s.mover.index();
        let (own, op) = (me * n, (1 - me) * n);
        // Every value fits a byte: the bytes are laid out in the observation's order, then
        // converted in one pass (vectorized). Each row is one copy of ROW lanes (no copy of
        // a length known only at run time), the second over the first's run-over.
        let lanes = playout::bytes(s.board);
        let mut bytes = [0u8; 4 * ROW + 2];
        bytes[..ROW].copy_from_slice(&lanes[own..own + ROW]);
        bytes[n..n + ROW].copy_from_slice(&lanes[op..op + ROW]);
        bytes[2 * n..2 * n + 2].copy_from_slice(&[s.kazans[me], s.kazans[1 - me]]);
        let marks = &mut bytes[2 * n + 2..];
        marks[..2 * ROW].fill(0);
        // The mover's tuzdik stands on the opponent's side, the opponent's on the mover's
        // (the no-tuzdik lane, 31, is no hole's).
        let mover_s = usize::from(s.tuzdiks[me]).wrapping_sub(op);
        if let Some(m) = marks[..n].get_mut(mover_s) {
            *m = 1;
        }
        let opponent_s = usize::from(s.tuzdiks[1 - me]).wrapping_sub(own);
        if let Some(m) = marks[n..2 * n].get_mut(opponent_s) {
            *m = 1;
        }
        bytes
    }
}

/// Holes a side the observation's byte rows are copied by: at least the most holes a side.
const ROW: usize = 16;
const _: () = assert!(
    ToguzSettings::MAX_HOLES as usize <= ROW && ToguzSettings::MAX_HOLES as usize + ROW <= 32
);

/// Toguz's encoding, for code that reaches it through [`Game`](crate::games::Game) (the
/// `selfplay` tool).
impl crate::encode::HasEncoding for Toguz {
    fn with_encoding<V: crate::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}
