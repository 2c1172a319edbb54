//! Games described, not programmed: one ruleset for the two-row mancala games, built from a
//! [`Description`] of their rules, and a [catalogue] of named games.
//!
//! Most two-row mancala games differ in a few rules: the board, the sowing, the captures,
//! the feeding of an empty opponent, and the end. A [`Description`] holds each as a
//! parameter; [`Mancala`] plays any description that checks, through every layer of the
//! crate (records, pictures, search, analysis, the engine, the tools, Python and the
//! learning environments).
//!
//! # Terms
//! - A **hole** is one cup of a row; each player owns the row nearer him, holes numbered
//!   from his left. A **store** at each player's right keeps what he has won.
//! - **Sowing**: the mover lifts every seed of one of his holes and drops them one a hole
//!   from the next hole on, counter-clockwise (along his row to his right) unless the game
//!   says otherwise. A **lap** is a sowing once round the board; **relay** sowing lifts the
//!   seeds of the hole the last seed fell in, if it held seeds, and sows on.
//! - A **capture** takes seeds off the board into the mover's store.
//! - **Feeding**: giving seeds to an opponent whose row is empty.
//! - A **grand slam**: a capture that would take every seed of the opponent.
//!
//! # Ruleset text
//! `mancala` alone is Kalah(6,4); each switch changes one parameter (`mancala:holes=5,
//! seeds=3,stores=none,capture=2.3,chain,...`), and so does a switch after a catalogue name
//! (`ayoayo:seeds=3`). A description prints as its name and the switches that change it.
//!
//! | switch | field | meaning (Kalah's value first) |
//! |---|---|---|
//! | `holes=N` | [`Board::holes`] | holes a row, 2 to 15 |
//! | `seeds=N` | [`Board::seeds`] | seeds a hole at the start |
//! | `start=a.b.c` | [`Board::start`] | a start pattern, one row from its owner's left |
//! | `north-start=a.b.c` | [`Board::north_start`] | North's start row where it differs from South's (`start`), from North's left |
//! | `sow=ccw\|cw\|choice\|even-odd\|split\|first-chooses` | [`Sowing::direction`] | which way ([`Direction`]); `first-chooses`: the first move fixes the way of each player (the position's `south=`) |
//! | `laps=one\|relay\|next` | [`Sowing::laps`] | one lap, relay, or relay from the next place ([`Laps`]) |
//! | `skip-origin` | [`Sowing::skip_origin`] | a full lap skips the hole it came from |
//! | `stores=own\|none\|both` | [`Sowing::stores`] | which stores are sown ([`StoreSowing`]) |
//! | `min-seeds=N` | [`Sowing::min_seeds`] | the fewest seeds a hole must hold to be played |
//! | `max-laps=N\|off` | [`Sowing::max_laps`] | a relay's most laps, past which the game ends |
//! | `relay-if=any\|exactly.N\|at-least.N\|own-row\|opponent-row\|visited-opponent\|not-from-store` | [`Sowing::relay_if`] | what else a relay asks before it lifts again ([`RelayIf`]) |
//! | `relay-stops-on-count` | [`Sowing::relay_stops_on_count`] | a relay stops where a count capture's count and side would take, the grand-slam rule aside |
//! | `allow=any\|opponent-or-empty\|single-to-empty\|singles-last...` | [`Sowing::allow`] | which holes holding enough seeds may be played ([`Allow`]) |
//! | `sow-start` | [`Sowing::sow_start`] | the first seed of a move goes back into the hole lifted from |
//! | `move-one` | [`Sowing::move_one`] | ... but a single seed moves on |
//! | `take-one` | [`Sowing::take_one`] | a seed of each hand goes to the mover's store before it is sown |
//! | `again-either-store` | [`Captures::again_either_store`] | with `stores=both` and `again=store`, a last seed in the opponent's store also gives another turn |
//! | `single-takes-across` | [`Sowing::single_takes_across`] | a single seed lifted first takes the opponent's hole across from its hole |
//! | `choice-holes=none\|3\|1.4...` | [`Sowing::choice_holes`] | the holes (from 1) whose way the mover chooses, each two moves (`3R`, `3L`) |
//! | `capture=none\|2.3\|evens...` | [`Captures::counts`] | the counts a last hole is captured at ([`Counts`]) |
//! | `capture-side=opponent\|own\|either` | [`Captures::side`] | whose holes a count capture takes |
//! | `chain` | [`Captures::chain`] | a count capture goes back along the row |
//! | `chain-rows` | [`Captures::chain_rows`] | ... and on round the board into the other row (`capture-side` then decides the last hole only) |
//! | `chain-way=back\|cw\|ccw` | [`Captures::chain_way`] | ... back against the sowing, or one fixed way ([`ChainWay`]) |
//! | `chain-most=N\|off` | [`Captures::chain_most`] | ... of at most `N` holes |
//! | `two-out` | [`Captures::two_out`] | instead, the capture of the hole two out past an empty one (with `chain`, again from each hole taken, onward) |
//! | `lap-capture` | [`Captures::lap_capture`] | ... also at the end of each relayed lap, before the hole is lifted |
//! | `no-capture-moves=N` | [`Captures::no_capture_moves`] | the game's first `N` moves capture nothing (0: off) |
//! | `grand-slam=no-capture\|illegal\|capture\|leave-last\|leave-first` | [`Captures::grand_slam`] | what a grand slam does ([`GrandSlam`]) |
//! | `grand-slam-always-illegal` | [`Captures::grand_slam_always_illegal`] | ... `illegal` even when every move is one |
//! | `grand-slam-if-seeded` | [`Captures::grand_slam_if_seeded`] | ... only when the opponent had seeds before the move |
//! | `grand-slam-again` | [`Captures::grand_slam_again`] | ... under `capture`, the mover moves again |
//! | `opposite=with-seed\|without-seed\|off` | [`Captures::opposite`] | the capture of the hole opposite an empty own hole ([`Opposite`]) |
//! | `opposite-empty` | [`Captures::opposite_empty`] | ... even when the hole opposite is empty |
//! | `again=store\|capture\|store.capture\|none` | [`Captures::again_on_store`], [`Captures::again_on_capture`] | what gives another turn |
//! | `must-feed` | [`End::must_feed`] | a mover must feed an empty opponent if he can |
//! | `cannot-feed=end\|any\|to-unfed` | [`End::cannot_feed`] | ... and if he cannot ([`CannotFeed`]) |
//! | `feed-test=sowing\|move\|move-seed` | [`End::feed_test`] | what feeds: a seed sown, or a playable hole (a seed) after the whole move ([`FeedTest`]) |
//! | `goal=most-seeds\|clear\|immobilize\|deprive` | [`End::goal`] | what a player plays for ([`Goal`]) |
//! | `end=side-empty\|stuck\|cleared-own\|cleared-opponent` | [`End::rule`] | when the game ends ([`EndRule`]) |
//! | `leftovers=owner\|to-move\|last-mover\|nobody\|shared` | [`End::leftovers`] | who gets the seeds left ([`Leftovers`]) |
//! | `endless-leftovers=owner\|to-move\|last-mover\|shared` | [`End::endless`] | who gets the seeds left when a relay reaches `max-laps` |
//! | `half-wins` | [`End::half_wins`] | a store past half the seeds ends the game |
//! | `divide-on-win` | [`End::divide_on_win`] | ... and the seeds left are shared out |
//! | `repetition` | [`End::repetition`] | a repeated position ends the game |
//! | `max-plies=N\|off` | [`End::max_plies`] | a ply limit |
//! | `too-few=N\|off` | [`End::too_few`] | fewer than `N` seeds left on the board end the game |
//! | `pass` | [`End::pass`] | a player without a move passes |
//! | `seeds-limit=N\|off` | [`End::seeds_limit`] | `N` seeds or fewer left on the board end the game |
//! | `hole-limit=N\|off` | [`End::hole_limit`] | no hole holding more than `N` seeds ends the game |
//! | `owner-captures` | [`Sowing::owner_captures`] | a hole sown to a capturing count is taken by its owner at once |
//! | `lap-captures-opp-gets=N` | [`Sowing::lap_captures_opp_gets`] | a relay captures at each lap's end and lifts on from the next hole; with at most `N` seeds left, seeds sown in the opponent's holes go to him |
//! | `pull-across` | [`Captures::pull_across`] | a last seed in an empty own hole pulls the seeds opposite into it |
//! | `no-single-capture` | [`Captures::no_single_capture`] | a move of a single seed captures nothing |
//! | `take-last=N\|off` | [`Captures::take_last`] | 1 to `N` seeds left after a move's captures go to the mover |
//! | `sweep-counts=none\|2.4.6...` | [`Captures::sweep_counts`] | a last seed in the opponent's row or the mover's last hole takes every opponent's hole of these counts |
//! | `take-singles` | [`Captures::take_singles`] | after a move, every hole of one seed (on the rows `capture-side` names) goes to the mover |
//! | `forfeit-store` | [`Captures::forfeit_store`] | a last seed in an empty hole (of a row `capture-side` names) gives the mover's store to the opponent |
//!
//! A flag takes `=on` or `=off` too (`skip-origin=off` after a name whose game skips it).
//! Each switch is given once; contradictory switches are refused
//! ([`Description::validate`]). With the `serde` feature a [`Description`] is also data in
//! four parts (`board`, `sowing`, `captures`, `end`, each field as in the table, in
//! kebab-case), for a file of the user's own in JSON or TOML; reading one validates it.
//!
//! ```
//! use sowing::described::Mancala;
//! use sowing::{Ruleset, perft};
//! let kalah: Mancala = "mancala".parse().unwrap();
//! let hand_written = sowing::kalah::Kalah::default();
//! assert_eq!(perft(&kalah, &kalah.start(), 4), perft(&hand_written, &hand_written.start(), 4));
//! let oware: Mancala = "mancala:stores=none,again=none,opposite=off,capture=2.3,chain,\
//!     skip-origin,must-feed,end=stuck,half-wins,repetition".parse().unwrap();
//! assert_eq!(oware.description(), &sowing::described::Description::ABAPA);
//! assert!("mancala:holes=16".parse::<Mancala>().is_err());
//! assert!("mancala:chain".parse::<Mancala>().is_err()); // a chain of what?
//! ```
//!
//! # Order of a move
//! 0. The holes he may play: those of at least `min-seeds`, then those `allow` lets him
//!    play, then (his opponent unfed, under `must-feed`) those that feed, then (under
//!    `grand-slam=illegal`) those that are no grand slam.
//! 1. The mover lifts his hole's seeds and sows them (under `sow-start` the move's first
//!    lift leaves one seed in its hole, but for a single seed under `move-one`; under
//!    `take-one` each lift puts one seed of the hand in his store before sowing; relaying,
//!    under `laps=relay`, while
//!    the last seed falls in a hole that held seeds and no count capture takes it there
//!    (under `relay-stops-on-count`, would take it but for the grand-slam rule), and
//!    `relay-if` holds; under `laps=next`, lifting the place after the last seed's while it
//!    holds seeds, the last seed did not fall in a store and no count or opposite capture
//!    would take there;
//!    a relay of more than 1000 lifts ends where it stands; under
//!    `max-laps`, a relay that would lift again after that many laps ends the game there,
//!    the seeds left going by `endless-leftovers`). Under
//!    `sow=even-odd` the count lifted decides the way, under `sow=split` the half of the
//!    row the hole is in, and at a hole of `choice-holes` the mover (`3R`, `3L`).
//! 2. A last seed in his store: another turn under `again=store`. In a hole (and not after
//!    a single seed lifted, under `no-single-capture`): the count capture (with the chain,
//!    round both rows under `chain-rows`, and the grand-slam rule; a grand slam captured
//!    gives another turn under `grand-slam-again`), or else the opposite capture, or the
//!    pull across (`pull-across`), or the store forfeited (`forfeit-store`), or the opponent's row swept (`sweep-counts`), or the single seeds taken (`take-singles`); a chain stops after `chain-most` holes, and nothing is
//!    captured in the game's first `no-capture-moves` moves. A capture gives another turn
//!    under `again=capture`. Under `owner-captures` each seed that brings a hole to a
//!    capturing count makes the hole's owner take it at once (under relays, not the hole
//!    of a lap's last seed). Under `lap-captures-opp-gets=N` the relay itself captures: a
//!    lap whose last hole the count capture takes is captured at once and the relay lifts
//!    the next hole; a lap lifted with at most `N` seeds left in the holes gives the seeds
//!    it sows in the opponent's holes to him (but a last seed that makes a capture). Then, under `take-last=N`, 1 to `N` seeds left on the board go
//!    to the mover.
//! 3. The turn passes (unless another turn was won); the ply counts under `max-plies`, and
//!    up to `N` under `no-capture-moves=N`.
//! 4. Under `end=cleared-own` (`cleared-opponent`), a mover's (opponent's) row left empty
//!    ends the game, the seeds left going by `leftovers` at once.
//! 5. Under `pass`, a player to move without a move passes: the other moves again.
//! 6. The end: `seeds-limit` or `hole-limit` reached (asked first: the seeds left then go by
//!    `leftovers`), a store past half (`half-wins`), fewer seeds left than `too-few`, the ply
//!    limit, a row with no playable hole (`end=side-empty`), or the player to move without
//!    a move (every rule; under `pass`, neither player has one). The seeds left then go by
//!    `leftovers` (under `half-wins`, only with `divide-on-win`), or all to the unfed
//!    player when the player to move cannot feed him (`cannot-feed=to-unfed`). The larger
//!    store wins. Under `goal=immobilize` the only end is the player to move without a
//!    move, and under `goal=deprive` also a row left empty: the seeds left stay, and that
//!    player (the owner of the empty row) loses; a relay cut short is then a draw.
//!
//! # Not yet supported
//! Rounds (games played on until one side cannot fill a hole), owned holes ("children",
//! like Toguz Kumalak's tuzdik), boards without sides, three and four rows, goals other
//! than the most seeds, a cleared row, immobilizing and depriving, rows that start
//! unlike each other, and their alternating directions: a description
//! cannot say them, and a MancalaGames file that asks
//! for one is refused naming it.

