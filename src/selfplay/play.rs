//! The play loop: the configuration, the player of one game after another, and what a run
//! played.

use std::io::Write;
use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Header, Record, SelfplayError, Writer, stored_value};
use crate::encode::Encoding;
use crate::player::Outcome;
use crate::record::GameRecord;
use crate::rng::{RandomSource, SplitMix64};
use crate::ruleset::Ruleset;
use crate::search::{AgentEval, AgentSpec, AlphaBeta, Heuristic, Limits, alphabeta_with};

#[cfg(doc)]
use super::{openings, read_openings};

/// What to play: the agent, the openings, the games.
#[derive(Clone, Debug)]
pub struct Config<R: Ruleset> {
    /// The agent playing both sides; an `alphabeta` agent (default `alphabeta:depth=8`).
    pub agent: AgentSpec,
    /// How many uniformly random plies open each game, after its opening (default `2..=8`;
    /// fewer when the game ends first).
    pub random_plies: RangeInclusive<u32>,
    /// The openings: game `g` starts at the cursor of `openings[g % openings.len()]`, whose
    /// earlier positions are its history (see [`openings`] and [`read_openings`]); none
    /// (the default): the rules' start.
    pub openings: Vec<GameRecord<R>>,
    /// The seed of every game's random numbers (default 0).
    pub seed: u64,
    /// The first game's number (default 0): a chunk of a larger run starts further on.
    pub first_game: u32,
    /// The games to play (default 1).
    pub games: u32,
    /// The most plies the agent plays in a game (default 1000); a longer game is abandoned
    /// and none of its positions is written.
    pub max_plies: u32,
}

/// The default agent: `alphabeta:depth=8`.
pub fn default_agent() -> AgentSpec {
    alphabeta_with(Limits::depth(Limits::DEFAULT_DEPTH))
}

impl<R: Ruleset> Default for Config<R> {
    fn default() -> Self {
        Config {
            agent: default_agent(),
            random_plies: 2..=8,
            openings: Vec::new(),
            seed: 0,
            first_game: 0,
            games: 1,
            max_plies: 1000,
        }
    }
}

/// One game played: its records, the game itself, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame<R: Ruleset> {
    /// The records of its searched positions, in the order of the plies (none for an
    /// abandoned game): `records[i]` is of the position after
    /// [`searched_from`](Self::searched_from)` + i` plies of [`record`](Self::record).
    pub records: Vec<Record>,
    /// The game: the opening's plies, the random plies, then the agent's.
    pub record: GameRecord<R>,
    /// The ply of the first position the agent searched: where the opening and the random
    /// plies end.
    pub searched_from: usize,
    /// The outcome; `None` for a game abandoned after [`Config::max_plies`].
    pub outcome: Option<Outcome>,
    /// The plies the agent played.
    pub plies: u32,
    /// The nodes its searches visited.
    pub nodes: u64,
}

/// What a run played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The games played, abandoned ones included.
    pub games: u64,
    /// The games abandoned after [`Config::max_plies`].
    pub abandoned: u64,
    /// The records written.
    pub positions: u64,
    /// The nodes the searches visited.
    pub nodes: u64,
}

impl Summary {
    /// Adds one game.
    pub fn add<R: Ruleset>(&mut self, game: &PlayedGame<R>) {
        self.games += 1;
        self.abandoned += u64::from(game.outcome.is_none());
        self.positions += game.records.len() as u64;
        self.nodes += game.nodes;
    }
}

/// The seed of game `game`'s generator: the two mixed, so that the games' streams do not
/// overlap.
fn game_seed(seed: u64, game: u32) -> u64 {
    let mixed = SplitMix64::new(u64::from(game)).next_u64();
    SplitMix64::new(mixed ^ seed).next_u64()
}

/// Plays self-play games one at a time, for the rules and configuration it was made with.
pub struct SelfPlayer<R: Heuristic + Encoding> {
    rules: R,
    config: Config<R>,
    search: AlphaBeta<R::Move, AgentEval<R>>,
    stop: Option<Arc<AtomicBool>>,
    observation: Vec<f32>,
}

