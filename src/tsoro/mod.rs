//! Tsoro (Fuva, Imbwe), the Shona four-row relay game of Zimbabwe, with the variants J. B.
//! Matthews recorded ("Notes on Some African Stone Games", NADA, 1964), Tracey's variation
//! among them; the default game is the 4 x 21 one Mancala World describes from Matthews.
//!
//! # The board and its terms
//! - **Hole**: one of the `4 x N` holes (`N` from 6 to 21; the default game: 21). There are
//!   no stores: captured stones leave play.
//! - **Outer row, inner row**: each player owns the two rows on his side, his outer (back)
//!   row and his inner (front) row, next to the opponent's inner row.
//! - **Loop index**: a player sows only round his own two rows, anticlockwise: along his
//!   outer row from his left to his right, then along his inner row from his right to his
//!   left. Numbering his `2N` holes in that order, loop index `0..N` is the outer row (from
//!   his left) and `N..2N` the inner row (from his right). His inner hole at loop index
//!   `N + k` faces the opponent's inner hole at the opponent's loop index `2N - 1 - k`, and
//!   behind that lies the opponent's outer hole at loop index `k`.
//! - **Head** (musoro, plural misoro): a marked outer hole; in the default game the two
//!   rightmost holes of each outer row (loop indices `N-2`, `N-1`). Other layouts:
//!   [`Heads`].
//! - **Lap**: lifting every stone of a hole and sowing them one per hole onward round the
//!   mover's loop. A lap long enough to come round to the hole it started from sows into it
//!   like any other hole.
//! - **Relay**: when the last stone of a lap falls into a hole that was occupied, the mover
//!   lifts that hole (the stone just dropped too) and sows on: a new lap. When it falls into
//!   an empty hole the move ends.
//!
//! # A turn
//! 1. **Start**: the mover sows all the stones of one of his holes holding 2 or more (a head
//!    too), relaying as above.
//! 2. **Singleton step**: only when every occupied hole of his holds exactly one stone may he
//!    move a single stone, one step onward, and only into an empty hole.
//! 3. **Head decision**: when the last stone of a lap falls into an occupied head of his, he
//!    chooses to relay on or to stop there (ending the move, no capture).
//! 4. **Capture**: a move ending with the last stone in an empty hole of his inner row, facing
//!    an opponent's inner hole with stones, takes those stones and those of the opponent's
//!    outer hole behind (if any). One lap is enough, and a singleton step can capture.
//! 5. **Bonus take**: after a capture he may also take the stones of up to `k` further
//!    opponent holes of his choice (default 2; [`TsoroSettings::bonus`]), one action each,
//!    ending early with `done` unless they are forced.
//! 6. **Endless relays**: a start or a relay-on choice whose sowing would never end (the
//!    lap-end state comes back with no head decision in between) is not legal; it is found
//!    exactly, never by a lap cap: by an invariant of the relay's residues mod the loop
//!    length + 1, then by cycle detection on the lap-end states (see `endless.rs`). They occur
//!    only on loops without heads (Matthews' basic game, 4 x 6 and 4 x 8): a cycle of laps
//!    lifts every hole of the loop, so with a head it would stop there for a decision.
//!    Legal-move generation therefore simulates starts only on headless boards; sowing itself
//!    (`play_unchecked`) always keeps the check, so no state can make it run forever. A
//!    state made by parsing alone whose mover's loop holds more stones than the game has (it
//!    never validates) is not walked: a relay of it that runs past 64 laps counts as endless.
//! 7. **End**: a player who cannot move when it is his turn loses. Under a ply limit the game
//!    is a draw once that many plies have been played.
//!
//! Each decision of a turn is its own action ([`TsoroMove`]) by the same player: the start
//! hole, each head decision, each bonus take and `done`. The state records a turn in
//! progress ([`Phase`]).
//!
//! With re-entered captures (`reenter`, Matthews' V4) captured stones stay in play: after
//! his bonus takes the capturer sows all the stones captured in that capture (file and bonus
//! takes) one by one from the hole after the capturing hole, and his move goes on by the
//! same rules (relay, head decision, capture). A `done` or last take whose re-entry sowing
//! would never end is not legal, like an endless start; a take that leaves more takes open
//! is always legal (the next decision comes at once). In the (never observed) case that
//! every way to end the takes relays forever, the mover cannot move and loses (rule 7).
//!
//! # Positions that play cannot reach
//! [`validate`](Ruleset::validate) (and so [`parse_position`](Ruleset::parse_position))
//! refuses what play cannot reach where that is cheap to decide: a head decision outside an
//! occupied head, bonus takes with no capture made or more of them than the rules give,
//! captured stones in hand outside a re-entry game's bonus takes, capture counts outside
//! Tracey's variation or (without re-entry) not matching the stones captured, a ply count
//! past the limit. And the **balance of the loops**: without re-entered captures a player
//! sows only round his own loop and captured stones leave play at once (those of the file
//! and of each bonus take alike), so at every moment of a turn each player's loop holds the
//! half of the stones it started with, less those his opponent has captured. A position
//! where that fails (such as a loop crowded with more than its half) is refused with
//! [`PositionError::Impossible`] naming the loop. With re-entered captures stones do pass
//! from one loop to the other, and only the total is kept.
//!
//! # Notation
//! Moves: see [`TsoroMove`] (`o3`, `i5`, `relay`, `stop`, `take o4`, `done`). Position text:
//! see [`TsoroState`]. Ruleset text: see [`TsoroSettings`].
//!
//! ```
//! use sowing::tsoro::Tsoro;
//! use sowing::{Player, Ruleset};
//!
//! let rules: Tsoro = "tsoro:holes=8,heads=none,bonus=0".parse().unwrap();
//! let mut state = rules.start();
//! let mv = rules.parse_move(&state, "o7").unwrap();
//! rules.try_play(&mut state, mv).unwrap();
//! // o7's two stones go to o8 and i8 (empty): the move ends, North faces nothing.
//! assert_eq!(
//!     state.to_string(),
//!     "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/2,2,2,2,2,2,0,3 0 0 N"
//! );
//! assert_eq!(rules.to_move(&state), Player::North);
//! ```

