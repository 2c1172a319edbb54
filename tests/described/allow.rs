//! The rules on which holes a mover may play (`allow=`, MancalaGames' `allow_rule`) and the
//! grand slam that gives another turn (`grand-slam-again`, their LEGAL_SHARE), each worked
//! by hand on a small board, with the files of theirs that use them (Dabuda, Ndoto, Ouri).
//!
//! Positions read `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store>
//! <to move>`, the board as South sees it.

use sowing::described::{Allow, Mancala, MancalaState, mancalagames};
use sowing::{Outcome, Player, RandomSource, Ruleset, Score, WyRand};

/// The legal moves in `position`, joined by spaces (after checking the position).
fn legal(rules: &str, position: &str) -> String {
    let game: Mancala = rules.parse().unwrap();
    let s: MancalaState = position.parse().unwrap();
    game.validate(&s).unwrap();
    let moves: Vec<String> = game.legal_moves(&s).iter().map(|m| m.to_string()).collect();
    assert_eq!(
        moves.is_empty(),
        game.outcome(&s).is_some(),
        "{rules} {position}"
    );
    moves.join(" ")
}

/// The position after playing `moves` from `position`.
fn after(rules: &str, position: &str, moves: &[&str]) -> String {
    let game: Mancala = rules.parse().unwrap();
    let mut s: MancalaState = position.parse().unwrap();
    game.validate(&s).unwrap();
    for mv in moves {
        let m = game.parse_move(&s, mv).unwrap();
        s = game.play(s, m).unwrap();
        game.validate(&s).unwrap();
    }
    s.to_string()
}

/// Four holes of three seeds, no store sown, the opposite capture without the last seed.
fn rules(allow: &str) -> String {
    format!(
        "mancala:holes=4,seeds=3,stores=none,allow={allow},opposite=without-seed,again=none,\
         end=stuck"
    )
}

#[test]
fn opponent_or_empty_forbids_a_lap_ending_in_an_own_hole_with_seeds() {
    let r = rules("opponent-or-empty");
    // South's 1 ends in his 2 (a seed there): forbidden. His 2 ends in his empty 3, his 4
    // in North's row: allowed.
    assert_eq!(legal(&r, "0,0,0,0/1,1,0,2 10 10 S"), "2 4");
    // Three seeds from his 1 end in his 4, which holds two: forbidden.
    assert_eq!(legal(&r, "0,0,0,0/3,1,0,2 9 9 S"), "2 4");
    // Nine seeds, more than a row, are not tested: his 1 ends in his 2 and is allowed.
    assert_eq!(legal(&r, "0,0,0,0/9,1,0,2 6 6 S"), "1 2 4");
    assert_eq!(legal(&r, "0,0,0,1/9,1,0,0 6 7 S"), "1 2");
    // The illegal move is refused with the rule named.
    let game: Mancala = r.parse().unwrap();
    let s: MancalaState = "0,0,0,0/1,1,0,2 10 10 S".parse().unwrap();
    let err = game.parse_move(&s, "1").unwrap_err();
    assert!(err.to_string().contains("allow=opponent-or-empty"), "{err}");
    // Without the rule every hole with seeds is a move.
    let free = r.replace("allow=opponent-or-empty,", "");
    assert_eq!(legal(&free, "0,0,0,0/1,1,0,2 10 10 S"), "1 2 4");
}

