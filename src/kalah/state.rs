//! Kalah's position: a packed board, its text form and its hash.

use std::fmt;
use std::str::FromStr;

use crate::error::{PositionParseError, TextProblem};
use crate::player::Player;
use crate::text::{Fields, check_total, parse_counts, same_length, write_rows};

/// Where the pie rule stands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Pie {
    /// No swap to come: the pie rule is off, or North has made his first decision.
    Done = 0,
    /// South's opening turn is under way; North will be offered the swap.
    Opening = 1,
    /// North's first turn: he may swap instead of moving.
    Offer = 2,
}

/// A Kalah position: both rows of pits, both stores, the side to move, and (under the pie
/// rule) whether North may still swap.
///
/// The board is two `u64` words of 8-bit counters, the mover's side first: in each word,
/// lanes `0..m` are that side's pits from its owner's left and lane `m` its store. The
/// mover's sowing loop is his word's lanes `0..=m`, then the other word's lanes `0..m`, so a
/// lap is one addition of a lane mask to each word, and passing the turn swaps the words.
///
/// # Position text
/// `<North's pits m..1>/<South's pits 1..m> <South store> <North store> <S|N>[ pie]`, numbers
/// joined by commas: the picture as South sees it. The optional last token `pie` says the
/// pie rule's swap is still to come (with `S` to move: South's opening turn is under way) or
/// on offer now (with `N`).
///
/// ```
/// use sowing::kalah::KalahState;
/// let s: KalahState = "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S".parse().unwrap();
/// assert_eq!(s.pits(), 6);
/// assert_eq!(s.pit(sowing::Player::South, 1), 4);
/// assert_eq!(s.to_string(), "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S");
/// assert!("4,4/4,4,4 0 0 S".parse::<KalahState>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct KalahState {
    /// `[mover's side, opponent's side]`.
    pub(crate) sides: [u64; 2],
    /// The Zobrist-style hash, kept up to date by every move (see [`keys`]).
    pub(crate) hash: u64,
    pub(crate) pits: u8,
    pub(crate) mover: Player,
    pub(crate) pie: Pie,
}

#[inline]
pub(crate) const fn lane(word: u64, i: usize) -> u8 {
    (word >> (8 * i)) as u8
}

/// Zobrist-style hashing: one random 64-bit key per (player, lane), lanes `0..m` the pits
/// and lane `m` the store, one for North to move and one per pie phase.
///
/// The hash is additive, `sum(count * key) + side + pie` (wrapping), rather than XOR of a key
/// per (hole, count): adding a seed to a pit then adds that pit's key, so a whole sowing
/// changes the hash by one precomputed table entry, whatever the laps. Two positions collide
/// only if a small integer combination of random 64-bit keys vanishes: as rare as with XOR
/// keys. [`mix`] spreads the bits when the hash is read.
pub(crate) mod keys {
    pub(crate) use crate::hashing::mix;
    use crate::hashing::splitmix;
    const fn key(i: u64) -> u64 {
        splitmix(0x4B41_4C41_4800_0000 + i * 0x1234_5678_9ABC)
    }
    /// `LANES[player][lane]`.
    pub(crate) const LANES: [[u64; 8]; 2] = {
        let mut k = [[0u64; 8]; 2];
        let mut i = 0;
        while i < 16 {
            k[i / 8][i % 8] = key(i as u64);
            i += 1;
        }
        k
    };
    /// Added when North is to move.
    pub(crate) const NORTH: u64 = key(16);
    /// Added per pie phase (index = phase).
    pub(crate) const PIE: [u64; 3] = [0, key(17), key(18)];
}

impl KalahState {
    /// Pits a side.
    pub fn pits(&self) -> usize {
        self.pits as usize
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.mover
    }

    #[inline]
    fn side(&self, player: Player) -> u64 {
        self.sides[usize::from(player != self.mover)]
    }

    /// Seeds in `player`'s pit `pit`, numbered 1..=m from that player's left; 0 outside.
    pub fn pit(&self, player: Player, pit: usize) -> u8 {
        if pit == 0 || pit > self.pits() {
            return 0;
        }
        lane(self.side(player), pit - 1)
    }

