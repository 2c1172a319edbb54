//! Kalah: hand-worked positions for every rule and switch, the perft tables of the rules
//! file, and the typed errors for bad input.

use sowing::kalah::{Kalah, KalahMove, KalahSettings, KalahState};
use sowing::{
    IllegalReason, MoveParseError, Outcome, Player, PositionError, Ruleset, RulesetParseError,
    Score, SettingsError, TextProblem, perft,
};

fn rules(text: &str) -> Kalah {
    text.parse().unwrap()
}

/// Plays `moves` (notation) from `from` under `ruleset` and returns the final position text.
fn after(ruleset: &str, from: &str, moves: &[&str]) -> (Kalah, KalahState) {
    let r = rules(ruleset);
    let mut s = r.parse_position(from).unwrap();
    for m in moves {
        let mv = r.parse_move(&s, m).unwrap();
        r.try_play(&mut s, mv).unwrap();
    }
    (r, s)
}

#[test]
fn perft_tables_of_the_rules_file() {
    let data = include_str!("data/kalah-perft.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let r = rules(f[0]);
        let depth: u32 = f[1].parse().unwrap();
        let nodes: u64 = f[2].parse().unwrap();
        assert_eq!(
            sowing::perft_parallel(&r, &r.start(), depth, 2),
            nodes,
            "{line}"
        );
        checked += 1;
    }
    assert_eq!(checked, 30);
}

#[test]
fn start_position_text() {
    let r = Kalah::default();
    assert_eq!(r.start().to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
    assert_eq!(
        rules("kalah:pits=4,seeds=3").start().to_string(),
        "3,3,3,3/3,3,3,3 0 0 S"
    );
    assert_eq!(
        rules("kalah:pie").start().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S pie"
    );
}

#[test]
fn extra_turn() {
    let (r, s) = after("kalah", "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", &["3"]);
    assert_eq!(s.to_string(), "4,4,4,4,4,4/4,4,0,5,5,5 1 0 S");
    assert_eq!(r.to_move(&s), Player::South);
}

#[test]
fn capture_takes_the_landing_seed_and_the_pit_opposite() {
    // South's pit 2 faces North's pit 5, which holds 4.
    let (r, s) = after("kalah", "4,4,4,4,4,4/1,0,4,4,4,4 0 7 S", &["1"]);
    assert_eq!(s.to_string(), "4,0,4,4,4,4/0,0,4,4,4,4 5 7 N");
    assert_eq!(r.to_move(&s), Player::North);
}

#[test]
fn no_capture_opposite_an_empty_pit_unless_empty_capture() {
    let from = "4,0,4,4,4,4/1,0,4,4,4,4 0 11 S";
    let (_, s) = after("kalah", from, &["1"]);
    assert_eq!(s.to_string(), "4,0,4,4,4,4/0,1,4,4,4,4 0 11 N");
    let (_, s) = after("kalah:empty-capture", from, &["1"]);
    assert_eq!(s.to_string(), "4,0,4,4,4,4/0,0,4,4,4,4 1 11 N");
}

#[test]
fn north_captures_too() {
    // North's pit 1 (rightmost in the top row) holds 1; his pit 2 is empty and faces
    // South's pit 5 (5 seeds).
    let (_, s) = after("kalah", "4,4,4,4,0,1/4,4,4,0,5,4 1 9 N", &["1"]);
    assert_eq!(s.to_string(), "4,4,4,4,0,0/4,4,4,0,0,4 1 15 S");
}

#[test]
fn a_lap_sows_into_the_origin_and_can_capture_there() {
    // 13 seeds from pit 1: pits 2-6, the store, North's 6 pits, and the last back into the
    // emptied origin, which captures North's pit 6.
    let (_, s) = after("kalah", "4,4,4,4,4,4/13,0,0,0,0,0 0 11 S", &["1"]);
    assert_eq!(s.to_string(), "0,5,5,5,5,5/0,1,1,1,1,1 7 11 N");
}

#[test]
fn two_whole_laps_and_one() {
    // 27 = 2 x 13 + 1: every pit of the loop gains 2, then pit 2 one more; the opponent's
    // store is skipped.
    let (_, s) = after("kalah", "1,1,1,1,1,1/27,0,0,0,0,0 10 5 S", &["1"]);
    assert_eq!(s.to_string(), "3,3,3,3,3,3/2,3,2,2,2,2 12 5 N");
}

#[test]
fn standard_end_the_moment_a_side_is_empty() {
    let from = "1,1,1,1,1,2/0,0,0,0,0,2 18 21 S";
    let (r, s) = after("kalah", from, &["6"]);
    // South's side is empty after his move: North's 8 seeds go to North.
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 19 29 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::North,
            score: Some(Score {
                south: 19,
                north: 29
            })
        })
    );
    assert!(r.legal_moves(&s).is_empty());
}

