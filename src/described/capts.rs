//! The rarer captures: captures by the holes' owners while sowing (`owner-captures`), the
//! pull across (`pull-across`), no capture after a single seed (`no-single-capture`) and
//! the last seeds taken (`take-last`). They run only in the `Any` shape
//! ([`rarer_in`](super::shape::rarer_in)); the move code calls in here at a few points.

use super::Mancala;
use super::description::{Description, Laps, Opposite, Side, StoreSowing};
use super::moves::MancalaMove;
use super::shape::Shape;
use super::sow::{ENDLESS, MAX_LIFTS};
use super::state::{MancalaState, WRAP};
use crate::error::SettingsError;
use crate::player::Player;

impl Description {
    /// Whether any of the rarer captures is used.
    pub(crate) fn rarer_captures(&self) -> bool {
        let c = &self.captures;
        self.sowing.owner_captures
            || c.pull_across
            || c.no_single_capture
            || c.take_last.is_some()
            || c.forfeit_store
            || !c.sweep_counts.is_empty()
            || c.take_singles
            || self.sowing.lap_captures_opp_gets.is_some()
    }

    /// The checks of the rarer captures against the other parameters (part of
    /// [`validate`](Description::validate)).
    pub(crate) fn validate_rarer_captures(&self) -> Result<(), SettingsError> {
        let (s, c) = (&self.sowing, &self.captures);
        if s.owner_captures {
            let conflict = if c.counts.is_empty() {
                Some("owner-captures without a count capture")
            } else if c.side != Side::Either {
                Some("owner-captures without capture-side=either")
            } else if s.stores != StoreSowing::None {
                Some("owner-captures with a store sown")
            } else {
                None
            };
            if let Some(conflict) = conflict {
                return Err(SettingsError::Conflict(conflict));
            }
        }
        if c.pull_across && (!c.counts.is_empty() || c.opposite != Opposite::Off) {
            return Err(SettingsError::Conflict(
                "pull-across with a count or opposite capture",
            ));
        }
        if c.no_single_capture && s.laps == Laps::Relay {
            return Err(SettingsError::Conflict("no-single-capture with laps=relay"));
        }
        if c.no_single_capture && c.grand_slam == super::GrandSlam::Illegal {
            return Err(SettingsError::Conflict(
                "no-single-capture with grand-slam=illegal",
            ));
        }
        self.validate_capture_types()?;
        if c.take_last == Some(0) {
            return Err(SettingsError::OutOfRange {
                setting: "take-last",
                value: 0,
                min: 1,
                max: 255,
            });
        }
        Ok(())
    }
}

/// The ring place of `player`'s store on a board of `h` holes a row.
fn store_of(h: usize, player: Player) -> usize {
    if player == Player::South {
        h
    } else {
        2 * h + 1
    }
}

/// The owner of ring place `r` (a hole) on a board of `h` holes a row.
fn owner_of(h: usize, r: usize) -> Player {
    if r < h { Player::South } else { Player::North }
}

impl Mancala {
    /// [`sow`](Mancala::sow) under `owner-captures`: seed by seed, each hole a seed brings
    /// to a capturing count taken at once by its owner (but, under relays, the hole of each
    /// lap's last seed); relays and their limits as the usual sowing has them. Returns the
    /// last seed's place ([`ENDLESS`] for a relay cut short by `max-laps`).
    #[cold]
    pub(crate) fn sow_owned<S: Shape>(&self, s: &mut MancalaState, mv: MancalaMove) -> usize {
        let me = s.mover;
        let way = self.way_of::<S>(s, mv);
        let next = &self.steps.next[me.index()][way];
        let sowing = &self.description.sowing;
        let relay = sowing.laps == Laps::Relay;
        let h = s.holes();
        let seeded = !relay || self.seeded::<S>(s);
        let mut pos = s.at(me, usize::from(mv.hole));
        let mut lifts = 0;
        loop {
            let origin = pos;
            let mut hand = s.cell(pos);
            s.put(pos, 0);
            let skip = sowing.skip_origin && hand >= self.steps.places[me.index()];
            while hand > 0 {
                pos = usize::from(next[pos & WRAP]);
                if skip && pos == origin {
                    pos = usize::from(next[pos & WRAP]);
                }
                *s.cell_mut(pos) = s.cell(pos).wrapping_add(1);
                hand -= 1;
                let hole = pos != h && pos != 2 * h + 1;
                if hole && !(relay && hand == 0) && self.steps.captures(s.cell(pos)) {
                    let store = store_of(h, owner_of(h, pos));
                    s.put(store, s.cell(store).wrapping_add(s.cell(pos)));
                    s.put(pos, 0);
                }
            }
            let store = pos == h || pos == 2 * h + 1;
            if !relay || store || s.cell(pos) <= 1 || lifts >= MAX_LIFTS {
                return pos;
            }
            if self.relay_capture::<S>(s, pos, way, seeded) {
                return pos;
            }
            lifts += 1;
            if sowing.max_laps.is_some_and(|max| lifts >= u32::from(max)) {
                return ENDLESS;
            }
        }
    }

