//! [`Ruleset::effect`] against the states before and after every move of random games of
//! every game under many switches: every hole and store changes exactly as the effect says;
//! and hand-worked effects of each game.

use proptest::prelude::*;
use sowing::kalah::{Kalah, KalahMove, KalahState};
use sowing::oware::{Oware, OwareMove, OwareState};
use sowing::toguz::{Landing, Toguz, ToguzMove, ToguzState};
use sowing::tsoro::{Hole, Tsoro, TsoroMove, TsoroState};
use sowing::{Effect, Player, Ruleset, SplitMix64, Spot, Spots};

/// What the checks read of a state: every hole's seeds, the stores, the Tsoro hand.
struct Seen {
    holes: Vec<(Spot, u32)>,
    stores: [u32; 2],
    hand: u32,
}

impl Seen {
    fn hole(&self, spot: Spot) -> u32 {
        self.holes
            .iter()
            .find(|(s, _)| *s == spot)
            .map_or(0, |h| h.1)
    }
}

fn kalah_seen(s: &KalahState) -> Seen {
    let mut holes = Vec::new();
    for owner in Player::BOTH {
        for index in 1..=s.pits() {
            holes.push((Spot::Hole { owner, index }, s.pit(owner, index).into()));
        }
    }
    let stores = [s.store(Player::South).into(), s.store(Player::North).into()];
    Seen {
        holes,
        stores,
        hand: 0,
    }
}

fn oware_seen(s: &OwareState) -> Seen {
    let mut holes = Vec::new();
    for owner in Player::BOTH {
        for index in 1..=s.houses() {
            holes.push((Spot::Hole { owner, index }, s.house(owner, index).into()));
        }
    }
    let stores = [s.store(Player::South).into(), s.store(Player::North).into()];
    Seen {
        holes,
        stores,
        hand: 0,
    }
}

/// An Oware move lifts its house, never gives another turn, and (Oware's laps skip the
/// origin) leaves its house empty unless the game ended and the division swept the board.
fn oware_extra(
    _: &Oware,
    s: &OwareState,
    mv: OwareMove,
    e: &Effect,
    after: &OwareState,
) -> Checked {
    let me = s.to_move();
    let origin = Spot::Hole {
        owner: me,
        index: mv.0.into(),
    };
    assert_eq!(e.origin, Some(origin));
    assert_eq!(e.lifted_seeds, u32::from(s.house(me, mv.0.into())));
    assert!(!e.again);
    assert_eq!(after.house(me, mv.0.into()), 0, "{s} {mv}");
    Checked::NotYet
}

fn toguz_seen(s: &ToguzState) -> Seen {
    let mut holes = Vec::new();
    for owner in Player::BOTH {
        for index in 1..=s.holes() {
            holes.push((Spot::Hole { owner, index }, s.hole(owner, index).into()));
        }
    }
    let stores = [s.kazan(Player::South).into(), s.kazan(Player::North).into()];
    Seen {
        holes,
        stores,
        hand: 0,
    }
}

fn tsoro_seen(s: &TsoroState) -> Seen {
    let mut holes = Vec::new();
    for owner in Player::BOTH {
        for index in 0..2 * s.holes() {
            holes.push((Spot::Hole { owner, index }, s.hole(owner, index).into()));
        }
    }
    let stores = [
        s.captured(Player::South).into(),
        s.captured(Player::North).into(),
    ];
    Seen {
        holes,
        stores,
        hand: s.hand().0.into(),
    }
}

