//! The shapes a described game's moves are compiled for: which rules a game may use, fixed
//! at compile time, so that a game without a rule spends no instruction asking for it.
//!
//! The move code ([`sow`](super::sow)) is generic over a [`Shape`]: each rule it asks about
//! at run time is first asked of the shape, a constant, so a shape that leaves a rule out
//! compiles the question away. [`Kernel::of`] picks, once for a description, the first
//! compiled shape that holds every rule the description uses; [`Any`] holds them all, and
//! with it the code asks exactly what the description says. The rules themselves never
//! differ between shapes: a shape only says which questions can have a `yes`.

use super::description::{
    Description, Direction, EndRule, Goal, GrandSlam, Laps, Opposite, RelayIf,
};

/// The rules a compiled shape of the move code may meet; `false` where it never does.
pub(crate) trait Shape {
    /// The way is not fixed (`sow=choice`, `sow=even-odd`, `sow=split`, `choice-holes`).
    const WAYS: bool;
    /// A move takes more than one seed (`min-seeds`).
    const MIN: bool;
    /// Relay sowing (`laps=relay`).
    const RELAY: bool;
    /// A full lap skips its origin (`skip-origin`).
    const SKIP: bool;
    /// Count captures (`capture=...`).
    const COUNTS: bool;
    /// The opposite capture (`opposite=with-seed|without-seed`).
    const OPPOSITE: bool;
    /// Feeding (`must-feed`).
    const FEED: bool;
    /// A grand-slam rule that asks more than the capture (`grand-slam=illegal`,
    /// `grand-slam-always-illegal`, `grand-slam-if-seeded`).
    const SLAM: bool;
    /// The rarer ends and turns: `goal=clear`, `too-few`, `max-plies`, `pass`,
    /// `end=cleared-own|cleared-opponent` (and, with [`WIDE`](Shape::WIDE), the rarer
    /// captures and moves, `allow` and `grand-slam-again`: [`rarer_in`]).
    const RARE: bool;
    /// A store past half wins (`half-wins`).
    const HALF: bool;
    /// More than 7 holes a row: the board is more than one 128-bit word.
    const WIDE: bool;
    /// MancalaGames' relay conditions and ends by a seed limit: `laps=next`, `relay-if`,
    /// `relay-stops-on-count`, `seeds-limit`, `hole-limit` (only [`Any`] holds them).
    const LAPS: bool;
    /// The rules of the opening and the lift (`sow-start`, `take-one`, `chain-most`,
    /// `no-capture-moves`, `two-out`): only in [`Any`].
    const EARLY: bool = false;
}

/// Whether shape `S` runs the rarer captures (`owner-captures`, `pull-across`,
/// `no-single-capture`, `take-last`): only [`Any`], the one shape of every rule and wide
/// rows, so that no other shape spends an instruction asking for them.
#[inline(always)]
pub(crate) const fn rarer_in<S: Shape>() -> bool {
    S::RARE && S::WIDE
}

/// Kalah's shape: one lap, the opposite capture, nothing else asked at run time but the
/// turn and the side-empty end.
pub(crate) struct KalahShape;

impl Shape for KalahShape {
    const WAYS: bool = false;
    const MIN: bool = false;
    const RELAY: bool = false;
    const SKIP: bool = false;
    const COUNTS: bool = false;
    const OPPOSITE: bool = true;
    const FEED: bool = false;
    const SLAM: bool = false;
    const RARE: bool = false;
    const HALF: bool = false;
    const WIDE: bool = false;
    const LAPS: bool = false;
}

/// Oware's shape: one lap skipping its origin, count captures, feeding, a store past half.
pub(crate) struct OwareShape;

impl Shape for OwareShape {
    const WAYS: bool = false;
    const MIN: bool = false;
    const RELAY: bool = false;
    const SKIP: bool = true;
    const COUNTS: bool = true;
    const OPPOSITE: bool = false;
    const FEED: bool = true;
    const SLAM: bool = false;
    const RARE: bool = false;
    const HALF: bool = true;
    const WIDE: bool = false;
    const LAPS: bool = false;
}

