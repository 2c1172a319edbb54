//! The names a list of games answers to, found in one lookup: every name of every game
//! ([`Ruleset::NAMES`](crate::Ruleset::NAMES)) sorted once, when the list is compiled, with
//! the game each belongs to.

/// Every name of a list's games, sorted, with the index of the game in the list that owns
/// it: built in a constant by [`ruleset_list!`](crate::ruleset_list), so that a name claimed
/// twice stops the build, and searched by [`find`](NameIndex::find).
///
/// ```
/// use sowing::games::NameIndex;
///
/// const INDEX: NameIndex<3> = NameIndex::new(&[&["kalah"], &["oware", "abapa"]]);
/// assert_eq!(INDEX.find("abapa"), Some(1));
/// assert_eq!(INDEX.find("kalah"), Some(0));
/// assert_eq!(INDEX.find("nim"), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NameIndex<const N: usize> {
    names: [(&'static str, usize); N],
}

impl<const N: usize> NameIndex<N> {
    /// The index of `games`, each game's names in the list's order; `N` is the number of
    /// names in all.
    ///
    /// # Panics
    /// When `N` is not the number of names, or two names are equal (naming the name): in a
    /// constant, that stops the build.
    pub const fn new(games: &[&[&'static str]]) -> NameIndex<N> {
        let mut names = [("", 0); N];
        let mut count = 0;
        let mut game = 0;
        while game < games.len() {
            let mut i = 0;
            while i < games[game].len() {
                assert!(count < N, "more names than the index holds");
                names[count] = (games[game][i], game);
                count += 1;
                i += 1;
            }
            game += 1;
        }
        assert!(count == N, "fewer names than the index holds");
        // Insertion sort: a list has a few hundred names at most, sorted once at build time.
        let mut i = 1;
        while i < N {
            let mut j = i;
            while j > 0 && less(names[j].0, names[j - 1].0) {
                let swap = names[j];
                names[j] = names[j - 1];
                names[j - 1] = swap;
                j -= 1;
            }
            i += 1;
        }
        if let Some(name) = duplicate_name(&names) {
            panic!("{}", name);
        }
        NameIndex { names }
    }

    /// The list index of the game that answers to `name`.
    pub fn find(&self, name: &str) -> Option<usize> {
        self.names
            .binary_search_by(|(n, _)| n.cmp(&name))
            .ok()
            .map(|i| self.names[i].1)
    }
}

/// The first name two neighbours of a sorted table share, if any: the check
/// [`NameIndex::new`] makes (in a constant, for the build) and a test can make at run time.
pub const fn duplicate_name(sorted: &[(&'static str, usize)]) -> Option<&'static str> {
    let mut i = 1;
    while i < sorted.len() {
        if !less(sorted[i - 1].0, sorted[i].0) {
            return Some(sorted[i].0);
        }
        i += 1;
    }
    None
}

/// `a < b`, byte by byte, in a constant (as `str`'s `Ord`).
const fn less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_claimed_twice_is_named() {
        let outcome =
            std::panic::catch_unwind(|| NameIndex::<3>::new(&[&["kalah", "b"], &["kalah"]]));
        let panic = outcome.unwrap_err();
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()));
        assert_eq!(message.as_deref(), Some("kalah"));
        assert_eq!(duplicate_name(&[("a", 0), ("b", 1), ("b", 2)]), Some("b"));
        assert_eq!(duplicate_name(&[("a", 0), ("b", 1)]), None);
    }

    #[test]
    fn names_sort_as_strings_do() {
        const INDEX: NameIndex<5> = NameIndex::new(&[&["toguz", "ab"], &["a", "abc"], &["b"]]);
        let sorted: Vec<&str> = INDEX.names.iter().map(|(n, _)| *n).collect();
        assert_eq!(sorted, ["a", "ab", "abc", "b", "toguz"]);
        assert_eq!(INDEX.find("ab"), Some(0));
        assert_eq!(INDEX.find("abc"), Some(1));
        assert_eq!(INDEX.find("b"), Some(2));
        assert_eq!(INDEX.find("abcd"), None);
    }
}
