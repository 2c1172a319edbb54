//! The transposition table's size: fixed, or grown with the time a search is given.

use std::time::Duration;

use super::limits::Limits;

/// The size of [`AlphaBeta`](super::AlphaBeta)'s transposition table, in entries (16 bytes
/// each): a fixed power of two ([`DEFAULT`](TableSize::DEFAULT): 2^20, 16 MiB), or
/// [`Auto`](TableSize::Auto), sized to each search's limits, as a UCI engine's `Hash` is
/// set to the time control.
///
/// A table too small for the search forgets the positions of the earlier iterations before
/// the next one comes back to them, and the search needs more nodes for each depth; one much
/// larger than the search costs memory and the time to clear it, and gains nothing. On the 50
/// Toguz Kumalak federation positions of `examples/depth.rs` (depth 19, about 6 M nodes a
/// position), the nodes to depth were 399 M with 2^14 entries, 363 M with 2^16, 304 M with
/// 2^18, 285 M with 2^20 and 290 M with 2^22: the table stops mattering at about four nodes
/// an entry. A search at 20 s a move (about 70 M nodes) with 2^20 entries sits where 2^16
/// sat above: about a quarter more nodes than it needs for its depth.
///
/// But a table larger than the processor's last-level cache costs every probe a trip to
/// memory. On the machine those figures come from (32 MiB of L3), searches of a fixed time
/// a move with 2^21 to 2^24 entries reached about the same depth as with 2^20: the nodes a
/// larger table saves were lost again to the slower nodes (the README's speed section has
/// the figures), and 2^20 stays the default. `Auto` is there for machines and searches
/// where that balance differs (a larger cache, several search threads filling one table,
/// analyses of minutes a move). It gives
/// a search with a time limit about one entry for every [`NODES_AN_ENTRY`](Self::NODES_AN_ENTRY)
/// nodes it is expected to search in that time (at [`EXPECTED_NODE_RATE`](Self::EXPECTED_NODE_RATE)
/// a thread), between 2^[`AUTO_MIN`](Self::AUTO_MIN) and 2^[`AUTO_MAX`](Self::AUTO_MAX)
/// entries, and a search with a node limit the same for its nodes; a search limited by depth
/// alone gets 2^`AUTO_MIN`.
///
/// ```
/// use std::time::Duration;
/// use sowing::search::{Limits, TableSize};
///
/// let at = |ms| Limits { depth: None, nodes: None, time: Some(Duration::from_millis(ms)) };
/// // 16 MiB up to a second a move, then growing with the time, to 256 MiB.
/// assert_eq!(TableSize::Auto.log2_entries(&at(200), 1), 20);
/// assert_eq!(TableSize::Auto.log2_entries(&at(5_000), 1), 22);
/// assert_eq!(TableSize::Auto.log2_entries(&at(20_000), 1), 24);
/// assert_eq!(TableSize::Auto.log2_entries(&Limits::depth(30), 1), 20);
/// assert_eq!(TableSize::Log2(18).log2_entries(&at(20_000), 1), 18);
/// assert_eq!(TableSize::Auto.bytes(&at(20_000), 1), 256 << 20);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableSize {
    /// Sized to each search's limits (agent text `table=auto`).
    Auto,
    /// 2^N entries, whatever the limits (agent text `table=N`, N from 1 to 30).
    Log2(u32),
}

impl Default for TableSize {
    fn default() -> Self {
        TableSize::DEFAULT
    }
}

impl TableSize {
    /// The size of agent text without a `table` option: 2^20 entries (16 MiB).
    pub const DEFAULT: TableSize = TableSize::Log2(20);
    /// The fewest entries [`Auto`](TableSize::Auto) gives, as a power of two (16 MiB).
    pub const AUTO_MIN: u32 = 20;
    /// The most entries [`Auto`](TableSize::Auto) gives, as a power of two (256 MiB).
    pub const AUTO_MAX: u32 = 24;
    /// The largest table agent text may ask for, as a power of two (16 GiB).
    pub const MAX: u32 = 30;
    /// Nodes a thread is expected to search a second, for [`Auto`](TableSize::Auto): about
    /// the `alphabeta` agent's rate on Toguz Kumalak's middlegames (the slowest of the
    /// crate's games to search; a faster game's search gets a table a little small).
    pub const EXPECTED_NODE_RATE: f64 = 3.5e6;
    /// Nodes of the search for each entry [`Auto`](TableSize::Auto) gives.
    pub const NODES_AN_ENTRY: f64 = 4.0;
    /// Bytes of one entry.
    pub const ENTRY_BYTES: usize = 16;

    /// log2 of the entries of the table for a search within `limits` on `threads` threads
    /// (sharing one table).
    pub fn log2_entries(self, limits: &Limits, threads: u8) -> u32 {
        match self {
            TableSize::Log2(n) => n,
            TableSize::Auto => {
                let per_thread = limits
                    .time
                    .map(|t| Duration::as_secs_f64(&t) * Self::EXPECTED_NODE_RATE);
                let nodes = match (limits.nodes, per_thread) {
                    (Some(n), Some(t)) => (n as f64).min(t * f64::from(threads.max(1))),
                    (Some(n), None) => n as f64,
                    (None, Some(t)) => t * f64::from(threads.max(1)),
                    (None, None) => return Self::AUTO_MIN,
                };
                let entries = nodes / Self::NODES_AN_ENTRY;
                // The power of two nearest the entries wanted (in log2), within the bounds.
                let bits = entries.max(1.0).log2().round();
                (bits as u32).clamp(Self::AUTO_MIN, Self::AUTO_MAX)
            }
        }
    }

    /// The table's bytes for a search within `limits` on `threads` threads.
    pub fn bytes(self, limits: &Limits, threads: u8) -> usize {
        Self::ENTRY_BYTES << self.log2_entries(limits, threads)
    }
}
