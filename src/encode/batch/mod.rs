//! [`Batch`]: many independent games of one ruleset stepped together, writing straight into
//! slices the caller allocated once (the core of a vectorized environment).

mod action_index;
mod buffers;
mod options;
mod step;
mod threads;
mod versus;

use thiserror::Error;

use super::seen::Seen;
use super::{ActionSet, EncodeError, Encoding, check_len};
use crate::rng::{RandomSource, WyRand};
use buffers::reborrow;
use step::{Fixed, Run};

pub use action_index::ActionIndex;
pub use buffers::Buffers;
pub use options::{BatchOptions, Reward};
pub use threads::{Job, run_on_threads};
pub use versus::Versus;

/// Many independent games of one ruleset, stepped together: one action per game per
/// [`step`](Batch::step), the observations, rewards and masks written into [`Buffers`].
///
/// A game that ends starts again at once from the start position, in the same step (see
/// [`Buffers`] for where its last observation and rewards go). A step with any bad action
/// refuses the whole batch and changes no game. Stepping allocates nothing.
///
/// ```
/// use sowing::encode::{Batch, BatchOptions, Buffers, Encoding};
/// use sowing::kalah::Kalah;
///
/// let mut batch = Batch::new(Kalah::default(), 3, BatchOptions::default());
/// let (obs, acts) = (batch.observation_len(), batch.num_actions());
/// let (mut o, mut f, mut r) = (vec![0.0; 3 * obs], vec![0.0; 3 * obs], vec![0.0; 6]);
/// let (mut te, mut tr, mut to, mut m) = (vec![false; 3], vec![false; 3], vec![0; 3], vec![false; 3 * acts]);
/// let mut out = Buffers {
///     observations: &mut o, final_observations: &mut f, rewards: &mut r,
///     terminated: &mut te, truncated: &mut tr, to_move: &mut to, masks: &mut m,
/// };
/// batch.reset(7, &mut out).unwrap();
/// batch.step(&[2usize, 0, 5], &mut out).unwrap();
/// assert_eq!(out.to_move, [0, 1, 1]); // pit 3 gave game 0 an extra turn
/// assert!(batch.step(&[2usize, 0, 0], &mut out).is_err()); // game 0's pit 3 is empty
/// assert_eq!(out.to_move, [0, 1, 1]); // nothing changed
/// ```
#[derive(Clone, Debug)]
pub struct Batch<R: Encoding> {
    rules: R,
    options: BatchOptions,
    states: Vec<R::State>,
    legal: Vec<ActionSet>,
    plies: Vec<u32>,
    /// The plies of each game that ended in the last step (other entries stale).
    lengths: Vec<u32>,
    /// Each game's positions, for a game with a repetition rule (empty otherwise).
    seen: Vec<Seen>,
    start: R::State,
    start_legal: ActionSet,
    start_observation: Vec<f32>,
    num_actions: usize,
    observation_len: usize,
    rng: WyRand,
}

/// The most games a [`Batch`] holds ([`Batch::try_new`]): 4,194,304 (2^22), a thousand
/// times the usual 4,096, and already gigabytes of buffers for the larger games.
pub const MAX_GAMES: usize = 1 << 22;

/// The fewest games a run of [`Batch::step_on`] without an opponent holds: below it, handing
/// the run to a thread (a pool's; starting one costs more) costs more than its games take
/// (the README's speed section has the time of 256 Kalah games).
const MIN_GAMES_A_RUN: usize = 256;

/// What [`Batch::try_new`] and [`Batch::start_game`] refuse; the batch is left as it was.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BatchError {
    /// More games than [`MAX_GAMES`], or buffers whose size overflows `usize`.
    #[error("{games} games are more than a batch holds (at most {max})")]
    TooMany {
        /// The games asked for.
        games: u128,
        /// [`MAX_GAMES`].
        max: usize,
    },
    /// The memory of the games could not be had.
    #[error("the memory of {games} games cannot be had")]
    Memory {
        /// The games asked for.
        games: usize,
    },
    /// A game index past the end of the batch.
    #[error("game {env} is out of range: the batch has {len} games")]
    NoGame {
        /// The index.
        env: usize,
        /// The number of games.
        len: usize,
    },
    /// A position to start a game from where the game is over (or ends before the learner
    /// moves, the opponent replying).
    #[error("game {env} cannot start from a position where the game is over")]
    Over {
        /// The game.
        env: usize,
    },
}

