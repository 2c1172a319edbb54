//! Lap captures with the opponent taking his own seeds near the end
//! (`lap-captures-opp-gets=N`, MancalaGames' `sow_rule` 10), worked by hand on small
//! boards, then Meusueb's parameters read.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it: each hole stands under the hole opposite.

use crate::support::after;
use sowing::described::Mancala;
use sowing::described::mancalagames::{self, MancalaGamesError};
use sowing::{RandomSource, Ruleset, WyRand};

/// Four holes of two, evens captured on either side, the opponent taking his own when at
/// most 6 seeds are left in the holes.
const EVENS: &str = "mancala:holes=4,seeds=2,laps=relay,stores=none,capture=evens,\
    capture-side=either,grand-slam=capture,opposite=off,again=none,end=stuck,\
    lap-captures-opp-gets=6";

/// Meusueb's description as their file reads (see the reader test below).
const MEUSUEB: &str = "mancala:laps=relay,stores=none,max-laps=50,capture=4,capture-side=either,\
    grand-slam=capture,grand-slam-if-seeded,opposite=off,again=none,end=stuck,\
    endless-leftovers=shared,half-wins,too-few=4,lap-captures-opp-gets=8";

#[test]
fn with_many_seeds_left_a_relay_captures_at_each_laps_end_and_lifts_the_next_hole() {
    // South lifts 2 from his 4th hole (14 left > 6): they reach North's 1st and 2nd; the
    // 2nd holds 3, is lifted, sows North's 3rd, 4th and South's 1st, which holds 3, is
    // lifted and ends in South's empty 4th.
    assert_eq!(
        after(EVENS, "2,2,2,2/2,2,2,2 0 0 S", &["4"]),
        "3,3,0,3/0,3,3,1 0 0 N"
    );
    // One seed makes North's 1st hole 4: taken at once, and the relay lifts the next hole,
    // North's empty 2nd, which ends the move there (no capture of the empty hole).
    assert_eq!(
        after(EVENS, "0,3,0,3/0,0,3,1 3 3 S", &["4"]),
        "0,3,0,0/0,0,3,0 7 3 N"
    );
    // Without the rule, the relay stops where the capture is made.
    let plain = EVENS.replace(",lap-captures-opp-gets=6", "");
    assert_eq!(
        after(&plain, "0,3,0,3/0,0,3,1 3 3 S", &["4"]),
        "0,3,0,0/0,0,3,0 7 3 N"
    );
    // Where the next hole holds seeds the plain relay stops; here it is lifted (3 seeds,
    // 5 left <= 6): North takes the two sown in his 3rd and 4th, South's 1st gets one.
    assert_eq!(
        after(&plain, "1,0,3,3/0,0,4,1 2 2 S", &["4"]),
        "1,0,3,0/0,0,4,0 6 2 N"
    );
    assert_eq!(
        after(EVENS, "1,0,3,3/0,0,4,1 2 2 S", &["4"]),
        "1,0,0,0/1,0,4,0 6 4 N"
    );
}

#[test]
fn with_few_seeds_left_the_opponent_takes_the_seeds_sown_in_his_holes() {
    // Meusueb: South lifts 3 (11 left > 8): North's 1st to 4, 2nd to 2, 3rd to 4, taken
    // at once (South 16 + 4); the relay lifts North's 4th (5 seeds, 6 left <= 8): North
    // takes the two sown in his 5th and 6th (17 + 2), South's 1st to 3rd get one each.
    assert_eq!(
        after(MEUSUEB, "0,0,5,3,1,3/0,0,0,0,0,3 16 17 S", &["6"]),
        "0,0,0,0,2,4/1,1,1,0,0,0 20 19 N"
    );
    // A last seed that makes an opponent's hole a capturing count stays: South's single
    // seed makes North's 1st 4 (7 left <= 8), South takes it, and the relay ends in the
    // empty next hole.
    assert_eq!(
        after(MEUSUEB, "2,0,0,0,0,3/0,0,0,0,2,1 20 20 S", &["6"]),
        "2,0,0,0,0,0/0,0,0,0,2,0 24 20 N"
    );
}

#[test]
fn a_last_seed_the_opponent_takes_leaves_his_hole_to_be_judged_as_it_was() {
    // South's single seed makes North's 1st 5, no capture: North takes it back, the hole
    // holds 4 again, and their engine's lap end captures it for South; the relay lifts
    // North's 2nd (2 seeds, none left in the holes): both sown in North's holes go to him.
    // Every hole is then empty: the game is over, 24 all.
    let end = after(MEUSUEB, "0,0,0,0,2,4/0,0,0,0,0,1 20 21 S", &["6"]);
    assert!(end.starts_with("0,0,0,0,0,0/0,0,0,0,0,0 24 24"), "{end}");
}

