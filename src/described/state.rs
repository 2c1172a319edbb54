//! A described game's position: the ring of holes and stores, the side to move, and the plies
//! played under a ply limit; its text form.

use std::fmt;
use std::str::FromStr;

use super::description::MAX_HOLES;
use crate::error::{PositionParseError, TextProblem};
use crate::player::Player;
use crate::swar;
use crate::text::{Fields, check_total, parse_counts, same_length, unexpected, write_rows};

/// The most places on the ring: two rows of [`MAX_HOLES`] and two stores.
pub(crate) const RING: usize = 2 * MAX_HOLES as usize + 2;

/// Every ring place `r` of a state is below [`RING`], a power of two: `r & WRAP` is `r`,
/// and indexing by it needs no bounds check.
pub(crate) const WRAP: usize = RING - 1;
const _: () = assert!(RING.is_power_of_two());

/// The lanes of a row of `h` holes in the two words [`MancalaState::row_words`] reads, for
/// each `h` up to [`MAX_HOLES`]: looked up, not worked out on every read.
const ROW_MASKS: [[u64; 2]; 16] = {
    let mut masks = [[0u64; 2]; 16];
    let mut h = 0;
    while h < 16 {
        masks[h][0] = if h >= 8 {
            u64::MAX
        } else {
            (1u64 << (8 * h)) - 1
        };
        masks[h][1] = if h <= 8 {
            0
        } else {
            (1u64 << (8 * (h - 8))) - 1
        };
        h += 1;
    }
    masks
};

/// A position of a described game: both rows, both stores, the side to move, and under a
/// ply limit the plies played (under `no-capture-moves=N`, the moves played up to `N`).
///
/// The board is one ring of 8-bit counters in counter-clockwise order: South's holes
/// `0..h` from his left, South's store `h`, North's holes from his left `h+1..=2h`, North's
/// store `2h+1`.
///
/// # Position text
/// `<North's holes h..1>/<South's holes 1..h> <South's store> <North's store> <S|N>[ ply=P][ south=ccw|cw]`,
/// the board as South sees it (as Kalah's). `ply=P` counts the plies played under
/// `max-plies`, and under `no-capture-moves=N` without a ply limit the moves played up to
/// `N` (past which nothing depends on it). `south=ccw` or `south=cw`, under
/// `sow=first-chooses` once the first move has chosen, is the way South sows (North sows
/// the other); without it the next move chooses.
///
/// ```
/// use sowing::described::MancalaState;
/// let s: MancalaState = "4,4,4,4,4/4,4,4,4,4 0 0 S".parse().unwrap();
/// assert_eq!(s.holes(), 5);
/// assert_eq!(s.hole(sowing::Player::North, 1), 4);
/// assert_eq!(s.to_string(), "4,4,4,4,4/4,4,4,4,4 0 0 S");
/// assert!("4,4/4 0 0 S".parse::<MancalaState>().is_err());
/// let chosen: MancalaState = "4,4/4,4 0 0 N south=cw".parse().unwrap();
/// assert_eq!(chosen.to_string(), "4,4/4,4 0 0 N south=cw");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MancalaState {
    pub(crate) cells: [u8; RING],
    pub(crate) holes: u8,
    pub(crate) mover: Player,
    pub(crate) ply: u32,
    /// Under `sow=first-chooses`, the way South sows once the first move has chosen it:
    /// [`UNCHOSEN`], [`SOUTH_CCW`] or [`SOUTH_CW`] (North sows the other way).
    pub(crate) south_way: u8,
}

/// [`MancalaState::south_way`]: the way is not chosen yet.
pub(crate) const UNCHOSEN: u8 = 0;
/// [`MancalaState::south_way`]: South sows counter-clockwise, North clockwise.
pub(crate) const SOUTH_CCW: u8 = 1;
/// [`MancalaState::south_way`]: South sows clockwise, North counter-clockwise.
pub(crate) const SOUTH_CW: u8 = 2;

impl MancalaState {
    /// Holes a row.
    pub fn holes(&self) -> usize {
        usize::from(self.holes)
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.mover
    }

