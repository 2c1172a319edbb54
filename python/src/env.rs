//! The learning environments' native part: `VectorEnv`, a batch of games stepped in one call
//! with the GIL released, over `sowing::encode` (the fixed-size encodings of single states
//! are `Ruleset` methods, in src/rules.rs), and `PLY_LIMITS`, the bound on a game's length
//! that each game states for the frameworks' registrations.

use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray1,
    PyUntypedArrayMethods,
};
use pyo3::exceptions::{PyIndexError, PyMemoryError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyString, PyTuple};

use sowing::encode::{
    ActionIndex, Batch, BatchError, BatchOptions, Buffers, Encoding as _, Job, MAX_GAMES, Reward,
    Versus,
};
use sowing::games::AnyRuleset;
use sowing::search::{Agent as RustAgent, AgentSpec};
use sowing::{Player as RustPlayer, Ruleset as _};

use crate::errors::{MoveError, SowingError, agent_error, encode_error, position_error};
use crate::game::{AnyAgent, AnyBatch, Game, with_batch, with_rules};
use crate::rules::{Ruleset, State};
use crate::workers::Workers;

/// The most threads a VectorEnv steps its games on.
const MAX_THREADS: usize = 256;

/// The arrays a VectorEnv writes into: allocated once, handed out again at every call.
struct Arrays {
    observations: Py<PyArray2<f32>>,
    final_observations: Py<PyArray2<f32>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_move: Py<PyArray1<u8>>,
    masks: Py<PyArray2<bool>>,
    /// `terminated | truncated`: the `_episode` of `info`.
    ended: Py<PyArray1<bool>>,
    /// The plies of each game that ended, 0 elsewhere: `info["episode"]["l"]`.
    lengths: Py<PyArray1<i64>>,
    /// The dict `step(actions, info=True)` returns, over the arrays above.
    info: Py<PyDict>,
}

/// What changes as the games are played (behind the lock).
struct Inner {
    batch: AnyBatch,
    seed: u64,
    /// One agent a run of games: the opponent (empty without one).
    opponents: Vec<AnyAgent>,
}

/// `num_envs` independent games of one ruleset, stepped together in Rust:
/// `VectorEnv("kalah", 4096, seed=0)`.
///
/// `reset()` returns `(observations, to_move, action_mask)`; `step(actions)` takes one action
/// per game (an array of any numpy integer type, or a sequence of ints: floats, bools and
/// NaN raise TypeError) and returns `(observations, rewards, terminated, truncated, to_move,
/// action_mask)`: observations `[num_envs, *observation_shape]` float32, rewards
/// `[num_envs, 2]` float32 per seat (South's, North's), terminated and truncated `[num_envs]`
/// bool, the player to move `[num_envs]` uint8 (0 South, 1 North), the mask `[num_envs,
/// num_actions]` bool. The arrays are allocated once and written in place by every call
/// (copy what you keep); `step` releases the GIL. `step(actions, info=True)` adds a seventh
/// item, the `info` dict (Gymnasium's vector conventions, a subset): `"episode"`: `{"r":
/// rewards, "l": the plies of each game that ended (int64, 0 for the others)}`, `"_episode"`:
/// `terminated | truncated`, `"final_observation"`: `final_observations`,
/// `"_final_observation"`: the same mask as `"_episode"`; one dict, its arrays written in
/// place (`l` and the masks by the steps with `info=True` only).
///
/// A game that ends starts again in the same step: its row then holds the new game's
/// observation, mask and player to move, while `rewards` and `terminated` are the finished
/// game's and its last observation is in `final_observations`. An illegal action raises
/// IllegalMoveError (out of range: MoveError) and changes no game.
///
/// `reward="margin"` rewards the score difference instead of +1/-1/0 (Tsoro keeps no score:
/// +1/-1 there); `max_plies=N` (N >= 1) truncates games after N plies, `None` (the default)
/// never; 0 or less raises SowingError.
///
/// `opponent="alphabeta:depth=2"` (any `Agent` text) plays the other seat than `seat` (0
/// South, 1 North) inside `step`, in Rust: every game is then at the learner's turn after
/// `reset` and `step` (plies, and `max_plies`, count both seats'; a game is cut when the
/// learner is to move again). Each thread has its own opponent, built from the text, its
/// seed (random, mcts) plus the thread's index.
///
/// `num_threads=N` (1 to 256) steps the games on N threads, each a run of consecutive games
/// (with no opponent, runs of at least 256 games, eight a thread); the results are the same for every N but
/// with an opponent that draws at random. The threads besides the calling one stay awake for
/// a millisecond after a step, spinning, so that a loop that steps again at once does not
/// wait for them to be woken (each costs its core while it waits).
///
/// At most `VectorEnv.MAX_GAMES` (4,194,304) games: more raise SowingError, and memory that
/// cannot be had MemoryError, before anything is allocated.
///
/// Threads: one VectorEnv is used by one thread at a time. A call made while another
/// thread's `step`, `reset` or `random_actions` is running on the same VectorEnv raises
/// SowingError (use one VectorEnv per thread, or a lock). Pickling and `copy.deepcopy` keep
/// the games, their plies, the options, the arrays and the position of `random_actions`'
/// random source (an opponent is built again from its text).
#[pyclass(module = "sowing", frozen)]
pub struct VectorEnv {
    rules: Arc<AnyRuleset>,
    /// The Ruleset object `rules` hands out (one, so that its Move objects are shared).
    ruleset: Py<Ruleset>,
    arrays: Arrays,
    reward: &'static str,
    max_plies: Option<u32>,
    opponent: Option<AgentSpec>,
    seat: RustPlayer,
    num_threads: usize,
    /// The threads that step runs of games beside the calling thread when
    /// `num_threads > 1`.
    workers: Option<Workers>,
    num_envs: usize,
    num_actions: usize,
    observation_len: usize,
    inner: Mutex<Inner>,
}

