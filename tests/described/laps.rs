//! MancalaGames' lap-sowing conditions and seed-limit ends, each worked by hand on a small
//! board (`laps=next`, `relay-if`, `relay-stops-on-count`, `seeds-limit`, `hole-limit`),
//! and the files that need them read.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it.

use crate::support::after;
use sowing::described::mancalagames;
use sowing::described::{GrandSlam, Laps, Mancala, MancalaState, RelayIf};
use sowing::{RandomSource, Ruleset, WyRand};

/// Whether the game is over in `position`, and its legal moves agree.
fn over(rules: &str, position: &str) -> bool {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    let over = game.outcome(&s).is_some();
    assert_eq!(over, game.legal_moves(&s).is_empty(), "{rules} {position}");
    over
}

/// A relay without stores, capturing 4 on the opponent's side.
const RELAY: &str = "mancala:holes=3,seeds=2,laps=relay,stores=none,capture=4,opposite=off,\
    again=none,end=stuck";

#[test]
fn a_relay_lifts_again_only_where_its_condition_holds() {
    // South's first hole sows his second and third; the third now holds 3.
    let start = "1,0,1/2,0,2 3 3 S";
    // Exactly 3 (their ON_PARAM): lift the 3, which end in North's third hole, now 2.
    let first = "2,1,2/0,1,0 3 3 N";
    let stopped = "1,0,1/0,1,3 3 3 N";
    assert_eq!(
        after(&format!("{RELAY},relay-if=exactly.3"), start, &["1"]),
        first
    );
    assert_eq!(
        after(&format!("{RELAY},relay-if=exactly.2"), start, &["1"]),
        stopped
    );
    // At least (their GREQ_PARAM).
    assert_eq!(
        after(&format!("{RELAY},relay-if=at-least.3"), start, &["1"]),
        first
    );
    assert_eq!(
        after(&format!("{RELAY},relay-if=at-least.4"), start, &["1"]),
        stopped
    );
    // By the row the last seed fell in (their OWN_SIDE, OPP_SIDE).
    assert_eq!(
        after(&format!("{RELAY},relay-if=own-row"), start, &["1"]),
        first
    );
    assert_eq!(
        after(&format!("{RELAY},relay-if=opponent-row"), start, &["1"]),
        stopped
    );
    // A first lap that never reached the opponent's row (their VISIT_OPP) stops...
    let visited = format!("{RELAY},relay-if=visited-opponent");
    assert_eq!(after(&visited, start, &["1"]), stopped);
    // ... one that sowed through it and came back goes on: 5 seeds from South's third hole
    // end in his second (2), lifted to North's first (2), then North's third (2), then
    // South's second, empty.
    assert_eq!(
        after(&visited, "0,0,0/1,1,5 3 2 S", &["3"]),
        "0,2,0/3,1,1 3 2 N"
    );
    // Each prints and reads back.
    for cond in ["exactly.3", "at-least.4", "own-row", "visited-opponent"] {
        let text = format!("{RELAY},relay-if={cond}");
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        assert!(game.to_string().contains(&format!(",relay-if={cond},")));
    }
    // Contradictions are refused.
    for bad in [
        "mancala:relay-if=exactly.3",
        "mancala:laps=relay,relay-if=exactly.0",
        "mancala:laps=relay,relay-if=not-from-store",
        "mancala:laps=relay,relay-if=sometimes",
    ] {
        assert!(bad.parse::<Mancala>().is_err(), "{bad}");
    }
}

/// Kalah's stores and opposite capture with a relay from the next place.
const NEXT: &str = "mancala:holes=3,seeds=2,laps=next,end=stuck,half-wins";

