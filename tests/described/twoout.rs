//! The capture two out in a chain (`two-out` with `chain`, onward the move's way) and as a
//! relay goes (`lap-capture`), each on a hand-worked position, read from MancalaGames'
//! parameters (Longbeu-a-cha, Bay Khom, Tap-Urdy), and kept whole in random games.

use crate::support::after;
use sowing::described::mancalagames;
use sowing::described::{Mancala, MancalaState};
use sowing::{RandomSource, Ruleset, WyRand};

/// The capture two out in a chain, on either row, one lap.
const CHAIN: &str = "mancala:holes=5,seeds=2,stores=none,two-out,chain,capture-side=either,\
    grand-slam=capture,opposite=off,again=none,end=stuck";

/// Longbeu-a-cha's rules (their file read, on 2 seeds a hole): the next hole's lap.
const LONGBEU: &str = "mancala:holes=5,seeds=2,laps=next,stores=none,max-laps=50,\
    capture-side=either,chain,grand-slam=capture,grand-slam-if-seeded,opposite=off,two-out,\
    again=none,end=stuck,endless-leftovers=shared,half-wins,too-few=2";

#[test]
fn a_chain_two_out_goes_on_from_each_hole_taken() {
    // South sows his first hole's 2 into his holes 2 and 3 (which held 1). His fourth is
    // empty: his fifth (3) is taken; from there North's first is empty: North's second (4)
    // is taken; North's third is empty: his fourth (2) is taken; his fifth holds a seed,
    // so the chain stops. 9 seeds.
    let position = "1,2,0,4,0/2,0,1,0,3 3 4 S";
    assert_eq!(after(CHAIN, position, &["1"]), "1,0,0,0,0/0,1,2,0,0 12 4 N");
    // Without the chain only the first hole two out is taken.
    let single = CHAIN.replace("chain,", "");
    assert_eq!(
        after(&single, position, &["1"]),
        "1,2,0,4,0/0,1,2,0,0 6 4 N"
    );
    // Of at most two holes.
    assert_eq!(
        after(&format!("{CHAIN},chain-most=2"), position, &["1"]),
        "1,2,0,0,0/0,1,2,0,0 10 4 N"
    );
    // A chain that empties the opponent's row is a grand slam, though its first hole is
    // the mover's own: under no-capture nothing is taken.
    let slam = CHAIN.replace("grand-slam=capture", "grand-slam=no-capture");
    assert_eq!(
        after(&slam, "0,2,0,4,0/2,0,1,0,3 4 4 S", &["1"]),
        "0,2,0,4,0/0,1,2,0,3 4 4 N"
    );
    // The same position under capture: North's row emptied, 9 more seeds for South (13),
    // and the game over, South's 3 left in his row his own.
    let game: Mancala = CHAIN.parse().unwrap();
    let mut s: MancalaState = "0,2,0,4,0/2,0,1,0,3 4 4 S".parse().unwrap();
    let mv = game.parse_move(&s, "1").unwrap();
    game.play_unchecked(&mut s, mv);
    assert_eq!(s.seeds_in_row(sowing::Player::North), 0);
    assert_eq!(s.to_string(), "0,0,0,0,0/0,0,0,0,0 16 4 N");
}

#[test]
fn under_the_next_holes_lap_a_last_hole_of_one_seed_captures_two_out() {
    // South's single seed falls in his empty second hole; his third is empty, so the lap
    // ends, and the capture two out takes his fourth (3), then North's first (2); North's
    // second holds a seed: the chain stops.
    assert_eq!(
        after(LONGBEU, "1,1,1,1,2/1,0,0,3,0 5 5 S", &["1"]),
        "1,1,1,1,0/0,1,0,0,0 10 5 N"
    );
    // The lap goes on from South's third hole (2 seeds) into his fourth and fifth; North's
    // first is empty, so it ends: North's second (3) is taken, then his fourth (2) past
    // his empty third; his fifth holds a seed.
    assert_eq!(
        after(LONGBEU, "1,2,0,3,0/1,2,2,0,0 5 4 S", &["1"]),
        "1,0,0,0,0/0,3,0,1,1 10 4 N"
    );
}

/// Tap-Urdy's rules (their file read, on 4 holes of 2 seeds).
const TAP_URDY: &str = "mancala:holes=4,seeds=2,laps=relay,stores=none,capture-side=either,\
    grand-slam=capture,grand-slam-if-seeded,opposite=off,two-out,lap-capture,again=none,\
    end=stuck,leftovers=nobody,half-wins,too-few=2";

