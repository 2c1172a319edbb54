//! The endgame database: the exact value of every board with few seeds left.
//!
//! A board of `2m` pits holding `k` seeds is a composition of `k` into `2m` parts; all boards
//! with at most `N` seeds are numbered densely (combinatorial number system on the prefix sums
//! `s_j = c_0 + ... + c_j + j`, index `sum_j C(s_j, j+1)`), so boards of `k` seeds come after
//! all boards of fewer, `C(N + 2m, 2m)` boards in all.
//!
//! **Packed values.** A board of `k` seeds is worth between `-k` and `k`, and when every seed
//! ends in a store (the standard leftover rule) its value has the parity of `k`: so it is kept
//! as `(v + k) / 2` in 5 bits (up to 31 seeds; `v + k` in 6 bits under the other rule), each
//! level (the boards of one `k`) starting on a byte. The build needs one byte a board while it
//! runs (threads write values as they find them); the finished database keeps 5 bits, and is
//! saved and read back in that form, with a checksum per level.
//!
//! A move either puts seeds in a store (fewer seeds left) or only moves seeds forward on the
//! mover's side, so the game graph has no cycles: the table is filled level by level (`k`
//! ascending), each board from its children, recursing into boards of the same level not yet
//! known. Boards are taken in index order, each one's children generated (and their value
//! bytes asked for) a few boards before it is finished, so the loads of several boards are
//! under way together. Threads share the levels out; two threads that meet on a board
//! compute the same value, so the table needs no locks.

use crate::checksum::checksum;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicUsize, Ordering::Relaxed};

use super::board::Board;
use super::{SolveError, raised};

const UNKNOWN: i8 = i8::MIN;

/// A child while a board is solved: its board, gain, index, and whether the mover moves again.
type Kid = (u128, u32, usize, bool);
type Kids = [Kid; 8];
const NO_KIDS: Kids = [(0, 0, 0, false); 8];

/// Boards between the one whose children are generated and the one finished.
const AHEAD: usize = 4;
/// A ring slot with nothing to finish.
const SKIP: usize = usize::MAX;

/// The most seeds a saved database can hold (a larger count in a header is not ours).
const MAX_STORED: u32 = 255;

/// The first bytes of a saved database.
const MAGIC: &[u8; 8] = b"SOWKDB02";

/// Board values for every board of at most `max_seeds` seeds.
pub(crate) struct Endgame {
    pits: usize,
    /// The most seeds on a board the table covers.
    pub(crate) max_seeds: u32,
    /// `binom[n * stride + r] = C(n, r)`.
    binom: Vec<u64>,
    stride: usize,
    /// `rank[j][s] = C(s + j, j + 1)`: the index's term for pit `j` (in index order) when
    /// the pits up to it hold `s` seeds. A lane holds at most 255, so no bounds to check.
    rank: Box<[[u64; 256]; 2 * MAX_PITS]>,
    /// Values are `(v + k) / 2` (every seed ends in a store, so `v` has the parity of `k`),
    /// else `v + k`.
    halved: bool,
    /// Bits a value.
    bits: u32,
    /// Per level `k`: the index of its first board, and the bit where its values start (on a
    /// byte boundary); one entry more marks the end.
    levels: Vec<(u64, u64)>,
    /// The values, `bits` bits each, level after level, then 8 bytes of padding (every read
    /// takes two bytes).
    packed: Vec<u8>,
}

/// The most pits a side the index supports (a board is 16 lanes of a `u128`).
const MAX_PITS: usize = 7;

/// One in every lane of a `u128`: multiplying a board by it puts in each lane the sum of
/// the lanes up to it (no lane of the sum passes 255: a board holds at most 255 seeds).
const LANE_ONES: u128 = u128::MAX / 0xFF;

impl Endgame {
    /// Boards of `2m` pits with at most `max_seeds` seeds.
    pub(crate) fn size(pits: usize, max_seeds: u32) -> u64 {
        binomial(max_seeds as u64 + 2 * pits as u64, 2 * pits as u64)
    }

    /// Bits a value for a database up to `max_seeds` seeds: the same for every database up
    /// to 31 seeds (5 halved, else 6), so a larger kept database serves a smaller one.
    pub(crate) fn value_bits(max_seeds: u32, halved: bool) -> u32 {
        let seeds = max_seeds.max(31);
        let most = if halved { seeds } else { 2 * seeds };
        32 - most.leading_zeros()
    }

