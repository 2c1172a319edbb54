//! `tune [--rules RULESET] [--pgn FILE] [--selfplay N] [--nodes N] [--rounds R] [--skip P]
//! [--seed S]`: fits the weights of a game's evaluation to game results (Texel's method), for
//! any game that names its weighted-sum evaluation
//! ([`Heuristic::with_linear`](crate::search::Heuristic::with_linear)).

use std::process::ExitCode;

use super::{Stop, command, out};
use crate::games::{Game, GameList, Member, Rulesets, Visit, read_any_in};
use crate::player::GameResult;
use crate::search::{
    Agent, AlphaBeta, Limits, Linear, LinearVisitor, Match, MatchConfig, SearchOptions,
};
use crate::{Player, RandomSource, Ruleset, SplitMix64};

const USAGE: &str = "usage: tune [--rules RULESET] [--pgn FILE] [--selfplay N] [--nodes N]
            [--rounds R] [--skip P] [--seed S]

Fits the evaluation weights of the game to game results by logistic regression (Texel's
method) and prints them as Rust.

  --rules RULESET  the game (default DEFAULT): its evaluation is tuned
  --pgn FILE       games of that game with results, in any record form it reads (e.g.
                   tests/data/toguz/federation-2016-2018.pgn for toguz)
  --selfplay N     self-play games a round (default 200)
  --nodes N        nodes a move in self-play (default 3000)
  --rounds R       rounds of self-play and fitting (default 2)
  --skip P         leave out each game's first P plies (default 6)
  --seed S         seed of the self-play openings (default 1)";

struct Options {
    pgn: Option<String>,
    selfplay: u32,
    nodes: u64,
    rounds: u32,
    skip: usize,
    seed: u64,
}

/// Training positions: their terms and the result for the player to move.
#[derive(Default)]
struct Data {
    terms: Vec<Vec<f64>>,
    results: Vec<f64>,
}

