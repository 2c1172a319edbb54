//! Kalah's position: a packed board, its text form and its hash.

use std::fmt;
use std::str::FromStr;

use crate::error::{PositionParseError, TextProblem};
use crate::player::Player;

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
/// The board is one `u128` of sixteen 8-bit counters seen from the mover's side: lanes
/// `0..m` are the mover's pits from his left, lane `m` his store, lanes `m+1..=2m` the
/// opponent's pits from the opponent's left, lane `2m+1` the opponent's store. The mover's
/// sowing loop is then always lanes `0..=2m`, so a lap is one addition of a lane mask.
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
    pub(crate) board: u128,
    /// The additive hash before the final mix (see [`keys`]).
    pub(crate) hash: u64,
    pub(crate) pits: u8,
    pub(crate) mover: Player,
    pub(crate) pie: Pie,
}

pub(crate) const LANE: u32 = 8;

#[inline]
pub(crate) const fn lane(board: u128, i: usize) -> u8 {
    (board >> (LANE as usize * i)) as u8
}

/// Sum of `ones` in lanes `0..k`.
pub(crate) const fn prefix_ones(k: usize) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < k {
        m |= 1u128 << (8 * i);
        i += 1;
    }
    m
}

/// Hash keys: one random 64-bit key per absolute lane (South's pits, South's store, North's
/// pits, North's store, in that order), one for North to move and one per pie phase.
///
/// The hash is additive: `sum(count[lane] * key[lane]) + side + pie` (wrapping), so adding a
/// whole lap of seeds changes it by one precomputed sum, and [`mix`] spreads the bits when it
/// is read. Two different positions collide only if a small integer combination of random
/// 64-bit keys vanishes: as rare as with XOR keys.
pub(crate) mod keys {
    const fn splitmix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    const fn make() -> [u64; 19] {
        let mut k = [0u64; 19];
        let mut i = 0;
        while i < 19 {
            k[i] = splitmix(0x4B41_4C41_4800_0000 + i as u64 * 0x1234_5678_9ABC);
            i += 1;
        }
        k
    }
    const ALL: [u64; 19] = make();
    /// Per absolute lane.
    pub(crate) const LANES: [u64; 16] = {
        let mut l = [0u64; 16];
        let mut i = 0;
        while i < 16 {
            l[i] = ALL[i];
            i += 1;
        }
        l
    };
    /// Added when North is to move.
    pub(crate) const NORTH: u64 = ALL[16];
    /// Added per pie phase (index = phase).
    pub(crate) const PIE: [u64; 3] = [0, ALL[17], ALL[18]];

