//! Plays a match between two agents: `match --rules RULESET --a AGENT --b AGENT
//! [--openings N] [--opening-plies P] [--seed S] [--time MS | --depth D | --nodes N]
//! [--max-plies M] [--quiet]`.
//!
//! Each opening is a few random plies from a seed, played twice with the colours swapped, so
//! neither side profits from a lucky opening. Prints every game, then A's wins, draws and
//! losses, its score, the Elo difference with a 95% interval, and each side's average depth
//! and nodes per second. Every strength change of the crate's agents is accepted through it.

use std::process::ExitCode;

use sowing::any::{AnyRuleset, RulesetVisitor};
use sowing::search::{Agent, AgentSpec};
use sowing::{Player, Ruleset, SplitMix64};

mod common;
use common::Stop;

const USAGE: &str = "usage: match --a AGENT --b AGENT [--rules RULESET] [--openings N]
             [--opening-plies P] [--seed S] [--time MS | --depth D | --nodes N]
             [--max-plies M] [--quiet]

Plays 2 x N games between agents A and B: N openings of P random plies (from seed S), each
played once with A as South and once with A as North. Prints each game and then A's result:
wins, draws, losses, score, Elo difference with a 95% interval, and each side's average
depth and nodes per second.

  --a AGENT, --b AGENT  the agents, e.g. alphabeta, alphabeta-classic, alphabeta:eval=store,
                        mcts:playouts=2000 (see AgentSpec)
  --rules RULESET       the game (default toguz)
  --openings N          openings (default 12); 2N games
  --opening-plies P     random plies per opening (default 4)
  --seed S              seed of the openings (default 1)
  --time MS             milliseconds a move for both agents (added to their specs)
  --depth D             depth a move for both agents
  --nodes N             nodes a move for both agents
  --max-plies M         adjudicate by the stores after M plies (default 2000)
  --quiet               print only the summary";

struct Options {
    specs: [AgentSpec; 2],
    openings: u32,
    opening_plies: u32,
    seed: u64,
    max_plies: u32,
    quiet: bool,
}

/// What one side did over the match.
#[derive(Default, Clone, Copy)]
struct SideStats {
    moves: u64,
    depth: u64,
    nodes: u64,
    seconds: f64,
}

impl SideStats {
    fn add(&mut self, agent: &dyn Agent<impl Ruleset>) {
        if let Some(s) = agent.stats() {
            self.moves += 1;
            self.depth += u64::from(s.depth);
            self.nodes += s.nodes;
            self.seconds += s.elapsed.as_secs_f64();
        }
    }
}

/// Elo difference for a score fraction.
fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / p - 1.0).log10()
}

struct Match(Options);

