//! Kalah, with every rule switch of the rules file.
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
//!   [`KalahMove::Swap`] instead of moving. The rules file says the players then change
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
//! # Engine
//! Each side is one `u64` of 8-bit counters (its pits, then its store), the mover's first,
//! so passing the turn swaps two words. A whole sowing, laps included, is one look-up in a
//! table built from the settings and two word additions, with no loop over seeds; the
//! turn change needs no branch, and random playouts pick a move from a bit mask with one
//! multiply and a table. This limits boards to [`KalahSettings::MAX_PITS`] pits a side and
//! [`KalahSettings::MAX_TOTAL`] seeds.
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

mod settings;
pub mod solve;
mod state;

use std::fmt;
use std::str::FromStr;

pub use settings::{Capture, EndRule, KalahSettings, Leftovers};
pub use state::KalahState;
use state::{Pie, keys, lane};

use crate::error::{IllegalReason, MoveParseError, PositionError, SettingsError};
use crate::movelist::MoveList;
use crate::player::{Outcome, Player, Score};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};

/// A Kalah move: a pit number counted from the mover's left, or the pie rule's swap.
///
/// ```
/// use sowing::kalah::KalahMove;
/// assert_eq!("3".parse::<KalahMove>().unwrap(), KalahMove::Pit(3));
/// assert_eq!(KalahMove::Swap.to_string(), "swap");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum KalahMove {
    /// Sow the seeds of this pit, `1..=m` from the mover's left.
    Pit(u8),
    /// The pie rule's swap (North, on his first turn).
    Swap,
}

impl Default for KalahMove {
    fn default() -> Self {
        KalahMove::Pit(1)
    }
}

impl fmt::Display for KalahMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KalahMove::Pit(p) => write!(f, "{p}"),
            KalahMove::Swap => f.write_str("swap"),
        }
    }
}

const MOVE_SYNTAX: &str = "a pit number 1..=7 or `swap`";

impl FromStr for KalahMove {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("swap") {
            return Ok(KalahMove::Swap);
        }
        match t.parse::<u8>() {
            Ok(p)
                if (1..=KalahSettings::MAX_PITS).contains(&p)
                    && t.bytes().all(|b| b.is_ascii_digit()) =>
            {
                Ok(KalahMove::Pit(p))
            }
            _ => Err(MoveParseError::Syntax {
                text: text.to_string(),
                expected: MOVE_SYNTAX,
            }),
        }
    }
}

crate::serde_as_text!(KalahMove);

/// Up to 7 pit moves and the swap.
pub type KalahMoves = MoveList<KalahMove, 8>;

/// What sowing `r` seeds (after any whole laps) from start pit `p` adds, precomputed.
#[derive(Clone, Copy, Debug, Default)]
struct Lap {
    /// Ones in the lanes of the mover's word that the seeds reach.
    own: u64,
    /// Ones in the lanes of the opponent's word that the seeds reach.
    opp: u64,
    /// The loop position of the last seed: `0..m` own pits, `m` the store, above: opponent.
    last: u8,
}

/// The masks that test a capture at one landing place.
#[derive(Clone, Copy, Debug, Default)]
struct CaptureMasks {
    /// The landing pit's lane in the mover's word.
    own: u64,
    /// One seed in that lane: the landing pit holds exactly the last seed.
    one: u64,
    /// The lane of the pit across, in the opponent's word.
    across: u64,
    /// The shift of the lane across.
    across_shift: u8,
}