impl<R: Encoding> Batch<R> {
    /// `num_envs` games of `rules`, each at the start position.
    ///
    /// # Panics
    /// If the memory cannot be had ([`try_new`](Batch::try_new) returns an error instead).
    pub fn new(rules: R, num_envs: usize, options: BatchOptions) -> Batch<R> {
        let start = rules.start();
        let start_legal = rules.legal_actions(&start);
        let start_observation = rules.observation(&start);
        let mut seen = Seen::default();
        seen.start(&rules, &start);
        Batch {
            num_actions: rules.num_actions(),
            observation_len: rules.observation_len(),
            options,
            states: vec![start; num_envs],
            legal: vec![start_legal; num_envs],
            plies: vec![0; num_envs],
            lengths: vec![0; num_envs],
            seen: vec![seen; num_envs],
            start,
            start_legal,
            start_observation,
            rng: WyRand::new(0),
            rules,
        }
    }

    /// The bytes of `num_envs` games of `rules` and of their [`Buffers`], if they fit in a
    /// `usize`.
    pub fn footprint(rules: &R, num_envs: usize) -> Option<usize> {
        let state = std::mem::size_of::<R::State>() + std::mem::size_of::<ActionSet>() + 8;
        // observations and final_observations, f32; the mask; rewards, two f32; terminated,
        // truncated, to_move, a byte each.
        let row = rules
            .observation_len()
            .checked_mul(8)?
            .checked_add(rules.num_actions())?
            .checked_add(8 + 3)?
            .checked_add(state)?;
        row.checked_mul(num_envs)
    }

    /// [`new`](Batch::new), or an error instead of an abort for a batch that cannot be had:
    /// more than [`MAX_GAMES`] games, or memory the allocator refuses (its buffers are
    /// [`footprint`](Batch::footprint) bytes; the caller allocates those).
    ///
    /// # Errors
    /// [`BatchError::TooMany`], [`BatchError::Memory`].
    pub fn try_new(rules: R, num_envs: usize, options: BatchOptions) -> Result<Self, BatchError> {
        let too_many = BatchError::TooMany {
            games: num_envs as u128,
            max: MAX_GAMES,
        };
        if num_envs > MAX_GAMES || Batch::footprint(&rules, num_envs).is_none() {
            return Err(too_many);
        }
        fn filled<T: Copy>(value: T, n: usize) -> Result<Vec<T>, BatchError> {
            let mut v = Vec::new();
            v.try_reserve_exact(n)
                .map_err(|_| BatchError::Memory { games: n })?;
            v.resize(n, value);
            Ok(v)
        }
        let start = rules.start();
        let start_legal = rules.legal_actions(&start);
        let start_observation = rules.observation(&start);
        Ok(Batch {
            num_actions: rules.num_actions(),
            observation_len: rules.observation_len(),
            options,
            states: filled(start, num_envs)?,
            legal: filled(start_legal, num_envs)?,
            plies: filled(0, num_envs)?,
            lengths: filled(0, num_envs)?,
            seen: {
                let mut v = Vec::new();
                v.try_reserve_exact(num_envs)
                    .map_err(|_| BatchError::Memory { games: num_envs })?;
                let mut seen = Seen::default();
                seen.start(&rules, &start);
                v.resize(num_envs, seen);
                v
            },
            start,
            start_legal,
            start_observation,
            rng: WyRand::new(0),
            rules,
        })
    }

