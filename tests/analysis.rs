//! Game analysis (`sowing::analysis`): the classes against the Kalah solver's exact values,
//! a blunder planted in a real federation game, annotated records read back, determinism.

use std::sync::Arc;

use sowing::analysis::{Analyzer, Class, Exactness, Value, annotate, graph_svg, read_annotations};
use sowing::kalah::Kalah;
#[cfg(feature = "solver")]
use sowing::kalah::solve::{Solver, SolverConfig};
use sowing::pgn;
use sowing::search::{AgentSpec, GameEval};
use sowing::toguz::Toguz;
use sowing::toguz::playok as toguz_pgn;
use sowing::{GameRecord, Player, Ruleset, SplitMix64};

const FEDERATION: &str = include_str!("data/toguz/federation-2016-2018.pgn");

fn spec(text: &str) -> AgentSpec {
    text.parse().unwrap()
}

/// Random games on `rules`, seeded.
fn random_games<R: Ruleset>(rules: &R, count: usize, seed: u64) -> Vec<GameRecord<R>> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| {
            let mut game = GameRecord::new(rules.clone());
            while let Some(mv) = game.random_move(&mut rng) {
                game.play(mv).unwrap();
            }
            game
        })
        .collect()
}

/// The exact value of `state` for the player to move, by the solver.
#[cfg(feature = "solver")]
fn solved(solver: &Solver, rules: &Kalah, state: &<Kalah as Ruleset>::State) -> i32 {
    if let Some(o) = rules.outcome(state) {
        return o.score().unwrap().margin(rules.to_move(state));
    }
    let v = solver.solve(state).unwrap().value;
    if rules.to_move(state) == Player::South {
        v
    } else {
        -v
    }
}

#[cfg(feature = "solver")]
fn small_solver(rules: &Kalah) -> Solver {
    Solver::new(
        rules,
        SolverConfig {
            table_mb: 2,
            threads: 1,
            endgame_seeds: Some(6),
            move_values: false,
            ..SolverConfig::default()
        },
    )
}

/// Every ply of every game: a move the solver says loses value is never best, good or the
/// only move; where the analysis claims exactness its loss is the solver's.
#[cfg(feature = "solver")]
fn check_against_solver(
    rules: &Kalah,
    mut analyzer: Analyzer<Kalah>,
    games: &[GameRecord<Kalah>],
    strict: bool,
) -> usize {
    let solver = small_solver(rules);
    let mut exact = 0;
    for game in games {
        let analysis = analyzer.analyze(game).unwrap();
        for p in &analysis.plies {
            let state = *game.position_at(p.ply - 1).unwrap();
            let value_of = |mv| {
                let mut child = state;
                rules.play_unchecked(&mut child, mv);
                let v = solved(&solver, rules, &child);
                if rules.to_move(&child) == p.player {
                    v
                } else {
                    -v
                }
            };
            let best = rules
                .legal_moves(&state)
                .iter()
                .map(|&m| value_of(m))
                .max()
                .unwrap();
            let played = value_of(p.played);
            let lost = best - played;
            // Strict (exact values): any loss; else a result thrown away.
            let worse = if strict {
                lost > 0
            } else {
                best.signum() > played.signum()
            };
            if worse {
                assert!(
                    !matches!(p.class, Class::Best | Class::Good | Class::OnlyMove),
                    "ply {} of {:?}: {} loses {lost} seeds but is called {}",
                    p.ply,
                    game.move_texts(),
                    p.played_text,
                    p.class
                );
            }
            if p.exactness == Exactness::Exact {
                exact += 1;
                assert_eq!(p.loss, f64::from(lost), "ply {}", p.ply);
                assert_eq!(p.before, Value::Exact(best));
                assert_eq!(p.after, Value::Exact(played));
                assert_eq!(value_of(p.best), best);
            }
        }
    }
    exact
}

#[cfg(feature = "solver")]
#[test]
fn kalah_classes_agree_with_the_solver() {
    let rules: Kalah = "kalah:pits=3,seeds=3".parse().unwrap();
    let games = random_games(&rules, 6, 7);
    // The solver as the analysis's oracle: every ply exact.
    let solver = Arc::new(small_solver(&rules));
    let r = rules.clone();
    let oracle: sowing::search::Oracle<_> = Arc::new(move |s| Some(solved(&solver, &r, s)));
    let analyzer = Analyzer::new(&spec("alphabeta:depth=3"))
        .unwrap()
        .oracle(oracle);
    let plies: usize = games.iter().map(GameRecord::ply).sum();
    assert_eq!(check_against_solver(&rules, analyzer, &games, true), plies);
    // The agent's own endgame database (`endgame=18` holds every position of this board).
    let analyzer = Analyzer::new(&spec("alphabeta:depth=3,endgame=18")).unwrap();
    assert_eq!(check_against_solver(&rules, analyzer, &games, true), plies);
    // The search alone, deep enough to prove most results: no move that throws a result
    // away is called good, and the moves that end the game are exact.
    let analyzer = Analyzer::new(&spec("alphabeta:depth=14")).unwrap();
    assert!(check_against_solver(&rules, analyzer, &games, false) > 0);
}

