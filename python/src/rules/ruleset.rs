//! `Ruleset`: the rules of one game under one choice of switches, and the methods that play,
//! read and write its positions and moves and encode them for learning programs.

use std::collections::HashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use numpy::PyArray1;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};

use sowing::Picture as _;
use sowing::Ruleset as _;
use sowing::SplitMix64;
use sowing::encode::Encoding as _;
use sowing::games::AnyRuleset;
use sowing::hashing::MoveHasher;

use super::{Move, Outcome, Player, Reduced, State};
use crate::errors::{self, IllegalMoveError, MoveError, PositionError};
use crate::game::{AnyMove, Game, game_of, with_rules};
use crate::interrupt;

/// The rules of one game under one choice of rule switches, read from ruleset text:
/// `Ruleset("kalah:empty-capture")`, `Ruleset("toguz")`, `Ruleset("tsoro:holes=8,bonus=0")`.
///
/// Every method takes and returns immutable values: `play` returns a new State. Moves may be
/// given as Move objects or as their text in the game's notation. Bad text raises
/// RulesetError; a State of another game (or another ruleset's that is not a position here)
/// raises PositionError.
#[pyclass(module = "sowing", frozen)]
pub struct Ruleset {
    /// The rules.
    pub(crate) rules: Arc<AnyRuleset>,
    /// The Move objects `legal_moves` has handed out, handed out again: a list of moves
    /// then costs no allocation a move (there are at most a few dozen moves in a ruleset).
    moves: Mutex<HashMap<AnyMove, Py<Move>, BuildHasherDefault<MoveHasher>>>,
}

impl Ruleset {
    /// A Ruleset object for `rules`.
    pub(crate) fn from_arc(rules: &Arc<AnyRuleset>) -> Ruleset {
        Ruleset {
            rules: Arc::clone(rules),
            moves: Mutex::default(),
        }
    }

    /// The Move objects of `moves`, each made once per Ruleset object.
    pub(crate) fn move_objects<'py>(
        &self,
        py: Python<'py>,
        moves: impl IntoIterator<Item = AnyMove>,
    ) -> PyResult<Bound<'py, PyList>> {
        let mut cache = self.moves.lock().unwrap_or_else(|p| p.into_inner());
        let mut objects: Vec<Bound<'py, Move>> = Vec::with_capacity(32);
        for mv in moves {
            let obj = match cache.get(&mv) {
                Some(obj) => obj.bind(py).clone(),
                None => {
                    let obj = Bound::new(py, Move { mv })?;
                    cache.insert(mv, obj.clone().unbind());
                    obj
                }
            };
            objects.push(obj);
        }
        drop(cache);
        PyList::new(py, objects)
    }

    /// `state` as a position of `r` (this ruleset's concrete type): PositionError if it is a
    /// position of another game, or of another ruleset of this game that this one cannot
    /// reach.
    #[inline]
    pub(crate) fn typed_state<R: Game>(&self, r: &R, state: &State) -> PyResult<R::State> {
        // The common case inline (a State this Ruleset object made, or one of the same
        // rules object): a match and a pointer comparison.
        match r.state_of(&state.state) {
            Some(s) if Arc::ptr_eq(&self.rules, &state.rules) => Ok(s),
            _ => self.typed_state_checked(r, state),
        }
    }

    /// [`typed_state`](Ruleset::typed_state) of a State of another game or another rules
    /// object: the error, or the state checked against these rules.
    #[cold]
    #[inline(never)]
    fn typed_state_checked<R: Game>(&self, r: &R, state: &State) -> PyResult<R::State> {
        let Some(s) = r.state_of(&state.state) else {
            return Err(PositionError::new_err(format!(
                "the state is a position of {}, not of {}",
                state.state.game(),
                R::GAME
            )));
        };
        if !Arc::ptr_eq(&self.rules, &state.rules) && *self.rules != *state.rules {
            r.validate(&s).map_err(|e| {
                PositionError::new_err(format!(
                    "the state, a position of {}, is not one of {}: {e}",
                    state.rules, self.rules
                ))
            })?;
        }
        Ok(s)
    }

    /// A new State of this ruleset.
    #[inline]
    pub(crate) fn wrap<R: Game>(&self, r: &R, s: R::State) -> State {
        State::new(&self.rules, r.any_state(s))
    }
}