/// Checks `e`, the effect of a move, against the states before and after it.
/// `to_hand`: captures go to the mover's hand (Tsoro's re-entry), not to his store.
fn check(e: &Effect, before: &Seen, after: &Seen, to_hand: bool, context: &str) {
    // The stores gain what the effect says, and no seed is made or lost on the way.
    for p in 0..2 {
        assert_eq!(
            after.stores[p],
            before.stores[p] + e.stores[p],
            "store {p}: {context}"
        );
    }
    // The sweep's share of the stores: nothing without a sweep; with one, everything left on
    // the board (after the move, before the sweep) and nothing more.
    let board = |s: &Seen| s.holes.iter().map(|h| h.1).sum::<u32>();
    if e.swept {
        assert!(
            e.sweep[0] <= e.stores[0] && e.sweep[1] <= e.stores[1],
            "{context}"
        );
        assert_eq!(board(after), 0, "{context}");
    } else {
        assert_eq!(e.sweep, [0, 0], "{context}");
    }
    let in_stores = e.stores[0] + e.stores[1];
    assert_eq!(
        board(after) + in_stores + after.hand,
        board(before) + before.hand,
        "{context}"
    );
    // Every seed sown was lifted or came from the hand, which captures fill under re-entry.
    let captured_to_hand = if to_hand { e.captured_seeds } else { 0 };
    assert_eq!(
        e.sown_seeds + after.hand,
        e.lifted_seeds + before.hand + captured_to_hand,
        "{context}"
    );
    if let Some(origin) = e.origin {
        assert!(e.lifted.contains(origin), "{context}");
    }
    // A move that lifts before it sows has an origin (a Tsoro hand sown back in has none).
    assert!(
        e.origin.is_some() || e.lifted.is_empty() || e.sown_seeds > 0,
        "{context}"
    );
    assert_eq!(e.last.is_some(), !e.sown.is_empty(), "{context}");
    if let Some(last) = e.last {
        // A Toguz Kumalak tuzdik passes the seed on: it is not sown, and holds none.
        assert!(e.sown.contains(last) || e.last_count == 0, "{context}");
    }
    // One lift, before any sowing (no relay lifting on), and each sown spot got exactly one seed: then every
    // hole's count follows exactly.
    let simple = (e.lifted.is_empty() || e.lifted.len() == 1 && e.origin.is_some())
        && e.sown_seeds == e.sown.len();
    let mut captured = 0;
    for &(spot, was) in &before.holes {
        let now = after.hole(spot);
        let base = if e.lifted.contains(spot) { 0 } else { was };
        if e.captured.contains(spot) {
            captured += base + u32::from(e.sown.contains(spot));
        }
        if e.swept {
            assert_eq!(now, 0, "{spot:?} after the sweep: {context}");
        } else if e.captured.contains(spot) {
            assert_eq!(now, 0, "{spot:?} captured: {context}");
        } else if !e.lifted.contains(spot) && !e.sown.contains(spot) {
            assert_eq!(now, was, "{spot:?} untouched: {context}");
        } else if !e.sown.contains(spot) {
            assert_eq!(now, 0, "{spot:?} lifted: {context}");
        } else if simple {
            assert_eq!(now, base + 1, "{spot:?} sown once: {context}");
        } else {
            assert!(
                now > 0 || e.lifted.contains(spot),
                "{spot:?} sown: {context}"
            );
        }
    }
    if simple {
        assert_eq!(captured, e.captured_seeds, "{context}");
    }
    if let Some(Spot::Hole { owner, index }) = e.last {
        let spot = Spot::Hole { owner, index };
        if !e.swept && !e.captured.contains(spot) && !e.marked.contains(spot) {
            // A hole lifted after the last seed fell in it is not the last.
            assert_eq!(after.hole(spot), e.last_count, "{spot:?} last: {context}");
        }
    }
}

/// Whether a game's own checks of a move were the whole check.
#[derive(PartialEq, Eq)]
enum Checked {
    /// The seeds changed owners (Kalah's swap): the general check does not apply.
    Wholly,
    /// The general check applies.
    NotYet,
}

