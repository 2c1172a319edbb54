//! The Toguz Kumalak position and its text form, PlayStrategy's Togyz FEN.

use std::fmt;
use std::str::FromStr;

use crate::error::{PositionParseError, TextProblem};
use crate::player::Player;
use crate::text::{Fields, check_total, parse_number, same_length};

/// A Toguz Kumalak position: the balls in every hole (otau), both kazans, both tuzdiks, the
/// player to move and the full-move number.
///
/// # Position text
/// PlayStrategy's Togyz FEN:
/// `<north row>/<south row> <south kazan> <north kazan> <S|N> <full-move number>`.
/// The north row lists North's holes from his hole 9 down to hole 1 (as South sees them
/// across the board), the south row South's holes 1 to 9; entries are joined by commas. `9S`
/// is a hole with 9 balls, a bare number is that many empty holes in a row, and `t` is a
/// tuzdik: a hole of that row owned by the other player. The full-move number starts at 1 and
/// grows after each North move. Smaller boards (see
/// [`ToguzSettings::holes`](super::ToguzSettings::holes)) have shorter rows.
///
/// Parsing checks only the syntax; [`Ruleset::validate`](crate::Ruleset::validate) checks a
/// position against a ruleset.
///
/// ```
/// use sowing::toguz::ToguzState;
/// use sowing::Player;
/// let text = "6S,1,1S,t,5S,3S,4S,3S,1S/1S,2S,2S,t,3S,2S,2S,1S,1S 82 43 N 38";
/// let s: ToguzState = text.parse().unwrap();
/// assert_eq!(s.hole(Player::North, 9), 6);
/// assert_eq!(s.hole(Player::North, 8), 0);
/// assert_eq!(s.tuzdik(Player::South), Some(6)); // South owns North's hole 6
/// assert_eq!(s.tuzdik(Player::North), Some(4)); // North owns South's hole 4
/// assert_eq!(s.kazan(Player::South), 82);
/// assert_eq!(s.to_string(), text);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ToguzState {
    /// Balls per hole, 8 bits a lane, lanes in absolute order: South's holes 1..=n in lanes
    /// `0..n`, North's holes 1..=n in lanes `n..2n`; the sowing order is the lane order.
    pub(crate) board: [u64; 4],
    /// The additive hash before the final mix (see [`keys`]), kept up to date by every move.
    pub(crate) hash: u64,
    /// Balls in each player's kazan, by [`Player::index`].
    pub(crate) kazans: [u8; 2],
    /// The lane of each player's tuzdik (on the opponent's side), or [`NO_TUZDIK`].
    pub(crate) tuzdiks: [u8; 2],
    pub(crate) holes: u8,
    pub(crate) mover: Player,
    pub(crate) fullmove: u16,
}

/// Lanes of the board words (the holes use at most 18; a power of two so that lane indices
/// masked with `LANES - 1` need no bounds checks).
pub(crate) const LANES: usize = 32;
/// The tuzdik lane of a player without a tuzdik: a lane no sowing reaches, always empty.
pub(crate) const NO_TUZDIK: u8 = 31;

/// Balls in lane `i`.
#[inline(always)]
pub(crate) const fn lane(board: &[u64; 4], i: usize) -> u8 {
    (board[(i >> 3) & 3] >> ((i & 7) * 8)) as u8
}

/// `PREFIX[k]`: one ball in each of the lanes `0..k` of the first three words (`k <= 24`;
/// entries past 24 equal entry 24, so an index masked with 31 needs no bounds check). The
/// lanes `a..e` are `PREFIX[e] - PREFIX[a]` word by word, with no borrow between lanes.
pub(crate) static PREFIX: [[u64; 3]; 32] = {
    let mut t = [[0u64; 3]; 32];
    let mut k = 1;
    while k < 32 {
        t[k] = t[k - 1];
        if k <= 24 {
            t[k][(k - 1) / 8] |= 1u64 << (8 * ((k - 1) % 8));
        }
        k += 1;
    }
    t
};

