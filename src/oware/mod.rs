//! Oware (Abapa), with the rule switches that other sources and programs use.
//!
//! Oware is the most widely played mancala: the national game of Ghana (Akan *Oware*),
//! played across West Africa and the Caribbean under many names (Awale, Awari, Wari,
//! Warri, Ayo's cousins), with world championships under the Abapa rules. The rules here are
//! the Abapa rules of the Oware Society (the "Abapa" rules also given as the main rules of
//! Wikipedia's *Oware* article); the switches give the other grand-slam rules that
//! article lists, the ending of OpenSpiel's `oware`, and board sizes (OpenSpiel's
//! `num_houses_per_player` and `num_seeds_per_house`). Awari, its computer-play name, was
//! solved by Romein and Bal ("Solving Awari with Parallel Retrograde Analysis", IEEE
//! Computer 36(10), 2003): a draw.
//!
//! # The game
//! Two rows of *n* **houses** (default 6) with *s* **seeds** in each (default 4, 48 in
//! all). Each player owns the row nearer to him; the seeds he captures go to his **store**,
//! which is never sown into. South moves first (the sources let the players choose; nothing
//! else depends on it).
//!
//! 1. **Sowing**: the mover lifts every seed of one of his non-empty houses and sows them
//!    one per house anticlockwise, from the next house on.
//! 2. **Laps**: a house of 12 or more seeds (2*n*) goes round the board; the origin house
//!    is skipped on every lap, so it is empty after the move.
//! 3. **Capture**: a last seed in an opponent's house that makes it exactly 2 or 3 captures
//!    that house's seeds, then those of each house before it (going back, clockwise) that
//!    is the opponent's and holds 2 or 3, up to the first that does not or the end of his
//!    row.
//! 4. **Grand slam**: a move whose capture would take every seed of the opponent is
//!    legal and captures nothing (Abapa; [`GrandSlam`] gives the other rules).
//! 5. **Feeding**: when the opponent has no seed, the mover must play a house that gives
//!    him one, if he has such a house.
//! 6. **Win at once**: a player who has captured more than half the seeds (25 of 48) wins
//!    at once; the seeds left stay on the board (switch `divide-on-win`: each side's go to
//!    its owner, as OpenSpiel does).
//! 7. **Cannot feed**: a mover who cannot feed an opponent without seeds ends the game and
//!    takes the seeds left (all on his side). More generally, whenever the player to move
//!    has no move, the game ends and each player takes the seeds on his own side (under
//!    [`GrandSlam::Capture`] the captured player has no seed and no move).
//! 8. **Endless games**: see below.
//! 9. More captured seeds wins; equal (24-24) is a draw.
//!
//! # Endless games
//! A game can cycle with few seeds on the board. Abapa players end it by agreement, each
//! taking the seeds on his own side; computer play (and OpenSpiel's `oware`) ends it when a
//! position repeats, with the same division. A position ([`OwareState`]) is a small `Copy`
//! value without history, so what it holds is the one rule that needs no history: the
//! switch `max-plies=N` ends the game after `N` plies with that division (the state then
//! counts its plies, and its text says `ply=P`). The repetition rule belongs where the
//! history is, and [`Ruleset::repetition_position`] and [`Ruleset::repetition_outcome`]
//! tell those layers the rule (a repeated position is the same board with the same player
//! to move; the ply counter does not count). What each layer does:
//!
//! - [`GameRecord`](crate::GameRecord): a position that repeats an earlier one of the
//!   record ends the game; its outcome is the division, and no move is legal there
//!   ([`GameRecord::repeats`](crate::GameRecord::repeats) names the earlier ply). Records
//!   read from text replay through it, so a record whose moves go on past a repetition is
//!   refused at the first move after it.
//! - The alpha-beta search: a position on the search's path that repeats one of the path or
//!   of the game before the root ([`AlphaBeta::search_in`](crate::search::AlphaBeta::search_in),
//!   [`Agent::choose_in`](crate::search::Agent::choose_in)) scores as the division. Searched
//!   from a position alone ([`AlphaBeta::search`](crate::search::AlphaBeta::search)), only
//!   the path counts. Monte Carlo and random agents do not apply the rule: their playouts
//!   run to the end by the rules, or to `max-plies`.
//! - The match runner ([`play_game`](crate::search::play_game)) and the engine protocol
//!   ([`engine`](crate::engine)) keep the game in a `GameRecord`: the game ends at a
//!   repetition, and their agents search with the game's positions.
//! - The environments ([`Batch`](crate::encode::Batch), and Python's `VectorEnv`,
//!   PettingZoo and Gymnasium environments built on it) end a game at a repetition with the
//!   division, as OpenSpiel's `oware` does.
//! - A state alone ([`Ruleset::outcome`], playouts, perft) knows nothing of repetitions:
//!   use `max-plies` to bound a game there.