    /// The ruleset.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The options.
    pub fn options(&self) -> BatchOptions {
        self.options
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// Whether the batch has no game.
    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    /// The ruleset's [`Encoding::num_actions`].
    pub fn num_actions(&self) -> usize {
        self.num_actions
    }

    /// The ruleset's [`Encoding::observation_len`].
    pub fn observation_len(&self) -> usize {
        self.observation_len
    }

    /// Each game's state.
    pub fn states(&self) -> &[R::State] {
        &self.states
    }

    /// Each game's plies (actions) since it started.
    pub fn plies(&self) -> &[u32] {
        &self.plies
    }

    /// The plies of each game that ended (`terminated` or `truncated`) in the last step, the
    /// opponent's included (other entries: stale).
    pub fn episode_lengths(&self) -> &[u32] {
        &self.lengths
    }

    /// Each game's legal actions.
    pub fn legal_actions(&self) -> &[ActionSet] {
        &self.legal
    }

    /// The position of the batch's random source: [`set_rng_state`](Batch::set_rng_state)
    /// with it makes [`random_actions`](Batch::random_actions) go on as from here.
    pub fn rng_state(&self) -> u64 {
        self.rng.state()
    }

    /// Puts the batch's random source at `state` (from [`rng_state`](Batch::rng_state)).
    pub fn set_rng_state(&mut self, state: u64) {
        self.rng = WyRand::new(state);
    }

    fn check(&self, out: &Buffers<'_>) -> Result<(), EncodeError> {
        let n = self.len();
        check_len(
            "observations",
            n * self.observation_len,
            out.observations.len(),
        )?;
        check_len(
            "final_observations",
            n * self.observation_len,
            out.final_observations.len(),
        )?;
        check_len("rewards", 2 * n, out.rewards.len())?;
        check_len("terminated", n, out.terminated.len())?;
        check_len("truncated", n, out.truncated.len())?;
        check_len("to_move", n, out.to_move.len())?;
        check_len("masks", n * self.num_actions, out.masks.len())
    }

    fn fixed(&self) -> Fixed<'_, R> {
        Fixed {
            rules: &self.rules,
            start: self.start,
            start_legal: self.start_legal,
            start_observation: &self.start_observation,
            reward: self.options.reward,
            // No limit: the most plies a count holds (see `BatchOptions::max_plies`).
            limit: self.options.max_plies.unwrap_or(u32::MAX),
            k: self.observation_len,
            m: self.num_actions,
        }
    }

    /// Writes game `env`'s row of observation, mask and player to move, and clears its
    /// rewards, `terminated` and `truncated`.
    fn write_row(&self, env: usize, out: &mut Buffers<'_>) {
        let (k, m) = (self.observation_len, self.num_actions);
        let s = &self.states[env];
        self.rules
            .fill_observation(s, &mut out.observations[env * k..(env + 1) * k]);
        self.legal[env].write_mask(&mut out.masks[env * m..(env + 1) * m]);
        out.to_move[env] = self.rules.to_move(s).index() as u8;
        out.rewards[2 * env..2 * env + 2].fill(0.0);
        out.terminated[env] = false;
        out.truncated[env] = false;
    }

    /// Which run of `runs` game `env` is in, as [`step_on`](Batch::step_on) splits them.
    fn run_of(&self, env: usize, runs: usize) -> usize {
        env / self.len().div_ceil(runs.max(1)).max(1)
    }

    /// Starts every game again and writes the first observations, masks and players to move
    /// (rewards 0, nothing terminated or truncated). `seed` seeds the batch's random source
    /// ([`random_actions`](Batch::random_actions)); the games themselves have no chance.
    ///
    /// # Errors
    /// [`EncodeError::Length`] for a slice of the wrong length (nothing changed).
    pub fn reset(&mut self, seed: u64, out: &mut Buffers<'_>) -> Result<(), EncodeError> {
        self.check(out)?;
        self.rng = WyRand::new(seed);
        self.states.fill(self.start);
        self.legal.fill(self.start_legal);
        self.plies.fill(0);
        for seen in &mut self.seen {
            seen.start(&self.rules, &self.start);
        }
        let to_move = self.rules.to_move(&self.start).index() as u8;
        for (i, obs) in out
            .observations
            .chunks_exact_mut(self.observation_len)
            .enumerate()
        {
            obs.copy_from_slice(&self.start_observation);
            self.start_legal
                .write_mask(&mut out.masks[i * self.num_actions..(i + 1) * self.num_actions]);
            out.to_move[i] = to_move;
        }
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        Ok(())
    }

