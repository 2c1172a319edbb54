//! Monte Carlo tree search with the UCT rule and uniformly random playouts.
//!
//! Each **playout** walks down the tree from the root, at each node taking the child with the
//! highest upper confidence bound `wins/visits + c * sqrt(ln(parent visits) / visits)` (UCT;
//! unvisited children first), adds the children of the node it stops at, plays random moves
//! to the end of the game, and credits the result (1 a win, 1/2 a draw, 0 a loss) to every
//! node on the way, each from the side of the player who chose the move into it. Crediting by
//! player rather than by alternating sign keeps extra turns right. The move played is the
//! root's most visited child. The generator is seeded, so equal seeds give equal games.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::agent::{Agent, SearchStats};
use crate::perft::random_playout;
use crate::player::Player;
use crate::rng::{RandomSource, SplitMix64};
use crate::ruleset::Ruleset;

/// Limits and settings of the MCTS agent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per move (`u64::MAX`: no cap, for a search limited by its time alone). A
    /// search also ends when its tree's indices or visit counts (32-bit) would overflow. A
    /// search runs at least one playout, so that it has a move: 0 here is run as 1 (agent
    /// text refuses `playouts=0`).
    pub playouts: u64,
    /// Stop earlier after this much time.
    pub time: Option<Duration>,
    /// The random generator's seed.
    pub seed: u64,
    /// The exploration constant `c` of UCT.
    pub exploration: f64,
    /// A playout longer than this many plies counts as a draw (guards games that can run on).
    pub max_playout_plies: u64,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            playouts: 10_000,
            time: None,
            seed: 0,
            exploration: std::f64::consts::SQRT_2,
            max_playout_plies: 10_000,
        }
    }
}

struct Node<S, M> {
    state: S,
    mv: Option<M>,
    /// Who chose the move into this node (credited with its wins).
    chooser: Player,
    parent: u32,
    first_child: u32,
    children: u32,
    expanded: bool,
    visits: u32,
    wins: f64,
}

/// What one MCTS search found.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited move, or `None` when the game is over.
    pub best: Option<M>,
    /// Its share of wins for the player to move (0 to 1).
    pub win_rate: f64,
    /// Playouts run.
    pub playouts: u64,
    /// Time taken.
    pub elapsed: Duration,
}

/// The MCTS agent.
///
/// ```
/// use sowing::search::{Agent, Mcts, MctsConfig};
/// use sowing::{Ruleset, kalah::Kalah};
///
/// let rules = Kalah::default();
/// let config = MctsConfig { playouts: 500, seed: 7, ..MctsConfig::default() };
/// let a = Mcts::new(config).search(&rules, &rules.start());
/// let b = Mcts::new(config).search(&rules, &rules.start());
/// assert_eq!(a.best, b.best); // seeded: reproducible
/// assert_eq!(a.playouts, 500);
/// ```
#[derive(Clone, Debug)]
pub struct Mcts<M> {
    config: MctsConfig,
    rng: SplitMix64,
    last: Option<MctsResult<M>>,
    stop: Option<Arc<AtomicBool>>,
}

impl<M: Copy> Mcts<M> {
    /// An agent with these settings.
    pub fn new(config: MctsConfig) -> Self {
        Mcts {
            config,
            rng: SplitMix64::new(config.seed),
            last: None,
            stop: None,
        }
    }

    /// Watches `flag`: once it is raised (by another thread, or a Ctrl-C handler), each
    /// search stops within 64 playouts and plays the most visited move so far, as when its
    /// time runs out. A search always runs at least one playout, so it has a move.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use sowing::search::{Mcts, MctsConfig};
    /// use sowing::{Ruleset, kalah::Kalah};
    ///
    /// let rules = Kalah::default();
    /// let flag = Arc::new(AtomicBool::new(true)); // raised before the search
    /// let config = MctsConfig { playouts: 1_000_000, ..MctsConfig::default() };
    /// let found = Mcts::new(config).stop_flag(flag).search(&rules, &rules.start());
    /// assert_eq!(found.playouts, 1);
    /// assert!(found.best.is_some());
    /// ```
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.stop = Some(flag);
        self
    }

    /// Whether the search should end before playout number `playouts`: checked after the
    /// first playout and then every 64.
    fn halted(&self, playouts: u64, started: Instant) -> bool {
        let checked = playouts == 1 || (playouts > 0 && playouts % 64 == 0);
        if !checked {
            return false;
        }
        self.stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Relaxed))
            || self.config.time.is_some_and(|t| started.elapsed() >= t)
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }
}

