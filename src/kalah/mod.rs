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
//! The whole board is one `u128` of 8-bit counters seen from the mover's side, so a lap of
//! sowing is one addition of a lane mask and a move is a handful of word operations with no
//! loop over seeds. This limits boards to [`KalahSettings::MAX_PITS`] pits a side and
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
mod state;

use std::fmt;
use std::str::FromStr;

pub use settings::{Capture, EndRule, KalahSettings, Leftovers};
pub use state::KalahState;
use state::{LANE, Pie, keys, lane, prefix_ones};

use crate::error::{
    IllegalReason, MoveParseError, PositionError, RulesetParseError, SettingsError,
};
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

/// Lane masks and hash tables derived once from the settings.
#[derive(Clone, Copy, Debug)]
struct Tables {
    m: usize,
    /// Lanes in the mover's sowing loop: `2m + 1`.
    loop_len: usize,
    /// One seed in each lane of the loop.
    loop_ones: u128,
    /// All bits of the mover's pits (lanes `0..m`).
    own_pits: u128,
    /// All bits of the opponent's pits (lanes `m+1..=2m`).
    opp_pits: u128,
    /// All bits of the `2m + 2` lanes in use.
    full: u128,
    /// `key_prefix[mover][k]`: the sum of the hash keys of mover-relative lanes `0..k`.
    key_prefix: [[u64; 17]; 2],
    /// `key_rel[mover][lane]`: the hash key of a mover-relative lane.
    key_rel: [[u64; 16]; 2],
}

const PREFIX: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut k = 0;
    while k <= 16 {
        t[k] = prefix_ones(k);
        k += 1;
    }
    t
};

impl Tables {
    fn new(m: usize) -> Tables {
        let mut key_rel = [[0u64; 16]; 2];
        let mut key_prefix = [[0u64; 17]; 2];
        for mover in 0..2 {
            for (rel, key) in key_rel[mover].iter_mut().enumerate().take(2 * m + 2) {
                let abs = if mover == 0 {
                    rel
                } else {
                    (rel + m + 1) % (2 * m + 2)
                };
                *key = keys::LANES[abs];
            }
            for k in 0..16 {
                key_prefix[mover][k + 1] = key_prefix[mover][k].wrapping_add(key_rel[mover][k]);
            }
        }
        Tables {
            m,
            loop_len: 2 * m + 1,
            loop_ones: PREFIX[2 * m + 1],
            own_pits: PREFIX[m] * 0xFF,
            opp_pits: (PREFIX[2 * m + 1] - PREFIX[m + 1]) * 0xFF,
            full: PREFIX[2 * m + 2] * 0xFF,
            key_prefix,
            key_rel,
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
    t: Tables,
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
            t: Tables::new(6),
        }
    }
}

