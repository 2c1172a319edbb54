//! The three games behind one enum, and the dispatch every binding goes through.
//!
//! A `Ruleset` object holds an [`AnyRuleset`], a `State` an [`AnyState`] and a `Move` an
//! [`AnyMove`]. Code that works for any game is written once, generic over [`Game`] (the
//! crate's `Ruleset` and `Picture` plus the conversions between the enums and the concrete
//! types), and reached through [`with_rules!`]:
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
//! Inside the body `r` is `&Kalah`, `&Toguz` or `&Tsoro` (the body is compiled once per
//! game); `r.state_of`, `r.any_state`, `r.move_of` and `r.any_move` convert between the
//! enums and the concrete types.

use sowing::games::AnyRuleset;
use sowing::kalah::{Kalah, KalahMove, KalahState};
use sowing::toguz::{Toguz, ToguzMove, ToguzState};
use sowing::tsoro::{Tsoro, TsoroMove, TsoroState};
use sowing::{Picture, Ruleset};

/// A position of any game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum AnyState {
    /// Kalah.
    Kalah(KalahState),
    /// Toguz Kumalak.
    Toguz(ToguzState),
    /// Tsoro.
    Tsoro(TsoroState),
}

/// A move of any game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum AnyMove {
    /// Kalah.
    Kalah(KalahMove),
    /// Toguz Kumalak.
    Toguz(ToguzMove),
    /// Tsoro.
    Tsoro(TsoroMove),
}

impl AnyState {
    /// The game's name (`kalah`, `toguz`, `tsoro`).
    pub(crate) fn game(&self) -> &'static str {
        match self {
            AnyState::Kalah(_) => Kalah::GAME,
            AnyState::Toguz(_) => Toguz::GAME,
            AnyState::Tsoro(_) => Tsoro::GAME,
        }
    }
}

impl std::fmt::Display for AnyState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyState::Kalah(s) => s.fmt(f),
            AnyState::Toguz(s) => s.fmt(f),
            AnyState::Tsoro(s) => s.fmt(f),
        }
    }
}

impl AnyMove {
    /// The game's name (`kalah`, `toguz`, `tsoro`).
    pub(crate) fn game(&self) -> &'static str {
        match self {
            AnyMove::Kalah(_) => Kalah::GAME,
            AnyMove::Toguz(_) => Toguz::GAME,
            AnyMove::Tsoro(_) => Tsoro::GAME,
        }
    }
}

impl std::fmt::Display for AnyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyMove::Kalah(m) => m.fmt(f),
            AnyMove::Toguz(m) => m.fmt(f),
            AnyMove::Tsoro(m) => m.fmt(f),
        }
    }
}

/// A game of the crate, with the conversions between its concrete types and the enums.
pub(crate) trait Game: Ruleset + Picture {
    /// The state, if `s` is one of this game's.
    fn state_of(&self, s: &AnyState) -> Option<Self::State>;
    /// The state in the enum.
    fn any_state(&self, s: Self::State) -> AnyState;
    /// The move, if `m` is one of this game's.
    fn move_of(&self, m: &AnyMove) -> Option<Self::Move>;
    /// The move in the enum.
    fn any_move(&self, m: Self::Move) -> AnyMove;
}

macro_rules! impl_game {
    ($rules:ty, $variant:ident) => {
        impl Game for $rules {
            #[inline]
            fn state_of(&self, s: &AnyState) -> Option<Self::State> {
                match s {
                    AnyState::$variant(s) => Some(*s),
                    _ => None,
                }
            }
            #[inline]
            fn any_state(&self, s: Self::State) -> AnyState {
                AnyState::$variant(s)
            }
            #[inline]
            fn move_of(&self, m: &AnyMove) -> Option<Self::Move> {
                match m {
                    AnyMove::$variant(m) => Some(*m),
                    _ => None,
                }
            }
            #[inline]
            fn any_move(&self, m: Self::Move) -> AnyMove {
                AnyMove::$variant(m)
            }
        }
    };
}

impl_game!(Kalah, Kalah);
impl_game!(Toguz, Toguz);
impl_game!(Tsoro, Tsoro);

/// Runs `$body` with `$r` bound to the concrete ruleset (`&Kalah`, `&Toguz` or `&Tsoro`) held
/// by an `&AnyRuleset`; the body is compiled once per game (see the module docs).
macro_rules! with_rules {
    ($rules:expr, |$r:ident| $body:expr) => {
        match $rules {
            sowing::games::AnyRuleset::Kalah($r) => $body,
            sowing::games::AnyRuleset::Toguz($r) => $body,
            sowing::games::AnyRuleset::Tsoro($r) => $body,
        }
    };
}
pub(crate) use with_rules;

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
