//! Toguz Kumalak speed: random play (plies/s) and perft (nodes/s), one thread.
//!
//! `cargo bench --bench toguz`. The target is >= 40 M plies/s of random play.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sowing::toguz::Toguz;
use sowing::{Ruleset, SplitMix64, perft};

/// Plays exactly `plies` random plies, starting a new game whenever one ends.
fn random_plies(rules: &Toguz, rng: &mut SplitMix64, plies: u64) -> u64 {
    let start = rules.start();
    let mut state = start;
    let mut checksum = 0u64;
    for _ in 0..plies {
        match rules.random_move(&state, rng) {
            Some(mv) => rules.play_unchecked(&mut state, mv),
            None => {
                checksum = checksum.wrapping_add(rules.hash(&state));
                state = start;
            }
        }
    }
    checksum.wrapping_add(rules.hash(&state))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("toguz");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .sample_size(20);

    for text in ["toguz", "toguz:bestemshe"] {
        let rules: Toguz = text.parse().unwrap();
        const PLIES: u64 = 100_000;
        group.throughput(Throughput::Elements(PLIES));
        let mut rng = SplitMix64::new(7);
        group.bench_function(format!("random plies/{text}"), |b| {
            b.iter(|| random_plies(&rules, &mut rng, black_box(PLIES)))
        });
    }

    let rules = Toguz::default();
    let start = rules.start();
    let nodes = perft(&rules, &start, 5);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft 5 nodes", |b| {
        b.iter(|| perft(&rules, black_box(&start), 5))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