impl Kalah {
    /// A ruleset for `settings`, or the reason they are invalid.
    pub fn new(settings: KalahSettings) -> Result<Kalah, SettingsError> {
        settings.validate()?;
        Ok(Kalah {
            settings,
            t: Tables::new(settings.pits.into()),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &KalahSettings {
        &self.settings
    }

    #[inline]
    fn own_empty(&self, board: u128) -> bool {
        board & self.t.own_pits == 0
    }

    #[inline]
    fn opp_empty(&self, board: u128) -> bool {
        board & self.t.opp_pits == 0
    }

    #[inline]
    fn over(&self, s: &KalahState) -> bool {
        match self.settings.end {
            EndRule::EitherSideEmpty => self.own_empty(s.board) || self.opp_empty(s.board),
            EndRule::AtTurn => self.own_empty(s.board),
        }
    }

    /// The board seen from the other side.
    #[inline]
    fn flip(&self, board: u128) -> u128 {
        let half = LANE as usize * (self.t.m + 1);
        ((board >> half) | (board << half)) & self.t.full
    }

    /// Moves each side's remaining seeds into its owner's store (under [`Leftovers::Owner`]).
    fn sweep(&self, s: &mut KalahState) {
        if self.settings.leftovers == Leftovers::Nobody {
            return;
        }
        let m = self.t.m;
        let own: u32 = (0..m).map(|i| u32::from(lane(s.board, i))).sum();
        let opp: u32 = (m + 1..=2 * m).map(|i| u32::from(lane(s.board, i))).sum();
        let mut b = s.board & !(self.t.own_pits | self.t.opp_pits);
        b += u128::from(own) << (LANE as usize * m);
        b += u128::from(opp) << (LANE as usize * (2 * m + 1));
        s.board = b;
        s.hash = s.raw_hash_from_scratch();
    }

    fn sow(&self, s: &mut KalahState, p: usize) {
        let t = &self.t;
        let m = t.m;
        let me = s.mover.index();
        let mut b = s.board;
        let mut h = s.hash;
        let seeds = lane(b, p) as usize;
        b &= !(0xFFu128 << (LANE as usize * p));
        h = h.wrapping_sub((seeds as u64).wrapping_mul(t.key_rel[me][p]));
        let len = t.loop_len;
        let (laps, rest) = if seeds < len {
            (0, seeds)
        } else {
            (seeds / len, seeds % len)
        };
        if laps > 0 {
            b += laps as u128 * t.loop_ones;
            h = h.wrapping_add((laps as u64).wrapping_mul(t.key_prefix[me][len]));
        }
        let start = p + 1;
        let end = start + rest;
        let kp = &t.key_prefix[me];
        if end <= len {
            b += PREFIX[end] - PREFIX[start];
            h = h.wrapping_add(kp[end].wrapping_sub(kp[start]));
        } else {
            b += PREFIX[len] - PREFIX[start] + PREFIX[end - len];
            h = h
                .wrapping_add(kp[len].wrapping_sub(kp[start]))
                .wrapping_add(kp[end - len]);
        }
        let last = if p + rest >= len {
            p + rest - len
        } else {
            p + rest
        };

        if last < m && lane(b, last) == 1 {
            let opp = 2 * m - last;
            let across = lane(b, opp);
            if across > 0 || self.settings.capture == Capture::Empty {
                let gain = 1 + u64::from(across);
                b &= !((0xFFu128 << (LANE as usize * last)) | (0xFFu128 << (LANE as usize * opp)));
                b += u128::from(gain) << (LANE as usize * m);
                h = h
                    .wrapping_sub(t.key_rel[me][last])
                    .wrapping_sub(u64::from(across).wrapping_mul(t.key_rel[me][opp]))
                    .wrapping_add(gain.wrapping_mul(t.key_rel[me][m]));
            }
        }

        if last != m {
            b = self.flip(b);
            s.mover = !s.mover;
            h = match s.mover {
                Player::North => h.wrapping_add(keys::NORTH),
                Player::South => h.wrapping_sub(keys::NORTH),
            };
            if s.pie == Pie::Opening {
                s.pie = Pie::Offer;
                h = h.wrapping_add(
                    keys::PIE[Pie::Offer as usize].wrapping_sub(keys::PIE[Pie::Opening as usize]),
                );
            }
        }
        s.board = b;
        s.hash = h;
        if self.over(s) {
            self.sweep(s);
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
            KalahMove::Pit(n) if lane(s.board, usize::from(n) - 1) == 0 => {
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
        let mut counts = [0u8; 16];
        for p in 0..m {
            counts[p] = self.settings.seeds;
            counts[m + 1 + p] = self.settings.seeds;
        }
        let pie = if self.settings.pie {
            Pie::Opening
        } else {
            Pie::Done
        };
        KalahState::from_absolute(m, &counts, Player::South, pie)
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
        for p in 0..self.t.m {
            if lane(s.board, p) != 0 {
                moves.push(KalahMove::Pit(p as u8 + 1));
            }
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
                self.sow(s, p);
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
        Some(match score.south.cmp(&score.north) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Player::South,
                score: Some(score),
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Player::North,
                score: Some(score),
            },
            std::cmp::Ordering::Equal => Outcome::Draw { score: Some(score) },
        })
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
        if s.pie != Pie::Done && !self.settings.pie {
            return Err(PositionError::Impossible(
                "a pie-rule marker under a ruleset without the pie rule".into(),
            ));
        }
        // Only the end-of-game sweep can fill North's store before his first turn.
        if s.pie == Pie::Offer && s.store(Player::North) != 0 && !self.over(s) {
            return Err(PositionError::Impossible(
                "North has seeds in his store before his first turn".into(),
            ));
        }
        if self.over(s)
            && self.settings.leftovers == Leftovers::Owner
            && s.board & (self.t.own_pits | self.t.opp_pits) != 0
        {
            return Err(PositionError::Impossible(
                "the game is over but seeds are left on the board (they go to their owners)".into(),
            ));
        }
        if s.raw_hash_from_scratch() != s.hash {
            return Err(PositionError::Impossible("stale hash".into()));
        }
        Ok(())
    }

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
        if self.over(s) {
            return None;
        }
        // High bit of each non-empty pit's lane (the mover's pits are in the low word).
        const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let lo = s.board as u64;
        let own_high = (self.t.own_pits as u64) & 0x8080_8080_8080_8080;
        let mut nonzero = (((lo & LOW7) + LOW7) | lo) & own_high;
        let count = nonzero.count_ones();
        let offer = u32::from(s.pie == Pie::Offer);
        let k = rng.below(count + offer);
        if k == count {
            return Some(KalahMove::Swap);
        }
        for _ in 0..k {
            nonzero &= nonzero - 1;
        }
        Some(KalahMove::Pit((nonzero.trailing_zeros() / 8) as u8 + 1))
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

impl FromStr for Kalah {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let settings: KalahSettings = text.parse()?;
        Ok(Kalah::new(settings)?)
    }
}

impl fmt::Display for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.settings.fmt(f)
    }
}

crate::serde_as_text!(Kalah);
