//! A fixed-capacity list of moves that lives on the stack.

use std::fmt;
use std::ops::Deref;

use arrayvec::ArrayVec;

/// Up to `N` moves, stored inline: generating legal moves never touches the heap.
///
/// Each ruleset picks `N` as the most moves any of its positions can have. The moves need no
/// [`Default`]: the list starts empty, with no filler moves (the storage is `arrayvec`'s
/// [`ArrayVec`], whose uninitialised slots are never read).
///
/// ```
/// use sowing::MoveList;
/// let mut list: MoveList<u8, 4> = MoveList::new();
/// list.push(3);
/// list.push(1);
/// assert_eq!(&list[..], &[3, 1]);
/// assert!(list.contains(&1));
/// ```
///
/// A move type with no default value:
///
/// ```
/// use sowing::MoveList;
///
/// #[derive(Clone, Copy, PartialEq, Debug)]
/// enum Take {
///     One,
///     Two,
/// }
/// let mut list: MoveList<Take, 2> = MoveList::new();
/// list.push(Take::Two);
/// assert_eq!(list.first(), Some(&Take::Two));
/// ```
pub struct MoveList<M, const N: usize> {
    moves: ArrayVec<M, N>,
}

impl<M: Copy, const N: usize> MoveList<M, N> {
    /// An empty list.
    #[inline]
    pub const fn new() -> Self {
        MoveList {
            moves: ArrayVec::new_const(),
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list already holds `N` moves: a ruleset that declares too small a capacity
    /// has a bug, which this reports at once rather than dropping a legal move.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves.push(mv);
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// The most moves the list can hold.
    pub const fn capacity(&self) -> usize {
        N
    }
}

impl<M: Copy, const N: usize> Clone for MoveList<M, N> {
    /// A copy of the moves (one `memcpy` of the moves held).
    #[inline]
    fn clone(&self) -> Self {
        let mut moves = ArrayVec::new_const();
        // Never fails: `self` holds at most `N` moves.
        let _ = moves.try_extend_from_slice(&self.moves);
        MoveList { moves }
    }
}

impl<M: Copy, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<M: PartialEq, const N: usize> PartialEq for MoveList<M, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<M: Eq, const N: usize> Eq for MoveList<M, N> {}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy, const N: usize> IntoIterator for MoveList<M, N> {
    type Item = M;
    type IntoIter = MoveListIntoIter<M, N>;
    fn into_iter(self) -> MoveListIntoIter<M, N> {
        MoveListIntoIter {
            list: self,
            next: 0,
        }
    }
}

/// The moves of a [`MoveList`] by value, in order: `for mv in rules.legal_moves(&state)`.
#[derive(Debug)]
pub struct MoveListIntoIter<M, const N: usize> {
    list: MoveList<M, N>,
    next: usize,
}

impl<M: Copy, const N: usize> Clone for MoveListIntoIter<M, N> {
    fn clone(&self) -> Self {
        MoveListIntoIter {
            list: self.list.clone(),
            next: self.next,
        }
    }
}

impl<M: Copy, const N: usize> Iterator for MoveListIntoIter<M, N> {
    type Item = M;
    #[inline]
    fn next(&mut self) -> Option<M> {
        let mv = self.list.get(self.next).copied()?;
        self.next += 1;
        Some(mv)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.list.len() - self.next;
        (left, Some(left))
    }
}

impl<M: Copy, const N: usize> ExactSizeIterator for MoveListIntoIter<M, N> {}

impl<M: Copy, const N: usize> std::iter::FusedIterator for MoveListIntoIter<M, N> {}