    /// Starts game `env` again from `state` (with `plies` already played) and writes its row
    /// as [`reset`](Batch::reset) does; with `versus`, the opponent then replies until the
    /// learner is to move. The other games are untouched.
    ///
    /// # Errors
    /// [`BatchError::NoGame`] for an `env` past the end, [`BatchError::Over`] for a
    /// position where the game is over or ends before the learner moves (nothing changed).
    /// `out` must be the batch's buffers ([`reset`](Batch::reset) checks their lengths).
    pub fn start_game(
        &mut self,
        env: usize,
        state: R::State,
        plies: u32,
        out: &mut Buffers<'_>,
        versus: Option<&mut Versus<'_, '_, R>>,
    ) -> Result<(), BatchError> {
        let len = self.len();
        if env >= len || self.check(out).is_err() {
            return Err(BatchError::NoGame { env, len });
        }
        let (mut s, mut ply) = (state, plies);
        let mut now = self.rules.legal_actions(&s);
        let mut seen = Seen::default();
        seen.start(&self.rules, &s);
        let mut repeated = None;
        if let Some(v) = versus {
            let run = self.run_of(env, v.opponents.len());
            if let Some(opponent) = v.opponents.get_mut(run) {
                (now, repeated) = self.fixed().replies(
                    &mut s,
                    (now, None),
                    &mut ply,
                    v.seat,
                    (&mut **opponent, &mut seen),
                );
            }
        }
        if now.is_empty() || repeated.is_some() {
            return Err(BatchError::Over { env });
        }
        self.seen[env] = seen;
        self.states[env] = s;
        self.legal[env] = now;
        self.plies[env] = ply;
        self.write_row(env, out);
        Ok(())
    }

    /// Plays `actions[i]` in game `i`, for every game, and writes the results into `out` (see
    /// [`Buffers`]). Every action is checked before any game is played.
    ///
    /// # Errors
    /// [`EncodeError::OutOfRange`] or [`EncodeError::Illegal`] for the first bad action, and
    /// [`EncodeError::Length`] for a slice of the wrong length; no game changes and `out` is
    /// untouched.
    pub fn step<A: ActionIndex>(
        &mut self,
        actions: &[A],
        out: &mut Buffers<'_>,
    ) -> Result<(), EncodeError> {
        check_len("actions", self.len(), actions.len())?;
        self.check(out)?;
        self.check_actions(actions)?;
        let fixed = Fixed {
            rules: &self.rules,
            start: self.start,
            start_legal: self.start_legal,
            start_observation: &self.start_observation,
            reward: self.options.reward,
            limit: self.options.max_plies.unwrap_or(u32::MAX),
            k: self.observation_len,
            m: self.num_actions,
        };
        let run = Run {
            states: &mut self.states,
            legal: &mut self.legal,
            plies: &mut self.plies,
            lengths: &mut self.lengths,
            seen: &mut self.seen,
            actions,
            out: reborrow(out),
        };
        fixed.step(run);
        Ok(())
    }

