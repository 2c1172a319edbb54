//! Oware's position: a packed board, its text form and its hash.

use std::fmt;
use std::str::FromStr;

use crate::error::{PositionParseError, TextProblem};
use crate::player::Player;
use crate::text::{Fields, check_total, parse_counts, same_length, write_rows};

/// An Oware position: both rows of houses, both stores (the seeds each player has
/// captured), the side to move, and (under a ply limit only) the plies played.
///
/// The board is two `u64` words of 8-bit counters, the mover's row first: lane `i` of a
/// word is its owner's house `i + 1` counted from his left (anticlockwise). The mover's
/// sowing runs along his word's lanes, then the opponent's, so a lap is one addition of a
/// lane mask to each word, and passing the turn swaps the words.
///
/// # Position text
/// `<North's houses f..a>/<South's houses A..F> <South store> <North store> <S|N>[ ply=P]`,
/// numbers joined by commas: the board as South sees it, North's row on top from his last
/// house to his first. The last token `ply=P` counts the plies played under a ply limit
/// (`max-plies`), written once there is one (`P >= 1`; none is read as 0).
///
/// ```
/// use sowing::oware::OwareState;
/// use sowing::Player;
/// let s: OwareState = "4,4,4,4,4,5/4,4,0,5,5,5 0 0 N".parse().unwrap();
/// assert_eq!(s.houses(), 6);
/// assert_eq!(s.house(Player::South, 3), 0); // South's C
/// assert_eq!(s.house(Player::North, 1), 5); // North's a, at the top right
/// assert_eq!(s.to_string(), "4,4,4,4,4,5/4,4,0,5,5,5 0 0 N");
/// assert!("4,4/4,4,4 0 0 S".parse::<OwareState>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OwareState {
    /// `[mover's row, opponent's row]`.
    pub(crate) sides: [u64; 2],
    /// Seeds captured, indexed by [`Player::index`].
    pub(crate) stores: [u8; 2],
    pub(crate) houses: u8,
    pub(crate) mover: Player,
    /// Under a ply limit: plies played (0 otherwise).
    pub(crate) ply: u32,
}

#[inline]
pub(crate) const fn lane(word: u64, i: usize) -> u8 {
    (word >> (8 * (i & 7))) as u8
}

/// The hash of a position, from its words: every field of the state goes into three
/// 64-bit words, each through MurmurHash3's finaliser (a bijection with full avalanche) with
/// a constant of its own, the three combined with rotations. A state is 19 bytes of
/// information, so this is cheaper than keeping a Zobrist hash up to date on every sowing,
/// and the same on every platform; the three words are mixed side by side, not one after
/// another (the history of a `VectorEnv` game hashes every position it reaches).
pub(crate) fn hash_of(s: &OwareState) -> u64 {
    use crate::hashing::mix;
    let [south, north] = s.rows();
    let rest = u64::from(s.stores[0])
        | u64::from(s.stores[1]) << 8
        | (s.mover.index() as u64) << 16
        | u64::from(s.houses) << 20
        | u64::from(s.ply) << 24;
    mix(south ^ 0x6F77_6172_6500_0000)
        ^ mix(north ^ 0x9E37_79B9_7F4A_7C15).rotate_left(21)
        ^ mix(rest ^ 0xD1B5_4A32_D192_ED03).rotate_left(42)
}

impl OwareState {
    /// Houses a row.
    pub fn houses(&self) -> usize {
        self.houses as usize
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.mover
    }

    /// Plies played, counted under a ply limit only (`max-plies`; 0 otherwise).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Each player's row as a word, indexed by [`Player::index`].
    #[inline]
    pub(crate) fn rows(&self) -> [u64; 2] {
        match self.mover {
            Player::South => self.sides,
            Player::North => [self.sides[1], self.sides[0]],
        }
    }

    /// Seeds in `player`'s house `house`, numbered 1..=n from that player's left
    /// (`A`..`F` for South, `a`..`f` for North); 0 outside the row.
    pub fn house(&self, player: Player, house: usize) -> u8 {
        if house == 0 || house > self.houses() {
            return 0;
        }
        lane(self.rows()[player.index()], house - 1)
    }

    /// Seeds `player` has captured.
    pub fn store(&self, player: Player) -> u8 {
        self.stores[player.index()]
    }

    /// Seeds on `player`'s side of the board.
    #[inline]
    pub fn seeds_on_side(&self, player: Player) -> u32 {
        // The row's lanes past its houses, then pairs of lanes added into four 16-bit
        // lanes (at most 510 each), then those four (at most 2,040) in the top lane.
        let houses = self.houses().min(8);
        let mask = if houses == 8 {
            u64::MAX
        } else {
            (1 << (8 * houses)) - 1
        };
        let w = self.rows()[player.index()] & mask;
        let pairs = (w & 0x00FF_00FF_00FF_00FF) + ((w >> 8) & 0x00FF_00FF_00FF_00FF);
        (pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
    }

    /// Builds a state from each player's houses (from his left) and the stores.
    pub(crate) fn from_rows(
        houses: usize,
        south: &[u8],
        north: &[u8],
        stores: [u8; 2],
        mover: Player,
        ply: u32,
    ) -> Self {
        let word = |counts: &[u8]| -> u64 {
            counts
                .iter()
                .take(houses.min(8))
                .enumerate()
                .fold(0, |w, (i, &c)| w | u64::from(c) << (8 * i))
        };
        let (s, n) = (word(south), word(north));
        OwareState {
            sides: match mover {
                Player::South => [s, n],
                Player::North => [n, s],
            },
            stores,
            houses: houses as u8,
            mover,
            ply,
        }
    }
}

impl FromStr for OwareState {
    type Err = PositionParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields = Fields::new(text);
        let [(at0, north_text), (south_at, south_text)] =
            fields.rows("<North's houses f..a>/<South's houses A..F>")?;
        let north = parse_counts(north_text, at0, "north row")?;
        let south = parse_counts(south_text, south_at, "south row")?;
        same_length(north.len(), south.len(), at0)?;
        let m = north.len();
        let max = usize::from(super::OwareSettings::MAX_HOUSES);
        if m > max {
            return Err(PositionParseError::new(
                at0,
                "north row",
                TextProblem::TooLarge {
                    value: m as u64,
                    max: max as u64,
                },
            ));
        }
        let ([south_store, north_store], mover) = fields.stores_and_mover(1)?;
        let ply = fields.ply(4)?;
        fields.end(5)?;
        check_total(
            north
                .iter()
                .chain(&south)
                .chain([&south_store, &north_store]),
            "seed total",
        )?;
        // The north row is written from North's last house down to his first.
        let north: Vec<u8> = north.into_iter().rev().collect();
        Ok(OwareState::from_rows(
            m,
            &south,
            &north,
            [south_store, north_store],
            mover,
            ply,
        ))
    }
}

impl fmt::Display for OwareState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.houses();
        write_rows(
            f,
            (1..=m).rev().map(|h| self.house(Player::North, h)),
            (1..=m).map(|h| self.house(Player::South, h)),
        )?;
        write!(
            f,
            " {} {} {}",
            self.stores[0],
            self.stores[1],
            self.mover.letter()
        )?;
        if self.ply > 0 {
            write!(f, " ply={}", self.ply)?;
        }
        Ok(())
    }
}

crate::serde_as_text!(OwareState);
