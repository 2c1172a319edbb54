//! Any described game as numbers: one action a hole (two where the mover chooses the way),
//! and the board from the mover's side.

use super::{Mancala, MancalaMove, MancalaState};
use crate::encode::{Encoding, HasEncoding};

/// Actions `0..h` are the mover's holes from his left (sowing to his right where he chooses
/// the way); then one action for each hole whose way he chooses, in order from his left,
/// sowing to his left: under `sow=choice` actions `h..2h` are holes `0..h` sowing left, under
/// `choice-holes=3` action `h` is hole 3 sowing left. The observation is the mover's holes
/// from his left, the opponent's from his, the mover's store and the opponent's (`2h + 2`
/// values), and under `sow=first-chooses` one more: 0 before the way is chosen, 1 when
/// the mover sows to his right (counter-clockwise), -1 to his left.
impl Encoding for Mancala {
    fn num_actions(&self) -> usize {
        self.holes_per_row() + self.chosen_in_row().count_ones() as usize
    }

    fn action_to_move(&self, s: &MancalaState, action: usize) -> Option<MancalaMove> {
        let h = self.holes_per_row();
        if action >= self.num_actions() {
            return None;
        }
        let bit = if action < h {
            action as u32
        } else {
            // The (action - h)-th chosen hole from the left.
            let mut chosen = self.chosen_in_row();
            for _ in h..action {
                chosen &= chosen - 1;
            }
            16 + chosen.trailing_zeros()
        };
        let mv = self.move_of_bit(bit);
        self.bit_of(s, mv).map(|_| mv)
    }

    fn move_to_action(&self, s: &MancalaState, mv: MancalaMove) -> Option<usize> {
        let bit = self.bit_of(s, mv)?;
        let h = self.holes_per_row();
        let action = if bit < 16 {
            bit as usize
        } else {
            let below = self.chosen_in_row() & ((1 << (bit - 16)) - 1);
            h + below.count_ones() as usize
        };
        (action < self.num_actions()).then_some(action)
    }

    fn observation_len(&self) -> usize {
        2 * self.holes_per_row() + 2 + usize::from(self.first_chooses())
    }

    fn fill_observation(&self, s: &MancalaState, out: &mut [f32]) {
        let me = s.to_move();
        let values = s
            .row(me)
            .iter()
            .chain(s.row(!me))
            .chain([&s.cells[s.store_at(me)], &s.cells[s.store_at(!me)]]);
        for (o, &v) in out.iter_mut().zip(values) {
            *o = f32::from(v);
        }
        if self.first_chooses() {
            let way = match Self::chosen_way(s, me) {
                None => 0.0,
                Some(0) => 1.0,
                Some(_) => -1.0,
            };
            if let Some(o) = out.get_mut(2 * self.holes_per_row() + 2) {
                *o = way;
            }
        }
    }
}

impl Mancala {
    /// The chosen holes ([`chosen_holes`](Mancala::chosen_holes)) of a row, hole `i` bit `i`.
    fn chosen_in_row(&self) -> u32 {
        self.chosen_holes() & ((1 << self.holes_per_row()) - 1)
    }
}

/// The family's encoding ([`Encoding`] above), for the self-play tool and the environments.
impl HasEncoding for Mancala {
    fn with_encoding<V: crate::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}
