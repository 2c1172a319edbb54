//! The examples as a user runs them: every bad argument, a non-UTF-8 one included, gets one
//! line on standard error and exit status 2, never a panic (issue 9 §5).
//!
//! It runs the example binaries that `cargo test` builds next to the test binaries
//! (`target/<profile>/examples/`); run the whole `cargo test`, or `cargo build --examples`
//! first, when running this file alone.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, Output};

/// The built example `name`.
fn example(name: &str) -> PathBuf {
    // The test binary is target/<profile>/deps/examples-<hash>.
    let exe = std::env::current_exe().expect("the test binary's path");
    let profile = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    let path = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is not built: run `cargo test` (it builds the examples) or `cargo build --examples`",
        path.display()
    );
    path
}

fn run<I: IntoIterator<Item = A>, A: Into<OsString>>(name: &str, args: I) -> Output {
    Command::new(example(name))
        .args(args.into_iter().map(Into::into))
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the example runs")
}

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
    // Issue 9: a position and no ruleset indexed an empty list.
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

/// A file in the temporary folder, unique to this test process and `name`.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sowing-examples-{}-{name}", std::process::id()))
}

/// Issue 19 §5: `play --pgn FILE` writes the game it plays as a record, in the records form
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
    assert!(err.contains("Toguz Kumalak games only"), "{err}");
    assert_refused("play", ["--pgn-style", "chess", "--pgn", "x.pgn"]);
    assert_refused("play", ["--pgn-style", "records"]);
    assert_refused("play", ["--pgn", "/no/such/folder/game.pgn"]);
}

/// Issue 19 §1: a record whose `Variant` names no ruleset fails with the ruleset error; only a
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
            "game 2: FAILED: line 6: Variant: unknown game \"chess\" (known: kalah, toguz, tsoro)"
        ),
        "{stdout}"
    );
    assert!(
        lines[2].ends_with(
            "game 3: FAILED: line 11: Variant: unknown game \"Kalah\" (known: kalah, toguz, tsoro)"
        ),
        "{stdout}"
    );
    assert!(
        lines[3].ends_with("game 4: ok, 2 plies, unfinished, *"),
        "{stdout}"
    );
    assert_eq!(lines[4], "1 passed, 3 failed");
}

/// Issue 19 §3: `replay` without a file prints its usage on standard error, exit 2; `--help`
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

/// Issue 19: `solve toguz` answered "unknown game" and listed toguz among the known games.
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

/// Issue 19: a database kept by `--build-endgame` for fewer seeds than a solve wants was
/// built again from 0 seeds: the README's "build once and reuse" reused nothing. Now its
/// levels are used, the output says so, and only the levels above it are built.
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
    // Issue 19 §3: the usage went to standard output, so `picture > board.svg` wrote it
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
