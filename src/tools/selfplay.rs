//! `selfplay [--rules RULESET] [--games N] [--agent AGENT] [--random-plies A..B] [--openings
//! FILE --opening-ply N] [--seed S] [--first-game G] [--max-plies N] [--threads T] --out
//! FILE`: self-play data for training an evaluation ([`crate::selfplay`]), for any game with
//! an encoding ([`Heuristic::with_encoding`]).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::BufWriter;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use super::{Stop, command, line};
use crate::encode::Encoding;
use crate::encode::EncodingVisitor;
use crate::games::{Game, GameList, RulesetVisitor};
use crate::pgn::Dialect;
use crate::search::{AgentSpec, Heuristic};
use crate::selfplay::{self, Config, PlayedGame, SelfPlayer, SelfplayError, Summary, Writer};

const USAGE: &str = "usage: selfplay [--rules RULESET] [--games N] [--agent AGENT]
                [--random-plies A..B] [--openings FILE --opening-ply N] [--seed S]
                [--first-game G] [--max-plies N] [--threads T] --out FILE

Plays the agent against itself and writes every searched position with the search's value
and the game's result, for training an evaluation (the format: the docs of
sowing::selfplay). Prints the positions, the games and the positions a second.

  --rules RULESET      the game (default DEFAULT)
  --games N            games to play (default 100)
  --agent AGENT        an alphabeta agent (default alphabeta:depth=8); every search starts
                       from a cleared table, so a smaller one is faster at small depths
                       (alphabeta:depth=8,table=14), with values of its own
  --random-plies A..B  random plies opening each game, A to B, both included (default
                       2..8; `N` for exactly N)
  --openings FILE      start the games from the positions at --opening-ply of the games of
                       FILE (records of any game, e.g. Toguz Kumalak PGN), in turn; the
                       random plies follow
  --opening-ply N      the ply of the openings (default 0)
  --seed S             the seed of the games' random plies (default 0)
  --first-game G       the first game's number (default 0): a run that goes on from
                       another's last game
  --max-plies N        abandon a game after N plies of the agent (default 1000)
  --threads T          games played at once (default: every core)
  --out FILE           the file to write";

struct Options<L> {
    rules: L,
    games: u32,
    agent: AgentSpec,
    random_plies: (u32, u32),
    openings: Option<(String, usize)>,
    seed: u64,
    first_game: u32,
    max_plies: u32,
    threads: usize,
    out: String,
}

pub(super) fn main<L: GameList>(args: Vec<String>, default_rules: &str) -> ExitCode {
    let usage = USAGE.replace("DEFAULT", default_rules);
    command("selfplay", &usage, args, |args| {
        run(parse::<L>(args, default_rules)?)
    })
}

fn number<T: std::str::FromStr>(value: &str, flag: &str, expected: &str) -> Result<T, Stop> {
    value
        .parse()
        .map_err(|_| Stop::Error(format!("{flag} {value:?}: expected {expected}")))
}

/// `A..B` or `A..=B` (A to B, both included), or `N`.
fn plies_range(value: &str) -> Result<(u32, u32), Stop> {
    let expected = "a range of plies such as 2..8, or a number";
    let (a, b) = match value.split_once("..") {
        Some((a, b)) => (a, b.strip_prefix('=').unwrap_or(b)),
        None => (value, value),
    };
    let (a, b): (u32, u32) = (
        number(a, "--random-plies", expected)?,
        number(b, "--random-plies", expected)?,
    );
    if a > b {
        return Err(format!("--random-plies {value}: {a} is past {b}").into());
    }
    Ok((a, b))
}

fn parse<L: GameList>(args: Vec<String>, default_rules: &str) -> Result<Options<L>, Stop> {
    let mut o = Options {
        rules: default_rules.parse().map_err(|e| format!("{e}"))?,
        games: 100,
        agent: selfplay::default_agent(),
        random_plies: (2, 8),
        openings: None,
        seed: 0,
        first_game: 0,
        max_plies: 1000,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        out: String::new(),
    };
    let (mut openings, mut opening_ply, mut out) = (None, None, None);
    let mut it = args.into_iter();
    while let Some(flag) = it.next() {
        let mut value = || {
            it.next()
                .ok_or_else(|| Stop::Error(format!("{flag} needs a value (see --help)")))
        };
        match flag.as_str() {
            "--rules" => {
                let v = value()?;
                o.rules = v.parse().map_err(|e| format!("--rules {v}: {e}"))?;
            }
            "--games" => o.games = number(&value()?, &flag, "a number of games")?,
            "--agent" => {
                let v = value()?;
                o.agent = v.parse().map_err(|e| format!("--agent {v}: {e}"))?;
            }
            "--random-plies" => o.random_plies = plies_range(&value()?)?,
            "--openings" => openings = Some(value()?),
            "--opening-ply" => opening_ply = Some(number(&value()?, &flag, "a ply")?),
            "--seed" => o.seed = number(&value()?, &flag, "a whole number")?,
            "--first-game" => o.first_game = number(&value()?, &flag, "a game number")?,
            "--max-plies" => o.max_plies = number(&value()?, &flag, "a number of plies")?,
            "--threads" => {
                o.threads = number(&value()?, &flag, "threads 1 to 1024")?;
                if !(1..=1024).contains(&o.threads) {
                    return Err("--threads: expected threads 1 to 1024".into());
                }
            }
            "--out" => out = Some(value()?),
            other => return Err(format!("unknown argument {other:?} (see --help)").into()),
        }
    }
    o.openings = match (openings, opening_ply) {
        (Some(file), ply) => Some((file, ply.unwrap_or(0))),
        (None, Some(_)) => return Err("--opening-ply needs --openings FILE".into()),
        (None, None) => None,
    };
    o.out = out.ok_or("--out FILE is needed: where to write the records")?;
    Ok(o)
}

