//! Mangala, the Turkish mancala, written outside the crate as a user would write a game of
//! their own: only the crate's public traits and kit, nothing of its games. The test
//! `tests/downstream.rs` and the example `examples/mangala.rs` share this file.
//!
//! The rules, as the Turkish federation's descriptions of the game give them:
//! - Two rows of six pits (*kuyu*), a store (*hazine*) at each end; each pit starts with four
//!   stones (`mangala:stones=N` for another number, 1 to 8).
//! - A move lifts every stone of one of the mover's pits, drops the first back into that pit
//!   and sows the rest one a pit, counterclockwise: along the mover's row, into his own store,
//!   then along the opponent's row, never into the opponent's store. A pit of a single stone
//!   passes it to the next pit.
//! - The last stone in the mover's store: he moves again.
//! - The last stone in an opponent's pit that it makes even: the mover takes that pit.
//! - The last stone in an empty pit of the mover's own (it now holds one) while the pit
//!   opposite holds stones: the mover takes both.
//! - When either row is empty after a move, the game ends, and the player whose row is empty
//!   takes every stone left in the other row. The larger store wins.
//!
//! Notation: South's pits are `a` to `f` and North's `A` to `F`, each from its owner's left
//! (sowing runs a, b, ..., f, South's store, A, ..., F, North's store). A position is
//! `<a..f>/<A..F> <South's store> <North's store> <S|N>`, the start
//! `4,4,4,4,4,4/4,4,4,4,4,4 0 0 S`.

#![allow(dead_code)]

use std::fmt;
use std::str::FromStr;

use sowing::encode::Encoding;
use sowing::error::TextProblem;
use sowing::games::Game;
use sowing::pgn::Dialect;
use sowing::picture::{Board, Labels};
use sowing::search::{EvalScales, Evaluator, Heuristic, Linear, LinearVisitor, SEED};
use sowing::switches::split_for;
use sowing::text::{Fields, parse_count, parse_counts, unexpected};
use sowing::{
    MoveList, MoveParseError, Outcome, Picture, Player, PositionError, PositionParseError, Ruleset,
    RulesetParseError, Score, SeedCount,
};

/// The pits a side has.
pub const PITS: usize = 6;

/// Mangala under one choice of the starting stones.
#[derive(Clone, Debug, PartialEq)]
pub struct Mangala {
    stones: u8,
}

impl Default for Mangala {
    fn default() -> Self {
        Mangala { stones: 4 }
    }
}

/// A position: the pits (South's `a..f`, then North's `A..F`), the stores and the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board12 {
    pits: [u8; 2 * PITS],
    stores: [u8; 2],
    mover: Player,
}

/// A move: the mover's pit, 0 to 5 from his left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pit(pub u8);

impl fmt::Display for Pit {
    /// The pit's index from 1, as the crate's generic layers print a move without its
    /// position; [`Ruleset::format_move`] writes the players' letters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

impl fmt::Display for Mangala {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.stones {
            4 => f.write_str("mangala"),
            n => write!(f, "mangala:stones={n}"),
        }
    }
}

impl FromStr for Mangala {
    type Err = RulesetParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut rules = Mangala::default();
        for sw in split_for(text, "mangala")? {
            match sw.name {
                "stones" => {
                    let n = sw.number("mangala")?;
                    if !(1..=8).contains(&n) {
                        return Err(RulesetParseError::BadValue {
                            game: "mangala",
                            switch: "stones".into(),
                            value: n.to_string(),
                            expected: "a number from 1 to 8",
                        });
                    }
                    rules.stones = n as u8;
                }
                _ => return Err(sw.unknown("mangala")),
            }
        }
        Ok(rules)
    }
}

impl fmt::Display for Board12 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        let [s, n] = self.stores;
        write!(
            f,
            "{}/{} {s} {n} {}",
            row(&self.pits[..PITS]),
            row(&self.pits[PITS..]),
            self.mover.letter()
        )
    }
}