    /// Plies played, counted under a ply limit, or up to `N` under `no-capture-moves=N`
    /// (0 otherwise).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The ring index of `player`'s hole `i` (0 from his left).
    #[inline]
    pub(crate) fn at(&self, player: Player, i: usize) -> usize {
        // South's row starts at 0, North's at h + 1: a product, not a branch.
        i + player.index() * (self.holes() + 1)
    }

    /// The ring index of `player`'s store.
    /// The count of ring place `r` (below [`RING`]), read without a bounds check.
    #[inline(always)]
    pub(crate) fn cell(&self, r: usize) -> u8 {
        self.cells[r & WRAP]
    }

    /// The count of ring place `r` (below [`RING`]), to change.
    #[inline(always)]
    pub(crate) fn cell_mut(&mut self, r: usize) -> &mut u8 {
        &mut self.cells[r & WRAP]
    }

    /// Sets ring place `r` (below [`RING`]) to `n` by a whole aligned word: the moves
    /// read the ring by such words, and a word read waits for a narrower write inside it
    /// to reach the cache (a store cannot forward to a wider load).
    #[inline(always)]
    pub(crate) fn put(&mut self, r: usize, n: u8) {
        let (w, b) = ((r / 8) & 3, 8 * (r % 8));
        let word = swar::word(&self.cells, w) & !(0xFF << b) | u64::from(n) << b;
        self.cells[8 * w..8 * w + 8].copy_from_slice(&word.to_le_bytes());
    }

    #[inline]
    pub(crate) fn store_at(&self, player: Player) -> usize {
        self.at(player, self.holes())
    }

    /// Seeds in `player`'s hole `hole`, numbered `1..=h` from his left; 0 outside.
    pub fn hole(&self, player: Player, hole: usize) -> u8 {
        if hole == 0 || hole > self.holes() {
            return 0;
        }
        self.cells[self.at(player, hole - 1)]
    }

    /// Seeds in `player`'s store.
    pub fn store(&self, player: Player) -> u8 {
        self.cells[self.store_at(player)]
    }

    /// `player`'s row, from his left.
    #[inline]
    pub(crate) fn row(&self, player: Player) -> &[u8] {
        let start = self.at(player, 0);
        &self.cells[start..start + self.holes()]
    }

    /// `player`'s row as two words of 8-bit counters, holes `0..8` and `8..16` from his left,
    /// the lanes past the row zero: read without a loop over the holes.
    /// Ring places `at..at + 8` as a word, the first the lowest (`at` at most
    /// `RING - 8`; the bound, kept by every caller, spares the read its bounds check).
    #[inline(always)]
    fn word_at(&self, at: usize) -> u64 {
        swar::word_at(&self.cells, at.min(RING - 8))
    }

    #[inline(always)]
    pub(crate) fn row_words(&self, player: Player) -> [u64; 2] {
        // The row starts at 0 or at h + 1 <= 16, so both words lie inside the ring.
        let start = self.at(player, 0);
        let [lo_mask, hi_mask] = ROW_MASKS[self.holes() & 15];
        [
            self.word_at(start) & lo_mask,
            self.word_at(start + 8) & hi_mask,
        ]
    }

    #[inline(always)]
    pub(crate) fn nonempty_holes(&self, player: Player) -> u32 {
        let [lo, hi] = self.row_words(player);
        (swar::nonzero_bits(lo) | swar::nonzero_bits(hi) << 8) as u32
    }

    /// [`nonempty_holes`](MancalaState::nonempty_holes) of a row of at most 7 holes, whose
    /// lanes in one word `mask` holds.
    #[inline(always)]
    pub(crate) fn nonempty_narrow(&self, player: Player, mask: u64) -> u32 {
        // From the ring's first 16 places as one word, as the sowing writes them: a read
        // across two narrower writes would wait for both to reach the cache (a store
        // cannot forward to it).
        let row = (self.ring() >> (8 * (self.at(player, 0) & 15))) as u64;
        swar::nonzero_bits(row & mask) as u32
    }

    /// Both rows of at most 7 holes, `[South's, North's]`, each a word of counters from
    /// his left (`mask` holds a row's lanes), from one read of the ring.
    #[inline(always)]
    pub(crate) fn row_words_narrow(&self, mask: u64) -> [u64; 2] {
        let ring = self.ring();
        let north = (ring >> (8 * ((self.holes() + 1) & 15))) as u64;
        [ring as u64 & mask, north & mask]
    }

