//! MancalaGames' game files, read as they are.
//!
//! [MancalaGames](https://github.com/StoneShark/MancalaGames) describes each of its games in a
//! small JSON file: `game_class`, `game_constants` (`holes`, `nbr_start`), `game_info` (the
//! rules, one key a parameter) and `player` (its computer player's settings), sometimes with
//! named `variants`, free-text tags (`rules`, `origin`, ...) and, after the JSON object, a
//! `<text_section>` of prose. [`read`] turns such a file into the [`Description`] of the game
//! *their engine* plays from it, move for move, or refuses it with a [`MancalaGamesError`]
//! naming the first parameter, in file order, at which the file asks for something a
//! description cannot say.
//!
//! A file means what their engine does with it, even where that differs from a published
//! source. Three consequences a reader of their files may not expect:
//!
//! - Every game with their usual goal (the most seeds) ends as soon as a store holds more
//!   than half the seeds ([`End::half_wins`]); the seeds still on the board then stay there.
//! - Otherwise it ends when the player to move has no move ([`EndRule::Stuck`]), not when a
//!   row is empty: their Kalah goes on after a player empties his own row, as long as the
//!   player to move has seeds.
//! - Their engine picks the first player at random; a [`Description`] always starts with
//!   South, so a game read here is their game with South to move first.
//! - Their tests of feeding (the whole move, for an opponent without a seed) and of a
//!   grand slam (an opponent with seeds before the move) are read as [`FeedTest::Move`]
//!   ([`FeedTest::MoveSeed`] where a move takes more than one seed) and
//!   [`Captures::grand_slam_if_seeded`], so their Oware is not quite the crate's Abapa.
//! - Their relays stop where a count capture's count and side alone would take the last
//!   hole, before their grand slam rule decides what the capture takes: read as
//!   [`Sowing::relay_stops_on_count`] wherever a grand slam rule is set.
//! - Their split sowing (`sow_direct` SPLIT, as in their Alemungula) sows the mover's left
//!   half clockwise and his right half counter-clockwise, as their code does, though their
//!   parameter documentation says the reverse ([`Direction::Split`]).
//! - Without store sowing or feeding their engine ends a game once too few seeds are left
//!   for any capture ([`End::too_few`]), and a relay past 50 laps ends it
//!   ([`Sowing::max_laps`]).
//!
//! Where a game read here still differs from their engine:
//!
//! - When their relay reaches 50 laps it has already lifted the seeds of the next hole,
//!   which then count for nobody; here they stay in the hole and go by
//!   [`End::endless`] with the rest. Where their `quitter` leaves the seeds to nobody the
//!   description keeps the crate's relay, which goes on up to 1000 lifts.
//! - Their `quitter` also scores a player who quits; a description has no quitting.
//! - Their passing is made before the stuck player's turn; here at the end of the move that
//!   leaves him stuck, so a position *given* with the player to move stuck is over.
//!
//! What their engine does with each parameter, and which values are read, is listed at
//! [`read`]. Keys that do not touch the rules (`name`, `about`, `help_file`, the `player`
//! section, `variants`, `vari_params`, free-text tags, the text section) are accepted and
//! left aside; the file plays its base game, not one of its named variants.
//!
//! ```
//! use sowing::described::{mancalagames, Description, EndRule};
//! let text = r#"{
//!     "game_class": "Mancala",
//!     "game_constants": { "holes": 6, "nbr_start": 4 },
//!     "game_info": { "name": "A Kalah", "crosscapt": 1, "capt_side": 1,
//!                    "sow_stores": 1, "xcpickown": 1, "stores": true }
//! }"#;
//! let d = mancalagames::read(text).unwrap();
//! assert_eq!(d.board, Description::KALAH.board);
//! assert_eq!(d.captures, Description::KALAH.captures);
//! assert!(d.end.half_wins && d.end.rule == EndRule::Stuck);
//!
//! let err = mancalagames::read(r#"{"game_constants": {"holes": 6, "nbr_start": 4},
//!     "game_info": {"rounds": 2}}"#).unwrap_err();
//! assert_eq!(err.parameter(), Some("rounds"));
//! ```

use thiserror::Error;

use super::Allow;
use super::description::{
    Board, CannotFeed, Captures, ChainWay, Counts, Description, Direction, End, EndRule, FeedTest,
    Goal, GrandSlam, Laps, Leftovers, MAX_HOLES, MIN_HOLES, Opposite, RelayIf, Side, Sowing,
    StoreSowing,
};
use super::json::{self, Member, Spanned, Value};
use super::patterns::start_rows;
use crate::error::SettingsError;

/// Why a MancalaGames file was not read.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum MancalaGamesError {
    /// The text is not JSON (or not a JSON object followed only by a text section).
    #[error("not a game file: {message} at byte {offset}")]
    Syntax {
        /// Byte offset in the text where reading stopped.
        offset: usize,
        /// What was wrong there.
        message: &'static str,
    },
    /// A section or parameter their engine requires is not in the file.
    #[error("the file has no {0}")]
    Missing(&'static str),
    /// A parameter whose value (or whose meaning next to the file's other parameters) a
    /// [`Description`] cannot say, or that their newest engine does not know.
    #[error("{parameter} = {value} is not supported: {reason}")]
    Unsupported {
        /// The parameter's key as written (`rounds`, `game_class`, ...).
        parameter: String,
        /// Its value as written (JSON).
        value: String,
        /// What a description would need.
        reason: &'static str,
    },
    /// A value of the wrong type, or out of the range their engine accepts.
    #[error("{parameter} = {value} is out of range: expected {expected}")]
    OutOfRange {
        /// The parameter's key as written.
        parameter: String,
        /// Its value as written (JSON).
        value: String,
        /// What the parameter takes.
        expected: &'static str,
    },
    /// The description read does not check ([`Description::validate`]): more seeds than the
    /// board's counters hold, or a game no seed ever leaves.
    #[error("the game read does not check: {0}")]
    Settings(#[from] SettingsError),
}

impl MancalaGamesError {
    /// The parameter the error names, if it names one.
    pub fn parameter(&self) -> Option<&str> {
        match self {
            MancalaGamesError::Unsupported { parameter, .. }
            | MancalaGamesError::OutOfRange { parameter, .. } => Some(parameter),
            MancalaGamesError::Missing(name) => Some(name),
            _ => None,
        }
    }
}

/// A parameter's value and where its key stands in the file (its byte offset), which
/// decides which of two parameters that cannot go together is named.
#[derive(Clone, Copy, Debug)]
struct At<T> {
    value: T,
    /// `None` when the file does not give it (the engine's default).
    pos: Option<usize>,
}

impl<T> At<T> {
    const fn default(value: T) -> At<T> {
        At { value, pos: None }
    }
}

/// The parameters read, with their engine defaults.
#[derive(Clone, Debug)]
struct Params {
    holes: Option<(i64, usize)>,
    nbr_start: Option<(i64, usize)>,
    mustshare: At<bool>,
    skip_start: At<bool>,
    sow_start: At<bool>,
    move_one: At<bool>,
    evens: At<bool>,
    min_move: At<i64>,
    capt_min: At<i64>,
    capt_max: At<i64>,
    multicapt: At<i64>,
    sow_direct: At<i64>,
    sow_stores: At<i64>,
    mlaps: At<i64>,
    capt_dir: At<i64>,
    capt_side: At<i64>,
    crosscapt: At<i64>,
    xcpickown: At<i64>,
    grandslam: At<i64>,
    capt_rturn: At<i64>,
    unclaimed: At<i64>,
    quitter: At<i64>,
    end_cond: At<i64>,
    mustpass: At<bool>,
    sow_param: At<i64>,
    stores: At<bool>,
    goal: At<i64>,
    capt_on: At<Vec<i64>>,
    udir_holes: At<Vec<i64>>,
    mlap_cont: At<i64>,
    mlap_param: At<i64>,
    end_param: At<i64>,
    allow_rule: At<i64>,
    sow_rule: At<i64>,
    nosinglecapt: At<bool>,
    capt_type: At<i64>,
    pickextra: At<i64>,
    presowcapt: At<i64>,
    nocaptmoves: At<i64>,
    /// Written values of the parameters, for messages.
    texts: Vec<(usize, String, String)>,
    start_pattern: At<i64>,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            holes: None,
            nbr_start: None,
            mustshare: At::default(false),
            skip_start: At::default(false),
            sow_start: At::default(false),
            move_one: At::default(false),
            evens: At::default(false),
            min_move: At::default(1),
            capt_min: At::default(0),
            capt_max: At::default(0),
            multicapt: At::default(0),
            sow_direct: At::default(1),
            sow_stores: At::default(0),
            mlaps: At::default(0),
            capt_dir: At::default(0),
            capt_side: At::default(0),
            crosscapt: At::default(0),
            xcpickown: At::default(0),
            grandslam: At::default(0),
            capt_rturn: At::default(0),
            unclaimed: At::default(0),
            quitter: At::default(4),
            end_cond: At::default(0),
            mustpass: At::default(false),
            sow_param: At::default(0),
            stores: At::default(false),
            goal: At::default(0),
            capt_on: At::default(Vec::new()),
            udir_holes: At::default(Vec::new()),
            mlap_cont: At::default(0),
            mlap_param: At::default(0),
            end_param: At::default(0),
            allow_rule: At::default(0),
            sow_rule: At::default(0),
            nosinglecapt: At::default(false),
            capt_type: At::default(0),
            pickextra: At::default(0),
            presowcapt: At::default(0),
            nocaptmoves: At::default(0),
            texts: Vec::new(),
            start_pattern: At::default(0),
        }
    }
}

