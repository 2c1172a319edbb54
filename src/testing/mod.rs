//! A conformance harness for any [`Ruleset`]: random games that check every contract of the
//! trait after every ply, for the crate's games and for a ruleset written outside the crate.
//!
//! Run it from a test on your own ruleset, as OpenSpiel's `RandomSimTest` runs on a game:
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::testing;
//!
//! let report = testing::check_random_games(&Kalah::default(), 7, 4).unwrap();
//! assert_eq!(report.games, 4);
//! assert!(report.plies > 0 && report.refused > 0);
//! ```
//!
//! The module is behind the `testing` feature, which has no dependencies and is on by default
//! (a program that never tests a ruleset can leave it out with `default-features = false`).
//! It uses only the crate's public API, so what it checks is what any user can rely on.
//!
//! # What it checks
//!
//! At every position reached (see [`check_position`]):
//! - the seeds are conserved ([`SeedCount::total`](crate::SeedCount::total) equals
//!   [`total_seeds`](Ruleset::total_seeds)), the position validates, and
//!   [`hash`](Ruleset::hash) equals [`hash_from_scratch`](Ruleset::hash_from_scratch);
//! - the position text parses back to the same state (and prints the same again), through
//!   `FromStr` and [`parse_position`](Ruleset::parse_position), with the same hash;
//! - the legal moves are empty exactly when the game is over ([`outcome`](Ruleset::outcome)
//!   and [`is_over`](Ruleset::is_over) agree), hold no move twice, and
//!   [`random_move`](Ruleset::random_move) picks one of them; a final score agrees with the
//!   winner and counts no more seeds than the game has;
//! - every legal move is legal to [`is_legal`](Ruleset::is_legal) and
//!   [`illegal_reason`](Ruleset::illegal_reason), its notation reads back as the move
//!   ([`parse_move`](Ruleset::parse_move) of [`format_move`](Ruleset::format_move)), and
//!   [`play`](Ruleset::play), [`try_play`](Ruleset::try_play) and
//!   [`play_unchecked`](Ruleset::play_unchecked) give the same state, which validates, keeps
//!   every seed, has a fresh hash and round-trips as text; its [`effect`](Ruleset::effect)
//!   names the mover and whether he moves again;
//! - every other move seen in the run is refused by all of them (and has no effect), leaving
//!   the state (and a [`GameRecord`]) as it was, and its notation does not read.
//!
//! Besides, in [`check_random_games`]: the ruleset text round trip, the start position, perft
//! at sampled positions against a count made with the checked `play` (and
//! [`perft_divide`](crate::perft_divide) and [`perft_parallel`](crate::perft_parallel)
//! against [`perft`](crate::perft)), undo and redo of a [`GameRecord`] after every ply and all
//! the way back at the end, and each game written as a record ([`GameRecord::to_pgn`]) and
//! read back as the same game. With the `serde` feature, `check_random_games_serde` adds serde
//! round trips of every state, move, position (as a `Position`) and record, in a format you
//! choose. [`check_position_text`], [`check_move_text`] and [`check_ruleset_text`] check what
//! arbitrary text does (for property tests and fuzzing).
//!
//! # Failures
//!
//! The `check_*` functions return a [`Failure`] naming the broken contract ([`Check`]), the
//! ruleset, the position and the game, seed and ply; [`assert_random_games`] panics with the
//! same text, as a test wants. None of them panics on a wrong answer of the ruleset; a panic
//! inside the ruleset's own methods is passed on.

mod checker;
mod foreign;
#[cfg(test)]
mod tests;
mod timing;

use std::fmt;
use std::time::Duration;

#[cfg(feature = "serde")]
use crate::Position;
use crate::{GameRecord, RandomSource, Ruleset, SplitMix64};
use checker::Checker;
pub use foreign::{
    ForeignReport, check_foreign_pictures, check_foreign_states, check_unvalidated_state,
};
pub use timing::{Stopwatch, time_calls};