/// Plays random games, checking every move's effect; returns how many moves captured,
/// lapped the loop (sowing a spot twice) and marked a hole.
fn games<R: Ruleset>(
    rules: &R,
    seed: u64,
    games: u32,
    to_hand: bool,
    seen: impl Fn(&R::State) -> Seen,
    extra: impl Fn(&R, &R::State, R::Move, &Effect, &R::State) -> Checked,
) -> [u32; 3] {
    let mut rng = SplitMix64::new(seed);
    let mut counts = [0; 3];
    for _ in 0..games {
        let mut s = rules.start();
        for ply in 0..2000 {
            let Some(mv) = rules.random_move(&s, &mut rng) else {
                break;
            };
            let e = rules.effect(&s, mv).unwrap();
            let mut after = s;
            rules.play_unchecked(&mut after, mv);
            let context = format!("{rules} ply {ply}: {mv} from {s}");
            assert_eq!(e.mover, rules.to_move(&s), "{context}");
            let again = !rules.is_over(&after) && rules.to_move(&after) == e.mover;
            assert_eq!(e.again, again, "{context}");
            if extra(rules, &s, mv, &e, &after) == Checked::NotYet {
                check(&e, &seen(&s), &seen(&after), to_hand, &context);
            }
            counts[0] += u32::from(e.captures());
            counts[1] += u32::from(e.sown_seeds > e.sown.len());
            counts[2] += u32::from(!e.marked.is_empty());
            s = after;
        }
    }
    counts
}

fn kalah_extra(
    _: &Kalah,
    s: &KalahState,
    mv: KalahMove,
    e: &Effect,
    after: &KalahState,
) -> Checked {
    match mv {
        KalahMove::Pit(p) => {
            let me = s.to_move();
            let origin = Spot::Hole {
                owner: me,
                index: p.into(),
            };
            assert_eq!(e.origin, Some(origin));
            assert_eq!(e.lifted_seeds, u32::from(s.pit(me, p.into())));
            // Another turn only for a last seed in the store.
            assert!(!e.again || e.last == Some(Spot::Store(me)));
            Checked::NotYet
        }
        KalahMove::Swap => {
            // Nothing sown: the sides' contents change owners.
            assert_eq!(*e, Effect::new(Player::North));
            for p in Player::BOTH {
                assert_eq!(after.store(p), s.store(!p));
                for i in 1..=s.pits() {
                    assert_eq!(after.pit(p, i), s.pit(!p, i));
                }
            }
            Checked::Wholly
        }
    }
}

fn toguz_extra(
    _: &Toguz,
    s: &ToguzState,
    mv: ToguzMove,
    e: &Effect,
    after: &ToguzState,
) -> Checked {
    let me = s.to_move();
    for spot in e.marked.iter() {
        let Spot::Hole { owner, index } = spot else {
            panic!("a store marked")
        };
        assert_eq!(owner, !me);
        assert_eq!(after.tuzdik(me), Some(index as u8));
        assert!(s.tuzdik(me).is_none());
    }
    assert_eq!(
        after.tuzdik(me).is_some() && s.tuzdik(me).is_none(),
        !e.marked.is_empty()
    );
    assert_eq!(
        e.origin,
        Some(Spot::Hole {
            owner: me,
            index: mv.0.into()
        })
    );
    Checked::NotYet
}

fn tsoro_extra(_: &Tsoro, s: &TsoroState, mv: TsoroMove, e: &Effect, _: &TsoroState) -> Checked {
    let n = s.holes();
    if let TsoroMove::Sow(h) = mv {
        let i = h.own_index(n).unwrap();
        assert_eq!(
            e.origin,
            Some(Spot::Hole {
                owner: s.to_move(),
                index: i
            })
        );
    }
    if let TsoroMove::Take(h) = mv {
        let j = h.opponent_index(n).unwrap();
        assert!(e.captured.contains(Spot::Hole {
            owner: !s.to_move(),
            index: j
        }));
    }
    // Only the mover's loop is sown, only the opponent's holes are captured.
    assert!(e.sown.holes(!s.to_move()) == 0 && e.captured.holes(s.to_move()) == 0);
    Checked::NotYet
}

