//! The endgame database: the exact value of every board with few seeds left.
//!
//! A board of `2m` pits holding `k` seeds is a composition of `k` into `2m` parts; all boards
//! with at most `N` seeds are numbered densely (combinatorial number system on the prefix sums
//! `s_j = c_0 + ... + c_j + j`, index `sum_j C(s_j, j+1)`), so boards of `k` seeds come after
//! all boards of fewer and the table is one byte per board, `C(N + 2m, 2m)` bytes in all.
//!
//! A move either puts seeds in a store (fewer seeds left) or only moves seeds forward on the
//! mover's side, so the game graph has no cycles: the table is filled level by level (`k`
//! ascending), each board from its children, recursing into boards of the same level not yet
//! known. Threads share the levels out; two threads that meet on a board compute the same
//! value, so the table needs no locks.

use std::path::Path;
use std::sync::atomic::{AtomicI8, AtomicUsize, Ordering::Relaxed};

use super::SolveError;
use super::board::Board;

const UNKNOWN: i8 = i8::MIN;

/// The first bytes of a saved database.
const MAGIC: &[u8; 8] = b"SOWKDB01";

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
    values: Vec<AtomicI8>,
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

    /// An empty table (nothing known yet), or the error if the memory cannot be had.
    pub(crate) fn new(pits: usize, max_seeds: u32) -> Result<Endgame, SolveError> {
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
        let size = Self::size(pits, max_seeds);
        let oom = || SolveError::OutOfMemory {
            what: "endgame database",
            bytes: size,
        };
        let mut values = Vec::new();
        values
            .try_reserve_exact(usize::try_from(size).map_err(|_| oom())?)
            .map_err(|_| oom())?;
        super::memory::prefer_huge_pages(&mut values);
        values.extend((0..size).map(|_| AtomicI8::new(UNKNOWN)));
        Ok(Endgame {
            pits,
            max_seeds,
            binom,
            stride,
            rank,
            values,
        })
    }

    /// Writes the values to `path` (after [`fill`](Self::fill)), a chunk at a time.
    pub(crate) fn save(&self, path: &Path) -> std::io::Result<()> {
        use std::io::Write;
        let tmp = path.with_extension("partial");
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        out.write_all(MAGIC)?;
        out.write_all(&(self.values.len() as u64).to_le_bytes())?;
        let mut chunk = Vec::with_capacity(1 << 16);
        for part in self.values.chunks(1 << 16) {
            chunk.clear();
            chunk.extend(part.iter().map(|v| v.load(Relaxed) as u8));
            out.write_all(&chunk)?;
        }
        out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(tmp, path)
    }

    /// Reads values written by [`save`](Self::save) for a table of the same pits and at least
    /// as many seeds (boards of fewer seeds come first, so a larger database's first boards
    /// are this one). Any mismatch is an error and leaves nothing known.
    pub(crate) fn load(&self, path: &Path) -> std::io::Result<()> {
        use std::io::Read;
        let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not this database");
        let mut file = std::fs::File::open(path)?;
        let mut head = [0u8; 16];
        file.read_exact(&mut head)?;
        let stored = u64::from_le_bytes(head[8..16].try_into().map_err(|_| bad())?);
        if &head[..8] != MAGIC
            || stored < self.values.len() as u64
            || file.metadata()?.len() != 16 + stored
        {
            return Err(bad());
        }
        let mut file = std::io::BufReader::new(file);
        let mut chunk = vec![0u8; 1 << 16];
        let result = (|| {
            for part in self.values.chunks(1 << 16) {
                let bytes = &mut chunk[..part.len()];
                file.read_exact(bytes)?;
                for (slot, &v) in part.iter().zip(bytes.iter()) {
                    if v as i8 == UNKNOWN {
                        return Err(bad());
                    }
                    slot.store(v as i8, Relaxed);
                }
            }
            Ok(())
        })();
        if result.is_err() {
            for slot in &self.values {
                slot.store(UNKNOWN, Relaxed);
            }
        }
        result
    }

    /// Boards in the table.
    pub(crate) fn len(&self) -> usize {
        self.values.len()
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

    /// The value of a board the table covers (after [`fill`](Self::fill)).
    #[inline]
    pub(crate) fn get(&self, board: &Board, b: u128) -> i32 {
        i32::from(self.values[self.index(board, b)].load(Relaxed))
    }

    /// Solves the board `b` at index `idx`, recursing into unknown children.
    fn solve(&self, board: &Board, b: u128, idx: usize) -> i8 {
        let known = self.values[idx].load(Relaxed);
        if known != UNKNOWN {
            return known;
        }
        let v = match board.terminal(b) {
            Some(v) => v,
            None => {
                // All children's indices first, then all their values: the loads overlap.
                let mut kids = [(0u128, 0u32, 0usize, false); 8];
                let mut n = 0;
                for p in 0..board.m {
                    if board.pit(b, p) != 0 {
                        let c = board.sow(b, p);
                        kids[n] = (c.board, c.gain, self.index(board, c.board), c.again);
                        n += 1;
                    }
                }
                let mut vals = [0i8; 8];
                for i in 0..n {
                    vals[i] = self.values[kids[i].2].load(Relaxed);
                }
                let mut best = i32::MIN;
                for i in 0..n {
                    let (cb, gain, cidx, again) = kids[i];
                    let cv = if vals[i] == UNKNOWN {
                        self.solve(board, cb, cidx)
                    } else {
                        vals[i]
                    };
                    let cv = i32::from(cv);
                    best = best.max(gain as i32 + if again { cv } else { -cv });
                }
                best
            }
        };
        self.values[idx].store(v as i8, Relaxed);
        v as i8
    }

    /// The value of a covered board already known, by index.
    #[inline]
    pub(crate) fn at(&self, idx: usize) -> i32 {
        i32::from(self.values[idx].load(Relaxed))
    }

    /// Computes every value on `threads` threads; `level_done(k)` is called after each level.
    pub(crate) fn fill(&self, board: &Board, threads: usize, level_done: &(dyn Fn(u32) + Sync)) {
        const CHUNK: usize = 1 << 14;
        let n = 2 * self.pits as u64;
        for k in 0..=self.max_seeds {
            let lo = binomial(u64::from(k) + n - 1, n) as usize;
            let hi = binomial(u64::from(k) + n, n) as usize;
            let next = AtomicUsize::new(lo);
            std::thread::scope(|scope| {
                for _ in 0..threads.max(1) {
                    scope.spawn(|| {
                        loop {
                            let from = next.fetch_add(CHUNK, Relaxed);
                            if from >= hi {
                                break;
                            }
                            // The first board of the chunk by unranking, the rest by
                            // stepping to the next composition (the index order).
                            let mut seq = self.sequence_at(from as u64);
                            for idx in from..(from + CHUNK).min(hi) {
                                if self.values[idx].load(Relaxed) == UNKNOWN {
                                    let b = self.board_of(board, &seq);
                                    self.solve(board, b, idx);
                                }
                                self.step(&mut seq);
                            }
                        }
                    });
                }
            });
            level_done(k);
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