    /// An empty table (nothing known yet, no memory for the values taken): `halved` when
    /// every seed ends in a store.
    pub(crate) fn new(pits: usize, max_seeds: u32, halved: bool) -> Endgame {
        let stride = 2 * pits + 1;
        let rows = max_seeds as usize + 2 * pits + 1;
        let mut binom = vec![0u64; rows * stride];
        for n in 0..rows {
            for r in 0..stride {
                binom[n * stride + r] = binomial(n as u64, r as u64);
            }
        }
        let mut rank = Box::new([[0u64; 256]; 2 * MAX_PITS]);
        for (j, row) in rank.iter_mut().enumerate() {
            for (s, r) in row.iter_mut().enumerate() {
                *r = binomial((s + j) as u64, j as u64 + 1);
            }
        }
        let bits = Self::value_bits(max_seeds, halved);
        let n = 2 * pits as u64;
        let mut levels = Vec::with_capacity(max_seeds as usize + 2);
        let mut bit = 0u64;
        for k in 0..=u64::from(max_seeds) + 1 {
            let first = binomial((k + n).saturating_sub(1), n);
            levels.push((first, bit));
            let count = binomial(k + n, n).saturating_sub(first);
            bit = bit.saturating_add(count.saturating_mul(u64::from(bits)).div_ceil(8) * 8);
        }
        Endgame {
            pits,
            max_seeds,
            binom,
            stride,
            rank,
            halved,
            bits,
            levels,
            packed: Vec::new(),
        }
    }

    /// Bytes the finished table takes.
    pub(crate) fn bytes(&self) -> u64 {
        self.levels[self.max_seeds as usize + 1].1 / 8 + 8
    }

    /// Bytes the build takes at its peak: a byte a board, and the packed table.
    pub(crate) fn build_bytes(&self) -> u64 {
        self.boards().saturating_add(self.bytes())
    }

    /// Room for the packed values (all zero), or the error if the memory cannot be had.
    fn allocate(&mut self) -> Result<(), SolveError> {
        let bytes = self.bytes();
        let oom = || SolveError::OutOfMemory {
            what: "endgame database",
            bytes,
        };
        let mut packed = Vec::new();
        packed
            .try_reserve_exact(usize::try_from(bytes).map_err(|_| oom())?)
            .map_err(|_| oom())?;
        crate::memory::prefer_huge_pages(&mut packed);
        packed.resize(bytes as usize, 0);
        self.packed = packed;
        Ok(())
    }

    /// The bytes of level `k`.
    fn level_bytes(&self, k: usize) -> std::ops::Range<usize> {
        (self.levels[k].1 / 8) as usize..(self.levels[k + 1].1 / 8) as usize
    }

    /// Writes the values to `path` (after [`fill`](Self::fill)): a header (the seeds, the bits
    /// a value, a checksum per level), then the levels.
    pub(crate) fn save(&self, path: &Path) -> std::io::Result<()> {
        use std::io::Write;
        let tmp = path.with_extension("partial");
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        out.write_all(MAGIC)?;
        out.write_all(&u64::from(self.max_seeds).to_le_bytes())?;
        out.write_all(&u64::from(self.bits).to_le_bytes())?;
        for k in 0..=self.max_seeds as usize {
            out.write_all(&checksum(&self.packed[self.level_bytes(k)]).to_le_bytes())?;
        }
        out.write_all(&self.packed[..self.level_bytes(self.max_seeds as usize).end])?;
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(tmp, path)
    }

    /// Reads values written by [`save`](Self::save) for a table of the same pits, rules and
    /// bits a value: the levels up to this table's `max_seeds`, or all of them if the file
    /// holds fewer (its levels are this table's first ones). Returns the last level read: with
    /// fewer than `max_seeds`, [`fill`](Self::fill) computes the rest. Any mismatch or a level
    /// whose checksum fails is an error and leaves nothing known.
    pub(crate) fn load(&mut self, path: &Path) -> std::io::Result<u32> {
        use std::io::Read;
        let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not this database");
        let mut file = std::io::BufReader::new(std::fs::File::open(path)?);
        let mut word = [0u8; 8];
        let mut next = |file: &mut std::io::BufReader<std::fs::File>| -> std::io::Result<u64> {
            file.read_exact(&mut word)?;
            Ok(u64::from_le_bytes(word))
        };
        let mut magic = [0u8; 8];
        file.read_exact(&mut magic)?;
        let stored = next(&mut file)?;
        let bits = next(&mut file)?;
        if &magic != MAGIC || stored > u64::from(MAX_STORED) || bits != u64::from(self.bits) {
            return Err(bad());
        }
        let top = (stored as u32).min(self.max_seeds);
        let mut sums = Vec::new();
        for _ in 0..=stored {
            sums.push(next(&mut file)?);
        }
        if self.packed.is_empty() {
            self.allocate().map_err(|_| bad())?;
        }
        let end = self.level_bytes(top as usize).end;
        let result = file.read_exact(&mut self.packed[..end]).and_then(|()| {
            let ok =
                (0..=top as usize).all(|k| checksum(&self.packed[self.level_bytes(k)]) == sums[k]);
            if ok { Ok(top) } else { Err(bad()) }
        });
        if result.is_err() {
            self.packed = Vec::new();
        }
        result
    }

