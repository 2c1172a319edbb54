//! Oware Abapa (6 houses, 4 seeds): random playouts, legal moves and perft.
//!
//! `playouts` plays whole random games (pick a uniformly random legal move, play it, until
//! the game ends) and reports plies per second; `legal moves` generates the moves of a
//! fixed set of positions from random games; `perft` counts move paths from the start.

use criterion::{Criterion, Throughput, criterion_group};
use sowing::oware::{Oware, OwareState};
use sowing::{Ruleset, WyRand, perft, random_playout};
use std::hint::black_box;
use std::time::Duration;

/// The most plies of one random game: a position does not hold the repetition rule, and
/// random play can cycle for ever (a last seed or two chased round the board by forced
/// feeds), so a game is cut off here.
const GAME_PLIES: u64 = 1000;

/// Plays `games` random games (each cut off at [`GAME_PLIES`]) and returns the plies played.
fn playouts(rules: &Oware, rng: &mut WyRand, games: u32) -> u64 {
    let start = rules.start();
    let mut plies = 0;
    for _ in 0..games {
        let mut s = start;
        plies += random_playout(rules, &mut s, rng, GAME_PLIES).plies;
    }
    plies
}

/// The positions of a few random games (each cut off at [`GAME_PLIES`]).
fn positions(rules: &Oware, games: u32) -> Vec<OwareState> {
    let mut rng = WyRand::new(7);
    let mut out = vec![];
    for _ in 0..games {
        let mut s = rules.start();
        for _ in 0..GAME_PLIES {
            let Some(mv) = rules.random_move(&s, &mut rng) else {
                break;
            };
            out.push(s);
            rules.play_unchecked(&mut s, mv);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let rules = Oware::default();
    // Plies per game are random; measure a fixed batch and report its average ply count.
    const GAMES: u32 = 10_000;
    let avg = playouts(&rules, &mut WyRand::new(99), GAMES) as f64 / f64::from(GAMES);
    let mut g = c.benchmark_group("oware(6,4)");
    g.measurement_time(Duration::from_secs(5));
    g.throughput(Throughput::Elements((avg * f64::from(GAMES)) as u64));
    let mut rng = WyRand::new(1);
    g.bench_function("random playouts, 10k games (elements = plies)", |b| {
        b.iter(|| black_box(playouts(&rules, &mut rng, GAMES)))
    });
    let states = positions(&rules, 100);
    g.throughput(Throughput::Elements(states.len() as u64));
    g.bench_function("legal moves (elements = positions)", |b| {
        b.iter(|| {
            states
                .iter()
                .map(|s| rules.legal_moves(black_box(s)).len())
                .sum::<usize>()
        })
    });
    let start = rules.start();
    g.throughput(Throughput::Elements(18_137_964));
    g.sample_size(10);
    g.bench_function("perft 10 (elements = leaf nodes)", |b| {
        b.iter(|| black_box(perft(&rules, black_box(&start), 10)))
    });
    g.finish();
}

criterion_group!(benches, bench);

/// Criterion's main, or with `OWARE_PLAYOUTS=N` in the environment only `N` random games
/// and their ply count: a fixed workload for instruction counts
/// (`OWARE_PLAYOUTS=10000 valgrind --tool=callgrind target/release/deps/oware-*`).
fn main() {
    if let Some(games) = std::env::var("OWARE_PLAYOUTS")
        .ok()
        .and_then(|n| n.parse::<u32>().ok())
    {
        let rules = Oware::default();
        let mut rng = WyRand::new(1);
        let (mut plies, mut cut) = (0, 0);
        for _ in 0..games {
            let mut s = rules.start();
            let p = random_playout(&rules, &mut s, &mut rng, GAME_PLIES).plies;
            plies += p;
            cut += u32::from(!rules.is_over(&s));
        }
        println!("{games} games, {plies} plies, {cut} cut off at {GAME_PLIES} plies");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