/// Runs the games of `o` on the rules `rules`.
fn run_on<R: Heuristic + Encoding + Dialect, L>(rules: R, o: Options<L>) -> Result<(), Stop> {
    let mut config = Config {
        agent: o.agent,
        random_plies: o.random_plies.0..=o.random_plies.1,
        seed: o.seed,
        first_game: o.first_game,
        games: o.games,
        max_plies: o.max_plies,
        ..Config::default()
    };
    if let Some((file, ply)) = &o.openings {
        let text = std::fs::read_to_string(file).map_err(|e| format!("--openings {file}: {e}"))?;
        let (openings, total) = selfplay::read_openings(&text, &rules, *ply)
            .map_err(|e| format!("--openings {file}: {e}"))?;
        line(format_args!(
            "{} openings at ply {ply} from the {total} games of {file}",
            openings.len()
        ))?;
        config.openings = openings;
    }
    // Every thread checks the configuration the same way: check it once here.
    let header = SelfPlayer::new(&rules, &config)
        .map_err(|e| e.to_string())?
        .header();
    let file = File::create(&o.out).map_err(|e| format!("--out {}: {e}", o.out))?;
    let mut writer = Writer::new(BufWriter::new(file), &header).map_err(|e| e.to_string())?;
    let stop = Arc::new(AtomicBool::new(false));
    let next = AtomicU32::new(0);
    let started = Instant::now();
    let (tx, rx) = mpsc::channel::<(u32, Result<PlayedGame<R>, SelfplayError>)>();
    let mut summary = Summary::default();
    let threads = o.threads.clamp(1, o.games.max(1) as usize);
    let written = std::thread::scope(|scope| -> Result<(), Stop> {
        for _ in 0..threads {
            let tx = tx.clone();
            let (rules, config, next, stop) = (&rules, &config, &next, &stop);
            scope.spawn(move || {
                let mut player = match SelfPlayer::new(rules, config) {
                    Ok(p) => p.stop_flag(Arc::clone(stop)),
                    Err(e) => {
                        let _ = tx.send((0, Err(e)));
                        return;
                    }
                };
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= config.games || stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let game = player.play(config.first_game.wrapping_add(i));
                    if tx.send((i, game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        // Games finished early wait here until the games before them are written.
        let mut waiting: BTreeMap<u32, PlayedGame<R>> = BTreeMap::new();
        let mut first_unwritten = 0u32;
        let mut result = Ok(());
        let mut reported = Instant::now();
        for (i, game) in rx {
            match game {
                Ok(game) => {
                    waiting.insert(i, game);
                }
                Err(SelfplayError::Stopped) => {}
                Err(e) => {
                    result = result.and(Err(Stop::Error(e.to_string())));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            while let Some(game) = waiting.remove(&first_unwritten) {
                for record in &game.records {
                    if let Err(e) = writer.write(record) {
                        result = result.and(Err(Stop::Error(format!("--out {}: {e}", o.out))));
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
                summary.add(&game);
                first_unwritten += 1;
            }
            if reported.elapsed() > Duration::from_secs(30) && result.is_ok() {
                reported = Instant::now();
                eprintln!(
                    "selfplay: {} of {} games, {} positions, {:.0} s",
                    summary.games,
                    o.games,
                    summary.positions,
                    started.elapsed().as_secs_f64()
                );
            }
        }
        result
    });
    written?;
    writer
        .finish()
        .map_err(|e| format!("--out {}: {e}", o.out))?;
    let seconds = started.elapsed().as_secs_f64();
    let abandoned = match summary.abandoned {
        0 => String::new(),
        n => format!(" ({n} abandoned after {} plies)", o.max_plies),
    };
    line(format_args!(
        "{} positions, {} games{abandoned} in {seconds:.1} s on {threads} thread{}: {:.0} positions/s, {:.0} nodes/s; wrote {}",
        summary.positions,
        summary.games,
        if threads == 1 { "" } else { "s" },
        summary.positions as f64 / seconds.max(1e-9),
        summary.nodes as f64 / seconds.max(1e-9),
        o.out
    ))
}

/// [`run_on`] for the ruleset the list holds, where its game has an encoding.
struct Visit<L>(Options<L>);

impl<L> RulesetVisitor for Visit<L> {
    type Output = Result<(), Stop>;
    fn visit<R: Game>(self, rules: R) -> Result<(), Stop> {
        let game = R::GAME;
        rules
            .with_encoding(Encoded(self.0))
            .unwrap_or_else(|| Err(format!("--rules: {game} has no encoding to write").into()))
    }
}

/// [`run_on`] on rules with an encoding.
struct Encoded<L>(Options<L>);

impl<L> EncodingVisitor for Encoded<L> {
    type Output = Result<(), Stop>;
    fn visit<E: Heuristic + Encoding + Dialect>(self, rules: &E) -> Result<(), Stop> {
        run_on(rules.clone(), self.0)
    }
}

fn run<L: GameList>(o: Options<L>) -> Result<(), Stop> {
    let rules = o.rules.clone();
    rules.visit(Visit(o))
}