#[test]
fn a_relay_from_the_next_place_lifts_the_place_after_the_last_seed() {
    // South's first hole sows his second (2); the next, his third, is lifted: his store and
    // North's first (2); North's second is lifted: North's third (2); South's first is
    // empty, and the relay ends there, in North's row, with no capture.
    assert_eq!(
        after(NEXT, "1,1,1/1,1,2 2 3 S", &["1"]),
        "2,0,2/0,2,0 3 3 N"
    );
    // The place after South's third hole is his store: its 4 seeds are lifted and sown on,
    // North's three holes and South's first, empty until then. There the opposite capture
    // would take North's third hole: the relay stops, and the capture takes it.
    assert_eq!(
        after(NEXT, "1,0,0/0,1,1 4 5 S", &["2"]),
        "0,1,1/0,0,2 3 5 N"
    );
    // Never from a store (their NOT_FROM_STORE): the relay stops at South's third hole.
    let not_store = format!("{NEXT},relay-if=not-from-store");
    assert_eq!(
        after(&not_store, "1,0,0/0,1,1 4 5 S", &["2"]),
        "1,0,0/0,0,2 4 5 N"
    );
    // A last seed in his store ends the relay and gives another turn.
    assert_eq!(
        after(NEXT, "1,1,1/1,1,1 3 3 S", &["3"]),
        "1,1,1/1,1,0 4 3 S"
    );
    let game: Mancala = not_store.parse().unwrap();
    assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    assert!(game.to_string().contains(",relay-if=not-from-store,"));
    assert_eq!(game.description().sowing.laps, Laps::Next);
}

/// Ayo-like: a relay without stores, captures of 2 and 3 on the opponent's side in a chain.
const SLAM: &str = "mancala:holes=3,seeds=2,laps=relay,stores=none,capture=2.3,chain,\
    grand-slam-if-seeded,opposite=off,again=none,end=stuck";

#[test]
fn a_relay_stops_where_the_count_alone_would_capture() {
    // South's third hole makes North's first and second 2 each: the chain would take all
    // of North's seeds, a grand slam, which under no-capture takes nothing.
    let start = "0,1,1/1,0,2 4 3 S";
    let no_capture = format!("{SLAM},grand-slam=no-capture");
    // The crate's relay goes on past a capture that takes nothing: from North's second
    // hole to South's first (2), then to South's third, empty.
    assert_eq!(after(&no_capture, start, &["3"]), "1,0,2/0,1,1 4 3 N");
    // Theirs stops there, and the grand slam rule then takes nothing.
    let theirs = format!("{no_capture},relay-stops-on-count");
    assert_eq!(after(&theirs, start, &["3"]), "0,2,2/1,0,0 4 3 N");
    // Their LEAVE_RIGHT under counter-clockwise sowing: the opponent's first hole, at the
    // mover's right, keeps its seeds; the rest of the chain is taken.
    let leave = format!("{SLAM},grand-slam=leave-first,relay-stops-on-count");
    assert_eq!(after(&leave, start, &["3"]), "0,0,2/1,0,0 6 3 N");
    let game: Mancala = leave.parse().unwrap();
    assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    assert!(game.to_string().contains(",relay-stops-on-count,"));
    // Only with a relay and a count capture.
    assert!("mancala:relay-stops-on-count".parse::<Mancala>().is_err());
    assert!(
        "mancala:laps=relay,relay-stops-on-count"
            .parse::<Mancala>()
            .is_err()
    );
}

/// A single lap, no stores sown, captures of 2 and 3.
const COUNTS: &str = "mancala:holes=3,seeds=2,stores=none,capture=2.3,grand-slam=capture,\
    opposite=off,again=none,end=stuck,half-wins";

#[test]
fn a_limit_on_the_seeds_left_ends_the_game() {
    // South's single seed makes North's first hole 2, captured; one seed is left.
    let start = "0,1,1/0,0,1 4 5 S";
    // Without a limit North plays on.
    assert_eq!(after(COUNTS, start, &["3"]), "0,1,0/0,0,0 6 5 N");
    // At most 2 seeds left (their SEEDS_LIMIT): over, the seed to its owner.
    let seeds = format!("{COUNTS},seeds-limit=2");
    assert_eq!(after(&seeds, start, &["3"]), "0,0,0/0,0,0 6 6 N");
    // No hole of more than 1 (their HOLE_SEED_LIMIT): North's first hole of 2 takes a
    // third seed and is captured, North's second keeps 1: over, that seed to North.
    let holes = format!("{COUNTS},hole-limit=1");
    assert_eq!(
        after(&holes, "0,1,2/0,0,1 4 4 S", &["3"]),
        "0,0,0/0,0,0 7 5 N"
    );
    assert_eq!(
        after(COUNTS, "0,1,2/0,0,1 4 4 S", &["3"]),
        "0,1,0/0,0,0 7 4 N"
    );
    // The limit is asked before a store past half: the seed left still goes to its owner.
    assert_eq!(
        after(COUNTS, "0,1,1/0,0,1 5 4 S", &["3"]),
        "0,1,0/0,0,0 7 4 N"
    );
    assert_eq!(
        after(&seeds, "0,1,1/0,0,1 5 4 S", &["3"]),
        "0,0,0/0,0,0 7 5 N"
    );
    // A board of 3 seeds, or a hole of 2, plays on.
    assert!(!over(&seeds, start));
    assert!(!over(&holes, "0,0,2/0,0,1 4 5 S"));
    assert!(over(&holes, "0,1,0/0,0,1 5 5 S"));
    for text in [&seeds, &holes] {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        assert!(game.to_string().contains(&text[COUNTS.len() - 4..]));
    }
    // A limit the start already reaches is refused.
    assert!(
        format!("{COUNTS},seeds-limit=12")
            .parse::<Mancala>()
            .is_err()
    );
    assert!(format!("{COUNTS},hole-limit=2").parse::<Mancala>().is_err());
}

