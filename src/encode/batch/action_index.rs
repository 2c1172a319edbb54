//! [`ActionIndex`]: the integer types a step takes its actions as.

#[cfg(doc)]
use super::Batch;

/// An integer that can name an action: [`Batch::step`] takes slices of any of them (numpy's
/// `int64` as well as Rust's `usize`). Negative values are out of range.
pub trait ActionIndex: Copy {
    /// The index, or `None` for a value no index can be (negative, or beyond `usize`).
    fn index(self) -> Option<usize>;
    /// The value as an `i64` for error messages (saturating).
    fn as_i64(self) -> i64;
}

macro_rules! action_index {
    ($($t:ty),*) => {$(
        impl ActionIndex for $t {
            #[inline]
            fn index(self) -> Option<usize> {
                usize::try_from(self).ok()
            }
            #[inline]
            fn as_i64(self) -> i64 {
                i64::try_from(self).unwrap_or(i64::MAX)
            }
        }
    )*};
}
action_index!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
