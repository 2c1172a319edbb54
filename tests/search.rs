//! Search and the exact Kalah solver, checked against a plain full-width minimax written here.
//!
//! The long solves are `#[ignore]`d; run them with
//! `cargo test --release --test search -- --ignored --nocapture`.

use std::collections::HashMap;
use std::time::Duration;

#[cfg(feature = "solver")]
use sowing::kalah::solve::{Solver, SolverConfig};
use sowing::kalah::{Kalah, KalahState};
#[cfg(feature = "solver")]
use sowing::search::WIN;
use sowing::search::{
    Agent, AgentSpec, AgentSpecError, AlphaBeta, Endgame, Heuristic, Limits, Mcts, MctsConfig,
    RandomAgent, SearchResult, TableSize, play_game,
};
use sowing::{GameRecord, Player, RandomSource, Ruleset, SplitMix64};

fn rules(text: &str) -> Kalah {
    text.parse().unwrap()
}

/// South's final store minus North's under perfect play: plain minimax over every move (an
/// extra turn is just the same player choosing again), memoized on the whole position.
fn minimax(rules: &Kalah, s: &KalahState, memo: &mut HashMap<KalahState, i32>) -> i32 {
    if let Some(&v) = memo.get(s) {
        return v;
    }
    let moves = rules.legal_moves(s);
    let v = if moves.is_empty() {
        let score = rules.outcome(s).unwrap().score().unwrap();
        score.south as i32 - score.north as i32
    } else {
        let values = moves.iter().map(|&mv| {
            let mut c = *s;
            rules.play_unchecked(&mut c, mv);
            minimax(rules, &c, memo)
        });
        if rules.to_move(s) == Player::South {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    };
    memo.insert(*s, v);
    v
}

#[cfg(feature = "solver")]
fn small_config() -> SolverConfig {
    SolverConfig {
        table_mb: 2,
        threads: 2,
        ..SolverConfig::default()
    }
}

/// Hand-made positions South wins by force: an extra-turn chain ending in a capture, and a
/// capture that must come after an extra turn.
#[cfg(feature = "solver")]
const FORCED_WINS: [&str; 2] = [
    // Pit 6, pit 5, pit 6, pit 4, pit 6 are each an extra turn; then pit 5 lands in the empty
    // pit 6 and captures North's pit 1: 25-23.
    "1,1,1,1,1,1/0,0,0,3,2,1 18 18 S",
    // Pit 6 (an extra turn), then pit 1's two seeds land in the empty pit 3 and capture
    // North's eight in pit 4.
    "1,1,8,1,1,1/2,0,0,0,0,1 15 17 S",
];

#[cfg(feature = "solver")]
#[test]
fn forced_wins_are_found() {
    let r = Kalah::default();
    for text in FORCED_WINS {
        let s = r.parse_position(text).unwrap();
        let exact = minimax(&r, &s, &mut HashMap::new());
        assert!(exact > 0, "{text}: South should win, minimax says {exact}");

        let mut ab = AlphaBeta::new(Limits::depth(30));
        let found = ab.search(&r, &s);
        assert!(
            found.value > WIN,
            "{text}: alpha-beta missed the win: {found:?}"
        );
        let mv = found.best.unwrap();
        let mut after = s;
        r.play_unchecked(&mut after, mv);
        assert!(
            minimax(&r, &after, &mut HashMap::new()) > 0,
            "{text}: {mv:?} does not win"
        );

        let config = SolverConfig {
            endgame_seeds: Some(8),
            ..small_config()
        };
        let solved = Solver::new(&r, config).solve(&s).unwrap();
        assert_eq!(solved.value, exact, "{text}");
    }
}

#[test]
fn extra_turns_keep_the_sign() {
    // In the chain position every South move but one keeps South on the move; a search that
    // flipped the sign after them would prefer giving the turn away.
    let r = Kalah::default();
    let s = r.parse_position("1,1,1,1,1,1/0,0,0,3,2,1 18 18 S").unwrap();
    for depth in 1..=8 {
        let found = AlphaBeta::new(Limits::depth(depth)).search(&r, &s);
        let mut after = s;
        r.play_unchecked(&mut after, found.best.unwrap());
        assert_eq!(after.to_move(), Player::South, "depth {depth}");
        assert!(found.value >= 1, "depth {depth}: {found:?}");
    }
}

/// Positions reached by random play from the start of `rules`.
fn random_positions<R: Ruleset>(rules: &R, count: usize, seed: u64) -> Vec<R::State> {
    let mut rng = SplitMix64::new(seed);
    let mut out = vec![rules.start()];
    while out.len() < count {
        let mut s = rules.start();
        let stop = rng.below(20);
        for _ in 0..stop {
            match rules.random_move(&s, &mut rng) {
                Some(mv) => rules.play_unchecked(&mut s, mv),
                None => break,
            }
        }
        out.push(s);
    }
    out
}

/// Checks a search of `s` that ran to the end against minimax: the value's sign for South,
/// and that the best move keeps it. `what` names the case in a failure.
fn assert_agrees_with_minimax(
    r: &Kalah,
    s: &KalahState,
    found: &sowing::search::SearchResult<sowing::kalah::KalahMove>,
    memo: &mut HashMap<KalahState, i32>,
    what: &str,
) {
    let exact = minimax(r, s, memo);
    // The search scores for the mover: a win beyond WIN, a loss below -WIN.
    let for_south = if s.to_move() == Player::South {
        found.value
    } else {
        -found.value
    };
    assert_eq!(for_south.signum(), exact.signum(), "{what} {s}: {found:?}");
    if let Some(mv) = found.best {
        let mut after = *s;
        r.play_unchecked(&mut after, mv);
        let v = minimax(r, &after, memo);
        assert_eq!(v.signum(), exact.signum(), "{what} {s}: {mv:?} is not best");
    }
}

#[test]
fn alphabeta_to_the_end_agrees_with_minimax() {
    assert_exact_to_the_end(sowing::search::SearchOptions::CLASSIC, 5);
}

#[cfg(feature = "solver")]
#[test]
fn solver_agrees_with_minimax_on_small_boards() {
    for pits in 1..=3 {
        for seeds in 1..=3 {
            for capture in ["", ",empty-capture"] {
                let text = format!("kalah:pits={pits},seeds={seeds}{capture}");
                let r = rules(&text);
                let mut memo = HashMap::new();
                for endgame in [Some(0), Some(4), None] {
                    let config = SolverConfig {
                        endgame_seeds: endgame,
                        ..small_config()
                    };
                    let solver = Solver::new(&r, config);
                    for s in random_positions(&r, 6, pits as u64 * 10 + seeds as u64) {
                        let exact = minimax(&r, &s, &mut memo);
                        let solved = solver.solve(&s).unwrap();
                        assert_eq!(solved.value, exact, "{text} {s} endgame {endgame:?}");
                        for (mv, v) in solved.moves {
                            let mut after = s;
                            r.play_unchecked(&mut after, mv);
                            assert_eq!(v, minimax(&r, &after, &mut memo), "{text} {s} {mv}");
                        }
                    }
                }
            }
        }
    }
}

#[cfg(feature = "solver")]
#[test]
fn endgame_database_values_agree_with_minimax() {
    use sowing::kalah::solve::EndgameDatabase;
    for text in [
        "kalah:pits=3,seeds=2",
        "kalah:pits=3,seeds=2,empty-capture",
        "kalah:pits=2,seeds=3,end-at-turn,leftovers-to-nobody",
    ] {
        let r = rules(text);
        let db = EndgameDatabase::new(&r, 8).unwrap();
        assert_eq!(
            db.len(),
            EndgameDatabase::boards(r.settings().pits.into(), 8)
        );
        let mut memo = HashMap::new();
        let mut covered = 0;
        for s in random_positions(&r, 40, 5) {
            let seeds = s.seeds_in_pits(Player::South) + s.seeds_in_pits(Player::North);
            let exact = minimax(&r, &s, &mut memo);
            let mover = if s.to_move() == Player::South {
                exact
            } else {
                -exact
            };
            match db.value(&s) {
                Some(v) => {
                    covered += 1;
                    assert_eq!(v, mover, "{text} {s}");
                }
                None => assert!(seeds > 8, "{text} {s}"),
            }
        }
        assert!(covered >= 10, "{text}: only {covered} positions covered");
    }
    assert!(matches!(
        EndgameDatabase::new(&rules("kalah:pie"), 4),
        Err(sowing::kalah::solve::SolveError::Pie)
    ));
}

#[cfg(feature = "solver")]
#[test]
fn the_work_fits_the_position() {
    let r = Kalah::default();
    // Limits as on a large machine (the defaults follow the memory available).
    let config = SolverConfig {
        table_mb: 1 << 14,
        endgame_boards: 1 << 30,
        ..SolverConfig::default()
    };
    let solver = Solver::new(&r, config);
    // From the start of Kalah(6,3) and (6,4): the database sizes that measured best.
    assert_eq!(solver.endgame_seeds_for(36), 12);
    assert_eq!(solver.endgame_seeds_for(48), 19);
    // Kalah(6,5)'s larger search pays for a larger one where the memory allows it, and
    // more so for every first move's value.
    let roomy = |move_values| {
        Solver::new(
            &r,
            SolverConfig {
                endgame_boards: 1 << 33,
                move_values,
                ..SolverConfig::default()
            },
        )
    };
    assert_eq!(roomy(false).endgame_seeds_for(60), 27);
    assert_eq!(roomy(true).endgame_seeds_for(60), 28);
    assert_eq!(roomy(true).endgame_seeds_for(48), 19);
    assert_eq!(solver.table_bytes_for(36), 64 << 20);
    // One move from the end: next to nothing is built.
    assert!(solver.endgame_seeds_for(2) <= 2);
    assert!(solver.table_bytes_for(2) <= 4096);
    let s = r.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 20 26 S").unwrap();
    let solved = solver.solve(&s).unwrap();
    assert_eq!(solved.value, -6);
    assert!(solved.endgame.0 <= 100, "{solved:?}");
    assert!(solved.table_bytes <= 4096, "{solved:?}");
}

#[cfg(feature = "solver")]
#[test]
fn solver_handles_the_other_end_rules() {
    for text in [
        "kalah:pits=3,seeds=2,end-at-turn",
        "kalah:pits=3,seeds=2,leftovers-to-nobody",
        "kalah:pits=2,seeds=3,end-at-turn,leftovers-to-nobody,empty-capture",
    ] {
        let r = rules(text);
        let mut memo = HashMap::new();
        let solver = Solver::new(&r, small_config());
        for s in random_positions(&r, 10, 9) {
            assert_eq!(
                solver.solve(&s).unwrap().value,
                minimax(&r, &s, &mut memo),
                "{text} {s}"
            );
        }
    }
}

#[cfg(feature = "solver")]
#[test]
fn solver_refuses_the_pie_swap_and_bad_positions() {
    let r = rules("kalah:pie");
    let solver = Solver::new(&r, small_config());
    assert!(solver.solve(&r.start()).is_err());
    let plain = Kalah::default();
    let bad: KalahState = "4,4,4,4,4,4/4,4,4,4,4,4 1 0 S".parse().unwrap();
    assert!(Solver::new(&plain, small_config()).solve(&bad).is_err());
    let huge = SolverConfig {
        endgame_seeds: Some(48),
        ..small_config()
    };
    assert!(matches!(
        Solver::new(&plain, huge).solve(&plain.start()),
        Err(sowing::kalah::solve::SolveError::EndgameTooLarge { .. })
    ));
}

#[cfg(feature = "solver")]
fn solve(text: &str, endgame_seeds: u32) -> i32 {
    let r = rules(text);
    let config = SolverConfig {
        table_mb: 512,
        move_values: false,
        endgame_seeds: Some(endgame_seeds),
        ..SolverConfig::default()
    };
    Solver::new(&r, config).solve(&r.start()).unwrap().value
}

#[cfg(feature = "solver")]
#[test]
fn kalah_4_3_is_won_by_6() {
    assert_eq!(solve("kalah:pits=4,seeds=3", 12), 6);
}

#[cfg(feature = "solver")]
#[test]
fn kalah_6_3_is_won_by_2() {
    let r = rules("kalah:pits=6,seeds=3");
    let config = SolverConfig {
        table_mb: 64,
        endgame_seeds: Some(12),
        ..SolverConfig::default()
    };
    let solved = Solver::new(&r, config).solve(&r.start()).unwrap();
    assert_eq!(solved.value, 2);
    assert_eq!(solved.moves.iter().map(|m| m.1).max(), Some(2));
}

#[cfg(feature = "solver")]
#[test]
#[ignore = "minutes: cargo test --release --test search -- --ignored"]
fn kalah_6_4_is_won_by_8() {
    assert_eq!(solve("kalah", 17), 8);
}

#[cfg(feature = "solver")]
#[test]
#[ignore = "minutes: cargo test --release --test search -- --ignored"]
fn kalah_6_4_empty_capture_is_won_by_10() {
    assert_eq!(solve("kalah:empty-capture", 17), 10);
}

#[test]
fn mcts_is_reproducible() {
    let r = Kalah::default();
    let config = MctsConfig {
        playouts: 300,
        seed: 7,
        ..MctsConfig::default()
    };
    let game = |config: MctsConfig| {
        let mut agent = Mcts::new(config);
        let mut s = r.start();
        let mut moves = Vec::new();
        while let Some(mv) = agent.choose(&r, &s) {
            r.play_unchecked(&mut s, mv);
            moves.push(mv);
        }
        moves
    };
    assert_eq!(game(config), game(config));
}

#[test]
fn mcts_reports_its_playouts_and_stops_on_its_flag() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let r = Kalah::default();
    let config = MctsConfig {
        playouts: 200,
        seed: 3,
        ..MctsConfig::default()
    };
    let mut agent = Mcts::new(config);
    assert_eq!(Agent::<Kalah>::stats(&agent), None);
    let found = agent.search(&r, &r.start());
    let stats = Agent::<Kalah>::stats(&agent).unwrap();
    assert_eq!((stats.depth, stats.nodes), (0, 200));
    assert_eq!(stats.elapsed, found.elapsed);
    assert_eq!(stats.value, (found.win_rate * 1000.0).round() as i32);
    assert!((0..=1000).contains(&stats.value));

    // A flag raised from another thread ends a search that would run for hours, at a check
    // (after the first playout, then every 64), with a legal move.
    let flag = Arc::new(AtomicBool::new(false));
    let config = MctsConfig {
        playouts: u64::MAX,
        ..config
    };
    let raiser = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let found = Mcts::new(config).stop_flag(flag).search(&r, &r.start());
    raiser.join().unwrap();
    assert!(found.playouts == 1 || found.playouts % 64 == 0);
    assert!(r.is_legal(&r.start(), found.best.unwrap()));
}