    /// Boards in the table: the first index past its last level.
    fn boards(&self) -> u64 {
        self.levels[self.max_seeds as usize + 1].0
    }

    /// Boards in the table.
    pub(crate) fn len(&self) -> usize {
        self.boards() as usize
    }

    #[inline]
    fn c(&self, n: usize, r: usize) -> u64 {
        self.binom[n * self.stride + r]
    }

    /// The index of a board of at most `max_seeds` seeds: `sum_j C(s_j + j, j + 1)` over
    /// the pits in index order, `s_j` the seeds in pits `0..=j` (the store lane between the
    /// two sides is empty, so the lane sums skip it by themselves).
    #[inline]
    pub(crate) fn index(&self, _board: &Board, b: u128) -> usize {
        let sums = b.wrapping_mul(LANE_ONES);
        let (lo, hi) = (sums as u64, (sums >> 64) as u64);
        let lane = |l: usize| -> usize {
            let w = if l < 8 { lo } else { hi };
            (w >> (8 * (l & 7))) as u8 as usize
        };
        let m = self.pits;
        let mut idx = 0u64;
        for (j, row) in self.rank[..m].iter().enumerate() {
            idx = idx.wrapping_add(row[lane(j)]);
        }
        for (j, row) in self.rank[m..2 * m].iter().enumerate() {
            idx = idx.wrapping_add(row[lane(m + 1 + j)]);
        }
        idx as usize
    }

    /// The increasing sequence `s` (prefix sums plus position) of the board with index `idx`.
    fn sequence_at(&self, mut idx: u64) -> [usize; 16] {
        let n = 2 * self.pits;
        let mut s = [0usize; 16];
        let mut hi = self.max_seeds as usize + n - 1;
        for j in (0..n).rev() {
            // The largest v with C(v, j+1) <= idx, by bisection.
            let (mut lo, mut top) = (j, hi);
            while lo < top {
                let mid = (lo + top).div_ceil(2);
                if self.c(mid, j + 1) <= idx {
                    lo = mid;
                } else {
                    top = mid - 1;
                }
            }
            idx -= self.c(lo, j + 1);
            s[j] = lo;
            hi = lo.saturating_sub(1);
        }
        s
    }

    /// The sequence of the next index (colexicographic successor): the lowest element that can
    /// grow grows by one, and those below it drop to their least.
    #[inline]
    fn step(&self, s: &mut [usize; 16]) {
        let n = 2 * self.pits;
        let mut j = 0;
        while j + 1 < n && s[j] + 1 == s[j + 1] {
            j += 1;
        }
        s[j] += 1;
        for (i, x) in s[..j].iter_mut().enumerate() {
            *x = i;
        }
    }

    /// The board of a sequence.
    #[inline]
    fn board_of(&self, board: &Board, s: &[usize; 16]) -> u128 {
        let mut b = 0u128;
        for j in 0..2 * self.pits {
            let count = if j == 0 { s[0] } else { s[j] - s[j - 1] - 1 };
            b |= (count as u128) << (8 * board.pit_lane(j));
        }
        b
    }

    /// The value of a board the table covers (after [`fill`](Self::fill) or
    /// [`load`](Self::load)).
    #[inline]
    pub(crate) fn get(&self, board: &Board, b: u128) -> i32 {
        let k = board.own_seeds(b) + board.opp_seeds(b);
        self.at(self.index(board, b), k)
    }

