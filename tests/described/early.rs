//! The opening and lift rules: `sow-start`, `move-one`, `take-one`, `chain-most` and
//! `no-capture-moves`, each on a hand-worked position, read from MancalaGames' parameters,
//! and kept whole in random games.

use crate::support::after;
use sowing::described::mancalagames;
use sowing::described::{Mancala, MancalaState};
use sowing::{RandomSource, Ruleset, WyRand};

/// Modiar-like: 3 holes, counts 2, 4 and 6 on either row in a chain round both rows.
const CHAIN: &str = "mancala:holes=3,seeds=2,stores=none,min-seeds=2,capture=2.4.6,\
    capture-side=either,chain,chain-rows,grand-slam=capture,opposite=off,again=none,end=stuck";

#[test]
fn sow_start_leaves_a_seed_in_the_hole_lifted_from() {
    let rules = format!("{CHAIN},sow-start");
    // South lifts his first hole's 3: one stays, two go to his holes 2 and 3, which then
    // hold 2 each and are taken (the chain back stops at the hole of 1 seed left).
    assert_eq!(
        after(&rules, "2,1,1/3,1,1 2 1 S", &["1"]),
        "2,1,1/1,0,0 6 1 N"
    );
    // Without it the 3 seeds reach North's first hole, and the chain takes three holes.
    assert_eq!(
        after(CHAIN, "2,1,1/3,1,1 2 1 S", &["1"]),
        "2,1,0/0,0,0 8 1 N"
    );
    // A relay's later lifts take every seed: only the move's first lift leaves one.
    let relay = "mancala:holes=3,seeds=2,laps=relay,stores=none,min-seeds=2,sow-start,\
        capture=6,opposite=off,again=none,end=stuck";
    // Hole 1 keeps 1 of its 3; holes 2 and 3 get one each; hole 3 held 1, so its 2 are
    // lifted whole and sown into North's holes 1 and 2, which were empty: the relay ends.
    assert_eq!(
        after(relay, "2,0,0/3,0,1 4 2 S", &["1"]),
        "2,1,1/1,1,0 4 2 N"
    );
}

#[test]
fn move_one_moves_a_single_seed_on() {
    let rules = "mancala:holes=3,seeds=2,stores=none,capture=2.4.6,capture-side=either,chain,\
        chain-rows,grand-slam=capture,opposite=off,again=none,end=stuck,sow-start,move-one";
    // A single seed moves to the next hole, making 2 there: taken.
    assert_eq!(
        after(rules, "1,1,1/1,1,1 3 3 S", &["1"]),
        "1,1,1/0,0,1 5 3 N"
    );
    // Two seeds: one stays, one moves on.
    assert_eq!(
        after(rules, "1,1,1/2,1,1 3 2 S", &["1"]),
        "1,1,1/1,0,1 5 2 N"
    );
}

/// The moves of `position` under `rules`, as text.
fn moves(rules: &str, position: &str) -> Vec<String> {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    game.validate(&s).unwrap();
    game.legal_moves(&s)
        .into_iter()
        .map(|m| game.format_move(&s, m))
        .collect()
}

#[test]
fn their_newest_feeding_asks_a_seed_of_an_empty_row() {
    // North holds one seed, which he cannot play under min-seeds=2. Under feed-test=move
    // South must leave him a playable hole: only his third hole does (the first's sowing
    // makes 4 in his own third hole, which is taken). Under move-seed North has a seed and
    // need not be fed: both moves stand.
    let rules = format!("{CHAIN},must-feed");
    let position = "0,0,1/2,0,3 3 3 S";
    assert_eq!(moves(&format!("{rules},feed-test=move"), position), ["3"]);
    assert_eq!(
        moves(&format!("{rules},feed-test=move-seed"), position),
        ["1", "3"]
    );
    // An empty row must be fed under both: a seed left after the whole move.
    let empty = "0,0,0/2,0,3 4 3 S";
    assert_eq!(moves(&format!("{rules},feed-test=move-seed"), empty), ["3"]);
}

/// Sokusowo-like: relay sowing, nothing captured, a seed of each hand to the store.
const TAKE: &str = "mancala:holes=4,laps=relay,stores=none,min-seeds=2,take-one,opposite=off,\
    again=none,end=stuck,half-wins";

