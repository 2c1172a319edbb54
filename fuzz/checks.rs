//! The invariants the fuzz targets check, shared by the cargo-fuzz targets in
//! `fuzz/fuzz_targets/` and by `tests/fuzz_corpus.rs`, which replays the committed corpus and
//! every input that ever failed in `cargo test`.
//!
//! Each check takes the raw input and a [`Bound`]: the fuzz targets pass [`BOUND`] (10 ms for
//! any one call on a validated state), `cargo test` passes [`UNTIMED`] (timed tests do not
//! belong in the test suite). A broken invariant panics with the input's story.
//!
//! Input layouts (text, so the corpus stays readable and mutations stay meaningful):
//! - `ruleset`: ruleset text.
//! - `position`: `<ruleset>\n<position text>\n<choice bytes>`: text that parses but does not
//!   validate gets every call (`testing::check_unvalidated_state`: no panic, a refusal changes
//!   nothing); otherwise the position is validated,
//!   then every legal move is played and checked, and the bytes pick the moves of a walk.
//! - `move_text`: `<ruleset>\n<position text or empty for the start>\n<move text>`.
//! - `serde_json`: a JSON document, read as a record and a position of each game.
//! - `pgn`: a Toguz Kumalak PGN file.
//! - `record_pgn`: a file in the record notation of every game (`sowing::pgn`), read as a
//!   Kalah, a Toguz Kumalak, a Tsoro and an Oware file.
#![allow(dead_code)]

use std::fmt::Debug;
use std::time::{Duration, Instant};

use sowing::Ruleset;
use sowing::games::{AnyRuleset, RulesetVisitor};
use sowing::pgn::PgnGame;
use sowing::testing::{self, Config};
use sowing::toguz::{Style, Toguz, playok as pgn};

/// The longest one call may take, or `None` for no timing.
#[derive(Clone, Copy, Debug)]
pub struct Bound(pub Option<Duration>);

/// The fuzz targets' bound: every call on a validated state within 10 ms.
pub const BOUND: Bound = Bound(Some(Duration::from_millis(10)));

/// No timing (for `cargo test`).
pub const UNTIMED: Bound = Bound(None);

/// The most plies the `position` target walks.
const MAX_WALK: usize = 256;

impl Bound {
    /// The harness's configuration: every call timed against this bound.
    fn config(self) -> Config {
        Config {
            call_bound: self.0,
            ..Config::DEFAULT
        }
    }

    /// Runs `f`; if it took longer than `units` times the bound, runs it twice more and fails
    /// only if the fastest of the three is still over (one slow run on a busy machine is not
    /// a finding).
    fn time<T>(
        self,
        units: usize,
        call: &str,
        what: &dyn Fn() -> String,
        mut f: impl FnMut() -> T,
    ) -> T {
        let Some(bound) = self.0 else {
            return f();
        };
        let limit = bound * u32::try_from(units.max(1)).unwrap_or(u32::MAX);
        let start = Instant::now();
        let out = f();
        let mut best = start.elapsed();
        for _ in 0..2 {
            if best <= limit {
                break;
            }
            let start = Instant::now();
            let _ = f();
            best = best.min(start.elapsed());
        }
        assert!(
            best <= limit,
            "{}: {call} took {best:?}, over the bound of {limit:?}",
            what()
        );
        out
    }
}

/// Splits off the first `n` lines; the rest (possibly empty) is the last part.
fn split_lines(data: &[u8], n: usize) -> Option<(Vec<&str>, &[u8])> {
    let mut parts = Vec::new();
    let mut rest = data;
    for _ in 0..n {
        let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        parts.push(std::str::from_utf8(&rest[..end]).ok()?);
        rest = rest.get(end + 1..).unwrap_or(&[]);
    }
    Some((parts, rest))
}

// ---------------------------------------------------------------------------------------------
// Ruleset text.

/// Ruleset text: what parses prints as text that parses to the same ruleset (and prints the
/// same); the start position validates and holds every seed.
pub fn ruleset(data: &[u8], bound: Bound) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let story = || format!("ruleset {text:?}");
    let Ok(rules) = bound.time(1, "parse", &story, || text.parse::<AnyRuleset>()) else {
        return;
    };
    let printed = rules.to_string();
    let again: AnyRuleset = printed
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} prints as {printed:?}, which does not parse: {e}"));
    assert_eq!(
        again, rules,
        "{text:?} -> {printed:?} parses to another ruleset"
    );
    assert_eq!(
        again.to_string(),
        printed,
        "{text:?}: printing is not stable"
    );
    rules.visit(StartCheck { bound });
}

