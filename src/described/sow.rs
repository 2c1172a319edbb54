//! The moves of a described game: which holes may be played, the sowing, the captures and
//! the end, read from the description once built into step tables.

use super::Mancala;
use super::description::{
    CannotFeed, ChainWay, Counts, Direction, EndRule, FeedTest, Goal, GrandSlam, Laps, Leftovers,
    Opposite, RelayIf, Side, Sowing, StoreSowing,
};
use super::lap::{LapTable, TABLE_HOLES};
use super::moves::{MancalaMove, Way};
use super::shape::{Any, Shape, in_shape, rarer_in};
use super::state::{MancalaState, RING, WRAP};
use crate::player::Player;
use crate::swar;

/// A relay sowing lifts at most this many times; past it the move ends where it stands (a
/// real board would never get there: see the module docs).
pub const MAX_LIFTS: u32 = 1000;

/// The place [`sow`](Mancala::sow) returns for a relay cut short by `max-laps`: no place
/// of the ring.
pub(crate) const ENDLESS: usize = usize::MAX;

/// The step tables of one description: for each player and way (0 counter-clockwise, 1
/// clockwise), the ring place after each place, the stores he does not sow skipped.
///
/// The stores stand where the ring puts them, each at its owner's right, whichever way a
/// move sows (as MancalaGames' engine has them): a clockwise sowing of South's passes his
/// own store after North's row. A game whose stores stand at the players' left under
/// clockwise sowing is the mirror image of a counter-clockwise one, and is described so.
#[derive(Clone, Debug)]
pub(crate) struct Steps {
    pub(crate) next: [[[u8; RING]; 2]; 2],
    /// For each player, the ring places his sowing puts seeds in (holes and sown stores):
    /// a hand of fewer seeds never comes back to the hole it was lifted from.
    pub(crate) places: [u8; 2],
    /// The way index every move sows in, where the description fixes it (not
    /// `sow=choice`, `sow=even-odd`, `sow=split` or `choice-holes`): found once, not on every
    /// move.
    pub(crate) fixed_way: Option<usize>,
    /// A bit for each count of seeds (0 to 255) a count capture takes: one look-up for
    /// [`Counts::contains`], none of whose words are set when no count captures.
    pub(crate) capturing: [u64; 4],
    /// Whether some count captures (a word of `capturing` is set).
    pub(crate) counts: bool,
    /// `fixed_way`, 0 where the way is not fixed.
    pub(crate) way: usize,
    /// The lanes of a row of at most 7 holes in one word.
    pub(crate) row_mask: u64,
    /// A lap's sowing by table, for rows of at most 7 holes.
    pub(crate) lap: Option<LapTable>,
    /// Whether the relay asks more than the classic one (`laps=next`, `relay-if`,
    /// `relay-stops-on-count`): it is then sown by [`Mancala::sow_rare_relay`].
    pub(crate) rare_relay: bool,
    /// Whether a limit of the seeds left ends the game (`seeds-limit`, `hole-limit`); set
    /// by [`Mancala::new`](super::Mancala::new).
    pub(crate) limits: bool,
    /// The holes whose way the mover chooses, hole `i` bit `i` (every bit under
    /// `sow=choice`, `choice-holes` otherwise): found once, asked of every move.
    pub(crate) chosen: u32,
    /// The way of each mask bit's move ([`Mask`]): found once, asked of every move.
    pub(crate) way_of_bit: [Way; 32],
}

impl Steps {
    pub(crate) fn new(holes: usize, sowing: &Sowing, counts: Counts) -> Steps {
        let (stores, direction) = (sowing.stores, sowing.direction);
        let h = holes;
        let (south_store, north_store) = (h, 2 * h + 1);
        // Every place once, counter-clockwise; clockwise is the same ring backwards.
        let ccw: Vec<usize> = (0..2 * h + 2).collect();
        let cw: Vec<usize> = ccw.iter().rev().copied().collect();
        let mut next = [[[0u8; RING]; 2]; 2];
        let mut places = [0u8; 2];
        for player in Player::BOTH {
            let own = if player == Player::South {
                south_store
            } else {
                north_store
            };
            let sown = |r: usize| {
                let store = r == south_store || r == north_store;
                !store
                    || match stores {
                        StoreSowing::None => false,
                        StoreSowing::Own => r == own,
                        StoreSowing::Both => true,
                    }
            };
            places[player.index()] = ccw.iter().filter(|&&r| sown(r)).count() as u8;
            for (way, order) in [&ccw, &cw].into_iter().enumerate() {
                let len = order.len();
                for (k, &r) in order.iter().enumerate() {
                    let mut j = (k + 1) % len;
                    while !sown(order[j]) {
                        j = (j + 1) % len;
                    }
                    next[player.index()][way][r] = order[j] as u8;
                }
            }
        }
        let fixed_way = match direction {
            _ if sowing.choice_holes != 0 => None,
            Direction::Ccw => Some(0),
            Direction::Cw => Some(1),
            Direction::Choice | Direction::EvenOdd | Direction::Split | Direction::FirstChooses => {
                None
            }
        };
        let chosen = match direction {
            Direction::Choice | Direction::FirstChooses => 0xFFFF,
            _ => u32::from(sowing.choice_holes),
        };
        let mut capturing = [0u64; 4];
        if !counts.is_empty() {
            for n in 0..=255u8 {
                if counts.contains(n) {
                    capturing[usize::from(n >> 6)] |= 1 << (n & 63);
                }
            }
        }
        Steps {
            next,
            places,
            fixed_way,
            capturing,
            counts: !counts.is_empty(),
            way: fixed_way.unwrap_or(0),
            lap: (h <= TABLE_HOLES).then(|| {
                let relay = sowing.laps != Laps::One;
                LapTable::new(h, &next, places, sowing.skip_origin, relay)
            }),
            row_mask: (1u64 << (8 * h.min(7))) - 1,
            rare_relay: sowing.laps == Laps::Next
                || sowing.relay_if != RelayIf::Any
                || sowing.relay_stops_on_count,
            limits: false,
            chosen,
            way_of_bit: std::array::from_fn(|bit| match bit {
                16.. => Way::Left,
                _ if chosen >> bit & 1 != 0 => Way::Right,
                _ => Way::Only,
            }),
        }
    }
}

