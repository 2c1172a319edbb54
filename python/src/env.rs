//! The learning environments' native part: `VectorEnv`, a batch of games stepped in one call
//! with the GIL released, over `sowing::encode` (the fixed-size encodings of single states
//! are `Ruleset` methods, in src/rules.rs).

use std::sync::Arc;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

use sowing::encode::{Batch, BatchOptions, Buffers, EncodeError, Reward};
use sowing::games::AnyRuleset;

use crate::errors::encode_error;
use crate::game::{AnyBatch, Game, with_batch, with_rules};
use crate::rules::{Ruleset, State};

/// The arrays a VectorEnv writes into: allocated once, handed out again at every call.
struct Arrays {
    observations: Py<PyArray2<f32>>,
    final_observations: Py<PyArray2<f32>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    to_move: Py<PyArray1<u8>>,
    masks: Py<PyArray2<bool>>,
}

/// `num_envs` independent games of one ruleset, stepped together in Rust:
/// `VectorEnv("kalah", 4096, seed=0)`.
///
/// `reset()` returns `(observations, to_move, action_mask)`; `step(actions)` takes one action
/// per game (an int array) and returns `(observations, rewards, terminated, truncated,
/// to_move, action_mask)`: observations `[num_envs, *observation_shape]` float32, rewards
/// `[num_envs, 2]` float32 per seat (South's, North's), terminated and truncated `[num_envs]`
/// bool, the player to move `[num_envs]` uint8 (0 South, 1 North), the mask `[num_envs,
/// num_actions]` bool. The arrays are allocated once and written in place by every call
/// (copy what you keep); `step` releases the GIL.
///
/// A game that ends starts again in the same step: its row then holds the new game's
/// observation, mask and player to move, while `rewards` and `terminated` are the finished
/// game's and its last observation is in `final_observations`. An illegal action raises
/// IllegalMoveError (out of range: MoveError) and changes no game.
///
/// `reward="margin"` rewards the score difference instead of +1/-1/0 (Tsoro keeps no score:
/// +1/-1 there); `max_plies=N` truncates games after N plies (actions).
#[pyclass(module = "sowing")]
pub struct VectorEnv {
    rules: Arc<AnyRuleset>,
    /// The Ruleset object `rules` hands out (one, so that its Move objects are shared).
    ruleset: Py<Ruleset>,
    batch: AnyBatch,
    arrays: Arrays,
    seed: u64,
    /// The actions converted to int64 when given as another type (allocated once).
    scratch: Vec<i64>,
}

impl VectorEnv {
    /// The arrays borrowed for writing, and `f` run on them with the batch, the GIL released.
    fn with_buffers<T: Send>(
        &mut self,
        py: Python<'_>,
        f: impl FnOnce(&mut AnyBatch, &mut Buffers<'_>) -> T + Send,
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
        let batch = &mut self.batch;
        Ok(py.allow_threads(move || f(batch, &mut out)))
    }

    fn outputs<'py>(&self, py: Python<'py>) -> (Bound<'py, PyAny>, Bound<'py, PyAny>) {
        let a = &self.arrays;
        (
            a.observations.bind(py).clone().into_any(),
            a.masks.bind(py).clone().into_any(),
        )
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of the ruleset `ruleset_text`, each at the start.
    #[new]
    #[pyo3(signature = (ruleset_text, num_envs, seed = 0, reward = "win-loss", max_plies = None))]
    fn new(
        py: Python<'_>,
        ruleset_text: &str,
        num_envs: usize,
        seed: u64,
        reward: &str,
        max_plies: Option<u32>,
    ) -> PyResult<VectorEnv> {
        let rules: AnyRuleset = ruleset_text.parse().map_err(crate::errors::ruleset_error)?;
        let reward = match reward {
            "win-loss" => Reward::WinLoss,
            "margin" => Reward::Margin,
            other => {
                return Err(PyValueError::new_err(format!(
                    "reward must be \"win-loss\" or \"margin\", not {other:?}"
                )));
            }
        };
        let options = BatchOptions { reward, max_plies };
        let batch = with_rules!(&rules, |r| Game::any_batch(Batch::new(
            r.clone(),
            num_envs,
            options
        )));
        let (k, m) = with_batch!(&batch, |b| (b.observation_len(), b.num_actions()));
        let arrays = Arrays {
            observations: PyArray2::zeros(py, [num_envs, k], false).unbind(),
            final_observations: PyArray2::zeros(py, [num_envs, k], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, 2], false).unbind(),
            terminated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            truncated: PyArray1::from_vec(py, vec![false; num_envs]).unbind(),
            to_move: PyArray1::zeros(py, num_envs, false).unbind(),
            masks: PyArray2::from_vec2(py, &vec![vec![false; m]; num_envs])
                .map_err(|e| PyValueError::new_err(e.to_string()))?
                .unbind(),
        };
        let rules = Arc::new(rules);
        let mut env = VectorEnv {
            ruleset: Py::new(py, Ruleset::from_arc(&rules))?,
            rules,
            batch,
            arrays,
            seed,
            scratch: vec![0; num_envs],
        };
        env.with_buffers(py, |b, out| with_batch!(b, |b| b.reset(seed, out)))?
            .map_err(encode_error)?;
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
        with_batch!(&self.batch, |b| b.len())
    }

