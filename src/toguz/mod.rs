//! Toguz Kumalak (Togyz Kumalak, Toguz Korgool), with its variants, the players' notation
//! and PGN game records.
//!
//! # The game
//! Two rows of 9 **holes** (*otau*) with 9 balls (*kumalak*) in each, 162 in all, and a
//! **kazan** (store) for each player that is never sown into. South (White) moves first.
//! Each player numbers his own holes 1 to 9 from his own left; **sowing** runs anticlockwise,
//! from a hole of the mover's toward his hole 9, then the opponent's holes 1 to 9, then his own
//! again.
//!
//! 1. The mover picks one of his holes that holds a ball (never a tuzdik: see rule 6).
//! 2. With two or more balls, all are lifted, the first goes back into the origin hole and the
//!    rest one per hole onward; with 19 or more the sowing goes round again (a **lap**),
//!    skipping nothing. A lap is one addition per hole in this engine, not single drops.
//! 3. A single ball moves to the next hole and leaves the origin empty (the one-ball rule).
//! 4. A ball sown into a tuzdik goes at once to the kazan of the tuzdik's owner, whoever sows.
//! 5. **Capture**: a last ball landing in an opponent's hole (not a tuzdik) that makes its
//!    count even takes the whole hole into the mover's kazan.
//! 6. **Tuzdik** (*tuzdyk*): a last ball making exactly 3 in an opponent's hole takes the 3 and
//!    makes the hole the mover's tuzdik for the rest of the game, unless (a) he already has a
//!    tuzdik, (b) it is the opponent's hole 9, or (c) the opponent's tuzdik stands on the
//!    mover's hole with the same number. Blocked, the move stands and captures nothing. The
//!    claim is automatic: the seed text's "may" was never declined in 7,024 recorded chances.
//! 7. **Atsyz kalu** ("left without a horse"): when the player to move has no ball to play,
//!    the game ends and the balls left on the board (all on his opponent's side) go to the
//!    opponent's kazan. A side may run empty without ending the game: the opponent may sow
//!    balls back into it before it is that side's turn.
//! 8. More balls wins, 81-81 is a draw, and by default the game ends the moment a kazan holds
//!    82 (more than half); the switch `play-to-end` plays on until rule 7 instead.
//!
//! In this crate's state a tuzdik's lane always stays empty (sown balls leave it at once), and
//! the balls of rule 7 are moved to their kazan by the move that ends the game.
//!
//! # Variants
//! See [`ToguzSettings`] for the switches and presets. **Bestemshe** is 2 x 5 holes, 5 balls
//! each, without tuzdiks, decided at 26. **Kozdatu** is 2 x 7 holes, 7 balls each; the seed
//! text gives nothing more, so *this crate assumes* every other rule of the 9-hole game, with
//! hole 7 as the hole that cannot become a tuzdik and 50 deciding. Other sizes (`holes=`,
//! `balls=`) follow the same pattern: the last hole is never a tuzdik, and more than half of
//! all balls decides. The seed's pre-1949 rules give two variants: the one that "forbade
//! re-sowing into the origin hole" is the switch `no-origin-sowing` (the first ball goes to
//! the next hole); the other, "capture only on single-ball landings", is too vague to
//! implement (single-ball *moves*? landings in an empty hole? and then what is captured?), so
//! it is left out.
//!
//! # Engine
//! The 2n holes are 8-bit lanes of three 64-bit words, in sowing order (South's holes 1 to n,
//! then North's), so a lap of sowing adds one to every lane of a word at once. A move is one
//! 8-byte entry of a table built with the ruleset, indexed by origin lane and ball count: the
//! laps, the run of lanes the rest covers (turned into words with a prefix table), the last
//! lane and what it receives. The new board is
//! then three word operations with masks read from tables (which lanes are tuzdiks, whether
//! the last hole is taken), with no branch on the outcome, which random play could not
//! predict. The state keeps an additive Zobrist hash, updated by every move from the same table
//! entry (a prefix sum of lane keys covers a whole run of sown lanes).
//!
//! [`Ruleset::playout`] has a loop of its own (`playout.rs`): the position in local variables
//! with the board as lanes of bytes, a whole-move table with the three board words of every
//! move ready, the rule masks that change only with a new tuzdik rebuilt on that rare event,
//! no hash updates (the hash is brought up to date once at the end), and a random move that
//! takes the first non-empty hole of three drawn at once, with no branch (an exact draw when
//! all three are empty). [`Ruleset::random_move`] draws the same way. Measured figures are in
//! `benches/toguz.rs` and the commit log.
//!
//! # Notation
//! A move prints as the federation books write it: origin hole, landing hole, and `x` for a
//! new tuzdik (`76`, `36x`, [`Ruleset::format_move`]); [`Toguz::format_move_as`] also writes
//! PlayOK's `45X` and `65(10)`. [`Ruleset::parse_move`] reads all of these (and the Cyrillic
//! `х`/`Х`), checking every written detail: see [`MoveText`]. Position text is PlayStrategy's
//! Togyz FEN, described at [`ToguzState`]; game records are PGN ([`pgn`]).
//!
//! ```
//! use sowing::toguz::Toguz;
//! use sowing::{GameRecord, Player, Ruleset};
//!
//! let mut game = GameRecord::new(Toguz::default());
//! for text in "76 98 66 87 12 76 25 78 48 36x".split(' ') {
//!     game.play_text(text).unwrap();
//! }
//! let state = game.current();
//! assert_eq!(state.tuzdik(Player::North), Some(6)); // Black's `36x`: White's hole 6
//! assert_eq!(game.rules().format_move(&game.position_at(9).unwrap(), game.moves()[9]), "36x");
//! assert!(Toguz::default().parse_move(game.position_at(9).unwrap(), "37x").is_err());
//! ```

