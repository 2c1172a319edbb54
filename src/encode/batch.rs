//! [`Batch`]: many independent games of one ruleset stepped together, writing straight into
//! slices the caller allocated once (the core of a vectorized environment).

use thiserror::Error;

use super::seen::Seen;
use super::{ActionSet, EncodeError, Encoding, check_len};
use crate::Ruleset;
use crate::player::{Outcome, Player};
use crate::rng::{RandomSource, WyRand};
use crate::search::Agent;

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
    ///
    /// A game whose rules end it when a position repeats (Oware,
    /// [`Ruleset::repetition_position`]) ends there, `terminated`, with the rules'
    /// [`repetition_outcome`](Ruleset::repetition_outcome): the batch keeps each game's
    /// positions since its last capture (as 64-bit hashes) from its start, or from the
    /// position [`Batch::start_game`] gives it. An opponent
    /// ([`Batch::step_on`]) chooses in the position alone.
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

/// The other seat of a learner's batch: [`Batch::step_on`] plays the `opponents`' replies
/// inside the step, so that every game is at the learner's `seat` after each step.
///
/// The games are split into `opponents.len()` runs of consecutive games (one a thread), and
/// the run `i` is answered by `opponents[i]`.
pub struct Versus<'a, 'b, R: Ruleset> {
    /// The seat the caller's actions play.
    pub seat: Player,
    /// One agent a run of games (at least one).
    pub opponents: &'a mut [&'b mut dyn Agent<R>],
}

/// The part of a batch every run of games reads.
struct Fixed<'a, R: Encoding> {
    rules: &'a R,
    start: R::State,
    start_legal: ActionSet,
    start_observation: &'a [f32],
    reward: Reward,
    limit: u32,
    k: usize,
    m: usize,
}

/// A run of consecutive games and their rows of the buffers.
struct Run<'a, 'b, R: Ruleset, A> {
    states: &'a mut [R::State],
    legal: &'a mut [ActionSet],
    plies: &'a mut [u32],
    lengths: &'a mut [u32],
    seen: &'a mut [Seen],
    actions: &'a [A],
    out: Buffers<'b>,
}

impl<'a, 'b, R: Ruleset, A> Run<'a, 'b, R, A> {
    /// The first `n` games and the others.
    fn split(self, n: usize, k: usize, m: usize) -> (Self, Self) {
        let (s0, s1) = self.states.split_at_mut(n);
        let (l0, l1) = self.legal.split_at_mut(n);
        let (p0, p1) = self.plies.split_at_mut(n);
        let (e0, e1) = self.lengths.split_at_mut(n);
        let (h0, h1) = self.seen.split_at_mut(n);
        let (a0, a1) = self.actions.split_at(n);
        let (o0, o1) = self.out.observations.split_at_mut(n * k);
        let (f0, f1) = self.out.final_observations.split_at_mut(n * k);
        let (r0, r1) = self.out.rewards.split_at_mut(2 * n);
        let (t0, t1) = self.out.terminated.split_at_mut(n);
        let (u0, u1) = self.out.truncated.split_at_mut(n);
        let (w0, w1) = self.out.to_move.split_at_mut(n);
        let (m0, m1) = self.out.masks.split_at_mut(n * m);
        let buffers = |o, f, r, t, u, w, m| Buffers {
            observations: o,
            final_observations: f,
            rewards: r,
            terminated: t,
            truncated: u,
            to_move: w,
            masks: m,
        };
        (
            Run {
                states: s0,
                legal: l0,
                plies: p0,
                lengths: e0,
                seen: h0,
                actions: a0,
                out: buffers(o0, f0, r0, t0, u0, w0, m0),
            },
            Run {
                states: s1,
                legal: l1,
                plies: p1,
                lengths: e1,
                seen: h1,
                actions: a1,
                out: buffers(o1, f1, r1, t1, u1, w1, m1),
            },
        )
    }
}

/// The rows of [`Buffers`] that only a game that ends writes.
struct Ends<'a> {
    final_observations: &'a mut [f32],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
}