impl FromStr for Board12 {
    type Err = PositionParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields = Fields::new(text);
        let [(south_at, south), (north_at, north)] = fields.rows("two rows of six pits")?;
        let mut pits = [0; 2 * PITS];
        for (side, (at, row)) in [(south_at, south), (north_at, north)]
            .into_iter()
            .enumerate()
        {
            let counts = parse_counts(row, at, "pits")?;
            if counts.len() != PITS {
                return Err(PositionParseError::new(
                    at,
                    "pits",
                    TextProblem::WrongLength {
                        found: counts.len(),
                        expected: PITS,
                    },
                ));
            }
            pits[side * PITS..][..PITS].copy_from_slice(&counts);
        }
        let mut stores = [0; 2];
        for (i, name) in ["South's store", "North's store"].into_iter().enumerate() {
            let (at, count) = fields.get(1 + i, name)?;
            stores[i] = parse_count(count, at, name)?;
        }
        let (at, mark) = fields.get(3, "side to move")?;
        let mover = match mark {
            "S" => Player::South,
            "N" => Player::North,
            _ => return Err(unexpected(at, "side to move", mark, "S or N")),
        };
        fields.end(4)?;
        Ok(Board12 {
            pits,
            stores,
            mover,
        })
    }
}

impl Board12 {
    fn row(&self, side: Player) -> &[u8] {
        &self.pits[side.index() * PITS..][..PITS]
    }
}

impl Ruleset for Mangala {
    type State = Board12;
    type Move = Pit;
    type Moves = MoveList<Pit, PITS>;
    const GAME: &'static str = "mangala";

    fn start(&self) -> Board12 {
        Board12 {
            pits: [self.stones; 2 * PITS],
            stores: [0, 0],
            mover: Player::South,
        }
    }

    fn to_move(&self, s: &Board12) -> Player {
        s.mover
    }

    fn legal_moves(&self, s: &Board12) -> MoveList<Pit, PITS> {
        let mut moves = MoveList::new();
        if self.outcome(s).is_none() {
            for (i, &n) in s.row(s.mover).iter().enumerate() {
                if n > 0 {
                    moves.push(Pit(i as u8));
                }
            }
        }
        moves
    }

    fn play_unchecked(&self, s: &mut Board12, mv: Pit) {
        let me = s.mover.index();
        let from = me * PITS + usize::from(mv.0) % PITS;
        let mut hand = s.pits[from];
        if hand == 0 {
            return;
        }
        s.pits[from] = 0;
        // The ring: South's pits 0..6, South's store (12), North's pits 6..12, North's
        // store (13); a player skips the other's store.
        let ring = |spot: usize| match spot {
            5 => 12,
            12 => 6,
            11 => 13,
            13 => 0,
            s => s + 1,
        };
        let mut spot = if hand == 1 { ring(from) } else { from };
        let theirs_store = 13 - me;
        loop {
            if spot == theirs_store {
                spot = ring(spot);
            }
            // Wrapping: a state that does not validate may hold 255 already (it then answers
            // nonsense, but never panics).
            match spot {
                12 | 13 => s.stores[spot - 12] = s.stores[spot - 12].wrapping_add(1),
                pit => s.pits[pit] = s.pits[pit].wrapping_add(1),
            }
            hand -= 1;
            if hand == 0 {
                break;
            }
            spot = ring(spot);
        }
        let again = spot == 12 + me;
        if spot < 12 {
            let owner = spot / PITS;
            if owner != me && s.pits[spot] % 2 == 0 {
                s.stores[me] = s.stores[me].wrapping_add(s.pits[spot]);
                s.pits[spot] = 0;
            } else if owner == me && s.pits[spot] == 1 {
                let across = 2 * PITS - 1 - spot;
                if s.pits[across] > 0 {
                    s.stores[me] = s.stores[me].wrapping_add(1).wrapping_add(s.pits[across]);
                    s.pits[spot] = 0;
                    s.pits[across] = 0;
                }
            }
        }
        for side in [Player::South, Player::North] {
            if s.row(side).iter().all(|&n| n == 0) {
                let rest = s.row(!side).iter().fold(0u8, |a, &n| a.wrapping_add(n));
                s.stores[side.index()] = s.stores[side.index()].wrapping_add(rest);
                s.pits = [0; 2 * PITS];
                break;
            }
        }
        if !again {
            s.mover = !s.mover;
        }
    }