#[test]
fn for_north_opponent_or_empty_tests_the_count_across_as_their_engine_does() {
    let r = rules("opponent-or-empty");
    // North's 1 (one seed) ends in his 2, which holds one. Their engine reads the count to
    // test in South's hole across (South's 4): 5, more than a row, so North's 1 is not
    // tested and is allowed.
    assert_eq!(legal(&r, "2,0,1,1/0,0,0,5 7 8 N"), "1 2 4");
    // With 4 across it is tested, and forbidden.
    assert_eq!(legal(&r, "2,0,1,1/0,0,0,4 8 8 N"), "2 4");
    // Nine seeds in North's 1 are tested (South's 4 is empty): the lap ends in his 2,
    // which held a seed; South's mirror position above allows it.
    assert_eq!(legal(&r, "0,0,1,9/1,0,0,0 6 7 N"), "2");
    // South's last seed makes North's 1 eight, which would come back to the hole it
    // left: North's only move is forbidden, he has no move and the game is over (each row
    // to its owner).
    let end = after(&r, "0,0,0,7/0,0,0,1 8 8 S", &["4"]);
    assert_eq!(end, "0,0,0,0/0,0,0,0 8 16 N");
    let game: Mancala = r.parse().unwrap();
    let s: MancalaState = end.parse().unwrap();
    assert_eq!(
        game.outcome(&s),
        Some(Outcome::Win {
            winner: Player::North,
            score: Some(Score {
                south: 8,
                north: 16
            })
        })
    );
    let free = r.replace("allow=opponent-or-empty,", "");
    assert_eq!(
        after(&free, "0,0,0,7/0,0,0,1 8 8 S", &["4"]),
        "0,0,0,8/0,0,0,0 8 8 N"
    );
}

#[test]
fn single_to_empty_forbids_a_single_seed_onto_seeds() {
    let r = rules("single-to-empty");
    // South's 1 sows onto his 2 (a seed), his 4 onto North's 1 (a seed): forbidden. His 2
    // goes into his empty 3; his 3, of two seeds, is free.
    assert_eq!(legal(&r, "0,0,0,1/1,1,0,2 9 10 S"), "2 4");
    assert_eq!(legal(&r, "0,0,0,0/1,1,0,1 10 11 S"), "2 4");
    // Clockwise, South's 1 sows into North's 4 (empty) and his 2 onto his 1.
    let cw = format!("{r},sow=cw");
    assert_eq!(legal(&cw, "0,0,0,0/1,1,0,0 11 11 S"), "1");
    // North's 2 leaves South every hole a single seed onto seeds: South has no move, the
    // game is over, each row to its owner.
    assert_eq!(
        after(&r, "1,0,2,1/1,1,1,1 8 8 N", &["2"]),
        "0,0,0,0/0,0,0,0 12 12 S"
    );
    let free = r.replace("allow=single-to-empty,", "");
    assert_eq!(
        after(&free, "1,0,2,1/1,1,1,1 8 8 N", &["2"]),
        "2,1,0,1/1,1,1,1 8 8 S"
    );
    // The next place must be a hole.
    assert!("mancala:allow=single-to-empty".parse::<Mancala>().is_err());
    assert!(
        "mancala:allow=singles-last-to-empty"
            .parse::<Mancala>()
            .is_err()
    );
}

#[test]
fn singles_and_twos_last_wait_until_every_hole_holds_them() {
    let r = rules("singles-last");
    assert_eq!(legal(&r, "0,0,0,0/1,2,0,1 10 10 S"), "2");
    assert_eq!(legal(&r, "0,0,0,0/1,0,0,1 11 11 S"), "1 4");
    // Singles last, then a single only into an empty hole.
    let r = rules("singles-last-to-empty");
    assert_eq!(legal(&r, "0,0,0,0/1,1,0,0 11 11 S"), "2");
    assert_eq!(legal(&r, "0,0,0,0/1,1,0,3 9 10 S"), "4");
    let r = rules("twos-last");
    assert_eq!(legal(&r, "0,0,0,0/2,3,2,0 8 9 S"), "2");
    assert_eq!(legal(&r, "0,0,0,0/2,0,2,0 10 10 S"), "1 3");
    // Twos last, and then only the rightmost, from the mover's seat.
    let r = rules("twos-last-rightmost");
    assert_eq!(legal(&r, "0,0,0,0/2,1,2,0 9 10 S"), "2");
    assert_eq!(legal(&r, "0,0,0,0/2,0,2,0 10 10 S"), "3");
    assert_eq!(legal(&r, "0,2,0,2/0,0,0,0 10 10 N"), "3");
}

#[test]
fn not_opposite_single_forbids_a_hole_across_from_one_seed() {
    let r = rules("not-opposite-single");
    // Across from South's 1 is North's 4 (one seed), from his 4 North's 1 (one seed).
    assert_eq!(legal(&r, "1,2,0,1/1,1,1,1 8 8 S"), "2 3");
    // For North: across from his 1 is South's 4, from his 3 South's 2.
    assert_eq!(legal(&r, "0,1,1,1/2,1,0,1 9 8 N"), "2");
}

