//! Issue 51's small defects, each with the test that failed before its fix: the match's Elo
//! interval, `mcts:playouts=0`, and Oware's positions that the rules cannot reach.

use sowing::search::{AgentSpec, AgentSpecError, MatchResult};

fn result(wins: u32, draws: u32, losses: u32) -> MatchResult {
    MatchResult {
        wins,
        draws,
        losses,
        ..MatchResult::default()
    }
}

/// When nobody won every game the interval is two-sided and finite: it once read
/// `[+329, +inf]` for 45-0-3 and `[-68, +inf]` for 1-1-0.
#[test]
fn the_elo_interval_is_finite_unless_a_side_won_every_game() {
    assert_eq!(
        result(45, 0, 3).elo().unwrap().to_string(),
        "+470, 95% interval [+277, +663]"
    );
    assert_eq!(
        result(1, 1, 0).elo().unwrap().to_string(),
        "+191, 95% interval [-96, +478]"
    );
    assert_eq!(
        result(0, 1, 1).elo().unwrap().to_string(),
        "-191, 95% interval [-478, +96]"
    );
    for (w, d, l) in [
        (1, 0, 1),
        (0, 1, 0),
        (1, 0, 0 + 1),
        (99, 0, 1),
        (1, 0, 99),
        (0, 99, 1),
        (1, 99, 0),
        (3, 0, 1),
        (1000, 1, 0),
    ] {
        let e = result(w, d, l).elo().unwrap();
        assert!(e.low.is_finite() && e.high.is_finite(), "{w}-{d}-{l}: {e}");
        assert!(
            e.low < e.estimate && e.estimate < e.high,
            "{w}-{d}-{l}: {e}"
        );
    }
    // A side that won every game: the one-sided bound, as before.
    let all = result(5, 0, 0).elo().unwrap();
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
