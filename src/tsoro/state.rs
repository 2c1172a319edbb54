//! Tsoro's position: a packed board, its text form and its hash.

use std::fmt;
use std::str::FromStr;

use super::moves::Hole;
use crate::error::{PositionParseError, TextProblem};
use crate::player::Player;
use crate::text::{parse_count, parse_number, unexpected};

/// Bytes kept per player's loop: room for the largest loop (2 x 21 holes), padded to a
/// multiple of 16 so loop copies and compares are a few vector moves.
pub(crate) const LOOP: usize = 48;

/// Where the player to move is within his turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Phase {
    /// The turn has not started: he chooses a hole to sow from.
    #[default]
    Start,
    /// A lap ended in his occupied head at this loop index: he chooses `relay` or `stop`.
    Head(u8),
    /// He has captured and may take this many more opponent holes (or `done`).
    Bonus(u8),
}

/// A Tsoro position: all four rows, the stones each player has captured, the side to move,
/// and where he is within his turn.
///
/// The board is two arrays of bytes, one per player, each indexed by that player's **loop
/// index** (see the [module docs](super)), so a lap of sowing is a run of increments along
/// one array with one wrap.
///
/// # Position text
/// ```text
/// <North outer>/<North inner>/<South inner>/<South outer> <by South> <by North> <S|N> [extras]
/// ```
/// The four rows top to bottom as South sees the board, each listed from South's left to
/// right, numbers joined by commas; then the stones captured by South and by North; then the
/// side to move. Optional tokens follow, in this order, each only when it applies:
/// - `head=o21`: a lap of the mover's ended in his occupied head `o21` (his notation, from
///   his left); he must answer `relay` or `stop`.
/// - `take=K`: the mover has captured and may take `K` more opponent holes (or `done`).
/// - `hand=H@i5` (re-entered captures only): `H` captured stones wait to be sown by the
///   mover, from the hole after his `i5` (the hole his capturing stone landed in).
/// - `captures=S,N` (Tracey's variation only): captures made so far by South and by North,
///   counted up to 2 (the bonus schedule needs no more).
/// - `ply=P` (under a ply limit only): plies played so far.
///
/// ```
/// use sowing::tsoro::TsoroState;
/// let text = "2,2,2,2,2,2/0,0,0,0,0,0/0,0,0,0,0,0/2,2,2,2,2,2 0 0 S";
/// let s: TsoroState = text.parse().unwrap();
/// assert_eq!(s.holes(), 6);
/// assert_eq!(s.to_string(), text);
/// let mid: TsoroState = "0,0,0,0,0,0/1,0,0,0,0,0/0,0,2,0,0,1/0,0,0,0,5,3 2 0 S head=o5"
///     .parse()
///     .unwrap();
/// assert_eq!(mid.to_string(), "0,0,0,0,0,0/1,0,0,0,0,0/0,0,2,0,0,1/0,0,0,0,5,3 2 0 S head=o5");
/// assert!("2,2/0,0 0 0 S".parse::<TsoroState>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TsoroState {
    /// `holes[player][loop index]`.
    pub(crate) holes: [[u8; LOOP]; 2],
    /// Stones captured (out of play) by each player.
    pub(crate) captured: [u8; 2],
    /// The additive hash before the final mix (see [`keys`]).
    pub(crate) hash: u64,
    /// Holes a row.
    pub(crate) n: u8,
    pub(crate) mover: Player,
    pub(crate) phase: Phase,
    /// Re-entered captures: stones waiting to be sown by the mover after his bonus takes.
    pub(crate) hand: u8,
    /// With `hand > 0`: the mover's loop index his capturing stone landed in (0 otherwise).
    pub(crate) at: u8,
    /// Tracey: captures made by each player, up to 2.
    pub(crate) captures: [u8; 2],
    /// Under a ply limit: plies played (0 otherwise).
    pub(crate) ply: u32,
}

/// Hash keys: one random 64-bit key per (player, loop index), and keys for everything else
/// the state holds. The hash is additive (`sum(count * key)`, wrapping), so sowing a stone
/// adds one key; [`mix`](keys::mix) spreads the bits when it is read.
pub(crate) mod keys {
    use super::LOOP;
    pub(crate) use crate::hashing::mix;
    use crate::hashing::splitmix;

    const fn key(i: u64) -> u64 {
        splitmix(0x5453_4F52_4F00_0000 ^ i.wrapping_mul(0x2545_F491_4F6C_DD1D))
    }
    const fn table<const K: usize>(base: u64) -> [u64; K] {
        let mut t = [0u64; K];
        let mut i = 0;
        while i < K {
            t[i] = key(base + i as u64);
            i += 1;
        }
        t
    }
    /// Per stone in a hole: `HOLES[player][loop index]`.
    pub(crate) const HOLES: [[u64; LOOP]; 2] = [table(0), table(100)];

