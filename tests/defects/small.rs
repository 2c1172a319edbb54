//! Issue 51's small defects, each with the test that failed before its fix: the match's Elo
//! interval, `mcts:playouts=0`, and Oware's positions that the rules cannot reach.

use sowing::search::{AgentSpec, AgentSpecError, MatchResult};

/// When nobody won every game the interval is two-sided and finite: it once read
/// `[+329, +inf]` for 45-0-3 and `[-68, +inf]` for 1-1-0.
#[test]
fn the_elo_interval_is_finite_unless_a_side_won_every_game() {
    assert_eq!(
        MatchResult::from_games(45, 0, 3).elo().unwrap().to_string(),
        "+470, 95% interval [+277, +663]"
    );
    assert_eq!(
        MatchResult::from_games(1, 1, 0).elo().unwrap().to_string(),
        "+191, 95% interval [-96, +478]"
    );
    assert_eq!(
        MatchResult::from_games(0, 1, 1).elo().unwrap().to_string(),
        "-191, 95% interval [-478, +96]"
    );
    for (w, d, l) in [
        (1, 0, 1),
        (0, 1, 0),
        (2, 0, 1),
        (99, 0, 1),
        (1, 0, 99),
        (0, 99, 1),
        (1, 99, 0),
        (3, 0, 1),
        (1000, 1, 0),
    ] {
        let e = MatchResult::from_games(w, d, l).elo().unwrap();
        assert!(e.low.is_finite() && e.high.is_finite(), "{w}-{d}-{l}: {e}");
        assert!(
            e.low < e.estimate && e.estimate < e.high,
            "{w}-{d}-{l}: {e}"
        );
    }
    // A side that won every game: the one-sided bound, as before.
    let all = MatchResult::from_games(5, 0, 0).elo().unwrap();
    assert_eq!((all.estimate, all.high), (f64::INFINITY, f64::INFINITY));
    assert!(all.low.is_finite());
}

/// `mcts:playouts=0` was raised to 1 without a word, where `alphabeta:depth=0` is refused.
#[test]
fn mcts_playouts_zero_is_refused() {
    let err = "mcts:playouts=0".parse::<AgentSpec>().unwrap_err();
    assert_eq!(
        err,
        AgentSpecError::BadValue {
            agent: "mcts",
            option: "playouts".into(),
            value: "0".into(),
            expected: "a playout count 1 or more",
        }
    );
    assert_eq!(
        err.to_string(),
        "mcts: bad value \"0\" for playouts: expected a playout count 1 or more"
    );
    assert!(matches!(
        "alphabeta:depth=0".parse::<AgentSpec>(),
        Err(AgentSpecError::BadValue { .. })
    ));
    assert_eq!(
        "mcts:playouts=1".parse::<AgentSpec>().unwrap().to_string(),
        "mcts:playouts=1,seed=0"
    );
}

/// An `MctsConfig` built in code with 0 playouts still runs one, and so has a move.
#[test]
fn an_mcts_config_of_zero_playouts_still_finds_a_move() {
    use sowing::search::{Mcts, MctsConfig};
    use sowing::{Ruleset, kalah::Kalah};
    let rules = Kalah::default();
    let config = MctsConfig {
        playouts: 0,
        ..MctsConfig::default()
    };
    let found = Mcts::new(config).search(&rules, &rules.start());
    assert_eq!(found.playouts, 1);
    assert!(found.best.is_some());
}

mod oware {
    use sowing::oware::Oware;
    use sowing::{PositionError, Ruleset};

    fn refused(rules: &str, text: &str) -> String {
        let rules: Oware = rules.parse().unwrap();
        match rules.parse_position(text) {
            Err(PositionError::Impossible(why)) => why,
            other => panic!("{rules} {text}: {other:?}"),
        }
    }

    fn accepted(rules: &str, text: &str) {
        let rules: Oware = rules.parse().unwrap();
        let s = rules
            .parse_position(text)
            .unwrap_or_else(|e| panic!("{rules} {text}: {e}"));
        assert_eq!(s.to_string(), text);
    }

    /// Every capture takes 2 or 3 seeds a house, under every grand-slam rule: a store of 1
    /// with seeds on the board cannot be reached.
    #[test]
    fn a_store_of_one_with_seeds_on_the_board_is_refused() {
        for rules in [
            "oware",
            "oware:grand-slam=capture",
            "oware:grand-slam=leave-last",
            "oware:grand-slam=leave-first",
            "oware:grand-slam=illegal",
            "oware:divide-on-win",
        ] {
            let why = refused(rules, "4,4,4,4,4,4/4,4,4,4,4,3 1 0 S");
            assert!(why.starts_with("South's store holds 1 seed"), "{why}");
            let why = refused(rules, "4,4,4,4,4,4/4,4,4,4,3,2 2 1 N");
            assert!(why.starts_with("North's store holds 1 seed"), "{why}");
            // 2 and 3 are one capture's; 5 is two.
            accepted(rules, "4,4,4,4,4,4/4,4,4,4,2,1 2 3 S");
            accepted(rules, "4,4,4,4,4,4/4,4,4,3,3,1 5 0 N");
        }
        // The division at the end gives single seeds, and empties the board.
        accepted("oware", "0,0,0,0,0,0/0,0,0,0,0,0 1 47 S");
        accepted("oware", "0,0,0,0,0,0/0,0,0,0,0,0 23 25 N");
    }

    /// A store passes half the seeds on its owner's capture, and then the other side moves;
    /// the division at the end (no move, `max-plies`) may pass half for the side to move, but
    /// it empties the board.
    #[test]
    fn the_side_to_move_past_half_with_seeds_on_the_board_is_refused() {
        for rules in ["oware", "oware:grand-slam=capture", "oware:max-plies=200"] {
            let why = refused(rules, "0,0,0,0,0,0/0,0,0,0,0,1 22 25 N");
            assert!(
                why.starts_with("North has more than half the seeds (25 of 48) and is to move"),
                "{why}"
            );
            let why = refused(rules, "0,0,0,0,0,2/0,0,0,0,0,0 26 20 S");
            assert!(why.starts_with("South has more than half"), "{why}");
            // The other side to move: won by North's last capture, seeds left.
            accepted(rules, "0,0,0,0,0,0/0,0,0,0,0,1 22 25 S");
        }
        accepted("oware", "0,0,0,0,0,0/0,0,0,0,0,0 23 25 N");
        accepted(
            "oware:max-plies=10",
            "0,0,0,0,0,0/0,0,0,0,0,0 20 28 N ply=10",
        );
    }

    /// The check holds through `Position::new` and serde, which validate.
    #[test]
    fn position_new_and_serde_refuse_them_too() {
        use sowing::oware::OwareState;
        let rules = Oware::default();
        // The state as its text reads, unchecked: a store of 1 with seeds on the board.
        let text = "4,4,4,4,4,4/4,4,4,4,4,3 1 0 S";
        let state: OwareState = text.parse().unwrap();
        let err = sowing::Position::new(rules.clone(), state).unwrap_err();
        assert!(err.to_string().contains("store holds 1 seed"), "{err}");
        let state: OwareState = "0,0,0,0,0,0/0,0,0,0,0,1 22 25 N".parse().unwrap();
        assert!(sowing::Position::new(rules.clone(), state).is_err());
        #[cfg(feature = "serde")]
        {
            let json = format!("{{\"rules\":\"oware\",\"position\":\"{text}\"}}");
            let read = serde_json::from_str::<sowing::Position<Oware>>(&json);
            assert!(read.unwrap_err().to_string().contains("store holds 1 seed"));
        }
    }
}