/// A numpy array of `shape` and `dtype`, made by numpy (MemoryError when it cannot be had).
fn zeros<'py, T: pyo3::PyTypeInfo>(
    py: Python<'py>,
    shape: impl IntoPyObject<'py>,
    dtype: &str,
) -> PyResult<Py<T>> {
    let numpy = py.import("numpy")?;
    Ok(numpy
        .call_method1("zeros", (shape, dtype))?
        .downcast_into::<T>()?
        .unbind())
}

/// The opponents of `spec` for `rules`, one a run (its seed moved by the run's index).
fn opponents<R: Game>(
    rules: &R,
    spec: &AgentSpec,
    runs: usize,
) -> Result<Vec<AnyAgent>, sowing::search::AgentSpecError> {
    spec.check_for(rules)?;
    (0..runs)
        .map(|i| {
            let mut spec = *spec;
            match &mut spec {
                AgentSpec::Random { seed } => *seed = seed.wrapping_add(i as u64),
                AgentSpec::Mcts(config) => config.seed = config.seed.wrapping_add(i as u64),
                AgentSpec::AlphaBeta { .. } => {}
            }
            Ok(R::any_agent(spec.build::<R>()?))
        })
        .collect()
}

/// The typed opponents of `agents` (all built for `R`).
fn typed<R: Game>(agents: &mut [AnyAgent]) -> Vec<&mut dyn RustAgent<R>> {
    agents
        .iter_mut()
        .filter_map(|a| R::agent_slot(a).map(|b| &mut **b as &mut dyn RustAgent<R>))
        .collect()
}

/// Plays `actions` in `b` on `threads` threads, the opponents replying.
fn step_typed<R: Game, A: ActionIndex + Sync>(
    b: &mut Batch<R>,
    actions: &[A],
    out: &mut Buffers<'_>,
    (threads, workers): (usize, Option<&Workers>),
    seat: RustPlayer,
    agents: &mut [AnyAgent],
) -> Result<(), sowing::encode::EncodeError> {
    if agents.is_empty() && threads == 1 {
        return b.step(actions, out);
    }
    let run = |jobs: Vec<Job<'_>>| match workers {
        Some(w) => w.run(jobs),
        None => jobs.into_iter().for_each(|job| job()),
    };
    if agents.is_empty() {
        // Eight runs a thread: the threads share the games of one the system does not run
        // soon, and finish within a run of each other (see `Workers::run`).
        let runs = if threads > 1 { 8 * threads } else { 1 };
        return b.step_on(actions, out, runs, None, run);
    }
    let mut list = typed::<R>(agents);
    let mut versus = Versus {
        seat,
        opponents: &mut list,
    };
    b.step_on(actions, out, threads, Some(&mut versus), run)
}

/// Starts the games `starts` (game, state) of `b`, the opponents replying.
fn start_typed<R: Game>(
    b: &mut Batch<R>,
    starts: &[(usize, R::State)],
    out: &mut Buffers<'_>,
    seat: RustPlayer,
    agents: &mut [AnyAgent],
) -> Result<(), BatchError> {
    let mut list = typed::<R>(agents);
    let mut versus = Versus {
        seat,
        opponents: &mut list,
    };
    for &(env, s) in starts {
        let v = if versus.opponents.is_empty() {
            None
        } else {
            Some(&mut versus)
        };
        b.start_game(env, s, 0, out, v)?;
    }
    Ok(())
}

/// The batch error as a Python exception.
fn batch_error(e: BatchError) -> PyErr {
    match e {
        BatchError::TooMany { .. } => SowingError::new_err(e.to_string()),
        BatchError::Memory { .. } => PyMemoryError::new_err(e.to_string()),
        BatchError::NoGame { .. } => PyIndexError::new_err(e.to_string()),
        _ => crate::errors::PositionError::new_err(e.to_string()),
    }
}