pub mod encode;
mod endless;
mod eval;
mod legal;
mod masks;
mod moves;
mod picture;
mod relay;
mod settings;
mod sow;
mod state;
mod turn;

pub use eval::{TsoroEval, network};
pub use moves::{Hole, Row, TsoroMove, TsoroMoves};
pub use settings::{Heads, TsoroSettings};
pub use state::{Phase, TsoroState};

use masks::occupied;
use sow::Shape;
use state::keys;

use crate::effect::Effect;
use crate::error::{IllegalReason, MoveParseError, PositionError, SettingsError};
use crate::player::{Outcome, Player};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};
use crate::select::nth_bit;

/// The Tsoro ruleset: validated [`TsoroSettings`] and what is derived from them.
///
/// ```
/// use sowing::tsoro::{Tsoro, TsoroSettings};
/// use sowing::{perft, Ruleset};
///
/// let tsoro = Tsoro::default();
/// assert_eq!(tsoro.to_string(), "tsoro");
/// assert_eq!(tsoro.total_seeds(), 84);
/// assert_eq!(perft(&tsoro, &tsoro.start(), 1), 21);
/// let basic = Tsoro::new(TsoroSettings::BASIC).unwrap();
/// assert_eq!(basic.to_string(), "tsoro:holes=8,heads=none,bonus=0");
/// ```
#[derive(Clone, Debug)]
pub struct Tsoro {
    settings: TsoroSettings,
    /// Holes a row.
    n: usize,
    /// Holes in a loop: `2n`.
    len: usize,
    /// Loop indices of the heads.
    heads: u64,
    /// Loop indices of the holes bonus takes may not touch (heads, when immune).
    immune: u64,
    /// Whether a relay can be endless: only on a loop with no head (see `endless.rs` for the
    /// proof). With heads every sowing ends, so legality needs no simulation.
    endless_possible: bool,
    /// The loop as the relay sees it.
    shape: Shape,
    start: TsoroState,
    total: u32,
    /// The settings are the standard game's, a ply limit aside: the game the network was
    /// trained on (`eval.rs`), decided once here rather than at every evaluation.
    standard: bool,
}