/// How much [`check_random_games_with`] does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The most plies of one game; a game cut off there is checked like a finished one.
    pub max_plies: usize,
    /// One position in `perft_every` (drawn at random) gets the perft checks; 0 for none.
    pub perft_every: u32,
    /// The deepest perft check (each sampled position gets a depth from 1 to this).
    pub perft_depth: u32,
    /// The threads [`perft_parallel`](crate::perft_parallel) is checked with.
    pub perft_threads: usize,
    /// Whether each game is played through a [`GameRecord`] (undo and redo after every ply,
    /// all the way back at the end, refused moves leave it as it was) and written and read
    /// back as a record.
    pub records: bool,
    /// With `Some(bound)`, every call to the ruleset is timed and one whose best of three
    /// runs takes longer fails with [`Check::Timing`]; the slowest call is reported in
    /// [`Report::slowest`]. `None` (the default) times nothing: timed tests are flaky on a
    /// busy machine, so keep this for benchmarks and fuzzing.
    pub call_bound: Option<Duration>,
}

impl Config {
    /// The defaults: games of up to 400 plies, perft to depth 3 at one position in 8 (on 2
    /// threads), records checked, no timing.
    pub const DEFAULT: Config = Config {
        max_plies: 400,
        perft_every: 8,
        perft_depth: 3,
        perft_threads: 2,
        records: true,
        call_bound: None,
    };
}

impl Default for Config {
    fn default() -> Self {
        Config::DEFAULT
    }
}

/// The contract a [`Failure`] found broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Check {
    /// Ruleset text does not parse back to the same ruleset, or prints differently.
    RulesetText,
    /// The seeds on the board and in the stores do not add up to the game's total.
    Seeds,
    /// A reached position does not validate, or `validate` and `parse_position` disagree.
    Validate,
    /// The incremental hash differs from the hash from scratch (or a parsed copy's hash).
    Hash,
    /// Position text does not parse back to the same state, or prints differently.
    PositionText,
    /// The legal moves are empty while the game goes on, or listed after it is over, or
    /// `is_over` and `outcome` disagree.
    GameOver,
    /// A move is listed twice.
    DuplicateMove,
    /// The outcome's score disagrees with its winner or counts more seeds than the game has.
    Outcome,
    /// `random_move` gives an illegal move, or none while moves are legal.
    RandomMove,
    /// A listed move is not legal to `is_legal` or `illegal_reason`.
    Legal,
    /// A legal move's notation does not read back as the move, or move text that reads is
    /// not legal, or a record reads it otherwise.
    MoveText,
    /// A listed move is refused, or `play`, `try_play` and `play_unchecked` disagree.
    Play,
    /// A move that is not legal is accepted, or its refusal changes the state or the record.
    Refused,
    /// A legal move's [`effect`](Ruleset::effect) is refused, or names another mover or
    /// another answer to whether he moves again; an illegal move has an effect.
    Effect,
    /// perft disagrees with a count through the checked `play`, or with `perft_divide` or
    /// `perft_parallel`.
    Perft,
    /// A [`GameRecord`] undoes or redoes to another state, or its record text does not read
    /// back as the same game.
    Record,
    /// A serde round trip gives another value or fails.
    Serde,
    /// A call took longer than [`Config::call_bound`].
    Timing,
    /// A call on a state that does not validate under the ruleset panicked or did not
    /// return, or a refused `try_play` or `play` changed it ([`check_foreign_states`]).
    Foreign,
}

impl fmt::Display for Check {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Check::RulesetText => "ruleset text round trip",
            Check::Seeds => "seed conservation",
            Check::Validate => "validation",
            Check::Hash => "incremental hash",
            Check::PositionText => "position text round trip",
            Check::GameOver => "game over exactly when no move is legal",
            Check::DuplicateMove => "no duplicate legal moves",
            Check::Outcome => "outcome and score",
            Check::RandomMove => "random move",
            Check::Legal => "listed moves are legal",
            Check::MoveText => "move notation",
            Check::Play => "play, try_play and play_unchecked agree",
            Check::Refused => "illegal moves refused, state untouched",
            Check::Effect => "move effect",
            Check::Perft => "perft",
            Check::Record => "game record",
            Check::Serde => "serde round trip",
            Check::Timing => "call time bound",
            Check::Foreign => "no panic on a state that does not validate",
        })
    }
}

/// A broken contract: what, where, and how.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{ruleset}: {check} broken: {detail}{}{}", at(.position), at_context(.context))]
pub struct Failure {
    /// The contract.
    pub check: Check,
    /// The ruleset's text.
    pub ruleset: String,
    /// The position's text, where the failure is at a position.
    pub position: Option<String>,
    /// Where in the run: the game, its seed and the ply, or the caller's context.
    pub context: String,
    /// What went wrong.
    pub detail: String,
}

fn at(position: &Option<String>) -> String {
    position
        .as_ref()
        .map_or(String::new(), |p| format!(", at {p:?}"))
}

