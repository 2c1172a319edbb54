//! The tables' index: a board's rank among the boards of its seeds, in the combinatorial
//! number system, after the boards of fewer seeds.

/// The most houses a board (both rows) the index counts: 2 × 8.
const MAX_LANES: usize = 16;
/// The most seeds a board the index counts (all of Abapa's 48, and room for larger boards).
pub(crate) const MAX_SEEDS: u32 = 64;
/// Rows of binomials kept: `C(a, b)` for `a < ROWS`.
const ROWS: usize = MAX_SEEDS as usize + MAX_LANES + 1;

/// Ranks boards of `lanes` houses (the mover's row, then the opponent's) holding `k` seeds.
///
/// A board of `k` seeds over `n` houses `h_0..h_{n-1}` is a choice of `n - 1` bars among
/// `k + n - 1` places: bar `i` at `c_i = h_0 + ... + h_i + i`. Its rank among its level is
/// `Σ C(c_i, i + 1)` (the combinatorial number system, colex order), and the level starts
/// after the `C(k + n - 1, n)` boards of fewer seeds; so the boards of at most `N` seeds
/// take the indices `0..C(N + n, n)`, with no gap.
#[derive(Clone, Debug)]
pub(crate) struct Index {
    /// Houses a board (both rows).
    pub(crate) lanes: usize,
    /// `binomial[a][b] = C(a, b)`.
    binomial: Box<[[u64; MAX_LANES + 1]; ROWS]>,
}

impl Index {
    /// The index of boards of `houses` houses a row (1..=8).
    pub(crate) fn new(houses: usize) -> Index {
        let mut binomial = Box::new([[0u64; MAX_LANES + 1]; ROWS]);
        for a in 0..ROWS {
            binomial[a][0] = 1;
            for b in 1..=MAX_LANES.min(a) {
                binomial[a][b] = binomial[a - 1][b - 1].saturating_add(if b < a {
                    binomial[a - 1][b]
                } else {
                    0
                });
            }
        }
        Index {
            lanes: 2 * houses,
            binomial,
        }
    }

    /// `C(a, b)` for `b <= 16`; `u64::MAX` past the rows kept (`a >= ROWS`).
    #[inline]
    fn c(&self, a: usize, b: usize) -> u64 {
        self.binomial.get(a).map_or(u64::MAX, |row| row[b])
    }

    /// The first index of the boards of `k` seeds: the number of boards of fewer.
    pub(crate) fn level_start(&self, k: u32) -> u64 {
        if k == 0 {
            0
        } else {
            self.c(k as usize + self.lanes - 1, self.lanes)
        }
    }

    /// Boards of exactly `k` seeds.
    pub(crate) fn level_len(&self, k: u32) -> u64 {
        self.c(k as usize + self.lanes - 1, self.lanes - 1)
    }

    /// Boards of at most `k` seeds.
    pub(crate) fn boards(&self, k: u32) -> u64 {
        self.level_start(k + 1)
    }

    /// The rank of the board `[own, opp]` (8-bit lanes, the mover's row first) among the
    /// boards of its seeds, and its seeds. Lanes past the houses must be 0.
    #[inline]
    pub(crate) fn rank(&self, words: [u64; 2]) -> (u64, u32) {
        let m = self.lanes / 2;
        let mut rank = 0;
        let mut c = 0usize;
        let mut i = 0;
        for w in words {
            for lane in 0..m {
                c += usize::from((w >> (8 * lane)) as u8);
                if i + 1 < self.lanes {
                    rank = self.c(c + i, i + 1).saturating_add(rank);
                }
                i += 1;
            }
        }
        (rank, c as u32)
    }

    /// The index of the board `[own, opp]` among all boards: its level's start plus its
    /// rank.
    #[inline]
    pub(crate) fn index(&self, words: [u64; 2]) -> u64 {
        let (rank, k) = self.rank(words);
        self.level_start(k) + rank
    }

    /// The board of `k` seeds of rank `rank` (below [`level_len`](Self::level_len)).
    pub(crate) fn unrank(&self, k: u32, mut rank: u64) -> [u64; 2] {
        let n = self.lanes;
        // Bars from the last: c_{n-2} is the largest c with C(c, n-1) <= rank, and so on.
        let mut bars = [0usize; MAX_LANES];
        let mut top = k as usize + n - 2;
        for i in (0..n - 1).rev() {
            let mut c = top;
            while self.c(c, i + 1) > rank {
                c -= 1;
            }
            rank -= self.c(c, i + 1);
            bars[i] = c;
            top = c.saturating_sub(1);
        }
        self.board_of_bars(k, &bars)
    }

    /// The board whose bars are `bars[..n - 1]`.
    fn board_of_bars(&self, k: u32, bars: &[usize; MAX_LANES]) -> [u64; 2] {
        let n = self.lanes;
        let m = n / 2;
        let mut words = [0u64; 2];
        let mut prev: isize = -1;
        for i in 0..n {
            let end = if i + 1 < n {
                bars[i] as isize
            } else {
                (k as usize + n - 1) as isize
            };
            let seeds = (end - prev - 1) as u64;
            words[i / m] |= seeds << (8 * (i % m));
            prev = end;
        }
        words
    }

    /// The boards of `k` seeds with ranks `from..to`, in order, to `f`.
    pub(crate) fn for_each(&self, k: u32, from: u64, to: u64, mut f: impl FnMut(u64, [u64; 2])) {
        if from >= to {
            return;
        }
        let n = self.lanes;
        let m = n / 2;
        let mut words = self.unrank(k, from);
        for rank in from..to {
            f(rank, words);
            if rank + 1 == to {
                break;
            }
            // The next board in colex order: the lowest bar that can move up one does,
            // and the bars below it go back to the bottom. On the houses: the first house
            // `j >= 1` with a seed gives one up, and house `j - 1` takes it with house 0's
            // seeds (houses 1..j - 1 are empty).
            let lane = |w: &[u64; 2], i: usize| (w[i / m] >> (8 * (i % m))) as u8;
            let Some(j) = (1..n).find(|&i| lane(&words, i) > 0) else {
                break;
            };
            let first = u64::from(lane(&words, 0));
            words[0] &= !0xFF;
            words[j / m] -= 1 << (8 * (j % m));
            words[(j - 1) / m] += (first + 1) << (8 * ((j - 1) % m));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Index;

    #[test]
    fn ranks_count_every_board_once_in_order() {
        for houses in [1, 2, 3, 6] {
            let index = Index::new(houses);
            for k in 0..=6u32 {
                let len = index.level_len(k);
                let mut seen = 0;
                index.for_each(k, 0, len, |rank, words| {
                    assert_eq!(index.rank(words), (rank, k), "{houses} {k} {words:x?}");
                    assert_eq!(index.unrank(k, rank), words);
                    seen += 1;
                });
                assert_eq!(seen, len);
                assert_eq!(index.level_start(k + 1), index.level_start(k) + len);
            }
        }
        // Six houses a row: C(32, 12) boards of at most 20 seeds, C(36, 12) of at most 24.
        let index = Index::new(6);
        assert_eq!(index.boards(20), 225_792_840);
        assert_eq!(index.boards(24), 1_251_677_700);
        assert_eq!(index.boards(8), 125_970);
    }
}