mod notation;
pub mod pgn;
mod playout;
mod settings;
mod state;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

pub use notation::{MoveText, Style};
use playout::Sown;
pub use settings::ToguzSettings;
pub use state::ToguzState;
use state::{LANES, NO_TUZDIK, PREFIX, add_range, keys, lane, nonempty16};

use crate::error::{IllegalReason, MoveParseError, PositionError, SettingsError};
use crate::movelist::MoveList;
use crate::player::{Outcome, Player, Score};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};

/// A Toguz Kumalak move: the mover's hole to sow from, numbered 1..=9 from his left.
///
/// The landing hole and tuzdik mark of the players' notation follow from the position; see
/// [`Ruleset::format_move`] and [`Ruleset::parse_move`]. On its own a move prints and parses
/// (and serializes) as the origin digit.
///
/// ```
/// use sowing::toguz::ToguzMove;
/// assert_eq!("7".parse::<ToguzMove>().unwrap(), ToguzMove(7));
/// assert_eq!(ToguzMove(7).to_string(), "7");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ToguzMove(pub u8);

impl ToguzMove {
    /// The origin hole.
    pub const fn hole(self) -> u8 {
        self.0
    }
}

impl Default for ToguzMove {
    fn default() -> Self {
        ToguzMove(1)
    }
}

impl fmt::Display for ToguzMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for ToguzMove {
    type Err = MoveParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        match t.as_bytes() {
            [d @ b'1'..=b'9'] => Ok(ToguzMove(d - b'0')),
            _ => Err(MoveParseError::Syntax {
                text: text.to_string(),
                expected: "a hole digit 1-9",
            }),
        }
    }
}

crate::serde_as_text!(ToguzMove);

/// Up to 9 moves.
pub type ToguzMoves = MoveList<ToguzMove, 9>;

/// What a move does where its last ball lands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Landing {
    /// Nothing: an own hole, an odd count, a tuzdik, or a blocked tuzdik.
    Nothing,
    /// An even capture of this many balls.
    Capture(u8),
    /// A new tuzdik (3 balls taken).
    Tuzdik,
}

/// What a move does: where its last ball lands and what happens there, as the notation
/// writes it.
///
/// ```
/// use sowing::toguz::{Landing, Toguz, ToguzMove};
/// use sowing::{Player, Ruleset};
/// let rules = Toguz::default();
/// let e = rules.effect(&rules.start(), ToguzMove(6)).unwrap();
/// assert_eq!((e.side, e.hole, e.landing), (Player::North, 5, Landing::Capture(10)));
/// assert_eq!(e.kazan, 10);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Effect {
    /// The side of the hole the last ball lands in.
    pub side: Player,
    /// That hole's number, counted by its side's owner.
    pub hole: u8,
    /// What happens there.
    pub landing: Landing,
    /// The mover's kazan after the move (balls sown into his tuzdik included), before any
    /// end-of-game sweep of rule 7.
    pub kazan: u32,
    /// The mover's kazan after the move including the sweep if the move ends the game.
    pub kazan_final: u32,
}

/// Lane masks, hash sums and lap counts derived once from the settings.
#[derive(Clone, Copy, Debug)]
struct Tables {
    n: usize,
    /// Lanes in the sowing loop: `2n`.
    len: usize,
    /// One ball in each lane of the loop.
    loop_ones: [u64; 4],
    /// Bits of the holes of a side, from its hole 1: `2^n - 1`.
    side_bits: u32,
    /// All bits of each player's lanes.
    side_lanes: [[u64; 4]; 2],
    /// Kazan total that decides the game (82), or above any total under `play-to-end`.
    decide: u8,
}

impl Tables {
    fn new(s: &ToguzSettings) -> Tables {
        let n = usize::from(s.holes);
        let len = 2 * n;
        let mut loop_ones = [0u64; 4];
        add_range(&mut loop_ones, 0, len);
        let mut side_lanes = [[0u64; 4]; 2];
        add_range(&mut side_lanes[0], 0, n);
        add_range(&mut side_lanes[1], n, len);
        for side in &mut side_lanes {
            for w in side.iter_mut() {
                *w = w.wrapping_mul(0xFF);
            }
        }
        let side = (1u32 << n) - 1;
        Tables {
            n,
            len,
            loop_ones,
            side_bits: side,
            side_lanes,
            decide: if s.decide_at_majority {
                s.deciding_total() as u8
            } else {
                u8::MAX
            },
        }
    }
}

/// Masks read from tables: the compiler cannot turn a loaded value into a branch.
mod mask {
    use super::LANES;