/// Lane masks and tables derived once from the settings, so that a move is a few table
/// look-ups and word additions with no loop over seeds and few branches.
#[derive(Clone, Debug)]
struct Tables {
    m: usize,
    /// All bits of the pits of a side (lanes `0..m`).
    pits: u64,
    /// One seed in every lane of the mover's word that a whole lap reaches (pits and store).
    lap_own: u64,
    /// One seed in every lane of the opponent's word that a whole lap reaches (pits).
    lap_opp: u64,
    /// `divmod[seeds] = (whole laps, seeds left over)` for a loop of `2m + 1` holes.
    divmod: [(u8, u8); 256],
    /// `laps[p][r]`: what the `r` left-over seeds from pit `p` do (sized to powers of two
    /// so that masked indices need no bounds checks).
    laps: [[Lap; 16]; 8],
    /// `sowings[p][n]`: everything sowing `n < 64` seeds from pit `p` does, whole laps
    /// included and the `n` seeds lifted from pit `p` subtracted (a wrapping add of the
    /// entry is exact, since that lane holds exactly `n`): one look-up and two additions for
    /// nearly every move of a real game.
    sowings: [[Lap; 64]; 8],
    /// `sowing_hash[mover][p][n]`: the hash change of `sowings[p][n]` for that mover.
    sowing_hash: [[[u64; 64]; 8]; 2],
    /// `lap_hash[mover][p][r]`: the hash change of `laps[p][r]`, seeds lifted included.
    lap_hash: [[[u64; 16]; 8]; 2],
    /// `whole_lap_hash[mover]`: the hash change of one whole lap.
    whole_lap_hash: [u64; 2],
    /// `captures[last]`: masks that decide whether a last seed at loop position `last`
    /// captures (all zero where it cannot: the store and the opponent's pits).
    captures: [CaptureMasks; 16],
}