impl Data {
    fn add_game<R: Ruleset, L: Linear<R>>(
        &mut self,
        rules: &R,
        positions: &[R::State],
        south: f64,
        skip: usize,
    ) {
        let mut buf = vec![0i32; L::NAMES.len()];
        for s in positions.iter().skip(skip) {
            if rules.is_over(s) {
                continue;
            }
            L::terms_into(rules, s, &mut buf);
            self.terms.push(buf.iter().map(|&t| f64::from(t)).collect());
            self.results.push(match rules.to_move(s) {
                Player::South => south,
                Player::North => 1.0 - south,
            });
        }
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the prediction with weights `w` (logistic units).
fn error(data: &Data, w: &[f64]) -> f64 {
    let mut e = 0.0;
    for (x, &y) in data.terms.iter().zip(&data.results) {
        let z: f64 = x.iter().zip(w).map(|(a, b)| a * b).sum();
        e += (sigmoid(z) - y).powi(2);
    }
    e / data.results.len().max(1) as f64
}

/// Logistic regression by Newton's method (with a little ridge for terms that never vary).
// Matrix code reads best with indices.
#[allow(clippy::needless_range_loop)]
fn fit(data: &Data, k: usize) -> Vec<f64> {
    let mut w = vec![0.0; k];
    for _ in 0..25 {
        let mut grad = vec![0.0; k];
        let mut hess = vec![vec![0.0; k]; k];
        for (x, &y) in data.terms.iter().zip(&data.results) {
            let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = sigmoid(z);
            let g = p - y;
            let h = (p * (1.0 - p)).max(1e-9);
            for i in 0..k {
                grad[i] += g * x[i];
                for j in 0..k {
                    hess[i][j] += h * x[i] * x[j];
                }
            }
        }
        let n = data.results.len().max(1) as f64;
        for i in 0..k {
            hess[i][i] += 1e-3 * n;
        }
        // Solve hess * step = grad by Gaussian elimination.
        let mut a = hess;
        let mut b = grad;
        for c in 0..k {
            let p = (c..k)
                .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
                .unwrap_or(c);
            a.swap(c, p);
            b.swap(c, p);
            if a[c][c].abs() < 1e-12 {
                continue;
            }
            for r in 0..k {
                if r != c {
                    let f = a[r][c] / a[c][c];
                    for j in c..k {
                        a[r][j] -= f * a[c][j];
                    }
                    b[r] -= f * b[c];
                }
            }
        }
        let mut change = 0.0f64;
        for i in 0..k {
            let step = if a[i][i].abs() < 1e-12 {
                0.0
            } else {
                b[i] / a[i][i]
            };
            w[i] -= step;
            change = change.max(step.abs());
        }
        if change < 1e-7 {
            break;
        }
    }
    w
}

/// An agent that plays a random move 3 times in 100, so that self-play games differ.
struct Noisy<A> {
    agent: A,
    rng: SplitMix64,
}

impl<R: Ruleset, A: Agent<R>> Agent<R> for Noisy<A> {
    fn name(&self) -> String {
        format!("noisy {}", self.agent.name())
    }
    fn choose(&mut self, rules: &R, state: &R::State) -> Option<R::Move> {
        if self.rng.below(100) < 3 {
            rules.random_move(state, &mut self.rng)
        } else {
            self.agent.choose(rules, state)
        }
    }
}

/// Self-play games with the evaluation `weights`: a match of the evaluation against itself
/// from random openings of 6 plies (each played with both colours).
fn self_play<R: Game, L: Linear<R> + 'static>(
    rules: &R,
    weights: &[i32],
    opts: &Options,
    rng: &mut SplitMix64,
    data: &mut Data,
) -> Result<(), Stop> {
    let config = MatchConfig {
        openings: opts.selfplay.div_ceil(2),
        opening_plies: 6,
        seed: rng.next_u64(),
        max_plies: 3000,
    };
    let mut seed = rng.next_u64();
    let games = Match::new(rules.clone(), config, |_| {
        seed = seed.wrapping_add(1);
        Noisy {
            agent: AlphaBeta::with_evaluator(Limits::nodes(opts.nodes), L::with_weights(weights))
                .options(SearchOptions::AGENT)
                .table_entries(1 << 16),
            rng: SplitMix64::new(seed),
        }
    })
    .map_err(|e| e.to_string())?;
    for game in games.take(opts.selfplay as usize) {
        let game = game.map_err(|e| e.to_string())?;
        // A game stopped by the ply limit has no result to learn from.
        let Some(outcome) = game.outcome else {
            continue;
        };
        let south = (f64::from(outcome.value_for(Player::South)) + 1.0) / 2.0;
        let rec = &game.record;
        let positions: Vec<R::State> = (0..=rec.len())
            .filter_map(|p| rec.position_at(p).copied())
            .collect();
        data.add_game::<R, L>(rules, &positions, south, opts.skip);
    }
    Ok(())
}

fn tune<R: Game, L: Linear<R> + 'static>(rules: R, opts: &Options, base: Data) -> Result<(), Stop> {
    let k = L::NAMES.len();
    let mut weights: Vec<i32> = L::with_weights(&[]).weights().to_vec();
    let mut rng = SplitMix64::new(opts.seed);
    let mut data = base;
    for round in 0..opts.rounds.max(1) {
        if opts.selfplay > 0 {
            self_play::<R, L>(&rules, &weights, opts, &mut rng, &mut data)?;
        }
        if data.results.is_empty() {
            return Err("no training positions".into());
        }
        let w = fit(&data, k);
        let scale = if w[0].abs() > 1e-9 { 100.0 / w[0] } else { 1.0 };
        let before: Vec<f64> = weights.iter().map(|&x| f64::from(x) / scale).collect();
        weights = w.iter().map(|x| (x * scale).round() as i32).collect();
        out!(
            "round {}: {} positions; error {:.5} with the previous weights, {:.5} fitted; \
             1 seed of store = {:.4} logistic units",
            round + 1,
            data.results.len(),
            error(&data, &before),
            error(&data, &w),
            w[0]
        )?;
    }
    out!("weights: [")?;
    for (name, w) in L::NAMES.iter().zip(&weights) {
        out!("    {w}, // {name}")?;
    }
    out!("]")
}

pub(super) fn main<L: GameList>(args: Vec<String>, default_rules: &str) -> ExitCode {
    let usage = USAGE.replace("DEFAULT", default_rules);
    command("tune", &usage, args, |args| run::<L>(args, default_rules))
}