fn federation_game(index: usize) -> pgn::PgnGame<Toguz> {
    let text = &pgn::split(FEDERATION)[index];
    toguz_pgn::read_game(text.text).unwrap()
}

/// A move handing the opponent a large capture (or a tuzdik), planted in federation game
/// `index` after `at` plies: the game up to it, the planted move, then the opponent's best
/// capture. `None` if no move there hands over at least `least` seeds.
fn plant(index: usize, at: usize, least: u32) -> Option<(GameRecord<Toguz>, u32)> {
    let game = federation_game(index);
    let rules = game.record.rules().clone();
    let mut record = GameRecord::new(rules.clone());
    for &mv in &game.record.moves()[..at] {
        record.play(mv).unwrap();
    }
    let state = *record.current();
    let me = rules.to_move(&state);
    let store = |s: &_, p: Player| rules.seed_count(s).store(p);
    let mut worst: Option<(u32, _, _)> = None;
    for &mv in rules.legal_moves(&state).iter() {
        let mut after = state;
        rules.play_unchecked(&mut after, mv);
        if rules.is_over(&after) {
            continue;
        }
        for &reply in rules.legal_moves(&after).iter() {
            let mut next = after;
            rules.play_unchecked(&mut next, reply);
            let text = rules.format_move(&after, reply);
            let gain =
                store(&next, !me) - store(&after, !me) + if text.ends_with('x') { 20 } else { 0 };
            if worst.is_none_or(|(g, _, _)| gain > g) {
                worst = Some((gain, mv, reply));
            }
        }
    }
    let (gain, mv, reply) = worst?;
    if gain < least {
        return None;
    }
    record.play(mv).unwrap();
    record.play(reply).unwrap();
    Some((record, gain))
}

#[test]
fn a_planted_blunder_is_found_and_a_forced_line_is_not() {
    let agent = spec("alphabeta:depth=5");
    let mut analyzer = Analyzer::<Toguz>::new(&agent).unwrap();
    let mut found = 0;
    for (index, at) in [(0, 20), (1, 30), (2, 24), (5, 16), (8, 40)] {
        if federation_game(index).record.ply() < at + 2 {
            continue;
        }
        let Some((mut record, gain)) = plant(index, at, 15) else {
            continue;
        };
        let analysis = analyzer.analyze(&record).unwrap();
        let planted = &analysis.plies[at];
        assert_eq!(
            planted.class,
            Class::Blunder,
            "game {} ply {at}: a move handing over {gain} seeds is a {} ({:?} -> {:?}, best {})",
            index + 1,
            planted.class,
            planted.before,
            planted.after,
            planted.best_text
        );
        assert!(planted.best_text != planted.played_text && planted.loss > 3.0);
        found += 1;
        // The best line after the blunder, played out: none of its moves is marked.
        record.undo();
        record.truncate();
        let line = analysis.plies[at + 1].line.clone();
        for text in line.iter().take(6) {
            record.play_text(text).unwrap();
        }
        eprintln!(
            "game {}: ply {at} hands over {gain}, then {}",
            index + 1,
            line.join(" ")
        );
        let forced = analyzer.analyze(&record).unwrap();
        for p in &forced.plies[at + 1..] {
            assert!(
                !matches!(p.class, Class::Mistake | Class::Blunder),
                "ply {} {}: {}",
                p.ply,
                p.played_text,
                p.class
            );
        }
        assert!(matches!(
            forced.plies[at + 1].class,
            Class::Best | Class::OnlyMove
        ));
        let classes: Vec<_> = forced.plies[at + 1..]
            .iter()
            .map(|p| p.class.name())
            .collect();
        eprintln!("  classes along the line: {classes:?}");
        // The analysis up to the blunder is the same with the line after it.
        assert_eq!(forced.plies[..=at], analysis.plies[..=at]);
    }
    assert!(found >= 3, "only {found} blunders planted");
}

