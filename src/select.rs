//! The set bits of masks, for the random-move kernels: lookup tables of the `k`-th set bit
//! and the number of set bits of small masks (without relying on POPCNT or PDEP), and the
//! `k`-th set bit of a word.

/// The index of the `k`-th set bit of `m` (`k < m.count_ones()`), the lowest the 0th.
#[inline]
pub(crate) fn nth_bit(mut m: u64, k: u32) -> usize {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as usize
}

/// `table[mask][k]`: the index of the `k`-th set bit of `mask`, for every mask below `MASKS`
/// (a power of two; `K` at least its bits).
pub(crate) const fn select_table<const MASKS: usize, const K: usize>() -> [[u8; K]; MASKS] {
    let mut t = [[0u8; K]; MASKS];
    let mut mask = 0;
    while mask < MASKS {
        let (mut k, mut bit) = (0, 0);
        while 1 << bit < MASKS {
            if mask & (1 << bit) != 0 {
                t[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    t
}

/// `table[mask]`: the number of set bits of `mask`, for every mask below `MASKS`.
pub(crate) const fn count_table<const MASKS: usize>() -> [u8; MASKS] {
    let mut t = [0u8; MASKS];
    let mut mask = 0;
    while mask < MASKS {
        t[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tables_list_the_set_bits_in_order() {
        let select = super::select_table::<512, 16>();
        let count = super::count_table::<512>();
        for mask in 0..512usize {
            let bits: Vec<u8> = (0..9).filter(|b| mask >> b & 1 != 0).collect();
            assert_eq!(usize::from(count[mask]), bits.len(), "{mask:b}");
            assert_eq!(&select[mask][..bits.len()], &bits[..], "{mask:b}");
        }
        assert_eq!(super::nth_bit(0b101_0010, 2), 6);
        assert_eq!(
            super::select_table::<128, 8>()[0b101_0010],
            [1, 4, 6, 0, 0, 0, 0, 0]
        );
    }
}