#[test]
fn end_at_turn_lets_the_other_side_play_on() {
    let from = "1,1,1,1,1,2/0,0,0,0,0,2 18 21 S";
    let (r, s) = after("kalah:end-at-turn", from, &["6"]);
    assert_eq!(s.to_string(), "1,1,1,1,1,3/0,0,0,0,0,0 19 21 N");
    assert_eq!(r.outcome(&s), None);
    assert_eq!(r.legal_moves(&s).len(), 6);
    // North sows pit 1's 3 seeds into pits 2, 3, 4: South is to move and has no move, so
    // the game ends and North's seeds go to North.
    let (r, s) = after(
        "kalah:end-at-turn",
        "1,1,1,1,1,3/0,0,0,0,0,0 19 21 N",
        &["1"],
    );
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 19 29 S");
    assert_eq!(r.outcome(&s).unwrap().winner(), Some(Player::North));
}

#[test]
fn extra_turn_with_nothing_left_ends_the_game_under_end_at_turn() {
    let (r, s) = after(
        "kalah:end-at-turn",
        "1,1,1,1,1,1/0,0,0,0,0,1 20 21 S",
        &["6"],
    );
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 21 27 S");
    assert_eq!(
        r.outcome(&s).unwrap().score(),
        Some(Score {
            south: 21,
            north: 27
        })
    );
}

#[test]
fn leftovers_to_nobody() {
    let from = "1,1,1,1,1,2/0,0,0,0,0,2 18 21 S";
    let (r, s) = after("kalah:leftovers-to-nobody", from, &["6"]);
    // Over, but North's seeds stay on the board and count for nobody.
    assert_eq!(s.to_string(), "1,1,1,1,1,3/0,0,0,0,0,0 19 21 N");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Win {
            winner: Player::North,
            score: Some(Score {
                south: 19,
                north: 21
            })
        })
    );
    assert!(r.legal_moves(&s).is_empty());
    assert_eq!(r.seed_count(&s).board, 8);
}

#[test]
fn a_draw() {
    let (r, s) = after("kalah", "0,0,0,0,0,1/0,0,0,0,0,1 23 23 S", &["6"]);
    assert_eq!(s.to_string(), "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S");
    assert_eq!(
        r.outcome(&s),
        Some(Outcome::Draw {
            score: Some(Score {
                south: 24,
                north: 24
            })
        })
    );
}

/// North cannot have seeds in his store before his first turn, whether the
/// swap is on offer (`N pie`) or South's opening turn is still under way (`S pie`): South's
/// sowings pass North's store by and his captures go to his own. Validation refuses both, so
/// every legal move from a position that validates gives one that validates.
#[test]
fn pie_rule_north_store_is_empty_before_his_first_turn() {
    let r = rules("kalah:pie");
    for text in [
        "4,4,4,4,4,4/4,4,4,2,4,4 0 2 S pie",
        "4,4,4,4,4,4/4,4,0,5,5,5 0 1 S pie",
        "4,4,4,4,4,4/0,5,1,6,6,4 1 1 N pie",
    ] {
        assert_eq!(
            r.parse_position(text),
            Err(PositionError::Impossible(
                "North has seeds in his store before his first turn".into()
            )),
            "{text}"
        );
    }
    // Reachable: the opening turn with extra turns, then North's offer.
    let (_, s) = after(
        "kalah:pie",
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S pie",
        &["3", "1"],
    );
    assert_eq!(s.to_string(), "4,4,4,4,4,4/0,5,1,6,6,5 1 0 N pie");
    assert_eq!(r.validate(&s), Ok(()));
    // The game may end during the opening: the sweep then fills North's store.
    let (tiny, s) = after("kalah:pie,pits=1,seeds=1", "1/1 0 0 S pie", &["1"]);
    assert_eq!(s.to_string(), "0/0 1 1 S pie");
    assert!(tiny.is_over(&s));
    assert_eq!(tiny.validate(&s), Ok(()));
}