#[test]
fn annotated_records_replay_and_read_back() {
    let agent = spec("alphabeta:depth=3");
    let mut analyzer = Analyzer::<Toguz>::new(&agent).unwrap();
    for index in [0, 1, 7] {
        let game = federation_game(index);
        let analysis = analyzer.analyze(&game.record).unwrap();
        let annotated = annotate(&game, &analysis);
        for text in [
            annotated.to_text(),
            toguz_pgn::write_game(&annotated, toguz_pgn::Style::Federation),
        ] {
            assert!(text.contains("[%eval "), "{text}");
            let read = match pgn::read_game::<Toguz>(&text) {
                Ok(g) => g,
                Err(_) => toguz_pgn::read_game(&text).unwrap(),
            };
            assert_eq!(read.record.moves(), game.record.moves());
            assert_eq!(read.record.current(), game.record.current());
            let notes = read_annotations(&read);
            assert_eq!(notes.len(), analysis.plies.len());
            for (note, p) in notes.iter().zip(&analysis.plies) {
                assert_eq!(
                    note.eval,
                    Some(p.after_for_south().rounded()),
                    "ply {}",
                    p.ply
                );
                assert_eq!(note.class, p.class.nag().map(|_| p.class), "ply {}", p.ply);
                let best = p.class.is_error().then(|| p.best_text.clone());
                assert_eq!(note.best, best, "ply {}", p.ply);
            }
        }
        // The record without its annotations is the same game.
        let mut bare = annotated.clone();
        bare.comments.clear();
        bare.nags.clear();
        assert_eq!(bare.record, game.record);
        let svg = graph_svg(&analysis, "federation");
        let marks = analysis.plies.iter().filter(|p| p.class.is_error()).count();
        assert_eq!(svg.matches(" class=\"mark\"").count(), marks);
    }
}

#[test]
fn analysis_is_deterministic_at_a_fixed_depth() {
    let agent = spec("alphabeta:depth=4");
    let game = federation_game(3);
    let once = Analyzer::<Toguz>::new(&agent)
        .unwrap()
        .analyze(&game.record)
        .unwrap();
    let mut analyzer = Analyzer::<Toguz>::new(&agent).unwrap();
    analyzer.analyze(&federation_game(4).record).unwrap();
    let again = analyzer.analyze(&game.record).unwrap();
    assert_eq!(once, again);
    assert_eq!(
        annotate(&game, &once).to_text(),
        annotate(&game, &again).to_text()
    );
    // The per-player summary adds up to the plies.
    let [south, north] = once.summary();
    assert_eq!(south.moves + north.moves, once.plies.len());
    assert_eq!(south.classes.iter().sum::<usize>(), south.moves);
    assert!((0.0..=100.0).contains(&south.accuracy()));
}

#[test]
fn glyphs_and_evals_read_back_in_the_records_form() {
    let text =
        "[Result \"*\"]\n[Variant \"kalah\"]\n\n1. 3?! {[%eval 1.50]} 6 1... 2?? $8 {x} 3 *\n";
    let game = pgn::read_game::<Kalah>(text).unwrap();
    assert_eq!(game.record.move_texts(), ["3", "6", "2", "3"]);
    assert_eq!(game.nags, [(1, 6), (3, 4), (3, 8)]);
    let back = pgn::read_game::<Kalah>(&game.to_text()).unwrap();
    assert!(back.record == game.record && back.nags == game.nags && back.comments == game.comments);
    assert!(
        game.to_text()
            .contains("1. 3?! {[%eval 1.50]} 6 1... 2?? $8 {x} 3 *")
    );
    let notes = read_annotations(&game);
    assert_eq!(notes[0].eval, Some(Value::Estimate(1.5)));
    assert_eq!(notes[0].class, Some(Class::Inaccuracy));
    assert_eq!(notes[2].class, Some(Class::Blunder));
    // The same record without glyphs replays the same.
    let plain =
        pgn::read_game::<Kalah>("[Result \"*\"]\n[Variant \"kalah\"]\n\n1. 3 6 1... 2 3 *\n")
            .unwrap();
    assert_eq!(plain.record, game.record);
}

#[test]
fn agents_without_values_are_refused() {
    assert!(Analyzer::<Kalah>::new(&spec("random")).is_err());
    assert!(Analyzer::<Toguz>::new(&spec("alphabeta:endgame=10")).is_err());
}

/// The `analyze` example, built by `cargo test` (or `cargo build --examples`).
fn analyze_tool() -> std::path::PathBuf {
    let mut dir = std::env::current_exe().unwrap();
    dir.pop();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let path = dir.join("examples").join("analyze");
    assert!(
        path.exists(),
        "{} is not built: run `cargo test` (it builds the examples) or `cargo build --examples`",
        path.display()
    );
    path
}