    /// Seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u8 {
        lane(self.side(player), self.pits())
    }

    /// Seeds in all of `player`'s pits.
    pub fn seeds_in_pits(&self, player: Player) -> u32 {
        (1..=self.pits())
            .map(|p| u32::from(self.pit(player, p)))
            .sum()
    }

    /// Whether North may swap now (pie rule).
    pub fn swap_available(&self) -> bool {
        self.pie == Pie::Offer
    }

    /// The additive hash computed from the whole position (see [`keys`]).
    pub(crate) fn raw_hash_from_scratch(&self) -> u64 {
        let mut h = 0u64;
        for player in Player::BOTH {
            let side = self.side(player);
            for (i, key) in keys::LANES[player.index()]
                .iter()
                .enumerate()
                .take(self.pits() + 1)
            {
                h = h.wrapping_add(u64::from(lane(side, i)).wrapping_mul(*key));
            }
        }
        if self.mover == Player::North {
            h = h.wrapping_add(keys::NORTH);
        }
        h.wrapping_add(keys::PIE[self.pie as usize])
    }

    /// Builds a state from each player's counts: pits `0..m` from his left, then his store.
    pub(crate) fn from_sides(
        pits: usize,
        south: &[u8],
        north: &[u8],
        mover: Player,
        pie: Pie,
    ) -> Self {
        let word = |counts: &[u8]| -> u64 {
            counts
                .iter()
                .take(pits + 1)
                .enumerate()
                .fold(0, |w, (i, &c)| w | u64::from(c) << (8 * i))
        };
        let (s, n) = (word(south), word(north));
        let mut state = KalahState {
            sides: match mover {
                Player::South => [s, n],
                Player::North => [n, s],
            },
            hash: 0,
            pits: pits as u8,
            mover,
            pie,
        };
        state.hash = state.raw_hash_from_scratch();
        state
    }
}

impl FromStr for KalahState {
    type Err = PositionParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields = Fields::new(text);
        let [(at0, north_text), (south_at, south_text)] =
            fields.rows("<North's pits m..1>/<South's pits 1..m>")?;
        let north = parse_counts(north_text, at0, "north row")?;
        let south = parse_counts(south_text, south_at, "south row")?;
        same_length(north.len(), south.len(), at0)?;
        let m = north.len();
        if m > 7 {
            return Err(PositionParseError::new(
                at0,
                "north row",
                TextProblem::TooLarge {
                    value: m as u64,
                    max: 7,
                },
            ));
        }
        let ([south_store, north_store], mover) = fields.stores_and_mover(1)?;
        let pie = match fields.optional(4) {
            None => Pie::Done,
            Some((_, "pie")) => match mover {
                Player::South => Pie::Opening,
                Player::North => Pie::Offer,
            },
            Some((a4, t4)) => {
                return Err(PositionParseError::new(
                    a4,
                    "pie marker",
                    TextProblem::Unexpected {
                        found: t4.to_string(),
                        expected: "`pie` or the end of the text",
                    },
                ));
            }
        };
        fields.end(5)?;
        check_total(
            north
                .iter()
                .chain(&south)
                .chain([&south_store, &north_store]),
            "seed total",
        )?;
        let mut south_side = [0u8; 8];
        let mut north_side = [0u8; 8];
        for p in 0..m {
            south_side[p] = south[p];
            // The north row is written from North's pit m down to pit 1.
            north_side[p] = north[m - 1 - p];
        }
        south_side[m] = south_store;
        north_side[m] = north_store;
        Ok(KalahState::from_sides(
            m,
            &south_side,
            &north_side,
            mover,
            pie,
        ))
    }
}

impl fmt::Display for KalahState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.pits();
        write_rows(
            f,
            (1..=m).rev().map(|p| self.pit(Player::North, p)),
            (1..=m).map(|p| self.pit(Player::South, p)),
        )?;
        write!(
            f,
            " {} {} {}",
            self.store(Player::South),
            self.store(Player::North),
            self.mover.letter()
        )?;
        if self.pie != Pie::Done {
            f.write_str(" pie")?;
        }
        Ok(())
    }
}

crate::serde_as_text!(KalahState);
