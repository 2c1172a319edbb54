//! Kalah, with the rule switches that published results and other programs use.
//!
//! The rules are those of the commercial game as Mancala World describes it, with the
//! empty-capture variant under which Irving, Donkers and Uiterwijk solved it ("Solving
//! Kalah", ICGA Journal, 2000), the end and leftover variants other programs use, and the
//! pie rule.
//!
//! # The game
//! Two rows of *m* **pits** (default 6) with *n* **seeds** in each (default 4), and a
//! **store** (kalah) at each player's right. South moves first. A move lifts every seed of one
//! of the mover's non-empty pits and **sows** them one per pit anticlockwise: along his pits,
//! into his own store, along the opponent's pits (the opponent's store is skipped), and round
//! again; on a long **lap** the origin pit is sown into like any other.
//!
//! - **Extra turn**: a last seed in the mover's own store gives him another move (a new ply
//!   by the same player).
//! - **Capture**: a last seed in an empty pit of the mover's own, opposite a pit with seeds,
//!   takes that seed and the seeds opposite into his store. Under [`Capture::Empty`] the
//!   landing seed is taken even when the pit opposite is empty.
//! - **End**: by default the game ends the moment either side's pits are all empty, and each
//!   side's remaining seeds go to that side's owner ([`EndRule`], [`Leftovers`] switch this).
//!   More seeds in the store wins; equal is a draw.
//! - **Pie rule** ([`KalahSettings::pie`]): after South's opening turn North may answer
//!   [`KalahMove::Swap`] instead of moving. The usual statement is that the players then change
//!   seats and the opener, now North, is to move. This crate names players by what they
//!   own, so it models the swap the other way round with the same effect: the two sides'
//!   contents are exchanged, so the player who swapped keeps the name North and now owns the
//!   material the opening produced, and South (the opener) is to move with what North had.
//!
//! # Notation
//! A move is the number of the pit it starts from, `1..=m`, counted from the mover's own
//! left; the pie rule's swap is `swap`. Position text is described at [`KalahState`];
//! ruleset text at [`KalahSettings`].
//!
//! # Limits
//! Boards have at most [`KalahSettings::MAX_PITS`] pits a side and
//! [`KalahSettings::MAX_TOTAL`] seeds in all: each side is packed into one machine word, so a
//! whole sowing is a table look-up and two word additions.
//!
//! ```
//! use sowing::kalah::Kalah;
//! use sowing::{Outcome, Player, Ruleset};
//!
//! let rules: Kalah = "kalah:pits=4,seeds=3".parse().unwrap();
//! let mut state = rules.start();
//! for text in ["2", "4"] {
//!     let mv = rules.parse_move(&state, text).unwrap();
//!     rules.try_play(&mut state, mv).unwrap();
//! }
//! // Pit 2: store, extra turn. Pit 4: the store, then North's pits 1 to 3.
//! assert_eq!(state.to_string(), "3,4,4,4/3,0,4,0 2 0 N");
//! assert_eq!(rules.to_move(&state), Player::North);
//! assert!(rules.outcome(&state).is_none());
//! ```

pub mod encode;
mod eval;
mod moves;
mod picture;
mod settings;
#[cfg(feature = "solver")]
pub mod solve;
mod sow;
mod state;

pub use eval::KalahEval;
pub use moves::{KalahMove, KalahMoves};
pub use settings::{Capture, EndRule, KalahSettings, Leftovers};
use sow::{COUNT, SELECT, Tables, nonempty};
pub use state::KalahState;
use state::{Pie, keys, lane};

use crate::effect::{Effect, Record};
use crate::error::{IllegalReason, MoveParseError, PositionError, SettingsError};
use crate::player::{Outcome, Player, Score};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};

/// The Kalah ruleset: validated [`KalahSettings`] and the tables derived from them.
///
/// Ruleset text: `kalah[:switch,...]` with the switches `pits=N`, `seeds=N`, `empty-capture`,
/// `end-at-turn`, `leftovers-to-nobody` and `pie`.
///
/// ```
/// use sowing::kalah::{Kalah, KalahSettings};
/// use sowing::{perft, Ruleset};
///
/// let kalah = Kalah::new(KalahSettings::EMPTY_CAPTURE).unwrap();
/// assert_eq!(kalah.to_string(), "kalah:empty-capture");
/// assert_eq!(perft(&kalah, &kalah.start(), 5), 4685);
/// assert!(Kalah::new(KalahSettings::sized(6, 30)).is_err()); // 360 seeds do not fit
/// ```
#[derive(Clone, Debug)]
pub struct Kalah {
    settings: KalahSettings,
    t: Box<Tables>,
}

impl PartialEq for Kalah {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings
    }
}

impl Eq for Kalah {}

impl Default for Kalah {
    fn default() -> Self {
        Kalah {
            settings: KalahSettings::STANDARD,
            t: Box::new(Tables::new(6)),
        }
    }
}