fn temp_path(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("sowing-analysis-{}-{name}", std::process::id()))
}

/// The tool on a file of three federation games and one that does not read: the same
/// annotated records with one job and two, a graph a game, a summary a player.
#[test]
fn the_analyze_tool_annotates_a_file_on_any_number_of_jobs() {
    let games: Vec<&str> = pgn::split(FEDERATION)
        .iter()
        .take(3)
        .map(|g| g.text)
        .collect();
    let input = temp_path("input.pgn");
    let bad = "[Event \"bad\"]\n[Result \"*\"]\n\n1. 76 98 2. 00 *\n";
    std::fs::write(&input, format!("{}\n{bad}", games.join("\n"))).unwrap();
    let mut outs = Vec::new();
    for jobs in ["1", "2"] {
        let out = temp_path(&format!("out-{jobs}.pgn"));
        let graphs = temp_path(&format!("graphs-{jobs}"));
        let run = std::process::Command::new(analyze_tool())
            .arg(&input)
            .args(["--depth", "3", "--jobs", jobs, "--out"])
            .arg(&out)
            .arg("--graph")
            .arg(&graphs)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
        // One game does not read: exit status 1, the others analysed.
        assert_eq!(run.status.code(), Some(1), "{stdout}");
        assert!(stdout.contains("game 4: FAILED to read"), "{stdout}");
        assert!(
            stdout.contains("3 games analysed with alphabeta:depth=3"),
            "{stdout}"
        );
        assert!(
            stdout.contains("\nWhite ") && stdout.contains("\nBlack "),
            "{stdout}"
        );
        let text = std::fs::read_to_string(&out).unwrap();
        let read: Vec<_> = pgn::read_games::<Toguz>(&text)
            .into_iter()
            .map(Result::unwrap)
            .collect();
        assert_eq!(read.len(), 3);
        for (game, original) in read.iter().zip(&games) {
            assert_eq!(
                game.record.moves(),
                toguz_pgn::read_game(original).unwrap().record.moves()
            );
            assert!(game.tag("Annotator").unwrap().contains("alphabeta:depth=3"));
        }
        for i in 1..=3 {
            let svg = std::fs::read_to_string(graphs.join(format!("game-000{i}.svg"))).unwrap();
            assert!(svg.starts_with("<svg"));
        }
        std::fs::remove_dir_all(&graphs).unwrap();
        std::fs::remove_file(&out).unwrap();
        outs.push(text);
    }
    assert_eq!(outs[0], outs[1]);
    std::fs::remove_file(&input).unwrap();
    for args in [
        &["--agent", "random"][..],
        &["--depth", "x"],
        &["--frobnicate"],
        &[],
    ] {
        let run = std::process::Command::new(analyze_tool())
            .args(args)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&run.stderr).lines().count(), 1);
    }
}

/// Ctrl-C (SIGINT) stops the tool: the games finished are written and summed up, and it
/// exits with status 130.
#[cfg(all(unix, feature = "progress"))]
#[test]
fn ctrl_c_stops_the_tool_and_keeps_the_finished_games() {
    let out = temp_path("stopped.pgn");
    let input = temp_path("all.pgn");
    std::fs::write(&input, FEDERATION).unwrap();
    let child = std::process::Command::new(analyze_tool())
        .arg(&input)
        .args(["--depth", "5", "--jobs", "2", "--out"])
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Once a game is written (within a minute even unoptimised), the signal.
    let waited = std::time::Instant::now();
    while !std::fs::read_to_string(&out).is_ok_and(|t| t.contains("[Annotator"))
        && waited.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let started = std::time::Instant::now();
    let run = child.wait_with_output().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert_eq!(run.status.code(), Some(130), "{stdout}\n{stderr}");
    assert!(stderr.contains("stopped: "), "{stderr}");
    let text = std::fs::read_to_string(&out).unwrap();
    let kept = pgn::read_games::<Toguz>(&text);
    assert!(kept.iter().all(Result::is_ok));
    assert!(
        !kept.is_empty() && kept.len() < 742,
        "{} games kept",
        kept.len()
    );
    assert!(
        stdout.contains(&format!("{} games analysed", kept.len())),
        "{stdout}"
    );
    std::fs::remove_file(&out).unwrap();
    std::fs::remove_file(&input).unwrap();
}

