//! Plays a match between two agents: `match --rules RULESET --a AGENT --b AGENT
//! [--openings N] [--opening-plies P] [--seed S] [--time MS | --depth D | --nodes N]
//! [--max-plies M] [--jobs J] [--pgn FILE [--pgn-style STYLE]] [--quiet]`.
//!
//! Each opening is a few random plies from a seed, played twice with the colours swapped, so
//! neither side profits from a lucky opening ([`crate::search::Match`]). Prints every game,
//! then A's wins, draws and losses, its score, the Elo difference with a 95% interval (a
//! one-sided bound when a side won every game), and each side's average depth and nodes per
//! second where its agent reports them. `--pgn FILE` writes every game as a record
//! ([`crate::pgn`]; `--pgn-style playok` or `federation` for Toguz Kumalak's PGN) that
//! `replay` reads back. Every strength change of the crate's agents is
//! accepted through it.

use std::fs::File;
use std::io::Write;
use std::process::ExitCode;

use crate::games::{GameList, RulesetVisitor};
use crate::pgn::{Form, GameResult, PgnGame};
use crate::search::{
    AgentEval, AgentSpec, GameEval, Match, MatchConfig, MatchError, MatchGame, MatchResult,
};
use crate::{Player, Ruleset};

use super::Stop;

const USAGE: &str = "usage: match --a AGENT --b AGENT [--rules RULESET] [--openings N]
             [--opening-plies P] [--seed S] [--time MS | --depth D | --nodes N]
             [--max-plies M] [--jobs J] [--pgn FILE [--pgn-style STYLE]] [--quiet]

Plays 2 x N games between agents A and B: N openings of P random plies (from seed S), each
played once with A as South and once with A as North. Prints each game and then A's result:
wins, draws, losses, score, Elo difference with a 95% interval (a one-sided bound when a
side won every game), and each side's average depth and nodes per second where its agent
reports them (random play and MCTS report none).

  --a AGENT, --b AGENT  the agents, e.g. alphabeta, alphabeta-classic, alphabeta:eval=store,
                        mcts:playouts=2000 (see AgentSpec)
  --rules RULESET       the game (default toguz)
  --openings N          openings (default 12, at least 1); 2N games
  --opening-plies P     random plies per opening (default 4); refused when random
                        openings of P plies keep ending the game
  --seed S              seed of the openings (default 1)
  --time MS             milliseconds a move for both agents (added to their specs)
  --depth D             depth a move for both agents
  --nodes N             nodes a move for both agents
  --max-plies M         adjudicate by the stores after M plies (default 2000)
  --jobs J              games played at once, each on its own thread (default 1); the
                        games and their order are those of one at a time. With a time a
                        move, keep J at most the machine's cores less what else runs
  --pgn FILE            write every game to FILE as a record, which replay reads back
  --pgn-style STYLE     records (default: the crate's record form, any game), or for
                        Toguz Kumalak playok or federation (its PGN as PlayOK or the
                        federation books write it)
  --quiet               print only the summary";

struct Options {
    specs: [AgentSpec; 2],
    config: MatchConfig,
    /// Games played at once.
    jobs: usize,
    quiet: bool,
    /// Where to write the games as records, opened before the match, and in which form.
    pgn: Option<(String, File, Form)>,
}

struct Run(Options);

/// A match error, naming the argument to change.
fn problem(c: &MatchConfig, e: MatchError) -> Stop {
    match e {
        MatchError::NoOpenings => format!("--openings {}: {e}", c.openings),
        MatchError::NoPlies => format!("--max-plies {}: {e}", c.max_plies),
        MatchError::OpeningsEndTheGame { .. } => {
            format!("--opening-plies {}: {e}", c.opening_plies)
        }
        _ => e.to_string(),
    }
    .into()
}

impl RulesetVisitor for Run {
    type Output = Result<(), Stop>;
    fn visit<R: crate::games::Game>(self, rules: R) -> Result<(), Stop> {
        let mut o = self.0;
        // The specs as they play these rules: `endgame=auto` says which tables it found.
        o.specs = o.specs.map(|s| s.for_rules(&rules));
        let names = o.specs.map(|s| s.to_string());
        let title = format!("{rules}: A = {}, B = {}", names[0], names[1]);
        let specs = o.specs;
        for spec in &specs {
            spec.check_for(&rules).map_err(|e| e.to_string())?;
            // Tables are read (once a process) before the first game's clock runs: an
            // evaluation alone asks for them, without a search's table or network file.
            if let AgentSpec::AlphaBeta { endgame, .. } = *spec {
                AgentEval::<R>::new(GameEval::Auto, endgame).prepare(&rules);
            }
        }
        // Checked above: both build.
        let build = |i: usize| specs[i].build::<R>().expect("a spec this game serves");
        let games = Match::new(rules, o.config, build).map_err(|e| problem(&o.config, e))?;
        super::out!("{title}")?;
        let mut played = 0;
        let mut failed: Option<Stop> = None;
        let mut each = |game: MatchGame<R>, r: &MatchResult| -> Result<(), Stop> {
            played += 1;
            if !o.quiet {
                // The final score where the game keeps one (it counts the seeds an end by
                // repetition gives out, in Oware each side's to its owner), else the stores.
                let (what, south, north) = match game.outcome.and_then(|o| o.score()) {
                    Some(score) => ("score", score.south, score.north),
                    None => {
                        let seeds = game.record.rules().seed_count(game.record.current());
                        let [south, north] = [Player::South, Player::North].map(|p| seeds.store(p));
                        ("stores", south, north)
                    }
                };
                super::out!(
                    "game {played:>3}: opening {:>3}, A plays {}: {} after {} plies \
                     ({what} S {south} N {north}); A {}-{}-{}",
                    game.opening + 1,
                    game.a_side,
                    match game.a_score {
                        1.0 => "A wins",
                        0.5 => "draw",
                        _ => "B wins",
                    },
                    game.agent_plies(),
                    r.wins,
                    r.draws,
                    r.losses,
                )?;
            }
            if let Some((path, file, form)) = &mut o.pgn {
                let text = record(game, played, &names)
                    .to_text_in(*form)
                    .ok_or(format!(
                        "--pgn-style {form} cannot write a {} game",
                        R::GAME
                    ))?;
                let gap = if played > 1 { "\n" } else { "" };
                write!(file, "{gap}{text}").map_err(|e| format!("--pgn {path}: {e}"))?;
            }
            Ok(())
        };
        let r = games
            .run_parallel(o.jobs, |game, r| match each(game, r) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            })
            .map_err(|e| problem(&o.config, e))?;
        if let Some(e) = failed {
            return Err(e);
        }
        let n = r.games();
        super::out!(
            "A: {} wins, {} draws, {} losses of {n} games: score {:.1}/{n} ({:.1}%)",
            r.wins,
            r.draws,
            r.losses,
            r.points(),
            100.0 * r.points() / f64::from(n)
        )?;
        if let Some(elo) = r.elo() {
            super::out!("Elo A - B: {elo}")?;
        }
        for (i, side) in r.sides.iter().enumerate() {
            super::out!("{}: {}: {side}", ["A", "B"][i], names[i])?;
        }
        Ok(())
    }
}

