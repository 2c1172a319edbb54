//! Toguz Kumalak speed: random play (plies/s) and perft (leaves/s), one thread.
//!
//! `cargo bench --bench toguz`. The target is >= 40 M plies/s of random play.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sowing::toguz::Toguz;
use sowing::{Ruleset, SplitMix64, perft};

/// Plays exactly `plies` random plies with [`Ruleset::playout`] (no hash upkeep), starting a
/// new game whenever one ends.
fn playout_plies(rules: &Toguz, rng: &mut SplitMix64, plies: u64) -> u64 {
    let start = rules.start();
    let mut state = start;
    let mut done = 0;
    let mut checksum = 0u64;
    while done < plies {
        let n = rules.playout(&mut state, rng, plies - done);
        done += n;
        if done < plies {
            checksum = checksum.wrapping_add(rules.hash(&state));
            state = start;
        }
    }
    checksum.wrapping_add(rules.hash(&state))
}

/// The same through `random_move` and `play_unchecked`, which keeps the hash up to date.
fn move_by_move_plies(rules: &Toguz, rng: &mut SplitMix64, plies: u64) -> u64 {
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

    const PLIES: u64 = 100_000;
    group.throughput(Throughput::Elements(PLIES));
    for text in ["toguz", "toguz:bestemshe"] {
        let rules: Toguz = text.parse().unwrap();
        let mut rng = SplitMix64::new(7);
        group.bench_function(format!("playout plies/{text}"), |b| {
            b.iter(|| playout_plies(&rules, &mut rng, black_box(PLIES)))
        });
    }
    let rules = Toguz::default();
    let mut rng = SplitMix64::new(7);
    group.bench_function("plies with hash upkeep/toguz", |b| {
        b.iter(|| move_by_move_plies(&rules, &mut rng, black_box(PLIES)))
    });

    let start = rules.start();
    let leaves = perft(&rules, &start, 5);
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("perft 5 leaves", |b| {
        b.iter(|| perft(&rules, black_box(&start), 5))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