/// A bit for each move of the mover: bit `hole` for way index 0, bit `16 + hole` for way 1.
pub(crate) type Mask = u32;

impl Steps {
    /// Whether some count captures.
    #[inline(always)]
    pub(crate) fn counts(&self) -> bool {
        self.counts
    }

    /// Whether a hole of `n` seeds is taken by a count capture ([`Counts::contains`]).
    #[inline(always)]
    pub(crate) fn captures(&self, n: u8) -> bool {
        self.capturing[usize::from(n >> 6)] >> (n & 63) & 1 != 0
    }
}

impl Mancala {
    /// The way index (0 counter-clockwise, 1 clockwise) a move sows in from `s`: under
    /// `sow=even-odd` the count lifted decides.
    #[inline]
    pub(crate) fn way_of<S: Shape>(&self, s: &MancalaState, mv: MancalaMove) -> usize {
        if !S::WAYS {
            return self.steps.way;
        }
        if let Some(way) = self.steps.fixed_way {
            return way;
        }
        match (self.description.sowing.direction, mv.way) {
            (_, Way::Left) => 1,
            (_, Way::Right) => 0,
            (Direction::Cw, _) => 1,
            (Direction::EvenOdd, _) => {
                let n = s.row(s.mover).get(usize::from(mv.hole)).copied();
                usize::from(n.unwrap_or(1) % 2 == 0)
            }
            (Direction::Split, _) => self.split_way(s, mv.hole),
            _ => 0,
        }
    }

    /// The move of a mask bit.
    #[inline]
    pub(crate) fn move_of_bit(&self, bit: u32) -> MancalaMove {
        self.move_of_bit_in::<Any>(bit)
    }

    /// [`move_of_bit`](Mancala::move_of_bit) in shape `S`.
    #[inline(always)]
    pub(crate) fn move_of_bit_in<S: Shape>(&self, bit: u32) -> MancalaMove {
        let hole = (bit % 16) as u8;
        if !S::WAYS {
            return MancalaMove {
                hole,
                way: Way::Only,
            };
        }
        let way = self.way_of_bit(bit);
        MancalaMove { hole, way }
    }

    /// The mask bit of a move, if the move is one of this game's shape.
    #[inline]
    pub(crate) fn bit_of(&self, s: &MancalaState, mv: MancalaMove) -> Option<u32> {
        if usize::from(mv.hole) >= s.holes() {
            return None;
        }
        self.bit_of_way(mv.hole, mv.way)
    }

    /// Whether `player` has a hole of at least the fewest seeds a move takes.
    #[inline]
    pub(crate) fn can_move(&self, s: &MancalaState, player: Player) -> bool {
        self.playable_holes::<Any>(s, player) != 0
    }

    /// [`can_move`](Mancala::can_move) in shape `S`.
    #[inline(always)]
    fn can_move_in<S: Shape>(&self, s: &MancalaState, player: Player) -> bool {
        self.playable_holes::<S>(s, player) != 0
    }

    /// `player`'s holes with seeds, hole `i` bit `i`.
    #[inline(always)]
    fn nonempty<S: Shape>(&self, s: &MancalaState, player: Player) -> u32 {
        if S::WIDE {
            s.nonempty_holes(player)
        } else {
            s.nonempty_narrow(player, self.steps.row_mask)
        }
    }

    /// Each player's row, `[South's, North's]`, as [`holes_of`](Mancala::holes_of) reads
    /// it: 0 exactly when the row is empty. (Rows of at most 7 holes are their words of
    /// counters, whose holes with seeds are found only where asked.)
    #[inline(always)]
    fn rows<S: Shape>(&self, s: &MancalaState) -> Rows {
        if !S::WIDE {
            return s.row_words_narrow(self.steps.row_mask);
        }
        rows(s)
    }