    fn outcome(&self, s: &Board12) -> Option<Outcome> {
        let [south, north] = s.stores.map(u32::from);
        (s.pits.iter().all(|&n| n == 0)).then(|| Outcome::by_score(Score { south, north }))
    }

    fn seed_count(&self, s: &Board12) -> SeedCount {
        SeedCount {
            board: s.pits.iter().map(|&n| u32::from(n)).sum(),
            stores: s.stores.map(u32::from),
        }
    }

    fn total_seeds(&self) -> u32 {
        2 * PITS as u32 * u32::from(self.stones)
    }

    fn validate(&self, s: &Board12) -> Result<(), PositionError> {
        let found = self.seed_count(s).total();
        if found != self.total_seeds() {
            return Err(PositionError::WrongSeedTotal {
                expected: self.total_seeds(),
                found,
            });
        }
        let empty = |side| s.row(side).iter().all(|&n| n == 0);
        if empty(Player::South) != empty(Player::North) {
            return Err(PositionError::Impossible(
                "one row is empty and the other is not: the game would have ended".into(),
            ));
        }
        Ok(())
    }

    fn hash_from_scratch(&self, s: &Board12) -> u64 {
        // A key for each place and count, mixed from the place and count alone.
        let mut h = sowing::hashing::mix(s.mover.index() as u64 + 1);
        for (i, &n) in s.pits.iter().chain(&s.stores).enumerate() {
            h ^= sowing::hashing::mix((i as u64) << 8 | u64::from(n));
        }
        h
    }

    fn parse_move(&self, s: &Board12, text: &str) -> Result<Pit, MoveParseError> {
        let letters = match s.mover {
            Player::South => "abcdef",
            Player::North => "ABCDEF",
        };
        let mv = match text.len() {
            1 => letters.find(text).map(|i| Pit(i as u8)),
            _ => None,
        };
        let Some(mv) = mv else {
            return Err(MoveParseError::Syntax {
                text: text.into(),
                expected: "a pit of the mover's: a-f for South, A-F for North",
            });
        };
        match self.illegal_reason(s, mv) {
            None => Ok(mv),
            Some(reason) => Err(MoveParseError::Illegal {
                text: text.into(),
                reason,
            }),
        }
    }

    fn format_move(&self, s: &Board12, mv: Pit) -> String {
        let letters = match s.mover {
            Player::South => b"abcdef",
            Player::North => b"ABCDEF",
        };
        char::from(letters[usize::from(mv.0) % PITS]).to_string()
    }
}

impl Picture for Mangala {
    fn board(&self, s: &Board12) -> Option<Board> {
        let row = |side| s.row(side).iter().map(|&n| u32::from(n)).collect();
        Some(Board {
            holes: [row(Player::South), row(Player::North)],
            stores: s.stores.map(u32::from),
            to_move: s.mover,
            outcome: self.outcome(s),
            labels: Labels::new(
                ["a", "b", "c", "d", "e", "f"],
                ["A", "B", "C", "D", "E", "F"],
                ["hazine", "hazine"],
            ),
        })
    }
}

/// Mangala's evaluation, a weighted sum of two terms for the player to move: the stores'
/// difference and the stones on his side less the opponent's (which his opponent cannot
/// take at the end), in hundredths of a seed. The `tune` tool fits its weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MangalaEval {
    /// The terms' weights, in [`MangalaEval::NAMES`]'s order.
    pub weights: [i32; 2],
}