/// The calibration's fit is reproducible, and the table holds every game of the crate.
#[test]
fn the_calibration_fits_self_play_and_covers_every_game() {
    use sowing::analysis::{Calibration, fit, fit_thresholds, self_play};
    let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
    let agent = spec("alphabeta:depth=4");
    let samples = self_play(&rules, &agent, 30, 4, 1).unwrap();
    assert_eq!(samples, self_play(&rules, &agent, 30, 4, 1).unwrap());
    let k = fit(&samples).unwrap();
    assert!((0.05..5.0).contains(&k), "{k}");
    let (c, losses) =
        fit_thresholds(&rules, k, &agent, &spec("alphabeta:depth=6"), 5, 2, 1, 2).unwrap();
    assert!(!losses.is_empty() && losses.windows(2).all(|w| w[0] <= w[1]));
    assert!(c.inaccuracy <= c.mistake && c.mistake <= c.blunder);
    assert!(c.inaccuracy >= Calibration::DEFAULT.inaccuracy);
    // Every game of the crate states a scale for each evaluation its agents search with,
    // in its own folder; the deprecated table by name forwards to the default one's.
    struct Scales;
    impl sowing::games::GameFinder for Scales {
        type Output = ();
        fn find<R: sowing::games::Game>(&mut self) -> Option<()> {
            let mut evals = vec![GameEval::StoreDifference, GameEval::Tuned, GameEval::Auto];
            if R::NETWORK {
                evals.push(GameEval::Net);
            } else {
                assert_eq!(
                    Calibration::for_eval::<R>(GameEval::Net),
                    None,
                    "{}",
                    R::GAME
                );
            }
            for eval in evals {
                let c = Calibration::for_eval::<R>(eval)
                    .unwrap_or_else(|| panic!("{} states no scale for {eval:?}", R::GAME));
                assert!(
                    (0.02..1.0).contains(&c.scale),
                    "{} {eval:?}: {c:?}",
                    R::GAME
                );
                let e = |x| c.expected(Value::Estimate(x));
                assert!(e(-3.0) < 0.5 && e(0.0) == 0.5 && e(3.0) > 0.5);
            }
            #[allow(deprecated)]
            let old = Calibration::for_game(R::GAME);
            assert_eq!(Some(old), Calibration::for_eval::<R>(GameEval::Auto));
            None
        }
    }
    assert_eq!(<sowing::AnyRuleset as sowing::GameList>::find(Scales), None);
    #[allow(deprecated)]
    let nim = Calibration::for_game("nim");
    assert_eq!(nim, Calibration::DEFAULT);
    // Toguz Kumalak's network and tuned evaluation value a seed differently: each has its
    // own scale, and its default agent's is the network's.
    let net = Calibration::for_eval::<Toguz>(GameEval::Net).unwrap();
    let tuned = Calibration::for_eval::<Toguz>(GameEval::Tuned).unwrap();
    assert_ne!(net.scale, tuned.scale);
    assert_eq!(
        Calibration::for_agent::<Toguz>(&spec("alphabeta:depth=8")),
        Ok(net)
    );
    assert_eq!(
        Calibration::for_agent::<Toguz>(&spec("alphabeta:depth=8,eval=tuned")),
        Ok(tuned)
    );
}

/// The analysis reads values with the scale of the evaluation that searched them: Toguz
/// Kumalak's network on its board, its tuned evaluation on another (where the default agent
/// searches with it); a calibration given stays.
#[test]
fn the_scale_is_that_of_the_evaluation_that_searches_the_rules() {
    use sowing::analysis::Calibration;
    use sowing::search::Heuristic;
    let scale_on = |text: &str, given: Option<Calibration>| {
        let rules: Toguz = text.parse().unwrap();
        let mut game = GameRecord::new(rules);
        game.play_text("1").unwrap();
        let agent = spec("alphabeta:depth=2");
        let mut analyzer = match given {
            Some(c) => Analyzer::<Toguz>::new(&agent).unwrap().calibration(c),
            None => Analyzer::<Toguz>::new(&agent).unwrap(),
        };
        analyzer.analyze(&game).unwrap().calibration.scale
    };
    assert_eq!(Some(scale_on("toguz", None)), Toguz::SCALES.net);
    assert_eq!(Some(scale_on("toguz:holes=7", None)), Toguz::SCALES.tuned);
    let given = Calibration::with_scale(0.5);
    assert_eq!(scale_on("toguz:holes=7", Some(given)), 0.5);
}