mod allow;
mod altdirs;
mod capts;
mod capttypes;
pub mod catalogue;
mod description;
mod early;
mod encode;
mod end_limit;
mod eval;
mod goals;
mod json;
mod lap;
mod lap_capts;
pub mod mancalagames;
mod moves;
mod patterns;
mod picture;
mod relay;
mod shape;
pub(crate) mod sow;
mod split;
mod state;
mod text;

use std::fmt;
use std::str::FromStr;

pub use description::Allow;
pub use description::{
    Board, CannotFeed, Captures, ChainWay, Counts, Description, Direction, End, EndRule, FeedTest,
    Goal, GrandSlam, Laps, Leftovers, MAX_HOLES, MAX_TOTAL, MIN_HOLES, Opposite, RelayIf, Side,
    Sowing, StoreSowing,
};
pub use eval::MancalaEval;
pub use moves::{MancalaMove, Way};
pub use state::MancalaState;

use crate::error::{
    IllegalReason, MoveParseError, PositionError, RulesetParseError, SettingsError,
};
use crate::movelist::MoveList;
use crate::player::{Outcome, Player, Score};
use crate::rng::RandomSource;
use crate::ruleset::{Ruleset, SeedCount};
use crate::switches;
use shape::{Kernel, Shape, in_shape};
use sow::{Ending, Mask, Steps};