impl RulesetVisitor for Match {
    type Output = Result<(), Stop>;
    fn visit<R: Ruleset>(self, rules: R) -> Result<(), Stop> {
        let o = self.0;
        let names = o.specs.map(|s| s.to_string());
        out!("{rules}: A = {}, B = {}", names[0], names[1])?;
        let mut rng = SplitMix64::new(o.seed);
        let mut scores: Vec<f64> = Vec::new();
        let (mut wins, mut draws, mut losses) = (0, 0, 0);
        let mut stats = [SideStats::default(); 2];
        for opening in 0..o.openings {
            // An opening that does not end the game.
            let start = loop {
                let mut s = rules.start();
                for _ in 0..o.opening_plies {
                    match rules.random_move(&s, &mut rng) {
                        Some(mv) => rules.play_unchecked(&mut s, mv),
                        None => break,
                    }
                }
                if !rules.is_over(&s) {
                    break s;
                }
            };
            for a_side in Player::BOTH {
                let [a, b] = o.specs.map(|s| s.build::<R>().map_err(|e| e.to_string()));
                let mut agents = [a?, b?];
                let mut state = start;
                let mut plies = 0;
                while !rules.is_over(&state) && plies < o.max_plies {
                    let mover = rules.to_move(&state);
                    let who = usize::from(mover != a_side);
                    let mv = agents[who]
                        .choose(&rules, &state)
                        .ok_or("an agent found no move in a game that is not over")?;
                    stats[who].add(&*agents[who]);
                    rules.play_unchecked(&mut state, mv);
                    plies += 1;
                }
                let margin = match rules.outcome(&state) {
                    Some(outcome) => outcome.value_for(a_side),
                    None => {
                        let seeds = rules.seed_count(&state);
                        (seeds.store(a_side) as i32 - seeds.store(!a_side) as i32).signum()
                    }
                };
                let score = match margin.signum() {
                    1 => {
                        wins += 1;
                        1.0
                    }
                    0 => {
                        draws += 1;
                        0.5
                    }
                    _ => {
                        losses += 1;
                        0.0
                    }
                };
                scores.push(score);
                if !o.quiet {
                    let seeds = rules.seed_count(&state);
                    out!(
                        "game {:>3}: opening {:>3}, A plays {a_side}: {} after {plies} plies \
                         (stores S {} N {}); A {wins}-{draws}-{losses}",
                        scores.len(),
                        opening + 1,
                        match score {
                            1.0 => "A wins",
                            0.5 => "draw",
                            _ => "B wins",
                        },
                        seeds.store(Player::South),
                        seeds.store(Player::North),
                    )?;
                }
            }
        }
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let var = scores.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
        let se = (var / n).sqrt();
        let (lo, hi) = (mean - 1.96 * se, mean + 1.96 * se);
        out!(
            "A: {wins} wins, {draws} draws, {losses} losses of {} games: score {:.1}/{} ({:.1}%)",
            scores.len(),
            mean * n,
            scores.len(),
            100.0 * mean
        )?;
        out!(
            "Elo A - B: {:+.0}, 95% interval [{:+.0}, {:+.0}]",
            elo(mean),
            elo(lo),
            elo(hi)
        )?;
        for (i, s) in stats.iter().enumerate() {
            let moves = s.moves.max(1) as f64;
            out!(
                "{}: {}: average depth {:.2}, {:.0} nodes/s ({} searches, {:.1} s)",
                ["A", "B"][i],
                names[i],
                s.depth as f64 / moves,
                s.nodes as f64 / s.seconds.max(1e-9),
                s.moves,
                s.seconds
            )?;
        }
        Ok(())
    }
}

fn main() -> ExitCode {
    common::main("match", USAGE, run)
}

fn run(args: Vec<String>) -> Result<(), Stop> {
    let mut rules = String::from("toguz");
    let mut specs: [Option<String>; 2] = [None, None];
    let mut limit: Option<String> = None;
    let mut opts = Options {
        specs: [AgentSpec::Random { seed: 0 }; 2],
        openings: 12,
        opening_plies: 4,
        seed: 1,
        max_plies: 2000,
        quiet: false,
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        let number = |name: &str, v: String| {
            v.parse::<u64>()
                .map_err(|_| format!("{name} {v:?}: expected a whole number"))
        };
        match a.as_str() {
            "--rules" => rules = value("--rules")?,
            "--a" => specs[0] = Some(value("--a")?),
            "--b" => specs[1] = Some(value("--b")?),
            "--openings" => {
                opts.openings = number("--openings", value("--openings")?)?.clamp(1, 100_000) as u32
            }
            "--opening-plies" => {
                opts.opening_plies =
                    number("--opening-plies", value("--opening-plies")?)?.min(1000) as u32
            }
            "--seed" => opts.seed = number("--seed", value("--seed")?)?,
            "--max-plies" => {
                opts.max_plies =
                    number("--max-plies", value("--max-plies")?)?.clamp(1, 1_000_000) as u32
            }
            "--time" => {
                let ms = number("--time", value("--time")?)?;
                limit = Some(format!("time={ms}ms"));
            }
            "--depth" => limit = Some(format!("depth={}", number("--depth", value("--depth")?)?)),
            "--nodes" => limit = Some(format!("nodes={}", number("--nodes", value("--nodes")?)?)),
            "--quiet" => opts.quiet = true,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    for (i, name) in ["--a", "--b"].iter().enumerate() {
        let Some(text) = &specs[i] else {
            return Err(format!("{name} is required").into());
        };
        let mut text = text.clone();
        if let Some(l) = &limit {
            text.push(if text.contains(':') { ',' } else { ':' });
            text.push_str(l);
        }
        opts.specs[i] = text.parse().map_err(|e| format!("{name} {text:?}: {e}"))?;
    }
    let rules: AnyRuleset = rules.parse().map_err(|e| format!("--rules: {e}"))?;
    rules.visit(Match(opts))
}