#[test]
fn pie_rule_swap() {
    let r = rules("kalah:pie");
    let mut s = r.start();
    // An extra turn keeps the opening going.
    r.try_play(&mut s, KalahMove::Pit(3)).unwrap();
    assert_eq!(s.to_string(), "4,4,4,4,4,4/4,4,0,5,5,5 1 0 S pie");
    assert!(!r.is_legal(&s, KalahMove::Swap));
    r.try_play(&mut s, KalahMove::Pit(1)).unwrap();
    assert_eq!(s.to_string(), "4,4,4,4,4,4/0,5,1,6,6,5 1 0 N pie");
    assert!(s.swap_available());
    assert_eq!(r.legal_moves(&s).len(), 7);
    assert_eq!(r.parse_move(&s, "swap"), Ok(KalahMove::Swap));

    // Swapping: North takes over what the opening made, South (the opener) moves next with
    // what North had.
    let swapped = r.play(s, KalahMove::Swap).unwrap();
    assert_eq!(swapped.to_string(), "5,6,6,1,5,0/4,4,4,4,4,4 0 1 S");
    assert_eq!(r.to_move(&swapped), Player::South);
    assert!(!r.is_legal(&swapped, KalahMove::Swap));

    // Declining: North moves a pit and the offer is gone for good.
    let declined = r.play(s, KalahMove::Pit(6)).unwrap();
    assert_eq!(declined.to_string(), "0,4,4,4,4,4/1,6,2,6,6,5 1 1 S");
    assert!(
        r.legal_moves(&declined)
            .iter()
            .all(|&m| m != KalahMove::Swap)
    );

    // Without the pie rule there is no swap.
    let plain = rules("kalah");
    let s = plain.play(plain.start(), KalahMove::Pit(1)).unwrap();
    assert_eq!(
        plain.parse_move(&s, "swap"),
        Err(MoveParseError::Illegal {
            text: "swap".into(),
            reason: IllegalReason::Forbidden(
                "a swap is allowed only to North on his first turn under the pie rule".into()
            )
        })
    );
}

#[test]
fn illegal_moves_are_refused_with_the_state_handed_back() {
    let r = Kalah::default();
    let s = r.parse_position("4,4,4,4,4,4/4,0,4,4,4,4 0 4 S").unwrap();
    let err = r.play(s, KalahMove::Pit(2)).unwrap_err();
    assert_eq!(err.state, s);
    assert_eq!(err.error.to_string(), "illegal move 2: pit 2 is empty");
    let mut t = s;
    assert!(r.try_play(&mut t, KalahMove::Pit(7)).is_err());
    assert_eq!(t, s);
    assert!(matches!(
        r.parse_move(&s, "0"),
        Err(MoveParseError::Syntax { .. })
    ));
    assert!(matches!(
        r.parse_move(&s, "3x"),
        Err(MoveParseError::Syntax { .. })
    ));
    assert_eq!(
        r.illegal_reason(&s, KalahMove::Pit(7)),
        Some(IllegalReason::Forbidden(
            "there is no pit 7: the pits are 1 to 6".into()
        ))
    );
    let over = r.parse_position("0,0,0,0,0,0/0,0,0,0,0,0 24 24 S").unwrap();
    assert_eq!(
        r.illegal_reason(&over, KalahMove::Pit(1)),
        Some(IllegalReason::GameOver)
    );
}

