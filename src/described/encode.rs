//! Any described game as numbers: one action a hole (two where the mover chooses the way),
//! and the board from the mover's side.

use super::{Direction, Mancala, MancalaMove, MancalaState};
use crate::encode::{Encoding, HasEncoding};

/// Actions `0..h` are the mover's holes from his left (sowing to his right under
/// `sow=choice`), `h..2h` the same holes sowing to his left under `sow=choice`. The
/// observation is the mover's holes from his left, the opponent's from his, the mover's
/// store and the opponent's (`2h + 2` values).
impl Encoding for Mancala {
    fn num_actions(&self) -> usize {
        match self.description.sowing.direction {
            Direction::Choice => 2 * self.holes_per_row(),
            _ => self.holes_per_row(),
        }
    }

    fn action_to_move(&self, s: &MancalaState, action: usize) -> Option<MancalaMove> {
        let h = self.holes_per_row();
        if action >= self.num_actions() {
            return None;
        }
        let bit = if action < h { action } else { 16 + action - h };
        let mv = self.move_of_bit(bit as u32);
        self.bit_of(s, mv).map(|_| mv)
    }

    fn move_to_action(&self, s: &MancalaState, mv: MancalaMove) -> Option<usize> {
        let bit = self.bit_of(s, mv)? as usize;
        let h = self.holes_per_row();
        let action = if bit < 16 { bit } else { h + bit - 16 };
        (action < self.num_actions()).then_some(action)
    }

    fn observation_len(&self) -> usize {
        2 * self.holes_per_row() + 2
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
    }
}

/// The family's encoding ([`Encoding`] above), for the self-play tool and the environments.
impl HasEncoding for Mancala {
    fn with_encoding<V: crate::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}