    /// `0xFF` for a real tuzdik lane, 0 for the no-tuzdik lane.
    pub(super) static HAS_TUZDIK: [u8; LANES] = {
        let mut t = [0xFFu8; LANES];
        t[super::NO_TUZDIK as usize] = 0;
        t
    };
    /// `OPEN[l]`: every lane of the three board words but `l` (all of them for `l >= 24`).
    pub(super) static OPEN: [[u64; 3]; LANES] = {
        let mut t = [[!0u64; 3]; LANES];
        let mut l = 0;
        while l < 24 {
            t[l][l / 8] = !(0xFFu64 << (8 * (l % 8)));
            l += 1;
        }
        t
    };
}

/// The Toguz Kumalak ruleset: validated [`ToguzSettings`] and the tables derived from them.
///
/// Ruleset text: `toguz[:switch,...]`, see [`ToguzSettings`].
///
/// ```
/// use sowing::toguz::Toguz;
/// use sowing::{perft, Ruleset};
///
/// let rules = Toguz::default();
/// assert_eq!(rules.to_string(), "toguz");
/// assert_eq!(perft(&rules, &rules.start(), 3), 613);
/// let bestemshe: Toguz = "toguz:bestemshe".parse().unwrap();
/// assert_eq!(bestemshe.start().to_string(), "5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1");
/// assert!("toguz:holes=9,balls=15".parse::<Toguz>().is_err()); // 270 balls do not fit
/// ```
#[derive(Clone, Debug)]
pub struct Toguz {
    settings: ToguzSettings,
    t: Tables,
    /// The sowing table, shared between clones (see [`Sowing`]).
    sowing: Arc<[Sowing]>,
    /// The whole-move table of random playouts, shared between clones (see [`Sown`]).
    sown: Arc<[Sown]>,
}

/// What sowing `b` balls from lane `o` does to the board before rules 4 to 6, precomputed
/// for every `(o, b)` (`2n x 256` entries of 8 bytes, at `o * 256 + b`): a move is then a
/// few word operations and no arithmetic on lanes. The hot part (up to a few dozen balls) is
/// a few kilobytes.
#[derive(Clone, Copy, Debug, Default)]
struct Sowing(u64);

impl Sowing {
    /// The fields, packed in one word so the hot part of the table stays in the first-level
    /// cache: bits 0-7 the lane of the last ball, 8-15 the balls that lane receives, 16-23
    /// the whole laps, 24-47 one bit per lane the rest of the sowing (after the laps)
    /// reaches, and three 5-bit lane numbers: the rest covers lanes `start..e1` (48-52,
    /// 53-57) and `0..e2` (58-62).
    const fn new(last: usize, gain_last: u8, laps: usize, rest_bits: u64, run: [usize; 3]) -> Self {
        Sowing(
            last as u64
                | (gain_last as u64) << 8
                | (laps as u64) << 16
                | rest_bits << 24
                | (run[0] as u64) << 48
                | (run[1] as u64) << 53
                | (run[2] as u64) << 58,
        )
    }

    #[inline(always)]
    fn last(self) -> usize {
        (self.0 as usize) & (LANES - 1)
    }

    #[inline(always)]
    fn gain_last(self) -> u8 {
        (self.0 >> 8) as u8
    }

    #[inline(always)]
    fn laps(self) -> u8 {
        (self.0 >> 16) as u8
    }

    /// Whether the rest of the sowing reaches `lane` (false for lanes from 24 on).
    #[inline(always)]
    fn reaches(self, lane: usize) -> u8 {
        (((self.0 >> 24) & 0xFF_FFFF) >> (lane & 31)) as u8 & 1
    }

    /// The sum of the hash keys of the balls sown (laps and rest; see [`keys`]).
    #[inline(always)]
    fn key_sum(self, len: usize) -> u64 {
        let kp = &keys::PREFIX;
        let run = |shift: u32| (self.0 >> shift) as usize & 31;
        let (start, e1, e2) = (run(48), run(53), run(58));
        u64::from(self.laps())
            .wrapping_mul(kp[len & 31])
            .wrapping_add(kp[e1].wrapping_sub(kp[start]))
            .wrapping_add(kp[e2])
    }

    /// The balls each lane receives, as three board words: the laps and the rest.
    #[inline(always)]
    fn words(self, loop_ones: &[u64; 4]) -> [u64; 3] {
        let run = |shift: u32| &PREFIX[(self.0 >> shift) as usize & 31];
        let (start, e1, e2) = (run(48), run(53), run(58));
        let laps = u64::from(self.laps());
        let mut words = [0u64; 3];
        for j in 0..3 {
            words[j] = laps
                .wrapping_mul(loop_ones[j])
                .wrapping_add(e1[j].wrapping_sub(start[j]))
                .wrapping_add(e2[j]);
        }
        words
    }

