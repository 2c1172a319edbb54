//! MancalaGames' game files: descriptions of their format written here (no file of theirs is
//! copied), read into the crate's descriptions or refused naming the parameter.

use proptest::prelude::*;
use sowing::Ruleset;
use sowing::described::mancalagames::{self, MancalaGamesError};
use sowing::described::{
    Board, CannotFeed, Captures, ChainWay, Counts, Description, Direction, End, EndRule, FeedTest,
    Goal, GrandSlam, Laps, Leftovers, Mancala, Opposite, RelayIf, Side, Sowing, StoreSowing,
};

/// A Kalah as their format writes it: cross capture with the sower's seed, own store sown.
const KALAH_LIKE: &str = r#"{
   "game_class": "Mancala",
   "game_constants": { "holes": 6, "nbr_start": 4 },
   "game_info": {
      "name": "A Kalah for the tests",
      "about": "Sow counter-clockwise into your own store.\nCapture across from an empty hole.",
      "crosscapt": 1,
      "capt_side": 1,
      "sow_direct": 1,
      "sow_stores": 1,
      "stores": true,
      "xcpickown": 1
   },
   "player": {
      "algorithm": "minimaxer",
      "ai_params": { "mm_depth": [ 1, 2, 3, 4 ] },
      "scorer": { "mx_stores_m": 4 }
   },
   "variants": { "Base": { }, "Bigger": { "holes": 8 } },
   "rules": "written for this test"
}
<text_section>
<about>
Prose that the reader leaves aside.
</about>
</text_section>
"#;

/// An Oware as their format writes it: captures of 2 and 3 going back, feeding, no
/// capture on a grand slam, the origin skipped.
const OWARE_LIKE: &str = r#"{
  "game_constants": {"nbr_start": 4, "holes": 6},
  "game_info": {"name": "An Oware", "capt_on": [2, 3], "grandslam": 2, "multicapt": -1,
                "mustshare": true, "capt_side": 1, "skip_start": true, "sow_direct": 1,
                "stores": true},
  "player": {"algorithm": "negamaxer"}
}"#;

fn board(holes: u8, seeds: u8) -> Board {
    Board {
        holes,
        seeds,
        start: None,
        north_start: None,
    }
}

/// Their goal of the most seeds: a store past half wins at once, seeds left where they are;
/// otherwise the player to move without a move ends the game.
fn their_end(must_feed: bool, leftovers: Leftovers) -> End {
    End {
        must_feed,
        cannot_feed: CannotFeed::End,
        feed_test: if must_feed {
            FeedTest::Move
        } else {
            FeedTest::Sowing
        },
        goal: Goal::MostSeeds,
        rule: EndRule::Stuck,
        leftovers,
        endless: Leftovers::Owner,
        half_wins: true,
        divide_on_win: false,
        repetition: false,
        max_plies: None,
        too_few: None,
        pass: false,
        seeds_limit: None,
        hole_limit: None,
    }
}

#[test]
fn a_kalah_like_file_reads_as_their_kalah() {
    let d = mancalagames::read(KALAH_LIKE).unwrap();
    let expected = Description {
        board: board(6, 4),
        sowing: Sowing {
            direction: Direction::Ccw,
            laps: Laps::One,
            skip_origin: false,
            stores: StoreSowing::Own,
            min_seeds: 1,
            max_laps: None,
            relay_if: RelayIf::Any,
            relay_stops_on_count: false,
            allow: sowing::described::Allow::Any,
            sow_start: false,
            move_one: false,
            take_one: false,
            choice_holes: 0,
            single_takes_across: false,
            ..Description::KALAH.sowing
        },
        captures: Captures {
            counts: Counts::NONE,
            side: Side::Opponent,
            chain: false,
            chain_rows: false,
            chain_way: ChainWay::Back,
            grand_slam: GrandSlam::NoCapture,
            opposite: Opposite::WithSeed,
            opposite_empty: false,
            grand_slam_always_illegal: false,
            grand_slam_if_seeded: false,
            again_on_store: true,
            again_on_capture: false,
            grand_slam_again: false,
            chain_most: None,
            no_capture_moves: 0,
            two_out: false,
            again_either_store: false,
            ..Description::KALAH.captures
        },
        end: their_end(false, Leftovers::Owner),
    };
    assert_eq!(d, expected);
    // The published Kalah but for its end: theirs ends at a store past half, or when the
    // player to move has nothing, not when either row is empty.
    assert_eq!(d.board, Description::KALAH.board);
    assert_eq!(d.sowing, Description::KALAH.sowing);
    assert_eq!(d.captures, Description::KALAH.captures);
    assert_ne!(d.end, Description::KALAH.end);
    let game = Mancala::new(d).unwrap();
    assert_eq!(game.legal_moves(&game.start()).len(), 6);
}