/// `SELECT[mask][k]`: the index of the `k`-th set bit of a 7-bit mask; `COUNT[mask]`: its
/// number of set bits. Portable: no reliance on POPCNT or PDEP.
const SELECT: [[u8; 8]; 128] = {
    let mut t = [[0u8; 8]; 128];
    let mut mask = 0;
    while mask < 128 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 7 {
            if mask & (1 << bit) != 0 {
                t[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    t
};
const COUNT: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut mask = 0;
    while mask < 128 {
        t[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    t
};

/// A 7-bit mask of the non-empty pits among lanes `0..7` of `word & pits`.
#[inline]
fn nonempty(word: u64, pits: u64) -> usize {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let w = word & pits;
    let high = ((w & LOW7).wrapping_add(LOW7) | w) & 0x8080_8080_8080_8080;
    // Gather bit 7 of each byte into the top byte.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize & 0x7F
}

impl Tables {
    fn new(m: usize) -> Tables {
        let len = 2 * m + 1;
        let ones = |k: usize| -> u64 { (0..k).fold(0, |w, i| w | 1 << (8 * i)) };
        let mut divmod = [(0u8, 0u8); 256];
        for (seeds, d) in divmod.iter_mut().enumerate() {
            *d = ((seeds / len) as u8, (seeds % len) as u8);
        }
        let mut laps = [[Lap::default(); 16]; 8];
        for (p, row) in laps.iter_mut().enumerate().take(m) {
            for (r, entry) in row.iter_mut().enumerate().take(len) {
                let mut lap = Lap::default();
                for i in 1..=r {
                    let pos = (p + i) % len;
                    if pos <= m {
                        lap.own += 1 << (8 * pos);
                    } else {
                        lap.opp += 1 << (8 * (pos - m - 1));
                    }
                }
                lap.last = ((p + r) % len) as u8;
                *entry = lap;
            }
        }
        let mut sowings = [[Lap::default(); 64]; 8];
        for (p, row) in sowings.iter_mut().enumerate().take(m) {
            for (n, entry) in row.iter_mut().enumerate() {
                let lap = laps[p][n % len];
                let whole = (n / len) as u64;
                *entry = Lap {
                    own: (lap.own + whole * ones(m + 1)).wrapping_sub((n as u64) << (8 * p)),
                    opp: lap.opp + whole * ones(m),
                    last: lap.last,
                };
            }
        }
        // The hash key of loop position `pos` for `mover` (0 = South).
        let key = |mover: usize, pos: usize| -> u64 {
            if pos <= m {
                keys::LANES[mover][pos]
            } else {
                keys::LANES[1 - mover][pos - m - 1]
            }
        };
        let mut lap_hash = [[[0u64; 16]; 8]; 2];
        let mut sowing_hash = [[[0u64; 64]; 8]; 2];
        let mut whole_lap_hash = [0u64; 2];
        for mover in 0..2 {
            whole_lap_hash[mover] = (0..len).fold(0u64, |h, pos| h.wrapping_add(key(mover, pos)));
            for p in 0..m {
                let laps = &mut lap_hash[mover][p];
                for (r, h) in laps.iter_mut().enumerate().take(len) {
                    *h = (1..=r).fold(0u64, |h, i| h.wrapping_add(key(mover, (p + i) % len)));
                }
                for (n, h) in sowing_hash[mover][p].iter_mut().enumerate() {
                    *h = laps[n % len]
                        .wrapping_add(((n / len) as u64).wrapping_mul(whole_lap_hash[mover]))
                        .wrapping_sub((n as u64).wrapping_mul(key(mover, p)));
                }
            }
        }
        let mut captures = [CaptureMasks::default(); 16];
        for (at, c) in captures.iter_mut().enumerate().take(m) {
            let across = m - 1 - at;
            *c = CaptureMasks {
                own: 0xFF << (8 * at),
                one: 1 << (8 * at),
                across: 0xFF << (8 * across),
                across_shift: (8 * across) as u8,
            };
        }
        Tables {
            m,
            pits: ones(m) * 0xFF,
            sowings,
            sowing_hash,
            lap_hash,
            whole_lap_hash,
            captures,
            lap_own: ones(m + 1),
            lap_opp: ones(m),
            divmod,
            laps,
        }
    }
}

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

    #[inline]
    fn over(&self, s: &KalahState) -> bool {
        let own_empty = s.sides[0] & self.t.pits == 0;
        match self.settings.end {
            EndRule::EitherSideEmpty => own_empty || s.sides[1] & self.t.pits == 0,
            EndRule::AtTurn => own_empty,
        }
    }

    /// Moves each side's remaining seeds into its owner's store (under [`Leftovers::Owner`]).
    fn sweep<const HASH: bool>(&self, s: &mut KalahState) {
        if self.settings.leftovers == Leftovers::Nobody {
            return;
        }
        let m = self.t.m;
        for side in &mut s.sides {
            let seeds: u64 = (0..m).map(|i| u64::from(lane(*side, i))).sum();
            *side = (*side & !self.t.pits) + (seeds << (8 * m));
        }
        if HASH {
            s.hash = s.raw_hash_from_scratch();
        }
    }

    /// Sows pit `p` (`p < m`) of the mover: the whole sowing by table look-up, the turn
    /// change by masks rather than a branch (random play makes it unpredictable), and the
    /// capture behind one branch that is rarely taken.
    ///
    /// With `HASH` the Zobrist hash is updated too; random playouts, which never read it,
    /// sow without and recompute it once at the end.
    #[inline]
    fn sow<const HASH: bool>(&self, s: &mut KalahState, p: usize) {
        let t = &*self.t;
        let me = s.mover.index() & 1;
        let [mut own, mut opp] = s.sides;
        let seeds = lane(own, p);
        let mut h = s.hash;
        let lap = if seeds < 64 {
            if HASH {
                h = h.wrapping_add(t.sowing_hash[me][p & 7][usize::from(seeds)]);
            }
            t.sowings[p & 7][usize::from(seeds)]
        } else {
            let (whole, rest) = t.divmod[usize::from(seeds)];
            let lap = t.laps[p & 7][usize::from(rest) & 15];
            if HASH {
                h = h
                    .wrapping_add(t.lap_hash[me][p & 7][usize::from(rest) & 15])
                    .wrapping_add(u64::from(whole).wrapping_mul(t.whole_lap_hash[me]))
                    .wrapping_sub(u64::from(seeds).wrapping_mul(keys::LANES[me][p & 7]));
            }
            Lap {
                own: (lap.own + u64::from(whole) * t.lap_own)
                    .wrapping_sub(u64::from(seeds) << (8 * (p & 7))),
                opp: lap.opp + u64::from(whole) * t.lap_opp,
                last: lap.last,
            }
        };
        own = own.wrapping_add(lap.own);
        opp += lap.opp;
        let last = usize::from(lap.last);

        // Capture: the last seed alone in a pit of the mover's own, with seeds across (or
        // under the empty-capture rule).
        let c = t.captures[last & 15];
        if own & c.own == c.one
            && c.one != 0
            && (opp & c.across != 0 || self.settings.capture == Capture::Empty)
        {
            let across = (opp & c.across) >> c.across_shift;
            own = (own & !c.own) + ((across + 1) << (8 * t.m));
            opp &= !c.across;
            if HASH {
                let m = t.m;
                h =
                    h.wrapping_add(across.wrapping_mul(keys::LANES[me][m]))
                        .wrapping_add(keys::LANES[me][m])
                        .wrapping_sub(keys::LANES[me][last & 7])
                        .wrapping_sub(across.wrapping_mul(
                            keys::LANES[1 - me][usize::from(c.across_shift / 8) & 7],
                        ));
            }
        }

        // The turn passes unless the last seed is in the mover's store.
        let pass = last != t.m;
        let swap = 0u64.wrapping_sub(u64::from(pass));
        let diff = (own ^ opp) & swap;
        s.sides = [own ^ diff, opp ^ diff];
        s.mover = Player::from_index(me ^ usize::from(pass));
        if HASH {
            // North to move adds the side key, South to move subtracts it.
            let side_key = keys::NORTH & swap;
            h = if me == 0 {
                h.wrapping_add(side_key)
            } else {
                h.wrapping_sub(side_key)
            };
        }
        if pass && s.pie == Pie::Opening {
            s.pie = Pie::Offer;
            if HASH {
                h = h.wrapping_add(
                    keys::PIE[Pie::Offer as usize].wrapping_sub(keys::PIE[Pie::Opening as usize]),
                );
            }
        }
        s.hash = h;
        if self.over(s) {
            self.sweep::<HASH>(s);
        }
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
}

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
        match mv {
            KalahMove::Pit(n) => {
                let p = usize::from(n).wrapping_sub(1);
                if p >= self.t.m {
                    return;
                }
                if s.pie == Pie::Offer {
                    s.pie = Pie::Done;
                    s.hash = s.hash.wrapping_sub(keys::PIE[Pie::Offer as usize]);
                }
                self.sow::<true>(s, p);
            }
            KalahMove::Swap => {
                // The sides' contents change owners: seen from the mover's side nothing moves,
                // but the mover is now South (see the module docs).
                s.mover = Player::South;
                s.pie = Pie::Done;
                s.hash = s.raw_hash_from_scratch();
            }
        }
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
        let mv: KalahMove = text.parse()?;
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
                self.sow::<false>(&mut s, usize::from(SELECT[mask][k]));
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

    fn picture(&self, s: &KalahState) -> String {
        picture(s)
    }
}

/// A board picture: North's row on top (his pit 1 at the right), stores at the ends.
fn picture(s: &KalahState) -> String {
    use std::fmt::Write;
    let m = s.pits();
    let rule = format!("      +{}", "----+".repeat(m));
    let mut out = String::new();
    let mark = |p: Player| if s.to_move() == p { "  <- to move" } else { "" };
    let _ = write!(out, "       ");
    for p in (1..=m).rev() {
        let _ = write!(out, " {p:>2}  ");
    }
    let _ = writeln!(out, " North{}", mark(Player::North));
    let _ = writeln!(out, "{rule}");
    let _ = write!(out, "      |");
    for p in (1..=m).rev() {
        let _ = write!(out, " {:>2} |", s.pit(Player::North, p));
    }
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "  {:>3} +{}  {:<3}",
        s.store(Player::North),
        "----+".repeat(m),
        s.store(Player::South)
    );
    let _ = write!(out, "      |");
    for p in 1..=m {
        let _ = write!(out, " {:>2} |", s.pit(Player::South, p));
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{rule}");
    let _ = write!(out, "       ");
    for p in 1..=m {
        let _ = write!(out, " {p:>2}  ");
    }
    let _ = write!(out, " South{}", mark(Player::South));
    out
}

crate::ruleset_text!(Kalah, KalahSettings);
