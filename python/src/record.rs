//! `GameRecord`, `read_games` and `sowing.toguz.read_pgn`: games with undo and redo, and the
//! records of `sowing::pgn`.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use sowing::GameRecord as Record;
use sowing::Picture as _;
use sowing::games::{
    AnyGame, AnyRuleset, GameList as _, GameRecords, Member, Records, Rulesets, Visit, read_one_in,
};
use sowing::pgn::{self, GameText, PgnError, PgnGame};
use sowing::toguz::Toguz;

use crate::errors::{self, SowingError};
use crate::game::{AnyRecord, AnyState, Game, with_record, with_rules};
use crate::rules::{Move, Outcome, Player, Reduced, Ruleset, State, typed_move};

/// What a record without a `Variant` tag is read as, for the errors of such records.
const UNNAMED: &str = "a record without a Variant tag is read as Toguz Kumalak's PlayOK PGN; \
                       name another game with a tag such as [Variant \"kalah\"]";

/// A GameRecord pickled: the ruleset's text, the start's position text, every move's text
/// (the redo tail included), the cursor, the tags, the result written, whether the moves are
/// those read.
type RecordParts = (
    String,
    String,
    Vec<String>,
    usize,
    Vec<(String, String)>,
    Option<String>,
    bool,
);

/// Reads one game's text: its RecordError, which for a record without a `Variant` tag says
/// what it was read as.
fn read_game_text(py: Python<'_>, text: &GameText<'_>) -> PyResult<GameRecord> {
    read_one_in(text)
        .map(GameRecord::from_any)
        .map_err(|e| pgn_error_of(py, e, text))
}

/// The RecordError of `e` in `text`, with [`UNNAMED`] for a record without a `Variant` tag.
fn pgn_error_of(py: Python<'_>, e: PgnError, text: &GameText<'_>) -> PyErr {
    if text.tag("Variant").is_some() {
        return errors::pgn_error(py, e);
    }
    errors::record_error(py, format!("{e} ({UNNAMED})"), Some(e.line), e.ply)
}

/// A game: its ruleset, the position it started from, the moves played, and a cursor that
/// `undo` and `redo` move. Playing a move after an undo drops the undone moves.
///
/// `GameRecord(rules)` starts from the ruleset's start, `GameRecord(rules, start)` from a
/// set-up position. Records read from text (`from_pgn`, `read_games`) keep their `tags` and
/// written `result`. `copy()` (and `copy.copy`, `copy.deepcopy`) gives an independent record,
/// and a record pickles with its redo tail and cursor.
#[pyclass(module = "sowing", name = "GameRecord")]
#[derive(Clone)]
pub struct GameRecord {
    rules: Arc<AnyRuleset>,
    record: AnyRecord,
    tags: Vec<(String, String)>,
    result: Option<String>,
    /// Whether the moves are still those read (no `play` since): the written result then
    /// still applies to the whole record.
    as_read: bool,
}

impl GameRecord {
    fn state(&self, s: AnyState) -> State {
        State::new(&self.rules, s)
    }

    fn ruleset(&self) -> Ruleset {
        Ruleset::from_arc(&self.rules)
    }

    /// The record of a game read from text.
    fn from_any(game: AnyGame) -> GameRecord {
        struct Typed;
        impl Visit<AnyRuleset, Records> for Typed {
            type Output = GameRecord;
            fn visit<R: Member<AnyRuleset>>(self, game: PgnGame<R>) -> GameRecord {
                GameRecord {
                    rules: Arc::new(R::wrap::<Rulesets>(game.record.rules().clone())),
                    result: Some(game.result.token().to_string()),
                    record: R::wrap::<GameRecords>(game.record),
                    tags: game.tags,
                    as_read: true,
                }
            }
        }
        AnyRuleset::each(game.into_records(), Typed)
    }
}

/// A new record of `r` from `start`, or the start of the game.
fn new_record<R: Game>(owner: &Ruleset, r: &R, start: Option<&State>) -> PyResult<AnyRecord> {
    Ok(R::any_record(match start {
        None => Record::new(r.clone()),
        Some(s) => {
            let s = owner.typed_state(r, s)?;
            Record::from_position(r.clone(), s).map_err(errors::position_error)?
        }
    }))
}

/// Plays a Move or its text at the cursor of `g`.
fn play_on<R: Game>(g: &mut Record<R>, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
    let rules = g.rules().clone();
    let m = if mv.is_instance_of::<PyString>() {
        let text = mv.downcast::<PyString>()?.to_cow()?;
        g.play_text(&text).map_err(errors::move_parse_error)?
    } else {
        let m = typed_move(&rules, g.current(), mv)?;
        g.play(m).map_err(errors::illegal_move)?;
        m
    };
    Ok(Move {
        mv: rules.any_move(m),
    })
}

