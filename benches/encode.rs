//! `sowing::encode::Batch::step` on 4,096 games of each game, with random legal actions.
//!
//! Only the `step` calls are timed (`iter_custom`): the random choice of the next actions
//! (`Batch::random_actions`) is made between them, outside the clock. An element is one
//! game's step: playing its action and writing its observation, mask, rewards and flags.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sowing::encode::{Batch, BatchOptions, Buffers, Encoding};
use sowing::kalah::Kalah;
use sowing::toguz::Toguz;
use sowing::tsoro::Tsoro;
use std::hint::black_box;
use std::time::{Duration, Instant};

const ENVS: usize = 4096;

fn bench_game<R: Encoding>(c: &mut Criterion, name: &str, rules: R) {
    let mut batch = Batch::new(rules, ENVS, BatchOptions::default());
    let (k, m) = (batch.observation_len(), batch.num_actions());
    let mut obs = vec![0.0; ENVS * k];
    let mut fin = vec![0.0; ENVS * k];
    let mut rewards = vec![0.0; 2 * ENVS];
    let (mut term, mut trunc) = (vec![false; ENVS], vec![false; ENVS]);
    let mut to_move = vec![0u8; ENVS];
    let mut masks = vec![false; ENVS * m];
    let mut out = Buffers {
        observations: &mut obs,
        final_observations: &mut fin,
        rewards: &mut rewards,
        terminated: &mut term,
        truncated: &mut trunc,
        to_move: &mut to_move,
        masks: &mut masks,
    };
    batch.reset(1, &mut out).unwrap();
    let mut actions = vec![0usize; ENVS];
    let mut g = c.benchmark_group("encode");
    g.throughput(Throughput::Elements(ENVS as u64));
    g.measurement_time(Duration::from_secs(4));
    g.bench_function(
        format!("{name}: step, 4096 games (elements = game steps)"),
        |b| {
            b.iter_custom(|iters| {
                let mut timed = Duration::ZERO;
                for _ in 0..iters {
                    batch.random_actions(&mut actions).unwrap();
                    let t = Instant::now();
                    batch.step(black_box(&actions), &mut out).unwrap();
                    timed += t.elapsed();
                }
                timed
            })
        },
    );
    g.finish();
}

fn bench(c: &mut Criterion) {
    bench_game(c, "kalah(6,4)", Kalah::default());
    bench_game(c, "toguz", Toguz::default());
    bench_game(c, "tsoro 4x21", Tsoro::default());
}

criterion_group!(benches, bench);
criterion_main!(benches);