/// South's margin when `south` plays `north` from the start (every move checked).
fn play(r: &Kalah, south: &mut dyn Agent<Kalah>, north: &mut dyn Agent<Kalah>) -> i32 {
    let mut game = GameRecord::new(r.clone());
    play_game(&mut game, [south, north], 10_000).unwrap();
    let score = game.outcome().unwrap().score().unwrap();
    score.south as i32 - score.north as i32
}

#[test]
fn searchers_beat_random_play() {
    let r = Kalah::default();
    let mut ab_wins = 0;
    let mut mcts_wins = 0;
    for seed in 0..6 {
        let mut random = RandomAgent::new(seed);
        let mut ab = AlphaBeta::new(Limits::depth(5));
        if seed % 2 == 0 {
            ab_wins += i32::from(play(&r, &mut ab, &mut random) > 0);
        } else {
            ab_wins += i32::from(play(&r, &mut random, &mut ab) < 0);
        }
        let mut mcts = Mcts::new(MctsConfig {
            playouts: 400,
            seed,
            ..MctsConfig::default()
        });
        let mut random = RandomAgent::new(seed + 100);
        mcts_wins += i32::from(play(&r, &mut mcts, &mut random) > 0);
    }
    assert!(ab_wins >= 5, "alpha-beta won {ab_wins} of 6");
    assert!(mcts_wins >= 5, "MCTS won {mcts_wins} of 6");
}

#[test]
fn limits_stop_the_search() {
    let r = Kalah::default();
    let found = AlphaBeta::new(Limits::nodes(2000)).search(&r, &r.start());
    assert!(found.nodes <= 2000 + 200, "{found:?}");
    assert!(found.best.is_some());
    let found = AlphaBeta::new(Limits::time(Duration::from_millis(20))).search(&r, &r.start());
    assert!(found.depth >= 1 && found.best.is_some());
    let found = AlphaBeta::new(Limits::depth(3)).search(&r, &r.start());
    assert_eq!(found.depth, 3);
}