/// Game `round` of the match as a record: the agents' names as the sides, the opening marked
/// by a comment, and a game stopped by the ply limit given the result the stores decided.
fn record<R: Ruleset>(game: MatchGame<R>, round: u32, names: &[String; 2]) -> PgnGame<R> {
    let (a_side, a_score, opening) = (game.a_side, game.a_score, game.opening_plies);
    let adjudicated = game.outcome.is_none();
    let mut pgn = PgnGame::new(game.record);
    pgn.set_tag("Event", "sowing match");
    pgn.set_tag("Round", &round.to_string());
    for (side, name) in Player::BOTH.into_iter().zip(R::SIDES) {
        pgn.set_tag(name, &names[usize::from(side != a_side)]);
    }
    if opening > 0 {
        pgn.comments.push((
            opening,
            format!("the random opening's {opening} plies end here"),
        ));
    }
    if adjudicated {
        let south = if a_side == Player::South {
            a_score
        } else {
            1.0 - a_score
        };
        pgn.result = match south {
            1.0 => GameResult::SouthWins,
            0.0 => GameResult::NorthWins,
            _ => GameResult::Draw,
        };
        pgn.set_tag("Termination", "adjudication by the stores at the ply limit");
    }
    pgn
}

pub(super) fn main<L: GameList>(args: Vec<String>, default: &str) -> ExitCode {
    super::command("match", USAGE, args, |args| run::<L>(args, default))
}

fn run<L: GameList>(args: Vec<String>, default: &str) -> Result<(), Stop> {
    let mut rules = String::from(default);
    let mut specs: [Option<String>; 2] = [None, None];
    let mut limit: Option<String> = None;
    let mut config = MatchConfig::default();
    let mut quiet = false;
    let mut jobs = 1;
    let (mut pgn, mut style) = (None, None);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name} {v:?}: expected a whole number"))
        };
        let count = |name: &str, v: String| {
            v.parse::<u32>()
                .map_err(|_| format!("{name} {v:?}: expected a whole number below 2^32"))
        };
        match a.as_str() {
            "--rules" => rules = value("--rules")?,
            "--a" => specs[0] = Some(value("--a")?),
            "--b" => specs[1] = Some(value("--b")?),
            "--openings" => config.openings = count("--openings", value("--openings")?)?,
            "--opening-plies" => {
                config.opening_plies = count("--opening-plies", value("--opening-plies")?)?
            }
            "--seed" => config.seed = number("--seed", value("--seed")?)?,
            "--max-plies" => config.max_plies = count("--max-plies", value("--max-plies")?)?,
            "--time" => {
                let ms = number("--time", value("--time")?)?;
                limit = Some(format!("time={ms}ms"));
            }
            "--depth" => limit = Some(format!("depth={}", number("--depth", value("--depth")?)?)),
            "--nodes" => limit = Some(format!("nodes={}", number("--nodes", value("--nodes")?)?)),
            "--jobs" => match count("--jobs", value("--jobs")?)? {
                0 => return Err("--jobs 0: at least 1 game at a time".into()),
                n => jobs = n as usize,
            },
            "--quiet" => quiet = true,
            "--pgn" => pgn = Some(value("--pgn")?),
            "--pgn-style" => style = Some(super::pgn_style::<L>(&value("--pgn-style")?)?),
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let mut agents: Vec<AgentSpec> = Vec::with_capacity(2);
    for (i, name) in ["--a", "--b"].iter().enumerate() {
        let Some(text) = &specs[i] else {
            return Err(format!("{name} is required").into());
        };
        let mut text = text.clone();
        if let Some(l) = &limit {
            text.push(if text.contains(':') { ',' } else { ':' });
            text.push_str(l);
        }
        agents.push(text.parse().map_err(|e| format!("{name} {text:?}: {e}"))?);
    }
    let rules: L = rules.parse().map_err(|e| format!("--rules: {e}"))?;
    let pgn = super::pgn_output(&rules, pgn, style)?;
    rules.visit(Run(Options {
        specs: [agents[0], agents[1]],
        config,
        jobs,
        quiet,
        pgn,
    }))
}
