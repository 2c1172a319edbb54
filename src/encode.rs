//! Fixed-size encodings of the games for learning programs, and [`Batch`], many independent
//! games stepped at once.
//!
//! Reinforcement-learning code wants a game as numbers of a fixed shape: a fixed set of
//! **actions** `0..num_actions` (with a mask of the legal ones), and an **observation**, a
//! vector of `f32` of a fixed length, seen from the player to move. [`Encoding`] gives both
//! for a ruleset; every game of the crate implements it, each in its own module, where each
//! action and each field of the observation is documented:
//!
//! | game | actions | observation |
//! |---|---|---|
//! | Kalah, *m* pits | *m* + 1: the pits, then `swap` | 2*m* + 4 values ([`kalah::encode`](crate::kalah::encode)) |
//! | Toguz Kumalak, *n* holes | *n*: the holes | 4*n* + 2 values ([`toguz::encode`](crate::toguz::encode)) |
//! | Tsoro, *N* holes a row | 4*N* + 3: start holes, `relay`, `stop`, takes, `done` | 4*N* + 9 values ([`tsoro::encode`](crate::tsoro::encode)) |
//!
//! The layouts depend on the board size only, never on the other switches (a field a switch
//! leaves unused stays 0), and the observation holds everything the rules need: the legal
//! actions and the outcome are functions of it (the tests check this).
//!
//! ```
//! use sowing::encode::Encoding;
//! use sowing::kalah::Kalah;
//! use sowing::Ruleset;
//!
//! let rules = Kalah::default();
//! let mut state = rules.start();
//! assert_eq!(rules.num_actions(), 7); // pits 1 to 6, then swap
//! assert_eq!(rules.action_mask(&state), [true, true, true, true, true, true, false]);
//! rules.play_action(&mut state, 2).unwrap(); // pit 3: the last seed in the store
//! // The mover's pits, the opponent's pits, both stores, the two pie-rule fields.
//! assert_eq!(
//!     rules.observation(&state),
//!     [4., 4., 0., 5., 5., 5., 4., 4., 4., 4., 4., 4., 1., 0., 0., 0.]
//! );
//! assert!(rules.play_action(&mut state, 2).is_err()); // pit 3 is empty now
//! ```
//!
//! [`Batch`] steps many games with one call, writing observations, rewards and masks
//! straight into slices the caller allocated once: the core of a vectorized environment.

use std::fmt::Debug;

use thiserror::Error;

use crate::player::{Outcome, Player};
use crate::rng::{RandomSource, WyRand};
use crate::ruleset::Ruleset;

/// A set of actions `0..128`, one bit each: the legal actions of a position.
///
/// ```
/// use sowing::encode::ActionSet;
/// let set = ActionSet::from_bits(0b1010);
/// assert!(set.contains(1) && !set.contains(2));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [1, 3]);
/// assert_eq!(set.len(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ActionSet(u128);

impl ActionSet {
    /// The empty set.
    pub const EMPTY: ActionSet = ActionSet(0);

    /// The set whose members are the set bits of `bits`.
    pub const fn from_bits(bits: u128) -> ActionSet {
        ActionSet(bits)
    }

    /// The bits: bit `a` set when action `a` is a member.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `action` is a member (`false` for 128 and above).
    #[inline]
    pub const fn contains(self, action: usize) -> bool {
        // The half holding the bit, then a 64-bit shift (a 128-bit shift by a variable
        // amount costs a double shift and two selects).
        let half = if action < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        action < 128 && (half >> (action & 63)) & 1 != 0
    }

    /// Adds `action` (ignored for 128 and above).
    #[inline]
    pub fn insert(&mut self, action: usize) {
        if action < 128 {
            self.0 |= 1 << action;
        }
    }

    /// The number of members.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `k`-th smallest member (`k < len()`), or `None`.
    #[inline]
    pub fn nth(self, k: usize) -> Option<usize> {
        let mut bits = self.0;
        for _ in 0..k {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| bits.trailing_zeros() as usize)
    }

    /// The members, smallest first (the iterator knows how many are left, so that a
    /// collection built from it is allocated once at its size).
    pub fn iter(self) -> impl ExactSizeIterator<Item = usize> {
        Members(self.0)
    }

    /// Writes the set as booleans, `out[a]` for every action `a < out.len()`: one table
    /// look-up and one 8-byte copy per 8 actions, no loop over single actions.
    #[inline]
    pub fn write_mask(self, out: &mut [bool]) {
        let mut bits = self.0;
        let mut chunks = out.chunks_exact_mut(8);
        for chunk in &mut chunks {
            chunk.copy_from_slice(&SPREAD[(bits & 0xFF) as usize]);
            bits >>= 8;
        }
        let rest = chunks.into_remainder();
        let k = rest.len();
        rest.copy_from_slice(&SPREAD[(bits & 0xFF) as usize][..k]);
    }