    /// Ring places `0..16` as one word of 8-bit counters, the first the lowest: the whole
    /// board of rows of at most 7 holes.
    #[inline(always)]
    pub(crate) fn ring(&self) -> u128 {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.cells[..16]);
        u128::from_le_bytes(bytes)
    }

    /// Sets ring places `0..16` from one word ([`ring`](MancalaState::ring)).
    #[inline(always)]
    pub(crate) fn set_ring(&mut self, ring: u128) {
        self.cells[..16].copy_from_slice(&ring.to_le_bytes());
    }

    /// Seeds in all of `player`'s holes.
    #[inline]
    pub fn seeds_in_row(&self, player: Player) -> u32 {
        // Every count of a state adds up to at most 255 (its text is refused past it, and a
        // move only moves seeds), so no partial sum of the bytes overflows.
        let [lo, hi] = self.row_words(player);
        swar::byte_sum(lo) + swar::byte_sum(hi)
    }

    /// A state from each row from its owner's left and the stores.
    pub(crate) fn from_rows(south: &[u8], north: &[u8], stores: [u8; 2], mover: Player) -> Self {
        let h = south.len().min(MAX_HOLES.into());
        let mut s = MancalaState {
            cells: [0; RING],
            holes: h as u8,
            mover,
            ply: 0,
            south_way: UNCHOSEN,
        };
        s.cells[..h].copy_from_slice(&south[..h]);
        for (i, &n) in north.iter().take(h).enumerate() {
            s.cells[h + 1 + i] = n;
        }
        s.cells[h] = stores[0];
        s.cells[2 * h + 1] = stores[1];
        s
    }
}

impl FromStr for MancalaState {
    type Err = PositionParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let fields = Fields::new(text);
        let [(at0, north_text), (south_at, south_text)] =
            fields.rows("<North's holes h..1>/<South's holes 1..h>")?;
        let north = parse_counts(north_text, at0, "north row")?;
        let south = parse_counts(south_text, south_at, "south row")?;
        same_length(north.len(), south.len(), at0)?;
        let h = north.len();
        if h > MAX_HOLES.into() {
            return Err(PositionParseError::new(
                at0,
                "north row",
                TextProblem::TooLarge {
                    value: h as u64,
                    max: MAX_HOLES.into(),
                },
            ));
        }
        let ([south_store, north_store], mover) = fields.stores_and_mover(1)?;
        // `ply=P` and `south=` are each optional, in that order.
        let south_first = fields
            .optional(4)
            .is_some_and(|(_, t)| t.starts_with("south="));
        let ply = if south_first { 0 } else { fields.ply(4)? };
        let at = if south_first || fields.optional(4).is_none() {
            4
        } else {
            5
        };
        let south_way = match fields.optional(at) {
            None => UNCHOSEN,
            Some((_, "south=ccw")) => SOUTH_CCW,
            Some((_, "south=cw")) => SOUTH_CW,
            Some((a, t)) => {
                return Err(unexpected(
                    a,
                    "south's way",
                    t,
                    "`south=ccw`, `south=cw` or the end of the text",
                ));
            }
        };
        fields.end(at + usize::from(south_way != UNCHOSEN))?;
        check_total(
            north
                .iter()
                .chain(&south)
                .chain([&south_store, &north_store]),
            "seed total",
        )?;
        let north: Vec<u8> = north.into_iter().rev().collect();
        let mut s = MancalaState::from_rows(&south, &north, [south_store, north_store], mover);
        s.ply = ply;
        s.south_way = south_way;
        Ok(s)
    }
}

impl fmt::Display for MancalaState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_rows(
            f,
            self.row(Player::North).iter().rev(),
            self.row(Player::South).iter(),
        )?;
        write!(
            f,
            " {} {} {}",
            self.store(Player::South),
            self.store(Player::North),
            self.mover.letter()
        )?;
        if self.ply != 0 {
            write!(f, " ply={}", self.ply)?;
        }
        match self.south_way {
            SOUTH_CCW => f.write_str(" south=ccw"),
            SOUTH_CW => f.write_str(" south=cw"),
            _ => Ok(()),
        }
    }
}

crate::serde_as_text!(MancalaState);
