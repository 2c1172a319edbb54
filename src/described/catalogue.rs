//! The catalogue: named two-row games from the published sources, each a [`Description`].

use super::description::Description;

/// A named game of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Entry {
    /// Its name in ruleset text (`ayoayo`).
    pub name: &'static str,
    /// Other names it goes by.
    pub other_names: &'static [&'static str],
    /// Where it is played, and by whom.
    pub region: &'static str,
    /// The published source its rules follow.
    pub source: &'static str,
    /// Where the sources leave a rule open, the choice made here.
    pub notes: &'static str,
    /// Its rules.
    pub description: Description,
}

/// Every game of the catalogue.
pub const CATALOGUE: &[Entry] = &[];

/// The entry named `name`.
pub fn entry(name: &str) -> Option<&'static Entry> {
    CATALOGUE.iter().find(|e| e.name == name)
}

/// `mancala` and the catalogue's names, the names the family's ruleset type answers to.
pub(crate) const NAMES: [&str; CATALOGUE.len() + 1] = {
    let mut names = ["mancala"; CATALOGUE.len() + 1];
    let mut i = 0;
    while i < CATALOGUE.len() {
        names[i + 1] = CATALOGUE[i].name;
        i += 1;
    }
    names
};