impl MangalaEval {
    /// What each term counts.
    pub const NAMES: [&'static str; 2] = ["store difference", "stones on the mover's side"];
    /// The weights: a seed of store, a tenth of one for a stone on one's side.
    pub const TUNED: MangalaEval = MangalaEval {
        weights: [SEED, SEED / 10],
    };

    fn terms(s: &Board12) -> [i32; 2] {
        let me = s.mover;
        let stores = i32::from(s.stores[me.index()]) - i32::from(s.stores[(!me).index()]);
        let side = |p: Player| s.row(p).iter().map(|&n| i32::from(n)).sum::<i32>();
        [stores, side(me) - side(!me)]
    }
}

impl Evaluator<Mangala> for MangalaEval {
    fn evaluate(&self, _: &Mangala, s: &Board12) -> i32 {
        let t = MangalaEval::terms(s);
        t[0] * self.weights[0] + t[1] * self.weights[1]
    }
}

impl Linear<Mangala> for MangalaEval {
    const NAMES: &'static [&'static str] = &MangalaEval::NAMES;
    fn terms_into(_: &Mangala, s: &Board12, out: &mut [i32]) {
        out.copy_from_slice(&MangalaEval::terms(s));
    }
    fn weights(&self) -> &[i32] {
        &self.weights
    }
    fn with_weights(weights: &[i32]) -> Self {
        let mut w = MangalaEval::TUNED.weights;
        for (a, b) in w.iter_mut().zip(weights) {
            *a = *b;
        }
        MangalaEval { weights: w }
    }
}

/// The search's knowledge of Mangala: its evaluation ([`MangalaEval`]), which `tune` fits,
/// its encoding, which `selfplay` writes, and the scales of its expected score, which
/// `calibrate` fits.
impl Heuristic for Mangala {
    fn evaluate(&self, s: &Board12) -> i32 {
        MangalaEval::TUNED.evaluate(self, s)
    }

    fn with_linear<V: LinearVisitor<Self>>(visitor: V) -> Option<V::Output> {
        Some(visitor.visit::<MangalaEval>())
    }

    /// Fitted by Mangala's own `calibrate` tool, `cargo run --release --example mangala --
    /// calibrate 400 8 40 mangala`: 400 self-play games at depth 8 each, 10,351 positions
    /// for the store difference and 10,732 for [`MangalaEval`]. No network: an agent with
    /// `eval=net` is refused.
    const SCALES: EvalScales = EvalScales {
        store: Some(0.3588),
        tuned: Some(0.4222),
        net: None,
    };
}

/// Mangala as numbers: actions 0 to 5 are the mover's pits from his left; the observation is
/// the mover's pits, the opponent's, the mover's store and the opponent's (14 values).
impl Encoding for Mangala {
    fn num_actions(&self) -> usize {
        PITS
    }

    fn action_to_move(&self, _: &Board12, action: usize) -> Option<Pit> {
        (action < PITS).then_some(Pit(action as u8))
    }

    fn move_to_action(&self, _: &Board12, mv: Pit) -> Option<usize> {
        (usize::from(mv.0) < PITS).then_some(usize::from(mv.0))
    }

    fn observation_len(&self) -> usize {
        2 * PITS + 2
    }

    fn fill_observation(&self, s: &Board12, out: &mut [f32]) {
        let me = s.mover;
        let values = s
            .row(me)
            .iter()
            .chain(s.row(!me))
            .chain([&s.stores[me.index()], &s.stores[(!me).index()]]);
        for (o, &v) in out[..2 * PITS + 2].iter_mut().zip(values) {
            *o = f32::from(v);
        }
    }
}

/// Mangala's records are the crate's records form, and nothing else.
impl Dialect for Mangala {}

/// Mangala's encoding ([`Encoding`] above), for the `selfplay` tool.
impl sowing::encode::HasEncoding for Mangala {
    fn with_encoding<V: sowing::encode::EncodingVisitor>(&self, visitor: V) -> Option<V::Output> {
        Some(visitor.visit(self))
    }
}

/// Checks at compile time that Mangala is a whole game for every layer.
fn _is_a_game() -> impl Game {
    Mangala::default()
}
