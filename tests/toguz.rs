//! Toguz Kumalak: hand-worked positions for every rule, the rules file's perft numbers and
//! FEN examples, the federation diagram, notation and PGN, and 742 federation games.

use sowing::toguz::{Landing, Style, Toguz, ToguzMove, ToguzSettings, ToguzState, playok as pgn};
use sowing::{
    GameRecord, MoveParseError, Outcome, Picture, Player, PositionError, RecordError, Ruleset,
    RulesetParseError, Score, SettingsError, SplitMix64, Spot, perft, random_playout,
};

fn rules(text: &str) -> Toguz {
    text.parse().unwrap()
}

/// Plays `moves` (players' notation, each checked) from `fen` and returns the position text.
fn play(rules: &Toguz, fen: &str, moves: &[&str]) -> ToguzState {
    let mut s = rules.parse_position(fen).unwrap();
    for text in moves {
        let mv = rules
            .parse_move(&s, text)
            .unwrap_or_else(|e| panic!("{text} in {s}: {e}"));
        rules.try_play(&mut s, mv).unwrap();
        rules.validate(&s).unwrap();
        assert_eq!(rules.hash(&s), rules.hash_from_scratch(&s));
    }
    s
}

fn after(rules: &Toguz, fen: &str, moves: &[&str]) -> String {
    play(rules, fen, moves).to_string()
}

fn mismatch(rules: &Toguz, fen: &str, text: &str) -> String {
    let s = rules.parse_position(fen).unwrap();
    match rules.parse_move(&s, text) {
        Err(MoveParseError::Mismatch { problem, .. }) => problem,
        other => panic!("{text}: expected a mismatch, got {other:?}"),
    }
}

fn win(winner: Player, south: u32, north: u32) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        score: Some(Score { south, north }),
    })
}

// ---------------------------------------------------------------------------------------------
// Sowing.

#[test]
fn opening_move_six_captures_ten() {
    let r = Toguz::default();
    let start = r.start();
    assert_eq!(
        start.to_string(),
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
    );
    // Nine balls from hole 6: the first back into 6, then 7, 8, 9 and North's 1 to 5.
    let s = after(&r, &start.to_string(), &["65"]);
    assert_eq!(
        s,
        "9S,9S,9S,9S,1,10S,10S,10S,10S/9S,9S,9S,9S,9S,1S,10S,10S,10S 10 0 N 1"
    );
    assert_eq!(
        r.format_move_as(&start, ToguzMove(6), Style::PlayOk),
        "65(10)"
    );
    assert_eq!(r.format_move(&start, ToguzMove(6)), "65");
}

