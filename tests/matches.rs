//! The match runner (`sowing::search::Match`): its Elo figures worked by hand, and matches
//! of Kalah through the public API.

use sowing::kalah::Kalah;
use sowing::search::*;
use sowing::{GameRecord, Player};

#[test]
fn elo_figures() {
    assert_eq!(MatchResult::from_games(0, 0, 0).elo(), None);
    // 0.05^(1/2) = 0.2236: -400 log10(1 / 0.2236 - 1) = -216.
    assert_eq!(
        MatchResult::from_games(2, 0, 0).elo().unwrap().to_string(),
        "above -216 (95% one-sided bound: every game won)"
    );
    assert_eq!(
        MatchResult::from_games(0, 0, 2).elo().unwrap().to_string(),
        "below +216 (95% one-sided bound: every game lost)"
    );
    // 24 games: 0.05^(1/24) = 0.8827, -400 log10(1/0.8827 - 1) = +350.5.
    assert_eq!(
        MatchResult::from_games(24, 0, 0).elo().unwrap().low.round(),
        351.0
    );
    // An even score is +0, never -0. Two games: Wilson's interval, c = 1.96^2 / 2 = 1.9208,
    // p = (1 -+ sqrt(c / (1 + c))) / 2 = 0.0945 and 0.9055: finite on both sides.
    assert_eq!(
        MatchResult::from_games(1, 0, 1).elo().unwrap().to_string(),
        "+0, 95% interval [-393, +393]"
    );
    // All draws: the spread of a coin toss, Wilson's interval of 100 games: c = 0.0384,
    // p = (1 -+ sqrt(c / 1.0384)) / 2 = 0.4038 and 0.5962.
    assert_eq!(
        MatchResult::from_games(0, 100, 0)
            .elo()
            .unwrap()
            .to_string(),
        "+0, 95% interval [-68, +68]"
    );
    assert_eq!(
        MatchResult::from_games(0, 2, 0).elo().unwrap().to_string(),
        "+0, 95% interval [-393, +393]"
    );
    // 3 wins, 1 loss: mean 0.75, no draws (k = 1), c = 0.9604: 1.9604 p^2 - 2.4604 p +
    // 0.5625 = 0, p = 0.3006 and 0.9544; the normal approximation's top was beyond 1.
    let e = MatchResult::from_games(3, 0, 1).elo().unwrap();
    assert_eq!(e.estimate.round(), 191.0);
    assert_eq!(e.high.round(), 528.0);
    assert_eq!(e.low.round(), -147.0);
    // 60 wins, 20 draws, 20 losses: mean 0.7; variance (60*0.09 + 20*0.04 + 20*0.49)/100
    // = 0.16, k = 0.16 / 0.21, c = 0.02927: [0.6168, 0.7718].
    let e = MatchResult::from_games(60, 20, 20).elo().unwrap();
    assert_eq!(e.to_string(), "+147, 95% interval [+83, +212]");
}

#[test]
fn side_figures_report_only_what_is_measured() {
    let rules = Kalah::default();
    let mut random = RandomAgent::new(1);
    let mut ab = "alphabeta:depth=2"
        .parse::<AgentSpec>()
        .unwrap()
        .build::<Kalah>()
        .unwrap();
    let mut game = GameRecord::new(rules);
    let [s, n] = play_game(&mut game, [&mut random, &mut *ab], 4).unwrap();
    assert_eq!(s.moves + n.moves, 4);
    assert_eq!(game.len(), 4);
    assert_eq!(s.searches, 0);
    assert_eq!(
        s.to_string(),
        format!("{} moves, no search figures", s.moves)
    );
    assert_eq!(n.searches, n.moves);
    assert_eq!(n.average_depth(), Some(2.0));
}

#[test]
fn configs_that_play_nothing_are_refused() {
    let agents = |_| RandomAgent::new(1);
    let config = |openings, max_plies| MatchConfig {
        openings,
        max_plies,
        ..MatchConfig::default()
    };
    let refused = |c| Match::new(Kalah::default(), c, agents).err();
    assert_eq!(refused(config(0, 10)), Some(MatchError::NoOpenings));
    assert_eq!(refused(config(1, 0)), Some(MatchError::NoPlies));
}

#[test]
fn openings_that_end_the_game_are_refused() {
    let config = MatchConfig {
        opening_plies: 500,
        ..MatchConfig::default()
    };
    let mut games = Match::new(Kalah::default(), config, |_| RandomAgent::new(1)).unwrap();
    let err = games.next().unwrap().unwrap_err();
    assert!(
        matches!(err, MatchError::OpeningsEndTheGame { plies: 500, tries, .. } if tries == MatchConfig::OPENING_TRIES),
        "{err}"
    );
    assert!(games.next().is_none());
}