#[test]
fn ruleset_text_round_trips_and_errors_are_typed() {
    for text in [
        "kalah",
        "kalah:empty-capture",
        "kalah:pits=4,seeds=3,end-at-turn,pie",
        "kalah:pits=7,seeds=18,empty-capture,end-at-turn,leftovers-to-nobody,pie",
    ] {
        assert_eq!(rules(text).to_string(), text);
    }
    // Defaults are left out; order does not matter.
    assert_eq!(rules("kalah:pie,pits=6,seeds=4").to_string(), "kalah:pie");
    assert_eq!(
        "kalah:pits=0".parse::<Kalah>(),
        Err(RulesetParseError::Settings(SettingsError::OutOfRange {
            setting: "pits",
            value: 0,
            min: 1,
            max: 7
        }))
    );
    assert!(matches!(
        "kalah:pits=8".parse::<Kalah>(),
        Err(RulesetParseError::Settings(
            SettingsError::OutOfRange { .. }
        ))
    ));
    assert_eq!(
        "kalah:seeds=22".parse::<Kalah>(),
        Err(RulesetParseError::Settings(SettingsError::TooManySeeds {
            total: 264,
            max: 255
        }))
    );
    assert!(matches!(
        "kalah:seeds=0".parse::<Kalah>(),
        Err(RulesetParseError::Settings(SettingsError::OutOfRange {
            setting: "seeds",
            ..
        }))
    ));
    assert!(matches!(
        "kalah:pits=x".parse::<Kalah>(),
        Err(RulesetParseError::BadValue { .. })
    ));
    assert!(matches!(
        "kalah:sideways".parse::<Kalah>(),
        Err(RulesetParseError::UnknownSwitch { .. })
    ));
    assert!(matches!(
        "kalah:pie,pie".parse::<Kalah>(),
        Err(RulesetParseError::Repeated { .. })
    ));
    assert!(matches!(
        "kalah:pie=1".parse::<Kalah>(),
        Err(RulesetParseError::BadSwitch { .. })
    ));
    assert!(matches!(
        "chess".parse::<Kalah>(),
        Err(RulesetParseError::UnknownGame { .. })
    ));
    assert_eq!(
        Kalah::new(KalahSettings::sized(7, 18))
            .unwrap()
            .total_seeds(),
        252
    );
}

#[test]
fn position_text_errors_say_what_and_where() {
    let err = "4,4,4,4,4,4/4,4,4,x,4,4 0 0 S"
        .parse::<KalahState>()
        .unwrap_err();
    assert_eq!(err.field, "south row");
    assert_eq!(err.offset, 18);
    assert_eq!(err.problem, TextProblem::NotANumber("x".into()));
    assert_eq!(
        err.to_string(),
        "position text: south row at byte 18: \"x\" is not a number"
    );
    let err = "4,4/4,4,4 0 0 S".parse::<KalahState>().unwrap_err();
    assert_eq!(
        (err.field, err.offset, err.problem),
        ("rows", 0, TextProblem::RowsDiffer { north: 2, south: 3 })
    );
    // A short north row is not blamed on the south row.
    let err = "4,4,4,4,4/4,4,4,4,4,4 0 0 S"
        .parse::<KalahState>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "position text: rows at byte 0: the north row has 5 entries and the south row 6: \
         both need as many"
    );
    // A store too large even for 64 bits is reported as written, not as 2^64 - 1.
    let err = "4,4/4,4 99999999999999999999 0 S"
        .parse::<KalahState>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "position text: south store at byte 8: 99999999999999999999 is too large (at most 255)"
    );
    let err = "4,4/4,4 0 0 X".parse::<KalahState>().unwrap_err();
    assert_eq!((err.field, err.offset), ("side to move", 12));
    let err = "4,4/4,4 0".parse::<KalahState>().unwrap_err();
    assert_eq!(
        (err.field, err.problem),
        ("north store", TextProblem::Missing)
    );
    let err = "4,4/4,4 0 0 S pie x".parse::<KalahState>().unwrap_err();
    assert_eq!(err.problem, TextProblem::Extra);
    let err = "4,4/4,256 0 0 S".parse::<KalahState>().unwrap_err();
    assert_eq!(
        err.problem,
        TextProblem::TooLarge {
            value: 256,
            max: 255
        }
    );
    assert!("".parse::<KalahState>().is_err());
    assert!("/ 0 0 S".parse::<KalahState>().is_err());
    assert!(
        "1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1 0 0 S"
            .parse::<KalahState>()
            .is_err()
    );
}