#[test]
fn an_oware_like_file_reads_as_their_oware() {
    let d = mancalagames::read(OWARE_LIKE).unwrap();
    let expected = Description {
        board: board(6, 4),
        sowing: Sowing {
            direction: Direction::Ccw,
            laps: Laps::One,
            skip_origin: true,
            stores: StoreSowing::None,
            min_seeds: 1,
            max_laps: None,
            relay_if: RelayIf::Any,
            relay_stops_on_count: false,
            allow: sowing::described::Allow::Any,
            sow_start: false,
            move_one: false,
            take_one: false,
            choice_holes: 0,
            single_takes_across: false,
            ..Description::KALAH.sowing
        },
        captures: Captures {
            counts: Counts::of(&[2, 3]),
            side: Side::Opponent,
            chain: true,
            chain_rows: false,
            chain_way: ChainWay::Back,
            grand_slam: GrandSlam::NoCapture,
            opposite: Opposite::Off,
            opposite_empty: false,
            grand_slam_always_illegal: false,
            grand_slam_if_seeded: true,
            again_on_store: false,
            again_on_capture: false,
            grand_slam_again: false,
            chain_most: None,
            no_capture_moves: 0,
            two_out: false,
            again_either_store: false,
            ..Description::KALAH.captures
        },
        end: their_end(true, Leftovers::Owner),
    };
    assert_eq!(d, expected);
    // Abapa but for the repetition rule, which their engine does not have, and their tests
    // of a grand slam (an opponent with seeds before the move) and of feeding (the whole
    // move), which differ from the published rule only where a move captures every seed
    // it fed.
    let mut abapa = Description::ABAPA;
    abapa.end.repetition = false;
    abapa.captures.grand_slam_if_seeded = true;
    abapa.end.feed_test = FeedTest::Move;
    assert_eq!(d, abapa);
}

#[test]
fn conditions_on_the_count_are_anded_into_one_set() {
    let text = r#"{"game_constants": {"holes": 5, "nbr_start": 3},
        "game_info": {"capt_on": [2, 3, 4, 6], "evens": true, "capt_max": 4,
                      "capt_side": 0, "mlaps": 1, "unclaimed": 2, "mustshare": true}}"#;
    let d = mancalagames::read(text).unwrap();
    assert_eq!(d.captures.counts, Counts::of(&[2, 4]));
    assert_eq!(d.captures.side, Side::Either);
    assert_eq!(d.sowing.laps, Laps::Relay);
    assert_eq!(d.end.leftovers, Leftovers::LastMover);
}

#[test]
fn older_names_and_bool_spellings_read_as_their_engine_reads_them() {
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"crosscapt": true, "oppsidecapt": true, "sow_own_store": true,
                      "xcpickown": 2, "sow_direct": -1, "udir_holes": [5, 4, 3, 2, 1, 0]}}"#;
    let d = mancalagames::read(text).unwrap();
    assert_eq!(d.captures.opposite, Opposite::WithSeed);
    assert!(d.captures.opposite_empty);
    assert_eq!(d.sowing.stores, StoreSowing::Own);
    assert_eq!(d.sowing.direction, Direction::Choice);
}

#[test]
fn bools_given_to_numbers_read_as_their_engine_converts_them() {
    // Their reader converts each value to the parameter's type: `mlaps: true` is relay
    // sowing (1), and `multicapt: true` is a single capture (int(True) = 1), not a chain.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"mlaps": true, "sow_own_store": true, "capt_on": [2, 3], "multicapt": true,
                      "oppsidecapt": true, "mustshare": true}}"#;
    let d = mancalagames::read(text).unwrap();
    assert_eq!(d.sowing.laps, Laps::Relay);
    assert_eq!(d.sowing.stores, StoreSowing::Own);
    assert!(d.captures.again_on_store);
    assert!(!d.captures.chain);
    assert_eq!(d.captures.grand_slam, GrandSlam::Capture);
}

