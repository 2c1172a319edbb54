//! The legal actions of each phase of a turn, written once: as masks, from which the move
//! list ([`Ruleset::legal_moves`](crate::Ruleset::legal_moves)), the action set of the
//! encoding and the test whether the mover can move all read.

use super::Tsoro;
use super::moves::{Hole, TsoroMove, TsoroMoves};
use super::state::{Phase, TsoroState};

/// The legal actions of a phase, the ply limit aside.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Legal {
    /// The start phase: one bit per loop index of the mover's the turn may start from.
    Starts(u64),
    /// A head decision: `stop` is always legal; `relay` when its sowing ends.
    Head {
        /// Whether relaying on is legal.
        relay: bool,
    },
    /// The bonus takes: one bit per loop index of the opponent's that may be taken, and
    /// whether `done` is legal.
    Bonus {
        /// The opponent's holes that may be taken.
        takes: u64,
        /// Whether `done` is legal.
        done: bool,
    },
}

impl Legal {
    /// Whether there is no legal action.
    #[inline]
    pub(super) fn is_empty(self) -> bool {
        match self {
            Legal::Starts(m) => m == 0,
            Legal::Head { .. } => false,
            Legal::Bonus { takes, done } => takes == 0 && !done,
        }
    }
}

impl Tsoro {
    /// The legal actions of the phase, the ply limit aside. With `ANY`, only whether there is
    /// one: the masks hold at least one legal action if there is any (the first found), and
    /// no further sowing is simulated once one is found.
    #[inline(always)]
    pub(super) fn legal<const ANY: bool>(&self, s: &TsoroState) -> Legal {
        match s.phase {
            Phase::Start => {
                let (m, singles) = self.start_candidates(s);
                if !self.endless_possible {
                    // Heads end every relay: every candidate is legal.
                    return Legal::Starts(m);
                }
                let (mut c, mut legal) = (m, 0);
                while c != 0 {
                    let i = c.trailing_zeros() as usize;
                    c &= c - 1;
                    if self.start_ends(s, i, singles) {
                        legal |= 1 << i;
                        if ANY {
                            break;
                        }
                    }
                }
                Legal::Starts(legal)
            }
            Phase::Head(_) => Legal::Head {
                relay: !ANY && self.relay_ends(s),
            },
            Phase::Bonus(k) => {
                let m = self.takeable(s);
                // A take that leaves more to take is always legal; only a last take may
                // have to sow the hand back in.
                let last_take = k <= 1 || m.count_ones() <= 1;
                if !last_take {
                    if ANY {
                        return Legal::Bonus {
                            takes: m,
                            done: false,
                        };
                    }
                    return Legal::Bonus {
                        takes: m,
                        done: self.done_ok(s),
                    };
                }
                let mut takes = 0;
                let mut c = m;
                while c != 0 {
                    let j = c.trailing_zeros() as usize;
                    c &= c - 1;
                    if self.bonus_ok(s, TsoroMove::Take(Hole::from_opponent_index(j, self.n))) {
                        takes |= 1 << j;
                        if ANY {
                            return Legal::Bonus { takes, done: false };
                        }
                    }
                }
                Legal::Bonus {
                    takes,
                    done: self.done_ok(s),
                }
            }
        }
    }

    /// Whether `done` is legal in the bonus takes: they are not forced, and its sowing (under
    /// re-entry) ends.
    #[inline]
    fn done_ok(&self, s: &TsoroState) -> bool {
        !self.settings.forced_bonus && self.bonus_ok(s, TsoroMove::Done)
    }

    /// The legal moves, the ply limit aside, in the move list's order: starts by loop
    /// index; `relay`, `stop`; takes by the opponent's loop index, `done`.
    pub(super) fn legal_ignoring_limit(&self, s: &TsoroState, moves: &mut TsoroMoves) {
        match self.legal::<false>(s) {
            Legal::Starts(mut m) => {
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    m &= m - 1;
                    moves.push(TsoroMove::Sow(Hole::from_own_index(i, self.n)));
                }
            }
            Legal::Head { relay } => {
                if relay {
                    moves.push(TsoroMove::Relay);
                }
                moves.push(TsoroMove::Stop);
            }
            Legal::Bonus { mut takes, done } => {
                while takes != 0 {
                    let j = takes.trailing_zeros() as usize;
                    takes &= takes - 1;
                    moves.push(TsoroMove::Take(Hole::from_opponent_index(j, self.n)));
                }
                if done {
                    moves.push(TsoroMove::Done);
                }
            }
        }
    }

    /// Whether the mover has a legal action, the ply limit aside.
    #[inline]
    pub(super) fn can_move(&self, s: &TsoroState) -> bool {
        !self.legal::<true>(s).is_empty()
    }
}