/// The moves of a position: at most two a hole.
pub type MancalaMoves = MoveList<MancalaMove, { 2 * MAX_HOLES as usize }>;

/// A two-row game played by its [`Description`].
///
/// ```
/// use sowing::described::{Description, Mancala};
/// use sowing::Ruleset;
/// let abapa = Mancala::new(Description::ABAPA).unwrap();
/// let s = abapa.start();
/// assert_eq!(s.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
/// assert_eq!(abapa.legal_moves(&s).len(), 6);
/// ```
#[derive(Clone, Debug)]
pub struct Mancala {
    name: &'static str,
    description: Description,
    total: u32,
    steps: Steps,
    /// The compiled shape its moves run in (found from the description).
    kernel: Kernel,
    /// Whether a rarer capture is used (`owner-captures`, `pull-across`,
    /// `no-single-capture`, `take-last`, `forfeit-store`, `sweep-counts`, `take-singles`): one flag the move code asks.
    rarer: bool,
    /// Whether it uses a rule of the opening or the lift ([`Description::uses_early`]),
    /// asked once a move in the shapes of the rarer rules.
    early: bool,
}

impl PartialEq for Mancala {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.description == other.description
    }
}

impl Eq for Mancala {}

impl Default for Mancala {
    /// Kalah(6,4), `mancala`.
    fn default() -> Self {
        Mancala::new(Description::KALAH).expect("Kalah's description checks")
    }
}

