//! A sowing of one lap as word additions: for rows of at most 7 holes, what sowing a hand
//! from each hole adds to the ring, looked up once a move rather than stepped seed by seed.
//!
//! A hand of `n` seeds from a hole sows `n / L` whole rounds of the `L` places it reaches
//! (the stores it sows, and not its own hole under `skip-origin`), then `n % L` places on:
//! the ring, read as one 128-bit word of 8-bit counters, gains `n / L` times one lane word and a second
//! word from the table. Only the loop's answer is kept: the same counts and the same last
//! place as sowing seed by seed ([`Mancala::sow`](super::Mancala)).

use std::fmt;
use std::sync::Arc;

use super::state::MancalaState;
use crate::player::Player;

/// The most holes a row the table holds: the ring's places then fit one 128-bit word.
pub(crate) const TABLE_HOLES: usize = 7;

/// What `r` seeds sown on from a hole add, and where the last falls.
#[derive(Clone, Copy, Default)]
struct Reach {
    add: u128,
    /// The last seed's place; for `r = 0`, the last place of a whole round.
    last: u8,
}

/// The tables of one description (rows of at most 7 holes).
struct Tables {
    /// `round[slot][way][origin]`: one seed in each place a whole round from the hole at
    /// ring place `origin` sows. Slot 0 holds each hole sown by its owner; under relays,
    /// which lift from the opponent's holes too, slot `i` holds every hole sown by the
    /// player of index `i`.
    round: [[[u128; 16]; 2]; 2],
    /// `reach[slot][way][origin][r]`, `r` below the round's length.
    reach: [[[[Reach; 16]; 16]; 2]; 2],
    /// `lift[origin]`: every lane but the origin's.
    lift: [u128; 16],
    /// `divmod[n]`: whole rounds and seeds left of a hand of `n`.
    divmod: [(u8, u8); 256],
    /// Places a round.
    len: u8,
}

/// The lap tables of a description, shared by its clones.
#[derive(Clone)]
pub(crate) struct LapTable(Arc<Tables>);

impl fmt::Debug for LapTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LapTable {{ round: {} places }}", self.0.len)
    }
}

impl LapTable {
    /// The tables for rows of `holes` (at most [`TABLE_HOLES`]), from the step tables
    /// `next` (as [`Steps`](super::sow::Steps) has them), `places` sown a lap by each player,
    /// whether a round skips its origin, and whether the game relays.
    pub(crate) fn new(
        holes: usize,
        next: &[[[u8; super::state::RING]; 2]; 2],
        places: [u8; 2],
        skip: bool,
        relay: bool,
    ) -> LapTable {
        let mut t = Box::new(Tables {
            round: [[[0; 16]; 2]; 2],
            reach: [[[[Reach::default(); 16]; 16]; 2]; 2],
            divmod: [(0, 0); 256],
            lift: [0; 16],
            len: 0,
        });
        for (origin, lift) in t.lift.iter_mut().enumerate() {
            *lift = !(0xFF << (8 * origin));
        }
        // Both players sow as many places a lap (their own store, both or neither).
        let len = usize::from(places[0]) - usize::from(skip);
        t.len = len as u8;
        for (n, d) in t.divmod.iter_mut().enumerate() {
            *d = ((n / len) as u8, (n % len) as u8);
        }
        for player in Player::BOTH {
            let p = player.index();
            for (way, next) in next[p].iter().enumerate() {
                // Every hole of both rows.
                let h = holes.min(TABLE_HOLES);
                for origin in (0..h).chain(h + 1..2 * h + 1) {
                    let owner = usize::from(origin > h);
                    if !relay && owner != p {
                        continue;
                    }
                    let slot = if relay { p } else { 0 };
                    // The places sown, in order, a whole round and one more.
                    let mut seq = Vec::with_capacity(len);
                    let mut pos = origin;
                    while seq.len() < len {
                        pos = usize::from(next[pos]);
                        if skip && pos == origin {
                            continue;
                        }
                        seq.push(pos);
                    }
                    let mut add = 0u128;
                    for (r, &place) in seq.iter().enumerate() {
                        // `r` seeds reach `seq[..r]`.
                        t.reach[slot][way][origin][r] = Reach {
                            add,
                            last: if r == 0 { seq[len - 1] } else { seq[r - 1] } as u8,
                        };
                        add += 1 << (8 * place);
                    }
                    t.round[slot][way][origin] = add;
                }
            }
        }
        LapTable(Arc::from(t))
    }