/// The integer dtypes `step` reads without a copy, and the call for each.
macro_rules! with_actions {
    ($array:expr, |$slice:ident| $body:expr) => {{
        let array = $array;
        if let Ok(a) = array.extract::<PyReadonlyArray1<'_, i64>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, i32>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, u8>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, i8>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, i16>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, u16>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, u32>>() {
            let $slice = a.as_slice()?;
            $body
        } else if let Ok(a) = array.extract::<PyReadonlyArray1<'_, u64>>() {
            let $slice = a.as_slice()?;
            $body
        } else {
            // A byte order not the machine's, or a platform's `long long` beside `long`.
            let a: PyReadonlyArray1<'_, i64> = array
                .call_method1("astype", ("int64",))?
                .extract()
                .map_err(|_| PyTypeError::new_err("actions must be integers"))?;
            let $slice = a.as_slice()?;
            $body
        }
    }};
}

impl VectorEnv {
    /// `reset`, its seed read.
    fn reset_games<'py>(
        &self,
        py: Python<'py>,
        seed: Option<u64>,
        indices: Option<&Bound<'py, PyAny>>,
        states: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let mut guard = self.lock()?;
        let inner = &mut *guard;
        let envs: Option<Vec<usize>> = match indices {
            None => None,
            Some(i) if i.is_none() => None,
            Some(i) => {
                let list: Vec<i128> = i.extract().map_err(|_| {
                    PyTypeError::new_err("indices must be a sequence of game indices (ints)")
                })?;
                let mut envs = Vec::with_capacity(list.len());
                for e in list {
                    match usize::try_from(e) {
                        Ok(e) if e < self.num_envs => envs.push(e),
                        _ => {
                            return Err(PyIndexError::new_err(format!(
                                "game {e} is out of range: the VectorEnv has {} games",
                                self.num_envs
                            )));
                        }
                    }
                }
                Some(envs)
            }
        };
        let given_seed = seed.is_some();
        if let Some(seed) = seed {
            inner.seed = seed;
        }
        let seed = inner.seed;
        match envs {
            None => {
                let states = states.filter(|s| !s.is_none());
                // Checked before anything changes.
                let all: Vec<usize> = (0..self.num_envs).collect();
                with_batch!(&inner.batch, |b| self
                    .read_states(b.rules(), all.len(), states)
                    .map(drop))?;
                let batch = &mut inner.batch;
                self.with_buffers(py, |out| with_batch!(batch, |b| b.reset(seed, out)))?
                    .map_err(encode_error)?;
                let start_mover = with_rules!(&*self.rules, |r| r.to_move(&r.start()));
                if states.is_some() || (self.opponent.is_some() && start_mover != self.seat) {
                    self.start_games(py, inner, all, states)?;
                }
            }
            Some(envs) => {
                if given_seed {
                    with_batch!(&mut inner.batch, |b| b.set_rng_state(seed));
                }
                self.start_games(py, inner, envs, states.filter(|s| !s.is_none()))?;
            }
        }
        let (obs, masks) = self.outputs(py);
        let to_move = self.arrays.to_move.bind(py).clone().into_any();
        Ok((obs, to_move, masks))
    }

    /// The state behind the lock, or SowingError when another thread holds it.
    fn lock(&self) -> PyResult<MutexGuard<'_, Inner>> {
        match self.inner.try_lock() {
            Ok(g) => Ok(g),
            // A panic in a step left games half-played at worst; the arrays are rewritten
            // by the next call.
            Err(TryLockError::Poisoned(p)) => Ok(p.into_inner()),
            Err(TryLockError::WouldBlock) => Err(SowingError::new_err(
                "this VectorEnv is in use by another thread: a VectorEnv is used by one \
                 thread at a time (one VectorEnv per thread, or a lock around its calls)",
            )),
        }
    }

    /// The arrays borrowed for writing, and `f` run on them, the GIL released.
    fn with_buffers<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Buffers<'_>) -> T + Send,
    ) -> PyResult<T> {
        let a = &self.arrays;
        let mut obs = a.observations.bind(py).try_readwrite()?;
        let mut fin = a.final_observations.bind(py).try_readwrite()?;
        let mut rewards = a.rewards.bind(py).try_readwrite()?;
        let mut term = a.terminated.bind(py).try_readwrite()?;
        let mut trunc = a.truncated.bind(py).try_readwrite()?;
        let mut to_move = a.to_move.bind(py).try_readwrite()?;
        let mut masks = a.masks.bind(py).try_readwrite()?;
        let mut out = Buffers {
            observations: obs.as_slice_mut()?,
            final_observations: fin.as_slice_mut()?,
            rewards: rewards.as_slice_mut()?,
            terminated: term.as_slice_mut()?,
            truncated: trunc.as_slice_mut()?,
            to_move: to_move.as_slice_mut()?,
            masks: masks.as_slice_mut()?,
        };
        Ok(py.allow_threads(move || f(&mut out)))
    }

    /// Writes `_episode` and the episode lengths of `info` from the batch.
    fn write_info(&self, py: Python<'_>, inner: &Inner) -> PyResult<()> {
        let a = &self.arrays;
        let term = a.terminated.bind(py).try_readonly()?;
        let trunc = a.truncated.bind(py).try_readonly()?;
        let mut ended = a.ended.bind(py).try_readwrite()?;
        let mut lengths = a.lengths.bind(py).try_readwrite()?;
        let plies = with_batch!(&inner.batch, |b| b.episode_lengths());
        for ((((e, l), &t), &u), &p) in ended
            .as_slice_mut()?
            .iter_mut()
            .zip(lengths.as_slice_mut()?)
            .zip(term.as_slice()?)
            .zip(trunc.as_slice()?)
            .zip(plies)
        {
            *e = t || u;
            *l = if *e { i64::from(p) } else { 0 };
        }
        Ok(())
    }

    /// Starts the games `envs` from `states` (the start when None), the opponent
    /// replying.
    fn start_games(
        &self,
        py: Python<'_>,
        inner: &mut Inner,
        envs: Vec<usize>,
        states: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let seat = self.seat;
        let Inner {
            batch, opponents, ..
        } = inner;
        with_batch!(batch, |b| {
            let r = b.rules().clone();
            let starts: Vec<(usize, _)> = match self.read_states(&r, envs.len(), states)? {
                Some(list) => envs.iter().copied().zip(list).collect(),
                None => envs.iter().map(|&e| (e, r.start())).collect(),
            };
            // A position where the game is over is refused before any game changes.
            if let Some(&(env, _)) = starts
                .iter()
                .find(|(_, s)| sowing::encode::Encoding::legal_actions(&r, s).is_empty())
            {
                return Err(batch_error(BatchError::Over { env }));
            }
            self.with_buffers(py, |out| start_typed(b, &starts, out, seat, opponents))?
                .map_err(batch_error)
        })
    }

    /// The positions `states` names for `count` games: a sequence of States or position
    /// texts, one a game, or one State or text for all.
    fn read_states<R: Game>(
        &self,
        r: &R,
        count: usize,
        states: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<Vec<R::State>>> {
        let Some(states) = states else {
            return Ok(None);
        };
        let one = |x: &Bound<'_, PyAny>| -> PyResult<R::State> {
            if let Ok(s) = x.downcast::<State>() {
                let s = s.borrow();
                return match r.state_of(&s.state) {
                    Some(typed) if *s.rules == *self.rules => Ok(typed),
                    _ => Err(crate::errors::PositionError::new_err(format!(
                        "the state is a position of {}, not of {}",
                        s.rules, self.rules
                    ))),
                };
            }
            if let Ok(text) = x.downcast::<PyString>() {
                return r.parse_position(&text.to_cow()?).map_err(position_error);
            }
            Err(PyTypeError::new_err(
                "states must be States or position texts (or a sequence of them)",
            ))
        };
        if states.is_instance_of::<PyString>() || states.is_instance_of::<State>() {
            let s = one(states)?;
            return Ok(Some(vec![s; count]));
        }
        let list: Vec<Bound<'_, PyAny>> = states
            .try_iter()
            .map_err(|_| {
                PyTypeError::new_err("states must be States or position texts (or a sequence)")
            })?
            .collect::<PyResult<_>>()?;
        if list.len() != count {
            return Err(SowingError::new_err(format!(
                "states has {} entries where {count} are needed (one a game reset)",
                list.len()
            )));
        }
        list.iter().map(one).collect::<PyResult<Vec<_>>>().map(Some)
    }

    fn outputs<'py>(&self, py: Python<'py>) -> (Bound<'py, PyAny>, Bound<'py, PyAny>) {
        let a = &self.arrays;
        (
            a.observations.bind(py).clone().into_any(),
            a.masks.bind(py).clone().into_any(),
        )
    }
}

