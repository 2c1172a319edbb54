//! Issue 51's small defects of the tools, each run as a user runs it: `calibrate --help`,
//! `play`'s end, `analyze --jobs`, `tune --pgn` of a file without games.
//!
//! It runs the example binaries that `cargo test` builds next to the test binaries
//! (`target/<profile>/examples/`), as `tests/examples.rs` does; run the whole `cargo test`,
//! or `cargo build --examples` first, when running this file alone.

#[path = "../common/example.rs"]
mod example;

use example::run;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `calibrate --help` prints its usage and exits 0 (it once read `--help` as GAMES:
/// `Error: "GAMES: invalid digit found in string"`, exit 1).
#[test]
fn calibrate_help_prints_the_usage() {
    for flag in ["--help", "-h"] {
        let out = run("calibrate", [flag]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).starts_with("usage: calibrate [GAMES] [DEPTH] [NOISE_GAMES]"),
            "{}",
            text(&out.stdout)
        );
        assert_eq!(text(&out.stderr), "");
    }
    // A word that is no number is still refused, in one line.
    let out = run("calibrate", ["help"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "calibrate: GAMES \"help\": expected a whole number\n"
    );
}

/// `play` says "Game over" once: the last picture's own `Game over: ...` line is left out,
/// and the summary after it says how the game ended.
#[test]
fn play_says_game_over_once() {
    for rules in ["kalah", "toguz", "tsoro", "oware"] {
        let out = run(
            "play",
            [
                "--rules",
                rules,
                "--south",
                "random:seed=1",
                "--north",
                "random:seed=2",
            ],
        );
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{rules}: {}", text(&out.stderr));
        assert_eq!(stdout.matches("Game over").count(), 1, "{rules}: {stdout}");
        let lines: Vec<&str> = stdout.lines().collect();
        let n = lines.len();
        assert!(
            lines[n - 2].starts_with("Game over after "),
            "{rules}: {stdout}"
        );
        assert!(lines[n - 1].starts_with("Position: "), "{rules}: {stdout}");
    }
}

/// `analyze --jobs` takes 1 to 1,024 threads, as `selfplay --threads` does, with the same
/// words; it once took 0 and 100000 (clamped without a word).
#[test]
fn analyze_jobs_has_selfplays_bounds() {
    let record = "tests/data/toguz/federation-2016-2018.pgn";
    for jobs in ["0", "1025", "100000", "x", "-1"] {
        let out = run("analyze", [record, "--depth", "1", "--jobs", jobs]);
        assert_eq!(out.status.code(), Some(2), "--jobs {jobs}");
        assert_eq!(
            text(&out.stderr),
            format!("analyze: --jobs \"{jobs}\": expected threads 1 to 1024\n")
        );
        assert_eq!(text(&out.stdout), "");
    }
    let out = run("selfplay", ["--threads", "1025", "--out", "/dev/null"]);
    assert_eq!(
        text(&out.stderr),
        "selfplay: --threads: expected threads 1 to 1024\n"
    );
}

/// `tune --pgn` of a file with no game to learn from is refused: it once reported 0 games
/// and went on with self-play alone.
#[test]
fn tune_refuses_a_pgn_without_games() {
    let dir = std::env::temp_dir().join(format!("sowing-issue51-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let empty = dir.join("empty.pgn");
    std::fs::write(&empty, "").unwrap();
    let unfinished = dir.join("unfinished.pgn");
    std::fs::write(
        &unfinished,
        "[Variant \"kalah\"]\n[Result \"*\"]\n\n1. 3 1... 1 *\n",
    )
    .unwrap();
    for (file, rules, skipped) in [(&empty, "kalah", 0), (&unfinished, "kalah", 1)] {
        let path = file.to_str().unwrap();
        let args = [
            "--rules",
            rules,
            "--pgn",
            path,
            "--selfplay",
            "1",
            "--rounds",
            "1",
            "--nodes",
            "1",
        ];
        let out = run("tune", args);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
        assert_eq!(
            text(&out.stderr),
            format!(
                "tune: --pgn {path}: no game to learn from ({skipped} games left out: \
                 unreadable, of another game than kalah or no result)\n"
            )
        );
        assert_eq!(text(&out.stdout), "");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