const KALAH: [&str; 9] = [
    "kalah",
    "kalah:empty-capture",
    "kalah:pie",
    "kalah:pits=3,seeds=3",
    "kalah:pits=2,seeds=20",
    "kalah:pits=7,seeds=12",
    "kalah:end-at-turn",
    "kalah:leftovers-to-nobody,empty-capture",
    "kalah:pits=4,seeds=9,pie,end-at-turn",
];
const TOGUZ: [&str; 8] = [
    "toguz",
    "toguz:bestemshe",
    "toguz:kozdatu",
    "toguz:no-origin-sowing",
    "toguz:play-to-end",
    "toguz:holes=3,balls=20",
    "toguz:holes=1,balls=3",
    "toguz:holes=9,balls=1,no-tuzdik",
];
const OWARE: [&str; 6] = [
    "oware",
    "oware:divide-on-win",
    "oware:grand-slam=capture",
    "oware:grand-slam=leave-first",
    "oware:houses=4,seeds=3,grand-slam=illegal",
    "oware:houses=8,seeds=5,max-plies=300",
];
const TSORO: [&str; 8] = [
    "tsoro",
    "tsoro:holes=8,heads=none,bonus=0",
    "tsoro:tracey",
    "tsoro:holes=8,heads=none,bonus=0,reenter",
    "tsoro:holes=8,heads=single-left,bonus=2,reenter",
    "tsoro:holes=6,heads=both-ends,heads-immune,forced-bonus",
    "tsoro:holes=10,heads=single-right,bonus=5",
    "tsoro:holes=8,bonus=1,reenter,max-plies=200",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn kalah_effects_say_what_the_moves_do(seed in any::<u64>()) {
        for text in KALAH {
            let rules: Kalah = text.parse().unwrap();
            games(&rules, seed, 3, false, kalah_seen, kalah_extra);
        }
    }

    #[test]
    fn toguz_effects_say_what_the_moves_do(seed in any::<u64>()) {
        for text in TOGUZ {
            let rules: Toguz = text.parse().unwrap();
            games(&rules, seed, 2, false, toguz_seen, toguz_extra);
        }
    }

    #[test]
    fn oware_effects_say_what_the_moves_do(seed in any::<u64>()) {
        for text in OWARE {
            let rules: Oware = text.parse().unwrap();
            games(&rules, seed, 2, false, oware_seen, oware_extra);
        }
    }

    #[test]
    fn tsoro_effects_say_what_the_moves_do(seed in any::<u64>()) {
        for text in TSORO {
            let rules: Tsoro = text.parse().unwrap();
            games(&rules, seed, 1, rules.settings().reenter, tsoro_seen, tsoro_extra);
        }
    }
}

/// The random games meet what the checks are for: captures, laps and tuzdiks.
#[test]
fn the_random_games_capture_lap_and_mark() {
    let mut kalah = [0; 3];
    for text in KALAH {
        let rules: Kalah = text.parse().unwrap();
        let c = games(&rules, 1, 5, false, kalah_seen, kalah_extra);
        (0..3).for_each(|i| kalah[i] += c[i]);
    }
    assert!(kalah[0] > 50 && kalah[1] > 20, "{kalah:?}");
    let mut toguz = [0; 3];
    for text in TOGUZ {
        let rules: Toguz = text.parse().unwrap();
        let c = games(&rules, 2, 5, false, toguz_seen, toguz_extra);
        (0..3).for_each(|i| toguz[i] += c[i]);
    }
    assert!(toguz.iter().all(|&c| c > 20), "{toguz:?}");
    let mut tsoro = [0; 3];
    for text in TSORO {
        let rules: Tsoro = text.parse().unwrap();
        let c = games(
            &rules,
            3,
            2,
            rules.settings().reenter,
            tsoro_seen,
            tsoro_extra,
        );
        (0..3).for_each(|i| tsoro[i] += c[i]);
    }
    assert!(tsoro[0] > 20 && tsoro[1] > 20, "{tsoro:?}");
}

fn hole(owner: Player, index: usize) -> Spot {
    Spot::Hole { owner, index }
}

fn spots(list: &[Spot]) -> Spots {
    let mut s = Spots::EMPTY;
    list.iter().for_each(|&spot| s.insert(spot));
    s
}