#[test]
fn occupied_forbids_a_lap_ending_in_an_empty_hole() {
    let r = rules("occupied");
    // South's 1 ends in his empty 2: forbidden; his 3 and 4 end in North's 1, which
    // holds a seed.
    assert_eq!(legal(&r, "0,0,0,1/1,0,2,1 9 10 S"), "3 4");
    // His 4 into North's empty 1: forbidden.
    assert_eq!(legal(&r, "0,0,0,0/0,0,1,1 11 11 S"), "3");
    // North's 4 into South's empty 1 is allowed: their engine never forbids a lap ending
    // there. His 1 into his empty 2 is forbidden.
    assert_eq!(legal(&r, "1,1,0,1/0,0,0,0 10 11 N"), "3 4");
    assert!(
        "mancala:stores=none,again=none,allow=occupied,sow=even-odd"
            .parse::<Mancala>()
            .is_err()
    );
}

/// Ouri's rules on three holes of two seeds: singles last, captures of 2 and 3 in a chain,
/// feeding, a grand slam captured with another turn.
const SHARE: &str = "mancala:holes=3,seeds=2,skip-origin,stores=none,capture=2.3,chain,\
    grand-slam=capture,grand-slam-if-seeded,grand-slam-again,opposite=off,again=none,\
    must-feed,cannot-feed=to-unfed,feed-test=move,end=stuck,half-wins";

#[test]
fn a_grand_slam_captures_and_the_mover_must_then_feed() {
    // South's 3 makes North's only seed 2: captured, North's row is empty, and South moves
    // again: his 2 feeds North, and is his only move.
    assert_eq!(
        after(SHARE, "0,0,1/0,2,1 4 4 S", &["3"]),
        "0,0,0/0,2,0 6 4 S"
    );
    assert_eq!(legal(SHARE, "0,0,0/0,2,0 6 4 S"), "2");
    assert_eq!(
        after(SHARE, "0,0,1/0,2,1 4 4 S", &["3", "2"]),
        "0,0,1/0,0,1 6 4 N"
    );
    // When he cannot feed, the game ends and the seed left goes to the unfed North.
    assert_eq!(
        after(SHARE, "0,0,1/1,0,1 4 5 S", &["3"]),
        "0,0,0/0,0,0 6 6 S"
    );
    // Without the rule North, empty, is to move: the game ends, each row to its owner.
    let plain = SHARE.replace("grand-slam-again,", "");
    assert_eq!(
        after(&plain, "0,0,1/0,2,1 4 4 S", &["3"]),
        "0,0,0/0,0,0 8 4 N"
    );
    assert!("mancala:grand-slam-again".parse::<Mancala>().is_err());
}

#[test]
fn the_switches_print_and_read_back() {
    for allow in Allow::ALL {
        let text = if allow == Allow::Any {
            "mancala:holes=4,seeds=3,stores=none,opposite=without-seed,again=none,end=stuck"
                .to_string()
        } else {
            rules(allow.name())
        };
        let game: Mancala = text.parse().unwrap();
        assert_eq!(game.description().sowing.allow, allow);
        assert_eq!(game.to_string(), text);
    }
    let game: Mancala = SHARE.parse().unwrap();
    assert_eq!(game.to_string(), SHARE.replace("    ", ""));
    assert!("mancala:allow=sometimes".parse::<Mancala>().is_err());
}