/// A game that states no scale for an evaluation is refused by the analysis, by name, rather
/// than given another game's.
#[test]
fn an_evaluation_without_a_scale_is_refused() {
    use sowing::analysis::{AnalysisError, Calibration};
    let refused = Calibration::for_agent::<Kalah>(&spec("alphabeta:depth=4,eval=net"));
    assert_eq!(
        refused,
        Err(AnalysisError::NoCalibration {
            game: "kalah",
            eval: "net"
        })
    );
    assert!(
        refused
            .unwrap_err()
            .to_string()
            .starts_with("kalah states no expected-score scale for eval=net"),
    );
    assert!(matches!(
        Calibration::for_agent::<Kalah>(&spec("random")),
        Err(AnalysisError::NoValues(_))
    ));
    // A calibration given outright serves any evaluation.
    let given = Calibration::with_scale(0.25);
    let analyzer =
        sowing::analysis::Analyzer::<Kalah>::with_calibration(&spec("alphabeta:depth=2"), given);
    assert!(analyzer.is_ok());
}

/// Federation game `index` up to `plies` plies.
fn federation_prefix(index: usize, plies: usize) -> GameRecord<Toguz> {
    let game = federation_game(index);
    let mut record = GameRecord::new(game.record.rules().clone());
    for &mv in &game.record.moves()[..plies.min(game.record.ply())] {
        record.play(mv).unwrap();
    }
    record
}

/// A loss counts as a mistake or blunder only if it holds deeper: the book's main line,
/// `1. 76` (the best move at depths 15-18), is a blunder to the search of every move at the
/// README's depth 8 and the best move once searched again deeper.
#[test]
fn a_loss_counts_only_if_it_holds_when_searched_deeper() {
    let agent = spec("alphabeta:depth=8");
    let opening = federation_prefix(0, 1);
    assert_eq!(opening.move_texts(), ["76"]);
    let shallow = Analyzer::<Toguz>::new(&agent)
        .unwrap()
        .verify(0)
        .analyze(&opening)
        .unwrap();
    assert_eq!(shallow.plies[0].class, Class::Blunder);
    assert!(!shallow.plies[0].verified);
    let checked = Analyzer::<Toguz>::new(&agent)
        .unwrap()
        .analyze(&opening)
        .unwrap();
    let first = &checked.plies[0];
    assert!(first.verified);
    assert_eq!((first.class, first.best_text.as_str()), (Class::Best, "76"));
    // The values compared are the deeper search's, and say so.
    let played = first.values.iter().find(|v| v.text == "76").unwrap();
    assert!(played.verified && played.value == first.after);
    // A game: the plies not called a mistake or blunder by the search of every move are the
    // same with or without the deeper search (it has its own table); those that were are
    // searched again, and keep their class only if the deeper values say so.
    let agent = spec("alphabeta:depth=4");
    let game = federation_game(2);
    let plain = Analyzer::<Toguz>::new(&agent)
        .unwrap()
        .verify(0)
        .analyze(&game.record)
        .unwrap();
    let deep = Analyzer::<Toguz>::new(&agent)
        .unwrap()
        .analyze(&game.record)
        .unwrap();
    let mut checked = 0;
    for (p, d) in plain.plies.iter().zip(&deep.plies) {
        if p.class >= Class::Mistake {
            assert!(d.verified, "ply {}", p.ply);
            checked += 1;
        } else {
            assert_eq!(p, d);
        }
        if d.class >= Class::Mistake {
            assert!(p.class >= Class::Mistake && d.verified, "ply {}", d.ply);
        }
    }
    assert!(checked > 0);
    let errors = |a: &sowing::analysis::GameAnalysis<_>| {
        a.plies.iter().filter(|p| p.class >= Class::Mistake).count()
    };
    eprintln!(
        "game 3 at depth 4: {} mistakes and blunders, {} once checked deeper",
        errors(&plain),
        errors(&deep)
    );
}

/// Every legal move's value is in its row: the move played's is `after`, the best's
/// `before`, none above it.
#[test]
fn every_legal_move_is_valued_in_its_row() {
    let game = federation_game(1);
    let analysis = Analyzer::<Toguz>::new(&spec("alphabeta:depth=3"))
        .unwrap()
        .analyze(&game.record)
        .unwrap();
    let rules = game.record.rules();
    for p in &analysis.plies {
        let state = game.record.position_at(p.ply - 1).unwrap();
        let legal: Vec<String> = rules
            .legal_moves(state)
            .iter()
            .map(|&m| rules.format_move(state, m))
            .collect();
        let texts: Vec<&str> = p.values.iter().map(|v| v.text.as_str()).collect();
        assert_eq!(texts, legal, "ply {}", p.ply);
        assert_eq!(p.values.len(), p.moves);
        let value = |mv| p.values.iter().find(|v| v.mv == mv).unwrap().value;
        assert_eq!(value(p.played), p.after, "ply {}", p.ply);
        assert_eq!(value(p.best), p.before, "ply {}", p.ply);
        if !p.verified {
            assert!(p.values.iter().all(|v| v.value.rank() <= p.before.rank()));
        }
    }
}