struct StartCheck {
    bound: Bound,
}

impl RulesetVisitor for StartCheck {
    type Output = ();
    fn visit<R: Ruleset>(self, rules: R) {
        let story = || format!("{rules} start");
        let start = self.bound.time(1, "start", &story, || rules.start());
        testing::check_ruleset_text::<R>(&rules.to_string()).unwrap_or_else(|f| panic!("{f}"));
        testing::check_position(&rules, &start, &[], &self.bound.config())
            .unwrap_or_else(|f| panic!("{}: {f}", story()));
    }
}

// ---------------------------------------------------------------------------------------------
// Positions and play.

/// Position text, then validate, legal moves and play (see the module docs for the layout).
pub fn position(data: &[u8], bound: Bound) {
    let Some((lines, choices)) = split_lines(data, 2) else {
        return;
    };
    let Ok(rules) = lines[0].parse::<AnyRuleset>() else {
        return;
    };
    rules.visit(Walk {
        text: lines[1],
        choices,
        bound,
    });
}

struct Walk<'a> {
    text: &'a str,
    choices: &'a [u8],
    bound: Bound,
}

impl RulesetVisitor for Walk<'_> {
    type Output = ();
    fn visit<R: Ruleset>(self, rules: R) {
        let Walk {
            text,
            choices,
            bound,
        } = self;
        let config = bound.config();
        // Moves seen anywhere on the walk: illegal candidates for the positions after.
        let mut seen: Vec<R::Move> = rules.legal_moves(&rules.start()).into_iter().collect();
        // A state that parses but does not validate (another board size, a count that cannot
        // occur): every call answers, none panics, a refusal changes nothing.
        if let Ok(parsed) = text.parse::<R::State>() {
            if rules.validate(&parsed).is_err() {
                testing::check_unvalidated_state(&rules, &parsed, &seen)
                    .unwrap_or_else(|f| panic!("{f}"));
            }
        }
        // The text round trip, and validation timed on any parsed state: it guards the rest.
        let Some(mut state) =
            testing::check_position_text(&rules, text, &config).unwrap_or_else(|f| panic!("{f}"))
        else {
            return;
        };
        let mut path: Vec<String> = Vec::new();
        for step in 0..=choices.len().min(MAX_WALK) {
            let moves: Vec<R::Move> = rules.legal_moves(&state).into_iter().collect();
            testing::check_position(&rules, &state, &seen, &config)
                .unwrap_or_else(|f| panic!("{rules}: {text:?} then {path:?}: {f}"));
            if moves.is_empty() || step == choices.len() {
                break;
            }
            let mv = moves[usize::from(choices[step]) % moves.len()];
            path.push(rules.format_move(&state, mv));
            rules.play_unchecked(&mut state, mv);
            for m in moves {
                if !seen.contains(&m) {
                    seen.push(m);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Move text.

/// Move text on a position (see the module docs for the layout): a move that reads is legal,
/// plays, and writes back as text that reads as the same move; a refused text changes nothing.
pub fn move_text(data: &[u8], bound: Bound) {
    let Some((lines, rest)) = split_lines(data, 2) else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(rules) = lines[0].parse::<AnyRuleset>() else {
        return;
    };
    rules.visit(MoveText {
        position: lines[1],
        text,
        bound,
    });
}

struct MoveText<'a> {
    position: &'a str,
    text: &'a str,
    bound: Bound,
}

impl RulesetVisitor for MoveText<'_> {
    type Output = ();
    fn visit<R: Ruleset>(self, rules: R) {
        let MoveText {
            position,
            text,
            bound,
        } = self;
        let state = if position.is_empty() {
            rules.start()
        } else {
            match rules.parse_position(position) {
                Ok(s) => s,
                Err(_) => return,
            }
        };
        testing::check_move_text(&rules, &state, text, &bound.config())
            .unwrap_or_else(|f| panic!("{f}"));
    }
}

// ---------------------------------------------------------------------------------------------
// serde JSON.

/// JSON read as a `GameRecord` and a `Position` of each game: what reads holds only valid
/// positions, and writes back as JSON that reads as the same value.
#[cfg(feature = "serde")]
pub fn serde_json(data: &[u8], bound: Bound) {
    use sowing::kalah::Kalah;
    use sowing::oware::Oware;
    use sowing::tsoro::Tsoro;
    fn one<R: Ruleset>(data: &[u8], bound: Bound) {
        let story = || format!("{} JSON {:?}", R::GAME, String::from_utf8_lossy(data));
        // A record replays its moves: one bound per move.
        let moves = data.iter().filter(|&&b| b == b',').count() + 1;
        let record = bound.time(moves, "GameRecord deserialize", &story, || {
            serde_json::from_slice::<sowing::GameRecord<R>>(data)
        });
        if let Ok(record) = record {
            for ply in 0..=record.len() {
                let state = record.position_at(ply).expect("every ply has a position");
                if let Err(e) = record.rules().validate(state) {
                    panic!("{}: ply {ply} {state} does not validate: {e}", story());
                }
            }
            assert_eq!(Some(record.current()), record.position_at(record.ply()));
            let json = serde_json::to_string(&record).expect("a record serializes");
            let again: sowing::GameRecord<R> = serde_json::from_str(&json).unwrap_or_else(|e| {
                panic!("{}: written as {json}, which does not read: {e}", story())
            });
            assert_eq!(
                again,
                record,
                "{}: written as {json}, read as another record",
                story()
            );
        }
        if let Ok(position) = serde_json::from_slice::<sowing::Position<R>>(data) {
            if let Err(e) = position.rules().validate(position.state()) {
                panic!("{}: {position} does not validate: {e}", story());
            }
            let json = serde_json::to_string(&position).expect("a position serializes");
            let again: sowing::Position<R> = serde_json::from_str(&json).unwrap_or_else(|e| {
                panic!("{}: written as {json}, which does not read: {e}", story())
            });
            assert_eq!(
                again,
                position,
                "{}: written as {json}, read as another",
                story()
            );
        }
    }
    one::<Kalah>(data, bound);
    one::<Toguz>(data, bound);
    one::<Tsoro>(data, bound);
    one::<Oware>(data, bound);
    // A bare state reads from its position text: well formed, not validated.
    fn bare<R: Ruleset + Default>(state: Result<R::State, serde_json::Error>) {
        if let Ok(state) = state {
            testing::check_position_text(&R::default(), &state.to_string(), &UNTIMED.config())
                .unwrap_or_else(|f| panic!("{f}"));
        }
    }
    bare::<Kalah>(serde_json::from_slice(data));
    bare::<Toguz>(serde_json::from_slice(data));
    bare::<Tsoro>(serde_json::from_slice(data));
    bare::<Oware>(serde_json::from_slice(data));
}

// ---------------------------------------------------------------------------------------------
// PGN.

/// A PGN file: every game that reads writes back, in either style, as text that reads as the
/// same game, and writing that again gives the same text.
pub fn pgn(data: &[u8], bound: Bound) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let story = || format!("PGN {text:?}");
    // Reading replays every move: one bound per move-sized word.
    let words = text.split_whitespace().count() + 1;
    let games = bound.time(words, "read_games", &story, || pgn::read_games(text));
    for game in games.into_iter().flatten() {
        for style in [Style::PlayOk, Style::Federation] {
            let written = pgn::write_game(&game, style);
            let again = pgn::read_game(&written).unwrap_or_else(|e| {
                panic!(
                    "{}: written as {written:?}, which does not read: {e}",
                    story()
                )
            });
            same_game(&game, &again, &written);
            assert_eq!(
                pgn::write_game(&again, style),
                written,
                "{}: writing is not stable",
                story()
            );
        }
    }
}

/// The same game: ruleset, start, moves, result, `{zero}`, comments, and every header but the
/// ones `write_game` keeps in step with the game (`Result`, `Variant`, `SetUp`, `FEN`).
fn same_game(read: &PgnGame<Toguz>, again: &PgnGame<Toguz>, written: &str) {
    assert_eq!(again.record, read.record, "{written:?}: another record");
    assert_eq!(again.result, read.result, "{written:?}: another result");
    assert_eq!(again.zero, read.zero, "{written:?}: another {{zero}}");
    assert_eq!(again.comments, read.comments, "{written:?}: other comments");
    let kept = |g: &PgnGame<Toguz>| -> Vec<(String, String)> {
        g.tags
            .iter()
            .filter(|(t, _)| !["Result", "Variant", "SetUp", "FEN"].contains(&t.as_str()))
            .cloned()
            .collect()
    };
    assert_eq!(kept(again), kept(read), "{written:?}: other headers");
    assert_eq!(
        again.tag("Result"),
        Some(again.result.token()),
        "{written:?}: the Result header is not the result"
    );
}

// ---------------------------------------------------------------------------------------------
// The record notation of every game (`sowing::pgn`).

/// A file in the record notation of [`sowing::pgn`], read under each game: a record that
/// `GameRecord::from_pgn` reads, `to_pgn` writes back as text that reads as the same record,
/// and writing that again gives the same text; every game that `read_games` reads writes back
/// (`write_game`) as text that reads as the same game, tags, result and comments included,
/// and that text is written again unchanged.
pub fn record_pgn(data: &[u8], bound: Bound) {
    use sowing::kalah::Kalah;
    use sowing::oware::Oware;
    use sowing::tsoro::Tsoro;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    record_pgn_of::<Kalah>(text, bound);
    record_pgn_of::<Toguz>(text, bound);
    record_pgn_of::<Tsoro>(text, bound);
    record_pgn_of::<Oware>(text, bound);
}

fn record_pgn_of<R: Ruleset>(text: &str, bound: Bound) {
    use sowing::GameRecord;
    use sowing::pgn as record;
    let story = || format!("{} record {text:?}", R::GAME);
    // Reading replays every action: one bound per word.
    let words = text.split_whitespace().count() + 1;
    if let Ok(game) = bound.time(words, "GameRecord::from_pgn", &story, || {
        GameRecord::<R>::from_pgn(text)
    }) {
        let written = bound.time(words, "GameRecord::to_pgn", &story, || game.to_pgn());
        let again = GameRecord::<R>::from_pgn(&written).unwrap_or_else(|e| {
            panic!(
                "{}: written as {written:?}, which does not read: {e}",
                story()
            )
        });
        assert_eq!(
            again,
            game,
            "{}: written as {written:?}, read as another record",
            story()
        );
        assert_eq!(
            again.to_pgn(),
            written,
            "{}: writing is not stable",
            story()
        );
    }
    let games = bound.time(words, "pgn::read_games", &story, || {
        record::read_games::<R>(text)
    });
    for game in games.into_iter().flatten() {
        let written = record::write_game(&game);
        let again = record::read_game::<R>(&written).unwrap_or_else(|e| {
            panic!(
                "{}: written as {written:?}, which does not read: {e}",
                story()
            )
        });
        same_record_game(&game, &again, &written);
        assert_eq!(
            record::write_game(&again),
            written,
            "{}: writing is not stable",
            story()
        );
        // Written once, the game is its own fixed point: read back, every tag is the same.
        assert_eq!(
            record::read_game::<R>(&record::write_game(&again)).map(|g| g.tags),
            Ok(again.tags.clone()),
            "{}: {written:?}: the tags change when written again",
            story()
        );
    }
}

/// The same game in the record notation: record, result, comments, and every tag but the
/// ones the writer keeps in step with the game (`Result`, `Variant`, `FEN`) and the roster's,
/// which it writes as `?` (the date as `????.??.??`) when unknown.
fn same_record_game<R: Ruleset>(
    read: &sowing::pgn::PgnGame<R>,
    again: &sowing::pgn::PgnGame<R>,
    written: &str,
) {
    assert_eq!(again.record, read.record, "{written:?}: another record");
    assert_eq!(again.result, read.result, "{written:?}: another result");
    assert_eq!(again.comments, read.comments, "{written:?}: other comments");
    let roster = ["Event", "Site", "Date", "Round", R::SIDES[0], R::SIDES[1]];
    for name in roster {
        let unknown = if name == "Date" { "????.??.??" } else { "?" };
        let want = match read.tag(name) {
            None => unknown,
            Some("?") if name == "Date" => unknown,
            Some(v) => v,
        };
        assert_eq!(again.tag(name), Some(want), "{written:?}: tag {name}");
    }
    let kept = |g: &sowing::pgn::PgnGame<R>| -> Vec<(String, String)> {
        g.tags
            .iter()
            .filter(|(t, _)| {
                !["Result", "Variant", "FEN"].contains(&t.as_str()) && !roster.contains(&t.as_str())
            })
            .cloned()
            .collect()
    };
    assert_eq!(kept(again), kept(read), "{written:?}: other tags");
    assert_eq!(
        again.tag("Result"),
        Some(again.result.token()),
        "{written:?}: the Result tag is not the result"
    );
    assert_eq!(
        again.tag("Variant"),
        Some(again.record.rules().to_string().as_str()),
        "{written:?}: the Variant tag is not the ruleset"
    );
}