/// Adds one ball to every lane in `a..e` (`a <= e <= 24`): one addition per word.
#[inline(always)]
pub(crate) fn add_range(board: &mut [u64; 4], a: usize, e: usize) {
    let (pa, pe) = (&PREFIX[a & 31], &PREFIX[e & 31]);
    for j in 0..3 {
        board[j] = board[j].wrapping_add(pe[j].wrapping_sub(pa[j]));
    }
}

/// A bit per non-empty lane among the lanes from `first` (`first < 16`; at least the 9 lanes
/// from it): bit `i` set when lane `first + i` holds a ball. Reads two board words.
#[inline(always)]
pub(crate) fn nonempty16(board: &[u64; 4], first: usize) -> u32 {
    use crate::swar::nonzero_bits;
    let w = (first >> 3) & 1;
    let bits = (nonzero_bits(board[w]) | nonzero_bits(board[w + 1]) << 8) as u32;
    bits >> (first & 7)
}

/// Hash keys: one random 64-bit key per lane, per kazan, per tuzdik square and for North to
/// move.
///
/// The hash is additive: `sum(balls[lane] * key[lane]) + sum(kazan[p] * KAZAN[p]) +
/// TUZDIK[p][lane] + NORTH` (wrapping), so a whole lap of sowing changes it by one precomputed
/// sum, and [`mix`](keys::mix) spreads the bits when it is read. The full-move number is left
/// out: positions that differ only in it are the same for search.
pub(crate) mod keys {
    use super::LANES;
    pub(crate) use crate::hashing::mix;
    use crate::hashing::splitmix;

    const fn key(i: u64) -> u64 {
        splitmix(0x544F_4755_5A00_0000 + i * 0x1234_5678_9ABD)
    }
    /// Per lane; the unused lanes (the no-tuzdik lane among them) get keys too, harmlessly.
    pub(crate) const LANE: [u64; LANES] = {
        let mut l = [0u64; LANES];
        let mut i = 0;
        while i < LANES {
            l[i] = key(i as u64);
            i += 1;
        }
        l
    };
    /// `PREFIX[k]`: the sum of the keys of lanes `0..k` (`k < LANES`), so the keys of a run of
    /// lanes `a..e` sum to `PREFIX[e] - PREFIX[a]`.
    pub(crate) static PREFIX: [u64; LANES] = {
        let mut p = [0u64; LANES];
        let mut k = 1;
        while k < LANES {
            p[k] = p[k - 1].wrapping_add(LANE[k - 1]);
            k += 1;
        }
        p
    };
    /// Per ball in each player's kazan.
    pub(crate) const KAZAN: [u64; 2] = [key(100), key(101)];
    /// Per player and tuzdik lane; zero for "no tuzdik".
    pub(crate) const TUZDIK: [[u64; LANES]; 2] = {
        let mut t = [[0u64; LANES]; 2];
        let mut p = 0;
        while p < 2 {
            let mut i = 0;
            while i < LANES {
                if i != super::NO_TUZDIK as usize {
                    t[p][i] = key(200 + (p * LANES + i) as u64);
                }
                i += 1;
            }
            p += 1;
        }
        t
    };
    /// Added when North is to move.
    pub(crate) const NORTH: u64 = key(300);
}

impl ToguzState {
    /// Holes a side.
    pub fn holes(&self) -> usize {
        self.holes as usize
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.mover
    }

    /// The full-move number: 1 at the start, one more after each North move.
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// The first lane of `player`'s holes.
    #[inline]
    pub(crate) fn base(&self, player: Player) -> usize {
        player.index() * self.holes()
    }

    /// Balls in `player`'s hole `hole`, numbered 1..=n from that player's left; 0 outside the
    /// board and in a tuzdik.
    pub fn hole(&self, player: Player, hole: usize) -> u8 {
        if hole == 0 || hole > self.holes() {
            return 0;
        }
        lane(&self.board, self.base(player) + hole - 1)
    }

    /// Balls in `player`'s kazan.
    pub fn kazan(&self, player: Player) -> u8 {
        self.kazans[player.index()]
    }