impl<R: Encoding> Fixed<'_, R> {
    /// Writes the end of game `env` at `s`: its last observation, then the rewards and
    /// `terminated` of a game over (no legal action: `no_move`, or a repeated position:
    /// `repeated`), else `truncated` (cut off by the ply limit).
    fn write_end(
        &self,
        env: usize,
        s: &R::State,
        no_move: bool,
        repeated: Option<Outcome>,
        ends: Ends<'_>,
    ) {
        let (rules, k) = (self.rules, self.k);
        rules.fill_observation(s, &mut ends.final_observations[env * k..(env + 1) * k]);
        if no_move || repeated.is_some() {
            if let Some(o) = repeated.or_else(|| rules.outcome(s)) {
                ends.rewards[2 * env..2 * env + 2].copy_from_slice(&self.reward.of(o));
            }
            ends.terminated[env] = true;
        } else {
            ends.truncated[env] = true;
        }
    }

    /// Steps the games of `run` with no opponent (the hot loop of [`Batch::step`]).
    fn step<A: ActionIndex>(&self, run: Run<'_, '_, R, A>) {
        let Fixed { rules, k, m, .. } = *self;
        let out = run.out;
        // Nothing has ended yet: the few games that end below write their own entries, so
        // the loop carries no pointer to these arrays.
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        let masks = &mut *out.masks;
        let games = run
            .states
            .iter_mut()
            .zip(run.legal.iter_mut())
            .zip(run.plies.iter_mut())
            .zip(run.seen.iter_mut())
            .zip(run.actions)
            .zip(out.observations.chunks_exact_mut(k))
            .zip(out.to_move.iter_mut());
        for (env, ((((((s, legal), ply), seen), &a), obs), to_move)) in games.enumerate() {
            // Checked before: in range and legal.
            let Some(a) = a.index() else {
                continue;
            };
            let now = rules.play_legal_action(s, a);
            *ply += 1;
            let repeated = seen.reach(rules, s);
            let cut = *ply >= self.limit;
            if now.is_empty() || repeated.is_some() || cut {
                let ends = Ends {
                    final_observations: &mut *out.final_observations,
                    rewards: &mut *out.rewards,
                    terminated: &mut *out.terminated,
                    truncated: &mut *out.truncated,
                };
                self.write_end(env, s, now.is_empty(), repeated, ends);
                run.lengths[env] = *ply;
                *s = self.start;
                seen.start(rules, s);
                *legal = self.start_legal;
                *ply = 0;
                obs.copy_from_slice(self.start_observation);
            } else {
                *legal = now;
                rules.fill_observation(s, obs);
            }
            // Rows go in order, each overwriting the run-over of the one before.
            legal.write_mask_run_over(&mut masks[env * m..], m);
            *to_move = rules.to_move(s).index() as u8;
        }
    }

    /// Plays the opponent's replies in one game until the learner is to move, and returns
    /// the legal actions then, and the outcome if a reply repeated a position of the game;
    /// an empty set if the game ended meanwhile (the state is left at the end). `repeated`:
    /// the learner's ply repeated one already (no reply is then played).
    fn replies(
        &self,
        s: &mut R::State,
        (mut now, mut repeated): (ActionSet, Option<Outcome>),
        ply: &mut u32,
        seat: Player,
        (opponent, seen): (&mut dyn Agent<R>, &mut Seen),
    ) -> (ActionSet, Option<Outcome>) {
        let rules = self.rules;
        while !now.is_empty() && repeated.is_none() && rules.to_move(s) != seat {
            // An agent answers every position that is not over with a legal move; one that
            // does not leaves the game to the learner rather than loop.
            let Some(a) = opponent
                .choose(rules, s)
                .and_then(|mv| rules.move_to_action(s, mv))
                .filter(|&a| now.contains(a))
            else {
                break;
            };
            now = rules.play_legal_action(s, a);
            *ply = ply.saturating_add(1);
            repeated = seen.reach(rules, s);
        }
        (now, repeated)
    }

    /// Steps the games of `run`, the learner on `seat` and `opponent` replying.
    fn step_versus<A: ActionIndex>(
        &self,
        run: Run<'_, '_, R, A>,
        seat: Player,
        opponent: &mut dyn Agent<R>,
    ) {
        let Fixed { rules, k, m, .. } = *self;
        let out = run.out;
        out.rewards.fill(0.0);
        out.terminated.fill(false);
        out.truncated.fill(false);
        let games = run
            .states
            .iter_mut()
            .zip(run.legal.iter_mut())
            .zip(run.plies.iter_mut())
            .zip(run.seen.iter_mut())
            .zip(run.actions);
        for (env, ((((s, legal), ply), seen), &a)) in games.enumerate() {
            let Some(a) = a.index() else {
                continue;
            };
            let now = rules.play_legal_action(s, a);
            *ply += 1;
            let repeated = seen.reach(rules, s);
            let (mut now, repeated) =
                self.replies(s, (now, repeated), ply, seat, (&mut *opponent, &mut *seen));
            // The limit is checked when the learner is to move again.
            if now.is_empty() || repeated.is_some() || *ply >= self.limit {
                let ends = Ends {
                    final_observations: &mut *out.final_observations,
                    rewards: &mut *out.rewards,
                    terminated: &mut *out.terminated,
                    truncated: &mut *out.truncated,
                };
                self.write_end(env, s, now.is_empty(), repeated, ends);
                run.lengths[env] = *ply;
                *s = self.start;
                *ply = 0;
                seen.start(rules, s);
                // A game does not repeat in the opponent's first plies: nothing to end.
                (now, _) = self.replies(
                    s,
                    (self.start_legal, None),
                    ply,
                    seat,
                    (&mut *opponent, &mut *seen),
                );
            }
            *legal = now;
            rules.fill_observation(s, &mut out.observations[env * k..(env + 1) * k]);
            legal.write_mask(&mut out.masks[env * m..(env + 1) * m]);
            out.to_move[env] = rules.to_move(s).index() as u8;
        }
    }
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

/// One run of games to step, from [`Batch::step_on`].
pub type Job<'a> = Box<dyn FnOnce() + Send + 'a>;

/// Runs `jobs` on threads started for them (`std::thread::scope`), the first on the calling
/// thread: a `run_all` for [`Batch::step_on`] with no thread pool. Starting a thread costs
/// tens of microseconds, so a pool that keeps its threads pays for itself when steps are
/// short.
pub fn run_on_threads(jobs: Vec<Job<'_>>) {
    std::thread::scope(|scope| {
        let mut jobs = jobs.into_iter();
        let mine = jobs.next();
        for job in jobs {
            scope.spawn(job);
        }
        if let Some(job) = mine {
            job();
        }
    });
}

/// The buffers again, borrowed for a shorter time.
fn reborrow<'b>(out: &'b mut Buffers<'_>) -> Buffers<'b> {
    Buffers {
        observations: out.observations,
        final_observations: out.final_observations,
        rewards: out.rewards,
        terminated: out.terminated,
        truncated: out.truncated,
        to_move: out.to_move,
        masks: out.masks,
    }
}