/// One numbering: the first move is ply 1 in the rows, the annotations and the graph, and
/// the lines carry the record's turn numbers.
#[test]
fn plies_are_numbered_from_one_and_lines_carry_turn_numbers() {
    let game = federation_game(3);
    let analysis = Analyzer::<Toguz>::new(&spec("alphabeta:depth=3"))
        .unwrap()
        .analyze(&game.record)
        .unwrap();
    let numbers: Vec<usize> = analysis.plies.iter().map(|p| p.ply).collect();
    assert_eq!(numbers, (1..=game.record.ply()).collect::<Vec<_>>());
    let notes = read_annotations(&annotate(&game, &analysis));
    assert_eq!(notes[0].ply, 1);
    assert!(
        notes
            .iter()
            .zip(&analysis.plies)
            .all(|(n, p)| n.ply == p.ply)
    );
    let svg = graph_svg(&analysis, "numbers");
    for p in analysis.plies.iter().filter(|p| p.class.is_error()) {
        let side = analysis.sides[p.player.index()];
        assert!(
            svg.contains(&format!(
                "data-ply=\"{}\" data-player=\"{side}\" data-class=\"{}\"",
                p.ply, p.class
            )),
            "ply {}",
            p.ply
        );
        assert!(svg.contains(&format!(
            "<title>ply {} ({side}): {} ",
            p.ply, p.played_text
        )));
    }
    // The line with its numbers is what the record writer writes for the same moves.
    let rules = game.record.rules();
    for p in &analysis.plies {
        let mut record = GameRecord::new(rules.clone());
        for &mv in &game.record.moves()[..p.ply - 1] {
            record.play(mv).unwrap();
        }
        for text in &p.line {
            record.play_text(text).unwrap();
        }
        let written = pgn::PgnGame::new(record).to_text();
        let movetext = written
            .lines()
            .skip_while(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            movetext.contains(&p.line_text),
            "ply {}: {} not in {movetext}",
            p.ply,
            p.line_text
        );
        let number = if p.player == Player::South {
            format!("{}. ", p.turn)
        } else {
            format!("{}... ", p.turn)
        };
        assert!(p.line_text.starts_with(&number), "{}", p.line_text);
    }
}

/// The graph has a seeds axis on the right, its ticks where the calibration puts the seeds.
#[test]
fn the_graph_has_a_seeds_axis_and_marks_whose_move() {
    let game = federation_game(3);
    let analysis = Analyzer::<Toguz>::new(&spec("alphabeta:depth=3"))
        .unwrap()
        .analyze(&game.record)
        .unwrap();
    let svg = graph_svg(&analysis, "axis");
    assert!(svg.matches("class=\"seeds-tick\"").count() >= 5, "{svg}");
    assert!(svg.contains(">0</text>") && svg.contains(">+5</text>") || svg.contains(">+10</text>"));
    assert!(svg.contains("White's move") && svg.contains("Black's move"));
    // South's marks are circles, North's diamonds.
    for p in analysis.plies.iter().filter(|p| p.class.is_error()) {
        let at = svg.find(&format!("data-ply=\"{}\" ", p.ply)).unwrap();
        let open = svg[..at].rfind('<').unwrap();
        let shape = if p.player == Player::South {
            "<circle"
        } else {
            "<path"
        };
        assert!(svg[open..].starts_with(shape), "ply {}", p.ply);
    }
}

