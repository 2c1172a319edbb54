//! The rarer captures MancalaGames' files need (`owner-captures`, `pull-across`,
//! `no-single-capture`, `take-last`, and a chain round both rows decided by the last hole's
//! side), each worked by hand on a small board, then their files' parameters read.
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it: each hole stands under the hole opposite.

use crate::support::after;
use sowing::described::mancalagames::{self, MancalaGamesError};
use sowing::described::{Mancala, MancalaState, Side};
use sowing::{RandomSource, Ruleset, WyRand};

/// CrossCapt_Seven-like: Kalah's sowing, no capture but the pull across.
const PULL: &str = "mancala:holes=3,seeds=2,opposite=off,end=stuck,half-wins,pull-across";

#[test]
fn a_last_seed_in_an_empty_own_hole_pulls_the_seeds_opposite() {
    // South's single seed falls in his empty second hole; the 2 opposite move into it.
    assert_eq!(
        after(PULL, "3,2,1/1,0,2 2 1 S", &["1"]),
        "3,0,1/0,3,2 2 1 N"
    );
    // Without the rule they stay.
    let plain = PULL.trim_end_matches(",pull-across");
    assert_eq!(
        after(plain, "3,2,1/1,0,2 2 1 S", &["1"]),
        "3,2,1/0,1,2 2 1 N"
    );
    // Nothing opposite: nothing moves, and no other turn under again=capture.
    let again = format!("{PULL},again=store.capture");
    assert_eq!(
        after(&again, "3,0,1/1,0,2 3 2 S", &["1"]),
        "3,0,1/0,1,2 3 2 N"
    );
    // A pull is a capture for again=capture.
    assert_eq!(
        after(&again, "3,2,1/1,0,2 2 1 S", &["1"]),
        "3,0,1/0,3,2 2 1 S"
    );
    // The last seed in the opponent's empty hole pulls nothing.
    assert_eq!(
        after(PULL, "3,2,0/1,0,2 2 2 S", &["3"]),
        "3,2,1/1,0,0 3 2 N"
    );
    // Nor in an own hole that held seeds.
    assert_eq!(
        after(PULL, "3,2,1/1,1,2 1 1 S", &["1"]),
        "3,2,1/0,2,2 1 1 N"
    );
    // Only without the other captures.
    assert!("mancala:pull-across".parse::<Mancala>().is_err());
    assert!(
        "mancala:opposite=off,capture=2,capture-side=either,pull-across"
            .parse::<Mancala>()
            .is_err()
    );
}

/// Kale-like: captures of 2 and 3, no store sowing.
const KALE: &str = "mancala:holes=3,seeds=2,stores=none,capture=2.3,opposite=off,again=none,\
    end=stuck,half-wins";

#[test]
fn a_single_seed_lifted_captures_nothing() {
    let rules = format!("{KALE},no-single-capture");
    // South's one seed makes North's first hole 2: no capture under the rule...
    assert_eq!(
        after(&rules, "1,1,1/1,0,1 4 3 S", &["3"]),
        "1,1,2/1,0,0 4 3 N"
    );
    // ... a capture without it.
    assert_eq!(
        after(KALE, "1,1,1/1,0,1 4 3 S", &["3"]),
        "1,1,0/1,0,0 6 3 N"
    );
    // Two seeds lifted capture as usual.
    assert_eq!(
        after(&rules, "1,1,1/0,2,0 4 3 S", &["2"]),
        "1,1,0/0,0,1 6 3 N"
    );
    // Only with one lap.
    assert!(format!("{rules},laps=relay").parse::<Mancala>().is_err());
}