    /// The final mix (MurmurHash3's 64-bit finaliser): a bijection, so it adds no collisions.
    #[inline]
    pub(crate) const fn mix(mut h: u64) -> u64 {
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
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

    /// The lane of `player`'s pit `pit` (1-based, from that player's left).
    fn lane_of(&self, player: Player, pit: usize) -> usize {
        let m = self.pits();
        if player == self.mover {
            pit - 1
        } else {
            m + pit
        }
    }

    /// Seeds in `player`'s pit `pit`, numbered 1..=m from that player's left; 0 outside.
    pub fn pit(&self, player: Player, pit: usize) -> u8 {
        if pit == 0 || pit > self.pits() {
            return 0;
        }
        lane(self.board, self.lane_of(player, pit))
    }

    /// Seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u8 {
        let m = self.pits();
        lane(self.board, if player == self.mover { m } else { 2 * m + 1 })
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

    /// Counts in absolute order: South's pits 1..m, South's store, North's pits 1..m,
    /// North's store.
    pub(crate) fn absolute_counts(&self) -> [u8; 16] {
        let m = self.pits();
        let mut out = [0u8; 16];
        for p in 1..=m {
            out[p - 1] = self.pit(Player::South, p);
            out[m + p] = self.pit(Player::North, p);
        }
        out[m] = self.store(Player::South);
        out[2 * m + 1] = self.store(Player::North);
        out
    }

    /// The additive hash from scratch.
    pub(crate) fn raw_hash_from_scratch(&self) -> u64 {
        let mut h = 0u64;
        for (i, &c) in self.absolute_counts().iter().enumerate() {
            h = h.wrapping_add(u64::from(c).wrapping_mul(keys::LANES[i]));
        }
        if self.mover == Player::North {
            h = h.wrapping_add(keys::NORTH);
        }
        h.wrapping_add(keys::PIE[self.pie as usize])
    }

    /// Builds a state from absolute counts (as [`absolute_counts`](Self::absolute_counts)).
    pub(crate) fn from_absolute(pits: usize, counts: &[u8; 16], mover: Player, pie: Pie) -> Self {
        let m = pits;
        let mut board = 0u128;
        for (i, &count) in counts.iter().enumerate().take(2 * m + 2) {
            // Mover-relative lane of absolute lane i.
            let rel = match mover {
                Player::South => i,
                Player::North => (i + m + 1) % (2 * m + 2),
            };
            board |= u128::from(count) << (LANE as usize * rel);
        }
        let mut s = KalahState {
            board,
            hash: 0,
            pits: m as u8,
            mover,
            pie,
        };
        s.hash = s.raw_hash_from_scratch();
        s
    }
}

fn parse_row(
    text: &str,
    offset: usize,
    field: &'static str,
) -> Result<Vec<u8>, PositionParseError> {
    let mut out = Vec::new();
    let mut at = offset;
    for item in text.split(',') {
        out.push(parse_count(item, at, field)?);
        at += item.len() + 1;
    }
    Ok(out)
}

fn parse_count(item: &str, at: usize, field: &'static str) -> Result<u8, PositionParseError> {
    if item.is_empty() || !item.bytes().all(|b| b.is_ascii_digit()) {
        let problem = if item.is_empty() {
            TextProblem::Missing
        } else {
            TextProblem::NotANumber(item.to_string())
        };
        return Err(PositionParseError::new(at, field, problem));
    }
    match item.parse::<u64>() {
        Ok(v) if v <= u64::from(u8::MAX) => Ok(v as u8),
        Ok(v) => Err(PositionParseError::new(
            at,
            field,
            TextProblem::TooLarge { value: v, max: 255 },
        )),
        Err(_) => Err(PositionParseError::new(
            at,
            field,
            TextProblem::TooLarge {
                value: u64::MAX,
                max: 255,
            },
        )),
    }
}

impl FromStr for KalahState {
    type Err = PositionParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Fields separated by single spaces, with their byte offsets.
        let mut fields = Vec::new();
        let mut at = 0;
        for f in text.split(' ') {
            fields.push((at, f));
            at += f.len() + 1;
        }
        let field = |i: usize, name: &'static str| -> Result<(usize, &str), PositionParseError> {
            match fields.get(i) {
                Some(&(at, f)) if !f.is_empty() => Ok((at, f)),
                Some(&(at, _)) => Err(PositionParseError::new(at, name, TextProblem::Missing)),
                None => Err(PositionParseError::new(
                    text.len(),
                    name,
                    TextProblem::Missing,
                )),
            }
        };
        let (at0, rows) = field(0, "rows")?;
        let Some((north_text, south_text)) = rows.split_once('/') else {
            return Err(PositionParseError::new(
                at0,
                "rows",
                TextProblem::Unexpected {
                    found: rows.to_string(),
                    expected: "<North's pits m..1>/<South's pits 1..m>",
                },
            ));
        };
        let north = parse_row(north_text, at0, "north row")?;
        let south = parse_row(south_text, at0 + north_text.len() + 1, "south row")?;
        if south.len() != north.len() {
            return Err(PositionParseError::new(
                at0 + north_text.len() + 1,
                "south row",
                TextProblem::WrongLength {
                    expected: north.len(),
                    found: south.len(),
                },
            ));
        }
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
        let (a1, t1) = field(1, "south store")?;
        let south_store = parse_count(t1, a1, "south store")?;
        let (a2, t2) = field(2, "north store")?;
        let north_store = parse_count(t2, a2, "north store")?;
        let (a3, t3) = field(3, "side to move")?;
        let mover = match t3 {
            "S" => Player::South,
            "N" => Player::North,
            _ => {
                return Err(PositionParseError::new(
                    a3,
                    "side to move",
                    TextProblem::Unexpected {
                        found: t3.to_string(),
                        expected: "S or N",
                    },
                ));
            }
        };
        let pie = match fields.get(4) {
            None => Pie::Done,
            Some(&(_, "pie")) => match mover {
                Player::South => Pie::Opening,
                Player::North => Pie::Offer,
            },
            Some(&(a4, t4)) => {
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
        if let Some(&(a5, _)) = fields.get(5) {
            return Err(PositionParseError::new(a5, "end", TextProblem::Extra));
        }
        let total: u32 = north
            .iter()
            .chain(&south)
            .map(|&c| u32::from(c))
            .sum::<u32>()
            + u32::from(south_store)
            + u32::from(north_store);
        if total > 255 {
            return Err(PositionParseError::new(
                0,
                "seed total",
                TextProblem::TooLarge {
                    value: total.into(),
                    max: 255,
                },
            ));
        }
        let mut counts = [0u8; 16];
        for p in 0..m {
            counts[p] = south[p];
            // The north row is written from North's pit m down to pit 1.
            counts[m + 1 + p] = north[m - 1 - p];
        }
        counts[m] = south_store;
        counts[2 * m + 1] = north_store;
        Ok(KalahState::from_absolute(m, &counts, mover, pie))
    }
}

impl fmt::Display for KalahState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.pits();
        for p in (1..=m).rev() {
            write!(f, "{}", self.pit(Player::North, p))?;
            f.write_str(if p > 1 { "," } else { "/" })?;
        }
        for p in 1..=m {
            write!(f, "{}", self.pit(Player::South, p))?;
            if p < m {
                f.write_str(",")?;
            }
        }
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