fn unsupported(text: &str) -> (String, String) {
    match mancalagames::read(text) {
        Err(MancalaGamesError::Unsupported {
            parameter, value, ..
        }) => (parameter, value),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn an_unknown_parameter_is_refused_by_name() {
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"sow_stores": 1, "frobnicate": 7, "rounds": 2}}"#;
    assert_eq!(unsupported(text), ("frobnicate".into(), "7".into()));
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4, "rows": 4},
        "game_info": {}}"#;
    assert_eq!(unsupported(text).0, "rows");
}

#[test]
fn out_of_scope_rules_are_refused_naming_the_first() {
    // A value refused alone comes before any pair that does not go together.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"capt_on": [4], "rounds": 2, "child_type": 1}}"#;
    assert_eq!(unsupported(text), ("rounds".into(), "2".into()));
    let text = r#"{"game_class": "NorthSouthCycle", "game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"rounds": 2}}"#;
    assert_eq!(unsupported(text).0, "game_class");
    let text = r#"{"game_info": {"no_sides": true},
        "game_constants": {"holes": 6, "nbr_start": 4}}"#;
    assert_eq!(unsupported(text).0, "no_sides");
}

#[test]
fn a_combination_is_refused_at_its_later_parameter() {
    // A cross capture from either side: describable until capt_side comes.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"crosscapt": 1, "sow_stores": 1, "capt_side": 0}}"#;
    assert_eq!(unsupported(text), ("capt_side".into(), "0".into()));
    // The same pair the other way round names crosscapt; a default capt_side (either)
    // names crosscapt too.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"capt_side": 0, "sow_stores": 1, "crosscapt": 1}}"#;
    assert_eq!(unsupported(text).0, "crosscapt");
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"sow_stores": 1, "crosscapt": 1}}"#;
    assert_eq!(unsupported(text).0, "crosscapt");
}

#[test]
fn their_early_end_with_few_seeds_left_is_read() {
    // No store sowing, no feeding: their engine ends the game once a single seed is left,
    // as no capture of 2 or 4 can happen.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"capt_on": [2, 4], "multicapt": -1, "capt_side": 1}}"#;
    assert_eq!(mancalagames::read(text).unwrap().end.too_few, Some(2));
    // With feeding their engine does not do it...
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"capt_on": [2, 4], "multicapt": -1, "capt_side": 1, "mustshare": true}}"#;
    assert_eq!(mancalagames::read(text).unwrap().end.too_few, None);
    // ... unless the player who cannot feed passes.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"capt_on": [3, 4], "multicapt": -1, "capt_side": 1, "mustshare": true,
                      "mustpass": true}}"#;
    let d = mancalagames::read(text).unwrap();
    assert_eq!((d.end.too_few, d.end.pass), (Some(3), true));
    // Nor with an extra end condition.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"capt_on": [2], "capt_side": 1, "end_cond": 2}}"#;
    assert_eq!(mancalagames::read(text).unwrap().end.too_few, None);
}

#[test]
fn values_of_the_wrong_kind_are_out_of_range() {
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"min_move": "two"}}"#;
    assert!(matches!(
        mancalagames::read(text),
        Err(MancalaGamesError::OutOfRange { ref parameter, .. }) if parameter == "min_move"
    ));
    let text = r#"{"game_constants": {"holes": 40, "nbr_start": 4}, "game_info": {}}"#;
    assert!(matches!(
        mancalagames::read(text),
        Err(MancalaGamesError::OutOfRange { ref parameter, .. }) if parameter == "holes"
    ));
    // Legal for their engine, past the crate's counters.
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 70},
        "game_info": {"sow_stores": 1}}"#;
    assert!(matches!(
        mancalagames::read(text),
        Err(MancalaGamesError::Settings(_))
    ));
    let text = r#"{"game_info": {"sow_stores": 1}}"#;
    assert_eq!(
        mancalagames::read(text),
        Err(MancalaGamesError::Missing("game_constants"))
    );
}

#[test]
fn malformed_json_gives_the_offset() {
    let cases: [(&str, usize); 6] = [
        ("", 0),
        ("{\"game_info\": {\"holes\": 6,}}", 26),
        ("{\"a\": [1, 2", 11),
        ("{\"a\": \"x\ny\"}", 8),
        ("{\"a\": 01}", 7),
        ("{} trailing", 3),
    ];
    for (text, offset) in cases {
        match mancalagames::read(text) {
            Err(MancalaGamesError::Syntax { offset: at, .. }) => {
                assert_eq!(at, offset, "{text:?}")
            }
            other => panic!("{text:?}: expected a syntax error, got {other:?}"),
        }
    }
    assert!(matches!(
        mancalagames::read("[1, 2]"),
        Err(MancalaGamesError::Syntax { offset: 0, .. })
    ));
}