#[test]
fn agent_specs_parse_build_and_print() {
    for (text, printed) in [
        ("random:seed=3", "random:seed=3"),
        ("random", "random:seed=0"),
        ("alphabeta:depth=10", "alphabeta:depth=10"),
        ("alphabeta:time=500ms", "alphabeta:time=500ms"),
        ("alphabeta:time=2s,nodes=100", "alphabeta:nodes=100,time=2s"),
        ("alphabeta:table=auto", "alphabeta:table=auto"),
        ("alphabeta:table=24,time=5s", "alphabeta:time=5s,table=24"),
        ("alphabeta:table=20", "alphabeta"),
        ("mcts:playouts=20000,seed=7", "mcts:playouts=20000,seed=7"),
        ("mcts:time=1.5s", "mcts:seed=0,time=1500ms"),
        (
            "mcts:time=1.5s,playouts=50",
            "mcts:playouts=50,seed=0,time=1500ms",
        ),
    ] {
        let spec: AgentSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), printed, "{text}");
        assert_eq!(printed.parse::<AgentSpec>().unwrap(), spec);
        let r = rules("kalah:pits=3,seeds=2");
        let mut agent = spec.build::<Kalah>().unwrap();
        if !text.contains("20000") {
            assert!(agent.choose(&r, &r.start()).is_some(), "{text}");
        }
    }
    assert!(matches!(
        "minimax".parse::<AgentSpec>(),
        Err(AgentSpecError::UnknownAgent(_))
    ));
    assert!(matches!(
        "alphabeta:depht=3".parse::<AgentSpec>(),
        Err(AgentSpecError::UnknownOption { .. })
    ));
    // A known option without its value says so.
    assert!(matches!(
        "alphabeta:depth".parse::<AgentSpec>(),
        Err(AgentSpecError::BadOption { .. })
    ));
    for bad in [
        "alphabeta:depth=0",
        "alphabeta:depth=x",
        "alphabeta:time=5",
        "alphabeta:time=-1s",
        "mcts:c=-1",
        "mcts:seed=1.5",
        "random:seed=",
        "alphabeta:threads=0",
        "alphabeta:threads=9",
        "alphabeta:rfp=2",
        "alphabeta:table=0",
        "alphabeta:table=31",
        "alphabeta:table=big",
    ] {
        assert!(
            matches!(
                bad.parse::<AgentSpec>(),
                Err(AgentSpecError::BadValue { .. })
            ),
            "{bad}"
        );
    }
}

#[test]
fn an_automatic_table_grows_with_the_budget_and_never_shrinks() {
    // The table's size follows the time: at 5 s a move the agent searches about 14 M nodes,
    // too many for a fixed 2^20 entries.
    let at = |ms| Limits {
        depth: None,
        nodes: None,
        time: Some(Duration::from_millis(ms)),
    };
    let bits = |limits: &Limits, threads| TableSize::Auto.log2_entries(limits, threads);
    assert_eq!(bits(&Limits::depth(40), 1), 20);
    assert_eq!(bits(&at(200), 1), 20);
    assert_eq!(bits(&at(1_000), 1), 20);
    assert_eq!(bits(&at(2_000), 1), 21);
    assert_eq!(bits(&at(5_000), 1), 22);
    assert_eq!(bits(&at(5_000), 4), 24);
    assert_eq!(bits(&at(20_000), 1), 24);
    assert_eq!(bits(&at(600_000), 1), 24);
    // A node limit counts as the nodes it allows; with a time too, the smaller.
    let nodes = |n| Limits {
        depth: None,
        nodes: Some(n),
        time: None,
    };
    assert_eq!(bits(&nodes(8 << 20), 1), 21);
    assert_eq!(
        bits(
            &Limits {
                nodes: Some(1 << 40),
                ..at(2_000)
            },
            1
        ),
        21
    );
    assert_eq!(TableSize::Log2(12).log2_entries(&at(20_000), 4), 12);
    assert_eq!(TableSize::Log2(12).bytes(&at(20_000), 4), 16 << 12);

    // The agent's table follows its limits at each search, and keeps the largest.
    let r = rules("kalah:pits=3,seeds=2");
    let mut ab = AlphaBeta::new(Limits::depth(3)).table_size(TableSize::Auto);
    assert_eq!(ab.table_bytes(), 16 << 20);
    ab.search(&r, &r.start());
    assert_eq!(ab.table_bytes(), 16 << 20);
    ab.set_limits(Limits {
        depth: Some(3),
        ..nodes(8 << 20)
    });
    let grown = ab.search(&r, &r.start());
    assert_eq!(ab.table_bytes(), 32 << 20);
    ab.set_limits(Limits::depth(3));
    let again = ab.search(&r, &r.start());
    assert_eq!(ab.table_bytes(), 32 << 20);
    assert_eq!((again.best, again.value), (grown.best, grown.value));
    // A fixed size is kept whatever the limits.
    let mut fixed = AlphaBeta::new(nodes(8 << 20)).table_size(TableSize::Log2(10));
    fixed.search(&r, &r.start());
    assert_eq!(fixed.table_bytes(), 16 << 10);
    // Agent text: 2^20 entries by default, `table=auto` or a number.
    let spec: AgentSpec = "alphabeta:time=20s".parse().unwrap();
    assert_eq!(
        spec.with_table(TableSize::Log2(22)).to_string(),
        "alphabeta:time=20s,table=22"
    );
    assert_eq!(
        spec.with_table_text("23").unwrap().to_string(),
        "alphabeta:time=20s,table=23"
    );
    assert!(matches!(
        spec.with_table_text("0"),
        Err(AgentSpecError::BadValue { .. })
    ));
    assert!(matches!(
        "random".parse::<AgentSpec>().unwrap().with_table_text("20"),
        Err(AgentSpecError::UnknownOption { .. })
    ));
}

#[test]
fn mcts_with_a_time_alone_searches_for_that_time() {
    // A time alone means the time, not the default 10,000 playouts (which once stopped
    // `mcts:time=100ms` after a third of its time); a playout count written beside it still caps.
    let spec: AgentSpec = "mcts:time=150ms".parse().unwrap();
    let AgentSpec::Mcts(config) = spec else {
        panic!("{spec:?}")
    };
    assert_eq!(
        (config.playouts, config.time),
        (u64::MAX, Some(Duration::from_millis(150)))
    );
    let r = rules("kalah:pits=3,seeds=2");
    let found = Mcts::new(config).search(&r, &r.start());
    assert!(
        found.elapsed >= Duration::from_millis(150),
        "{:?}",
        found.elapsed
    );
    assert!(found.playouts > 10_000, "{}", found.playouts);
    let both: AgentSpec = "mcts:time=10s,playouts=300".parse().unwrap();
    let AgentSpec::Mcts(config) = both else {
        panic!("{both:?}")
    };
    let found = Mcts::new(config).search(&r, &r.start());
    assert_eq!(found.playouts, 300);
    assert!(found.elapsed < Duration::from_secs(10));
}

#[test]
fn agents_play_finished_games_as_none() {
    let r = Kalah::default();
    let over = r.parse_position("0,0,0,0,0,0/0,0,0,0,0,0 30 18 S").unwrap();
    for text in ["random", "alphabeta:depth=3", "mcts:playouts=10"] {
        let mut agent = text.parse::<AgentSpec>().unwrap().build::<Kalah>().unwrap();
        assert_eq!(agent.choose(&r, &over), None, "{text}");
    }
}

