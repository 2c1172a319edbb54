//! Matches between two agents: the game loop, random openings played with both colours, a ply
//! limit, what each side searched, and the Elo difference with its 95% interval.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use thiserror::Error;

use super::agent::Agent;
use crate::error::IllegalMove;
use crate::player::{Outcome, Player};
use crate::record::GameRecord;
use crate::rng::SplitMix64;
use crate::ruleset::Ruleset;

/// How a match is played: [`Match`] plays `openings` random openings of `opening_plies`
/// plies (from `seed`), each twice, agent A taking South in the first game and North in the
/// second, so that neither side profits from a lucky opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchConfig {
    /// The openings; the match plays twice as many games. At least 1.
    pub openings: u32,
    /// Random plies of each opening. An opening that ends the game is drawn again, at most
    /// [`MatchConfig::OPENING_TRIES`] times.
    pub opening_plies: u32,
    /// The seed of the openings.
    pub seed: u64,
    /// The most plies the agents play in one game after its opening; a game still going then
    /// is decided by the stores (more seeds wins). At least 1.
    pub max_plies: u32,
}

impl Default for MatchConfig {
    /// 12 openings of 4 plies from seed 1, games stopped after 2000 plies.
    fn default() -> MatchConfig {
        MatchConfig {
            openings: 12,
            opening_plies: 4,
            seed: 1,
            max_plies: 2000,
        }
    }
}

impl MatchConfig {
    /// How many random openings in a row may end the game before the match gives up: the
    /// openings are then too long for the game.
    pub const OPENING_TRIES: u32 = 1000;
}

/// Why a match could not be played on.
#[derive(Error, Debug, Clone, PartialEq, Eq)]
pub enum MatchError {
    /// [`MatchConfig::openings`] is 0.
    #[error("a match needs at least 1 opening")]
    NoOpenings,
    /// [`MatchConfig::max_plies`] is 0.
    #[error("a game needs a ply limit of at least 1")]
    NoPlies,
    /// Every one of [`MatchConfig::OPENING_TRIES`] random openings in a row ended the game.
    #[error(
        "{tries} random openings of {plies} plies in a row ended the game ({rules}): \
         choose fewer opening plies"
    )]
    OpeningsEndTheGame {
        /// The ruleset's text.
        rules: String,
        /// The opening plies asked for.
        plies: u32,
        /// The openings drawn.
        tries: u32,
    },
    /// An agent gave no move in a position where the game goes on.
    #[error("{agent} found no move at ply {ply} of a game that is not over")]
    NoMove {
        /// The agent's name.
        agent: String,
        /// The ply it was asked for (1 for the first move of the game).
        ply: usize,
    },
    /// An agent chose a move the rules do not allow.
    #[error("{agent} chose an illegal move at ply {ply}: {error}")]
    IllegalMove {
        /// The agent's name.
        agent: String,
        /// The ply (1 for the first move of the game).
        ply: usize,
        /// The move and why it is illegal.
        error: IllegalMove,
    },
}

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

/// Plays on from `record`'s position, `agents[0]` for South and `agents[1]` for North, until
/// the game ends or `max_plies` more plies are played; returns what each side did (South's
/// first). Every move is checked before it is played. The agents choose with the game's
/// positions ([`Agent::choose_in`]), and the record ends a game of a repetition rule when a
/// position repeats (see [`GameRecord::repeats`]).
///
/// ```
/// use sowing::search::{AgentSpec, play_game};
/// use sowing::{GameRecord, kalah::Kalah};
///
/// let mut south = "alphabeta:depth=4".parse::<AgentSpec>().unwrap().build::<Kalah>().unwrap();
/// let mut north = "random:seed=1".parse::<AgentSpec>().unwrap().build::<Kalah>().unwrap();
/// let mut game = GameRecord::new(Kalah::default());
/// let [s, n] = play_game(&mut game, [&mut *south, &mut *north], 1000).unwrap();
/// assert!(game.is_over());
/// assert_eq!(s.moves + n.moves, game.len() as u64);
/// assert_eq!(s.searches, s.moves); // alpha-beta reports its searches
/// assert_eq!(n.nodes_per_second(), None); // random play searches nothing
/// ```
///
/// # Errors
/// [`MatchError::NoMove`] or [`MatchError::IllegalMove`] when an agent fails; `record` then
/// holds the game up to that ply.
pub fn play_game<R: Ruleset>(
    record: &mut GameRecord<R>,
    agents: [&mut dyn Agent<R>; 2],
    max_plies: u32,
) -> Result<[SideFigures; 2], MatchError> {
    let mut figures = [SideFigures::default(); 2];
    for _ in 0..max_plies {
        if record.is_over() {
            break;
        }
        let side = record.to_move().index();
        let agent = &mut *agents[side];
        let ply = record.ply() + 1;
        let before = CpuWait::now();
        let clock = std::time::Instant::now();
        let mv = agent
            .choose_in(record.rules(), record.positions())
            .ok_or_else(|| MatchError::NoMove {
                agent: agent.name(),
                ply,
            })?;
        let took = clock.elapsed();
        let waited = CpuWait::now().since(before).min(took);
        figures[side].add_waited_move(agent, took, waited);
        record.play(mv).map_err(|error| MatchError::IllegalMove {
            agent: agent.name(),
            ply,
            error,
        })?;
    }
    Ok(figures)
}

