//! Byte-parallel tests on 64-bit words (SIMD within a register): eight 8-bit counters a word,
//! the layout of every game's board, tested a word at a time with no branch and no loop over
//! the bytes. Written once for the crate: Kalah's pits, Toguz Kumalak's lanes and Tsoro's
//! loops all read their boards through these.

/// 0x01 in every byte.
pub(crate) const BYTES: u64 = 0x0101_0101_0101_0101;
/// 0x7F in every byte: the bits below each byte's high bit.
const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
/// 0x80 in every byte: each byte's high bit.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that is not zero, and nothing else. (The low seven bits
/// plus 0x7F carry into the high bit exactly when they are not all zero, and no carry
/// crosses into the next byte; the byte's own high bit is or-ed in.)
#[inline(always)]
pub(crate) const fn nonzero(x: u64) -> u64 {
    ((x & LOW7).wrapping_add(LOW7) | x) & HIGH
}

/// The high bit of each byte of `x` that is 2 or more: [`nonzero`] with each byte's low bit
/// cleared.
#[inline(always)]
pub(crate) const fn at_least_two(x: u64) -> u64 {
    nonzero(x & !BYTES)
}

/// The high bits of the bytes of `hi` (nothing else set) packed into the low 8 bits: byte `k`
/// to bit `k`.
#[inline(always)]
pub(crate) const fn pack(hi: u64) -> u64 {
    (hi >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

/// [`pack`] with the bits in reverse order: byte `k` to bit `7 - k`.
#[inline(always)]
pub(crate) const fn pack_reversed(hi: u64) -> u64 {
    (hi >> 7).wrapping_mul(0x8040_2010_0804_0201) >> 56
}

/// One bit per byte of `x` that is not zero, byte `k` to bit `k`: [`pack`] of [`nonzero`].
#[inline(always)]
pub(crate) const fn nonzero_bits(x: u64) -> u64 {
    pack(nonzero(x))
}

/// The sum of the bytes of `x`, which must be below 256 (no partial sum then overflows a
/// byte). (The Kalah solver's boards count their seeds with it.)
#[inline(always)]
pub(crate) const fn byte_sum(x: u64) -> u32 {
    (x.wrapping_mul(BYTES) >> 56) as u32
}

/// Bytes `at..at + 8` of `b` as a word, the first the lowest.
#[inline(always)]
pub(crate) fn word_at(b: &[u8], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(bytes)
}

/// Bytes `8w..8w + 8` of `b` as a word, the first the lowest.
#[inline(always)]
pub(crate) fn word(b: &[u8], w: usize) -> u64 {
    word_at(b, 8 * w)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_byte_is_tested_alone() {
        let x = u64::from_le_bytes([0, 1, 2, 0x7F, 0x80, 0xFF, 0, 3]);
        assert_eq!(nonzero_bits(x), 0b1011_1110);
        assert_eq!(pack(at_least_two(x)), 0b1011_1100);
        assert_eq!(pack_reversed(nonzero(x)), 0b0111_1101);
        assert_eq!(byte_sum(u64::from_le_bytes([1, 2, 3, 4, 5, 6, 7, 8])), 36);
        let b = [1u8, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(word(&b, 0), u64::from_le_bytes([1, 2, 3, 4, 5, 6, 7, 8]));
        assert_eq!(
            word_at(&b, 2),
            u64::from_le_bytes([3, 4, 5, 6, 7, 8, 9, 10])
        );
        // Every byte value, in every lane.
        for v in 0..=255u8 {
            for k in 0..8 {
                let x = u64::from(v) << (8 * k);
                assert_eq!(nonzero_bits(x), u64::from(v != 0) << k, "{v} in byte {k}");
                assert_eq!(
                    pack(at_least_two(x)),
                    u64::from(v >= 2) << k,
                    "{v} in byte {k}"
                );
            }
        }
    }
}