#[pymethods]
impl GameRecord {
    /// A new game of `rules`, from `start` (a set-up position, checked: PositionError) or the
    /// ruleset's start.
    #[new]
    #[pyo3(signature = (rules, start = None))]
    fn new(rules: PyRef<'_, Ruleset>, start: Option<PyRef<'_, State>>) -> PyResult<GameRecord> {
        let start = start.as_deref();
        let record = with_rules!(&*rules.rules, |r| new_record(&rules, r, start)?);
        Ok(GameRecord {
            rules: Arc::clone(&rules.rules),
            record,
            tags: Vec::new(),
            result: None,
            as_read: false,
        })
    }

    /// Reads a text holding exactly one game in the records form of any game, its `Variant`
    /// tag naming the ruleset. A record without a `Variant` tag (with no tags at all, too:
    /// `1. 76 98 *`) is read as Toguz Kumalak's PlayOK PGN, the one form written without
    /// it, and its errors say so. The `Result` tag may be left out: the result token that
    /// ends the moves is the result. Raises RecordError with the `line` and `ply` at fault.
    #[staticmethod]
    fn from_pgn(py: Python<'_>, text: &Bound<'_, PyString>) -> PyResult<GameRecord> {
        let text = text.to_cow()?;
        let games = pgn::split(&text);
        match games.as_slice() {
            [one] => read_game_text(py, one),
            [] => Err(errors::record_error(
                py,
                "line 1: no game in the text".into(),
                Some(1),
                None,
            )),
            more => Err(errors::record_error(
                py,
                format!("line 1: {} games in the text, expected one", more.len()),
                Some(1),
                None,
            )),
        }
    }

    /// The ruleset.
    #[getter]
    fn rules(&self) -> Ruleset {
        self.ruleset()
    }

    /// The cursor: plies played and not undone.
    #[getter]
    fn ply(&self) -> usize {
        with_record!(&self.record, |g| g.ply())
    }

    /// Plies recorded, the undone ones (the redo tail) included.
    fn __len__(&self) -> usize {
        with_record!(&self.record, |g| g.len())
    }

    /// The position at the cursor.
    #[getter]
    fn current(&self) -> State {
        with_record!(&self.record, |g| self
            .state(g.rules().any_state(*g.current())))
    }

    /// The position the game started from.
    #[getter]
    fn start(&self) -> State {
        with_record!(&self.record, |g| self
            .state(g.rules().any_state(*g.start())))
    }

    /// The moves up to the cursor.
    #[getter]
    fn moves(&self) -> Vec<Move> {
        with_record!(&self.record, |g| g
            .moves()
            .iter()
            .map(|&m| Move {
                mv: g.rules().any_move(m)
            })
            .collect())
    }

    /// The moves up to the cursor in the players' full notation, each written for the
    /// position it was played from.
    fn move_texts(&self) -> Vec<String> {
        with_record!(&self.record, |g| g.move_texts())
    }

    /// The position after `ply` plies (0: the start), the redo tail included; None for any
    /// other int (past the end, or negative).
    fn position_at(&self, ply: &Bound<'_, PyAny>) -> PyResult<Option<State>> {
        let Some(ply) = errors::int_arg::<usize>(ply)? else {
            return Ok(None);
        };
        Ok(with_record!(&self.record, |g| g
            .position_at(ply)
            .map(|s| self.state(g.rules().any_state(*s)))))
    }

    /// The outcome at the cursor, or None while the game goes on there.
    fn outcome(&self) -> Option<Outcome> {
        with_record!(&self.record, |g| g
            .outcome()
            .map(|outcome| Outcome { outcome }))
    }

    /// Whether the game is over at the cursor.
    fn is_over(&self) -> bool {
        with_record!(&self.record, |g| g.is_over())
    }

    /// The player to move at the cursor.
    fn to_move(&self) -> Player {
        with_record!(&self.record, |g| g.to_move().into())
    }

    /// The legal moves at the cursor.
    fn legal_moves(&self) -> Vec<Move> {
        with_record!(&self.record, |g| g
            .legal_moves()
            .iter()
            .map(|&m| Move {
                mv: g.rules().any_move(m)
            })
            .collect())
    }

    /// Plays `mv` (a Move or its text) at the cursor, dropping any redo tail; returns the
    /// Move. Raises MoveError or IllegalMoveError, and then changes nothing.
    fn play(&mut self, mv: &Bound<'_, PyAny>) -> PyResult<Move> {
        let played = with_record!(&mut self.record, |g| play_on(g, mv))?;
        self.as_read = false;
        Ok(played)
    }