    /// Writes the first `len` entries of the mask into `out[..len]` (as
    /// [`write_mask`](ActionSet::write_mask)) in whole 8-entry copies when `out` is long enough,
    /// running into `out[len..]` up to the next multiple of 8 with the set's bits there
    /// (`false` for a set within `0..len`): for rows written one after another, each
    /// overwriting the run-over of the one before, with no copy of a length not known at
    /// compile time.
    #[inline]
    fn write_mask_run_over(self, out: &mut [bool], len: usize) {
        match out.get_mut(..len.div_ceil(8) * 8) {
            // A mask of 8 entries or fewer (Kalah 6 x 4) in one copy; else the set's bytes
            // read one by one, with no 128-bit shift per 8 actions.
            Some(whole) if whole.len() == 8 => {
                whole.copy_from_slice(&SPREAD[usize::from(self.0 as u8)])
            }
            Some(whole) => {
                for (chunk, &b) in whole.chunks_exact_mut(8).zip(&self.0.to_le_bytes()) {
                    chunk.copy_from_slice(&SPREAD[usize::from(b)]);
                }
            }
            None => self.write_mask(&mut out[..len]),
        }
    }
}

/// The iterator of [`ActionSet::iter`]: the bits not yet handed out.
struct Members(u128);

impl Iterator for Members {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let a = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            a
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.count_ones() as usize;
        (k, Some(k))
    }
}

impl ExactSizeIterator for Members {}

/// Writes each byte of `bytes` as a float into `out`, as far as the shorter goes: the
/// observations' converting pass, kept out of line so that it is vectorized wherever it is
/// used (inlined into a large loop it was not).
#[inline(never)]
pub(crate) fn widen(bytes: &[u8], out: &mut [f32]) {
    let k = bytes.len().min(out.len());
    let (bytes, out) = (&bytes[..k], &mut out[..k]);
    if k < 16 {
        for (o, &b) in out.iter_mut().zip(bytes) {
            *o = f32::from(b);
        }
        return;
    }
    // Sixteen at a time, the last sixteen again for a remainder (the same values), so no
    // value is converted alone.
    for (o, b) in out.chunks_exact_mut(16).zip(bytes.chunks_exact(16)) {
        widen16(b, o);
    }
    if k % 16 != 0 {
        widen16(&bytes[k - 16..], &mut out[k - 16..]);
    }
}

/// [`widen`] of sixteen values (`bytes` and `out` hold at least sixteen).
#[inline(always)]
fn widen16(bytes: &[u8], out: &mut [f32]) {
    for (o, &b) in out[..16].iter_mut().zip(&bytes[..16]) {
        *o = f32::from(b);
    }
}

/// `SPREAD[b]`: the 8 bits of `b` as booleans, bit 0 first.
static SPREAD: [[bool; 8]; 256] = {
    let mut t = [[false; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b][i] = b >> i & 1 != 0;
            i += 1;
        }
        b += 1;
    }
    t
};

/// The most actions an [`Encoding`] may have: [`ActionSet`] holds 128.
pub const MAX_ACTIONS: usize = 128;

/// What an [`Encoding`] or a [`Batch`] refuses; the game (or every game of the batch) is
/// left as it was.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum EncodeError {
    /// An action index outside `0..num_actions`.
    #[error("action {action} is out of range (game {env}): actions are 0 to {}", .num_actions - 1)]
    OutOfRange {
        /// The game of the batch (0 for a single game).
        env: usize,
        /// The action asked for (negative ones as given).
        action: i64,
        /// The number of actions of the ruleset.
        num_actions: usize,
    },
    /// An action the position does not allow.
    #[error("action {action} is not legal in game {env}")]
    Illegal {
        /// The game of the batch (0 for a single game).
        env: usize,
        /// The action asked for.
        action: usize,
    },
    /// A slice of the wrong length.
    #[error("{what} has {found} entries where {expected} are needed")]
    Length {
        /// Which slice.
        what: &'static str,
        /// The length needed.
        expected: usize,
        /// The length given.
        found: usize,
    },
}

/// A ruleset's fixed-size encoding: actions `0..num_actions` and observations of
/// `observation_len` values, seen from the player to move.
///
/// A game implements the required part: the number of actions, the two maps between actions
/// and moves, and the observation; the masks, the checked forms and the conveniences are
/// provided. [`legal_actions`](Encoding::legal_actions) has a default built on
/// [`legal_moves`](Ruleset::legal_moves) that games override with a few bit operations.
///
/// For every state `s` and action `a`, `action_to_move(s, a)` is a move of the game whenever
/// `a < num_actions`, and `move_to_action(s, m)` maps each legal move back to its action; the
/// legal actions are exactly the actions of the legal moves.
///
/// ```
/// use sowing::encode::Encoding;
/// use sowing::toguz::{Toguz, ToguzMove};
/// use sowing::Ruleset;
///
/// let rules = Toguz::default();
/// let start = rules.start();
/// assert_eq!(rules.action_to_move(&start, 6), Some(ToguzMove(7)));
/// assert_eq!(rules.move_to_action(&start, ToguzMove(7)), Some(6));
/// assert_eq!(rules.legal_actions(&start).len(), 9);
/// assert_eq!(rules.observation_shape(), [38]);
/// ```
pub trait Encoding: Ruleset {
    /// The number of actions, at most [`MAX_ACTIONS`]; fixed for the ruleset.
    fn num_actions(&self) -> usize;