    /// A player's hole keys as the sowing reads them: each hole's, and their running sums.
    #[derive(Debug)]
    pub(crate) struct LoopKeys {
        /// `HOLES[player]`.
        pub(crate) holes: [u64; LOOP],
        /// `sums[i]`: the keys of holes `0..i` added up (wrapping), so that stones sown one
        /// into each of holes `a..b` add `sums[b] - sums[a]`.
        pub(crate) sums: [u64; LOOP + 1],
    }

    const fn loop_keys(holes: [u64; LOOP]) -> LoopKeys {
        let mut sums = [0u64; LOOP + 1];
        let mut i = 0;
        while i < LOOP {
            sums[i + 1] = sums[i].wrapping_add(holes[i]);
            i += 1;
        }
        LoopKeys { holes, sums }
    }

    /// [`LoopKeys`] of each player.
    pub(crate) static LOOPS: [LoopKeys; 2] = [loop_keys(HOLES[0]), loop_keys(HOLES[1])];
    /// Per stone captured by each player.
    pub(crate) const CAPTURED: [u64; 2] = table(200);
    /// North to move.
    pub(crate) const NORTH: u64 = key(300);
    /// A pending head decision, by loop index.
    pub(crate) const HEAD: [u64; LOOP] = table(400);
    /// Pending bonus takes, by number left.
    pub(crate) const TAKES: [u64; 8] = table(500);
    /// Per stone in hand.
    pub(crate) const HAND: u64 = key(600);
    /// The hand's landing hole, by loop index.
    pub(crate) const AT: [u64; LOOP] = table(700);
    /// Captures made: `CAPTURES[player][count]` (count 1 or 2; none for 0).
    pub(crate) const CAPTURES: [[u64; 3]; 2] = [table(800), table(810)];
    /// Per ply played.
    pub(crate) const PLY: u64 = key(900);

    /// The key of a phase (0 for the start of a turn).
    #[inline]
    pub(crate) const fn phase(p: super::Phase) -> u64 {
        match p {
            super::Phase::Start => 0,
            super::Phase::Head(i) => HEAD[i as usize % LOOP],
            super::Phase::Bonus(k) => TAKES[k as usize % 8],
        }
    }

    /// The key of the hand's landing hole (0 for none).
    #[inline]
    pub(crate) const fn at(i: u8) -> u64 {
        if i == 0 { 0 } else { AT[i as usize % LOOP] }
    }

    /// The key of a player's capture count (0 for none).
    #[inline]
    pub(crate) const fn captures(player: usize, c: u8) -> u64 {
        if c == 0 {
            0
        } else {
            CAPTURES[player % 2][c as usize % 3]
        }
    }
}

impl TsoroState {
    /// Holes a row.
    pub fn holes(&self) -> usize {
        self.n as usize
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        self.mover
    }

    /// Where the mover is within his turn.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Stones in `player`'s hole at loop index `index` (0 outside the board).
    pub fn hole(&self, player: Player, index: usize) -> u8 {
        if index < 2 * self.holes() {
            self.holes[player.index()][index]
        } else {
            0
        }
    }

    /// `player`'s loop: stones by loop index (`2N` entries).
    pub fn row_loop(&self, player: Player) -> &[u8] {
        &self.holes[player.index()][..2 * self.holes()]
    }

    /// Stones captured by `player` (and out of play).
    pub fn captured(&self, player: Player) -> u8 {
        self.captured[player.index()]
    }

    /// Stones on `player`'s side of the board.
    pub fn stones_of(&self, player: Player) -> u32 {
        self.row_loop(player).iter().map(|&c| u32::from(c)).sum()
    }

    /// Captured stones waiting to be sown back in (re-entered captures), and the mover's loop
    /// index they are sown on from.
    pub fn hand(&self) -> (u8, usize) {
        (self.hand, self.at as usize)
    }

    /// Captures made by `player` so far, counted up to 2 (Tracey's variation only).
    pub fn captures_made(&self, player: Player) -> u8 {
        self.captures[player.index()]
    }

    /// Plies played (kept under a ply limit only).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The hash of everything but the holes. [`Tsoro`](super::Tsoro)'s play keeps each
    /// part up to date as it changes; this sums them from scratch.
    pub(crate) fn extras_key(&self) -> u64 {
        let mut h = u64::from(self.captured[0])
            .wrapping_mul(keys::CAPTURED[0])
            .wrapping_add(u64::from(self.captured[1]).wrapping_mul(keys::CAPTURED[1]));
        if self.mover == Player::North {
            h = h.wrapping_add(keys::NORTH);
        }
        h = h
            .wrapping_add(keys::phase(self.phase))
            .wrapping_add(u64::from(self.hand).wrapping_mul(keys::HAND))
            .wrapping_add(keys::at(self.at))
            .wrapping_add(keys::captures(0, self.captures[0]))
            .wrapping_add(keys::captures(1, self.captures[1]));
        h.wrapping_add(u64::from(self.ply).wrapping_mul(keys::PLY))
    }

