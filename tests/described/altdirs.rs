//! The way chosen by the first move (`sow=first-chooses`, MancalaGames' PLAYALTDIR): on
//! hand-worked positions, read from their parameters, and kept whole in random games.

use crate::support::after;
use sowing::described::mancalagames;
use sowing::described::{Mancala, MancalaState};
use sowing::encode::Encoding;
use sowing::{RandomSource, Ruleset, WyRand};

/// The legal moves of `position` under `rules`, as text.
fn moves(rules: &str, position: &str) -> Vec<String> {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    game.legal_moves(&s).iter().map(|m| m.to_string()).collect()
}

/// A file on `holes` x `seeds` with these `game_info` members.
fn file(holes: u8, seeds: u8, members: &str) -> String {
    format!(
        r#"{{"game_class": "Mancala",
            "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}},
            "game_info": {{{members}}}, "player": {{}}}}"#
    )
}

const FIRST: &str = "mancala:holes=3,seeds=2,sow=first-chooses,stores=none,capture=4,opposite=off,\
    again=none,end=stuck";

#[test]
fn the_first_move_chooses_each_players_way() {
    let start = "2,2,2/2,2,2 0 0 S";
    assert_eq!(moves(FIRST, start), ["1R", "2R", "3R", "1L", "2L", "3L"]);
    // South sows his first hole to his left (clockwise): its 2 seeds go to North's holes 3
    // and 2, above it. South now sows clockwise, North counter-clockwise.
    let chosen = after(FIRST, start, &["1L"]);
    assert_eq!(chosen, "3,3,2/0,2,2 0 0 N south=cw");
    assert_eq!(moves(FIRST, &chosen), ["1R", "2R", "3R"]);
    let game: Mancala = FIRST.parse().unwrap();
    let s: MancalaState = chosen.parse().unwrap();
    assert!(game.parse_move(&s, "2L").is_err());
    // North's hole 2 sows to his right: his hole 3, then South's holes 1 and 2.
    let next = after(FIRST, &chosen, &["2R"]);
    assert_eq!(next, "4,0,2/1,3,2 0 0 S south=cw");
    assert_eq!(moves(FIRST, &next), ["1L", "2L", "3L"]);
    // North first, to his left: from his hole 1 into South's holes 3 and 2; South then
    // sows counter-clockwise.
    assert_eq!(
        after(FIRST, "2,2,2/2,2,2 0 0 N", &["1L"]),
        "2,2,0/2,3,3 0 0 S south=ccw"
    );
}

#[test]
fn the_chosen_way_is_part_of_the_position() {
    let game: Mancala = FIRST.parse().unwrap();
    let open: MancalaState = "2,2,2/2,2,2 0 0 S".parse().unwrap();
    let chosen: MancalaState = "2,2,2/2,2,2 0 0 S south=ccw".parse().unwrap();
    assert_ne!(open, chosen);
    assert_ne!(
        game.hash_from_scratch(&open),
        game.hash_from_scratch(&chosen)
    );
    // The observation's last value: 0 before the choice, 1 sowing right, -1 left.
    assert_eq!(game.observation_len(), 9);
    let mut out = [9.0f32; 9];
    game.fill_observation(&open, &mut out);
    assert_eq!(out[8], 0.0);
    game.fill_observation(&chosen, &mut out);
    assert_eq!(out[8], 1.0);
    let north: MancalaState = "2,2,2/2,2,2 0 0 N south=ccw".parse().unwrap();
    game.fill_observation(&north, &mut out);
    assert_eq!(out[8], -1.0);
    // Text: after a ply count, round trip; bad values refused.
    let both: MancalaState = "2,2,2/2,2,2 0 0 S ply=3 south=cw".parse().unwrap();
    assert_eq!(both.to_string(), "2,2,2/2,2,2 0 0 S ply=3 south=cw");
    for bad in [
        "2,2,2/2,2,2 0 0 S south=up",
        "2,2,2/2,2,2 0 0 S south=cw ply=3",
        "2,2,2/2,2,2 0 0 S south=cw south=cw",
    ] {
        assert!(bad.parse::<MancalaState>().is_err(), "{bad}");
    }
    // A way chosen means nothing to another ruleset.
    let kalah: Mancala = "mancala:holes=3,seeds=2".parse().unwrap();
    assert!(kalah.validate(&chosen).is_err());
    assert!(game.validate(&chosen).is_ok());
}

/// Their SowOpDirs as read.
const SOW_OP_DIRS: &str = "mancala:holes=5,sow=first-chooses,skip-origin,stores=none,\
    capture=evens,capture-side=either,grand-slam=capture,grand-slam-if-seeded,opposite=off,\
    again=none,end=stuck,half-wins,too-few=2,pass";