    /// The number of actions (`rules.num_actions`).
    #[getter]
    fn num_actions(&self) -> usize {
        with_batch!(&self.batch, |b| b.num_actions())
    }

    /// The shape of one game's observation (`rules.observation_shape`).
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        with_batch!(&self.batch, |b| (b.observation_len(),))
    }

    /// The last observation of each game that ended in the last step (other rows: stale).
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<f32>> {
        self.arrays.final_observations.bind(py).clone()
    }

    /// Starts every game again; `seed` (default: the one given at construction) seeds
    /// `random_actions`. Returns `(observations, to_move, action_mask)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        if let Some(seed) = seed {
            self.seed = seed;
        }
        let seed = self.seed;
        self.with_buffers(py, |b, out| with_batch!(b, |b| b.reset(seed, out)))?
            .map_err(encode_error)?;
        let (obs, masks) = self.outputs(py);
        let to_move = self.arrays.to_move.bind(py).clone().into_any();
        Ok((obs, to_move, masks))
    }

    /// Plays one action in each game (an int array or sequence of `num_envs` entries) and
    /// returns `(observations, rewards, terminated, truncated, to_move, action_mask)`. Every
    /// action is checked first: a bad one raises and no game changes.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let result = if let Ok(array) = actions.extract::<PyReadonlyArray1<'py, i64>>() {
            let slice = array.as_slice()?;
            self.with_buffers(py, |b, out| with_batch!(b, |b| b.step(slice, out)))?
        } else {
            // Another integer type or a sequence: through numpy's own conversion into the
            // scratch buffer.
            let numpy = py.import("numpy")?;
            let converted = numpy
                .call_method1("asarray", (actions, "int64"))
                .map_err(|_| PyTypeError::new_err("actions must be integers"))?;
            let array: PyReadonlyArray1<'py, i64> = converted.extract().map_err(|_| {
                PyTypeError::new_err("actions must be a one-dimensional sequence of integers")
            })?;
            let slice = array.as_slice()?;
            if slice.len() != self.scratch.len() {
                return Err(encode_error(EncodeError::Length {
                    what: "actions",
                    expected: self.scratch.len(),
                    found: slice.len(),
                }));
            }
            let mut scratch = std::mem::take(&mut self.scratch);
            scratch.copy_from_slice(slice);
            let r = self.with_buffers(py, |b, out| with_batch!(b, |b| b.step(&scratch, out)));
            self.scratch = scratch;
            r?
        };
        result.map_err(encode_error)?;
        let a = &self.arrays;
        Ok((
            a.observations.bind(py).clone().into_any(),
            a.rewards.bind(py).clone().into_any(),
            a.terminated.bind(py).clone().into_any(),
            a.truncated.bind(py).clone().into_any(),
            a.to_move.bind(py).clone().into_any(),
            a.masks.bind(py).clone().into_any(),
        ))
    }

    /// A uniformly random legal action for each game, an int64 array, from the batch's own
    /// random source (seeded by `reset`): a fast random policy.
    fn random_actions<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i64>>> {
        let n = self.num_envs();
        let mut out = vec![0usize; n];
        with_batch!(&mut self.batch, |b| b.random_actions(&mut out)).map_err(encode_error)?;
        Ok(PyArray1::from_iter(py, out.into_iter().map(|a| a as i64)))
    }

    /// Each game's position, as States of `rules` (one Python object per game: for tests and
    /// inspection, not for the training loop).
    fn states(&self) -> Vec<State> {
        with_batch!(&self.batch, |b| {
            let r = b.rules();
            b.states()
                .iter()
                .map(|&s| State::new(&self.rules, r.any_state(s)))
                .collect()
        })
    }

    fn __len__(&self) -> usize {
        self.num_envs()
    }

    fn __repr__(&self) -> String {
        format!(
            "VectorEnv({:?}, {})",
            self.rules.to_string(),
            self.num_envs()
        )
    }
}

/// Registers `VectorEnv`.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VectorEnv>()
}
