//! [`Match`]: the match loop, game by game as an iterator or on several threads.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use super::game::play_match_game;
use super::{MatchConfig, MatchError, MatchGame, MatchResult};
use crate::player::Player;
use crate::record::GameRecord;
use crate::rng::SplitMix64;
use crate::ruleset::Ruleset;
use crate::search::Agent;

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
