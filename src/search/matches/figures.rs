//! [`SideFigures`]: what one side did over a game or a match, and what its agent searched.

use std::fmt;
use std::time::Duration;

use crate::ruleset::Ruleset;
use crate::search::Agent;

/// What one side did over a game or a match: its moves and what its agent reported searching
/// ([`Agent::stats`]). An agent that does not search (random) reports nothing, and an agent
/// without iterations reports no depth: [`average_depth`](SideFigures::average_depth) and
/// [`nodes_per_second`](SideFigures::nodes_per_second) are then `None`, never a made-up 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideFigures {
    /// Moves played.
    pub moves: u64,
    /// Moves after which the agent reported a search.
    pub searches: u64,
    /// The reported depths, summed.
    pub depth: u64,
    /// The reported nodes, summed.
    pub nodes: u64,
    /// The reported search times, summed.
    pub elapsed: Duration,
    /// The longest time the agent took for one move, by the clock around
    /// [`Agent::choose`] (not the agent's own report).
    pub longest: Duration,
    /// How much of that longest move the choosing thread spent ready to run but without a
    /// CPU: waiting while other programs ran, or while a virtual machine's host held its
    /// processor (steal time, which Linux counts in 10 ms ticks, so a lower bound to 10 ms).
    /// Read on Linux from `/proc`; elsewhere zero. A move over its time limit by no more
    /// than this was held up by the machine, not by the search.
    pub longest_waited: Duration,
}

impl SideFigures {
    /// Counts one move of `agent`, with what it reports of its last search.
    pub fn add_move<R: Ruleset>(&mut self, agent: &dyn Agent<R>) {
        self.add_timed_move(agent, Duration::ZERO);
    }

    /// [`add_move`](SideFigures::add_move) for a move that took `took` by the caller's clock
    /// (kept when it is the longest so far).
    pub fn add_timed_move<R: Ruleset>(&mut self, agent: &dyn Agent<R>, took: Duration) {
        self.add_waited_move(agent, took, Duration::ZERO);
    }

    /// [`add_timed_move`](SideFigures::add_timed_move) for a move that spent `waited` of
    /// `took` without a CPU ([`longest_waited`](SideFigures::longest_waited)).
    pub fn add_waited_move<R: Ruleset>(
        &mut self,
        agent: &dyn Agent<R>,
        took: Duration,
        waited: Duration,
    ) {
        if took > self.longest {
            self.longest = took;
            self.longest_waited = waited;
        }
        self.moves += 1;
        if let Some(s) = agent.stats() {
            self.searches += 1;
            self.depth += u64::from(s.depth);
            self.nodes += s.nodes;
            self.elapsed += s.elapsed;
        }
    }

    /// Adds another game's figures.
    pub fn add(&mut self, other: &SideFigures) {
        self.moves += other.moves;
        self.searches += other.searches;
        self.depth += other.depth;
        self.nodes += other.nodes;
        self.elapsed += other.elapsed;
        if other.longest > self.longest {
            self.longest = other.longest;
            self.longest_waited = other.longest_waited;
        }
    }

    /// The average depth of the searches, if the agent reports depths.
    pub fn average_depth(&self) -> Option<f64> {
        (self.searches > 0 && self.depth > 0).then(|| self.depth as f64 / self.searches as f64)
    }

    /// Nodes a second over the searches, if the agent reports nodes and time.
    pub fn nodes_per_second(&self) -> Option<f64> {
        (self.nodes > 0 && !self.elapsed.is_zero())
            .then(|| self.nodes as f64 / self.elapsed.as_secs_f64())
    }
}

impl fmt::Display for SideFigures {
    /// `average depth 7.25, 812000 nodes/s (40 searches, 3.2 s, longest move 0.101 s)` (the
    /// longest move when it was timed), or `40 moves, no search
    /// figures` for an agent that reports none.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(d) = self.average_depth() {
            parts.push(format!("average depth {d:.2}"));
        }
        if let Some(n) = self.nodes_per_second() {
            parts.push(format!("{n:.0} nodes/s"));
        }
        if parts.is_empty() {
            return write!(f, "{} moves, no search figures", self.moves);
        }
        write!(
            f,
            "{} ({} searches, {:.1} s",
            parts.join(", "),
            self.searches,
            self.elapsed.as_secs_f64()
        )?;
        if !self.longest.is_zero() {
            write!(f, ", longest move {:.3} s", self.longest.as_secs_f64())?;
            if !self.longest_waited.is_zero() {
                write!(
                    f,
                    " of which {:.3} s without a CPU",
                    self.longest_waited.as_secs_f64()
                )?;
            }
        }
        f.write_str(")")
    }
}
