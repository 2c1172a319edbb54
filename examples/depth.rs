//! Time to depth: how the search's cost grows with depth, on fixed positions. `depth
//! [--agent AGENT] [--games LIST] [--depth D | --depths LIST] [--positions N] [--write]
//! [--quiet]`.
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
//! `--write` makes the position files again (they are checked in: the same on every run).

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use sowing::games::{AnyRuleset, RulesetVisitor};
use sowing::search::{AgentSpec, Heuristic, Limits};
use sowing::toguz::playok as pgn;
use sowing::{GameRecord, RandomSource, Ruleset, SplitMix64};

mod common;
use common::Stop;

const USAGE: &str = "usage: depth [--agent AGENT] [--games LIST] [--depth D | --depths LIST]
             [--times LIST] [--positions N] [--write] [--quiet]

Searches each game's fixed positions (benches/data/depth/<game>.txt) to a fixed depth and
prints, per depth, nodes and time to depth summed over the positions and the effective
branching factor (geometric mean over the positions of nodes(d) / nodes(d-1)).

  --agent AGENT    the agent (default alphabeta; its limits are replaced by the depth)
  --games LIST     games, comma-separated (default toguz,kalah,tsoro)
  --depth D        the depth for every game
  --depths LIST    a depth per game, in the order of --games (default toguz 10, kalah 14,
                   tsoro 10)
  --times LIST     instead of a depth: search each position for each of these times a
                   move (for example 1s,5s,20s) and print the depths completed
  --positions N    only the first N positions of each game (default all 50)
  --write          write the position files again (from the federation games and self-play)
  --quiet          print only each game's summary line";

/// Positions per game in the data files.
const POSITIONS: usize = 50;

/// The default depth of a game.
fn default_depth(game: &str) -> u32 {
    match game {
        "kalah" => 14,
        _ => 10,
    }
}

/// The rules of a game's file.
fn rules_text(game: &str) -> &'static str {
    match game {
        "toguz" => "toguz",
        "kalah" => "kalah",
        _ => "tsoro",
    }
}

fn data_path(game: &str) -> String {
    format!(
        "{}/benches/data/depth/{game}.txt",
        env!("CARGO_MANIFEST_DIR")
    )
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
    fn visit<R: Heuristic>(self, rules: R) -> Result<(), Stop> {
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
    fn visit<R: Heuristic>(self, rules: R) -> Result<(), Stop> {
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

/// Toguz Kumalak: one middlegame position (ply 16 to 39) of each of the first federation
/// games that are still going there.
fn toguz_positions() -> Result<Vec<String>, Stop> {
    let path = format!(
        "{}/tests/data/toguz/federation-2016-2018.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = Vec::new();
    for game in pgn::read_games(&text).into_iter().flatten() {
        let rec = &game.record;
        let ply = 16 + out.len() % 24;
        if let Some(s) = rec.position_at(ply) {
            if !rec.rules().is_over(s) {
                out.push(s.to_string());
            }
        }
        if out.len() == POSITIONS {
            break;
        }
    }
    Ok(out)
}

/// Kalah and Tsoro: positions of self-play games (4 random plies from seed i, then
/// `alphabeta:depth=4` for both sides), each at a ply chosen from `first..first + span`.
struct SelfPlay {
    first: usize,
    span: usize,
}

impl RulesetVisitor for SelfPlay {
    type Output = Result<Vec<String>, Stop>;
    fn visit<R: Heuristic>(self, rules: R) -> Result<Vec<String>, Stop> {
        let spec: AgentSpec = "alphabeta:depth=4".parse().expect("agent text");
        let mut out = Vec::new();
        let mut seed = 0;
        while out.len() < POSITIONS {
            seed += 1;
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

fn write_files(games: &[String]) -> Result<(), Stop> {
    for game in games {
        let rules: AnyRuleset = rules_text(game).parse().map_err(|e| format!("{e}"))?;
        let (positions, source) = match game.as_str() {
            "toguz" => (
                toguz_positions()?,
                "the federation's 2016-2018 games (tests/data/toguz), one position of ply \
                 16-39 from each",
            ),
            "kalah" => (
                rules.visit(SelfPlay { first: 6, span: 16 })?,
                "self-play: 4 random plies from seeds 1, 2, ..., then alphabeta:depth=4; \
                 one position of ply 6-21 from each game",
            ),
            _ => (
                rules.visit(SelfPlay {
                    first: 10,
                    span: 40,
                })?,
                "self-play: 4 random plies from seeds 1, 2, ..., then alphabeta:depth=4; \
                 one position of ply 10-49 from each game",
            ),
        };
        let mut text = format!(
            "# Positions of examples/depth.rs (made by `depth --write`): {source}.\n\
             rules {}\n",
            rules_text(game)
        );
        for p in positions {
            text.push_str(&p);
            text.push('\n');
        }
        let path = data_path(game);
        std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))?;
        out!("wrote {path}")?;
    }
    Ok(())
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

fn main() -> ExitCode {
    common::main("depth", USAGE, run)
}

fn run(args: Vec<String>) -> Result<(), Stop> {
    let mut agent = String::from("alphabeta");
    let mut games: Vec<String> = ["toguz", "kalah", "tsoro"].map(String::from).to_vec();
    let mut depths: Option<Vec<u32>> = None;
    let mut times: Option<Vec<Duration>> = None;
    let mut limit = usize::MAX;
    let (mut write, mut quiet) = (false, false);
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
                games = value("--games")?.split(',').map(String::from).collect();
                if let Some(g) = games
                    .iter()
                    .find(|g| !["toguz", "kalah", "tsoro"].contains(&g.as_str()))
                {
                    return Err(format!("--games: unknown game {g:?} (toguz, kalah, tsoro)").into());
                }
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
            "--write" => write = true,
            "--quiet" => quiet = true,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    if write {
        return write_files(&games);
    }
    let spec: AgentSpec = agent
        .parse()
        .map_err(|e| format!("--agent {agent:?}: {e}"))?;
    for (i, game) in games.iter().enumerate() {
        let depth = match &depths {
            None => default_depth(game),
            Some(v) if v.len() == 1 => v[0],
            Some(v) => *v
                .get(i)
                .ok_or("--depths: a depth for each game of --games")?,
        };
        let path = data_path(game);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let mut lines = text.lines().filter(|l| !l.starts_with('#'));
        let rules = lines
            .next()
            .and_then(|l| l.strip_prefix("rules "))
            .ok_or(format!("{path}: no rules line"))?;
        let rules: AnyRuleset = rules.parse().map_err(|e| format!("{path}: {e}"))?;
        let positions = lines.take(limit).map(String::from).collect();
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
