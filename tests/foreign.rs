//! No panic on any state (the `Ruleset` contract for states that do not validate): every game
//! of the crate under several rulesets, given the states of its other board sizes and
//! switches and mutated position text, through the harness's `check_foreign_pictures`.

use sowing::Ruleset;
use sowing::kalah::Kalah;
use sowing::testing::{ForeignReport, check_foreign_pictures};
use sowing::toguz::Toguz;
use sowing::tsoro::{Tsoro, TsoroState};

fn rulesets<R: Ruleset>(texts: &[&str]) -> Vec<R> {
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

/// Each ruleset of `texts` checked against all the others; the reports added up.
fn check_all<R: sowing::Picture>(texts: &[&str], states: usize) -> ForeignReport {
    let all: Vec<R> = rulesets(texts);
    let mut total = ForeignReport::default();
    for (i, rules) in all.iter().enumerate() {
        let others: Vec<R> = all
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, r)| r.clone())
            .collect();
        let report = check_foreign_pictures(rules, &others, 7 + i as u64, states)
            .unwrap_or_else(|f| panic!("{f}"));
        assert!(
            report.foreign > 0 && report.mutated > 0,
            "{rules}: {report:?}"
        );
        total.foreign += report.foreign;
        total.mutated += report.mutated;
        total.calls += report.calls;
    }
    println!("{total:?}");
    total
}

#[test]
fn kalah_answers_every_call_on_foreign_and_unvalidated_states() {
    check_all::<Kalah>(
        &[
            "kalah",
            "kalah:pits=4,seeds=3",
            "kalah:pits=7,seeds=6",
            "kalah:pits=3,seeds=1,empty-capture",
            "kalah:pie",
        ],
        300,
    );
}

#[test]
fn toguz_answers_every_call_on_foreign_and_unvalidated_states() {
    check_all::<Toguz>(
        &[
            "toguz",
            "toguz:holes=5,balls=5",
            "toguz:holes=7",
            "toguz:bestemshe",
            "toguz:no-tuzdik",
        ],
        300,
    );
}

/// A 4 x 10 Tsoro board handed to the 4 x 8 Tracey rules: every checked call answers
/// without a panic (each once panicked at a slice index in the sowing).
#[test]
fn a_tsoro_state_of_another_board_size_does_not_panic() {
    let rules: Tsoro = "tsoro:tracey".parse().unwrap();
    let s: TsoroState =
        "2,0,1,2,2,0,1,2,7,2/1,1,0,1,2,0,1,1,0,2/1,1,2,1,1,1,1,1,1,1/1,1,0,0,0,1,0,0,0,0 0 0 S"
            .parse()
            .unwrap();
    assert!(rules.validate(&s).is_err());
    let _ = rules.legal_moves(&s);
    let _ = rules.outcome(&s);
    let mut copy = s;
    for mv in Tsoro::default().legal_moves(&s) {
        if rules.try_play(&mut copy, mv).is_err() {
            assert_eq!(copy, s);
        }
    }
    let _ = sowing::Picture::picture(&rules, &s);
}

#[test]
fn tsoro_answers_every_call_on_foreign_and_unvalidated_states() {
    check_all::<Tsoro>(
        &[
            "tsoro",
            "tsoro:tracey",
            "tsoro:holes=6,bonus=3",
            "tsoro:holes=10",
            "tsoro:holes=8,heads=none,bonus=0",
        ],
        300,
    );
}

/// Every game of the crate's list, whatever the list holds (a game added to `with_games!` is
/// checked here with no line of this file): random games through every contract, and its
/// mutated position texts through every call.
#[test]
fn every_game_of_the_list_runs_the_harness_and_answers_on_unvalidated_states() {
    use sowing::AnyRuleset;
    use sowing::games::{Game, RulesetVisitor};
    use sowing::testing::{Config, check_random_games_with};

    struct Harness;
    impl RulesetVisitor for Harness {
        type Output = (usize, ForeignReport);
        fn visit<R: Game>(self, rules: R) -> Self::Output {
            let config = Config {
                max_plies: 300,
                ..Config::DEFAULT
            };
            let games = check_random_games_with(&rules, 3, 10, &config)
                .unwrap_or_else(|f| panic!("{f}"))
                .games;
            let foreign =
                check_foreign_pictures(&rules, &[], 5, 200).unwrap_or_else(|f| panic!("{f}"));
            (games, foreign)
        }
    }
    for name in AnyRuleset::GAMES {
        let rules: AnyRuleset = name.parse().unwrap();
        let (games, foreign) = rules.visit(Harness);
        assert_eq!(games, 10, "{name}");
        assert!(foreign.mutated > 0, "{name}: {foreign:?}");
    }
}

#[test]
fn oware_answers_every_call_on_foreign_and_unvalidated_states() {
    check_all::<sowing::oware::Oware>(
        &[
            "oware",
            "oware:houses=4,seeds=3",
            "oware:houses=8,seeds=2",
            "oware:grand-slam=capture,max-plies=100",
            "oware:houses=5,seeds=5,grand-slam=illegal",
        ],
        300,
    );
}

#[test]
fn described_games_answer_every_call_on_foreign_and_unvalidated_states() {
    check_all::<sowing::described::Mancala>(
        &[
            "mancala",
            "mancala:holes=3,seeds=2,laps=relay",
            "mancala:holes=5,sow=choice,again=store.capture",
            "mancala:stores=none,again=none,opposite=off,capture=2.3,chain,skip-origin,\
             must-feed,end=stuck,half-wins,repetition",
            "mancala:holes=15,seeds=8,sow=cw,stores=both",
            "mancala:holes=2,seeds=1,capture=evens,capture-side=either,chain,max-plies=50",
        ],
        300,
    );
}
