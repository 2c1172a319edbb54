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
//! | Oware, *n* houses a row | *n*: the houses | 2*n* + 3 values ([`oware::encode`](crate::oware::encode)) |
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

mod action_set;
mod batch;
mod seen;

pub use action_set::ActionSet;
pub use batch::{
    ActionIndex, Batch, BatchError, BatchOptions, Buffers, Job, MAX_GAMES, Reward, Versus,
    run_on_threads,
};

use std::fmt::Debug;

use thiserror::Error;

use crate::pgn::Dialect;
use crate::ruleset::Ruleset;
use crate::search::Heuristic;

/// Writes each byte of `bytes` as a float into `out`, as far as the shorter goes: the
/// observations' converting pass, kept out of line so that it is vectorized wherever it is
/// used (inlined into a large loop it was not).
#[inline(never)]
pub(crate) fn widen(bytes: &[u8], out: &mut [f32]) {
    let k = bytes.len().min(out.len());
    let (bytes, out) = (&bytes[..k], &mut out[..k]);
    if k < 8 {
        for (o, &b) in out.iter_mut().zip(bytes) {
            *o = f32::from(b);
        }
        return;
    }
    if k < 16 {
        // Eight, then the last eight (Oware's 15 values: two conversions, not 15).
        widen8(&bytes[..8], &mut out[..8]);
        widen8(&bytes[k - 8..], &mut out[k - 8..]);
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

/// [`widen`] of eight values (`bytes` and `out` hold at least eight).
#[inline(always)]
fn widen8(bytes: &[u8], out: &mut [f32]) {
    for (o, &b) in out[..8].iter_mut().zip(&bytes[..8]) {
        *o = f32::from(b);
    }
}

/// [`widen`] of sixteen values (`bytes` and `out` hold at least sixteen).
#[inline(always)]
fn widen16(bytes: &[u8], out: &mut [f32]) {
    for (o, &b) in out[..16].iter_mut().zip(&bytes[..16]) {
        *o = f32::from(b);
    }
}
/// Code to run on a game that has an [`Encoding`] (the `selfplay` tool writes its
/// observations), through [`HasEncoding::with_encoding`]: the way generic code bounded on
/// [`Game`](crate::games::Game) reaches a game's encoding where it has one.
pub trait EncodingVisitor {
    /// What the visit returns.
    type Output;
    /// Runs on the rules, which have an encoding (and the search's knowledge and record
    /// forms: the self-play tool searches the game and reads its openings from records).
    fn visit<E: Encoding + Heuristic + Dialect>(self, rules: &E) -> Self::Output;
}

/// Whether a game has an [`Encoding`]: every game of a list of games implements it (it is
/// part of [`Game`](crate::games::Game)). A game without an encoding writes `impl HasEncoding
/// for MyGame {}`; one with an encoding runs the visitor on itself:
///
/// ```text
/// impl HasEncoding for MyGame {
///     fn with_encoding<V: EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
///         Some(visitor.visit(self))
///     }
/// }
/// ```
///
/// ```
/// use sowing::encode::{Encoding, EncodingVisitor, HasEncoding};
/// use sowing::kalah::Kalah;
///
/// struct Len;
/// impl EncodingVisitor for Len {
///     type Output = usize;
///     fn visit<E: Encoding + sowing::search::Heuristic + sowing::pgn::Dialect>(self, rules: &E) -> usize {
///         rules.observation_len()
///     }
/// }
/// assert_eq!(Kalah::default().with_encoding(Len), Some(16));
/// ```
pub trait HasEncoding: Ruleset {
    /// Runs `visitor` on these rules where the game has an [`Encoding`]; `None` (the
    /// default) for a game without one.
    fn with_encoding<V: EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        let _ = visitor;
        None
    }
}

/// The most actions an [`Encoding`] may have: [`ActionSet`] holds 128.
pub const MAX_ACTIONS: usize = 128;

/// The [`ply_limit`](Encoding::ply_limit) of a game that states none: 1000 plies, the bound
/// OpenSpiel gives its own `oware`.
pub const DEFAULT_PLY_LIMIT: u32 = 1000;

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

    /// The plies after which a framework that needs a bound on a game's length (OpenSpiel's
    /// `max_game_length`) cuts a game its rules have not ended: a generous bound that games
    /// played at random stay well under. Each game of the crate states its own, in its
    /// encoding; a game that states none has [`DEFAULT_PLY_LIMIT`]. It is not a rule: a
    /// ruleset's own ply limit (Tsoro's and Oware's `max-plies=` switch) ends a game by the
    /// rules, whatever this says.
    ///
    /// ```
    /// use sowing::encode::{DEFAULT_PLY_LIMIT, Encoding};
    /// use sowing::kalah::Kalah;
    /// use sowing::toguz::Toguz;
    ///
    /// assert_eq!(Kalah::default().ply_limit(), DEFAULT_PLY_LIMIT);
    /// assert_eq!(Toguz::default().ply_limit(), 2000);
    /// ```
    fn ply_limit(&self) -> u32 {
        DEFAULT_PLY_LIMIT
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

pub(super) fn check_len(
    what: &'static str,
    expected: usize,
    found: usize,
) -> Result<(), EncodeError> {
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