#[test]
fn escapes_and_nesting_are_read() {
    let text = r#"{"game_constants": {"holes": 6, "nbr_start": 4},
        "game_info": {"name": "K\u00e2ra \"\ud83c\udf31\" \\ \/ \b\f\n\r\t", "sow_stores": 1},
        "deep": [[[[{"x": [null, true, false, -1.5e3, 0.25]}]]]]}"#;
    assert!(mancalagames::read(text).is_ok());
    let deep = "[".repeat(10_000);
    assert!(matches!(
        mancalagames::read(&deep),
        Err(MancalaGamesError::Syntax { .. })
    ));
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in ".{0,300}") {
        let _ = mancalagames::read(&text);
    }

    #[test]
    fn json_like_text_never_panics(text in r#"[{}\[\]":,0-9a-z_ \\ntfu.eE+-]{0,200}"#) {
        let _ = mancalagames::read(&text);
    }

    #[test]
    fn any_game_info_values_never_panic(
        key in prop::sample::select(vec![
            "capt_on", "evens", "multicapt", "crosscapt", "capt_side", "grandslam", "min_move",
            "sow_direct", "udir_holes", "mlaps", "sow_stores", "unclaimed", "capt_min",
        ]),
        value in prop::sample::select(vec![
            "-1", "0", "1", "2", "3", "4", "64", "99999999999999999999", "1.5", "true",
            "null", "\"x\"", "[]", "[0, 1, 2, 3, 4, 5]", "[2, 3]", "{}",
        ]),
    ) {
        let text = format!(
            r#"{{"game_constants": {{"holes": 6, "nbr_start": 4}}, "game_info": {{"{key}": {value}}}}}"#
        );
        if let Ok(d) = mancalagames::read(&text) {
            prop_assert!(Mancala::new(d).is_ok());
        }
    }
}

/// Reads every file of a folder of MancalaGames game files (`MANCALAGAMES_DIR`) and prints
/// a line for each: the file, then `loads` or the refusal. Run by hand:
/// `MANCALAGAMES_DIR=... cargo test --test mancalagames -- --ignored --nocapture`.
#[test]
#[ignore = "needs a folder of MancalaGames files in MANCALAGAMES_DIR"]
fn load_report() {
    let Ok(dir) = std::env::var("MANCALAGAMES_DIR") else {
        return;
    };
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    paths.sort();
    let mut loaded = 0;
    for path in &paths {
        let text = std::fs::read_to_string(path).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy();
        match mancalagames::read(&text) {
            Ok(d) => {
                loaded += 1;
                let game = Mancala::new(d).expect("a read description builds");
                println!("{name}\tloads\t{game}");
            }
            Err(e) => {
                let parameter = e.parameter().unwrap_or("-").to_string();
                println!("{name}\trefused\t{parameter}\t{e}");
            }
        }
    }
    println!("# {loaded} of {} files load", paths.len());
}

/// A file of `game_info` members on a 6x4 board.
fn info(members: &str) -> Result<Description, MancalaGamesError> {
    mancalagames::read(&format!(
        r#"{{"game_constants": {{"holes": 6, "nbr_start": 4}}, "game_info": {{{members}}}}}"#
    ))
}

