//! One game: [`play_game`], the loop of the agents' moves, and [`MatchGame`], a game of a
//! match.

use super::cpu_wait::CpuWait;
use super::{MatchError, SideFigures};
use crate::player::{Outcome, Player};
use crate::record::GameRecord;
use crate::ruleset::Ruleset;
use crate::search::Agent;

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

/// One game of a match from `start`, agent A (`agents[0]`) playing `a_side`.
pub(super) fn play_match_game<R: Ruleset, A: Agent<R>>(
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