    /// The additive hash from scratch.
    pub(crate) fn raw_hash_from_scratch(&self) -> u64 {
        let mut h = self.extras_key();
        for p in 0..2 {
            for (i, &c) in self.holes[p].iter().enumerate() {
                h = h.wrapping_add(u64::from(c).wrapping_mul(keys::HOLES[p][i]));
            }
        }
        h
    }

    /// A state at the start of `mover`'s turn with these loops (`2n` entries each).
    pub(crate) fn from_loops(n: usize, loops: [&[u8]; 2], mover: Player) -> TsoroState {
        let mut holes = [[0u8; LOOP]; 2];
        for p in 0..2 {
            holes[p][..2 * n].copy_from_slice(&loops[p][..2 * n]);
        }
        let mut s = TsoroState::turn_start(holes, [0; 2], n, mover);
        s.hash = s.raw_hash_from_scratch();
        s
    }

    /// A state at the start of `mover`'s turn, nothing pending and no ply counted; the hash
    /// is left 0 for the caller to compute once everything is set.
    fn turn_start(holes: [[u8; LOOP]; 2], captured: [u8; 2], n: usize, mover: Player) -> Self {
        TsoroState {
            holes,
            captured,
            hash: 0,
            n: n as u8,
            mover,
            phase: Phase::Start,
            hand: 0,
            at: 0,
            captures: [0; 2],
            ply: 0,
        }
    }

    /// The four rows as the text writes them: `[row][column from South's left]` as
    /// (player, loop index).
    pub(crate) fn cell(n: usize, row: usize, col: usize) -> (Player, usize) {
        match row {
            0 => (Player::North, n - 1 - col),
            1 => (Player::North, n + col),
            2 => (Player::South, 2 * n - 1 - col),
            _ => (Player::South, col),
        }
    }
}

const ROW_NAMES: [&str; 4] = [
    "north outer row",
    "north inner row",
    "south inner row",
    "south outer row",
];

/// Reads `o5` / `i3` as the mover's loop index on a board of `n`.
fn parse_own_hole(
    t: &str,
    at: usize,
    n: usize,
    field: &'static str,
) -> Result<u8, PositionParseError> {
    t.parse::<Hole>()
        .ok()
        .and_then(|h| h.own_index(n))
        .map(|i| i as u8)
        .ok_or_else(|| unexpected(at, field, t, "a hole of the mover, o1..oN or i1..iN"))
}