/// A refusal and the byte offset of the parameter it names: the smallest offset wins.
type Refusal = (usize, MancalaGamesError);

fn unsupported(member: &Member, reason: &'static str) -> Refusal {
    (
        member.key_offset,
        MancalaGamesError::Unsupported {
            parameter: member.key.clone(),
            value: member.value.value.to_string(),
            reason,
        },
    )
}

fn out_of_range(member: &Member, expected: &'static str) -> Refusal {
    (
        member.key_offset,
        MancalaGamesError::OutOfRange {
            parameter: member.key.clone(),
            value: member.value.value.to_string(),
            expected,
        },
    )
}

/// Python's `bool(value)`, which their reader applies to a bool parameter.
fn truthy(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.float != 0.0,
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
    }
}

/// A whole number as their reader takes one: an integer, a bool (0 or 1), or a number
/// whose value is whole (Python compares `4.0` equal to `4`).
fn whole(v: &Value) -> Option<i64> {
    match v {
        Value::Bool(b) => Some(i64::from(*b)),
        Value::Number(n) => n.int.or_else(|| {
            let f = n.float;
            (f.is_finite() && f.fract() == 0.0 && f.abs() < 9.0e15).then_some(f as i64)
        }),
        _ => None,
    }
}

fn int_param(member: &Member) -> Result<i64, Refusal> {
    whole(&member.value.value).ok_or_else(|| out_of_range(member, "a whole number"))
}

fn int_list(member: &Member) -> Result<Vec<i64>, Refusal> {
    match &member.value.value {
        Value::Array(items) => items
            .iter()
            .map(|s: &Spanned| whole(&s.value))
            .collect::<Option<Vec<i64>>>()
            .ok_or_else(|| out_of_range(member, "a list of whole numbers")),
        _ => Err(out_of_range(member, "a list of whole numbers")),
    }
}

/// Reads a bool parameter that only its default value (`false`) of is supported.
fn only_false(member: &Member, reason: &'static str) -> Result<(), Refusal> {
    if truthy(&member.value.value) {
        Err(unsupported(member, reason))
    } else {
        Ok(())
    }
}

/// Reads an enum parameter of which only the values in `ok` are supported.
fn only(member: &Member, ok: &[i64], reason: &'static str) -> Result<i64, Refusal> {
    let n = int_param(member)?;
    if ok.contains(&n) {
        Ok(n)
    } else {
        Err(unsupported(member, reason))
    }
}

const ROUNDS: &str = "games played in rounds cannot be described";
const CHILDREN: &str = "owned holes (children) cannot be described";
const NO_SIDES: &str = "boards without sides cannot be described";
const STARTS: &str = "a description starts both rows alike (start patterns that differ between the rows or are drawn at random are not read)";
const NOT_YET: &str = "a description has no such rule";

impl Params {
    fn note(&mut self, member: &Member) {
        self.texts.push((
            member.key_offset,
            member.key.clone(),
            member.value.value.to_string(),
        ));
    }

