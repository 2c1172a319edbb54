//! `depth [--agent AGENT] [--games LIST] [--depth D | --depths LIST] [--times LIST]
//! [--positions N] [--data DIR] [--write --plies A..B [--openings FILE]] [--quiet]`: time to
//! depth and effective branching factor on fixed positions of any game of a list.
//!
//! A game's positions are a file `<DIR>/<game>.txt` (the crate's: `benches/data/depth/`):
//! `#` comment lines, `rules <ruleset text>`, optionally `depth <D>` (the game's default
//! depth, else 10), then one position a line.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use super::{Stop, command, out};
use crate::games::{Game, GameList, RulesetVisitor, read_any_in};
use crate::search::{AgentSpec, Limits};
use crate::{GameRecord, RandomSource, SplitMix64};

const USAGE: &str = "usage: depth [--agent AGENT] [--games LIST] [--depth D | --depths LIST]
             [--times LIST] [--positions N] [--data DIR]
             [--write --plies A..B [--openings FILE]] [--quiet]

Searches each game's fixed positions (DIR/<game>.txt) to a fixed depth and prints, per depth,
nodes and time to depth summed over the positions and the effective branching factor
(geometric mean over the positions of nodes(d) / nodes(d-1)).

  --agent AGENT    the agent (default alphabeta; its limits are replaced by the depth)
  --games LIST     games, comma-separated (default: every game of the list with a file)
  --depth D        the depth for every game
  --depths LIST    a depth per game, in the order of --games (default: each file's depth
                   line, else 10)
  --times LIST     instead of a depth: search each position for each of these times a
                   move (for example 1s,5s,20s) and print the depths completed
  --positions N    only the first N positions of each game (default all)
  --data DIR       the position files' folder (default the crate's benches/data/depth)
  --write          write the position files again, 50 a game, each from a game at a ply of
                   --plies A..B: from the games of --openings FILE (records of the game),
                   in turn, or else from self-play (4 random plies from seeds 1, 2, ...,
                   then alphabeta:depth=4)
  --quiet          print only each game's summary line";

/// Positions per game in the files `--write` makes.
const POSITIONS: usize = 50;

/// The default depth of a game whose file gives none.
const DEFAULT_DEPTH: u32 = 10;

fn data_path(dir: &str, game: &str) -> String {
    format!("{dir}/{game}.txt")
}

struct Bench {
    spec: AgentSpec,
    depth: u32,
    positions: Vec<String>,
    quiet: bool,
    game: String,
}

/// One position's figures after each completed iteration: (nodes, time) so far.
type Curve = Vec<(u64, Duration)>;

fn geomean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    (xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp()
}

impl RulesetVisitor for Bench {
    type Output = Result<(), Stop>;
    fn visit<R: Game>(self, rules: R) -> Result<(), Stop> {
        let d = self.depth as usize;
        let mut curves: Vec<Curve> = Vec::new();
        for (i, text) in self.positions.iter().enumerate() {
            let state = rules
                .parse_position(text)
                .map_err(|e| format!("{} position {}: {e}", self.game, i + 1))?;
            let mut ab = self
                .spec
                .alphabeta::<R>()
                .map_err(|e| e.to_string())?
                .ok_or("--agent: an alphabeta agent is needed")?;
            // The table is allocated (and the code warmed) outside the timing.
            ab.set_limits(Limits::depth(1));
            ab.search(&rules, &state);
            ab.clear();
            ab.set_limits(Limits::depth(self.depth));
            let mut curve = Curve::new();
            ab.search_with(&rules, &state, |r| curve.push((r.nodes.max(1), r.elapsed)));
            if curve.len() == d {
                curves.push(curve);
            }
        }
        let n = curves.len();
        if !self.quiet {
            out!(
                "{} ({}), {}: {n} of {} positions reach depth {d}",
                self.game,
                rules,
                self.spec,
                self.positions.len()
            )?;
            out!("depth        nodes     time s   EBF nodes   EBF time")?;
        }
        for k in 0..d {
            let nodes: u64 = curves.iter().map(|c| c[k].0).sum();
            let time: f64 = curves.iter().map(|c| c[k].1.as_secs_f64()).sum();
            let mut line = format!("{:>5} {nodes:>12} {time:>10.3}", k + 1);
            if k > 0 {
                let rn: Vec<f64> = curves
                    .iter()
                    .map(|c| c[k].0 as f64 / c[k - 1].0 as f64)
                    .collect();
                let rt: Vec<f64> = curves
                    .iter()
                    .map(|c| c[k].1.as_secs_f64().max(1e-6) / c[k - 1].1.as_secs_f64().max(1e-6))
                    .collect();
                let _ = write!(line, " {:>11.2} {:>10.2}", geomean(&rn), geomean(&rt));
            }
            if !self.quiet {
                out!("{line}")?;
            }
        }
        if d < 2 || n == 0 {
            out!(
                "{}: {}: depth {d} on {n} positions: no branching factor",
                self.game,
                self.spec
            )?;
            return Ok(());
        }
        let span = 4.min(d - 1);
        let last = |f: &dyn Fn(&Curve) -> f64| {
            let xs: Vec<f64> = curves
                .iter()
                .map(|c| (f(c) / f(&c[..d - span].to_vec())).powf(1.0 / span as f64))
                .collect();
            geomean(&xs)
        };
        let nodes_at = |c: &Curve| c[c.len() - 1].0 as f64;
        let time_at = |c: &Curve| c[c.len() - 1].1.as_secs_f64().max(1e-6);
        let total_nodes: u64 = curves.iter().map(|c| c[d - 1].0).sum();
        let total_time: f64 = curves.iter().map(|c| c[d - 1].1.as_secs_f64()).sum();
        out!(
            "{}: {}: depth {d} on {n} positions: {total_nodes} nodes, {total_time:.2} s \
             ({:.2} M nodes/s); EBF over depths {}-{d}: nodes {:.2}, time {:.2}",
            self.game,
            self.spec,
            total_nodes as f64 / total_time.max(1e-9) / 1e6,
            d - span,
            last(&nodes_at),
            last(&time_at),
        )?;
        Ok(())
    }
}

