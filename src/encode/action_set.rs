//! [`ActionSet`]: the legal actions of a position, one bit each.

/// A set of actions `0..128`, one bit each: the legal actions of a position.
///
/// ```
/// use sowing::encode::ActionSet;
/// let set = ActionSet::from_bits(0b1010);
/// assert!(set.contains(1) && !set.contains(2));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [1, 3]);
/// assert_eq!(set.len(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ActionSet(u128);

impl ActionSet {
    /// The empty set.
    pub const EMPTY: ActionSet = ActionSet(0);

    /// The set whose members are the set bits of `bits`.
    pub const fn from_bits(bits: u128) -> ActionSet {
        ActionSet(bits)
    }

    /// The bits: bit `a` set when action `a` is a member.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// Whether `action` is a member (`false` for 128 and above).
    #[inline]
    pub const fn contains(self, action: usize) -> bool {
        // The half holding the bit, then a 64-bit shift (a 128-bit shift by a variable
        // amount costs a double shift and two selects).
        let half = if action < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        action < 128 && (half >> (action & 63)) & 1 != 0
    }

    /// Adds `action` (ignored for 128 and above).
    #[inline]
    pub fn insert(&mut self, action: usize) {
        if action < 128 {
            self.0 |= 1 << action;
        }
    }

    /// The number of members.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The `k`-th smallest member (`k < len()`), or `None`.
    #[inline]
    pub fn nth(self, k: usize) -> Option<usize> {
        let mut bits = self.0;
        for _ in 0..k {
            bits &= bits.wrapping_sub(1);
        }
        (bits != 0).then(|| bits.trailing_zeros() as usize)
    }

    /// The members, smallest first (the iterator knows how many are left, so that a
    /// collection built from it is allocated once at its size).
    pub fn iter(self) -> impl ExactSizeIterator<Item = usize> {
        Members(self.0)
    }

    /// Writes the set as booleans, `out[a]` for every action `a < out.len()`: one table
    /// look-up and one 8-byte copy per 8 actions, no loop over single actions.
    #[inline]
    pub fn write_mask(self, out: &mut [bool]) {
        let mut bits = self.0;
        let mut chunks = out.chunks_exact_mut(8);
        for chunk in &mut chunks {
            chunk.copy_from_slice(&SPREAD[(bits & 0xFF) as usize]);
            bits >>= 8;
        }
        let rest = chunks.into_remainder();
        let k = rest.len();
        rest.copy_from_slice(&SPREAD[(bits & 0xFF) as usize][..k]);
    }

    /// Writes the first `len` entries of the mask into `out[..len]` (as
    /// [`write_mask`](ActionSet::write_mask)) in whole 8-entry copies when `out` is long enough,
    /// running into `out[len..]` up to the next multiple of 8 with the set's bits there
    /// (`false` for a set within `0..len`): for rows written one after another, each
    /// overwriting the run-over of the one before, with no copy of a length not known at
    /// compile time.
    #[inline]
    pub(super) fn write_mask_run_over(self, out: &mut [bool], len: usize) {
        match out.get_mut(..len.div_ceil(8) * 8) {
            // A mask of 8 entries or fewer (Kalah 6 x 4) in one copy; else the set's bytes
            // read one by one, with no 128-bit shift per 8 actions.
            Some(whole) if whole.len() == 8 => {
                whole.copy_from_slice(&SPREAD[usize::from(self.0 as u8)])
            }
            Some(whole) => {
                for (chunk, &b) in whole.chunks_exact_mut(8).zip(&self.0.to_le_bytes()) {
                    chunk.copy_from_slice(&SPREAD[usize::from(b)]);
                }
            }
            None => self.write_mask(&mut out[..len]),
        }
    }
}

/// The iterator of [`ActionSet::iter`]: the bits not yet handed out.
struct Members(u128);

impl Iterator for Members {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let a = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            a
        })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let k = self.0.count_ones() as usize;
        (k, Some(k))
    }
}

impl ExactSizeIterator for Members {}

/// `SPREAD[b]`: the 8 bits of `b` as booleans, bit 0 first.
static SPREAD: [[bool; 8]; 256] = {
    let mut t = [[false; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b][i] = b >> i & 1 != 0;
            i += 1;
        }
        b += 1;
    }
    t
};
