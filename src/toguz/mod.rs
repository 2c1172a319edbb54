//! Toguz Kumalak (Togyz Kumalak, Toguz Korgool), with its variants, the players' notation
//! and PGN game records.
//!
//! The rules are the tournament rules of the Kazakhstan federation, as its books and the
//! PlayOK and PlayStrategy servers apply them; position text is PlayStrategy's Togyz FEN.
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
//!    claim is automatic: in 7,024 chances in recorded federation and PlayOK games it was never
//!    declined.
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
//! each, without tuzdiks, decided at 26. **Kozdatu** is 2 x 7 holes, 7 balls each; the
//! sources give nothing more, so *this crate assumes* every other rule of the 9-hole game, with
//! hole 7 as the hole that cannot become a tuzdik and 50 deciding. Other sizes (`holes=`,
//! `balls=`) follow the same pattern: the last hole is never a tuzdik, and more than half of
//! all balls decides. Accounts of the pre-1949 rules give two variants: the one that "forbade
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

pub mod encode;
mod eval;
mod moves;
#[deprecated(
    since = "0.4.0",
    note = "the PlayOK dialect is `sowing::toguz::playok`, its game `sowing::pgn::PgnGame<Toguz>`"
)]
pub mod pgn;
mod picture;
pub mod playok;
mod settings;
mod sow;
mod state;

use std::sync::Arc;

pub use eval::{ToguzEval, network};
pub use moves::{Landing, MoveText, Style, ToguzMove, ToguzMoves};
pub use settings::ToguzSettings;
use sow::playout::{self, Sown};
use sow::{Sowing, Tables};
pub use state::ToguzState;
use state::{keys, lane, nonempty16};

use crate::effect::{Effect, Record, Spot};
use crate::error::{IllegalReason, MoveParseError, PositionError, SettingsError};
use crate::player::{Outcome, Player, Score};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};

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
    ///
    /// # Errors
    /// [`SettingsError`] naming the first setting out of range or in conflict.
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

    /// Plays `mv` on a copy of `state`, recording what it does, or says why it is illegal.
    fn recorded(&self, state: &ToguzState, mv: ToguzMove) -> Result<Effect, IllegalReason> {
        if let Some(reason) = self.hole_reason(state, mv) {
            return Err(reason);
        }
        let me = state.mover;
        let mut effect = Effect::new(me);
        let mut s = *state;
        let o = self.origin(&s, mv).unwrap_or(0);
        let balls = lane(&s.board, o);
        self.sow::<false, _>(&mut s, o, balls, &mut effect);
        let kazans = s.kazans;
        self.pass_turn::<false>(&mut s);
        if s.kazans != kazans {
            // Rule 7: the balls left went to their side's kazan.
            for p in Player::BOTH {
                let i = p.index();
                effect.sweep(p, u32::from(s.kazans[i] - kazans[i]));
            }
        }
        Ok(effect)
    }

    /// Where the last ball of a legal move's effect `e` landed: the side and the hole number
    /// counted by its owner (a legal move sows at least one ball).
    fn landing_hole(state: &ToguzState, mv: ToguzMove, e: &Effect) -> (Player, u8) {
        match e.last {
            Some(Spot::Hole { owner, index }) => (owner, index as u8),
            _ => (state.mover, mv.0),
        }
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
        match self.recorded(state, mv) {
            Err(_) => mv.to_string(),
            Ok(e) => {
                let (_, hole) = Self::landing_hole(state, mv, &e);
                let mut text = format!("{}{hole}", mv.0);
                match (Landing::of(&e), style) {
                    (Landing::Tuzdik, Style::Federation) => text.push('x'),
                    (Landing::Tuzdik, Style::PlayOk) => text.push('X'),
                    (Landing::Capture(_), Style::PlayOk) => {
                        // The kazan after the move, before any sweep of rule 7.
                        let m = state.mover;
                        let kazan =
                            u32::from(state.kazan(m)) + e.stores[m.index()] - e.sweep[m.index()];
                        text += &format!("({kazan})");
                    }
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
            .recorded(s, mv)
            .map_err(|reason| MoveParseError::Illegal {
                text: text.to_string(),
                reason,
            })?;
        let (side, hole) = Self::landing_hole(s, mv, &e);
        let landing = Landing::of(&e);
        // The mover's kazan after the move, before and after any sweep of rule 7 (PlayOK
        // writes either).
        let (before, m) = (u32::from(s.kazan(s.mover)), s.mover.index());
        let kazan_final = before + e.stores[m];
        let kazan = kazan_final - e.sweep[m];
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
            if l != hole {
                return Err(mismatch(format!(
                    "the last ball lands in {} hole {}, not {l}",
                    owner(side),
                    hole
                )));
            }
        }
        match (written.tuzdik, landing) {
            (true, Landing::Tuzdik) | (false, Landing::Nothing | Landing::Capture(_)) => {}
            (true, _) => {
                return Err(mismatch(format!(
                    "the move makes no tuzdik (the last ball leaves {} hole {} with {})",
                    owner(side),
                    hole,
                    e.last_count
                )));
            }
            (false, Landing::Tuzdik) => {
                return Err(mismatch(format!(
                    "the move makes hole {hole} a tuzdik, but no tuzdik mark is written"
                )));
            }
        }
        if let Some(k) = written.kazan {
            match landing {
                Landing::Capture(_) if k == kazan || k == kazan_final => {}
                Landing::Capture(_) => {
                    return Err(mismatch(format!(
                        "the mover's kazan holds {kazan} after the move, not {k}"
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
}

impl Ruleset for Toguz {
    type State = ToguzState;
    type Move = ToguzMove;
    type Moves = ToguzMoves;
    const GAME: &'static str = "toguz";
    const SIDES: [&'static str; 2] = ["White", "Black"];

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

    fn effect(&self, s: &ToguzState, mv: ToguzMove) -> Result<Effect, IllegalReason> {
        self.recorded(s, mv)
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

    // Inlined: the search asks only for a store, and the board sum then drops out.
    #[inline]
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
}

crate::ruleset_text!(Toguz, ToguzSettings);

#[cfg(test)]
mod tests {
    use super::state::{LANES, NO_TUZDIK};
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
