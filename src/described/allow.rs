//! Which holes a mover may play: the rules of [`Allow`] (MancalaGames' `allow_rule`), each a
//! filter on the holes that hold enough seeds, applied before feeding and the grand-slam
//! rule choose among them.

use super::Mancala;
use super::description::Allow;
use super::sow::Mask;
use super::state::{MancalaState, WRAP};
use crate::player::Player;

impl Mancala {
    /// The holes of `mask` (the mover's holes of at least [`min_seeds`], hole `i` from his
    /// left bit `i`) that the description's [`Allow`] rule lets him play.
    ///
    /// [`min_seeds`]: super::Sowing::min_seeds
    #[cold]
    pub(crate) fn allowed(&self, s: &MancalaState, mask: Mask) -> Mask {
        let row = s.row(s.mover);
        match self.description.sowing.allow {
            Allow::Any => mask,
            Allow::OpponentOrEmpty => self.opponent_or_empty(s, mask),
            Allow::SingleToEmpty => self.single_to_empty(s, mask),
            Allow::SinglesLast => last_of(row, mask, 1),
            Allow::SinglesLastToEmpty => self.single_to_empty(s, last_of(row, mask, 1)),
            Allow::TwosLast => last_of(row, mask, 2),
            Allow::TwosLastRightmost => {
                if mask == 0 || holes(mask).any(|i| row[i] != 2) {
                    last_of(row, mask, 2)
                } else {
                    // Every hole he may play holds two: the rightmost, from his seat.
                    1 << (31 - mask.leading_zeros())
                }
            }
            Allow::NotOppositeSingle => {
                let h = row.len();
                let across = s.row(!s.mover);
                let mut out = mask;
                for i in holes(mask) {
                    if across[h - 1 - i] == 1 {
                        out &= !(1 << i);
                    }
                }
                out
            }
            Allow::Occupied => {
                let mut out = mask;
                for i in holes(mask) {
                    let (end, after) = self.first_lap(s, i);
                    // A lap ending in South's first hole is never forbidden (as theirs).
                    if self.is_hole(s, end) && end != 0 && after.cell(end) == 1 {
                        out &= !(1 << i);
                    }
                }
                out
            }
        }
    }

    /// Whether `player`'s hole `hole` (from his left) holding enough seeds is one the
    /// [`Allow`] rule forbids him in `s` (`player` to move).
    pub(crate) fn forbidden_by_allow(&self, s: &MancalaState, hole: usize) -> bool {
        let min = self.description.sowing.min_seeds;
        let mut playable: Mask = 0;
        for (i, &n) in s.row(s.mover).iter().enumerate() {
            if n >= min {
                playable |= 1 << i;
            }
        }
        playable >> hole & 1 != 0 && self.allowed(s, playable) >> hole & 1 == 0
    }

    /// [`Allow::OpponentOrEmpty`]: a hole whose first lap ends in one of the mover's holes
    /// that held seeds before the move is forbidden, when the count tested is at most a row.
    fn opponent_or_empty(&self, s: &MancalaState, mask: Mask) -> Mask {
        let me = s.mover;
        let h = s.holes();
        let mut out = mask;
        for i in holes(mask) {
            // Their engine reads the count at its index of the move among South's holes:
            // the hole played for South, the hole across it for North.
            let tested = match me {
                Player::South => s.row(Player::South)[i],
                Player::North => s.row(Player::South)[h - 1 - i],
            };
            if usize::from(tested) > h {
                continue;
            }
            let (end, _) = self.first_lap(s, i);
            if self.is_hole(s, end) && owned_by(h, end, me) && s.cell(end) > 0 {
                out &= !(1 << i);
            }
        }
        out
    }

    /// [`Allow::SingleToEmpty`]: a hole of one seed whose next hole holds seeds is
    /// forbidden (no store is sown, so the next place is a hole).
    fn single_to_empty(&self, s: &MancalaState, mask: Mask) -> Mask {
        let me = s.mover;
        let next = &self.steps.next[me.index()][self.steps.way];
        let row = s.row(me);
        let mut out = mask;
        for i in holes(mask) {
            let after = usize::from(next[s.at(me, i) & WRAP]);
            if row[i] == 1 && s.cell(after) != 0 {
                out &= !(1 << i);
            }
        }
        out
    }

    /// The first lap of a move from the mover's hole `hole`, sown as the move sows it (its
    /// stores, its skipped origin) without relaying: the ring place of the last seed, and
    /// the position after the lap.
    fn first_lap(&self, s: &MancalaState, hole: usize) -> (usize, MancalaState) {
        let me = s.mover;
        let next = &self.steps.next[me.index()][self.steps.way];
        let skip = self.description.sowing.skip_origin;
        let mut after = *s;
        let origin = s.at(me, hole);
        let mut hand = s.cell(origin);
        *after.cell_mut(origin) = 0;
        let mut pos = origin;
        while hand > 0 {
            pos = usize::from(next[pos & WRAP]);
            if skip && pos == origin {
                pos = usize::from(next[pos & WRAP]);
            }
            let cell = after.cell_mut(pos);
            *cell = cell.wrapping_add(1);
            hand -= 1;
        }
        (pos, after)
    }

    /// Whether ring place `r` is a hole (not a store).
    fn is_hole(&self, s: &MancalaState, r: usize) -> bool {
        let h = s.holes();
        r != h && r != 2 * h + 1
    }
}

/// The holes of `mask` without those of exactly `n` seeds, unless every hole of `mask`
/// holds `n`.
fn last_of(row: &[u8], mask: Mask, n: u8) -> Mask {
    let of_n = holes(mask)
        .filter(|&i| row[i] == n)
        .fold(0, |m, i| m | 1 << i);
    if of_n == mask { mask } else { mask & !of_n }
}

/// The holes of a mask, lowest first.
fn holes(mask: Mask) -> impl Iterator<Item = usize> {
    (0..16).filter(move |i| mask >> i & 1 != 0)
}

/// Whether ring place `r` (a hole) is `player`'s.
fn owned_by(h: usize, r: usize, player: Player) -> bool {
    (r < h) == (player == Player::South)
}
