//! The typed values of any game, and the dispatch every binding goes through, all from the
//! crate's one list of games (`sowing::with_games!`): a game added to that list is a game of
//! the Python package with no line here.
//!
//! A `Ruleset` object holds an [`AnyRuleset`], a `State` an [`AnyState`] and a `Move` an
//! [`AnyMove`], and a `GameRecord` an [`AnyRecord`]: the crate's own enums over its list
//! (`AnyRuleset<States>`, ...). A `VectorEnv` holds an [`AnyBatch`] and an `Agent` an
//! [`AnyAgent`], the bindings' own enums, generated from the same list. Code that works for any game is written once, generic over [`Game`] (the
//! crate's traits plus the conversions between the enums and the concrete types), and reached
//! through [`with_rules!`]:
//!
//! ```ignore
//! // In the `#[pymethods] impl Ruleset` block (src/rules.rs):
//! fn seeds_on_board(&self, state: PyRef<'_, State>) -> PyResult<u32> {
//!     with_rules!(&*self.rules, |r| {
//!         let s = self.typed_state(r, &state)?; // the concrete state, checked
//!         Ok(r.seed_count(&s).board)
//!     })
//! }
//! ```
//!
//! Inside the body `r` is `&Kalah`, `&Toguz`, `&Tsoro`, ... (the body is compiled once per
//! game); `r.state_of`, `r.any_state`, `r.move_of` and `r.any_move` convert between the
//! enums and the concrete types. [`with_record!`] and [`with_batch!`] do the same for a record
//! and a batch.

use sowing::encode::{Batch, Encoding};
use sowing::games::{AnyRuleset, GameRecords, Member, Moves, States};
use sowing::search::Agent as RustAgent;

/// A position of any game: the crate's enum over its games' states.
pub(crate) type AnyState = sowing::games::AnyState;

/// A move of any game: the crate's enum over its games' moves.
pub(crate) type AnyMove = sowing::games::AnyMove;

/// A game record (with undo) of any game: the crate's enum over its games' records.
pub(crate) type AnyRecord = AnyRuleset<GameRecords>;

/// A game of the crate as the bindings use it: a member of the crate's list of games, with
/// an encoding, and the conversions between its concrete values and the enums (the crate's
/// [`Member`] for states, moves and records; the bindings' own enums for batches and agents,
/// which the crate's families cannot name: a batch needs the game's [`Encoding`], and an
/// agent is not `Sync`).
pub(crate) trait Game: Member<AnyRuleset> + Encoding {
    /// The state, if `s` is one of this game's.
    #[inline]
    fn state_of(&self, s: &AnyState) -> Option<Self::State> {
        Self::get::<States>(s).copied()
    }
    /// The state in the enum.
    #[inline]
    fn any_state(&self, s: Self::State) -> AnyState {
        Self::wrap::<States>(s)
    }
    /// The move, if `m` is one of this game's.
    #[inline]
    fn move_of(&self, m: &AnyMove) -> Option<Self::Move> {
        Self::get::<Moves>(m).copied()
    }
    /// The move in the enum.
    #[inline]
    fn any_move(&self, m: Self::Move) -> AnyMove {
        Self::wrap::<Moves>(m)
    }
    /// The record in the enum.
    fn any_record(record: sowing::GameRecord<Self>) -> AnyRecord {
        Self::wrap::<GameRecords>(record)
    }
    /// The batch in the enum.
    fn any_batch(batch: Batch<Self>) -> AnyBatch;
    /// The agent, if `agent` is one of this game's.
    fn agent_slot(agent: &mut AnyAgent) -> Option<&mut Box<dyn RustAgent<Self>>>;
    /// The agent in the enum.
    fn any_agent(agent: Box<dyn RustAgent<Self>>) -> AnyAgent;
}

/// The bindings' own enums and dispatch, for the games of the list it is given (`$d` is a
/// `$`, for the macros it defines).
macro_rules! python_games {
    ($d:tt [$($variant:ident => $rules:ty, $name:literal;)*]) => {
        /// The batch of environments of one game.
        pub(crate) enum AnyBatch {
            $(#[doc = $name] $variant(Batch<$rules>),)*
        }

        /// An agent built for one game.
        pub(crate) enum AnyAgent {
            $(#[doc = $name] $variant(Box<dyn RustAgent<$rules>>),)*
        }

        /// A move of the game named `game`, read from its short text (as `Display` writes
        /// it); `None` for a name that is no game of the list.
        pub(crate) fn parse_move(
            game: &str,
            text: &str,
        ) -> Option<Result<AnyMove, sowing::MoveParseError>> {
            $(
                if game == <$rules as sowing::Ruleset>::GAME {
                    return Some(text.parse().map(AnyMove::$variant));
                }
            )*
            None
        }

        $(
            impl Game for $rules {
                fn any_batch(batch: Batch<Self>) -> AnyBatch {
                    AnyBatch::$variant(batch)
                }
                fn agent_slot(agent: &mut AnyAgent) -> Option<&mut Box<dyn RustAgent<Self>>> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyAgent::$variant(a) = agent { Some(a) } else { None }
                }
                fn any_agent(agent: Box<dyn RustAgent<Self>>) -> AnyAgent {
                    AnyAgent::$variant(agent)
                }
            }
        )*

        /// Runs `$body` with `$r` bound to the concrete ruleset (`&Kalah`, `&Toguz`, ...)
        /// held by an `&AnyRuleset`; the body is compiled once per game (see the module
        /// docs).
        macro_rules! with_rules {
            ($d rules:expr, |$d r:ident| $d body:expr) => {
                match $d rules {
                    $(sowing::games::AnyRuleset::$variant($d r) => $d body,)*
                }
            };
        }

        /// Runs `$body` with `$g` bound to the concrete `&GameRecord<R>` (or `&mut`, from a
        /// `&mut`).
        macro_rules! with_record {
            ($d record:expr, |$d g:ident| $d body:expr) => {
                match $d record {
                    $(sowing::games::AnyRuleset::<sowing::games::GameRecords>::$variant($d g) => $d body,)*
                }
            };
        }

        /// Runs `$body` with `$b` bound to the concrete batch (compiled once per game).
        macro_rules! with_batch {
            ($d batch:expr, |$d b:ident| $d body:expr) => {
                match $d batch {
                    $($crate::game::AnyBatch::$variant($d b) => $d body,)*
                }
            };
        }

        pub(crate) use with_batch;
        pub(crate) use with_record;
        pub(crate) use with_rules;
    };
}

sowing::with_games!(python_games! { $ });

/// The game's name of a ruleset.
pub(crate) fn game_of(rules: &AnyRuleset) -> &'static str {
    rules.game()
}