#[test]
fn take_one_puts_a_seed_of_each_hand_in_the_store() {
    // South's 3: one to his store, two sown into his holes 2 and 3; hole 3 held 1, so its
    // 2 are lifted: one to the store, one sown into hole 4, which was empty.
    assert_eq!(
        after(TAKE, "4,4,4,4/3,0,1,0 6 6 S", &["1"]),
        "4,4,4,4/0,1,0,1 8 6 N"
    );
    // A hand of one seed sows nothing: the seed goes to the store and the move ends in
    // the emptied hole.
    let one = "mancala:holes=4,laps=relay,stores=none,take-one,opposite=off,again=none,\
        end=stuck,half-wins";
    assert_eq!(
        after(one, "4,4,4,4/1,0,1,0 7 7 S", &["1"]),
        "4,4,4,4/0,0,1,0 8 7 N"
    );
}

/// Mandoli-like: evens on either row, a chain round both rows.
const EVENS: &str = "mancala:holes=4,seeds=2,stores=none,capture=evens,capture-side=either,\
    chain,chain-rows,grand-slam=capture,opposite=off,again=none,end=stuck";

#[test]
fn chain_most_stops_a_chain_after_so_many_holes() {
    // South's 3 seeds make his holes 3 and 4 and North's first hole 2 each: the last hole
    // and the one before it are taken, the third is left.
    let rules = format!("{EVENS},chain-most=2");
    assert_eq!(
        after(&rules, "1,1,1,1/1,3,1,1 3 3 S", &["2"]),
        "1,1,1,0/1,0,2,0 7 3 N"
    );
    assert_eq!(
        after(EVENS, "1,1,1,1/1,3,1,1 3 3 S", &["2"]),
        "1,1,1,0/1,0,0,0 9 3 N"
    );
    let three = format!("{EVENS},chain-most=3");
    assert_eq!(
        after(&three, "1,1,1,1/1,3,1,1 3 3 S", &["2"]),
        "1,1,1,0/1,0,0,0 9 3 N"
    );
}

#[test]
fn no_capture_moves_bar_the_first_moves() {
    let rules = "mancala:holes=3,seeds=2,stores=none,capture=2,capture-side=either,\
        opposite=off,again=none,end=stuck,no-capture-moves=2";
    // The game's first two moves make 2 in a hole and take nothing; the third takes. The
    // moves are counted in the ply, up to 2.
    assert_eq!(
        after(rules, "1,1,1/1,1,1 3 3 S", &["3"]),
        "1,1,2/1,1,0 3 3 N ply=1"
    );
    assert_eq!(
        after(rules, "1,1,1/1,1,1 3 3 S", &["3", "1"]),
        "2,2,0/1,1,0 3 3 S ply=2"
    );
    assert_eq!(
        after(rules, "1,1,1/1,1,1 3 3 S", &["3", "1", "1"]),
        "2,2,0/0,0,0 5 3 N ply=2"
    );
    assert_eq!(
        after(rules, "2,2,0/1,1,0 3 3 S ply=2", &["1", "2"]),
        "3,0,0/1,0,0 5 3 S ply=2"
    );
    // The count is part of the position: past the bar it is refused.
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = "2,2,0/1,1,0 3 3 S ply=3".parse().unwrap();
    assert!(game.validate(&s).is_err());
    // Nor does a relay stop where a capture is barred: it lifts the 2 on, twice.
    let relay = "mancala:holes=3,seeds=2,laps=relay,stores=none,capture=2,capture-side=either,\
        opposite=off,again=none,end=stuck,no-capture-moves=1";
    assert_eq!(
        after(relay, "0,1,1/1,1,0 4 4 S", &["1"]),
        "1,2,0/0,0,1 4 4 N ply=1"
    );
    assert_eq!(
        after(relay, "0,1,1/1,1,0 4 4 S ply=1", &["1"]),
        "0,1,1/0,0,0 6 4 N ply=1"
    );
}

/// The capture two out, on either row, no store sown.
const TWO_OUT: &str = "mancala:holes=4,seeds=2,stores=none,two-out,capture-side=either,\
    opposite=off,again=none,end=stuck";