/// What the calling thread has gone without a CPU while ready to run, as Linux reports it:
/// the time it waited in the run queue (`/proc/thread-self/schedstat`, nanoseconds), and the
/// processor it last ran on with that processor's steal time (`/proc/stat`, in the 10 ms
/// ticks of `USER_HZ`: time the virtual machine's host gave the processor to someone else).
/// Everything zero or `None` where it cannot be read.
#[derive(Clone, Copy, Default)]
struct CpuWait {
    queued: Duration,
    cpu: Option<usize>,
    steal_ticks: u64,
}

impl CpuWait {
    fn now() -> CpuWait {
        let queued = std::fs::read_to_string("/proc/thread-self/schedstat")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1)?.parse().ok())
            .map_or(Duration::ZERO, Duration::from_nanos);
        // The processor is the 39th field of the thread's stat, the 37th after the name's
        // closing parenthesis.
        let cpu = std::fs::read_to_string("/proc/thread-self/stat")
            .ok()
            .and_then(|s| {
                s.rsplit_once(')')?
                    .1
                    .split_whitespace()
                    .nth(36)?
                    .parse()
                    .ok()
            });
        let steal_ticks = cpu
            .and_then(|c: usize| {
                let stat = std::fs::read_to_string("/proc/stat").ok()?;
                let name = format!("cpu{c}");
                let line = stat
                    .lines()
                    .find(|l| l.split_whitespace().next() == Some(&name))?;
                line.split_whitespace().nth(8)?.parse().ok()
            })
            .unwrap_or(0);
        CpuWait {
            queued,
            cpu,
            steal_ticks,
        }
    }

    /// The time without a CPU from `earlier` to `self`: the run queue's, and the steal of
    /// the processor when the thread ran on the same one at both ends.
    fn since(self, earlier: CpuWait) -> Duration {
        let stolen = match (self.cpu, earlier.cpu) {
            (Some(a), Some(b)) if a == b => self.steal_ticks.saturating_sub(earlier.steal_ticks),
            _ => 0,
        };
        self.queued.saturating_sub(earlier.queued) + Duration::from_millis(10 * stolen)
    }
}

/// One game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame<R: Ruleset> {
    /// The opening it was played from, counted from 0.
    pub opening: u32,
    /// The side agent A played.
    pub a_side: Player,
    /// The whole game from the ruleset's start: the opening's random plies, then the
    /// agents' moves.
    pub record: GameRecord<R>,
    /// How many of the record's plies are the random opening.
    pub opening_plies: usize,
    /// How the game ended, or `None` when the ply limit stopped it (it is then decided by the
    /// stores).
    pub outcome: Option<Outcome>,
    /// A's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub a_score: f64,
    /// What A and B did in this game.
    pub figures: [SideFigures; 2],
}

impl<R: Ruleset> MatchGame<R> {
    /// The plies the agents played (after the opening).
    pub fn agent_plies(&self) -> usize {
        self.record.len() - self.opening_plies
    }
}

/// A match's running totals, for agent A: its wins, draws and losses, and what each side did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchResult {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
    /// What A and B did.
    pub sides: [SideFigures; 2],
}