#[cfg(feature = "solver")]
#[test]
fn endgame_databases_are_kept_and_reused() {
    let dir = std::env::temp_dir().join(format!("sowing-endgame-test-{}", std::process::id()));
    let r = rules("kalah:pits=3,seeds=3,empty-capture");
    let config = SolverConfig {
        endgame_dir: Some(dir.clone()),
        endgame_seeds: Some(10),
        ..small_config()
    };
    let first = Solver::new(&r, config.clone()).solve(&r.start()).unwrap();
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 1);
    let second = Solver::new(&r, config).solve(&r.start()).unwrap();
    assert_eq!(first.value, second.value);
    assert_eq!(first.moves, second.moves);
    assert_eq!(first.value, minimax(&r, &r.start(), &mut HashMap::new()));
    // A database for another size is not mistaken for this one.
    let other = SolverConfig {
        endgame_dir: Some(dir.clone()),
        endgame_seeds: Some(8),
        ..small_config()
    };
    assert_eq!(
        Solver::new(&r, other).solve(&r.start()).unwrap().value,
        first.value
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "solver")]
#[test]
fn kept_endgame_databases_serve_smaller_ones_and_are_checked() {
    use sowing::kalah::solve::EndgameDatabase;
    let dir = std::env::temp_dir().join(format!("sowing-endgame-kept-{}", std::process::id()));
    let r = rules("kalah:pits=3,seeds=3");
    let big = EndgameDatabase::open(&r, 10, &dir).unwrap();
    let file = dir.join(EndgameDatabase::file_name(&r, 10));
    let saved = std::fs::read(&file).unwrap();
    // Every board of up to 7 seeds, as a position with the other seeds in South's store.
    let mut positions = Vec::new();
    for code in 0..8u32.pow(6) {
        let pits: Vec<u32> = (0..6).map(|i| code / 8u32.pow(i) % 8).collect();
        let k: u32 = pits.iter().sum();
        if k <= 7 {
            let text = format!(
                "{},{},{}/{},{},{} {} 0 S",
                pits[0],
                pits[1],
                pits[2],
                pits[3],
                pits[4],
                pits[5],
                18 - k
            );
            positions.extend(r.parse_position(&text).ok());
        }
    }
    assert!(positions.len() > 1000);
    // The 7-seed database is read from the 10-seed file (no file of its own is written) and
    // agrees with one computed afresh.
    let small = EndgameDatabase::open(&r, 7, &dir).unwrap();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    let fresh = EndgameDatabase::new(&r, 7).unwrap();
    for s in &positions {
        assert_eq!(small.value(s), fresh.value(s), "{s}");
        assert_eq!(big.value(s), fresh.value(s), "{s}");
        assert!(fresh.value(s).is_some(), "{s}");
    }
    // A damaged file fails its level's checksum: it is computed again and written anew.
    let mut bad = saved.clone();
    let last = bad.len() - 1;
    bad[last] ^= 0x10;
    std::fs::write(&file, &bad).unwrap();
    let again = EndgameDatabase::open(&r, 10, &dir).unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), saved);
    for s in &positions {
        assert_eq!(again.value(s), fresh.value(s), "{s}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "solver")]
/// A database kept for fewer seeds than a solve wants is extended, not built again from 0
/// seeds up: its levels are read, only those above are computed, and the
/// larger database comes out byte for byte as one built from nothing.
#[test]
fn solver_extends_a_smaller_kept_endgame_database() {
    use sowing::kalah::solve::{EndgameDatabase, SolveEvent};
    use std::sync::Mutex;
    let dir = std::env::temp_dir().join(format!("sowing-endgame-extend-{}", std::process::id()));
    let fresh_dir = dir.join("fresh");
    let r = rules("kalah:pits=3,seeds=3,empty-capture");
    let levels = Mutex::new(Vec::new());
    let record = |k: u32| levels.lock().unwrap().push(k);
    let take = || std::mem::take(&mut *levels.lock().unwrap());
    EndgameDatabase::build_with_progress(&r, 4, 1, &dir, &record).unwrap();
    assert_eq!(take(), [0, 1, 2, 3, 4]);
    // A solve that wants 7 seeds reads the 4 kept and builds 5 to 7.
    let solver = Solver::new(
        &r,
        SolverConfig {
            endgame_dir: Some(dir.clone()),
            ..small_config()
        },
    );
    assert_eq!(solver.endgame_seeds(), 7);
    let solution = solver
        .solve_with(&r.start(), &|e| {
            if let SolveEvent::Endgame { seeds, .. } = e {
                record(seeds);
            }
        })
        .unwrap();
    assert_eq!(take(), [4, 5, 6, 7]);
    assert_eq!(solution.endgame.1, 7);
    assert_eq!(solution.value, minimax(&r, &r.start(), &mut HashMap::new()));
    // Asked for 9, the largest kept one (7) gives its levels.
    let extended = EndgameDatabase::build_with_progress(&r, 9, 2, &dir, &record).unwrap();
    assert_eq!(take(), [7, 8, 9]);
    let fresh = EndgameDatabase::build_with_progress(&r, 9, 2, &fresh_dir, &record).unwrap();
    assert_eq!(take(), (0..=9).collect::<Vec<_>>());
    let name = EndgameDatabase::file_name(&r, 9);
    let kept = std::fs::read(dir.join(&name)).unwrap();
    assert!(kept.len() > 1000);
    assert_eq!(kept, std::fs::read(fresh_dir.join(&name)).unwrap());
    // Every board of 8 or 9 seeds (the levels built above the kept ones) with seeds on both
    // sides, North to move.
    let mut checked = 0;
    for code in 0..10u32.pow(6) {
        let pits: Vec<u32> = (0..6).map(|i| code / 10u32.pow(i) % 10).collect();
        let k: u32 = pits.iter().sum();
        if k != 8 && k != 9 {
            continue;
        }
        let [a, b, c, d, e, f] = pits[..] else {
            unreachable!()
        };
        let text = format!("{a},{b},{c}/{d},{e},{f} {} 0 N", 18 - k);
        if let Ok(s) = r.parse_position(&text) {
            assert_eq!(extended.value(&s), fresh.value(&s), "{s}");
            assert!(fresh.value(&s).is_some(), "{s}");
            checked += 1;
        }
    }
    // C(k + 5, 5) boards of k seeds, less the 2 C(k + 2, 2) with a side empty.
    assert_eq!(checked, (1287 - 90) + (2002 - 110));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every game of the crate: each agent plays only legal moves, and a game between two of
/// them reaches its end (or a ply cap) with the seeds conserved.
#[test]
fn agents_play_every_game() {
    use sowing::games::{AnyRuleset, RulesetVisitor};

    struct Game(&'static str, &'static str);
    impl RulesetVisitor for Game {
        type Output = usize;
        fn visit<R: Heuristic>(self, rules: R) -> usize {
            let mut agents: [Box<dyn Agent<R>>; 2] = [
                self.0.parse::<AgentSpec>().unwrap().build::<R>().unwrap(),
                self.1.parse::<AgentSpec>().unwrap().build::<R>().unwrap(),
            ];
            let mut game = GameRecord::new(rules.clone());
            let [south, north] = &mut agents;
            play_game(&mut game, [&mut **south, &mut **north], 400)
                .unwrap_or_else(|e| panic!("{e}"));
            for ply in 0..=game.len() {
                let s = game.position_at(ply).unwrap();
                assert_eq!(rules.seed_count(s).total(), rules.total_seeds());
            }
            let plies = game.len();
            assert!(plies == 400 || game.is_over());
            plies
        }
    }
    for game in AnyRuleset::GAMES {
        let rules: AnyRuleset = game.parse().unwrap();
        for (south, north) in [
            ("alphabeta:depth=3", "mcts:playouts=40,seed=2"),
            ("random:seed=5", "alphabeta:nodes=3000"),
        ] {
            assert!(rules.clone().visit(Game(south, north)) > 0, "{game}");
        }
    }
}

#[test]
fn agent_specs_choose_evaluation_and_search_options() {
    use sowing::search::{GameEval, SearchOptions};
    for (text, printed) in [
        ("alphabeta", "alphabeta"),
        ("alphabeta-classic", "alphabeta-classic"),
        (
            "alphabeta:eval=store,history=off",
            "alphabeta:eval=store,history=off",
        ),
        ("alphabeta:eval=auto,qs=on,lmr=on", "alphabeta:qs=on"),
        // The tuned evaluation is no longer every game's default (Toguz Kumalak's is its
        // network), so it is written.
        (
            "alphabeta:eval=tuned,qs=on,lmr=on",
            "alphabeta:eval=tuned,qs=on",
        ),
        ("alphabeta:eval=net", "alphabeta:eval=net"),
        (
            "alphabeta:history=on,aspiration=1,rfp=0,futility=off",
            "alphabeta:aspiration=on,rfp=off,futility=off",
        ),
        // The default agent's search options (reductions, history, extra turns
        // extended, pruning near the horizon, forced moves at once) are on: with its
        // evaluation, what it adds to the classic agent.
        (
            "alphabeta-classic:depth=4,eval=auto",
            "alphabeta:depth=4,endgame=0,lmr=off,history=off,extend=off,rfp=off,futility=off,forced=off",
        ),
        (
            "alphabeta:eval=store,lmr=off,history=off,extend=off,rfp=off,futility=off,forced=off,endgame=0",
            "alphabeta-classic",
        ),
        // The classic agent looks no endgame value up; `alphabeta`'s default is `auto`.
        (
            "alphabeta:eval=store,lmr=off,history=off,extend=off,rfp=off,futility=off,forced=off",
            "alphabeta:eval=store,lmr=off,history=off,extend=off,rfp=off,futility=off,forced=off",
        ),
        ("alphabeta:endgame=12", "alphabeta:endgame=12"),
        // `auto`, the game's choice for the rules played, is `alphabeta`'s default; `0`
        // (none) is `alphabeta-classic`'s.
        ("alphabeta:endgame=auto", "alphabeta"),
        ("alphabeta:endgame=0", "alphabeta:endgame=0"),
        ("alphabeta-classic:endgame=0", "alphabeta-classic"),
        (
            "alphabeta-classic:depth=3,endgame=auto",
            "alphabeta:depth=3,eval=store,lmr=off,history=off,extend=off,rfp=off,futility=off,forced=off",
        ),
    ] {
        let spec: AgentSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), printed, "{text}");
        assert_eq!(printed.parse::<AgentSpec>().unwrap(), spec);
    }
    let AgentSpec::AlphaBeta { eval, options, .. } = "alphabeta".parse().unwrap() else {
        panic!("not alphabeta");
    };
    assert_eq!((eval, options), (GameEval::Auto, SearchOptions::AGENT));
    let AgentSpec::AlphaBeta { eval, options, .. } = "alphabeta-classic".parse().unwrap() else {
        panic!("not alphabeta");
    };
    assert_eq!(
        (eval, options),
        (GameEval::StoreDifference, SearchOptions::CLASSIC)
    );
    for bad in [
        "alphabeta:eval=magic",
        "alphabeta:qs=maybe",
        "alphabeta:lmr=",
        "alphabeta:endgame=25",
        "alphabeta:endgame=some",
    ] {
        assert!(
            matches!(
                bad.parse::<AgentSpec>(),
                Err(AgentSpecError::BadValue { .. })
            ),
            "{bad}"
        );
    }
    assert!("mcts:eval=store".parse::<AgentSpec>().is_err());
}

#[test]
fn every_search_option_plays_legal_moves_in_every_game() {
    use sowing::search::{GameEval, SearchOptions};
    let all = SearchOptions {
        quiescence: true,
        lmr: true,
        history: true,
        extend: true,
        tactical: true,
        aspiration: true,
        rfp: true,
        futility: true,
        null_move: true,
        forced: true,
        threads: 2,
        multipv: 2,
    };
    fn check<R: Heuristic>(rules: &R, options: SearchOptions) {
        let helpers = vec![GameEval::Tuned; usize::from(options.threads.max(1)) - 1];
        let mut ab = AlphaBeta::with_evaluator(Limits::depth(5), GameEval::Tuned)
            .options(options)
            .table_entries(1 << 12)
            .threads(helpers);
        let mut s = rules.start();
        for _ in 0..30 {
            let Some(mv) = ab.search(rules, &s).best else {
                break;
            };
            assert!(rules.is_legal(&s, mv));
            rules.play_unchecked(&mut s, mv);
        }
    }
    for options in [SearchOptions::CLASSIC, SearchOptions::AGENT, all] {
        check(&Kalah::default(), options);
        check(&sowing::toguz::Toguz::default(), options);
        check(
            &"tsoro:holes=8".parse::<sowing::tsoro::Tsoro>().unwrap(),
            options,
        );
    }
}

#[test]
fn a_raised_stop_flag_still_gives_a_move_and_a_principal_variation() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    let r = Kalah::default();
    let flag = Arc::new(AtomicBool::new(true));
    let mut ab = AlphaBeta::new(Limits::depth(30)).stop_flag(flag);
    let found = ab.search(&r, &r.start());
    // Depth 1 always completes; the flag stops the search after it.
    assert!(found.depth >= 1 && found.depth < 30, "{}", found.depth);
    assert!(r.is_legal(&r.start(), found.best.unwrap()));
    let full = AlphaBeta::new(Limits::depth(4)).search(&r, &r.start());
    assert_eq!(full.pv.len(), 4);
    assert_eq!(full.pv[0], full.best.unwrap());
}

