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