/// Every rule of a single lap one fixed way, rows of at most 7 holes.
pub(crate) struct OneLap;

impl Shape for OneLap {
    const WAYS: bool = false;
    const MIN: bool = false;
    const RELAY: bool = false;
    const SKIP: bool = true;
    const COUNTS: bool = true;
    const OPPOSITE: bool = true;
    const FEED: bool = true;
    const SLAM: bool = true;
    const RARE: bool = true;
    const HALF: bool = true;
    const WIDE: bool = false;
    const LAPS: bool = false;
}

/// Every rule of one fixed way, relays too, rows of at most 7 holes.
pub(crate) struct Relays;

impl Shape for Relays {
    const WAYS: bool = false;
    const MIN: bool = false;
    const RELAY: bool = true;
    const SKIP: bool = true;
    const COUNTS: bool = true;
    const OPPOSITE: bool = true;
    const FEED: bool = true;
    const SLAM: bool = true;
    const RARE: bool = true;
    const HALF: bool = true;
    const WIDE: bool = false;
    const LAPS: bool = false;
}

/// Every rule, rows of at most 7 holes.
pub(crate) struct Narrow;

impl Shape for Narrow {
    const WAYS: bool = true;
    const MIN: bool = true;
    const RELAY: bool = true;
    const SKIP: bool = true;
    const COUNTS: bool = true;
    const OPPOSITE: bool = true;
    const FEED: bool = true;
    const SLAM: bool = true;
    const RARE: bool = true;
    const HALF: bool = true;
    const WIDE: bool = false;
    const LAPS: bool = false;
}

/// Every rule: the code asks exactly what the description says.
pub(crate) struct Any;

impl Shape for Any {
    const WAYS: bool = true;
    const MIN: bool = true;
    const RELAY: bool = true;
    const SKIP: bool = true;
    const COUNTS: bool = true;
    const OPPOSITE: bool = true;
    const FEED: bool = true;
    const SLAM: bool = true;
    const RARE: bool = true;
    const HALF: bool = true;
    const WIDE: bool = true;
    const EARLY: bool = true;
    const LAPS: bool = true;
}

/// The compiled shape a game's moves run in, chosen once by [`Kernel::of`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kernel {
    /// [`KalahShape`].
    Kalah,
    /// [`OwareShape`].
    Oware,
    /// [`OneLap`].
    OneLap,
    /// [`Relays`].
    Relays,
    /// [`Narrow`].
    Narrow,
    /// [`Any`].
    Any,
}

/// The rules a description uses, as a shape's constants name them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Uses {
    ways: bool,
    min: bool,
    relay: bool,
    skip: bool,
    counts: bool,
    opposite: bool,
    feed: bool,
    slam: bool,
    rare: bool,
    half: bool,
    wide: bool,
    /// The rarer captures ([`rarer_in`]): the `Any` shape only.
    rarer: bool,
    early: bool,
    laps: bool,
}

impl Uses {
    fn of(d: &Description) -> Uses {
        let (s, c, e) = (&d.sowing, &d.captures, &d.end);
        Uses {
            ways: matches!(
                s.direction,
                Direction::Choice | Direction::EvenOdd | Direction::Split | Direction::FirstChooses
            ) || s.choice_holes != 0,
            min: s.min_seeds > 1,
            relay: s.laps != Laps::One,
            skip: s.skip_origin,
            counts: !c.counts.is_empty(),
            opposite: c.opposite != Opposite::Off,
            feed: e.must_feed,
            slam: c.grand_slam == GrandSlam::Illegal
                || c.grand_slam_always_illegal
                || c.grand_slam_if_seeded,
            rare: e.goal == Goal::Clear
                || e.goal.eliminates()
                || e.too_few.is_some()
                || e.max_plies.is_some()
                || e.pass
                || matches!(e.rule, EndRule::ClearedOwn | EndRule::ClearedOpponent),
            half: e.half_wins,
            wide: d.board.holes > 7,
            laps: s.laps == Laps::Next
                || s.relay_if != RelayIf::Any
                || s.relay_stops_on_count
                || e.seeds_limit.is_some()
                || e.hole_limit.is_some(),
            rarer: d.rarer_captures()
                || s.allow != super::Allow::Any
                || c.grand_slam_again
                || s.direction == Direction::FirstChooses
                || s.single_takes_across
                || c.again_either_store,
            early: d.uses_early(),
        }
    }

