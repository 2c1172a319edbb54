//! A fixed-capacity list of moves that lives on the stack.

use std::fmt;
use std::ops::Deref;

/// Up to `N` moves, stored inline: generating legal moves never touches the heap.
///
/// Each ruleset picks `N` as the most moves any of its positions can have.
///
/// ```
/// use sowing::MoveList;
/// let mut list: MoveList<u8, 4> = MoveList::new();
/// list.push(3);
/// list.push(1);
/// assert_eq!(&list[..], &[3, 1]);
/// assert!(list.contains(&1));
/// ```
#[derive(Clone, Copy)]
pub struct MoveList<M, const N: usize> {
    len: usize,
    moves: [M; N],
}

impl<M: Copy + Default, const N: usize> MoveList<M, N> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            len: 0,
            moves: [M::default(); N],
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list already holds `N` moves: a ruleset that declares too small a capacity
    /// has a bug, which this reports at once rather than dropping a legal move.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The most moves the list can hold.
    pub const fn capacity(&self) -> usize {
        N
    }
}

impl<M: Copy + Default, const N: usize> Default for MoveList<M, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves[..self.len]
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
#[derive(Clone, Debug)]
pub struct MoveListIntoIter<M, const N: usize> {
    list: MoveList<M, N>,
    next: usize,
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
        let left = self.list.len - self.next;
        (left, Some(left))
    }
}

impl<M: Copy, const N: usize> ExactSizeIterator for MoveListIntoIter<M, N> {}

impl<M: Copy, const N: usize> std::iter::FusedIterator for MoveListIntoIter<M, N> {}