#[test]
fn lap_capture_takes_two_out_before_each_lift() {
    // South sows his first hole's 2 into his holes 2 and 3; the third held 1, so the relay
    // goes on, but first his fourth is empty: North's first (3) is taken. The third's 2
    // go to South's fourth and North's first, now empty: the relay ends there, and past
    // North's empty second his third (2) is taken. 5 seeds.
    let position = "1,2,0,3/2,0,1,0 4 3 S";
    assert_eq!(after(TAP_URDY, position, &["1"]), "1,0,0,1/0,1,0,1 9 3 N");
    // Without it North's first holds 4 when the relay reaches it, is lifted and sown on
    // into South's first hole, empty: past South's second (a seed) nothing is taken.
    assert_eq!(
        after(&TAP_URDY.replace("lap-capture,", ""), position, &["1"]),
        "2,3,1,0/1,1,0,1 4 3 N"
    );
    for text in [
        TAP_URDY.replace("two-out,", ""),
        TAP_URDY.replace("laps=relay", "laps=next,max-laps=50"),
        TAP_URDY.replace("grand-slam=capture", "grand-slam=no-capture"),
        format!("{TAP_URDY},no-capture-moves=2"),
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
}

#[test]
fn a_chain_two_out_only_goes_onward() {
    for text in [
        format!("{CHAIN},chain-rows"),
        format!("{CHAIN},chain-way=cw"),
        CHAIN.replace("grand-slam=capture", "grand-slam=leave-first"),
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
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
fn their_longbeu_a_cha_and_bay_khom_captures_load() {
    let cases = [
        (
            file(
                5,
                5,
                r#""name": "Longbeu-a-cha", "capt_dir": 1, "capt_type": 2, "min_move": 1,
                "mlaps": 2, "multicapt": -1, "quitter": 4, "sow_direct": 1, "stores": true"#,
            ),
            "mancala:holes=5,seeds=5,laps=next,stores=none,max-laps=50,capture-side=either,\
             chain,grand-slam=capture,grand-slam-if-seeded,opposite=off,two-out,again=none,\
             end=stuck,endless-leftovers=shared,half-wins,too-few=2",
        ),
        (
            // Bay Khom, but for its start pattern (8), another rule.
            file(
                5,
                4,
                r#""name": "Bay_Khom", "capt_dir": 1, "capt_type": 2, "min_move": 1,
                "mlaps": 2, "multicapt": -1, "quitter": 4, "sow_direct": 1, "stores": true,
                "udir_holes": [0, 1, 2, 3, 4]"#,
            ),
            BAY_KHOM,
        ),
        (
            file(
                6,
                4,
                r#""name": "Tap-Urdy", "capt_dir": 1, "capt_type": 2, "evens": true,
                "min_move": 1, "mlaps": 1, "quitter": 1, "sow_direct": 1, "sow_rule": 8,
                "stores": true, "unclaimed": 1"#,
            ),
            "mancala:laps=relay,stores=none,capture-side=either,grand-slam=capture,\
             grand-slam-if-seeded,opposite=off,two-out,lap-capture,again=none,end=stuck,\
             leftovers=nobody,half-wins,too-few=2",
        ),
    ];
    for (text, expected) in cases {
        let d = mancalagames::read(&text).unwrap();
        let game = Mancala::new(d).unwrap();
        assert_eq!(game.to_string(), expected);
        assert_eq!(expected.parse::<Mancala>().unwrap(), game);
    }
    // A chain of at most n captures two out.
    let d = mancalagames::read(&file(
        6,
        4,
        r#""capt_type": 2, "capt_dir": 1, "multicapt": 3"#,
    ))
    .unwrap();
    assert!(d.captures.two_out && d.captures.chain && d.captures.chain_most == Some(3));
    // Still refused: a chain whose side changes along it; captures as a relay goes
    // (sow_rule 8) with the next hole's lap, with counts alone or a grand slam rule.
    for members in [
        r#""capt_type": 2, "capt_dir": 1, "multicapt": -1, "capt_side": 3"#,
        r#""capt_type": 2, "capt_dir": 1, "mlaps": 2, "sow_rule": 8"#,
        r#""evens": true, "mlaps": 1, "sow_rule": 8"#,
        r#""capt_type": 2, "capt_dir": 1, "mlaps": 1, "sow_rule": 8, "grandslam": 2"#,
    ] {
        assert!(
            mancalagames::read(&file(6, 4, members)).is_err(),
            "{members}"
        );
    }
}

/// Bay Khom's rules as read (its start pattern aside).
const BAY_KHOM: &str = "mancala:holes=5,sow=choice,laps=next,stores=none,max-laps=50,\
    capture-side=either,chain,grand-slam=capture,grand-slam-if-seeded,opposite=off,two-out,\
    again=none,end=stuck,endless-leftovers=shared,half-wins,too-few=2";

#[test]
fn random_games_under_a_chain_two_out_keep_the_rules_whole() {
    let rules = [
        CHAIN.to_string(),
        format!("{CHAIN},chain-most=2,laps=relay,max-laps=30"),
        LONGBEU.to_string(),
        BAY_KHOM.replace("seeds=4", "seeds=2"),
        CHAIN.replace(
            "grand-slam=capture",
            "grand-slam=illegal,grand-slam-if-seeded",
        ),
        CHAIN.replace("capture-side=either,", "sow=cw,"),
        TAP_URDY.to_string(),
        format!("{TAP_URDY},chain,max-laps=40"),
    ];
    let mut rng = WyRand::new(31);
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
                game.play_unchecked(&mut s, mv);
            }
        }
    }
}