    /// The value of a covered board of `k` seeds, by index.
    #[inline]
    pub(crate) fn at(&self, idx: usize, k: u32) -> i32 {
        let (first, start) = self.levels[k as usize];
        let bit = start + (idx as u64 - first) * u64::from(self.bits);
        let at = (bit / 8) as usize;
        let pair = u16::from_le_bytes([self.packed[at], self.packed[at + 1]]);
        let field = i32::from(pair >> (bit % 8)) & ((1 << self.bits) - 1);
        if self.halved {
            2 * field - k as i32
        } else {
            field - k as i32
        }
    }

    /// The children of the board `b` at index `idx` (board, gain, index, extra turn): their
    /// count, their value bytes asked for from memory as they are found; or `None` if the
    /// game has ended on it, its value stored.
    #[inline]
    fn children(
        &self,
        values: &[AtomicI8],
        board: &Board,
        b: u128,
        idx: usize,
        kids: &mut Kids,
    ) -> Option<usize> {
        if let Some(v) = board.terminal(b) {
            values[idx].store(v as i8, Relaxed);
            return None;
        }
        let mut n = 0;
        for p in 0..board.m {
            if board.pit(b, p) != 0 {
                let c = board.sow(b, p);
                let idx = self.index(board, c.board);
                crate::memory::prefetch(&values[idx]);
                kids[n] = (c.board, c.gain, idx, c.again);
                n += 1;
            }
        }
        Some(n)
    }

    /// The value of a board from its children's (solving those not known yet), stored.
    #[inline]
    fn finish(&self, values: &[AtomicI8], board: &Board, idx: usize, kids: &[Kid]) -> i8 {
        let mut vals = [0i8; 8];
        for (v, kid) in vals.iter_mut().zip(kids) {
            *v = values[kid.2].load(Relaxed);
        }
        let mut best = i32::MIN;
        for (&(cb, gain, cidx, again), &v) in kids.iter().zip(&vals) {
            let cv = if v == UNKNOWN {
                self.solve(values, board, cb, cidx)
            } else {
                v
            };
            let cv = i32::from(cv);
            best = best.max(gain as i32 + if again { cv } else { -cv });
        }
        values[idx].store(best as i8, Relaxed);
        best as i8
    }

    /// Solves the board `b` at index `idx`, recursing into unknown children.
    fn solve(&self, values: &[AtomicI8], board: &Board, b: u128, idx: usize) -> i8 {
        let known = values[idx].load(Relaxed);
        if known != UNKNOWN {
            return known;
        }
        let mut kids = NO_KIDS;
        match self.children(values, board, b, idx, &mut kids) {
            Some(n) => self.finish(values, board, idx, &kids[..n]),
            None => values[idx].load(Relaxed),
        }
    }

    /// Computes the values of the levels `from..=max_seeds` on `threads` threads
    /// (`level_done(k)` is called after each level), a byte a board, then packs them; or the
    /// error if the memory cannot be had. The levels below `from` must be known already
    /// ([`load`](Self::load) read them): their packed values are unpacked for the children
    /// to read. A raised `stop` (read before each chunk of boards) gives the fill up with
    /// [`SolveError::Stopped`].
    pub(crate) fn fill(
        &mut self,
        board: &Board,
        threads: usize,
        from: u32,
        level_done: &(dyn Fn(u32) + Sync),
        stop: Option<&AtomicBool>,
    ) -> Result<(), SolveError> {
        const CHUNK: usize = 1 << 14;
        let oom = || SolveError::OutOfMemory {
            what: "endgame database",
            bytes: self.build_bytes(),
        };
        let size = usize::try_from(self.boards()).map_err(|_| oom())?;
        let mut values: Vec<AtomicI8> = Vec::new();
        values.try_reserve_exact(size).map_err(|_| oom())?;
        crate::memory::prefer_huge_pages(&mut values);
        // Gigabytes for the largest databases, seconds to write: a stop is heard between
        // runs of 2^24 boards.
        while values.len() < size {
            if raised(stop) {
                return Err(SolveError::Stopped);
            }
            let more = (size - values.len()).min(1 << 24);
            values.extend((0..more).map(|_| AtomicI8::new(UNKNOWN)));
        }
        let values = &values[..];
        let threads = threads.max(1);
        let this = &*self;
        for k in 0..from.min(this.max_seeds + 1) {
            this.unpack(values, k, threads);
        }
        for k in from..=this.max_seeds {
            let (lo, _) = this.levels[k as usize];
            let (hi, _) = this.levels[k as usize + 1];
            let (lo, hi) = (lo as usize, hi as usize);
            let next = AtomicUsize::new(lo);
            std::thread::scope(|scope| {
                for _ in 0..threads {
                    scope.spawn(|| {
                        loop {
                            let from = next.fetch_add(CHUNK, Relaxed);
                            if from >= hi || raised(stop) {
                                break;
                            }
                            // The first board of the chunk by unranking, the rest by
                            // stepping to the next composition (the index order). Boards
                            // are finished `AHEAD` behind the one whose children are
                            // generated, so the loads of several boards are under way
                            // together.
                            let mut seq = this.sequence_at(from as u64);
                            let to = (from + CHUNK).min(hi);
                            let mut ring = [(NO_KIDS, SKIP); AHEAD];
                            for idx in from..to + AHEAD {
                                if idx >= from + AHEAD {
                                    let done = idx - AHEAD;
                                    let (kids, n) = &ring[done % AHEAD];
                                    if *n != SKIP && values[done].load(Relaxed) == UNKNOWN {
                                        this.finish(values, board, done, &kids[..*n]);
                                    }
                                }
                                if idx < to {
                                    let (kids, n) = &mut ring[idx % AHEAD];
                                    *n = SKIP;
                                    if values[idx].load(Relaxed) == UNKNOWN {
                                        let b = this.board_of(board, &seq);
                                        *n = this
                                            .children(values, board, b, idx, kids)
                                            .unwrap_or(SKIP);
                                    }
                                    this.step(&mut seq);
                                }
                            }
                        }
                    });
                }
            });
            // A level left part way has unknown boards: nothing above it can be built.
            if raised(stop) {
                return Err(SolveError::Stopped);
            }
            level_done(k);
        }
        if self.packed.is_empty() {
            self.allocate()?;
        }
        self.pack(values, threads, from);
        Ok(())
    }