    /// Steps the cursor back one ply; returns the undone move, or None at the start.
    fn undo(&mut self) -> Option<Move> {
        with_record!(&mut self.record, |g| g.undo().map(|m| Move {
            mv: g.rules().any_move(m)
        }))
    }

    /// Steps the cursor forward one ply of the redo tail; returns the move, or None.
    fn redo(&mut self) -> Option<Move> {
        with_record!(&mut self.record, |g| g.redo().map(|m| Move {
            mv: g.rules().any_move(m)
        }))
    }

    /// Moves the cursor to `ply` (0 to `len(record)`, the redo tail included); returns
    /// whether it could: False, the cursor unmoved, for any other int (past the end, or
    /// negative).
    fn go_to(&mut self, ply: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Some(ply) = errors::int_arg::<usize>(ply)? else {
            return Ok(false);
        };
        Ok(with_record!(&mut self.record, |g| g.go_to(ply)))
    }

    /// An independent copy: the same moves, redo tail, cursor, tags and result.
    fn copy(&self) -> GameRecord {
        self.clone()
    }

    /// `copy.copy`: an independent copy, as `copy()`.
    fn __copy__(&self) -> GameRecord {
        self.clone()
    }

    /// `copy.deepcopy`: an independent copy (nothing in it is shared).
    #[pyo3(signature = (_memo, /))]
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> GameRecord {
        self.clone()
    }

    /// Pickled as the ruleset's text, the start's position text and every move's text, the
    /// cursor, the tags and the result.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, RecordParts>> {
        let (start, moves, ply) = with_record!(&self.record, |g| {
            let mut all = g.clone();
            let ply = all.ply();
            while all.redo().is_some() {}
            let moves = all.moves().iter().map(|m| m.to_string()).collect();
            (all.start().to_string(), moves, ply)
        });
        let parts = (
            self.rules.to_string(),
            start,
            moves,
            ply,
            self.tags.clone(),
            self.result.clone(),
            self.as_read,
        );
        Ok((py.get_type::<GameRecord>().getattr("_unpickle")?, parts))
    }

    /// The record `__reduce__` wrote.
    #[staticmethod]
    #[allow(clippy::too_many_arguments)]
    fn _unpickle(
        rules: &str,
        start: &str,
        moves: Vec<String>,
        ply: usize,
        tags: Vec<(String, String)>,
        result: Option<String>,
        as_read: bool,
    ) -> PyResult<GameRecord> {
        let rules: AnyRuleset = rules.parse().map_err(errors::ruleset_error)?;
        let record = with_rules!(&rules, |r| unpickled_record(r, start, &moves, ply)?);
        Ok(GameRecord {
            rules: Arc::new(rules),
            record,
            tags,
            result,
            as_read,
        })
    }

    /// The record up to the cursor in the records form of `sowing::pgn`: the tags it was read
    /// with (unknown roster tags `?` for a record made here), the `Variant`, a `FEN` for a
    /// set-up start, and the result: the one written in the text it was read from while its
    /// moves are those read and the cursor is at their end (a resignation stays `1-0`),
    /// else the rules' outcome (`*` while the game goes on).
    fn to_pgn(&self) -> String {
        with_record!(&self.record, |g| {
            // A record made here has no tags: the unknown roster is written for them.
            let written = self.result.as_deref().and_then(pgn::GameResult::from_token);
            let result = match written {
                Some(r) if self.as_read && g.ply() == g.len() => r,
                _ => pgn::GameResult::of(g.outcome()),
            };
            let mut record = g.clone();
            record.truncate();
            let mut game = PgnGame::new(record);
            game.tags = self.tags.clone();
            game.result = result;
            game.to_text()
        })
    }

    /// The tags of a record read from text, in file order (empty for a record made here).
    #[getter]
    fn tags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.tags {
            d.set_item(k, v)?;
        }
        Ok(d)
    }

    /// The result written in a record read from text (`1-0`, `0-1`, `1/2-1/2`, `*`); None
    /// for a record made here.
    #[getter]
    fn result(&self) -> Option<String> {
        self.result.clone()
    }

    /// The board at the cursor as text for a terminal (with the result once it is over).
    fn picture(&self) -> String {
        with_record!(&self.record, |g| g.picture())
    }

    /// The board at the cursor as SVG, the last move's holes marked.
    fn picture_svg(&self) -> String {
        with_record!(&self.record, |g| {
            let r = g.rules();
            let highlight = g
                .ply()
                .checked_sub(1)
                .and_then(|p| Some(r.highlight(g.position_at(p)?, g.moves()[p])));
            r.picture_svg_with(g.current(), highlight.as_ref())
        })
    }

    fn __repr__(&self) -> String {
        with_record!(&self.record, |g| format!(
            "<GameRecord {} ply {} of {}: {}>",
            self.rules,
            g.ply(),
            g.len(),
            g.current()
        ))
    }

    /// The board at the cursor as SVG, for Jupyter.
    fn _repr_svg_(&self) -> String {
        self.picture_svg()
    }
}

