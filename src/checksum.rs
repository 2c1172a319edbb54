//! The checksum of the tables the crate writes to disk (Kalah's endgame database, Oware's
//! endgame tables): one a level, written with it and checked when it is read back, so that a
//! damaged file is refused rather than trusted.

/// A checksum of `bytes`: FNV-style over 8-byte words (a rotation between them), then the
/// bytes left over; their length is mixed in first.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15u64 ^ bytes.len() as u64;
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let mut x = [0u8; 8];
        x.copy_from_slice(w);
        h = (h ^ u64::from_le_bytes(x))
            .wrapping_mul(0x0000_0100_0000_01B3)
            .rotate_left(29);
    }
    for &b in words.remainder() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::checksum;

    #[test]
    fn a_changed_byte_or_length_changes_the_checksum() {
        let bytes: Vec<u8> = (0..=40).collect();
        let base = checksum(&bytes);
        for i in 0..bytes.len() {
            let mut changed = bytes.clone();
            changed[i] ^= 1;
            assert_ne!(checksum(&changed), base, "byte {i}");
        }
        assert_ne!(checksum(&bytes[..40]), base);
        assert_ne!(checksum(&[]), checksum(&[0]));
    }
}
