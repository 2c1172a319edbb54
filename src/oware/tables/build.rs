//! The retrograde analysis: each level (the boards of `k` seeds) from the levels below it,
//! iterated to a fixed point within the level.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use arrayvec::ArrayVec;

use super::index::Index;
use super::{CYCLE, LevelReport, VALUE};
use crate::oware::{Oware, OwareState};
use crate::player::Player;

/// Boards a thread takes at a time.
const CHUNK: u64 = 1 << 14;

/// What one move leads to.
#[derive(Clone, Copy)]
enum Step {
    /// The move's value to the mover is known: it captures (a smaller level, done) or ends
    /// the game.
    Known(u8),
    /// The move captures nothing and the game goes on: the rank of the board it leaves, in
    /// this level, from the next mover's side.
    Same(u64),
}

/// The moves of a board, or its value when the game is over there.
enum Moves {
    /// No move: the game ends, each player taking the seeds on his own side; the mover's.
    Over(u8),
    /// Each legal move's [`Step`].
    Steps(ArrayVec<Step, 8>),
}

/// The seeds in the lanes of a word (at most 255).
#[inline]
fn seeds(word: u64) -> u8 {
    (word.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u8
}

/// The board `words` (the mover's row first) as a state without stores, for the sowing.
#[inline]
pub(super) fn state_of(houses: usize, words: [u64; 2]) -> OwareState {
    OwareState {
        sides: words,
        stores: [0, 0],
        houses: houses as u8,
        mover: Player::South,
        ply: 0,
    }
}

/// The moves of the board `words` of `k` seeds, the levels below `k` read from `lower`.
#[inline]
fn moves(rules: &Oware, index: &Index, lower: &[u8], words: [u64; 2], k: u32) -> Moves {
    let houses = index.lanes / 2;
    let s = state_of(houses, words);
    let mut mask = rules.legal_mask(&s);
    if mask == 0 {
        return Moves::Over(seeds(words[0]));
    }
    let mut steps = ArrayVec::new();
    while mask != 0 {
        let p = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let mut next = s;
        let going_on = rules.sow(&mut next, p, &mut ()) != 0;
        // The mover is South: his store holds what the move captured, and the division if
        // the game ended.
        let gained = next.stores[0];
        steps.push(if !going_on {
            Step::Known(gained)
        } else if gained > 0 {
            let left = k as u8 - gained;
            let child = lower[index.index(next.sides) as usize] & VALUE;
            Step::Known(gained + left - child)
        } else {
            Step::Same(index.rank(next.sides).0)
        });
    }
    Moves::Steps(steps)
}

/// A board's state while its level is computed: the bounds `lo..=hi` of its value, a byte
/// each.
#[inline]
fn pack(lo: u8, hi: u8) -> u32 {
    u32::from(lo) | u32::from(hi) << 8
}

#[inline]
fn unpack(x: u32) -> (u8, u8) {
    (x as u8, (x >> 8) as u8)
}

/// The open boards of a chunk: `(rank, best known move, children in the level)`, and the
/// children's ranks one board after another.
#[derive(Default)]
struct Open {
    boards: Vec<(u32, u8, u8)>,
    children: Vec<u32>,
}

impl Open {
    /// One sweep: each board's bounds from its children's, in place; the boards whose
    /// bounds meet are dropped. Whether a bound changed.
    fn sweep(&mut self, bounds: &[AtomicU32], k: u8) -> bool {
        let mut any = false;
        let (mut keep, mut keep_children, mut at) = (0, 0, 0);
        for b in 0..self.boards.len() {
            let (rank, known, count) = self.boards[b];
            let kids = at..at + usize::from(count);
            at = kids.end;
            let (lo, hi) = unpack(bounds[rank as usize].load(Relaxed));
            let (mut new_lo, mut new_hi) = (lo.max(known), known);
            for &child in &self.children[kids.clone()] {
                let (c_lo, c_hi) = unpack(bounds[child as usize].load(Relaxed));
                new_lo = new_lo.max(k - c_hi);
                new_hi = new_hi.max(k - c_lo);
            }
            let new_hi = new_hi.min(hi);
            if (new_lo, new_hi) != (lo, hi) {
                bounds[rank as usize].store(pack(new_lo, new_hi), Relaxed);
                any = true;
            }
            if new_lo < new_hi {
                self.boards[keep] = self.boards[b];
                self.children.copy_within(kids, keep_children);
                keep += 1;
                keep_children += usize::from(count);
            }
        }
        self.boards.truncate(keep);
        self.children.truncate(keep_children);
        any
    }
}

/// Runs `work(from, to)` over the ranks `0..len` in chunks, on `threads` threads.
fn parallel(threads: usize, len: u64, work: &(dyn Fn(u64, u64) + Sync)) {
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let from = next.fetch_add(CHUNK, Relaxed);
                    if from >= len {
                        break;
                    }
                    work(from, (from + CHUNK).min(len));
                }
            });
        }
    });
}