#[test]
fn two_out_takes_the_hole_past_an_empty_one() {
    // South's last seed makes his third hole 2; his fourth is empty, so North's first
    // hole, two out, is taken.
    assert_eq!(
        after(TWO_OUT, "1,1,1,3/2,0,1,0 4 3 S", &["1"]),
        "1,1,1,0/0,1,2,0 7 3 N"
    );
    // Not when the last hole was empty before the last seed fell.
    assert_eq!(
        after(TWO_OUT, "1,1,1,3/2,0,0,0 4 4 S", &["1"]),
        "1,1,1,3/0,1,1,0 4 4 N"
    );
    // Nor past a hole with seeds.
    assert_eq!(
        after(TWO_OUT, "1,1,1,3/2,0,1,1 4 2 S", &["1"]),
        "1,1,1,3/0,1,2,1 4 2 N"
    );
    // A relay ends in an empty hole: there the capture two out is made all the same.
    let relay = format!("{TWO_OUT},laps=relay");
    assert_eq!(
        after(&relay, "1,1,1,3/2,0,0,0 4 4 S", &["1"]),
        "1,1,1,0/0,1,1,0 7 4 N"
    );
    // A capture of the opponent's last seeds is a grand slam: no capture by default here.
    assert_eq!(
        after(TWO_OUT, "0,0,0,3/2,0,1,0 5 5 S", &["1"]),
        "0,0,0,3/0,1,2,0 5 5 N"
    );
    // Barred in the opening like any capture.
    assert_eq!(
        after(
            &format!("{TWO_OUT},no-capture-moves=1"),
            "1,1,1,3/2,0,1,0 4 3 S",
            &["1"]
        ),
        "1,1,1,3/0,1,2,0 4 3 N ply=1"
    );
}

#[test]
fn contradictory_switches_are_refused() {
    for text in [
        "mancala:move-one",
        "mancala:sow-start",
        "mancala:chain-most=2",
        "mancala:chain-most=1",
        "mancala:two-out",
        "mancala:stores=none,capture=2,opposite=off,again=none,end=stuck,two-out",
        "mancala:stores=none,capture=2,chain,opposite=off,again=none,end=stuck,two-out",
        "mancala:no-capture-moves=2",
        "mancala:opposite=off,again=none,no-capture-moves=2",
        "mancala:holes=3,stores=none,capture=2,opposite=off,again=none,end=stuck,pass,\
         no-capture-moves=2",
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
    // A store never sown and no capture, but seeds still leave the board.
    assert!(
        "mancala:stores=none,opposite=off,again=none,end=stuck,take-one"
            .parse::<Mancala>()
            .is_ok()
    );
}

/// A file on `holes` x `seeds` with these `game_info` members.
fn file(holes: u8, seeds: u8, members: &str) -> String {
    format!(
        r#"{{"game_class": "Mancala",
            "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}},
            "game_info": {{{members}}}, "player": {{}}}}"#
    )
}

