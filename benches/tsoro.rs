//! Tsoro speed: random playouts (actions per second, legal-move checks included) and perft
//! (nodes per second) on the seed's 4 x 21 game and Matthews' basic 4 x 8 game.
//!
//! `cargo bench --bench tsoro`. Three random-play measures per board:
//! - `playout/random_move`: [`random_playout`], whose `random_move` draws a start and checks
//!   only that its relay ends (rejection sampling: uniform over the legal moves);
//! - `playout/legal_moves`: every ply generates the full legal-move list (every start's
//!   relay checked for endlessness) and plays a uniform pick from it;
//! - `perft`: nodes counted per second from the start.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::time::Duration;

use sowing::tsoro::Tsoro;
use sowing::{RandomSource, Ruleset, SplitMix64, perft, random_playout};

const RULESETS: [(&str, &str); 2] = [
    ("4x21", "tsoro"),
    ("4x8", "tsoro:holes=8,heads=none,bonus=0"),
];

/// Actions in the playouts of seeds `0..games` (the ply cap ends drawn-out games).
fn plies(rules: &Tsoro, games: u64, cap: u64) -> u64 {
    (0..games)
        .map(|seed| {
            let mut s = rules.start();
            random_playout(rules, &mut s, &mut SplitMix64::new(seed), cap).plies
        })
        .sum()
}

fn legal_moves_playout(rules: &Tsoro, seed: u64, cap: u64) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut s = rules.start();
    let mut n = 0;
    while n < cap {
        let moves = rules.legal_moves(&s);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len() as u32) as usize];
        rules.play_unchecked(&mut s, mv);
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    const GAMES: u64 = 64;
    const CAP: u64 = 2000;
    for (name, text) in RULESETS {
        let rules: Tsoro = text.parse().unwrap();
        let mut g = c.benchmark_group(format!("tsoro-{name}"));
        g.measurement_time(Duration::from_secs(3));
        g.warm_up_time(Duration::from_secs(1));
        g.sample_size(20);
        g.throughput(Throughput::Elements(plies(&rules, GAMES, CAP)));
        g.bench_function("playout/random_move", |b| {
            b.iter(|| plies(black_box(&rules), GAMES, CAP))
        });
        let total: u64 = (0..GAMES)
            .map(|seed| legal_moves_playout(&rules, seed, CAP))
            .sum();
        g.throughput(Throughput::Elements(total));
        g.bench_function("playout/legal_moves", |b| {
            b.iter(|| {
                (0..GAMES)
                    .map(|seed| legal_moves_playout(black_box(&rules), seed, CAP))
                    .sum::<u64>()
            })
        });
        let depth = if name == "4x21" { 4 } else { 6 };
        let start = rules.start();
        g.throughput(Throughput::Elements(perft(&rules, &start, depth)));
        g.bench_function(format!("perft/{depth}"), |b| {
            b.iter(|| perft(black_box(&rules), &start, depth))
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
