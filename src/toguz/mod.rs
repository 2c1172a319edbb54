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
mod settings;
mod state;

use std::fmt;
use std::str::FromStr;

pub use notation::{MoveText, Style};
pub use settings::ToguzSettings;
pub use state::ToguzState;
use state::{LANES, NO_TUZDIK, PREFIX, add_range, clear_lane, lane, nonempty16};

use crate::error::{
    IllegalReason, MoveParseError, PositionError, RulesetParseError, SettingsError,
};
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
    /// `2^16 / 2n + 1`: `b * lap_reciprocal >> 16` is `b / 2n` exactly for `b < 256` (the
    /// error term `b / 2^16` stays below `1 / 2n`).
    lap_reciprocal: u32,
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
            lap_reciprocal: (1 << 16) / len as u32 + 1,
            decide: if s.decide_at_majority {
                s.deciding_total() as u8
            } else {
                u8::MAX
            },
        }
    }
}

/// `SELECT[m][k]`: the position of the `k`-th set bit of the 9-bit mask `m`; `COUNT[m]`: its
/// set bits. A random move is two table reads, with no loop and no branch to mispredict.
static SELECT: [[u8; 9]; 512] = {
    let mut t = [[0u8; 9]; 512];
    let mut m = 0;
    while m < 512 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 9 {
            if m & (1 << bit) != 0 {
                t[m][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        m += 1;
    }
    t
};

static COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

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

impl Toguz {
    /// A ruleset for `settings`, or the reason they are invalid.
    pub fn new(settings: ToguzSettings) -> Result<Toguz, SettingsError> {
        settings.validate()?;
        Ok(Toguz {
            settings,
            t: Tables::new(&settings),
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

    #[inline]
    fn over(&self, s: &ToguzState) -> bool {
        self.decided(s) || self.playable(s) == 0
    }

    /// Sows from lane `o` (rules 2-6) without switching the mover; returns the last lane and
    /// what happened there. `o` must hold a ball.
    ///
    /// Branch-free apart from the loop over the two tuzdiks: random play cannot predict where
    /// a move ends, so every condition is computed as a mask instead.
    #[inline(always)]
    fn sow(&self, s: &mut ToguzState, o: usize) -> (usize, Landing) {
        let t = &self.t;
        let len = t.len;
        let me = s.mover.index();
        let mut b = s.board;
        let o = o & (LANES - 1);
        let balls = lane(&b, o);
        clear_lane(&mut b, o);
        // Rule 2 puts the first ball back into the origin; rule 3 (one ball) does not.
        // Conditions are computed as masks: random play cannot predict them.
        let start = o + usize::from((balls == 1) | !self.settings.origin_sowing);
        let start = start - (len & usize::from(start >= len).wrapping_neg());
        let laps = (u32::from(balls) * t.lap_reciprocal) >> 16;
        let rest = usize::from(balls) - laps as usize * len;
        // The rest: lanes start..end of the loop, wrapping round to 0..end - len.
        let end = start + rest;
        let e1 = end.min(len);
        let e2 = end - e1;
        // Whole laps and the rest: one addition per board word.
        let (ps, p1, p2) = (&PREFIX[start & 31], &PREFIX[e1 & 31], &PREFIX[e2 & 31]);
        for j in 0..3 {
            let add =
                u64::from(laps).wrapping_mul(t.loop_ones[j]) + p1[j].wrapping_sub(ps[j]) + p2[j];
            b[j] = b[j].wrapping_add(add);
        }
        // The last ball: lane start + balls - 1 of the loop, i.e. (end - 1) mod len.
        let last = end + len - 1;
        let last = last - (len & usize::from(last >= len).wrapping_neg());
        let last = last - (len & usize::from(last >= len).wrapping_neg());
        let last = last & (LANES - 1);

        // Rule 4: balls in a tuzdik go to its owner. A missing tuzdik's lane is never sown.
        for p in 0..2 {
            let tz = usize::from(s.tuzdiks[p]) & (LANES - 1);
            let c = lane(&b, tz);
            clear_lane(&mut b, tz);
            s.kazans[p] = s.kazans[p].wrapping_add(c);
        }

        // Rules 5 and 6: the last ball in an opponent's hole (a tuzdik there is empty now).
        let hole = last.wrapping_sub((1 - me) * t.n);
        let opp = hole < t.n;
        let c = lane(&b, last);
        let even = opp & (c & 1 == 0) & (c != 0);
        let tuzdik = opp
            & (c == 3)
            & self.settings.tuzdik
            & (s.tuzdiks[me] == NO_TUZDIK)
            & (hole != t.n - 1)
            & (usize::from(s.tuzdiks[1 - me]).wrapping_sub(me * t.n) != hole);
        let take = c & u8::from(even | tuzdik).wrapping_neg();
        b[(last >> 3) & 3] -= u64::from(take) << ((last & 7) * 8);
        s.kazans[me] = s.kazans[me].wrapping_add(take);
        if tuzdik {
            s.tuzdiks[me] = last as u8;
        }
        s.board = b;
        let landing = if even {
            Landing::Capture(c)
        } else if tuzdik {
            Landing::Tuzdik
        } else {
            Landing::Nothing
        };
        (last, landing)
    }

    /// Hands the turn over, and ends the game by rule 7 if the new mover has no ball.
    #[inline(always)]
    fn pass_turn(&self, s: &mut ToguzState) {
        let north = s.mover == Player::North;
        s.fullmove = s.fullmove.saturating_add(u16::from(north));
        s.mover = !s.mover;
        let side = &self.t.side_lanes[s.mover.index()];
        if s.board.iter().zip(side).all(|(w, m)| w & m == 0) {
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
        let (last, landing) = self.sow(&mut s, o);
        let kazan = u32::from(s.kazan(me));
        self.pass_turn(&mut s);
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
        };
        let (last, landing) = plain.sow(&mut c, o);
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
        let Some(o) = self.origin(s, mv) else {
            return;
        };
        if lane(&s.board, o) == 0 {
            return;
        }
        self.sow(s, o);
        self.pass_turn(s);
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
        s.hash()
    }

    fn hash_from_scratch(&self, s: &ToguzState) -> u64 {
        s.hash()
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
        let bits = self.playable(s) as usize & 511;
        let count = COUNT[bits];
        if count == 0 {
            return None;
        }
        let k = rng.below(count.into()) as usize;
        Some(ToguzMove(SELECT[bits][k % 9] + 1))
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

impl FromStr for Toguz {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let settings: ToguzSettings = text.parse()?;
        Ok(Toguz::new(settings)?)
    }
}

impl fmt::Display for Toguz {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.settings.fmt(f)
    }
}

crate::serde_as_text!(Toguz);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lap_reciprocal_divides_exactly() {
        for holes in 1..=ToguzSettings::MAX_HOLES {
            let t = Tables::new(&ToguzSettings::sized(holes, 1));
            for balls in 0..256u32 {
                let laps = (balls * t.lap_reciprocal) >> 16;
                assert_eq!(
                    laps as usize,
                    balls as usize / t.len,
                    "{holes} holes, {balls}"
                );
            }
        }
    }
}