    fn table(s: &ToguzSettings, t: &Tables) -> Arc<[Sowing]> {
        let len = t.len;
        let mut table = vec![Sowing::default(); len * 256];
        for o in 0..len {
            for balls in 1..256usize {
                let start = (o + usize::from(balls == 1 || !s.origin_sowing)) % len;
                let (laps, rest) = (balls / len, balls % len);
                let end = start + rest;
                let (e1, e2) = (end.min(len), end.saturating_sub(len));
                let mut words = [0u64; 4];
                add_range(&mut words, start, e1);
                add_range(&mut words, 0, e2);
                let rest_bits = (0..len).fold(0u64, |m, l| m | u64::from(lane(&words, l)) << l);
                for (a, ones) in words.iter_mut().zip(t.loop_ones) {
                    *a = a.wrapping_add((laps as u64).wrapping_mul(ones));
                }
                let last = (end + len - 1) % len;
                table[o * 256 + balls] =
                    Sowing::new(last, lane(&words, last), laps, rest_bits, [start, e1, e2]);
            }
        }
        table.into()
    }

    /// The whole-move table of random playouts, from this table.
    fn sown(table: &[Sowing], t: &Tables) -> Arc<[Sown]> {
        table
            .iter()
            .enumerate()
            .map(|(i, e)| Sown::new(e.words(&t.loop_ones), i >> 8, e.last()))
            .collect()
    }
}

impl PartialEq for Toguz {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings
    }
}

impl Eq for Toguz {}

impl Default for Toguz {
    fn default() -> Self {
        Toguz::new(ToguzSettings::STANDARD).unwrap_or_else(|_| unreachable!())
    }
}

/// The standard ruleset's tables, built once: readers of many records make it again and again.
#[allow(clippy::type_complexity)]
static STANDARD_TABLE: std::sync::OnceLock<(Arc<[Sowing]>, Arc<[Sown]>)> =
    std::sync::OnceLock::new();

impl Toguz {
    /// A ruleset for `settings`, or the reason they are invalid.
    pub fn new(settings: ToguzSettings) -> Result<Toguz, SettingsError> {
        settings.validate()?;
        let t = Tables::new(&settings);
        let build = || {
            let sowing = Sowing::table(&settings, &t);
            let sown = Sowing::sown(&sowing, &t);
            (sowing, sown)
        };
        let (sowing, sown) = if settings.holes == 9 && settings.origin_sowing {
            // The tables depend only on the board size and the origin-sowing switch.
            STANDARD_TABLE.get_or_init(build).clone()
        } else {
            build()
        };
        Ok(Toguz {
            settings,
            t,
            sowing,
            sown,
        })
    }

    /// The settings.
    pub fn settings(&self) -> &ToguzSettings {
        &self.settings
    }

    /// Whether a kazan has reached the deciding total (never under `play-to-end`).
    #[inline]
    fn decided(&self, s: &ToguzState) -> bool {
        s.kazans[0].max(s.kazans[1]) >= self.t.decide
    }

    /// Bits of the mover's holes that hold balls, bit 0 for his hole 1.
    #[inline]
    fn playable(&self, s: &ToguzState) -> u32 {
        nonempty16(&s.board, s.base(s.mover)) & self.t.side_bits
    }

    /// Whether the mover's holes are all empty (under this ruleset's board size).
    #[inline(always)]
    fn side_empty(&self, s: &ToguzState) -> bool {
        let m = &self.t.side_lanes[s.mover.index()];
        (s.board[0] & m[0]) | (s.board[1] & m[1]) | (s.board[2] & m[2]) == 0
    }

    #[inline]
    fn over(&self, s: &ToguzState) -> bool {
        self.decided(s) || self.playable(s) == 0
    }

    /// Sows from lane `o` (rules 2-6) without switching the mover; returns the last lane and
    /// what happened there. `o` must hold `balls >= 1` balls.
    ///
    /// Random play cannot predict where a move ends, so the outcome (capture, tuzdik, balls
    /// for a tuzdik's owner) is combined into the board with masks, not branches.
    #[inline(always)]
    fn sow<const HASH: bool>(&self, s: &mut ToguzState, o: usize, balls: u8) -> (usize, Landing) {
        let t = &self.t;
        let me = s.mover.index();
        let mut h = s.hash;
        // Rules 2 and 3, laps and all: one table entry (see [`Sowing`]). Everything below is
        // read from the board as it was, the entry and mask tables, and the new board words
        // are built in registers and stored once: no lane is read back after it is written.
        let Some(e) = self.sowing.get(o << 8 | usize::from(balls)) else {
            return (0, Landing::Nothing); // not a lane of this board: nothing to sow
        };
        let e = *e;
        let last = e.last();
        let laps = e.laps();
        let gains = e.words(&t.loop_ones);
        if HASH {
            h = h
                .wrapping_add(e.key_sum(t.len))
                .wrapping_sub(u64::from(balls).wrapping_mul(keys::LANE[o & 31]));
        }

        // Rule 4: balls sown into a tuzdik go to its owner: the laps, and one more if the
        // rest of the sowing passed it. The sowing itself skips the tuzdik lanes (`open`).
        let mut open = [!0u64; 3];
        for p in 0..2 {
            let tz = usize::from(s.tuzdiks[p]) & (LANES - 1);
            let c = e.reaches(tz) + (laps & mask::HAS_TUZDIK[tz]);
            s.kazans[p] = s.kazans[p].wrapping_add(c);
            if HASH {
                h = h.wrapping_add(
                    u64::from(c).wrapping_mul(keys::KAZAN[p].wrapping_sub(keys::LANE[tz])),
                );
            }
            for (o, m) in open.iter_mut().zip(&mask::OPEN[tz]) {
                *o &= m;
            }
        }

        // Rules 5 and 6: the last ball in an opponent's hole (his own tuzdik there is empty).
        let before = if last == o { 0 } else { lane(&s.board, last) };
        let c = before.wrapping_add(e.gain_last());
        let hole = last.wrapping_sub((1 - me) * t.n);
        let opp = hole < t.n && last != usize::from(s.tuzdiks[me]);
        let even = opp & (c & 1 == 0) & (c != 0);
        let tuzdik = opp
            & (c == 3)
            & self.settings.tuzdik
            & (s.tuzdiks[me] == NO_TUZDIK)
            & (hole != t.n - 1)
            & (usize::from(s.tuzdiks[1 - me]).wrapping_sub(me * t.n) != hole);
        let taken = even | tuzdik;
        let take = c & u8::from(taken).wrapping_neg();
        s.kazans[me] = s.kazans[me].wrapping_add(take);
        if HASH {
            h = h
                .wrapping_add(
                    u64::from(take).wrapping_mul(keys::KAZAN[me].wrapping_sub(keys::LANE[last])),
                )
                .wrapping_add(keys::TUZDIK[me][last] & u64::from(tuzdik).wrapping_neg());
            s.hash = h;
        }
        if tuzdik {
            s.tuzdiks[me] = last as u8;
        }
        // The origin emptied, the balls added, the captured hole emptied.
        let keep = u64::from(taken).wrapping_sub(1); // all ones when nothing is taken
        let (clear_origin, clear_last) = (&mask::OPEN[o & 31], &mask::OPEN[last]);
        for j in 0..3 {
            let w = (s.board[j] & clear_origin[j]).wrapping_add(gains[j] & open[j]);
            s.board[j] = w & (clear_last[j] | keep);
        }
        let landing = if even {
            Landing::Capture(c)
        } else if tuzdik {
            Landing::Tuzdik
        } else {
            Landing::Nothing
        };
        (last, landing)
    }