impl MatchResult {
    /// Counts one more game: its score for A and what each side did.
    pub fn add_game<R: Ruleset>(&mut self, game: &MatchGame<R>) {
        match game.a_score {
            1.0 => self.wins += 1,
            0.5 => self.draws += 1,
            _ => self.losses += 1,
        }
        for (total, side) in self.sides.iter_mut().zip(&game.figures) {
            total.add(side);
        }
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's points: a win 1, a draw 1/2.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// A's score as a fraction of the games, or `None` before any game.
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / f64::from(n))
    }

    /// The Elo difference A - B the score implies, with its 95% interval, or `None` before
    /// any game.
    ///
    /// The interval is the normal approximation from the games' scores (when every game was
    /// drawn, with the spread of a coin toss, the largest a score can have). When A won every game
    /// the difference has no upper bound, and the lower one is the exact one-sided bound: the
    /// score fraction `p` at which winning all `n` games has probability 5%, `p = 0.05^(1/n)`
    /// (and the other way round when A lost every game).
    ///
    /// ```
    /// use sowing::search::MatchResult;
    /// let two_wins = MatchResult { wins: 2, ..MatchResult::default() };
    /// assert_eq!(two_wins.elo().unwrap().to_string(), "above -216 (95% one-sided bound: every game won)");
    /// let even = MatchResult { wins: 3, draws: 2, losses: 3, ..MatchResult::default() };
    /// assert_eq!(even.elo().unwrap().to_string(), "+0, 95% interval [-241, +241]");
    /// ```
    pub fn elo(&self) -> Option<Elo> {
        let n = f64::from(self.games());
        let mean = self.score()?;
        let tail = 0.05f64.powf(1.0 / n);
        Some(if self.wins == self.games() {
            Elo {
                estimate: f64::INFINITY,
                low: elo(tail),
                high: f64::INFINITY,
            }
        } else if self.losses == self.games() {
            Elo {
                estimate: f64::NEG_INFINITY,
                low: f64::NEG_INFINITY,
                high: elo(1.0 - tail),
            }
        } else {
            let var = if self.draws == self.games() {
                // Every game drawn shows no spread: take the largest a game's score can
                // have, that of a coin toss.
                0.25
            } else {
                (f64::from(self.wins) * (1.0 - mean).powi(2)
                    + f64::from(self.draws) * (0.5 - mean).powi(2)
                    + f64::from(self.losses) * mean.powi(2))
                    / n
            };
            let half = 1.96 * (var / n).sqrt();
            Elo {
                estimate: elo(mean),
                low: elo(mean - half),
                high: elo(mean + half),
            }
        })
    }
}

/// The Elo difference for a score fraction; infinite at 0 and 1 and beyond.
fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// An Elo difference and its 95% interval; an unbounded end is infinite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Elo {
    /// The difference the score implies (infinite when one side won every game).
    pub estimate: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// A whole Elo figure with its sign, `+0` for an even score.
fn signed(x: f64) -> String {
    if x.is_infinite() {
        return if x > 0.0 { "+inf" } else { "-inf" }.into();
    }
    // Adding 0.0 turns -0.0 into 0.0.
    format!("{:+.0}", x.round() + 0.0)
}

impl fmt::Display for Elo {
    /// `+35, 95% interval [-20, +90]`; `above -216 (95% one-sided bound: every game won)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.estimate == f64::INFINITY {
            write!(
                f,
                "above {} (95% one-sided bound: every game won)",
                signed(self.low)
            )
        } else if self.estimate == f64::NEG_INFINITY {
            write!(
                f,
                "below {} (95% one-sided bound: every game lost)",
                signed(self.high)
            )
        } else {
            write!(
                f,
                "{}, 95% interval [{}, {}]",
                signed(self.estimate),
                signed(self.low),
                signed(self.high)
            )
        }
    }
}

/// A match between agents A and B, played game by game as an iterator.
///
/// `agents(0)` makes a fresh agent A for each game and `agents(1)` a fresh B. Each item is one
/// finished game, or the error that ended the match (the last item then);
/// [`result`](Match::result) holds the totals so far.
///
/// ```
/// use sowing::search::{AgentSpec, Match, MatchConfig};
/// use sowing::kalah::Kalah;
///
/// let specs: [AgentSpec; 2] = ["alphabeta:depth=3".parse().unwrap(), "random:seed=1".parse().unwrap()];
/// let config = MatchConfig { openings: 2, ..MatchConfig::default() };
/// let mut games = Match::new(Kalah::default(), config, |i| specs[i].build::<Kalah>().unwrap()).unwrap();
/// for game in &mut games {
///     let game = game.unwrap();
///     assert!(game.record.is_over());
/// }
/// let result = games.result();
/// assert_eq!(result.games(), 4);
/// assert!(result.wins >= 3, "{result:?}");
/// ```
pub struct Match<R: Ruleset, F> {
    rules: R,
    config: MatchConfig,
    agents: F,
    rng: SplitMix64,
    opening: u32,
    start: Option<GameRecord<R>>,
    second: bool,
    done: bool,
    result: MatchResult,
}

