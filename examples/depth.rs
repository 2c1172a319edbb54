//! Time to depth: how the search's cost grows with depth, on fixed positions. `depth
//! [--agent AGENT] [--games LIST] [--depth D | --depths LIST] [--times LIST] [--positions N]
//! [--data DIR] [--write --plies A..B [--openings FILE]] [--quiet]`.
//!
//! Each game's positions (`benches/data/depth/<game>.txt`: 50 each, Toguz Kumalak's from
//! the Kazakhstan federation's 2016-2018 games, `tests/data/toguz/`, Kalah's and Tsoro's from
//! self-play with fixed seeds) are searched by iterative deepening to a fixed depth, each
//! with a fresh agent (its table allocated and emptied before the clock starts). After each completed iteration the search's nodes and
//! time so far are recorded: the **time to depth** d is the time until iteration d was
//! complete (every iteration before it included), and likewise its nodes. The example prints,
//! per depth, the nodes and time summed over the positions, and the **effective branching
//! factor** (EBF) from the depth before: the geometric mean over the positions of
//! `nodes(d) / nodes(d - 1)`, the growth of the tree by one more ply (and the same for time,
//! which is noisier). Its last line gives the EBF over the last four depths, the figure the
//! search's changes are judged by: `(nodes(D) / nodes(D - 4))^(1/4)`, again as a geometric
//! mean. A position whose search ends before depth `D` (a game won or lost by force) is left
//! out of the sums and means.
//!
//! `--times LIST` (for example `1s,5s,20s`) measures the other way round: each position is
//! searched for each time a move, with a fresh agent whose limits are that time (its table
//! allocated and emptied before the clock starts, at the size the agent's `table` gives for
//! that time), and the example prints, per time, the depth of the last completed iteration
//! (mean, lowest, median, highest over the positions), the nodes and the node rate: whether
//! the search keeps getting deeper as the time grows, the measure of a table sized to the
//! time control.
//!
//! `--write` makes the position files again (they are checked in: the same on every run):
//! `depth --write --games toguz --plies 16..39 --openings
//! tests/data/toguz/federation-2016-2018.pgn`, `depth --write --games kalah --plies 6..21
//! --depth 14` and `depth --write --games tsoro --plies 10..49` (each file's first line
//! says how it was made). A file's `depth D` line gives its game's default depth (else 10).
//!
//! The tool itself is [`sowing::tools`], which gives the same tool to a game written outside
//! the crate (its files in `--data DIR`).

fn main() -> std::process::ExitCode {
    sowing::tools::run::<sowing::AnyRuleset>("depth", "toguz")
}