    /// [`Ruleset::play_unchecked`], with or without the hash updates.
    #[inline(always)]
    fn play_move<const HASH: bool>(&self, s: &mut ToguzState, mv: ToguzMove) {
        let Some(o) = self.origin(s, mv) else {
            return;
        };
        let balls = lane(&s.board, o);
        if balls == 0 {
            return;
        }
        self.sow::<HASH>(s, o, balls);
        self.pass_turn::<HASH>(s);
    }

    /// Hands the turn over, and ends the game by rule 7 if the new mover has no ball.
    #[inline(always)]
    fn pass_turn<const HASH: bool>(&self, s: &mut ToguzState) {
        let north = s.mover == Player::North;
        s.fullmove = s.fullmove.saturating_add(u16::from(north));
        if HASH {
            s.hash = s.hash.wrapping_add(if north {
                keys::NORTH.wrapping_neg()
            } else {
                keys::NORTH
            });
        }
        s.mover = !s.mover;
        if self.side_empty(s) {
            self.sweep(s);
        }
    }

    /// Rule 7: every ball left on the board goes to the kazan of its side's owner.
    fn sweep(&self, s: &mut ToguzState) {
        for p in Player::BOTH {
            let balls = s.balls_on_side(p);
            s.kazans[p.index()] = s.kazans[p.index()].wrapping_add(balls as u8);
        }
        s.board = [0; 4];
        s.hash = s.raw_hash_from_scratch();
    }

    /// The origin lane of `mv` for the mover, or `None` if the move names no hole of the board.
    #[inline]
    fn origin(&self, s: &ToguzState, mv: ToguzMove) -> Option<usize> {
        let h = usize::from(mv.0).wrapping_sub(1);
        (h < self.t.n).then(|| s.base(s.mover) + h)
    }

    /// Whether the game is over because the player to move has no ball to play (rule 7,
    /// *atsyz kalu*), as PlayOK's `{zero}` marks it; `false` for a game decided by a kazan's
    /// majority while the mover still has balls.
    pub fn is_atsyz_kalu(&self, state: &ToguzState) -> bool {
        self.playable(state) == 0
    }

    /// What `mv` does in `state` (where its last ball lands, a capture or tuzdik, the
    /// mover's kazan after it), or why it is illegal.
    pub fn effect(&self, state: &ToguzState, mv: ToguzMove) -> Result<Effect, IllegalReason> {
        if let Some(reason) = self.hole_reason(state, mv) {
            return Err(reason);
        }
        let me = state.mover;
        let mut s = *state;
        let o = self.origin(&s, mv).unwrap_or(0);
        let balls = lane(&s.board, o);
        let (last, landing) = self.sow::<false>(&mut s, o, balls);
        let kazan = u32::from(s.kazan(me));
        self.pass_turn::<false>(&mut s);
        let n = self.t.n;
        Ok(Effect {
            side: Player::from_index(last / n),
            hole: (last % n) as u8 + 1,
            landing,
            kazan,
            kazan_final: u32::from(s.kazan(me)),
        })
    }

