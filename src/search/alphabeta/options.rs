//! [`SearchOptions`]: the refinements of the search beyond plain alpha-beta, each on or off.

#[cfg(doc)]
use crate::search::{AgentSpec, AlphaBeta, Heuristic, SearchResult, SearchTuning};

/// Search refinements beyond plain alpha-beta with a table, killers and PVS.
///
/// [`AlphaBeta::new`] has them all off, which keeps values exact (a search to the end finds
/// the game's value); [`AgentSpec`]'s `alphabeta` uses [`SearchOptions::AGENT`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    /// At the horizon, go on searching moves that raise the mover's store by 2 or more
    /// (captures), standing pat on the evaluation.
    pub quiescence: bool,
    /// Search late quiet moves (from the game's [`SearchTuning::lmr_from`] on: the fourth
    /// move by default, Kalah's second; in nodes of depth 3 or more, neither a capture nor an
    /// extra turn) shallower first, with a null window: one ply, more for later moves at
    /// greater depths (`1 + ln(depth) ln(move number) / 2`); a move that beats alpha is
    /// searched again at full depth (late-move reductions).
    pub lmr: bool,
    /// Order the moves after the table move and killers by how often they caused a cutoff.
    pub history: bool,
    /// Extend the moves after which the mover moves again (Kalah's extra turn): search them
    /// to the node's own depth, so that a turn counts as one ply however many extra turns it
    /// takes, and the horizon does not fall in the middle of one. No line goes past twice
    /// the iteration's depth. Only in games whose [`SearchTuning::extend`] asks for it
    /// (Kalah; not Tsoro, whose relays and bonus takes are decisions of the same player too,
    /// but where it was not measured).
    pub extend: bool,
    /// Order the moves after the table move and killers by what they do first: extra turns,
    /// then by the seeds they bring the mover's store (captures largest first), then (with
    /// [`history`](Self::history)) by history. Each of those moves is played once more to
    /// see it. Off in the default agent: with it, Tsoro searches about half the nodes to
    /// depth 10 of `examples/depth.rs` (2,995,808 -> 1,540,671) and Kalah 17% fewer to depth
    /// 14, Toguz Kumalak about as many, but the extra sowings slow each node, and at 200 ms a
    /// move against the default it scored 48-0-52 in Tsoro and 44-14-42 in Kalah (100 games
    /// each): no gain in play.
    pub tactical: bool,
    /// From depth 4, search the root in a window around the last iteration's value, and
    /// again in the full window when the value falls outside.
    pub aspiration: bool,
    /// Reverse futility pruning (a static null move: the games have no pass to search a
    /// real one): in a null-window node of depth 3 or less whose evaluation beats beta by
    /// 1.5 seeds a ply (150 units of the tuned evaluations; the game's
    /// [`SearchTuning::rfp_margin`]), return the evaluation without
    /// searching. Guarded against zugzwang, common in mancala endings: never with fewer than
    /// 3 legal moves, where the mover may be forced into a bad sowing.
    pub rfp: bool,
    /// Futility pruning: in a null-window node of depth 2 or less whose evaluation plus 2
    /// seeds a ply (200 units; the game's [`SearchTuning::futility_margin`]) cannot reach
    /// alpha, skip the quiet moves after the first
    /// (those that neither capture, raising the mover's store by 2 or more, nor give an
    /// extra turn).
    pub futility: bool,
    /// Null-move pruning: in a null-window node of depth 3 or more whose evaluation beats
    /// beta, hand the turn to the opponent without a move
    /// ([`Heuristic::null_move`]) and search his replies
    /// `2 + depth / 4` plies shallower than a move would be; if he cannot bring the value
    /// below beta even so, return beta's side of it without searching the moves. Never twice
    /// in a row, never with fewer than 3 legal moves (zugzwang: in mancala endings the
    /// obligation to sow is often the mover's undoing, which a pass does not feel), and only
    /// in games that give the position ([`Heuristic::null_move`]:
    /// Toguz Kumalak). Off in the default agent: in Toguz Kumalak it halves the nodes to
    /// depth 12 of `examples/depth.rs` and searches 5 plies deeper at 200 ms a move, but
    /// loses to the default at equal time (23-1-56 in 80 games, 29%). A pass keeps the
    /// mover's holes as they are, while every real sowing spreads his balls into the
    /// opponent's holes and changes what both sides can capture next, so what a pass proves
    /// says little about the moves.
    pub null_move: bool,
    /// Answer a forced move (one legal move) at once, without searching and without
    /// reporting a search: time management that spends nothing where there is nothing to
    /// choose. Only in a search with a time limit and no stop flag (a program that asks
    /// for depths or stops the search itself, as the engine protocol does, gets its search).
    pub forced: bool,
    /// Threads searching at once (Lazy SMP): every thread searches the same position by
    /// iterative deepening, sharing one transposition table, and the first thread's result
    /// is the answer; the others fill the table with what it will need. 0 and 1 are one
    /// thread. [`AlphaBeta::threads`] gives the helper threads their evaluations.
    pub threads: u8,
    /// Lines to search (MultiPV, as UCI engines call it): the best `multipv` moves, each
    /// with its value and principal variation ([`SearchResult::lines`]). At every depth of
    /// the iterative deepening the root is searched once per line, each search leaving out
    /// the moves of the lines already found at that depth, so that line `k` is the best of
    /// the moves the first `k - 1` lines did not take; then the lines are sorted by value.
    /// 0 and 1 are one line: the search as it is without this option, node for node. More
    /// lines than legal moves give every move. With [`threads`](Self::threads), the first
    /// thread searches the lines and the others search for the best line alone, filling the
    /// shared table. The more lines, the more time to each depth: about one search per line.
    pub multipv: u8,
}

impl SearchOptions {
    /// Everything off: plain alpha-beta, exact when searched to the end.
    pub const CLASSIC: SearchOptions = SearchOptions {
        quiescence: false,
        lmr: false,
        history: false,
        extend: false,
        tactical: false,
        aspiration: false,
        rfp: false,
        futility: false,
        null_move: false,
        forced: false,
        threads: 1,
        multipv: 1,
    };
    /// The options of the default agent: late-move reductions, history ordering, extra turns
    /// extended, reverse futility and futility pruning, forced moves at once. On the 50
    /// positions a game of `examples/depth.rs` they cut the time to depth 10 of Toguz Kumalak
    /// and of Tsoro many times over (the README's speed section has the figures); Kalah's
    /// depth 14, extended, takes 7.1 M nodes against the options' 12.4 M all off. At 200 ms a
    /// move against the options all off at 1 s (five times the time), in one binary: Toguz
    /// Kumalak 45-80 (56%), Kalah 308.5-600 (51%), Tsoro 20-40 (50%). (Five times the time is
    /// worth little in Kalah: the options all off at 200 ms scored 84-200, 42%, against
    /// themselves at 1 s.)
    pub const AGENT: SearchOptions = SearchOptions {
        quiescence: false,
        lmr: true,
        history: true,
        extend: true,
        tactical: false,
        aspiration: false,
        rfp: true,
        futility: true,
        null_move: false,
        forced: true,
        threads: 1,
        multipv: 1,
    };

    /// Whether any option is on. With none, the search runs a copy of itself compiled
    /// without the options' code, so that options switched off cost nothing.
    pub const fn any(self) -> bool {
        self.quiescence
            || self.lmr
            || self.history
            || self.extend
            || self.tactical
            || self.aspiration
            || self.rfp
            || self.futility
            || self.null_move
    }
}