    /// Copies the packed values of level `k` into the byte-a-board `values`, on `threads`
    /// threads.
    fn unpack(&self, values: &[AtomicI8], k: u32, threads: usize) {
        let (lo, _) = self.levels[k as usize];
        let (hi, _) = self.levels[k as usize + 1];
        let (lo, hi) = (lo as usize, hi as usize);
        let per = (hi - lo).div_ceil(threads).max(1);
        std::thread::scope(|scope| {
            for (t, chunk) in values[lo..hi].chunks(per).enumerate() {
                scope.spawn(move || {
                    for (i, v) in chunk.iter().enumerate() {
                        v.store(self.at(lo + t * per + i, k) as i8, Relaxed);
                    }
                });
            }
        });
    }

    /// Packs the byte-a-board values of the levels from `from` on into
    /// [`packed`](Self::packed) (zero there until now), level by level, each level split
    /// between the threads in runs of eight boards (a whole number of bytes).
    fn pack(&mut self, values: &[AtomicI8], threads: usize, from: u32) {
        let (bits, halved) = (self.bits as usize, self.halved);
        let (levels, packed) = (&self.levels, &mut self.packed);
        for (k, pair) in levels.windows(2).enumerate().skip(from as usize) {
            let [(first, start), (end_board, end)] = [pair[0], pair[1]];
            let (first, count) = (first as usize, (end_board - first) as usize);
            let level = &mut packed[(start / 8) as usize..(end / 8) as usize];
            let per = count.div_ceil(threads).div_ceil(8) * 8;
            std::thread::scope(|scope| {
                for (t, out) in level.chunks_mut((per * bits / 8).max(1)).enumerate() {
                    let lo = first + t * per;
                    let hi = (lo + per).min(first + count);
                    scope.spawn(move || {
                        for (i, v) in values[lo..hi].iter().enumerate() {
                            let v = i32::from(v.load(Relaxed)) + k as i32;
                            let field = if halved { v / 2 } else { v } as u32;
                            let bit = i * bits;
                            let at = bit / 8;
                            let shifted = field << (bit % 8);
                            out[at] |= shifted as u8;
                            if bit % 8 + bits > 8 {
                                out[at + 1] |= (shifted >> 8) as u8;
                            }
                        }
                    });
                }
            });
        }
    }
}

/// `C(n, r)`, exact while it fits in a `u64` (saturating beyond).
pub(crate) fn binomial(n: u64, r: u64) -> u64 {
    if r > n {
        return 0;
    }
    let r = r.min(n - r);
    let mut acc: u128 = 1;
    for i in 0..r {
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    acc as u64
}