    /// Whether shape `S` holds every rule used here.
    fn fit<S: Shape>(&self) -> bool {
        (!self.ways || S::WAYS)
            && (!self.min || S::MIN)
            && (!self.relay || S::RELAY)
            && (!self.skip || S::SKIP)
            && (!self.counts || S::COUNTS)
            && (!self.opposite || S::OPPOSITE)
            && (!self.feed || S::FEED)
            && (!self.slam || S::SLAM)
            && (!self.rare || S::RARE)
            && (!self.half || S::HALF)
            && (!self.wide || S::WIDE)
            && (!self.rarer || rarer_in::<S>())
            && (!self.early || S::EARLY)
            && (!self.laps || S::LAPS)
    }
}

/// `$body` with the type `$S` bound to the shape of `kernel` (a [`Kernel`]): one match, so
/// that each kernel names its shape here only.
macro_rules! in_shape {
    ($kernel:expr, $S:ident => $body:expr) => {{
        use $crate::described::shape::{self, Kernel};
        match $kernel {
            Kernel::Kalah => {
                type $S = shape::KalahShape;
                $body
            }
            Kernel::Oware => {
                type $S = shape::OwareShape;
                $body
            }
            Kernel::OneLap => {
                type $S = shape::OneLap;
                $body
            }
            Kernel::Relays => {
                type $S = shape::Relays;
                $body
            }
            Kernel::Narrow => {
                type $S = shape::Narrow;
                $body
            }
            Kernel::Any => {
                type $S = shape::Any;
                $body
            }
        }
    }};
}
pub(crate) use in_shape;

impl Kernel {
    /// The first compiled shape that holds every rule of `d`.
    pub(crate) fn of(d: &Description) -> Kernel {
        let uses = Uses::of(d);
        if uses.fit::<KalahShape>() {
            Kernel::Kalah
        } else if uses.fit::<OwareShape>() {
            Kernel::Oware
        } else if uses.fit::<OneLap>() {
            Kernel::OneLap
        } else if uses.fit::<Relays>() {
            Kernel::Relays
        } else if uses.fit::<Narrow>() {
            Kernel::Narrow
        } else {
            Kernel::Any
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::described::catalogue;

    #[test]
    fn each_game_runs_in_the_narrowest_shape_that_holds_its_rules() {
        assert_eq!(Kernel::of(&Description::KALAH), Kernel::Kalah);
        assert_eq!(Kernel::of(&Description::ABAPA), Kernel::Oware);
        let wide = Description {
            board: crate::described::Board {
                holes: 8,
                ..Description::KALAH.board
            },
            ..Description::KALAH
        };
        assert_eq!(Kernel::of(&wide), Kernel::Any);
        let relay = catalogue::entry("ayoayo").unwrap().description;
        assert_eq!(Kernel::of(&relay), Kernel::Relays);
        let choice = Description {
            sowing: crate::described::Sowing {
                direction: Direction::Choice,
                ..Description::KALAH.sowing
            },
            ..Description::KALAH
        };
        assert_eq!(Kernel::of(&choice), Kernel::Narrow);
        let wari = catalogue::entry("wari").unwrap().description;
        assert_eq!(Kernel::of(&wari), Kernel::OneLap);
        // Every shape holds whatever a narrower one does.
        let all = Uses::of(&wide);
        assert!(all.fit::<Any>());
        assert!(!all.fit::<Narrow>());
    }

    #[test]
    fn the_opening_and_lift_rules_run_in_the_any_shape_only() {
        let mut d = Description::ABAPA;
        d.captures.chain_most = Some(2);
        assert_eq!(Kernel::of(&d), Kernel::Any);
        let mut d = Description::KALAH;
        d.sowing.take_one = true;
        assert_eq!(Kernel::of(&d), Kernel::Any);
    }
}