#[test]
fn random_games_under_the_allow_rules_keep_the_rules_whole() {
    let mut texts: Vec<String> = Allow::ALL[1..].iter().map(|a| rules(a.name())).collect();
    texts.push(SHARE.to_string());
    texts.push(format!(
        "{},laps=relay,max-laps=50",
        rules("opponent-or-empty")
    ));
    texts.push(SHARE.replace("holes=3,seeds=2,", "allow=singles-last,"));
    texts.push("mancala:allow=twos-last,pass,end=stuck".into());
    let mut rng = WyRand::new(5);
    for text in &texts {
        let game: Mancala = text.parse().unwrap();
        for _ in 0..100 {
            let mut s = game.start();
            for _ in 0..500 {
                game.validate(&s).unwrap();
                let moves = game.legal_moves(&s);
                assert_eq!(moves.is_empty(), game.outcome(&s).is_some(), "{text} {s}");
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len() as u32) as usize];
                let checked = game.play(s, mv).unwrap();
                game.play_unchecked(&mut s, mv);
                assert_eq!(s, checked);
            }
        }
    }
}

/// The holes (1 from the mover's left) `allow` lets the player to move play in `s`, found
/// from the rules' words on a board of `rules`' kind (counter-clockwise, no store sown, no
/// origin skipped): a ring of `2h` holes, South's then North's, each from its owner's left.
fn allowed_by_hand(allow: Allow, s: &MancalaState) -> Vec<usize> {
    let h = s.holes();
    let me = s.to_move();
    let ring: Vec<u8> = (1..=h)
        .map(|i| s.hole(Player::South, i))
        .chain((1..=h).map(|i| s.hole(Player::North, i)))
        .collect();
    let place = |i: usize| if me == Player::South { i } else { h + i };
    let mine = |r: usize| (r < h) == (me == Player::South);
    let row: Vec<u8> = (0..h).map(|i| ring[place(i)]).collect();
    let playable: Vec<usize> = (0..h).filter(|&i| row[i] > 0).collect();
    // The first lap from hole i: where it ends and the ring after it.
    let lap = |i: usize| {
        let mut after = ring.clone();
        let mut r = place(i);
        let hand = after[r];
        after[r] = 0;
        for _ in 0..hand {
            r = (r + 1) % (2 * h);
            after[r] += 1;
        }
        (r, after)
    };
    let all = |n: u8| playable.iter().all(|&i| row[i] == n);
    let ok = |i: usize| -> bool {
        let single_to_empty = row[i] != 1 || ring[(place(i) + 1) % (2 * h)] == 0;
        match allow {
            Allow::Any => true,
            Allow::OpponentOrEmpty => {
                let tested = ring[if me == Player::South { i } else { h - 1 - i }];
                let (end, _) = lap(i);
                usize::from(tested) > h || !mine(end) || ring[end] == 0
            }
            Allow::SingleToEmpty => single_to_empty,
            Allow::SinglesLast => row[i] != 1 || all(1),
            Allow::SinglesLastToEmpty => (row[i] != 1 || all(1)) && single_to_empty,
            Allow::TwosLast => row[i] != 2 || all(2),
            Allow::TwosLastRightmost => {
                if all(2) {
                    Some(&i) == playable.last()
                } else {
                    row[i] != 2
                }
            }
            Allow::NotOppositeSingle => {
                // South's hole i faces North's h - 1 - i (North's left is South's right).
                let across = if me == Player::South {
                    h + (h - 1 - i)
                } else {
                    h - 1 - i
                };
                ring[across] != 1
            }
            Allow::Occupied => {
                let (end, after) = lap(i);
                end == 0 || after[end] != 1
            }
        }
    };
    playable
        .iter()
        .copied()
        .filter(|&i| ok(i))
        .map(|i| i + 1)
        .collect()
}

#[test]
fn every_rule_allows_the_holes_its_words_say_in_random_games() {
    let mut rng = WyRand::new(17);
    for allow in Allow::ALL {
        let text = rules(allow.name()).replace("allow=any,", "");
        let game: Mancala = text.parse().unwrap();
        let mut checked = 0;
        for _ in 0..200 {
            let mut s = game.start();
            for _ in 0..300 {
                let moves: Vec<usize> = game
                    .legal_moves(&s)
                    .iter()
                    .map(|m| m.to_string().parse().unwrap())
                    .collect();
                assert_eq!(moves, allowed_by_hand(allow, &s), "{text} {s}");
                checked += 1;
                if moves.is_empty() {
                    break;
                }
                let mv = game.legal_moves(&s)[rng.below(moves.len() as u32) as usize];
                game.play_unchecked(&mut s, mv);
            }
        }
        assert!(checked > 2000, "{text}: {checked} positions");
    }
}