/// `max_plies` as the batch takes it: None, or 1 and more.
/// A seed: an int from 0 to 2**64 - 1 (SowingError outside it, TypeError for another type).
fn read_seed(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(value) = seed.extract::<u64>() {
        return Ok(value);
    }
    if seed.is_instance_of::<pyo3::types::PyInt>() {
        return Err(SowingError::new_err(format!(
            "seed must be 0 to 2**64 - 1, not {}",
            seed.repr()?
        )));
    }
    Err(PyTypeError::new_err(format!(
        "seed must be an int, not {}",
        seed.get_type().name()?
    )))
}

/// [`read_seed`], or None.
fn read_optional_seed(seed: &Bound<'_, PyAny>) -> PyResult<Option<u64>> {
    if seed.is_none() {
        return Ok(None);
    }
    read_seed(seed).map(Some)
}

fn read_max_plies(max_plies: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u32>> {
    let Some(value) = max_plies.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    let n: i128 = value
        .extract()
        .map_err(|_| PyTypeError::new_err("max_plies must be an int or None"))?;
    if n < 1 {
        return Err(SowingError::new_err(
            "max_plies must be at least 1, or None for no limit",
        ));
    }
    if n >= i128::from(u32::MAX) {
        return Err(SowingError::new_err(format!(
            "max_plies must be at most {}, or None for no limit",
            u32::MAX - 1
        )));
    }
    Ok(Some(n as u32))
}

#[pymethods]
impl VectorEnv {
    /// The most games of a VectorEnv (4,194,304).
    #[classattr]
    const MAX_GAMES: usize = MAX_GAMES;

    /// `num_envs` games of the ruleset `ruleset_text`, each at the start.
    #[new]
    #[pyo3(signature = (
        ruleset_text, num_envs, seed = 0, reward = "win-loss", max_plies = None,
        opponent = None, seat = 0, num_threads = 1
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        ruleset_text: &str,
        num_envs: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = read_seed)] seed: u64,
        reward: &str,
        max_plies: Option<&Bound<'_, PyAny>>,
        opponent: Option<&str>,
        seat: i128,
        num_threads: i128,
    ) -> PyResult<VectorEnv> {
        let rules: AnyRuleset = ruleset_text.parse().map_err(crate::errors::ruleset_error)?;
        let (reward, reward_name) = match reward {
            "win-loss" => (Reward::WinLoss, "win-loss"),
            "margin" => (Reward::Margin, "margin"),
            other => {
                return Err(SowingError::new_err(format!(
                    "reward must be \"win-loss\" or \"margin\", not {other:?}"
                )));
            }
        };
        let max_plies = read_max_plies(max_plies)?;
        let n: i128 = num_envs
            .extract()
            .map_err(|_| PyTypeError::new_err("num_envs must be an int"))?;
        if n < 0 {
            return Err(SowingError::new_err(format!(
                "num_envs must be 0 or more, not {n}"
            )));
        }
        if n > MAX_GAMES as i128 {
            return Err(SowingError::new_err(format!(
                "num_envs is {n}: a VectorEnv holds at most {MAX_GAMES} games \
                 (VectorEnv.MAX_GAMES)"
            )));
        }
        let num_envs = n as usize;
        let threads = num_threads;
        if !(1..=MAX_THREADS as i128).contains(&threads) {
            return Err(SowingError::new_err(format!(
                "num_threads must be 1 to {MAX_THREADS}, not {threads}"
            )));
        }
        let num_threads = threads as usize;
        let seat = match seat {
            0 => RustPlayer::South,
            1 => RustPlayer::North,
            _ => {
                return Err(SowingError::new_err("seat must be 0 (South) or 1 (North)"));
            }
        };
        let spec: Option<AgentSpec> = opponent
            .map(|t| t.parse().map_err(agent_error))
            .transpose()?;
        let options = BatchOptions { reward, max_plies };
        let batch = with_rules!(&rules, |r| {
            if sowing::encode::Batch::footprint(r, num_envs).is_none() {
                return Err(batch_error(BatchError::TooMany {
                    games: num_envs as u128,
                    max: MAX_GAMES,
                }));
            }
            Game::any_batch(Batch::try_new(r.clone(), num_envs, options).map_err(batch_error)?)
        });
        let agents = match &spec {
            Some(spec) => {
                with_rules!(&rules, |r| opponents(r, spec, num_threads)).map_err(agent_error)?
            }
            None => Vec::new(),
        };
        let (k, m) = with_batch!(&batch, |b| (b.observation_len(), b.num_actions()));
        let observations = zeros::<PyArray2<f32>>(py, (num_envs, k), "float32")?;
        let final_observations = zeros::<PyArray2<f32>>(py, (num_envs, k), "float32")?;
        let rewards = zeros::<PyArray2<f32>>(py, (num_envs, 2), "float32")?;
        let ended = zeros::<PyArray1<bool>>(py, (num_envs,), "bool")?;
        let lengths = zeros::<PyArray1<i64>>(py, (num_envs,), "int64")?;
        let info = PyDict::new(py);
        let episode = PyDict::new(py);
        episode.set_item("r", rewards.bind(py))?;
        episode.set_item("l", lengths.bind(py))?;
        info.set_item("episode", episode)?;
        info.set_item("_episode", ended.bind(py))?;
        info.set_item("final_observation", final_observations.bind(py))?;
        info.set_item("_final_observation", ended.bind(py))?;
        let arrays = Arrays {
            observations,
            final_observations,
            rewards,
            terminated: zeros(py, (num_envs,), "bool")?,
            truncated: zeros(py, (num_envs,), "bool")?,
            to_move: zeros(py, (num_envs,), "uint8")?,
            masks: zeros(py, (num_envs, m), "bool")?,
            ended,
            lengths,
            info: info.unbind(),
        };
        let workers = if num_threads > 1 {
            let workers = Workers::new(num_threads)
                .map_err(|e| PyMemoryError::new_err(format!("no threads for the env: {e}")))?;
            Some(workers)
        } else {
            None
        };
        let rules = Arc::new(rules);
        let env = VectorEnv {
            workers,
            ruleset: Py::new(py, Ruleset::from_arc(&rules))?,
            rules,
            arrays,
            reward: reward_name,
            max_plies,
            opponent: spec,
            seat,
            num_threads,
            num_envs,
            num_actions: m,
            observation_len: k,
            inner: Mutex::new(Inner {
                batch,
                seed,
                opponents: agents,
            }),
        };
        env.reset_games(py, Some(seed), None, None)?;
        Ok(env)
    }

    /// The ruleset.
    #[getter]
    fn rules(&self, py: Python<'_>) -> Py<Ruleset> {
        self.ruleset.clone_ref(py)
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.num_envs
    }

    /// The number of actions (`rules.num_actions`).
    #[getter]
    fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// The shape of one game's observation (`rules.observation_shape`).
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.observation_len,)
    }

    /// The threads `step` runs on.
    #[getter]
    fn num_threads(&self) -> usize {
        self.num_threads
    }

    /// The opponent's agent text, or None.
    #[getter]
    fn opponent(&self) -> Option<String> {
        self.opponent.map(|s| s.to_string())
    }

    /// The learner's seat, 0 (South) or 1 (North): the one `step`'s actions play when there
    /// is an opponent.
    #[getter]
    fn seat(&self) -> usize {
        self.seat.index()
    }

    /// The truncation limit in plies, or None.
    #[getter]
    fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    /// The last observation of each game that ended in the last step (other rows: stale).
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.final_observations.bind(py).clone()
    }

    /// One game's observation space, `gymnasium.spaces.Box(0, float32 max,
    /// observation_shape, float32)` (gymnasium imported on first use: ImportError without
    /// it).
    #[getter]
    fn single_observation_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.box_space(py, PyTuple::new(py, [self.observation_len])?)
    }

    /// One game's action space, `gymnasium.spaces.Discrete(num_actions)`.
    #[getter]
    fn single_action_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("gymnasium.spaces")?
            .getattr("Discrete")?
            .call1((self.num_actions,))
    }

    /// The batch's observation space: a Box of shape `[num_envs, *observation_shape]`.
    #[getter]
    fn observation_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.box_space(py, PyTuple::new(py, [self.num_envs, self.observation_len])?)
    }

    /// The batch's action space: `gymnasium.spaces.MultiDiscrete([num_actions] *
    /// num_envs)`.
    #[getter]
    fn action_space<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let nvec = PyList::new(py, vec![self.num_actions; self.num_envs])?;
        py.import("gymnasium.spaces")?
            .getattr("MultiDiscrete")?
            .call1((nvec,))
    }

    /// Starts games again: all of them, or the games `indices` (a sequence of game indices;
    /// IndexError for one out of range) with the others untouched; from the start position,
    /// or from `states` (States or position texts: one a game started, or one for all;
    /// PositionError for a position of another ruleset or where the game is over, before any
    /// game changes). `seed` (default: the one given before) seeds `random_actions`; without
    /// `indices` the source starts again from the seed, with `indices` only a given `seed`
    /// does. The rows of the games started are rewritten (rewards 0, not terminated or
    /// truncated), plies 0. With an opponent, it replies until the learner is to move.
    /// Returns `(observations, to_move, action_mask)`.
    #[pyo3(signature = (seed = None, indices = None, states = None))]
    fn reset<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = read_optional_seed)] seed: Option<u64>,
        indices: Option<&Bound<'py, PyAny>>,
        states: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        self.reset_games(py, seed, indices, states)
    }

    /// Plays one action in each game (an array of any numpy integer type, or a sequence of
    /// ints, `num_envs` entries; TypeError for floats, bools or NaN) and returns
    /// `(observations, rewards, terminated, truncated, to_move, action_mask)`, and `info`
    /// after them when `info=True` (see the class). Every action is checked first: a bad one
    /// raises and no game changes.
    #[pyo3(signature = (actions, info = false))]
    fn step<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
        info: bool,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // The common case first, with no call into Python: a contiguous int64 array of the
        // machine's byte order (numpy's default integers, `random_actions`).
        let fast = actions
            .downcast::<PyArray1<i64>>()
            .ok()
            .filter(|a| a.is_contiguous() && a.dtype().is_native_byteorder() != Some(false));
        let result = match fast {
            Some(array) => {
                let array = array.try_readonly()?;
                self.step_slice(py, array.as_slice()?, info)?
            }
            None => {
                let array = self.integer_array(py, actions)?;
                with_actions!(&array, |slice| self.step_slice(py, slice, info)?)
            }
        };
        result.map_err(encode_error)?;
        let a = &self.arrays;
        let mut items = vec![
            a.observations.bind(py).clone().into_any(),
            a.rewards.bind(py).clone().into_any(),
            a.terminated.bind(py).clone().into_any(),
            a.truncated.bind(py).clone().into_any(),
            a.to_move.bind(py).clone().into_any(),
            a.masks.bind(py).clone().into_any(),
        ];
        if info {
            items.push(a.info.bind(py).clone().into_any());
        }
        PyTuple::new(py, items)
    }

    /// A uniformly random legal action for each game, an int64 array, from the batch's own
    /// random source (seeded by `reset`): a fast random policy.
    fn random_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let mut out = vec![0usize; self.num_envs];
        with_batch!(&mut self.lock()?.batch, |b| b.random_actions(&mut out))
            .map_err(encode_error)?;
        Ok(PyArray1::from_iter(py, out.into_iter().map(|a| a as i64)))
    }

    /// Each game's position, as States of `rules` (one Python object per game: for tests and
    /// inspection, not for the training loop).
    fn states(&self) -> PyResult<Vec<State>> {
        let inner = self.lock()?;
        Ok(with_batch!(&inner.batch, |b| {
            let r = b.rules();
            b.states()
                .iter()
                .map(|&s| State::new(&self.rules, r.any_state(s)))
                .collect()
        }))
    }

    /// Each game's plies since it started (both seats' with an opponent), a uint32 array.
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u32>>> {
        let inner = self.lock()?;
        Ok(with_batch!(&inner.batch, |b| PyArray1::from_slice(
            py,
            b.plies()
        )))
    }

    fn __len__(&self) -> usize {
        self.num_envs
    }

    fn __repr__(&self) -> String {
        format!("VectorEnv({:?}, {})", self.rules.to_string(), self.num_envs)
    }

    /// Pickled as its settings and its games: `(VectorEnv, settings, state)`.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        let this = slf.get();
        let state = this.__getstate__(py)?;
        let seed = state.get_item("seed")?;
        let args = (
            this.rules.to_string(),
            this.num_envs,
            seed,
            this.reward,
            this.max_plies,
            this.opponent.map(|s| s.to_string()),
            this.seat.index(),
            this.num_threads,
        )
            .into_pyobject(py)?;
        Ok((py.get_type::<VectorEnv>().into_any(), args, state))
    }

    /// The games as a dict: positions, plies, the random source, the arrays (copies).
    fn __getstate__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let inner = self.lock()?;
        let d = PyDict::new(py);
        let (positions, plies, rng): (Vec<String>, Vec<u32>, u64) =
            with_batch!(&inner.batch, |b| (
                b.states().iter().map(|s| s.to_string()).collect(),
                b.plies().to_vec(),
                b.rng_state()
            ));
        d.set_item("seed", inner.seed)?;
        d.set_item("positions", positions)?;
        d.set_item("plies", plies)?;
        d.set_item("rng", rng)?;
        let a = &self.arrays;
        let copy = |x: Bound<'py, PyAny>| x.call_method0("copy");
        d.set_item(
            "observations",
            copy(a.observations.bind(py).clone().into_any())?,
        )?;
        d.set_item(
            "final_observations",
            copy(a.final_observations.bind(py).clone().into_any())?,
        )?;
        d.set_item("rewards", copy(a.rewards.bind(py).clone().into_any())?)?;
        d.set_item(
            "terminated",
            copy(a.terminated.bind(py).clone().into_any())?,
        )?;
        d.set_item("truncated", copy(a.truncated.bind(py).clone().into_any())?)?;
        d.set_item("to_move", copy(a.to_move.bind(py).clone().into_any())?)?;
        d.set_item("masks", copy(a.masks.bind(py).clone().into_any())?)?;
        d.set_item("ended", copy(a.ended.bind(py).clone().into_any())?)?;
        d.set_item("lengths", copy(a.lengths.bind(py).clone().into_any())?)?;
        Ok(d)
    }

    /// Puts back the games of `__getstate__` (PositionError for a position that is not one).
    fn __setstate__(&self, py: Python<'_>, state: &Bound<'_, PyDict>) -> PyResult<()> {
        let item = |k: &str| -> PyResult<Bound<'_, PyAny>> {
            state
                .get_item(k)?
                .ok_or_else(|| SowingError::new_err(format!("VectorEnv state without {k:?}")))
        };
        let positions: Vec<String> = item("positions")?.extract()?;
        let plies: Vec<u32> = item("plies")?.extract()?;
        let rng: u64 = item("rng")?.extract()?;
        let seed: u64 = item("seed")?.extract()?;
        if positions.len() != self.num_envs || plies.len() != self.num_envs {
            return Err(SowingError::new_err(
                "VectorEnv state of another number of games",
            ));
        }
        let mut inner = self.lock()?;
        inner.seed = seed;
        with_batch!(&mut inner.batch, |b| {
            let states = positions
                .iter()
                .map(|t| b.rules().parse_position(t).map_err(position_error))
                .collect::<PyResult<Vec<_>>>()?;
            self.with_buffers(py, |out| {
                for (env, (s, p)) in states.into_iter().zip(plies).enumerate() {
                    b.start_game(env, s, p, out, None)?;
                }
                Ok(())
            })?
            .map_err(batch_error)?;
            b.set_rng_state(rng);
            PyResult::Ok(())
        })?;
        drop(inner);
        let a = &self.arrays;
        for (key, array) in [
            ("observations", a.observations.bind(py).clone().into_any()),
            (
                "final_observations",
                a.final_observations.bind(py).clone().into_any(),
            ),
            ("rewards", a.rewards.bind(py).clone().into_any()),
            ("terminated", a.terminated.bind(py).clone().into_any()),
            ("truncated", a.truncated.bind(py).clone().into_any()),
            ("to_move", a.to_move.bind(py).clone().into_any()),
            ("masks", a.masks.bind(py).clone().into_any()),
            ("ended", a.ended.bind(py).clone().into_any()),
            ("lengths", a.lengths.bind(py).clone().into_any()),
        ] {
            array.set_item(py.Ellipsis(), item(key)?)?;
        }
        Ok(())
    }
}