impl<R: Heuristic + Encoding> SelfPlayer<R> {
    /// A player of `config`'s games under `rules`.
    ///
    /// # Errors
    /// [`SelfplayError::Agent`] for an agent the rules cannot serve,
    /// [`SelfplayError::NotAlphaBeta`] for another kind of agent,
    /// [`SelfplayError::RandomPlies`] for an empty range, [`SelfplayError::GameNumbers`] for
    /// game numbers past `u32::MAX`, [`SelfplayError::Opening`] for an opening of other
    /// rules or of a finished game.
    pub fn new(rules: &R, config: &Config<R>) -> Result<SelfPlayer<R>, SelfplayError> {
        // The agent as it plays these rules, so that the data's header names the endgame
        // tables `endgame=auto` found (`alphabeta:endgame=24`).
        let config = Config {
            agent: config.agent.for_rules(rules),
            ..config.clone()
        };
        config.agent.check_for(rules)?;
        let Some(search) = config.agent.alphabeta::<R>()? else {
            return Err(SelfplayError::NotAlphaBeta(config.agent.to_string()));
        };
        let (start, end) = (*config.random_plies.start(), *config.random_plies.end());
        if start > end {
            return Err(SelfplayError::RandomPlies { start, end });
        }
        // Numbers first..=first+games-1 must fit in a u32.
        if u64::from(config.first_game) + u64::from(config.games) > u64::from(u32::MAX) + 1 {
            return Err(SelfplayError::GameNumbers {
                first: config.first_game,
                games: config.games,
            });
        }
        for (index, opening) in config.openings.iter().enumerate() {
            let problem = if opening.rules() != rules {
                format!("a game of {}, not of {rules}", opening.rules())
            } else if opening.is_over() {
                format!("the game is over at ply {}", opening.ply())
            } else {
                continue;
            };
            return Err(SelfplayError::Opening { index, problem });
        }
        Ok(SelfPlayer {
            rules: rules.clone(),
            config,
            search,
            stop: None,
            observation: vec![0.0; rules.observation_len()],
        })
    }

