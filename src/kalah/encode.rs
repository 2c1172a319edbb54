//! Kalah's [`Encoding`]: the actions and the observation of learning programs.
//!
//! # Actions
//! *m* + 1 actions on a board of *m* pits a side: action `p - 1` sows pit `p` (`1..=m`,
//! counted from the mover's left), action `m` is the pie rule's `swap` (never legal without
//! the `pie` switch).
//!
//! # Observation
//! 2*m* + 4 values, seen from the player to move ("mover"), seed counts as they are:
//!
//! | index | value |
//! |---|---|
//! | `0..m` | the mover's pits 1 to *m* |
//! | `m..2m` | the opponent's pits 1 to *m* (his numbering: his pit 1 faces the mover's pit *m*) |
//! | `2m` | the mover's store |
//! | `2m + 1` | the opponent's store |
//! | `2m + 2` | 1 when the mover (North, on his first turn) may swap under the pie rule, else 0 |
//! | `2m + 3` | 1 while South's opening turn is under way under the pie rule (the swap is still to come), else 0 |
//!
//! The rules are the same for both seats but for the pie rule, whose two fields say all it
//! needs, so the observation decides the legal moves and the outcome.
//!
//! ```
//! use sowing::encode::Encoding;
//! use sowing::kalah::{Kalah, KalahMove};
//! use sowing::Ruleset;
//!
//! let rules: Kalah = "kalah:pits=4,seeds=3,pie".parse().unwrap();
//! let mut state = rules.start();
//! assert_eq!(rules.observation(&state), [3., 3., 3., 3., 3., 3., 3., 3., 0., 0., 0., 1.]);
//! rules.play_action(&mut state, 0).unwrap(); // pit 1: 3 seeds to pits 2 to 4
//! // North to move, with the swap on offer.
//! assert_eq!(rules.observation(&state), [3., 3., 3., 3., 0., 4., 4., 4., 0., 0., 1., 0.]);
//! assert_eq!(rules.action_to_move(&state, 4), Some(KalahMove::Swap));
//! assert_eq!(rules.action_mask(&state), [true, true, true, true, true]);
//! ```

use super::state::Pie;
use super::{Kalah, KalahMove, KalahState, Leftovers, nonempty};
use crate::encode::{ActionSet, Encoding, widen};

impl Kalah {
    /// The observation's values as bytes, in its order (the first
    /// [`observation_len`](Encoding::observation_len); the rest 0): what
    /// [`fill_observation`](Encoding::fill_observation) widens and a network reads.
    #[inline(always)]
    pub(crate) fn observation_bytes(&self, s: &KalahState) -> [u8; 24] {
        let m = self.t.m;
        let [own, theirs] = s.sides.map(u64::to_le_bytes);
        // Every value fits a byte: the bytes are laid out in the observation's order, each
        // side's eight lanes (pits, store, zeros) at once, the second over the first's
        // run-over, then the stores and the pie-rule fields; then converted in one pass.
        let mut bytes = [0u8; 24];
        bytes[..8].copy_from_slice(&own);
        bytes[m..m + 8].copy_from_slice(&theirs);
        bytes[2 * m..2 * m + 4].copy_from_slice(&[
            own[m & 7],
            theirs[m & 7],
            u8::from(s.pie == Pie::Offer),
            u8::from(s.pie == Pie::Opening),
        ]);
        bytes
    }
}

impl Encoding for Kalah {
    #[inline]
    fn num_actions(&self) -> usize {
        self.t.m + 1
    }

    #[inline]
    fn action_to_move(&self, _: &KalahState, action: usize) -> Option<KalahMove> {
        match action {
            a if a < self.t.m => Some(KalahMove::Pit(a as u8 + 1)),
            a if a == self.t.m => Some(KalahMove::Swap),
            _ => None,
        }
    }

    #[inline]
    fn move_to_action(&self, _: &KalahState, mv: KalahMove) -> Option<usize> {
        match mv {
            KalahMove::Pit(p) if (1..=self.t.m).contains(&usize::from(p)) => {
                Some(usize::from(p) - 1)
            }
            KalahMove::Pit(_) => None,
            KalahMove::Swap => Some(self.t.m),
        }
    }

    #[inline]
    fn observation_len(&self) -> usize {
        2 * self.t.m + 4
    }

    #[inline(always)]
    fn fill_observation(&self, s: &KalahState, out: &mut [f32]) {
        let m = self.t.m;
        let out = &mut out[..2 * m + 4];
        widen(&self.observation_bytes(s), out);
    }

    /// The pit sown straight from the action's index, with no move value in between.
    #[inline(always)]
    fn play_legal_action(&self, s: &mut KalahState, action: usize) -> ActionSet {
        if action < self.t.m {
            self.play_pit(s, action, &mut ());
        } else if action == self.t.m {
            self.play_swap(s);
        }
        self.legal_actions(s)
    }

    #[inline]
    fn legal_actions(&self, s: &KalahState) -> ActionSet {
        let pits = nonempty(s.sides[0], self.t.pits);
        // With leftovers to their owners a finished game has an empty board, so an empty
        // side to move is the only test needed; otherwise ask the end rule.
        if pits == 0 || (self.settings.leftovers == Leftovers::Nobody && self.over(s)) {
            return ActionSet::EMPTY;
        }
        let pits = pits as u128;
        ActionSet::from_bits(pits | u128::from(s.pie == Pie::Offer) << self.t.m)
    }

    /// 1000 plies, the default: a game of Kalah played at random ends far sooner.
    fn ply_limit(&self) -> u32 {
        1000
    }
}

/// Kalah's encoding, for code that reaches it through [`Game`](crate::games::Game) (the
/// `selfplay` tool).
impl crate::encode::HasEncoding for Kalah {
    fn with_encoding<V: crate::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}