    /// The hole that `player` owns as his tuzdik, numbered by its side's owner (the
    /// opponent), or `None`.
    pub fn tuzdik(&self, player: Player) -> Option<u8> {
        let l = self.tuzdiks[player.index()];
        if l == NO_TUZDIK {
            None
        } else {
            Some(l - self.base(player.opponent()) as u8 + 1)
        }
    }

    /// Whether `player`'s hole `hole` is a tuzdik of his opponent.
    pub fn is_tuzdik(&self, player: Player, hole: usize) -> bool {
        self.tuzdik(player.opponent()).map(usize::from) == Some(hole)
    }

    /// Balls in all of `player`'s holes.
    pub fn balls_on_side(&self, player: Player) -> u32 {
        (1..=self.holes())
            .map(|h| u32::from(self.hole(player, h)))
            .sum()
    }

    /// The additive hash from scratch (see [`keys`]): the board, kazans, tuzdiks and the
    /// player to move; not the full-move number, so transpositions hash alike.
    pub(crate) fn raw_hash_from_scratch(&self) -> u64 {
        let mut h = 0u64;
        for i in 0..2 * self.holes() {
            h = h.wrapping_add(u64::from(lane(&self.board, i)).wrapping_mul(keys::LANE[i & 31]));
        }
        for p in 0..2 {
            h = h
                .wrapping_add(u64::from(self.kazans[p]).wrapping_mul(keys::KAZAN[p]))
                .wrapping_add(keys::TUZDIK[p][usize::from(self.tuzdiks[p]) & (LANES - 1)]);
        }
        if self.mover == Player::North {
            h = h.wrapping_add(keys::NORTH);
        }
        h
    }

    /// A state from per-player hole counts (index 0 = hole 1), kazans and tuzdik holes
    /// (numbered by their side's owner). No checks beyond what the board can hold.
    pub(crate) fn from_parts(
        holes: usize,
        counts: [&[u8]; 2],
        kazans: [u8; 2],
        tuzdiks: [Option<u8>; 2],
        mover: Player,
        fullmove: u16,
    ) -> ToguzState {
        let mut board = [0u64; 4];
        for (p, row) in counts.iter().enumerate() {
            for (i, &c) in row.iter().enumerate().take(holes) {
                let l = p * holes + i;
                board[l >> 3] |= u64::from(c) << ((l & 7) * 8);
            }
        }
        let mut lanes = [NO_TUZDIK; 2];
        for p in 0..2 {
            if let Some(h) = tuzdiks[p] {
                // Player p's tuzdik lies on the other side.
                lanes[p] = ((1 - p) * holes) as u8 + h - 1;
            }
        }
        let mut s = ToguzState {
            board,
            hash: 0,
            kazans,
            tuzdiks: lanes,
            holes: holes as u8,
            mover,
            fullmove,
        };
        s.hash = s.raw_hash_from_scratch();
        s
    }
}

/// One row of the FEN: per hole (from the row's first entry) the balls, or `None` for `t`.
fn parse_row(
    text: &str,
    offset: usize,
    field: &'static str,
) -> Result<Vec<Option<u8>>, PositionParseError> {
    const EXPECTED: &str = "`<balls>S`, a number of empty holes, or `t`";
    let mut out = Vec::new();
    let mut at = offset;
    for item in text.split(',') {
        let unexpected = || {
            PositionParseError::new(
                at,
                field,
                TextProblem::Unexpected {
                    found: item.to_string(),
                    expected: EXPECTED,
                },
            )
        };
        if item == "t" {
            out.push(None);
        } else if let Some(num) = item.strip_suffix('S') {
            let n = parse_number(num, at, field, 255)?;
            if n == 0 {
                return Err(unexpected());
            }
            out.push(Some(n as u8));
        } else if item.is_empty() {
            return Err(PositionParseError::new(at, field, TextProblem::Missing));
        } else if item.bytes().all(|b| b.is_ascii_digit()) {
            let n = parse_number(item, at, field, 9)?;
            if n == 0 {
                return Err(unexpected());
            }
            out.extend(std::iter::repeat_n(Some(0), n as usize));
        } else {
            return Err(unexpected());
        }
        if out.len() > 9 {
            return Err(PositionParseError::new(
                offset,
                field,
                TextProblem::TooLarge {
                    value: out.len() as u64,
                    max: 9,
                },
            ));
        }
        at += item.len() + 1;
    }
    Ok(out)
}

