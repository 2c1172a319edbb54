//! The Rust crate's own answers for the Python package's tests (python/tests/test_games.py):
//! random games of every ruleset the conformance suite names, with fixed seeds, each ply's
//! count of legal moves, the move chosen (by `random_move` with a seed the Python test uses
//! too) in full notation, the position text and the hash after it, and the outcome.
//!
//! The games are written to `tests/data/python_games.txt`; this test checks that the file is
//! what the crate plays now (`SOWING_WRITE_PYTHON_GAMES=1 cargo test --test python_games`
//! writes it again after a deliberate change of the rules or the texts).

mod common;

use std::fmt::Write as _;

use sowing::games::{AnyRuleset, RulesetVisitor};
use sowing::kalah::{Kalah, KalahSettings};
use sowing::{GameRecord, Ruleset, SplitMix64};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/python_games.txt");

/// The most plies written of one game (a longer game is cut there, `end *`).
const MAX_PLIES: u64 = 240;

/// The rulesets: Kalah's presets and sizes, and the Toguz Kumalak, Tsoro and Oware rulesets
/// the conformance suite plays (tests/common).
fn rulesets() -> Vec<String> {
    let mut texts: Vec<String> = [
        KalahSettings::STANDARD,
        KalahSettings::EMPTY_CAPTURE,
        KalahSettings::NOVICE,
        KalahSettings::COMPETITIVE,
    ]
    .into_iter()
    .map(|s| Kalah::new(s).expect("a preset").to_string())
    .collect();
    texts.extend(
        [
            "kalah:pits=4,seeds=3",
            "kalah:pits=1,seeds=1",
            "kalah:pits=7,seeds=6,end-at-turn,leftovers-to-nobody,pie",
            "kalah:pits=3,seeds=5,empty-capture,end-at-turn",
        ]
        .into_iter()
        .chain(common::TOGUZ_RULESETS)
        .chain(common::TSORO_RULESETS)
        .chain(common::OWARE_RULESETS)
        .map(String::from),
    );
    texts
}

/// One game: `game <ruleset> <seed>`, a line a ply (`<legal moves before> <TAB> <move> <TAB>
/// <position after> <TAB> <hash after>`), `end <outcome or *>`. The move of ply `p` (from 0)
/// is `random_move` with a `SplitMix64` seeded `seed + p`. The game is played as a record,
/// which also ends it at a repeated position where the rules have such an end (Oware's small
/// boards cycle): `end` is then the record's outcome.
struct Game<'a>(&'a mut String, u64);

impl RulesetVisitor for Game<'_> {
    type Output = ();
    fn visit<R: Ruleset + sowing::Picture>(self, rules: R) {
        let Game(out, seed) = self;
        let _ = writeln!(out, "game {rules} {seed}");
        let mut state = rules.start();
        let mut record = GameRecord::new(rules.clone());
        for ply in 0..MAX_PLIES {
            if record.is_over() {
                break;
            }
            let legal = rules.legal_moves(&state).len();
            let Some(mv) = rules.random_move(&state, &mut SplitMix64::new(seed + ply)) else {
                break;
            };
            let text = rules.format_move(&state, mv);
            state = rules.play(state, mv).expect("a legal move");
            record.play(mv).expect("a legal move of the record");
            let hash = rules.hash(&state);
            let _ = writeln!(out, "{legal}\t{text}\t{state}\t{hash}");
        }
        match record.outcome() {
            Some(o) => {
                let _ = writeln!(out, "end {o}");
            }
            None => {
                let _ = writeln!(out, "end *");
            }
        }
    }
}

fn games() -> String {
    let mut out = String::from(
        "# Written by tests/python_games.rs (the Rust crate's answers); read by\n\
         # python/tests/test_games.py. Do not edit by hand.\n",
    );
    for (i, text) in rulesets().iter().enumerate() {
        let rules: AnyRuleset = text.parse().expect("a ruleset of the list");
        rules.visit(Game(&mut out, 1000 * i as u64 + 7));
    }
    out
}

#[test]
fn the_python_games_file_is_what_the_crate_plays() {
    let now = games();
    if std::env::var_os("SOWING_WRITE_PYTHON_GAMES").is_some() {
        std::fs::write(FILE, &now).expect("write the games file");
    }
    let kept = std::fs::read_to_string(FILE).unwrap_or_default();
    assert!(
        kept == now,
        "{FILE} differs from the games the crate plays now: if the change is deliberate, write \
         it again with SOWING_WRITE_PYTHON_GAMES=1 cargo test --test python_games"
    );
    assert_eq!(now.matches("\ngame ").count(), rulesets().len());
}