/// `mv` (a Move or its text) as a move of `r` in `state`: text is read with the rules'
/// `parse_move` (MoveError, IllegalMoveError), a Move of another game is a MoveError, any
/// other type a TypeError. A Move is not checked for legality here.
pub(crate) fn typed_move<R: Game>(
    r: &R,
    state: &R::State,
    mv: &Bound<'_, PyAny>,
) -> PyResult<R::Move> {
    if let Ok(m) = mv.downcast::<Move>() {
        let m = m.get();
        return r.move_of(&m.mv).ok_or_else(|| {
            MoveError::new_err(format!(
                "{:?} is a move of {}, not of {}",
                m.mv.to_string(),
                m.mv.game(),
                R::GAME
            ))
        });
    }
    if let Ok(text) = mv.downcast::<PyString>() {
        let text = text.to_cow()?;
        return r.parse_move(state, &text).map_err(errors::move_parse_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Move or its text, not {}",
        mv.get_type().name()?
    )))
}

/// Perft that checks `stop` between subtrees (every subtree of at most 5 plies runs whole).
fn perft_stoppable<R: Game>(r: &R, s: &R::State, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 5 {
        return Some(sowing::perft(r, s, depth));
    }
    let mut nodes = 0u64;
    for &mv in r.legal_moves(s).iter() {
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let mut next = *s;
        r.play_unchecked(&mut next, mv);
        nodes += perft_stoppable(r, &next, depth - 1, stop)?;
    }
    Some(nodes)
}