#[test]
fn their_sow_op_dirs_parameters_load() {
    let text = file(
        5,
        4,
        r#""name": "SowOpDirs", "evens": true, "min_move": 1, "mustpass": true,
        "quitter": 4, "skip_start": true, "sow_direct": 2, "stores": true,
        "udir_holes": [0, 1, 2, 3, 4]"#,
    );
    let game = Mancala::new(mancalagames::read(&text).unwrap()).unwrap();
    assert_eq!(game.to_string(), SOW_OP_DIRS);
    assert_eq!(SOW_OP_DIRS.parse::<Mancala>().unwrap(), game);
    // Refused: alternating ways without every hole chosen, or with a chain.
    for members in [
        r#""evens": true, "sow_direct": 2, "udir_holes": [0, 1]"#,
        r#""evens": true, "sow_direct": 2"#,
        r#""evens": true, "multicapt": -1, "sow_direct": 2, "udir_holes": [0, 1, 2, 3, 4]"#,
    ] {
        assert!(
            mancalagames::read(&file(5, 4, members)).is_err(),
            "{members}"
        );
    }
}

#[test]
fn random_games_under_first_chooses_keep_the_rules_whole() {
    let rules = [
        SOW_OP_DIRS.to_string(),
        format!("{FIRST},must-feed"),
        "mancala:sow=first-chooses".into(),
    ];
    let mut rng = WyRand::new(5);
    for text in &rules {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        for _ in 0..200 {
            let mut s = game.start();
            let mut first = None;
            for ply in 0..2000 {
                game.validate(&s).unwrap();
                assert_eq!(s.to_string().parse::<MancalaState>().unwrap(), s);
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                if ply == 0 {
                    first = Some(mv.way);
                } else {
                    // Every later move of the starter sows his first way, the other's
                    // the other way.
                    let way = first.unwrap();
                    assert!(
                        moves
                            .iter()
                            .all(|m| (m.way == way) == (game.to_move(&s) == sowing::Player::South))
                    );
                }
                game.play_unchecked(&mut s, mv);
                assert_eq!(game.seed_count(&s).total(), game.total_seeds());
            }
        }
    }
}

/// Their Achochodi as read.
const ACHOCHODI: &str = "mancala:skip-origin,stores=none,single-takes-across,capture=2.3,\
    chain,chain-rows,grand-slam=capture,grand-slam-if-seeded,opposite=off,again=none,\
    must-feed,feed-test=move,end=stuck,leftovers=last-mover,half-wins";

#[test]
fn a_single_seed_lifted_first_takes_the_hole_across() {
    let without = ACHOCHODI.replace("single-takes-across,", "");
    // South's single seed in his hole 1: North's hole 6 across it (5 seeds) goes to his
    // store, then the seed is sown into his hole 2.
    let position = "5,1,1,1,1,1/1,0,0,0,0,0 20 17 S";
    assert_eq!(
        after(ACHOCHODI, position, &["1"]),
        "0,1,1,1,1,1/0,1,0,0,0,0 25 17 N"
    );
    assert_eq!(
        after(&without, position, &["1"]),
        "5,1,1,1,1,1/0,1,0,0,0,0 20 17 N"
    );
    // Two seeds lifted take nothing before the sowing.
    assert_eq!(
        after(ACHOCHODI, "5,1,1,1,1,1/2,0,0,0,0,0 20 16 S", &["1"]),
        "5,1,1,1,1,1/0,1,1,0,0,0 20 16 N"
    );
    // The capture comes before the sowing: North's hole 1 (2 seeds) is taken, and the
    // seed then sown into it makes 1, no count. Without the rule it makes 3: taken.
    let position = "5,1,1,1,1,2/0,0,0,0,0,1 20 16 S";
    assert_eq!(
        after(ACHOCHODI, position, &["6"]),
        "5,1,1,1,1,1/0,0,0,0,0,0 22 16 N"
    );
    assert_eq!(
        after(&without, position, &["6"]),
        "5,1,1,1,1,0/0,0,0,0,0,0 23 16 N"
    );
}