    /// Whether `no-single-capture` forbids the captures of `mv` from `s` (before the move):
    /// its hole holds a single seed.
    #[inline]
    pub(crate) fn single_seed_move(&self, s: &MancalaState, mv: MancalaMove) -> bool {
        self.description.captures.no_single_capture
            && s.row(s.mover).get(usize::from(mv.hole)) == Some(&1)
    }

    /// After the captures of a move of `me` whose last seed fell at hole `last`: the pull
    /// across, the store forfeited, the opponent's row swept or the single seeds taken, then
    /// the last seeds taken. Returns whether one of the first four gives another turn.
    #[cold]
    pub(crate) fn after_captures(&self, s: &mut MancalaState, last: usize, me: Player) -> bool {
        let c = &self.description.captures;
        let again = c.pull_across && self.pull_across(s, last) && c.again_on_capture;
        let again =
            again || (c.forfeit_store && self.forfeit_store(s, last, me) && c.again_on_capture);
        let again = again
            || (!c.sweep_counts.is_empty() && self.sweep_row(s, last, me) && c.again_on_capture);
        let again = again || (c.take_singles && self.take_singles(s, me) && c.again_on_capture);
        if let Some(n) = c.take_last {
            self.take_last(s, me, n);
        }
        again
    }

    /// The pull across after a last seed at hole `last`: if it fell in an empty hole of the
    /// mover's row (which now holds it alone) and the hole opposite holds seeds, they are
    /// moved into it. Returns whether seeds moved.
    #[cold]
    pub(crate) fn pull_across(&self, s: &mut MancalaState, last: usize) -> bool {
        let h = s.holes();
        if last == h || last > 2 * h || owner_of(h, last) != s.mover || s.cell(last) != 1 {
            return false;
        }
        let across = 2 * h - last;
        let seeds = s.cell(across);
        if seeds == 0 {
            return false;
        }
        s.put(across, 0);
        s.put(last, 1 + seeds);
        true
    }

    /// `take-last=N` after a move of `me` whose last seed fell in a hole: when 1 to `n`
    /// seeds are left on the board, `me` takes them all.
    #[cold]
    pub(crate) fn take_last(&self, s: &mut MancalaState, me: Player, n: u8) {
        let left = s.seeds_in_row(Player::South) + s.seeds_in_row(Player::North);
        if left == 0 || left > u32::from(n) {
            return;
        }
        let h = s.holes();
        let store = store_of(h, me);
        s.put(store, s.cell(store).wrapping_add(left as u8));
        for player in Player::BOTH {
            let start = s.at(player, 0);
            s.cells[start..start + h].fill(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::described::Mancala;
    use crate::described::shape::Kernel;

    /// A game of a rarer capture runs in the `Any` shape, whatever its size; without it,
    /// the same game in a narrower one.
    #[test]
    fn the_rarer_captures_run_in_the_any_shape_only() {
        let base = "mancala:holes=3,seeds=2,stores=none,capture=4,capture-side=either,\
            grand-slam=capture,opposite=off,again=none,end=stuck";
        for switch in ["owner-captures", "no-single-capture", "take-last=2"] {
            let game: Mancala = format!("{base},{switch}").parse().unwrap();
            assert_eq!(Kernel::of(game.description()), Kernel::Any, "{switch}");
        }
        let pull: Mancala = "mancala:opposite=off,pull-across".parse().unwrap();
        assert_eq!(Kernel::of(pull.description()), Kernel::Any);
        let plain: Mancala = base.parse().unwrap();
        assert_ne!(Kernel::of(plain.description()), Kernel::Any);
    }
}