/// Computes level `k` into `level` (its boards in rank order), the levels below read from
/// `lower`.
///
/// Each board's value `v` (what the mover captures from here on, of the `k` seeds) is the
/// best over its moves of the seeds the move takes plus what the next position leaves him:
/// `captured + (k' - v(next))`, `k'` the seeds left. Captures and the end of the game are
/// known from the levels below; a move that captures nothing leads to this level. Two
/// bounds per board, `lo <= v <= hi`, start at the known moves' best (and `k` for `hi` when
/// a move stays in the level) and are tightened in place, `lo` from the children's `hi` and
/// `hi` from their `lo`, until a sweep changes nothing: the least and greatest fixed points
/// of the level's equations (an endless game counted as lost, then as won, for the mover).
/// Where they meet the value is exact; where they do not, neither player can force the game
/// out of a cycle on his own terms, and the value is the division of rule 8 (the seeds on
/// the mover's side) within the bounds, marked [`CYCLE`].
pub(super) fn level(
    rules: &Oware,
    index: &Index,
    lower: &[u8],
    level: &mut [u8],
    k: u32,
    threads: usize,
    stop: Option<&AtomicBool>,
) -> Option<LevelReport> {
    let started = Instant::now();
    let len = index.level_len(k);
    let k8 = k as u8;
    let bounds: Vec<AtomicU32> = (0..len).map(|_| AtomicU32::new(0)).collect();
    let stopped = || stop.is_some_and(|s| s.load(Relaxed));
    // The known moves' best, and the bounds.
    parallel(threads, len, &|from, to| {
        index.for_each(k, from, to, |rank, words| {
            let packed = match moves(rules, index, lower, words, k) {
                Moves::Over(v) => pack(v, v),
                Moves::Steps(steps) => {
                    let mut known = 0;
                    let mut same = false;
                    for step in steps {
                        match step {
                            Step::Known(v) => known = known.max(v),
                            Step::Same(_) => same = true,
                        }
                    }
                    pack(known, if same { k8 } else { known })
                }
            };
            bounds[rank as usize].store(packed, Relaxed);
        });
    });
    // The boards still open (`lo < hi`), a list per chunk of ranks with each board's best
    // known move and its children in the level, swept in place (in rank order, which
    // follows the play best) until a sweep changes nothing, the boards that close dropped.
    let chunks = len.div_ceil(CHUNK) as usize;
    let open: Vec<std::sync::Mutex<Open>> = (0..chunks)
        .map(|_| std::sync::Mutex::new(Open::default()))
        .collect();
    parallel(threads, len, &|from, to| {
        let mut list = open[(from / CHUNK) as usize]
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        index.for_each(k, from, to, |rank, words| {
            let (lo, hi) = unpack(bounds[rank as usize].load(Relaxed));
            if lo == hi {
                return;
            }
            let Moves::Steps(steps) = moves(rules, index, lower, words, k) else {
                return;
            };
            let mut known = 0;
            let mut count = 0;
            for step in steps {
                match step {
                    Step::Known(v) => known = known.max(v),
                    Step::Same(child) => {
                        list.children.push(child as u32);
                        count += 1;
                    }
                }
            }
            list.boards.push((rank as u32, known, count));
        });
    });
    let mut sweeps = 1;
    loop {
        if stopped() {
            return None;
        }
        let changed = AtomicBool::new(false);
        let next = AtomicU64::new(0);
        std::thread::scope(|scope| {
            for _ in 0..threads.max(1) {
                scope.spawn(|| {
                    let mut any = false;
                    loop {
                        let i = next.fetch_add(1, Relaxed) as usize;
                        if i >= open.len() {
                            break;
                        }
                        let mut list = open[i].lock().unwrap_or_else(|e| e.into_inner());
                        any |= list.sweep(&bounds, k8);
                    }
                    if any {
                        changed.store(true, Relaxed);
                    }
                });
            }
        });
        sweeps += 1;
        if !changed.load(Relaxed) {
            break;
        }
    }
    drop(open);
    // The values: exact where the bounds met, else the division within them.
    let cycles = AtomicU64::new(0);
    let chunks: Vec<(u64, &mut [u8])> = level
        .chunks_mut(CHUNK as usize)
        .enumerate()
        .map(|(i, c)| (i as u64 * CHUNK, c))
        .collect();
    let jobs = std::sync::Mutex::new(chunks);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let job = jobs.lock().unwrap_or_else(|e| e.into_inner()).pop();
                    let Some((from, out)) = job else { break };
                    let mut n = 0;
                    let to = from + out.len() as u64;
                    index.for_each(k, from, to, |rank, words| {
                        let (lo, hi) = unpack(bounds[rank as usize].load(Relaxed));
                        out[(rank - from) as usize] = if lo == hi {
                            lo
                        } else {
                            n += 1;
                            seeds(words[0]).clamp(lo, hi) | CYCLE
                        };
                    });
                    cycles.fetch_add(n, Relaxed);
                }
            });
        }
    });
    Some(LevelReport {
        seeds: k,
        positions: len,
        sweeps,
        cycles: cycles.load(Relaxed),
        seconds: started.elapsed().as_secs_f64(),
    })
}