#[test]
fn positions_are_validated_against_the_ruleset() {
    let r = Kalah::default();
    assert_eq!(
        r.parse_position("4,4,4,4,4,4/4,4,4,4,4,5 0 0 S"),
        Err(PositionError::WrongSeedTotal {
            expected: 48,
            found: 49
        })
    );
    assert_eq!(
        r.parse_position("3,3,3,3/3,3,3,3 0 0 S"),
        Err(PositionError::WrongSize {
            expected: 6,
            found: 4
        })
    );
    assert!(matches!(
        r.parse_position("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S pie"),
        Err(PositionError::Impossible(_))
    ));
    // Under the standard end a side cannot be empty while the other still has seeds.
    assert!(matches!(
        r.parse_position("0,0,0,0,0,0/4,4,4,4,4,4 0 24 S"),
        Err(PositionError::Impossible(_))
    ));
    assert!(
        rules("kalah:end-at-turn")
            .parse_position("0,0,0,0,0,0/4,4,4,4,4,4 0 24 N")
            .is_err()
    );
    assert!(
        rules("kalah:end-at-turn")
            .parse_position("0,0,0,0,0,0/4,4,4,4,4,4 0 24 S")
            .is_ok()
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_validates() {
    let r = Kalah::default();
    let json = serde_json::to_string(&sowing::Position::start(r.clone())).unwrap();
    assert_eq!(
        json,
        r#"{"rules":"kalah","position":"4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"}"#
    );
    let bad = r#"{"rules":"kalah","position":"4,4,4,4,4,4/4,4,4,4,4,9 0 0 S"}"#;
    assert!(serde_json::from_str::<sowing::Position<Kalah>>(bad).is_err());
    let bad_rules = r#"{"rules":"kalah:pits=9","position":"4,4/4,4 0 0 S"}"#;
    assert!(serde_json::from_str::<sowing::Position<Kalah>>(bad_rules).is_err());
    assert_eq!(serde_json::to_string(&KalahMove::Pit(3)).unwrap(), r#""3""#);
    assert!(serde_json::from_str::<KalahMove>(r#""9""#).is_err());
    assert_eq!(
        serde_json::from_str::<KalahSettings>(r#""kalah:empty-capture""#).unwrap(),
        KalahSettings::EMPTY_CAPTURE
    );
    assert!(serde_json::from_str::<KalahSettings>(r#""kalah:seeds=99""#).is_err());
    // A record whose moves do not replay is refused, naming the ply.
    let rec =
        r#"{"rules":"kalah","start":"4,4,4,4,4,4/4,4,4,4,4,4 0 0 S","moves":["3","3"],"ply":2}"#;
    let err = serde_json::from_str::<sowing::GameRecord<Kalah>>(rec).unwrap_err();
    assert!(err.to_string().contains("ply 2"), "{err}");
}

#[test]
fn perft_small_boards() {
    // Kalah(1,1): South's one seed goes to his store (extra turn), his side is empty, the
    // game ends: one sequence of one ply.
    let r = rules("kalah:pits=1,seeds=1");
    assert_eq!(perft(&r, &r.start(), 1), 1);
    assert_eq!(perft(&r, &r.start(), 2), 0);
}

#[test]
fn move_syntax_errors_name_this_boards_pits() {
    use sowing::MoveParseError;
    let syntax = |rules: &str| {
        let rules: Kalah = rules.parse().unwrap();
        match rules.parse_move(&rules.start(), "foo") {
            Err(MoveParseError::Syntax { expected, .. }) => expected,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(syntax("kalah"), "a pit number 1 to 6");
    assert_eq!(syntax("kalah:pie"), "a pit number 1 to 6 or `swap`");
    assert_eq!(syntax("kalah:pits=4"), "a pit number 1 to 4");
    assert_eq!(syntax("kalah:pits=1,pie"), "the pit number 1 or `swap`");
    let rules = Kalah::default();
    assert_eq!(
        rules
            .parse_move(&rules.start(), "foo")
            .unwrap_err()
            .to_string(),
        "\"foo\" is not a move: expected a pit number 1 to 6"
    );
    // A pit past this board is still a legality error that names the board's pits.
    assert!(
        rules
            .parse_move(&rules.start(), "7")
            .unwrap_err()
            .to_string()
            .contains("the pits are 1 to 6")
    );
}