#[test]
fn their_files_with_allow_rules_load() {
    let dabuda = r#"{"game_class": "Mancala",
        "game_constants": {"holes": 10, "nbr_start": 4},
        "game_info": {"name": "Dabuda", "allow_rule": 1, "capt_side": 1, "crosscapt": 1,
            "min_move": 1, "mlaps": 1, "quitter": 4, "sow_direct": 1, "stores": true,
            "xcpickown": 1},
        "player": {}}"#;
    let ndoto = r#"{"game_class": "Mancala",
        "game_constants": {"holes": 8, "nbr_start": 2},
        "game_info": {"name": "Ndoto", "allow_rule": 2, "capt_side": 1, "crosscapt": 1,
            "min_move": 1, "mlaps": 1, "quitter": 4, "sow_direct": 1, "stores": true},
        "player": {}}"#;
    let ouri = r#"{"game_class": "Mancala",
        "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"name": "Ouri", "allow_rule": 3, "capt_on": [2, 3], "capt_side": 1,
            "grandslam": 6, "min_move": 1, "multicapt": -1, "mustshare": true,
            "quitter": 0, "skip_start": true, "sow_direct": 1, "stores": true,
            "unclaimed": 3},
        "player": {}}"#;
    let text = |file: &str| {
        Mancala::new(mancalagames::read(file).unwrap())
            .unwrap()
            .to_string()
    };
    assert_eq!(
        text(dabuda),
        "mancala:holes=10,laps=relay,stores=none,max-laps=50,allow=opponent-or-empty,\
         again=none,end=stuck,endless-leftovers=shared,half-wins,too-few=2"
    );
    assert_eq!(
        text(ndoto),
        "mancala:holes=8,seeds=2,laps=relay,stores=none,max-laps=50,allow=single-to-empty,\
         opposite=without-seed,again=none,end=stuck,endless-leftovers=shared,half-wins,\
         too-few=2"
    );
    assert_eq!(
        text(ouri),
        "mancala:skip-origin,stores=none,allow=singles-last,capture=2.3,chain,\
         grand-slam=capture,grand-slam-if-seeded,grand-slam-again,opposite=off,again=none,\
         must-feed,cannot-feed=to-unfed,feed-test=move,end=stuck,half-wins"
    );
    // The rules that follow the moves made so far are refused, naming allow_rule.
    let first_moves = ouri.replace(r#""allow_rule": 3"#, r#""allow_rule": 7"#);
    let err = mancalagames::read(&first_moves).unwrap_err();
    assert_eq!(err.parameter(), Some("allow_rule"));
    // A single seed next to a sown store: refused, naming the later of the pair.
    let stored = ndoto.replace(r#""stores": true"#, r#""stores": true, "sow_stores": 1"#);
    let err = mancalagames::read(&stored).unwrap_err();
    assert_eq!(err.parameter(), Some("sow_stores"));
}

/// The rules as data: `allow` in the sowing part, `grand-slam-again` in the captures part,
/// checked on reading.
#[cfg(feature = "serde")]
#[test]
fn the_rules_read_as_data_and_are_checked() {
    use sowing::described::Description;
    let json = r#"{
        "sowing": { "stores": "none", "allow": "singles-last" },
        "captures": { "counts": "2.3", "grand-slam": "capture", "grand-slam-again": true,
                      "opposite": "off", "again-on-store": false },
        "end": { "rule": "stuck" }
    }"#;
    let d: Description = serde_json::from_str(json).unwrap();
    assert_eq!(d.sowing.allow, Allow::SinglesLast);
    assert!(d.captures.grand_slam_again);
    let back: Description = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(back, d);
    for bad in [
        r#"{ "sowing": { "allow": "single-to-empty" } }"#,
        r#"{ "sowing": { "allow": "sometimes" } }"#,
        r#"{ "captures": { "counts": "2", "grand-slam-again": true } }"#,
    ] {
        assert!(serde_json::from_str::<Description>(bad).is_err(), "{bad}");
    }
}