impl<M: Copy> Mcts<M> {
    /// Searches `state` and returns the most visited move.
    pub fn search<R: Ruleset<Move = M>>(&mut self, rules: &R, state: &R::State) -> MctsResult<M> {
        let started = Instant::now();
        let me = rules.to_move(state);
        let mut tree: Vec<Node<R::State, M>> = vec![Node {
            state: *state,
            mv: None,
            chooser: !me,
            parent: u32::MAX,
            first_child: 0,
            children: 0,
            expanded: false,
            visits: 0,
            wins: 0.0,
        }];
        if rules.legal_moves(state).is_empty() {
            return MctsResult {
                best: None,
                win_rate: 0.0,
                playouts: 0,
                elapsed: started.elapsed(),
            };
        }
        let c = self.config.exploration;
        let mut playouts = 0;
        // The tree's indices and visit counts are 32-bit: a search without a playout cap
        // (a time alone) ends before they would overflow.
        let cap = self.config.playouts.clamp(1, u64::from(u32::MAX - 1));
        while playouts < cap {
            if self.halted(playouts, started) || tree.len() >= (u32::MAX - 1024) as usize {
                break;
            }
            // Selection.
            let mut at = 0usize;
            while tree[at].expanded && tree[at].children > 0 {
                let parent_visits = f64::from(tree[at].visits.max(1)).ln();
                let first = tree[at].first_child as usize;
                let mut best = first;
                let mut best_score = f64::NEG_INFINITY;
                let count = tree[at].children as usize;
                for (i, n) in tree.iter().enumerate().skip(first).take(count) {
                    let score = if n.visits == 0 {
                        f64::INFINITY
                    } else {
                        let v = f64::from(n.visits);
                        n.wins / v + c * (parent_visits / v).sqrt()
                    };
                    if score > best_score {
                        best_score = score;
                        best = i;
                    }
                }
                at = best;
                if tree[at].visits == 0 {
                    break;
                }
            }
            // Expansion.
            if !tree[at].expanded {
                tree[at].expanded = true;
                let moves = rules.legal_moves(&tree[at].state);
                let first = tree.len() as u32;
                let chooser = rules.to_move(&tree[at].state);
                for &mv in moves.iter() {
                    let mut s = tree[at].state;
                    rules.play_unchecked(&mut s, mv);
                    tree.push(Node {
                        state: s,
                        mv: Some(mv),
                        chooser,
                        parent: at as u32,
                        first_child: 0,
                        children: 0,
                        expanded: false,
                        visits: 0,
                        wins: 0.0,
                    });
                }
                tree[at].first_child = first;
                tree[at].children = moves.len() as u32;
                if !moves.is_empty() {
                    at = first as usize + self.rng.below(moves.len() as u32) as usize;
                }
            }
            // Simulation.
            let mut s = tree[at].state;
            let result =
                random_playout(rules, &mut s, &mut self.rng, self.config.max_playout_plies);
            let winner = result.outcome.and_then(|o| o.winner());
            // Backpropagation.
            let mut i = at as u32;
            while i != u32::MAX {
                let n = &mut tree[i as usize];
                n.visits += 1;
                n.wins += match winner {
                    Some(w) if w == n.chooser => 1.0,
                    Some(_) => 0.0,
                    None => 0.5,
                };
                i = n.parent;
            }
            playouts += 1;
        }
        let first = tree[0].first_child as usize;
        let best = (first..first + tree[0].children as usize)
            .max_by_key(|&i| tree[i].visits)
            .unwrap_or(first);
        let node = &tree[best];
        let result = MctsResult {
            best: node.mv,
            win_rate: if node.visits == 0 {
                0.0
            } else {
                node.wins / f64::from(node.visits)
            },
            playouts,
            elapsed: started.elapsed(),
        };
        self.last = Some(result.clone());
        result
    }
}

impl<R: Ruleset> Agent<R> for Mcts<R::Move> {
    fn name(&self) -> String {
        let mut s = if self.config.playouts == u64::MAX && self.config.time.is_some() {
            format!("mcts:seed={}", self.config.seed)
        } else {
            format!(
                "mcts:playouts={},seed={}",
                self.config.playouts, self.config.seed
            )
        };
        if let Some(t) = self.config.time {
            s.push_str(&format!(",time={}ms", t.as_millis()));
        }
        s
    }

    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move> {
        self.search(rules, state).best
    }

    fn summary(&self) -> Option<String> {
        self.last.as_ref().map(|r| {
            format!(
                "{} playouts, win rate {:.3}, in {:.3} s",
                r.playouts,
                r.win_rate,
                r.elapsed.as_secs_f64()
            )
        })
    }

    /// The last search's playouts (as `nodes`), time, and the chosen move's win rate for the
    /// player to move in thousandths (`value`, 0 to 1,000); `depth` is 0, since MCTS has no
    /// iterations.
    fn stats(&self) -> Option<SearchStats> {
        self.last.as_ref().map(|r| SearchStats {
            depth: 0,
            nodes: r.playouts,
            elapsed: r.elapsed,
            value: (r.win_rate * 1000.0).round() as i32,
        })
    }
}