    /// Writes `mv` as played from `state` in the chosen players' form: the federation's `36x`
    /// or PlayOK's `36X` and `65(10)`. Never panics: an illegal move is written as its origin
    /// digit alone.
    ///
    /// ```
    /// use sowing::toguz::{Style, Toguz, ToguzMove};
    /// use sowing::Ruleset;
    /// let rules = Toguz::default();
    /// let start = rules.start();
    /// assert_eq!(rules.format_move_as(&start, ToguzMove(6), Style::PlayOk), "65(10)");
    /// assert_eq!(rules.format_move_as(&start, ToguzMove(6), Style::Federation), "65");
    /// ```
    pub fn format_move_as(&self, state: &ToguzState, mv: ToguzMove, style: Style) -> String {
        match self.effect(state, mv) {
            Err(_) => mv.to_string(),
            Ok(e) => {
                let mut text = format!("{}{}", mv.0, e.hole);
                match (e.landing, style) {
                    (Landing::Tuzdik, Style::Federation) => text.push('x'),
                    (Landing::Tuzdik, Style::PlayOk) => text.push('X'),
                    (Landing::Capture(_), Style::PlayOk) => text += &format!("({})", e.kazan),
                    _ => {}
                }
                text
            }
        }
    }

    fn hole_reason(&self, s: &ToguzState, mv: ToguzMove) -> Option<IllegalReason> {
        if self.over(s) {
            return Some(IllegalReason::GameOver);
        }
        let n = self.t.n;
        let h = usize::from(mv.0);
        if h == 0 || h > n {
            return Some(IllegalReason::Forbidden(format!(
                "there is no hole {h}: the holes are 1 to {n}"
            )));
        }
        if s.is_tuzdik(s.mover, h) {
            return Some(IllegalReason::Forbidden(format!(
                "hole {h} is the opponent's tuzdik"
            )));
        }
        if s.hole(s.mover, h) == 0 {
            return Some(IllegalReason::Forbidden(format!("hole {h} is empty")));
        }
        None
    }

    fn check_text(
        &self,
        s: &ToguzState,
        text: &str,
        written: &MoveText,
    ) -> Result<ToguzMove, MoveParseError> {
        let mv = ToguzMove(written.origin);
        let e = self
            .effect(s, mv)
            .map_err(|reason| MoveParseError::Illegal {
                text: text.to_string(),
                reason,
            })?;
        let mismatch = |problem: String| MoveParseError::Mismatch {
            text: text.to_string(),
            problem,
        };
        let owner = |p: Player| {
            if p == s.mover {
                "the mover's"
            } else {
                "the opponent's"
            }
        };
        if let Some(l) = written.landing {
            if l != e.hole {
                return Err(mismatch(format!(
                    "the last ball lands in {} hole {}, not {l}",
                    owner(e.side),
                    e.hole
                )));
            }
        }
        match (written.tuzdik, e.landing) {
            (true, Landing::Tuzdik) | (false, Landing::Nothing | Landing::Capture(_)) => {}
            (true, _) => {
                return Err(mismatch(format!(
                    "the move makes no tuzdik (the last ball leaves {} hole {} with {})",
                    owner(e.side),
                    e.hole,
                    self.landing_count(s, mv)
                )));
            }
            (false, Landing::Tuzdik) => {
                return Err(mismatch(format!(
                    "the move makes hole {} a tuzdik, but no tuzdik mark is written",
                    e.hole
                )));
            }
        }
        if let Some(k) = written.kazan {
            match e.landing {
                Landing::Capture(_) if k == e.kazan || k == e.kazan_final => {}
                Landing::Capture(_) => {
                    return Err(mismatch(format!(
                        "the mover's kazan holds {} after the move, not {k}",
                        e.kazan
                    )));
                }
                _ => {
                    return Err(mismatch(format!(
                        "the move captures nothing, yet a kazan total ({k}) is written"
                    )));
                }
            }
        }
        Ok(mv)
    }

    /// Balls in the landing hole just after the last ball fell (before any capture).
    fn landing_count(&self, s: &ToguzState, mv: ToguzMove) -> u8 {
        let mut c = *s;
        let Some(o) = self.origin(&c, mv) else {
            return 0;
        };
        // Sow with tuzdik creation off to see the count the last ball made.
        let plain = Toguz {
            settings: ToguzSettings {
                tuzdik: false,
                ..self.settings
            },
            t: self.t,
            sowing: self.sowing.clone(),
            sown: self.sown.clone(),
        };
        let balls = lane(&c.board, o);
        let (last, landing) = plain.sow::<false>(&mut c, o, balls);
        match landing {
            Landing::Capture(k) => k,
            _ => lane(&c.board, last),
        }
    }
}

impl Ruleset for Toguz {
    type State = ToguzState;
    type Move = ToguzMove;
    type Moves = ToguzMoves;
    const GAME: &'static str = "toguz";

    fn start(&self) -> ToguzState {
        let row = [self.settings.balls; 9];
        ToguzState::from_parts(
            self.t.n,
            [&row, &row],
            [0, 0],
            [None, None],
            Player::South,
            1,
        )
    }

    #[inline]
    fn to_move(&self, state: &ToguzState) -> Player {
        state.mover
    }

    #[inline]
    fn legal_moves(&self, s: &ToguzState) -> ToguzMoves {
        let mut moves = ToguzMoves::new();
        if self.decided(s) {
            return moves;
        }
        let mut bits = self.playable(s);
        while bits != 0 {
            moves.push(ToguzMove(bits.trailing_zeros() as u8 + 1));
            bits &= bits - 1;
        }
        moves
    }