    /// Where the last seed of the hole at ring place `origin` (not empty) would fall, as
    /// [`sow`](LapTable::sow) would sow it, without sowing.
    #[inline(always)]
    pub(crate) fn last(&self, s: &MancalaState, slot: usize, way: usize, origin: usize) -> usize {
        let t = &*self.0;
        let origin = origin & 15;
        let r = t.divmod[usize::from(s.cell(origin))].1;
        usize::from(t.reach[slot & 1][way & 1][origin][usize::from(r) & 15].last)
    }

    /// Lifts the seeds (at least one) of the hole at ring place `origin` and sows them the
    /// way of index `way`, from the table's `slot` (0 outside relays, else the index of
    /// the player to move); returns the last seed's place.
    #[inline(always)]
    pub(crate) fn sow(
        &self,
        s: &mut MancalaState,
        slot: usize,
        way: usize,
        origin: usize,
    ) -> usize {
        let t = &*self.0;
        let (me, way, origin) = (slot & 1, way & 1, origin & 15);
        let hand = s.cell(origin);
        let (rounds, r) = t.divmod[usize::from(hand)];
        let reach = &t.reach[me][way][origin][usize::from(r) & 15];
        let mut ring = s.ring() & t.lift[origin];
        if rounds != 0 {
            ring = ring.wrapping_add(u128::from(rounds).wrapping_mul(t.round[me][way][origin]));
        }
        // The hand leaves its hole in the same word (not by a store of a byte that the
        // word read would wait on); no lane carries, every count of a state adding up to
        // at most 255.
        let ring = ring.wrapping_add(reach.add);
        s.set_ring(ring);
        usize::from(reach.last)
    }
}

#[cfg(test)]
mod tests {
    use crate::described::shape::Narrow;
    use crate::described::state::MancalaState;
    use crate::described::{
        Board, Description, Direction, Laps, Mancala, MancalaMove, Sowing, StoreSowing, Way,
    };
    use crate::player::Player;
    use crate::rng::{RandomSource, WyRand};

    /// Every board of 2 to 7 holes, each way, each store sowing, with and without the skip,
    /// one lap and relays: hands of every size (whole rounds too) sow the same by table as
    /// seed by seed.
    #[test]
    fn a_lap_by_table_sows_as_seed_by_seed() {
        let mut rng = WyRand::new(7);
        let mut compared = 0;
        for holes in 2..=7u8 {
            for stores in [StoreSowing::None, StoreSowing::Own, StoreSowing::Both] {
                for skip_origin in [false, true] {
                    for (direction, laps) in [
                        (Direction::Ccw, Laps::One),
                        (Direction::Cw, Laps::One),
                        (Direction::Choice, Laps::One),
                        (Direction::Split, Laps::One),
                        (Direction::Split, Laps::Relay),
                        (Direction::Ccw, Laps::Relay),
                        (Direction::Cw, Laps::Relay),
                    ] {
                        let d = Description {
                            board: Board {
                                holes,
                                seeds: 4,
                                start: None,
                                north_start: None,
                            },
                            sowing: Sowing {
                                direction,
                                laps,
                                stores,
                                skip_origin,
                                ..Description::KALAH.sowing
                            },
                            ..Description::KALAH
                        };
                        let Ok(rules) = Mancala::new(d) else {
                            continue;
                        };
                        assert!(rules.steps.lap.is_some());
                        let h = usize::from(holes);
                        for _ in 0..12 {
                            let mut rows = [vec![0u8; h], vec![0u8; h]];
                            let mut total = 0u32;
                            for row in rows.iter_mut() {
                                for n in row.iter_mut() {
                                    *n = rng.below(5) as u8;
                                    total += u32::from(*n);
                                }
                            }
                            // One hand large enough for several rounds.
                            let big = rng.below(2 * h as u32) as usize;
                            let extra = rng.below(256 - total) as u8;
                            rows[big / h][big % h] += extra;
                            for mover in Player::BOTH {
                                let s = MancalaState::from_rows(&rows[0], &rows[1], [0, 0], mover);
                                for hole in 0..h {
                                    if s.row(mover)[hole] == 0 {
                                        continue;
                                    }
                                    let ways: &[Way] = if direction == Direction::Choice {
                                        &[Way::Right, Way::Left]
                                    } else {
                                        &[Way::Only]
                                    };
                                    for &way in ways {
                                        let mv = MancalaMove {
                                            hole: hole as u8,
                                            way,
                                        };
                                        let (mut table, mut steps) = (s, s);
                                        let last = rules.sow::<Narrow>(&mut table, mv);
                                        let stepped =
                                            rules.sow_relay::<Narrow>(&mut steps, mv, None);
                                        assert_eq!(
                                            (last, table),
                                            (stepped, steps),
                                            "{d:?} {s} {mv}"
                                        );
                                        compared += 1;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 5_000, "{compared}");
    }
}