//! # Notation
//! A move is the letter of the house it starts from: South's houses are `A`..`F` and
//! North's `a`..`f`, each counted anticlockwise from its owner's left, as Wikipedia's
//! *Oware* article and OpenSpiel's `oware` label them (North's `a` faces South's `F`).
//! Position text is described at [`OwareState`]; ruleset text at [`OwareSettings`].
//!
//! # Limits
//! Boards have at most [`OwareSettings::MAX_HOUSES`] houses a row and
//! [`OwareSettings::MAX_TOTAL`] seeds in all: each row is packed into one machine word, so
//! a whole sowing is a table look-up and two word additions.
//!
//! ```
//! use sowing::oware::Oware;
//! use sowing::{Player, Ruleset};
//!
//! let rules: Oware = "oware".parse().unwrap();
//! let mut state = rules.start();
//! for text in ["C", "a"] {
//!     let mv = rules.parse_move(&state, text).unwrap();
//!     rules.try_play(&mut state, mv).unwrap();
//! }
//! // South's C: four seeds to D, E, F and North's a; North's a: five seeds to b..f.
//! assert_eq!(state.to_string(), "5,5,5,5,5,0/4,4,0,5,5,5 0 0 S");
//! assert_eq!(rules.to_move(&state), Player::South);
//! ```

pub mod encode;
mod eval;
mod moves;
mod picture;
mod settings;
mod sow;
mod state;
pub mod tables;

pub use eval::{OwareEval, network};
pub use moves::{OwareMove, OwareMoves};
pub use settings::{GrandSlam, OwareSettings};
use sow::Tables;
pub use state::OwareState;
pub use tables::{OwareTables, TablesError};

use crate::effect::{Effect, Record};
use crate::error::{IllegalReason, MoveParseError, PositionError, SettingsError};
use crate::player::{Outcome, Player, Score};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};

/// `SELECT[mask][k]`: the index of the `k`-th set bit of an 8-bit mask; `COUNT[mask]`: its
/// number of set bits.
const SELECT: [[u8; 8]; 256] = crate::select::select_table();
const COUNT: [u8; 256] = crate::select::count_table();

/// The Oware ruleset: validated [`OwareSettings`] and the tables derived from them.
///
/// Ruleset text: `oware[:switch,...]` with the switches `houses=N`, `seeds=N`,
/// `grand-slam=RULE`, `divide-on-win` and `max-plies=N` (see [`OwareSettings`]).
///
/// ```
/// use sowing::oware::{Oware, OwareSettings};
/// use sowing::{perft, Ruleset};
///
/// let oware = Oware::new(OwareSettings::ABAPA).unwrap();
/// assert_eq!(oware.to_string(), "oware");
/// assert_eq!(perft(&oware, &oware.start(), 4), 1014);
/// assert!(Oware::new(OwareSettings::sized(8, 16)).is_err()); // 256 seeds do not fit
/// ```
#[derive(Clone, Debug)]
pub struct Oware {
    settings: OwareSettings,
    t: Box<Tables>,
}

impl PartialEq for Oware {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings
    }
}

impl Eq for Oware {}

impl Default for Oware {
    fn default() -> Self {
        Oware::new(OwareSettings::ABAPA).expect("the Abapa settings are valid")
    }
}

