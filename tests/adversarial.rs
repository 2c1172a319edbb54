//! `examples/adversarial.rs` as a user runs it: the exit status says whether the worst call is
//! within the bound (exit 1 when it prints OVER, 0 when within). No timing is asserted: on a
//! start position, a bound of 0 ms is over for any call, and a bound of an hour is within.
//!
//! It runs the example binary that `cargo test` builds next to the test binaries; run the
//! whole `cargo test`, or `cargo build --examples` first, when running this file alone.

#[path = "common/example.rs"]
mod example;

use std::process::Output;

use sowing::Ruleset;
use sowing::tsoro::Tsoro;

/// Runs the built example with `args`.
fn adversarial(args: &[&str]) -> Output {
    example::run("adversarial", args)
}

/// The last line of standard output.
fn last_line(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines().last().unwrap_or_default().to_string()
}

/// A corpus file of one position, the start of `tsoro:holes=8`; returns its path and the
/// position text.
fn small_corpus(name: &str) -> (std::path::PathBuf, String) {
    let rules: Tsoro = "tsoro:holes=8".parse().unwrap();
    let start = rules.start().to_string();
    let path = std::env::temp_dir().join(format!("sowing-{name}-{}.txt", std::process::id()));
    let text = format!("# the start\nvalidates | tsoro:holes=8 | {start} | the start\n");
    std::fs::write(&path, text).unwrap();
    (path, start)
}

#[test]
fn over_the_bound_exits_1() {
    let (corpus, _) = small_corpus("adversarial-over");
    let out = adversarial(&["--corpus", corpus.to_str().unwrap(), "--bound", "0"]);
    std::fs::remove_file(&corpus).unwrap();
    let last = last_line(&out);
    assert_eq!(out.status.code(), Some(1), "{last}");
    assert!(last.starts_with("worst call: "), "{last}");
    assert!(last.contains(" ms (OVER the 0 ms bound): "), "{last}");
    // One line a corpus position, then the verdict.
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 2);
}

#[test]
fn within_the_bound_exits_0() {
    let (corpus, start) = small_corpus("adversarial-within");
    let out = adversarial(&["--corpus", corpus.to_str().unwrap(), "--bound", "3600000"]);
    std::fs::remove_file(&corpus).unwrap();
    let last = last_line(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{last} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        last.contains(" ms (within the 3600000 ms bound): "),
        "{last}"
    );
    assert!(
        last.ends_with(&format!("on the start: tsoro:holes=8 \"{start}\"")),
        "{last}"
    );
}

#[test]
fn bad_arguments_and_a_bad_corpus_exit_2() {
    for args in [
        &["--bound"][..],
        &["--bound", "-1"],
        &["--bound", "x"],
        &["--corpus", "/no/such/file"],
        &["--turned"],
    ] {
        let out = adversarial(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("adversarial: ") && err.lines().count() == 1,
            "{err}"
        );
    }
}