/// `--times`: the depth each position's search completes in each time a move.
struct TimeBench {
    spec: AgentSpec,
    times: Vec<Duration>,
    positions: Vec<String>,
    game: String,
}

impl RulesetVisitor for TimeBench {
    type Output = Result<(), Stop>;
    fn visit<R: Game>(self, rules: R) -> Result<(), Stop> {
        let states = self
            .positions
            .iter()
            .enumerate()
            .map(|(i, text)| {
                rules
                    .parse_position(text)
                    .map_err(|e| format!("{} position {}: {e}", self.game, i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        out!(
            "{} ({}), {}: {} positions",
            self.game,
            rules,
            self.spec,
            states.len()
        )?;
        out!("time a move   depth: mean  lowest  median  highest        nodes   M nodes/s")?;
        for &time in &self.times {
            let limits = Limits {
                depth: None,
                nodes: None,
                time: Some(time),
            };
            let (mut depths, mut nodes, mut spent) = (Vec::new(), 0u64, 0.0f64);
            for state in &states {
                let mut ab = self
                    .spec
                    .alphabeta::<R>()
                    .map_err(|e| e.to_string())?
                    .ok_or("--agent: an alphabeta agent is needed")?;
                // The table, at the size the agent gives this time, is allocated (and the
                // code warmed) outside the timing.
                ab.set_limits(Limits {
                    depth: Some(1),
                    ..limits
                });
                ab.search(&rules, state);
                ab.clear();
                ab.set_limits(limits);
                let r = ab.search(&rules, state);
                depths.push(r.depth);
                nodes += r.nodes;
                spent += r.elapsed.as_secs_f64();
            }
            depths.sort_unstable();
            let n = depths.len().max(1);
            let mean = depths.iter().map(|&d| f64::from(d)).sum::<f64>() / n as f64;
            out!(
                "{:>11} {:>13.2} {:>7} {:>7} {:>8} {:>12} {:>11.2}",
                format!("{:?}", time),
                mean,
                depths.first().copied().unwrap_or(0),
                depths.get(depths.len() / 2).copied().unwrap_or(0),
                depths.last().copied().unwrap_or(0),
                nodes,
                nodes as f64 / spent.max(1e-9) / 1e6,
            )?;
        }
        Ok(())
    }
}

/// The positions `--write` takes: from the games of a record file, or from self-play.
struct Positions {
    first: usize,
    span: usize,
    openings: Option<(String, String)>,
}

impl RulesetVisitor for Positions {
    type Output = Result<Vec<String>, Stop>;
    fn visit<R: Game>(self, rules: R) -> Result<Vec<String>, Stop> {
        let mut out = Vec::new();
        if let Some((path, text)) = &self.openings {
            // One position of each game still going there, at a ply that runs through the
            // span game after game.
            for game in read_any_in::<crate::games::Only<R>>(text)
                .into_iter()
                .flatten()
            {
                let Some(game) = game.get::<R>() else {
                    continue;
                };
                let rec = &game.record;
                let ply = self.first + out.len() % self.span;
                if let Some(s) = rec.position_at(ply) {
                    if !rec.rules().is_over(s) {
                        out.push(s.to_string());
                    }
                }
                if out.len() == POSITIONS {
                    break;
                }
            }
            if out.len() < POSITIONS {
                return Err(format!(
                    "--openings {path}: {} positions of {} at plies {}..={}, not {POSITIONS}",
                    out.len(),
                    R::GAME,
                    self.first,
                    self.first + self.span - 1
                )
                .into());
            }
            return Ok(out);
        }
        let spec: AgentSpec = "alphabeta:depth=4".parse().map_err(|e| format!("{e}"))?;
        let mut seed = 0;
        while out.len() < POSITIONS {
            seed += 1;
            if seed > 100 * POSITIONS as u64 {
                return Err(format!(
                    "self-play games of {rules} seldom reach plies {}..={}",
                    self.first,
                    self.first + self.span - 1
                )
                .into());
            }
            let mut rng = SplitMix64::new(seed);
            let target = self.first + (rng.below(self.span as u32) as usize);
            let mut rec = GameRecord::new(rules.clone());
            let mut agent = spec.build::<R>().map_err(|e| e.to_string())?;
            while rec.len() < target && !rec.is_over() {
                let mv = if rec.len() < 4 {
                    rec.random_move(&mut rng)
                } else {
                    agent.choose(rec.rules(), rec.current())
                };
                let Some(mv) = mv else { break };
                rec.play(mv).map_err(|e| e.to_string())?;
            }
            if rec.len() == target && !rec.is_over() {
                out.push(rec.current().to_string());
            }
        }
        Ok(out)
    }
}

/// `--write`: each game's file again, on the game's default rules.
fn write_files<L: GameList>(
    dir: &str,
    games: &[String],
    depths: &[Option<u32>],
    plies: (usize, usize),
    openings: Option<&str>,
) -> Result<(), Stop> {
    let (first, last) = plies;
    for (game, depth) in games.iter().zip(depths) {
        let rules: L = game.parse().map_err(|e| format!("{e}"))?;
        let text = match openings {
            Some(path) => Some((
                path.to_string(),
                std::fs::read_to_string(path).map_err(|e| format!("--openings {path}: {e}"))?,
            )),
            None => None,
        };
        let source = match openings {
            Some(path) => {
                format!("the games of {path}, one position of ply {first}-{last} from each")
            }
            None => format!(
                "self-play: 4 random plies from seeds 1, 2, ..., then alphabeta:depth=4; \
                 one position of ply {first}-{last} from each game"
            ),
        };
        let positions = rules.clone().visit(Positions {
            first,
            span: last - first + 1,
            openings: text,
        })?;
        let mut text = format!(
            "# Positions of the depth tool (made by `depth --write`): {source}.\nrules {rules}\n"
        );
        if let Some(d) = depth {
            let _ = writeln!(text, "depth {d}");
        }
        for p in positions {
            text.push_str(&p);
            text.push('\n');
        }
        let path = data_path(dir, game);
        std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))?;
        out!("wrote {path}")?;
    }
    Ok(())
}

/// A game's file: its rules, its depth line, its positions.
struct DataFile {
    rules: String,
    depth: Option<u32>,
    positions: Vec<String>,
}

fn read_file(path: &str) -> Result<DataFile, Stop> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut lines = text.lines().filter(|l| !l.starts_with('#')).peekable();
    let rules = lines
        .next()
        .and_then(|l| l.strip_prefix("rules "))
        .ok_or(format!("{path}: no rules line"))?
        .to_string();
    let depth = match lines.peek().and_then(|l| l.strip_prefix("depth ")) {
        Some(d) => {
            let d = d
                .parse::<u32>()
                .ok()
                .filter(|d| (1..=Limits::MAX_DEPTH).contains(d))
                .ok_or(format!("{path}: depth {d:?}: expected 1..=200"))?;
            lines.next();
            Some(d)
        }
        None => None,
    };
    Ok(DataFile {
        rules,
        depth,
        positions: lines.map(String::from).collect(),
    })
}

/// A time written `500ms`, `2s` or `1.5s`.
fn seconds(text: &str) -> Option<Duration> {
    let (number, scale) = match text.strip_suffix("ms") {
        Some(n) => (n, 1e-3),
        None => (text.strip_suffix('s')?, 1.0),
    };
    let v: f64 = number.parse().ok()?;
    (v.is_finite() && v > 0.0 && v * scale < 1e6).then(|| Duration::from_secs_f64(v * scale))
}

pub(super) fn main<L: GameList>(args: Vec<String>) -> ExitCode {
    command("depth", USAGE, args, run::<L>)
}

/// `A..B` or `A..=B` (A to B, both included).
fn plies(value: &str) -> Result<(usize, usize), Stop> {
    let bad = || {
        Stop::Error(format!(
            "--plies {value:?}: expected a range of plies such as 6..21"
        ))
    };
    let (a, b) = value.split_once("..").ok_or_else(bad)?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let (a, b): (usize, usize) = (a.parse().map_err(|_| bad())?, b.parse().map_err(|_| bad())?);
    if a > b || b > 10_000 {
        return Err(bad());
    }
    Ok((a, b))
}

fn run<L: GameList>(args: Vec<String>) -> Result<(), Stop> {
    let mut agent = String::from("alphabeta");
    let mut games: Option<Vec<String>> = None;
    let mut depths: Option<Vec<u32>> = None;
    let mut times: Option<Vec<Duration>> = None;
    let mut limit = usize::MAX;
    let mut dir = format!("{}/benches/data/depth", env!("CARGO_MANIFEST_DIR"));
    let (mut write, mut quiet) = (false, false);
    let (mut ply_range, mut openings) = (None, None);
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        let depth = |v: &str| {
            v.parse::<u32>()
                .ok()
                .filter(|d| (1..=Limits::MAX_DEPTH).contains(d))
                .ok_or(format!("depth {v:?}: expected 1..=200"))
        };
        match a.as_str() {
            "--agent" => agent = value("--agent")?,
            "--games" => {
                let list: Vec<String> = value("--games")?.split(',').map(String::from).collect();
                if let Some(g) = list.iter().find(|g| !L::GAMES.contains(&g.as_str())) {
                    return Err(
                        format!("--games: unknown game {g:?} ({})", L::GAMES.join(", ")).into(),
                    );
                }
                games = Some(list);
            }
            "--depth" => depths = Some(vec![depth(&value("--depth")?)?]),
            "--depths" => {
                depths = Some(
                    value("--depths")?
                        .split(',')
                        .map(depth)
                        .collect::<Result<_, _>>()?,
                )
            }
            "--times" => {
                times = Some(
                    value("--times")?
                        .split(',')
                        .map(|t| {
                            seconds(t)
                                .ok_or(format!("--times: {t:?} is not a time (500ms, 2s, 1.5s)"))
                        })
                        .collect::<Result<_, _>>()?,
                )
            }
            "--positions" => {
                limit = value("--positions")?
                    .parse()
                    .map_err(|_| "--positions: expected a whole number")?
            }
            "--data" => dir = value("--data")?,
            "--plies" => ply_range = Some(plies(&value("--plies")?)?),
            "--openings" => openings = Some(value("--openings")?),
            "--write" => write = true,
            "--quiet" => quiet = true,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let games = games.unwrap_or_else(|| {
        L::GAMES
            .iter()
            .filter(|g| std::path::Path::new(&data_path(&dir, g)).is_file())
            .map(|g| g.to_string())
            .collect()
    });
    if games.is_empty() {
        return Err(format!(
            "{dir}: no position file of any game ({})",
            L::GAMES.join(", ")
        )
        .into());
    }
    let depth_of = |i: usize| -> Result<Option<u32>, Stop> {
        Ok(match &depths {
            None => None,
            Some(v) if v.len() == 1 => Some(v[0]),
            Some(v) => Some(
                *v.get(i)
                    .ok_or("--depths: a depth for each game of --games")?,
            ),
        })
    };
    if write {
        let range = ply_range.ok_or("--write needs --plies A..B")?;
        let depths = (0..games.len())
            .map(depth_of)
            .collect::<Result<Vec<_>, _>>()?;
        return write_files::<L>(&dir, &games, &depths, range, openings.as_deref());
    }
    if ply_range.is_some() || openings.is_some() {
        return Err("--plies and --openings go with --write".into());
    }
    let spec: AgentSpec = agent
        .parse()
        .map_err(|e| format!("--agent {agent:?}: {e}"))?;
    for (i, game) in games.iter().enumerate() {
        let path = data_path(&dir, game);
        let file = read_file(&path)?;
        let depth = depth_of(i)?.or(file.depth).unwrap_or(DEFAULT_DEPTH);
        let rules: L = file.rules.parse().map_err(|e| format!("{path}: {e}"))?;
        let positions = file.positions.into_iter().take(limit).collect();
        if let Some(times) = &times {
            rules.visit(TimeBench {
                spec,
                times: times.clone(),
                positions,
                game: game.clone(),
            })?;
            continue;
        }
        rules.visit(Bench {
            spec,
            depth,
            positions,
            quiet,
            game: game.clone(),
        })?;
    }
    Ok(())
}