impl FromStr for TsoroState {
    type Err = PositionParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        // Fields separated by whitespace, with their byte offsets.
        let mut fields: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    fields.push((s, &text[s..i]));
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            fields.push((s, &text[s..]));
        }
        let field = |i: usize, name: &'static str| {
            fields
                .get(i)
                .copied()
                .ok_or_else(|| PositionParseError::new(text.len(), name, TextProblem::Missing))
        };
        let (at0, board) = field(0, "rows")?;
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != 4 {
            return Err(unexpected(
                at0,
                "rows",
                board,
                "four rows joined by `/`: North outer/North inner/South inner/South outer",
            ));
        }
        let mut counts: Vec<Vec<u8>> = Vec::new();
        let mut at = at0;
        for (r, row) in rows.iter().enumerate() {
            let mut items = Vec::new();
            let mut a = at;
            for item in row.split(',') {
                items.push(parse_count(item, a, ROW_NAMES[r])?);
                a += item.len() + 1;
            }
            if r > 0 && items.len() != counts[0].len() {
                return Err(PositionParseError::new(
                    at,
                    ROW_NAMES[r],
                    TextProblem::WrongLength {
                        expected: counts[0].len(),
                        found: items.len(),
                    },
                ));
            }
            counts.push(items);
            at += row.len() + 1;
        }
        let n = counts[0].len();
        if !(6..=21).contains(&n) {
            return Err(PositionParseError::new(
                at0,
                ROW_NAMES[0],
                TextProblem::WrongLength {
                    expected: if n < 6 { 6 } else { 21 },
                    found: n,
                },
            ));
        }
        let mut holes = [[0u8; LOOP]; 2];
        for (r, row) in counts.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                let (p, i) = TsoroState::cell(n, r, c);
                holes[p.index()][i] = v;
            }
        }
        let (a1, t1) = field(1, "stones captured by South")?;
        let cap_s = parse_count(t1, a1, "stones captured by South")?;
        let (a2, t2) = field(2, "stones captured by North")?;
        let cap_n = parse_count(t2, a2, "stones captured by North")?;
        let (a3, t3) = field(3, "side to move")?;
        let mover = match t3 {
            "S" => Player::South,
            "N" => Player::North,
            _ => return Err(unexpected(a3, "side to move", t3, "S or N")),
        };
        let total: u32 = counts.iter().flatten().map(|&c| u32::from(c)).sum::<u32>()
            + u32::from(cap_s)
            + u32::from(cap_n);
        let mut s = TsoroState::turn_start(holes, [cap_s, cap_n], n, mover);
        // Optional tokens, each at most once, in order.
        let mut stage = 0;
        const EXTRAS: &str =
            "head=<hole>, take=<k>, hand=<h>@<hole>, captures=<s>,<n> or ply=<p>, in that order";
        for &(a, tok) in &fields[4..] {
            let Some((key, value)) = tok.split_once('=') else {
                return Err(unexpected(a, "extras", tok, EXTRAS));
            };
            let va = a + key.len() + 1;
            let order = match key {
                "head" => 1,
                "take" => 2,
                "hand" => 3,
                "captures" => 4,
                "ply" => 5,
                _ => 0,
            };
            if order <= stage || (order <= 2 && stage >= 1) {
                return Err(unexpected(a, "extras", tok, EXTRAS));
            }
            stage = order;
            match key {
                "head" => s.phase = Phase::Head(parse_own_hole(value, va, n, "head")?),
                "take" => {
                    let k = parse_count(value, va, "take")?;
                    if k == 0 || k > 5 {
                        return Err(PositionParseError::new(
                            va,
                            "take",
                            TextProblem::Unexpected {
                                found: value.to_string(),
                                expected: "1..=5 takes",
                            },
                        ));
                    }
                    s.phase = Phase::Bonus(k);
                }
                "hand" => {
                    let Some((h, hole)) = value.split_once('@') else {
                        return Err(unexpected(va, "hand", value, "<stones>@<hole>, e.g. 6@i5"));
                    };
                    s.hand = parse_count(h, va, "hand")?;
                    if s.hand == 0 {
                        return Err(unexpected(va, "hand", value, "at least 1 stone"));
                    }
                    s.at = parse_own_hole(hole, va + h.len() + 1, n, "hand")?;
                }
                "captures" => {
                    let Some((cs, cn)) = value.split_once(',') else {
                        return Err(unexpected(va, "captures", value, "<south>,<north>"));
                    };
                    for (p, (t, off)) in [(cs, va), (cn, va + cs.len() + 1)].into_iter().enumerate()
                    {
                        let c = parse_count(t, off, "captures")?;
                        if c > 2 {
                            return Err(PositionParseError::new(
                                off,
                                "captures",
                                TextProblem::TooLarge {
                                    value: c.into(),
                                    max: 2,
                                },
                            ));
                        }
                        s.captures[p] = c;
                    }
                }
                _ => {
                    s.ply = parse_number(value, va, "ply", u32::MAX.into())? as u32;
                }
            }
        }
        if total + u32::from(s.hand) > 255 {
            return Err(PositionParseError::new(
                0,
                "stone total",
                TextProblem::TooLarge {
                    value: (total + u32::from(s.hand)).into(),
                    max: 255,
                },
            ));
        }
        s.hash = s.raw_hash_from_scratch();
        Ok(s)
    }
}

impl fmt::Display for TsoroState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.holes();
        for row in 0..4 {
            if row > 0 {
                f.write_str("/")?;
            }
            for col in 0..n {
                if col > 0 {
                    f.write_str(",")?;
                }
                let (p, i) = TsoroState::cell(n, row, col);
                write!(f, "{}", self.holes[p.index()][i])?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.captured[0],
            self.captured[1],
            self.mover.letter()
        )?;
        match self.phase {
            Phase::Start => {}
            Phase::Head(i) => write!(f, " head={}", Hole::from_own_index(i.into(), n))?,
            Phase::Bonus(k) => write!(f, " take={k}")?,
        }
        if self.hand != 0 {
            write!(
                f,
                " hand={}@{}",
                self.hand,
                Hole::from_own_index(self.at.into(), n)
            )?;
        }
        if self.captures != [0, 0] {
            write!(f, " captures={},{}", self.captures[0], self.captures[1])?;
        }
        if self.ply != 0 {
            write!(f, " ply={}", self.ply)?;
        }
        Ok(())
    }
}

crate::serde_as_text!(TsoroState);