#[test]
fn the_switch_prints_reads_back_and_is_checked() {
    let game: Mancala = EVENS.parse().unwrap();
    assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
    assert!(game.to_string().ends_with("lap-captures-opp-gets=6"));
    let off: Mancala = "mancala:lap-captures-opp-gets=off".parse().unwrap();
    assert_eq!(off, Mancala::default());
    for bad in [
        "mancala:lap-captures-opp-gets=0",
        // No relay, no count capture, a store sown, a grand slam rule.
        "mancala:stores=none,capture=4,opposite=off,grand-slam=capture,lap-captures-opp-gets=8",
        "mancala:laps=relay,stores=none,grand-slam=capture,lap-captures-opp-gets=8",
        "mancala:laps=relay,capture=4,opposite=off,grand-slam=capture,lap-captures-opp-gets=8",
        "mancala:laps=relay,stores=none,capture=4,opposite=off,grand-slam=no-capture,\
         lap-captures-opp-gets=8",
    ] {
        assert!(bad.parse::<Mancala>().is_err(), "{bad}");
    }
}

#[test]
fn random_games_under_lap_captures_keep_the_rules_whole() {
    let rules = [
        MEUSUEB.to_string(),
        EVENS.replace("seeds=2", "seeds=3"),
        MEUSUEB.replace("laps=relay", "laps=relay,skip-origin,holes=5"),
    ];
    let mut rng = WyRand::new(31);
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        let total = game.description().total_seeds();
        for _ in 0..100 {
            let mut s = game.start();
            for _ in 0..1000 {
                game.validate(&s).unwrap();
                let seeds: u32 = (1..=s.holes())
                    .map(|i| {
                        u32::from(s.hole(sowing::Player::South, i))
                            + u32::from(s.hole(sowing::Player::North, i))
                    })
                    .sum::<u32>()
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

/// Their file of `game_info` members on a board of `holes` holes of `seeds`.
fn file(holes: u8, seeds: u8, members: &str) -> Result<Mancala, MancalaGamesError> {
    let d = mancalagames::read(&format!(
        r#"{{"game_class": "Mancala",
            "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}},
            "game_info": {{{members}}}, "player": {{}}}}"#
    ))?;
    Ok(Mancala::new(d).unwrap())
}

#[test]
fn meusueb_reads_as_their_engine_plays_it() {
    let game = file(
        6,
        4,
        r#""name": "Meusueb", "capt_on": [4], "min_move": 1, "mlaps": 1, "quitter": 4,
           "sow_direct": 1, "sow_param": 8, "sow_rule": 10, "stores": true"#,
    )
    .unwrap();
    assert_eq!(game.to_string(), MEUSUEB.replace("    ", ""));
    assert_eq!(game.description().sowing.lap_captures_opp_gets, Some(8));
}

#[test]
fn lap_captures_are_refused_where_their_engine_does_otherwise() {
    let refused = |members: &str| {
        file(6, 4, members)
            .unwrap_err()
            .parameter()
            .map(String::from)
    };
    let base = r#""capt_on": [4], "mlaps": 1, "sow_rule": 10, "stores": true"#;
    // No relay, no count, no stores (their relay then also stops on an empty opponent).
    assert_eq!(
        refused(r#""capt_on": [4], "sow_param": 8, "sow_rule": 10, "stores": true"#).as_deref(),
        Some("sow_rule")
    );
    assert_eq!(
        refused(&format!("{base}, \"sow_param\": 0")).as_deref(),
        Some("sow_param")
    );
    assert_eq!(
        refused(r#""mlaps": 1, "sow_param": 8, "sow_rule": 10, "stores": true"#).as_deref(),
        Some("sow_rule")
    );
    assert_eq!(
        refused(r#""capt_on": [4], "mlaps": 1, "sow_param": 8, "sow_rule": 10"#).as_deref(),
        Some("sow_rule")
    );
    // A grand slam rule or repeat turns: their opponent's taking counts as a capture there.
    assert_eq!(
        refused(&format!("{base}, \"sow_param\": 8, \"grandslam\": 2")).as_deref(),
        Some("grandslam")
    );
    assert_eq!(
        refused(&format!("{base}, \"sow_param\": 8, \"capt_rturn\": 1")).as_deref(),
        Some("capt_rturn")
    );
    // Other special sowing rules stay refused.
    assert_eq!(
        refused(r#""capt_on": [4], "mlaps": 1, "sow_rule": 8"#).as_deref(),
        Some("sow_rule")
    );
}