    #[inline]
    fn play_unchecked(&self, s: &mut ToguzState, mv: ToguzMove) {
        self.play_move::<true>(s, mv);
    }

    /// Random games through the same sowing with the hash updates compiled out (a playout
    /// never reads the hash); the hash is brought up to date once at the end.
    fn playout<G: RandomSource>(&self, state: &mut ToguzState, rng: &mut G, max_plies: u64) -> u64 {
        if state.holes() == self.t.n {
            return playout::playout(self, state, rng, max_plies);
        }
        let mut s = *state;
        let mut plies = 0;
        while plies < max_plies {
            let Some(mv) = self.random_move(&s, rng) else {
                break;
            };
            self.play_move::<false>(&mut s, mv);
            plies += 1;
        }
        s.hash = s.raw_hash_from_scratch();
        *state = s;
        plies
    }

    fn outcome(&self, s: &ToguzState) -> Option<Outcome> {
        if !self.over(s) {
            return None;
        }
        let mut score = Score {
            south: s.kazans[0].into(),
            north: s.kazans[1].into(),
        };
        // Rule 7 for a set-up position whose balls are not yet in their kazans.
        if !self.decided(s) {
            score.south += s.balls_on_side(Player::South);
            score.north += s.balls_on_side(Player::North);
        }
        Some(Outcome::by_score(score))
    }

    fn seed_count(&self, s: &ToguzState) -> SeedCount {
        SeedCount {
            board: s.balls_on_side(Player::South) + s.balls_on_side(Player::North),
            stores: [s.kazans[0].into(), s.kazans[1].into()],
        }
    }

    fn total_seeds(&self) -> u32 {
        self.settings.total_balls()
    }

    fn validate(&self, s: &ToguzState) -> Result<(), PositionError> {
        let n = self.t.n;
        if s.holes() != n {
            return Err(PositionError::WrongSize {
                expected: n,
                found: s.holes(),
            });
        }
        let total = self.seed_count(s).total();
        if total != self.total_seeds() {
            return Err(PositionError::WrongSeedTotal {
                expected: self.total_seeds(),
                found: total,
            });
        }
        for p in Player::BOTH {
            let Some(h) = s.tuzdik(p) else { continue };
            let h = usize::from(h);
            let who = if p == Player::South { "South" } else { "North" };
            if !self.settings.tuzdik {
                return Err(PositionError::Impossible(format!(
                    "{who} has a tuzdik, but this ruleset has none"
                )));
            }
            if h == 0 || h > n {
                return Err(PositionError::Impossible(format!(
                    "{who}'s tuzdik is off the board"
                )));
            }
            if h == n {
                return Err(PositionError::Impossible(format!(
                    "{who}'s tuzdik is on the opponent's hole {n}, which cannot be a tuzdik"
                )));
            }
            if s.tuzdik(p.opponent()).map(usize::from) == Some(h) {
                return Err(PositionError::Impossible(format!(
                    "both tuzdiks are on holes numbered {h} (a symmetric tuzdik)"
                )));
            }
        }
        if s.fullmove == 0 {
            return Err(PositionError::Impossible("full-move number 0".into()));
        }
        if s.raw_hash_from_scratch() != s.hash {
            return Err(PositionError::Impossible("stale hash".into()));
        }
        if self.playable(s) == 0 && s.board != [0; 4] {
            return Err(PositionError::Impossible(
                "the player to move has no ball, but balls are left on the board (by rule 7 they \
                 go to their side's owner when the game ends)"
                    .into(),
            ));
        }
        Ok(())
    }

    #[inline]
    fn hash(&self, s: &ToguzState) -> u64 {
        keys::mix(s.hash)
    }

    fn hash_from_scratch(&self, s: &ToguzState) -> u64 {
        keys::mix(s.raw_hash_from_scratch())
    }

    fn parse_move(&self, s: &ToguzState, text: &str) -> Result<ToguzMove, MoveParseError> {
        let written: MoveText = text.parse()?;
        self.check_text(s, text, &written)
    }

    fn format_move(&self, s: &ToguzState, mv: ToguzMove) -> String {
        self.format_move_as(s, mv, Style::Federation)
    }

    fn is_legal(&self, s: &ToguzState, mv: ToguzMove) -> bool {
        self.hole_reason(s, mv).is_none()
    }

    fn illegal_reason(&self, s: &ToguzState, mv: ToguzMove) -> Option<IllegalReason> {
        self.hole_reason(s, mv)
    }

    #[inline]
    fn random_move<G: RandomSource>(&self, s: &ToguzState, rng: &mut G) -> Option<ToguzMove> {
        if self.decided(s) {
            return None;
        }
        // As the playout loop draws it: see [`playout::draw`].
        let (h, _) = playout::draw(
            &playout::bytes(s.board),
            s.base(s.mover),
            self.t.n,
            self.t.side_bits,
            rng,
        )?;
        Some(ToguzMove(h as u8 + 1))
    }

    fn picture(&self, s: &ToguzState) -> String {
        picture(s)
    }
}