    /// The holes with seeds of a row of [`rows`](Mancala::rows), hole `i` bit `i`.
    #[inline(always)]
    fn holes_of<S: Shape>(row: u64) -> u32 {
        if S::WIDE {
            row as u32
        } else {
            swar::nonzero_bits(row) as u32
        }
    }

    /// A bit for each of `player`'s holes that hold enough seeds to play, hole `i` bit `i`.
    #[inline(always)]
    fn playable_holes<S: Shape>(&self, s: &MancalaState, player: Player) -> u32 {
        let min = self.description.sowing.min_seeds;
        if !S::MIN || min <= 1 {
            return self.nonempty::<S>(s, player);
        }
        let mut mask = 0;
        for (i, &n) in s.row(player).iter().enumerate() {
            if n >= min {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The mover's moves under the feeding rule (the grand-slam rule aside): empty exactly
    /// when he has no move.
    #[inline]
    pub(crate) fn movable(&self, s: &MancalaState) -> Mask {
        self.movable_with::<Any>(s, rows(s))
    }

    /// [`movable`](Mancala::movable), each player's holes with seeds known (`nonempty`).
    #[inline(always)]
    fn movable_with<S: Shape>(&self, s: &MancalaState, nonempty: Rows) -> Mask {
        let min = self.description.sowing.min_seeds;
        let mut mask = if !S::MIN || min <= 1 {
            Self::holes_of::<S>(nonempty[s.mover.index()])
        } else {
            self.playable_holes::<S>(s, s.mover)
        };
        if rarer_in::<S>() && self.description.sowing.allow != super::Allow::Any {
            mask = self.allowed(s, mask);
        }
        if S::WAYS {
            mask |= (mask & self.chosen_holes()) << 16;
        }
        if rarer_in::<S>() && self.first_chooses() {
            mask = self.keep_chosen_way(s, mask);
        }
        let end = &self.description.end;
        if !S::FEED || !end.must_feed || mask == 0 {
            return mask;
        }
        let fed = match end.feed_test {
            FeedTest::Sowing | FeedTest::MoveSeed => nonempty[(!s.mover).index()] != 0,
            FeedTest::Move => self.can_move_in::<S>(s, !s.mover),
        };
        if fed {
            return mask;
        }
        let feeding = self.feeding::<S>(s, mask);
        match (feeding, end.cannot_feed) {
            (0, CannotFeed::Any) => mask,
            (f, _) => f,
        }
    }

    /// The moves of `mask` that feed the opponent: whose sowing puts a seed in his (empty)
    /// row, or under `feed-test=move` after which, captures made, he has a playable hole.
    #[cold]
    fn feeding<S: Shape>(&self, s: &MancalaState, mask: Mask) -> Mask {
        let mut out = 0;
        let mut left = mask;
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left - 1;
            let mv = self.move_of_bit_in::<S>(bit);
            let mut after = *s;
            let fed = match self.description.end.feed_test {
                FeedTest::Sowing => {
                    self.sow::<S>(&mut after, mv);
                    self.nonempty::<S>(&after, !s.mover) != 0
                }
                FeedTest::Move => {
                    let _ = self.sow_and_capture::<S>(&mut after, mv);
                    self.can_move_in::<S>(&after, !s.mover)
                }
                FeedTest::MoveSeed => {
                    let _ = self.sow_and_capture::<S>(&mut after, mv);
                    self.nonempty::<S>(&after, !s.mover) != 0
                }
            };
            if fed {
                out |= 1 << bit;
            }
        }
        out
    }

    /// Whether a store holds more than half the seeds.
    #[inline]
    pub(crate) fn won(&self, s: &MancalaState) -> bool {
        let h = s.holes();
        let most = s.cell(h).max(s.cell(2 * h + 1));
        2 * u32::from(most) > self.total
    }

    /// Whether the ply limit is reached.
    #[inline]
    pub(crate) fn limit_reached(&self, s: &MancalaState) -> bool {
        self.description
            .end
            .max_plies
            .is_some_and(|max| s.ply >= max)
    }

    /// Whether the game is over, and if so whether by a store past half (the seeds left
    /// then stay unless `divide-on-win`).
    #[inline]
    pub(crate) fn over(&self, s: &MancalaState) -> Option<Ending> {
        self.ended(s)
            .or_else(|| (!self.has_move::<Any>(s)).then_some(Ending::Stuck))
    }

    /// The ends that do not ask whether the player to move has a move: a cleared row under
    /// `goal=clear`, a store past half, too few seeds, the ply limit, an empty row under
    /// `end=side-empty`.
    #[inline]
    fn ended(&self, s: &MancalaState) -> Option<Ending> {
        self.ended_with::<Any>(s, rows(s))
    }

    /// [`ended`](Mancala::ended), each player's holes with seeds known (`nonempty`).
    #[inline(always)]
    fn ended_with<S: Shape>(&self, s: &MancalaState, nonempty: Rows) -> Option<Ending> {
        let end = &self.description.end;
        if S::RARE && end.goal == Goal::Clear && (nonempty[0] == 0 || nonempty[1] == 0) {
            return Some(Ending::Cleared);
        }
        if self.deprived::<S>(s) {
            return Some(Ending::Cleared);
        }
        if S::LAPS && self.steps.limits && self.limit_reached_in(s) {
            return Some(Ending::Stuck);
        }
        if S::HALF && end.half_wins && self.won(s) {
            return Some(Ending::Half);
        }
        if S::RARE {
            if let Some(few) = end.too_few {
                let left = s.seeds_in_row(Player::South) + s.seeds_in_row(Player::North);
                if left > 0 && left < u32::from(few) {
                    return Some(Ending::Stuck);
                }
            }
            if self.limit_reached(s) {
                return Some(Ending::Stuck);
            }
        }
        if end.rule == EndRule::SideEmpty {
            let stuck = if !S::MIN || self.description.sowing.min_seeds <= 1 {
                nonempty[0] == 0 || nonempty[1] == 0
            } else {
                !(self.can_move_in::<S>(s, Player::South)
                    && self.can_move_in::<S>(s, Player::North))
            };
            if stuck {
                return Some(Ending::Stuck);
            }
        }
        None
    }

    /// The end, or the legal moves of the player to move (never empty), each player's
    /// holes read once.
    #[inline(always)]
    fn status<S: Shape>(&self, s: &MancalaState) -> Result<Mask, Ending> {
        let nonempty = self.rows::<S>(s);
        if let Some(ending) = self.ended_with::<S>(s, nonempty) {
            return Err(ending);
        }
        match self.moves_with::<S>(s, nonempty) {
            0 => Err(Ending::Stuck),
            moves => Ok(moves),
        }
    }

    /// The legal moves as a mask: none once the game is over; under
    /// [`GrandSlam::Illegal`] the grand slams are taken out unless nothing else is left.
    /// ([`moves`](Mancala::moves) is empty exactly when the mover has no move, so the
    /// moves are found once.)
    #[inline]
    pub(crate) fn legal_mask(&self, s: &MancalaState) -> Mask {
        in_shape!(self.kernel, S => self.legal_mask_in::<S>(s))
    }

    /// [`legal_mask`](Mancala::legal_mask) in shape `S`.
    #[inline(always)]
    pub(crate) fn legal_mask_in<S: Shape>(&self, s: &MancalaState) -> Mask {
        self.status::<S>(s).unwrap_or(0)
    }

    /// The mover's moves under the feeding rule and the grand-slam rule, the end aside.
    #[inline]
    fn moves<S: Shape>(&self, s: &MancalaState) -> Mask {
        self.moves_with::<S>(s, self.rows::<S>(s))
    }

    /// [`moves`](Mancala::moves), each player's holes with seeds known (`nonempty`).
    #[inline(always)]
    fn moves_with<S: Shape>(&self, s: &MancalaState, nonempty: Rows) -> Mask {
        let mask = self.movable_with::<S>(s, nonempty);
        let c = &self.description.captures;
        if !S::SLAM || c.grand_slam != GrandSlam::Illegal || mask == 0 {
            return mask;
        }
        // A sowing only adds seeds: an opponent's hole already past every capturing count
        // is never taken, so no move is a grand slam (the common case, found without
        // playing each move). The capture two out takes any count.
        if !(c.counts.evens || (self.early::<S>() && c.two_out)) {
            let most = 63 - c.counts.mask.leading_zeros();
            let past = if S::WIDE {
                s.row(!s.mover).iter().any(|&n| u32::from(n) > most)
            } else {
                // A lane above `most` (at most 63): the low 7 bits plus `127 - most` carry
                // into the lane's top bit, or the top bit is set already; no lane carries
                // into the next.
                let row = nonempty[(!s.mover).index()];
                let above = (row & !swar::HIGH).wrapping_add((127 - u64::from(most)) * swar::BYTES);
                (above | row) & swar::HIGH & self.steps.row_mask != 0
            };
            if past {
                return mask;
            }
        }
        let quiet = self.quiet::<S>(s, mask);
        if quiet == 0 && !c.grand_slam_always_illegal {
            mask
        } else {
            quiet
        }
    }

    /// Whether the player to move has a move, the end aside: under
    /// `grand-slam-always-illegal` a mover whose every move is a grand slam has none.
    #[inline]
    fn has_move<S: Shape>(&self, s: &MancalaState) -> bool {
        if S::SLAM && self.description.captures.grand_slam_always_illegal {
            self.moves::<S>(s) != 0
        } else {
            self.movable_with::<S>(s, self.rows::<S>(s)) != 0
        }
    }

    /// The moves of `mask` that are not grand slams.
    #[cold]
    fn quiet<S: Shape>(&self, s: &MancalaState, mask: Mask) -> Mask {
        let mut quiet = 0;
        let mut left = mask;
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left - 1;
            if !self.is_grand_slam::<S>(s, self.move_of_bit_in::<S>(bit)) {
                quiet |= 1 << bit;
            }
        }
        quiet
    }

    /// Whether a move would capture every seed of the opponent.
    #[inline(always)]
    fn is_grand_slam<S: Shape>(&self, s: &MancalaState, mv: MancalaMove) -> bool {
        let way = self.way_of::<S>(s, mv);
        // Without a chain round both rows a grand slam ends in the opponent's row: a lap
        // that ends elsewhere is none, found without sowing it.
        let relay = S::RELAY && self.description.sowing.laps != Laps::One;
        let rare = self.early::<S>() && (self.sows_rarely() || self.description.captures.two_out);
        if let (Some(table), false, false, false) = (
            &self.steps.lap,
            relay,
            self.description.captures.chain_rows,
            rare,
        ) {
            let h = s.holes();
            let last = table.last(s, 0, way, s.at(s.mover, usize::from(mv.hole)));
            if last == h || last == 2 * h + 1 || owned_by(h, last, s.mover) {
                return false;
            }
        }
        let mut after = *s;
        let seeded = self.seeded::<S>(s);
        let last = self.sow::<S>(&mut after, mv);
        self.count_capture::<S>(&after, last, way, seeded).1
    }

    /// Sows `mv` (the hole not empty): lifts, sows, relays; returns the ring place of the
    /// last seed. The captures and the turn are left to [`play`](Mancala::play_move).
    #[inline(always)]
    pub(crate) fn sow<S: Shape>(&self, s: &mut MancalaState, mv: MancalaMove) -> usize {
        if rarer_in::<S>() && self.rarer && self.description.sowing.owner_captures {
            return self.sow_owned::<S>(s, mv);
        }
        if rarer_in::<S>() && self.rarer {
            if let Some(few) = self.description.sowing.lap_captures_opp_gets {
                return self.sow_lap_captures::<S>(s, mv, few);
            }
        }
        if self.early::<S>() && self.sows_rarely() {
            return self.sow_rare::<S>(s, mv);
        }
        let relay = S::RELAY && self.description.sowing.laps != Laps::One;
        if !S::WIDE && !relay {
            if let Some(table) = &self.steps.lap {
                let me = s.mover;
                let way = self.way_of::<S>(s, mv);
                let origin = s.at(me, usize::from(mv.hole));
                return table.sow(s, 0, way, origin);
            }
        }
        // The shapes of wider rows sow seed by seed (the table is for 7 holes at most).
        let table = if S::WIDE {
            None
        } else {
            self.steps.lap.as_ref()
        };
        self.sow_relay::<S>(s, mv, table)
    }

    /// [`sow`](Mancala::sow) lift by lift: each lap by `table` where given, else seed by
    /// seed by the step tables (rows of more than 7 holes).
    #[inline]
    pub(crate) fn sow_relay<S: Shape>(
        &self,
        s: &mut MancalaState,
        mv: MancalaMove,
        table: Option<&LapTable>,
    ) -> usize {
        let me = s.mover;
        let way = self.way_of::<S>(s, mv);
        let next = &self.steps.next[me.index()][way];
        let sowing = &self.description.sowing;
        let skip = S::SKIP && sowing.skip_origin;
        let relay = S::RELAY && sowing.laps != Laps::One;
        let h = s.holes();
        // Whether the opponent had seeds before the move (a relay's count capture asks).
        let seeded = !relay || self.seeded::<S>(s);
        if S::LAPS && relay && self.steps.rare_relay {
            return self.sow_rare_relay::<S>(s, mv);
        }
        let mut pos = s.at(me, usize::from(mv.hole));
        let mut lifts = 0;
        loop {
            let origin = pos;
            let mut hand = s.cell(pos);
            if let Some(table) = table {
                // A relay's table holds each player's sowing from every hole.
                let slot = if relay { me.index() } else { 0 };
                pos = table.sow(s, slot, way, origin);
            } else if skip && hand >= self.steps.places[me.index()] {
                *s.cell_mut(pos) = 0;
                // A whole lap or more: the hand passes the hole it was lifted from.
                while hand > 0 {
                    pos = usize::from(next[pos & WRAP]);
                    if pos == origin {
                        pos = usize::from(next[pos & WRAP]);
                    }
                    let cell = s.cell_mut(pos);
                    *cell = cell.wrapping_add(1);
                    hand -= 1;
                }
            } else {
                *s.cell_mut(pos) = 0;
                while hand > 0 {
                    pos = usize::from(next[pos & WRAP]);
                    let cell = s.cell_mut(pos);
                    *cell = cell.wrapping_add(1);
                    hand -= 1;
                }
            }
            let store = pos == h || pos == 2 * h + 1;
            if !relay || store || s.cells[pos] <= 1 || lifts >= MAX_LIFTS {
                return pos;
            }
            if S::COUNTS && self.steps.counts() && self.relay_capture::<S>(s, pos, way, seeded) {
                return pos;
            }
            lifts += 1;
            if sowing.max_laps.is_some_and(|max| lifts >= u32::from(max)) {
                return ENDLESS;
            }
        }
    }

    /// Whether a count capture stops a relay at `last`: out of line, so that the relay's
    /// loop stays small (the capture after the sowing is inlined).
    #[inline(never)]
    pub(crate) fn relay_capture<S: Shape>(
        &self,
        s: &MancalaState,
        last: usize,
        way: usize,
        seeded: bool,
    ) -> bool {
        !(self.early::<S>() && self.description.captures.two_out)
            && self.count_capture::<S>(s, last, way, seeded).0 != 0
    }

    /// The ring places a count capture takes after a last seed at `last` (a bit each), and
    /// whether it would take every seed of the opponent (a grand slam, whatever the rule
    /// then does); `way` is the sowing's.
    #[inline(always)]
    pub(crate) fn count_capture<S: Shape>(
        &self,
        s: &MancalaState,
        last: usize,
        way: usize,
        seeded: bool,
    ) -> (u32, bool) {
        let c = &self.description.captures;
        if self.early::<S>() && (self.captures_barred(s) || c.two_out) {
            return self.two_out_capture::<S>(s, last, way, seeded);
        }
        if !S::COUNTS || !self.steps.counts() {
            return (0, false);
        }
        let h = s.holes();
        if last == h || last > 2 * h {
            return (0, false);
        }
        let owner = if last < h {
            Player::South
        } else {
            Player::North
        };
        let me = s.mover;
        let side_ok = match c.side {
            Side::Opponent => owner != me,
            Side::Own => owner == me,
            Side::Either => true,
        };
        if !side_ok || !self.steps.captures(s.cell(last)) {
            return (0, false);
        }
        let (lo, hi) = if owner == Player::South {
            (0, h - 1)
        } else {
            (h + 1, 2 * h)
        };
        let mut take = 1u32 << last;
        // The way the chain goes back against: the sowing's, or a fixed one.
        let back = match c.chain_way {
            ChainWay::Back => way,
            ChainWay::Cw => 0,
            ChainWay::Ccw => 1,
        };
        // The holes a chain may take (`chain-most`), the last hole counted.
        let mut room = match c.chain_most {
            Some(most) if S::EARLY => u32::from(most).saturating_sub(1),
            _ => u32::MAX,
        };
        if c.chain && c.chain_rows {
            // Round the ring of holes, the stores not counted, against the sowing; a full
            // circle ends it.
            let mut r = last;
            loop {
                let prev = if back == 0 {
                    match r {
                        0 => 2 * h,
                        _ if r == h + 1 => h - 1,
                        _ => r - 1,
                    }
                } else if r == 2 * h {
                    0
                } else if r == h - 1 {
                    h + 1
                } else {
                    r + 1
                };
                if (S::EARLY && room == 0)
                    || take >> prev & 1 != 0
                    || !self.steps.captures(s.cell(prev))
                {
                    break;
                }
                room = room.wrapping_sub(1);
                take |= 1 << prev;
                r = prev;
            }
        } else if c.chain {
            let mut r = last;
            loop {
                // Back along the row, against the sowing.
                let prev = if back == 0 {
                    if r == lo {
                        break;
                    }
                    r - 1
                } else {
                    if r == hi {
                        break;
                    }
                    r + 1
                };
                if (S::EARLY && room == 0) || !self.steps.captures(s.cell(prev)) {
                    break;
                }
                room = room.wrapping_sub(1);
                take |= 1 << prev;
                r = prev;
            }
        }
        if !seeded {
            return (take, false);
        }
        if c.chain_rows {
            // The chain may take from both rows: a grand slam takes the opponent's last seed.
            let (olo, ohi) = if me == Player::South {
                (h + 1, 2 * h)
            } else {
                (0, h - 1)
            };
            let opp_bits = ((1u32 << h) - 1) << olo;
            let left = s.nonempty_holes(!me) << olo & !take != 0;
            if take & opp_bits == 0 || left {
                return (take, false);
            }
            let take = match c.grand_slam {
                GrandSlam::NoCapture | GrandSlam::Illegal => 0,
                GrandSlam::Capture => take,
                GrandSlam::LeaveLast => take & !(1 << last),
                GrandSlam::LeaveFirst => take & !(1 << if way == 0 { olo } else { ohi }),
            };
            return (take, true);
        }
        if owner == me {
            return (take, false);
        }
        let row_bits = ((1u32 << h) - 1) << lo;
        let left = s.nonempty_holes(owner) << lo & !take != 0;
        if left {
            return (take, false);
        }
        let take = match c.grand_slam {
            GrandSlam::NoCapture | GrandSlam::Illegal => 0,
            GrandSlam::Capture => take,
            GrandSlam::LeaveLast => take & !(1 << last),
            // The opponent's hole the sowing entered his row by.
            GrandSlam::LeaveFirst => take & !(1 << if way == 0 { lo } else { hi }),
        };
        (take & row_bits, true)
    }

    /// Plays `mv` (legal): sowing, captures, the turn, and the end with its leftovers.
    #[inline(always)]
    pub(crate) fn play_move(&self, s: &mut MancalaState, mv: MancalaMove) -> Mask {
        in_shape!(self.kernel, S => self.play_move_in::<S>(s, mv))
    }

    /// [`play_move`](Mancala::play_move) in shape `S`.
    #[inline(always)]
    pub(crate) fn play_move_in<S: Shape>(&self, s: &mut MancalaState, mv: MancalaMove) -> Mask {
        let me = s.mover;
        match self.sow_and_capture::<S>(s, mv) {
            Some(again) => self.finish::<S>(s, me, again),
            None => {
                // A relay cut short by max-laps: the game is over.
                s.mover = !me;
                self.count_ply::<S>(s);
                self.sweep_by(s, me, self.description.end.endless, false);
                self.legal_mask_in::<S>(s)
            }
        }
    }

    /// Sows `mv` and makes its captures; returns whether the mover moves again, or `None`
    /// for a relay cut short by `max-laps`. The turn and the end are left to
    /// [`finish`](Mancala::finish).
    #[inline(always)]
    fn sow_and_capture<S: Shape>(&self, s: &mut MancalaState, mv: MancalaMove) -> Option<bool> {
        let me = s.mover;
        let h = s.holes();
        let way = self.way_of::<S>(s, mv);
        if rarer_in::<S>() && self.first_chooses() {
            self.choose_way(s, way);
        }
        let seeded = self.seeded::<S>(s);
        let single = rarer_in::<S>() && self.rarer && self.single_seed_move(s, mv);
        if rarer_in::<S>() && self.description.sowing.single_takes_across {
            self.take_across_single(s, mv);
        }
        let last = self.sow::<S>(s, mv);
        if S::RELAY && last == ENDLESS {
            return None;
        }
        let c = &self.description.captures;
        let mut again = false;
        let own_store = s.store_at(me);
        if last == own_store {
            again = c.again_on_store;
        } else if rarer_in::<S>() && c.again_either_store && last == s.store_at(!me) {
            again = true;
        } else if single {
            // `no-single-capture`: a single seed lifted captures nothing.
        } else if last != h && last < 2 * h + 1 {
            let (take, slam) =
                if (S::COUNTS && self.steps.counts() && self.steps.captures(s.cell(last)))
                    || (self.early::<S>() && c.two_out)
                {
                    self.count_capture::<S>(s, last, way, seeded)
                } else {
                    (0, false)
                };
            let mut captured = 0u32;
            if take != 0 {
                let mut bits = take;
                while bits != 0 {
                    let r = bits.trailing_zeros() as usize;
                    captured += u32::from(s.cell(r));
                    s.put(r, 0);
                    bits &= bits - 1;
                }
            } else if S::OPPOSITE
                && c.opposite != Opposite::Off
                && s.cells[last] == 1
                && owned_by(h, last, me)
                && !(self.early::<S>() && self.captures_barred(s))
            {
                let across = 2 * h - last;
                if s.cells[across] > 0 || c.opposite_empty {
                    captured = u32::from(s.cells[across]);
                    s.put(across, 0);
                    if c.opposite == Opposite::WithSeed {
                        captured += 1;
                        s.put(last, 0);
                    }
                }
            }
            if captured > 0 {
                s.put(own_store, s.cell(own_store).wrapping_add(captured as u8));
                again = c.again_on_capture || (rarer_in::<S>() && slam && c.grand_slam_again);
            }
            if rarer_in::<S>() && self.rarer {
                again |= self.after_captures(s, last, me);
            }
        }
        Some(again)
    }

    /// Whether the opponent of the mover has seeds before his move: under
    /// `grand-slam-if-seeded` only then can a capture be a grand slam.
    #[inline]
    pub(crate) fn seeded<S: Shape>(&self, s: &MancalaState) -> bool {
        !S::SLAM || !self.description.captures.grand_slam_if_seeded || s.seeds_in_row(!s.mover) != 0
    }

    /// After a move of `me`: the turn, the ply, passing, the end and its leftovers. Returns
    /// the legal moves of the player to move now (none once the game is over), so that a
    /// random game need not find them again.
    #[inline]
    fn finish<S: Shape>(&self, s: &mut MancalaState, me: Player, again: bool) -> Mask {
        // By arithmetic, not a branch that random play cannot predict.
        s.mover = Player::from_index(me.index() ^ usize::from(!again));
        let end = &self.description.end;
        if S::RARE {
            self.count_ply::<S>(s);
            let cleared = match end.rule {
                EndRule::ClearedOwn => s.seeds_in_row(me) == 0,
                EndRule::ClearedOpponent => s.seeds_in_row(!me) == 0,
                EndRule::SideEmpty | EndRule::Stuck => false,
            };
            if cleared {
                self.sweep(s, me);
                return 0;
            }
            if end.pass && !self.has_move::<S>(s) {
                let mut other = *s;
                other.mover = !s.mover;
                if self.has_move::<S>(&other) {
                    s.mover = other.mover;
                }
            }
        }
        match self.status::<S>(s) {
            Ok(moves) => moves,
            Err(Ending::Half) if !self.description.end.divide_on_win => 0,
            Err(Ending::Cleared) => 0,
            Err(ending) if self.keeps_seeds::<S>(ending) => 0,
            Err(_) => {
                self.sweep(s, me);
                0
            }
        }
    }

    /// The seeds left on the board go by the description's leftovers rule; `last_mover`
    /// made the last move.
    #[cold]
    pub(crate) fn sweep(&self, s: &mut MancalaState, last_mover: Player) {
        self.sweep_by(s, last_mover, self.description.end.leftovers, true);
    }

    /// The seeds left on the board go by `leftovers`, or, where `unfed` applies and the
    /// mover cannot feed, to the unfed player.
    #[cold]
    fn sweep_by(
        &self,
        s: &mut MancalaState,
        last_mover: Player,
        leftovers: Leftovers,
        unfed: bool,
    ) {
        let h = s.holes();
        let end = &self.description.end;
        let unfed = unfed
            && end.must_feed
            && end.cannot_feed == CannotFeed::ToUnfed
            && s.seeds_in_row(!s.mover) == 0
            && self.can_move(s, s.mover)
            && self.movable(s) == 0;
        let to = match leftovers {
            _ if unfed => Some(!s.mover),
            Leftovers::Nobody => return,
            Leftovers::Owner => None,
            Leftovers::ToMove => Some(s.mover),
            Leftovers::LastMover => Some(last_mover),
            Leftovers::Shared => {
                let left = s.seeds_in_row(Player::South) + s.seeds_in_row(Player::North);
                let [south, north] = shared(
                    [s.store(Player::South), s.store(Player::North)].map(u32::from),
                    left,
                );
                s.cells[s.store_at(Player::South)] = south as u8;
                s.cells[s.store_at(Player::North)] = north as u8;
                for player in Player::BOTH {
                    let start = s.at(player, 0);
                    s.cells[start..start + h].fill(0);
                }
                return;
            }
        };
        for player in Player::BOTH {
            let seeds = s.seeds_in_row(player);
            let store = s.store_at(to.unwrap_or(player));
            s.cells[store] = s.cells[store].wrapping_add(seeds as u8);
            let start = s.at(player, 0);
            s.cells[start..start + h].fill(0);
        }
    }

    /// The winner of a game over under `goal=clear`: the player whose row is empty, or,
    /// both empty, the last mover (who moves again when his last seed fell in his store).
    pub(crate) fn clear_winner(&self, s: &MancalaState) -> Player {
        match (
            s.seeds_in_row(Player::South) == 0,
            s.seeds_in_row(Player::North) == 0,
        ) {
            (true, false) => Player::South,
            (false, true) => Player::North,
            _ if self.description.captures.again_on_store => s.mover,
            _ => !s.mover,
        }
    }

    /// The final score of `s` were its leftovers shared now (for a repetition): each
    /// player's store and what the leftovers rule gives him.
    pub(crate) fn divided(&self, s: &MancalaState) -> [u32; 2] {
        let mut score = [Player::South, Player::North].map(|p| u32::from(s.store(p)));
        let rows = [Player::South, Player::North].map(|p| s.seeds_in_row(p));
        match self.description.end.leftovers {
            Leftovers::Nobody => {}
            Leftovers::Owner => {
                score[0] += rows[0];
                score[1] += rows[1];
            }
            // At a repetition the player to move ends the game; the last mover is the other.
            Leftovers::ToMove => score[s.mover.index()] += rows[0] + rows[1],
            Leftovers::LastMover => score[(!s.mover).index()] += rows[0] + rows[1],
            Leftovers::Shared => score = shared(score, rows[0] + rows[1]),
        }
        score
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Ending {
    /// A store passed half the seeds.
    Half,
    /// A player cannot move, a row is empty, or the ply limit is reached.
    Stuck,
    /// A row is empty under `goal=clear`: its owner has won.
    Cleared,
}

/// The stores `[south, north]` once `left` seeds are shared: half each, an odd seed to
/// South if North's store is then the larger, else to North.
fn shared([south, north]: [u32; 2], left: u32) -> [u32; 2] {
    let (south, north) = (south + left / 2, north + left / 2);
    match left % 2 {
        0 => [south, north],
        _ if north > south => [south + 1, north],
        _ => [south, north + 1],
    }
}

/// Each player's row as the move code reads it: a word of counters (rows of at most 7
/// holes, in the narrow shapes) or the holes with seeds (hole `i` from his left bit `i`).
type Rows = [u64; 2];

/// Each player's holes with seeds, `[South's, North's]`, hole `i` from his left bit `i`.
#[inline(always)]
fn rows(s: &MancalaState) -> Rows {
    [
        s.nonempty_holes(Player::South).into(),
        s.nonempty_holes(Player::North).into(),
    ]
}

/// Whether ring place `r` (a hole) is `player`'s.
#[inline]
fn owned_by(h: usize, r: usize, player: Player) -> bool {
    (r < h) == (player == Player::South)
}