/// What `read_games` and `read_pgn` do with a game that does not read (`errors=`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum OnBadGame {
    /// Raise its RecordError (the default).
    Raise,
    /// Leave it out.
    Skip,
    /// Put its RecordError in the list, in its place.
    Return,
}

impl OnBadGame {
    fn read(text: &str) -> PyResult<OnBadGame> {
        match text {
            "raise" => Ok(OnBadGame::Raise),
            "skip" => Ok(OnBadGame::Skip),
            "return" => Ok(OnBadGame::Return),
            _ => Err(SowingError::new_err(format!(
                "errors={text:?}: expected \"raise\", \"skip\" or \"return\""
            ))),
        }
    }

    /// The games read, as `self` says.
    fn collect(
        self,
        py: Python<'_>,
        games: impl Iterator<Item = PyResult<GameRecord>>,
    ) -> PyResult<Vec<Py<PyAny>>> {
        let mut out = Vec::new();
        for g in games {
            match (g, self) {
                (Ok(g), _) => out.push(Py::new(py, g)?.into_any()),
                (Err(e), OnBadGame::Raise) => return Err(e),
                (Err(_), OnBadGame::Skip) => {}
                (Err(e), OnBadGame::Return) => out.push(e.into_value(py).into_any()),
            }
        }
        Ok(out)
    }
}

/// Reads every game of a file of records (the records form of `sowing::pgn` for any game, or
/// Toguz Kumalak's PlayOK PGN for a record without a `Variant` tag, whose errors say so),
/// each under the ruleset its `Variant` names; a missing `Result` tag is the result token
/// that ends the moves. A game that does not read raises RecordError, with the `line` in the
/// whole text and the `ply`; with `errors="skip"` it is left out, with `errors="return"` its
/// RecordError stands in the list in its place (the other games are read either way).
#[pyfunction]
#[pyo3(signature = (text, *, errors = "raise"))]
fn read_games(
    py: Python<'_>,
    text: &Bound<'_, PyString>,
    errors: &str,
) -> PyResult<Vec<Py<PyAny>>> {
    let mode = OnBadGame::read(errors)?;
    let text = text.to_cow()?;
    let games = pgn::split(&text)
        .into_iter()
        .map(|g| read_game_text(py, &g));
    mode.collect(py, games)
}

/// Reads every game of a Toguz Kumalak PGN file as PlayOK and the federation books write it
/// (`1. 76 98 2. 66 87`, `36x`, `65(10)`, `{zero}`). A game that does not read raises
/// RecordError with its `line` and `ply`; `errors="skip"` leaves it out, `errors="return"`
/// puts its RecordError in the list in its place.
#[pyfunction]
#[pyo3(signature = (text, *, errors = "raise"))]
fn read_pgn(py: Python<'_>, text: &Bound<'_, PyString>, errors: &str) -> PyResult<Vec<Py<PyAny>>> {
    let mode = OnBadGame::read(errors)?;
    let text = text.to_cow()?;
    let games = pgn::split(&text).into_iter().map(|g: GameText<'_>| {
        g.read_in::<Toguz>(sowing::toguz::playok::PLAYOK)
            .map_err(|e| errors::pgn_error(py, e))
            .map(|g| GameRecord::from_any(AnyGame::new(g)))
    });
    mode.collect(py, games)
}

/// The record of `r` from the position text `start`, every move of `moves` played (each the
/// text of a Move), its cursor at `ply`.
fn unpickled_record<R: Game>(
    r: &R,
    start: &str,
    moves: &[String],
    ply: usize,
) -> PyResult<AnyRecord> {
    let s = r.parse_position(start).map_err(errors::position_error)?;
    let mut g = Record::from_position(r.clone(), s).map_err(errors::position_error)?;
    for text in moves {
        g.play_text(text).map_err(errors::move_parse_error)?;
    }
    if !g.go_to(ply) {
        return Err(SowingError::new_err(format!(
            "ply {ply} is past the record's {} plies",
            g.len()
        )));
    }
    Ok(R::any_record(g))
}

/// Registers `GameRecord`, `read_games` and the submodule `toguz` (`read_pgn`).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameRecord>()?;
    m.add_function(wrap_pyfunction!(read_games, m)?)?;
    let toguz = PyModule::new(m.py(), "toguz")?;
    toguz.add_function(wrap_pyfunction!(read_pgn, &toguz)?)?;
    m.add_submodule(&toguz)?;
    Ok(())
}