impl Mancala {
    /// The game of a description, named `mancala` in ruleset text.
    ///
    /// # Errors
    /// [`SettingsError`] when the description does not check ([`Description::validate`]).
    pub fn new(description: Description) -> Result<Mancala, SettingsError> {
        Mancala::named("mancala", description)
    }

    /// The game of a description under a name of the catalogue (`mancala` or an entry's),
    /// whose description its ruleset text is written against.
    fn named(name: &'static str, mut description: Description) -> Result<Mancala, SettingsError> {
        description.validate()?;
        // Under a start pattern the seeds a hole do not count: one description, one value.
        if description.board.start.is_some() {
            description.board.seeds = 0;
        }
        let mut rules = Mancala {
            name,
            total: description.total_seeds(),
            steps: Steps::new(
                description.board.holes.into(),
                &description.sowing,
                description.captures.counts,
            ),
            kernel: Kernel::of(&description),
            rarer: description.rarer_captures(),
            early: description.uses_early(),
            description,
        };
        rules.steps.limits = rules.has_limits();
        if rules.over(&rules.start()).is_some() {
            return Err(SettingsError::Conflict(
                "the game is over at the start: no hole holds enough seeds to move",
            ));
        }
        Ok(rules)
    }

    /// The catalogue's game `name` ([`catalogue::entry`]).
    pub fn catalogue(name: &str) -> Option<Mancala> {
        let entry = catalogue::entry(name)?;
        Mancala::named(entry.name, entry.description).ok()
    }