    /// A flag another thread may raise to stop: the search under way stops, and
    /// [`play`](Self::play) and [`generate`](Self::generate) return
    /// [`SelfplayError::Stopped`].
    pub fn stop_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.search = self.search.stop_flag(Arc::clone(&flag));
        self.stop = Some(flag);
        self
    }

    /// The header of the data this player writes.
    pub fn header(&self) -> Header {
        Header {
            rules: self.rules.to_string(),
            agent: self.config.agent.to_string(),
            observation_len: self.rules.observation_len(),
            training: crate::search::training_words(&self.rules, &self.config.agent),
        }
    }

    fn stopped(&self) -> Result<(), SelfplayError> {
        match &self.stop {
            Some(flag) if flag.load(Ordering::Relaxed) => Err(SelfplayError::Stopped),
            _ => Ok(()),
        }
    }

    /// Plays game number `game` (any number: the configuration's games are
    /// [`Config::first_game`] onwards).
    ///
    /// # Errors
    /// [`SelfplayError::Observation`] for an observation value the format cannot hold,
    /// [`SelfplayError::Stopped`] when the stop flag was raised.
    pub fn play(&mut self, game: u32) -> Result<PlayedGame<R>, SelfplayError> {
        let rules = &self.rules;
        let mut rng = SplitMix64::new(game_seed(self.config.seed, game));
        let openings = &self.config.openings;
        let mut record = match openings.len() {
            0 => GameRecord::new(rules.clone()),
            n => {
                let mut opening = openings[game as usize % n].clone();
                opening.truncate();
                opening
            }
        };
        let (start, end) = (
            *self.config.random_plies.start(),
            *self.config.random_plies.end(),
        );
        let random = start + rng.below(end.saturating_sub(start).saturating_add(1));
        for _ in 0..random {
            let Some(mv) = record.random_move(&mut rng) else {
                break;
            };
            record
                .play(mv)
                .map_err(|error| SelfplayError::Move { game, error })?;
        }
        let searched_from = record.ply();
        let (mut records, mut movers) = (Vec::new(), Vec::new());
        let (mut plies, mut nodes) = (0, 0);
        while !record.is_over() && plies < self.config.max_plies {
            self.stopped()?;
            self.search.clear();
            let result = self.search.search_in(rules, record.positions());
            // A stopped search's value is not the fixed budget's.
            self.stopped()?;
            nodes += result.nodes;
            let Some(mv) = result.best else {
                break;
            };
            let state = record.current();
            rules.fill_observation(state, &mut self.observation);
            let mut observation = Vec::with_capacity(self.observation.len());
            for (index, &value) in self.observation.iter().enumerate() {
                if !(value.fract() == 0.0 && (0.0..=255.0).contains(&value)) {
                    return Err(SelfplayError::Observation {
                        game,
                        ply: record.ply(),
                        index,
                        value,
                    });
                }
                observation.push(value as u8);
            }
            records.push(Record {
                game,
                value: stored_value(result.value),
                margin: 0,
                result: 0,
                ply: record.ply().min(255) as u8,
                depth: result.depth.min(255) as u8,
                observation,
            });
            movers.push(rules.to_move(state));
            record
                .play(mv)
                .map_err(|error| SelfplayError::Move { game, error })?;
            plies += 1;
        }
        let outcome = record.outcome();
        match outcome {
            // Abandoned: no result to give the positions.
            None => records.clear(),
            Some(outcome) => {
                let stores = rules.seed_count(record.current());
                for (r, &mover) in records.iter_mut().zip(&movers) {
                    let margin = match outcome.score() {
                        Some(score) => score.margin(mover),
                        None => stores.store(mover) as i32 - stores.store(!mover) as i32,
                    };
                    r.margin = margin.clamp(i16::MIN.into(), i16::MAX.into()) as i16;
                    r.result = outcome.value_for(mover) as i8;
                }
            }
        }
        Ok(PlayedGame {
            records,
            record,
            searched_from,
            outcome,
            plies,
            nodes,
        })
    }
    /// Plays the configuration's games and writes them to `out`: the header, then every
    /// game's records in the order of the games.
    ///
    /// # Errors
    /// As [`play`](Self::play) and [`Writer`].
    pub fn generate<W: Write>(&mut self, out: W) -> Result<Summary, SelfplayError> {
        let mut writer = Writer::new(out, &self.header())?;
        let mut summary = Summary::default();
        for i in 0..self.config.games {
            let game = self.play(self.config.first_game.wrapping_add(i))?;
            for record in &game.records {
                writer.write(record)?;
            }
            summary.add(&game);
        }
        writer.finish()?;
        Ok(summary)
    }
}

/// Plays `config`'s games under `rules` and writes them to `out` (a file, a `Vec<u8>`, ...):
/// the header, then every searched position's record, in the order of the games. The bytes
/// are the same on every run for the same arguments (at a fixed depth).
///
/// ```
/// use sowing::kalah::Kalah;
/// use sowing::selfplay::{self, Config};
///
/// let rules: Kalah = "kalah:pits=4,seeds=3".parse()?;
/// let config = Config { agent: "alphabeta:depth=4".parse()?, games: 3, seed: 7, ..Config::default() };
/// let mut bytes = Vec::new();
/// let summary = selfplay::generate(&rules, &config, &mut bytes)?;
/// assert_eq!(summary.games, 3);
///
/// let (header, records) = selfplay::read(&bytes)?;
/// assert_eq!((header.rules.as_str(), header.observation_len), ("kalah:pits=4,seeds=3", 12));
/// assert_eq!(records.len() as u64, summary.positions);
/// // The mover's result and his final margin agree; values are in hundredths of a seed.
/// assert!(records.iter().all(|r| r.result == r.margin.signum() as i8));
/// assert!(records.iter().all(|r| r.depth >= 1 && r.game < 3));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`SelfPlayer::new`], [`SelfPlayer::play`] and [`Writer`].
pub fn generate<R: Heuristic + Encoding, W: Write>(
    rules: &R,
    config: &Config<R>,
    out: W,
) -> Result<Summary, SelfplayError> {
    SelfPlayer::new(rules, config)?.generate(out)
}