#[test]
fn the_last_holes_side_alone_decides_a_chain_round_both_rows() {
    // Their OPP_CONT: the last seed makes North's first hole 2, taken; the chain goes back
    // into South's own third hole (2), taken too, and stops at his emptied second hole.
    let rules = format!("{KALE},chain,chain-rows");
    assert_eq!(
        after(&rules, "1,1,1/0,2,1 3 3 S", &["2"]),
        "1,1,0/0,0,0 7 3 N"
    );
    // A chain along North's row alone stops at its end.
    let row = format!("{KALE},chain");
    assert_eq!(
        after(&row, "1,1,1/0,2,1 3 3 S", &["2"]),
        "1,1,0/0,0,2 5 3 N"
    );
    // A last seed in South's own row takes nothing, though the count is 2.
    assert_eq!(
        after(&rules, "1,1,1/1,1,0 4 3 S", &["1"]),
        "1,1,1/0,2,0 4 3 N"
    );
    // Under capture-side=own (their OWN_CONT) it does, and the chain goes on (nothing
    // more to take: the hole behind is empty).
    let own = format!("{rules},capture-side=own");
    assert_eq!(
        after(&own, "1,1,1/1,1,0 4 3 S", &["1"]),
        "1,1,1/0,0,0 6 3 N"
    );
    // A chain that would take all of North's seeds is a grand slam: no capture.
    assert_eq!(
        after(&rules, "0,0,1/0,2,1 4 4 S", &["2"]),
        "0,0,2/0,0,2 4 4 N"
    );
}

/// Obridjie-like: captures of 4 on either side, the holes' owners capturing while sowing.
const OWNERS: &str = "mancala:holes=3,seeds=2,stores=none,capture=4,capture-side=either,\
    grand-slam=capture,opposite=off,again=none,end=stuck,half-wins,owner-captures";

#[test]
fn holes_sown_to_a_capturing_count_go_to_their_owners() {
    // One lap: South's third hole reaches 4 (South takes it), North's first too, with the
    // last seed (North takes it: the last hole is no exception in one lap).
    assert_eq!(
        after(OWNERS, "0,1,3/3,0,3 1 1 S", &["1"]),
        "0,1,0/0,1,0 5 5 N"
    );
    // Without the rule South's third hole stays, and South's count capture takes the last.
    let plain = OWNERS.trim_end_matches(",owner-captures");
    assert_eq!(
        after(plain, "0,1,3/3,0,3 1 1 S", &["1"]),
        "0,1,0/0,1,4 5 1 N"
    );
    // Relays: the last seed of a lap is left to the relay and the count capture, here
    // South's (the relay stops where a capture is allowed).
    let relay = format!("{OWNERS},laps=relay");
    assert_eq!(
        after(&relay, "0,1,3/3,0,3 1 1 S", &["1"]),
        "0,1,0/0,1,0 9 1 N"
    );
    // South's second hole reaches 4 (his); his third 2 with the lap's last seed: relayed,
    // its 2 seeds making North's first hole 4 (North's) and ending in North's empty second.
    assert_eq!(
        after(&relay, "1,0,3/2,3,1 1 1 S", &["1"]),
        "1,1,0/0,0,0 5 5 N"
    );
    // The relay without the rule.
    let plain_relay = format!("{plain},laps=relay");
    assert_eq!(
        after(&plain_relay, "1,0,3/2,3,1 1 1 S", &["1"]),
        "1,1,4/0,4,0 1 1 N"
    );
    // Only with a count capture on either side and no store sown.
    assert!("mancala:owner-captures".parse::<Mancala>().is_err());
    assert!(
        OWNERS
            .replace("capture-side=either", "capture-side=opponent")
            .parse::<Mancala>()
            .is_err()
    );
}

#[test]
fn the_last_few_seeds_go_to_the_mover() {
    let rules = OWNERS.replace("owner-captures", "take-last=2");
    // Two seeds left after South's move: his.
    assert_eq!(
        after(&rules, "0,0,1/0,1,0 5 5 S", &["2"]),
        "0,0,0/0,0,0 7 5 N"
    );
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = "0,0,0/0,0,0 7 5 N".parse().unwrap();
    assert!(game.outcome(&s).is_some());
    // Three left: the game goes on.
    assert_eq!(
        after(&rules, "0,1,1/0,1,0 5 4 S", &["2"]),
        "0,1,1/0,0,1 5 4 N"
    );
    // After a capture: South takes North's 4, then the single seed left.
    assert_eq!(
        after(&rules, "0,0,3/0,1,1 3 4 S", &["3"]),
        "0,0,0/0,0,0 8 4 N"
    );
    // A last seed in the store is no capture step: nothing taken; South moves again, has no
    // move, and each row goes to its owner.
    let stores = "mancala:holes=3,seeds=2,opposite=off,end=stuck,half-wins,take-last=2";
    assert_eq!(
        after(stores, "0,0,1/0,0,1 5 5 S", &["3"]),
        "0,0,0/0,0,0 6 6 S"
    );
    assert!("mancala:take-last=0".parse::<Mancala>().is_err());
}