    /// The description it plays.
    pub fn description(&self) -> &Description {
        &self.description
    }

    /// The name its ruleset text starts with: `mancala` or a catalogue entry's.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Holes a row.
    pub fn holes_per_row(&self) -> usize {
        self.description.board.holes.into()
    }

    /// [`playout`](Ruleset::playout) in shape `S`, chosen once a game.
    #[inline(always)]
    fn playout_in<S: Shape, G: RandomSource>(
        &self,
        state: &mut MancalaState,
        rng: &mut G,
        max_plies: u64,
    ) -> u64 {
        let mut s = *state;
        let mut plies = 0;
        let mut mask = self.legal_mask_in::<S>(&s);
        while plies < max_plies && mask != 0 {
            let bit = pick::<S, G>(mask, rng);
            mask = self.play_move_in::<S>(&mut s, self.move_of_bit_in::<S>(bit));
            plies += 1;
        }
        *state = s;
        plies
    }

    fn base(name: &str) -> Option<(&'static str, Description)> {
        if name == "mancala" {
            return Some(("mancala", Description::KALAH));
        }
        catalogue::entry(name).map(|e| (e.name, e.description))
    }

    /// Why `mv` is not legal in `s`, or `None`.
    fn reason(&self, s: &MancalaState, mv: MancalaMove) -> Option<IllegalReason> {
        let Some(bit) = self.bit_of(s, mv) else {
            return Some(IllegalReason::Forbidden(format!(
                "there is no move {mv}: the holes are 1 to {}{}",
                s.holes(),
                match (self.description.sowing.direction, self.chosen_holes()) {
                    (_, 0) => ", without a way",
                    (Direction::Choice | Direction::FirstChooses, _) => ", each with R or L",
                    _ => ", with R or L where the mover chooses the way (choice-holes)",
                }
            )));
        };
        let legal = self.legal_mask(s);
        if legal >> bit & 1 != 0 {
            return None;
        }
        if legal == 0 {
            return Some(IllegalReason::GameOver);
        }
        let seeds = s.row(s.mover)[usize::from(mv.hole)];
        if seeds == 0 {
            return Some(IllegalReason::Forbidden(format!(
                "hole {} is empty",
                mv.hole + 1
            )));
        }
        if seeds < self.description.sowing.min_seeds {
            return Some(IllegalReason::Forbidden(format!(
                "the hole holds {seeds} seeds; a move takes at least {}",
                self.description.sowing.min_seeds
            )));
        }
        if self.forbidden_by_allow(s, usize::from(mv.hole)) {
            return Some(IllegalReason::Forbidden(format!(
                "allow={}: the game does not let this hole be played here",
                self.description.sowing.allow.name()
            )));
        }
        if self.movable(s) >> bit & 1 == 0 {
            return Some(IllegalReason::Forbidden(
                "the opponent has no seed and this move gives him none".into(),
            ));
        }
        Some(IllegalReason::Forbidden(
            "a grand slam, illegal while another move is left".into(),
        ))
    }
}