/// Splits a row into counts and the position of its tuzdik (if any).
fn split_tuzdik(
    row: &[Option<u8>],
    offset: usize,
    field: &'static str,
) -> Result<(Vec<u8>, Option<usize>), PositionParseError> {
    let mut tuzdik = None;
    for (i, c) in row.iter().enumerate() {
        if c.is_none() {
            if tuzdik.is_some() {
                return Err(PositionParseError::new(
                    offset,
                    field,
                    TextProblem::Unexpected {
                        found: "a second `t`".into(),
                        expected: "at most one tuzdik a row",
                    },
                ));
            }
            tuzdik = Some(i);
        }
    }
    Ok((row.iter().map(|c| c.unwrap_or(0)).collect(), tuzdik))
}

impl FromStr for ToguzState {
    type Err = PositionParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields = Fields::new(text);
        let field = |i: usize, name: &'static str| fields.get(i, name);
        let [(at0, north_text), (south_at, south_text)] =
            fields.rows("<North's holes n..1>/<South's holes 1..n>")?;
        let north = parse_row(north_text, at0, "north row")?;
        let south = parse_row(south_text, south_at, "south row")?;
        same_length(north.len(), south.len(), at0)?;
        let n = north.len();
        let (mut north_counts, north_t) = split_tuzdik(&north, at0, "north row")?;
        north_counts.reverse(); // written from hole n down to hole 1
        let (south_counts, south_t) = split_tuzdik(&south, south_at, "south row")?;
        let (a1, t1) = field(1, "south kazan")?;
        let south_kazan = parse_number(t1, a1, "south kazan", 255)? as u8;
        let (a2, t2) = field(2, "north kazan")?;
        let north_kazan = parse_number(t2, a2, "north kazan", 255)? as u8;
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
        let (a4, t4) = field(4, "full-move number")?;
        let fullmove = parse_number(t4, a4, "full-move number", u16::MAX.into())? as u16;
        if fullmove == 0 {
            return Err(PositionParseError::new(
                a4,
                "full-move number",
                TextProblem::Unexpected {
                    found: t4.to_string(),
                    expected: "a number from 1",
                },
            ));
        }
        fields.end(5)?;
        check_total(
            north_counts
                .iter()
                .chain(&south_counts)
                .chain([&south_kazan, &north_kazan]),
            "ball total",
        )?;
        // A `t` in the north row is North's hole, owned by South; and the other way round.
        let south_tuzdik = north_t.map(|i| (n - i) as u8);
        let north_tuzdik = south_t.map(|i| i as u8 + 1);
        Ok(ToguzState::from_parts(
            n,
            [&south_counts, &north_counts],
            [south_kazan, north_kazan],
            [south_tuzdik, north_tuzdik],
            mover,
            fullmove,
        ))
    }
}

impl fmt::Display for ToguzState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.holes();
        let row =
            |f: &mut fmt::Formatter<'_>, player: Player, order: &mut dyn Iterator<Item = usize>| {
                let mut entries: Vec<String> = Vec::new();
                let mut empties = 0;
                for h in order {
                    if self.is_tuzdik(player, h) || self.hole(player, h) > 0 {
                        if empties > 0 {
                            entries.push(empties.to_string());
                            empties = 0;
                        }
                        if self.is_tuzdik(player, h) {
                            entries.push("t".into());
                        } else {
                            entries.push(format!("{}S", self.hole(player, h)));
                        }
                    } else {
                        empties += 1;
                    }
                }
                if empties > 0 {
                    entries.push(empties.to_string());
                }
                f.write_str(&entries.join(","))
            };
        row(f, Player::North, &mut (1..=n).rev())?;
        f.write_str("/")?;
        row(f, Player::South, &mut (1..=n))?;
        write!(
            f,
            " {} {} {} {}",
            self.kazans[0],
            self.kazans[1],
            self.mover.letter(),
            self.fullmove
        )
    }
}

crate::serde_as_text!(ToguzState);