impl<R: Ruleset, A: Agent<R>, F: FnMut(usize) -> A> Match<R, F> {
    /// A match under `rules` and `config`, between the agents `agents` makes.
    ///
    /// # Errors
    /// [`MatchError::NoOpenings`] or [`MatchError::NoPlies`] for a config that plays nothing.
    pub fn new(rules: R, config: MatchConfig, agents: F) -> Result<Match<R, F>, MatchError> {
        if config.openings == 0 {
            return Err(MatchError::NoOpenings);
        }
        if config.max_plies == 0 {
            return Err(MatchError::NoPlies);
        }
        Ok(Match {
            rules,
            rng: SplitMix64::new(config.seed),
            config,
            agents,
            opening: 0,
            start: None,
            second: false,
            done: false,
            result: MatchResult::default(),
        })
    }

    /// The totals of the games played so far.
    pub fn result(&self) -> MatchResult {
        self.result
    }

    /// Plays every remaining game; returns the totals.
    ///
    /// # Errors
    /// The first [`MatchError`].
    pub fn run(mut self) -> Result<MatchResult, MatchError> {
        for game in &mut self {
            game?;
        }
        Ok(self.result)
    }

    /// A random opening that leaves the game going.
    fn draw_opening(&mut self) -> Result<GameRecord<R>, MatchError> {
        for _ in 0..MatchConfig::OPENING_TRIES {
            let mut record = GameRecord::new(self.rules.clone());
            for _ in 0..self.config.opening_plies {
                match record.random_move(&mut self.rng) {
                    Some(mv) => record.play(mv).expect("a random legal move"),
                    None => break,
                }
            }
            if !record.is_over() {
                return Ok(record);
            }
        }
        Err(MatchError::OpeningsEndTheGame {
            rules: self.rules.to_string(),
            plies: self.config.opening_plies,
            tries: MatchConfig::OPENING_TRIES,
        })
    }

    fn next_game(&mut self) -> Result<MatchGame<R>, MatchError> {
        let start = match self.start.take() {
            Some(start) => start,
            None => self.draw_opening()?,
        };
        let a_side = if self.second {
            Player::North
        } else {
            Player::South
        };
        let agents = [(self.agents)(0), (self.agents)(1)];
        let game = play_match_game(&start, self.opening, a_side, agents, self.config.max_plies)?;
        self.result.add_game(&game);
        if self.second {
            self.opening += 1;
        } else {
            self.start = Some(start);
        }
        self.second = !self.second;
        Ok(game)
    }
}