/// A board picture in the federation diagrams' layout: North's (Black's) holes 9..1 on top,
/// South's (White's) 1..9 below, `-` for an empty hole, `X` for a tuzdik, kazans beside.
fn picture(s: &ToguzState) -> String {
    use std::fmt::Write;
    let n = s.holes();
    let cell = |p: Player, h: usize| -> String {
        if s.is_tuzdik(p, h) {
            "X".into()
        } else {
            match s.hole(p, h) {
                0 => "-".into(),
                c => c.to_string(),
            }
        }
    };
    let mark = |p: Player| if s.to_move() == p { "  <- to move" } else { "" };
    let mut out = String::new();
    for h in (1..=n).rev() {
        let _ = write!(out, "{h:>4}");
    }
    let _ = writeln!(out, "   North (Black){}", mark(Player::North));
    for h in (1..=n).rev() {
        let _ = write!(out, "{:>4}", cell(Player::North, h));
    }
    let _ = writeln!(out, "   kazan {}", s.kazan(Player::North));
    for h in 1..=n {
        let _ = write!(out, "{:>4}", cell(Player::South, h));
    }
    let _ = writeln!(out, "   kazan {}", s.kazan(Player::South));
    for h in 1..=n {
        let _ = write!(out, "{h:>4}");
    }
    let _ = write!(out, "   South (White){}", mark(Player::South));
    out
}

crate::ruleset_text!(Toguz, ToguzSettings);

#[cfg(test)]
mod tests {
    use super::*;

    /// The playout loop plays, ply by ply, exactly the move [`Ruleset::random_move`] draws from
    /// the same random numbers, as [`Ruleset::play_unchecked`] plays it, under every switch;
    /// and whole playouts end where the ply-by-ply games end.
    #[test]
    fn playout_matches_random_move_and_play() {
        use crate::rng::SplitMix64;
        let rulesets = [
            "toguz",
            "toguz:bestemshe",
            "toguz:kozdatu",
            "toguz:no-origin-sowing",
            "toguz:play-to-end",
            "toguz:holes=3,balls=20",
            "toguz:holes=1,balls=3",
            "toguz:holes=9,balls=1,no-tuzdik",
        ];
        let mut tuzdiks = 0;
        for text in rulesets {
            let rules: Toguz = text.parse().unwrap();
            for seed in 0..60u64 {
                let mut s = rules.start();
                let mut whole = rules.start();
                let mut rng = SplitMix64::new(seed);
                let plies = rules.playout(&mut whole, &mut SplitMix64::new(seed), u64::MAX);
                let mut n = 0;
                loop {
                    let mut stepped = s;
                    let mut rng2 = rng;
                    let played = rules.playout(&mut stepped, &mut rng2, 1);
                    let Some(mv) = rules.random_move(&s, &mut rng) else {
                        assert_eq!((played, stepped), (0, s), "{text} seed {seed}");
                        break;
                    };
                    assert!(rules.is_legal(&s, mv));
                    rules.play_unchecked(&mut s, mv);
                    assert_eq!(played, 1);
                    assert_eq!(stepped, s, "{text} seed {seed} ply {n}");
                    assert_eq!(rng2, rng);
                    n += 1;
                }
                assert!(rules.is_over(&s));
                assert_eq!((plies, whole), (n, s), "{text} seed {seed}");
                tuzdiks += s.tuzdiks.iter().filter(|&&t| t != NO_TUZDIK).count();
            }
        }
        assert!(tuzdiks > 100, "only {tuzdiks} tuzdiks made");
    }

    /// The sowing table against sowing ball by ball, for every board size, origin and count.
    #[test]
    fn sowing_table_matches_ball_by_ball_sowing() {
        for holes in 1..=ToguzSettings::MAX_HOLES {
            for origin_sowing in [true, false] {
                let settings = ToguzSettings {
                    origin_sowing,
                    ..ToguzSettings::sized(holes, 1)
                };
                let rules = Toguz::new(settings).unwrap();
                let len = 2 * usize::from(holes);
                for o in 0..len {
                    for balls in 1..256usize {
                        let mut got = [0u8; 32];
                        let e = rules.sowing[o * 256 + balls];
                        let w = e.words(&rules.t.loop_ones);
                        let words = [w[0], w[1], w[2], 0];
                        for (l, g) in got.iter_mut().enumerate().take(24) {
                            *g = lane(&words, l);
                        }
                        let mut want = [0u8; 32];
                        let mut at = if balls == 1 || !origin_sowing {
                            o + 1
                        } else {
                            o
                        };
                        for _ in 0..balls {
                            at %= len;
                            want[at] += 1;
                            at += 1;
                        }
                        let last = (at - 1) % len;
                        assert_eq!(got, want, "{holes} holes, lane {o}, {balls} balls");
                        assert_eq!(e.last(), last);
                        assert_eq!(e.gain_last(), want[last]);
                        assert_eq!(usize::from(e.laps()), balls / len);
                        for (l, &w) in want.iter().enumerate().take(len) {
                            let reached = e.reaches(l) == 1;
                            assert_eq!(reached, usize::from(w) > balls / len, "lane {l}");
                        }
                        for l in len..LANES {
                            assert_eq!(e.reaches(l), 0, "lane {l} is off the board");
                        }
                    }
                }
            }
        }
    }
}
