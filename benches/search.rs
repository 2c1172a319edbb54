//! Search speed: alpha-beta nodes per second and MCTS playouts per second, per game.
//!
//! Adding a game is one line in `main` (a `bench_game` call with its ruleset).

use std::time::Duration;

use criterion::{Criterion, Throughput};
use sowing::Ruleset;
use sowing::kalah::Kalah;
use sowing::search::{AlphaBeta, Limits, Mcts, MctsConfig};
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;

/// Benchmarks alpha-beta to `depth` and MCTS with `playouts` from the start of `rules`.
fn bench_game<R: Ruleset>(c: &mut Criterion, name: &str, rules: R, depth: u32, playouts: u64) {
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
    bench_game(&mut c, "kalah", Kalah::default(), 9, 2000);
    bench_game(&mut c, "toguz", "toguz".parse::<Toguz>().unwrap(), 6, 300);
    bench_game(&mut c, "tsoro", "tsoro".parse::<Tsoro>().unwrap(), 6, 300);
    c.final_summary();
}