    /// [`step`](Batch::step) split into up to `threads` jobs, each stepping a run of
    /// consecutive games, handed to `run_all` to run (all of them, before it returns: on
    /// threads of a pool, or with [`run_on_threads`], or one after another); with `versus`,
    /// one job a run of `versus.opponents`, each playing the other seat of its games until
    /// the learner is to move again. Without an opponent, a job steps at least 256 games
    /// (fewer are not worth a thread). The results are those of `step` whatever the jobs
    /// (with an opponent that draws at random, they depend on the runs).
    ///
    /// ```
    /// use sowing::encode::{Batch, BatchOptions, Buffers, run_on_threads};
    /// use sowing::kalah::Kalah;
    ///
    /// let n = 2048;
    /// let mut batch = Batch::new(Kalah::default(), n, BatchOptions::default());
    /// let (obs, acts) = (batch.observation_len(), batch.num_actions());
    /// let (mut o, mut f, mut r) = (vec![0.0; n * obs], vec![0.0; n * obs], vec![0.0; 2 * n]);
    /// let (mut te, mut tr, mut to, mut m) = (vec![false; n], vec![false; n], vec![0; n], vec![false; n * acts]);
    /// let mut out = Buffers {
    ///     observations: &mut o, final_observations: &mut f, rewards: &mut r,
    ///     terminated: &mut te, truncated: &mut tr, to_move: &mut to, masks: &mut m,
    /// };
    /// batch.reset(7, &mut out).unwrap();
    /// batch.step_on(&vec![2usize; n], &mut out, 4, None, run_on_threads).unwrap();
    /// assert!(out.to_move.iter().all(|&p| p == 0)); // pit 3 gave every game an extra turn
    /// ```
    ///
    /// With an opponent, a game's plies count both seats', and `max_plies` cuts a game when
    /// the learner is to move again; a game that ends starts again, and the opponent plays
    /// its first plies when the learner has the other seat.
    ///
    /// # Errors
    /// As [`step`](Batch::step).
    pub fn step_on<A: ActionIndex + Sync>(
        &mut self,
        actions: &[A],
        out: &mut Buffers<'_>,
        threads: usize,
        versus: Option<&mut Versus<'_, '_, R>>,
        run_all: impl FnOnce(Vec<Job<'_>>),
    ) -> Result<(), EncodeError> {
        check_len("actions", self.len(), actions.len())?;
        self.check(out)?;
        self.check_actions(actions)?;
        let n = self.len();
        let runs = match &versus {
            Some(v) => v.opponents.len().min(n).max(1),
            None => threads.min(n / MIN_GAMES_A_RUN).max(1),
        };
        let per_run = n.div_ceil(runs).max(1);
        let fixed = Fixed {
            rules: &self.rules,
            start: self.start,
            start_legal: self.start_legal,
            start_observation: &self.start_observation,
            reward: self.options.reward,
            limit: self.options.max_plies.unwrap_or(u32::MAX),
            k: self.observation_len,
            m: self.num_actions,
        };
        let (k, m) = (fixed.k, fixed.m);
        let mut rest = Run {
            states: &mut self.states,
            legal: &mut self.legal,
            plies: &mut self.plies,
            lengths: &mut self.lengths,
            seen: &mut self.seen,
            actions,
            out: reborrow(out),
        };
        let mut list = Vec::with_capacity(runs);
        while rest.states.len() > per_run {
            let (run, more) = rest.split(per_run, k, m);
            list.push(run);
            rest = more;
        }
        list.push(rest);
        let fixed = &fixed;
        let mut jobs: Vec<Job<'_>> = Vec::with_capacity(list.len());
        match versus {
            None => {
                for run in list {
                    jobs.push(Box::new(move || fixed.step(run)));
                }
            }
            Some(v) => {
                let seat = v.seat;
                for (run, opponent) in list.into_iter().zip(v.opponents.iter_mut()) {
                    jobs.push(Box::new(move || {
                        fixed.step_versus(run, seat, &mut **opponent)
                    }));
                }
            }
        }
        run_all(jobs);
        Ok(())
    }

    /// The first action of `actions` out of range or not legal in its game, as an error.
    fn check_actions<A: ActionIndex>(&self, actions: &[A]) -> Result<(), EncodeError> {
        for (env, (&a, &legal)) in actions.iter().zip(&self.legal).enumerate() {
            // The legal actions lie in `0..num_actions`, so a member is in range.
            match a.index() {
                Some(i) if legal.contains(i) => {}
                Some(i) if i < self.num_actions => {
                    return Err(EncodeError::Illegal { env, action: i });
                }
                _ => {
                    return Err(EncodeError::OutOfRange {
                        env,
                        action: a.as_i64(),
                        num_actions: self.num_actions,
                    });
                }
            }
        }
        Ok(())
    }

    /// Writes a uniformly random legal action of each game into `out`, from the batch's own
    /// random source (seeded by [`reset`](Batch::reset)): a fast random policy, and the
    /// opponent of benchmarks.
    ///
    /// # Errors
    /// [`EncodeError::Length`] unless `out` has one entry per game.
    pub fn random_actions(&mut self, out: &mut [usize]) -> Result<(), EncodeError> {
        check_len("actions", self.len(), out.len())?;
        for (a, legal) in out.iter_mut().zip(&self.legal) {
            let k = self.rng.below(legal.len() as u32) as usize;
            *a = legal.nth(k).unwrap_or(0);
        }
        Ok(())
    }
}
