//! Replays the fuzz targets' committed seed corpus (`fuzz/corpus/<target>/`) and every input
//! that ever failed (`fuzz/regressions/<target>/`) through the same checks the fuzz targets
//! run (`fuzz/checks.rs`), without the timing bound, so `cargo test` covers them on stable;
//! and runs the PGN check on generated games (a property test).
//!
//! Inputs that still fail because their fix has not landed wait in `fuzz/pending/`, which is
//! not replayed.

#[path = "../fuzz/checks.rs"]
mod checks;

use std::path::Path;

use sowing::toguz::{Style, Toguz, playok as pgn};
use sowing::{GameRecord, Player, Ruleset, SplitMix64};

/// Runs `check` on every file of `fuzz/<folder>/<target>/`; returns how many there were.
fn replay(folder: &str, target: &str, check: Check, bound: checks::Bound) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz")
        .join(folder)
        .join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return 0;
    };
    let mut files: Vec<_> = entries
        .map(|e| e.expect("a readable folder entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for path in &files {
        let data = std::fs::read(path).expect("a readable input");
        let result = std::panic::catch_unwind(|| check(&data, bound));
        assert!(result.is_ok(), "{} fails its check", path.display());
    }
    files.len()
}

/// A target's check.
type Check = fn(&[u8], checks::Bound);

/// The targets and their checks.
fn targets() -> Vec<(&'static str, Check)> {
    #[cfg_attr(not(feature = "serde"), allow(unused_mut))]
    let mut targets: Vec<(&'static str, Check)> = vec![
        ("ruleset", checks::ruleset),
        ("position", checks::position),
        ("move_text", checks::move_text),
        ("pgn", checks::pgn),
        ("record_pgn", checks::record_pgn),
    ];
    #[cfg(feature = "serde")]
    targets.push(("serde_json", checks::serde_json));
    targets
}

/// Not a test of the suite: the tool that confirms a fuzz target's timing finding. The fuzz
/// build's coverage instrumentation makes Tsoro's relay code 5 to 11 times slower, so a call
/// over 10 ms there may take 1 ms in a plain build. This replays the corpus and the
/// regressions with the 10 ms bound; run it on a quiet machine with
/// `cargo test --release --all-features --test fuzz_corpus -- --ignored`, after copying the
/// finding into `fuzz/regressions/<target>/`.
#[test]
#[ignore = "timing: run with --release on a quiet machine"]
fn within_the_time_bound() {
    for (target, check) in targets() {
        replay("corpus", target, check, checks::BOUND);
        replay("regressions", target, check, checks::BOUND);
    }
}

/// Replays a target's corpus and regressions; the corpus must not be empty.
fn replay_target(target: &str, check: Check) {
    let seeds = replay("corpus", target, check, checks::UNTIMED);
    replay("regressions", target, check, checks::UNTIMED);
    assert!(seeds > 0, "no seed corpus for {target}");
}

#[test]
fn ruleset_corpus() {
    replay_target("ruleset", checks::ruleset);
}

#[test]
fn position_corpus() {
    replay_target("position", checks::position);
}

#[test]
fn move_text_corpus() {
    replay_target("move_text", checks::move_text);
}

#[cfg(feature = "serde")]
#[test]
fn serde_json_corpus() {
    replay_target("serde_json", checks::serde_json);
}

#[test]
fn pgn_corpus() {
    replay_target("pgn", checks::pgn);
}

#[test]
fn record_pgn_corpus() {
    replay_target("record_pgn", checks::record_pgn);
}

/// A PGN text for a random game: random headers (quotes and backslashes escaped), move
/// numbers always or only before South's moves, either move style, comments, glyphs,
/// variations, line comments, lines wrapped at random widths, and a result that agrees with
/// the rules.
fn random_pgn(seed: u64, plies: usize, decor: u64, wrap: usize, values: &[String]) -> String {
    let mut rng = SplitMix64::new(seed);
    let rules: Toguz = ["toguz", "toguz:bestemshe", "toguz:play-to-end"][(seed % 3) as usize]
        .parse()
        .expect("a Toguz ruleset");
    let mut record = GameRecord::new(rules.clone());
    let mut words = Vec::new();
    let bit = |i: u32| decor >> i & 1 == 1;
    for i in 0..plies {
        let s = *record.current();
        let Some(mv) = rules.random_move(&s, &mut rng) else {
            break;
        };
        match s.to_move() {
            Player::South => words.push(format!("{}.", s.fullmove())),
            Player::North if i == 0 || bit(0) => words.push(format!("{}...", s.fullmove())),
            Player::North => {}
        }
        let style = if bit(1 + i as u32 % 8) {
            Style::PlayOk
        } else {
            Style::Federation
        };
        words.push(rules.format_move_as(&s, mv, style));
        if bit(9 + i as u32 % 40) {
            words.push(["{a comment}", "$3", "(1. 11 {inside})", "{x}"][i % 4].into());
        }
        record.play(mv).unwrap();
    }
    let result = match record.outcome() {
        Some(o) if bit(50) => o.result_text(),
        _ => "*",
    };
    words.push(result.into());
    if rules.is_atsyz_kalu(record.current()) && result != "*" {
        words.push("{zero}".into());
    }
    let mut text = String::new();
    for (i, v) in values.iter().enumerate() {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        text.push_str(&format!("[Tag{i} \"{v}\"]\n"));
    }
    if bit(51) {
        text.push_str(&format!("[Result \"{result}\"]\n"));
    }
    if rules != Toguz::default() {
        text.push_str(&format!("[Variant \"{rules}\"]\n"));
    }
    text.push('\n');
    let mut line = 0;
    for w in words {
        if line > 0 && line + w.len() > wrap {
            text.push_str(if bit(52) { " ; a line comment\n" } else { "\n" });
            line = 0;
        } else if line > 0 {
            text.push(' ');
        }
        line += w.len() + 1;
        text.push_str(&w);
    }
    text.push('\n');
    text
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// What `read_game` accepts, `write_game` writes back (in either style) as text
    /// that reads as the same game, and writing that again gives the same text.
    #[test]
    fn pgn_write_then_read_gives_the_same_game(
        seed in 0u64..u64::MAX,
        plies in 0usize..250,
        decor in 0u64..u64::MAX,
        wrap in 8usize..120,
        values in proptest::collection::vec("[ -~]{0,10}", 0..4),
    ) {
        let text = random_pgn(seed, plies, decor, wrap, &values);
        let game = pgn::read_game(&text);
        proptest::prop_assert!(game.is_ok(), "{text}: {game:?}");
        checks::pgn(text.as_bytes(), checks::UNTIMED);
    }
}