#[test]
fn the_new_switches_print_and_read_back() {
    for text in [
        PULL.to_string(),
        format!("{KALE},no-single-capture"),
        format!("{KALE},chain,chain-rows"),
        OWNERS.to_string(),
        format!("{OWNERS},laps=relay,take-last=4"),
    ] {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        assert_eq!(
            game.to_string().len(),
            text.replace("    ", "").len(),
            "{text}"
        );
    }
    let off: Mancala =
        "mancala:pull-across=off,no-single-capture=off,take-last=off,owner-captures=off"
            .parse()
            .unwrap();
    assert_eq!(off, Mancala::default());
}

#[test]
fn random_games_under_the_rarer_captures_keep_the_rules_whole() {
    let rules = [
        PULL.replace("holes=3,seeds=2", "holes=6,seeds=4"),
        "mancala:opposite=off,end=cleared-opponent,half-wins,pull-across".into(),
        format!(
            "{},no-single-capture,chain,chain-rows,skip-origin",
            KALE.replace("holes=3,seeds=2", "holes=6,seeds=4")
        ),
        format!("{KALE},chain,chain-rows,capture-side=own,must-feed,feed-test=move"),
        OWNERS.replace("holes=3,seeds=2", "holes=6,seeds=4"),
        format!(
            "{},laps=relay,max-laps=50,endless-leftovers=shared,again=capture,pass,take-last=4",
            OWNERS
                .replace("holes=3,seeds=2", "holes=12,seeds=4")
                .replace("again=none,", "")
        ),
        format!(
            "{},laps=relay,too-few=4",
            OWNERS.replace("holes=3,seeds=2", "holes=6,seeds=4")
        ),
    ];
    let mut rng = WyRand::new(23);
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
fn their_files_with_the_rarer_captures_read_as_their_engine_plays_them() {
    // CrossCapt_Seven's parameters.
    let game = file(
        6,
        4,
        r#""name": "CrossCapt_Seven", "capt_dir": 1, "capt_side": 1, "capt_type": 7,
           "end_cond": 2, "min_move": 1, "quitter": 4, "sow_direct": 1, "sow_stores": 1,
           "stores": true"#,
    )
    .unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:opposite=off,end=cleared-opponent,half-wins,pull-across"
    );
    // Kale's: their OPP_CONT chain, no capture after a single seed.
    let game = file(
        6,
        4,
        r#""name": "Kale", "capt_on": [2, 3], "capt_side": 3, "grandslam": 2, "min_move": 1,
           "multicapt": -1, "mustshare": true, "nosinglecapt": true, "quitter": 0,
           "skip_start": true, "sow_direct": 1, "stores": true, "unclaimed": 3"#,
    )
    .unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:skip-origin,stores=none,capture=2.3,chain,chain-rows,grand-slam-if-seeded,\
         opposite=off,again=none,must-feed,cannot-feed=to-unfed,feed-test=move,end=stuck,\
         half-wins,no-single-capture"
    );
    assert_eq!(game.description().captures.side, Side::Opponent);
    // Obridjie's: OWN_SOW_CAPT_ALL under relays; their early end with fewer than 4 left.
    let game = file(
        6,
        4,
        r#""name": "Obridjie", "capt_on": [4], "min_move": 1, "mlaps": 1, "quitter": 1,
           "sow_direct": 1, "sow_rule": 3, "stores": true, "unclaimed": 1"#,
    )
    .unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:laps=relay,stores=none,capture=4,capture-side=either,grand-slam=capture,\
         grand-slam-if-seeded,opposite=off,again=none,end=stuck,leftovers=nobody,half-wins,\
         too-few=4,owner-captures"
    );
    // Anywoli's: the same sowing, 4 (nbr_start) last seeds to the mover, and then no early
    // end by too few seeds.
    let game = file(
        12,
        4,
        r#""name": "Anywoli", "capt_on": [4], "capt_rturn": 1, "min_move": 1, "mlaps": 1,
           "mustpass": true, "pickextra": 3, "quitter": 4, "sow_direct": 1, "sow_rule": 3,
           "stores": true"#,
    )
    .unwrap();
    assert_eq!(
        game.to_string(),
        "mancala:holes=12,laps=relay,stores=none,max-laps=50,capture=4,capture-side=either,\
         grand-slam=capture,grand-slam-if-seeded,opposite=off,again=capture,end=stuck,\
         endless-leftovers=shared,half-wins,pass,owner-captures,take-last=4"
    );
    assert_eq!(game.description().end.too_few, None);
}