impl Kalah {
    /// A ruleset for `settings`, or the reason they are invalid.
    ///
    /// # Errors
    /// [`SettingsError`] naming the first setting out of range or in conflict.
    pub fn new(settings: KalahSettings) -> Result<Kalah, SettingsError> {
        settings.validate()?;
        Ok(Kalah {
            settings,
            t: Box::new(Tables::new(settings.pits.into())),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &KalahSettings {
        &self.settings
    }

    fn pit_reason(&self, s: &KalahState, mv: KalahMove) -> Option<IllegalReason> {
        if self.over(s) {
            return Some(IllegalReason::GameOver);
        }
        match mv {
            KalahMove::Swap if s.pie == Pie::Offer => None,
            KalahMove::Swap => Some(IllegalReason::Forbidden(
                "a swap is allowed only to North on his first turn under the pie rule".into(),
            )),
            KalahMove::Pit(n) if n == 0 || usize::from(n) > self.t.m => {
                Some(IllegalReason::Forbidden(format!(
                    "there is no pit {n}: the pits are 1 to {}",
                    self.t.m
                )))
            }
            KalahMove::Pit(n) if lane(s.sides[0], usize::from(n) - 1) == 0 => {
                Some(IllegalReason::Forbidden(format!("pit {n} is empty")))
            }
            KalahMove::Pit(_) => None,
        }
    }

    /// [`Ruleset::play_unchecked`], telling `rec` what the move does.
    #[inline(always)]
    fn play_move<R: Record>(&self, s: &mut KalahState, mv: KalahMove, rec: &mut R) {
        match mv {
            KalahMove::Pit(n) => {
                let p = usize::from(n).wrapping_sub(1);
                if p < self.t.m {
                    self.play_pit(s, p, rec);
                }
            }
            KalahMove::Swap => self.play_swap(s),
        }
    }

    /// Sows the mover's pit `p` (`p < m`), declining the swap if it was on offer.
    #[inline(always)]
    fn play_pit<R: Record>(&self, s: &mut KalahState, p: usize, rec: &mut R) {
        if s.pie == Pie::Offer {
            s.pie = Pie::Done;
            s.hash = s.hash.wrapping_sub(keys::PIE[Pie::Offer as usize]);
        }
        self.sow::<true, R>(s, p, rec);
    }

    /// The pie rule's swap.
    fn play_swap(&self, s: &mut KalahState) {
        // The sides' contents change owners: seen from the mover's side nothing moves, but
        // the mover is now South (see the module docs).
        s.mover = Player::South;
        s.pie = Pie::Done;
        s.hash = s.raw_hash_from_scratch();
    }
}

/// Records in the records form alone.
impl crate::pgn::Dialect for Kalah {}

impl Ruleset for Kalah {
    type State = KalahState;
    type Move = KalahMove;
    type Moves = KalahMoves;
    const GAME: &'static str = "kalah";

    fn start(&self) -> KalahState {
        let m = self.t.m;
        let mut side = [self.settings.seeds; 8];
        side[m] = 0;
        let pie = if self.settings.pie {
            Pie::Opening
        } else {
            Pie::Done
        };
        KalahState::from_sides(m, &side, &side, Player::South, pie)
    }

    #[inline]
    fn to_move(&self, state: &KalahState) -> Player {
        state.mover
    }

    fn legal_moves(&self, s: &KalahState) -> KalahMoves {
        let mut moves = KalahMoves::new();
        if self.over(s) {
            return moves;
        }
        let mask = nonempty(s.sides[0], self.t.pits);
        for &p in &SELECT[mask][..usize::from(COUNT[mask])] {
            moves.push(KalahMove::Pit(p + 1));
        }
        if s.pie == Pie::Offer {
            moves.push(KalahMove::Swap);
        }
        moves
    }

    #[inline]
    fn play_unchecked(&self, s: &mut KalahState, mv: KalahMove) {
        self.play_move(s, mv, &mut ());
    }

    fn effect(&self, s: &KalahState, mv: KalahMove) -> Result<Effect, IllegalReason> {
        if let Some(reason) = self.pit_reason(s, mv) {
            return Err(reason);
        }
        let mut effect = Effect::new(s.mover);
        let mut after = *s;
        self.play_move(&mut after, mv, &mut effect);
        effect.again = !self.over(&after) && after.mover == s.mover;
        Ok(effect)
    }

    fn outcome(&self, s: &KalahState) -> Option<Outcome> {
        if !self.over(s) {
            return None;
        }
        let score = Score {
            south: s.store(Player::South).into(),
            north: s.store(Player::North).into(),
        };
        Some(Outcome::by_score(score))
    }

    // Inlined: the search asks only for a store, and the board sum then drops out.
    #[inline]
    fn seed_count(&self, s: &KalahState) -> SeedCount {
        SeedCount {
            board: s.seeds_in_pits(Player::South) + s.seeds_in_pits(Player::North),
            stores: [s.store(Player::South).into(), s.store(Player::North).into()],
        }
    }

    fn total_seeds(&self) -> u32 {
        self.settings.total_seeds()
    }

    fn validate(&self, s: &KalahState) -> Result<(), PositionError> {
        if s.pits() != self.t.m {
            return Err(PositionError::WrongSize {
                expected: self.t.m,
                found: s.pits(),
            });
        }
        let total = self.seed_count(s).total();
        if total != self.total_seeds() {
            return Err(PositionError::WrongSeedTotal {
                expected: self.total_seeds(),
                found: total,
            });
        }
        if s.raw_hash_from_scratch() != s.hash {
            return Err(PositionError::Impossible("stale hash".into()));
        }
        if s.pie != Pie::Done && !self.settings.pie {
            return Err(PositionError::Impossible(
                "a pie-rule marker under a ruleset without the pie rule".into(),
            ));
        }
        // Only the end-of-game sweep can fill North's store before his first turn, whether
        // South's opening turn is under way or the swap is on offer.
        if s.pie != Pie::Done && s.store(Player::North) != 0 && !self.over(s) {
            return Err(PositionError::Impossible(
                "North has seeds in his store before his first turn".into(),
            ));
        }
        if self.over(s)
            && self.settings.leftovers == Leftovers::Owner
            && (s.sides[0] | s.sides[1]) & self.t.pits != 0
        {
            return Err(PositionError::Impossible(
                "the game is over but seeds are left on the board (they go to their owners)".into(),
            ));
        }
        Ok(())
    }

    /// The Zobrist-style hash kept up to date by every move (see the state's `keys`).
    #[inline]
    fn hash(&self, s: &KalahState) -> u64 {
        keys::mix(s.hash)
    }

    fn hash_from_scratch(&self, s: &KalahState) -> u64 {
        keys::mix(s.raw_hash_from_scratch())
    }

    fn parse_move(&self, s: &KalahState, text: &str) -> Result<KalahMove, MoveParseError> {
        // The notation's own message names every board's pits; this board's are known here.
        let mv: KalahMove = text.parse().map_err(|_| MoveParseError::Syntax {
            text: text.to_string(),
            expected: moves::move_syntax(self.settings.pits, self.settings.pie),
        })?;
        match self.pit_reason(s, mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveParseError::Illegal {
                text: text.to_string(),
                reason,
            }),
        }
    }

    fn format_move(&self, _: &KalahState, mv: KalahMove) -> String {
        mv.to_string()
    }

    fn is_legal(&self, s: &KalahState, mv: KalahMove) -> bool {
        self.pit_reason(s, mv).is_none()
    }

    fn illegal_reason(&self, s: &KalahState, mv: KalahMove) -> Option<IllegalReason> {
        self.pit_reason(s, mv)
    }

    #[inline]
    fn random_move<G: RandomSource>(&self, s: &KalahState, rng: &mut G) -> Option<KalahMove> {
        let mask = nonempty(s.sides[0], self.t.pits);
        // With leftovers to their owners a finished game has an empty board, so an empty
        // side to move is the only test needed; otherwise ask the end rule.
        if mask == 0 || (self.settings.leftovers == Leftovers::Nobody && self.over(s)) {
            return None;
        }
        let count = u32::from(COUNT[mask]);
        let offer = u32::from(s.pie == Pie::Offer);
        let k = rng.below(count + offer) as usize;
        if k == count as usize {
            return Some(KalahMove::Swap);
        }
        Some(KalahMove::Pit(SELECT[mask][k] + 1))
    }

    /// The random-game loop with the state in registers; without the pie rule the move is
    /// sown straight from the chosen pit (no move value, no swap test) and without updating
    /// the hash, which is recomputed once at the end.
    fn playout<G: RandomSource>(&self, state: &mut KalahState, rng: &mut G, max_plies: u64) -> u64 {
        let mut s = *state;
        let mut plies = 0;
        if s.pie == Pie::Done {
            let nobody = self.settings.leftovers == Leftovers::Nobody;
            while plies < max_plies {
                let mask = nonempty(s.sides[0], self.t.pits);
                if mask == 0 || (nobody && self.over(&s)) {
                    break;
                }
                let k = rng.below(u32::from(COUNT[mask])) as usize;
                self.sow::<false, ()>(&mut s, usize::from(SELECT[mask][k]), &mut ());
                plies += 1;
            }
            // The loop skipped the hash updates: bring the hash up to date once.
            s.hash = s.raw_hash_from_scratch();
        } else {
            while plies < max_plies {
                let Some(mv) = self.random_move(&s, rng) else {
                    break;
                };
                self.play_unchecked(&mut s, mv);
                plies += 1;
            }
        }
        *state = s;
        plies
    }
}

crate::ruleset_text!(Kalah, KalahSettings);