/// Where the game has exact values (Kalah's endgame database) a proven result's margin is
/// the exact one, never a bound shown as exact: every row whose positions it holds is exact
/// and agrees with the solver.
#[cfg(feature = "solver")]
#[test]
fn proven_margins_are_exact_where_the_game_knows_them() {
    use sowing::analysis::PROVEN_ORACLE_SEEDS;
    let rules: Kalah = "kalah:pits=3,seeds=2".parse().unwrap();
    let games = random_games(&rules, 12, 11);
    let mut analyzer = Analyzer::new(&spec("alphabeta:depth=12")).unwrap();
    let mut exact = 0;
    for game in &games {
        let analysis = analyzer.analyze(game).unwrap();
        for p in &analysis.plies {
            let state = *game.position_at(p.ply - 1).unwrap();
            assert!(rules.seed_count(&state).board <= PROVEN_ORACLE_SEEDS);
            // No bound left: every value is exact or an estimate.
            for v in &p.values {
                assert!(
                    !matches!(v.value, Value::Proven { .. }),
                    "ply {}: {}",
                    p.ply,
                    v.value
                );
            }
            exact += usize::from(p.exactness == Exactness::Exact);
        }
    }
    assert!(exact > 0);
    // And they are the solver's.
    let analyzer = Analyzer::new(&spec("alphabeta:depth=12")).unwrap();
    assert!(check_against_solver(&rules, analyzer, &games, false) > 0);
    // A proven result shows its margin as a bound.
    let lost = Value::Proven {
        won: false,
        margin: -2,
    };
    assert_eq!(lost.to_string(), "#-≥2");
}

/// The tool: one game of a file by its number, standard input, a record without a result,
/// and a row a ply with every move's value in `--csv`.
#[test]
fn the_tool_picks_games_reads_standard_input_and_writes_rows() {
    use std::io::Write as _;
    let input = temp_path("pick.pgn");
    std::fs::write(&input, FEDERATION).unwrap();
    let csv = temp_path("rows.csv");
    let run = std::process::Command::new(analyze_tool())
        .arg(&input)
        .args(["--game", "2,4", "--depth", "2", "--jobs", "1", "--csv"])
        .arg(&csv)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{stdout}");
    assert!(stdout.contains("2 games analysed"), "{stdout}");
    assert!(
        stdout.contains("game 2: ") && stdout.contains("game 4: "),
        "{stdout}"
    );
    let rows = std::fs::read_to_string(&csv).unwrap();
    let mut lines = rows.lines();
    assert!(lines.next().unwrap().starts_with("game,ply,turn,side"));
    let plies = [1, 3].map(|i| federation_game(i).record.ply());
    assert_eq!(lines.clone().count(), plies[0] + plies[1]);
    let first = lines.next().unwrap();
    assert!(first.starts_with("2,1,1,White,"), "{first}");
    // The values: nine moves at the start, each `move: value`.
    let values = first.rsplit(",\"").next().unwrap();
    assert_eq!(values.matches(": ").count(), 9, "{first}");
    std::fs::remove_file(&csv).unwrap();
    // A hand-typed game, no result, on standard input.
    let mut child = std::process::Command::new(analyze_tool())
        .args(["-", "--depth", "2", "--jobs", "1"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"[Variant \"toguz\"]\n\n1. 76 98 2. 66 87\n")
        .unwrap();
    let run = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{stdout}");
    assert!(stdout.contains("standard input game 1: White"), "{stdout}");
    assert!(stdout.contains("1 games analysed"), "{stdout}");
    for args in [
        &["--game", "0"][..],
        &["--game", "x"],
        &["--game", "743"],
        &["--verify", "x"],
    ] {
        let run = std::process::Command::new(analyze_tool())
            .arg(&input)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(2), "{args:?}");
    }
    std::fs::remove_file(&input).unwrap();
}

/// The README's analysis sample is what the tool prints for federation game 4 at depth 8
/// (`bash scripts/readme-analysis.sh` writes it): the first five lines of the annotated
/// record's moves and the summary table.
#[test]
fn the_readme_analysis_sample_is_the_tools() {
    const README: &str = include_str!("../README.md");
    let begin = "<!-- readme-analysis -->\n```text\n";
    let at = README
        .find(begin)
        .expect("the README's analysis sample markers")
        + begin.len();
    let end = README[at..].find("```\n<!-- /readme-analysis -->").unwrap();
    let sample = &README[at..at + end];
    let input = temp_path("readme.pgn");
    std::fs::write(&input, FEDERATION).unwrap();
    let out = temp_path("readme-out.pgn");
    let run = std::process::Command::new(analyze_tool())
        .arg(&input)
        .args([
            "--game", "4", "--depth", "8", "--jobs", "1", "--quiet", "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(run.status.success());
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    let annotated = std::fs::read_to_string(&out).unwrap();
    let moves: Vec<&str> = annotated
        .lines()
        .skip_while(|l| !l.is_empty())
        .skip(1)
        .take(5)
        .collect();
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("player "))
        .collect();
    let expected = format!("{}\n\n{}\n", moves.join("\n"), table.join("\n"));
    std::fs::remove_file(&input).unwrap();
    std::fs::remove_file(&out).unwrap();
    assert_eq!(
        sample, expected,
        "the README's analysis sample is stale: run bash scripts/readme-analysis.sh"
    );
}