#[test]
fn evaluation_terms_of_hand_worked_positions() {
    use sowing::kalah::KalahEval;
    use sowing::search::Evaluator;
    use sowing::toguz::{Toguz, ToguzEval};
    use sowing::tsoro::{Tsoro, TsoroEval};
    let t = Toguz::default();
    // North's hole 9 holds one ball, which would go to South's hole 1: with 2 balls there it
    // makes 3, a tuzdik; with 1 it makes 2, a capture. South's sowings land on nothing.
    let s = t.parse_position("1S,8/2S,7,2S 78 79 S 30").unwrap();
    assert_eq!(ToguzEval::terms(&t, &s), [-1, 0, 0, 3, 1, 0, 0, 0, 1, 0, 4]);
    let s = t.parse_position("1S,8/1S,7,2S 78 80 S 30").unwrap();
    assert_eq!(ToguzEval::terms(&t, &s), [-2, 0, 0, 2, 1, 0, 2, 0, 0, 0, 3]);
    // At the start each side's hole 2 to 9 lands on a 10 across; no tuzdik is possible.
    assert_eq!(
        ToguzEval::terms(&t, &t.start()),
        [0, 0, 0, 0, 0, 10, 10, 0, 0, 0, 0]
    );

    let k = Kalah::default();
    // South's pit 5 ends in the empty pit 6, across from North's 9: a capture of 10.
    let s = k.parse_position("0,0,0,0,0,9/1,0,0,0,1,0 20 17 S").unwrap();
    assert_eq!(KalahEval::terms(&k, &s), [3, -7, 0, 0, 10, 0]);
    // South's pit 1 ends in his empty pit 2, across from North's empty 5; North's pit 4 in
    // his empty 5, across from South's empty 2: captures only under the empty-capture rule.
    let text = "1,0,1,1,1,1/1,0,0,0,0,0 21 21 S";
    let s = k.parse_position(text).unwrap();
    assert_eq!(KalahEval::terms(&k, &s), [0, -4, 0, 1, 0, 0]);
    let empty: Kalah = "kalah:empty-capture".parse().unwrap();
    let s = empty.parse_position(text).unwrap();
    assert_eq!(KalahEval::terms(&empty, &s), [0, -4, 0, 1, 1, 1]);
    // At the start pit 3 (4 seeds, 4 from the store) is each side's extra turn.
    assert_eq!(KalahEval::terms(&k, &k.start()), [0, 0, 1, 1, 0, 0]);
    assert_eq!(
        KalahEval::TUNED.evaluate(&k, &k.start()),
        KalahEval::TUNED.weights[2] + KalahEval::TUNED.weights[3]
    );

    let ts = Tsoro::default();
    assert_eq!(TsoroEval::terms(&ts, &ts.start()), [0, 0, 0, 0, 21, 21, 0]);
}

#[cfg(feature = "solver")]
/// Boards of more than 127 seeds (a ruleset of one pit a side holds up to 254): positions are
/// solved right (the table's bounds beyond a byte have their own unit test), and a database
/// is refused past the 127 seeds its build can hold.
#[test]
fn solver_handles_boards_of_more_than_127_seeds() {
    use sowing::kalah::solve::{EndgameDatabase, SolveError};
    for text in [
        "kalah:pits=1,seeds=70",
        "kalah:pits=1,seeds=127,empty-capture",
    ] {
        let r = rules(text);
        let mut memo = HashMap::new();
        for endgame in [Some(0), Some(40), None] {
            let config = SolverConfig {
                endgame_seeds: endgame,
                ..small_config()
            };
            let solver = Solver::new(&r, config);
            for s in random_positions(&r, 8, 3) {
                let exact = minimax(&r, &s, &mut memo);
                assert_eq!(solver.solve(&s).unwrap().value, exact, "{text} {s}");
            }
        }
        assert!(matches!(
            EndgameDatabase::new(&r, 128),
            Err(SolveError::EndgameSeeds {
                seeds: 128,
                max: 127
            })
        ));
        let db = EndgameDatabase::new(&r, 127).unwrap();
        for s in random_positions(&r, 8, 4) {
            let exact = minimax(&r, &s, &mut memo);
            let mover = if s.to_move() == Player::South {
                exact
            } else {
                -exact
            };
            let seeds = s.seeds_in_pits(Player::South) + s.seeds_in_pits(Player::North);
            let want = if seeds <= 127 { Some(mover) } else { None };
            assert_eq!(db.value(&s), want, "{text} {s}");
        }
    }
}