#[test]
fn the_rarer_captures_are_refused_where_their_engine_does_otherwise() {
    let refused = |members: &str| {
        file(6, 4, members)
            .unwrap_err()
            .parameter()
            .map(String::from)
    };
    // The other capture types, extra picks and sowing rules.
    assert_eq!(refused(r#""capt_type": 3"#).as_deref(), Some("capt_type"));
    assert_eq!(
        refused(r#""capt_on": [2], "pickextra": 1"#).as_deref(),
        Some("pickextra")
    );
    assert_eq!(
        refused(r#""capt_on": [2], "sow_rule": 4"#).as_deref(),
        Some("sow_rule")
    );
    // Captures by the owners need a count capture on either side, no store sown.
    assert_eq!(
        refused(r#""sow_rule": 3, "crosscapt": 1, "capt_side": 1"#).as_deref(),
        Some("sow_rule")
    );
    assert_eq!(
        refused(r#""capt_on": [4], "capt_side": 1, "sow_rule": 3"#).as_deref(),
        Some("sow_rule")
    );
    assert_eq!(
        refused(r#""capt_on": [4], "sow_rule": 3, "sow_stores": 3"#).as_deref(),
        Some("sow_stores")
    );
    // The pull across: into the mover's row, alone.
    assert_eq!(
        refused(r#""capt_type": 7, "sow_stores": 1"#).as_deref(),
        Some("capt_type")
    );
    assert_eq!(
        refused(r#""capt_side": 1, "capt_type": 7, "capt_on": [2]"#).as_deref(),
        Some("capt_on")
    );
    // No capture after a single seed: one lap only.
    assert_eq!(
        refused(r#""capt_on": [4], "nosinglecapt": true, "mlaps": 1"#).as_deref(),
        Some("mlaps")
    );
    // The last seeds: their count is of the capturing side; their grand slam counts them.
    assert_eq!(
        refused(r#""capt_on": [4], "capt_side": 1, "pickextra": 3"#).as_deref(),
        Some("pickextra")
    );
    assert_eq!(
        refused(r#""capt_on": [4], "pickextra": 3, "grandslam": 2"#).as_deref(),
        Some("grandslam")
    );
    // OPP_CONT under relays; with a grand slam rule that keeps a hole.
    assert_eq!(
        refused(r#""capt_on": [4], "capt_side": 3, "mlaps": 1"#).as_deref(),
        Some("mlaps")
    );
    assert_eq!(
        refused(r#""capt_on": [2], "capt_side": 3, "multicapt": -1, "grandslam": 4"#).as_deref(),
        Some("grandslam")
    );
    // Without a chain OPP_CONT is their OPP_SIDE.
    let game = file(6, 4, r#""capt_on": [2, 3], "capt_side": 3"#).unwrap();
    let side = file(6, 4, r#""capt_on": [2, 3], "capt_side": 1"#).unwrap();
    assert_eq!(game, side);
}