impl PartialEq for Tsoro {
    fn eq(&self, other: &Self) -> bool {
        self.settings == other.settings
    }
}

impl Eq for Tsoro {}

impl Default for Tsoro {
    fn default() -> Self {
        Tsoro::build(TsoroSettings::STANDARD)
    }
}

impl Tsoro {
    /// A ruleset for `settings`, or the reason they are invalid.
    ///
    /// # Errors
    /// [`SettingsError`] naming the first setting out of range or in conflict.
    pub fn new(settings: TsoroSettings) -> Result<Tsoro, SettingsError> {
        settings.validate()?;
        Ok(Tsoro::build(settings))
    }

    fn build(settings: TsoroSettings) -> Tsoro {
        let n = usize::from(settings.holes);
        let heads = settings.heads.mask(n);
        let setup = settings.setup();
        let start = TsoroState::from_loops(n, [&setup, &setup], Player::South);
        Tsoro {
            settings,
            n,
            len: 2 * n,
            heads,
            immune: if settings.heads_immune { heads } else { 0 },
            endless_possible: heads == 0,
            shape: Shape {
                len: 2 * n,
                heads,
                stones: settings.total_stones(),
            },
            start,
            total: settings.total_stones(),
            standard: TsoroSettings {
                max_plies: None,
                ..settings
            } == TsoroSettings::STANDARD,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &TsoroSettings {
        &self.settings
    }

    /// Whether `s` has this ruleset's board size. A state of another size (which does not
    /// validate) is answered as a finished game with no winner and no legal move, played on
    /// by nothing, and refused by the checked calls with [`IllegalReason::Unfit`]: the
    /// engine's loops are sized by the ruleset, and would read outside the state's rows.
    #[inline]
    fn fits(&self, s: &TsoroState) -> bool {
        s.holes() == self.n
    }

    /// Whether the ply limit has been reached.
    #[inline]
    fn out_of_plies(&self, s: &TsoroState) -> bool {
        matches!(self.settings.max_plies, Some(p) if s.ply >= p)
    }

    /// The opponent's holes a bonus take may empty.
    #[inline]
    fn takeable(&self, s: &TsoroState) -> u64 {
        occupied(&s.holes[(!s.mover).index()]) & !self.immune
    }

    /// Whether the board shows the capture that bonus takes follow: the mover's capturing
    /// stone alone in an inner hole (the one recorded under re-entry), the opponent's inner
    /// hole across and outer hole behind emptied, and (without re-entry) stones captured.
    fn just_captured(&self, s: &TsoroState) -> bool {
        let n = self.n;
        let me = s.mover.index();
        let op = 1 - me;
        let lands = |j: usize| {
            (n..2 * n).contains(&j)
                && s.holes[me][j] == 1
                && s.holes[op][3 * n - 1 - j] == 0
                && s.holes[op][j - n] == 0
        };
        if self.settings.reenter {
            lands(s.at.into())
        } else {
            s.captured[me] > 0 && (n..2 * n).any(lands)
        }
    }

    /// Why `mv` is illegal here, naming the rule; `None` if it is legal.
    fn reason(&self, s: &TsoroState, mv: TsoroMove) -> Option<IllegalReason> {
        let forbid = |text: String| Some(IllegalReason::Forbidden(text));
        if !self.fits(s) {
            return Some(IllegalReason::Unfit(PositionError::WrongSize {
                expected: self.n,
                found: s.holes(),
            }));
        }
        if self.out_of_plies(s) || !self.can_move(s) {
            return Some(IllegalReason::GameOver);
        }
        let n = self.n;
        let me = s.mover.index();
        match (s.phase, mv) {
            (Phase::Start, TsoroMove::Sow(hole)) => {
                let Some(i) = hole.own_index(n) else {
                    return forbid(format!(
                        "there is no hole {hole}: holes are numbered 1 to {n}"
                    ));
                };
                let c = s.holes[me][i];
                let (cands, singles) = self.start_candidates(s);
                if c == 0 {
                    forbid(format!("hole {hole} is empty"))
                } else if c == 1 && !singles {
                    forbid(format!(
                        "hole {hole} holds a single stone: singletons may move only when every \
                         occupied hole holds one"
                    ))
                } else if singles && cands >> i & 1 == 0 {
                    forbid(format!(
                        "the singleton in {hole} is blocked: the next hole is occupied"
                    ))
                } else if !self.start_ends(s, i, singles) {
                    forbid(format!("sowing from {hole} would relay forever"))
                } else {
                    None
                }
            }
            (Phase::Head(i), TsoroMove::Relay) => {
                if self.relay_ends(s) {
                    None
                } else {
                    forbid(format!(
                        "relaying on from the head {} would relay forever",
                        Hole::from_own_index(i.into(), n)
                    ))
                }
            }
            (Phase::Head(_), TsoroMove::Stop) => None,
            (Phase::Head(i), _) => forbid(format!(
                "the last stone fell into the occupied head {}: answer relay or stop",
                Hole::from_own_index(i.into(), n)
            )),
            (Phase::Bonus(_), TsoroMove::Done) if self.settings.forced_bonus => {
                forbid("the bonus takes are forced: take a hole".into())
            }
            (Phase::Bonus(k), mv @ (TsoroMove::Take(_) | TsoroMove::Done)) => {
                if let TsoroMove::Take(hole) = mv {
                    let Some(j) = hole.opponent_index(n) else {
                        return forbid(format!(
                            "there is no hole {hole}: holes are numbered 1 to {n}"
                        ));
                    };
                    if s.holes[1 - me][j] == 0 {
                        return forbid(format!("the opponent's hole {hole} is empty"));
                    }
                    if self.immune >> j & 1 != 0 {
                        return forbid(format!("{hole} is a head, immune to bonus takes"));
                    }
                    let last_take = k <= 1 || self.takeable(s).count_ones() <= 1;
                    if !last_take {
                        return None;
                    }
                }
                if self.bonus_ok(s, mv) {
                    None
                } else {
                    forbid("sowing the captured stones back in would relay forever".into())
                }
            }
            (Phase::Bonus(_), _) => {
                forbid("after a capture: take an opponent's hole (take o4) or done".into())
            }
            (Phase::Start, _) => forbid("the turn starts with a hole to sow from (o3, i5)".into()),
        }
    }
}

/// Records in the records form alone.
impl crate::pgn::Dialect for Tsoro {}

impl Ruleset for Tsoro {
    type State = TsoroState;
    type Move = TsoroMove;
    type Moves = TsoroMoves;
    const GAME: &'static str = "tsoro";

    fn start(&self) -> TsoroState {
        self.start
    }

    #[inline]
    fn to_move(&self, s: &TsoroState) -> Player {
        s.mover
    }

    fn legal_moves(&self, s: &TsoroState) -> TsoroMoves {
        let mut moves = TsoroMoves::new();
        if self.fits(s) && !self.out_of_plies(s) {
            self.legal_ignoring_limit(s, &mut moves);
        }
        moves
    }

    #[inline]
    fn play_unchecked(&self, s: &mut TsoroState, mv: TsoroMove) {
        if self.fits(s) {
            self.apply::<true, ()>(s, mv, &mut ());
        }
    }

    /// Recorded by the engine lap by lap: a long relay takes as long as its laps (the
    /// legality check first decides that it ends).
    fn effect(&self, s: &TsoroState, mv: TsoroMove) -> Result<Effect, IllegalReason> {
        if let Some(reason) = self.reason(s, mv) {
            return Err(reason);
        }
        let mut effect = Effect::new(s.mover);
        let mut after = *s;
        self.apply::<false, Effect>(&mut after, mv, &mut effect);
        effect.again = after.mover == s.mover && !self.is_over(&after);
        Ok(effect)
    }

    fn outcome(&self, s: &TsoroState) -> Option<Outcome> {
        if !self.fits(s) {
            Some(Outcome::Draw { score: None })
        } else if !self.can_move(s) {
            Some(Outcome::Win {
                winner: !s.mover,
                score: None,
            })
        } else if self.out_of_plies(s) {
            Some(Outcome::Draw { score: None })
        } else {
            None
        }
    }

    // Inlined: the search asks only for a store, and the board sum then drops out.
    #[inline]
    fn seed_count(&self, s: &TsoroState) -> SeedCount {
        SeedCount {
            board: s.stones_of(Player::South) + s.stones_of(Player::North) + u32::from(s.hand),
            stores: [s.captured[0].into(), s.captured[1].into()],
        }
    }

    fn total_seeds(&self) -> u32 {
        self.total
    }

    /// Refuses, besides a wrong size or total, what play cannot reach where that is cheap to
    /// decide (see the [module docs](crate::tsoro)): among it, without re-entered captures, a loop
    /// whose stones plus those the opponent has captured are not its starting half.
    fn validate(&self, s: &TsoroState) -> Result<(), PositionError> {
        let bad = |text: &str| Err(PositionError::Impossible(text.to_string()));
        if s.holes() != self.n {
            return Err(PositionError::WrongSize {
                expected: self.n,
                found: s.holes(),
            });
        }
        let total = self.seed_count(s).total();
        if total != self.total {
            return Err(PositionError::WrongSeedTotal {
                expected: self.total,
                found: total,
            });
        }
        let me = s.mover.index();
        if self.settings.reenter && s.captured != [0, 0] {
            return bad("stones captured out of play under re-entered captures");
        }
        if !self.settings.reenter {
            // No stone crosses from one loop to the other, and captured stones leave play at
            // once (the bonus takes too): each loop keeps its starting half of the stones,
            // less what the opponent has captured, at every moment of a turn.
            let half = self.total / 2;
            for p in [Player::South, Player::North] {
                let on_loop = s.stones_of(p);
                let taken = u32::from(s.captured(!p));
                if on_loop + taken != half {
                    return Err(PositionError::Impossible(format!(
                        "{p}'s loop holds {on_loop} stones and {} has captured {taken}: \
                         {} in all, not the {half} {p} started with (without re-entered \
                         captures no stone crosses between the loops)",
                        !p,
                        on_loop + taken
                    )));
                }
            }
        }
        match s.phase {
            Phase::Start => {}
            Phase::Head(i) => {
                if self.heads >> i & 1 == 0 {
                    return bad("a head decision pending in a hole that is not a head");
                }
                if s.holes[me][usize::from(i)] < 2 {
                    return bad("a head decision pending in a head that was not occupied");
                }
            }
            Phase::Bonus(k) => {
                // Tracey: the capture just made is counted (up to 2), and a second or later
                // capture gives at most 3.
                let max = match (self.settings.tracey, s.captures[me]) {
                    (false, _) => self.settings.bonus,
                    (true, 0) => return bad("bonus takes pending before any capture counted"),
                    (true, c) => self.settings.bonus_for(c.into()),
                };
                if k > max {
                    return bad("more bonus takes pending than the rules give");
                }
                if !self.just_captured(s) {
                    return bad("bonus takes pending but no capture was made");
                }
                if self.takeable(s) == 0 {
                    return bad("bonus takes pending but no opponent's hole to take");
                }
                if self.settings.reenter && s.hand == 0 {
                    return bad(
                        "bonus takes pending under re-entry with no captured stones in hand",
                    );
                }
            }
        }
        if s.hand != 0 && !(self.settings.reenter && matches!(s.phase, Phase::Bonus(_))) {
            return bad("captured stones in hand outside the bonus takes of a re-entry game");
        }
        if s.hand != 0 && usize::from(s.at) < self.n {
            return bad(
                "captured stones in hand from an outer hole (captures land in the inner row)",
            );
        }
        if s.captures != [0, 0] && !self.settings.tracey {
            return bad("a capture count outside Tracey's variation");
        }
        if self.settings.tracey && !self.settings.reenter {
            for p in 0..2 {
                // Every capture takes a stone or more, and stones leave play only so.
                if s.captured[p] < s.captures[p] {
                    return bad("more captures counted than stones captured");
                }
                if s.captured[p] > 0 && s.captures[p] == 0 {
                    return bad("stones captured with no capture counted");
                }
            }
        }
        match self.settings.max_plies {
            None if s.ply != 0 => return bad("a ply count without a ply limit"),
            Some(p) if s.ply > p => return bad("more plies than the ply limit"),
            _ => {}
        }
        if s.raw_hash_from_scratch() != s.hash {
            return bad("stale hash");
        }
        Ok(())
    }

    #[inline]
    fn hash(&self, s: &TsoroState) -> u64 {
        keys::mix(s.hash)
    }

    fn hash_from_scratch(&self, s: &TsoroState) -> u64 {
        keys::mix(s.raw_hash_from_scratch())
    }

    fn parse_move(&self, s: &TsoroState, text: &str) -> Result<TsoroMove, MoveParseError> {
        let mv: TsoroMove = text.parse()?;
        match self.reason(s, mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveParseError::Illegal {
                text: text.to_string(),
                reason,
            }),
        }
    }

    fn format_move(&self, _: &TsoroState, mv: TsoroMove) -> String {
        mv.to_string()
    }

    fn is_legal(&self, s: &TsoroState, mv: TsoroMove) -> bool {
        self.reason(s, mv).is_none()
    }

    fn illegal_reason(&self, s: &TsoroState, mv: TsoroMove) -> Option<IllegalReason> {
        self.reason(s, mv)
    }

    /// Uniform over the legal moves, checking only the candidates it draws: a start drawn
    /// whose relay is endless is struck out and another drawn (rejection sampling keeps the
    /// choice uniform).
    fn random_move<G: RandomSource>(&self, s: &TsoroState, rng: &mut G) -> Option<TsoroMove> {
        if !self.fits(s) || self.out_of_plies(s) {
            return None;
        }
        match s.phase {
            Phase::Start => {
                let (mut m, singles) = self.start_candidates(s);
                while m != 0 {
                    let i = nth_bit(m, rng.below(m.count_ones()));
                    if self.start_ends(s, i, singles) {
                        return Some(TsoroMove::Sow(Hole::from_own_index(i, self.n)));
                    }
                    m &= !(1u64 << i);
                }
                None
            }
            Phase::Head(_) => {
                if rng.below(2) == 0 && self.relay_ends(s) {
                    Some(TsoroMove::Relay)
                } else {
                    Some(TsoroMove::Stop)
                }
            }
            Phase::Bonus(_) if !self.settings.reenter => {
                let m = self.takeable(s);
                let count = m.count_ones();
                let done = u32::from(!self.settings.forced_bonus);
                let k = rng.below(count + done);
                if k == count {
                    Some(TsoroMove::Done)
                } else {
                    Some(TsoroMove::Take(Hole::from_opponent_index(
                        nth_bit(m, k),
                        self.n,
                    )))
                }
            }
            Phase::Bonus(_) => {
                let moves = self.legal_moves(s);
                if moves.is_empty() {
                    None
                } else {
                    Some(moves[rng.below(moves.len() as u32) as usize])
                }
            }
        }
    }
}

crate::ruleset_text!(Tsoro, TsoroSettings);