#[test]
fn kalah_capture_across_and_a_lap() {
    use Player::{North, South};
    let rules = Kalah::default();
    // Pit 6's 13 seeds go once round the loop of 13: the store, North's six pits, South's
    // pits 1 to 5, and the last back in pit 6, emptied by the lift: a capture of it and of
    // North's pit 1 across (4 seeds, 5 after the lap).
    let s = rules
        .parse_position("4,4,4,4,4,4/0,0,0,0,0,13 11 0 S")
        .unwrap();
    let e = rules.effect(&s, KalahMove::Pit(6)).unwrap();
    assert_eq!(e.origin, Some(hole(South, 6)));
    assert_eq!(e.last, Some(hole(South, 6)));
    assert_eq!(e.last_count, 1);
    assert_eq!(e.sown_seeds, 13);
    assert_eq!(e.sown.len(), 13); // every pit and South's store, once
    assert_eq!(e.captured, spots(&[hole(South, 6), hole(North, 1)]));
    assert_eq!(e.captured_seeds, 6);
    assert_eq!(e.stores, [7, 0]);
    assert!(!e.again && !e.swept && e.marked.is_empty());
}

#[test]
fn toguz_opening_capture() {
    use Player::{North, South};
    let rules = Toguz::default();
    // Hole 6's 9 balls: 6 (the first back in), 7, 8, 9, Black's 1 to 5: 10 there, even.
    let e = Ruleset::effect(&rules, &rules.start(), ToguzMove(6)).unwrap();
    assert_eq!(e.origin, Some(hole(South, 6)));
    let mut sown: Vec<Spot> = (6..=9).map(|i| hole(South, i)).collect();
    sown.extend((1..=5).map(|i| hole(North, i)));
    assert_eq!(e.sown, spots(&sown));
    assert_eq!((e.sown_seeds, e.lifted_seeds), (9, 9));
    assert_eq!((e.last, e.last_count), (Some(hole(North, 5)), 10));
    assert_eq!(e.captured, spots(&[hole(North, 5)]));
    assert_eq!((e.captured_seeds, e.stores), (10, [10, 0]));
    // The notation's summary: an even capture, no sweep.
    assert_eq!((Landing::of(&e), e.sweep), (Landing::Capture(10), [0, 0]));
}

#[test]
fn toguz_tuzdik_is_marked_and_captured() {
    use Player::{North, South};
    let r = Toguz::default();
    // The federation test position: 9, Black's 1 (2 + 1 = 3): a tuzdik.
    let s = r
        .parse_position("2S,2S,2S,2S,2S,2S,2S,2S,2S/2S,7,2S 70 70 S 20")
        .unwrap();
    let e = Ruleset::effect(&r, &s, ToguzMove(9)).unwrap();
    assert_eq!(e.marked, spots(&[hole(North, 1)]));
    assert_eq!(e.captured, spots(&[hole(North, 1)]));
    assert_eq!((e.last_count, e.captured_seeds, e.stores), (3, 3, [3, 0]));
    assert_eq!(e.origin, Some(hole(South, 9)));
}

#[test]
fn tsoro_relay_of_three_laps() {
    use Player::South;
    let rules: Tsoro = "tsoro:holes=8,heads=none,bonus=0".parse().unwrap();
    // o1's 2 stones: o2, o3 (occupied: relay 3); o4, o5, o6 (relay 3); o7, o8, i8 (empty).
    let mv = TsoroMove::Sow(Hole::from_own_index(0, 8));
    let e = rules.effect(&rules.start(), mv).unwrap();
    assert_eq!(e.origin, Some(hole(South, 0)));
    assert_eq!(
        e.lifted,
        spots(&[hole(South, 0), hole(South, 2), hole(South, 5)])
    );
    assert_eq!(e.lifted_seeds, 8);
    let sown: Vec<Spot> = (1..=8).map(|i| hole(South, i)).collect();
    assert_eq!((e.sown, e.sown_seeds), (spots(&sown), 8));
    assert_eq!((e.last, e.last_count), (Some(hole(South, 8)), 1));
    assert!(!e.captures() && e.stores == [0, 0] && !e.again);
}