    /// The move of action `action` in `state`, or `None` for `action >= num_actions`. It may
    /// be illegal in `state`.
    fn action_to_move(&self, state: &Self::State, action: usize) -> Option<Self::Move>;

    /// The action of `mv` in `state`, or `None` for a move no action stands for (a hole off
    /// the board).
    fn move_to_action(&self, state: &Self::State, mv: Self::Move) -> Option<usize>;

    /// The number of values of an observation; fixed for the ruleset.
    fn observation_len(&self) -> usize;

    /// Writes the observation of `state` into `out[..observation_len()]`, from the point of
    /// view of the player to move; the rest of `out` is left alone. `out` must hold at least
    /// `observation_len()` values: a shorter one panics (the checked form is
    /// [`write_observation`](Encoding::write_observation)).
    fn fill_observation(&self, state: &Self::State, out: &mut [f32]);

    // ---------------------------------------------------------------------------------------
    // Provided.

    /// The shape of an observation: `[observation_len()]` for the games of the crate.
    fn observation_shape(&self) -> Vec<usize> {
        vec![self.observation_len()]
    }

    /// The legal actions of `state`; empty exactly when the game is over.
    fn legal_actions(&self, state: &Self::State) -> ActionSet {
        let mut set = ActionSet::EMPTY;
        for mv in self.legal_moves(state) {
            if let Some(a) = self.move_to_action(state, mv) {
                set.insert(a);
            }
        }
        set
    }

    /// Writes the legal-action mask of `state`: `out[a]` is whether action `a` is legal.
    ///
    /// # Errors
    /// [`EncodeError::Length`] unless `out` has `num_actions()` entries (`out` untouched).
    fn write_action_mask(&self, state: &Self::State, out: &mut [bool]) -> Result<(), EncodeError> {
        check_len("the action mask", self.num_actions(), out.len())?;
        self.legal_actions(state).write_mask(out);
        Ok(())
    }

    /// Writes the observation of `state` (see [`fill_observation`](Encoding::fill_observation)).
    ///
    /// # Errors
    /// [`EncodeError::Length`] unless `out` has `observation_len()` entries (`out` untouched).
    fn write_observation(&self, state: &Self::State, out: &mut [f32]) -> Result<(), EncodeError> {
        check_len("the observation", self.observation_len(), out.len())?;
        self.fill_observation(state, out);
        Ok(())
    }

    /// The legal-action mask of `state`, `num_actions()` entries.
    fn action_mask(&self, state: &Self::State) -> Vec<bool> {
        let mut out = vec![false; self.num_actions()];
        self.legal_actions(state).write_mask(&mut out);
        out
    }

    /// The observation of `state`, `observation_len()` values.
    fn observation(&self, state: &Self::State) -> Vec<f32> {
        let mut out = vec![0.0; self.observation_len()];
        self.fill_observation(state, &mut out);
        out
    }

    /// Plays `action`, which must be legal in `state`, and returns the legal actions of the
    /// position it leads to: one step of a [`Batch`].
    ///
    /// The provided form is [`action_to_move`](Encoding::action_to_move),
    /// [`play_unchecked`](Ruleset::play_unchecked) and
    /// [`legal_actions`](Encoding::legal_actions); a game may override it with a faster path
    /// to the same results. An action that is not legal leaves `state` as `play_unchecked`
    /// does: unspecified but memory-safe (one out of range plays nothing).
    #[inline]
    fn play_legal_action(&self, state: &mut Self::State, action: usize) -> ActionSet {
        if let Some(mv) = self.action_to_move(state, action) {
            self.play_unchecked(state, mv);
        }
        self.legal_actions(state)
    }

    /// Plays the move of `action` if it is legal; otherwise says why and leaves `state`
    /// untouched.
    ///
    /// # Errors
    /// [`EncodeError::OutOfRange`] for `action >= num_actions()`, [`EncodeError::Illegal`] for
    /// an action the position does not allow (`env` is 0 in both).
    #[inline]
    fn play_action(&self, state: &mut Self::State, action: usize) -> Result<(), EncodeError> {
        let mv = checked_move(self, state, action, self.legal_actions(state), 0)?;
        self.play_unchecked(state, mv);
        Ok(())
    }
}

fn check_len(what: &'static str, expected: usize, found: usize) -> Result<(), EncodeError> {
    if expected == found {
        Ok(())
    } else {
        Err(EncodeError::Length {
            what,
            expected,
            found,
        })
    }
}

/// The move of `action`, checked against `legal`.
#[inline]
fn checked_move<R: Encoding>(
    rules: &R,
    state: &R::State,
    action: usize,
    legal: ActionSet,
    env: usize,
) -> Result<R::Move, EncodeError> {
    let num_actions = rules.num_actions();
    if action >= num_actions {
        return Err(EncodeError::OutOfRange {
            env,
            action: i64::try_from(action).unwrap_or(i64::MAX),
            num_actions,
        });
    }
    match rules.action_to_move(state, action) {
        Some(mv) if legal.contains(action) => Ok(mv),
        _ => Err(EncodeError::Illegal { env, action }),
    }
}

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