impl VectorEnv {
    /// Steps the games with `actions`, the GIL released, and writes `info`'s arrays if
    /// asked to.
    fn step_slice<A: ActionIndex + Sync>(
        &self,
        py: Python<'_>,
        actions: &[A],
        info: bool,
    ) -> PyResult<Result<(), sowing::encode::EncodeError>> {
        let mut guard = self.lock()?;
        let (threads, seat, workers) = (self.num_threads, self.seat, self.workers.as_ref());
        let Inner {
            batch, opponents, ..
        } = &mut *guard;
        let result = self.with_buffers(py, |out| {
            with_batch!(batch, |b| step_typed(
                b,
                actions,
                out,
                (threads, workers),
                seat,
                opponents
            ))
        })?;
        if info && result.is_ok() {
            self.write_info(py, &guard)?;
        }
        Ok(result)
    }

    /// `actions` as a contiguous one-dimensional numpy array of an integer type: TypeError
    /// for anything but integers, ValueError for another shape.
    fn integer_array<'py>(
        &self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let not_integers = |what: String| {
            PyTypeError::new_err(format!(
                "actions must be integers (a numpy integer array or a sequence of ints), \
                 not {what}"
            ))
        };
        let array = if actions.is_instance(&numpy.getattr("ndarray")?)? {
            actions.clone()
        } else {
            numpy
                .call_method1("asarray", (actions,))
                .map_err(|e| not_integers(e.to_string()))?
        };
        let array = array.downcast_into::<numpy::PyUntypedArray>()?;
        let dtype = array.dtype();
        let kind = dtype.kind();
        let empty = array.len() == 0;
        if kind == b'O' && array.ndim() == 1 {
            self.out_of_int64(array.as_any())?;
        }
        if !(kind == b'i' || kind == b'u' || empty) {
            return Err(not_integers(format!("{} values", dtype.str()?)));
        }
        if array.ndim() != 1 {
            return Err(SowingError::new_err(format!(
                "actions must be one-dimensional, one action a game (shape ({},)), not of \
                 shape {:?}",
                self.num_envs,
                array.shape()
            )));
        }
        if empty {
            numpy.call_method1("zeros", (0, "int64"))
        } else {
            numpy.call_method1("ascontiguousarray", (array,))
        }
    }

    /// For an object array of Python ints (numpy keeps those past int64 as objects):
    /// MoveError for the first one out of int64's range, as for any action out of range,
    /// rather than a TypeError for an array of integers. Anything else returns `Ok` (the
    /// caller's type check follows).
    fn out_of_int64(&self, array: &Bound<'_, PyAny>) -> PyResult<()> {
        let items: Vec<Bound<'_, PyAny>> = array.call_method0("tolist")?.extract()?;
        let int =
            |x: &Bound<'_, PyAny>| x.is_instance_of::<PyInt>() && !x.is_instance_of::<PyBool>();
        if !items.iter().all(int) {
            return Ok(());
        }
        match items.iter().position(|x| x.extract::<i64>().is_err()) {
            Some(env) => Err(MoveError::new_err(format!(
                "action {} is out of range (game {env}): actions are 0 to {}",
                items[env],
                self.num_actions - 1
            ))),
            None => Ok(()),
        }
    }

    /// A Box space of `shape` over the observations' values.
    fn box_space<'py>(
        &self,
        py: Python<'py>,
        shape: Bound<'py, PyTuple>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let high = numpy
            .getattr("finfo")?
            .call1((numpy.getattr("float32")?,))?
            .getattr("max")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("low", 0.0)?;
        kwargs.set_item("high", high.call_method0("item")?)?;
        kwargs.set_item("shape", shape)?;
        kwargs.set_item("dtype", numpy.getattr("float32")?)?;
        py.import("gymnasium.spaces")?
            .getattr("Box")?
            .call((), Some(&kwargs))
    }
}

/// Registers `VectorEnv`.
/// Each game of the crate's list (`GAMES`) with the ply limit it states in its encoding
/// ([`Encoding::ply_limit`](sowing::encode::Encoding::ply_limit): the bound on a game's
/// length for frameworks that need one), as `(name, plies)` in the list's order.
fn ply_limits() -> Vec<(&'static str, u32)> {
    AnyRuleset::GAMES
        .iter()
        .filter_map(|&game| {
            let rules: AnyRuleset = game.parse().ok()?;
            Some((game, with_rules!(&rules, |r| r.ply_limit())))
        })
        .collect()
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The frameworks' registrations (OpenSpiel's `max_game_length`) read each game's bound
    // from here, not from a table of names on the Python side.
    m.add("PLY_LIMITS", ply_limits())?;
    m.add_class::<VectorEnv>()
}