#[cfg(feature = "solver")]
/// `endgame=N`: Kalah serves it from its solver's endgame database through the ruleset's
/// oracle, so a search one ply deep already knows the exact value of a position with few
/// seeds left; the other games have no exact values and refuse it by name.
#[test]
fn the_endgame_option_is_served_by_kalah_and_refused_elsewhere() {
    use sowing::search::{AgentEval, Evaluator, GameEval};
    use sowing::toguz::Toguz;
    use sowing::tsoro::Tsoro;
    let spec: AgentSpec = "alphabeta:depth=1,endgame=8".parse().unwrap();
    let r = rules("kalah:pits=3,seeds=2,empty-capture");
    let eval = AgentEval::<Kalah>::new(GameEval::Tuned, Endgame::Upto(8));
    let mut memo = HashMap::new();
    let mut exact = 0;
    for s in random_positions(&r, 120, 9) {
        if r.is_over(&s) {
            continue;
        }
        let south = minimax(&r, &s, &mut memo);
        let margin = if s.to_move() == Player::South {
            south
        } else {
            -south
        };
        let want = match margin.signum() {
            1 => WIN + margin,
            -1 => -WIN + margin,
            _ => 0,
        };
        // 12 seeds in all: at most 8 on the board is in the database.
        let seeds = s.seeds_in_pits(Player::South) + s.seeds_in_pits(Player::North);
        if seeds <= 8 {
            exact += 1;
            assert_eq!(eval.evaluate(&r, &s), want, "{s}");
            let mut ab = spec.alphabeta::<Kalah>().unwrap().unwrap();
            assert_eq!(ab.search(&r, &s).value, want, "{s}");
        } else {
            assert_eq!(eval.evaluate(&r, &s), r.evaluate(&s), "{s}");
        }
    }
    assert!(exact >= 10, "{exact}");
    assert!(spec.build::<Kalah>().is_ok());

    for (game, err) in [
        ("toguz", spec.build::<Toguz>().err()),
        ("tsoro", spec.build::<Tsoro>().err()),
    ] {
        let err = err.expect("refused");
        assert_eq!(
            err,
            AgentSpecError::Unsupported {
                agent: "alphabeta",
                option: "endgame=8".into(),
                game,
                most: 0
            }
        );
        assert_eq!(
            err.to_string(),
            format!(
                "alphabeta: option endgame=8 is not available in {game}: it has no exact endgame values"
            )
        );
    }
    assert!(spec.alphabeta::<Toguz>().is_err());
    // The rules at hand: the pie rule's swap is in no database, so Kalah under it offers none.
    assert_eq!(spec.check_for(&r), Ok(()));
    let pie: Kalah = "kalah:pie".parse().unwrap();
    assert_eq!(pie.endgame_seeds(), 0);
    let err = spec.check_for(&pie).unwrap_err();
    assert_eq!(
        err,
        AgentSpecError::UnsupportedByRules {
            agent: "alphabeta",
            option: "endgame=8".into(),
            rules: "kalah:pie".into(),
            most: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "alphabeta: option endgame=8 is not available under kalah:pie: it has no exact endgame values"
    );
    assert_eq!(
        spec.check_for(&Toguz::default()).unwrap_err(),
        spec.check::<Toguz>().unwrap_err()
    );
    // Without the option every game builds the agent.
    let plain: AgentSpec = "alphabeta:depth=1,endgame=0".parse().unwrap();
    assert!(plain.build::<Toguz>().is_ok() && plain.build::<Tsoro>().is_ok());
}

/// Agent text and ruleset text share one grammar (spaces and empty options ignored) and one
/// error shape: what is wrong, said the same way.
#[test]
fn agent_text_and_ruleset_text_share_one_grammar() {
    for (text, printed) in [
        (" alphabeta : depth = 4 , qs=on ", "alphabeta:depth=4,qs=on"),
        ("alphabeta:", "alphabeta"),
        ("alphabeta:depth=4,,nodes=9,", "alphabeta:depth=4,nodes=9"),
        ("random:seed=3,seed=4", "random:seed=4"),
    ] {
        let spec: AgentSpec = text.parse().unwrap();
        assert_eq!(spec.to_string(), printed, "{text:?}");
    }
    for (text, printed) in [
        (
            " kalah : pits = 4 , empty-capture ",
            "kalah:pits=4,empty-capture",
        ),
        ("kalah:", "kalah"),
        ("kalah:pits=4,,", "kalah:pits=4"),
    ] {
        assert_eq!(rules(text).to_string(), printed, "{text:?}");
    }
    let agent = |text: &str| text.parse::<AgentSpec>().unwrap_err().to_string();
    let ruleset = |text: &str| text.parse::<Kalah>().unwrap_err().to_string();
    assert_eq!(
        agent("alphabeta:depht=3"),
        r#"alphabeta has no option "depht=3""#
    );
    assert_eq!(ruleset("kalah:pitz=3"), r#"kalah has no switch "pitz=3""#);
    assert_eq!(
        agent("alphabeta:depth"),
        r#"alphabeta: option "depth" needs a value (name=value)"#
    );
    assert_eq!(
        ruleset("kalah:pits"),
        r#"kalah: switch "pits" needs a value (name=value)"#
    );
    assert_eq!(
        agent("alphabeta:depth=x"),
        r#"alphabeta: bad value "x" for depth: expected a depth 1..=200"#
    );
    assert_eq!(
        ruleset("kalah:pits=x"),
        r#"kalah: bad value "x" for pits: expected a whole number"#
    );
    assert_eq!(agent("mcts:=4"), r#"agent: option "=4" has no name"#);
    assert_eq!(ruleset("kalah:=4"), r#"ruleset: switch "=4" has no name"#);
    assert_eq!(
        agent("minimax:depth=3"),
        r#"unknown agent "minimax" (known: random, alphabeta, alphabeta-classic, mcts)"#
    );
}

/// The search with every option off runs a copy compiled without the options' code: it
/// searches exactly as the copy with that code in (same nodes, values and moves).
#[test]
fn the_search_without_the_option_code_searches_the_same() {
    use sowing::search::GameEval;
    fn both<R: Heuristic>(rules: &R, depth: u32) {
        let mut s = rules.start();
        for _ in 0..12 {
            if rules.is_over(&s) {
                break;
            }
            let search = |code: bool| {
                let mut ab = AlphaBeta::with_evaluator(Limits::depth(depth), GameEval::Tuned)
                    .table_entries(1 << 12);
                if code {
                    ab = ab.with_option_code();
                }
                ab.search(rules, &s)
            };
            let (a, b) = (search(false), search(true));
            assert_eq!(
                (a.best, a.value, a.nodes, &a.pv),
                (b.best, b.value, b.nodes, &b.pv)
            );
            rules.play_unchecked(&mut s, a.best.unwrap());
        }
    }
    both(&Kalah::default(), 6);
    both(&sowing::toguz::Toguz::default(), 4);
    both(&sowing::tsoro::Tsoro::default(), 4);
}

#[test]
fn two_threads_sharing_a_table_agree_with_minimax_to_the_end() {
    let r = rules("kalah:pits=3,seeds=2,empty-capture");
    let mut memo = HashMap::new();
    for s in random_positions(&r, 20, 9) {
        let mut ab =
            AlphaBeta::new(Limits::depth(60)).threads(vec![sowing::search::StoreDifference]);
        assert_eq!(ab.search_options().threads, 2);
        let found = ab.search(&r, &s);
        assert_agrees_with_minimax(&r, &s, &found, &mut memo, "two threads");
    }
}

#[test]
fn threads_and_the_new_switches_are_agent_text() {
    use sowing::search::SearchOptions;
    let spec: AgentSpec = "alphabeta:threads=2,depth=6".parse().unwrap();
    assert_eq!(spec.to_string(), "alphabeta:depth=6,threads=2");
    let AgentSpec::AlphaBeta { options, .. } = spec else {
        panic!("not alphabeta");
    };
    assert_eq!(
        options,
        SearchOptions {
            threads: 2,
            ..SearchOptions::AGENT
        }
    );
    let r = Kalah::default();
    let mut ab = spec.alphabeta::<Kalah>().unwrap().unwrap();
    let found = ab.search(&r, &r.start());
    assert_eq!(found.depth, 6);
    assert!(r.is_legal(&r.start(), found.best.unwrap()));
}

#[test]
fn a_forced_move_under_a_time_limit_is_answered_without_a_search() {
    let r = Kalah::default();
    // South's one move, pit 6, ends the game.
    let s = r.parse_position("0,0,0,0,0,1/0,0,0,0,0,1 25 21 S").unwrap();
    let only = r.legal_moves(&s)[0];
    let spec: AgentSpec = "alphabeta:time=10s".parse().unwrap();
    let mut agent = spec.build::<Kalah>().unwrap();
    assert_eq!(agent.choose(&r, &s), Some(only));
    // Nothing searched, nothing reported to a match's figures.
    assert_eq!(agent.stats(), None);
    let spec: AgentSpec = "alphabeta:time=10s,forced=off".parse().unwrap();
    let mut agent = spec.build::<Kalah>().unwrap();
    assert_eq!(agent.choose(&r, &s), Some(only));
    assert_eq!(agent.stats().unwrap().depth, 1);
    // A depth limit still searches (the engine protocol reports its depths).
    let mut ab = "alphabeta:depth=3"
        .parse::<AgentSpec>()
        .unwrap()
        .alphabeta::<Kalah>()
        .unwrap()
        .unwrap();
    assert_eq!(ab.search(&r, &s).depth, 1);
}

#[test]
fn a_match_side_keeps_its_longest_move() {
    let mut south = "alphabeta:depth=5"
        .parse::<AgentSpec>()
        .unwrap()
        .build::<Kalah>()
        .unwrap();
    let mut north = RandomAgent::new(4);
    let mut game = GameRecord::new(Kalah::default());
    let [s, n] = play_game(&mut game, [&mut *south, &mut north], 1000).unwrap();
    // The clock around each move takes in the search it reports.
    assert!(s.longest * s.searches as u32 >= s.elapsed, "{s:?}");
    assert!(s.longest > Duration::ZERO && n.longest > Duration::ZERO);
    assert!(s.longest >= n.longest, "{s:?} {n:?}");
    // Waiting for a CPU is part of the move's time, never more.
    assert!(s.longest_waited <= s.longest && n.longest_waited <= n.longest);
}

/// The time the longest move waited for a CPU is that move's, and is printed beside it.
#[test]
fn a_match_side_keeps_the_wait_of_its_longest_move() {
    use sowing::search::SideFigures;
    let rules = Kalah::default();
    let mut agent = "alphabeta:depth=2"
        .parse::<AgentSpec>()
        .unwrap()
        .build::<Kalah>()
        .unwrap();
    agent.choose(&rules, &rules.start()).unwrap();
    let ms = Duration::from_millis;
    let mut f = SideFigures::default();
    f.add_waited_move(&*agent, ms(200), ms(30));
    f.add_waited_move(&*agent, ms(100), ms(90));
    assert_eq!((f.longest, f.longest_waited), (ms(200), ms(30)));
    let mut g = SideFigures::default();
    g.add_waited_move(&*agent, ms(250), ms(40));
    f.add(&g);
    assert_eq!((f.longest, f.longest_waited), (ms(250), ms(40)));
    let text = f.to_string();
    assert!(
        text.ends_with("longest move 0.250 s of which 0.040 s without a CPU)"),
        "{text}"
    );
    // Without a wait, nothing about it.
    let mut h = SideFigures::default();
    h.add_timed_move(&*agent, ms(120));
    assert!(h.to_string().ends_with("longest move 0.120 s)"), "{h}");
}

/// A game's [`SearchTuning`](sowing::search::SearchTuning) reaches the search: margins so
/// wide that nothing is ever pruned search exactly as the prunings switched off, the game's
/// own tuning given explicitly searches as the default, and narrower margins change the
/// search of most positions; so does the first move late-move reductions reduce.
#[test]
fn the_search_reads_the_games_tuning() {
    use sowing::search::{GameEval, SearchOptions, SearchTuning};
    use sowing::tsoro::Tsoro;
    assert_eq!(
        (
            SearchTuning::DEFAULT.rfp_margin,
            SearchTuning::DEFAULT.futility_margin
        ),
        (150, 200)
    );
    assert_eq!(
        Kalah::SEARCH_TUNING,
        SearchTuning {
            lmr_from: 1,
            extend: true,
            ..SearchTuning::DEFAULT
        }
    );
    assert_eq!(sowing::toguz::Toguz::SEARCH_TUNING, SearchTuning::DEFAULT);
    assert_eq!(Tsoro::SEARCH_TUNING, SearchTuning::DEFAULT);
    fn search<R: Heuristic>(
        rules: &R,
        s: &R::State,
        options: SearchOptions,
        tuning: Option<SearchTuning>,
    ) -> (Option<R::Move>, i32, u64) {
        let mut ab = AlphaBeta::with_evaluator(Limits::depth(7), GameEval::Tuned)
            .table_entries(1 << 14)
            .options(options);
        if let Some(t) = tuning {
            ab = ab.tuning(t);
        }
        let r = ab.search(rules, s);
        (r.best, r.value, r.nodes)
    }
    fn check<R: Heuristic>(rules: &R) {
        let agent = SearchOptions::AGENT;
        let unpruned = SearchOptions {
            rfp: false,
            futility: false,
            ..agent
        };
        let wide = SearchTuning {
            rfp_margin: i32::MAX,
            futility_margin: i32::MAX,
            ..R::SEARCH_TUNING
        };
        let narrow = SearchTuning {
            rfp_margin: 20,
            futility_margin: 20,
            ..R::SEARCH_TUNING
        };
        let mut differs = 0;
        for s in random_positions(rules, 8, 5) {
            assert_eq!(
                search(rules, &s, agent, Some(wide)),
                search(rules, &s, unpruned, None)
            );
            let own = search(rules, &s, agent, None);
            assert_eq!(own, search(rules, &s, agent, Some(R::SEARCH_TUNING)));
            differs += usize::from(own.2 != search(rules, &s, agent, Some(narrow)).2);
        }
        assert!(
            differs >= 4,
            "narrow margins changed {differs} of 8 searches"
        );
        // Reductions from a move no node has are no reductions; from the fourth move (the
        // default) they change the search of most Kalah positions, which reduces from the
        // second.
        let never = SearchTuning {
            lmr_from: usize::MAX,
            ..R::SEARCH_TUNING
        };
        let fourth = SearchTuning {
            lmr_from: 3,
            ..R::SEARCH_TUNING
        };
        let unreduced = SearchOptions {
            lmr: false,
            ..agent
        };
        let mut differs = 0;
        for s in random_positions(rules, 8, 6) {
            let own = search(rules, &s, agent, None);
            assert_eq!(
                search(rules, &s, agent, Some(never)),
                search(rules, &s, unreduced, None)
            );
            differs += usize::from(own.2 != search(rules, &s, agent, Some(fourth)).2);
        }
        assert_eq!(
            differs >= 4,
            R::SEARCH_TUNING.lmr_from != 3,
            "{differs} of 8"
        );
    }
    check(&Kalah::default());
    check(&Tsoro::default());
}

/// One unit for every evaluation and margin (hundredths of a seed, [`SEED`](sowing::search::SEED)):
/// the default evaluator, [`StoreDifference`](sowing::search::StoreDifference), is worth
/// what the store-difference term alone of each game's tuned evaluation is worth, and the
/// two, searched under the default agent's options (whose prunings reach as far as the
/// game's margins), search alike, node for node. An evaluator of another scale meets the
/// margins at another width: when the default counted whole seeds, this search pruned with
/// margins of 150 and 200 seeds and differed.
#[test]
fn the_default_evaluation_meets_the_margins_in_its_own_unit() {
    use sowing::kalah::KalahEval;
    use sowing::search::{
        Evaluator, GameEval, Linear, SEED, SearchOptions, SearchTuning, StoreDifference,
    };
    use sowing::toguz::{Toguz, ToguzEval};
    use sowing::tsoro::{Tsoro, TsoroEval};
    assert_eq!(
        (
            SearchTuning::DEFAULT.rfp_margin,
            SearchTuning::DEFAULT.futility_margin
        ),
        (3 * SEED / 2, 2 * SEED)
    );
    fn run<R: Heuristic, E: Evaluator<R>>(
        rules: &R,
        s: &R::State,
        eval: E,
        options: SearchOptions,
    ) -> (Option<R::Move>, i32, u64) {
        let r = AlphaBeta::with_evaluator(Limits::depth(7), eval)
            .table_entries(1 << 14)
            .options(options)
            .search(rules, s);
        (r.best, r.value, r.nodes)
    }
    fn check<R: Heuristic, L: Linear<R>>(rules: &R) -> usize {
        let mut weights = vec![0; L::NAMES.len()];
        weights[0] = SEED;
        let unpruned = SearchOptions {
            rfp: false,
            futility: false,
            ..SearchOptions::AGENT
        };
        let mut pruned = 0;
        for s in random_positions(rules, 10, 8) {
            if rules.is_over(&s) {
                continue;
            }
            let seeds = rules.seed_count(&s);
            let me = rules.to_move(&s);
            let ahead = seeds.store(me) as i32 - seeds.store(!me) as i32;
            assert_eq!(StoreDifference.evaluate(rules, &s), SEED * ahead, "{s}");
            assert_eq!(GameEval::StoreDifference.evaluate(rules, &s), SEED * ahead);
            assert_eq!(L::with_weights(&weights).evaluate(rules, &s), SEED * ahead);
            let by_default = run(rules, &s, StoreDifference, SearchOptions::AGENT);
            let by_term = run(rules, &s, L::with_weights(&weights), SearchOptions::AGENT);
            assert_eq!(by_default, by_term, "{s}");
            // The margins prune these searches: the test compares more than unpruned trees.
            pruned += usize::from(run(rules, &s, StoreDifference, unpruned).2 != by_term.2);
        }
        pruned
    }
    // Tsoro's opening captures nothing for many plies: its store difference stays 0, and
    // no margin prunes there; Kalah's and Toguz Kumalak's searches are pruned.
    assert!(check::<Kalah, KalahEval>(&Kalah::default()) >= 8);
    assert!(check::<Toguz, ToguzEval>(&Toguz::default()) >= 8);
    check::<Tsoro, TsoroEval>(&Tsoro::default());
}

/// Quiescence keeps to the budget: a node-limited search with `qs=on` stops within a few
/// nodes of its limit (the budget is checked in the main search only, between quiescence
/// searches), in Tsoro too, where a capture's bonus takes open more captures.
#[test]
fn quiescence_keeps_to_the_node_budget() {
    use sowing::search::{GameEval, SearchOptions};
    fn check<R: Heuristic>(rules: &R) {
        let options = SearchOptions {
            quiescence: true,
            ..SearchOptions::AGENT
        };
        for s in random_positions(rules, 12, 3) {
            if rules.is_over(&s) {
                continue;
            }
            let mut ab = AlphaBeta::with_evaluator(Limits::nodes(3000), GameEval::Tuned)
                .table_entries(1 << 12)
                .options(options);
            let r = ab.search(rules, &s);
            assert!(
                r.nodes <= 3000 + 64,
                "{} nodes for a budget of 3000 in {s}",
                r.nodes
            );
        }
    }
    check(&Kalah::default());
    check(&sowing::toguz::Toguz::default());
    check(&sowing::tsoro::Tsoro::default());
}

/// Null-move pruning acts only in a game that gives the position (`Heuristic::null_move`):
/// Kalah and Tsoro search exactly as with it off; Toguz Kumalak reaches the same depths with
/// at least 10% fewer nodes (17% at depth 8 on these positions), and still plays legal moves,
/// within a node budget too.
#[test]
fn null_moves_prune_only_where_the_game_gives_one() {
    use sowing::search::{GameEval, SearchOptions};
    fn search<R: Heuristic>(rules: &R, s: &R::State, null_move: bool) -> SearchResult<R::Move> {
        let options = SearchOptions {
            null_move,
            ..SearchOptions::AGENT
        };
        AlphaBeta::with_evaluator(Limits::depth(8), GameEval::Tuned)
            .table_entries(1 << 14)
            .options(options)
            .search(rules, s)
    }
    fn same<R: Heuristic>(rules: &R) {
        // Everything but the time taken.
        let found = |r: SearchResult<R::Move>| (r.best, r.value, r.depth, r.nodes, r.pv);
        for s in random_positions(rules, 6, 11) {
            assert_eq!(
                found(search(rules, &s, true)),
                found(search(rules, &s, false)),
                "{s}"
            );
        }
    }
    same(&Kalah::default());
    same(&"tsoro:holes=8".parse::<sowing::tsoro::Tsoro>().unwrap());

    let rules = sowing::toguz::Toguz::default();
    let (mut with, mut without, mut differs) = (0, 0, 0);
    for s in random_positions(&rules, 12, 11) {
        if rules.is_over(&s) {
            continue;
        }
        let (on, off) = (search(&rules, &s, true), search(&rules, &s, false));
        assert_eq!((on.depth, off.depth), (8, 8), "{s}");
        assert!(rules.is_legal(&s, on.best.unwrap()));
        with += on.nodes;
        without += off.nodes;
        differs += usize::from(on.nodes != off.nodes);
        let options = SearchOptions {
            null_move: true,
            ..SearchOptions::AGENT
        };
        let budget = AlphaBeta::with_evaluator(Limits::nodes(2000), GameEval::Tuned)
            .table_entries(1 << 12)
            .options(options)
            .search(&rules, &s);
        assert!(budget.nodes <= 2000 + 64, "{} nodes in {s}", budget.nodes);
    }
    assert!(differs >= 8, "null moves changed {differs} of 12 searches");
    assert!(
        with * 10 < without * 9,
        "null moves searched {with} nodes against {without} without"
    );
}

/// `null=on|off` is agent text, printed where it differs from the default agent.
/// Checks that `alphabeta`'s switch `name` is agent text: `on` sets the field `is_on` reads,
/// `on` and `off` print back to themselves and differ (the default is left unprinted), and a
/// value other than on or off is refused.
fn assert_switch_is_agent_text(name: &str, is_on: fn(&sowing::search::SearchOptions) -> bool) {
    let spec: AgentSpec = format!("alphabeta:{name}=on,depth=6").parse().unwrap();
    let AgentSpec::AlphaBeta { options, .. } = spec else {
        panic!("not alphabeta");
    };
    assert!(is_on(&options), "{name}=on");
    assert_eq!(spec, spec.to_string().parse().unwrap());
    let off: AgentSpec = format!("alphabeta:{name}=off").parse().unwrap();
    assert_eq!(off, off.to_string().parse().unwrap());
    assert_ne!(spec, off);
    assert_ne!(
        spec.to_string().contains(name),
        off.to_string().contains(name)
    );
    assert!(
        format!("alphabeta:{name}=maybe")
            .parse::<AgentSpec>()
            .is_err()
    );
}

#[test]
fn the_null_move_switch_is_agent_text() {
    use sowing::search::SearchOptions;
    assert_switch_is_agent_text("null", |o| o.null_move);
    let AgentSpec::AlphaBeta { options, .. } = "alphabeta-classic".parse().unwrap() else {
        panic!("not alphabeta");
    };
    assert_eq!(options, SearchOptions::CLASSIC);
    assert!(!options.null_move);
}

/// Searches with `options` to the end of 30 positions (from `seed`) on two small Kalah boards
/// agree with minimax.
fn assert_exact_to_the_end(options: sowing::search::SearchOptions, seed: u64) {
    for text in ["kalah:pits=2,seeds=2", "kalah:pits=3,seeds=2,empty-capture"] {
        let r = rules(text);
        let mut memo = HashMap::new();
        for s in random_positions(&r, 30, seed) {
            let found = AlphaBeta::new(Limits::depth(60))
                .options(options)
                .search(&r, &s);
            assert_agrees_with_minimax(&r, &s, &found, &mut memo, text);
        }
    }
}

#[test]
fn ordering_extra_turns_and_captures_first_keeps_the_search_exact() {
    use sowing::search::SearchOptions;
    let ordered = SearchOptions {
        history: true,
        tactical: true,
        ..SearchOptions::CLASSIC
    };
    assert_exact_to_the_end(ordered, 11);
    assert_switch_is_agent_text("tactical", |o| o.tactical);
}

/// `extend`: an extra turn continues the turn, so a search of depth 1 sees the capture the
/// extra turn makes ready, which a search of one ply does not.
#[test]
fn an_extended_extra_turn_sees_what_it_makes_ready() {
    use sowing::search::SearchOptions;
    let r = Kalah::default();
    /// A search of `s` to `depth` with `options`, `extend` set as given.
    fn search<R: Heuristic>(
        rules: &R,
        s: &R::State,
        options: SearchOptions,
        depth: u32,
        extend: bool,
    ) -> sowing::search::SearchResult<R::Move> {
        let options = SearchOptions { extend, ..options };
        AlphaBeta::new(Limits::depth(depth))
            .options(options)
            .search(rules, s)
    }
    // South's pit 1 captures North's 2 at once (+3). Pit 4's three seeds end in the store
    // (+1, an extra turn) and leave pit 4 empty, so that pit 3's one seed then ends there,
    // across from North's 8: +9 more.
    let s = r.parse_position("0,2,0,8,0,1/1,0,1,3,0,0 16 16 S").unwrap();
    let kalah = |extend: bool| {
        let found = search(&r, &s, SearchOptions::CLASSIC, 1, extend);
        (r.format_move(&s, found.best.unwrap()), found.value)
    };
    // In hundredths of a seed, as every evaluation.
    let seeds = sowing::search::SEED;
    assert_eq!(kalah(false), ("1".to_string(), 3 * seeds));
    assert_eq!(kalah(true), ("4".to_string(), 10 * seeds));
    // The game's tuning decides: Tsoro's does not extend, so its searches are the same.
    let t = sowing::tsoro::Tsoro::default();
    for p in random_positions(&t, 10, 3) {
        let tsoro = |extend: bool| {
            let found = search(&t, &p, SearchOptions::AGENT, 5, extend);
            (found.best, found.value, found.nodes)
        };
        assert_eq!(tsoro(true), tsoro(false), "{p}");
    }
}

#[test]
fn extending_extra_turns_keeps_the_search_exact() {
    use sowing::search::SearchOptions;
    let extended = SearchOptions {
        extend: true,
        ..SearchOptions::CLASSIC
    };
    assert_exact_to_the_end(extended, 13);
    // And with Kalah's reductions from the second move, as the default agent searches.
    assert_exact_to_the_end(
        SearchOptions {
            lmr: true,
            ..extended
        },
        17,
    );
    assert_switch_is_agent_text("extend", |o| o.extend);
}