#[test]
fn their_achochodi_parameters_load() {
    let text = file(
        6,
        4,
        r#""name": "Achochodi", "capt_on": [2, 3], "capt_side": 3, "min_move": 1,
        "multicapt": -1, "mustshare": true, "presowcapt": 3, "quitter": 0,
        "skip_start": true, "sow_direct": 1, "stores": true, "unclaimed": 2"#,
    );
    let game = Mancala::new(mancalagames::read(&text).unwrap()).unwrap();
    assert_eq!(game.to_string(), ACHOCHODI);
    assert_eq!(ACHOCHODI.parse::<Mancala>().unwrap(), game);
    for members in [
        r#""capt_on": [2], "presowcapt": 3, "mlaps": 1"#,
        r#""capt_on": [2], "presowcapt": 3, "sow_start": true, "min_move": 2"#,
        r#""capt_on": [2], "presowcapt": 2"#,
    ] {
        assert!(
            mancalagames::read(&file(6, 4, members)).is_err(),
            "{members}"
        );
    }
    for text in [
        "mancala:single-takes-across,laps=relay",
        "mancala:single-takes-across,sow-start,min-seeds=2",
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
}

#[test]
fn random_games_under_single_takes_across_keep_the_rules_whole() {
    let mut rng = WyRand::new(7);
    for text in [
        ACHOCHODI,
        "mancala:holes=4,seeds=2,stores=none,single-takes-across,opposite=off,again=none,end=stuck",
    ] {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        for _ in 0..200 {
            let mut s = game.start();
            for _ in 0..2000 {
                game.validate(&s).unwrap();
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
                assert_eq!(game.seed_count(&s).total(), game.total_seeds());
            }
        }
    }
}

/// Their GoEmpty_Two as read.
const GO_EMPTY_TWO: &str = "mancala:seeds=3,sow=choice,stores=both,opposite=off,\
    again-either-store,goal=clear,end=stuck,leftovers=last-mover";

#[test]
fn a_last_seed_in_either_store_moves_again_and_a_cleared_row_wins() {
    // South's single seed of hole 1 sown to his left falls in North's store: South again.
    let position = "3,3,3,3,3,3/1,3,3,3,3,3 1 1 S";
    assert_eq!(
        after(GO_EMPTY_TWO, position, &["1L"]),
        "3,3,3,3,3,3/0,3,3,3,3,3 1 2 S"
    );
    let plain = "mancala:seeds=3,sow=choice,stores=both,opposite=off,end=stuck";
    assert_eq!(
        after(plain, position, &["1L"]),
        "3,3,3,3,3,3/0,3,3,3,3,3 1 2 N"
    );
    // His last seed leaves his row empty: he wins, whatever the stores hold, and whichever
    // store it fell in.
    let game: Mancala = GO_EMPTY_TWO.parse().unwrap();
    for (position, mv, expected) in [
        (
            "3,3,3,3,3,3/0,0,0,0,0,1 2 15 S",
            "6R",
            "3,3,3,3,3,3/0,0,0,0,0,0 3 15 S",
        ),
        (
            "3,3,3,3,3,3/1,0,0,0,0,0 2 15 S",
            "1L",
            "3,3,3,3,3,3/0,0,0,0,0,0 2 16 S",
        ),
    ] {
        let s = after(GO_EMPTY_TWO, position, &[mv]);
        assert_eq!(s, expected);
        let s: MancalaState = s.parse().unwrap();
        assert!(game.legal_moves(&s).is_empty());
        assert!(
            matches!(
                game.outcome(&s),
                Some(sowing::Outcome::Win {
                    winner: sowing::Player::South,
                    ..
                })
            ),
            "{s}"
        );
    }
    // North's move (his hole 1's 3 seeds to his holes 2, 3 and 4) leaves South's row as
    // it was: no end.
    let s = after(GO_EMPTY_TWO, "3,3,3,3,3,3/0,0,0,0,1,1 1 15 N", &["1R"]);
    assert_eq!(s, "3,3,4,4,4,0/0,0,0,0,1,1 1 15 S");
    assert!(game.outcome(&s.parse().unwrap()).is_none());
}

#[test]
fn their_go_empty_two_parameters_load() {
    let text = file(
        6,
        3,
        r#""name": "GoEmpty_Two", "goal": 3, "min_move": 1, "quitter": 4,
        "sow_direct": 1, "sow_stores": 2, "stores": true,
        "udir_holes": [0, 1, 2, 3, 4, 5], "unclaimed": 2"#,
    );
    let game = Mancala::new(mancalagames::read(&text).unwrap()).unwrap();
    assert_eq!(game.to_string(), GO_EMPTY_TWO);
    assert_eq!(GO_EMPTY_TWO.parse::<Mancala>().unwrap(), game);
    // Without the clear goal, their BOTH is both stores sown, another turn in either.
    let d = mancalagames::read(&file(6, 4, r#""evens": true, "sow_stores": 2"#)).unwrap();
    assert!(d.captures.again_either_store && d.captures.again_on_store);
    for members in [
        r#""goal": 3, "sow_stores": 4"#,
        r#""goal": 3, "sow_stores": 5"#,
        r#""evens": true, "sow_stores": 6"#,
    ] {
        assert!(
            mancalagames::read(&file(6, 4, members)).is_err(),
            "{members}"
        );
    }
    for text in [
        "mancala:again-either-store",
        "mancala:stores=both,again=none,again-either-store",
        "mancala:stores=both,opposite=off,end=stuck,goal=clear",
    ] {
        assert!(text.parse::<Mancala>().is_err(), "{text}");
    }
}

#[test]
fn random_games_under_again_either_store_keep_the_rules_whole() {
    let mut rng = WyRand::new(9);
    for text in [
        GO_EMPTY_TWO,
        "mancala:holes=4,seeds=3,stores=both,again-either-store",
    ] {
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.to_string().parse::<Mancala>().unwrap(), game);
        for _ in 0..200 {
            let mut s = game.start();
            for _ in 0..2000 {
                game.validate(&s).unwrap();
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
                assert_eq!(game.seed_count(&s).total(), game.total_seeds());
            }
        }
    }
}