#[test]
fn each_opening_is_played_with_both_colours() {
    let config = MatchConfig {
        openings: 3,
        opening_plies: 3,
        ..MatchConfig::default()
    };
    let mut seed = 0;
    let games: Vec<MatchGame<Kalah>> = Match::new(Kalah::default(), config, |_| {
        seed += 1;
        RandomAgent::new(seed)
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap();
    assert_eq!(games.len(), 6);
    for pair in games.chunks(2) {
        assert_eq!(pair[0].opening, pair[1].opening);
        assert_eq!(
            (pair[0].a_side, pair[1].a_side),
            (Player::South, Player::North)
        );
        assert_eq!(
            pair[0].record.moves()[..3],
            pair[1].record.moves()[..3],
            "the same opening"
        );
        assert!(
            pair.iter()
                .all(|g| g.opening_plies == 3 && g.record.is_over())
        );
    }
    assert_ne!(games[0].record.moves()[..3], games[2].record.moves()[..3]);
}

/// An agent that plays randomly (from its seed), but finds no move at ply `fail_at`: the
/// match's error at a known game.
struct FailsAt {
    random: RandomAgent,
    fail_at: Option<usize>,
}

impl Agent<Kalah> for FailsAt {
    fn name(&self) -> String {
        "fails-at".into()
    }
    fn choose(
        &mut self,
        rules: &Kalah,
        state: &<Kalah as sowing::Ruleset>::State,
    ) -> Option<<Kalah as sowing::Ruleset>::Move> {
        self.random.choose(rules, state)
    }
    fn choose_in(
        &mut self,
        rules: &Kalah,
        game: &[<Kalah as sowing::Ruleset>::State],
    ) -> Option<<Kalah as sowing::Ruleset>::Move> {
        if self.fail_at.is_some_and(|ply| game.len() >= ply) {
            return None;
        }
        self.random.choose(rules, game.last()?)
    }
}

#[test]
fn games_in_parallel_are_the_games_one_at_a_time_in_order() {
    let config = MatchConfig {
        openings: 5,
        opening_plies: 2,
        seed: 9,
        ..MatchConfig::default()
    };
    // Agents whose moves depend only on the position: the same games whatever the thread.
    let specs: [AgentSpec; 2] = [
        "alphabeta:depth=4".parse().unwrap(),
        "alphabeta:depth=2".parse().unwrap(),
    ];
    let build = |i: usize| specs[i].build::<Kalah>().unwrap();
    let one: Vec<MatchGame<Kalah>> = Match::new(Kalah::default(), config, build)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for jobs in [1, 2, 3, 64] {
        let mut games = Vec::new();
        let mut totals = Vec::new();
        let result = Match::new(Kalah::default(), config, build)
            .unwrap()
            .run_parallel(jobs, |game, r| {
                games.push(game);
                totals.push(r.games());
                true
            })
            .unwrap();
        assert_eq!(totals, (1..=10).collect::<Vec<_>>(), "jobs {jobs}");
        assert_eq!(games.len(), one.len());
        for (a, b) in games.iter().zip(&one) {
            assert_eq!((a.opening, a.a_side), (b.opening, b.a_side));
            assert_eq!(a.record.moves(), b.record.moves(), "jobs {jobs}");
            assert_eq!(a.a_score, b.a_score);
        }
        let sequential = Match::new(Kalah::default(), config, build)
            .unwrap()
            .run()
            .unwrap();
        assert_eq!(
            (result.wins, result.draws, result.losses),
            (sequential.wins, sequential.draws, sequential.losses)
        );
        assert_eq!(result.sides[0].nodes, sequential.sides[0].nodes);
    }
}

#[test]
fn a_parallel_match_stops_when_asked_and_at_its_first_error() {
    let config = MatchConfig {
        openings: 6,
        ..MatchConfig::default()
    };
    let mut seen = 0;
    // Made apart from `Match::new`, whose bound would make the closure only `FnMut`.
    let random = |_: usize| RandomAgent::new(3);
    let result = Match::new(Kalah::default(), config, random)
        .unwrap()
        .run_parallel(2, |_, _| {
            seen += 1;
            seen < 3
        })
        .unwrap();
    assert_eq!((seen, result.games()), (3, 3));

    // Agent B of every game but the first four finds no move once the game has 9 positions: game 5
    // (opening 3) is the first error; the four games before it are handed over, none after.
    // One job: the agents are built in the games' order.
    let built = std::sync::atomic::AtomicUsize::new(0);
    let mut handed = Vec::new();
    let fails = |i: usize| {
        let n = built.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        FailsAt {
            random: RandomAgent::new(n as u64),
            fail_at: (i == 1 && n >= 8).then_some(9),
        }
    };
    let err = Match::new(Kalah::default(), config, fails)
        .unwrap()
        .run_parallel(1, |game, _| {
            handed.push(game.opening);
            true
        })
        .unwrap_err();
    assert!(
        matches!(&err, MatchError::NoMove { agent, .. } if agent == "fails-at"),
        "{err}"
    );
    assert_eq!(handed, [0, 0, 1, 1]);
}
