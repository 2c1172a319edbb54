//! Oware's [`Encoding`]: the actions and the observation of learning programs.
//!
//! # Actions
//! *n* actions on a board of *n* houses a row: action `h - 1` sows the mover's house `h`
//! (`1..=n`, counted from the mover's left: `A`.. for South, `a`.. for North), as in
//! OpenSpiel's `oware`.
//!
//! # Observation
//! 2*n* + 3 values, seen from the player to move ("mover"), seed counts as they are:
//!
//! | index | value |
//! |---|---|
//! | `0..n` | the mover's houses 1 to *n* |
//! | `n..2n` | the opponent's houses 1 to *n* (his numbering: his house 1 faces the mover's house *n*) |
//! | `2n` | the mover's store |
//! | `2n + 1` | the opponent's store |
//! | `2n + 2` | under `max-plies`, the plies left before the limit; else 0 |
//!
//! The rules are the same for both seats, so the observation decides the legal moves and
//! the outcome.
//!
//! ```
//! use sowing::encode::Encoding;
//! use sowing::oware::{Oware, OwareMove};
//! use sowing::Ruleset;
//!
//! let rules: Oware = "oware:houses=3,seeds=2".parse().unwrap();
//! let mut state = rules.start();
//! assert_eq!(rules.observation(&state), [2., 2., 2., 2., 2., 2., 0., 0., 0.]);
//! rules.play_action(&mut state, 2).unwrap(); // South's C: North's a and b get 3 and 3
//! // North to move: his houses a, b, c; South's; then the stores (South took 6).
//! assert_eq!(rules.observation(&state), [0., 0., 2., 2., 2., 0., 0., 6., 0.]);
//! assert_eq!(rules.action_to_move(&state, 2), Some(OwareMove(3)));
//! assert_eq!(rules.action_mask(&state), [false, false, true]);
//! ```

use super::{Oware, OwareMove, OwareState};
use crate::encode::{ActionSet, Encoding};

impl Encoding for Oware {
    #[inline]
    fn num_actions(&self) -> usize {
        self.t.m
    }

    #[inline]
    fn action_to_move(&self, _: &OwareState, action: usize) -> Option<OwareMove> {
        (action < self.t.m).then(|| OwareMove(action as u8 + 1))
    }

    #[inline]
    fn move_to_action(&self, _: &OwareState, mv: OwareMove) -> Option<usize> {
        let h = usize::from(mv.0);
        (1..=self.t.m).contains(&h).then(|| h - 1)
    }

    #[inline]
    fn observation_len(&self) -> usize {
        2 * self.t.m + 3
    }

    #[inline(always)]
    fn fill_observation(&self, s: &OwareState, out: &mut [f32]) {
        let m = self.t.m;
        let out = &mut out[..2 * m + 3];
        let [own, theirs] = s.sides.map(u64::to_le_bytes);
        let me = s.mover.index();
        let stores = [s.stores[me], s.stores[1 - me], 0].map(f32::from);
        if m >= 5 {
            // Each row's eight lanes widened in registers and written at once, the second
            // over the first's run-over, then the stores over the second's: nothing is
            // read back from memory (bytes gathered in a buffer by overlapping stores and
            // read back in other pieces wait for the stores: no store forwarding).
            let eight = |b: [u8; 8]| -> [f32; 8] { std::array::from_fn(|i| f32::from(b[i])) };
            out[..8].copy_from_slice(&eight(own));
            out[m..m + 8].copy_from_slice(&eight(theirs));
        } else {
            let (mine, rest) = out.split_at_mut(m);
            for ((o, t), (&a, &b)) in mine.iter_mut().zip(rest).zip(own.iter().zip(&theirs)) {
                (*o, *t) = (f32::from(a), f32::from(b));
            }
        }
        out[2 * m..].copy_from_slice(&stores);
        if let Some(max) = self.settings.max_plies {
            out[2 * m + 2] = max.saturating_sub(s.ply) as f32;
        }
    }

    /// The house sown straight from the action's index, with no move value in between.
    #[inline(always)]
    fn play_legal_action(&self, s: &mut OwareState, action: usize) -> ActionSet {
        if action < self.t.m {
            let mask = self.sow(s, action, &mut ());
            if self.settings.grand_slam != super::GrandSlam::Illegal {
                return ActionSet::from_bits(mask as u128);
            }
        }
        self.legal_actions(s)
    }

    #[inline]
    fn legal_actions(&self, s: &OwareState) -> ActionSet {
        ActionSet::from_bits(self.legal_mask(s) as u128)
    }

    /// 1000 plies, the bound OpenSpiel gives its own `oware`.
    fn ply_limit(&self) -> u32 {
        1000
    }
}

/// Oware's encoding, for code that reaches it through [`Game`](crate::games::Game) (the
/// `selfplay` tool).
impl crate::encode::HasEncoding for Oware {
    fn with_encoding<V: crate::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}