/// A MancalaGames file of `game_info` members.
fn file(holes: u8, members: &str) -> String {
    format!(
        r#"{{"game_class": "Mancala", "game_constants": {{"holes": {holes}, "nbr_start": 4}},
            "game_info": {{{members}}}, "player": {{}}}}"#
    )
}

#[test]
fn their_lap_conditions_grand_slams_and_seed_limits_are_read() {
    let read = |holes, members: &str| {
        let d = mancalagames::read(&file(holes, members)).unwrap();
        Mancala::new(d).unwrap().to_string()
    };
    // Leb_Bbut_Ahbochen's parameters.
    assert_eq!(
        read(
            10,
            r#""name": "Leb", "capt_on": [2, 4], "capt_side": 1, "grandslam": 2, "min_move": 1,
            "mlap_cont": 1, "mlap_param": 6, "mlaps": 1, "multicapt": -1, "mustshare": true,
            "quitter": 4, "sow_direct": 1, "stores": true"#
        ),
        "mancala:holes=10,laps=relay,stores=none,max-laps=50,relay-if=exactly.6,\
         relay-stops-on-count,capture=2.4,chain,grand-slam-if-seeded,opposite=off,again=none,\
         must-feed,feed-test=move,end=stuck,endless-leftovers=shared,half-wins"
    );
    // Olowuka's.
    assert_eq!(
        read(
            6,
            r#""name": "Olowuka", "capt_on": [2, 3], "capt_side": 1, "grandslam": 5,
            "min_move": 1, "mlap_cont": 2, "mlap_param": 4, "mlaps": 1, "multicapt": -1,
            "quitter": 4, "sow_direct": 1, "stores": true"#
        ),
        "mancala:laps=relay,stores=none,max-laps=50,relay-if=at-least.4,relay-stops-on-count,\
         capture=2.3,chain,grand-slam=leave-first,grand-slam-if-seeded,opposite=off,again=none,\
         end=stuck,endless-leftovers=shared,half-wins,too-few=2"
    );
    // CrossCapt_Eight's.
    assert_eq!(
        read(
            6,
            r#""name": "CrossCapt_Eight", "capt_side": 1, "crosscapt": 1, "end_cond": 1,
            "min_move": 1, "mlap_cont": 6, "mlaps": 2, "quitter": 4, "sow_direct": 1,
            "sow_stores": 1, "stores": true, "unclaimed": 2, "xcpickown": 1"#
        ),
        "mancala:laps=next,max-laps=50,end=cleared-own,leftovers=last-mover,\
         endless-leftovers=shared,half-wins"
    );
    // Ayo's.
    assert_eq!(
        read(
            6,
            r#""name": "Ayo", "capt_on": [2, 3], "capt_side": 1, "end_cond": 3, "end_param": 2,
            "grandslam": 5, "min_move": 1, "mlaps": 1, "multicapt": -1, "mustpass": true,
            "mustshare": true, "quitter": 0, "sow_direct": 1, "stores": true"#
        ),
        "mancala:laps=relay,stores=none,max-laps=50,relay-stops-on-count,capture=2.3,chain,\
         grand-slam=leave-first,grand-slam-if-seeded,opposite=off,again=none,must-feed,\
         feed-test=move,end=stuck,half-wins,pass,seeds-limit=2"
    );
    let info = |members: &str| mancalagames::read(&file(6, members));
    let refused = |members: &str| info(members).unwrap_err().parameter().map(str::to_string);
    // The other lap conditions.
    let relay_if = |members: &str| info(members).unwrap().sowing.relay_if;
    let base = r#""capt_on": [2, 3], "capt_side": 1, "mlaps": 1"#;
    assert_eq!(
        relay_if(&format!(r#"{base}, "mlap_cont": 3"#)),
        RelayIf::OwnRow
    );
    assert_eq!(
        relay_if(&format!(r#"{base}, "mlap_cont": 4"#)),
        RelayIf::OpponentRow
    );
    assert_eq!(
        relay_if(&format!(r#"{base}, "mlap_cont": 5"#)),
        RelayIf::VisitedOpponent
    );
    let next = r#""crosscapt": 1, "capt_side": 1, "mlaps": 2, "sow_stores": 1"#;
    assert_eq!(
        relay_if(&format!(r#"{next}, "mlap_cont": 7"#)),
        RelayIf::NotFromStore
    );
    // Refused as their engine refuses them: a lap condition without laps, a count
    // condition without its count, a store condition without store sowing.
    assert_eq!(
        refused(r#""capt_on": [2], "mlap_cont": 3"#).as_deref(),
        Some("mlap_cont")
    );
    assert_eq!(
        refused(&format!(r#"{base}, "mlap_cont": 1"#)).as_deref(),
        Some("mlap_cont")
    );
    assert_eq!(
        refused(&format!(r#"{base}, "mlap_cont": 6"#)).as_deref(),
        Some("mlap_cont")
    );
    // Their relay sows on from a store its last seed fell in when no turn is won there.
    assert_eq!(
        refused(r#""crosscapt": 1, "capt_side": 1, "mlaps": 1, "sow_stores": 3"#).as_deref(),
        Some("sow_stores")
    );
    // LEAVE_LEFT keeps the opponent's last hole: the first sown only clockwise.
    let slam = |grandslam: u8, direct: i8| {
        info(&format!(
            r#""capt_on": [2, 3], "capt_side": 1, "grandslam": {grandslam}, "sow_direct": {direct}"#
        ))
        .map(|d| d.captures.grand_slam)
    };
    assert_eq!(slam(4, -1), Ok(GrandSlam::LeaveFirst));
    assert_eq!(slam(5, 1), Ok(GrandSlam::LeaveFirst));
    assert!(slam(4, 1).is_err() && slam(5, -1).is_err());
    // HOLE_SEED_LIMIT, and a limit past a description's counters.
    let d = info(r#""capt_on": [2, 3], "end_cond": 4, "end_param": 1"#).unwrap();
    assert_eq!(d.end.hole_limit, Some(1));
    assert_eq!(
        refused(r#""capt_on": [2, 3], "end_cond": 3, "end_param": 300"#).as_deref(),
        Some("end_param")
    );
}

#[test]
fn random_games_under_the_lap_conditions_keep_the_rules_whole() {
    let rules = [
        format!("{RELAY},relay-if=exactly.3"),
        format!("{RELAY},relay-if=at-least.3,max-laps=5,endless-leftovers=shared"),
        format!("{RELAY},relay-if=own-row"),
        format!("{RELAY},relay-if=opponent-row"),
        format!("{RELAY},relay-if=visited-opponent"),
        NEXT.to_string(),
        format!("{NEXT},relay-if=not-from-store,max-laps=4,endless-leftovers=last-mover"),
        "mancala:holes=4,seeds=3,laps=next,stores=none,capture=2.3,opposite=off,again=none,\
         end=stuck"
            .to_string(),
        format!("{SLAM},grand-slam=no-capture,relay-stops-on-count"),
        format!("{SLAM},grand-slam=leave-first,relay-stops-on-count,must-feed,feed-test=move"),
        format!("{SLAM},grand-slam=illegal,relay-stops-on-count,max-laps=6"),
        format!("{COUNTS},seeds-limit=2"),
        format!("{COUNTS},hole-limit=1"),
        "mancala:holes=8,seeds=3,laps=next,end=cleared-own,leftovers=last-mover,half-wins".into(),
    ];
    let mut rng = WyRand::new(23);
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        let total = game.description().total_seeds();
        for _ in 0..200 {
            let mut s = game.start();
            for _ in 0..1000 {
                game.validate(&s).unwrap();
                let seeds = s.seeds_in_row(sowing::Player::South)
                    + s.seeds_in_row(sowing::Player::North)
                    + u32::from(s.store(sowing::Player::South))
                    + u32::from(s.store(sowing::Player::North));
                assert_eq!(seeds, total, "{text} {s}");
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
            }
        }
    }
}
