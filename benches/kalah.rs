//! Kalah(6,4): random playouts and perft.
//!
//! `playouts` plays whole random games (pick a uniformly random legal move, play it, until
//! the game ends) and reports plies per second; `perft` counts move paths from the start.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sowing::kalah::Kalah;
use sowing::{Ruleset, WyRand, perft, random_playout};
use std::hint::black_box;
use std::time::Duration;

/// Plays `games` random games and returns the plies played.
fn playouts(rules: &Kalah, rng: &mut WyRand, games: u32) -> u64 {
    let start = rules.start();
    let mut plies = 0;
    for _ in 0..games {
        let mut s = start;
        plies += random_playout(rules, &mut s, rng, u64::MAX).plies;
    }
    plies
}

fn bench(c: &mut Criterion) {
    let rules = Kalah::default();
    // Plies per game are random; measure a fixed batch and report its average ply count.
    const GAMES: u32 = 10_000;
    let avg = playouts(&rules, &mut WyRand::new(99), GAMES) as f64 / f64::from(GAMES);
    let mut g = c.benchmark_group("kalah(6,4)");
    g.measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements((avg * f64::from(GAMES)) as u64));
    let mut rng = WyRand::new(1);
    g.bench_function("random playouts, 10k games (elements = plies)", |b| {
        b.iter(|| black_box(playouts(&rules, &mut rng, GAMES)))
    });
    let start = rules.start();
    g.throughput(Throughput::Elements(13_519_607));
    g.sample_size(10);
    g.bench_function("perft 10 (elements = leaf nodes)", |b| {
        b.iter(|| black_box(perft(&rules, black_box(&start), 10)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
