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

use super::state::{NO_TUZDIK, lane};
use super::{Toguz, ToguzMove, ToguzState};
use crate::encode::{ActionSet, Encoding};

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

    #[inline]
    fn fill_observation(&self, s: &ToguzState, out: &mut [f32]) {
        let n = self.t.n;
        let out = &mut out[..4 * n + 2];
        let me = s.mover.index();
        let (own, op) = (me * n, (1 - me) * n);
        let (holes, rest) = out.split_at_mut(2 * n);
        for (i, o) in holes.iter_mut().enumerate() {
            let l = if i < n { own + i } else { op + i - n };
            *o = f32::from(lane(&s.board, l));
        }
        rest[0] = f32::from(s.kazans[me]);
        rest[1] = f32::from(s.kazans[1 - me]);
        let marks = &mut rest[2..];
        marks.fill(0.0);
        // The mover's tuzdik stands on the opponent's side, the opponent's on the mover's.
        let mine = usize::from(s.tuzdiks[me]);
        if s.tuzdiks[me] != NO_TUZDIK && (op..op + n).contains(&mine) {
            marks[mine - op] = 1.0;
        }
        let theirs = usize::from(s.tuzdiks[1 - me]);
        if s.tuzdiks[1 - me] != NO_TUZDIK && (own..own + n).contains(&theirs) {
            marks[n + theirs - own] = 1.0;
        }
    }

    #[inline]
    fn legal_actions(&self, s: &ToguzState) -> ActionSet {
        if self.decided(s) {
            ActionSet::EMPTY
        } else {
            ActionSet::from_bits(self.playable(s).into())
        }
    }
}