impl<R: Ruleset, A: Agent<R>, F: Fn(usize) -> A + Sync> Match<R, F> {
    /// Plays every remaining game, `jobs` at a time on as many threads, and hands each
    /// finished game to `each` in the match's order (the order [`Match::next`] gives, with
    /// the same openings), with the totals including it; `each` returns `false` to stop the
    /// match (the games under way are finished and dropped). Returns the totals of the games
    /// handed over.
    ///
    /// Each game runs on one thread, its two agents taking turns: with agents of one thread
    /// each, `jobs` up to the machine's cores keeps a time limit a move as fair as one game at
    /// a time. `jobs` 0 counts as 1.
    ///
    /// # Errors
    /// The first [`MatchError`] in the match's order; the games before it have been handed
    /// over.
    ///
    /// ```
    /// use sowing::search::{AgentSpec, Match, MatchConfig};
    /// use sowing::kalah::Kalah;
    ///
    /// let specs: [AgentSpec; 2] = ["alphabeta:depth=3".parse().unwrap(), "random:seed=1".parse().unwrap()];
    /// let config = MatchConfig { openings: 3, ..MatchConfig::default() };
    /// let build = |i: usize| specs[i].build::<Kalah>().unwrap();
    /// let mut openings = Vec::new();
    /// let result = Match::new(Kalah::default(), config, build)
    ///     .unwrap()
    ///     .run_parallel(2, |game, _| {
    ///         openings.push(game.opening);
    ///         true
    ///     })
    ///     .unwrap();
    /// assert_eq!(openings, [0, 0, 1, 1, 2, 2]);
    /// assert_eq!(result.games(), 6);
    /// ```
    pub fn run_parallel(
        mut self,
        jobs: usize,
        mut each: impl FnMut(MatchGame<R>, &MatchResult) -> bool,
    ) -> Result<MatchResult, MatchError> {
        if self.done {
            return Ok(self.result);
        }
        // The openings first, drawn in order from the seed as the sequential match does. An
        // opening that cannot be drawn is the match's error after the games before it.
        let mut work = Vec::new();
        let mut opening_error = None;
        if let Some(start) = self.start.take() {
            work.push((self.opening, Player::North, start));
            self.opening += 1;
        }
        while self.opening < self.config.openings {
            let start = match self.draw_opening() {
                Ok(start) => start,
                Err(e) => {
                    opening_error = Some(e);
                    break;
                }
            };
            work.push((self.opening, Player::South, start.clone()));
            work.push((self.opening, Player::North, start));
            self.opening += 1;
        }
        self.done = true;
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(false);
        let (send, receive) = mpsc::channel();
        let (agents, max_plies, work) = (&self.agents, self.config.max_plies, &work);
        // Set when the match ends before its last game.
        let mut ended: Option<EarlyEnd> = None;
        std::thread::scope(|scope| {
            for _ in 0..jobs.clamp(1, work.len().max(1)) {
                let send = send.clone();
                let (next, stop) = (&next, &stop);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Some((opening, a_side, start)) = work.get(k) else {
                            break;
                        };
                        let game = play_match_game(
                            start,
                            *opening,
                            *a_side,
                            [agents(0), agents(1)],
                            max_plies,
                        );
                        if send.send((k, game)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(send);
            // Finished games wait here until every game before them has finished.
            let mut waiting = std::collections::BTreeMap::new();
            let mut due = 0;
            'receive: for (k, game) in receive {
                waiting.insert(k, game);
                while let Some(game) = waiting.remove(&due) {
                    due += 1;
                    match game {
                        Ok(game) => {
                            self.result.add_game(&game);
                            if !each(game, &self.result) {
                                ended = Some(EarlyEnd::Stopped);
                            }
                        }
                        Err(e) => ended = Some(EarlyEnd::Failed(e)),
                    }
                    if ended.is_some() {
                        // Dropping the receiver stops the threads after their games.
                        stop.store(true, Ordering::Relaxed);
                        break 'receive;
                    }
                }
            }
        });
        match ended {
            Some(EarlyEnd::Failed(e)) => Err(e),
            Some(EarlyEnd::Stopped) => Ok(self.result),
            None => opening_error.map_or(Ok(self.result), Err),
        }
    }
}

/// Why a match played on several threads ended before its last game.
enum EarlyEnd {
    /// The caller's `each` asked to stop: the result so far is the match's.
    Stopped,
    /// A game failed: the match's error.
    Failed(MatchError),
}

/// One game of a match from `start`, agent A (`agents[0]`) playing `a_side`.
fn play_match_game<R: Ruleset, A: Agent<R>>(
    start: &GameRecord<R>,
    opening: u32,
    a_side: Player,
    [mut a, mut b]: [A; 2],
    max_plies: u32,
) -> Result<MatchGame<R>, MatchError> {
    let mut record = start.clone();
    let agents: [&mut dyn Agent<R>; 2] = match a_side {
        Player::South => [&mut a, &mut b],
        Player::North => [&mut b, &mut a],
    };
    let by_side = play_game(&mut record, agents, max_plies)?;
    let figures = [by_side[a_side.index()], by_side[(!a_side).index()]];
    let outcome = record.outcome();
    let margin = match outcome {
        Some(o) => o.value_for(a_side),
        None => {
            let seeds = record.rules().seed_count(record.current());
            (seeds.store(a_side) as i32 - seeds.store(!a_side) as i32).signum()
        }
    };
    Ok(MatchGame {
        opening,
        a_side,
        opening_plies: start.len(),
        record,
        outcome,
        a_score: match margin {
            1 => 1.0,
            0 => 0.5,
            _ => 0.0,
        },
        figures,
    })
}

impl<R: Ruleset, A: Agent<R>, F: FnMut(usize) -> A> Iterator for Match<R, F> {
    type Item = Result<MatchGame<R>, MatchError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.opening >= self.config.openings {
            return None;
        }
        let game = self.next_game();
        self.done = game.is_err();
        Some(game)
    }
}
