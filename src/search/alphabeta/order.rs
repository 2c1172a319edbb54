//! The order of a node's moves: the table move, the killers, then the rest by history (or
//! by what they do first, [`SearchOptions::tactical`](super::SearchOptions::tactical)).

use std::hash::{Hash, Hasher};

use crate::hashing::MoveHasher;

/// History slots per player.
pub(super) const HISTORY: usize = 1024;

pub(super) fn history_slot<M: Hash>(mv: &M, me: crate::player::Player) -> usize {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    me.index() * HISTORY + ((h.finish() >> 40) as usize & (HISTORY - 1))
}

/// The most moves [`MoveOrder`] sorts (a [`SortBuffer`]'s size); larger move lists are left
/// in generation order.
pub(super) const SORTED: usize = 48;

/// The order of a node's moves: the table move and the killers (those of them that are
/// legal, once each), then the rest, by history when `sort` (largest first, ties in the
/// order generated; an insertion sort), else as generated. The rest are scored and sorted
/// only when the first moves are used up, since a cutoff often comes before, into the
/// search's buffer of the node's ply ([`SortBuffer`]), kept from node to node so that no
/// node clears one.
pub(super) struct MoveOrder<'a, M> {
    moves: &'a [M],
    firsts: [Option<M>; 3],
    nf: usize,
    sort: bool,
    /// Moves handed out so far (the next one's index in the order).
    pub(super) given: usize,
    /// With `sort`: how many of the rest are in the buffer, once `filled`.
    nr: usize,
    filled: bool,
    /// With `!sort`: the next index of `moves` to look at.
    next: usize,
}

/// The rest of a node's moves when [`MoveOrder`] sorts them: each a key, the history score
/// above 8 bits of `255 -` its index in the node's moves, sorted largest first (so that
/// moves of equal score keep the order they were generated in).
pub(super) type SortBuffer = [u64; SORTED];

impl<'a, M: Copy + Eq + Hash> MoveOrder<'a, M> {
    /// The order of `moves` (not empty), the `candidates` first where legal.
    #[inline]
    pub(super) fn new(moves: &'a [M], candidates: [Option<M>; 3], sort: bool) -> Self {
        let mut firsts = [None; 3];
        let mut nf = 0;
        for mv in candidates.into_iter().flatten() {
            if moves.contains(&mv) && !firsts[..nf].contains(&Some(mv)) {
                firsts[nf] = Some(mv);
                nf += 1;
            }
        }
        MoveOrder {
            moves,
            firsts,
            nf,
            sort,
            given: 0,
            nr: 0,
            filled: false,
            next: 0,
        }
    }

    /// The next move: the history of `me` orders the rest, sorted into `buffer` (this
    /// node's own until it is done).
    #[inline(always)]
    pub(super) fn next(
        &mut self,
        history: &[i32],
        buffer: &mut SortBuffer,
        me: crate::player::Player,
        tactic: Option<&dyn Fn(M) -> u64>,
    ) -> Option<M> {
        if self.given < self.nf {
            self.given += 1;
            return self.firsts[self.given - 1];
        }
        if !self.sort {
            while let Some(&mv) = self.moves.get(self.next) {
                self.next += 1;
                if !self.firsts[..self.nf].contains(&Some(mv)) {
                    self.given += 1;
                    return Some(mv);
                }
            }
            return None;
        }
        if !self.filled {
            self.fill(history, buffer, me, tactic);
        }
        let k = self.given - self.nf;
        self.given += 1;
        let key = *buffer[..self.nr].get(k)?;
        self.moves.get(255 - (key & 0xFF) as usize).copied()
    }

    /// Scores the rest by `history` into `buffer` and sorts them.
    #[inline(never)]
    fn fill(
        &mut self,
        history: &[i32],
        buffer: &mut SortBuffer,
        me: crate::player::Player,
        tactic: Option<&dyn Fn(M) -> u64>,
    ) {
        self.filled = true;
        for (i, mv) in self.moves.iter().copied().enumerate() {
            if !self.firsts[..self.nf].contains(&Some(mv)) {
                let score = history
                    .get(history_slot(&mv, me))
                    .map_or(0, |&h| h.max(0) as u64);
                let rank = tactic.map_or(0, |t| t(mv));
                buffer[self.nr] = rank << 40 | score << 8 | (255 - i as u64);
                self.nr += 1;
            }
        }
        // Insertion sort, largest first: a handful of moves, each shifted into place.
        for i in 1..self.nr {
            let key = buffer[i];
            let mut j = i;
            while j > 0 && buffer[j - 1] < key {
                buffer[j] = buffer[j - 1];
                j -= 1;
            }
            buffer[j] = key;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{HISTORY, MoveOrder, SORTED, history_slot};
    use crate::player::Player;

    /// The whole order of `moves` (as numbers) with the table move `tt`, `killer`, the
    /// history `history` and a move's rank by `tactic`.
    fn order(
        moves: &[u8],
        tt: Option<u8>,
        killer: Option<u8>,
        history: &[i32],
        tactic: Option<&dyn Fn(u8) -> u64>,
    ) -> Vec<u8> {
        let mut buffer = [0; SORTED];
        let mut order = MoveOrder::new(moves, [tt, killer, None], true);
        std::iter::from_fn(|| order.next(history, &mut buffer, Player::South, tactic)).collect()
    }

    #[test]
    fn the_rest_go_by_their_rank_then_by_history_then_as_generated() {
        let moves = [1, 2, 3, 4, 5, 6];
        let mut history = vec![0; 2 * HISTORY];
        history[history_slot(&5u8, Player::South)] = 40;
        history[history_slot(&6u8, Player::South)] = 90;
        // No rank: the table move, the killer, then history, then as generated.
        assert_eq!(
            order(&moves, Some(4), Some(2), &history, None),
            [4, 2, 6, 5, 1, 3]
        );
        // Move 3 gives an extra turn (rank 1 << 15), move 1 captures 5 seeds, move 5 two:
        // they come before history, the extra turn first.
        let rank = |mv: u8| match mv {
            3 => 1 << 15,
            1 => 5,
            5 => 2,
            _ => 0,
        };
        assert_eq!(
            order(&moves, Some(4), Some(2), &history, Some(&rank)),
            [4, 2, 3, 1, 5, 6]
        );
        // Without history (the option off, the table empty): rank, then as generated.
        assert_eq!(
            order(&moves, None, None, &[], Some(&rank)),
            [3, 1, 5, 2, 4, 6]
        );
    }
}
