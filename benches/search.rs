//! Search speed: alpha-beta nodes per second (plain, and the default agent with its tuned
//! evaluation), the cost of each evaluation per position, and MCTS playouts per second, per
//! game.
//!
//! `alphabeta-depthN/nodes-with-option-code` is the plain search with the code of the
//! [`SearchOptions`] compiled in but every option off; `nodes` runs the copy the search
//! compiles without it (which every search with the options off runs). Their difference is
//! what the switched-off options would cost without that copy: `nodes` shows they cost
//! nothing.
//!
//! Adding a game is one line in `main` (a `bench_game` call with its ruleset).

use std::time::Duration;

use criterion::{Criterion, Throughput};
use sowing::kalah::Kalah;
use sowing::oware::Oware;
use sowing::search::{
    AlphaBeta, Evaluator, GameEval, Heuristic, Limits, Mcts, MctsConfig, SearchOptions,
};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use sowing::{RandomSource, SplitMix64};

/// Benchmarks alpha-beta to `depth` and MCTS with `playouts` from the start of `rules`, and
/// the agent to `positions_depth` on the game's fixed positions where it has them.
fn bench_game<R: Heuristic>(
    c: &mut Criterion,
    name: &str,
    rules: R,
    depth: u32,
    positions_depth: u32,
    playouts: u64,
) {
    let start = rules.start();
    // Fixed work per iteration, so the throughput is nodes (playouts) per second.
    let nodes = AlphaBeta::new(Limits::depth(depth))
        .table_entries(1 << 16)
        .search(&rules, &start)
        .nodes;
    let mut group = c.benchmark_group(format!("{name}/alphabeta-depth{depth}"));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("nodes", |b| {
        b.iter(|| {
            AlphaBeta::new(Limits::depth(depth))
                .table_entries(1 << 16)
                .search(&rules, &start)
        })
    });
    group.bench_function("nodes-with-option-code", |b| {
        b.iter(|| {
            AlphaBeta::new(Limits::depth(depth))
                .table_entries(1 << 16)
                .with_option_code()
                .search(&rules, &start)
        })
    });
    group.finish();

    // The default agent: tuned evaluation and its search options.
    let agent = || {
        AlphaBeta::with_evaluator(Limits::depth(depth), GameEval::Tuned)
            .options(SearchOptions::AGENT)
            .table_entries(1 << 16)
    };
    let nodes = agent().search(&rules, &start).nodes;
    let mut group = c.benchmark_group(format!("{name}/alphabeta-tuned-depth{depth}"));
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("nodes", |b| b.iter(|| agent().search(&rules, &start)));
    group.finish();

    // The agents on the game's fixed mid-game positions (those of the time-to-depth
    // example, `benches/data/depth/`), the tuned evaluation against the game's trained
    // network (`eval=net`) where it has one: the node rates the network's cost is judged by.
    let path = format!(
        "{}/benches/data/depth/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if let Ok(text) = std::fs::read_to_string(&path) {
        let positions: Vec<R::State> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("rules ") && !l.trim().is_empty())
            .take(8)
            .map(|l| {
                rules
                    .parse_position(l)
                    .expect("the depth example's positions read")
            })
            .collect();
        let has_net = R::NETWORK && rules.network_evaluate(&start).is_some();
        let evals = [("tuned", GameEval::Tuned), ("net", GameEval::Net)];
        let mut group = c.benchmark_group(format!("{name}/positions-depth{positions_depth}"));
        for (label, eval) in evals.into_iter().take(if has_net { 2 } else { 1 }) {
            let mut ab = AlphaBeta::with_evaluator(Limits::depth(positions_depth), eval)
                .options(SearchOptions::AGENT)
                .table_entries(1 << 16);
            let mut run = || {
                positions
                    .iter()
                    .map(|s| {
                        ab.clear();
                        ab.search(&rules, s).nodes
                    })
                    .sum::<u64>()
            };
            group.throughput(Throughput::Elements(run()));
            group.bench_function(label, |b| b.iter(&mut run));
        }
        group.finish();
    }

    // The evaluations alone, on positions of random games: the cost per evaluated node.
    let mut rng = SplitMix64::new(5);
    let mut positions = Vec::new();
    while positions.len() < 1000 {
        let mut s = rules.start();
        let plies = rng.below(80);
        for _ in 0..plies {
            match rules.random_move(&s, &mut rng) {
                Some(mv) => rules.play_unchecked(&mut s, mv),
                None => break,
            }
        }
        if !rules.is_over(&s) {
            positions.push(s);
        }
    }
    let mut group = c.benchmark_group(format!("{name}/evaluate"));
    group.throughput(Throughput::Elements(positions.len() as u64));
    let net =
        (R::NETWORK && rules.network_evaluate(&start).is_some()).then_some(("net", GameEval::Net));
    for (label, eval) in [
        ("store", GameEval::StoreDifference),
        ("tuned", GameEval::Tuned),
    ]
    .into_iter()
    .chain(net)
    {
        group.bench_function(label, |b| {
            b.iter(|| {
                positions
                    .iter()
                    .map(|s| eval.evaluate(&rules, std::hint::black_box(s)))
                    .fold(0i32, i32::wrapping_add)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group(format!("{name}/mcts"));
    group.throughput(Throughput::Elements(playouts));
    group.bench_function("playouts", |b| {
        b.iter(|| {
            Mcts::new(MctsConfig {
                playouts,
                seed: 1,
                ..MctsConfig::default()
            })
            .search(&rules, &start)
        })
    });
    group.finish();
}

fn main() {
    let mut c = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(10);
    bench_game(&mut c, "kalah", Kalah::default(), 9, 11, 2000);
    bench_game(
        &mut c,
        "toguz",
        "toguz".parse::<Toguz>().unwrap(),
        6,
        12,
        300,
    );
    bench_game(
        &mut c,
        "tsoro",
        "tsoro".parse::<Tsoro>().unwrap(),
        6,
        9,
        300,
    );
    bench_game(&mut c, "oware", Oware::default(), 9, 11, 1000);
    c.final_summary();
}