    /// Reads one `game_info` member.
    fn info(&mut self, m: &Member) -> Result<(), Refusal> {
        let pos = Some(m.key_offset);
        self.note(m);
        match m.key.as_str() {
            // Text with no effect on the rules.
            "name" | "about" | "help_file" => {}
            // Parameters that only act under a rule refused elsewhere (rounds, children,
            // special sowing): any value their engine takes is read and has no effect.
            "goal_param" | "gparam_one" | "child_cvt" => {
                int_param(m)?;
            }
            // The count of `sow_rule` 10.
            "sow_param" => {
                self.sow_param = At {
                    value: int_param(m)?,
                    pos,
                };
            }
            // The counts of `mlap_cont` and `end_cond`.
            "mlap_param" | "end_param" => {
                let at = At {
                    value: int_param(m)?,
                    pos,
                };
                if m.key == "mlap_param" {
                    self.mlap_param = at;
                } else {
                    self.end_param = at;
                }
            }
            "round_starter" | "round_fill" | "child_rule" => {
                int_param(m)?;
            }
            // Only used when a player quits or an endless relay is cut short.
            "quitter" => {
                let n = int_param(m)?;
                if !(0..=4).contains(&n) {
                    return Err(out_of_range(m, "0 to 4"));
                }
                self.quitter = At { value: n, pos };
            }
            // Whether the stores are drawn: no effect on play here.
            "stores" => {
                self.stores = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "goal" => {
                let n = only(
                    m,
                    &[0, 1, 3, 10],
                    "only the goals of the most seeds, a cleared row, deprive and immobilize can be described",
                )?;
                self.goal = At { value: n, pos };
            }
            "end_cond" => {
                let n = int_param(m)?;
                if !(0..=4).contains(&n) {
                    return Err(out_of_range(m, "0 to 4"));
                }
                self.end_cond = At { value: n, pos };
            }
            "mustpass" => {
                self.mustpass = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "rounds" => {
                only(m, &[0], ROUNDS)?;
            }
            "no_sides" => only_false(m, NO_SIDES)?,
            "blocks" => only_false(m, "closed holes cannot be described")?,
            "start_pattern" => {
                let n = only(m, &[0, 1, 2, 4, 5, 8, 11], STARTS)?;
                self.start_pattern = At { value: n, pos };
            }
            "prescribed" => {
                only(m, &[0], "prescribed openings cannot be described")?;
            }
            "play_locs" => {
                only(m, &[0], "moves from a store cannot be described")?;
            }
            "allow_rule" => {
                let n = only(
                    m,
                    &[0, 1, 2, 3, 4, 5, 6, 10, 11],
                    "restrictions on the holes played that follow the moves made so far cannot be described",
                )?;
                self.allow_rule = At { value: n, pos };
            }
            "child_type" => {
                only(m, &[0], CHILDREN)?;
            }
            "child_locs" => {
                // FIXED_ONE_RIGHT makes a child of each rightmost hole even without a
                // child type; the others act only with one.
                let n = int_param(m)?;
                if n == 11 {
                    return Err(unsupported(m, CHILDREN));
                }
            }
            "presowcapt" => {
                let n = only(
                    m,
                    &[0, 1, 3],
                    "only the capture of one seed of each lap (1) and across from a single seed lifted (3) before sowing can be described",
                )?;
                self.presowcapt = At { value: n, pos };
            }
            "sow_rule" => {
                let n = only(
                    m,
                    &[0, 3, 8, 10],
                    "of their special sowing rules only captures by the holes' owners (3), captures two out as a relay goes (8) and lap captures with the opponent taking his own (10) can be described",
                )?;
                self.sow_rule = At { value: n, pos };
            }
            "mlap_cont" => {
                let n = int_param(m)?;
                if !(0..=7).contains(&n) {
                    return Err(out_of_range(m, "0 to 7"));
                }
                self.mlap_cont = At { value: n, pos };
            }
            "visit_opp" => only_false(m, "conditions on relaying cannot be described")?,
            "moveunlock" => only_false(m, "locked holes cannot be described")?,
            "nosinglecapt" => {
                self.nosinglecapt = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "nocaptmoves" => {
                let n = int_param(m)?;
                if !(0..=254).contains(&n) {
                    return Err(out_of_range(m, "0 to 254 moves"));
                }
                self.nocaptmoves = At { value: n, pos };
            }
            "capt_type" => {
                let n = only(
                    m,
                    &[0, 2, 4, 5, 6, 7],
                    "of their other capture types only TWO_OUT (2), SINGLETONS (4), the sweep (5), the store forfeited (6) and the pull across (7) can be described",
                )?;
                self.capt_type = At { value: n, pos };
            }
            "pickextra" => {
                let n = only(
                    m,
                    &[0, 2, 3],
                    "of their extra picks only the opponent's counts (2) and the last seeds taken (3) can be described",
                )?;
                self.pickextra = At { value: n, pos };
            }
            "xc_sown" => only_false(m, NOT_YET)?,
            "mustshare" => {
                self.mustshare = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "skip_start" => {
                self.skip_start = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "sow_start" => {
                self.sow_start = At {
                    value: truthy(&m.value.value),
                    pos,
                };
            }
            "move_one" => {
                // Only acts with sow_start.
                self.move_one = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "evens" => {
                self.evens = At {
                    value: truthy(&m.value.value),
                    pos,
                }
            }
            "min_move" => {
                let n = int_param(m)?;
                if !(1..=255).contains(&n) {
                    return Err(out_of_range(m, "1 to 255 seeds"));
                }
                self.min_move = At { value: n, pos };
            }
            "capt_min" | "capt_max" => {
                let n = int_param(m)?;
                if n < 0 {
                    return Err(out_of_range(m, "0 (off) or a count"));
                }
                let at = At { value: n, pos };
                if m.key == "capt_min" {
                    self.capt_min = at;
                } else {
                    self.capt_max = at;
                }
            }
            "multicapt" => {
                // Any negative count is their unlimited chain (their count down never
                // reaches 0); 1 is a single capture.
                let n = int_param(m)?;
                self.multicapt = At { value: n, pos };
            }
            "sow_direct" => {
                let n = int_param(m)?;
                if !matches!(n, -1..=3) {
                    return Err(unsupported(
                        m,
                        "only clockwise, counter-clockwise, split, first-chooses and even/odd sowing can be described",
                    ));
                }
                self.sow_direct = At { value: n, pos };
            }
            "sow_stores" | "sow_own_store" => {
                // `sow_own_store` is the older name: true is OWN.
                let n = if m.key == "sow_own_store" {
                    i64::from(truthy(&m.value.value))
                } else {
                    int_param(m)?
                };
                if !matches!(n, 0..=4) {
                    return Err(unsupported(
                        m,
                        "another turn for a last seed in one named store of both sown cannot be described",
                    ));
                }
                self.sow_stores = At { value: n, pos };
            }
            "mlaps" => {
                let n = int_param(m)?;
                if !(0..=2).contains(&n) {
                    return Err(out_of_range(m, "0 to 2"));
                }
                self.mlaps = At { value: n, pos };
            }
            "capt_dir" | "capsamedir" => {
                // `capsamedir` is the older name: true is SOW.
                let n = if m.key == "capsamedir" {
                    i64::from(truthy(&m.value.value))
                } else {
                    int_param(m)?
                };
                if !matches!(n, 0 | 1) {
                    return Err(unsupported(m, "captures both ways cannot be described"));
                }
                self.capt_dir = At { value: n, pos };
            }
            "capt_side" | "oppsidecapt" => {
                // `oppsidecapt` is the older name: true is OPP_SIDE.
                let n = if m.key == "oppsidecapt" {
                    i64::from(truthy(&m.value.value))
                } else {
                    int_param(m)?
                };
                if !matches!(n, 0..=4) {
                    return Err(unsupported(
                        m,
                        "captures limited by territory cannot be described",
                    ));
                }
                self.capt_side = At { value: n, pos };
            }
            "crosscapt" => {
                let n = only(
                    m,
                    &[0, 1],
                    "only the capture from an empty hole's opposite can be described",
                )?;
                self.crosscapt = At { value: n, pos };
            }
            "xcpickown" => {
                let n = int_param(m)?;
                if !(0..=2).contains(&n) {
                    return Err(out_of_range(m, "0 to 2"));
                }
                self.xcpickown = At { value: n, pos };
            }
            "grandslam" => {
                let n = only(
                    m,
                    &[0, 1, 2, 4, 5, 6],
                    "this grand slam rule cannot be described (only LEGAL, NOT_LEGAL, NO_CAPT, LEAVE_LEFT, LEAVE_RIGHT and LEGAL_SHARE)",
                )?;
                self.grandslam = At { value: n, pos };
            }
            "capt_rturn" => {
                let n = only(
                    m,
                    &[0, 1],
                    "another turn for the first capture only cannot be described",
                )?;
                self.capt_rturn = At { value: n, pos };
            }
            "unclaimed" => {
                let n = int_param(m)?;
                if !(0..=4).contains(&n) {
                    return Err(out_of_range(m, "0 to 4"));
                }
                self.unclaimed = At { value: n, pos };
            }
            "capt_on" => {
                let list = int_list(m)?;
                self.capt_on = At { value: list, pos };
            }
            "udir_holes" => {
                let list = int_list(m)?;
                self.udir_holes = At { value: list, pos };
            }
            _ => return Err(unsupported(m, "not a parameter of their engine")),
        }
        Ok(())
    }

    fn constants(&mut self, m: &Member) -> Result<(), Refusal> {
        self.note(m);
        match m.key.as_str() {
            "holes" => {
                let n = int_param(m)?;
                if !(2..=21).contains(&n) {
                    return Err(out_of_range(m, "2 to 21 holes a row"));
                }
                if !(i64::from(MIN_HOLES)..=i64::from(MAX_HOLES)).contains(&n) {
                    return Err(unsupported(m, "a description has 2 to 15 holes a row"));
                }
                self.holes = Some((n, m.key_offset));
            }
            "nbr_start" => {
                let n = int_param(m)?;
                if !(1..=255).contains(&n) {
                    return Err(out_of_range(m, "1 to 255 seeds a hole"));
                }
                self.nbr_start = Some((n, m.key_offset));
            }
            _ => return Err(unsupported(m, "not a game constant of their engine")),
        }
        Ok(())
    }

    /// The direction of the sowing and the holes whose way the mover chooses, from
    /// `sow_direct` and `udir_holes` as their engine reads them: a list as long as a row
    /// makes every hole a choice (they look only at its length, the entries must then be
    /// distinct for their moves to agree), a shorter one the holes it names, counted from
    /// the mover's left; the others sow the way `sow_direct` says (their SPLIT: the left
    /// half clockwise, the right half counter-clockwise, as their code has it).
    fn direction(&self, holes: i64, refusals: &mut Vec<Refusal>) -> (Direction, u16) {
        let udir = &self.udir_holes.value;
        let mut mask = 0u32;
        if udir.len() as i64 > holes || udir.iter().any(|&i| !(0..holes.min(16)).contains(&i)) {
            refusals.push(self.pair(
                self.udir_holes.pos,
                None,
                "their engine refuses udir_holes naming holes outside the row",
            ));
        } else {
            for &i in udir {
                mask |= 1 << i;
            }
        }
        let every = !udir.is_empty() && udir.len() as i64 == holes;
        if every && i64::from(mask.count_ones()) != holes {
            refusals.push(self.pair(
                self.udir_holes.pos,
                None,
                "a udir_holes list as long as a row with a hole twice: their moves and directions disagree",
            ));
        }
        let direction = match (every, self.sow_direct.value) {
            (true, 2) => Direction::FirstChooses,
            (true, _) => Direction::Choice,
            (false, -1) => Direction::Cw,
            (false, 3) => Direction::EvenOdd,
            (false, 0) => Direction::Split,
            _ => Direction::Ccw,
        };
        if direction == Direction::Split && holes % 2 == 1 && mask >> (holes / 2) & 1 == 0 {
            refusals.push(self.pair(
                self.sow_direct.pos,
                self.udir_holes.pos,
                "their engine refuses SPLIT on an odd row without the middle hole in udir_holes",
            ));
        }
        if !every && self.sow_direct.value == 2 {
            refusals.push(self.pair(
                self.sow_direct.pos,
                self.udir_holes.pos,
                "their engine alternates the ways (PLAYALTDIR) only when every hole is in udir_holes",
            ));
        }
        let choice_holes = if every { 0 } else { mask as u16 };
        (direction, choice_holes)
    }

    /// The refusal for two parameters that cannot go together, named by the later of them
    /// in the file (the point where reading it in order stops being describable).
    /// Under DEPRIVE or IMMOBILIZE, the first parameter that would let a move empty the
    /// board (the position then no longer shows the outcome) or that their own end ignores,
    /// paired with `goal`.
    fn eliminate_refusal(&self, basic_pos: Option<usize>, cross: bool) -> Option<Refusal> {
        let against = [
            (self.sow_stores.value != 0, self.sow_stores.pos),
            (basic_pos.is_some(), basic_pos),
            (cross && self.xcpickown.value != 0, self.xcpickown.pos),
            (self.capt_type.value != 0, self.capt_type.pos),
            (self.pickextra.value != 0, self.pickextra.pos),
            (self.sow_rule.value != 0, self.sow_rule.pos),
            (self.presowcapt.value != 0, self.presowcapt.pos),
            (self.mustshare.value, self.mustshare.pos),
            (self.mustpass.value, self.mustpass.pos),
            (self.end_cond.value != 0, self.end_cond.pos),
            (
                self.goal.value == 10 && self.capt_rturn.value != 0,
                self.capt_rturn.pos,
            ),
        ]
        .into_iter()
        .find(|&(refused, _)| refused)?;
        Some(self.pair(
            self.goal.pos,
            against.1,
            "their goals DEPRIVE and IMMOBILIZE are described only without store sowing, feeding, passing, an extra end condition, another turn (IMMOBILIZE) or a capture but the cross capture that leaves the last seed",
        ))
    }

    fn pair(&self, a: Option<usize>, b: Option<usize>, reason: &'static str) -> Refusal {
        let pos = a.max(b).unwrap_or(0);
        let (parameter, value) = self
            .texts
            .iter()
            .find(|(p, _, _)| *p == pos)
            .map(|(_, k, v)| (k.clone(), v.clone()))
            .unwrap_or_else(|| ("game_info".to_string(), String::new()));
        (
            pos,
            MancalaGamesError::Unsupported {
                parameter,
                value,
                reason,
            },
        )
    }

    /// The relay's extra condition (`mlap_cont` with `mlap_param`), and the refusal of a
    /// combination their engine refuses or a description cannot say.
    fn relay_if(&self, relay: bool) -> (RelayIf, Option<Refusal>) {
        let (cont, param) = (self.mlap_cont.value, self.mlap_param.value);
        let refuse = |b: Option<usize>, reason| self.pair(self.mlap_cont.pos, b, reason);
        if cont != 0 && !relay {
            let why = "their engine refuses a lap condition without lap sowing";
            return (RelayIf::Any, Some(refuse(self.mlaps.pos, why)));
        }
        let next = self.mlaps.value == 2;
        // Without another turn for a last seed in a store, their relay sows on from that
        // store unless told to stop there; a description's stops.
        let stops_in_store = cont == 6 || (cont == 7 && !next);
        if relay && matches!(self.sow_stores.value, 3 | 4) && !stops_in_store {
            let why = "their relay sows on from the store its last seed fell in; a description's stops there";
            let refusal = self.pair(
                self.mlaps.pos.max(self.mlap_cont.pos),
                self.sow_stores.pos,
                why,
            );
            return (RelayIf::Any, Some(refusal));
        }
        if matches!(cont, 6 | 7) && self.sow_stores.value == 0 {
            let why = "their engine refuses a store condition on laps without store sowing";
            return (RelayIf::Any, Some(refuse(self.sow_stores.pos, why)));
        }
        let count = match u8::try_from(param) {
            Ok(n @ 1..) => Some(n),
            _ => None,
        };
        let rule = match (cont, count) {
            (1, Some(n)) => RelayIf::Exactly(n),
            (2, Some(n)) => RelayIf::AtLeast(n),
            (1 | 2, None) => {
                let why = "a lap condition on a count needs mlap_param from 1 to 255";
                return (RelayIf::Any, Some(refuse(self.mlap_param.pos, why)));
            }
            (3, _) => RelayIf::OwnRow,
            (4, _) => RelayIf::OpponentRow,
            (5, _) => RelayIf::VisitedOpponent,
            // A description's relay never sows on from a store its last seed fell in.
            (7, _) if next => RelayIf::NotFromStore,
            _ => RelayIf::Any,
        };
        (rule, None)
    }

    /// The [`Allow`] rule of `allow_rule`, refusing a rule that follows the sowing where
    /// the way is not fixed, or that looks at the next hole where a store may be next.
    fn allow(
        &self,
        direction: Direction,
        stores: StoreSowing,
        refusals: &mut Vec<Refusal>,
    ) -> Allow {
        let allow = match self.allow_rule.value {
            1 => Allow::OpponentOrEmpty,
            2 => Allow::SingleToEmpty,
            3 => Allow::SinglesLast,
            4 => Allow::SinglesLastToEmpty,
            5 => Allow::TwosLast,
            6 => Allow::TwosLastRightmost,
            10 => Allow::NotOppositeSingle,
            11 => Allow::Occupied,
            _ => Allow::Any,
        };
        if allow.follows_the_sowing()
            && (matches!(
                direction,
                Direction::Choice | Direction::EvenOdd | Direction::Split
            ) || !self.udir_holes.value.is_empty())
        {
            refusals.push(self.pair(
                self.allow_rule.pos,
                self.sow_direct.pos.max(self.udir_holes.pos),
                "a restriction on the holes played that follows the sowing is described only for one fixed way",
            ));
        }
        if matches!(allow, Allow::SingleToEmpty | Allow::SinglesLastToEmpty)
            && stores != StoreSowing::None
        {
            refusals.push(self.pair(
                self.allow_rule.pos,
                self.sow_stores.pos,
                "their single-seed restriction next to a sown store cannot be described",
            ));
        }
        allow
    }

    /// The refusals of `sow_rule` 10 (LAP_CAPT_OPP_GETS, read as
    /// [`Sowing::lap_captures_opp_gets`]) next to the file's other parameters.
    fn lap_captures(&self, refusals: &mut Vec<Refusal>, counting: bool) {
        if self.sow_rule.value != 10 {
            return;
        }
        let against = if self.mlaps.value != 1 {
            Some((
                self.mlaps.pos,
                "their lap captures are described only with mlaps 1",
            ))
        } else if !(1..=255).contains(&self.sow_param.value) {
            Some((
                self.sow_param.pos,
                "the opponent's taking is described for 1 to 255 seeds left (sow_param)",
            ))
        } else if !counting
            || self.crosscapt.value != 0
            || self.capt_type.value != 0
            || self.pickextra.value != 0
        {
            Some((
                self.capt_on
                    .pos
                    .max(self.crosscapt.pos)
                    .max(self.capt_type.pos)
                    .max(self.pickextra.pos),
                "lap captures are described only with a count capture alone",
            ))
        } else if !self.stores.value {
            Some((
                self.stores.pos,
                "without stores their lap captures also stop where the opponent has no seeds",
            ))
        } else if self.sow_stores.value != 0 || self.mlap_cont.value != 0 {
            Some((
                self.sow_stores.pos.max(self.mlap_cont.pos),
                "lap captures are described without store sowing or mlap_cont",
            ))
        } else if self.grandslam.value != 0 || self.capt_rturn.value != 0 {
            Some((
                self.grandslam.pos.max(self.capt_rturn.pos),
                "the opponent's taking counts as a capture in their grand slam and repeat turn tests",
            ))
        } else if self.nocaptmoves.value != 0
            || self.presowcapt.value != 0
            || self.sow_start.value
            || self.multicapt.value >= 2
        {
            Some((
                self.nocaptmoves
                    .pos
                    .max(self.presowcapt.pos)
                    .max(self.sow_start.pos)
                    .max(self.multicapt.pos),
                "lap captures are described without nocaptmoves, presowcapt, sow_start or a bounded multicapt",
            ))
        } else {
            None
        };
        if let Some((pos, reason)) = against {
            refusals.push(self.pair(self.sow_rule.pos, pos, reason));
        }
    }

    /// The refusals of the rarer captures (`sow_rule` 3, `capt_type` 7, `nosinglecapt`,
    /// `pickextra` 3, `capt_side` 3 and 4) next to the file's other parameters.
    fn rarer_captures(
        &self,
        refusals: &mut Vec<Refusal>,
        counting: bool,
        relay: bool,
        continued: bool,
    ) {
        let basic_pos = [
            self.capt_on.pos.filter(|_| !self.capt_on.value.is_empty()),
            self.evens.pos.filter(|_| self.evens.value),
            self.capt_min.pos.filter(|_| self.capt_min.value > 0),
            self.capt_max.pos.filter(|_| self.capt_max.value > 0),
        ]
        .into_iter()
        .flatten()
        .min();
        let mut refuse = |a: Option<usize>, b: Option<usize>, reason: &'static str| {
            refusals.push(self.pair(a, b, reason));
        };
        if continued && relay {
            refuse(
                self.capt_side.pos,
                self.mlaps.pos,
                "their relay's stop test asks the side of a hole by the last capture's start; a description's cannot say it",
            );
        }
        if self.sow_rule.value == 3 {
            let against = if !counting {
                Some((
                    basic_pos,
                    "captures by the holes' owners need a count capture",
                ))
            } else if self.capt_side.value != 0 {
                Some((
                    self.capt_side.pos,
                    "captures by the holes' owners are described only on either side (capt_side 0)",
                ))
            } else if self.sow_stores.value != 0 {
                Some((
                    self.sow_stores.pos,
                    "their sowing with captures by the holes' owners sows no store",
                ))
            } else if self.grandslam.value != 0 {
                Some((
                    self.grandslam.pos,
                    "their engine takes captures by the holes' owners only with grand slams LEGAL",
                ))
            } else {
                None
            };
            if let Some((pos, reason)) = against {
                refuse(self.sow_rule.pos, pos, reason);
            }
        }
        if self.sow_rule.value == 8 {
            // Their LAP_CAPT: each relayed lap that ends in a hole of seeds first makes the
            // move's capture from it. Described for the capture two out alone.
            let against = if self.capt_type.value != 2 || self.crosscapt.value != 0 {
                Some((
                    self.capt_type.pos.max(self.crosscapt.pos),
                    "captures as a relay goes are described only with the capture two out",
                ))
            } else if self.mlaps.value != 1 || self.mlap_cont.value != 0 {
                Some((
                    self.mlaps.pos.max(self.mlap_cont.pos),
                    "captures as a relay goes are described only with mlaps 1 and no mlap_cont",
                ))
            } else if self.grandslam.value != 0
                || self.capt_rturn.value != 0
                || self.nocaptmoves.value != 0
                || self.nosinglecapt.value
                || self.pickextra.value != 0
                || self.sow_stores.value != 0
            {
                Some((
                    [
                        self.grandslam.pos,
                        self.capt_rturn.pos,
                        self.nocaptmoves.pos,
                        self.nosinglecapt.pos,
                        self.pickextra.pos,
                        self.sow_stores.pos,
                    ]
                    .into_iter()
                    .flatten()
                    .max(),
                    "captures as a relay goes are described without a grand slam rule, another turn, a bar on captures, nosinglecapt, pickextra or store sowing",
                ))
            } else {
                None
            };
            if let Some((pos, reason)) = against {
                refuse(self.sow_rule.pos, pos, reason);
            }
        }
        if self.capt_type.value == 7 {
            let against = if counting || self.crosscapt.value != 0 {
                Some((
                    basic_pos.max(self.crosscapt.pos),
                    "the pull across is described without count or cross captures",
                ))
            } else if self.capt_side.value != 1 {
                Some((
                    self.capt_side.pos,
                    "the pull across is described only into the mover's own row (capt_side OPP_SIDE)",
                ))
            } else if self.multicapt.value == -1 {
                Some((
                    self.multicapt.pos,
                    "a chain of pulls across cannot be described",
                ))
            } else if self.grandslam.value != 0 {
                Some((
                    self.grandslam.pos,
                    "a grand slam rule on the pull across cannot be described",
                ))
            } else {
                None
            };
            if let Some((pos, reason)) = against {
                refuse(self.capt_type.pos, pos, reason);
            }
        }
        if self.capt_type.value == 6 {
            let against = if counting || self.crosscapt.value != 0 {
                Some((
                    basic_pos.max(self.crosscapt.pos),
                    "the store forfeited is described without count or cross captures",
                ))
            } else if matches!(self.capt_side.value, 3 | 4) {
                Some((
                    self.capt_side.pos,
                    "the store forfeited is described only for capt_side 0 to 2",
                ))
            } else if self.multicapt.value != 0 {
                Some((
                    self.multicapt.pos,
                    "their engine takes no chain with the store forfeited",
                ))
            } else if self.grandslam.value != 0 {
                Some((
                    self.grandslam.pos,
                    "a grand slam rule on the store forfeited cannot be described",
                ))
            } else if self.nocaptmoves.value != 0 {
                Some((
                    self.nocaptmoves.pos,
                    "moves without the store forfeited cannot be described",
                ))
            } else {
                None
            };
            if let Some((pos, reason)) = against {
                refuse(self.capt_type.pos, pos, reason);
            }
        }
        if self.capt_type.value == 4 {
            let against = if counting || self.crosscapt.value != 0 {
                Some((
                    basic_pos.max(self.crosscapt.pos),
                    "the single seeds taken are described without count or cross captures",
                ))
            } else if matches!(self.capt_side.value, 3 | 4) {
                Some((
                    self.capt_side.pos,
                    "the single seeds taken are described only for capt_side 0 to 2",
                ))
            } else if self.multicapt.value != 0 {
                Some((
                    self.multicapt.pos,
                    "their engine takes no chain with SINGLETONS",
                ))
            } else if self.grandslam.value != 0 {
                Some((
                    self.grandslam.pos,
                    "a grand slam rule on the single seeds taken cannot be described",
                ))
            } else if self.nocaptmoves.value != 0 {
                Some((
                    self.nocaptmoves.pos,
                    "moves without the single seeds taken cannot be described",
                ))
            } else {
                None
            };
            if let Some((pos, reason)) = against {
                refuse(self.capt_type.pos, pos, reason);
            }
        }
        if self.capt_type.value == 5 || self.pickextra.value == 2 {
            let against = if self.capt_type.value != 5 || self.pickextra.value != 2 {
                Some((
                    self.capt_type.pos.max(self.pickextra.pos),
                    "their CAPT_OPP_1CCW is described only with PICKOPPBASIC, and PICKOPPBASIC only with it",
                ))
            } else if basic_pos.is_none() || self.crosscapt.value != 0 {
                Some((
                    basic_pos.max(self.crosscapt.pos),
                    "the sweep is described by count captures alone",
                ))
            } else if self.capt_side.value > 1 {
                Some((
                    self.capt_side.pos,
                    "the sweep is described only for capt_side 0 and 1",
                ))
            } else if self.multicapt.value != 0 {
                Some((self.multicapt.pos, "a chain of sweeps cannot be described"))
            } else if self.grandslam.value != 0 {
                Some((
                    self.grandslam.pos,
                    "a grand slam rule on the sweep cannot be described",
                ))
            } else if self.nocaptmoves.value != 0 {
                Some((
                    self.nocaptmoves.pos,
                    "moves without the sweep cannot be described",
                ))
            } else if self.capt_rturn.value != 0 {
                Some((
                    self.capt_rturn.pos,
                    "their sweep gives another turn even when it takes nothing: not described",
                ))
            } else {
                None
            };
            if let Some((pos, reason)) = against {
                refuse(self.capt_type.pos.max(self.pickextra.pos), pos, reason);
            }
        }
        if self.nosinglecapt.value {
            if relay {
                refuse(
                    self.nosinglecapt.pos,
                    self.mlaps.pos,
                    "no capture after a single seed is described only with one lap",
                );
            }
            if self.grandslam.value == 1 {
                refuse(
                    self.nosinglecapt.pos,
                    self.grandslam.pos,
                    "no capture after a single seed with grand slams NOT_LEGAL cannot be described",
                );
            }
        }
        if self.pickextra.value == 3 {
            if self.grandslam.value != 0 {
                refuse(
                    self.pickextra.pos,
                    self.grandslam.pos,
                    "their grand slam test counts the last seeds taken; a description's does not",
                );
            }
            if self.capt_side.value != 0 && self.crosscapt.value == 0 {
                refuse(
                    self.pickextra.pos,
                    self.capt_side.pos,
                    "their last seeds are counted on the capturing side only; a description counts the board",
                );
            }
        }
    }

    /// Builds the description from the parameters read, or the first combination (by
    /// position) that cannot be described.
    fn describe(&self) -> Result<Description, Refusal> {
        let mut refusals: Vec<Refusal> = Vec::new();
        let (holes, _) = self.holes.unwrap_or((6, 0));
        let (seeds, _) = self.nbr_start.unwrap_or((4, 0));
        let rows = match start_rows(self.start_pattern.value, holes as usize, seeds as u8) {
            Ok(rows) => rows,
            Err(reason) => {
                refusals.push(self.pair(
                    self.start_pattern.pos,
                    self.holes.map(|(_, pos)| pos),
                    reason,
                ));
                None
            }
        };
        // Their count of seeds in all, which their early end compares with.
        let total = match &rows {
            Some((south, north)) => south.iter().chain(north).map(|&n| i64::from(n)).sum(),
            None => 2 * holes * seeds,
        };
        let start = rows.map(|(south, _)| south);
        let north_start = rows.and_then(|(south, north)| (north != south).then_some(north));

        // Sowing.
        let (direction, choice_holes) = self.direction(holes, &mut refusals);
        let (stores, again_on_store) = match self.sow_stores.value {
            1 => (StoreSowing::Own, true),
            3 => (StoreSowing::Own, false),
            2 | 4 => (StoreSowing::Both, self.sow_stores.value == 2),
            _ => (StoreSowing::None, false),
        };
        let relay = self.mlaps.value != 0;
        let (relay_if, relay_refusal) = self.relay_if(relay);
        refusals.extend(relay_refusal);
        let mut sowing = Sowing {
            direction,
            laps: match self.mlaps.value {
                1 => Laps::Relay,
                2 => Laps::Next,
                _ => Laps::One,
            },
            skip_origin: self.skip_start.value,
            stores,
            min_seeds: self.min_move.value as u8,
            max_laps: None,
            relay_if,
            relay_stops_on_count: false,
            allow: self.allow(direction, stores, &mut refusals),
            owner_captures: self.sow_rule.value == 3,
            sow_start: self.sow_start.value,
            move_one: self.sow_start.value && self.move_one.value,
            take_one: self.presowcapt.value == 1,
            choice_holes,
            single_takes_across: self.presowcapt.value == 3,
            lap_captures_opp_gets: (self.sow_rule.value == 10)
                .then(|| self.sow_param.value.clamp(0, 255) as u8),
        };
        if self.presowcapt.value == 3 && (self.sow_start.value || self.mlaps.value != 0) {
            refusals.push(self.pair(
                self.presowcapt.pos,
                self.sow_start.pos.max(self.mlaps.pos),
                "their capture across from a single seed drawn is described only for one lap without sow_start",
            ));
        }

        // The count capture: their basic capture, every condition ANDed.
        let capt_on = &self.capt_on.value;
        let basic = !capt_on.is_empty()
            || self.evens.value
            || self.capt_min.value > 0
            || self.capt_max.value > 0;
        let basic_pos = [
            self.capt_on.pos.filter(|_| !capt_on.is_empty()),
            self.evens.pos.filter(|_| self.evens.value),
            self.capt_min.pos.filter(|_| self.capt_min.value > 0),
            self.capt_max.pos.filter(|_| self.capt_max.value > 0),
        ]
        .into_iter()
        .flatten()
        .min();
        let captures_at = |n: i64| {
            (capt_on.is_empty() || capt_on.contains(&n))
                && (!self.evens.value || n % 2 == 0)
                && (self.capt_min.value == 0 || n >= self.capt_min.value)
                && (self.capt_max.value == 0 || n <= self.capt_max.value)
        };
        let mut mask = 0u64;
        // Every even count the board can reach and no other: `evens` says it past 63 too.
        let all_evens = basic && (1..=total.max(1)).all(|n| captures_at(n) == (n % 2 == 0));
        if basic && !all_evens {
            for n in 1..64 {
                if captures_at(n) {
                    mask |= 1 << n;
                }
            }
            if (64..=total).any(captures_at) {
                let last = [
                    self.capt_on.pos,
                    self.evens.pos,
                    self.capt_min.pos,
                    self.capt_max.pos,
                ]
                .into_iter()
                .flatten()
                .max();
                refusals.push(self.pair(
                    last,
                    None,
                    "a description's capture counts stop at 63 seeds",
                ));
            }
        }
        let counts = if all_evens {
            Counts::EVENS
        } else {
            Counts { mask, evens: false }
        };
        // Their CAPT_OPP_1CCW with PICKOPPBASIC: the counts sweep the opponent's row, and
        // the count capture at the last hole is never made.
        let swept = self.capt_type.value == 5 && self.pickextra.value == 2;
        let sweep_counts = if swept { counts } else { Counts::NONE };
        let counts = if swept { Counts::NONE } else { counts };
        let counting = !counts.is_empty();
        let cross = self.crosscapt.value == 1;
        // A chain: unlimited (negative) or of at most `multicapt` captures.
        let multi = self.multicapt.value < 0 || self.multicapt.value >= 2;
        // Their capture two out replaces the base capture (cross or count), which is then
        // never made; their counts still decide the early end (`too_few`).
        let two_out = self.capt_type.value == 2;
        if two_out {
            // Their chain of captures two out goes onward, the sowing's way (`capt_dir` 1,
            // which their engine asks of the capture two out), each hole taken the start of
            // the next; their sides that change along a chain (3, 4) are not described.
            let against = if multi && matches!(self.capt_side.value, 3 | 4) {
                Some(self.multicapt.pos.max(self.capt_side.pos))
            } else if cross {
                Some(self.crosscapt.pos)
            } else if self.capt_dir.value == 2 {
                Some(self.capt_dir.pos)
            } else if !matches!(self.grandslam.value, 0..=2) {
                Some(self.grandslam.pos)
            } else {
                None
            };
            if let Some(pos) = against {
                refusals.push(self.pair(
                    self.capt_type.pos,
                    pos,
                    "the capture two out is described in the sowing's way, without an opposite capture, a chain whose side changes or a grand slam rule other than 0 to 2",
                ));
            }
        }
        // Whether a capture is made at all, whose grand slam and side rules then hold.
        let capturing = counting || two_out;

        if cross && basic {
            refusals.push(self.pair(
                self.crosscapt.pos,
                basic_pos,
                "a capture from the opposite hole limited by counts cannot be described",
            ));
        }
        if cross && self.capt_side.value != 1 {
            refusals.push(self.pair(
                self.crosscapt.pos,
                self.capt_side.pos,
                "the opposite capture is described only from the mover's own row (capt_side OPP_SIDE)",
            ));
        }
        if cross && multi {
            refusals.push(self.pair(
                self.crosscapt.pos,
                self.multicapt.pos,
                "a chain of opposite captures cannot be described",
            ));
        }
        if cross && self.grandslam.value != 0 {
            refusals.push(self.pair(
                self.crosscapt.pos,
                self.grandslam.pos,
                "a grand slam rule on opposite captures cannot be described",
            ));
        }
        let side = match self.capt_side.value {
            0 => Side::Either,
            2 | 4 => Side::Own,
            _ => Side::Opponent,
        };
        // OPP_CONT, OWN_CONT: the first hole's side, a chain going on into the other row.
        let continued = matches!(self.capt_side.value, 3 | 4);
        let chain = counting && multi && !two_out;
        if chain {
            if self.capt_dir.value != 0 {
                refusals.push(self.pair(
                    self.multicapt.pos,
                    self.capt_dir.pos,
                    "a chain of captures onward, with the sowing, cannot be described",
                ));
            }
            if continued && !matches!(self.grandslam.value, 0..=2) {
                refusals.push(self.pair(
                    self.multicapt.pos.max(self.capt_side.pos),
                    self.grandslam.pos,
                    "a grand slam rule other than LEGAL, NOT_LEGAL and NO_CAPT on a chain round both rows cannot be described",
                ));
            }
            // Without a relay the opponent's row only gains seeds in the sowing: a chain
            // round both rows empties it exactly when it takes his every seed, as their
            // NOT_LEGAL asks; their other rules undo or redo captures of both rows.
            if side == Side::Either && !matches!(self.grandslam.value, 0 | 1) {
                refusals.push(self.pair(
                    self.multicapt.pos.max(self.capt_side.pos),
                    self.grandslam.pos,
                    "a grand slam rule on a chain round both rows cannot be described",
                ));
            }
            if stores != StoreSowing::None {
                refusals.push(self.pair(
                    self.multicapt.pos,
                    self.sow_stores.pos,
                    "their chain steps through the sown store; a description's does not",
                ));
            }
        }
        // Where the mover chooses, their chain goes against the direction configured, when
        // that is one way (clockwise or counter-clockwise) for the whole game.
        let chooses =
            matches!(direction, Direction::Choice | Direction::FirstChooses) || choice_holes != 0;
        if chain && direction == Direction::FirstChooses {
            refusals.push(self.pair(
                self.multicapt.pos,
                self.sow_direct.pos,
                "which way their chain goes once PLAYALTDIR has fixed the ways is not described",
            ));
        }
        let chain_way = match (chain, chooses, self.sow_direct.value) {
            (true, true, -1) => ChainWay::Ccw,
            (true, true, 1) => ChainWay::Cw,
            // Their even/odd and split directions are not one way for the game: against the
            // sowing.
            _ => ChainWay::Back,
        };
        if chooses && self.grandslam.value == 1 {
            refusals.push(self.pair(
                self.grandslam.pos,
                self.udir_holes.pos,
                "their engine refuses a grand slam NOT_LEGAL with udir_holes",
            ));
        }
        let grand_slam = if !capturing {
            GrandSlam::NoCapture
        } else {
            match self.grandslam.value {
                1 => GrandSlam::Illegal,
                2 => GrandSlam::NoCapture,
                // They keep one hole of the opponent's, whatever the move sowed: his last
                // (LEAVE_LEFT, the mover's left) or his first (LEAVE_RIGHT), from his left.
                // That is the first of his holes the sowing enters when it goes that way.
                4 if direction == Direction::Cw && choice_holes == 0 => GrandSlam::LeaveFirst,
                5 if direction == Direction::Ccw && choice_holes == 0 => GrandSlam::LeaveFirst,
                4 | 5 => {
                    refusals.push(self.pair(
                        self.grandslam.pos,
                        self.sow_direct.pos.max(self.udir_holes.pos),
                        "leaving the opponent's leftmost (rightmost) hole is the first sown only when sowing clockwise (counter-clockwise)",
                    ));
                    GrandSlam::LeaveFirst
                }
                _ => GrandSlam::Capture,
            }
        };
        // Their relay stops where the count alone would capture, whatever the grand slam
        // rule then does.
        sowing.relay_stops_on_count = counting && relay && self.grandslam.value != 0;
        let opposite = match (cross, self.xcpickown.value) {
            (false, _) => Opposite::Off,
            (true, 0) => Opposite::WithoutSeed,
            (true, _) => Opposite::WithSeed,
        };
        let captures = Captures {
            // Their capture two out tests the hole taken for its side only, never a count.
            counts: if two_out { Counts::NONE } else { counts },
            side: if capturing || matches!(self.capt_type.value, 4 | 6) {
                side
            } else {
                Side::Opponent
            },
            // A chain of captures two out goes onward, hole after hole taken.
            chain: chain || (two_out && multi),
            chain_rows: chain && (side == Side::Either || continued),
            chain_way,
            grand_slam,
            // Their grand slam needs an opponent with seeds before the move.
            grand_slam_always_illegal: capturing && self.grandslam.value == 1,
            grand_slam_if_seeded: capturing,
            opposite,
            opposite_empty: cross && self.xcpickown.value == 2,
            again_on_store,
            again_on_capture: self.capt_rturn.value == 1,
            // LEGAL_SHARE: the grand slam captures and the mover moves again.
            grand_slam_again: counting && self.grandslam.value == 6,
            pull_across: self.capt_type.value == 7,
            no_single_capture: self.nosinglecapt.value,
            take_last: (self.pickextra.value == 3).then_some(seeds.clamp(1, 255) as u8),
            two_out,
            lap_capture: self.sow_rule.value == 8,
            forfeit_store: self.capt_type.value == 6,
            sweep_counts,
            take_singles: self.capt_type.value == 4,
            again_either_store: self.sow_stores.value == 2,
            chain_most: ((chain || two_out) && self.multicapt.value >= 2)
                .then(|| self.multicapt.value.min(255) as u8),
            // Their bar lifts at the end of the move made after `nocaptmoves` moves.
            no_capture_moves: if self.nocaptmoves.value > 0 && (capturing || cross) {
                self.nocaptmoves.value as u8 + 1
            } else {
                0
            },
        };
        self.rarer_captures(&mut refusals, counting, relay, continued);
        self.lap_captures(&mut refusals, counting);

        if self.nocaptmoves.value > 0 && (again_on_store || self.capt_rturn.value != 0) {
            refusals.push(self.pair(
                self.nocaptmoves.pos,
                self.sow_stores.pos.max(self.capt_rturn.pos),
                "moves without captures where a move may give another turn cannot be described",
            ));
        }
        if self.nocaptmoves.value > 0 && self.mustpass.value {
            refusals.push(self.pair(
                self.nocaptmoves.pos,
                self.mustpass.pos,
                "their count of moves without captures counts passes but is not ended by one: not described",
            ));
        }

        // Their engine ends a game early when too few seeds are left to capture any.
        let clear = self.goal.value == 3;
        // DEPRIVE or IMMOBILIZE: their own end, without the store past half or the early end.
        let eliminate = matches!(self.goal.value, 1 | 10);
        let no_change_checked = !clear
            && !eliminate
            && self.sow_stores.value == 0
            && (!self.mustshare.value || self.mustpass.value)
            && self.end_cond.value == 0
            && self.pickextra.value != 3;
        let mut too_few = None;
        if no_change_checked {
            let mut needed = total;
            let mut by = None;
            if self.evens.value || cross {
                needed = needed.min(2);
                by = self
                    .evens
                    .pos
                    .filter(|_| self.evens.value)
                    .or(self.crosscapt.pos);
            }
            if two_out {
                // Their capture two out needs an empty hole between: 3 seeds, 2 in a relay.
                needed = needed.min(if self.mlaps.value != 0 { 2 } else { 3 });
                by = self.capt_type.pos;
            }
            if let Some(&least) = capt_on.iter().min() {
                needed = if self.evens.value {
                    least
                } else {
                    least.min(needed)
                };
                by = self.capt_on.pos;
            }
            if self.capt_min.value > 0 {
                needed = if needed == total {
                    self.capt_min.value
                } else {
                    self.capt_min.value.max(needed)
                };
                by = self.capt_min.pos;
            }
            if self.min_move.value < needed && needed < total {
                match u8::try_from(needed) {
                    Ok(n) if n >= 2 => too_few = Some(n),
                    _ => refusals.push(self.pair(
                        by,
                        None,
                        "their engine ends the game once fewer seeds are left than any capture needs, at a count a description cannot say",
                    )),
                }
            }
        }

        // Leftovers: `unclaimed` at the usual end; their UNFED_PLAYER gives them to the
        // unfed player when the mover cannot feed, and `quitter` says who gets them at the
        // other ends.
        let leftovers_of = |n: i64| match n {
            1 => Some(Leftovers::Nobody),
            2 => Some(Leftovers::LastMover),
            4 => Some(Leftovers::Shared),
            0 => Some(Leftovers::Owner),
            _ => None,
        };
        let (cannot_feed, leftovers) = if self.unclaimed.value == 3 {
            if !self.mustshare.value || self.mustpass.value {
                refusals.push(self.pair(
                    self.unclaimed.pos,
                    self.mustshare.pos.max(self.mustpass.pos),
                    "seeds left to the unfed player only where a mover must feed and cannot pass",
                ));
            }
            let quitter = leftovers_of(self.quitter.value).unwrap_or_else(|| {
                refusals.push(self.pair(
                    self.unclaimed.pos.max(self.quitter.pos),
                    None,
                    "their quitter rule UNFED_PLAYER at the other ends cannot be described",
                ));
                Leftovers::Owner
            });
            (CannotFeed::ToUnfed, quitter)
        } else {
            (
                CannotFeed::End,
                leftovers_of(self.unclaimed.value).unwrap_or(Leftovers::Owner),
            )
        };
        if clear {
            let against = if self.end_cond.value != 0 {
                Some(self.end_cond.pos)
            } else if self.mustpass.value {
                Some(self.mustpass.pos)
            } else if !matches!(self.sow_stores.value, 1..=3) {
                Some(self.sow_stores.pos)
            } else if capturing || cross {
                Some(basic_pos.max(self.crosscapt.pos))
            } else {
                None
            };
            if let Some(pos) = against {
                refusals.push(self.pair(
                    self.goal.pos,
                    pos,
                    "the goal of a cleared row is described only with the mover's own store sown and without captures, passing or an extra end condition",
                ));
            }
        }
        if eliminate {
            refusals.extend(self.eliminate_refusal(basic_pos, cross));
        }
        // Their relay stops after 50 laps and ends the game, the seeds left going by
        // `quitter`; where that would leave them to nobody (or to an unfed player there is
        // not), the description keeps its own relay, which goes on.
        let endless = match leftovers_of(self.quitter.value) {
            // Under DEPRIVE and IMMOBILIZE the cut is a draw, whatever `quitter` says: the
            // seeds swept show it (no move of theirs empties the board).
            _ if relay && eliminate => {
                sowing.max_laps = Some(50);
                Leftovers::Owner
            }
            Some(rule) if relay && !clear && rule != Leftovers::Nobody => {
                sowing.max_laps = Some(50);
                rule
            }
            _ => Leftovers::Owner,
        };
        let rule = match self.end_cond.value {
            1 => EndRule::ClearedOwn,
            2 => EndRule::ClearedOpponent,
            _ => EndRule::Stuck,
        };
        let limit = match u8::try_from(self.end_param.value) {
            Ok(n) => Some(n),
            Err(_) => {
                if matches!(self.end_cond.value, 3 | 4) {
                    refusals.push(self.pair(
                        self.end_cond.pos,
                        self.end_param.pos,
                        "a description's seed limits are 0 to 255",
                    ));
                }
                None
            }
        };
        let seeds_limit = limit.filter(|_| self.end_cond.value == 3);
        let hole_limit = limit.filter(|_| self.end_cond.value == 4);
        if rule != EndRule::Stuck && leftovers == Leftovers::Nobody {
            refusals.push(self.pair(
                self.end_cond.pos,
                self.unclaimed.pos.max(self.quitter.pos),
                "an end by a cleared row with the seeds left to nobody cannot be described",
            ));
        }

        let end = End {
            must_feed: self.mustshare.value,
            cannot_feed,
            goal: match self.goal.value {
                1 => Goal::Deprive,
                3 => Goal::Clear,
                10 => Goal::Immobilize,
                _ => Goal::MostSeeds,
            },
            // Their feeding test plays the whole move; their newest engine asks it only of
            // an opponent without a seed, and for a seed (the same as a playable hole where
            // a move takes one seed).
            feed_test: if self.mustshare.value && self.min_move.value > 1 {
                FeedTest::MoveSeed
            } else if self.mustshare.value {
                FeedTest::Move
            } else {
                FeedTest::Sowing
            },
            rule,
            leftovers,
            endless,
            half_wins: !clear && !eliminate,
            divide_on_win: false,
            repetition: false,
            max_plies: None,
            too_few,
            pass: self.mustpass.value,
            seeds_limit,
            hole_limit,
        };

        if let Some(first) = refusals.into_iter().min_by_key(|(pos, _)| *pos) {
            return Err(first);
        }
        Ok(Description {
            board: Board {
                holes: holes as u8,
                seeds: seeds as u8,
                start,
                north_start,
            },
            sowing,
            captures,
            end,
        })
    }
}

/// Reads a MancalaGames game file: the [`Description`] of the game their engine plays from
/// it, or a refusal naming a parameter.
///
/// The parameter named is the first, in file order, whose value is refused; when every value
/// alone is read, it is the first at which two parameters stop going together (the later of
/// the pair: a cross capture then a `capt_side` of 0 names `capt_side`).
///
/// The file is a JSON object, optionally followed by a `<text_section>` of prose. Their
/// engine's board: South's holes, then North's, counter-clockwise; a move lifts a hole of
/// the mover's row. What each parameter becomes:
///
/// | parameter | read | refused |
/// |---|---|---|
/// | `game_class` | `Mancala` | every other class (each changes the rules beyond the parameters) |
/// | `holes`, `nbr_start` | [`Board`], 2 to 15 holes, 255 seeds in all | more |
/// | `sow_direct` | 1 counter-clockwise, -1 clockwise, 3 [`Direction::EvenOdd`], 0 [`Direction::Split`] (left half clockwise, right half counter-clockwise: their code; their documentation says the reverse), 2 (PLAYALTDIR) with every hole in `udir_holes`: [`Direction::FirstChooses`] | to-centre; split on an odd row without the middle hole in `udir_holes`; 2 with a shorter `udir_holes`, or with `multicapt` |
/// | `udir_holes` | a list as long as a row: [`Direction::Choice`]; a shorter one: [`Sowing::choice_holes`] (where the mover chooses, a chain goes against a clockwise or counter-clockwise `sow_direct`: [`Captures::chain_way`]) | holes outside the row; a full list with a hole twice; with `grandslam` 1 |
/// | `mlaps` | 0 one lap, 1 [`Laps::Relay`] (lift when the last hole held seeds, stop where a count capture would be allowed), 2 [`Laps::Next`] (lift the place after the last seed's, a store too, stop where it is empty or a count or opposite capture would be allowed), each with [`Sowing::max_laps`] 50 and [`End::endless`] from `quitter` (but for `quitter` 1 and 3 and the goal of a cleared row) | 1 and 2 with `sow_stores` 3 or 4 (their relay sows on from the store the last seed fell in) unless `mlap_cont` stops there |
/// | `mlap_cont`, `mlap_param` | [`Sowing::relay_if`]: 1 exactly and 2 at least `mlap_param` seeds in the last hole, 3 own row, 4 opponent's row, 5 a first lap that visited the opponent, 7 not from a store (with `mlaps` 2); 6 STOP_STORE (and 7 with `mlaps` 1) is a description's own relay | any with `mlaps` 0; 1 and 2 without an `mlap_param` of 1 to 255; 6 and 7 without store sowing |
/// | `skip_start` | [`Sowing::skip_origin`] | |
/// | `sow_stores` (older `sow_own_store`) | 0 none, 1 own with another turn, 3 own, 4 both, 2 both with another turn in either ([`Captures::again_either_store`]) | 5, 6 (another turn in one named store) |
/// | `min_move` | [`Sowing::min_seeds`] | |
/// | `capt_on`, `evens`, `capt_min`, `capt_max` | one count set: the counts meeting every condition | counts past 63 the board can reach |
/// | `capt_side` (older `oppsidecapt`) | 0 either, 1 opponent, 2 own; 3 OPP_CONT and 4 OWN_CONT as 1 and 2, a chain then going on round both rows ([`Captures::chain_rows`]) | territory sides; 3, 4 with relays, or on a chain with grand slams 4 to 6 |
/// | `multicapt` | negative: [`Captures::chain`] (on either side, `capt_side` 0: [`Captures::chain_rows`], round both rows), 0 and 1 none, `n` > 1 a chain of at most `n` ([`Captures::chain_most`]); with `capt_type` 2 a chain of captures two out, onward | a chain onward (`capt_dir` SOW), with sown stores, or round both rows with a grand slam rule other than 1 |
/// | `capt_dir` (older `capsamedir`) | 0; 1 without a chain or with the capture two out | 2 |
/// | `crosscapt` | 1 [`Captures::opposite`] from the mover's row (`capt_side` 1) | 2, 3; with counts, a chain or a grand slam rule |
/// | `xcpickown` | 0 without the seed, 1 with it, 2 with it even from an empty opposite | |
/// | `grandslam` | 0 capture, 1 [`GrandSlam::Illegal`] with [`Captures::grand_slam_always_illegal`] (also on a chain round both rows), 2 no capture, 4 (the opponent's leftmost hole, from the mover's seat, keeps its seeds) clockwise and 5 (his rightmost) counter-clockwise [`GrandSlam::LeaveFirst`], 6 capture with [`Captures::grand_slam_again`], each with [`Captures::grand_slam_if_seeded`], and under relay sowing [`Sowing::relay_stops_on_count`] | 3; 4 counter-clockwise and 5 clockwise (a fixed hole that is not the first sown) |
/// | `capt_rturn` | 1 [`Captures::again_on_capture`] | 2 (first capture only) |
/// | `sow_rule`, `sow_param` | 3 OWN_SOW_CAPT_ALL: [`Sowing::owner_captures`]; 8 LAP_CAPT: [`Captures::lap_capture`]; 10 LAP_CAPT_OPP_GETS: [`Sowing::lap_captures_opp_gets`] from `sow_param` | every other rule; 3 without a count capture, with `capt_side` other than 0, store sowing or a grand slam rule; 8 without `capt_type` 2 and `mlaps` 1, or with `mlap_cont`, `grandslam`, `capt_rturn`, `nocaptmoves`, `nosinglecapt`, `pickextra` or `sow_stores`; 10 without `mlaps` 1, a count capture alone, `stores` and a `sow_param` of 1 to 255, or with store sowing, `mlap_cont`, a grand slam rule, `capt_rturn`, `nocaptmoves`, `presowcapt`, `sow_start` or a bounded `multicapt` |
/// | `capt_type` | 2 TWO_OUT: [`Captures::two_out`] (their counts then only decide the early end); 4 SINGLETONS: [`Captures::take_singles`]; 5 CAPT_OPP_1CCW with `pickextra` 2: [`Captures::sweep_counts`] (their counts); 6 PASS_STORE_CAPT: [`Captures::forfeit_store`]; 7 PULL_ACROSS: [`Captures::pull_across`] | 1, 3, 8, 9; 4 with counts, a cross capture, a chain, a grand slam rule, `nocaptmoves` or `capt_side` 3, 4; 5 without `pickextra` 2, counts, or with a cross capture, a chain, a grand slam rule, `nocaptmoves`, `capt_rturn` or `capt_side` past 1; 6 with counts, a cross capture, a chain, a grand slam rule, `nocaptmoves` or `capt_side` 3, 4; 2 with a chain and `capt_side` 3 or 4, a cross capture, `capt_dir` 2 or `grandslam` past 2; 7 with counts, a cross capture, a chain, a grand slam rule or `capt_side` other than 1 |
/// | `nosinglecapt` | [`Captures::no_single_capture`] | with relays or grand slams NOT_LEGAL |
/// | `pickextra` | 2 PICKOPPBASIC with `capt_type` 5 (above); 3 PICKLASTSEEDS: [`Captures::take_last`] `nbr_start` | every other pick; 3 with a grand slam rule, or with `capt_side` other than 0 without a cross capture (their count is then of one side) |
/// | `mustshare` | [`End::must_feed`] with [`FeedTest::Move`] ([`FeedTest::MoveSeed`] for `min_move` > 1), the game ending when the mover cannot feed | |
/// | `unclaimed` | 0 each row to its owner, 1 nobody, 2 the last mover, 4 [`Leftovers::Shared`]; 3 [`CannotFeed::ToUnfed`] with `mustshare`, the other ends then by `quitter` | 3 without feeding or with passing, or with `quitter` 3 |
/// | `quitter` | with `unclaimed` 3, the leftovers at the ends other than a mover who cannot feed (0 owner, 1 nobody, 2 last mover, 4 shared) | 3 there |
/// | `mustpass` | [`End::pass`] | |
/// | `end_cond`, `end_param` | 1 [`EndRule::ClearedOwn`], 2 [`EndRule::ClearedOpponent`], 3 [`End::seeds_limit`] and 4 [`End::hole_limit`] of `end_param` | 1 and 2 with the seeds left to nobody; 3 and 4 with an `end_param` past 255 |
/// | `goal` | 0 (most seeds): a store past half ends the game, else the player to move without a move; 3 [`Goal::Clear`]; 1 [`Goal::Deprive`] and 10 [`Goal::Immobilize`] (their own end: no store past half, no early end; a relay past 50 laps a draw, whatever `quitter` says) | every other goal; 3 with captures, passing, `end_cond` or stores other than the mover's own or both with another turn in either (`sow_stores` 2); 1 and 10 with `sow_stores`, a count capture, `xcpickown`, `capt_type`, `pickextra`, `sow_rule`, `presowcapt`, `mustshare`, `mustpass` or `end_cond` (a move could empty the board, or their end differs), 10 with `capt_rturn` (their engine does not end a repeat turn without a move) |
/// | `start_pattern` | 0; 2 ALTERNATES (even holes), 4 CLIPPEDTRIPLES (3 holes or more), 5 TWOEMPTY (4 or more), 8 RIGHTMOST_PLUS_ONE, 11 NO_REPEAT_SOW_OWN (3 or more): [`Board::start`], each row alike; 1 GAMACHA (3 or more): [`Board::start`] and [`Board::north_start`] as their engine fills them when South starts; each computed from `holes` and `nbr_start` as their engine fills the board | the sizes their engine refuses; 2 on odd holes and 3, 7 (the rows differ and depend on the starter), 6, 10, 12 (drawn at random), 9 (an opening move), 13 |
/// | `stores`, `goal_param`, `round_starter`, `round_fill`, `child_rule`, `child_cvt`, `sow_param` | read, no effect on play here (but `stores` and `sow_param` under `sow_rule` 10) | |
/// | `rounds`, `blocks`, `no_sides`, `child_type`, `child_locs` 11, `prescribed`, `play_locs`, `visit_opp`, `moveunlock`, `xc_sown` | their default | any other value |
/// | `allow_rule` | [`Sowing::allow`]: 1 [`Allow::OpponentOrEmpty`], 2 [`Allow::SingleToEmpty`], 3 [`Allow::SinglesLast`], 4 [`Allow::SinglesLastToEmpty`], 5 [`Allow::TwosLast`], 6 [`Allow::TwosLastRightmost`], 10 [`Allow::NotOppositeSingle`], 11 [`Allow::Occupied`] | 7, 8, 9, 12, 13 (they follow the moves made so far); 1, 2, 4, 11 with a direction not fixed; 2, 4 with a store sown |
/// | `sow_start`, `move_one` | [`Sowing::sow_start`], [`Sowing::move_one`] (only with `sow_start`) | |
/// | `presowcapt` | 1 [`Sowing::take_one`] (a seed of each lap's hand to the store), 3 [`Sowing::single_takes_across`] | 2; 3 with `mlaps` or `sow_start` |
/// | `nocaptmoves` | `n` > 0: [`Captures::no_capture_moves`] `n` + 1 (their bar lifts at the end of the move made after `n` moves), where something is captured | with another turn (`sow_stores` 1, `capt_rturn`) or `mustpass` |
///
/// Their engine ends a game early when fewer seeds are left on the board than the smallest
/// capture needs, unless stores are sown, a mover must feed (and cannot pass), an
/// `end_cond` is set or the last seeds are picked (`pickextra` 3): the reader computes that count as their engine does (from `evens`,
/// the cross capture, `capt_on` and `capt_min`) into [`End::too_few`]. Any other key in `game_info` or `game_constants`
/// is refused, as their engine refuses it.
///
/// # Errors
/// [`MancalaGamesError::Syntax`] for text that is not a JSON object (with an optional text
/// section after it); [`MancalaGamesError::Missing`] without `game_constants`, `holes`,
/// `nbr_start` or `game_info`; [`MancalaGamesError::Unsupported`] or
/// [`MancalaGamesError::OutOfRange`] naming the first parameter that cannot be read;
/// [`MancalaGamesError::Settings`] when the description read does not check.
pub fn read(text: &str) -> Result<Description, MancalaGamesError> {
    let (root, end) = json::parse_prefix(text).map_err(|e| MancalaGamesError::Syntax {
        offset: e.offset,
        message: e.message,
    })?;
    let rest = &text[end..];
    let trimmed = rest.trim_start_matches([' ', '\t', '\n', '\r']);
    if !trimmed.is_empty() && !trimmed.starts_with("<text_section>") {
        return Err(MancalaGamesError::Syntax {
            offset: text.len() - trimmed.len(),
            message: "unexpected text after the JSON object",
        });
    }
    let Value::Object(members) = &root.value else {
        return Err(MancalaGamesError::Syntax {
            offset: root.offset,
            message: "expected a JSON object",
        });
    };

    let mut params = Params::default();
    let mut first: Option<Refusal> = None;
    let mut has_constants = false;
    let mut has_info = false;
    for m in members {
        let mut refuse = |refusal: Refusal| {
            first.get_or_insert(refusal);
        };
        match m.key.as_str() {
            "game_class" => match &m.value.value {
                Value::String(s) if s == "Mancala" => {}
                Value::String(_) => refuse(unsupported(
                    m,
                    "only the Mancala class is plain parameters; the others change the rules",
                )),
                _ => refuse(out_of_range(m, "a class name")),
            },
            "game_constants" | "game_info" => {
                let constants = m.key == "game_constants";
                let Value::Object(inner) = &m.value.value else {
                    refuse(out_of_range(m, "an object"));
                    continue;
                };
                if constants {
                    has_constants = true;
                } else {
                    has_info = true;
                }
                for im in inner {
                    let r = if constants {
                        params.constants(im)
                    } else {
                        params.info(im)
                    };
                    if let Err(refusal) = r {
                        refuse(refusal);
                    }
                }
            }
            // The computer player, named variants and free text: no effect on the rules.
            _ => {}
        }
    }
    if let Some((_, e)) = first {
        return Err(e);
    }
    if !has_constants {
        return Err(MancalaGamesError::Missing("game_constants"));
    }
    if params.holes.is_none() {
        return Err(MancalaGamesError::Missing("holes"));
    }
    if params.nbr_start.is_none() {
        return Err(MancalaGamesError::Missing("nbr_start"));
    }
    if !has_info {
        return Err(MancalaGamesError::Missing("game_info"));
    }
    let description = params.describe().map_err(|(_, e)| e)?;
    description.validate()?;
    Ok(description)
}