#[test]
fn passing_leftovers_directions_and_ends_read_as_their_engine_plays_them() {
    // mustpass
    let d =
        info(r#""capt_on": [2, 3], "capt_side": 1, "multicapt": -1, "mustpass": true"#).unwrap();
    assert!(d.end.pass);
    // A chain on either side goes round both rows.
    let d = info(r#""capt_on": [2, 4], "multicapt": -1"#).unwrap();
    assert!(d.captures.chain && d.captures.chain_rows);
    assert_eq!(d.captures.side, Side::Either);
    // ... but not with a grand slam rule.
    let e = info(r#""capt_on": [2, 4], "multicapt": -1, "grandslam": 2"#).unwrap_err();
    assert_eq!(e.parameter(), Some("grandslam"));
    // UNFED_PLAYER: with feeding, the other ends by quitter (default DIVVIED).
    let d = info(r#""capt_on": [2, 4], "mustshare": true, "unclaimed": 3"#).unwrap();
    assert_eq!(d.end.cannot_feed, CannotFeed::ToUnfed);
    assert_eq!(d.end.leftovers, Leftovers::Shared);
    let d = info(r#""capt_on": [2, 4], "mustshare": true, "unclaimed": 3, "quitter": 0"#).unwrap();
    assert_eq!(d.end.leftovers, Leftovers::Owner);
    let e = info(r#""capt_on": [2, 4], "unclaimed": 3"#).unwrap_err();
    assert_eq!(e.parameter(), Some("unclaimed"));
    // DIVVIED
    let d = info(r#""capt_on": [2, 4], "unclaimed": 4"#).unwrap();
    assert_eq!(d.end.leftovers, Leftovers::Shared);
    // EVEN_ODD_DIR
    let d = info(r#""crosscapt": 1, "capt_side": 1, "sow_stores": 1, "sow_direct": 3"#).unwrap();
    assert_eq!(d.sowing.direction, Direction::EvenOdd);
    // end_cond CLEARED_OWN, CLEARED_OPP; not with the seeds left to nobody.
    let d = info(r#""sow_stores": 1, "end_cond": 1, "unclaimed": 2"#).unwrap();
    assert_eq!(d.end.rule, EndRule::ClearedOwn);
    let d = info(r#""sow_stores": 1, "end_cond": 2"#).unwrap();
    assert_eq!(d.end.rule, EndRule::ClearedOpponent);
    let e = info(r#""sow_stores": 1, "end_cond": 1, "unclaimed": 1"#).unwrap_err();
    assert_eq!(e.parameter(), Some("unclaimed"));
    // goal CLEAR: no half test, no early end.
    let d = info(r#""sow_stores": 1, "goal": 3, "unclaimed": 2"#).unwrap();
    assert_eq!(d.end.goal, Goal::Clear);
    assert!(!d.end.half_wins);
    let e = info(r#""sow_stores": 1, "goal": 3, "capt_on": [4]"#).unwrap_err();
    assert_eq!(e.parameter(), Some("capt_on"));
    // Relay: their 50 laps, the game then scored by quitter; none where quitter gives the
    // seeds to nobody.
    let d = info(r#""crosscapt": 1, "capt_side": 1, "mlaps": 1, "sow_stores": 1"#).unwrap();
    assert_eq!(
        (d.sowing.max_laps, d.end.endless),
        (Some(50), Leftovers::Shared)
    );
    let d = info(r#""crosscapt": 1, "capt_side": 1, "mlaps": 1, "sow_stores": 1, "quitter": 1"#)
        .unwrap();
    assert_eq!(d.sowing.max_laps, None);
    // NOT_LEGAL
    let d = info(r#""capt_on": [2, 3], "capt_side": 1, "multicapt": -1, "grandslam": 1"#).unwrap();
    assert_eq!(d.captures.grand_slam, GrandSlam::Illegal);
    assert!(d.captures.grand_slam_always_illegal);
    // Feeding with an opposite capture, and with min_move: their whole-move test, which
    // their newest engine asks only of an opponent without a seed, for a seed.
    let d = info(r#""crosscapt": 1, "capt_side": 1, "mustshare": true, "min_move": 2"#).unwrap();
    assert_eq!(d.end.feed_test, FeedTest::MoveSeed);
    let d = info(r#""crosscapt": 1, "capt_side": 1, "mustshare": true"#).unwrap();
    assert_eq!(d.end.feed_test, FeedTest::Move);
    // Evens on a board of more than 63 seeds.
    let d = mancalagames::read(
        r#"{"game_constants": {"holes": 6, "nbr_start": 6},
            "game_info": {"evens": true, "capt_side": 2, "mustshare": true, "unclaimed": 3,
                          "quitter": 0}}"#,
    )
    .unwrap();
    assert_eq!(d.captures.counts, Counts::EVENS);
    // A chain where the mover chooses the way goes against the configured direction.
    let d = info(
        r#""capt_on": [2, 4], "capt_side": 1, "multicapt": -1, "udir_holes": [0, 1, 2, 3, 4, 5]"#,
    )
    .unwrap();
    assert_eq!(d.captures.chain_way, ChainWay::Cw);
    // Still refused, by name: their alternating directions (PLAYALTDIR).
    assert_eq!(
        info(r#""sow_direct": 2"#).unwrap_err().parameter(),
        Some("sow_direct")
    );
}
