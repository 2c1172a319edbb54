//! The examples as a user runs them: every bad argument, a non-UTF-8 one included, gets one
//! line on standard error and exit status 2, never a panic.
//!
//! It runs the example binaries that `cargo test` builds next to the test binaries
//! (`target/<profile>/examples/`); run the whole `cargo test`, or `cargo build --examples`
//! first, when running this file alone.

#[path = "common/example.rs"]
mod example;

use example::run;
use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Exit status 2, one line on standard error naming the example, nothing about a panic.
fn assert_refused<I: IntoIterator<Item = A>, A: Into<OsString>>(name: &str, args: I) -> String {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let out = run(name, args.clone());
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{name} {args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{name} {args:?}: {err:?}");
    assert!(
        err.starts_with(&format!("{name}: ")),
        "{name} {args:?}: {err:?}"
    );
    assert!(!err.contains("panicked"), "{name} {args:?}: {err:?}");
    err
}

#[test]
fn trace_refuses_bad_arguments_in_one_line() {
    // A position and no ruleset is refused (it once indexed an empty list).
    let err = assert_refused("trace", ["--position", "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"]);
    assert!(err.contains("expected a ruleset"), "{err}");
    assert_refused("trace", Vec::<&str>::new());
    assert_refused("trace", ["kalah", "--position"]);
    assert_refused("trace", ["kalah", "--frobnicate"]);
    assert_refused("trace", ["chess"]);
    assert_refused("trace", ["kalah", "--position", "4,4/4 0 0 S"]);
    let err = assert_refused("trace", ["kalah", "3", "9"]);
    assert!(err.contains("move 2"), "{err}");
    // What works still works.
    let out = run("trace", ["kalah", "3"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S\n4,4,4,4,4,4/4,4,0,5,5,5 1 0 S\n"
    );
    assert_eq!(run("trace", ["--help"]).status.code(), Some(0));
}

#[test]
fn perft_refuses_bad_arguments_in_one_line() {
    assert_refused("perft", Vec::<&str>::new());
    assert_refused("perft", ["kalah"]);
    assert_refused("perft", ["kalah", "three"]);
    assert_refused("perft", ["kalah", "3", "4"]);
    assert_refused("perft", ["chess", "3"]);
    assert_refused("perft", ["kalah", "3", "--threads", "0"]);
    assert_refused("perft", ["kalah", "3", "--threads", "100000000"]);
    assert_refused("perft", ["kalah", "3", "--threads"]);
    assert_refused("perft", ["kalah", "3", "--position", "garbage"]);
    assert_refused("perft", ["kalah", "3", "--frobnicate"]);
    let out = run(
        "perft",
        ["kalah:pits=4,seeds=3,empty-capture", "3", "--threads", "2"],
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "1 4\n2 15\n3 50\n");
}

#[test]
fn play_refuses_bad_arguments_in_one_line() {
    assert_refused("play", ["--rules", "chess"]);
    assert_refused("play", ["--rules"]);
    assert_refused("play", ["--human", "martians"]);
    assert_refused("play", ["--south", "deep-blue"]);
    assert_refused("play", ["--max-plies", "many"]);
    assert_refused("play", ["--frobnicate"]);
    let out = run(
        "play",
        [
            "--south",
            "random:seed=1",
            "--north",
            "random:seed=2",
            "--max-plies",
            "2",
        ],
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Stopped after 2 plies."));
}

/// `std::env::args` panics on an argument that is not UTF-8; the examples read `args_os`.
#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_refused_not_a_panic() {
    use std::os::unix::ffi::OsStringExt;
    let bad = || OsString::from_vec(b"kal\xffah".to_vec());
    for name in ["trace", "perft", "play"] {
        let err = assert_refused(name, [bad()]);
        assert!(
            err.contains("argument 1") && err.contains("not UTF-8"),
            "{err}"
        );
    }
    let err = assert_refused(
        "perft",
        [OsString::from("kalah"), OsString::from("3"), bad()],
    );
    assert!(err.contains("argument 3"), "{err}");
}

/// `name args` with `input` on its standard input.
fn run_with_input(name: &str, args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(example::path(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// Through a real pipe, the end of the input lets a running search answer from its full
/// depth (10, not 5), and a line that is not UTF-8 answers an error and the engine goes on.
#[test]
fn engine_answers_through_a_pipe_to_the_end_of_its_input() {
    let out = run_with_input(
        "engine",
        &["--rules", "kalah"],
        b"go depth 10\n\xff\xfe\nisready\n",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The error and readyok come at once, among the search's info lines.
    assert!(
        lines.contains(&"error the line is not UTF-8 (byte 0 of it)"),
        "{lines:?}"
    );
    assert!(lines.contains(&"readyok"), "{lines:?}");
    let infos: Vec<&&str> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 10, "{lines:?}");
    assert!(infos[9].starts_with("info depth 10 score "), "{lines:?}");
    let best = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
    assert!(["1", "2", "3", "4", "5", "6"].contains(&best), "{best}");
}

#[test]
fn engine_refuses_bad_arguments_in_one_line() {
    let err = assert_refused("engine", ["--agent", "mcts"]);
    assert!(err.contains("not an alphabeta agent"), "{err}");
    assert_refused("engine", ["--agent", "alphabeta:depht=3"]);
    assert_refused("engine", ["--rules", "chess"]);
    assert_refused("engine", ["--rules"]);
    assert_refused("engine", ["--frobnicate"]);
}

/// The lines of `match args` (which must succeed).
fn match_lines(args: &[&str]) -> Vec<String> {
    let out = run("match", args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// `match` prints no `average depth 0.00, 0 nodes/s` for sides that measure no search, and
/// no `Elo +2400, 95% interval [+2400, +2400]` for a 2-0 result.
#[test]
fn match_reports_only_measured_figures_and_a_one_sided_bound() {
    let lines = match_lines(&[
        "--rules",
        "kalah:pits=4,seeds=3",
        "--a",
        "alphabeta:depth=6",
        "--b",
        "random:seed=3",
        "--openings",
        "1",
    ]);
    assert_eq!(
        lines[0],
        "kalah:pits=4,seeds=3: A = alphabeta:depth=6, B = random:seed=3"
    );
    assert!(lines[1].starts_with("game   1: opening   1, A plays South: A wins after "));
    assert!(lines[2].starts_with("game   2: opening   1, A plays North: A wins after "));
    assert_eq!(
        lines[3],
        "A: 2 wins, 0 draws, 0 losses of 2 games: score 2.0/2 (100.0%)"
    );
    // 0.05^(1/2) = 0.224: below that score fraction two wins in two games are under 5% likely.
    assert_eq!(
        lines[4],
        "Elo A - B: above -216 (95% one-sided bound: every game won)"
    );
    assert!(
        lines[5].starts_with("A: alphabeta:depth=6: average depth ")
            && lines[5].contains(" nodes/s ("),
        "{}",
        lines[5]
    );
    let random = lines[6].strip_prefix("B: random:seed=3: ").unwrap();
    assert!(random.ends_with(" moves, no search figures"), "{random}");
    let lines = match_lines(&[
        "--rules",
        "kalah:pits=4,seeds=3",
        "--a",
        "mcts:playouts=50",
        "--b",
        "random",
        "--openings",
        "1",
        "--quiet",
    ]);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert!(
        !lines[3].contains("depth") && !lines[4].contains("depth"),
        "{lines:?}"
    );
}

/// An even score prints Elo `+0`, not `-0`. The same deterministic agent on both sides wins
/// each opening once with each colour (or draws both): exactly 50%.
#[test]
fn match_prints_an_even_score_as_plus_zero() {
    let lines = match_lines(&[
        "--rules",
        "kalah",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "alphabeta:depth=2",
        "--openings",
        "3",
        "--quiet",
    ]);
    assert!(lines[1].ends_with("score 3.0/6 (50.0%)"), "{lines:?}");
    assert!(
        lines[2].starts_with("Elo A - B: +0, 95% interval ["),
        "{lines:?}"
    );
}

/// `--openings 0` is refused (it played 2 games), and `--opening-plies 500` in Kalah ends (every
/// opening of 500 random plies ends the game, and the match drew openings for ever).
#[test]
fn match_refuses_settings_that_play_nothing() {
    let kalah = ["--rules", "kalah", "--a", "alphabeta", "--b", "random"];
    let with = |more: &[&'static str]| [&kalah[..], more].concat();
    let err = assert_refused("match", with(&["--openings", "0"]));
    assert!(
        err.contains("--openings 0: a match needs at least 1 opening"),
        "{err}"
    );
    let err = assert_refused("match", with(&["--opening-plies", "500"]));
    assert!(
        err.contains(
            "--opening-plies 500: 1000 random openings of 500 plies in a row ended the game"
        ),
        "{err}"
    );
    assert_refused("match", with(&["--max-plies", "0"]));
    assert_refused("match", with(&["--openings", "-1"]));
    assert_refused("match", with(&["--openings", "99999999999"]));
    assert_refused("match", ["--a", "alphabeta"]);
    assert_refused("match", with(&["--frobnicate"]));
}

/// `match --pgn FILE` writes every game it plays as a record, and `replay` reads
/// each one back: finished games, and games the ply limit stopped (decided by the stores), in
/// the records form and in Toguz Kumalak's PlayOK PGN.
#[test]
fn match_writes_records_that_replay_reads_back() {
    for (rules, style, max_plies, openings) in [
        ("kalah:pits=4,seeds=3", None, "2000", 2),
        ("tsoro", Some("records"), "9", 1),
        ("toguz", Some("playok"), "8", 1),
    ] {
        let file = temp_file(&format!(
            "match-{}-{}.pgn",
            rules.replace([':', ',', '='], "_"),
            style.unwrap_or("none")
        ));
        let path = file.to_str().unwrap();
        let openings_text = openings.to_string();
        let mut args = vec![
            "--rules",
            rules,
            "--a",
            "alphabeta:depth=2",
            "--b",
            "random:seed=4",
            "--openings",
            &openings_text,
            "--max-plies",
            max_plies,
            "--pgn",
            path,
            "--quiet",
        ];
        if let Some(style) = style {
            args.extend(["--pgn-style", style]);
        }
        match_lines(&args);
        let text = std::fs::read_to_string(&file).unwrap();
        let records = sowing::pgn::split(&text);
        let games = 2 * openings;
        assert_eq!(records.len(), games, "{text}");
        let sides = if rules == "toguz" {
            ["White", "Black"]
        } else {
            ["South", "North"]
        };
        for (i, game) in records.iter().enumerate() {
            assert_eq!(game.tag("Round"), Some((i + 1).to_string()), "{text}");
            if style != Some("playok") {
                assert_eq!(game.tag("Variant").as_deref(), Some(rules));
            }
            // A plays South (White) in the first game of each opening, North in the second.
            let a = Some("alphabeta:depth=2".to_string());
            assert_eq!(game.tag(sides[i % 2]), a, "game {}: {text}", i + 1);
        }
        if max_plies != "2000" {
            assert!(text.contains("[Termination \"adjudication"), "{text}");
            assert!(!text.contains(" *\n"), "a decided result: {text}");
        }
        let out = run("replay", [path]);
        std::fs::remove_file(&file).unwrap();
        let report = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{report}");
        assert!(
            report.ends_with(&format!("\n{games} passed, 0 failed\n")),
            "{report}"
        );
    }
    let err = assert_refused(
        "match",
        [
            "--rules",
            "kalah",
            "--a",
            "random",
            "--b",
            "random",
            "--pgn-style",
            "playok",
        ],
    );
    assert!(
        err.contains("--pgn-style playok does not write kalah games (its forms: records)"),
        "{err}"
    );
}

/// A file in the temporary folder, unique to this test process and `name`.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sowing-examples-{}-{name}", std::process::id()))
}

/// `play --pgn FILE` writes the game it plays as a record, in the records form
/// or (Toguz Kumalak) PlayOK's or the federation's PGN, and `replay` reads it back: the same
/// number of plies and the same end.
#[test]
fn play_writes_its_game_as_a_record_that_replay_reads_back() {
    for (rules, style, form) in [
        ("kalah:pie", None, "kalah:pie, "),
        (
            "tsoro:holes=6,bonus=3",
            Some("records"),
            "tsoro:holes=6,bonus=3, ",
        ),
        ("toguz", None, "toguz, "),
        ("toguz", Some("playok"), ""),
        ("toguz:bestemshe", Some("federation"), ""),
    ] {
        let file = temp_file(&format!(
            "{}-{}.pgn",
            rules.replace([':', ',', '='], "_"),
            style.unwrap_or("none")
        ));
        let mut args = vec![
            "--rules",
            rules,
            "--south",
            "random:seed=5",
            "--north",
            "random:seed=6",
            "--pgn",
            file.to_str().unwrap(),
        ];
        if let Some(style) = style {
            args.extend(["--pgn-style", style]);
        }
        let out = run("play", &args);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        // "Game over after 152 plies: North wins 68-83"
        let end = stdout
            .lines()
            .find_map(|l| l.strip_prefix("Game over after "))
            .unwrap_or_else(|| panic!("{args:?}: {stdout}"));
        let (plies, outcome) = end.split_once(" plies: ").unwrap();
        let record = std::fs::read_to_string(&file).unwrap();
        let replayed = run("replay", [file.to_str().unwrap()]);
        std::fs::remove_file(&file).unwrap();
        let lines = String::from_utf8_lossy(&replayed.stdout).into_owned();
        assert_eq!(replayed.status.code(), Some(0), "{record}\n{lines}");
        let want = format!(": ok, {form}{plies} plies, {outcome}");
        assert!(
            lines.lines().next().unwrap().ends_with(&want),
            "{want}\n{lines}\n{record}"
        );
        assert!(lines.ends_with("\n1 passed, 0 failed\n"), "{lines}");
        // The sides are named by the game's own names, and the form is the one asked for.
        let sides = if rules.starts_with("toguz") {
            "[White \"random:seed=5\"]\n[Black \"random:seed=6\"]\n"
        } else {
            "[South \"random:seed=5\"]\n[North \"random:seed=6\"]\n"
        };
        assert!(record.contains(sides), "{record}");
        // The records form numbers Black's turn (`1... 98`), PlayOK's pairs do not.
        let classic = style.is_some_and(|s| s != "records");
        assert_eq!(record.contains(" 1... "), !classic, "{record}");
    }
    // A form that cannot write the game, or a file that cannot be made, is refused before
    // the game is played.
    let err = assert_refused(
        "play",
        [
            "--rules",
            "kalah",
            "--pgn",
            "x.pgn",
            "--pgn-style",
            "playok",
        ],
    );
    assert!(err.contains("does not write kalah games"), "{err}");
    assert_refused("play", ["--pgn-style", "chess", "--pgn", "x.pgn"]);
    assert_refused("play", ["--pgn-style", "records"]);
    assert_refused("play", ["--pgn", "/no/such/folder/game.pgn"]);
}

/// A record whose `Variant` names no ruleset fails with the ruleset error; only a
/// record with no `Variant` at all is read as Toguz Kumalak's PlayOK PGN.
#[test]
fn replay_refuses_a_variant_that_names_no_ruleset() {
    let file = temp_file("variants.pgn");
    let mut text = String::new();
    for variant in ["kalah:pits=9", "chess", "Kalah"] {
        text += &format!("[Variant \"{variant}\"]\n[Result \"*\"]\n\n1. 3 6 *\n\n");
    }
    text += "[Site \"PlayOK\"]\n[Result \"*\"]\n\n1. 65(10) 98 *\n";
    std::fs::write(&file, &text).unwrap();
    let out = run("replay", [file.to_str().unwrap()]);
    std::fs::remove_file(&file).unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    assert!(
        lines[0].ends_with(
            "game 1: FAILED: line 1: Variant: pits = 9 is out of range (allowed: 1..=7)"
        ),
        "{stdout}"
    );
    assert!(
        lines[1].ends_with(
            "game 2: FAILED: line 6: Variant: unknown game \"chess\" (known: kalah, toguz, tsoro, oware, mancala)"
        ),
        "{stdout}"
    );
    assert!(
        lines[2].ends_with(
            "game 3: FAILED: line 11: Variant: unknown game \"Kalah\" (known: kalah, toguz, tsoro, oware, mancala)"
        ),
        "{stdout}"
    );
    assert!(
        lines[3].ends_with("game 4: ok, 2 plies, unfinished, *"),
        "{stdout}"
    );
    assert_eq!(lines[4], "1 passed, 3 failed");
}

/// `replay` without a file prints its usage on standard error, exit 2; `--help`
/// prints it on standard output, exit 0.
#[test]
fn replay_without_a_file_prints_its_usage_on_standard_error() {
    let out = run("replay", Vec::<&str>::new());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stdout.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("usage: replay <file>..."));
    let out = run("replay", ["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("usage: replay <file>..."));
    assert_refused("replay", ["/no/such/file.pgn"]);
}

/// `solve toguz` says the solver plays Kalah alone (it answered "unknown game" and listed
/// toguz among the known games).
#[cfg(feature = "solver")]
#[test]
fn solve_says_it_solves_kalah_only() {
    for game in ["toguz", "tsoro", "tsoro:relay", "chess"] {
        let err = assert_refused("solve", [game]);
        assert!(err.contains("solves Kalah only"), "{game}: {err}");
        assert!(!err.contains("unknown game"), "{game}: {err}");
    }
    // Kalah's own errors are still Kalah's.
    let err = assert_refused("solve", ["kalah:pits=99"]);
    assert!(err.contains("pits"), "{err}");
}

/// A database kept by `--build-endgame` for fewer seeds than a solve wants is extended, not
/// built again from 0 seeds (the README's "build once and reuse"): its levels are used, the
/// output says so, and only the levels above it are built.
#[cfg(feature = "solver")]
#[test]
fn solve_uses_a_smaller_kept_endgame_database() {
    let dir = std::env::temp_dir().join(format!("sowing-solve-kept-{}", std::process::id()));
    let dir_arg = dir
        .to_str()
        .expect("a UTF-8 temporary directory")
        .to_string();
    let stdout = |args: &[&str]| {
        let out = run("solve", args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).expect("UTF-8 output")
    };
    let rules = "kalah:pits=3,seeds=2";
    let built = stdout(&[rules, "--build-endgame", "2", "--endgame-dir", &dir_arg]);
    assert!(built.contains("up to 0 seeds"), "{built}");
    // 12 seeds on the board: the solve wants a 5-seed database.
    let out = stdout(&[rules, "--endgame-dir", &dir_arg, "--threads", "1"]);
    let used = format!(
        "endgame database: the one kept in {dir_arg} up to 2 seeds is used; building from 3 up to 5 seeds"
    );
    assert!(out.contains(&used), "{out}");
    assert!(!out.contains("up to 0 seeds"), "{out}");
    assert!(!out.contains("up to 1 seeds"), "{out}");
    assert!(out.contains("462 boards up to 5 seeds"), "{out}");
    assert!(out.ends_with("\nvalue 4\n"), "{out}");
    // The 5-seed database is kept too, and read whole next time.
    let again = stdout(&[rules, "--endgame-dir", &dir_arg, "--threads", "1"]);
    let read = format!("endgame database up to 5 seeds read from {dir_arg}\n");
    assert!(again.contains(&read), "{again}");
    assert!(!again.contains("up to 2 seeds"), "{again}");
    assert!(again.ends_with("\nvalue 4\n"), "{again}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn picture_without_arguments_writes_its_usage_to_standard_error() {
    // The usage goes to standard error: on standard output, `picture > board.svg` wrote it
    // into the SVG file.
    let out = run("picture", Vec::<&str>::new());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        out.stdout.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert!(err.starts_with("usage: picture <ruleset>"), "{err}");
    // Asked for, the usage is the output: standard output, success.
    let help = run("picture", ["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&help.stdout).starts_with("usage: picture <ruleset>"));
    assert!(help.stderr.is_empty());
}

/// `selfplay` writes the same file on one thread and on three (the records in the
/// order of the games), the file `sowing::selfplay::read` reads, and refuses bad arguments
/// in one line.
#[test]
fn selfplay_writes_the_same_file_on_any_number_of_threads() {
    let files: Vec<PathBuf> = ["one", "three"]
        .iter()
        .map(|n| temp_file(&format!("selfplay-{n}")))
        .collect();
    for (file, threads) in files.iter().zip(["1", "3"]) {
        let out = run(
            "selfplay",
            [
                "--rules".as_ref(),
                "kalah:pits=4,seeds=3".as_ref(),
                "--games".as_ref(),
                "9".as_ref(),
                "--agent".as_ref(),
                "alphabeta:depth=3".as_ref(),
                "--threads".as_ref(),
                threads.as_ref(),
                "--out".as_ref(),
                file.as_os_str(),
            ],
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(text.contains(" positions, 9 games in "), "{text}");
    }
    let one = std::fs::read(&files[0]).unwrap();
    assert_eq!(one, std::fs::read(&files[1]).unwrap());
    let (header, records) = sowing::selfplay::read(&one).unwrap();
    assert_eq!(header.agent, "alphabeta:depth=3");
    assert_eq!(records.last().map(|r| r.game), Some(8));
    for file in &files {
        let _ = std::fs::remove_file(file);
    }
    for args in [
        vec!["--games", "9"],
        vec!["--out"],
        vec!["--random-plies", "8..2", "--out", "x"],
        vec!["--agent", "mcts", "--out", "x"],
        vec!["--rules", "nim", "--out", "x"],
        vec!["--opening-ply", "4", "--out", "x"],
        vec!["--threads", "0", "--out", "x"],
        vec!["--games", "-1", "--out", "x"],
    ] {
        assert_refused("selfplay", args);
    }
}

/// `--jobs`: games played at once are the games played one at a time, printed and recorded
/// in the same order; `--jobs 0` is refused.
#[test]
fn match_jobs_play_the_same_games_in_the_same_order() {
    let dir = std::env::temp_dir().join(format!("sowing-match-jobs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut outputs = Vec::new();
    for jobs in ["1", "2", "5"] {
        let pgn = dir.join(format!("games-{jobs}.txt"));
        let lines = match_lines(&[
            "--rules",
            "kalah",
            "--a",
            "alphabeta:depth=5",
            "--b",
            "alphabeta:depth=3",
            "--openings",
            "4",
            "--jobs",
            jobs,
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        // Everything but the last two lines (node rates, which vary with the clock).
        let fixed = lines[..lines.len() - 2].to_vec();
        assert_eq!(fixed.len(), 1 + 8 + 2, "{lines:?}");
        outputs.push((fixed, std::fs::read_to_string(&pgn).unwrap()));
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    assert!(outputs[0].0[8].starts_with("game   8: opening   4, A plays North"));
    std::fs::remove_dir_all(&dir).unwrap();
    let err = assert_refused(
        "match",
        [
            "--rules", "kalah", "--a", "random", "--b", "random", "--jobs", "0",
        ],
    );
    assert!(err.contains("--jobs 0: at least 1 game at a time"), "{err}");
}

/// A game line gives the final score where the game keeps one, which counts the seeds an
/// Oware game's end by repetition gives out: a win shown at equal stores (`A wins ... (stores
/// S 21 N 21)`, before each player took the seeds on his side) read as a wrong result.
#[test]
fn match_game_lines_give_the_final_score() {
    let lines = match_lines(&[
        "--rules",
        "oware",
        "--a",
        "alphabeta:depth=3",
        "--b",
        "alphabeta:depth=1",
        "--openings",
        "3",
    ]);
    let games: Vec<&String> = lines.iter().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 6);
    for line in games {
        let score = line
            .split_once("(score S ")
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(score, _)| score)
            .unwrap_or_else(|| panic!("no final score in {line:?}"));
        let (south, north) = score.split_once(" N ").unwrap();
        let (south, north): (u32, u32) = (south.parse().unwrap(), north.parse().unwrap());
        let a_south = line.contains("A plays South");
        let (a, b) = if a_south {
            (south, north)
        } else {
            (north, south)
        };
        if line.contains(": A wins") {
            assert!(a > b, "{line}");
        } else if line.contains(": B wins") {
            assert!(b > a, "{line}");
        } else {
            assert!(line.contains(": draw") && a == b, "{line}");
        }
    }
}

/// The engine's `hello` names the program that runs it: a program of tools for a list of its
/// own (`tools::main`, the Mangala example) answers its own name, the crate's engine example
/// (`tools::run`) `sowing`.
#[test]
fn the_engine_names_the_program_that_runs_it() {
    let first_line = |name: &str, args: &[&str]| {
        let out = run_with_input(name, args, b"hello\n");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .map(str::to_string)
    };
    assert_eq!(
        first_line("mangala", &["engine"]).as_deref(),
        Some("name mangala")
    );
    assert_eq!(first_line("engine", &[]).as_deref(), Some("name sowing"));
}

/// `depth` measures any game of its list from a folder of position files: `--write` makes a
/// game's file, whose `depth` line is the game's default depth, and bad arguments are
/// refused in one line.
#[test]
fn depth_writes_and_reads_position_files_of_any_folder() {
    let dir = temp_file("depth-data");
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.to_str().unwrap();
    let out = run(
        "depth",
        [
            "--data", data, "--write", "--games", "kalah", "--plies", "6..9", "--depth", "3",
        ],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let file = std::fs::read_to_string(dir.join("kalah.txt")).unwrap();
    let lines: Vec<&str> = file.lines().collect();
    assert_eq!(lines.len(), 3 + 50, "{file}");
    assert_eq!(lines[1..3], ["rules kalah", "depth 3"]);
    // Every game of the list with a file in the folder, at the file's depth.
    let out = run("depth", ["--data", data, "--positions", "4", "--quiet"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with("kalah: alphabeta: depth 3 on 4 positions: "),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1, "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
    for args in [
        vec!["--games", "nim"],
        vec!["--write", "--games", "kalah"],
        vec!["--plies", "6..9"],
        vec!["--data", "/nonexistent/sowing-depth"],
    ] {
        assert_refused("depth", args);
    }
}