#[test]
fn one_ball_moves_on_and_leaves_the_origin_empty() {
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/2,1S,5,5S 69 69 S 20";
    assert_eq!(
        after(&r, fen, &["34"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,2S/3,1S,4,5S 69 69 N 20"
    );
    // The same under no-origin-sowing: one ball always moves on.
    assert_eq!(
        after(&rules("toguz:no-origin-sowing"), fen, &["34"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,2S/3,1S,4,5S 69 69 N 20"
    );
    assert!(mismatch(&r, fen, "33").contains("lands in the mover's hole 4, not 3"));
}

#[test]
fn first_ball_goes_back_into_the_origin_unless_switched_off() {
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/4S,6,2S,1 69 69 S 20";
    // Two balls from hole 8: 8 and 9.
    assert_eq!(
        after(&Toguz::default(), fen, &["89"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,2S/4S,6,1S,1S 69 69 N 20"
    );
    // Pre-1949: 9 and North's 1, which makes 3 there: a tuzdik.
    assert_eq!(
        after(&rules("toguz:no-origin-sowing"), fen, &["81x"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,t/4S,7,1S 72 69 N 20"
    );
}

#[test]
fn nineteen_balls_go_round_again_into_the_origin() {
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/19S,7,1S 62 62 S 20";
    assert_eq!(
        after(&r, fen, &["11"]),
        "3S,3S,3S,3S,3S,3S,3S,3S,3S/2S,1S,1S,1S,1S,1S,1S,1S,2S 62 62 N 20"
    );
}

#[test]
fn a_lap_feeds_both_tuzdiks_to_their_owners() {
    // South owns North's 5, North owns South's 6. Twenty balls from South's 1: a full lap
    // (one ball into each tuzdik, each to its owner) and two more.
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,t,2S,2S,2S,2S/20S,4,t,2,1S 63 62 S 20";
    assert_eq!(
        after(&r, fen, &["12"]),
        "3S,3S,3S,3S,t,3S,3S,3S,3S/2S,2S,1S,1S,1S,t,1S,1S,2S 64 63 N 20"
    );
}

// ---------------------------------------------------------------------------------------------
// Captures and tuzdiks.

/// Hole `index` of `owner`, as an effect names it.
fn hole(owner: Player, index: usize) -> Spot {
    Spot::Hole { owner, index }
}

#[test]
fn even_count_in_an_opponent_hole_is_captured() {
    let r = Toguz::default();
    let fen = "3S,3S,3S,3S,3S,3S,3S,3S,3S/2S,7,3S 65 65 S 20";
    // 9, North's 1, North's 2 (3 + 1 = 4: captured).
    assert_eq!(
        after(&r, fen, &["92(69)"]),
        "3S,3S,3S,3S,3S,3S,3S,1,4S/2S,7,1S 69 65 N 20"
    );
    let s = r.parse_position(fen).unwrap();
    let e = r.effect(&s, ToguzMove(9)).unwrap();
    assert_eq!(
        (e.last, Landing::of(&e)),
        (Some(hole(Player::North, 2)), Landing::Capture(4))
    );
    assert_eq!(r.format_move_as(&s, ToguzMove(9), Style::PlayOk), "92(69)");
    assert!(mismatch(&r, fen, "92(68)").contains("holds 69 after the move, not 68"));
}

#[test]
fn odd_count_and_own_side_capture_nothing() {
    let r = Toguz::default();
    let fen = "1S,1S,1S,1S,1S,1S,1S,4S,2S/2S,7,3S 72 72 S 20";
    // 9, North's 1 (3), North's 2 (5: odd).
    assert_eq!(
        after(&r, fen, &["92"]),
        "1S,1S,1S,1S,1S,1S,1S,5S,3S/2S,7,1S 72 72 N 20"
    );
    assert!(mismatch(&r, fen, "92(72)").contains("captures nothing"));
    // The last ball on the mover's own side captures nothing either: 19 from the start.
    let start = Toguz::default().start();
    let e = r.effect(&start, ToguzMove(1)).unwrap();
    assert_eq!(
        (e.last, Landing::of(&e)),
        (Some(hole(Player::South, 9)), Landing::Nothing)
    );
}

#[test]
fn three_in_an_opponent_hole_makes_a_tuzdik() {
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/2S,7,2S 70 70 S 20";
    let s = play(&r, fen, &["91x"]);
    assert_eq!(
        s.to_string(),
        "2S,2S,2S,2S,2S,2S,2S,2S,t/2S,7,1S 73 70 N 20"
    );
    assert_eq!(s.tuzdik(Player::South), Some(1));
    assert!(s.is_tuzdik(Player::North, 1));
    // Every spelling of the mark is read; leaving it out is a mismatch.
    for text in ["91x", "91X", "91х", "91Х"] {
        assert!(
            play(&r, fen, &[text]).tuzdik(Player::South).is_some(),
            "{text}"
        );
    }
    assert!(mismatch(&r, fen, "91").contains("makes hole 1 a tuzdik"));
    let start = r.parse_position(fen).unwrap();
    assert_eq!(r.format_move_as(&start, ToguzMove(9), Style::PlayOk), "91X");
    assert_eq!(r.format_move(&start, ToguzMove(9)), "91x");
    // A tuzdik is never played from: North's hole 1 is South's now.
    let reason = r.illegal_reason(&s, ToguzMove(1)).unwrap().to_string();
    assert!(reason.contains("tuzdik"), "{reason}");
}

#[test]
fn tuzdik_limit_a_one_per_player() {
    // South already owns North's 5.
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,t,2S,2S,2S,2S/2S,7,2S 71 71 S 20";
    assert_eq!(
        after(&r, fen, &["91"]),
        "2S,2S,2S,2S,t,2S,2S,2S,3S/2S,7,1S 71 71 N 20"
    );
    assert!(mismatch(&r, fen, "91x").contains("makes no tuzdik"));
}

#[test]
fn tuzdik_limit_b_never_hole_nine() {
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/2S,7,10S 66 66 S 20";
    assert_eq!(
        after(&r, fen, &["99"]),
        "3S,3S,3S,3S,3S,3S,3S,3S,3S/2S,7,1S 66 66 N 20"
    );
    assert!(mismatch(&r, fen, "99x").contains("makes no tuzdik"));
}

#[test]
fn tuzdik_limit_c_no_symmetric_tuzdik() {
    // North owns South's 1, so South cannot claim North's 1 ...
    let r = Toguz::default();
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/t,2S,6,2S 70 70 S 20";
    assert_eq!(
        after(&r, fen, &["91"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,3S/t,2S,6,1S 70 70 N 20"
    );
    // ... but with North on South's 2 he can.
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/2S,t,6,2S 70 70 S 20";
    assert_eq!(
        after(&r, fen, &["91x"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,t/2S,t,6,1S 73 70 N 20"
    );
}

#[test]
fn balls_sown_into_a_tuzdik_go_to_its_owner_whoever_sows() {
    let r = Toguz::default();
    // North owns South's 4; South sows 2, 3, 4, 5: the ball in 4 is North's.
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/1,4S,1,t,4,1S 70 69 S 20";
    assert_eq!(
        after(&r, fen, &["25"]),
        "2S,2S,2S,2S,2S,2S,2S,2S,2S/1,1S,1S,t,1S,3,1S 70 70 N 20"
    );
    // South owns North's 3 and sows through it: 9, N1, N2, N3 (his), N4 (1 + 1: captured).
    // PlayOK's total counts the tuzdik's ball.
    let fen = "2S,2S,2S,2S,2S,1S,t,2S,2S/2S,7,5S 70 70 S 20";
    assert_eq!(
        after(&r, fen, &["94(73)"]),
        "2S,2S,2S,2S,2S,1,t,3S,3S/2S,7,1S 73 70 N 20"
    );
    assert!(mismatch(&r, fen, "94(72)").contains("73"));
}

#[test]
fn variants_bestemshe_has_no_tuzdik_kozdatu_forbids_hole_seven() {
    let b = rules("toguz:bestemshe");
    assert_eq!(b.total_seeds(), 50);
    assert_eq!(
        after(&b, "2S,2S,2S,2S,2S/2S,3,2S 18 18 S 3", &["51"]),
        "2S,2S,2S,2S,3S/2S,3,1S 18 18 N 3"
    );
    let k = rules("toguz:kozdatu");
    assert_eq!(k.total_seeds(), 98);
    assert_eq!(
        after(&k, "2S,2S,2S,2S,2S,2S,2S/2S,5,8S 37 37 S 5", &["77"]),
        "3S,3S,3S,3S,3S,3S,3S/2S,5,1S 37 37 N 5"
    );
    assert_eq!(
        after(&k, "2S,2S,2S,2S,2S,2S,2S/2S,5,7S 37 38 S 5", &["76x"]),
        "2S,t,3S,3S,3S,3S,3S/2S,5,1S 40 38 N 5"
    );
    // Kozdatu is decided at 50 of 98, Bestemshe at 26 of 50.
    let s = k.parse_position("7/1S,6 50 47 N 9").map(|s| k.outcome(&s));
    assert!(s.is_err(), "North to move with no ball must be swept");
    let s = k.parse_position("1S,6/1S,6 50 46 N 9").unwrap();
    assert_eq!(k.outcome(&s), win(Player::South, 50, 46));
    let s = b.parse_position("1S,4/1S,4 26 22 N 9").unwrap();
    assert_eq!(b.outcome(&s), win(Player::South, 26, 22));
}

// ---------------------------------------------------------------------------------------------
// The end.

#[test]
fn player_left_without_a_move_ends_the_game_remainder_to_the_sides_owner() {
    let r = Toguz::default();
    // North has nothing; South sows 8, 9 on his own side: North cannot move, and South's
    // balls go to South.
    let s = play(&r, "9/7,2S,3S 80 77 S 40", &["89"]);
    assert_eq!(s.to_string(), "9/9 85 77 N 40");
    assert!(r.legal_moves(&s).is_empty());
    assert!(r.is_atsyz_kalu(&s));
    assert_eq!(r.outcome(&s), win(Player::South, 85, 77));
}

#[test]
fn an_empty_side_does_not_end_the_game_while_its_owner_is_not_to_move() {
    let r = Toguz::default();
    // South plays his last ball: his side is empty, but North is to move and has moves.
    let fen = "2S,8/8,1S 80 79 S 40";
    let s = play(&r, fen, &["91"]);
    assert_eq!(s.to_string(), "2S,7,1S/9 80 79 N 40");
    assert_eq!(r.outcome(&s), None);
    assert_eq!(&r.legal_moves(&s)[..], &[ToguzMove(1), ToguzMove(9)]);
    // North sows into South's side: South plays on.
    let s2 = play(&r, fen, &["91", "91"]);
    assert_eq!(s2.to_string(), "1S,7,1S/1S,8 80 79 S 41");
    assert_eq!(r.outcome(&s2), None);
    // North keeps his balls at home: South has no move, North takes his own 3 balls: 82.
    let s3 = play(&r, fen, &["91", "12"]);
    assert_eq!(s3.to_string(), "9/9 80 82 S 41");
    assert_eq!(r.outcome(&s3), win(Player::North, 80, 82));
}

#[test]
fn eighty_two_decides_unless_playing_to_the_end() {
    let fen = "4,4S,3,1S/3S,7,2S 80 72 S 20";
    let r = Toguz::default();
    let s = play(&r, fen, &["91(82)"]);
    assert_eq!(s.to_string(), "4,4S,4/3S,7,1S 82 72 N 20");
    assert!(r.legal_moves(&s).is_empty());
    assert!(!r.is_atsyz_kalu(&s));
    assert_eq!(r.outcome(&s), win(Player::South, 82, 72));
    assert!(
        matches!(r.parse_move(&s, "5"), Err(MoveParseError::Illegal { .. })),
        "no move after 82"
    );
    // Playing to the end: the game goes on.
    let p = rules("toguz:play-to-end");
    let s = play(&p, fen, &["91(82)"]);
    assert_eq!(p.outcome(&s), None);
    assert_eq!(&p.legal_moves(&s)[..], &[ToguzMove(5)]);
}

#[test]
fn eighty_one_all_is_a_draw() {
    let r = Toguz::default();
    let s = play(&r, "9/7,1S,1 80 81 S 40", &["89"]);
    assert_eq!(s.to_string(), "9/9 81 81 N 40");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Draw {
            score: Some(Score {
                south: 81,
                north: 81
            })
        })
    );
}

// ---------------------------------------------------------------------------------------------
// Position text.

#[test]
fn fen_examples_of_the_rules_file() {
    let r = Toguz::default();
    let text = "6S,1,1S,t,5S,3S,4S,3S,1S/1S,2S,2S,t,3S,2S,2S,1S,1S 82 43 N 38";
    let s = r.parse_position(text).unwrap();
    assert_eq!(s.to_string(), text);
    assert_eq!(s.hole(Player::North, 9), 6);
    assert_eq!(s.hole(Player::North, 8), 0);
    assert_eq!(s.hole(Player::North, 7), 1);
    assert_eq!(s.tuzdik(Player::South), Some(6));
    assert_eq!(s.tuzdik(Player::North), Some(4));
    assert_eq!((s.kazan(Player::South), s.kazan(Player::North)), (82, 43));
    assert_eq!((s.to_move(), s.fullmove()), (Player::North, 38));
    // South has 82: decided, unless playing to the end.
    assert_eq!(r.outcome(&s), win(Player::South, 82, 43));
    let p = rules("toguz:play-to-end");
    assert_eq!(p.outcome(&p.parse_position(text).unwrap()), None);

    let text = "11S,1S,7S,t,6S,4S,2S,4S,3S/2S,6S,19S,t,1S,3S,1S,3S,3S 57 29 N 10";
    let s = r.parse_position(text).unwrap();
    assert_eq!(s.to_string(), text);
    assert_eq!(s.hole(Player::South, 3), 19);
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<ToguzState>(&json).unwrap(), s);
    }
}

#[test]
fn bad_position_text_is_a_typed_error() {
    for bad in [
        "",
        "9S,9S/9S 0 0 S 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 X 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 0",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1 x",
        "0S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
        "t,t,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
        "9s,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
        "10/10 0 0 S 1",
        "300S,8/9 0 0 S 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S -1 0 S 1",
        "х",
    ] {
        assert!(bad.parse::<ToguzState>().is_err(), "{bad:?} parsed");
    }
    let r = Toguz::default();
    let wrong_total = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 1 0 S 1";
    assert!(matches!(
        r.parse_position(wrong_total),
        Err(PositionError::WrongSeedTotal {
            expected: 162,
            found: 163
        })
    ));
    assert!(matches!(
        r.parse_position("5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1"),
        Err(PositionError::WrongSize {
            expected: 9,
            found: 5
        })
    ));
    // A tuzdik on hole 9, a symmetric pair, and a leftover after "no move" are impossible.
    for impossible in [
        "t,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 9 0 S 1",
        "9S,9S,9S,9S,9S,9S,9S,9S,t/t,9S,9S,9S,9S,9S,9S,9S,9S 9 9 S 1",
        "9/8,2S 80 80 N 40",
    ] {
        assert!(
            matches!(
                r.parse_position(impossible),
                Err(PositionError::Impossible(_))
            ),
            "{impossible}"
        );
    }
    let b = rules("toguz:bestemshe");
    assert!(matches!(
        b.parse_position("5S,5S,5S,5S,t/5S,5S,5S,5S,5S 5 0 S 1"),
        Err(PositionError::Impossible(_))
    ));
}

#[test]
fn federation_diagram_after_ten_moves() {
    let r = Toguz::default();
    let moves = "76 98 66 87 12 76 25 78 48 36x 94 16 84 82 91x 97 18 26 91 23";
    let moves: Vec<&str> = moves.split(' ').collect();
    let s = play(&r, &r.start().to_string(), &moves);
    // Black 24, top 1 1 5 7 6 18 6 - X, bottom 1 2 20 7 19 X 1 2 -, White 42.
    assert_eq!(
        s.to_string(),
        "1S,1S,5S,7S,6S,18S,6S,1,t/1S,2S,20S,7S,19S,t,1S,2S,1 42 24 S 11"
    );
    let picture = r.picture(&s);
    assert!(
        picture.contains("   1   1   5   7   6  18   6   -   X   kazan 24"),
        "{picture}"
    );
    assert!(
        picture.contains("   1   2  20   7  19   X   1   2   -   kazan 42"),
        "{picture}"
    );
}

// ---------------------------------------------------------------------------------------------
// Rulesets.

#[test]
fn ruleset_text_presets_numbers_and_errors() {
    for (text, canonical) in [
        ("toguz", "toguz"),
        ("toguz:bestemshe", "toguz:bestemshe"),
        ("toguz:kozdatu", "toguz:kozdatu"),
        ("toguz:no-origin-sowing", "toguz:no-origin-sowing"),
        ("toguz:play-to-end", "toguz:play-to-end"),
        ("toguz:holes=5,balls=5,no-tuzdik", "toguz:bestemshe"),
        ("toguz:holes=9,balls=9", "toguz"),
        (
            "toguz:holes=6,balls=4,play-to-end",
            "toguz:holes=6,balls=4,play-to-end",
        ),
        (
            "toguz:kozdatu,no-origin-sowing",
            "toguz:kozdatu,no-origin-sowing",
        ),
    ] {
        let r: Toguz = text.parse().unwrap();
        assert_eq!(r.to_string(), canonical);
        assert_eq!(canonical.parse::<Toguz>().unwrap(), r);
    }
    let s = ToguzSettings::BESTEMSHE;
    assert_eq!((s.total_balls(), s.deciding_total()), (50, 26));
    assert_eq!(ToguzSettings::STANDARD.deciding_total(), 82);
    assert_eq!(ToguzSettings::KOZDATU.deciding_total(), 50);

    let err = |t: &str| t.parse::<Toguz>().unwrap_err();
    assert!(matches!(
        err("toguz:holes=10"),
        RulesetParseError::Settings(SettingsError::OutOfRange {
            setting: "holes",
            max: 9,
            ..
        })
    ));
    assert!(matches!(
        err("toguz:holes=0"),
        RulesetParseError::Settings(SettingsError::OutOfRange {
            setting: "holes",
            ..
        })
    ));
    assert!(matches!(
        err("toguz:balls=0"),
        RulesetParseError::Settings(SettingsError::OutOfRange {
            setting: "balls",
            ..
        })
    ));
    assert!(matches!(
        err("toguz:balls=15"),
        RulesetParseError::Settings(SettingsError::TooManySeeds {
            total: 270,
            max: 255
        })
    ));
    assert!(matches!(
        err("toguz:bestemshe,holes=9"),
        RulesetParseError::Settings(SettingsError::Conflict(_))
    ));
    assert!(matches!(
        err("toguz:bestemshe,kozdatu"),
        RulesetParseError::Repeated { .. }
    ));
    assert!(matches!(
        err("toguz:holes=x"),
        RulesetParseError::BadValue { .. }
    ));
    assert!(matches!(
        err("toguz:pie"),
        RulesetParseError::UnknownSwitch { .. }
    ));
    assert!(matches!(
        err("toguz:play-to-end=1"),
        RulesetParseError::BadSwitch { .. }
    ));
    assert!(matches!(
        err("toguz:holes=4,holes=5"),
        RulesetParseError::Repeated { .. }
    ));
    assert!(matches!(
        err("togus"),
        RulesetParseError::UnknownGame { .. }
    ));
    assert!(Toguz::new(ToguzSettings::sized(9, 15)).is_err());
}

#[test]
fn any_ruleset_knows_toguz() {
    use sowing::games::AnyRuleset;
    let r: AnyRuleset = "toguz:kozdatu".parse().unwrap();
    assert_eq!(r.to_string(), "toguz:kozdatu");
    assert!(AnyRuleset::GAMES.contains(&"toguz"));
}

// ---------------------------------------------------------------------------------------------
// Moves.

#[test]
fn move_text_errors_name_the_problem() {
    let r = Toguz::default();
    let s = r.start();
    for bad in [
        "", "0", "x", "76y", "7(10)", "765", "76(", "76()", "76(1x)", "7 6", "х",
    ] {
        assert!(
            matches!(r.parse_move(&s, bad), Err(MoveParseError::Syntax { .. })),
            "{bad:?}"
        );
    }
    assert!(mismatch(&r, &s.to_string(), "76x").contains("makes no tuzdik"));
    assert!(mismatch(&r, &s.to_string(), "75").contains("opponent's hole 6, not 5"));
    assert!(mismatch(&r, &s.to_string(), "19(9)").contains("captures nothing"));
    // A bare origin digit is a move too.
    assert_eq!(r.parse_move(&s, "7").unwrap(), ToguzMove(7));
    // Illegal: an empty hole, a hole off a small board.
    let fen = "2S,2S,2S,2S,2S,2S,2S,2S,2S/2,1S,5,5S 69 69 S 20";
    let s = r.parse_position(fen).unwrap();
    let e = r.parse_move(&s, "12").unwrap_err();
    assert!(matches!(e, MoveParseError::Illegal { .. }));
    assert!(e.to_string().contains("hole 1 is empty"), "{e}");
    let b = rules("toguz:bestemshe");
    let e = b.parse_move(&b.start(), "66").unwrap_err().to_string();
    assert!(e.contains("no hole 6"), "{e}");
    // play_unchecked never panics, whatever the move value, and random moves end even on a
    // state of another board size (parsed, never validated).
    let mut s = r.start();
    for h in 0..=255u8 {
        r.play_unchecked(&mut s, ToguzMove(h));
    }
    let mut rng = SplitMix64::new(9);
    for text in [
        "5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 N 1",
        "1,1S,1,1S/3,1S 0 0 S 1",
    ] {
        let mut s: ToguzState = text.parse().unwrap();
        for _ in 0..100 {
            match r.random_move(&s, &mut rng) {
                Some(mv) => r.play_unchecked(&mut s, mv),
                None => break,
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Perft, random play.

fn perft_data() -> Vec<(String, Vec<(u32, u64)>)> {
    let text = include_str!("data/toguz/perft.txt");
    let mut out: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        if let Some(fen) = line.strip_prefix("fen ") {
            out.push((fen.to_string(), Vec::new()));
        } else {
            let (d, n) = line.split_once(' ').unwrap();
            out.last_mut()
                .unwrap()
                .1
                .push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    out
}

fn check_perft(max_depth: u32) {
    // `max_depth` bounds the work if the data file grows deeper counts.
    let r = Toguz::default();
    let data = perft_data();
    assert_eq!(data.len(), 2);
    for (fen, counts) in data {
        let s = if fen == "start" {
            r.start()
        } else {
            r.parse_position(&fen).unwrap()
        };
        for (d, n) in counts {
            if d <= max_depth {
                assert_eq!(perft(&r, &s, d), n, "{fen} depth {d}");
            }
        }
    }
}

/// Every count of the data file, depth 7 from the start (3,003,052) included: a few hundredths
/// of a second with the test profile's optimisation.
#[test]
fn perft_numbers_of_the_rules_file() {
    check_perft(7);
}

#[test]
fn random_games_keep_every_invariant() {
    for text in [
        "toguz",
        "toguz:bestemshe",
        "toguz:kozdatu",
        "toguz:no-origin-sowing",
        "toguz:play-to-end",
        "toguz:holes=3,balls=2",
    ] {
        let r = rules(text);
        let mut rng = SplitMix64::new(3);
        for _ in 0..50 {
            let mut s = r.start();
            let mut plies = 0;
            while let Some(mv) = r.random_move(&s, &mut rng) {
                assert!(r.is_legal(&s, mv));
                let text = r.format_move_as(&s, mv, Style::PlayOk);
                assert_eq!(r.parse_move(&s, &text).unwrap(), mv, "{text} in {s}");
                r.play_unchecked(&mut s, mv);
                r.validate(&s)
                    .unwrap_or_else(|e| panic!("{text}: {e} in {s}"));
                assert_eq!(r.hash(&s), r.hash_from_scratch(&s));
                assert_eq!(s.to_string().parse::<ToguzState>().unwrap(), s);
                plies += 1;
            }
            assert!(r.outcome(&s).is_some());
            assert!(plies > 0);
        }
        let mut s = r.start();
        let p = random_playout(&r, &mut s, &mut rng, u64::MAX);
        assert_eq!(r.seed_count(&s).total(), r.total_seeds());
        assert!(p.outcome.is_some());
    }
}

// ---------------------------------------------------------------------------------------------
// PGN.

#[test]
fn all_742_federation_games_replay() {
    let text = include_str!("data/toguz/federation-2016-2018.pgn");
    let games = pgn::read_games(text);
    assert_eq!(games.len(), 742);
    let mut tuzdiks = 0;
    for (i, g) in games.iter().enumerate() {
        let g = g.as_ref().unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
        assert!(g.tag("Event").is_some());
        // Every move's written form is reproduced exactly.
        let written = g.record.move_texts();
        tuzdiks += written.iter().filter(|m| m.ends_with('x')).count();
        let again = pgn::read_game(&pgn::write_game(g, Style::Federation)).unwrap();
        assert_eq!(again.record, g.record);
    }
    assert_eq!(tuzdiks, 1299); // every `x` of the file
    // The first game, move by move as printed.
    let first = games[0].as_ref().unwrap();
    assert_eq!(
        &first.record.move_texts()[..10],
        ["76", "98", "66", "87", "12", "76", "25", "78", "48", "36x"]
    );
    assert_eq!(first.result.token(), "0-1");
}

#[test]
fn playok_record_round_trips() {
    let text = "[Event \"?\"]\n[Site \"PlayOK\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n\
                1. 65(10) 98 2. 55 56 {a comment} 3. 11(22) 45X *\n";
    let g = pgn::read_game(text).unwrap();
    assert_eq!(g.record.ply(), 6);
    assert_eq!(g.comments, [(4, "a comment".to_string())]);
    assert_eq!(g.record.move_texts(), ["65", "98", "55", "56", "11", "45x"]);
    let out = pgn::write_game(&g, Style::PlayOk);
    assert_eq!(out, text);
    assert_eq!(pgn::read_game(&out).unwrap(), g);
    let fed = pgn::write_game(&g, Style::Federation);
    assert!(
        fed.contains("1. 65 98 2. 55 56 {a comment} 3. 11 45x *"),
        "{fed}"
    );
}

#[test]
fn zero_marks_a_game_ended_without_moves() {
    // A set-up position ending by rule 7 after South's 89.
    let text = "[FEN \"9/7,2S,3S 80 77 S 40\"]\n[Result \"1-0\"]\n\n40. 89 1-0 {zero}\n";
    let g = pgn::read_game(text).unwrap();
    assert!(g.zero);
    assert_eq!(g.record.outcome(), win(Player::South, 85, 77));
    let out = pgn::write_game(&g, Style::PlayOk);
    assert!(out.contains("[SetUp \"1\"]"), "{out}");
    assert!(out.ends_with("40. 89 1-0 {zero}\n"), "{out}");
    assert_eq!(pgn::read_game(&out).unwrap().record, g.record);
    // A fresh record gets its result and {zero} from the rules.
    let r = Toguz::default();
    let start = r.parse_position("9/7,2S,3S 80 77 S 40").unwrap();
    let rec = GameRecord::replay(r, Some(start), ["89"]).unwrap();
    let g = sowing::pgn::PgnGame::new(rec);
    assert_eq!(g.result.token(), "1-0");
    let out = pgn::write_game(&g, Style::PlayOk);
    assert!(out.ends_with("40. 89 1-0 {zero}\n"), "{out}");
    // {zero} on a game that is not over, or a result against the rules, is an error.
    for bad in [
        "1. 76 98 1-0 {zero}\n",
        "[FEN \"9/7,2S,3S 80 77 S 40\"]\n\n40. 89 0-1\n",
    ] {
        assert!(
            matches!(pgn::read_game(bad), Err(RecordError::Syntax { .. })),
            "{bad}"
        );
    }
}

#[test]
fn bad_records_name_the_ply_and_why() {
    // Ply 4 writes 88 where the last ball lands in South's 7.
    let e = pgn::read_game("1. 76 98 2. 66 88 *\n").unwrap_err();
    match e {
        RecordError::Move {
            ply,
            error: MoveParseError::Mismatch { problem, .. },
        } => {
            assert_eq!(ply, 4);
            assert!(problem.contains("hole 7, not 8"), "{problem}");
        }
        other => panic!("{other:?}"),
    }
    // A missing tuzdik mark (ply 10 of the first federation game).
    let e = pgn::read_game("1. 76 98 2. 66 87 3. 12 76 4. 25 78 5. 48 36 *").unwrap_err();
    assert!(matches!(e, RecordError::Move { ply: 10, .. }), "{e:?}");
    assert!(e.to_string().starts_with("ply 10:"), "{e}");
    // Syntax: a wrong move number, an unclosed comment, a bad header, text after the result.
    for (bad, line) in [
        ("1. 76 98 3. 66 87 *", 1),
        ("1. 76 98\n{never closed", 2),
        ("[Event \"x]\n\n1. 76 *", 1),
        ("1. 76 98 *\n66 87", 2),
    ] {
        match pgn::read_game(bad) {
            Err(RecordError::Syntax { line: l, .. }) => assert_eq!(l, line, "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    // Moves after the end: the game is over.
    let e = pgn::read_game("[FEN \"9/7,2S,3S 80 77 S 40\"]\n\n40. 89 91 *").unwrap_err();
    assert!(matches!(
        e,
        RecordError::Move {
            ply: 2,
            error: MoveParseError::Illegal { .. }
        }
    ));
}

#[test]
fn several_games_each_fail_on_their_own() {
    let text = "[Event \"a\"]\n\n1. 76 98 1-0\n\n[Event \"b\"]\n\n1. 11 *\n\n[Event \"c\"]\n\n\
                1.76 98 2.66 87 ; a line comment\n3.12 76 (3... 11 4. 99) 1/2-1/2\n";
    let games = pgn::read_games(text);
    assert_eq!(games.len(), 3);
    assert!(games[0].is_ok());
    assert!(matches!(games[1], Err(RecordError::Move { ply: 1, .. })));
    let c = games[2].as_ref().unwrap();
    assert_eq!(c.record.ply(), 6);
    assert_eq!(c.tag("Event"), Some("c"));
    let both = pgn::write_games([games[0].as_ref().unwrap(), c], Style::Federation);
    assert_eq!(pgn::read_games(&both).len(), 2);
    // Games without headers, one after another; a `*` inside a comment is no result.
    let bare = "1. 76 98 1-0\n1. 65 98 {what a move *}\n2. 55 *\n1. 11 0-1\n";
    let games = pgn::read_games(bare);
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].as_ref().unwrap().record.ply(), 3);
    assert!(games[2].is_err());
}

// ---------------------------------------------------------------------------------------------
// PGN: results, cut-off files and round trips.

#[test]
fn only_the_notations_results_are_read() {
    for (bad, line) in [
        ("[Result \"banana\"]\n\n1. 76 98 *\n", 1),
        ("[Result \"1-0 {zero}\"]\n\n1. 76 98 *\n", 1),
        (
            "[Event \"x\"]\n[Result \"1-0\"]\n[Result \"\"]\n\n1. 76 98 1-0\n",
            3,
        ),
    ] {
        match pgn::read_game(bad) {
            Err(RecordError::Syntax { line: l, problem }) => {
                assert_eq!(l, line, "{bad}");
                assert!(
                    problem.contains("is not 1-0, 0-1, 1/2-1/2 or *"),
                    "{problem}"
                );
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    // Each of the four reads, in the header and the movetext.
    for r in ["1-0", "0-1", "1/2-1/2", "*"] {
        let g = pgn::read_game(&format!("[Result \"{r}\"]\n\n1. 76 98 {r}\n")).unwrap();
        assert_eq!(g.result.token(), r);
    }
}

#[test]
fn a_game_cut_off_mid_move_is_not_a_shorter_game() {
    // The first federation game up to South's `36` of move 13 (ply 25), and the same text
    // cut in the middle of that move: `3` is a legal move of its own.
    let full = "[Result \"*\"]\n\n1. 76 98 2. 66 87 3. 12 76 4. 25 78 5. 48 36x 6. 94 16 7. 84 82 \
                8. 91x 97 9. 18 26 10. 91 23 11. 41 43 12. 57 81 13. 36 *\n";
    let game = pgn::read_game(full).unwrap();
    assert_eq!(game.record.ply(), 25);
    let before = game.record.position_at(24).unwrap();
    assert!(Toguz::default().parse_move(before, "3").is_ok());
    let cut = &full[..full.find("13. 36").unwrap() + 5];
    assert!(cut.ends_with("13. 3"));
    match pgn::read_game(cut) {
        Err(RecordError::Syntax { line: 3, problem }) => {
            assert!(problem.contains("ends without a result"), "{problem}")
        }
        other => panic!("{other:?}"),
    }
    // Wherever the movetext is cut, the game does not read.
    let movetext = full.find("1. 76").unwrap();
    for end in movetext..full.len() - 2 {
        assert!(pgn::read_game(&full[..end]).is_err(), "{}", &full[..end]);
    }
    // The Result header does not stand in for the movetext's result, and a cut game in a
    // file of several fails alone.
    let games = pgn::read_games(&format!("{cut}\n\n{full}"));
    assert_eq!(games.len(), 2);
    assert!(matches!(games[0], Err(RecordError::Syntax { line: 3, .. })));
    assert_eq!(games[1].as_ref().unwrap().record.ply(), 25);
    // A game with no result known is written with `*`.
    let mut g = game;
    g.result = sowing::pgn::GameResult::Unfinished;
    let out = pgn::write_game(&g, Style::Federation);
    assert!(
        out.contains("[Result \"*\"]") && out.ends_with("13. 36 *\n"),
        "{out}"
    );
}

#[test]
fn header_values_and_comments_round_trip() {
    // A header ending in a backslash, quotes, and a comment that holds a `{` and a result
    // word, wrapped so that the next line opens with a move number.
    let text = "[Event \"a \\\"b\\\" c\\\\\"]\n[Site \"x\\\\\\\"y\"]\n[Result \"*\"]\n\n\
                1. 76 98 {see 1-0 {here}\n2. 66 87 *\n";
    let g = pgn::read_game(text).unwrap();
    assert_eq!(g.tag("Event"), Some("a \"b\" c\\"));
    assert_eq!(g.tag("Site"), Some("x\\\"y"));
    assert_eq!(g.comments, [(2, "see 1-0 {here".to_string())]);
    assert_eq!(g.record.ply(), 4);
    for style in [Style::Federation, Style::PlayOk] {
        let out = pgn::write_game(&g, style);
        assert_eq!(pgn::read_game(&out).unwrap(), g, "{out}");
    }
}

#[test]
fn position_text_rows_of_different_lengths_name_both_rows() {
    let text = "8/9 81 81 S"; // eight empty holes in the north row, nine in the south
    let err = text.parse::<sowing::toguz::ToguzState>().unwrap_err();
    assert_eq!(
        (err.field, err.offset, err.problem),
        (
            "rows",
            0,
            sowing::TextProblem::RowsDiffer { north: 8, south: 9 }
        )
    );
    let err = "9/9 81 123456789012345678901 S"
        .parse::<sowing::toguz::ToguzState>()
        .unwrap_err();
    assert_eq!(
        err.problem,
        sowing::TextProblem::Overflow {
            written: "123456789012345678901".into(),
            max: 255
        }
    );
}
