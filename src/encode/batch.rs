//! [`Batch`]: many independent games of one ruleset stepped together, writing straight into
//! slices the caller allocated once (the core of a vectorized environment).

use super::{ActionSet, EncodeError, Encoding, check_len};
use crate::player::{Outcome, Player};
use crate::rng::{RandomSource, WyRand};

/// An integer that can name an action: [`Batch::step`] takes slices of any of them (numpy's
/// `int64` as well as Rust's `usize`). Negative values are out of range.
pub trait ActionIndex: Copy {
    /// The index, or `None` for a value no index can be (negative, or beyond `usize`).
    fn index(self) -> Option<usize>;
    /// The value as an `i64` for error messages (saturating).
    fn as_i64(self) -> i64;
}

macro_rules! action_index {
    ($($t:ty),*) => {$(
        impl ActionIndex for $t {
            #[inline]
            fn index(self) -> Option<usize> {
                usize::try_from(self).ok()
            }
            #[inline]
            fn as_i64(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}
action_index!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// What a finished game earns each seat in [`Batch`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Reward {
    /// +1 to the winner, -1 to the loser, 0 to both for a draw.
    #[default]
    WinLoss,
    /// Each seat's score minus the other's (stores, kazans, captured stones; for Tsoro, whose
    /// winner is the player left able to move, the win/loss value).
    Margin,
}

impl Reward {
    /// The rewards of `outcome`, `[South, North]`.
    pub fn of(self, outcome: Outcome) -> [f32; 2] {
        let south = match (self, outcome.score()) {
            (Reward::Margin, Some(s)) => s.south as f32 - s.north as f32,
            _ => outcome.value_for(Player::South) as f32,
        };
        [south, -south]
    }
}

/// The options of a [`Batch`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct BatchOptions {
    /// The rewards of a finished game.
    pub reward: Reward,
    /// Truncate a game after this many plies (actions), if it has not ended: it is reported
    /// `truncated` with rewards 0 and starts again. `None`: never (the games of the crate all
    /// end; Tsoro's `max-plies=` switch makes such an end a draw of the rules instead), short
    /// of `u32::MAX` plies, where the count of [`Batch::plies`] would overflow.
    pub max_plies: Option<u32>,
}

/// The slices a [`Batch`] writes into, for `n` games: each game's rows, one after another.
///
/// Rows of games that ended in the step (`terminated` or `truncated`) hold the new game's
/// observation, mask and player to move; the finished game's last observation is in
/// `final_observations` (written only in those rows) and its rewards in `rewards`.
#[derive(Debug)]
pub struct Buffers<'a> {
    /// `n * observation_len` values: each game's observation, from its mover's point of view.
    pub observations: &'a mut [f32],
    /// `n * observation_len` values: the last observation of each game that ended in the step.
    pub final_observations: &'a mut [f32],
    /// `n * 2` values: each game's rewards, South's then North's (0 unless it ended).
    pub rewards: &'a mut [f32],
    /// `n` values: whether the game ended by the rules in the step.
    pub terminated: &'a mut [bool],
    /// `n` values: whether the game was cut off by [`BatchOptions::max_plies`] in the step.
    pub truncated: &'a mut [bool],
    /// `n` values: the player to move, 0 for South, 1 for North ([`Player::index`]).
    pub to_move: &'a mut [u8],
    /// `n * num_actions` values: each game's legal-action mask.
    pub masks: &'a mut [bool],
}

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
    start: R::State,
    start_legal: ActionSet,
    start_observation: Vec<f32>,
    num_actions: usize,
    observation_len: usize,
    rng: WyRand,
}

impl<R: Encoding> Batch<R> {
    /// `num_envs` games of `rules`, each at the start position.
    pub fn new(rules: R, num_envs: usize, options: BatchOptions) -> Batch<R> {
        let start = rules.start();
        let start_legal = rules.legal_actions(&start);
        let start_observation = rules.observation(&start);
        Batch {
            num_actions: rules.num_actions(),
            observation_len: rules.observation_len(),
            options,
            states: vec![start; num_envs],
            legal: vec![start_legal; num_envs],
            plies: vec![0; num_envs],
            start,
            start_legal,
            start_observation,
            rng: WyRand::new(0),
            rules,
        }
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

    /// Each game's legal actions.
    pub fn legal_actions(&self) -> &[ActionSet] {
        &self.legal
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
        // Nothing has ended yet: the few games that end below write their own entries, so
        // the loop carries no pointer to these arrays.
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        let (k, m) = (self.observation_len, self.num_actions);
        let rules = &self.rules;
        // No limit: the most plies a count holds (see `BatchOptions::max_plies`).
        let limit = self.options.max_plies.unwrap_or(u32::MAX);
        let masks = &mut *out.masks;
        let games = self
            .states
            .iter_mut()
            .zip(self.legal.iter_mut())
            .zip(self.plies.iter_mut())
            .zip(actions)
            .zip(out.observations.chunks_exact_mut(k))
            .zip(out.to_move.iter_mut());
        for (env, (((((s, legal), ply), &a), obs), to_move)) in games.enumerate() {
            // Checked above: in range and legal.
            let Some(a) = a.index() else {
                continue;
            };
            let now = rules.play_legal_action(s, a);
            *ply += 1;
            let cut = *ply >= limit;
            if now.is_empty() || cut {
                rules.fill_observation(s, &mut out.final_observations[env * k..(env + 1) * k]);
                if now.is_empty() {
                    if let Some(o) = rules.outcome(s) {
                        out.rewards[2 * env..2 * env + 2]
                            .copy_from_slice(&self.options.reward.of(o));
                    }
                    out.terminated[env] = true;
                } else {
                    out.truncated[env] = true;
                }
                *s = self.start;
                *legal = self.start_legal;
                *ply = 0;
                obs.copy_from_slice(&self.start_observation);
            } else {
                *legal = now;
                rules.fill_observation(s, obs);
            }
            // Rows go in order, each overwriting the run-over of the one before.
            legal.write_mask_run_over(&mut masks[env * m..], m);
            *to_move = rules.to_move(s).index() as u8;
        }
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
