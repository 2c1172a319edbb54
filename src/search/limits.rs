//! When a search stops: depth, nodes, time.

use std::time::Duration;

/// Limits on one search; the search stops at the first one reached. With none set, the search
/// goes to [`Limits::DEFAULT_DEPTH`].
///
/// ```
/// use std::time::Duration;
/// use sowing::search::Limits;
/// let l = Limits::time(Duration::from_millis(500));
/// assert_eq!(l.depth, None);
/// assert_eq!(Limits::depth(10).depth, Some(10));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration, in plies (an extra turn is a ply).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after about this much time.
    pub time: Option<Duration>,
}

impl Limits {
    /// The depth searched when no limit is given.
    pub const DEFAULT_DEPTH: u32 = 8;
    /// The deepest any search goes.
    pub const MAX_DEPTH: u32 = 200;

    /// Only a depth limit.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time: None,
        }
    }

    /// Only a node limit.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time: None,
        }
    }

    /// Only a time limit.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time: Some(time),
        }
    }

    /// The deepest iteration to run.
    pub fn max_depth(&self) -> u32 {
        match (self.depth, self.nodes, self.time) {
            (Some(d), _, _) => d.clamp(1, Self::MAX_DEPTH),
            (None, None, None) => Self::DEFAULT_DEPTH,
            _ => Self::MAX_DEPTH,
        }
    }
}