#[test]
fn their_mandoli_modiar_and_sokusowo_parameters_load() {
    let cases = [
        (
            file(
                6,
                6,
                r#""name": "M", "evens": true, "min_move": 1, "mlaps": 1, "multicapt": 2,
                "nocaptmoves": 2, "quitter": 1, "sow_direct": 1, "stores": true,
                "unclaimed": 1"#,
            ),
            "mancala:seeds=6,laps=relay,stores=none,capture=evens,capture-side=either,chain,\
             chain-rows,chain-most=2,grand-slam=capture,grand-slam-if-seeded,opposite=off,\
             no-capture-moves=3,again=none,end=stuck,leftovers=nobody,half-wins,too-few=2",
        ),
        (
            file(
                3,
                7,
                r#""name": "M", "capt_on": [2, 4, 6], "grandslam": 1, "min_move": 2,
                "multicapt": -1, "mustshare": true, "nocaptmoves": 1, "quitter": 4,
                "sow_direct": 1, "sow_start": true, "stores": true"#,
            ),
            "mancala:holes=3,seeds=7,stores=none,min-seeds=2,sow-start,capture=2.4.6,\
             capture-side=either,chain,chain-rows,grand-slam=illegal,grand-slam-always-illegal,\
             grand-slam-if-seeded,opposite=off,no-capture-moves=2,again=none,must-feed,\
             feed-test=move-seed,end=stuck,half-wins",
        ),
        (
            file(
                4,
                4,
                r#""name": "S", "min_move": 2, "mlaps": 1, "presowcapt": 1, "quitter": 4,
                "sow_direct": 1, "stores": true"#,
            ),
            "mancala:holes=4,laps=relay,stores=none,min-seeds=2,max-laps=50,take-one,\
             opposite=off,again=none,end=stuck,endless-leftovers=shared,half-wins",
        ),
    ];
    for (text, expected) in cases {
        let d = mancalagames::read(&text).unwrap();
        let game = Mancala::new(d).unwrap();
        assert_eq!(game.to_string(), expected);
        assert_eq!(expected.parse::<Mancala>().unwrap(), game);
    }
    // Any negative multicapt is their unlimited chain; move_one acts only with sow_start.
    let d = mancalagames::read(&file(
        6,
        4,
        r#""capt_on": [2, 3], "capt_side": 1, "multicapt": -3, "move_one": true"#,
    ))
    .unwrap();
    assert!(d.captures.chain && d.captures.chain_most.is_none());
    assert!(!d.sowing.move_one);
    // Their TWO_OUT: the capture two out alone; their counts only decide the early end.
    let d = mancalagames::read(&file(6, 4, r#""capt_type": 2, "evens": true"#)).unwrap();
    assert!(d.captures.two_out && d.captures.counts.is_empty());
    assert_eq!(d.end.too_few, Some(2));
    let d = mancalagames::read(&file(6, 4, r#""capt_type": 2"#)).unwrap();
    assert_eq!(d.end.too_few, Some(3));
    // Still refused: other captures before sowing, a bar with another turn or passing,
    // a chain two out whose side changes.
    for members in [
        r#""capt_on": [2], "presowcapt": 2"#,
        r#""capt_on": [2], "nocaptmoves": 1, "sow_stores": 1"#,
        r#""capt_on": [2], "nocaptmoves": 1, "capt_rturn": 1"#,
        r#""capt_on": [2], "nocaptmoves": 1, "mustpass": true"#,
        r#""capt_type": 2, "multicapt": -1, "capt_side": 3"#,
        r#""capt_type": 3"#,
    ] {
        assert!(
            mancalagames::read(&file(6, 4, members)).is_err(),
            "{members}"
        );
    }
}

#[test]
fn random_games_under_the_opening_switches_keep_the_rules_whole() {
    let rules = [
        format!("{CHAIN},sow-start"),
        format!("{CHAIN},sow-start,no-capture-moves=2,must-feed,feed-test=move"),
        format!("{CHAIN},sow-start,laps=relay,skip-origin,max-laps=20"),
        format!("{EVENS},chain-most=2,no-capture-moves=3,laps=relay"),
        "mancala:holes=4,seeds=2,stores=none,capture=evens,capture-side=either,chain,chain-rows,\
         grand-slam=illegal,grand-slam-if-seeded,opposite=off,again=none,end=stuck,chain-most=3"
            .into(),
        TAKE.to_string(),
        format!("{TAKE},skip-origin,sow-start,move-one"),
        "mancala:take-one".into(),
        TWO_OUT.to_string(),
        format!("{TWO_OUT},laps=relay,max-laps=30,no-capture-moves=3"),
        format!("{TWO_OUT},grand-slam=illegal,grand-slam-if-seeded,must-feed,feed-test=move"),
        format!("{TWO_OUT},capture-side=opponent,sow=cw,grand-slam=capture").replacen(
            "capture-side=either,",
            "",
            1,
        ),
        "mancala:holes=5,seeds=3,stores=none,capture=2.3,chain,chain-most=2,opposite=off,\
         again=none,must-feed,end=stuck,half-wins,no-capture-moves=4"
            .into(),
        "mancala:holes=9,seeds=3,opposite=without-seed,again=none,end=stuck,\
         no-capture-moves=5,sow-start,move-one,max-plies=200"
            .into(),
    ];
    let mut rng = WyRand::new(29);
    for text in &rules {
        let game: Mancala = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        for _ in 0..200 {
            let mut s = game.start();
            for _ in 0..1000 {
                game.validate(&s)
                    .unwrap_or_else(|e| panic!("{text} {s}: {e}"));
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let text_back: MancalaState = s.to_string().parse().unwrap();
                assert_eq!(text_back, s);
                game.play_unchecked(&mut s, mv);
            }
        }
    }
}
