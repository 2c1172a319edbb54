//! The crate's games behind one enum each, and the dispatch every binding goes through, all
//! generated from the crate's one list of games (`sowing::with_games!`): a game added to that list
//! is a game of the Python package with no line here.
//!
//! A `Ruleset` object holds an [`AnyRuleset`], a `State` an [`AnyState`] and a `Move` an
//! [`AnyMove`]; a `GameRecord` an [`AnyRecord`], a `VectorEnv` an [`AnyBatch`] and an `Agent`
//! an [`AnyAgent`]. Code that works for any game is written once, generic over [`Game`] (the
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

use sowing::GameRecord as Record;
use sowing::encode::{Batch, Encoding};
use sowing::games::AnyRuleset;
use sowing::search::{Agent as RustAgent, Heuristic};
use sowing::{Picture, Ruleset};

/// A game of the crate, with the conversions between its concrete types and the enums.
pub(crate) trait Game: Ruleset + Heuristic + Picture + Encoding {
    /// The state, if `s` is one of this game's.
    fn state_of(&self, s: &AnyState) -> Option<Self::State>;
    /// The state in the enum.
    fn any_state(&self, s: Self::State) -> AnyState;
    /// The move, if `m` is one of this game's.
    fn move_of(&self, m: &AnyMove) -> Option<Self::Move>;
    /// The move in the enum.
    fn any_move(&self, m: Self::Move) -> AnyMove;
    /// The record in the enum.
    fn any_record(record: Record<Self>) -> AnyRecord;
    /// The batch in the enum.
    fn any_batch(batch: Batch<Self>) -> AnyBatch;
    /// The agent, if `agent` is one of this game's.
    fn agent_slot(agent: &mut AnyAgent) -> Option<&mut Box<dyn RustAgent<Self>>>;
    /// The agent in the enum.
    fn any_agent(agent: Box<dyn RustAgent<Self>>) -> AnyAgent;
}

/// Everything above, for the games of the list it is given (`$d` is a `$`, for the macros it
/// defines).
macro_rules! python_games {
    ($d:tt [$($variant:ident => $rules:ty, $name:literal;)*]) => {
        /// A position of any game.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub(crate) enum AnyState {
            $(#[doc = $name] $variant(<$rules as Ruleset>::State),)*
        }

        /// A move of any game.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub(crate) enum AnyMove {
            $(#[doc = $name] $variant(<$rules as Ruleset>::Move),)*
        }

        /// A game record of any game.
        #[derive(Clone)]
        pub(crate) enum AnyRecord {
            $(#[doc = $name] $variant(Record<$rules>),)*
        }

        /// The batch of environments of one game.
        pub(crate) enum AnyBatch {
            $(#[doc = $name] $variant(Batch<$rules>),)*
        }

        /// An agent built for one game.
        pub(crate) enum AnyAgent {
            $(#[doc = $name] $variant(Box<dyn RustAgent<$rules>>),)*
        }

        impl AnyState {
            /// The game's name (`kalah`, `toguz`, ...).
            pub(crate) fn game(&self) -> &'static str {
                match self {
                    $(AnyState::$variant(_) => <$rules as Ruleset>::GAME,)*
                }
            }
        }

        impl std::fmt::Display for AnyState {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(AnyState::$variant(s) => s.fmt(f),)*
                }
            }
        }

        impl AnyMove {
            /// The game's name (`kalah`, `toguz`, ...).
            pub(crate) fn game(&self) -> &'static str {
                match self {
                    $(AnyMove::$variant(_) => <$rules as Ruleset>::GAME,)*
                }
            }
        }

        impl AnyMove {
            /// A move of the game named `game`, read from its short text (as `Display`
            /// writes it); `None` for a name that is no game of the list.
            pub(crate) fn parse(
                game: &str,
                text: &str,
            ) -> Option<Result<AnyMove, sowing::MoveParseError>> {
                $(
                    if game == <$rules as Ruleset>::GAME {
                        return Some(text.parse().map(AnyMove::$variant));
                    }
                )*
                None
            }
        }

        impl std::fmt::Display for AnyMove {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(AnyMove::$variant(m) => m.fmt(f),)*
                }
            }
        }

        $(
            impl Game for $rules {
                #[inline]
                fn state_of(&self, s: &AnyState) -> Option<Self::State> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyState::$variant(s) = s { Some(*s) } else { None }
                }
                #[inline]
                fn any_state(&self, s: Self::State) -> AnyState {
                    AnyState::$variant(s)
                }
                #[inline]
                fn move_of(&self, m: &AnyMove) -> Option<Self::Move> {
                    #[allow(irrefutable_let_patterns)]
                    if let AnyMove::$variant(m) = m { Some(*m) } else { None }
                }
                #[inline]
                fn any_move(&self, m: Self::Move) -> AnyMove {
                    AnyMove::$variant(m)
                }
                fn any_record(record: Record<Self>) -> AnyRecord {
                    AnyRecord::$variant(record)
                }
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
                    $($crate::game::AnyRecord::$variant($d g) => $d body,)*
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
    with_rules!(rules, |r| {
        let _ = r;
        game_name(r)
    })
}

fn game_name<R: Ruleset>(_: &R) -> &'static str {
    R::GAME
}