impl Ruleset for Mancala {
    type State = MancalaState;
    type Move = MancalaMove;
    type Moves = MancalaMoves;
    const GAME: &'static str = "mancala";
    const NAMES: &'static [&'static str] = &catalogue::NAMES;

    fn start(&self) -> MancalaState {
        let h = self.holes_per_row();
        let row: Vec<u8> = (0..h).map(|i| self.description.start_seeds(i)).collect();
        let north: Vec<u8> = (0..h)
            .map(|i| self.description.north_start_seeds(i))
            .collect();
        let mut s = MancalaState::from_rows(&row, &north, [0, 0], Player::South);
        s.holes = h as u8;
        s
    }

    #[inline]
    fn to_move(&self, s: &MancalaState) -> Player {
        s.mover
    }

    fn legal_moves(&self, s: &MancalaState) -> MancalaMoves {
        let mut moves = MancalaMoves::new();
        let mut mask = self.legal_mask(s);
        while mask != 0 {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            moves.push(self.move_of_bit(bit));
        }
        moves
    }

    #[inline]
    fn play_unchecked(&self, s: &mut MancalaState, mv: MancalaMove) {
        // A move of another shape, or an empty hole: the state is left as it was.
        if self.bit_of(s, mv).is_none() || s.row(s.mover)[usize::from(mv.hole)] == 0 {
            return;
        }
        self.play_move(s, mv);
    }

    /// The random-game loop with the moves found once a ply: the move hands back the next
    /// mover's moves (the same random choices as [`random_move`](Ruleset::random_move) then
    /// [`play_unchecked`](Ruleset::play_unchecked)).
    fn playout<G: RandomSource>(
        &self,
        state: &mut MancalaState,
        rng: &mut G,
        max_plies: u64,
    ) -> u64 {
        in_shape!(self.kernel, S => self.playout_in::<S, G>(state, rng, max_plies))
    }

    fn outcome(&self, s: &MancalaState) -> Option<Outcome> {
        let ending = self.over(s)?;
        if let Some(outcome) = self.eliminated_outcome(s) {
            return Some(outcome);
        }
        let score = Score {
            south: s.store(Player::South).into(),
            north: s.store(Player::North).into(),
        };
        if ending == Ending::Cleared {
            return Some(Outcome::Win {
                winner: self.clear_winner(s),
                score: Some(score),
            });
        }
        Some(Outcome::by_score(score))
    }

    fn repetition_position(&self, s: &MancalaState) -> Option<MancalaState> {
        self.description
            .end
            .repetition
            .then_some(MancalaState { ply: 0, ..*s })
    }

    fn repetition_outcome(&self, s: &MancalaState) -> Option<Outcome> {
        if !self.description.end.repetition {
            return None;
        }
        let [south, north] = self.divided(s);
        Some(Outcome::by_score(Score { south, north }))
    }

    fn seed_count(&self, s: &MancalaState) -> SeedCount {
        SeedCount {
            board: s.seeds_in_row(Player::South) + s.seeds_in_row(Player::North),
            stores: [s.store(Player::South).into(), s.store(Player::North).into()],
        }
    }

    fn total_seeds(&self) -> u32 {
        self.total
    }

    fn validate(&self, s: &MancalaState) -> Result<(), PositionError> {
        if s.holes() != self.holes_per_row() {
            return Err(PositionError::WrongSize {
                expected: self.holes_per_row(),
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
        let h = s.holes();
        if s.cells[2 * h + 2..].iter().any(|&n| n != 0) {
            return Err(PositionError::Impossible(
                "seeds outside the places of the board".into(),
            ));
        }
        if s.south_way != 0 && !self.first_chooses() {
            return Err(PositionError::Impossible(
                "a way chosen (south=) under a ruleset whose first move chooses none".into(),
            ));
        }
        let end = &self.description.end;
        let opening = u32::from(self.description.captures.no_capture_moves);
        match end.max_plies {
            None if s.ply > opening => {
                return Err(PositionError::Impossible(if opening == 0 {
                    "a ply count under a ruleset without a ply limit".into()
                } else {
                    format!(
                        "ply {} is past the {opening} moves counted under no-capture-moves",
                        s.ply
                    )
                }));
            }
            Some(max) if s.ply > max => {
                return Err(PositionError::Impossible(format!(
                    "ply {} is past the limit of {max} plies",
                    s.ply
                )));
            }
            _ => {}
        }
        let board = self.seed_count(s).board != 0;
        let swept = end.leftovers != crate::described::Leftovers::Nobody && !end.goal.eliminates();
        match self.over(s) {
            Some(Ending::Stuck) if board && swept => Err(PositionError::Impossible(
                "the game is over but seeds are left on the board (the leftovers rule gives them out)"
                    .into(),
            )),
            Some(Ending::Half) if board && swept && end.divide_on_win => {
                Err(PositionError::Impossible(
                    "the game is won but seeds are left on the board (divide-on-win)".into(),
                ))
            }
            _ => Ok(()),
        }
    }

    fn hash_from_scratch(&self, s: &MancalaState) -> u64 {
        let mut words = [0u64; 4];
        for (i, chunk) in s.cells.chunks(8).enumerate() {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            words[i] = u64::from_le_bytes(w);
        }
        let mut h = crate::hashing::mix(
            u64::from(s.holes)
                | (s.mover.index() as u64) << 8
                | u64::from(s.ply) << 16
                | u64::from(s.south_way) << 56,
        );
        for w in words {
            h = crate::hashing::mix(h ^ w);
        }
        h
    }

    fn parse_move(&self, s: &MancalaState, text: &str) -> Result<MancalaMove, MoveParseError> {
        let expected = if matches!(
            self.description.sowing.direction,
            Direction::Choice | Direction::FirstChooses
        ) {
            "a hole's number from the mover's left and the way, R or L (3R, 1L)"
        } else if self.chosen_holes() != 0 {
            "a hole's number from the mover's left, with the way R or L where he chooses it (2, 3R)"
        } else {
            "a hole's number from the mover's left (1, 2, ...)"
        };
        let Some(mv) = moves::parse(text) else {
            return Err(MoveParseError::Syntax {
                text: text.to_string(),
                expected,
            });
        };
        match self.reason(s, mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveParseError::Illegal {
                text: text.to_string(),
                reason,
            }),
        }
    }

    fn format_move(&self, _: &MancalaState, mv: MancalaMove) -> String {
        mv.to_string()
    }

    fn is_legal(&self, s: &MancalaState, mv: MancalaMove) -> bool {
        self.bit_of(s, mv)
            .is_some_and(|bit| self.legal_mask(s) >> bit & 1 != 0)
    }

    fn illegal_reason(&self, s: &MancalaState, mv: MancalaMove) -> Option<IllegalReason> {
        self.reason(s, mv)
    }

    #[inline]
    fn random_move<G: RandomSource>(&self, s: &MancalaState, rng: &mut G) -> Option<MancalaMove> {
        let mut mask = self.legal_mask(s);
        if mask == 0 {
            return None;
        }
        for _ in 0..rng.below(mask.count_ones()) {
            mask &= mask - 1;
        }
        Some(self.move_of_bit(mask.trailing_zeros()))
    }
}

/// `SELECT[mask][k]`: the `k`-th set bit of a mask of 8 bits; `COUNT[mask]`: its set bits.
const SELECT: [[u8; 8]; 256] = crate::select::select_table();
const COUNT: [u8; 256] = crate::select::count_table();

/// A move of `mask` (not empty) at random, uniformly: the same choice as
/// [`random_move`](Ruleset::random_move), by table where a mask has 8 bits (a fixed way
/// and rows of at most 7 holes).
#[inline(always)]
fn pick<S: Shape, G: RandomSource>(mask: Mask, rng: &mut G) -> u32 {
    if !S::WAYS && !S::WIDE {
        let m = (mask & 0xFF) as usize;
        let k = rng.below(u32::from(COUNT[m])) as usize;
        return u32::from(SELECT[m][k & 7]);
    }
    let mut pick = mask;
    for _ in 0..rng.below(pick.count_ones()) {
        pick &= pick - 1;
    }
    pick.trailing_zeros()
}

impl FromStr for Mancala {
    type Err = RulesetParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (name, switches) = switches::split(text)?;
        let Some((name, mut description)) = Mancala::base(name) else {
            return Err(RulesetParseError::UnknownGame {
                game: name.to_string(),
                known: catalogue::NAMES.to_vec(),
            });
        };
        text::apply(&mut description, &switches, name)?;
        Ok(Mancala::named(name, description)?)
    }
}

impl fmt::Display for Mancala {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (_, base) = Mancala::base(self.name).unwrap_or(("mancala", Description::KALAH));
        f.write_str(self.name)?;
        let switches = text::switches_from(&base, &self.description);
        if !switches.is_empty() {
            write!(f, ":{}", switches.join(","))?;
        }
        Ok(())
    }
}

crate::serde_as_text!(Mancala);

/// The family's records are the crate's records form alone.
impl crate::pgn::Dialect for Mancala {}