fn at_context(context: &str) -> String {
    if context.is_empty() {
        String::new()
    } else {
        format!(" ({context})")
    }
}

/// What a run checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Plies played, over all games.
    pub plies: usize,
    /// Positions given every check.
    pub positions: usize,
    /// Legal moves checked.
    pub moves: usize,
    /// Moves checked to be refused.
    pub refused: usize,
    /// Positions whose perft was checked.
    pub perft: usize,
    /// With [`Config::call_bound`], the slowest call (best of three runs) and its name.
    pub slowest: Option<(Duration, String)>,
}

impl Report {
    fn add(&mut self, other: Report) {
        self.games += other.games;
        self.plies += other.plies;
        self.positions += other.positions;
        self.moves += other.moves;
        self.refused += other.refused;
        self.perft += other.perft;
        if let Some((d, call)) = other.slowest {
            if self.slowest.as_ref().is_none_or(|(s, _)| d > *s) {
                self.slowest = Some((d, call));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------

/// What a run checks beyond the trait: called on every position, every legal move and every
/// finished game. Each returns a failure's detail.
trait Extra<R: Ruleset> {
    fn position(&mut self, _rules: &R, _s: &R::State) -> Result<(), String> {
        Ok(())
    }
    fn legal_move(&mut self, _s: &R::State, _mv: R::Move) -> Result<(), String> {
        Ok(())
    }
    fn game(&mut self, _record: &GameRecord<R>) -> Result<(), String> {
        Ok(())
    }
}

struct Nothing;
impl<R: Ruleset> Extra<R> for Nothing {}

// ---------------------------------------------------------------------------------------------
// Random games.

/// [`check_random_games_with`] under [`Config::DEFAULT`].
///
/// # Errors
/// The first [`Failure`] met.
pub fn check_random_games<R: Ruleset>(
    rules: &R,
    seed: u64,
    games: usize,
) -> Result<Report, Failure> {
    check_random_games_with(rules, seed, games, &Config::DEFAULT)
}

/// Plays `games` random games from the start, game `g` drawing its moves with
/// [`SplitMix64`] seeded `seed + g`, and checks every contract (see the [module
/// docs](self)) after every ply.
///
/// # Errors
/// The first [`Failure`] met.
pub fn check_random_games_with<R: Ruleset>(
    rules: &R,
    seed: u64,
    games: usize,
    config: &Config,
) -> Result<Report, Failure> {
    run(rules, seed, games, config, &mut Nothing)
}

/// [`check_random_games_with`], panicking with the failure's text, as a test does; returns
/// the report otherwise.
///
/// # Panics
/// On the first broken contract, with the [`Failure`]'s text.
///
/// ```
/// use sowing::testing::{self, Config};
/// use sowing::tsoro::Tsoro;
///
/// let config = Config { max_plies: 60, ..Config::DEFAULT };
/// let report = testing::assert_random_games(&Tsoro::default(), 1, 2, &config);
/// assert!(report.positions > 2);
/// ```
pub fn assert_random_games<R: Ruleset>(
    rules: &R,
    seed: u64,
    games: usize,
    config: &Config,
) -> Report {
    check_random_games_with(rules, seed, games, config).unwrap_or_else(|f| panic!("{f}"))
}

fn run<R: Ruleset>(
    rules: &R,
    seed: u64,
    games: usize,
    config: &Config,
    extra: &mut dyn Extra<R>,
) -> Result<Report, Failure> {
    check_ruleset(rules)?;
    let mut report = Report::default();
    for g in 0..games {
        let game_seed = seed.wrapping_add(g as u64);
        let mut checker = Checker::new(rules, config, format!("game {g}, seed {game_seed}"));
        let result = random_game(&mut checker, game_seed, extra);
        report.add(checker.finish());
        result?;
        report.games += 1;
    }
    Ok(report)
}

/// The ruleset's text round trip.
fn check_ruleset<R: Ruleset>(rules: &R) -> Result<(), Failure> {
    let text = rules.to_string();
    let fail = |detail: String| Failure {
        check: Check::RulesetText,
        ruleset: text.clone(),
        position: None,
        context: String::new(),
        detail,
    };
    let back: R = text
        .parse()
        .map_err(|e| fail(format!("does not parse back: {e}")))?;
    if &back != rules {
        return Err(fail(format!("parses back as {back:?}, not {rules:?}")));
    }
    if back.to_string() != text {
        return Err(fail(format!("prints again as {back}")));
    }
    Ok(())
}

/// One random game, checked after every ply.
fn random_game<R: Ruleset>(
    c: &mut Checker<'_, R>,
    seed: u64,
    extra: &mut dyn Extra<R>,
) -> Result<(), Failure> {
    let rules = c.rules;
    let base = c.context.clone();
    let mut rng = SplitMix64::new(seed);
    let mut seen: Vec<R::Move> = Vec::new();
    let mut game = GameRecord::new(rules.clone());
    let mut state = rules.start();
    loop {
        let s = state;
        let ply = game.ply();
        c.context = format!("{base}, ply {ply}");
        let moves = c.position(&s, &seen)?;
        extra
            .position(rules, &s)
            .map_err(|d| c.fail(Check::Serde, Some(&s), d))?;
        for &mv in &moves {
            extra
                .legal_move(&s, mv)
                .map_err(|d| c.fail(Check::Serde, Some(&s), d))?;
            if !seen.contains(&mv) {
                seen.push(mv);
            }
        }
        if c.config.perft_every > 0 && rng.below(c.config.perft_every) == 0 {
            let depth = 1 + rng.below(c.config.perft_depth.max(1));
            c.perft(&s, depth)?;
        }
        if ply >= c.config.max_plies || moves.is_empty() {
            break;
        }
        let mv = rules.random_move(&s, &mut rng);
        c.ensure(
            mv.is_some_and(|m| moves.contains(&m)),
            Check::RandomMove,
            &s,
            || format!("random_move gives {mv:?} of {moves:?}"),
        )?;
        let Some(mv) = mv else { break };
        rules.play_unchecked(&mut state, mv);
        c.report.plies += 1;
        if c.config.records {
            record_ply(c, &mut game, &s, mv, &state)?;
            if game.repeats().is_some() {
                // The record holds the history: a repeated position ends the game there.
                record_repetition(c, &game)?;
                break;
            }
        }
    }
    c.context = base;
    if c.config.records {
        record_end(c, &mut game)?;
        extra
            .game(&game)
            .map_err(|d| c.fail(Check::Serde, Some(game.current()), d))?;
    }
    Ok(())
}

/// A ply through the record: it plays, undoes to the state before, redoes to the state after.
fn record_ply<R: Ruleset>(
    c: &Checker<'_, R>,
    game: &mut GameRecord<R>,
    before: &R::State,
    mv: R::Move,
    after: &R::State,
) -> Result<(), Failure> {
    let played = game.play(mv);
    c.ensure(
        played.is_ok() && game.current() == after,
        Check::Record,
        before,
        || {
            format!(
                "the record plays {mv:?} as {played:?}, reaching {}",
                game.current()
            )
        },
    )?;
    let undone = game.undo();
    c.ensure(
        undone == Some(mv) && game.current() == before,
        Check::Record,
        before,
        || format!("undo gives {undone:?} and {}", game.current()),
    )?;
    let redone = game.redo();
    c.ensure(
        redone == Some(mv) && game.current() == after,
        Check::Record,
        before,
        || format!("redo gives {redone:?} and {}", game.current()),
    )
}

/// A game that the record ends at a repeated position: it is over with the rules' outcome for
/// a repetition, and the repetition hooks agree with each other.
fn record_repetition<R: Ruleset>(c: &Checker<'_, R>, game: &GameRecord<R>) -> Result<(), Failure> {
    let rules = game.rules();
    let s = game.current();
    let position = rules.repetition_position(s);
    let outcome = rules.repetition_outcome(s);
    c.ensure(
        outcome.is_some()
            && game.outcome() == outcome
            && game.is_over()
            && game.legal_moves().is_empty()
            && position.is_some_and(|p| rules.repetition_position(&p) == Some(p)),
        Check::Record,
        s,
        || {
            format!(
                "a repetition gives the outcome {:?} (rules: {outcome:?}), over {}, legal {:?}, \
                 position {position:?}",
                game.outcome(),
                game.is_over(),
                game.legal_moves()
            )
        },
    )
}

/// The end of a game: its record text reads back as the same game, and undo goes back through
/// every recorded state to the start.
fn record_end<R: Ruleset>(c: &Checker<'_, R>, game: &mut GameRecord<R>) -> Result<(), Failure> {
    let end = *game.current();
    let text = game.to_pgn();
    let back = GameRecord::<R>::from_pgn(&text);
    c.ensure(back.as_ref() == Ok(&*game), Check::Record, &end, || {
        format!("written as {text:?}, read back as {back:?}")
    })?;
    let again = back.map(|b| b.to_pgn()).unwrap_or_default();
    c.ensure(again == text, Check::Record, &end, || {
        format!("written as {text:?}, then again as {again:?}")
    })?;
    let plies = game.ply();
    let states: Vec<R::State> = (0..=plies)
        .filter_map(|p| game.position_at(p).copied())
        .collect();
    for p in (0..plies).rev() {
        let undone = game.undo();
        c.ensure(
            undone.is_some() && game.current() == &states[p],
            Check::Record,
            &end,
            || format!("undo to ply {p} gives {}", game.current()),
        )?;
    }
    let extra = game.undo();
    c.ensure(extra.is_none(), Check::Record, &end, || {
        format!("undo past the start gives {extra:?}")
    })
}

// ---------------------------------------------------------------------------------------------
// One position, and text.

/// Every check on one position (see the [module docs](self)): its invariants, each legal
/// move, and each move of `others` that is not legal here, which must be refused. Under
/// [`Config::call_bound`] every call is timed. Only [`Config::records`] and
/// [`Config::call_bound`] of `config` apply.
///
/// # Errors
/// The first [`Failure`] met: the position does not validate, or a contract is broken.
///
/// ```
/// use sowing::kalah::{Kalah, KalahMove};
/// use sowing::testing::{self, Config};
/// use sowing::Ruleset;
///
/// let rules = Kalah::default();
/// let state = rules.parse_position("0,0,0,0,0,1/0,0,0,0,2,0 20 25 S").unwrap();
/// let report = testing::check_position(&rules, &state, &[KalahMove::Pit(1)], &Config::DEFAULT);
/// assert_eq!(report.unwrap().refused, 1);
/// ```
pub fn check_position<R: Ruleset>(
    rules: &R,
    state: &R::State,
    others: &[R::Move],
    config: &Config,
) -> Result<Report, Failure> {
    let mut c = Checker::new(rules, config, String::new());
    c.position(state, others)?;
    Ok(c.finish())
}

/// Position text, parsed: `FromStr` either refuses it, or gives a state that prints as text
/// that parses to the same state and prints the same; `validate` and
/// [`parse_position`](Ruleset::parse_position) agree. Returns the state when it validates
/// (then [`check_position`] applies to it).
///
/// # Errors
/// A [`Failure`] when a round trip or the agreement is broken (not for text that does not
/// parse or validate).
pub fn check_position_text<R: Ruleset>(
    rules: &R,
    text: &str,
    config: &Config,
) -> Result<Option<R::State>, Failure> {
    let mut c = Checker::new(rules, config, format!("position text {text:?}"));
    let Ok(state) = text.parse::<R::State>() else {
        return Ok(None);
    };
    let printed = state.to_string();
    let again = printed.parse::<R::State>();
    c.ensure(
        again.as_ref() == Ok(&state),
        Check::PositionText,
        &state,
        || format!("prints as {printed:?}, which parses as {again:?}"),
    )?;
    let verdict = c.call(&state, &|| "validate".into(), || rules.validate(&state))?;
    let by_text = rules.parse_position(text);
    c.ensure(
        verdict.is_ok() == by_text.is_ok(),
        Check::Validate,
        &state,
        || format!("validate gives {verdict:?}, parse_position {by_text:?}"),
    )?;
    if verdict.is_err() {
        return Ok(None);
    }
    c.invariants(&state)?;
    Ok(Some(state))
}

/// Move text on a validated position: text that reads is a legal move (checked as one), and
/// a [`GameRecord`] at the position reads it as the same move; text that does not read
/// leaves such a record as it was. Returns the move read.
///
/// # Errors
/// A [`Failure`] when a contract is broken (not for text that does not read).
pub fn check_move_text<R: Ruleset>(
    rules: &R,
    state: &R::State,
    text: &str,
    config: &Config,
) -> Result<Option<R::Move>, Failure> {
    let mut c = Checker::new(rules, config, format!("move text {text:?}"));
    let mut record = GameRecord::from_position(rules.clone(), *state).map_err(|e| {
        c.fail(
            Check::Validate,
            Some(state),
            format!("the record refuses the state: {e}"),
        )
    })?;
    let read = c.call(state, &|| format!("parse_move({text})"), || {
        rules.parse_move(state, text)
    })?;
    let played = record.play_text(text);
    match read {
        Ok(mv) => {
            c.legal(state, mv)?;
            c.ensure(played == Ok(mv), Check::MoveText, state, || {
                format!("reads as {mv:?}, a record reads {played:?}")
            })?;
            Ok(Some(mv))
        }
        Err(_) => {
            c.ensure(
                played.is_err() && record.current() == state && record.is_empty(),
                Check::MoveText,
                state,
                || format!("does not read, but a record plays it: {played:?}"),
            )?;
            Ok(None)
        }
    }
}

/// Ruleset text: what parses as a ruleset of type `R` prints as text that parses to the same
/// ruleset and prints the same. Returns the ruleset.
///
/// # Errors
/// A [`Failure`] when the round trip is broken (not for text that does not parse).
pub fn check_ruleset_text<R: Ruleset>(text: &str) -> Result<Option<R>, Failure> {
    match text.parse::<R>() {
        Ok(rules) => check_ruleset(&rules).map(|()| Some(rules)),
        Err(_) => Ok(None),
    }
}

// ---------------------------------------------------------------------------------------------
// serde.

/// A serde data format the harness round-trips values through (the crate depends on no
/// format: bring your own, such as `serde_json`).
///
/// ```
/// use sowing::kalah::Kalah;
/// use sowing::testing::{self, Config, SerdeFormat};
///
/// struct Json;
///
/// impl SerdeFormat for Json {
///     fn round_trip<T>(&self, value: &T) -> Result<T, String>
///     where
///         T: serde::Serialize + serde::de::DeserializeOwned,
///     {
///         let text = serde_json::to_string(value).map_err(|e| e.to_string())?;
///         serde_json::from_str(&text).map_err(|e| format!("{text}: {e}"))
///     }
/// }
///
/// let rules = Kalah::default();
/// let report = testing::check_random_games_serde(&rules, 1, 2, &Config::DEFAULT, &Json);
/// assert_eq!(report.unwrap().games, 2);
/// ```
#[cfg(feature = "serde")]
pub trait SerdeFormat {
    /// Serializes `value` and deserializes the result.
    ///
    /// # Errors
    /// Why either direction failed.
    fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(
        &self,
        value: &T,
    ) -> Result<T, String>;
}

#[cfg(feature = "serde")]
struct Serde<'f, F>(&'f F);

#[cfg(feature = "serde")]
impl<R, F> Extra<R> for Serde<'_, F>
where
    R: Ruleset<
            State: serde::Serialize + serde::de::DeserializeOwned,
            Move: serde::Serialize + serde::de::DeserializeOwned,
        >,
    F: SerdeFormat,
{
    fn position(&mut self, rules: &R, s: &R::State) -> Result<(), String> {
        let back = self.0.round_trip(s)?;
        if &back != s {
            return Err(format!("the state comes back as {back}"));
        }
        let position = Position::new(rules.clone(), *s).map_err(|e| e.to_string())?;
        let back = self.0.round_trip(&position)?;
        if back != position {
            return Err(format!("the position comes back as {back}"));
        }
        Ok(())
    }

    fn legal_move(&mut self, _s: &R::State, mv: R::Move) -> Result<(), String> {
        let back = self.0.round_trip(&mv)?;
        if back != mv {
            return Err(format!("move {mv:?} comes back as {back:?}"));
        }
        Ok(())
    }

    fn game(&mut self, record: &GameRecord<R>) -> Result<(), String> {
        let back = self.0.round_trip(record)?;
        if &back != record {
            return Err(format!("the record comes back as {back:?}"));
        }
        Ok(())
    }
}

/// [`check_random_games_with`] plus serde round trips through `format` of every state, every
/// legal move, every position (as a [`Position`]) and every game (as a [`GameRecord`], which
/// needs [`Config::records`]).
///
/// # Errors
/// The first [`Failure`] met.
#[cfg(feature = "serde")]
pub fn check_random_games_serde<R, F>(
    rules: &R,
    seed: u64,
    games: usize,
    config: &Config,
    format: &F,
) -> Result<Report, Failure>
where
    R: Ruleset<
            State: serde::Serialize + serde::de::DeserializeOwned,
            Move: serde::Serialize + serde::de::DeserializeOwned,
        >,
    F: SerdeFormat,
{
    run(rules, seed, games, config, &mut Serde(format))
}