immutable_pymethods! {
    impl Ruleset {
        /// Reads ruleset text: `kalah`, `kalah:pits=4,seeds=3,empty-capture,pie`, `toguz`,
        /// `toguz:bestemshe`, `tsoro`, `tsoro:holes=8,heads=none,bonus=0`, ...
        ///
        /// Raises RulesetError for text that names no ruleset.
        #[new]
        fn new(text: &Bound<'_, PyString>) -> PyResult<Ruleset> {
            let rules: AnyRuleset = text.to_cow()?.parse().map_err(errors::ruleset_error)?;
            Ok(Ruleset::from_arc(&Arc::new(rules)))
        }

        /// The game's name: one of `GAMES` ("kalah", "toguz", "tsoro", "oware").
        #[getter]
        fn game(&self) -> &'static str {
            game_of(&self.rules)
        }

        /// The two sides' names in the game's records and pictures, South's first: ("South",
        /// "North"), or in Toguz Kumalak ("White", "Black").
        #[getter]
        fn sides(&self) -> (&'static str, &'static str) {
            with_rules!(&*self.rules, |r| sides_of(r))
        }

        /// The number of seeds (balls, stones) the game starts with.
        #[getter]
        fn total_seeds(&self) -> u32 {
            with_rules!(&*self.rules, |r| sowing::Ruleset::total_seeds(r))
        }

        /// The position the game starts from.
        fn start(&self) -> State {
            with_rules!(&*self.rules, |r| self.wrap(r, r.start()))
        }

        /// The player to move (in a finished game: the one who would move next).
        fn to_move(&self, state: PyRef<'_, State>) -> PyResult<Player> {
            with_rules!(&*self.rules, |r| Ok(r
                .to_move(&self.typed_state(r, &state)?)
                .into()))
        }

        /// Every legal move, in the game's order; empty exactly when the game is over.
        fn legal_moves<'py>(
            &self,
            py: Python<'py>,
            state: PyRef<'py, State>,
        ) -> PyResult<Bound<'py, PyList>> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                self.move_objects(py, r.legal_moves(&s).iter().map(|&m| r.any_move(m)))
            })
        }

        /// Whether `mv` (a Move or its text) is a legal move in `state`: False for every
        /// other Move or text, text that is no move of the notation and a Move of another
        /// game included. Raises only TypeError for what is neither a Move nor text, and
        /// PositionError for a state of another game.
        fn is_legal(&self, state: PyRef<'_, State>, mv: &Bound<'_, PyAny>) -> PyResult<bool> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                match typed_move(r, &s, mv) {
                    Ok(m) => Ok(r.is_legal(&s, m)),
                    Err(e)
                        if e.is_instance_of::<IllegalMoveError>(mv.py())
                            || e.is_instance_of::<MoveError>(mv.py()) =>
                    {
                        Ok(false)
                    }
                    Err(e) => Err(e),
                }
            })
        }

        /// Plays `mv` (a Move or its text) and returns the new State; `state` is unchanged.
        ///
        /// Raises MoveError for text that is no move, IllegalMoveError for a move the position
        /// does not allow.
        fn play(&self, state: PyRef<'_, State>, mv: &Bound<'_, PyAny>) -> PyResult<State> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let m = typed_move(r, &s, mv)?;
                let next = r.play(s, m).map_err(|e| errors::illegal_move(e.error))?;
                Ok(self.wrap(r, next))
            })
        }

        /// How the game ended, or None while it goes on.
        fn outcome(&self, state: PyRef<'_, State>) -> PyResult<Option<Outcome>> {
            with_rules!(&*self.rules, |r| Ok(r
                .outcome(&self.typed_state(r, &state)?)
                .map(|outcome| Outcome { outcome })))
        }

        /// The position as the game's repetition rule compares it (Oware: a game ends when a
        /// position repeats, same board and same player to move), or None for a game where a
        /// repeated position plays on. Two states repeat when these are equal: a state holds
        /// no history, so the caller that keeps one (GameRecord, VectorEnv and the framework
        /// environments do) applies the rule.
        fn repetition_position(&self, state: PyRef<'_, State>) -> PyResult<Option<State>> {
            with_rules!(&*self.rules, |r| Ok(r
                .repetition_position(&self.typed_state(r, &state)?)
                .map(|p| self.wrap(r, p))))
        }

        /// How a game ended by the repetition of `state` ends (Oware: each side takes the
        /// seeds on its side), or None for a game without a repetition rule.
        fn repetition_outcome(&self, state: PyRef<'_, State>) -> PyResult<Option<Outcome>> {
            with_rules!(&*self.rules, |r| Ok(r
                .repetition_outcome(&self.typed_state(r, &state)?)
                .map(|outcome| Outcome { outcome })))
        }

        /// Whether the game is over.
        fn is_over(&self, state: PyRef<'_, State>) -> PyResult<bool> {
            with_rules!(&*self.rules, |r| Ok(
                r.is_over(&self.typed_state(r, &state)?)
            ))
        }

        /// Reads position text and checks it against this ruleset (PositionError if it is not
        /// a position, or not one the ruleset can reach).
        fn parse_position(&self, text: &Bound<'_, PyString>) -> PyResult<State> {
            let text = text.to_cow()?;
            with_rules!(&*self.rules, |r| {
                let s = r.parse_position(&text).map_err(errors::position_error)?;
                Ok(self.wrap(r, s))
            })
        }

        /// Reads a move in the game's notation, checked against `state`: MoveError for text that
        /// is no move or whose written details disagree with the position, IllegalMoveError for a
        /// move the position does not allow.
        fn parse_move(&self, state: PyRef<'_, State>, text: &Bound<'_, PyString>) -> PyResult<Move> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let m = typed_move(r, &s, text.as_any())?;
                Ok(Move { mv: r.any_move(m) })
            })
        }

        /// The full notation of `mv` played from `state` (in Toguz Kumalak with the landing hole
        /// and the marks, `65`, `36x`); it writes what it can for an illegal move.
        fn format_move(&self, state: PyRef<'_, State>, mv: &Bound<'_, PyAny>) -> PyResult<String> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let m = typed_move(r, &s, mv)?;
                Ok(r.format_move(&s, m))
            })
        }

        /// Where the seeds are: (on the board, in South's store, in North's store). Stores are
        /// Kalah's stores, Toguz Kumalak's kazans, the stones a Tsoro player has captured.
        fn seed_count(&self, state: PyRef<'_, State>) -> PyResult<(u32, u32, u32)> {
            with_rules!(&*self.rules, |r| {
                let c = r.seed_count(&self.typed_state(r, &state)?);
                Ok((c.board, c.stores[0], c.stores[1]))
            })
        }

        /// The position's 64-bit hash, as the Rust crate's transposition tables use it (stable
        /// within a minor release).
        fn hash(&self, state: PyRef<'_, State>) -> PyResult<u64> {
            with_rules!(&*self.rules, |r| Ok(sowing::Ruleset::hash(
                r,
                &self.typed_state(r, &state)?
            )))
        }

        /// A legal move chosen uniformly at random with the generator seeded by `seed` (0 to
        /// 2**64 - 1; SowingError outside), or None when the game is over.
        fn random_move(&self, state: PyRef<'_, State>, seed: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
            let seed: u64 = errors::int_in(seed, "seed", "0 to 2**64 - 1")?;
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let mut rng = SplitMix64::new(seed);
                Ok(r.random_move(&s, &mut rng)
                    .map(|m| Move { mv: r.any_move(m) }))
            })
        }

        /// The number of move sequences of exactly `depth` plies from `state` (a Kalah extra
        /// turn and each Tsoro decision are plies); `depth` is 0 to 2**32 - 1 (SowingError
        /// outside). Releases the GIL; Ctrl-C stops it.
        fn perft(
            &self,
            py: Python<'_>,
            state: PyRef<'_, State>,
            depth: &Bound<'_, PyAny>,
        ) -> PyResult<u64> {
            let depth: u32 = errors::int_in(depth, "depth", "0 to 2**32 - 1")?;
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                if depth <= 5 {
                    return Ok(py.allow_threads(|| sowing::perft(r, &s, depth)));
                }
                let rules = r.clone();
                let stop = Arc::new(AtomicBool::new(false));
                let flag = Arc::clone(&stop);
                let count = interrupt::run(py, interrupt::raise(&stop), move || {
                    perft_stoppable(&rules, &s, depth, &flag)
                })?;
                count.ok_or_else(|| interrupt::internal("perft stopped"))
            })
        }

        /// The board as text for a terminal, several lines long.
        fn picture(&self, state: PyRef<'_, State>) -> PyResult<String> {
            with_rules!(&*self.rules, |r| Ok(
                r.picture(&self.typed_state(r, &state)?)
            ))
        }

        /// The board as a self-contained SVG document. To mark a move's holes (where it started,
        /// where it ended, what it captured), pass the move as `last_move` and the position it
        /// was played from as `before`: the picture shows `state`, the position after it. A move
        /// that is illegal in `before` raises IllegalMoveError (MoveError for text that is no
        /// move), one that does not lead from `before` to `state` PositionError; one of the
        /// two alone TypeError.
        #[pyo3(signature = (state, last_move = None, before = None))]
        fn picture_svg(
            &self,
            state: PyRef<'_, State>,
            last_move: Option<&Bound<'_, PyAny>>,
            before: Option<PyRef<'_, State>>,
        ) -> PyResult<String> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let highlight = match (last_move, before) {
                    (None, None) => None,
                    (Some(mv), Some(before)) => {
                        let b = self.typed_state(r, &before)?;
                        let m = typed_move(r, &b, mv)?;
                        let after = r.play(b, m).map_err(|e| errors::illegal_move(e.error))?;
                        if after != s {
                            return Err(PositionError::new_err(format!(
                                "{} played from {b} leads to {after}, not to the state drawn, {s}",
                                r.format_move(&b, m)
                            )));
                        }
                        Some(r.highlight(&b, m))
                    }
                    _ => {
                        return Err(PyTypeError::new_err(
                            "last_move and before go together: the move and the position it was played from",
                        ));
                    }
                };
                Ok(r.picture_svg_with(&s, highlight.as_ref()))
            })
        }

        /// The ruleset text, every switch written (`Ruleset(str(rules)) == rules`).
        fn __str__(&self) -> String {
            self.rules.to_string()
        }

        fn __repr__(&self) -> String {
            format!("Ruleset({:?})", self.rules.to_string())
        }

        fn __eq__(&self, other: PyRef<'_, Ruleset>) -> bool {
            *self.rules == *other.rules
        }

        /// Pickled as its text: `Ruleset(str(rules))`.
        fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String,)> {
            (
                py.get_type::<Ruleset>().into_any(),
                (self.rules.to_string(),),
            )
        }

        fn __hash__(&self) -> u64 {
            let mut h = DefaultHasher::new();
            self.rules.to_string().hash(&mut h);
            h.finish()
        }

        // The encodings for learning programs (`sowing::encode`), beside the learning
        // environments of src/env.rs. One `#[pymethods]` block per class: PyO3's
        // `multiple-pymethods` would allocate at every object made (the type object's look-up
        // builds its method inventory's iterator in a box each time).
        /// The number of actions of the encoding for learning programs (fixed for the ruleset),
        /// every hole counted from the mover's left:
        ///
        /// - Kalah, m pits: m + 1; action p - 1 sows pit p, action m is `swap` (pie rule).
        /// - Toguz Kumalak, n holes: n; action h - 1 sows hole h.
        /// - Tsoro, N holes a row: 4N + 3; k - 1 starts from `o<k>`, N + k - 1 from `i<k>`,
        ///   2N is `relay`, 2N + 1 `stop`, 2N + 2 + k - 1 `take o<k>`, 3N + 2 + k - 1
        ///   `take i<k>`, 4N + 2 `done`.
        /// - Oware, n houses: n; action h - 1 sows house h (A.. for South, a.. for North).
        #[getter]
        fn num_actions(&self) -> usize {
            with_rules!(&*self.rules, |r| r.num_actions())
        }

        /// The shape of `observation(state)`: a one-element tuple, `(2 * pits + 4,)` for Kalah,
        /// `(4 * holes + 2,)` for Toguz Kumalak, `(4 * holes + 9,)` for Tsoro (holes a row),
        /// `(2 * houses + 3,)` for Oware. `help(Ruleset.observation)` gives each field.
        #[getter]
        fn observation_shape(&self) -> (usize,) {
            with_rules!(&*self.rules, |r| (r.observation_len(),))
        }

        /// The legal actions of `state` as a boolean numpy array of `num_actions` entries.
        fn action_mask<'py>(
            &self,
            py: Python<'py>,
            state: PyRef<'_, State>,
        ) -> PyResult<Bound<'py, PyArray1<bool>>> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                Ok(PyArray1::from_vec(py, r.action_mask(&s)))
            })
        }

        /// The legal actions of `state` as a list of ints, smallest first.
        fn legal_actions<'py>(
            &self,
            py: Python<'py>,
            state: PyRef<'_, State>,
        ) -> PyResult<Bound<'py, PyList>> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                // Straight into a list of the right size: no vector in between.
                PyList::new(py, r.legal_actions(&s).iter())
            })
        }

        /// The observation of `state`, a float32 numpy array of shape `observation_shape`, seen
        /// from the player to move (the mover), counts as they are; it decides the legal
        /// actions and the outcome. The opponent's holes are in his own numbering (his hole 1
        /// faces the mover's last).
        ///
        /// - Kalah, m pits (2m + 4): 0..m the mover's pits 1..m; m..2m the opponent's; 2m the
        ///   mover's store; 2m + 1 the opponent's; 2m + 2 is 1 when the mover may swap (pie
        ///   rule); 2m + 3 is 1 while South's opening turn is under way under the pie rule.
        /// - Toguz Kumalak, n holes (4n + 2): 0..n the mover's holes 1..n (0 in a tuzdik);
        ///   n..2n the opponent's; 2n the mover's kazan; 2n + 1 the opponent's; 2n + 2..3n + 2
        ///   is 1 at the opponent's hole that is the mover's tuzdik; 3n + 2..4n + 2 is 1 at the
        ///   mover's hole that is the opponent's tuzdik.
        /// - Tsoro, N holes a row (4N + 9), every row from the mover's left: 0..N the mover's
        ///   outer row o1..oN; N..2N his inner row i1..iN; 2N..3N the opponent's inner row;
        ///   3N..4N his outer row; 4N is k when a lap ended in the mover's head o<k> (`relay`
        ///   or `stop` to choose), else 0; 4N + 1 is k when stones in hand are sown on from
        ///   i<k> (`reenter`); 4N + 2 stones captured by the mover; 4N + 3 by the opponent;
        ///   4N + 4 bonus takes left to the mover; 4N + 5 captured stones in his hand; 4N + 6
        ///   and 4N + 7 captures made by the mover and the opponent (up to 2, Tracey's
        ///   variation); 4N + 8 plies played under `max-plies`, else 0.
        /// - Oware, n houses (2n + 3): 0..n the mover's houses 1..n; n..2n the opponent's; 2n
        ///   the mover's store; 2n + 1 the opponent's; 2n + 2 the plies left under
        ///   `max-plies`, else 0.
        fn observation<'py>(
            &self,
            py: Python<'py>,
            state: PyRef<'_, State>,
        ) -> PyResult<Bound<'py, PyArray1<f32>>> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                Ok(PyArray1::from_vec(py, r.observation(&s)))
            })
        }

        /// The Move of `action` in `state` (it may be illegal there). An int outside
        /// `0..num_actions` raises MoveError.
        fn action_to_move(&self, state: PyRef<'_, State>, action: &Bound<'_, PyAny>) -> PyResult<Move> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let a = action_index(r, action)?;
                let mv = r
                    .action_to_move(&s, a)
                    .ok_or_else(|| action_out_of_range(r, action))?;
                Ok(Move { mv: r.any_move(mv) })
            })
        }

        /// The action of `mv` (a Move or its text) in `state`. Text is read as `play` reads it
        /// (MoveError, IllegalMoveError); a Move no action stands for raises MoveError.
        fn move_to_action(&self, state: PyRef<'_, State>, mv: &Bound<'_, PyAny>) -> PyResult<usize> {
            with_rules!(&*self.rules, |r| {
                let s = self.typed_state(r, &state)?;
                let m = typed_move(r, &s, mv)?;
                r.move_to_action(&s, m).ok_or_else(|| {
                    MoveError::new_err(format!("{m} names no hole of this board: it has no action"))
                })
            })
        }

        /// Plays the move of `action` and returns the new State; an illegal action raises
        /// IllegalMoveError, one out of range MoveError.
        fn play_action(&self, state: PyRef<'_, State>, action: &Bound<'_, PyAny>) -> PyResult<State> {
            with_rules!(&*self.rules, |r| {
                let mut s = self.typed_state(r, &state)?;
                let before = s;
                let a = action_index(r, action)?;
                // The encoding's errors name a game of a batch ("game 0"): this call's own.
                r.play_action(&mut s, a).map_err(|e| match e {
                    sowing::encode::EncodeError::Illegal { .. } => {
                        let why = r
                            .action_to_move(&before, a)
                            .and_then(|m| r.play(before, m).err())
                            .map_or_else(|| "illegal here".to_string(), |e| e.error.to_string());
                        IllegalMoveError::new_err(format!("action {a}: {why}"))
                    }
                    _ => action_out_of_range(r, action),
                })?;
                Ok(self.wrap(r, s))
            })
        }
    }
}

/// An action argument as an index of `r`'s actions: MoveError naming the int given for one
/// outside `0..num_actions`, TypeError for what is not an int.
fn action_index<R: Game>(r: &R, action: &Bound<'_, PyAny>) -> PyResult<usize> {
    match errors::int_arg::<usize>(action)? {
        Some(a) if a < r.num_actions() => Ok(a),
        _ => Err(action_out_of_range(r, action)),
    }
}

/// MoveError "action -1 is out of range: actions are 0 to 6", the int as given.
fn action_out_of_range<R: Game>(r: &R, action: &Bound<'_, PyAny>) -> PyErr {
    let given = action
        .str()
        .map_or_else(|_| "?".to_string(), |s| s.to_string());
    MoveError::new_err(format!(
        "action {given} is out of range: actions are 0 to {}",
        r.num_actions().saturating_sub(1)
    ))
}

fn sides_of<R: sowing::Ruleset>(_: &R) -> (&'static str, &'static str) {
    (R::SIDES[0], R::SIDES[1])
}