impl Oware {
    /// A ruleset for `settings`, or the reason they are invalid.
    ///
    /// # Errors
    /// [`SettingsError`] naming the first setting out of range.
    pub fn new(settings: OwareSettings) -> Result<Oware, SettingsError> {
        settings.validate()?;
        Ok(Oware {
            settings,
            t: Box::new(Tables::new(settings.houses.into(), settings.total_seeds())),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &OwareSettings {
        &self.settings
    }

    /// Why `mv` is illegal in `s`, or `None`: one look at the legal houses (none when the
    /// game is over), the words only for a move that is refused.
    #[inline]
    fn house_reason(&self, s: &OwareState, mv: OwareMove) -> Option<IllegalReason> {
        let mask = self.legal_mask(s);
        let h = usize::from(mv.0);
        if mask != 0 && h.wrapping_sub(1) < self.t.m && mask >> (h - 1) & 1 != 0 {
            return None;
        }
        Some(self.refusal(s, mv, mask))
    }

    /// Why `mv` is refused in `s`, whose legal houses are `mask`.
    #[cold]
    #[inline(never)]
    fn refusal(&self, s: &OwareState, mv: OwareMove, mask: usize) -> IllegalReason {
        if mask == 0 {
            return IllegalReason::GameOver;
        }
        let m = self.t.m;
        let h = usize::from(mv.0);
        let me = s.mover;
        if h == 0 || h > m {
            let last = OwareMove(m as u8).letter(me);
            return IllegalReason::Forbidden(format!(
                "there is no house {}: the houses are {} to {last}",
                mv.letter(me),
                OwareMove(1).letter(me),
            ));
        }
        let letter = mv.letter(me);
        IllegalReason::Forbidden(if state::lane(s.sides[0], h - 1) == 0 {
            format!("house {letter} is empty")
        } else if s.sides[1] & self.t.houses == 0 {
            format!(
                "{} has no seed: {me} must feed him, and {letter} does not reach him",
                !me
            )
        } else {
            format!(
                "{letter} would capture every seed of {} (a grand slam), and another move \
                 exists",
                !me
            )
        })
    }

    /// [`Ruleset::play_unchecked`], telling `rec` what the move does.
    #[inline(always)]
    fn play_move<R: Record>(&self, s: &mut OwareState, mv: OwareMove, rec: &mut R) {
        let p = usize::from(mv.0).wrapping_sub(1);
        if p < self.t.m {
            self.sow(s, p, rec);
        }
    }
}

impl Ruleset for Oware {
    type State = OwareState;
    type Move = OwareMove;
    type Moves = OwareMoves;
    const GAME: &'static str = "oware";

    fn start(&self) -> OwareState {
        let row = [self.settings.seeds; 8];
        OwareState::from_rows(self.t.m, &row, &row, [0, 0], Player::South, 0)
    }

    #[inline]
    fn to_move(&self, s: &OwareState) -> Player {
        s.mover
    }

    fn legal_moves(&self, s: &OwareState) -> OwareMoves {
        let mut moves = OwareMoves::new();
        let mask = self.legal_mask(s);
        for &p in &SELECT[mask][..usize::from(COUNT[mask])] {
            moves.push(OwareMove(p + 1));
        }
        moves
    }

    #[inline]
    fn play_unchecked(&self, s: &mut OwareState, mv: OwareMove) {
        self.play_move(s, mv, &mut ());
    }

    fn effect(&self, s: &OwareState, mv: OwareMove) -> Result<Effect, IllegalReason> {
        if let Some(reason) = self.house_reason(s, mv) {
            return Err(reason);
        }
        let mut effect = Effect::new(s.mover);
        let mut after = *s;
        self.play_move(&mut after, mv, &mut effect);
        Ok(effect)
    }

    fn outcome(&self, s: &OwareState) -> Option<Outcome> {
        if !self.over(s) {
            return None;
        }
        Some(Outcome::by_score(Score {
            south: s.stores[0].into(),
            north: s.stores[1].into(),
        }))
    }

    fn repetition_position(&self, s: &OwareState) -> Option<OwareState> {
        Some(OwareState { ply: 0, ..*s })
    }

    fn repetition_outcome(&self, s: &OwareState) -> Option<Outcome> {
        Some(Outcome::by_score(Score {
            south: u32::from(s.stores[0]) + s.seeds_on_side(Player::South),
            north: u32::from(s.stores[1]) + s.seeds_on_side(Player::North),
        }))
    }

    #[inline]
    fn seed_count(&self, s: &OwareState) -> SeedCount {
        SeedCount {
            board: s.seeds_on_side(Player::South) + s.seeds_on_side(Player::North),
            stores: [s.stores[0].into(), s.stores[1].into()],
        }
    }

    fn total_seeds(&self) -> u32 {
        self.t.total
    }

    fn validate(&self, s: &OwareState) -> Result<(), PositionError> {
        if s.houses() != self.t.m {
            return Err(PositionError::WrongSize {
                expected: self.t.m,
                found: s.houses(),
            });
        }
        let total = self.seed_count(s).total();
        if total != self.t.total {
            return Err(PositionError::WrongSeedTotal {
                expected: self.t.total,
                found: total,
            });
        }
        if (s.sides[0] | s.sides[1]) & !self.t.houses != 0 {
            return Err(PositionError::Impossible(
                "seeds outside the houses of the board".into(),
            ));
        }
        match self.settings.max_plies {
            None if s.ply != 0 => {
                return Err(PositionError::Impossible(
                    "a ply count under a ruleset without a ply limit".into(),
                ));
            }
            Some(max) if s.ply > max => {
                return Err(PositionError::Impossible(format!(
                    "ply {} is past the limit of {max} plies",
                    s.ply
                )));
            }
            _ => {}
        }
        let board = (s.sides[0] | s.sides[1]) & self.t.houses != 0;
        if board && !self.won(s) && (self.movable(s) == 0 || self.limit_reached(s)) {
            return Err(PositionError::Impossible(
                "the game is over but seeds are left on the board (each side's go to its owner)"
                    .into(),
            ));
        }
        if board && self.won(s) && self.settings.divide_on_win {
            return Err(PositionError::Impossible(
                "the game is won but seeds are left on the board (divide-on-win)".into(),
            ));
        }
        // A store grows only by its owner's captures, of 2 or 3 seeds a house under every
        // grand-slam rule, and by the division at the end, which empties the board. So
        // while seeds are on the board no store holds exactly 1, and a store past half the
        // seeds got there on its owner's move: the other side is to move.
        if board {
            for player in Player::BOTH {
                if s.stores[player.index()] == 1 {
                    return Err(PositionError::Impossible(format!(
                        "{player}'s store holds 1 seed with seeds on the board: every capture \
                         takes 2 or 3 seeds a house, and only the end of the game gives \
                         single seeds"
                    )));
                }
            }
            let mover = s.mover;
            if 2 * u32::from(s.stores[mover.index()]) > self.t.total {
                return Err(PositionError::Impossible(format!(
                    "{mover} has more than half the seeds ({} of {}) and is to move: a store \
                     passes half on its owner's capture, and then the other side moves",
                    s.stores[mover.index()],
                    self.t.total
                )));
            }
        }
        Ok(())
    }

    /// Mixed from the whole state (two words of houses and one of the rest): cheaper than
    /// keeping a Zobrist hash up to date on every sowing, so [`hash`](Ruleset::hash) is
    /// the provided one, this.
    #[inline]
    fn hash_from_scratch(&self, s: &OwareState) -> u64 {
        state::hash_of(s)
    }

    fn parse_move(&self, s: &OwareState, text: &str) -> Result<OwareMove, MoveParseError> {
        let Some((mv, side)) = moves::read(text) else {
            return Err(MoveParseError::Syntax {
                text: text.to_string(),
                expected: moves::move_syntax(self.settings.houses, s.mover),
            });
        };
        if side != s.mover && !self.over(s) {
            return Err(MoveParseError::Mismatch {
                text: text.to_string(),
                problem: format!(
                    "{text} is a house of {side}'s, and {} is to move (his houses are {}..)",
                    s.mover,
                    mv.letter(s.mover)
                ),
            });
        }
        match self.house_reason(s, mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveParseError::Illegal {
                text: text.to_string(),
                reason,
            }),
        }
    }

    fn format_move(&self, s: &OwareState, mv: OwareMove) -> String {
        if mv.0 == 0 || mv.0 > OwareSettings::MAX_HOUSES {
            return mv.to_string();
        }
        mv.letter(s.mover).to_string()
    }

    fn is_legal(&self, s: &OwareState, mv: OwareMove) -> bool {
        let p = usize::from(mv.0).wrapping_sub(1);
        p < self.t.m && self.legal_mask(s) >> p & 1 != 0
    }

    fn illegal_reason(&self, s: &OwareState, mv: OwareMove) -> Option<IllegalReason> {
        self.house_reason(s, mv)
    }

    #[inline]
    fn random_move<G: RandomSource>(&self, s: &OwareState, rng: &mut G) -> Option<OwareMove> {
        let mask = self.legal_mask(s);
        if mask == 0 {
            return None;
        }
        let k = rng.below(u32::from(COUNT[mask])) as usize;
        Some(OwareMove(SELECT[mask][k] + 1))
    }

    /// The random-game loop with the state in registers: the move is sown straight from the
    /// chosen house, with no move value in between, and the sowing hands back the next
    /// mover's houses (but under `grand-slam=illegal`, whose grand slams are taken out of
    /// them here).
    fn playout<G: RandomSource>(&self, state: &mut OwareState, rng: &mut G, max_plies: u64) -> u64 {
        let mut s = *state;
        let mut plies = 0;
        let illegal = self.settings.grand_slam == GrandSlam::Illegal;
        let mut mask = self.legal_mask(&s);
        while plies < max_plies && mask != 0 {
            let k = rng.below(u32::from(COUNT[mask & 0xFF])) as usize;
            mask = self.sow(&mut s, usize::from(SELECT[mask & 0xFF][k]), &mut ());
            if illegal {
                mask = self.legal_mask(&s);
            }
            plies += 1;
        }
        *state = s;
        plies
    }
}

crate::ruleset_text!(Oware, OwareSettings);

/// Oware's records are the crate's records form alone.
impl crate::pgn::Dialect for Oware {}