/// The tuning of the ruleset a list holds, on its concrete type.
struct Tune<'a> {
    opts: &'a Options,
}

impl<L: GameList> Visit<L, Rulesets> for TuneIn<'_, L> {
    type Output = Result<(), Stop>;
    fn visit<R: Member<L>>(self, rules: R) -> Result<(), Stop> {
        let game = R::GAME;
        R::with_linear(WithLinear {
            rules,
            tune: self.tune,
            list: std::marker::PhantomData::<L>,
        })
        .unwrap_or_else(|| Err(format!("{game} names no weighted-sum evaluation to tune").into()))
    }
}

/// [`Tune`] on a list `L`'s ruleset.
struct TuneIn<'a, L> {
    tune: Tune<'a>,
    list: std::marker::PhantomData<L>,
}

/// [`Tune`] on the rules `R`, with the evaluation type the game names.
struct WithLinear<'a, R, L> {
    rules: R,
    tune: Tune<'a>,
    list: std::marker::PhantomData<L>,
}

impl<R: Member<L>, L: GameList> LinearVisitor<R> for WithLinear<'_, R, L> {
    type Output = Result<(), Stop>;
    fn visit<E: Linear<R> + 'static>(self) -> Result<(), Stop> {
        let opts = self.tune.opts;
        let mut data = Data::default();
        if let Some(path) = &opts.pgn {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--pgn {path}: {e}"))?;
            let (mut games, mut skipped) = (0, 0);
            for game in read_any_in::<L>(&text) {
                let Some(game) = game.ok().and_then(|g| g.into_game::<R>().ok()) else {
                    skipped += 1;
                    continue;
                };
                let south = match game.result {
                    GameResult::SouthWins => 1.0,
                    GameResult::NorthWins => 0.0,
                    GameResult::Draw => 0.5,
                    GameResult::Unfinished => {
                        skipped += 1;
                        continue;
                    }
                };
                let rec = &game.record;
                let positions: Vec<R::State> = (0..=rec.len())
                    .filter_map(|p| rec.position_at(p).copied())
                    .collect();
                data.add_game::<R, E>(&self.rules, &positions, south, opts.skip);
                games += 1;
            }
            if games == 0 {
                // Nothing to learn from: a typo'd or empty file is an error, not a run on
                // self-play alone.
                return Err(format!(
                    "--pgn {path}: no game to learn from ({skipped} games left out: \
                     unreadable, of another game than {} or no result)",
                    R::GAME
                )
                .into());
            }
            out!(
                "{path}: {games} games, {} positions ({skipped} games left out: unreadable, \
                 of another game or no result)",
                data.results.len()
            )?;
        }
        tune::<R, E>(self.rules, opts, data)
    }
}

fn run<L: GameList>(args: Vec<String>, default_rules: &str) -> Result<(), Stop> {
    let mut rules = String::from(default_rules);
    let mut opts = Options {
        pgn: None,
        selfplay: 200,
        nodes: 3000,
        rounds: 2,
        skip: 6,
        seed: 1,
    };
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        let mut number = |name: &str| -> Result<u64, String> {
            let v = value(name)?;
            v.parse::<u64>()
                .map_err(|_| format!("{name} {v:?}: expected a whole number"))
        };
        match a.as_str() {
            "--rules" => rules = value("--rules")?,
            "--pgn" => opts.pgn = Some(value("--pgn")?),
            "--selfplay" => opts.selfplay = number("--selfplay")?.min(1_000_000) as u32,
            "--nodes" => opts.nodes = number("--nodes")?.max(1),
            "--rounds" => opts.rounds = number("--rounds")?.clamp(1, 1000) as u32,
            "--skip" => opts.skip = number("--skip")?.min(10_000) as usize,
            "--seed" => opts.seed = number("--seed")?,
            other => return Err(format!("unknown argument {other:?}").into()),
        }
    }
    let rules: L = rules.parse().map_err(|e| format!("--rules: {e}"))?;
    L::each(
        rules.into_rulesets(),
        TuneIn {
            tune: Tune { opts: &opts },
            list: std::marker::PhantomData::<L>,
        },
    )
}
